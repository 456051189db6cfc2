"""The per-game RL hooks (lapilli/games/<pkg>/rl.py): fixed action tables and observation vectors.

For each of the five games at its smallest and largest player count: PettingZoo's API test, every
legal action of a few hundred seeded random positions is in the table (and maps back to itself),
the observation vector has the fixed length and follows the position, and a seat's vector does not
change when only what is hidden from that seat is re-sampled (determinize).
"""
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import lapilli  # noqa: E402
import lapilli.rl as rl  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")

# (game, players, options): min and max player counts (and a few more), with option sets that use most verbs
SETUPS = [
    ("kingdomino-origins", 2, {"mode": "tribe"}),
    ("kingdomino-origins", 3, {}),
    ("kingdomino-origins", 4, {"mode": "totem"}),
    ("stromboli", 2, {}),
    ("stromboli", 2, {"tactical": True}),
    ("the-island", 2, {}),
    ("the-island", 6, {"dolphins": True, "giant_squid": True}),
    ("eruption", 2, {}),
    ("eruption", 3, {"variant": "lava_rain"}),
    ("eruption", 6, {"variant": "cooperation"}),
    ("isola-dei-vulcani", 2, {}),
    ("isola-dei-vulcani", 4, {"setup": "advanced"}),
]
GAMES = ("kingdomino-origins", "stromboli", "the-island", "eruption", "isola-dei-vulcani")
IDS = [f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, n, o in SETUPS]
POSITIONS = 240  # per set-up


def test_every_game_ships_both_hooks():
    for game in GAMES:
        ad = rl.adapter(game)
        assert ad.actions is not None and ad.fixed_obs, game


def _positions(game, players, options, count, seed=0):
    """Seeded random positions (states, cloned), spread over whole games."""
    out = []
    k = 0
    while len(out) < count:
        s = lapilli.new_game(game, players, seed + k, options, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
        rng = random.Random(seed + k)
        k += 1
        while not s.is_terminal and len(out) < count:
            if rng.random() < 0.35:
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game, players, options", SETUPS, ids=IDS)
def test_pettingzoo_api(game, players, options):
    api_test(rl.env(game, players=players, options=options, max_plies=400), num_cycles=40)


@pytest.mark.parametrize("game, players, options", SETUPS, ids=IDS)
def test_actions_observations_and_hidden_information(game, players, options):
    ad = rl.adapter(game, players, options)
    table = ad.actions
    index = {a: i for i, a in enumerate(table)}
    assert len(index) == len(table) == ad.slots
    states = _positions(game, players, options, POSITIONS)
    assert len(states) == POSITIONS
    seen_legal = 0
    hidden = 0  # seats with something hidden from them, whose vector was checked after re-sampling
    vectors = []
    for k, s in enumerate(states):
        legal = s.legal_actions()
        missing = [a for a in legal if a not in index]
        assert not missing, f"not in the action table: {missing[:5]}"
        for a in legal:
            assert table[index[a]] == a
            assert ad.decode(index[a], legal) == a
        mask = ad.mask(legal)
        assert int(mask.sum()) == len(legal)
        seen_legal += len(legal)
        seat = s.to_move
        obs = s.observation(seat)
        v = ad.encode(obs)
        assert v.shape == (ad.obs_size,) and v.dtype == np.float32 and np.isfinite(v).all()
        assert len(ad.encoder(obs)) == ad.obs_size
        vectors.append((obs, v))
        # (4) what is hidden from the seat does not reach its vector
        if k % 4 == 0:
            for other in range(players):
                hidden += s.has_hidden(other)
                d = s.determinize(other, seed=k)
                assert np.array_equal(ad.encode(d.observation(other)), ad.encode(s.observation(other)))
    assert seen_legal > POSITIONS
    # L'Isola dei Vulcani hides nothing (the volcano tokens in the pool are public, the die is
    # rolled when used); the other four hide tile backs, draw piles, hands or explorer values
    assert hidden > 0 if game != "isola-dei-vulcani" else hidden == 0
    # (3) positions whose observations differ (beyond the ply counter) have different vectors
    differ = 0
    for (o1, v1), (o2, v2) in zip(vectors, vectors[1:]):
        a = {k: x for k, x in o1.items() if k != "ply"}
        b = {k: x for k, x in o2.items() if k != "ply"}
        if a != b:
            differ += 1
            assert not np.array_equal(v1, v2), _diff(a, b)
    assert differ > POSITIONS // 2
    # every field of the observation reaches the vector: swap one differing field of a later
    # observation of the same seat into an earlier one, and the vector changes
    fields = set()
    for (o1, v1), (o2, _) in list(zip(vectors, vectors[1:]))[::2]:
        if o1["seat"] != o2["seat"]:
            continue
        for key in o1.keys() | o2.keys():
            if key == "ply" or o1.get(key) == o2.get(key):
                continue
            mixed = dict(o1)
            mixed[key] = o2.get(key)
            assert not np.array_equal(ad.encode(mixed), v1), f"the field {key!r} does not reach the vector"
            fields.add(key)
    assert len(fields) >= 3


def _diff(a, b):
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return "same vector for observations that differ in " + ", ".join(keys)


@pytest.mark.parametrize("game, players, options", SETUPS, ids=IDS)
def test_vector_of_a_seat_follows_only_its_own_view(game, players, options):
    """Two seats of one position see it from their own side: the seat blocks are relative."""
    ad = rl.adapter(game, players, options)
    s = _positions(game, players, options, 30, seed=100)[-1]
    vs = [ad.encode(s.observation(p)) for p in range(players)]
    assert all(v.shape == (ad.obs_size,) for v in vs)
    assert any(not np.array_equal(vs[0], v) for v in vs[1:])
    assert ad.encode(s.observation(None)).shape == (ad.obs_size,)  # a spectator


@pytest.mark.parametrize("game, players, options", SETUPS, ids=IDS)
def test_the_final_position_is_encoded(game, players, options):
    ad = rl.adapter(game, players, options)
    s = lapilli.new_game(game, players, 5, options)
    rng = random.Random(5)
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    v = ad.encode(s.observation(0))
    assert v.shape == (ad.obs_size,) and np.isfinite(v).all()
    assert all(ad.encode(s.observation(p)).shape == (ad.obs_size,) for p in range(players))


def test_a_missing_action_is_named():
    ad = rl.adapter("stromboli", 2, {})
    with pytest.raises(ValueError, match="'fly away' is missing from the action table"):
        ad.mask(["stay", "fly away"])


def test_fixed_sizes_cannot_be_overridden_by_mistake():
    size = rl.adapter("stromboli", 2, {}).obs_size
    assert rl.adapter("stromboli", 2, {}, obs_size=size).obs_size == size
    with pytest.raises(ValueError, match="obs_size"):
        rl.adapter("stromboli", 2, {}, obs_size=size + 1)


def test_a_vector_of_another_length_is_refused():
    ad = rl.adapter("stromboli", 2, {})
    obs = lapilli.new_game("stromboli", 2, 0, {}).observation(0)
    short = rl.Adapter(ad.game, ad.players, ad.options, ad.actions, ad.slots, ad.obs_size,
                       lambda o: ad.encoder(o)[:-1], True)
    with pytest.raises(ValueError, match="must not depend on the position"):
        short.encode(obs)
