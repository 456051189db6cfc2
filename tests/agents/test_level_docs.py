"""The level tables of docs/agents.md name the specs that ``level_spec`` returns, for every level
of every game and player count (a player reading them gets what the game plays), and its results
table has a row for each of the three measured cells of every game and player count."""
import re
from pathlib import Path

import pytest

import lapilli
from lapilli.agents import level_spec

DOC = Path(__file__).resolve().parents[2] / "docs" / "agents.md"
HEADING = re.compile(r"^### ([a-z-]+)$")
ROW = re.compile(r"^\| (easy|normal|hard) \| ([0-9, -]+) \| `([^`]+)` \| [^|]+ \|$")
RESULT = re.compile(r"^\| ([a-z-]+) \| ([2-6]) \| (normal vs random|normal vs heuristic|hard vs normal) \| ")
GAMES = ("stromboli", "isola-dei-vulcani", "kingdomino-origins", "the-island", "eruption")


def _counts(text):
    out = []
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def _level_tables():
    tables, game = {}, None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if m:
            game = m.group(1)
            continue
        m = ROW.match(line)
        if m:
            table = tables.setdefault(game, {})
            for n in _counts(m.group(2)):
                assert (m.group(1), n) not in table, (game, m.group(1), n)
                table[(m.group(1), n)] = m.group(3)
    return tables


@pytest.mark.parametrize("game", GAMES)
def test_the_level_table_in_docs_agents_is_the_levels_played(game):
    spec = lapilli.game_spec(game)
    players = range(spec.min_players, spec.max_players + 1)
    expected = {(lvl, n): level_spec(lvl, game, n) for lvl in ("easy", "normal", "hard") for n in players}
    assert _level_tables().get(game) == expected


def test_every_game_has_a_level_table():
    assert set(_level_tables()) == set(GAMES)


def test_the_results_table_has_every_cell():
    rows = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = RESULT.match(line)
        if m:
            assert (m.group(1), int(m.group(2)), m.group(3)) not in rows, line
            rows.add((m.group(1), int(m.group(2)), m.group(3)))
    want = set()
    for game in GAMES:
        spec = lapilli.game_spec(game)
        for n in range(spec.min_players, spec.max_players + 1):
            want |= {(game, n, cell) for cell in ("normal vs random", "normal vs heuristic", "hard vs normal")}
    assert rows == want
