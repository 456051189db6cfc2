"""The engine conformance kit and seeded random games for every configuration."""
import itertools

import pytest

import lapilli
from lapilli.testing.conformance import check_conformance, play_random
from tests.games.seeds import seed_sets
from tests.tiers import fast_where, first_fast

from .helpers import GAME

MODES = ("discovery", "totem", "tribe")
ALL = [(n, {"mode": m, "fire_empire": fe, "homo_habilis": hh})
       for n in (2, 3, 4) for m in MODES for fe, hh in itertools.product((False, True), repeat=2)]


def test_every_configuration_is_listed():
    spec = lapilli.game_spec(GAME)
    # the house rules fire_on_start (2 values) and totem_tie (3) multiply them: their own tests cover them
    assert sum(len(spec.configurations(n)) for n in (2, 3, 4)) == len(ALL) * 2 * 3 == 36 * 6


# every configuration at two players in the fast tier, at every count in the whole suite
@pytest.mark.parametrize("players,options", fast_where(ALL, lambda n, o: n == 2), ids=lambda x: str(x))
def test_conformance_every_configuration(players, options):
    state = check_conformance(GAME, players, options, seed=1, every=12)
    assert state.is_terminal and state.round == 12


@pytest.mark.slow  # more seeds of the configurations checked above
@pytest.mark.parametrize("players,mode", [(n, m) for n in (2, 3, 4) for m in MODES])
@pytest.mark.parametrize("seed", [2, 3])
def test_conformance_more_seeds(players, mode, seed):
    state = check_conformance(GAME, players, {"mode": mode, "fire_empire": True, "homo_habilis": True},
                              seed=seed, every=16)
    assert state.winners()


@pytest.mark.rule("KDO-1.7")
@pytest.mark.parametrize("seeds", seed_sets(range(20)))
@pytest.mark.parametrize("players,options", ALL, ids=lambda x: str(x))
def test_random_games(players, options, seeds):
    for seed in seeds:
        s = play_random(GAME, players, options, seed=seed)
        assert s.is_terminal and len(s.scores()) == players
        assert all(len(s.occupied[p]) == 1 + 2 * ((24 if players == 2 else 12) - s.discards[p]) for p in range(players))


@pytest.mark.rule("KDO-1.7")
@pytest.mark.parametrize("mode", first_fast(["totem", "tribe"]))
def test_pieces_only_in_own_territory(mode):
    """Every fire token, spent resource and Cro-magnon goes to or from the acting seat's territory;
    no action changes another seat's territory except the placement of that seat's own tile."""
    import random
    for seed in range(4):
        s = lapilli.new_game(GAME, 4, seed, {"mode": mode})
        rng = random.Random(seed)
        while not s.is_terminal:
            seat = s.to_move
            before = [s.observation(None)["territories"][p] for p in range(4)]
            ev = s.apply(rng.choice(s.legal_actions()))
            after = [s.observation(None)["territories"][p] for p in range(4)]
            for e in ev:
                if e["type"] in ("fire", "spend", "put"):
                    assert e["seat"] == seat
                    assert any(q["square"] == e["square"] for q in after[seat])
            changed = [p for p in range(4) if before[p] != after[p]]
            assert changed in ([], [seat]) or all(
                e["type"] == "place" for e in ev if e.get("seat") in changed and e.get("seat") != seat)
