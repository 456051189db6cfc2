"""Helpers to set up small positions on the standard continent of L'Isola dei Vulcani."""
import lapilli

GAME = "isola-dei-vulcani"


class Script:
    """Stands in for the state's rng: randbelow returns scripted values (then 0).

    The die has faces blank x4 then volcano x2 (data/components.json): 0-3 blank, 4-5 volcano.
    A volcano-token draw returns an index into the sorted pool of volcanoes on the board."""

    def __init__(self, values=()):
        self.values = list(values)
        self.state = 0

    def randbelow(self, n):
        v = self.values.pop(0) if self.values else 0
        assert 0 <= v < n, (v, n)
        return v

    def sample(self, seq, k):
        pool = list(seq)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.randbelow(len(pool))))
        return out

    def shuffle(self, lst):
        pass

    def copy(self):
        return Script(self.values)


BLANK = 0
VOLCANO = 4


def fresh(players=2, first=0, seed=0, options=None):
    """A standard game with seat ``first`` to play, boats empty and all colonists in reserve."""
    s = lapilli.new_game(GAME, players, seed, options or {})
    s.first = s.current_player = first
    s.boat = [0] * players
    s.reserve_colonists = [5] * players
    s._legal_cache = None
    return s


def clear(s, keep=("H5a",)):
    """Remove every lava tile except those on ``keep`` (so no double eruption starts by accident)."""
    s.spaces = {x: "L" for x in keep}
    s.lava_supply = 47 - len(keep)
    s._legal_cache = None
    return s


def col(s, h, p, k=1):
    s._add_colonist(h, p, k)
    s.reserve_colonists[p] -= k
    s._legal_cache = None


def village(s, space, p):
    s.spaces[space] = "V%d" % p
    s.reserve_villages[p] -= 1
    s._legal_cache = None


def lying(s, space, p):
    s.spaces[space] = "M%d" % p
    s.reserve_moai[p] -= 1
    s._legal_cache = None


def lava(s, *spaces):
    for x in spaces:
        s.spaces[x] = "L"
        s.lava_supply -= 1
    s._legal_cache = None


def erected(s, crater, p):
    s.erected[crater] = p
    s.reserve_moai[p] -= 1
    s._legal_cache = None


def crack(s, a, b):
    s.cracks.add(a + "|" + b if a < b else b + "|" + a)
    s.crack_supply -= 1
    s._legal_cache = None


def script(s, *values):
    s.rng = Script(values)
    return s


def types(events):
    return [e["type"] for e in events]
