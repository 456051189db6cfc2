"""What the boards show at a game's end and what they draw from data, drawn from real positions:
the view the server would send (the game played to its end in this process), rendered by the
game's board script in the page."""
import json
import os
import re

from lapilli.engine import dataset as D
from lapilli.engine.registry import new_game
from lapilli.engine.rng import Rng
from lapilli.server.hub import result

from .conftest import SHOTS


def played(game, players, seed, data=None, options=None, stop=None):
    """A seeded random game of ``game`` played to its end (or until ``stop(state)``)."""
    st = new_game(game, players, seed, options or {}, data=data)
    r = Rng(seed)
    while not st.is_terminal and not (stop and stop(st)):
        legal = st.legal_actions()
        st.apply(legal[r.randbelow(len(legal))])
    return st


def view_of(st, seat=0):
    names = ["Ada", "Bruno (computer, normal)", "Carla", "Dario"]
    return {"observation": st.observation(seat), "seat": seat, "legal": [],
            "result": result(st) if st.is_terminal else None,
            "players": [{"seat": p, "kind": "human", "label": {"en": names[p], "it": names[p]}, "colour": None}
                        for p in range(st.num_players)],
            "table": {"game": st.game_id, "seats": [{"seat": p} for p in range(st.num_players)]}}


def draw(page, server, game, view, width=1800):
    """The board of ``game`` drawn for ``view`` in a box ``width`` pixels wide, as the table draws
    it (LapilliDrawBoard: its texts fitted once on the page); returns its SVG."""
    if not page.url.startswith(server):
        page.goto(server + "/")
        page.wait_for_selector("#app *")
    page.add_script_tag(url=f"{server}/static/boards/{game}.js")
    page.evaluate("""([game, view, width]) => {
        document.getElementById('app').innerHTML = `<div id="harness" style="width:${width}px"></div>`;
        window.LapilliDrawBoard(document.getElementById('harness'), game, view, null);
    }""", [game, json.loads(json.dumps(view)), width])
    return page.locator("#harness svg").first


def test_eruption_end_headline_says_why_in_words(server, page):
    st = played("eruption", 2, 3)
    assert st.is_terminal and st.end_event
    svg = draw(page, server, "eruption", view_of(st))
    headline = svg.locator("text", has_text="Game over").first.text_content()
    why = {"A": "a village burned", "B": "the lava ran out", "annihilation": "one village is left",
           "stalemate": "nobody can play on"}[st.end_event]
    assert f"Game over ({why})" in headline, headline
    assert f"({st.end_event})" not in headline


def _panel_problems(page):
    """Each seat panel of the Isola board: texts that leave its box or overlap one another."""
    return page.evaluate("""() => {
        const out = [];
        const svg = document.querySelector('#harness svg');
        const texts = [...svg.querySelectorAll('text')];
        const box = e => e.getBBox();
        const hit = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        for (const rect of svg.querySelectorAll('[data-seat-panel]')) {
            const r = box(rect);
            const inside = texts.map(t => [t, box(t)]).filter(([t, b]) => b.y + b.height / 2 > r.y && b.y + b.height / 2 < r.y + r.height
                                                              && b.x + b.width / 2 > r.x && b.x + b.width / 2 < r.x + r.width);
            for (const [t, b] of inside) {
                if (b.x < r.x || b.x + b.width > r.x + r.width || b.y < r.y || b.y + b.height > r.y + r.height)
                    out.push(`seat ${rect.dataset.seatPanel}: "${t.textContent}" leaves its panel`);
            }
            for (let i = 0; i < inside.length; i++) for (let j = i + 1; j < inside.length; j++) {
                if (hit(inside[i][1], inside[j][1]))
                    out.push(`seat ${rect.dataset.seatPanel}: "${inside[i][0].textContent}" overlaps "${inside[j][0].textContent}"`);
            }
        }
        return out;
    }""")


def test_isola_seat_panels_add_up_and_do_not_overlap(server, page):
    """The final scoring in a seat's panel adds up to the total printed beside the name (the points
    scored in play plus the final scoring), and nothing in the panel overlaps or leaves it."""
    st = played("isola-dei-vulcani", 4, 2)
    assert st.is_terminal
    for width in (1800, 600):  # a wide screen (the column beside the map) and a phone (below it)
        svg = draw(page, server, "isola-dei-vulcani", view_of(st), width)
        txt = svg.text_content()
        for p in range(4):
            f, total = st.final[p], st.points[p]
            if f["total"] != total:  # no sum of the final scoring alone beside another total
                assert f"= {f['total']}" not in txt, (p, total, f["total"])
            assert f"{total - f['total']} + final {f['total']} = {total}" in txt, (p, total, f["total"])
        assert not re.search(r"\b1 (villages|colonists)\b", txt), txt  # "1 village", "1 colonist"
        os.makedirs(SHOTS, exist_ok=True)
        page.locator("#harness").screenshot(path=os.path.join(SHOTS, f"isola-final-panels-{width}.png"))
        problems = _panel_problems(page)
        assert problems == [], "\n".join(problems)


def test_stromboli_scoreboard_costs_come_from_the_tables_data_set(server, page, tmp_path):
    folder = tmp_path / "dear"
    D.export("stromboli", folder)
    doc = json.loads((folder / "cards.json").read_text())
    for c in doc["score_cards"]:
        c["cost"] += 2
    doc["priestess"]["cost"] = 4
    (folder / "cards.json").write_text(json.dumps(doc))
    dear = D.load("stromboli", folder)
    st = new_game("stromboli", 2, 1, data=dear)
    svg = draw(page, server, "stromboli", view_of(st), 800)
    shown = page.evaluate("""() => [...document.querySelectorAll('#harness svg text')].map(t => t.textContent)""")
    os.makedirs(SHOTS, exist_ok=True)
    svg.screenshot(path=os.path.join(SHOTS, "stromboli-dear-costs.png"))
    costs = [t for t in shown if "×" in t and ("shell" in t)]
    expect = sorted([f"{c['cost']} × " for c in doc["score_cards"]] + ["4 × "])
    assert sorted(t.split("×")[0] + "× " for t in costs) == expect, costs


def test_the_island_results_tell_a_shared_victory_as_shared(server, page):
    """The Island with the default tie-break 'base' at 4 players: three players tied on points share
    the victory, and the results panel says so (never "decided by the most explorers saved" above
    three winners)."""
    from tests.games.the_island.helpers import at, blank, ex, tile

    st = blank(4, tiebreak="base")
    ex(st, "R1", "isle", "nw", 6)
    for lab in ("B", "G"):
        ex(st, f"{lab}1", "isle", "nw", 3)
        ex(st, f"{lab}2", "isle", "nw", 3)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    # every player removes another tile until the second player's second removal reveals the volcano
    while (st.current_player, st.turns[st.current_player]) != (1, 2) or st.decision != "remove":
        acts = st.legal_actions()
        st.apply(next((a for a in acts if a != "remove 3,5"), acts[0]))
    st.apply("remove 3,5")
    assert st.winners() == [0, 1, 3]
    page.goto(server + "/")
    page.wait_for_selector("#app *")
    page.evaluate("""view => {
        document.getElementById('app').innerHTML = '<div id="harness" style="width:600px"></div>';
        document.getElementById('harness').append(resultsPanel(view, 0));
    }""", json.loads(json.dumps(view_of(st))))
    os.makedirs(SHOTS, exist_ok=True)
    page.locator("#harness").screenshot(path=os.path.join(SHOTS, "the-island-shared-victory.png"))
    assert page.locator("#winners .who").count() == 3
    told = page.inner_text("#tie-break")
    assert "shared" in told and "decided by" not in told, told


CARDS = ["aftershock", "lavaflow", "relocate", "sinkhole", "quake", "rain", "reinforce", "bomb"]


def _eruption_label_problems(page):
    """Card names that leave their card, and a seat's name that reaches its temperature."""
    return page.evaluate("""() => {
        const out = [];
        const svg = document.querySelector('#harness svg');
        const fits = (a, b) => a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y >= b.y - 0.5 && a.y + a.height <= b.y + b.height + 0.5;
        const cards = new Set(CARDS);
        for (const card of [...svg.querySelectorAll('rect[data-token]')].filter(r => cards.has(r.dataset.token))) {
            const name = card.nextElementSibling;
            if (!name || name.tagName !== 'text') continue;
            if (!fits(name.getBBox(), card.getBBox())) out.push(`card "${name.textContent}" leaves its card`);
        }
        // each seat panel's name (the text starting with the seat's name) and its temperature on its right
        const texts = [...svg.querySelectorAll('text')];
        const degrees = texts.filter(t => t.textContent === '290°C');
        const names = texts.filter(t => /^(Blue|Blu|Annabella)/.test(t.textContent));
        let paired = 0;
        for (const nm of names) {
            const a = nm.getBBox();
            const deg = degrees.map(d => d.getBBox()).find(b => b.y < a.y + a.height && a.y < b.y + b.height && b.x > a.x);
            if (!deg) continue;  // the same name elsewhere (under its village, in the results)
            paired += 1;
            if (a.x + a.width > deg.x - 4) out.push(`"${nm.textContent}" touches its temperature`);
        }
        if (paired < 2) out.push(`${paired} seat names found beside a temperature`);
        return out;
    }""".replace("CARDS", json.dumps(CARDS)))


def test_eruption_card_names_and_seat_names_fit_their_boxes(server, browser):
    """Every action card's name stays inside its card and a long seat name never reaches the
    seat's temperature: at set-up on a phone and at the end at 1400 pixels, in both languages."""
    setup = new_game("eruption", 2, 3, {})
    end = played("eruption", 2, 3)
    problems = []
    for locale, width, st in (("en-US", 390, setup), ("it-IT", 390, setup), ("en-US", 1400, end), ("it-IT", 1400, end)):
        ctx = browser.new_context(locale=locale, viewport={"width": max(width, 390), "height": 1000})
        page = ctx.new_page()
        try:
            for k in range(0, len(CARDS), 3):
                view = view_of(st, seat=0)
                hand = CARDS[k:k + 3]
                view["observation"] = dict(view["observation"], hand=hand,
                                           hand_sizes=[len(hand)] + view["observation"]["hand_sizes"][1:],
                                           temperatures=[290, 290])
                view["players"][1]["label"] = {"en": "Blue (computer, random)", "it": "Blu (computer, casuale)"}
                view["players"][0]["label"] = {"en": "Annabella Margherita", "it": "Annabella Margherita"}
                draw(page, server, "eruption", view, width=width)
                problems += [f"{locale} {width}: {p}" for p in _eruption_label_problems(page)]
            page.locator("#harness svg").first.screenshot(path=os.path.join(SHOTS, f"eruption-labels-{locale}-{width}.png"))
        finally:
            ctx.close()
    assert problems == [], "\n".join(problems)
