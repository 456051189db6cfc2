"""Behaviour digests: speed work must not change what any game does.

For each game, player count (minimum and maximum) and a few option sets, a seeded random game is
played to its end; a digest is taken of every legal-action list, every event, a determinized copy
of every seventh position (its saved data and five random plies on it) and the final history,
scores and winners.  The expected digests were taken from main before the speed work
(commit 42eb41e), so any change in the rules, in legal-action order, in chance or in
determinization fails here.
"""
from __future__ import annotations

import hashlib
import json

import pytest

import lapilli
from lapilli.engine.rng import Rng


def _data_as_digested(state) -> dict:
    """The state's saved data under the field names of state files of version 1, which the
    digests were taken with: version 2 renamed fields (``RENAMED_FIELDS``) but not what they hold."""
    old = {new: was for was, new in type(state).RENAMED_FIELDS.get(2, {}).items()}
    return {old.get(k, k): v for k, v in state.to_json()["data"].items()}


def digest(game: str, players: int, options: dict, seed: int) -> tuple[str, int]:
    s = lapilli.new_game(game, players, seed, options, seeding="linear")  # the seeding the digests were taken with
    r = Rng(seed * 31 + 7)
    h = hashlib.sha256()
    while not s.is_terminal:
        legal = s.legal_actions()
        h.update("|".join(legal).encode())
        h.update(b"\n")
        a = legal[r.randbelow(len(legal))]
        if len(s.history) % 7 == 3:
            d = s.determinize(s.to_move, len(s.history))
            h.update(json.dumps(_data_as_digested(d), sort_keys=True, default=str).encode())
            for _ in range(5):
                if d.is_terminal:
                    break
                dl = d.legal_actions()
                h.update("|".join(dl).encode())
                d.apply(dl[r.randbelow(len(dl))])
        ev = s.apply(a)
        h.update(json.dumps(ev, sort_keys=True, default=str).encode())
    h.update(json.dumps([s.history, s.scores(), s.winners()], default=str).encode())
    return h.hexdigest()[:16], len(s.history)


# (game, players, options, seed, digest, plies), measured on main at 42eb41e
# L'Isola dei Vulcani's entries were retaken after its crater data changed (issue 6: craters
# printed on the tiles, one facing each straight side), a change of the game's data, not of the engine.
# Retaken again when the default crater set gained craters on volcano hexes (the earlier set is
# the data set rim-craters): again a change of the game's data.
# Rules corrections retook the entries they change (issue 36): L'Isola dei Vulcani's entries but the
# 2-player seed 2 (lava now destroys a Moai lying without a space, IDV-I18) and The Island's
# giant-squid entries (a squid moved by the whale tile may stay, ISL-17.10).  The house rules whose
# default is the literal text and differs from the old hard-wired reading retook the entries they
# change: Isola colonist_limit 'all', Kingdomino Origins fire_on_start and totem_tie 'give' (and its
# saved state gained 'burnt'), The Island tiebreak 'base' at 2-4 players, dive_move 'compulsory' and
# dolphin_shift 'several'.  The Isola entries then carry both the volcano-crater data and these
# rules (with the data set rim-craters they give the digests the rules alone gave); Kingdomino
# Origins' saved state keeps 'burnt' only from a fire to the Totems it settles, which changes the
# saved data the digest reads but nothing of the play (with 'burnt' left out, the same digests).
# A determinization became a function of the seat's observation and the seed alone (each hidden
# pool sorted before its shuffle): the entries of the four games with hidden information were
# retaken, for the determinized copies they digest draw other samples of the same distribution
# (the games themselves are unchanged; where the random driver's choices on a copy differ, the
# moves it picks in the game after it differ too, and so do a few entries' plies).
# Kingdomino Origins' Totem mode: a tie that already stood no longer moves a Totem under totem_tie
# 'give' or 'return' (only counts changed in the turn do, KDO-10.13), and the saved state keeps the
# resources a tile brought ('gained') from its placement to the Totems it settles: the two Totem
# entries were retaken (both games move Totems differently; the other modes are unchanged).
EXPECTED = [
    ('isola-dei-vulcani', 2, {}, 1, 'af6a2a0ce3e3f3d4', 383),
    ('isola-dei-vulcani', 2, {}, 2, '388d5a409716104f', 407),
    ('isola-dei-vulcani', 4, {}, 1, '5e9a2adbde882443', 795),
    ('isola-dei-vulcani', 4, {}, 2, 'b5c1b314e203bd7c', 814),
    ('isola-dei-vulcani', 4, {'setup': 'advanced'}, 1, 'aa2f0f7ff62cd7ca', 799),
    ('isola-dei-vulcani', 4, {'setup': 'advanced'}, 2, '63bcf36cfa06285b', 786),
    ('stromboli', 2, {}, 1, 'e7bd206d551b30b1', 358),
    ('stromboli', 2, {}, 2, '5f4e685265751d39', 358),
    ('stromboli', 2, {'tactical': True, 'huts': 'random', 'prescore_priestess': True}, 1, '543d3b010e3d3aea', 375),
    ('stromboli', 2, {'tactical': True, 'huts': 'random', 'prescore_priestess': True}, 2, 'dda517586962dda7', 323),
    ('kingdomino-origins', 2, {}, 1, 'e3968647f36decee', 90),
    ('kingdomino-origins', 2, {}, 2, 'd7d9614bae3c5d4e', 90),
    ('kingdomino-origins', 4, {}, 1, 'd2d00411ae92e34f', 90),
    ('kingdomino-origins', 4, {}, 2, '156cbafc0ca735fa', 86),
    ('kingdomino-origins', 3, {'mode': 'totem'}, 1, 'a7720c18caa46494', 76),
    ('kingdomino-origins', 3, {'mode': 'totem'}, 2, '5966e817582885b9', 77),
    ('kingdomino-origins', 4, {'mode': 'tribe', 'fire_empire': True, 'homo_habilis': True}, 1, '679619c4440ab3cc', 144),
    ('kingdomino-origins', 4, {'mode': 'tribe', 'fire_empire': True, 'homo_habilis': True}, 2, 'd1859f2d2f2a1bbf', 161),
    ('the-island', 2, {}, 1, '0fdfc6198c6c3fb6', 224),
    ('the-island', 2, {}, 2, '49b98da9a1c330de', 231),
    ('the-island', 6, {}, 1, 'e9bce265256b9ec2', 255),
    ('the-island', 6, {}, 2, '85d258896d1a261e', 228),
    ('the-island', 4, {'challenge_1': True, 'challenge_2': True, 'challenge_3': True, 'challenge_4': True, 'dolphins': True, 'giant_squid': True}, 1, 'b5b6abc6d98479b5', 256),
    ('the-island', 4, {'challenge_1': True, 'challenge_2': True, 'challenge_3': True, 'challenge_4': True, 'dolphins': True, 'giant_squid': True}, 2, 'e3c764fc3be504ce', 262),
    ('the-island', 5, {'challenge_5': True, 'giant_squid': True, 'squid_variant_1': True}, 1, 'b782de0cfbaf45e8', 276),
    ('the-island', 5, {'challenge_5': True, 'giant_squid': True, 'squid_variant_1': True}, 2, '2232f154648b2fa4', 279),
    ('eruption', 2, {}, 1, 'dfa4ebbf3a1709b5', 93),
    ('eruption', 2, {}, 2, 'a805f792d831081f', 85),
    ('eruption', 6, {}, 1, '86496d85044c73bc', 133),
    ('eruption', 6, {}, 2, '9e598f4775a04e77', 140),
    ('eruption', 4, {'variant': 'lava_rain', 'border_side_lost': 'permanent'}, 1, '06464e22249026e4', 168),
    ('eruption', 4, {'variant': 'lava_rain', 'border_side_lost': 'permanent'}, 2, '2dc9e2f51894caa7', 158),
    ('eruption', 3, {'variant': 'annihilation'}, 1, '348550ca29d74e6c', 114),
    ('eruption', 3, {'variant': 'annihilation'}, 2, '0bc468ed244d2bd6', 147),
    ('eruption', 4, {'variant': 'cooperation', 'border_side_lost': 'rest_of_turn'}, 1, 'a85e3dd4a6e6d5e6', 250),
    ('eruption', 4, {'variant': 'cooperation', 'border_side_lost': 'rest_of_turn'}, 2, 'f1163b176be95ec0', 312),
    ('eruption', 6, {'variant': 'cooperation'}, 1, '9f340500dcfa7737', 362),
    ('eruption', 6, {'variant': 'cooperation'}, 2, 'e1c5f1c16959433c', 290),
]


@pytest.mark.parametrize("game,players,options,seed,expected,plies", EXPECTED,
                         ids=[f"{g}-{p}p-{i}" for i, (g, p, *_rest) in enumerate(EXPECTED)])
def test_seeded_game_unchanged(game, players, options, seed, expected, plies):
    got, n = digest(game, players, options, seed)
    assert n == plies
    assert got == expected
