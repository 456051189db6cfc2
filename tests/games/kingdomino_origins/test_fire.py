"""Volcanoes and fire tokens (KDO-5, KDO-6)."""
import pytest

import lapilli

from lapilli.engine import IllegalAction
from lapilli.games.kingdomino_origins import board, data
from lapilli.games.kingdomino_origins.data import TILES, TOKEN_RANGE, VOLCANO, DESERT

from .helpers import cell, first_play, set_territory, sq, tile_to_play

# (0,0) and (0,1) free for a volcano tile: the volcano goes on (0,0), its partner on (0,1)
CORNER = [". . Q D D", "D D D D D", "D D H D D", "D D D D D", "D D D D D"]


def volcano_state(tile, rows=CORNER, mode="discovery", players=3, fire_on_start=False):
    """The start tile is left out of the landing squares (house rule fire_on_start off, KDO-I4 a) unless asked."""
    s = first_play(players, mode, seed=1, fire_on_start=fire_on_start)
    set_territory(s, s.current_player, rows)
    tile_to_play(s, tile)
    s.apply(f"place {sq(s, 0, 1)} {sq(s, 0, 0)}")
    return s


def targets(s):
    return sorted(a.split()[1] for a in s.legal_actions())


def names(s, cells):
    return sorted(sq(s, r, c) for r, c in cells)


@pytest.mark.rule("KDO-5.1")
@pytest.mark.rule("KDO-5.8")
def test_volcano_craters_and_token_ranges():
    craters = sorted(t[2] for sqs in TILES.values() for t in sqs if t[0] == VOLCANO)
    assert craters == [1] * 5 + [2] * 4 + [3]
    assert TOKEN_RANGE == {1: 3, 2: 2, 3: 1}  # the token backs: 3, 2 and 1 squares


@pytest.mark.rule("KDO-5.4")
@pytest.mark.rule("KDO-5.6")
@pytest.mark.rule("KDO-5.7")
@pytest.mark.rule("KDO-6.1")
@pytest.mark.rule("KDO-6.4")
@pytest.mark.rule("KDO-6.6")
@pytest.mark.rule("KDO-V4")
def test_two_crater_volcano_reaches_two_squares():
    s = volcano_state(45)  # quarry | 2-crater volcano
    assert s.phase == "fire" and s.fire_value == 2 and s.tokens[2] == 3
    # Chebyshev distance <= 2 from (0,0): 8 cells, minus the start tile (2,2)
    assert targets(s) == names(s, [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])
    with pytest.raises(IllegalAction) as e:
        s.apply(f"fire {sq(s, 2, 2)}")
    assert e.value.rule == "KDO-6.6"
    with pytest.raises(IllegalAction) as e:
        s.apply(f"fire {sq(s, 3, 0)}")
    assert e.value.rule == "KDO-5.4"
    assert "pass" not in s.legal_actions()  # it must be placed
    s.apply(f"fire {sq(s, 1, 1)}")
    assert s.fire_tokens[s.current_chief[s.row_position]] == {cell(s, 1, 1): 2}
    assert s.phase == "choose"


@pytest.mark.rule("KDO-5.3")
def test_one_crater_volcano_reaches_three_squares():
    s = volcano_state(28)  # desert | 1-crater volcano
    assert s.fire_value == 1
    expected = [(r, c) for r in range(4) for c in range(4) if (r, c) not in ((0, 0), (2, 2))]
    assert targets(s) == names(s, expected)
    with pytest.raises(IllegalAction) as e:
        s.apply(f"fire {sq(s, 4, 4)}")
    assert e.value.rule == "KDO-5.3"


@pytest.mark.rule("KDO-5.5")
def test_three_crater_volcano_reaches_one_square():
    s = volcano_state(48)  # quarry | 3-crater volcano
    assert s.fire_value == 3 and s.tokens[3] == 0
    assert targets(s) == names(s, [(0, 1), (1, 0), (1, 1)])
    with pytest.raises(IllegalAction) as e:
        s.apply(f"fire {sq(s, 0, 2)}")
    assert e.value.rule == "KDO-5.5"


@pytest.mark.rule("KDO-6.2")
@pytest.mark.rule("KDO-6.3")
@pytest.mark.rule("KDO-6.8")
@pytest.mark.rule("KDO-6.5")
def test_landing_square_must_be_free_own_and_not_volcano():
    rows = [". . Q D .", "D1 D*1 D D .", "V1 D H D .", "D D D . .", ". . . . ."]
    s = volcano_state(28, rows)
    t = targets(s)
    assert sq(s, 1, 0) not in t  # printed campfire
    assert sq(s, 1, 1) not in t  # fire token
    assert sq(s, 2, 0) not in t  # volcano
    assert sq(s, 0, 1) in t and sq(s, 3, 1) in t
    for (r, c), rule in (((1, 0), "KDO-6.2"), ((1, 1), "KDO-6.8"), ((2, 0), "KDO-6.3"), ((0, 3), None),
                         ((3, 3), "KDO-6.5")):
        if rule is None:
            continue
        before = s.to_json()
        with pytest.raises(IllegalAction) as e:
            s.apply(f"fire {sq(s, r, c)}")
        assert e.value.rule == rule
        assert s.to_json() == before


@pytest.mark.rule("KDO-6.7")
@pytest.mark.rule("KDO-10.12")
def test_fire_destroys_a_resource():
    rows = [". . Q D D", "S+m D D D D", "D D H D D", "D D D D D", "D D D D D"]
    s = volcano_state(28, rows, mode="totem")
    p = s.current_chief[s.row_position]
    assert s.resource_counts[p][0] == 1 and sq(s, 1, 0) in targets(s)
    ev = s.apply(f"fire {sq(s, 1, 0)}")
    assert ev[0]["destroyed_resource"] == "mammoth"
    assert s.resources[p] == {} and s.resource_counts[p][0] == 0
    assert s.fire_tokens[p][cell(s, 1, 0)] == 1  # the token stays there


@pytest.mark.rule("KDO-6.7")
@pytest.mark.rule("KDO-11.18")
def test_fire_destroys_a_cromagnon():
    rows = [". . Q D D", "D:shaman D D D D", "D D H D D", "D D D D D", "D D D D D"]
    s = volcano_state(28, rows, mode="tribe")
    p = s.current_chief[s.row_position]
    ev = s.apply(f"fire {sq(s, 1, 0)}")
    assert ev[0]["destroyed_cromagnon"] == "shaman"
    assert s.cromagnons[p] == {} and s.boxed_cromagnons == ["shaman"]
    assert s.observation(0)["destroyed_cromagnons"] == ["shaman"]


@pytest.mark.rule("KDO-5.9")
def test_token_discarded_when_no_square_is_valid(monkeypatch):
    # no real tile can cause this (every volcano's partner square is a free square), so a test tile
    monkeypatch.setitem(data.TILES, 99, ((VOLCANO, 0, 1, -1), (DESERT, 1, 0, -1)))
    rows = [". . D1 D1 D1", "D1 D1 D1 D1 D1", "D1 D1 H D1 D1", "D1 D1 D1 D1 D1", "D1 D1 D1 D1 D1"]
    s = first_play(3, seed=1, fire_on_start=False)   # the start tile left out (KDO-I4 a)
    p = s.current_player
    set_territory(s, p, rows)
    tile_to_play(s, 99)
    ev = s.apply(f"place {sq(s, 0, 0)} {sq(s, 0, 1)}")
    assert {"type": "fire_discarded", "seat": p, "fires": 1} in ev
    assert s.tokens[1] == 4 and s.fire_tokens[p] == {}  # back to the box, never used again
    assert s.phase == "choose"


@pytest.mark.rule("KDO-5.11")
@pytest.mark.rule("KDO-5.12")
def test_token_stays_and_counts_its_fires():
    s = volcano_state(45)
    p = s.current_chief[s.row_position]
    s.apply(f"fire {sq(s, 1, 1)}")
    placed = dict(s.fire_tokens[p])
    # the desert region (21 squares) holds the 2 fires of the token
    regs = [r for r in board.regions(s.geo, s.land[p], s.campfires[p], s.fire_tokens[p]) if r[0] == DESERT]
    assert regs == [(DESERT, 21, 2)]
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
        assert all(s.fire_tokens[p][c] == v for c, v in placed.items())


@pytest.mark.rule("KDO-6.6")
@pytest.mark.rule("KDO-I4")
def test_fire_on_the_start_tile_house_rule():
    """The start tile is one of the 25 squares ("compresa la tessera di partenza") with no token and
    no campfire: by default (the literal text) a spray may land there; with fire_on_start off it may not."""
    on = volcano_state(45, fire_on_start=True)
    off = volcano_state(45, fire_on_start=False)
    assert lapilli.game_spec("kingdomino-origins").options["fire_on_start"].default is True
    assert sq(on, 2, 2) in targets(on) and sq(off, 2, 2) not in targets(off)
    assert set(targets(on)) - set(targets(off)) == {sq(on, 2, 2)}
    p = on.current_chief[on.row_position]
    on.apply(f"fire {sq(on, 2, 2)}")
    assert on.fire_tokens[p] == {cell(on, 2, 2): 2} and on.phase == "choose"
