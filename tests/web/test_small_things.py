"""What a player notices at once: a refused move leaves the screen when its time is up (not at the
next update, which may never come while it is the same player's turn); the keyboard's focus on a
Kingdomino Origins cell stands out from the other cells offered; every symbol the page writes as
text is drawn by the fonts a Debian desktop has (no empty boxes), the chance icons of the log
are drawn in SVG, not taken from a font, and a table of computers only that the server stopped
says so."""
import os
import pathlib
import unicodedata

from .conftest import SHOTS, TABLE_SEED, create_table

WEB = pathlib.Path(__file__).resolve().parents[2] / "src" / "lapilli" / "web"
READY = ("() => { const s = document.querySelector('#status');"
         " return s && (document.querySelector('#picker') || s.textContent.includes('Game over')); }")


def test_a_refused_move_leaves_the_screen_when_its_time_is_up(server, page):
    create_table(page, server, "kingdomino-origins", players=2, bots="random")
    page.wait_for_selector("#picker", timeout=30_000)
    page.fill("#notation", "no such move")
    page.click("#send")
    page.wait_for_selector("#error", timeout=10_000)
    assert "refused" in page.inner_text("#error").lower(), page.inner_text("#error")
    # it is still this player's turn: no new view comes, and the refusal leaves after its 8 s
    page.wait_for_function("() => !document.querySelector('#error')", timeout=12_000)
    assert page.locator("#picker").count() == 1


def test_the_keyboard_focus_on_a_kingdomino_cell_stands_out(server, page):
    create_table(page, server, "kingdomino-origins", players=2, bots="random")
    page.wait_for_selector("#picker", timeout=30_000)
    # the first decision is a tile of the row; choose one, then the cells of the kingdom are offered
    for _ in range(40):
        if page.locator("svg.kdo .hit.clickable").count():
            break
        page.locator("svg .clickable, #picker button[data-pick]").first.click()
        page.wait_for_function(READY, timeout=30_000)
    cells = page.locator("svg.kdo .hit.clickable")
    assert cells.count() >= 2
    cells.first.focus()
    page.wait_for_timeout(100)
    style = ("e => { const s = getComputedStyle(e); return {stroke: s.stroke, width: parseFloat(s.strokeWidth), "
             "fill: s.fill, filter: s.filter}; }")
    focused = cells.first.evaluate(style)
    other = cells.nth(1).evaluate(style)
    os.makedirs(SHOTS, exist_ok=True)
    page.locator("#board svg").screenshot(path=os.path.join(SHOTS, "kingdomino-cell-focus.png"))
    # the focus ring: another colour than the cells offered, and a thicker line
    assert focused["stroke"] != other["stroke"], (focused, other)
    assert focused["width"] >= other["width"] + 2, (focused, other)
    assert focused["filter"] != "none", focused


def _symbols():
    """Every symbol (not letter, digit or plain punctuation) the client writes as text."""
    found = {}
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in (".js", ".css", ".html"):
            continue
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 127 and unicodedata.category(ch)[0] == "S":
                found.setdefault(ch, path.name)
    return found


def test_every_symbol_written_as_text_is_drawn_by_the_fonts_installed(server, page):
    symbols = _symbols()
    assert len(symbols) > 10, symbols
    page.goto(server + "/")
    # a glyph no font has (a private-use code point) is drawn as the fallback box: a symbol drawn
    # the same way is missing from the fonts installed
    missing = page.evaluate("""chars => {
      const c = document.createElement('canvas'); c.width = 64; c.height = 64;
      const x = c.getContext('2d');
      const font = getComputedStyle(document.body).fontFamily;
      const draw = ch => { x.clearRect(0, 0, 64, 64); x.font = `40px ${font}`; x.fillText(ch, 8, 48);
        return Array.from(x.getImageData(0, 0, 64, 64).data).join(','); };
      const boxes = [draw('\\u{10FFFD}'), draw('\\uE000'), draw('\\u{F0000}')];
      return chars.filter(ch => boxes.includes(draw(ch)));
    }""", list(symbols))
    assert not missing, {ch: (f"U+{ord(ch):04X}", unicodedata.name(ch, "?"), symbols[ch]) for ch in missing}


def test_the_chance_icons_of_the_log_are_drawn_in_svg(server, page):
    """Kingdomino Origins draws its first row of tiles at set-up; Stromboli turns palm cards and
    rolls its dice: their log lines start with an icon of the component, in SVG."""
    for game, kinds in (("kingdomino-origins", {"tile"}), ("stromboli", {"card"})):
        create_table(page, server, game, players=2, bots="random")
        page.wait_for_selector("#log .log-chance", timeout=30_000)
        icons = page.eval_on_selector_all("#log .log-chance", "ls => ls.flatMap(l => [...l.querySelectorAll('svg.chance-icon')]"
                                          ".map(s => s.dataset.kind))")
        assert kinds <= set(icons), icons
        text = " ".join(page.locator("#log .log-chance").all_inner_texts())
        assert not set(text) & set("⚀⚁⚂⚃⚄⚅🂠⬡"), text
        os.makedirs(SHOTS, exist_ok=True)
        page.locator("#log").screenshot(path=os.path.join(SHOTS, f"log-chance-icons-{game}.png"))


def test_a_table_of_computers_only_that_stopped_says_why(tmp_path, browser):
    """A spectator of a table where only computers play, stopped at the server's cap on such
    tables (LAPILLI_COMPUTER_ONLY_MOVES), reads why nothing moves any more."""
    from lapilli.testing.server import ServerProcess

    with ServerProcess(tmp_path, "stop", f"sqlite:///{tmp_path / 'web.db'}", args=("--bot-workers", "1", "--bot-pace", "0"),
                       LAPILLI_COMPUTER_ONLY_MOVES="12", LAPILLI_TEST_SEEDS="1") as s:
        ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        try:
            r = page.request.post(s.url + "/api/tables", data={
                "game": "stromboli", "players": 2, "seats": [{"kind": "bot", "level": "random"}] * 2, "seed": TABLE_SEED})
            assert r.ok, r.text()
            page.goto(f"{s.url}/t/{r.json()['id']}")  # watching it makes its computers play
            page.wait_for_function("() => (document.querySelector('#status') || {}).textContent?.startsWith('Game stopped')",
                                   timeout=30_000)
            assert page.text_content("#status") == "Game stopped: a table where only computers play stops after 12 moves."
            assert page.locator("#log .entry").count() == 13  # the set-up and the 12 moves
            page.screenshot(path=os.path.join(SHOTS, "computers-only-stopped.png"))
        finally:
            ctx.close()
