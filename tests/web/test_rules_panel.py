"""Rules at hand: each game's rules panel in Italian and English, and a refused move that shows
the clause it breaks with a link to the panel's paragraph."""
import json
import os
import re
from pathlib import Path

import pytest

import lapilli
from lapilli.engine.registry import list_games

from .conftest import SHOTS, create_table, wait_my_turn

WEB = Path(lapilli.__file__).resolve().parent / "web"
GAMES_SRC = Path(lapilli.__file__).resolve().parent / "games"
GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
CITED = re.compile(r'"([A-Z]{3}-\d+\.\d+)[a-z]?"')


def panel(game):
    return json.loads((WEB / "rules" / f"{game}.json").read_text(encoding="utf-8"))


def paragraph_for(doc, clause):
    """The lookup web/rules.js makes: the paragraph naming the clause, else its section."""
    section = clause.split(".")[0]
    by_section = None
    for s in doc["sections"]:
        for p in s["paragraphs"]:
            if clause in p["clauses"]:
                return p
            if by_section is None and section in p["clauses"]:
                by_section = p
    return by_section


def test_every_game_has_a_panel():
    assert sorted(GAMES) == sorted(g for g in list_games() if g in GAMES)
    for game in GAMES:
        assert panel(game)["game"] == game


@pytest.mark.parametrize("game", GAMES)
def test_panel_speaks_both_languages_and_names_real_clauses(game):
    doc = panel(game)
    ids = [s["id"] for s in doc["sections"]]
    assert {"setup", "turn"} <= set(ids) and any(i in ids for i in ("scoring", "end"))
    prefix = doc["clauses"] and next(iter(doc["clauses"])).split("-")[0]
    sections = {c.split(".")[0] for c in doc["clauses"]}
    seen = set()
    for s in doc["sections"]:
        assert s["title"]["en"] and s["title"]["it"] and s["title"]["en"] != s["title"]["it"] or s["id"] == "aim"
        for p in s["paragraphs"]:
            assert p["id"] not in seen
            seen.add(p["id"])
            assert len(p["en"]) > 40 and len(p["it"]) > 40 and p["en"] != p["it"], p["id"]
            assert p["clauses"], p["id"]
            for c in p["clauses"]:
                assert c.startswith(prefix + "-"), c
                # a clause of the specification, or a section of clauses (ISL-4 for ISL-4.x)
                assert c in doc["clauses"] or c in sections or c.endswith("-0"), c


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_the_engine_cites_has_text_and_a_paragraph(game):
    doc = panel(game)
    package = GAMES_SRC / game.replace("-", "_")
    cited = set()
    for f in package.rglob("*.py"):
        cited |= set(CITED.findall(f.read_text(encoding="utf-8")))
    assert len(cited) > 20, cited
    prefix = next(iter(doc["clauses"])).split("-")[0]
    missing_text = sorted(c for c in cited if c.startswith(prefix) and c not in doc["clauses"])
    unlinked = sorted(c for c in cited if c.startswith(prefix) and paragraph_for(doc, c) is None)
    assert not missing_text, missing_text
    assert not unlinked, unlinked


def test_refused_move_shows_the_clause_and_opens_its_paragraph(server, page):
    create_table(page, server, "stromboli", players=2, bots="random")
    wait_my_turn(page)
    page.fill("#notation", "place 9 b1")
    page.click("#send")
    page.wait_for_selector("#refusal-clause .clause-text")
    text = page.inner_text("#error")
    assert "STR-2.3" in text and "place a numbered disc" in text  # the clause itself
    page.click("#rule-link")
    page.wait_for_selector("#rules-panel p.focus")
    focus = page.inner_text("#rules-panel p.focus")
    assert "STR-2" in focus and "place a disc" in focus
    assert page.is_visible("#rules-panel p.focus")
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "rules-panel-refusal.png"))
    page.click("#rules-close")
    assert page.locator("#rules-panel").count() == 0


def test_rules_panel_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        create_table(page, server, "the-island", players=2, bots="random")
        page.click("#rules")
        page.wait_for_selector("#rules-panel")
        body = page.inner_text("#rules-panel")
        assert "Regole" in body and "Preparazione" in body and "esploratori" in body
        assert "Set-up" not in body and "explorers" not in body
        page.screenshot(path=os.path.join(SHOTS, "rules-panel-it.png"))
    finally:
        ctx.close()
