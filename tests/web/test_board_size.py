"""Sizes that keep the table readable: on a phone the results panel keeps each clause number
("KDO-8.5") on one line."""
from .conftest import TABLE_SEED

# each clause number of the results panel: the lines its text takes
CLAUSE_LINES = """() => [...document.querySelectorAll('#results td.rule')].map(td => {
  const r = document.createRange(); r.selectNodeContents(td);
  return [td.textContent, new Set([...r.getClientRects()].map(b => Math.round(b.top))).size];
})"""


def test_the_results_clause_numbers_stay_whole_on_a_phone(server, browser):
    from lapilli.testing.tour import tour

    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    seen = {}
    try:
        tour(page, server, "kingdomino-origins", lambda moment, _: moment == "end" and seen.update(lines=page.evaluate(CLAUSE_LINES)), seed=TABLE_SEED)
    finally:
        ctx.close()
    assert seen["lines"], "no clause number in the results"
    assert [c for c, n in seen["lines"] if n > 1] == [], seen["lines"]
