"""Information-set Monte Carlo tree search (single-observer ISMCTS), one implementation for
every game.

Each iteration samples a full game state consistent with what the deciding seat has seen
(`Decision.determinize`), walks the tree of actions through the ones legal in that sample
(UCB1 with availability counts), adds one node, plays a rollout, and backs up a reward for
every seat.  Rollouts are random by default, or guided by a game's heuristic policy; they
stop after ``rollout_depth`` decisions and the position is then scored by an evaluator.

The budget is counted in iterations (so results do not depend on the machine); for play a
``time_limit`` in seconds may end the search earlier.

Guided search (all off by default, so the plain search above is unchanged):

* ``prior``: which move a node expands first.  ``prior=game`` takes the game's heuristic player
  (``choose(state, legal, rng, seat)``) at the root and its rollout ``policy`` below; any other
  callable ``prior(state, legal, rng)`` works the same at every node.  The other untried moves
  follow in random order.
* ``order=eval``: at the root the moves after the prior's are tried best first by a one-ply look
  (each applied to one determinized copy and scored by the evaluator for the deciding seat).
* ``widen=k`` (progressive widening, with ``alpha``): a node with ``v`` visits considers at most
  ``max(1, k * (v + 1) ** alpha)`` children, so a search of a few hundred iterations concentrates
  on the plausible moves instead of trying each of hundreds once.
* ``max_depth=d``: the tree stops ``d`` decisions below the root (the evaluator scores the
  position there, averaged over the determinizations of the iterations that reach it).
* ``chance``: strategy fusion at chance events.  ``chance=key`` keys the tree below an action by
  the game's ``chance_key(state)`` (heuristics module: e.g. the drawn tile the mover now sees;
  None where nothing was drawn), so determinizations that drew different tiles do not pool their
  statistics under one action string: the action's own node keeps the value averaged over the
  outcomes, its children are kept per outcome.  ``chance=stop`` ends the tree at the first
  position below the root where a new chance outcome shows (the evaluator scores it there,
  averaged over the determinizations).  Off by default (and for games without ``chance_key``).
* ``settle=1``: before the evaluator scores a leaf, the rest of the turn of the seat that made
  the leaf's move is played with the rollout ``policy`` (random without one), at most ``settle_cap``
  decisions, so leaves are scored at comparable points (turn ends) instead of mid-turn.
  ``settle=k`` (k > 1) also plays the turns of the next k - 1 seats to move (a turn here: a run of
  decisions by one seat), so a leaf is scored after the others' replies.
* ``evaluator=NAME`` / ``policy=NAME`` (a name other than ``game``): that function of the game's
  heuristics module, e.g. ``evaluator=values_cap``; ``policy=choose`` plays the game's heuristic
  player (``choose``) for the seat to move, e.g. to finish turns with ``settle=1``.
* ``prune=NAME``: that function of the game's heuristics module, ``NAME(state, acts) -> acts``,
  narrows the moves the search considers at the root and at every node of the tree (e.g. moves a
  player would never make); it must return a non-empty subset of ``acts`` (``acts`` itself when it
  has nothing to remove).  Rollouts and ``settle`` use the rollout policy as they are.  Off by default.
* ``ensemble=k``: k independent searches of ``iterations`` each (their own random streams, the
  time limit shared out), and the move with the most visits over all k roots (root
  parallelisation, here run one after the other): a choice less at the mercy of one search's first
  samples.  Off (1) by default.
* ``mix=p`` (0 <= p <= 1): on each decision with more than one move, with probability p (drawn
  from the agent's own random stream) play the heuristic player's move (``HeuristicAgent``) instead
  of searching: a level between the heuristic player and the search, for a "normal" that a
  "hard" with the same search must beat.  Off (0) by default (no draw is made then).
* ``final``: ``visits`` (default) picks the most visited root move, ties going to the earlier move
  in the expansion order (the prior's move first); ``mean`` picks the best mean value among the
  moves with at least ``min_visits`` visits (the most visited when none has that many).
"""
from __future__ import annotations

import math
import time
from typing import Callable

from ..engine.rng import Rng
from ..engine.state import State
from .base import Decision


def win_shares(state: State) -> list[float]:
    """Per seat, its share of the win of a finished game (a tie among k seats: 1/k each)."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if i in winners else 0.0 for i in range(state.num_players)]


def rank_values(state: State) -> list[float]:
    """A value in [0, 1] per seat: the win share when the game is over, otherwise the seat's
    rank by current score (1 = strictly ahead of everyone)."""
    n = state.num_players
    if state.is_terminal:
        return win_shares(state)
    scores = state.scores()
    if state.SPEC.lower_score_wins:
        scores = [-x for x in scores]
    if n == 1:
        return [0.5]
    out = []
    for i, s in enumerate(scores):
        below = sum(1 for t in scores if t < s)
        ties = sum(1 for t in scores if t == s) - 1
        out.append((below + 0.5 * ties) / (n - 1))
    return out


def rank_by(evaluate) -> Callable[[State], list[float]]:
    """An evaluator from a per-seat heuristic ``evaluate(state, seat)``: the win share at the
    end, otherwise each seat's rank by that heuristic, in [0, 1]."""
    def values(state: State) -> list[float]:
        if state.is_terminal:
            return rank_values(state)
        n = state.num_players
        h = [evaluate(state, i) for i in range(n)]
        if n == 1:
            return [0.5]
        return [(sum(1 for t in h if t < x) + 0.5 * (sum(1 for t in h if t == x) - 1)) / (n - 1) for x in h]
    return values


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "player", "first", "order", "outcomes")

    def __init__(self, player: int | None):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.player = player  # the seat that chose the action leading here
        self.first = None     # guided search: the move to expand first (the prior's)
        self.order = None     # guided search, root: the moves in the order to expand them
        self.outcomes = None  # chance=key: chance key -> the node holding the children for that outcome


def _game_module(state: State):
    from .heuristic import game_heuristics

    return game_heuristics(state.SPEC.id, state)


class MCTSAgent:
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, c: float = 0.7, rollout_depth: int = 30,
                 time_limit: float | None = None, policy: Callable | None = None,
                 evaluator: Callable[[State], list[float]] | None = None, terminal_bonus: float = 1.0,
                 prior: Callable | str | None = None, order: str | None = None, widen: float = 0.0,
                 alpha: float = 0.5, final: str = "visits", min_visits: int = 1, max_depth: int = 0,
                 chance: str | None = None, settle: int = 0, settle_cap: int = 40, prune: str | None = None,
                 ensemble: int = 1, mix: float = 0.0):
        self.rng = Rng(seed)
        self.mix = float(mix)
        if not 0.0 <= self.mix <= 1.0:
            raise ValueError(f"mix must be a share between 0 and 1, not {mix!r}")
        self.ensemble = int(ensemble)
        if self.ensemble < 1:
            raise ValueError(f"ensemble must be at least 1, not {ensemble!r}")
        if prune is not None and not isinstance(prune, str) and not callable(prune):
            raise ValueError(f"prune must name a function of the game's heuristics module, not {prune!r}")
        self.prune = None if prune in (None, "", "none") else prune
        if prior in ("none", "", None):
            prior = None
        elif isinstance(prior, str) and prior not in ("game", "policy", "choose"):
            raise ValueError(f"prior must be game, policy, choose or none, not {prior!r}")
        if order not in (None, "none", "eval"):
            raise ValueError(f"order must be eval or none, not {order!r}")
        if final not in ("visits", "mean"):
            raise ValueError(f"final must be visits or mean, not {final!r}")
        if chance not in (None, "none", "key", "stop"):
            raise ValueError(f"chance must be key, stop or none, not {chance!r}")
        self.chance = None if chance in (None, "none") else chance
        self.settle = int(settle)
        self.settle_cap = int(settle_cap)
        self.prior = prior
        self.order = None if order in (None, "none") else order
        self.widen = float(widen)
        self.alpha = float(alpha)
        self.final = final
        self.min_visits = int(min_visits)
        self.max_depth = int(max_depth)
        self.iterations = int(iterations)
        self.c = float(c)
        self.rollout_depth = int(rollout_depth)
        self.time_limit = time_limit
        self.policy = policy          # policy(state, legal, rng) -> action, for rollouts
        self.evaluator = evaluator or rank_values
        self.last_iterations = 0
        self.last_root = None

    def _named_hooks(self, decision: Decision):
        """``policy=NAME`` / ``evaluator=NAME``: that function of the game's heuristics module
        (``evaluator=game`` / ``policy=game`` are resolved by ``make_agent``)."""
        from .heuristic import game_heuristics

        mod = game_heuristics(decision.game, decision._state)   # the module only: no determinized copy needed
        out = []
        for key in ("policy", "evaluator"):
            fn = getattr(self, key)
            if isinstance(fn, str):
                got = getattr(mod, fn, None) if mod is not None and not fn.startswith("_") else None
                if key == "policy" and fn == "choose" and callable(got):
                    cho = got        # the heuristic player, for the seat to move
                    got = lambda st, legal, rng: cho(st, legal, rng, st.to_move)  # noqa: E731
                if not callable(got):
                    raise ValueError(f"{key}={fn}: the game's heuristics module has no such function")
                setattr(self, key, got)
                fn = got
            out.append(fn)
        return out[0], out[1]

    def _prior_fns(self, state: State):
        """(root prior, inner prior): callables ``f(state, legal, rng, seat)`` or None."""
        prior = self.prior
        if prior is None:
            return None, None
        if callable(prior):
            f = lambda st, legal, rng, seat: prior(st, legal, rng)  # noqa: E731
            return f, f
        mod = _game_module(state)
        choose = getattr(mod, "choose", None)
        policy = getattr(mod, "policy", None)
        pol = (lambda st, legal, rng, seat: policy(st, legal, rng)) if policy is not None else None  # noqa: E731
        cho = (lambda st, legal, rng, seat: choose(st, legal, rng, seat)) if choose is not None else None  # noqa: E731
        if prior == "policy":
            return pol, pol
        if prior == "choose":
            return cho, cho
        return cho or pol, pol   # "game": the heuristic player at the root, its rollout policy below

    def _guide_root(self, root: _Node, decision: Decision, legal: list[str]):
        """The root's first move (the prior's) and, with ``order=eval``, the order of the rest;
        returns the prior for the inner nodes."""
        state = decision.determinize(self.rng.next64() & 0x7FFFFFFF, False)
        root_prior, inner_prior = self._prior_fns(state)
        seat = decision.player
        if root_prior is not None:
            first = root_prior(state.clone(), list(legal), self.rng, seat)
            root.first = first if first in legal else None
        if self.order == "eval":
            evaluator = self.evaluator
            scored = []
            for k, a in enumerate(legal):
                c = state.clone()
                c.apply(a)
                scored.append((-evaluator(c)[seat], k, a))
            scored.sort()
            order = [a for _, _, a in scored]
            if root.first is not None:
                order.remove(root.first)
                order.insert(0, root.first)
            root.order = order
        elif root.first is not None:
            root.order = [root.first] + [a for a in legal if a != root.first]
        return inner_prior

    def _prune_fn(self, decision: Decision):
        """``prune=NAME``: that function of the game's heuristics module (resolved once)."""
        fn = self.prune
        if fn is None or callable(fn):
            return fn
        from .heuristic import game_heuristics

        mod = game_heuristics(decision.game, decision._state)
        got = getattr(mod, fn, None) if mod is not None and not fn.startswith("_") else None
        if not callable(got):
            raise ValueError(f"prune={fn}: the game's heuristics module has no such function")
        self.prune = got
        return got

    def choose(self, decision: Decision) -> str:
        legal = decision.legal_actions
        prune = self._prune_fn(decision) if self.prune is not None else None
        probe = None          # one determinization for what the deciding seat sees now (prune, chance)
        if prune is not None and len(legal) > 1:
            probe = decision.determinize(0, False)
            legal = list(prune(probe, legal))
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.mix and self.rng.random() < self.mix:   # this decision the heuristic player's
            from .heuristic import heuristic_move

            self.last_iterations = 0
            self.last_root = None
            return heuristic_move(decision, legal, self.rng)
        if self.ensemble > 1:
            return self._ensemble(decision, legal, probe)
        return self._search(decision, legal, probe)

    def _search(self, decision: Decision, legal: list[str], probe) -> str:
        """One search from the decision over the root moves ``legal`` (already pruned, at least
        two); ``probe`` is the determinization the pruning used (None if it made none)."""
        prune = self.prune                  # resolved to the function by choose (_prune_fn)
        root = _Node(None)
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        perf_counter = time.perf_counter
        rng = self.rng
        next64 = rng.next64
        randbelow = rng.randbelow
        policy = self.policy
        evaluator = self.evaluator
        if isinstance(policy, str) or isinstance(evaluator, str):
            policy, evaluator = self._named_hooks(decision)
        c = self.c
        rollout_depth = self.rollout_depth
        log = math.log
        sqrt = math.sqrt
        Node = _Node
        determinize = decision.determinize
        guided = self.prior is not None or self.order is not None
        inner_prior = self._guide_root(root, decision, legal) if guided else None
        widen = self.widen
        alpha = self.alpha
        max_depth = self.max_depth or 1 << 30
        chance_key = root_key = None
        if self.chance is not None:
            if probe is None:
                probe = determinize(0, False)
            chance_key = getattr(_game_module(probe), "chance_key", None)
            if chance_key is not None:
                root_key = chance_key(probe)   # what the deciding seat sees now (the same in every sample)
        chance_stop = self.chance == "stop"
        settle = self.settle
        settle_cap = self.settle_cap
        it = 0
        for it in range(1, self.iterations + 1):
            state = determinize(next64() & 0x7FFFFFFF, False)
            node = root
            path = [root]
            if chance_key is not None:
                depth_now = 0
                last_key = root_key
            # selection and expansion
            while not state.is_terminal and (len(path) if chance_key is None else depth_now + 1) <= max_depth:
                acts = state.legal_view()
                if prune is not None:
                    acts = prune(state, acts)
                children = node.children
                untried = None
                # one pass: count the availability of the existing children, note the untried
                # actions, and keep the best existing child by UCB (first in `acts` order on ties)
                best, best_v = None, -1.0
                for a in acts:
                    ch = children.get(a)
                    if ch is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                    else:
                        ch.avail += 1
                        n = ch.visits
                        v = ch.total / n + c * sqrt(log(ch.avail) / n)
                        if v > best_v:
                            best, best_v = a, v
                if untried is not None and (not widen or len(untried) == len(acts)
                                            or len(acts) - len(untried) < widen * (node.visits + 1) ** alpha):
                    a = None
                    if guided:
                        if node.order is not None:
                            pending = set(untried)
                            for b in node.order:
                                if b in pending:
                                    a = b
                                    break
                        elif inner_prior is not None:
                            if node.first is None:
                                node.first = inner_prior(state, list(acts), rng, state.to_move)
                            if node.first in untried:
                                a = node.first
                    if a is None:
                        a = untried[randbelow(len(untried))]
                    child = Node(state.to_move)
                    child.avail = 1
                    children[a] = child
                    state.apply_legal(a)
                    path.append(child)
                    break
                node = children[best]
                state.apply_legal(best)
                path.append(node)
                if chance_key is not None:
                    depth_now += 1
                    k = chance_key(state)
                    if k is not None:
                        if chance_stop:
                            if k != last_key:
                                break
                        else:
                            outs = node.outcomes
                            if outs is None:
                                outs = node.outcomes = {}
                            sub = outs.get(k)
                            if sub is None:
                                sub = outs[k] = Node(None)
                            node = sub
                            path.append(sub)
                    last_key = k
            # rollout
            depth = 0
            if policy is None:
                while depth < rollout_depth and not state.is_terminal:
                    acts = state.legal_view()
                    state.apply_legal(acts[randbelow(len(acts))])
                    depth += 1
            else:
                while depth < rollout_depth and not state.is_terminal:
                    state.apply(policy(state, state.legal_actions(), rng))
                    depth += 1
            if settle and not state.is_terminal:
                mover = None
                for n in reversed(path):
                    if n.player is not None:
                        mover = n.player
                        break
                k = 0
                turns = settle
                while k < settle_cap and not state.is_terminal:
                    if state.to_move != mover:
                        turns -= 1
                        if turns <= 0:
                            break
                        mover = state.to_move      # settle=2, 3, ...: the next seats' turns too
                    if policy is None:
                        acts = state.legal_view()
                        state.apply_legal(acts[randbelow(len(acts))])
                    else:
                        state.apply(policy(state, state.legal_actions(), rng))
                    k += 1
            values = evaluator(state)
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.total += values[n.player]
            if deadline is not None and perf_counter() > deadline:
                break
        self.last_iterations = it
        self.last_root = root     # the tree of the last search (for tests and analysis)
        return self._pick(root, legal)

    def _ensemble(self, decision: Decision, legal: list[str], probe) -> str:
        """``ensemble=k``: k searches, each on its own random stream drawn from this agent's, over
        the root moves ``choose`` pruned once; the move with the most visits summed over their roots
        (ties: the earlier legal move)."""
        import copy

        k = self.ensemble
        totals: dict = {}
        its = 0
        for _ in range(k):
            sub = copy.copy(self)
            sub.rng = Rng(self.rng.next64())
            if self.time_limit:
                sub.time_limit = self.time_limit / k
            sub._search(decision, legal, probe)
            its += sub.last_iterations
            for a, ch in sub.last_root.children.items():
                totals[a] = totals.get(a, 0) + ch.visits
            self.policy, self.evaluator = sub.policy, sub.evaluator   # resolved names are kept
        self.last_iterations = its
        self.last_root = None
        best = max(range(len(legal)), key=lambda j: (totals.get(legal[j], -1), -j))
        return legal[best]

    def _pick(self, root: _Node, legal: list[str]) -> str:
        """The most visited legal root move (ties: the earlier in the expansion order, so the
        prior's move first), or with ``final=mean`` the best mean value among the moves visited at
        least ``min_visits`` times."""
        children = root.children
        rank = {a: k for k, a in enumerate(root.order)} if root.order is not None else None
        if self.final == "mean":
            cands = [a for a in legal if a in children and children[a].visits >= self.min_visits]
            if cands:
                return max(cands, key=lambda a: (children[a].total / children[a].visits,
                                                 -rank[a] if rank is not None else 0))
        if rank is None:
            # the most visited action among those legal now
            return max(legal, key=lambda a: (children[a].visits if a in children else -1))
        return max(legal, key=lambda a: (children[a].visits if a in children else -1, -rank.get(a, len(rank))))
