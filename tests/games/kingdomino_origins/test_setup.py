"""Set-up, modes and player counts (KDO-1, KDO-2, KDO-13)."""
import pytest

import lapilli
from lapilli.engine import BadOption, BadPlayerCount
from lapilli.games.kingdomino_origins.data import (LANDSCAPES, RESOURCES, TILES, TOKEN_COUNTS, check_counts)

from .helpers import GAME, first_play, new


@pytest.mark.rule("KDO-1.1")
@pytest.mark.rule("KDO-1.3")
def test_three_modes_any_can_be_chosen():
    spec = lapilli.game_spec(GAME)
    assert spec.options["mode"].values == ("discovery", "totem", "tribe")
    for mode in ("discovery", "totem", "tribe"):
        assert new(3, mode).mode == mode
    with pytest.raises(BadOption):
        lapilli.new_game(GAME, 3, 0, {"mode": "expert"})


@pytest.mark.rule("KDO-1.2")
@pytest.mark.rule("KDO-11.1")
def test_totem_and_tribe_add_to_discovery():
    d, t, r = new(4, "discovery", 5), new(4, "totem", 5), new(4, "tribe", 5)
    # the same Discovery set-up (same rows) in every mode
    assert d.current_tiles == t.current_tiles == r.current_tiles
    assert "totems" not in d.observation(0) and "display" not in d.observation(0)
    assert t.observation(0)["totems"] == {"mammoth": None, "fish": None, "mushroom": None, "flint": None}
    # Tribe mode: resources and the Cave, but no Totem tiles
    assert "totems" not in r.observation(0)
    assert len(r.display) == 4
    assert r.row_resources and t.row_resources and not d.row_resources


@pytest.mark.rule("KDO-1.4")
@pytest.mark.rule("KDO-13.1")
@pytest.mark.rule("KDO-12.1")
def test_player_counts_and_every_mode_with_two():
    spec = lapilli.game_spec(GAME)
    assert (spec.min_players, spec.max_players) == (2, 4)
    with pytest.raises(BadPlayerCount):
        lapilli.new_game(GAME, 5, 0, {})
    with pytest.raises(BadPlayerCount):
        lapilli.new_game(GAME, 1, 0, {})
    for n in (2, 3, 4):
        assert len(spec.configurations(n)) == 12 * 2 * 3  # 3 modes x fire_empire x homo_habilis x fire_on_start x totem_tie, all allowed
    s = new(2, "tribe", 1, fire_empire=True, homo_habilis=True)
    assert s.size == 7 and s.phase == "pair"


@pytest.mark.rule("KDO-1.5")
@pytest.mark.rule("KDO-13.2")
def test_territory_target_size():
    assert new(3).size == 5 and new(4).size == 5
    assert new(2).size == 7


@pytest.mark.rule("KDO-1.8")
@pytest.mark.rule("KDO-1.9")
def test_landscapes_and_resources():
    assert LANDSCAPES == ("desert", "steppe", "lake", "jungle", "quarry", "volcano")
    assert RESOURCES == ("mammoth", "fish", "mushroom", "flint")
    # each resource belongs to its landscape: every resource square of the data says so
    for sq in TILES.values():
        for land, camp, crat, res in sq:
            if res >= 0:
                assert land == res + 1 and camp == 0


@pytest.mark.rule("KDO-2.1")
@pytest.mark.rule("KDO-2.2")
@pytest.mark.rule("KDO-2.3")
@pytest.mark.rule("KDO-2.4")
def test_each_player_starts_with_start_tile_hut_and_one_chief():
    s = new(4, seed=3)
    for p in range(4):
        terr = s.observation(p)["territories"][p]
        assert terr == [{"square": "e5", "landscape": "start", "campfires": 0, "craters": 0, "token": 0,
                         "resource": None, "cromagnon": None}]
    assert "Pink" in s.render(0) and "Blue" in s.render(0)
    s = first_play(4, seed=3)
    assert sorted(s.current_chief) == [0, 1, 2, 3]  # one chief per player


@pytest.mark.rule("KDO-2.5")
@pytest.mark.rule("KDO-2.6")
@pytest.mark.rule("KDO-2.7")
@pytest.mark.rule("KDO-2.8")
def test_supply_and_first_row():
    s = new(3, seed=11)
    assert len(s.current_tiles) == 4 and s.current_tiles == sorted(s.current_tiles)
    assert len(s.supply) == 44 and set(s.supply) | set(s.current_tiles) == set(range(1, 49))
    # the supply order is hidden: the observation gives only its size; the row shows its landscapes
    obs = s.observation(0)
    assert obs["supply"] == 44
    assert [t["tile"] for t in obs["current_row"]] == s.current_tiles
    assert obs["current_row"][0]["squares"][0]["landscape"] in LANDSCAPES
    rows = {tuple(new(3, seed=k).current_tiles) for k in range(20)}
    assert len(rows) > 10  # the shuffle depends on the seed


@pytest.mark.rule("KDO-2.9")
@pytest.mark.rule("KDO-5.6")
def test_fire_token_supply():
    assert TOKEN_COUNTS == {1: 5, 2: 4, 3: 1}
    assert new(3).tokens == {1: 5, 2: 4, 3: 1}
    assert check_counts() == []  # one token per volcano square of matching craters


@pytest.mark.rule("KDO-2.10")
def test_random_first_selection_one_chief_at_a_time():
    s = new(4, seed=2)
    first = s.to_move
    assert s.setup_events[-1] == {"type": "chief_drawn", "seat": first}
    assert s.legal_actions() == [f"take {t}" for t in s.current_tiles]
    ev = s.apply(f"take {s.current_tiles[2]}")
    assert s.current_chief[2] == first
    assert ev[-1]["type"] == "chief_drawn" and ev[-1]["seat"] == s.to_move != first
    assert f"take {s.current_tiles[2]}" not in s.legal_actions()
    firsts = {new(4, seed=k).to_move for k in range(30)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.rule("KDO-2.11")
def test_four_players_last_pick_is_forced():
    s = new(4, seed=4)
    for _ in range(3):
        s.apply(s.legal_actions()[-1])
    # the fourth chief went on the last free tile by itself
    assert sorted(s.current_chief) == [0, 1, 2, 3]
    assert s.phase == "place"


@pytest.mark.rule("KDO-2.12")
def test_three_players_unchosen_first_row_tile_is_discarded():
    s = new(3, seed=4)
    row = list(s.current_tiles)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.current_chief[3] == -1 and s.current_tiles[3] is None
    assert s.removed == [row[3]]


@pytest.mark.rule("KDO-2.13")
@pytest.mark.rule("KDO-2.14")
@pytest.mark.rule("KDO-3.1")
def test_second_row_then_round_one():
    s = first_play(4, seed=6)
    assert s.round == 1
    assert len(s.new_tiles) == 4 and s.new_tiles == sorted(s.new_tiles) and s.new_chief == [-1] * 4
    assert len(s.supply) == 40
    assert all(c >= 0 for c in s.current_chief)


@pytest.mark.rule("KDO-13.4")
@pytest.mark.rule("KDO-13.5")
def test_neolithic_pair_choice():
    s = new(2, seed=8)
    first = s.to_move
    assert s.setup_events[-1] == {"type": "chief_drawn", "seat": first}
    assert s.legal_actions() == ["pair 14", "pair 23"]
    s.apply("pair 14")
    assert s.current_chief == [first, 1 - first, 1 - first, first]  # two chiefs each
    s = new(2, seed=8)
    s.apply("pair 23")
    assert s.current_chief == [1 - first, first, first, 1 - first]
    assert {new(2, seed=k).to_move for k in range(20)} == {0, 1}


@pytest.mark.rule("KDO-13.6")
@pytest.mark.rule("KDO-13.7")
@pytest.mark.rule("KDO-3.11")
def test_rounds_and_tiles_per_player():
    from lapilli.testing.conformance import play_random
    for n in (2, 3, 4):
        s = play_random(GAME, n, {"mode": "discovery"}, seed=21)
        assert s.round == 12
        per_player = 24 if n == 2 else 12
        for p in range(n):
            placed = (len(s.occupied[p]) - 1) // 2
            assert placed + s.discards[p] == per_player
        unchosen = len(s.removed) - sum(s.discards)
        assert unchosen == (12 if n == 3 else 0)  # 2 players: every row fully taken


@pytest.mark.rule("KDO-13.6")
def test_neolithic_each_player_plays_twice_per_round():
    s = first_play(2, seed=9)
    actors = []
    seen_round = s.round
    while s.round == seen_round:
        if s.phase == "place":
            actors.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert sorted(actors) == [0, 0, 1, 1]
