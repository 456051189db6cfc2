"""Opt-in search features for chance events and leaf evaluation (agents/mcts.py):
``chance=key`` (children kept per chance outcome), ``chance=stop`` (the tree ends where a new
chance outcome shows) and ``settle`` (leaves scored after the rest of the mover's turn)."""
from __future__ import annotations

from lapilli.agents import Decision, MCTSAgent, make_agent
from lapilli.games.eruption import heuristics as H

from .helpers import eruption_position, recorded_leaves

GUIDED = "rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval"


def _walk(node):
    yield node
    for ch in node.children.values():
        yield from _walk(ch)
    if node.outcomes:
        for sub in node.outcomes.values():
            yield from _walk(sub)


def test_chance_key_names_the_drawn_tile_shape():
    s = eruption_position("place")
    k = H.chance_key(s)
    assert k is not None and k[0] == "p"
    assert k[1] == H.TILE_MASK[s.pending]
    s2 = eruption_position("p3")
    assert H.chance_key(s2) is None


def test_chance_key_splits_the_tree_by_drawn_tile():
    s = eruption_position("p4")
    agent = make_agent(f"mcts:iterations=400,c=0.05,{GUIDED},chance=key", seed=3, game="eruption")
    agent.choose(Decision(s))
    root = agent.last_root
    keyed = [n for n in _walk(root) if n.outcomes]
    assert keyed, "no chance outcomes below the root"
    # the opponent's draw after this turn differs between determinizations: several tile shapes
    assert max(len(n.outcomes) for n in keyed) >= 2
    for n in keyed:
        for k, sub in n.outcomes.items():
            assert k[0] in ("p", "t")
            assert sub.player is None and sub.visits <= n.visits
        assert sum(sub.visits for sub in n.outcomes.values()) <= n.visits
    # without the option the tree has no outcome nodes at all
    plain = make_agent(f"mcts:iterations=400,c=0.05,{GUIDED}", seed=3, game="eruption")
    plain.choose(Decision(s))
    assert not any(n.outcomes for n in _walk(plain.last_root))


def _keyed_paths(node, path=()):
    """(actions from the root, node) for every node with chance outcomes."""
    if node.outcomes:
        yield path, node
        for sub in node.outcomes.values():
            for a, ch in sub.children.items():
                yield from _keyed_paths(ch, path + (("outcome", a),))
    for a, ch in node.children.items():
        yield from _keyed_paths(ch, path + (a,))


def test_chance_key_outcome_children_are_legal_for_their_tile():
    """Below the outcome node of a drawn tile shape, every child is legal in a sample that drew
    that shape: placements of different tiles are not pooled under one action string."""
    s = eruption_position("p4")
    d = Decision(s)
    agent = make_agent(f"mcts:iterations=300,c=0.05,{GUIDED},chance=key", seed=5, game="eruption")
    agent.choose(d)
    found = [(p, n) for p, n in _keyed_paths(agent.last_root) if all(isinstance(a, str) for a in p)]
    found = [(p, n) for p, n in found if len(n.outcomes) >= 2]
    assert found, "no node with two chance outcomes directly below the root's actions"
    checked = 0
    for path, node in found[:3]:
        for key, sub in node.outcomes.items():
            for seed in range(400):
                st = d.determinize(seed, False)
                for a in path:
                    st.apply(a)
                if H.chance_key(st) == key:
                    break
            else:
                continue
            legal = set(st.legal_actions())
            assert set(sub.children) <= legal
            checked += 1
    assert checked >= 2


def _end_then_draw(s):
    if "end" not in s.legal_actions():
        return False
    c = s.clone()
    c.apply("end")
    return c.phase == "place"


def test_chance_stop_ends_the_tree_at_the_next_draw():
    s = eruption_position("p4", test=_end_then_draw)
    legal = s.legal_actions()
    assert "end" in legal
    stop = make_agent(f"mcts:iterations=300,c=0.05,{GUIDED},chance=stop", seed=2, game="eruption")
    stop.choose(Decision(s))
    # 'end' hands the turn over and the next player draws a tile: a new chance outcome, a leaf
    assert stop.last_root.children["end"].children == {}
    assert stop.last_root.children["end"].visits >= 1
    plain = make_agent(f"mcts:iterations=300,c=0.05,{GUIDED}", seed=2, game="eruption")
    plain.choose(Decision(s))
    assert plain.last_root.children["end"].children != {}


def test_settle_scores_leaves_after_the_movers_turn():
    s = eruption_position("p3")
    settled = [(term, mover, c) for term, mover, c in recorded_leaves(s, settle=1) if c]
    assert settled, "settle never played a move"
    for term, to_move, c in settled:
        assert len(set(c)) == 1                      # one seat's turn is finished
        assert term or to_move != c[0]               # and the leaf is scored when it is over
    # without settle (rollout_depth=0) the policy is never called
    assert not any(c for _, _, c in recorded_leaves(s))


def test_bad_chance_value_is_refused():
    import pytest
    with pytest.raises(ValueError):
        MCTSAgent(chance="maybe")


def test_named_evaluator_and_policy_come_from_the_game_module():
    s = eruption_position("p3")
    agent = make_agent("mcts:iterations=60,rollout_depth=0,evaluator=values_cap,policy=policy,settle=1",
                       seed=1, game="eruption")
    a = agent.choose(Decision(s))
    assert a in s.legal_actions()
    assert agent.evaluator is H.values_cap and agent.policy is H.policy
    import pytest
    bad = make_agent("mcts:iterations=10,rollout_depth=0,evaluator=no_such_fn", seed=1, game="eruption")
    with pytest.raises(ValueError, match="no such function"):
        bad.choose(Decision(s))


def test_values_cap_levels_two_villages_projected_to_burn():
    s = eruption_position("p3")
    c = s.clone()
    # both villages at the burn mark: the meter stops there, so they are level (a shared win)
    c.temperatures = [H.LAST] * c.num_players
    v = H.values_cap(c)
    assert abs(v[0] - v[1]) < 1e-9
    # values() ranks them by the projection past the mark instead (one more wall in a Reserve)
    c.reserve[0]["stone"] = c.reserve[0].get("stone", 0) + 1
    assert abs(H.values_cap(c)[0] - H.values_cap(c)[1]) < 1e-9
    assert H.values(c)[0] > H.values(c)[1]
    # below the mark values_cap is values
    s2 = eruption_position("p4")
    if max(H.heats(s2)) < H.LAST:
        assert H.values_cap(s2) == H.values(s2)
