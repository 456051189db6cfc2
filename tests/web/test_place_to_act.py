"""The place to act is on the first screen: at 1366x768 (a laptop), 1400x1000 (a desktop) and
390x844 (a phone, by touch), at every decision of every game, the page shows without scrolling
that it is this player's turn, what to do (the board's headline: whose turn and which step) and
the controls to do it (a target offered on the board, every button of the move picker).  A
desktop (1400x1000) shows its whole board at every decision, never a close-up: the headline and
the scoreboard stay in view.

Each game is played against a computer by seeded random choices among what the page offers,
until each of the game's decision kinds (the verbs of the legal moves) has been met, or the game
ends, or the bound of decisions is reached."""
import os
import random
import time

import pytest

from .conftest import SHOTS, create_table, wait_settled

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
SIZES = {"laptop": dict(viewport={"width": 1366, "height": 768}),
         "desktop": dict(viewport={"width": 1400, "height": 1000}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)}
# the decision kinds each game must show within the bound: the first word of its legal moves
KINDS = {"isola-dei-vulcani": {"land", "pray", "move", "carve", "village", "end"},
         "stromboli": {"place", "shaman", "stay", "take"},
         "kingdomino-origins": {"pair", "take", "place"},
         "the-island": {"place", "boat", "remove", "walk", "swim", "sail", "end"},
         "eruption": {"village", "place", "build", "discard", "end"}}
MAX_DECISIONS, MAX_SECONDS = 160, 150
READY = ("() => { const s = document.querySelector('#status');"
         " return s && (document.querySelector('#picker') || s.textContent.includes('Game over')); }")

# what is on the first screen: every box is measured against the viewport (a box is in view when
# it lies entirely between the top and the bottom of the window, and is not covered there)
MEASURE = """() => {
  const H = window.innerHeight, W = window.innerWidth;
  const box = e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width, h: r.height}; };
  const seen = e => {
    const r = e.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0 && r.top >= -0.5 && r.bottom <= H + 0.5 && r.left >= -0.5 && r.right <= W + 0.5)) return false;
    // not hidden under something else (a bar over the board): the middle of the box is the element's
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !!hit && (hit === e || e.contains(hit) || hit.contains(e));
  };
  const svg = document.querySelector('#board svg.board');
  const legal = [...document.querySelectorAll('#legal-list option')].map(o => o.value.split(' ')[0]);
  const targets = [...document.querySelectorAll('#board svg .clickable')];
  const buttons = [...document.querySelectorAll('#picker button')];
  // the prompt saying it is this player's turn, wherever the page shows it
  const turn = [...document.querySelectorAll('#status, .turn-prompt')].filter(e => /Your turn/.test(e.textContent));
  // the board's headline (whose turn, which step): its texts of class "headline", else (a board
  // that marks none) the lines of text drawn in its top 60 units
  const marked = svg ? [...svg.querySelectorAll('text.headline')] : [];
  const texts = marked.length ? marked : svg ? [...svg.querySelectorAll('text')].filter(t => t.getBBox().y < 60 && t.textContent.trim()).slice(0, 3) : [];
  const prompts = [...document.querySelectorAll('.turn-prompt')].filter(seen).map(e => e.textContent);
  return {
    kinds: [...new Set(legal)],
    turn: turn.map(box), turnSeen: turn.some(seen),
    // in view on the board (not cut off by a close-up), or said by a prompt in view
    headline: texts.map(t => { const r = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
      return {text: t.textContent.slice(0, 50), seen: (r.height > 0 && r.top >= Math.max(-0.5, s.top - 0.5) && r.bottom <= Math.min(H, s.bottom) + 0.5
        && r.left >= s.left - 0.5 && r.right <= s.right + 0.5) || prompts.some(p => p.includes(t.textContent.trim()))}; }),
    targets: targets.length, targetSeen: targets.some(seen),
    firstTarget: targets.length ? box(targets[0]) : null,
    buttons: buttons.map(b => ({id: b.id || b.dataset.pick || b.textContent.slice(0, 12), seen: seen(b), ...box(b)})),
    zoomed: !!(svg && svg.classList.contains('zoomed')), regions: document.querySelectorAll('.zoom-region').length,
    svg: svg ? box(svg) : null, scrollY: window.scrollY, H,
  };
}"""


def _choose(page, rng, size):
    """A seeded random choice among what the page offers now: a target on the board, a button of
    the picker (confirm or a token; never cancel, so that the game goes on)."""
    offered = page.locator("#board svg .clickable, #picker button[data-pick], #confirm")
    n = offered.count()
    if not n:
        return False
    loc = offered.nth(rng.randrange(n))
    loc.scroll_into_view_if_needed(timeout=5_000)
    if size == "phone":
        loc.tap(timeout=5_000)
    else:
        loc.click(timeout=5_000)
    return True


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_place_to_act_is_on_the_first_screen(server, browser, game, size):
    ctx = browser.new_context(locale="en-US", **SIZES[size])
    page = ctx.new_page()
    rng = random.Random(f"{game}/{size}")
    met, shot, problems = set(), set(), []
    try:
        create_table(page, server, game, players=2, bots="random")
        start = time.monotonic()
        for decision in range(MAX_DECISIONS):
            page.wait_for_function(READY, timeout=30_000)
            if page.locator(".score").count():
                break
            wait_settled(page)  # the page has drawn this decision (zoom, layout)
            # each decision is looked at as the page first shows it: from the top of the page
            page.evaluate("window.scrollTo(0, 0)")
            m = page.evaluate(MEASURE)
            kinds = set(m["kinds"])
            new = kinds - met
            met |= kinds
            what = f"decision {decision} {sorted(kinds)}"
            if not m["turnSeen"]:
                problems.append(f"{what}: 'Your turn' out of view {m['turn']}")
            if not (m["headline"] and all(h["seen"] for h in m["headline"])):
                problems.append(f"{what}: the board's headline out of view {m['headline']}")
            if m["targets"] and not m["targetSeen"]:
                problems.append(f"{what}: no target offered in view (first {m['firstTarget']}, svg {m['svg']})")
            hidden = [b for b in m["buttons"] if not b["seen"]]
            if hidden:
                problems.append(f"{what}: buttons out of view {hidden[:3]}")
            if size == "desktop" and (m["zoomed"] or m["regions"]):
                problems.append(f"{what}: the desktop board is zoomed (regions {m['regions']})")
            if new - shot or (problems and "problem" not in shot):
                os.makedirs(SHOTS, exist_ok=True)
                name = "-".join(sorted(new - shot)) or "problem"
                page.screenshot(path=os.path.join(SHOTS, f"act-{size}-{game}-{name}.png"))
                shot |= new or {"problem"}
            if problems and len(problems) > 6:
                break
            if KINDS[game] <= met or time.monotonic() - start > MAX_SECONDS:
                break
            _choose(page, rng, size)
        assert not problems, problems[:6]
        assert KINDS[game] <= met or page.locator(".score").count(), f"met only {sorted(met)} of {sorted(KINDS[game])}"
    finally:
        ctx.close()
