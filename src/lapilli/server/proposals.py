"""Undo by agreement at an unrated table: a seat proposes taking back its last action, every
other person at the table must accept, and the referee then stores the undo (it stays the only
writer of steps).

A proposal may be made only at an unrated, untimed table whose game is on, by the seat that made
the table's last action, when that action revealed nothing (no draw, die or hidden tile: the
same test as the seat's own undo, so an undo by agreement never reveals or draws anything
again).  The seats played by a computer accept at once: taking back an action that revealed
nothing tells them nothing.  A refusal (the proposer's own withdraws it), any new step at the
table, or ``undo_proposal_seconds`` without every answer ends it.  Each seat answers for itself
only: its connection's seat is the one that answers.  A proposal refused, withdrawn or expired
is not made again for the same position (the others are not asked over and over).

A proposal belongs to the instance it was made on (its owner), which alone decides it: it counts
the answers, ends it and asks the referee for the undo.  With several instances (Redis), the
owner shares it on the table's channel (pubsub.py: ``{"table": id, "undo": message, "from":
instance}``, ``message`` being what it tells its own connections: the proposal with the seats
still waiting, or its end); every other instance keeps a copy (``owner``: the instance it came
from), tells its own connections and shows it to those that open meanwhile.  An answer given on
another instance is checked there against the copy and sent to the owner (``{"table": id,
"undo_answer": {"seat": s, "accept": bool, "to": owner}}``), whose own message says what came of
it.  A copy whose owner falls silent ends when its time is up.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .fanout import dumps
from .faults import ActionRefused, refused

if TYPE_CHECKING:
    from .fanout import Room
    from .hub import Hub


@dataclass
class Proposal:
    seat: int
    version: int  # the table's version when it was made: any step since ends it
    waiting: set[int]  # the seats whose person has not accepted yet
    expires: float  # the hub's monotonic clock
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    owner: str | None = None  # None: made here; else the instance it was made on (a copy)


class UndoProposals:
    def __init__(self, hub: Hub):
        self.hub = hub

    def _tell(self, room: Room, msg: dict, share: bool = True) -> None:
        """Every connection here is told ``msg``; a proposal made here is shared with the other
        instances (``share``)."""
        text = dumps(msg)
        for conn in list(room.conns):
            conn.send(text)
        pubsub = self.hub.pubsub
        if share and getattr(pubsub, "publishes", False):
            p = room.proposal
            self.hub.spawn(pubsub.publish_undo(room.info.id, {"undo": msg, "version": p.version if p else None}))

    def message(self, room: Room) -> dict | None:
        p = room.proposal
        if p is None:
            return None
        return {"type": "undo_proposal", "seat": p.seat, "waiting": sorted(p.waiting),
                "seconds": round(max(0.0, p.expires - self.hub.clock()), 1)}

    def show(self, room: Room, conn) -> None:
        """A connection that opens during a proposal is shown it."""
        msg = self.message(room)
        if msg is not None:
            conn.send(dumps(msg))

    def end(self, room: Room, why: str) -> None:
        p = room.proposal
        if p is None:
            return
        room.proposal = None
        if p.timer is not None:
            p.timer.cancel()
        if why in ("refused", "withdrawn", "expired"):  # not asked again for the same position
            room.undo_declined = (p.seat, p.version)
        self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": why}, share=p.owner is None)

    def check(self, room: Room) -> None:
        """A step was stored (here or elsewhere): a proposal made before it ends.  A copy of
        another instance's proposal waits for its owner's word (an undo agreed there is a step
        too, told as "accepted", not "changed")."""
        p = room.proposal
        if p is not None and p.owner is None and p.version != room.version:
            self.end(room, "changed")

    # ------------------------------------------------------------------ other instances
    def on_remote(self, tid: str, data: dict) -> None:
        """Another instance shared its proposal (``undo``) or sent an answer to one made here
        (``undo_answer``)."""
        room = self.hub.rooms.get(tid)
        if room is None:  # not open here: nobody here to tell
            return
        source = str(data.get("from"))
        if "undo_answer" in data:
            answer = data["undo_answer"]
            p = room.proposal
            if answer.get("to") != self.hub.pubsub.instance or p is None or p.owner is not None:
                return
            self.hub.spawn(self._answer_from_afar(room, int(answer["seat"]), bool(answer["accept"])))
            return
        msg = data["undo"]
        p = room.proposal
        if msg["type"] == "undo_proposal":
            seconds = float(msg["seconds"])
            if p is None or p.owner != source:
                if p is not None and p.timer is not None:
                    p.timer.cancel()
                p = room.proposal = Proposal(int(msg["seat"]), int(data["version"]), set(), 0.0, owner=source)
            p.waiting, p.expires = set(msg["waiting"]), self.hub.clock() + seconds
            if p.timer is not None:
                p.timer.cancel()
            # the owner ends it; should it fall silent, the copy ends a little after its time
            p.timer = asyncio.get_running_loop().call_later(seconds + 5, self._expire, room, p)
            self._tell(room, self.message(room), share=False)
        elif msg["type"] == "undo_proposal_end" and p is not None and p.owner == source:
            self.end(room, msg["why"])

    async def _answer_from_afar(self, room: Room, seat: int, accept: bool) -> None:
        try:
            await self.answer(room, seat, accept)
        except ActionRefused:  # the proposal changed meanwhile; its end was told
            pass

    async def propose(self, room: Room, seat: int) -> None:
        info = room.info
        if info.rated:
            raise refused("undo_rated")
        if info.clock and info.clock.clock:
            raise refused("undo_timed")
        if not room.started():
            raise refused("not_started")
        if room.over:
            raise refused("game_over")
        if room.proposal is not None:
            raise refused("undo_pending")
        if getattr(room, "undo_declined", None) == (seat, room.version):
            raise refused("undo_declined")
        if not room.acts or room.acts[-1][0] != seat:
            raise refused("undo_not_yours")
        if not room.acts[-1][2]:
            raise refused("undo_revealed")
        waiting = {s.seat for s in info.seats if s.seat != seat and s.kind == "human" and s.seat not in room.conceded}
        p = room.proposal = Proposal(seat, room.version, waiting, self.hub.clock() + self.hub.settings.undo_proposal_seconds)
        if not waiting:  # computers only: they accept
            await self._agreed(room, p)
            return
        p.timer = asyncio.get_running_loop().call_later(self.hub.settings.undo_proposal_seconds,
                                                        self._expire, room, p)
        self._tell(room, self.message(room))

    def _expire(self, room: Room, p: Proposal) -> None:
        if room.proposal is p:
            self.end(room, "expired")

    async def answer(self, room: Room, seat: int, accept: bool) -> None:
        p = room.proposal
        if p is None:
            raise refused("no_undo_proposed")
        if p.owner is not None:  # another instance's: checked here, decided there
            if seat == p.seat and accept:
                raise refused("undo_own_proposal")
            if seat != p.seat and seat not in p.waiting:
                raise refused("answer_not_asked")
            await self.hub.pubsub.publish_undo(room.info.id, {"undo_answer": {"seat": seat, "accept": accept,
                                                                               "to": p.owner}})
            return
        if p.version != room.version:
            self.end(room, "changed")
            raise refused("no_undo_proposed")
        if seat == p.seat:
            if accept:
                raise refused("undo_own_proposal")
            self.end(room, "withdrawn")
            return
        if seat not in p.waiting:
            raise refused("answer_not_asked")
        if not accept:
            self.end(room, "refused")
            return
        p.waiting.discard(seat)
        if p.waiting:
            self._tell(room, self.message(room))
            return
        await self._agreed(room, p)

    async def _agreed(self, room: Room, p: Proposal) -> None:
        room.proposal = None
        if p.timer is not None:
            p.timer.cancel()
        try:
            await self.hub.referee.undo_agreed(room, p.seat, p.version)
        except ActionRefused:
            self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": "changed"})
            raise
        self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": "accepted"})
