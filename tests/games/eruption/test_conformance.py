"""The engine contract for every player count and option set, plus seeded random games."""
import pytest

import lapilli
from lapilli.testing.conformance import check_conformance, play_random
from tests.games.seeds import seed_sets
from tests.tiers import fast_where, first_fast

CONFIGS = [(v, n) for v in ("standard", "annihilation", "lava_rain") for n in range(2, 7)]
CONFIGS += [("cooperation", 4), ("cooperation", 6)]


# each variant at its fewest players in the fast tier, at every count in the whole suite
@pytest.mark.parametrize("variant,players", fast_where(CONFIGS, lambda v, n: n == min(k for w, k in CONFIGS if w == v)))
def test_conformance(variant, players):
    for seed in (1, 2):
        st = check_conformance("eruption", players, {"variant": variant}, seed=seed, every=6)
        assert st.is_terminal and st.winners()


@pytest.mark.parametrize("flag", ["rest_of_turn", "permanent"])
@pytest.mark.parametrize("players", first_fast([2, 4, 6]))
def test_conformance_border_flag(flag, players):
    check_conformance("eruption", players, {"border_side_lost": flag}, seed=3, every=8)


@pytest.mark.parametrize("variant,players", first_fast([("annihilation", 3), ("cooperation", 4), ("lava_rain", 5)]))
def test_conformance_all_options_together(variant, players):
    check_conformance("eruption", players, {"variant": variant, "border_side_lost": "permanent"}, seed=4, every=8)


@pytest.mark.parametrize("seeds", seed_sets(range(20)))
@pytest.mark.parametrize("variant,players", CONFIGS)
def test_random_games(variant, players, seeds):
    ends = set()
    for seed in seeds:
        st = play_random("eruption", players, {"variant": variant}, seed=seed)
        assert st.is_terminal and st.winners()
        assert all(0 <= t <= 290 for t in st.scores())
        ends.add(st.end_event)
    allowed = {"annihilation", "stalemate"} if variant == "annihilation" else {"A", "B"}
    assert ends <= allowed


def test_spec():
    spec = lapilli.game_spec("eruption")
    assert (spec.min_players, spec.max_players, spec.rules_prefix) == (2, 6, "ERU")
    # no Cooperation with 3; x border_side_lost x both_events_final x annihilation_end, and lava_rain with Annihilation
    assert spec.configurations(4) and len(spec.configurations(3)) == (3 + 1) * 3 * 2 * 2
