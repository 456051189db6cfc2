"""L'Isola dei Vulcani computer players: time per decision and MCTS iterations per second.

    PYTHONPATH=src:. python3 bench/isola_agents.py [games] [level]

Plays ``games`` seeded games of ``level`` (default normal) against the heuristic player and
times every decision of ``level`` that had a real choice (more than one legal action).
"""
import statistics
import sys
import time

import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision


def main(games: int = 4, level: str = "normal") -> None:
    times, iters = [], []
    for g in range(games):
        s = lapilli.new_game("isola-dei-vulcani", 2, 1000 + g, {})
        me = g % 2
        agents = {me: make_agent(level, seed=g, game="isola-dei-vulcani"), 1 - me: make_agent("heuristic", seed=g, game="isola-dei-vulcani")}
        while not s.is_terminal:
            p = s.to_move
            legal = s.legal_actions()
            d = Decision(s, p, legal)
            t0 = time.perf_counter()
            a = agents[p].choose(d)
            dt = time.perf_counter() - t0
            if p == me and len(legal) > 1:
                times.append(dt)
                n = getattr(agents[p], "last_iterations", 0)
                if n:
                    iters.append(n / dt)
            s.apply(a)
    times.sort()
    q = lambda f: times[min(len(times) - 1, int(f * len(times)))]
    print(f"{level}: {len(times)} decisions with a choice in {games} games; "
          f"mean {statistics.mean(times):.3f} s, median {q(0.5):.3f} s, p95 {q(0.95):.3f} s, max {times[-1]:.3f} s")
    if iters:
        print(f"MCTS iterations/s: mean {statistics.mean(iters):.0f}, median {statistics.median(iters):.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4, sys.argv[2] if len(sys.argv) > 2 else "normal")
