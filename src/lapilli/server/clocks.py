"""Table clocks: what a move does to the clock, and the presets the lobby offers.

Two kinds, both kept by the server from stored times (seconds since the epoch, by the server's
clock ``Settings.now``), so a deadline survives a restart and any instance may find it expired:

- ``realtime``: each seat has a time bank; the seat to move spends it, and gets ``increment``
  seconds back for each turn it ends (Fischer increment);
- ``turn``: a turn-based table, ``per_move`` seconds for each turn (24 h, 72 h, ...).

When the seat to move runs out, a computer of the clock's ``level`` takes the seat (it keeps its
person's token, so the person may take it back) and the game goes on; the seat is marked
``timed_out`` (a rated game counts it lost).  A turn is the span in which one seat is to move: a
seat that acts several times in a row (a game whose turn has several actions) keeps one deadline.

A person who takes their seat back from the computer (``reclaimed``) is not timed out again at
once: on a turn-based table, a turn of theirs whose deadline has passed starts afresh with the full
``per_move``; on a real-time table their bank (on their turn: the time left to their deadline) is
raised to at least ``RECLAIM_FLOOR`` seconds or the increment, whichever is more.  The seat stays
marked ``timed_out``: a rated game stays lost for them.  At a rated table none of this applies:
taking a seat back never adds time, the bank goes on from where it stood (``Store.reclaim_seat``),
so handing a seat over and taking it back buys nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

KINDS = ("realtime", "turn")
HOUR, DAY = 3600.0, 86400.0
RECLAIM_FLOOR = 30.0  # seconds a real-time seat has at least when its person takes it back

# the lobby's presets: id -> clock (seconds)
PRESETS: dict[str, dict] = {
    "5m+5s": {"kind": "realtime", "bank": 300.0, "increment": 5.0},
    "10m+10s": {"kind": "realtime", "bank": 600.0, "increment": 10.0},
    "30m+30s": {"kind": "realtime", "bank": 1800.0, "increment": 30.0},
    "24h": {"kind": "turn", "per_move": DAY},
    "72h": {"kind": "turn", "per_move": 3 * DAY},
}


@dataclass
class ClockState:
    """The stored clock of a table: its settings, each seat's bank when its turn began, the seat
    to move, when its turn began and when it runs out."""
    clock: dict | None
    banks: list | None = None
    to_move: int | None = None
    turn_started: float | None = None
    deadline: float | None = None

    def running(self) -> bool:
        return bool(self.clock) and self.deadline is not None and self.to_move is not None


def start(clock: dict, players: int, to_move: int | None, now: float) -> ClockState:
    """The clock when play begins (every seat taken): the first seat to move starts spending."""
    banks = [float(clock["bank"])] * players if clock["kind"] == "realtime" else None
    cs = ClockState(clock, banks, None, None, None)
    return begin_turn(cs, to_move, now)


def begin_turn(cs: ClockState, seat: int | None, now: float) -> ClockState:
    """``seat`` starts its turn at ``now`` (None: the game is over and the clock stops)."""
    if seat is None:
        return ClockState(cs.clock, cs.banks, None, None, None)
    if cs.clock["kind"] == "realtime":
        deadline = now + max(0.0, cs.banks[seat])
    else:
        deadline = now + float(cs.clock["per_move"])
    return ClockState(cs.clock, cs.banks, seat, now, deadline)


def after_act(cs: ClockState, players: int, seat: int, next_seat: int | None, now: float) -> ClockState:
    """The clock after ``seat`` acted at ``now`` and ``next_seat`` is to move (None: game over).
    The same seat acting again keeps its turn (and deadline); a turn that ends spends the time
    it took from the seat's bank and adds the increment."""
    if not cs.clock:
        return ClockState(cs.clock, cs.banks, next_seat)
    if cs.to_move is None or cs.turn_started is None:  # the clock had not started: it starts now
        return start(cs.clock, players, next_seat, now)
    if next_seat == seat:
        return cs
    banks = list(cs.banks) if cs.banks is not None else None
    if banks is not None and 0 <= seat < len(banks):
        banks[seat] = max(0.0, banks[seat] - (now - cs.turn_started)) + float(cs.clock.get("increment", 0.0))
    return begin_turn(ClockState(cs.clock, banks), next_seat, now)


def reclaim_bank(clock: dict) -> float:
    """The least time a real-time seat has when its person takes it back from the computer."""
    return max(RECLAIM_FLOOR, float(clock.get("increment", 0.0)))


def reclaimed(cs: ClockState, seat: int, now: float) -> ClockState:
    """The clock after the person at ``seat`` took it back from the computer at ``now``: not
    timed out again at once (module docstring).  The clock is unchanged when it has not started,
    and on a turn-based table whenever the seat's deadline is still ahead."""
    if not cs.clock or not cs.running():
        return cs
    if cs.clock["kind"] != "realtime":
        if cs.to_move == seat and cs.deadline <= now:
            return begin_turn(cs, seat, now)
        return cs
    floor = reclaim_bank(cs.clock)
    banks = list(cs.banks) if cs.banks is not None else []
    if not 0 <= seat < len(banks):
        return cs
    if cs.to_move == seat:
        if cs.deadline - now >= floor:
            return cs
        banks[seat] = floor  # the turn starts again now, with the floor in the bank
        return ClockState(cs.clock, banks, seat, now, now + floor)
    banks[seat] = max(banks[seat], floor)
    return ClockState(cs.clock, banks, cs.to_move, cs.turn_started, cs.deadline)


def public(cs: ClockState, now: float) -> dict | None:
    """The clock as every seat sees it: the settings, the seconds each seat has left at ``now``
    (the running seat's counting down from its deadline) and the seat whose clock runs."""
    if not cs.clock:
        return None
    c = cs.clock
    out = {"kind": c["kind"], "level": c.get("level", "normal"), "running": cs.to_move if cs.running() else None,
           "now": round(now, 3)}
    if c["kind"] == "realtime":
        out.update(bank=c["bank"], increment=c.get("increment", 0.0))
        left = list(cs.banks) if cs.banks else []
    else:
        out.update(per_move=c["per_move"])
        left = []
    if cs.running():
        if c["kind"] == "realtime":
            left[cs.to_move] = max(0.0, cs.deadline - now)
        out["deadline"] = cs.deadline
        out["to_move_left"] = round(max(0.0, cs.deadline - now), 3)
    out["left"] = [round(x, 3) for x in left]
    return out


def describe(clock: dict | None) -> str:
    """The clock in a few words (for the lobby and the logs)."""
    if not clock:
        return "no clock"
    if clock["kind"] == "realtime":
        return f"{_span(clock['bank'])} + {_span(clock.get('increment', 0))} a move"
    return f"{_span(clock['per_move'])} a move"


def _span(seconds: float) -> str:
    s = float(seconds)
    for unit, size in (("d", DAY), ("h", HOUR), ("min", 60.0)):
        if s >= size and s % size == 0:
            return f"{int(s // size)} {unit}"
    return f"{s:g} s"
