"""Loading Stromboli's component data (data/board.json, data/cards.json) at import.

The rules code uses only the constants built here; swapping a data file changes the
components without touching the rules.
"""
from __future__ import annotations

import json
import pathlib

from lapilli.engine.dataset import files_for

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('board.json', 'cards.json')
_DATASET = files_for(__name__)
_DIR = pathlib.Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict:
    if _DATASET is not None:
        return _DATASET.read(name)
    with open(_DIR / name, encoding="utf-8") as f:
        return json.load(f)


BOARD = _load("board.json")
CARDS = _load("cards.json")

# ---------------------------------------------------------------- board
NSEG: int = BOARD["segments"]["count"]
RING_NAMES: tuple = tuple(BOARD["rings"]["order_outside_in"])
RING_LETTERS: tuple = tuple(BOARD["rings"]["letters"])
WATER, BEACH, PLAIN, FOREST, MOUNTAIN, CRATER = range(6)
HUTS: tuple = tuple(BOARD["huts"]["value"])
PIER: int = BOARD["pier"]["value"]
LAVA_MARKERS: int = BOARD["lava_markers"]["value"]
STATUES: int = BOARD["statues_per_player"]["value"]
CARD_SPACES: int = BOARD["card_spaces_per_segment"]["value"]


def space(ring: int, seg: int) -> int:
    """Space index: ring * NSEG + segment."""
    return ring * NSEG + seg


SPACE_NAMES: tuple = tuple(f"{RING_LETTERS[r]}{s}" for r in range(len(RING_NAMES)) for s in range(NSEG))
SPACE_INDEX: dict = {n: i for i, n in enumerate(SPACE_NAMES)}
NSPACES: int = len(SPACE_NAMES)

_adj: list[set] = [set() for _ in range(NSPACES)]
for _a, _b in BOARD["adjacency"]["edges"]:
    _adj[SPACE_INDEX[_a]].add(SPACE_INDEX[_b])
    _adj[SPACE_INDEX[_b]].add(SPACE_INDEX[_a])
ADJACENT: tuple = tuple(tuple(sorted(x)) for x in _adj)

# ---------------------------------------------------------------- cards
# card id -> (deck, kind, face, butterflies, baskets, pearl)
CARD: dict = {}
DECKS: tuple  # card ids per palm deck (1, 2, 3), in file order
_decks: dict = {}
for _g in CARDS["palm_cards"]:
    _deck = int(_g["deck"])
    _kind = _g["kind"]
    _bf = int(_g.get("butterflies", 0))
    _bk = int(_g.get("baskets", 1 if _kind == "basket" else 0))
    _pearl = _g.get("pearl")
    _face = _kind
    if _pearl:
        _face += "-" + _pearl
    if _kind == "basket":
        _face += f"x{_bk}"
    if _bf:
        _face += f"+{_bf}bf"
    for _ in range(int(_g["count"])):
        _lst = _decks.setdefault(_deck, [])
        _cid = f"{_deck}-{len(_lst) + 1:02d}"
        _lst.append(_cid)
        CARD[_cid] = (_deck, _kind, _face, _bf, _bk, _pearl)
DECKS = tuple(tuple(_decks.get(d, ())) for d in (1, 2, 3))
KIND = {c: v[1] for c, v in CARD.items()}
FACE = {c: v[2] for c, v in CARD.items()}
BUTTERFLIES = {c: v[3] for c, v in CARD.items()}
BASKETS = {c: v[4] for c, v in CARD.items()}
PEARL = {c: v[5] for c, v in CARD.items()}

SCORE_CARDS: tuple = tuple(c["id"] for c in CARDS["score_cards"])
SCORE_CARD_INFO: dict = {c["id"]: c for c in CARDS["score_cards"]}
COST: dict = {c["id"]: int(c["cost"]) for c in CARDS["score_cards"]}
PRIESTESS = CARDS["priestess"]["id"]
COST[PRIESTESS] = int(CARDS["priestess"]["cost"])
SCORE_BUTTERFLIES: dict = {c["id"]: int(c.get("butterflies", 0)) for c in CARDS["score_cards"]}
BUYABLE: tuple = SCORE_CARDS + (PRIESTESS,)

FACE_LABEL = {
    "build": "Build", "priestess": "Priestess", "shell": "Shell", "lava": "Lava",
    "nautilus": "Nautilus", "pearl": "Pearl", "basket": "Basket",
}


def card_label(cid: str) -> str:
    """Short human label of a palm card face, e.g. 'Basket x2 +1bf' or 'Pearl white'."""
    deck, kind, face, bf, bk, pearl = CARD[cid]
    s = FACE_LABEL.get(kind, kind)
    if pearl:
        s += " " + pearl
    if kind == "basket":
        s += f" x{bk}"
    if bf:
        s += f" +{bf}bf"
    return s
