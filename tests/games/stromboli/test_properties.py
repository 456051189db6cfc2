"""Property tests: any sequence of legal choices keeps the game's invariants."""
from hypothesis import given, settings
from hypothesis import strategies as st

import lapilli
from lapilli.games.stromboli.data import DECKS, KIND


def check_invariants(s, tactical):
    for seg in range(6):
        a, b = s.sums(seg)
        assert a != b or a == 0                                   # STR-2.9
    for seat in (0, 1):
        assert s.statues_left[seat] + sum(1 for o in s.statues if o == seat) == 8
        assert 0 <= s.statues_left[seat] <= 8
    assert 0 <= s.supply() <= 4 and min(s.craters) >= 0
    where = ([c for c in s.cards if c] + s.discard + [c for p in s.piles for c in p]
             + s.front[0] + s.front[1] + s.shells[0] + s.shells[1])
    expected = [c for d in DECKS for c in d if not (tactical and KIND[c] == "lava")]
    assert sorted(where) == sorted(expected)
    assert len(set(s.board_cards) | set(s.score_cards[0]) | set(s.score_cards[1])) == 5


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), tactical=st.booleans(), picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=400))
def test_random_choice_sequences_keep_invariants(seed, tactical, picks):
    s = lapilli.new_game("stromboli", 2, seed=seed, options={"tactical": tactical})
    for k in picks:
        if s.is_terminal:
            break
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        s.apply(legal[k % len(legal)])
        check_invariants(s, tactical)
