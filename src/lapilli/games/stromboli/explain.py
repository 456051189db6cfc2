"""Why Stromboli refuses an action: the clause it breaks, in a plain sentence."""
from __future__ import annotations

from lapilli.engine import IllegalAction, NotationError, said

from .board import RING, STATUE_RINGS, reach_ignoring_inward_limit
from .data import COST, CRATER, PRIESTESS
from .notation import parse
from .rules import COLOURS, NO_DISC


class ExplainMixin:
    """``_explain`` of the Stromboli state (mixed into ``GameState``)."""

    def _explain(self, action):
        try:
            a = parse(action)
        except NotationError as e:
            return e
        t = self.tasks[0]
        k = t[0]
        who = COLOURS[self.to_move]
        verb = a[0]
        seg = t[2] if k == "pick" else self.boat
        want = {
            "turn": ({"place", "take", "boat"}, "STR-2.2", "it is {who}'s turn: place a numbered disc, take one back, or move the boat"),
            "shaman": ({"shaman", "stay"}, "STR-3.1", "{who} may now move the shaman up to 2 spaces ('shaman <space>' or 'stay')"),
            "pick": ({"pick"}, "STR-5.3", "{who} must now choose one of the cards of segment {seg} ('pick 1' or 'pick 2')"),
            "buy": ({"buy", "pass"}, "STR-7.10", "{who} received a Shell and may now buy one card ('buy <card>' or 'pass')"),
            "prebuy": ({"buy", "pass"}, "STR-10.2", "before the scoring {who} may buy 1 card ('buy <card>' or 'pass')"),
            "priestess": ({"priestess"}, "STR-7.7", "{who} must now move one lava marker to a neighbouring crater ('priestess cX cY')"),
        }[k]
        if verb not in want[0]:
            return IllegalAction(said(f"str.not-now.{k}", "not now: " + want[2], who=who, seg=seg), rule=want[1], action=action)
        me = self.to_move
        if verb == "place":
            v, seg, lava = a[1], a[2], a[3]
            if not 1 <= v <= 5 or self.discs[me][v] != NO_DISC:
                return IllegalAction(said('str.STR-2.3.can-only-place-numbered', 'you can only place a numbered disc from your reserve, and your {v} is not there', v=v),
                                     rule="STR-2.3", action=action)
            if lava:
                if not self.tactical:
                    return IllegalAction(said('str.STR-1.6.lava-discs-stay-box', 'the lava discs stay in the box in the base game'), rule="STR-1.6", action=action)
                if seg != self.boat:
                    return IllegalAction(said('str.STR-14.3.lava-disc-may-only', 'the lava disc may only be added when placing a numbered disc on the beach space with the fishing boat'),
                                         rule="STR-14.3", action=action)
                return IllegalAction(said('str.STR-14.6.lava-disc-not-reserve', 'your lava disc is not in your reserve: it comes back only when the boat stops in its segment or you receive a Priestess'),
                                     rule="STR-14.6", action=action)
            return IllegalAction(said('str.STR-2.9.yellow-red-sums-beach', 'the yellow and red sums on beach b{seg} must always differ; placing your {v} there makes them equal', seg=seg, v=v),
                                 rule="STR-2.9", action=action)
        if verb == "take":
            v = a[1]
            if v == "lava":
                return IllegalAction(said('str.STR-14.8.lava-disc-cannot-taken', 'the lava disc cannot be taken back as an action'), rule="STR-14.8", action=action)
            if not 1 <= v <= 5 or self.discs[me][v] < 0:
                return IllegalAction(said('str.STR-2.5.can-only-take-back', 'you can only take back one of your own numbered discs from a beach, and your {v} is not on a beach', v=v),
                                     rule="STR-2.5", action=action)
            return IllegalAction(said('str.STR-2.10.yellow-red-sums-beach', 'the yellow and red sums on beach b{p} must always differ; taking back your {v} makes them equal', p=self.discs[me][v], v=v),
                                 rule="STR-2.10", action=action)
        if verb == "boat":
            return IllegalAction(said('str.STR-2.6.may-move-boat-only', 'you may move the boat only if all your numbered discs are on the island at the start of your turn'),
                                 rule="STR-2.6", action=action)
        if verb == "shaman":
            sp = a[1]
            ring = RING[sp]
            if ring == CRATER:
                return IllegalAction(said('str.STR-3.7.shaman-may-never-move', 'the shaman may never move through a crater space'), rule="STR-3.7", action=action)
            if ring not in STATUE_RINGS:
                return IllegalAction(said('str.STR-3.9.shaman-may-only-move', 'the shaman may only move onto plain, forest and mountain spaces'), rule="STR-3.9", action=action)
            if sp == self.shaman[me]:
                return IllegalAction(said('str.STR-3.2.shaman-already-there-write', "the shaman is already there: write 'stay' to leave it where it is"),
                                     rule="STR-3.2", action=action)
            if sp == self.shaman[1 - me]:
                return IllegalAction(said('str.STR-3.5.shaman-may-pass-opposing', "the shaman may pass the opposing shaman's space but not end its move there"), rule="STR-3.5", action=action)
            if sp in reach_ignoring_inward_limit(self.shaman[me]):
                return IllegalAction(said('str.STR-3.3.shaman-may-move-at', 'the shaman may move at most 1 space inwards'), rule="STR-3.3", action=action)
            return IllegalAction(said('str.STR-3.2.shaman-moves-up-spaces', 'the shaman moves up to 2 spaces, each to an adjacent space'), rule="STR-3.2", action=action)
        if verb == "pick":
            return IllegalAction(said('str.STR-5.1.card-space-segment-holds', 'card space {a1} of segment {t2} holds no card: you can only receive the cards of the segment where the boat stopped', a1=a[1], t2=t[2]),
                                 rule="STR-5.1", action=action)
        if verb == "buy":
            card = a[1]
            if k == "prebuy" and self.tactical and card != PRIESTESS:
                return IllegalAction(said('str.STR-14.9.tactical-variant-no-score', 'in the tactical variant no score card can be bought just before a scoring'), rule="STR-14.9", action=action)
            if k == "prebuy" and self.tactical:
                return IllegalAction(said('str.STR-14.9.tactical-variant-nothing-bought', 'in the tactical variant nothing is bought just before a scoring (STR-I38)'), rule="STR-14.9", action=action)
            if card == PRIESTESS and not self.priestess_up:
                return IllegalAction(said('str.STR-8.8.scoreboard-priestess-face-down', 'the scoreboard Priestess is face down: it cannot be used again before the scoring'), rule="STR-8.8", action=action)
            if card != PRIESTESS and card not in self.board_cards:
                return IllegalAction(said('str.STR-8.1.score-card-not-scoreboard', 'the score card {card!r} is not on the scoreboard', card=card), rule="STR-8.1", action=action)
            cost = COST[card]
            if cost == 2:
                return IllegalAction(said('str.STR-8.5.buy-shell-score-card', 'to buy a 2-shell score card you must already hold a shell kept from an earlier turn'),
                                     rule="STR-8.5", action=action)
            return IllegalAction(said('str.STR-8.3.costs-shell-s-hold', '{card} costs {cost} shell(s) and you hold {n}', card=card, cost=cost, n=len(self.shells[me])), rule="STR-8.3", action=action)
        if verb == "priestess":
            frm = a[1]
            if not self.craters[frm]:
                return IllegalAction(said('str.STR-7.7.crater-c-holds-no', 'crater c{frm} holds no lava marker to move', frm=frm), rule="STR-7.7", action=action)
            return IllegalAction(said('str.STR-7.8.lava-marker-moves-only', 'a lava marker moves only to the neighbouring crater, never across the centre of the volcano'),
                                 rule="STR-7.8", action=action)
        return IllegalAction(said("str.not-legal-now", "{action!r} is not legal now", action=action), rule=want[1], action=action)
