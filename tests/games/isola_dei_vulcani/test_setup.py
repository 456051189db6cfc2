"""Setup (IDV-1), board model (IDV-0) and component data."""
import pytest

import lapilli
from lapilli.games.isola_dei_vulcani.data import COMPONENTS, STANDARD

from .helpers import GAME

rule = pytest.mark.rule


@rule("IDV-0.3")
@rule("IDV-0.4")
@rule("IDV-1.2")
@rule("IDV-1.3")
@rule("IDV-16.2")
def test_standard_board_areas():
    b = STANDARD
    assert sorted(b.areas) == list(range(1, 23))
    seen = []
    for a, hs in b.area_hexes.items():
        assert 1 <= len(hs) <= 3
        seen.extend(hs)
        for h in hs:
            assert b.area_of[h] == a
    assert sorted(seen) == sorted(b.hexes) and len(seen) == len(set(seen)) == 44
    assert sorted(b.volcano_hex) == list(range(1, 9))


@rule("IDV-1.4")
def test_one_volcano_in_each_of_areas_1_to_8():
    b = STANDARD
    for v in range(1, 9):
        assert b.area_of[b.volcano_hex[v]] == v
    assert all(b.area_of[h] <= 8 for h in b.volcano_at)
    s = lapilli.new_game(GAME, 3, 1)
    assert s.volcanoes == list(range(1, 9))


@rule("IDV-1.5")
@rule("IDV-1.6")
@rule("IDV-1.7")
def test_setup_lava():
    s = lapilli.new_game(GAME, 2, 5)
    b = s.geo
    # area 4 (volcano on E2): only the first spaces of its channels, E3a and F2a
    assert s.spaces.get("E3a") == "L" and s.spaces.get("F2a") == "L"
    assert "E3b" not in s.spaces and "F2b" not in s.spaces
    for h in b.hexes:
        if b.area_of[h] > 8:
            assert all(s.spaces.get(x) == "L" for x in b.spaces[h])
    # setup lava is ordinary lava: it can be carved once a colonist stands there
    s.first = s.current_player = 0
    s._legal_cache = None
    s.apply("land H3")
    assert "carve H3a" in s.legal_actions()


@rule("IDV-1.8")
@rule("IDV-1.9")
@rule("IDV-0.11")
def test_general_supply_at_setup():
    s = lapilli.new_game(GAME, 4, 2)
    on_board = sum(1 for v in s.spaces.values() if v == "L")
    assert on_board + s.lava_supply == COMPONENTS["lava_tiles"]["count"] == 47
    assert s.crack_supply == 26 and s.prayer_supply == 12
    assert s.volcanoes == [1, 2, 3, 4, 5, 6, 7, 8]


@rule("IDV-1.10")
@rule("IDV-1.11")
@rule("IDV-1.12")
@rule("IDV-1.13")
@rule("IDV-0.1")
def test_player_pieces_at_setup():
    for n in (2, 3, 4):
        s = lapilli.new_game(GAME, n, 3)
        assert s.boat == [1] * n
        assert s.reserve_colonists == [4] * n and s.reserve_villages == [6] * n and s.reserve_moai == [14] * n
        assert s.prayer_tokens == [0] * n and s.points == [0] * n
        assert s.colonists == {}
        assert all(b == ("H3", "H4", "H5") for b in s.bay_of)
        obs = s.observation(0)
        assert obs["boat"] == [1] * n and obs["reserve"]["moai"] == [14] * n


@rule("IDV-1.14")
@rule("IDV-1.15")
@rule("IDV-2.1")
def test_first_player_random_and_clockwise():
    firsts = set()
    for seed in range(40):
        s = lapilli.new_game(GAME, 4, seed)
        ev = [e for e in s.setup_events if e["type"] == "first-player"]
        assert s.current_player == s.first == ev[0]["seat"]
        firsts.add(s.first)
    assert firsts == {0, 1, 2, 3}
    s = lapilli.new_game(GAME, 4, 0)
    s.first = s.current_player = 2
    s._legal_cache = None
    seen = []
    for _ in range(4):
        seen.append(s.to_move)
        s.apply("end")
    assert seen == [2, 3, 0, 1]
    assert s.last_seat() == 1 and s.round == 2


@rule("IDV-1.1")
@rule("IDV-16.1")
@rule("IDV-16.16")
def test_basic_and_advanced_setups_share_everything_but_board_and_boats():
    a = lapilli.new_game(GAME, 3, 7, {"setup": "standard"})
    b = lapilli.new_game(GAME, 3, 7, {"setup": "advanced"})
    assert a.map_id == "standard" and b.map_id.startswith("advanced-")
    for s in (a, b):
        assert s.reserve_colonists == [4] * 3 and s.reserve_villages == [6] * 3 and s.reserve_moai == [14] * 3
        assert s.crack_supply == 26 and s.prayer_supply == 12
        assert s.volcanoes == list(range(1, 9))
        assert sum(1 for v in s.spaces.values() if v == "L") + s.lava_supply == 47
    assert len(set(b.bay_of)) == 3  # one bay per player in the advanced setup
    assert len(set(a.bay_of)) == 1


def test_component_data_has_provenance():
    for key, item in COMPONENTS.items():
        if isinstance(item, dict):
            assert "provenance" in item, key
    from lapilli.games.isola_dei_vulcani.data import STANDARD_MAP
    for a in STANDARD_MAP["areas"]:
        assert "reconstructed" in a["provenance"]
