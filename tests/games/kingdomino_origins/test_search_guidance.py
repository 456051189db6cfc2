"""The search's game-side functions for Kingdomino Origins (issue 7): the calibrated ``values``
and the guided rollout policy ``policy`` (the inner prior of the levels' search)."""
import math

import pytest

import lapilli
from lapilli.engine.rng import Rng
from lapilli.games.kingdomino_origins import board
from lapilli.games.kingdomino_origins import heuristics as h
from lapilli.games.kingdomino_origins.data import TILES

from .helpers import GAME
from .helpers import play_to as _play_to


def test_the_levels_take_the_calibrated_values_and_the_guided_policy():
    assert h.values is h.values_calibrated
    assert h.policy is h.policy_guided


@pytest.mark.parametrize("players", [2, 3, 4])
def test_calibrated_values_are_the_margin_logistic_with_the_round_scale(players):
    s = _play_to(players, 21, 6, "place")
    e = [h.evaluate(s, i, h.EXACT_HELD) for i in range(players)]
    scale = (h._SCALE_7X7 if players == 2 else h._SCALE_5X5)[s.round]
    want = [1.0 / (1.0 + math.exp(-(e[i] - max(e[j] for j in range(players) if j != i)) / scale))
            for i in range(players)]
    got = h.values_calibrated(s)
    assert got == pytest.approx(want)


def test_calibrated_values_at_the_end_are_the_win_shares():
    s = lapilli.new_game(GAME, 2, 4, {})
    rng = Rng(4)
    while not s.is_terminal:
        s.apply(h.policy(s, s.legal_actions(), rng))
    w = s.winners()
    assert h.values(s) == [1.0 / len(w) if i in w else 0.0 for i in range(2)]


@pytest.mark.parametrize("players", [2, 4])
def test_guided_policy_places_the_best_sampled_placement_by_comfort(players):
    for seed in (1, 2, 3):
        s = _play_to(players, seed, 4, "place")
        p, t = s.current_player, s.current_tiles[s.row_position]
        legal = s.legal_actions()
        a = h.policy(s, legal, Rng(0))
        assert a in legal
        # its comfort after the placement is the best of the sample _tile_value looks at
        land, occ, bbox = s.land[p], s.occupied[p], s.bounding_box[p]
        opts = board.placements(s.geo, land, occ, bbox, TILES[t])
        step = -(-len(opts) // 24)

        def comfort_after(action):
            c = s.clone()
            c.apply(action)
            return board.comfort(board.regions(c.geo, c.land[p], c.campfires[p], c.fire_tokens[p]))

        name = s.geo.name
        sample = [f"place {name[x]} {name[y]}" for x, y in opts[::step]]
        assert a in sample
        if s.phase == "place" and not any(sq[2] for sq in TILES[t]):  # no fire token to follow
            assert comfort_after(a) == max(comfort_after(b) for b in sample)


def test_guided_policy_takes_the_tile_with_the_best_held_value():
    s = _play_to(2, 7, 3, "choose")
    p = s.current_player
    legal = s.legal_actions()
    a = h.policy(s, legal, Rng(1))
    assert a in legal
    vals = {b: h._held_value(s, p, int(b.split()[1])) for b in legal}
    assert vals[a] >= max(vals.values()) - 0.01
    # the value is the one values() counts for a held tile (_held_exact): the tile's value over
    # the sample of 24 placements, computed here without the cache
    assert vals[a] == max(0.0, h._tile_value(s, p, int(a.split()[1]), limit=24))


def test_guided_policy_is_legal_to_the_end_in_every_mode():
    for players, mode in ((2, "discovery"), (3, "tribe"), (4, "totem")):
        s = lapilli.new_game(GAME, players, 13, {"mode": mode})
        rng = Rng(13)
        while not s.is_terminal:
            legal = s.legal_actions()
            a = h.policy(s, legal, rng)
            assert a in legal
            s.apply(a)


def test_the_placement_cache_tells_territories_apart_by_campfires_and_tokens():
    # two territories with the same cells and landscapes but another printed campfire, or a fire
    # token of another value, must not share the cached placement sample (the caches are shared
    # by the seats and the games of a process): each value is the one computed without the cache
    s = _play_to(2, 7, 3, "choose")
    p = s.current_player
    changed = 0
    for c in s.occupied[p]:
        for what in ("campfires", "fire_tokens"):
            s2 = s.clone()
            setattr(s2, what, [dict(x) for x in getattr(s2, what)])
            d = getattr(s2, what)[p]
            d[c] = d.get(c, 0) + 1
            assert h._territory_key(s2, p) != h._territory_key(s, p)
            for t in TILES:
                a, b = h._held_value(s, p, t), h._held_value(s2, p, t)
                assert b == max(0.0, h._tile_value(s2, p, t, limit=24))
                changed += a != b
    assert changed > 100      # the changes do move the values (about 12 tiles per cell)
