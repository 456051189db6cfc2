"""The level tables in docs/games/the-island.md and docs/games/eruption.md name the specs that
``level_spec`` returns, for every level and player count (a player reading them gets what the
game plays)."""
import re
from pathlib import Path

import pytest

from lapilli.agents import level_spec
from lapilli.agents.levels import GUIDED

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
ROW = re.compile(r"^\| (easy|normal|hard) \| ([0-9, -]+) \| `([^`]+)` \|$")


def _counts(text):
    out = []
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


@pytest.mark.parametrize("game, doc, abbrev, players", [
    ("the-island", "the-island.md", {"G": GUIDED}, range(2, 7)),
    ("eruption", "eruption.md", {}, range(2, 7)),
])
def test_the_level_table_in_the_game_doc_is_the_levels_played(game, doc, abbrev, players):
    table = {}
    for line in (DOCS / doc).read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            spec = m.group(3)
            for short, full in abbrev.items():
                spec = re.sub(rf"(?<=,){short}(?=,|$)", full, spec)
            for n in _counts(m.group(2)):
                assert (m.group(1), n) not in table, (m.group(1), n)
                table[(m.group(1), n)] = spec
    expected = {(lvl, n): level_spec(lvl, game, n) for lvl in ("easy", "normal", "hard") for n in players}
    assert table == expected
