"""The board's zoom for fingers (boards/generic.js, LapilliZoom): where targets are too small on
screen the board is cut into regions and a first tap zooms into one. Every region offered must
lead to targets: a target too big for a zoomed view (a tile beside small tokens) is offered in
the region that holds its centre, never lost, so that tapping regions cannot go round for ever."""

ZOOM = """() => {
  // a board of 1000 x 1000 units, 390 px wide: tokens 4 units across (1.6 px) at the top,
  // one tall target (300 x 900 units) alone on the right
  const box = document.createElement("div");
  box.style.width = "390px";
  document.body.append(box);
  const svg = window.svgEl("svg", { class: "board", viewBox: "0 0 1000 1000", width: 390, height: 390 });
  for (let i = 0; i < 5; i++) svg.append(window.svgEl("circle", { cx: 20 + 10 * i, cy: 20, r: 2, class: "clickable", "data-id": "tok" + i }));
  svg.append(window.svgEl("rect", { x: 650, y: 50, width: 300, height: 900, class: "clickable", "data-id": "tall" }));
  box.append(svg);
  const bar = document.createElement("div");
  const picker = { chosen: [], zoom: null, noZoom: false, onChange: () => {} };
  const offered = () => [...svg.querySelectorAll(".clickable:not(.zoom-region)")].map(e => e.dataset.id);
  const regions = () => [...svg.querySelectorAll(".zoom-region")];
  window.LapilliZoom(box, picker, bar);
  const out = { first: offered(), regions: regions().length, afterEach: [] };
  // tap each region in turn, as a finger would, and see what it offers
  for (let i = 0; i < out.regions; i++) {
    const r = regions()[i];
    picker.zoom = null; svg.setAttribute("viewBox", "0 0 1000 1000");
    svg.querySelectorAll("[data-id]").forEach(e => { e.classList.add("clickable"); e.style.pointerEvents = ""; });
    svg.querySelectorAll(".zoom-regions").forEach(g => g.remove());
    window.LapilliZoom(box, picker, bar);
    regions()[i].dispatchEvent(new MouseEvent("click"));
    svg.querySelectorAll(".zoom-regions").forEach(g => g.remove());
    svg.querySelectorAll("[data-id]").forEach(e => { e.classList.add("clickable"); e.style.pointerEvents = ""; });
    window.LapilliZoom(box, picker, bar);
    out.afterEach.push({ offered: offered(), regions: regions().length });
  }
  box.remove();
  return out;
}"""


def test_every_region_tapped_offers_targets_even_one_too_big_for_the_zoomed_view(server, page):
    page.goto(server + "/")
    page.wait_for_function("() => typeof window.LapilliZoom === 'function' && typeof window.svgEl === 'function'")
    out = page.evaluate(ZOOM)
    assert out["first"] == [] and out["regions"] >= 2, out  # too small at first: regions to choose from
    assert all(step["offered"] and step["regions"] == 0 for step in out["afterEach"]), out["afterEach"]
    # between them the regions offer every target, the tall one included
    offered = {t for step in out["afterEach"] for t in step["offered"]}
    assert offered == {"tok0", "tok1", "tok2", "tok3", "tok4", "tall"}, offered
