"""What the browser tests share: the accessibility check and signing up through the page."""


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
