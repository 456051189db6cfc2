"""Computer players of any game: time per decision and MCTS iterations per second.

    PYTHONPATH=src:. python3 bench/agent_times.py GAME [games] [level] [players]

Plays ``games`` seeded games (default 4) of ``level`` (default normal) against heuristic players
(``players`` seats, default the game's smallest count; ``level`` takes seat ``g % players`` in
game ``g``) and times every decision of ``level`` that had a real choice (more than one legal
action), in wall time and in CPU time of this process (``time.process_time``: on a machine
shared with other work the wall time also counts the waits for a core; the time limits of the
levels are wall time).  The issue's target: "normal" under 1 s at the 95th percentile.
"""
import statistics
import sys
import time

import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision


def main(game: str, games: int = 4, level: str = "normal", players: int | None = None) -> None:
    players = players or lapilli.game_spec(game).min_players
    times, cpus, iters = [], [], []
    for g in range(games):
        s = lapilli.new_game(game, players, 1000 + g, {})
        me = g % players
        agents = {p: make_agent(level if p == me else "heuristic", seed=g, game=game, players=players) for p in range(players)}
        while not s.is_terminal:
            p = s.to_move
            legal = s.legal_actions()
            d = Decision(s, p, legal)
            t0 = time.perf_counter()
            c0 = time.process_time()
            a = agents[p].choose(d)
            dc = time.process_time() - c0
            dt = time.perf_counter() - t0
            if p == me and len(legal) > 1:
                times.append(dt)
                cpus.append(dc)
                n = getattr(agents[p], "last_iterations", 0)
                if n:
                    iters.append(n / dt)
            s.apply(a)
    times.sort()
    def q(f):
        return times[min(len(times) - 1, int(f * len(times)))]
    print(f"{game}, {players} players, {level}: {len(times)} decisions with a choice in {games} games; "
          f"mean {statistics.mean(times):.3f} s, median {q(0.5):.3f} s, p95 {q(0.95):.3f} s, max {times[-1]:.3f} s")
    cpus.sort()
    def qc(f):
        return cpus[min(len(cpus) - 1, int(f * len(cpus)))]
    print(f"  CPU time of this process per decision (what a quiet machine would take): median {qc(0.5):.3f} s, "
          f"p95 {qc(0.95):.3f} s, max {cpus[-1]:.3f} s")
    if iters:
        print(f"MCTS iterations/s: mean {statistics.mean(iters):.0f}, median {statistics.median(iters):.0f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4, sys.argv[3] if len(sys.argv) > 3 else "normal",
         int(sys.argv[4]) if len(sys.argv) > 4 else None)
