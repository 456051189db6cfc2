"""The Island's observation, worked out with its explorers' labels and places looked up once,
is byte for byte the one its former code gave (kept below as the reference): for every seat
and a spectator, at every ply of whole random games, with and without the values' option and
the challenges that add pieces (dolphins, giant squid)."""
import json
import random

import pytest

import lapilli
from lapilli.games.the_island import notation as nt
from lapilli.games.the_island.board import ISLAND_SLOTS, ISLE_NAMES, NAME
from lapilli.games.the_island.data import TERRAINS
from lapilli.games.the_island.views import observe

SEA, BOAT, LAND, ISLE = 3, 2, 1, 4


def reference(state, player):
    """``observe`` as it was written before (one explorer at a time, labels made anew)."""
    n = state.num_players
    explorers = []
    for e in range(60):
        w = state.explorer_where[e]
        if w == 0:
            continue
        item = {"id": nt.label(e), "seat": e // 10, "where": ("land", "boat", "sea", "isle", "lost")[w - 1]}
        if w in (LAND, SEA):
            item["at"] = NAME[state.explorer_at[e]]
        elif w == BOAT:
            item["at"] = NAME[state.boat_at[state.explorer_at[e]]]
        elif w == ISLE:
            item["at"] = ISLE_NAMES[state.explorer_at[e]]
        if state._value_visible(e, player):
            item["value"] = state.explorer_value[e]
        explorers.append(item)
    hands = []
    for q in range(n):
        if q == player:
            hands.append([{"terrain": TERRAINS[t], "back": b} for t, b in state.hands[q]])
        else:
            hands.append([{"terrain": TERRAINS[t], "back": "red"} for t, _ in state.hands[q]])
    boats = []
    for b in range(len(state.boat_at)):
        h = state.boat_at[b]
        if h >= 0:
            boats.append({"at": NAME[h], "passengers": [nt.label(e) for e in state.boat_passengers[b]],
                          "controllers": sorted(state._controllers(b)) if state.boat_passengers[b] else []})
    boats.sort(key=lambda x: x["at"])
    obs = {
        "decision": state.decision,
        "deciding": state.decision_seat,
        "details": {k: v for k, v in state.decision_data.items() if k != "ids"},
        "current": state.current_player if state.started else None,
        "turns": list(state.turns),
        "points": state.movement_points,
        "roll": state.roll,
        "sea_moved": sorted(nt.label(e) for e in state.sea_moved),
        "tiles": {NAME[h]: TERRAINS[state.terrain[h]] for h in ISLAND_SLOTS if state.terrain[h] >= 0},
        "explorers": explorers,
        "to_place": [sorted(state.unplaced[q], reverse=True) if q == player else len(state.unplaced[q])
                     for q in range(n)],
        "boats": boats,
        "boats_to_place": [state.boat_order[state.boat_placement_index:].count(q) for q in range(n)],
        "boat_supply": state.boat_at.count(-1),
        "creatures": {k: sorted(NAME[h] for h in v) for k, v in state.creatures.items()},
        "creature_supply": dict(state.supply),
        "dolphins": [{"id": f"D{d + 1}", "at": NAME[h] if h >= 0 else None,
                      "protects": nt.label(state.dolphin_protects[d]) if state.dolphin_protects[d] >= 0 else None}
                     for d, h in enumerate(state.dolphin_at)],
        "hands": hands,
        "saved": [sum(1 for e in range(q * 10, q * 10 + 10) if state.explorer_where[e] == ISLE) for q in range(n)],
        "end_reason": state.end_reason,
    }
    if state.over:
        obs["scores"] = state.scores()
    return obs


@pytest.mark.rule("ISL-1.7")
@pytest.mark.rule("ISL-1.12")
@pytest.mark.rule("ISL-5.10")
@pytest.mark.parametrize("players,options", [
    (2, {}), (2, {"own_values_visible": True}), (3, {"dolphins": True}), (4, {"giant_squid": True}),
])
def test_the_observation_is_the_former_one_byte_for_byte(players, options):
    for seed in range(2):
        st = lapilli.new_game("the-island", players=players, seed=seed, options=options)
        rng = random.Random(seed)
        plies = 0
        while True:
            for seat in (None, *range(players)):
                got, want = observe(st, seat), reference(st, seat)
                assert json.dumps(got) == json.dumps(want), (seed, plies, seat)
            if st.is_terminal:
                break
            st.apply(rng.choice(st.legal_actions()))
            plies += 1
        assert plies > 40
