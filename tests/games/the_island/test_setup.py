"""Set-up: 2-4 players, 5-6 players, Challenges 1 and 5 (ISL-1, ISL-10, ISL-14, ISL-15.1-15.8)."""
import pytest

import lapilli
from lapilli.games.the_island import board as B
from tests.games.the_island.helpers import H, illegal


def place_all(st, pick=0):
    order = []
    while st.decision == "place":
        order.append(st.to_move)
        st.apply(st.legal_actions()[pick])
    return order


def counts(st):
    c = {}
    for e in range(60):
        if st.explorer_where[e] == 1:
            c[st.explorer_at[e]] = c.get(st.explorer_at[e], 0) + 1
    return c


@pytest.mark.rule("ISL-1.1")
@pytest.mark.rule("ISL-1.2")
@pytest.mark.rule("ISL-1.3")
@pytest.mark.rule("ISL-1.13")
def test_initial_components_4p():
    st = lapilli.new_game("the-island", 4, 5, {"dolphins": True, "giant_squid": True})
    assert [len(u) for u in st.unplaced] == [10] * 4
    assert st.boat_order.count(0) == 2 and len(st.boat_order) == 8
    assert st.boat_at.count(-1) == 4                      # 4 boats stay in the supply
    assert sorted(st.creatures["serpent"]) == sorted(B.SERPENT_STARTS)
    assert st.creatures["shark"] == [] and st.creatures["whale"] == [] and st.creatures["squid"] == []
    assert st.supply == {"serpent": 0, "shark": 6, "whale": 5, "squid": 5}
    assert st.dolphin_at == [-1] * 4
    assert st.hands == [[], [], [], []]


@pytest.mark.rule("ISL-1.4")
def test_layout_is_random_and_terrain_public():
    a = lapilli.new_game("the-island", 4, 1)
    b = lapilli.new_game("the-island", 4, 2)
    assert [a.terrain[h] for h in B.ISLAND_SLOTS] != [b.terrain[h] for h in B.ISLAND_SLOTS]
    obs = a.observation(0)
    assert len(obs["tiles"]) == 40 and "back" not in str(obs["tiles"])
    assert sorted(a.back[h] for h in B.ISLAND_SLOTS) == sorted(x for _, x in
                                                                 __import__("lapilli.games.the_island.data", fromlist=["x"]).tile_pool())


@pytest.mark.rule("ISL-1.5")
@pytest.mark.rule("ISL-1.14")
@pytest.mark.rule("ISL-14.3")
def test_first_player_is_seat_zero():
    st = lapilli.new_game("the-island", 5, 3)
    assert st.to_move == 0
    place_all(st)
    while st.decision == "boat":
        st.apply(st.legal_actions()[0])
    assert st.current_player == 0 and st.turns == [1, 0, 0, 0, 0]


@pytest.mark.rule("ISL-1.6")
@pytest.mark.rule("ISL-1.8")
@pytest.mark.rule("ISL-1.15")
@pytest.mark.parametrize("players,empty", [(2, 20), (3, 10), (4, 0)])
def test_placement_one_per_tile(players, empty):
    st = lapilli.new_game("the-island", players, 4)
    order = place_all(st, pick=-1)
    assert order == [p for _ in range(10) for p in range(players)]
    c = counts(st)
    assert all(v == 1 for v in c.values())
    assert 40 - len(c) == empty
    # 2 players: no special rule, 2 boats each
    assert len(st.boat_order) == 2 * players


@pytest.mark.rule("ISL-1.6")
def test_placement_on_occupied_tile_is_illegal():
    st = lapilli.new_game("the-island", 4, 4)
    st.apply("place 6 3,5")
    err = illegal(st, "place 6 3,5")
    assert err.rule == "ISL-1.6"


@pytest.mark.rule("ISL-1.7")
@pytest.mark.rule("ISL-1.12")
def test_player_chooses_value_then_it_is_hidden():
    st = lapilli.new_game("the-island", 4, 4)
    acts = st.legal_actions()
    assert {a.split()[1] for a in acts} == {"1", "2", "3", "4", "5", "6"}
    st.apply("place 6 3,5")
    assert st.observation(0)["to_place"][0] == [5, 4, 3, 3, 2, 2, 1, 1, 1]
    assert st.observation(1)["to_place"][0] == 9
    for seat in (None, 0, 1):
        r1 = [x for x in st.observation(seat)["explorers"] if x["id"] == "R1"][0]
        assert "value" not in r1                            # hidden from everyone, the owner included
    seen = lapilli.new_game("the-island", 4, 4, {"own_values_visible": True})
    seen.apply("place 6 3,5")
    assert [x for x in seen.observation(0)["explorers"] if x["id"] == "R1"][0]["value"] == 6
    assert "value" not in [x for x in seen.observation(1)["explorers"] if x["id"] == "R1"][0]


@pytest.mark.rule("ISL-1.7")
def test_value_not_held_is_illegal():
    st = lapilli.new_game("the-island", 4, 4)
    st.apply("place 6 3,5")
    st.apply("place 6 3,6")
    st.apply("place 6 3,7")
    st.apply("place 6 3,4")
    assert illegal(st, "place 6 4,4").rule == "ISL-1.7"


@pytest.mark.rule("ISL-1.9")
@pytest.mark.rule("ISL-1.11")
def test_boat_placement_order_and_empty():
    st = lapilli.new_game("the-island", 3, 4)
    place_all(st)
    order = []
    while st.decision == "boat":
        order.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert all(not st.boat_passengers[b] for b in range(12) if st.boat_at[b] >= 0)
    assert sum(1 for b in st.boat_at if b >= 0) == 6


@pytest.mark.rule("ISL-1.10")
def test_boat_not_on_serpent_or_far_sea():
    st = lapilli.new_game("the-island", 2, 4)
    place_all(st)
    assert "boat 0,5" not in st.legal_actions()           # not next to a terrain tile
    assert "boat 1,1" not in st.legal_actions()           # serpent
    assert illegal(st, "boat 6,5").rule == "ISL-1.10"     # the centre holds a serpent


@pytest.mark.rule("ISL-E1")
@pytest.mark.rule("ISL-14.1")
@pytest.mark.rule("ISL-14.2")
@pytest.mark.rule("ISL-14.5")
@pytest.mark.rule("ISL-14.6")
@pytest.mark.rule("ISL-14.7")
@pytest.mark.rule("ISL-14.8")
@pytest.mark.rule("ISL-14.15")
def test_e1_five_player_setup():
    st = lapilli.new_game("the-island", 5, 7)
    assert all(u == [1, 1, 2, 2, 3, 4, 5, 6] for u in st.unplaced)
    order = place_all(st, pick=-1)
    assert order == [0, 1, 2, 3, 4] * 8
    c = counts(st)
    assert len(c) == 40 and all(v == 1 for v in c.values())
    assert st.boat_at.count(-1) == 4
    border = []
    while st.decision == "boat":
        border.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert border == [0, 1, 2, 3, 4, 2, 3, 4]
    assert st.current_player == 0 and st.decision == "move"
    assert sum(1 for e in range(60) if st.explorer_where[e]) == 40   # returned explorers take no part
    assert [x["seat"] for x in st.observation(None)["explorers"]].count(4) == 8


@pytest.mark.rule("ISL-E2")
@pytest.mark.rule("ISL-14.10")
@pytest.mark.rule("ISL-14.11")
@pytest.mark.rule("ISL-14.12")
@pytest.mark.rule("ISL-14.13")
@pytest.mark.rule("ISL-14.14")
def test_e2_six_player_setup():
    st = lapilli.new_game("the-island", 6, 8)
    assert all(u == [1, 1, 2, 3, 4, 5, 6] for u in st.unplaced)
    for _ in range(36):
        st.apply(st.legal_actions()[0])
    assert st.to_move == 0                                   # placement 37
    empty = [h for h in B.ISLAND_SLOTS if h not in counts(st)]
    assert len(empty) == 4
    occupied = B.NAME[next(iter(counts(st)))]
    assert illegal(st, f"place 1 {occupied}").rule == "ISL-1.6"
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert st.to_move == 3                                   # placement 40: one tile left
    assert len({a.split()[2] for a in st.legal_actions()}) == 1
    st.apply(st.legal_actions()[0])
    assert st.to_move == 4                                   # placement 41
    own5 = {B.NAME[st.explorer_at[e]] for e in range(40, 50) if st.explorer_where[e] == 1}
    legal_tiles = {a.split()[2] for a in st.legal_actions()}
    assert legal_tiles == {B.NAME[h] for h in B.ISLAND_SLOTS} - own5
    t = next(B.NAME[st.explorer_at[e]] for e in range(10, 20) if st.explorer_where[e] == 1)   # a tile with P2's explorer
    assert illegal(st, f"place {st.unplaced[4][0]} {sorted(own5)[0]}").rule == "ISL-14.13"
    st.apply(f"place {st.unplaced[4][0]} {t}")
    assert st.to_move == 5                                   # placement 42
    own6 = {B.NAME[st.explorer_at[e]] for e in range(50, 60) if st.explorer_where[e] == 1}
    assert t in {a.split()[2] for a in st.legal_actions()} and t not in own6
    st.apply(f"place {st.unplaced[5][0]} {t}")
    assert counts(st)[H[t]] == 3
    border = []
    while st.decision == "boat":
        border.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert border == [0, 1, 2, 3, 4, 5, 4, 5]
    assert st.boat_at.count(-1) == 4


@pytest.mark.rule("ISL-E7")
@pytest.mark.rule("ISL-15.1")
@pytest.mark.rule("ISL-15.3")
@pytest.mark.rule("ISL-15.4")
@pytest.mark.rule("ISL-15.5")
@pytest.mark.rule("ISL-15.6")
@pytest.mark.rule("ISL-15.7")
@pytest.mark.rule("ISL-15.8")
@pytest.mark.rule("ISL-15.19")
@pytest.mark.rule("ISL-20.5")
def test_e7_challenge_5_placement():
    with pytest.raises(lapilli.BadOption):
        lapilli.new_game("the-island", 4, 0, {"challenge_5": True})
    st = lapilli.new_game("the-island", 5, 9, {"challenge_5": True})
    assert all(len(u) == 10 for u in st.unplaced)
    assert st.boat_order == [0, 1, 2, 3, 4] * 2 and st.boat_at.count(-1) == 2
    for _ in range(40):
        acts = st.legal_actions()
        assert all(H[a.split()[2]] not in counts(st) for a in acts)
        st.apply(acts[0])
    assert st.to_move == 0                                   # placement 41
    own = next(B.NAME[st.explorer_at[e]] for e in range(0, 10) if st.explorer_where[e] == 1)
    t = next(B.NAME[st.explorer_at[e]] for e in range(10, 20) if st.explorer_where[e] == 1)
    assert illegal(st, f"place {st.unplaced[0][0]} {own}").rule == "ISL-15.7"
    st.apply(f"place {st.unplaced[0][0]} {t}")
    assert illegal(st, f"place {st.unplaced[1][0]} {t}").rule == "ISL-15.6"
    st.apply(st.legal_actions()[0])
    assert illegal(st, f"place {st.unplaced[2][0]} {t}").rule == "ISL-15.6"
    place_all(st)
    c = counts(st)
    assert sum(c.values()) == 50
    assert sorted(c.values()).count(2) == 10 and sorted(c.values()).count(1) == 30
    six = lapilli.new_game("the-island", 6, 9, {"challenge_5": True})
    place_all(six)
    assert sorted(counts(six).values()).count(2) == 20
    assert len(six.boat_order) == 12 and six.boat_at.count(-1) == 0


@pytest.mark.rule("ISL-E46")
@pytest.mark.rule("ISL-10.1")
@pytest.mark.rule("ISL-10.2")
@pytest.mark.rule("ISL-10.3")
@pytest.mark.rule("ISL-10.5")
def test_e46_challenge_1_placement():
    st = lapilli.new_game("the-island", 4, 9, {"challenge_1": True})
    st.apply("place 1 3,4")                                  # R1 on the rim tile (3,4)
    assert illegal(st, "place 1 3,4").rule == "ISL-10.3"     # Blue on the rim tile: illegal
    st.apply("place 1 4,4")                                  # B1 on the non-rim tile (4,4)
    st.apply("place 1 5,5")                                  # Y1 on (5,5), next to the centre only
    st.apply("place 1 4,5")                                  # G1
    st.apply("place 1 4,4")                                  # Red shares (4,4) with Blue: legal
    assert counts(st)[H["4,4"]] == 2
    assert illegal(st, "place 1 4,4").rule == "ISL-10.2"     # a third explorer: illegal
    st.apply("place 1 5,5")                                  # (5,5) may take two explorers
    assert counts(st)[H["5,5"]] == 2


@pytest.mark.rule("ISL-10.5")
@pytest.mark.rule("ISL-10.4")
def test_challenge_1_same_colour_and_play_has_no_limit():
    st = lapilli.new_game("the-island", 2, 9, {"challenge_1": True})
    st.apply("place 1 4,4")
    st.apply("place 1 5,5")
    st.apply("place 1 4,4")          # Red's second explorer on Red's own tile: legal
    assert sorted(e for e in range(60) if st.explorer_where[e] == 1 and st.explorer_at[e] == H["4,4"]) == [0, 1]
    # during play there is no limit (ISL-4.5)
    from tests.games.the_island.helpers import blank, ex
    b = blank(2, challenge_1=True)
    for lab in ("R1", "R2", "B1"):
        ex(b, lab, "land", "3,4")
    ex(b, "R3", "land", "3,5")
    b.apply("walk R3 3,4")
    assert sum(1 for e in range(60) if b.explorer_where[e] == 1 and b.explorer_at[e] == H["3,4"]) == 4


@pytest.mark.rule("ISL-20.4")
@pytest.mark.rule("ISL-14.16")
@pytest.mark.rule("ISL-14.17")
@pytest.mark.rule("ISL-20.1")
@pytest.mark.rule("ISL-20.2")
@pytest.mark.rule("ISL-20.3")
@pytest.mark.rule("ISL-20.12")
def test_options_combine():
    spec = lapilli.game_spec("the-island")
    all_on = {"challenge_1": True, "challenge_2": True, "challenge_3": True, "challenge_4": True,
              "dolphins": True, "giant_squid": True, "squid_variant_1": True, "squid_variant_2": True}
    for players in (2, 4, 5, 6):
        p, o = spec.resolve(players, all_on)
        assert o["challenge_3"] and o["dolphins"] and o["giant_squid"]
    with pytest.raises(lapilli.BadOption):
        spec.resolve(6, {"challenge_1": True, "challenge_5": True})       # ISL-I28
    with pytest.raises(lapilli.BadOption):
        spec.resolve(4, {"squid_variant_1": True})
    st = lapilli.new_game("the-island", 6, 2, all_on)
    assert st.dolphins and st.squids and st.squid_variant_1 and st.squid_variant_2 and st.challenge_1 and st.challenge_3
