"""The Island: the search's chance key (heuristics.chance_key) and ``chance=stop`` with it: the
tree stays within the current player's turn up to the tile removal."""
import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision
from lapilli.agents.levels import GUIDED
from lapilli.games.the_island import heuristics as HEU


def _game(players=2, seed=4):
    """(state before each decision, action) of a game between heuristic players."""
    s = lapilli.new_game("the-island", players, seed)
    agents = [make_agent("heuristic", seed=p, game="the-island") for p in range(players)]
    out = []
    while not s.is_terminal:
        a = agents[s.to_move].choose(Decision(s))
        out.append((s.clone(), a))
        s.apply(a)
    return out


def test_the_key_changes_at_removals_and_turn_boundaries_only():
    changed = same = 0
    for before, a in _game():
        if not before.started:
            continue
        after = before.clone()
        after.apply(a)
        if after.is_terminal:
            continue
        k0, k1 = HEU.chance_key(before), HEU.chance_key(after)
        if a.startswith("remove ") or after.current_player != before.current_player:
            assert k1 != k0
            changed += 1
        elif before.decision == "move" and after.decision == "move":
            assert k1 == k0
            same += 1
    assert changed > 20 and same > 20


def _walk(node, path=()):
    yield node, path
    for a, ch in node.children.items():
        yield from _walk(ch, path + (a,))


def test_chance_stop_keeps_the_tree_in_the_turn_up_to_the_removal():
    roots = [s for s, _ in _game(2, 6) if s.started and s.decision == "move" and s.movement_points == 3
             and len(s.legal_actions()) > 1][:4]
    assert roots
    deepest = 0
    for i, s in enumerate(roots):
        agent = make_agent(f"mcts:iterations=300,c=0.05,{GUIDED},max_depth=6,chance=stop", seed=i,
                           game="the-island")
        agent.choose(Decision(s))
        for node, path in _walk(agent.last_root):
            if path:
                assert node.player == s.current_player          # no other player's decision in the tree
            if path and path[-1].startswith("remove "):
                assert not node.children             # the tree ends at the removal
            assert sum(1 for a in path if not a.startswith("remove ")) <= 3   # the movement points
            deepest = max(deepest, len(path))
    assert deepest >= 3


def test_chance_key_keeps_the_deeper_tree_apart_per_creature_roll():
    roots = [s for s, _ in _game(2, 6) if s.started and s.decision == "remove" and len(s.legal_actions()) > 1][:3]
    assert roots
    keyed, split = 0, False
    for i, s in enumerate(roots):
        agent = make_agent(f"mcts:iterations=300,c=0.05,{GUIDED},max_depth=5,chance=key", seed=i,
                           game="the-island")
        agent.choose(Decision(s))
        for a, node in agent.last_root.children.items():
            assert a.startswith("remove ")
            if node.outcomes:
                keyed += 1
                rolls = {k[3] for k in node.outcomes if k[3] is not None}
                split = split or len(rolls) >= 2        # below a removal: one node per roll
                for sub in node.outcomes.values():
                    assert sub.player is None and sub.visits > 0
    assert keyed > 0 and split
