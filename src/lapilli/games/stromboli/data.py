"""Loading Stromboli's component data (data/board.json, data/cards.json) at import.

The rules code uses only the constants built here; swapping a data file changes the
components without touching the rules.
"""
from __future__ import annotations

from lapilli.engine.dataset import data_file

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('board.json', 'cards.json')


def _load(name: str) -> dict:
    return data_file(__name__, name)


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
def _face_text(name: str, kind: str, pearl, baskets: int, butterflies: int, pearl_sep: str, sep: str) -> str:
    """A palm card face in words: ``name`` then the pearl's colour, the baskets and the
    butterflies it shows ('basketx2+1bf' as a face id, 'Basket x2 +1bf' as a label)."""
    s = name
    if pearl:
        s += pearl_sep + pearl
    if kind == "basket":
        s += f"{sep}x{baskets}"
    if butterflies:
        s += f"{sep}+{butterflies}bf"
    return s


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
    _face = _face_text(_kind, _kind, _pearl, _bk, _bf, "-", "")
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
    return _face_text(FACE_LABEL.get(kind, kind), kind, pearl, bk, bf, " ", " ")


# ---------------------------------------------------------------- consistency rules of a data set
PALM_KINDS = ("build", "priestess", "shell", "lava", "nautilus", "pearl", "basket")
SCORE_KINDS = ("butterflies", "majority", "forest", "mountain", "segment")  # what scoring.py knows


def check(files: dict) -> list:
    """The game's own rules for a data set (`lapilli data check`): each Problem names the file,
    the item and the rule.  The JSON Schemas have been checked already."""
    from lapilli.engine.dataset import Problem

    out = []
    board, cards = files["board.json"], files["cards.json"]
    rings, letters = board["rings"]["order_outside_in"], board["rings"]["letters"]
    if len(rings) != 6 or len(letters) != 6 or len(set(letters)) != 6:
        out.append(Problem("board.json", "rings", "DG-6",
                           "the rings must be six (water, beach, plain, forest, mountain, crater), each with its own letter"))
    nseg = board["segments"]["count"]
    names = {f"{r}{s}" for r in letters for s in range(nseg)}
    linked: dict = {n: set() for n in names}
    for i, (a, b) in enumerate(board["adjacency"]["edges"]):
        for x in (a, b):
            if x not in names:
                out.append(Problem("board.json", f"adjacency.edges[{i}]", "DG-6",
                                   f"{x!r} is not a space (ring letter + segment 0-{nseg - 1})"))
        if a == b:
            out.append(Problem("board.json", f"adjacency.edges[{i}]", "DG-6", f"{a} is joined to itself"))
        if a in names and b in names:
            linked[a].add(b)
            linked[b].add(a)
    if names and not out:
        seen, todo = set(), [next(iter(sorted(names)))]
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo.extend(linked[x] - seen)
        for x in sorted(names - seen):
            out.append(Problem("board.json", "adjacency.edges", "DG-6", f"space {x} cannot be reached"))
    for key in ("huts",):
        for i, v in enumerate(board[key]["value"]):
            if not 0 <= v < nseg:
                out.append(Problem("board.json", f"{key}.value[{i}]", "DG-5", f"segment {v} is not 0-{nseg - 1}"))
    if not 0 <= board["pier"]["value"] < nseg:
        out.append(Problem("board.json", "pier.value", "DG-5", f"segment {board['pier']['value']} is not 0-{nseg - 1}"))
    per_deck: dict = {}
    lava = 0
    for i, g in enumerate(cards["palm_cards"]):
        if g["kind"] not in PALM_KINDS:
            out.append(Problem("cards.json", f"palm_cards[{i}].kind", "DG-1",
                               f"{g['kind']!r} is not a palm card the rules know ({', '.join(PALM_KINDS)})"))
        if g["deck"] not in (1, 2, 3):
            out.append(Problem("cards.json", f"palm_cards[{i}].deck", "DG-1", f"deck {g['deck']} is not 1, 2 or 3"))
        per_deck[g["deck"]] = per_deck.get(g["deck"], 0) + g["count"]
        lava += g["count"] if g["kind"] == "lava" else 0
    for d, n in sorted(cards["deck_sizes"]["value"].items()):
        if per_deck.get(int(d), 0) != n:
            out.append(Problem("cards.json", f"deck_sizes.value.{d}", "DG-1",
                               f"deck {d} should hold {n} cards but palm_cards give it {per_deck.get(int(d), 0)}"))
    if lava != cards["lava_cards"]["value"]:
        out.append(Problem("cards.json", "lava_cards.value", "DG-1",
                           f"{cards['lava_cards']['value']} Lava cards stated, palm_cards hold {lava}"))
    ids = [c["id"] for c in cards["score_cards"]]
    for i, c in enumerate(cards["score_cards"]):
        if c["id"] not in SCORE_KINDS:
            out.append(Problem("cards.json", f"score_cards[{i}].id", "DG-4",
                               f"{c['id']!r} is not a score card the rules know ({', '.join(SCORE_KINDS)})"))
        elif ids.count(c["id"]) > 1:
            out.append(Problem("cards.json", f"score_cards[{i}].id", "DG-4", f"{c['id']!r} appears twice"))
    return out
