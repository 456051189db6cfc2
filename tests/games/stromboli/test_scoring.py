"""Points (Calcolare i Punti) and the winner: STR-11.*, STR-13.*, examples STR-E13 to STR-E17, STR-E19."""
import pytest

from lapilli.games.stromboli import scoring
from lapilli.games.stromboli.data import CARD, DECKS, KIND

from .helpers import RED, YELLOW, blank, card_ids, fill_all, play, put_cards, sp

SHELLS = card_ids("shell", 6)


def statues(s, seat, *names):
    for n in names:
        s.statues[sp(n)] = seat


@pytest.mark.rule("STR-E13")
@pytest.mark.rule("STR-11.2")
def test_e13_two_mountains_a_forest_and_a_plain_score_nine():
    s = blank()
    statues(s, YELLOW, "m1", "m4", "f2", "p5")
    parts = scoring.breakdown(s, YELLOW, 1)
    assert parts["statues"] == 3 + 3 + 2 + 1 == 9
    assert sum(parts.values()) == 9


@pytest.mark.rule("STR-E14")
@pytest.mark.rule("STR-11.5")
def test_e14_pearls():
    w1, w2 = card_ids("pearl", 2, pearl="white")
    b1 = card_ids("pearl", 1, pearl="black")[0]
    s = blank()
    for front, pts in (([w1], 1), ([b1], 2), ([w1, b1], 4), ([w1, w2, b1], 5)):
        s.front[YELLOW] = front
        assert scoring.breakdown(s, YELLOW, 1)["pearls"] == pts


@pytest.mark.rule("STR-E15")
@pytest.mark.rule("STR-11.9")
@pytest.mark.rule("STR-11.10")
@pytest.mark.rule("STR-11.13")
@pytest.mark.rule("STR-11.14")
@pytest.mark.rule("STR-11.15")
@pytest.mark.rule("STR-11.12")
def test_e15_one_statue_scores_through_several_score_cards():
    s = blank()
    statues(s, YELLOW, "p1", "f1", "m1")
    s.score_cards[YELLOW] = ["segment", "mountain"]
    parts = scoring.breakdown(s, YELLOW, 1)
    assert parts["statues"] == 6 and parts["segment"] == 4 and parts["mountain"] == 3
    assert sum(parts.values()) == 13
    s.score_cards[YELLOW] = ["segment", "mountain", "forest"]
    assert sum(scoring.breakdown(s, YELLOW, 1).values()) == 15
    s.score_cards[YELLOW] = ["segment", "mountain", "forest", "majority"]
    parts = scoring.breakdown(s, YELLOW, 1)
    assert parts["majority"] == 6 and sum(parts.values()) == 21


@pytest.mark.rule("STR-11.9")
def test_every_score_card_is_scored_even_for_zero():
    s = blank()
    s.score_cards[RED] = ["mountain", "segment"]
    parts = scoring.breakdown(s, RED, 1)
    assert parts["mountain"] == 0 and parts["segment"] == 0


@pytest.mark.rule("STR-11.12")
def test_majority_needs_strictly_more_statues_per_terrain():
    s = blank()
    statues(s, YELLOW, "p0", "p1", "f0", "m0")
    statues(s, RED, "p2", "f1", "f2")
    s.score_cards[YELLOW] = ["majority"]
    # plain 2-1 yes, forest 1-2 no, mountain 1-0 yes
    assert scoring.breakdown(s, YELLOW, 1)["majority"] == 4
    statues(s, RED, "m2")
    assert scoring.breakdown(s, YELLOW, 1)["majority"] == 2   # mountain 1-1 tie


@pytest.mark.rule("STR-11.15")
def test_complete_segment_needs_all_three_statues_of_the_holder():
    s = blank()
    statues(s, YELLOW, "p0", "f0", "m0", "p3", "f3")
    statues(s, RED, "m3")
    s.score_cards[YELLOW] = ["segment"]
    assert scoring.breakdown(s, YELLOW, 1)["segment"] == 4


@pytest.mark.rule("STR-11.11")
def test_butterflies_count_on_the_cards_in_front_of_the_player():
    bf_cards = [c for c, v in CARD.items() if v[3] > 0 and v[1] not in ("build", "priestess", "lava", "shell")]
    plain = card_ids("basket", 1, bf=0)[0]
    s = blank()
    s.front[YELLOW] = bf_cards[:2] + [plain]
    s.score_cards[YELLOW] = ["butterflies"]
    expected = sum(CARD[c][3] for c in bf_cards[:2])
    assert expected >= 2
    assert scoring.breakdown(s, YELLOW, 1)["butterflies"] == expected
    s.score_cards[YELLOW] = []
    assert "butterflies" not in scoring.breakdown(s, YELLOW, 1)


@pytest.mark.rule("STR-E16")
@pytest.mark.rule("STR-11.4")
def test_e16_fish_baskets():
    one = card_ids("basket", 4, baskets=1)
    two = card_ids("basket", 1, baskets=2)            # a card printed with 2 baskets (STR-I25)
    s = blank()
    s.front = [one[:2], two + one[2:3]]               # Red 2, Yellow 3
    assert scoring.breakdown(s, YELLOW, 1)["baskets"] == 3
    assert scoring.breakdown(s, RED, 1)["baskets"] == 0
    s.front = [one[:2], two]                          # 2 against 2
    assert scoring.breakdown(s, YELLOW, 1)["baskets"] == 0 and scoring.breakdown(s, RED, 1)["baskets"] == 0
    s.front = [[], []]
    assert scoring.breakdown(s, YELLOW, 1)["baskets"] == 0 and scoring.breakdown(s, RED, 1)["baskets"] == 0


def second_scoring_position():
    s = blank(first=RED)
    s.round = 2
    s.boat = 0
    fill_all(s)
    put_cards(s, 1, None, None)
    return s


@pytest.mark.rule("STR-E16")
@pytest.mark.rule("STR-11.7")
@pytest.mark.rule("STR-11.1")
def test_e16_baskets_and_pearls_kept_from_round_one_count_again():
    s = second_scoring_position()
    baskets = card_ids("basket", 3, baskets=1)
    pearl = card_ids("pearl", 1, pearl="black")[0]
    s.front = [baskets[:1], baskets[1:] + [pearl]]
    s.points = [10, 7]                               # from the first scoring
    play(s, "place 1 b0")
    assert s.is_terminal
    assert s.points == [10, 7 + 3 + 2]


@pytest.mark.rule("STR-E17")
@pytest.mark.rule("STR-11.6")
@pytest.mark.rule("STR-11.17")
@pytest.mark.rule("STR-8.10")
def test_e17_shells_and_nautilus_count_only_at_the_second_scoring():
    naut = card_ids("nautilus", 1)
    s = blank()
    s.shells[YELLOW] = SHELLS[:2]
    s.front[YELLOW] = list(naut)
    first = scoring.breakdown(s, YELLOW, 1)
    assert first["shells"] == 0 and first["nautilus"] == 0
    s2 = second_scoring_position()
    s2.shells[YELLOW] = SHELLS[:3]
    s2.front[YELLOW] = list(naut)
    play(s2, "place 1 b0")                           # Red triggers; Yellow passes the purchase
    if not s2.is_terminal:
        play(s2, "pass")
    last = s2.last_scoring[YELLOW]["parts"]
    assert last["shells"] == 3 and last["nautilus"] == 3
    assert s2.points[YELLOW] == 6


@pytest.mark.rule("STR-11.8")
def test_nautilus_cards_are_only_in_the_deck_drawn_in_round_two():
    nautili = [c for c in CARD if KIND[c] == "nautilus"]
    assert nautili and all(c in DECKS[2] for c in nautili)


@pytest.mark.rule("STR-11.18")
@pytest.mark.rule("STR-11.1")
def test_scoring_parts_add_up_to_the_total_moved_on_the_track():
    s = second_scoring_position()
    statues(s, RED, "m0", "f0")
    s.score_cards[RED] = ["forest"]
    s.front[RED] = card_ids("pearl", 1, pearl="white")
    s.points = [4, 0]
    play(s, "place 1 b0")
    rec = s.last_scoring[RED]
    assert rec["total"] == sum(rec["parts"].values()) == 3 + 2 + 2 + 1
    assert s.points[RED] == 4 + rec["total"]


def ended(points, red_statues, yellow_statues, first):
    s = blank(first=first)
    s.points = list(points)
    for i in range(red_statues):
        s.statues[sp(f"p{i}")] = RED
    for i in range(yellow_statues):
        s.statues[sp(f"m{i}")] = YELLOW
    s.over = True
    s.tasks = []
    return s


@pytest.mark.rule("STR-13.1")
def test_more_points_wins():
    assert ended([41, 40], 0, 5, RED).winners() == [RED]
    assert ended([40, 44], 5, 0, YELLOW).winners() == [YELLOW]


@pytest.mark.rule("STR-E19")
@pytest.mark.rule("STR-13.2")
def test_e19_case_1_tie_more_statues_wins():
    assert ended([40, 40], 4, 5, YELLOW).winners() == [YELLOW]


@pytest.mark.rule("STR-E19")
@pytest.mark.rule("STR-13.3")
def test_e19_case_2_tie_on_statues_the_non_first_player_wins():
    assert ended([40, 40], 5, 5, RED).winners() == [YELLOW]
    assert ended([40, 40], 5, 5, YELLOW).winners() == [RED]


@pytest.mark.rule("STR-11.17")
@pytest.mark.rule("STR-I23")
def test_shells_score_house_rule():
    """p. 7 "Punti addizionali solo nel secondo calcolo del punteggio ... 1 Punto per ogni carta
    Conchiglia" (default 'second') against p. 6 "ricevi 1 punto per ogni carta Conchiglia rimasta in
    mano" ('every'): two shells at the first scoring score 0 or 2."""
    import lapilli
    for rule, want in (("second", 0), ("every", 2)):
        s = lapilli.new_game("stromboli", 2, 0, {"shells_score": rule})
        s.shells[YELLOW] = SHELLS[:2]
        assert scoring.breakdown(s, YELLOW, 1)["shells"] == want
        assert scoring.breakdown(s, YELLOW, 2)["shells"] == 2
    assert lapilli.game_spec("stromboli").options["shells_score"].default == "second"
