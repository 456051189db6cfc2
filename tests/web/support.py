"""What the browser tests share: the accessibility check, signing up through the page, and a game
two computers play out while the page watches."""
import time


def serious(page):
    """The serious and critical axe-core violations of the page: (rule, impact, first targets)."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
            for v in result.response["violations"] if v["impact"] in ("serious", "critical")]


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
