"""Shared check: every legal action, re-typed as a person might type it, is the same action.

A re-typed action has random case, extra spaces (before, between and after its words, and
around a comma) and, where the game's notation has an unordered set, its members in a random
order.  ``apply`` must accept it and leave the same position as the action itself."""
from __future__ import annotations

import random

import lapilli
from lapilli import IllegalAction


def retype(action: str, rng: random.Random, shuffle=None) -> str:
    """``shuffle(words, rng)``: the words with the unordered set's members re-ordered, or None
    when the action has no unordered set."""
    toks = action.split()
    if shuffle is not None:
        toks = shuffle(toks, rng) or toks
    toks = ["".join(c.upper() if rng.random() < 0.5 else c.lower() for c in t) for t in toks]
    text = " " * rng.randint(0, 2) + "".join(t + " " * rng.randint(1, 3) for t in toks)
    return "".join(rng.choice((",", " , ", ", ")) if c == "," else c for c in text)


def check_retyped(game: str, games: int, max_plies: int, shuffle=None, per_position: int = 3,
                  seed: int = 0) -> tuple[int, int]:
    """Play ``games`` random games (the player counts in turn, a random option set); in each position re-type
    ``per_position`` random legal actions and up to 20 with an unordered set, and check that each
    is accepted and leaves the same position as the action itself.
    Actions legal earlier but not now, re-typed, must be refused naming the same rule as when typed
    in the game's own spelling (a refusal tells the truth whatever the typing).
    Returns (actions checked, how many of them had an unordered set)."""
    spec = lapilli.game_spec(game)
    rng = random.Random(seed)
    checked = with_set = 0
    seen: list[str] = []
    for g in range(games):
        n = spec.min_players + g % (spec.max_players - spec.min_players + 1)  # every count in turn
        s = lapilli.new_game(game, n, seed=seed * 1000 + g, options=rng.choice(spec.configurations(n)))
        while not s.is_terminal and len(s.history) < max_plies:
            legal = s.legal_actions()
            picks = rng.sample(legal, min(per_position, len(legal)))
            if shuffle is not None:
                picks += [a for a in legal if shuffle(a.split(), rng) is not None][:20]
            for a in picks:
                typed = retype(a, rng, shuffle)
                want, got = s.clone(), s.clone()
                want.apply(a)
                got.apply(typed)      # raises IllegalAction if the re-typed text is refused
                assert got.history[-1] == a, (typed, a)
                assert got.to_json() == want.to_json(), typed
                checked += 1
                with_set += shuffle is not None and shuffle(a.split(), rng) is not None
            for a in rng.sample(seen, min(2, len(seen))):
                if a in legal:
                    continue
                rules = []
                for text in (a, retype(a, rng, shuffle)):
                    try:
                        s.clone().apply(text)
                    except IllegalAction as e:
                        rules.append(e.rule)
                assert len(rules) == 2 and rules[0] == rules[1], (a, rules)
            seen.extend(rng.sample(legal, min(2, len(legal))))
            s.apply(rng.choice(legal))
    return checked, with_set
