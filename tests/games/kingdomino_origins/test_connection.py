"""Connection rules (KDO-4) and forced discards."""
import pytest

from lapilli.engine import IllegalAction

from .helpers import first_play, set_territory, sq, tile_to_play

ONLY_HUT = [". . . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."]


def place(s, a, b, k=5):
    return f"place {sq(s, *a, k=k)} {sq(s, *b, k=k)}"


def play_state(rows=ONLY_HUT, tile=15, players=3, mode="discovery", **opts):
    s = first_play(players, mode, seed=1, **opts)
    set_territory(s, s.current_player, rows)
    tile_to_play(s, tile)
    return s


def rule_of(s, action):
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.to_json() == before
    return e.value.rule


@pytest.mark.rule("KDO-4.1")
@pytest.mark.rule("KDO-4.2")
def test_tile_on_two_adjacent_free_cells_either_way_round():
    s = play_state(tile=19)  # steppe | lake
    legal = s.legal_actions()
    assert place(s, (2, 3), (2, 4)) in legal and place(s, (2, 4), (2, 3)) in legal  # both ends
    assert place(s, (1, 2), (0, 2)) in legal  # vertical
    assert rule_of(s, place(s, (2, 3), (3, 4))) == "KDO-4.1"  # not adjacent cells
    assert rule_of(s, place(s, (2, 2), (2, 3))) == "KDO-4.2"  # the start tile's cell is taken
    # every listed placement is two adjacent empty cells
    geo = s.geo
    for a in legal:
        x, y = (geo.index[t] for t in a.split()[1:])
        assert y in geo.orth[x] and s.land[s.current_player][x] == -1 == s.land[s.current_player][y]


@pytest.mark.rule("KDO-4.3")
@pytest.mark.rule("KDO-4.5")
@pytest.mark.rule("KDO-V6")
def test_start_tile_is_wild():
    s = play_state(tile=15)  # lake | lake: matches nothing in the territory
    legal = s.legal_actions()
    assert place(s, (2, 3), (2, 4)) in legal
    # 4 neighbours of the Hut x 3 directions for the far square x 2 ends = 24 placements
    assert len(legal) == 24


@pytest.mark.rule("KDO-4.4")
@pytest.mark.rule("KDO-4.5")
@pytest.mark.rule("KDO-4.8")
@pytest.mark.rule("KDO-V6")
def test_matching_landscape_connects_other_contact_does_not():
    rows = [". . . . .", ". . . . .", ". . H S S", ". . . . .", ". . . . ."]
    s = play_state(rows, tile=4)  # desert | steppe
    legal = s.legal_actions()
    assert place(s, (0, 4), (1, 4)) in legal  # steppe on (1,4) touches steppe (2,4)
    assert rule_of(s, place(s, (1, 4), (0, 4))) == "KDO-4.8"  # desert touches steppe only
    s = play_state(rows, tile=15)  # lake | lake touching only a steppe square: illegal
    assert rule_of(s, place(s, (1, 4), (0, 4))) == "KDO-4.8"
    assert rule_of(s, place(s, (1, 1), (0, 1))) == "KDO-4.5"  # corner contact with the Hut only


@pytest.mark.rule("KDO-4.6")
@pytest.mark.rule("KDO-V6")
def test_five_by_five_bound():
    rows = [". . . . .", ". . . . .", "D D H D D", ". . . . .", ". . . . ."]
    s = play_state(rows, tile=1)
    # columns 0-4 are used: a square in column 5 or -1 would make them span 6
    assert rule_of(s, place(s, (2, 5), (1, 5))) == "KDO-4.6"
    assert rule_of(s, place(s, (1, -1), (2, -1))) == "KDO-4.6"
    assert place(s, (1, 4), (0, 4)) in s.legal_actions()
    rows = [". . D . .", ". . D . .", ". . H . .", ". . D . .", ". . . . ."]
    s = play_state(rows, tile=1)
    assert place(s, (4, 2), (4, 3)) in s.legal_actions()  # rows 0-4: 5 rows
    assert place(s, (-1, 2), (-1, 3)) in s.legal_actions()  # rows -1-3: 5 rows
    assert rule_of(s, place(s, (4, 2), (5, 2))) == "KDO-4.6"  # rows 0-5: 6 rows


@pytest.mark.rule("KDO-13.3")
def test_seven_by_seven_bound_with_two_players():
    rows = [". . . . . . .", ". . . . . . .", ". . . . . . .", "D D D H D D D",
            ". . . . . . .", ". . . . . . .", ". . . . . . ."]
    s = play_state(rows, tile=1, players=2)
    assert place(s, (2, 6), (1, 6), k=7) in s.legal_actions()
    assert rule_of(s, place(s, (3, 7), (2, 7), k=7)) == "KDO-13.3"


@pytest.mark.rule("KDO-4.9")
def test_volcano_connects_to_volcano():
    rows = [". . . . .", ". . . . .", ". . H D V1", ". . . . .", ". . . . ."]
    s = play_state(rows, tile=42)  # lake | volcano (2 craters)
    assert place(s, (0, 4), (1, 4)) in s.legal_actions()  # volcano on (1,4) touches volcano (2,4)
    assert rule_of(s, place(s, (1, 4), (0, 4))) == "KDO-4.8"


FULL = ["D D D D D", "D D D D D", "D D H D D", "D D D D D", "D D D D D"]


@pytest.mark.rule("KDO-4.10")
@pytest.mark.rule("KDO-5.10")
@pytest.mark.rule("KDO-V7")
@pytest.mark.rule("KDO-12.4")
def test_unplaceable_tile_is_discarded():
    s = first_play(3, "discovery", seed=1, homo_habilis=True)
    p = s.current_player
    set_territory(s, p, FULL)
    tokens = dict(s.tokens)
    assert s.score_parts(p)["homo_habilis"] == 5
    ev = tile_to_play(s, 48)  # quarry | 3-crater volcano: nowhere to go
    assert ev[0] == {"type": "discard", "seat": p, "tile": 48, "why": "no legal placement"}
    assert s.discards[p] == 1 and 48 in s.removed
    assert s.tokens == tokens  # no fire token for a discarded volcano
    assert s.phase == "choose" and s.current_player == p  # the turn goes on with Choose a new tile (KDO-I11)
    assert s.score_parts(p)["homo_habilis"] == 0  # KDO-I28: a discard loses the bonus


@pytest.mark.rule("KDO-4.11")
@pytest.mark.rule("KDO-V7")
def test_single_legal_placement_must_be_taken():
    rows = [". . D D D", "L L D D D", "D D H D D", "D D D D D", "D D D D D"]
    s = play_state(rows, tile=4)  # desert | steppe
    assert s.legal_actions() == [place(s, (0, 1), (0, 0))]
    assert s.phase == "place"  # no discard is offered
    s.apply(place(s, (0, 1), (0, 0)))
    assert s.discards[s.current_chief[0]] == 0


@pytest.mark.rule("KDO-4.7")
@pytest.mark.rule("KDO-7.4")
def test_complete_territory_has_25_squares():
    from lapilli.testing.conformance import play_random
    complete = incomplete = 0
    for seed in range(6):
        s = play_random("kingdomino-origins", 4, {"mode": "discovery"}, seed=seed)
        for p in range(4):
            assert len(s.occupied[p]) == 25 - 2 * s.discards[p]
            if s.discards[p]:
                incomplete += 1
                assert isinstance(s.scores()[p], int)  # an incomplete territory is scored normally
            else:
                complete += 1
    assert complete and incomplete
