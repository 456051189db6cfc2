"""Players told apart without colour: every seat has a shape of its own (circle, square, triangle,
diamond, ...), drawn on its pieces and tokens on each game's board and beside its name in the seat
list, so that a colour-blind player, or anyone on a greyscale screen, can tell whose piece is whose.
Each game is played by clicking until every seat has pieces on the board; then every board shape
filled with a seat's colour carries that seat's mark (its own shape, or a glyph drawn on it), each
seat's mark on the board is the one beside its name, the seats' shapes differ, and axe-core finds
no serious violation.  A greyscale picture of each table goes to the screenshot folder."""
import os

import pytest

from .conftest import SHOTS, click_retry, create_table
from .support import serious

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
PLAYERS = {"isola-dei-vulcani": 3, "stromboli": 2, "kingdomino-origins": 3, "the-island": 4, "eruption": 3}

CHECK = """() => {
  const rgb = c => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);
                     const v = getComputedStyle(d).color; d.remove(); return v; };
  // the seat list: each seat's colour and the shape beside its name
  const seats = [...document.querySelectorAll('#players .player')].map(pl => {
    const who = pl.querySelector('.who'), icon = who.querySelector('svg.seat-icon');
    const colour = getComputedStyle(who).getPropertyValue('--pc').trim();
    return {seat: +pl.dataset.seat, colour: colour ? rgb(colour) : null,
            mark: icon ? icon.dataset.mark : null, d: icon ? icon.querySelector('path').getAttribute('d') : null};
  });
  const seatOfColour = {};
  seats.forEach(s => { if (s.colour) seatOfColour[s.colour] = s.seat; });
  const svg = document.querySelector('#board svg.board');
  const unmarked = [], mismatched = [], onBoard = {};
  let coloured = 0;
  for (const e of svg.querySelectorAll('path, circle, rect, polygon, ellipse')) {
    if (e.closest('.zoom-regions') || e.classList.contains('seat-glyph')) continue;
    const s = seatOfColour[getComputedStyle(e).fill];
    if (s === undefined) continue;
    coloured += 1;
    // the piece's own shape is the mark, or a glyph is drawn on it right after it
    const m = e.dataset.mark ? e : (e.nextElementSibling && e.nextElementSibling.dataset.mark ? e.nextElementSibling : null);
    if (!m) { unmarked.push(e.outerHTML.slice(0, 140)); continue; }
    if (+m.dataset.seat !== s) mismatched.push(`${e.outerHTML.slice(0, 100)} has the colour of seat ${s}, the mark of seat ${m.dataset.seat}`);
  }
  for (const m of svg.querySelectorAll('[data-mark]')) {
    const p = +m.dataset.seat;
    (onBoard[p] = onBoard[p] || new Set()).add(m.dataset.mark);
  }
  return {seats, unmarked, mismatched, coloured,
          onBoard: Object.fromEntries(Object.entries(onBoard).map(([p, s]) => [p, [...s]])),
          pieces: Object.fromEntries(seats.map(s => [s.seat, svg.querySelectorAll(`[data-mark][data-seat="${s.seat}"]`).length]))};
}"""


def _every_seat_on_the_board(page, players):
    c = page.evaluate(CHECK)
    return all(c["pieces"].get(str(p), c["pieces"].get(p, 0)) >= 2 for p in range(players)) and \
        all(s["colour"] for s in c["seats"]) and c["coloured"] > players


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_has_its_own_shape_on_the_board(server, page, game):
    players = PLAYERS[game]
    create_table(page, server, game, players, bots="random")
    for clicks in range(400):
        page.wait_for_function("() => document.querySelector('#picker') || document.querySelector('#results')", timeout=60_000)
        if clicks >= 6 and _every_seat_on_the_board(page, players):
            break
        assert not page.locator("#results").count(), f"{game}: the game ended before every seat had pieces on the board"
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click_retry(page, loc.first)
                break
        page.wait_for_timeout(30)
    else:
        raise AssertionError(f"{game}: not every seat had pieces on the board")
    c = page.evaluate(CHECK)
    assert len(c["seats"]) == players
    # the seat list: a shape beside every name, a different one for every seat
    assert all(s["mark"] for s in c["seats"]), c["seats"]
    assert len({s["mark"] for s in c["seats"]}) == players, c["seats"]
    assert len({s["d"] for s in c["seats"]}) == players, c["seats"]
    # the board: every piece in a seat's colour carries a mark, the mark of that seat
    assert c["coloured"] > players
    assert not c["unmarked"], c["unmarked"][:5]
    assert not c["mismatched"], c["mismatched"][:5]
    # each seat's pieces carry one shape, the one beside its name in the seat list
    for s in c["seats"]:
        assert c["onBoard"][str(s["seat"])] == [s["mark"]], (s, c["onBoard"])
    # the seat list, the log and the results show the same shape per seat
    log_marks = page.evaluate("""() => [...document.querySelectorAll('#log .who[data-seat]')].map(w =>
        [+w.dataset.seat, w.querySelector('svg.seat-icon')?.dataset.mark])""")
    assert log_marks
    for seat, mark in log_marks:
        assert mark == c["seats"][int(seat)]["mark"], (seat, mark)
    assert serious(page) == []
    os.makedirs(SHOTS, exist_ok=True)
    page.add_style_tag(content="html { filter: grayscale(1); }")
    page.wait_for_timeout(300)
    page.screenshot(path=os.path.join(SHOTS, f"grey-{game}.png"), full_page=True)
