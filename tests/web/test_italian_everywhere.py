"""The page in Italian says nothing in English: the web catalogue has every key in both languages
(an Italian text equal to the English one only for names and symbols), and the lobby, the table of
each game (board, move picker, panels, log), the rules panel and the end screen show no English
word.  What a player reads is taken from the page as shown: its text, the tooltips, the
placeholders, the screen readers' labels and the boards' SVG texts."""
import os
import re
import time

import pytest

from .conftest import SHOTS, TABLE_SEED, create_table
from .support import computers_play_out

GAMES = ["eruption", "isola-dei-vulcani", "kingdomino-origins", "stromboli", "the-island"]
# words of English that never belong on the Italian page (the notation of moves aside)
ENGLISH = re.compile(r"\b(the|your|you|turn|round|points?|players?|moves?|legal|waiting|winners?|wins|score|"
                     r"seats?|take|tiles?|cards?|game|of|and|with|from|left|none|zoom|whole|board|join|watch|"
                     r"replay|send|undo|hand|deck|stack|walls?|village|boat|explorers?|colonists?|shells?|"
                     r"discs?|first|second|last|next|back|forward|close|rules?|resign|copy|invite|"
                     r"open|here|away|free|empty|phase|step|danger|zone|reserve|supply|prayer|"
                     r"tokens?|face|down|up|drawn|played|scored|total|end|over|sign|in\s+to)\b", re.I)
# an Italian text may equal the English one when it is a name, a symbol or a word Italian shares
SAME = {"computer", "°C", "Lapilli", "Nautilus", "Lava", "lava", "Totem", "Moai", "Magrolino", "Amazzone", "Energumeno",
        "NE", "SE", "Cro-magnon", "no", "Password",
        "Chat", "{n} s", "{n} min", "{n} h"}  # Italian says "chat" too; units of time are the same symbols
# names, and English words an Italian rulebook uses (Stromboli's rounds are "round")
NAMES = re.compile(r"The Island")
RULEBOOK = {"stromboli": re.compile(r"\bround\b", re.I)}

READ = """() => {
  const out = [document.body.innerText];
  for (const a of ["title", "placeholder", "aria-label"])
    document.querySelectorAll(`[${a}]`).forEach(e => out.push(e.getAttribute(a)));
  document.querySelectorAll("svg text, svg title, option").forEach(e => out.push(e.textContent));
  return out.join("\\n");
}"""


def english_in(text, game=None):
    """The English words in ``text``, each with its line; quoted notation ('pass'), the games' names
    and the words the game's Italian rulebook itself uses are not English."""
    found = []
    for line in text.splitlines():
        bare = NAMES.sub("", re.sub(r"'[^']*'|\"[^\"]*\"", "", line))
        if game in RULEBOOK:
            bare = RULEBOOK[game].sub("", bare)
        for m in ENGLISH.finditer(bare):
            found.append(f"{m.group(0)!r} in {line.strip()[:120]!r}")
    return found


@pytest.fixture
def italian(browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    yield ctx.new_page()
    ctx.close()


def test_the_catalogue_has_every_key_in_both_languages(server, italian):
    page = italian
    page.goto(server + "/")
    page.wait_for_selector("#app *")
    cat = page.evaluate("() => ({it: I18N.it, en: I18N.en})")
    assert set(cat["it"]) == set(cat["en"]), set(cat["it"]) ^ set(cat["en"])
    same = [k for k, v in cat["it"].items() if v == cat["en"][k] and not isinstance(v, list) and v not in SAME
            and not re.fullmatch(r"[\W\d]*|[A-Z]{1,2}", str(v))]
    assert not same, same
    # every key the page's HTML names has a text
    keys = page.eval_on_selector_all("[data-i18n]", "els => els.map(e => e.dataset.i18n)")
    assert keys and all(k in cat["it"] for k in keys), keys


def check(page, where, game=None):
    text = page.evaluate(READ)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"italian-{where}.png"))
    found = english_in(text, game)
    assert not found, f"{where}: " + "; ".join(found[:12])


def test_lobby_in_italian(server, italian):
    italian.goto(server + "/")
    italian.wait_for_selector("#create")
    for game in GAMES:
        italian.select_option("#game", game)
        italian.wait_for_timeout(300)
        check(italian, f"lobby-{game}")


@pytest.mark.parametrize("game", GAMES)
def test_table_in_italian(server, italian, game):
    create_table(italian, server, game, 2, "random")
    italian.wait_for_selector("#picker, #status:has-text('Partita finita')", timeout=30_000)
    italian.wait_for_selector("#board svg")
    check(italian, f"table-{game}", game)
    italian.click("#rules")
    italian.wait_for_selector("#rules-panel")
    check(italian, f"rules-{game}", game)


def _finished_table(page, server, game):
    """A table of two computer players (random) that has played to the end, watched."""
    computers_play_out(page, server, game, seed=TABLE_SEED)
    end = time.monotonic() + 90
    while "Partita finita" not in (page.evaluate("() => (document.querySelector('#status') || {}).textContent") or ""):
        assert time.monotonic() < end, "the end screen was not shown"
        page.wait_for_timeout(300)


@pytest.mark.parametrize("game", GAMES)
def test_end_screen_in_italian(server, italian, game):
    _finished_table(italian, server, game)
    check(italian, f"end-{game}", game)


def test_coach_hint_in_italian(server, italian):
    create_table(italian, server, "kingdomino-origins", 2, "random")
    italian.wait_for_selector("#picker", timeout=30_000)
    italian.click("#hint-btn")
    italian.wait_for_selector("#hint-text", timeout=60_000)
    check(italian, "coach-hint", "kingdomino-origins")


def test_a_refused_move_is_said_in_italian(server, italian):
    """The rules' refusal on the page is the catalogue's Italian sentence, not the engine's English."""
    create_table(italian, server, "isola-dei-vulcani", 2, "random")
    italian.wait_for_selector("#picker", timeout=30_000)
    italian.fill("#notation", "move H3 H4")
    italian.click("#send")
    italian.wait_for_selector("#error", timeout=10_000)
    said = italian.inner_text("#error")
    assert "Mossa non valida: non hai nessun colono su H3" in said and "colonist" not in said
    check(italian, "refused", "isola-dei-vulcani")


def test_a_move_sent_and_not_yet_answered_is_said_in_italian(server, italian):
    """Between a move sent and the server's answer the status is the page's own sentence, the move
    quoted in the game's notation (read in the task that sends it: no answer can come between)."""
    create_table(italian, server, "nim", 2, "random")
    italian.wait_for_selector("#picker button[data-pick]")
    action = italian.locator("#legal-list option").first.get_attribute("value")
    italian.fill("#notation", action)
    said = italian.evaluate("() => { document.querySelector('#send').click(); return document.querySelector('#status').textContent; }")
    assert said == f"Mossa inviata: '{action}' …", said
    assert not english_in(said), said
