"""End of the game, scoring, tie-breaks and Challenges 2, 3, 4 (ISL-8, ISL-9, ISL-11 to ISL-13)."""
import pytest

from lapilli.games.the_island import board as B
from tests.games.the_island.helpers import at, blank, boat, cre, ex, sea, tile, where


def save(st, lab, *vals):
    """Put explorers of colour ``lab`` (a letter) with these values on the NW isle."""
    for k, v in enumerate(vals):
        ex(st, f"{lab}{k + 1}", "isle", "nw", v)


def play_removals(st, stop_before, avoid="3,5"):
    """Every player removes a tile (never ``avoid``) until it is ``stop_before`` = (seat, turn)'s step 3."""
    while (st.current_player, st.turns[st.current_player]) != stop_before or st.decision != "remove":
        acts = st.legal_actions()
        pick = [a for a in acts if a != f"remove {avoid}"]
        st.apply(pick[0] if pick else acts[0])


def volcano_game(players, reveal, **opts):
    st = blank(players, **opts)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, reveal)
    st.apply("remove 3,5")
    assert st.is_terminal
    return st


@pytest.mark.rule("ISL-E3")
@pytest.mark.rule("ISL-9.1")
@pytest.mark.rule("ISL-9.2")
def test_e3_tie_broken_by_number_saved():
    st = blank(5)
    save(st, "B", 6, 5, 4)
    save(st, "G", 6, 4, 3, 1, 1)
    save(st, "R", 6, 4)
    save(st, "Y", 6, 6)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 2)
    st.apply("remove 3,5")
    assert st.scores() == [10, 15, 12, 15, 0]
    assert st.winners() == [3]


@pytest.mark.rule("ISL-E4")
@pytest.mark.rule("ISL-12.1")
@pytest.mark.rule("ISL-12.2")
@pytest.mark.rule("ISL-9.3")
def test_e4_uguaglianza_tie_broken_by_points():
    st = blank(6, challenge_3=True)
    save(st, "B", 1, 1, 2, 3)
    save(st, "O", 6, 5, 4, 1)
    save(st, "R", 6, 6, 6)
    save(st, "W", 1, 1, 1)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 5)
    st.apply("remove 3,5")
    assert st.scores() == [3, 4, 0, 0, 4, 3]           # the number of explorers is the result
    assert st.winners() == [4]
    plain = blank(6)                                    # without Challenge 3 points decide first
    save(plain, "B", 1, 1, 2, 3)
    save(plain, "O", 6, 5, 4, 1)
    save(plain, "R", 6, 6, 6)
    tile(plain, "3,5", "mountain", "volcano")
    at(plain, "remove", 5)
    plain.apply("remove 3,5")
    assert plain.winners() == [0]


@pytest.mark.rule("ISL-E5")
@pytest.mark.rule("ISL-9.4")
@pytest.mark.rule("ISL-9.5")
def test_e5_fewest_turns():
    st = blank(5)
    save(st, "B", 6, 5, 2)
    save(st, "G", 6, 4, 3)
    save(st, "R", 6, 4)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, (2, 7))
    st.apply("remove 3,5")
    assert st.turns == [7, 7, 7, 6, 6]
    assert st.scores()[1] == st.scores()[3] == 13
    assert st.winners() == [3]


@pytest.mark.rule("ISL-E6")
@pytest.mark.rule("ISL-9.6")
@pytest.mark.rule("ISL-9.7")
def test_e6_shared_victory():
    # (a) P5 reveals: same number of turns for everyone
    st = blank(5)
    save(st, "B", 5, 5)
    save(st, "G", 4, 6)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, (4, 3))
    st.apply("remove 3,5")
    assert len(set(st.turns)) == 1 and st.winners() == [1, 3]
    # (b) P3 reveals; P1 and P2 tie
    st = blank(5)
    save(st, "R", 5, 5)
    save(st, "B", 4, 6)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, (2, 3))
    st.apply("remove 3,5")
    assert st.turns == [3, 3, 3, 2, 2] and st.winners() == [0, 1]
    # (c) P3 reveals; P4 and P5 tie
    st = blank(5)
    save(st, "G", 5, 5)
    save(st, "O", 4, 6)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, (2, 3))
    st.apply("remove 3,5")
    assert st.winners() == [3, 4]


def four_tied_at_the_volcano(rule):
    """Four players, tie-break ``rule``: R has 6 points saved in one explorer, B and G 6 points in
    two each; tiles are removed until the volcano is, which ends the game (G with fewer turns)."""
    st = blank(4, tiebreak=rule)
    save(st, "R", 6)
    save(st, "B", 3, 3)
    save(st, "G", 3, 3)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    play_removals(st, (1, 2))
    st.apply("remove 3,5")
    return st


@pytest.mark.rule("ISL-9.8")
@pytest.mark.rule("ISL-I6")
def test_tie_chain_with_four_players():
    """House rule tiebreak: the base game (2-4 players) states no tie-break, so B and G share the
    victory with R (all 6 points; 'base', default); 'chain' gives it to G (2 explorers, fewer turns)."""
    for rule, want in (("chain", [3]), ("base", [0, 1, 3])):
        st = four_tied_at_the_volcano(rule)
        assert st.turns == [2, 2, 1, 1]
        assert st.winners() == want      # B and G: 6 points, 2 explorers; G took fewer turns


@pytest.mark.rule("ISL-I6")
@pytest.mark.rule("ISL-9.7")
def test_the_tie_break_told_is_the_one_that_decided():
    """The results tell what decided a tie as the winners were decided: with 'base' at 2-4 players
    no tie-break step is used, so the tie is told as a shared victory (never "decided by the most
    explorers saved" above three winners); with 'chain' the step that separated them."""
    for rule in ("base", "chain"):
        st = four_tied_at_the_volcano(rule)
        told = st.tie_break()
        if rule == "base":
            assert st.winners() == [0, 1, 3]
            assert told["rule"] == "ISL-I6" and "shared" in told["text"]["en"] and "condivisa" in told["text"]["it"]
        else:
            assert st.winners() == [3]
            assert told["rule"].startswith("ISL-9.") and told["rule"] != "ISL-9.7"


@pytest.mark.rule("ISL-E48")
@pytest.mark.rule("ISL-11.1")
@pytest.mark.rule("ISL-11.2")
@pytest.mark.rule("ISL-11.4")
def test_e48_challenge_2():
    st = blank(2, challenge_2=True)
    tile(st, "6,6", "mountain", "volcano")
    sea(st, "5,6")
    ex(st, "B1", "sea", "5,6")
    boat(st, "1,10", "R2")
    st.explorer_value[1] = 4
    at(st, "remove", 0)
    ev = st.apply("remove 6,6")
    assert not st.is_terminal
    assert {"type": "whirlpool", "at": "6,6", "area": ["6,6", "5,6", "6,5"]} in [
        {k: e[k] for k in ("type", "at", "area")} for e in ev if e["type"] == "whirlpool"]
    assert where(st, "B1")[0] == "lost" and cre(st, "serpent") == []
    assert any(e["type"] == "roll" for e in ev)            # the game goes on with Red's step 4
    at(st, "move", 0)
    st.apply("isle R2 ne")                                  # the last explorer outside is saved
    assert st.is_terminal and st.end_reason == "nobody left"
    assert st.scores() == [4, 0] and st.winners() == [0]


@pytest.mark.rule("ISL-11.3")
def test_challenge_2_skips_step_3_without_tiles():
    st = blank(2, challenge_2=True)
    sea(st, *[B.NAME[h] for h in B.ISLAND_SLOTS])
    ex(st, "R1", "sea", "5,5")
    ex(st, "B1", "sea", "9,9")
    at(st, "move", 0)
    ev = st.apply("end")
    assert st.decision != "remove" and any(e["type"] == "roll" for e in ev)


@pytest.mark.rule("ISL-E35")
@pytest.mark.rule("ISL-13.1")
@pytest.mark.rule("ISL-13.3")
@pytest.mark.rule("ISL-13.4")
def test_e35_challenge_4_last_tile():
    st = blank(3, challenge_4=True, tiebreak="chain")   # the spec's example uses the chain (ISL-I6 b)
    ex(st, "R1", "isle", "nw", 3)
    ex(st, "B1", "isle", "se", 3)
    tile(st, "6,6", "mountain", "shark")
    ex(st, "Y1", "land", "6,6", 6)
    at(st, "remove", 0)
    play_removals(st, (0, 14), avoid="6,6")
    assert sum(1 for h in B.ISLAND_SLOTS if st.terrain[h] >= 0) == 1
    ev = st.apply("remove 6,6")
    assert st.is_terminal and st.end_reason == "last tile"
    assert not any(e["type"] in ("roll", "tile_revealed") for e in ev) and cre(st, "shark") == []
    assert st.turns == [14, 13, 13]
    assert st.scores() == [3, 3, 0]                        # Y1 was not on an isle
    assert st.winners() == [1]


@pytest.mark.rule("ISL-13.2")
def test_challenge_4_volcano_is_a_whirlpool():
    st = blank(2, challenge_4=True)
    tile(st, "3,5", "mountain", "volcano")
    ex(st, "B1", "sea", "2,5")
    ex(st, "R1", "sea", "1,1")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    assert not st.is_terminal and where(st, "B1")[0] == "lost" and where(st, "R1")[0] == "sea"
