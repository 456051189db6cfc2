"""The Eruption GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec
from lapilli.engine.narration import game_words
from lapilli.engine.spec import worded

_WORDS = game_words(__file__)  # the options' names and sentences: words.json


_COOP = "the Cooperation variant is for 4 or 6 players (ERU-16.1)"
_RAIN = ("the option lava_rain adds Lava Rain to Cooperation or Annihilation; "
         "for Lava Rain alone choose the variant lava_rain (ERU-18)")
CONSTRAINT_WORDS = _WORDS["constraints"]  # a forbidden combination in the players' words


def _constraint(players: int, options: dict):
    if options.get("variant") == "cooperation" and players not in (4, 6):
        return _COOP
    if options.get("lava_rain") and options.get("variant") not in ("cooperation", "annihilation"):
        # one spelling per game: Lava Rain alone is the variant 'lava_rain' (records name it so)
        return _RAIN
    return None


SPEC = GameSpec(
    private_information=True,  # each player's hand of action cards (ERU-1.3)
    id="eruption",
    # the six village colours V0..V5; a player takes the colour of the village they choose
    colour_by_seat=False,
    seat_colours=(("Orange", "Arancione", "#f57c00"), ("Yellow", "Giallo", "#fbc02d"), ("Green", "Verde", "#43a047"),
                  ("Blue", "Blu", "#1e88e5"), ("Purple", "Viola", "#8e24aa"), ("Red", "Rosso", "#e53935")),
    title="Eruption",
    min_players=2,
    max_players=6,
    lower_score_wins=True,  # scores are temperatures (ERU-13.9)
    options=worded({
        "variant": OptionSpec(
            "variant", ("standard", "cooperation", "annihilation", "lava_rain"), "standard",
            "standard game, or one of the rulebook's variants: Cooperation (teams, 4 or 6 players), "
            "Annihilation (play until one village is left), Lava Rain (three face-up lava stacks)"),
        "border_side_lost": OptionSpec(
            "border_side_lost", ("none", "rest_of_turn", "permanent"), "none",
            "ERU-I23: whether a village side whose wall was destroyed in Phase 1 stays closed to walls"),
        "both_events_final": OptionSpec(
            "both_events_final", ("all", "others"), "all",
            "house rule, ERU-13.5 / ERU-13.8 / ERU-I31(4): when a village burns (event A) in the turn that places the "
            "last lava tile (event B), every player takes a final turn ('all': B's 'incluso il giocatore che ha "
            "piazzato l'ultima tessera') or only the others ('others': A's 'tutti gli altri giocatori')",
            house_rule=True),
        "annihilation_end": OptionSpec(
            "annihilation_end", ("stuck", "quiet_round"), "stuck",
            "house rule, ERU-17.6 / ERU-I42 (Annihilation only): 'Se non possono essere effettuate altre azioni' "
            "ends the game when nothing can happen any more ('stuck': no lava tile can come into play, lava "
            "touches no surviving village, and no player can act or a whole round passes with nobody acting) "
            "or after any whole round with no change ('quiet_round', the reading before this option)",
            house_rule=True, legacy="quiet_round"),
        "lava_rain": OptionSpec(
            "lava_rain", (False, True), False,
            "house rule, ERU-18 with ERU-16 / ERU-17: Lava Rain's three face-up stacks together with Cooperation "
            "or Annihilation (the rulebook gives no reason to forbid it; Lava Rain alone is variant=lava_rain)",
            house_rule=True),
    }, _WORDS["options"]),
    rules_prefix="ERU",
    end_rule="ERU-13.1",
    default_players=4,
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
)
