"""MCTS decision digests: what the search chooses at fixed positions stays what it chose.

For every game at its minimum and maximum player count, an MCTS agent (fixed seed, a budget in
iterations, no time limit) decides at six positions sampled from seeded random games, and the
digest of its choices must stay the one recorded here.  The agents use only the engine (no
heuristics module), so the digests move only when the search, the engine or a game's rules or
data change behaviour.
"""
from __future__ import annotations

import hashlib
import random

import pytest

import lapilli
from lapilli.agents import Decision, make_agent


def root_positions(game: str, players: int, n: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = lapilli.new_game(game, players, seed, {}, seeding="linear")  # the seeding the digests were taken with
        seed += 1
        while not s.is_terminal and len(out) < n:
            legal = s.legal_actions()
            if len(legal) > 1 and rng.random() < 0.15:
                out.append(s.clone())
            s.apply(legal[rng.randrange(len(legal))])
    return out


# The digests of the choices per game, player count and agent.  An entry moves only when the
# search, the engine, or a game's rules or data choose differently; the change that moves one
# states why (the history of the entries is the repository's, not this file's).
EXPECTED = [
    ('isola-dei-vulcani', 2, 'mcts:iterations=40', 'cdec1e94714034e6'),
    ('isola-dei-vulcani', 2, 'mcts:iterations=40,rollout_depth=20', '0f16bca046a36a32'),
    ('isola-dei-vulcani', 2, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'c2bdf4314ea7b011'),
    ('isola-dei-vulcani', 4, 'mcts:iterations=40', '6ad8ff221951bf8b'),
    ('isola-dei-vulcani', 4, 'mcts:iterations=40,rollout_depth=20', '3d9c9ef11c64da1c'),
    ('isola-dei-vulcani', 4, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'b30a05e6d6b59d77'),
    ('stromboli', 2, 'mcts:iterations=40', 'e3745e4394235801'),
    ('stromboli', 2, 'mcts:iterations=40,rollout_depth=20', 'a766328771a743d2'),
    ('stromboli', 2, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'e3745e4394235801'),
    ('kingdomino-origins', 2, 'mcts:iterations=40', '378069b4e27aa189'),
    ('kingdomino-origins', 2, 'mcts:iterations=40,rollout_depth=20', '058f7637010fb855'),
    ('kingdomino-origins', 2, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'da2a8422b3fd61d6'),
    ('kingdomino-origins', 4, 'mcts:iterations=40', '6601ab2b404ba674'),
    ('kingdomino-origins', 4, 'mcts:iterations=40,rollout_depth=20', 'bd37f0c00ebceb9d'),
    ('kingdomino-origins', 4, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'b924933713392ee4'),
    ('the-island', 2, 'mcts:iterations=40', 'b53d66e7ccd0cd1b'),
    ('the-island', 2, 'mcts:iterations=40,rollout_depth=20', 'c96863f455802d52'),
    ('the-island', 2, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'a1faf93725480446'),
    ('the-island', 6, 'mcts:iterations=40', 'f9b4dcd8ada411fd'),
    ('the-island', 6, 'mcts:iterations=40,rollout_depth=20', '3ac815f8217d5708'),
    ('the-island', 6, 'mcts:iterations=40,rollout_depth=0,c=0.1', 'f2c66024c98d7a3c'),
    ('eruption', 2, 'mcts:iterations=40', '8bab0d53ff6c02a8'),
    ('eruption', 2, 'mcts:iterations=40,rollout_depth=20', 'd12463cf2dab9503'),
    ('eruption', 2, 'mcts:iterations=40,rollout_depth=0,c=0.1', '51c308cf1a89b648'),
    ('eruption', 6, 'mcts:iterations=40', '11bb32e11af88272'),
    ('eruption', 6, 'mcts:iterations=40,rollout_depth=20', 'e06c6d8becf5f87f'),
    ('eruption', 6, 'mcts:iterations=40,rollout_depth=0,c=0.1', '672cf5eb793cf794'),
]


@pytest.mark.parametrize("game,players,spec,expected", EXPECTED,
                         ids=[f"{g}-{p}p-{i % 3}" for i, (g, p, *_rest) in enumerate(EXPECTED)])
def test_mcts_choices_unchanged(game, players, spec, expected):
    agent = make_agent(spec, seed=5, game=game)
    roots = root_positions(game, players, n=6, seed=77)
    choices = []
    for st in roots:
        legal = st.legal_actions()
        a = agent.choose(Decision(st))
        assert a in legal
        assert agent.last_iterations == 40
        choices.append(a)
    assert hashlib.sha256("|".join(choices).encode()).hexdigest()[:16] == expected
