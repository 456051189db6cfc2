"""Tribe mode: the Cave board and recruiting Cro-magnons (KDO-11)."""
import pytest

from lapilli.engine import IllegalAction
from lapilli.games.kingdomino_origins.data import CRO_DECK, TILES

from .helpers import as_active, cell, first_play, new, set_territory, sq

RICH = ["L+f J+u Q+k S+m D",
        "D1 D*1 V1 D D:shaman",
        ". . H . .",
        ". . . . .",
        ". . . . ."]


def to_recruit(rows=RICH, seed=1):
    """Seat to move has `rows` as territory, plays a plain desert tile, chooses: now it may recruit."""
    s = first_play(3, "tribe", seed=seed)
    p = s.current_player
    set_territory(s, p, rows)
    as_active(s, p, 1)  # desert | desert
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])  # Choose a new tile
    return s, p


def rule_of(s, action):
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.to_json() == before
    return e.value.rule


@pytest.mark.rule("KDO-11.2")
@pytest.mark.rule("KDO-11.3")
@pytest.mark.rule("KDO-11.4")
@pytest.mark.rule("KDO-11.5")
def test_tribe_setup():
    s = new(3, "tribe", seed=4)
    assert len(s.display) == 4 and len(s.deck) == 18
    assert sorted(s.display + s.deck) == sorted(CRO_DECK)
    for t in s.current_tiles:
        assert s.row_resources[t] == tuple(q[3] for q in TILES[t])
    obs = s.observation(1)
    assert obs["display"] == s.display and obs["deck"] == 18
    assert "shuffle" in [e["type"] for e in s.setup_events]
    # the deck's order is hidden: other seeds give other orders, the observation shows contents only
    assert len({tuple(new(3, "tribe", seed=k).deck) for k in range(5)}) == 5
    d = s.determinize(0, 99)
    assert d.observation(0) == s.observation(0) and d.deck != s.deck


@pytest.mark.rule("KDO-11.8")
@pytest.mark.rule("KDO-11.9")
@pytest.mark.rule("KDO-11.12")
@pytest.mark.rule("KDO-11.6")
@pytest.mark.rule("KDO-11.16")
def test_recruit_from_the_display():
    s, p = to_recruit()
    assert s.phase == "recruit" and s.to_move == p
    legal = s.legal_actions()
    assert legal[0] == "pass"
    kind = s.display[0]
    assert f"recruit {kind}" in legal and f"recruit deck {s.deck[0]}" in legal
    s.apply(f"recruit {kind}")
    assert len(s.display) == 3  # the space stays empty
    assert s.phase == "spend"
    assert s.legal_actions() == [f"spend {sq(s, 0, c)}" for c in range(4)]
    s.apply(f"spend {sq(s, 0, 0)}")  # a fish
    assert s.resource_counts[p] == [1, 0, 1, 1] and cell(s, 0, 0) not in s.resources[p]
    assert rule_of(s, f"spend {sq(s, 1, 0)}") == "KDO-11.13"
    s.apply(f"spend {sq(s, 0, 3)}")  # a mammoth: two different types
    assert s.resource_counts[p] == [0, 0, 1, 1]
    assert s.phase == "put"
    assert f"put {sq(s, 0, 0)}" in s.legal_actions()  # the square a spent resource came from
    s.apply(f"put {sq(s, 0, 0)}")
    assert s.cromagnons[p][cell(s, 0, 0)] == kind


@pytest.mark.rule("KDO-11.9")
def test_two_resources_must_differ():
    s, p = to_recruit(["L+f L+f . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    # one type only: no recruiting possible, the turn simply goes on
    assert s.phase != "recruit"
    s, p = to_recruit(["L+f L+f S+m . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert [a for a in s.legal_actions() if a.startswith("recruit deck")] == []
    s.apply(f"recruit {s.display[0]}")
    s.apply(f"spend {sq(s, 0, 0)}")
    assert rule_of(s, f"spend {sq(s, 0, 1)}") == "KDO-11.9"
    assert s.legal_actions() == [f"spend {sq(s, 0, 2)}"]


@pytest.mark.rule("KDO-11.10")
@pytest.mark.rule("KDO-11.11")
def test_recruit_from_the_deck():
    s, p = to_recruit()
    kind = s.deck[0]
    deck_before = sorted(s.deck)
    ev = s.apply(f"recruit deck {kind}")
    assert {"type": "shuffle", "what": "cromagnons"} in ev
    rest = list(deck_before)
    rest.remove(kind)
    assert sorted(s.deck) == rest and len(s.display) == 4
    for c in range(4):
        s.apply(s.legal_actions()[0])
    assert s.resource_counts[p] == [0, 0, 0, 0] and s.phase == "put"
    s2, _ = to_recruit(["L+f J+u Q+k . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert rule_of(s2, f"recruit deck {kind}") == "KDO-11.10"


@pytest.mark.rule("KDO-11.14")
@pytest.mark.rule("KDO-11.15")
@pytest.mark.rule("KDO-11.17")
def test_where_a_cromagnon_may_stand():
    s, p = to_recruit()
    s.apply(f"recruit {s.display[0]}")
    s.apply(f"spend {sq(s, 0, 0)}")
    s.apply(f"spend {sq(s, 0, 1)}")
    targets = set(a.split()[1] for a in s.legal_actions())
    assert sq(s, 1, 2) in targets  # a volcano square (KDO-I23)
    assert sq(s, 1, 3) in targets and sq(s, 0, 4) in targets
    assert rule_of(s, f"put {sq(s, 1, 0)}") == "KDO-11.15"  # printed campfire
    assert rule_of(s, f"put {sq(s, 1, 1)}") == "KDO-11.15"  # fire token
    assert rule_of(s, f"put {sq(s, 0, 2)}") == "KDO-11.15"  # a resource
    assert rule_of(s, f"put {sq(s, 2, 2)}") == "KDO-11.17"  # the start tile
    assert rule_of(s, f"put {sq(s, 1, 4)}") == "KDO-11.17"  # already a Cro-magnon
    assert rule_of(s, f"put {sq(s, 4, 4)}") == "KDO-11.14"  # no square there


@pytest.mark.rule("KDO-11.8")
@pytest.mark.rule("KDO-11.7")
def test_pass_and_display_refill_at_the_next_row():
    s, p = to_recruit()
    s.apply(f"recruit {s.display[0]}")
    while s.phase in ("spend", "put"):
        s.apply(s.legal_actions()[0])
    assert len(s.display) == 3
    deck = len(s.deck)
    r = s.round
    while s.round == r:
        if s.phase == "recruit":
            s.apply("pass")  # recruiting is optional
        else:
            s.apply(s.legal_actions()[0])
    assert len(s.display) == 4 and len(s.deck) == deck - 1
    assert rule_of(new(3, "discovery"), "pass") == "KDO-11.8"
