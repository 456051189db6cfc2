"""The house rules annihilation_end (ERU-17.6 / ERU-I42) and lava_rain (ERU-18 with ERU-16 / ERU-17):
each on a crafted position where the two readings differ, their refusals, and random full games."""
import pytest

import lapilli
from lapilli import BadOption
from lapilli.games.eruption import data as D
from lapilli.testing.conformance import check_conformance, play_random

from .helpers import blank, force_rolls, goto, setup, wall
from tests.tiers import fast_where


def _walled_contact_position(end):
    """2 players, Annihilation: no lava tile left, no card, no wall in any Reserve, no eruption
    tile to place; lava touches one side of seat 1's village, closed by a stone wall.  Seat 0
    (100 degrees) ends its Phase 4; seat 1 (60 degrees) is the coolest."""
    st = blank(2, variant="annihilation", annihilation_end=end)
    q = st.villages[1]
    h, d = D.VILLAGES[q]["sides"][0]
    st.tiles[h] = (35, 0, 1 << d)                    # lava on seat 1's village side 1
    wall(st, f"v{q}-1", "stone", owner=1)
    st.stack, st.set_aside = [], []
    st.hands = [[], []]
    st.deck, st.discard = [], []
    st.reserve = [{"straw": 0, "wood": 0, "stone": 0} for _ in range(2)]
    st.claims, st.erupted = [0, 0, 0], [True, True, True]
    st.temperatures = [100, 60]
    st.quiet_turns = 0
    goto(st, "p4", 0)
    st.builds_left = 1
    return st


@pytest.mark.rule("ERU-17.6")
@pytest.mark.rule("ERU-I42")
def test_annihilation_end_walled_contact(monkeypatch):
    # seat 1's stone wall holds in the first round, then falls: the same rolls for both readings
    rolls = [(1, 6), (6, 1)]
    force_rolls(monkeypatch, rolls + [(6, 1)] * 40)
    quiet = _walled_contact_position("quiet_round")
    quiet.apply("end")
    # 'quiet_round': the round in which the wall held changed nothing, so the coolest village wins
    assert quiet.is_terminal and quiet.end_event == "stalemate" and quiet.winners() == [1]
    assert quiet.temperatures == [100, 60] and not any(quiet.burned)

    force_rolls(monkeypatch, rolls + [(6, 1)] * 40)
    stuck = _walled_contact_position("stuck")
    events = stuck.apply("end")
    # 'stuck' (the text): lava still touches a surviving village, so an action can still be taken:
    # the wall is rolled against again, falls, and the village heats until it burns
    assert [e["holds"] for e in events if e["type"] == "roll"] == [True, False]
    assert stuck.is_terminal and stuck.end_event == "annihilation" and stuck.winners() == [0]
    assert stuck.burned == [False, True]


@pytest.mark.rule("ERU-17.6")
def test_annihilation_end_stuck_ends_at_once():
    # nothing can happen and nobody can act: 'stuck' ends the game at the end of this turn,
    # 'quiet_round' only after a whole round (seat 1's turn) has passed without change
    ends = {}
    for end in ("stuck", "quiet_round"):
        st = _walled_contact_position(end)
        st.border_walls.clear()
        st.tiles.clear()
        events = st.apply("end")
        assert st.is_terminal and st.end_event == "stalemate" and st.winners() == [1]
        ends[end] = [e["seat"] for e in events if e["type"] == "turn"]
    assert ends == {"stuck": [], "quiet_round": [1]}


@pytest.mark.rule("ERU-17.6")
def test_annihilation_end_stuck_waits_for_a_player_who_can_act():
    # seat 1 holds a Rain card: under 'stuck' the game goes on while a player can still act; once
    # the card is played nobody can act and the game ends with that turn
    st = _walled_contact_position("stuck")
    st.border_walls.clear()
    st.tiles.clear()
    st.hands[1] = ["rain"]
    st.apply("end")
    assert not st.is_terminal and st.current_player == 1 and "rain" in st.legal_actions()
    st.apply("rain")                                 # 60 -> 30, and seat 1's turn ends
    assert st.temperatures[1] == 30 and st.is_terminal and st.end_event == "stalemate" and st.winners() == [1]
    # a player who keeps the card: a whole round in which nobody acted ends it as well
    st = _walled_contact_position("stuck")
    st.border_walls.clear()
    st.tiles.clear()
    st.hands[1] = ["rain"]
    st.apply("end")
    st.apply("end")
    assert st.is_terminal and st.end_event == "stalemate" and st.temperatures == [100, 60]


def test_annihilation_end_legacy_and_words():
    spec = lapilli.game_spec("eruption")
    o = spec.options["annihilation_end"]
    assert o.default == "stuck" and o.house_rule
    # a record written before the option replays with the reading it was played with
    assert spec.saved_options({"variant": "annihilation"})["annihilation_end"] == "quiet_round"
    assert spec.saved_options({"variant": "annihilation"})["lava_rain"] is False
    for name in ("annihilation_end", "lava_rain"):
        words = spec.options[name].words()
        assert words["house_rule"] and all(words[k][lang] for k in ("label", "sentence") for lang in ("en", "it"))


@pytest.mark.rule("ERU-18.3")
@pytest.mark.rule("ERU-17.4")
def test_lava_rain_with_annihilation():
    # the same game without and with the house rule: one hidden stack, or three face-up stacks
    plain = blank(3, seed=5, variant="annihilation")
    rain = blank(3, seed=5, variant="annihilation", lava_rain=True)
    assert plain.stacks is None and len(plain.stack) == 40
    assert [len(s) for s in rain.stacks] == [14, 13, 13] and rain.stack == []
    for st in (plain, rain):
        goto(st, "p2?", 0)
        st._run([])
    assert plain.phase == "place"
    assert rain.phase == "take" and set(rain.legal_actions()) <= {"take 1", "take 2", "take 3"}
    # ERU-17.4: when the three stacks are empty, the set-aside lava tiles form a new face-up stack
    st = blank(3, seed=5, variant="annihilation", lava_rain=True)
    st.set_aside = [t for s in st.stacks for t in s][:4]
    st.stacks = [[], [], []]
    goto(st, "p2?", 0)
    events = []
    st._run(events)
    assert {"type": "reshuffle", "what": "set-aside lava tiles", "size": 4} in events
    assert len(st.stacks[0]) == 4 and st.set_aside == [] and st.legal_actions() == ["take 1"]
    assert {"type": "face_up", "stack": 1, "tile": st.stacks[0][-1]} in events
    assert st.observation(1)["lava_rain_stacks"][0] == {"size": 4, "top": st.stacks[0][-1]}


@pytest.mark.rule("ERU-18.1")
@pytest.mark.rule("ERU-16.7")
def test_lava_rain_with_cooperation():
    st = setup(4, seed=2, variant="cooperation", lava_rain=True)
    assert st.teams is not None and [len(s) for s in st.stacks] == [14, 13, 13]
    assert st.phase == "take" and st.legal_actions() and all(a.startswith("take ") for a in st.legal_actions())
    from lapilli.games.eruption.rl import action_space

    assert "take 1" in action_space(lapilli.game_spec("eruption"), 4, {"variant": "cooperation", "lava_rain": True})


@pytest.mark.rule("ERU-18.1")
def test_lava_rain_option_refused_alone():
    for variant in ("standard", "lava_rain"):
        with pytest.raises(BadOption, match="lava_rain adds Lava Rain to Cooperation or Annihilation"):
            lapilli.new_game("eruption", 4, 0, {"variant": variant, "lava_rain": True})
    with pytest.raises(BadOption, match="ERU-16.1"):
        lapilli.new_game("eruption", 3, 0, {"variant": "cooperation", "lava_rain": True})


NEW = [("annihilation", {"lava_rain": True}, n) for n in (2, 3, 4, 5, 6)]
NEW += [("cooperation", {"lava_rain": True}, n) for n in (4, 6)]
NEW += [("annihilation", {"annihilation_end": "quiet_round"}, n) for n in (2, 4, 6)]
NEW += [("annihilation", {"annihilation_end": "quiet_round", "lava_rain": True}, 3)]


# each new option set at its fewest players in the fast tier, at every count in the whole suite
@pytest.mark.parametrize("variant,extra,players", fast_where(NEW, lambda v, e, n: n == min(k for w, f, k in NEW if (w, f) == (v, e))))
def test_random_games_new_options(variant, extra, players):
    opts = {"variant": variant, **extra}
    assert lapilli.game_spec("eruption").resolve(players, opts)[1].items() >= opts.items()   # allowed
    check_conformance("eruption", players, opts, seed=7, every=8)
    ends = set()
    for seed in range(12):
        st = play_random("eruption", players, opts, seed=seed)
        assert st.is_terminal and st.winners()
        assert all(0 <= t <= 290 for t in st.scores())
        ends.add(st.end_event)
    assert ends <= ({"annihilation", "stalemate"} if variant == "annihilation" else {"A", "B"})


@pytest.mark.parametrize("players,opts", [(3, {"variant": "annihilation", "lava_rain": True}),
                                          (4, {"variant": "cooperation", "lava_rain": True})])
def test_heuristics_play_lava_rain_with_another_variant(players, opts):
    # the computer players' evaluator and rollout policy in the combinations the single-option
    # sweep (tests/agents/test_heuristics_every_option.py) cannot reach
    from lapilli.engine.rng import Rng
    from lapilli.games.eruption import heuristics

    s = lapilli.new_game("eruption", players, 11, opts)
    rng = Rng(11)
    takes = 0
    for _ in range(150):
        if s.is_terminal:
            break
        v = heuristics.values(s)
        assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
        assert all(isinstance(heuristics.evaluate(s, p), float) for p in range(players))
        legal = s.legal_actions()
        a = heuristics.policy(s, legal, rng)
        assert a in legal
        takes += a.startswith("take ")
        s.apply(a)
    assert takes > 0
