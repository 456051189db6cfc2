"""The chance beside the board names the player each draw belongs to: a draw made after a turn
change (the next player's lava tile, drawn as the last player ends the turn) is the next player's,
as the log's sentence says, not the one whose act caused it."""
import json
import os

from .conftest import SHOTS, click_retry, create_table


def _keep_log_items(page):
    """Every log line the page receives (``page.lines``: n -> entry, the newest reading)."""
    page.lines = {}

    def on_socket(ws):
        def on_frame(payload):
            try:
                msg = json.loads(payload)
            except (TypeError, ValueError):
                return
            if isinstance(msg, dict) and msg.get("type") == "state":
                for e in msg.get("log", []):
                    page.lines[e["n"]] = e
        ws.on("framereceived", on_frame)
    page.on("websocket", on_socket)


def test_a_draw_after_a_turn_change_names_the_player_who_drew(server, page):
    _keep_log_items(page)
    create_table(page, server, "eruption", players=2, bots="random")
    checked = crossed = 0
    for _ in range(400):
        page.wait_for_function("() => document.querySelector('#picker') || document.querySelector('.score')", timeout=30_000)
        if page.locator(".score").count():
            break
        shown = page.eval_on_selector_all(
            "#chance .chance-item",
            "ds => ds.map(d => ({n: +d.dataset.n, name: d.dataset.name, seat: d.querySelector('.chance-who .who') ? +d.querySelector('.chance-who .who').dataset.seat : null}))")
        for item in shown:
            entry = page.lines[item["n"]]
            # the seats the line's chance readings name (the drawer), else the actor
            owners = {(it.get("args") or {}).get("seat", entry["seat"]) for it in entry["items"]
                      if it.get("chance") and str(it["chance"]["name"]).replace(" ", "-") == item["name"]}
            assert item["seat"] in owners, (item, entry["seat"], owners, entry["text"]["en"])
            checked += 1
            crossed += entry["seat"] not in owners
        if crossed and checked > 5:
            break
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click_retry(page, loc.first)
                break
        page.wait_for_timeout(30)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "chance-panel-drawer.png"))
    assert crossed > 0, "no draw after a turn change was shown"
