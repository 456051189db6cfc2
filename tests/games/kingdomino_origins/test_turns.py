"""The turn sequence, rounds and the end of the game (KDO-3, KDO-7)."""
import pytest

from lapilli.engine import IllegalAction
from lapilli.testing.conformance import play_random

from .helpers import GAME, first_play


def play_round(s):
    """Play one round with the first legal action each time; return the seats in Play-the-tile order."""
    r = s.round
    order = []
    while not s.is_terminal and s.round == r:
        if s.phase == "place" and (not order or order[-1][1] != s.row_position):
            order.append((s.current_player, s.row_position))
        s.apply(s.legal_actions()[0])
    return order


@pytest.mark.rule("KDO-3.2")
@pytest.mark.rule("KDO-3.7")
def test_chiefs_act_in_row_position_order():
    for n in (3, 4):
        s = first_play(n, seed=12)
        expected = [(s.current_chief[i], i) for i in range(4) if s.current_chief[i] >= 0]
        assert play_round(s) == expected  # lowest position first, empty position skipped (3 players)
        assert s.round == 2


@pytest.mark.rule("KDO-3.3")
@pytest.mark.rule("KDO-3.4")
@pytest.mark.rule("KDO-3.6")
def test_play_the_tile_then_choose_a_new_tile():
    s = first_play(4, seed=13)
    p, tile = s.current_player, s.current_tiles[0]
    assert s.current_chief[0] == p and s.phase == "place"
    with pytest.raises(IllegalAction) as e:
        s.apply(f"take {s.new_tiles[0]}")
    assert e.value.rule == "KDO-3.3"
    while s.phase != "choose":
        ev = s.apply(s.legal_actions()[0])
        if ev and ev[0]["type"] == "place":
            assert ev[0]["tile"] == tile and ev[0]["seat"] == p  # the tile under the chief
    assert s.current_player == p
    assert s.legal_actions() == [f"take {t}" for t in s.new_tiles]
    with pytest.raises(IllegalAction) as e:
        s.apply("place a1 a2")
    assert e.value.rule == "KDO-3.3"
    s.apply(f"take {s.new_tiles[2]}")
    assert s.new_chief[2] == p
    # the next player may not take the same tile
    while s.phase != "choose":
        s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalAction) as e:
        s.apply(f"take {s.new_tiles[2]}")
    assert e.value.rule == "KDO-3.6"
    with pytest.raises(IllegalAction) as e:
        s.apply("take 99")
    assert e.value.rule == "KDO-3.6"


@pytest.mark.rule("KDO-3.8")
def test_new_row_becomes_current_row():
    s2 = first_play(4, seed=14)
    before_new = list(s2.new_tiles)
    chosen = []
    r = s2.round
    while s2.round == r:
        if s2.phase == "choose":
            chosen.append((s2.current_player, s2.legal_actions()[0].split()[1]))
        s2.apply(s2.legal_actions()[0])
    assert s2.current_tiles == before_new
    assert len(s2.new_tiles) == 4 and not set(s2.new_tiles) & set(before_new)
    assert len(s2.supply) == 36
    for seat, t in chosen:
        assert s2.current_chief[s2.current_tiles.index(int(t))] == seat


@pytest.mark.rule("KDO-3.9")
def test_three_players_unchosen_new_row_tile_discarded():
    s = first_play(3, seed=15)
    new_row = list(s.new_tiles)
    r = s.round
    while s.round == r:
        s.apply(s.legal_actions()[0])
    left = [t for t in new_row if t not in s.current_tiles]
    assert len(left) == 1 and left[0] in s.removed
    assert s.current_tiles.count(None) == 1 and s.current_chief.count(-1) == 1


@pytest.mark.rule("KDO-3.10")
def test_fourth_chief_has_no_choice():
    s = first_play(4, seed=16)
    forced = []
    r = s.round
    while s.round == r:
        ev = s.apply(s.legal_actions()[0])
        forced += [e for e in ev if e["type"] == "take" and e["forced"]]
    assert len(forced) == 1  # made for the player, not a decision


@pytest.mark.rule("KDO-3.5")
def test_fire_comes_before_choose():
    s = first_play(3, seed=2)
    from .helpers import set_territory, tile_to_play
    set_territory(s, s.current_player, [". . . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    tile_to_play(s, 28)  # desert | 1-crater volcano
    s.apply(s.legal_actions()[0])
    assert s.phase == "fire" and s.current_player == s.current_chief[s.row_position]


@pytest.mark.rule("KDO-7.1")
@pytest.mark.rule("KDO-7.2")
@pytest.mark.rule("KDO-7.3")
@pytest.mark.rule("KDO-7.5")
def test_final_round_and_end():
    s = first_play(4, mode="tribe", seed=17)
    while s.round < 12:
        s.apply(s.legal_actions()[0])
    assert not s.supply and s.new_tiles == []
    ended = []
    while not s.is_terminal:
        assert s.phase in ("place", "fire")  # only Play the tile: no choose, no recruiting (KDO-I21)
        with pytest.raises(IllegalAction) as e:
            s.apply("take 5")
        assert e.value.rule == "KDO-7.2"
        ended = s.apply(s.legal_actions()[0])
    assert s.to_move is None and s.legal_actions() == []
    assert ended[-1] == {"type": "game_over", "scores": s.scores()}
    with pytest.raises(IllegalAction) as e:
        s.apply("pass")
    assert e.value.rule == "KDO-7.3"


@pytest.mark.rule("KDO-3.11")
def test_twelve_tiles_each_with_three_and_four():
    for n in (3, 4):
        s = play_random(GAME, n, {"mode": "totem"}, seed=3)
        for p in range(n):
            assert (len(s.occupied[p]) - 1) // 2 + s.discards[p] == 12
