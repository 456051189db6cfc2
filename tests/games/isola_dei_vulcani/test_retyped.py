"""Re-typed actions (random case and spacing) are accepted: no action of this game has an unordered set."""
import pytest

from ..retype import check_retyped


@pytest.mark.rule("IDV-3.4")
def test_every_legal_action_retyped_is_accepted():
    checked, _ = check_retyped("isola-dei-vulcani", games=4, max_plies=300)
    assert checked > 300
