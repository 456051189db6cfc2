"""Totem mode: resources on rows, majorities and their transfer (KDO-10)."""
import pytest

from lapilli.games.kingdomino_origins.data import TILES

from .helpers import as_active, first_play, set_territory, tile_to_play

FISH = 1


@pytest.mark.rule("KDO-10.1")
@pytest.mark.rule("KDO-10.2")
@pytest.mark.rule("KDO-10.3")
@pytest.mark.rule("KDO-10.4")
@pytest.mark.rule("KDO-10.5")
@pytest.mark.rule("KDO-10.8")
def test_resources_on_every_row_turned_up():
    s = first_play(4, "totem", seed=5)
    d = first_play(4, "discovery", seed=5)
    assert s.current_tiles == d.current_tiles and s.new_tiles == d.new_tiles  # Discovery set-up underneath
    for t in s.current_tiles + s.new_tiles:
        expect = tuple(q[3] for q in TILES[t])  # one piece on each steppe/lake/jungle/quarry square
        assert s.row_resources[t] == expect                      # without a campfire; none on desert/volcano
        for (land, camp, crat, _), r in zip(TILES[t], s.row_resources[t]):
            if land in (0, 5) or camp:
                assert r == -1
    assert s.totem == [-1, -1, -1, -1]  # laid out, owned by nobody
    r = s.round
    while s.round == r:
        s.apply(s.legal_actions()[0])
    for t in s.new_tiles:  # the next row turned up also gets its resources
        assert s.row_resources[t] == tuple(q[3] for q in TILES[t])
    total = sum(1 for t in range(1, 49) for q in TILES[t] if q[3] >= 0)
    assert total == 49


@pytest.mark.rule("KDO-10.7")
@pytest.mark.rule("KDO-10.9")
@pytest.mark.rule("KDO-10.10")
def test_resources_travel_with_the_tile_and_majority_takes_totem():
    s = first_play(3, "totem", seed=2)
    p = s.current_player
    ev = as_active(s, p, 12)  # steppe+mammoth | steppe+mammoth
    assert ev == []
    ev = s.apply(s.legal_actions()[0])
    assert s.resource_counts[p][0] == 2 and sorted(s.resources[p].values()) == [0, 0]
    assert {"type": "totem", "resource": "mammoth", "to": p, "from": None} in ev
    assert s.totem[0] == p


@pytest.mark.rule("KDO-10.11")
def test_a_tie_never_takes_a_totem():
    s = first_play(3, "totem", seed=2)
    p = s.current_player
    q = (p + 1) % 3
    set_territory(s, q, [". . . . .", ". . . . .", ". . H S+m .", ". . . . .", ". . . . ."])
    as_active(s, p, 4)  # desert | steppe+mammoth
    ev = s.apply(s.legal_actions()[0])
    assert s.resource_counts[p][0] == 1 == s.resource_counts[q][0]
    assert s.totem[0] == -1 and not [e for e in ev if e["type"] == "totem"]


def fish_rows(n):
    cells = ["L+f"] * n + ["."] * (2 - n)
    return [". . . . .", ". . . . .", f". {cells[0]} H {cells[1]} .", ". . . . .", ". . . . ."]


def play_fire_on_fish(s, seat, tile):
    """seat plays a volcano tile with no resource and burns one of its fish."""
    as_active(s, seat, tile)
    fish = [c for c, r in s.resources[seat].items() if r == FISH]
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        if t.phase == "fire" and any(f"fire {s.geo.name[c]}" in t.legal_actions() for c in fish):
            s.apply(a)
            c = next(c for c in fish if f"fire {s.geo.name[c]}" in s.legal_actions())
            return s.apply(f"fire {s.geo.name[c]}")
    raise AssertionError("no placement reaches a fish")


@pytest.mark.rule("KDO-V5")
@pytest.mark.rule("KDO-10.13")
@pytest.mark.rule("KDO-10.14")
@pytest.mark.rule("KDO-10.15")
def test_fish_totem_example():
    s = first_play(3, "totem", seed=3, totem_tie="keep")   # the spec's example follows reading (a)
    A, B, C = 0, 1, 2
    set_territory(s, A, fish_rows(2))
    set_territory(s, B, fish_rows(2))
    set_territory(s, C, fish_rows(1))
    s.totem[FISH] = A
    # (1) B adds a tile with 1 fish: 3 fish, strictly more than A: B takes the Totem from A
    as_active(s, B, 6)  # desert | lake+fish
    ev = s.apply(s.legal_actions()[0])
    assert s.resource_counts[B][FISH] == 3 and s.totem[FISH] == B
    assert {"type": "totem", "resource": "fish", "to": B, "from": A} in ev
    # (2) C adds a tile with 1 fish: C 2, no change
    as_active(s, C, 7)
    s.apply(s.legal_actions()[0])
    assert s.resource_counts[C][FISH] == 2 and s.totem[FISH] == B
    # (3) B's volcano burns one of B's fish: 2-2-2, B keeps the Totem
    play_fire_on_fish(s, B, 28)
    assert s.resource_counts[B][FISH] == 2 and s.totem[FISH] == B and s.phase != "give"
    # (4) another fish burnt: B 1, A and C 2: B hands the Totem to A or C, B's choice
    play_fire_on_fish(s, B, 29)
    assert s.resource_counts[B][FISH] == 1
    assert s.phase == "give" and s.to_move == B
    assert s.legal_actions() == [f"give {A}", f"give {C}"]
    from lapilli.engine import IllegalAction
    with pytest.raises(IllegalAction) as e:
        s.apply(f"give {B}")
    assert e.value.rule == "KDO-10.14"
    ev = s.apply(f"give {C}")
    assert s.totem[FISH] == C and ev[0] == {"type": "totem", "resource": "fish", "to": C, "from": B}
    assert s.phase == "choose"


@pytest.mark.rule("KDO-10.13")
def test_single_new_leader_gets_the_totem_without_a_choice():
    s = first_play(3, "totem", seed=3)
    set_territory(s, 0, fish_rows(2))
    set_territory(s, 1, fish_rows(2))
    set_territory(s, 2, fish_rows(1))
    s.totem[FISH] = 0
    ev = play_fire_on_fish(s, 0, 28)  # seat 0: 1 fish; seat 1 alone leads with 2
    assert s.totem[FISH] == 1
    assert {"type": "totem", "resource": "fish", "to": 1, "from": 0} in ev


@pytest.mark.rule("KDO-10.10")
def test_only_the_player_who_adds_a_tile_takes_from_the_table():
    s = first_play(3, "totem", seed=3)
    set_territory(s, 0, fish_rows(2))
    set_territory(s, 1, fish_rows(2))
    play_fire_on_fish(s, 0, 28)  # seat 0 burns a fish: seat 1 now has the most fish
    assert s.resource_counts[0][FISH] == 1 and s.totem[FISH] == -1
    as_active(s, 1, 1)  # seat 1 adds a desert tile: now it takes the Totem
    ev = s.apply(s.legal_actions()[0])
    assert s.totem[FISH] == 1
    assert {"type": "totem", "resource": "fish", "to": 1, "from": None} in ev


@pytest.mark.rule("KDO-10.10")
def test_no_totem_for_a_discarded_tile():
    """"Dopo avere aggiunto una tessera al tuo territorio ... prendi la tessera Totem": a player
    whose tile is discarded adds nothing and takes no Totem, even with a strict majority."""
    s = first_play(3, "totem", seed=1)
    p = s.current_player
    set_territory(s, p, ["D D D D D", "D S+m D D D", "D D H D D", "D D D D D", "D D D D D"])
    assert s.resource_counts[p][0] == 1 and all(s.resource_counts[q][0] == 0 for q in range(3) if q != p)
    assert s.totem[0] == -1
    ev = tile_to_play(s, 48)  # quarry | 3-crater volcano: nowhere to go
    assert ev[0]["type"] == "discard" and ev[0]["seat"] == p
    assert s.totem[0] == -1 and not [e for e in ev if e["type"] == "totem"]


def fish_tie(totem_tie):
    """A holds the fish Totem with 3 fish, B has 2, C 1; B adds a tile with 1 fish: 3-3 with A."""
    s = first_play(3, "totem", seed=3, totem_tie=totem_tie)
    set_territory(s, 0, [". . . . .", ". . L+f . .", ". L+f H L+f .", ". . . . .", ". . . . ."])
    set_territory(s, 1, fish_rows(2))
    set_territory(s, 2, fish_rows(1))
    s.totem[FISH] = 0
    as_active(s, 1, 6)  # desert | lake+fish
    ev = s.apply(s.legal_actions()[0])
    assert s.resource_counts[0][FISH] == s.resource_counts[1][FISH] == 3
    return s, ev


@pytest.mark.rule("KDO-10.13")
@pytest.mark.rule("KDO-10.15")
@pytest.mark.rule("KDO-I18")
def test_totem_tie_house_rule():
    """"Se perdi la maggioranza ... dai il totem ...": a holder caught up to a tie gives the Totem to
    the tied player ('give', the literal text, default), keeps it ('keep', KDO-I18 a) or returns it
    to the table ('return')."""
    s, ev = fish_tie("give")
    assert s.totem[FISH] == 1 and {"type": "totem", "resource": "fish", "to": 1, "from": 0} in ev
    s, ev = fish_tie("keep")
    assert s.totem[FISH] == 0 and not [e for e in ev if e["type"] == "totem"]
    s, ev = fish_tie("return")
    assert s.totem[FISH] == -1 and {"type": "totem", "resource": "fish", "to": None, "from": 0} in ev


@pytest.mark.rule("KDO-10.13")
@pytest.mark.rule("KDO-10.14")
@pytest.mark.rule("KDO-I18")
def test_holder_burning_to_a_three_way_tie_chooses_with_give():
    """The holder's own fire makes 2-2-2 ("ne hai perse a causa di uno spruzzo di fuoco"): with 'give'
    the holder hands the Totem to one of the two others, its choice; with 'keep' it stays."""
    for rule, expect_give in (("give", True), ("keep", False)):
        s = first_play(3, "totem", seed=3, totem_tie=rule)
        set_territory(s, 0, [". . . . .", ". . L+f . .", ". L+f H L+f .", ". . . . .", ". . . . ."])
        set_territory(s, 1, fish_rows(2))
        set_territory(s, 2, fish_rows(2))
        s.totem[FISH] = 0
        play_fire_on_fish(s, 0, 28)
        assert s.resource_counts[0][FISH] == 2
        if expect_give:
            assert s.phase == "give" and s.legal_actions() == ["give 1", "give 2"]
        else:
            assert s.phase != "give" and s.totem[FISH] == 0


@pytest.mark.rule("KDO-10.13")
@pytest.mark.rule("KDO-10.15")
@pytest.mark.rule("KDO-I18")
@pytest.mark.parametrize("totem_tie", ["give", "return"])
def test_a_tie_that_already_existed_moves_no_totem(totem_tie):
    """"Se perdi la maggioranza (perché gli altri giocatori hanno recuperato nuove risorse oppure ne
    hai perse a causa di uno spruzzo di fuoco)": only counts changed in this turn move a Totem.  A
    holds the fish Totem 2-2 with B; B adds a desert tile (no fish): nothing changed, A keeps it."""
    s = first_play(3, "totem", seed=3, totem_tie=totem_tie)
    set_territory(s, 0, fish_rows(2))
    set_territory(s, 1, fish_rows(2))
    set_territory(s, 2, fish_rows(1))
    s.totem[FISH] = 0
    as_active(s, 1, 1)  # a desert tile: no resource
    ev = s.apply(s.legal_actions()[0])
    assert s.resource_counts[0][FISH] == s.resource_counts[1][FISH] == 2
    assert s.totem[FISH] == 0 and not [e for e in ev if e["type"] == "totem"]
    assert s.phase != "give"

