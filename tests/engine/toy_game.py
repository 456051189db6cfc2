"""A tiny card game with hidden hands, used to test the engine without a real game.

Deck of cards 1-9 shuffled; each player holds two hidden cards.  On a turn a player plays one
card from hand (scoring it) and draws a replacement while the deck lasts.  The game ends when
every hand is empty.  Highest total wins.
"""
from lapilli.engine import GameSpec, IllegalAction, OptionSpec, State

SPEC = GameSpec(
    id="toy", title="Toy", min_players=2, max_players=3,
    options={"double": OptionSpec("double", (False, True), False, "cards score double")},
    rules_prefix="TOY",
)


class GameState(State):
    SPEC = SPEC

    def _setup(self, events):
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        events.append({"type": "shuffle"})
        self.hands = [sorted([deck.pop(), deck.pop()]) for _ in range(self.num_players)]
        self.deck = deck
        self.played = [0] * self.num_players
        self.turn = 0

    @property
    def to_move(self):
        return None if self.is_terminal else self.turn

    @property
    def is_terminal(self):
        return not any(self.hands)

    def _legal(self):
        return [f"play {c}" for c in sorted(set(self.hands[self.turn]))]

    def _explain(self, action):
        parts = action.split()
        if len(parts) != 2 or parts[0] != "play" or not parts[1].isdigit():
            return IllegalAction(f"{action!r} is not a toy action (expected 'play N')", "notation", action)
        return IllegalAction(f"you do not hold a {parts[1]}", "TOY-1.1", action)

    def _apply(self, action, events):
        c = int(action.split()[1])
        hand = self.hands[self.turn]
        hand.remove(c)
        self.played[self.turn] += c * (2 if self.options["double"] else 1)
        if self.deck:
            hand.append(self.deck.pop())
            hand.sort()
            events.append({"type": "draw", "seat": self.turn})
        n = self.num_players
        for k in range(1, n + 1):
            nxt = (self.turn + k) % n
            if self.hands[nxt]:
                self.turn = nxt
                break

    def scores(self):
        return list(self.played)

    def _observe(self, player):
        return {
            "hands": [h if p == player else len(h) for p, h in enumerate(self.hands)],
            "deck": len(self.deck),
            "played": list(self.played),
            "turn": self.turn,
        }

    def has_hidden(self, player):
        # hidden when some card's place is unknown: two or more places the unseen cards could be
        holders = sum(1 for p, h in enumerate(self.hands) if p != player and h) + (1 if self.deck else 0)
        return holders > 1 or len(self.deck) > 1

    def _resample_hidden(self, player, rng):
        pool = list(self.deck)
        for p, h in enumerate(self.hands):
            if p != player:
                pool.extend(h)
        pool.sort()                 # a canonical order first: the sample must not depend on the true one
        rng.shuffle(pool)
        for p, h in enumerate(self.hands):
            if p != player:
                k = len(h)
                self.hands[p] = sorted(pool[:k])
                del pool[:k]
        self.deck = pool
