"""What the browser tests share: the accessibility check, signing up through the page, and a game
two computers play out while the page watches."""
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


def sign_up(page, server, name, password):
    page.goto(server + "/")
    page.click("#sign-up")
    page.fill("#account-username", name)
    page.fill("#account-password", password)
    page.click("#account-submit")
    page.wait_for_selector("#me")
    assert page.text_content("#me") == name


def computers_play_out(page, server, game, options=None, within=180):
    """A table of two computer players (random) of ``game`` (with ``options``), opened in ``page``
    (watching it loads it, so its computers play) and waited for until it is finished; its id."""
    data = {"game": game, "players": 2, "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}
    if options is not None:
        data["options"] = options
    r = page.request.post(server + "/api/tables", data=data)
    assert r.ok, r.text()
    tid = r.json()["id"]
    page.goto(f"{server}/t/{tid}")
    end = time.monotonic() + within
    while page.request.get(f"{server}/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < end, "the computers' game did not end"
        page.wait_for_timeout(200)
    return tid
