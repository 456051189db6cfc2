"""A test game that need never end, like two players who take a disc back and place it again
forever: each seat holds one disc and on its turn places it, or takes it back if it is placed;
nothing in the rules forces progress.  ``end_after``: the game ends after that many decisions (0: never),
for a game that ends exactly on a given decision; ``crash_at``: decision that many raises an
error (0: none), for a game that crashes.  Score: 1 while the seat's disc is placed."""
from lapilli.engine import GameSpec, IllegalAction, OptionSpec, State

SPEC = GameSpec(id="loop", title="Loop", min_players=2, max_players=3,
                options={"end_after": OptionSpec("end_after", (0, 4, 5, 6, 10), 0,
                                                 "the game ends after this many decisions (0: never)"),
                         "crash_at": OptionSpec("crash_at", (0, 3), 0, "this decision raises an error (0: none)")},
                rules_prefix="LOOP")


class GameState(State):
    SPEC = SPEC

    def _setup(self, events):
        self.placed = [False] * self.num_players
        self.turn = 0
        self.decisions = 0

    @property
    def to_move(self):
        return None if self.is_terminal else self.turn

    @property
    def is_terminal(self):
        end = self.options["end_after"]
        return bool(end) and self.decisions >= end

    def _legal(self):
        return ["take back" if self.placed[self.turn] else "place"]

    def _explain(self, action):
        return IllegalAction("place your disc, or take it back when it is placed", "LOOP-1", action)

    def _apply(self, action, events):
        if self.decisions + 1 == self.options["crash_at"]:
            raise ValueError("the disc broke")
        self.placed[self.turn] = action == "place"
        self.decisions += 1
        self.turn = (self.turn + 1) % self.num_players

    def scores(self):
        return [int(p) for p in self.placed]

    def _observe(self, player):
        return {"placed": list(self.placed), "turn": self.turn}
