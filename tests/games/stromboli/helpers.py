"""Position builders for the Stromboli rules tests."""
from __future__ import annotations

import lapilli
from lapilli.games.stromboli.data import CARD, NSEG, SPACE_INDEX

RED, YELLOW = 0, 1


def sp(name: str) -> int:
    return SPACE_INDEX[name]


def card_ids(kind: str, n: int = 1, pearl=None, deck=None, bf=None, baskets=None) -> list:
    """n distinct card ids of a kind (from the data file)."""
    out = [
        c for c, v in CARD.items()
        if v[1] == kind and (pearl is None or v[5] == pearl) and (deck is None or v[0] == deck)
        and (bf is None or v[3] == bf) and (baskets is None or v[4] == baskets)
    ]
    assert len(out) >= n, f"the card data has fewer than {n} {kind} cards"
    return out[:n]


def blank(first=YELLOW, tactical=False, seed=0, **opts):
    """A position at the start of ``first``'s turn with an empty island and empty piles.

    Red's shaman on b0, Yellow's on b3, boat at segment 0, no cards anywhere, round 1.
    """
    options = {"tactical": tactical, **opts}
    s = lapilli.new_game("stromboli", 2, seed=seed, options=options)
    s.first = first
    s.current_player = first
    s.tasks = [("turn",)]
    s.cards = [None] * (NSEG * 2)
    s.piles = [[], [], []]
    s.discard = []
    s.shaman = [sp("b0"), sp("b3")]
    s.boat = 0
    s._legal_cache = None
    return s


def put_cards(s, seg: int, c1=None, c2=None):
    s.cards[seg * 2] = c1
    s.cards[seg * 2 + 1] = c2
    s._legal_cache = None


def put_discs(s, seat: int, seg: int, *values):
    for v in values:
        s.discs[seat][v] = seg
    s._legal_cache = None


def set_piles(s, p1=(), p2=(), p3=()):
    """Piles given top card first."""
    s.piles = [list(reversed(p1)), list(reversed(p2)), list(reversed(p3))]
    s._legal_cache = None


def play(s, *actions):
    """Apply actions in order; returns all events."""
    s._legal_cache = None
    ev = []
    for a in actions:
        ev.extend(s.apply(a))
    return ev


def legal(s) -> list:
    s._legal_cache = None
    return s.legal_actions()


def kinds(events) -> list:
    return [e["type"] for e in events]


def fill_all(s, exclude=()):
    """Fill every empty card space with distinct non-Lava filler cards not in ``exclude``."""
    used = set(exclude) | {c for c in s.cards if c} | {c for p in s.piles for c in p}
    pool = [c for c, v in CARD.items() if v[1] not in ("lava", "shell", "priestess") and c not in used]
    for i in range(len(s.cards)):
        if s.cards[i] is None:
            s.cards[i] = pool.pop(0)
    s._legal_cache = None
