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
the answers, ends it and asks the referee for the undo.  With several instances (Redis), one
proposal stands per table: it lives in Redis too, under a key of its table and position (its
version; pubsub.py ``claim_undo``), made with SET NX before anyone is told, so that of two pages
of one person on two instances proposing at once one wins and the other is told one is pending.
The owner writes each change of the proposal there (the seats still waiting) and its end (kept an
hour when it was declined, so that it is not proposed again at that position on any instance).
An instance that loads the table later reads that key (``on_load``) and keeps a copy, shown to
the connections that open there and answered there like any copy.  Redis rather than the
database: the key, its expiry and the atomic claim are one command each, the instances already
share Redis for every other message of a table, and without Redis (one process) the proposal in
memory is the only one.  While Redis does not answer, no proposal is made (``undo_unshared``):
one could not be kept single.  The owner also shares it on the table's channel (pubsub.py:
``{"table": id, "undo": message, "from": instance}``, ``message`` being what it tells its own
connections: the proposal with the seats still waiting, or its end); every other instance that
has the table loaded keeps a copy (``owner``: the instance it came from), tells its own
connections and shows it to those that open meanwhile.  An answer given on
another instance is checked there against the copy and sent to the owner (``{"table": id,
"undo_answer": {"seat": s, "accept": bool, "to": owner}}``), whose own message says what came of
it.  A copy whose owner falls silent ends when its time is up.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .fanout import dumps
from .faults import ActionRefused, refused

if TYPE_CHECKING:
    from .fanout import Room
    from .hub import Hub

log = logging.getLogger("lapilli.server")
REDIS_WAIT = 2.0  # seconds a read or write of the proposal's key may take (a stalled Redis holds nothing up)
MARGIN = 5.0  # seconds a copy (and the key in Redis) outlives its proposal's time: the owner's word comes first
DECLINED = ("refused", "withdrawn", "expired")  # ends after which the position takes no proposal again
DECLINED_KEEP = 3600  # seconds such an end is kept in Redis


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
        self._sharing = asyncio.Lock()  # the owner's writes and publishes go out in the order made

    def _shared(self) -> bool:
        return bool(getattr(self.hub.pubsub, "publishes", False))

    def _record(self, p: Proposal) -> dict:
        return {"seat": p.seat, "version": p.version, "waiting": sorted(p.waiting), "owner": self.hub.pubsub.instance}

    def _tell(self, room: Room, msg: dict, share: Proposal | None = None) -> None:
        """Every connection here is told ``msg``; ``share``: the proposal made here it is about,
        written to Redis and shared with the other instances."""
        text = dumps(msg)
        for conn in list(room.conns):
            conn.send(text)
        if share is not None and share.owner is None and self._shared():
            self.hub.spawn(self._share(room.info.id, share, msg))

    async def _share(self, tid: str, p: Proposal, msg: dict) -> None:
        pubsub = self.hub.pubsub
        async with self._sharing:
            try:
                if msg["type"] == "undo_proposal":
                    await asyncio.wait_for(pubsub.keep_undo(tid, p.version, self._record(p)), REDIS_WAIT)
                else:
                    why = msg["why"]
                    await asyncio.wait_for(pubsub.keep_undo(tid, p.version, {"ended": why, "seat": p.seat},
                                                            ttl=DECLINED_KEEP if why in DECLINED else int(MARGIN)),
                                           REDIS_WAIT)
            except Exception as e:  # its key ends with its time; the publish below still tells the others
                log.warning("undo proposal of table %s not written to Redis (%s)", tid, e.__class__.__name__)
            await pubsub.publish_undo(tid, {"undo": msg, "version": p.version})

    async def on_load(self, room: Room) -> None:
        """The table was loaded here: a proposal another instance made before stands in Redis;
        keep a copy of it (shown to the connections that open, answered like any copy)."""
        if not self._shared():
            return
        news, version = room.undo_news, room.version
        try:
            got = await asyncio.wait_for(self.hub.pubsub.standing_undo(room.info.id, version), REDIS_WAIT)
        except Exception as e:
            log.warning("the undo proposal of table %s could not be read from Redis (%s)", room.info.id,
                        e.__class__.__name__)
            return
        # a message about it heard meanwhile is newer than what was read
        if got is None or room.undo_news != news or room.version != version or room.proposal is not None:
            return
        there, seconds = got
        if "ended" in there or there.get("owner") == self.hub.pubsub.instance or seconds <= MARGIN:
            return
        p = room.proposal = Proposal(int(there["seat"]), version, set(there["waiting"]),
                                     self.hub.clock() + seconds - MARGIN, owner=str(there["owner"]))
        p.timer = asyncio.get_running_loop().call_later(seconds, self._expire, room, p)

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
        if why in DECLINED:  # not asked again for the same position
            room.undo_declined = (p.seat, p.version)
        self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": why}, share=p)

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
        room.undo_news += 1  # newer than what a load of the table read from Redis (on_load)
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
            p.timer = asyncio.get_running_loop().call_later(seconds + MARGIN, self._expire, room, p)
            self._tell(room, self.message(room))
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
        seconds = self.hub.settings.undo_proposal_seconds
        p = Proposal(seat, room.version, waiting, self.hub.clock() + seconds)
        if not waiting:  # computers only: they accept (the store's version guard keeps one undo)
            room.proposal = p
            await self._agreed(room, p)
            return
        if self._shared():  # the one proposal standing at this table, whichever instance made it
            try:
                there = await asyncio.wait_for(self.hub.pubsub.claim_undo(info.id, p.version, self._record(p),
                                                                          int((seconds + MARGIN) * 1000)), REDIS_WAIT)
            except Exception as e:
                log.warning("undo proposal of table %s refused: Redis does not answer (%s)", info.id,
                            e.__class__.__name__)
                raise refused("undo_unshared") from None
            if there is not None:
                raise refused("undo_declined" if there.get("ended") in DECLINED else "undo_pending")
            if room.proposal is not None or room.version != p.version:  # while the claim was made
                # nobody here was told of it: its key is released, and the others hear it ended
                self.hub.spawn(self._share(info.id, p, {"type": "undo_proposal_end", "seat": seat, "why": "changed"}))
                raise refused("undo_pending" if room.proposal is not None else "undo_not_yours")
        room.proposal = p
        p.expires = self.hub.clock() + seconds  # its time counts from when it is told, after the claim
        p.timer = asyncio.get_running_loop().call_later(seconds, self._expire, room, p)
        self._tell(room, self.message(room), share=p)

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
            self._tell(room, self.message(room), share=p)
            return
        await self._agreed(room, p)

    async def _agreed(self, room: Room, p: Proposal) -> None:
        room.proposal = None
        if p.timer is not None:
            p.timer.cancel()
        try:
            await self.hub.referee.undo_agreed(room, p.seat, p.version)
        except ActionRefused:
            self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": "changed"}, share=p)
            raise
        self._tell(room, {"type": "undo_proposal_end", "seat": p.seat, "why": "accepted"}, share=p)
