"""Nim with one pile, 2-3 players: take 1-3 stones; whoever takes the last stone wins.
A perfect-information test game in which decisions matter (for the agent tests)."""
from lapilli.engine import GameSpec, IllegalAction, OptionSpec, State

SPEC = GameSpec(id="nim", title="Nim", min_players=2, max_players=3,
                options={"pile": OptionSpec("pile", (10, 15, 21), 15)}, rules_prefix="NIM")


class GameState(State):
    SPEC = SPEC

    def _setup(self, events):
        self.pile = self.options["pile"]
        self.turn = 0
        self.winner = None

    @property
    def to_move(self):
        return None if self.winner is not None else self.turn

    @property
    def is_terminal(self):
        return self.winner is not None

    def _legal(self):
        return [f"take {k}" for k in (1, 2, 3) if k <= self.pile]

    def _explain(self, action):
        return IllegalAction("take 1, 2 or 3 stones, no more than the pile holds", "NIM-1", action)

    def _apply(self, action, events):
        self.pile -= int(action.split()[1])
        if self.pile == 0:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def scores(self):
        return [1 if i == self.winner else 0 for i in range(self.num_players)]

    def _observe(self, player):
        return {"pile": self.pile, "turn": self.turn}
