"""Set-up (ERU-1), board data (ERU-0) and the variants (ERU-16, ERU-17, ERU-18)."""
import pytest

import lapilli
from lapilli import BadOption, IllegalAction
from lapilli.games.eruption import data as D

from .helpers import blank, finish_turn, goto, lay, pending, phase1, setup


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


@pytest.mark.rule("ERU-0.2")
@pytest.mark.rule("ERU-0.13")
def test_board_geometry():
    assert len(D.PLAYABLE) == 60 and len(D.VOLCANO) == 7
    kinds = {"hex": 0, "volcano": 0, "village": 0, "sea": 0}
    for h in D.PLAYABLE:
        for d in range(6):
            n = D.step(h, d)
            if n in D.PLAYABLE_SET:
                kinds["hex"] += 1
            elif n in D.VOLCANO:
                kinds["volcano"] += 1
            elif (h, d) in D.SIDE_AT:
                kinds["village"] += 1
            else:
                kinds["sea"] += 1
    assert kinds["volcano"] == 18 and kinds["village"] == 42 and kinds["sea"] > 0
    st = blank(4)
    assert sorted(st.villages) == [1, 2, 4, 5]            # villages 0 and 3 are uncontrolled


@pytest.mark.rule("ERU-1.1")
@pytest.mark.rule("ERU-1.4")
@pytest.mark.rule("ERU-1.5")
@pytest.mark.rule("ERU-1.10")
@pytest.mark.rule("ERU-1.7")
def test_setup_components():
    st = lapilli.new_game("eruption", 3, seed=1)
    assert st.tiles == {} and st.flow_walls == {} and st.border_walls == {}
    assert st.reserve == [{"straw": 1, "wood": 1, "stone": 1}] * 3
    assert st.temperatures == [0, 0, 0]
    assert sorted(st.stack) == list(range(40))
    other = lapilli.new_game("eruption", 3, seed=2)
    assert other.stack != st.stack                  # shuffled
    obs = st.observation(0)
    assert obs["lava_stack"] == 40 and "stack" not in obs and obs["hand_sizes"] == [3, 3, 3]
    assert obs["hand"] == st.hands[0] and st.observation(None)["hand"] is None


@pytest.mark.rule("ERU-1.8")
@pytest.mark.rule("ERU-1.9")
def test_village_choice():
    st = lapilli.new_game("eruption", 3, seed=1)
    assert st.legal_actions() == ["village 0", "village 2", "village 4"]
    assert _err(st, "village 1").rule == "ERU-1.9"
    st.apply("village 4")
    assert st.to_move == 1 and st.legal_actions() == ["village 0", "village 2"]
    assert _err(st, "village 4").rule == "ERU-1.8"
    st.apply("village 0")
    assert st.villages == [4, 0, 2]                      # the last seat gets the one left
    for n, layout in D.LAYOUT.items():
        assert len(layout) == n


@pytest.mark.rule("ERU-1.13")
def test_first_player_and_order():
    firsts = set()
    for seed in range(12):
        st = setup(4, seed=seed)
        firsts.add(st.order[0])
        i = st.order.index(min(st.order, key=lambda s: st.villages[s]))
        clockwise = st.order[i:] + st.order[:i]
        assert [st.villages[s] for s in clockwise] == sorted(st.villages)
    assert len(firsts) > 1                          # chosen at random


@pytest.mark.rule("ERU-16.1")
@pytest.mark.rule("ERU-16.2")
@pytest.mark.rule("ERU-16.3")
def test_cooperation_teams():
    for n in (2, 3, 5):
        with pytest.raises(BadOption):
            lapilli.new_game("eruption", n, 0, {"variant": "cooperation"})
    for n in (4, 6):
        st = setup(n, variant="cooperation")
        teams = st.teams
        assert len(teams) == n // 2 and all(len(t) == 2 for t in teams)
        for a, b in teams:
            assert abs(st.villages[a] - st.villages[b]) == 3  # opposite villages
            i, j = st.order.index(a), st.order.index(b)
            assert abs(i - j) == n // 2             # alternating in turn order


@pytest.mark.rule("ERU-16.4")
@pytest.mark.rule("ERU-16.10")
@pytest.mark.rule("ERU-16.11")
@pytest.mark.rule("ERU-E48")
def test_cooperation_scoring():
    st = blank(4, variant="cooperation")            # teams {0, 2} and {1, 3}
    st.temperatures = [50, 60, 80, 60]
    st.over = True
    assert st.team_temperature(0) == 130 and st.team_temperature(1) == 120
    assert st.winners() == [1, 3]


@pytest.mark.rule("ERU-16.5")
@pytest.mark.rule("ERU-E49")
def test_cooperation_transfer():
    st = blank(4, variant="cooperation")
    goto(st, "p3", 0)
    st.hands[0] = ["rain"]
    st.apply("give stone")
    assert st.reserve[0]["stone"] == 0 and st.reserve[2]["stone"] == 2
    st.apply("receive straw")
    assert st.to_move == 2 and st.legal_actions() == ["accept", "refuse"]   # the teammate consents
    st.apply("accept")
    assert st.reserve[0] == {"straw": 2, "wood": 1, "stone": 0}
    assert st.reserve[2] == {"straw": 0, "wood": 1, "stone": 2}
    assert st.reserve[1] == {"straw": 1, "wood": 1, "stone": 1}   # B, not a teammate, got nothing
    st.apply("receive wood")
    st.apply("refuse")
    assert st.reserve[0]["wood"] == 1 and st.to_move == 0
    st2 = blank(4)                                   # no teams outside Cooperation
    goto(st2, "p3", 0)
    st2.hands[0] = ["rain"]
    assert _err(st2, "give stone").rule == "ERU-16.5"


@pytest.mark.rule("ERU-16.8")
@pytest.mark.rule("ERU-16.9")
def test_cooperation_burned_villages():
    st = blank(4, variant="cooperation")            # teams {0, 2} and {1, 3}
    st.temperatures = [290, 0, 0, 0]
    goto(st, "p4", 0)
    st.builds_left = 1
    st.apply("end")                                  # seat 0 burns; its teammate 2 has not
    assert st.burned[0] and st.final_left is None and not st.lava_removed
    for _ in range(3):
        finish_turn(st)                              # seats 1, 2, 3
    assert st.current_player == 0
    events = []
    while st.current_player == 0:                              # the burned seat 0 plays a normal turn, Phase 2 too
        legal = st.legal_actions()
        events += st.apply("end" if "end" in legal else legal[0])
    assert any(e["type"] == "draw_tile" for e in events) and not st.is_terminal
    finish_turn(st)                                  # seat 1
    st.temperatures[2] = 290
    finish_turn(st)                                  # seat 2 ends its turn on the last space too
    assert st.burned[2] and st.end_event == "A" and st.final_left is not None
    while not st.is_terminal:
        finish_turn(st)
    assert st.winners() == [1, 3]


@pytest.mark.rule("ERU-16.7")
def test_cooperation_ends_when_lava_runs_out():
    st = blank(4, variant="cooperation")
    lay(st, "d3", "N")
    pending(st, 9, "p2")
    st.stack = []
    st.apply("place d2 0")
    assert st.end_event == "B" and st.final_left == 4
    while not st.is_terminal:
        finish_turn(st)
    assert st.is_terminal


@pytest.mark.rule("ERU-17.3")
@pytest.mark.rule("ERU-E50")
def test_annihilation_eliminated_player():
    st = blank(3, variant="annihilation")
    st.burned[1] = True
    st.temperatures[1] = 290
    lay(st, "d2", "NE")
    q = st.villages[1]
    h, d = D.VILLAGES[q]["sides"][0]
    st.tiles[h] = (35, 0, 1 << d)                    # lava on B's village
    st.hands[1] = ["rain", "reinforce", "bomb", "quake"]
    events = phase1(st, 1)
    assert not any(e["type"] == "damage" for e in events)
    assert st.phase == "place"                       # only draws and places a lava tile
    events = st.apply(st.legal_actions()[0])
    assert st.current_player == 2                              # no Phase 3, no Phase 4
    assert st.hands[1] == ["rain", "reinforce", "bomb", "quake"] and not st.border_walls and not st.flow_walls


@pytest.mark.rule("ERU-17.4")
@pytest.mark.rule("ERU-E51")
def test_annihilation_refill():
    st = blank(3, variant="annihilation")
    st.set_aside = st.stack[:3]
    st.stack = []
    goto(st, "p2?", 0)
    events = []
    st._run(events)
    assert {"type": "reshuffle", "what": "set-aside lava tiles", "size": 3} in events
    assert st.pending is not None and len(st.stack) == 2 and st.set_aside == []


@pytest.mark.rule("ERU-17.1")
@pytest.mark.rule("ERU-17.2")
@pytest.mark.rule("ERU-17.5")
def test_annihilation_last_village_wins():
    st = blank(3, variant="annihilation")
    st.stack = []
    st.burned[1] = True
    st.temperatures = [290, 290, 100]
    goto(st, "p4", 0)
    st.builds_left = 1
    events = st.apply("end")                         # seat 0 burns: one village left
    assert st.is_terminal and st.winners() == [2] and st.end_event == "annihilation"
    # with no lava tiles left at all, Phase 2 is skipped and play goes on
    st = blank(3, variant="annihilation")
    st.stack = []
    st.set_aside = []
    events = phase1(st, 1)
    assert not any(e["type"] in ("draw_tile", "no_tile") for e in events) and st.phase == "p3"


@pytest.mark.rule("ERU-17.6")
def test_annihilation_no_further_action():
    st = blank(2, variant="annihilation")
    st.stack = []
    st.hands = [[], []]
    st.deck = []
    st.reserve = [{"straw": 0, "wood": 0, "stone": 0}] * 2
    st.reserve = [dict(r) for r in st.reserve]
    st.temperatures = [80, 40]
    goto(st, "p4", 0)
    st.apply("end")
    assert st.is_terminal and st.end_event == "stalemate" and st.winners() == [1]


@pytest.mark.rule("ERU-18.1")
@pytest.mark.rule("ERU-18.2")
@pytest.mark.rule("ERU-18.3")
@pytest.mark.rule("ERU-18.4")
@pytest.mark.rule("ERU-18.5")
@pytest.mark.rule("ERU-E52")
def test_lava_rain():
    st = lapilli.new_game("eruption", 2, 4, {"variant": "lava_rain"})
    assert [len(s) for s in st.stacks] == [14, 13, 13]
    obs = st.observation(1)
    assert [s["top"] for s in obs["lava_rain_stacks"]] == [s[-1] for s in st.stacks]
    st = blank(variant="lava_rain")
    goto(st, "p3", 0)
    st.hands[0] = ["lavaflow"]
    tops = [s[-1] for s in st.stacks]
    st.apply("lavaflow")
    assert st.phase == "take" and "take 2" in st.legal_actions()
    second = st.stacks[1][-2]
    st.apply("take 2")
    assert st.pending == tops[1]
    st.apply(st.legal_actions()[0])
    assert st.tiles and st.stacks[1][-1] == second               # the next tile of stack 2 is face up
    assert [st.stacks[0][-1], st.stacks[2][-1]] == [tops[0], tops[2]]
    # a face-up tile with no legal placement cannot be taken
    st = blank(variant="lava_rain")
    for lab, d in {"e4": "SE", "g3": "SW", "h4": "SW", "g6": "N", "e7": "N"}.items():
        lay(st, lab, d)
    for lab, d in (("d5", "SW"), ("c6", "NE"), ("c7", "SE"), ("d7", "NW")):
        lay(st, lab, d)
    dead_end = [t for t in range(40) if D.TILE_TYPE[t] == 1][0]
    for s in st.stacks:
        if dead_end in s:
            s.remove(dead_end)
    st.stacks[0].append(dead_end)                    # only stack 1's top fits d6
    goto(st, "p3", 0)
    st.hands[0] = ["lavaflow"]
    st.apply("lavaflow")
    assert st.legal_actions() == ["take 1"]
    assert _err(st, "take 2").rule == "ERU-18.4"
