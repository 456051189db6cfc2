"""What the browser tests share: the accessibility check, the measures of a decision's targets,
signing up through the page, and a game two computers play out while the page watches."""
import time


_AXE_SCRIPT = None


def axe_violations(page) -> list[dict]:
    """axe-core's violations of the page as it is now (every impact), run as axe-playwright-python
    runs it, its script put into the page only when the page does not hold it yet (the library
    puts it in at every run: half a megabyte of script compiled again at each moment and size a
    page is checked at)."""
    global _AXE_SCRIPT
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        if _AXE_SCRIPT is None:
            from axe_playwright_python.sync_playwright import Axe

            _AXE_SCRIPT = Axe().axe_script
        page.evaluate(_AXE_SCRIPT)
    return page.evaluate("options => axe.run(options)", {"resultTypes": ["violations"]})["violations"]


def serious(page):
    """The serious and critical axe-core violations of the page: (rule, impact, first targets)."""
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
            for v in axe_violations(page) if v["impact"] in ("serious", "critical")]


# What a decision's page measures (a JS function for next_target's ``also``): its horizontal scrolling,
# the header's overflow, every target offered (the board's, the picker's buttons, confirm) and those
# smaller than 24 x 24 px (WCAG 2.2 target size).
MEASURE = """() => {
  const boxes = [...document.querySelectorAll('svg .clickable, #picker button, #confirm')].map(e => {
    // with a mouse, a target drawn small is hit within its pad (boards/generic.js, LapilliHitPads)
    const p = e.dataset && e.dataset.token && document.querySelector(`svg .hit-pad[data-pad-for="${CSS.escape(e.dataset.token)}"]`);
    const r = (p || e).getBoundingClientRect();
    return {w: r.width, h: r.height, what: (e.getAttribute('data-token') || e.getAttribute('aria-label') || e.id || e.textContent || '').slice(0, 20)};
  });
  const header = document.querySelector('header');
  return {overflow: document.documentElement.scrollWidth - window.innerWidth,
          headerOverflow: header.scrollWidth - header.clientWidth,
          small: boxes.filter(b => b.w < 24 || b.h < 24), offered: boxes.length};
}"""


def check_targets(m: dict) -> None:
    """No horizontal scrolling, nothing overflowing the header and no target smaller than 24 x 24 px,
    in MEASURE's look at a decision."""
    assert m["overflow"] <= 0, f"{m['overflow']} px of horizontal scrolling"
    assert m["headerOverflow"] <= 0, f"the header's links and buttons overflow it by {m['headerOverflow']} px"
    assert not m["small"], m["small"][:5]


def drawn_afresh_the_same(page) -> None:
    """The board a finished game's page changed in place move after move is the board drawn
    afresh for the same position (the page reloaded), once no piece is mid-slide."""
    from .conftest import DRAWING

    page.wait_for_function("() => !document.querySelector('.piece-motion')")
    kept = page.evaluate(DRAWING)
    page.reload()
    page.wait_for_selector(".score")
    assert page.evaluate(DRAWING) == kept


def sign_up(page, server, name, password):
    page.goto(server + "/")
    page.click("#sign-up")
    page.fill("#account-username", name)
    page.fill("#account-password", password)
    page.click("#account-submit")
    page.wait_for_selector("#me")
    assert page.text_content("#me") == name


def computers_play_out(page, server, game, options=None, within=180, seed=None):
    """A table of two computer players (random) of ``game`` (with ``options``), opened in ``page``
    (watching it loads it, so its computers play) and waited for until it is finished; its id.
    ``seed``: the table's (a server started with LAPILLI_TEST_SEEDS=1), else the server draws it."""
    data = {"game": game, "players": 2, "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}
    if options is not None:
        data["options"] = options
    if seed is not None:
        data["seed"] = seed
    r = page.request.post(server + "/api/tables", data=data)
    assert r.ok, r.text()
    tid = r.json()["id"]
    page.goto(f"{server}/t/{tid}")
    end = time.monotonic() + within
    while page.request.get(f"{server}/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < end, "the computers' game did not end"
        page.wait_for_timeout(200)
    return tid
