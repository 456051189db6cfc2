"""Learn to play in the browser: every tutorial completed by clicking the asked targets on the
real board, in Italian and English; a wrong move of each kind explained; each chapter's first
screen (instruction, board, targets, the picker's asked buttons) inside the window on a laptop and
on a phone."""
import os
import re
from pathlib import Path

import pytest

from lapilli import learn

from .conftest import SHOTS, click_retry, wait_settled

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = learn.games()
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


def open_tutorial(browser, server, game, lang="en", size="laptop"):
    w, h = SIZES[size]
    ctx = browser.new_context(locale={"en": "en-US", "it": "it-IT"}[lang], viewport={"width": w, "height": h},
                              is_mobile=size == "phone", has_touch=size == "phone")
    page = ctx.new_page()
    page.goto(f"{server}/learn/{game}")
    page.wait_for_selector("#lesson-say")
    return ctx, page


def at_step(page, ci, si):
    page.wait_for_selector(f"#lesson[data-chapter='{ci}'][data-step='{si}']")
    page.wait_for_selector("#board svg.board")


def click_move(page, action):
    """Make ``action`` as a person does: each of its tokens on the board (or the picker's button
    for a token the board does not draw), then the confirm button if the picker asks."""
    for tok in action.split():
        done = page.evaluate("() => [...document.querySelectorAll('#picker .chosen')].map(e => e.textContent).join(' ')")
        if tok in done.replace("…", "").split():
            continue  # a token the picker chose by itself (the only verb possible)
        for sel in (f"#board svg .clickable[data-token='{tok}']", f"#picker button[data-pick='{tok}']"):
            loc = page.locator(sel)
            if loc.count():
                click_retry(page, loc.first)
                break
        else:
            if page.locator("#lesson-feedback").count():
                return
            raise AssertionError(f"no target {tok!r} for {action!r} on the board or in the picker")
    if page.locator("#confirm").count() and not page.locator("#lesson-feedback").count():
        click_retry(page, page.locator("#confirm"))


def inside(page, sel):
    """Some element matching ``sel`` is inside the window (its top 40 px at least)."""
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    for i in range(min(page.locator(sel).count(), 200)):
        box = page.locator(sel).nth(i).bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= vh and box["x"] + box["width"] <= vw + 1:
            return True
    return False


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_tutorial_completed_by_clicking(browser, server, game, lang):
    tut = learn.load(game)
    ctx, page = open_tutorial(browser, server, game, lang)
    try:
        for ci, ch in enumerate(tut.chapters):
            for si, step in enumerate(ch["steps"]):
                at_step(page, ci, si)
                assert page.locator("#lesson-say").text_content() == step["say"][lang]
                if step.get("rule"):
                    # the rulebook's words or, marked as such, the rules specification's summary
                    said = ({"en": "Rules summary", "it": "Riassunto delle regole (traduzione nostra)"}
                            if step["rule"].get("source") == "summary" else {"en": "Rule", "it": "Regola"})[lang]
                    assert page.locator("#lesson-clause").text_content() == f"{said} {step['rule']['clause']}"
                    assert step["rule"][lang] in page.locator("#lesson-rule").text_content()
                if step.get("ask"):
                    click_move(page, step["ask"][0])
                    page.wait_for_selector("#lesson-feedback[data-verdict='asked']")
                if step.get("play"):
                    break
                click_retry(page, page.locator("#lesson-next"))
        page.screenshot(path=os.path.join(SHOTS, f"learn-{game}-end-{lang}.png"))
        # the last step: a real table against the computer (easy), the learner seated
        click_retry(page, page.locator("#lesson-play"))
        page.wait_for_url("**/t/**")
        page.wait_for_selector("#players")
        assert "easy" in page.locator("#players").text_content() or "facile" in page.locator("#players").text_content()
    finally:
        ctx.close()


def test_wrong_moves_are_explained(browser, server):
    tut = learn.load("stromboli")
    ids = [c["id"] for c in tut.chapters]
    ctx, page = open_tutorial(browser, server, "stromboli", "it")
    try:
        # a legal move that is not the one taught: said why the asked one is better, then retried
        boat = ids.index("boat")
        page.goto(f"{server}/learn/stromboli#{boat}.0")
        page.reload()
        at_step(page, boat, 0)
        click_move(page, "place 3 b1")
        page.wait_for_selector("#lesson-feedback[data-verdict='legal']")
        text = page.locator("#lesson-feedback").text_content()
        assert tut.step(boat, 0)["why"]["it"] in text and "place 4 b1" in text
        page.screenshot(path=os.path.join(SHOTS, "learn-stromboli-legal-it.png"))
        click_retry(page, page.locator("#lesson-retry"))
        click_move(page, "place 4 b1")
        page.wait_for_selector("#lesson-feedback[data-verdict='asked']")
        # an illegal move: the rule it breaks, its words, a link into the rules panel
        sums = ids.index("sum")
        page.goto(f"{server}/learn/stromboli#{sums}.0")
        page.reload()
        at_step(page, sums, 0)
        # the board offers only legal moves: a move that breaks a rule is typed, as at a table
        page.fill("#notation", "place 1 b3")
        page.click("#send")
        page.wait_for_selector("#lesson-feedback[data-verdict='illegal']")
        page.wait_for_selector("#lesson-feedback .clause-text")
        assert "STR-2.9" in page.locator("#lesson-feedback").text_content()
        page.screenshot(path=os.path.join(SHOTS, "learn-stromboli-illegal-it.png"))
        if os.environ.get("LAPILLI_DOC_SHOTS"):
            page.screenshot(path=str(DOCS / "learn-stromboli-illegal-it.png"))
        click_retry(page, page.locator("#lesson-feedback #rule-link"))
        page.wait_for_selector("#rules-panel .focus")
        page.locator("#rules-close").click()
        # skip and back
        click_retry(page, page.locator("#lesson-skip"))
        at_step(page, sums, 1)
        click_retry(page, page.locator("#lesson-back"))
        at_step(page, sums, 0)
    finally:
        ctx.close()


def _kind(action):
    return " ".join(action.split()[:2]) if action.startswith("play ") else action.split()[0]


def wrong_moves(game):
    """For the first step of each kind of asked move (its verb; The Island's tiles by name): a
    legal move that is not the asked one (the one sharing most of its words), and a move the engine
    refuses with a rule (the asked verb with another target, or another step's move)."""
    tut = learn.load(game)
    elsewhere = [a for ch in tut.chapters for s in ch["steps"] for a in s.get("ask", [])]
    seen, out = set(), []
    for ci, ch in enumerate(tut.chapters):
        for si, step in enumerate(ch["steps"]):
            if not step.get("ask") or _kind(step["ask"][0]) in seen:
                continue
            seen.add(_kind(step["ask"][0]))
            st, ask = tut.position(ci, si), step["ask"][0].split()

            def shared(b):
                return next((i for i, (x, y) in enumerate(zip(b.split(), ask)) if x != y), min(len(b.split()), len(ask)))
            legal = sorted((a for a in st.legal_actions() if tut.judge(ci, si, a)["verdict"] == "legal"), key=lambda b: -shared(b))
            tries = [" ".join(ask[:-1] + [b.split()[-1]]) for b in elsewhere + st.legal_actions() if len(ask) > 1]
            tries += elsewhere + [ask[0] + " " + " ".join(b.split()[1:]) for b in elsewhere + st.legal_actions()]
            illegal = next((a for a in tries if tut.judge(ci, si, a)["verdict"] == "illegal"
                            and re.match(r"[A-Z]{3}-", tut.judge(ci, si, a)["rule"] or "")), None)
            out.append((ci, si, legal[0] if legal else None, illegal))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_wrong_moves_explained_at_each_step_kind(browser, server, game):
    """At the first step of each kind of move a tutorial asks: a legal move that is not the one
    taught, made on the board, is answered with why the asked move is better and the move to try;
    a move that breaks a rule, typed (the board offers only legal moves), with the rule's ID and
    its words."""
    tut = learn.load(game)
    cases = wrong_moves(game)
    assert {_kind(tut.step(ci, si)["ask"][0]) for ci, si, _, _ in cases} == \
        {_kind(a) for ch in tut.chapters for s in ch["steps"] for a in s.get("ask", [])}
    assert sum(1 for *_, legal, illegal in cases if legal) >= len(cases) - 2
    assert sum(1 for *_, illegal in cases if illegal) >= len(cases) - 2
    ctx, page = open_tutorial(browser, server, game, "en")
    try:
        for ci, si, legal, illegal in cases:
            step = tut.step(ci, si)
            page.goto(f"{server}/learn/{game}#{ci}.{si}")
            page.reload()
            at_step(page, ci, si)
            if legal:
                click_move(page, legal)
                page.wait_for_selector("#lesson-feedback[data-verdict='legal']")
                text = page.locator("#lesson-feedback").text_content()
                assert step["why"]["en"] in text and f"Try: {' / '.join(step['ask'])}" in text, (ci, si, legal, text)
                click_retry(page, page.locator("#lesson-retry"))
                page.wait_for_selector("#lesson-feedback", state="detached")
            if illegal:
                verdict = tut.judge(ci, si, illegal)
                page.fill("#notation", illegal)
                page.click("#send")
                page.wait_for_selector("#lesson-feedback[data-verdict='illegal'] .clause-text")
                text = page.locator("#lesson-feedback").text_content()
                assert verdict["message"] in text and f"Rule {verdict['rule']}" in text, (ci, si, illegal, text)
                assert page.locator("#lesson-feedback .clause-text").text_content() == learn.rule_clauses(game)[verdict["rule"]]
                click_retry(page, page.locator("#lesson-retry"))
        page.screenshot(path=os.path.join(SHOTS, f"learn-{game}-wrong-moves.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_each_chapter_first_screen_fits(browser, server, game, size):
    tut = learn.load(game)
    lang = "it" if size == "phone" else "en"
    ctx, page = open_tutorial(browser, server, game, lang, size)
    try:
        for ci, ch in enumerate(tut.chapters):
            page.goto(f"{server}/learn/{game}#{ci}.0")
            page.reload()
            at_step(page, ci, 0)
            wait_settled(page)  # zoom, the picker's bar, layout
            shot = os.path.join(SHOTS, f"learn-{game}-{ci}-{ch['id']}-{size}.png")
            page.screenshot(path=shot)
            if ci in (0, 1) and os.environ.get("LAPILLI_DOC_SHOTS"):
                page.screenshot(path=str(DOCS / f"learn-{game}-{ch['id']}-{size}.png"))
            for sel in ("#lesson-say", "#board svg.board", "#lesson-nav"):
                assert inside(page, sel), f"{sel} of chapter {ch['id']} is outside the {size}'s window"
            if ch["steps"][0].get("ask"):
                assert page.locator("#board svg .clickable, #picker button[data-pick], #confirm").count()
                assert inside(page, "#board svg .clickable, #picker button[data-pick], #confirm"), f"no target in view in chapter {ch['id']}"
                # an asked move whose first token is a button of the picker (a verb the board does not
                # draw): that button is wholly in the window, without scrolling
                for tok in {a.split()[0] for a in ch["steps"][0]["ask"]}:
                    if page.locator(f"#board svg .clickable[data-token='{tok}']").count():
                        continue
                    button = page.locator(f"#picker button[data-pick='{tok}']")
                    if not button.count():
                        continue
                    box = button.first.bounding_box()
                    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
                    assert box["y"] >= 0 and box["y"] + box["height"] <= vh and box["x"] >= 0 and box["x"] + box["width"] <= vw, \
                        f"the picker's {tok!r} of chapter {ch['id']} is not wholly in the {size}'s window: {box}"
    finally:
        ctx.close()


def test_reached_from_the_lobby_and_the_rules_panel(browser, server):
    ctx, page = open_tutorial(browser, server, "stromboli", "it")
    try:
        page.goto(server + "/")
        page.select_option("#game", "stromboli")
        link = page.locator("#learn-link")
        link.wait_for()
        assert link.is_visible() and link.text_content() == "Impara a giocare"
        assert link.get_attribute("href") == "/learn/stromboli"
        page.select_option("#game", "nim")  # a game without a tutorial: no link
        assert not link.is_visible()
        page.select_option("#game", "stromboli")
        click_retry(page, link)
        at_step(page, 0, 0)
        # the rules panel opened from the tutorial offers the tutorial too, in the page's language
        page.click("#rules")
        page.wait_for_selector("#rules-panel #rules-learn")
        assert page.locator("#rules-learn").get_attribute("href") == "/learn/stromboli"
        page.locator("#rules-close").click()
        # a clause quoted by a step opens the rules panel at its paragraph
        click_retry(page, page.locator("#lesson-clause"))
        page.wait_for_selector("#rules-panel .focus")
    finally:
        ctx.close()


def asked_target_in_view(page, action):
    """The first token of ``action`` the picker has not chosen by itself, drawn on the board
    (inside the board's shown part and the window, above the picker's bar) or as a picker button
    inside the window."""
    done = page.evaluate("() => [...document.querySelectorAll('#picker .chosen')].map(e => e.textContent).join(' ')")
    tok = next((x for x in action.split() if x not in done.replace("…", "").split()), None)
    if tok is None:
        return True
    return page.evaluate("""tok => {
      const vw = window.innerWidth, vh = window.innerHeight;
      const svg = document.querySelector('#board svg.board').getBoundingClientRect();
      const seen = (r, frame) => r.width > 0 && r.left >= frame.left - 1 && r.top >= frame.top - 1
        && r.right <= frame.right + 1 && r.bottom <= frame.bottom + 1;
      const win = { left: 0, top: 0, right: vw, bottom: vh };
      // the picker's bar stays at the bottom of the window, over the board
      const bar = document.querySelector('#picker');
      const below = bar ? Math.min(vh, bar.getBoundingClientRect().top) : vh;
      const shown = { left: Math.max(0, svg.left), top: Math.max(0, svg.top), right: Math.min(vw, svg.right), bottom: Math.min(below, svg.bottom) };
      const drawn = [...document.querySelectorAll(`#board svg .clickable[data-token="${CSS.escape(tok)}"]`)];
      if (drawn.length) return drawn.some(e => seen(e.getBoundingClientRect(), shown));
      return [...document.querySelectorAll(`#picker button[data-pick="${CSS.escape(tok)}"]`)].some(e => seen(e.getBoundingClientRect(), win));
    }""", tok)


@pytest.mark.parametrize("game", GAMES)
def test_each_chapter_first_screen_on_a_phone_shows_the_asked_targets(browser, server, game):
    """On a phone the board zooms in on the targets when they are too small to tap: a chapter's
    first screen shows the target of the move it asks (on the board, inside the part of it shown,
    and inside the window), not a zoom on another part of the board."""
    tut = learn.load(game)
    ctx, page = open_tutorial(browser, server, game, "en", "phone")
    missed = []
    try:
        for ci, ch in enumerate(tut.chapters):
            step = ch["steps"][0]
            if not step.get("ask"):
                continue
            page.goto(f"{server}/learn/{game}#{ci}.0")
            page.reload()
            at_step(page, ci, 0)
            # laid out: the picker's bar shown and its height watched (the zoom runs once the bar is in place)
            page.wait_for_function("""() => { const bar = document.querySelector('#picker'); if (!bar) return false;
              const v = getComputedStyle(document.documentElement).getPropertyValue('--picker-bar').trim();
              return v === `${Math.ceil(bar.getBoundingClientRect().height)}px`; }""", timeout=15_000)
            page.screenshot(path=os.path.join(SHOTS, f"learn-{game}-{ci}-{ch['id']}-phone-target.png"))
            if not asked_target_in_view(page, step["ask"][0]):
                missed.append(ch["id"])
    finally:
        ctx.close()
    assert missed == [], f"chapters whose first phone screen does not show the asked move's target: {missed}"
