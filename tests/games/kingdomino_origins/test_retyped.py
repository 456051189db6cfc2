"""Re-typed actions (random case, spacing, the two positions of 'pair' in either order) are accepted."""
import pytest

from ..retype import check_retyped


def _pair(toks, rng):
    if toks[0] == "pair":
        return [toks[0], toks[1][::-1]]
    return None


@pytest.mark.rule("KDO-13.5")
def test_every_legal_action_retyped_is_accepted():
    checked, pairs = check_retyped("kingdomino-origins", games=6, max_plies=300, shuffle=_pair)
    assert checked > 300 and pairs >= 1
