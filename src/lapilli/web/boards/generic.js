// Board renderers by game id, and the click-to-build move picker they share.
//
// A move is a legal action's notation, read as space-separated tokens ("place e4 e3").  A board
// renderer draws the position in SVG and gives every element a player can click a
// data-token attribute ("e4", "24", ...).  The picker keeps the tokens chosen so far; the
// elements whose token continues some legal move are highlighted (class "clickable") and
// clicking one adds its token.  Tokens that have no element on the board (verbs such as
// "take", "pass", "recruit") are offered as buttons.  When the tokens chosen make a whole legal
// move it is sent (or, when a longer move also continues it, a confirm button is offered).
window.LapilliBoards = window.LapilliBoards || {};

window.LapilliPicker = function (legal, send, onChange) {
  const moves = legal.map(a => a.split(" "));
  const picker = { chosen: [] };
  picker.candidates = () => moves.filter(m => picker.chosen.every((t, i) => m[i] === t));
  picker.next = () => {
    const n = picker.chosen.length, out = new Set();
    for (const m of picker.candidates()) if (m.length > n) out.add(m[n]);
    return out;
  };
  picker.complete = () => picker.candidates().some(m => m.length === picker.chosen.length);
  picker.choose = tok => {
    if (picker.closed) return;  // its move has been sent: the board is stale until the next view
    picker.chosen.push(tok);
    const cands = picker.candidates();
    if (cands.length === 1 && cands[0].length === picker.chosen.length) { send(picker.chosen.join(" ")); picker.chosen = []; }
    else onChange();
  };
  // skip tokens that every candidate shares (a single verb such as "place")
  picker.autoAdvance = () => {
    for (;;) {
      const nx = [...picker.next()];
      if (nx.length !== 1 || picker.complete()) return;
      picker.chosen.push(nx[0]);
    }
  };
  picker.reset = () => { picker.chosen = []; onChange(); };
  picker.onChange = onChange;
  return picker;
};

// Mark the SVG elements whose data-token may come next, and add buttons for the other tokens.
window.LapilliPickerUI = function (container, picker, send) {
  const next = picker.next();
  // every choice in the reader's words, with what it does (i18n.js choiceWords), keyed by the notation
  const words = (tok, before) => (typeof choiceWords === "function" ? choiceWords(picker.game, before, tok) : { label: tok, tip: "" });
  const said = toks => toks.map((tok, i) => words(tok, toks.slice(0, i)).label).join(" ");
  const onBoard = new Set();
  container.querySelectorAll("[data-token]").forEach(e => {
    const tok = e.getAttribute("data-token");
    if (next.has(tok)) {
      e.classList.add("clickable", "highlight");
      // reachable with Tab, chosen with Enter or Space, named for screen readers
      e.setAttribute("tabindex", "0");
      e.setAttribute("role", "button");
      if (!e.getAttribute("aria-label")) { const w = words(tok, picker.chosen); e.setAttribute("aria-label", w.tip || w.label); }
      onBoard.add(tok);
    }
  });
  // a target is chosen by a click, or by Enter or Space where it has the focus: one handler of
  // the board's (a property, so the next drawing's replaces it) for every target, since a board
  // drawn again keeps the elements that did not change (LapilliDrawBoard) and a listener on one
  // would outlive its position
  const target = ev => {
    const e = ev.target.closest && ev.target.closest("[data-token].clickable");
    return e && container.contains(e) && next.has(e.getAttribute("data-token")) ? e : null;
  };
  container.onclick = ev => {
    const e = target(ev);
    if (e) { ev.stopPropagation(); picker.choose(e.getAttribute("data-token")); }
  };
  container.onkeydown = ev => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const e = target(ev);
    if (e) { ev.preventDefault(); ev.stopPropagation(); picker.keyboard = true; picker.choose(e.getAttribute("data-token")); }
  };
  const bar = document.createElement("div");
  bar.className = "picker";
  bar.id = "picker";
  // the bar stays at the bottom of the window (style.css): it says that it is this player's turn
  // and what to do (the board's headline, its texts of class "headline"), above the buttons
  const prompt = document.createElement("p");
  prompt.className = "turn-prompt";
  prompt.id = "turn-prompt";
  const head = [...container.querySelectorAll("svg .headline")].map(e => e.textContent.trim()).filter(Boolean);
  const strong = document.createElement("b");
  strong.textContent = typeof t === "function" ? t("yourTurn") : "Your turn";
  prompt.append(strong, head.length ? ": " + head.join(" · ") : "");
  bar.append(prompt);
  if (picker.chosen.length) {
    const c = document.createElement("span");
    c.className = "chosen";
    c.textContent = said(picker.chosen) + " …";
    bar.append(c);
  }
  for (const tok of next) {
    const w = words(tok, picker.chosen);
    if (onBoard.has(tok)) {
      const e = container.querySelector(`[data-token="${CSS.escape(tok)}"].clickable`);
      if (e && w.tip && !/^(text|tspan)$/.test(e.tagName) && !e.querySelector(":scope > title")) {
        const tt = document.createElementNS("http://www.w3.org/2000/svg", "title");
        tt.textContent = w.tip;
        e.append(tt);
      }
      continue;
    }
    const b = document.createElement("button");
    b.className = "legal token";
    b.setAttribute("data-pick", tok);
    b.textContent = w.label;
    if (w.tip) b.title = w.tip;
    b.onclick = () => { picker.keyboard = b === document.activeElement && !!b.dataset.keyed; picker.choose(tok); };
    b.onkeydown = ev => { if (ev.key === "Enter" || ev.key === " ") b.dataset.keyed = "1"; };
    bar.append(b);
  }
  if (picker.chosen.length && picker.complete()) {
    const b = document.createElement("button");
    b.className = "primary";
    b.id = "confirm";
    b.textContent = "✓ " + said(picker.chosen);
    b.setAttribute("data-action", picker.chosen.join(" "));
    b.onclick = () => { send(picker.chosen.join(" ")); };
    bar.append(b);
  }
  if (picker.chosen.length) {
    const b = document.createElement("button");
    b.id = "cancel";
    b.textContent = "✗";
    b.onclick = () => picker.reset();
    bar.append(b);
  }
  container.append(bar);
  // the bar's height is the page's scroll padding at the bottom (style.css): a part of the board
  // brought into view (a focused target, the board's bottom edge) comes to rest above the bar
  window.LapilliBarWatch = window.LapilliBarWatch || new ResizeObserver(entries => {
    for (const e of entries) if (e.target.isConnected)
      document.documentElement.style.setProperty("--picker-bar", `${Math.ceil(e.target.getBoundingClientRect().height)}px`);
  });
  window.LapilliBarWatch.disconnect();
  window.LapilliBarWatch.observe(bar);
  // the zoom measures the bar, in place at the bottom of the window, to keep the targets above it
  if (window.LapilliZoom.wanted()) window.LapilliZoom(container, picker, bar);
  else window.LapilliHitPads(container, picker);
  // after a choice made with the keyboard, keep the focus on the board: the first target offered now
  if (picker.keyboard) {
    picker.keyboard = false;
    const first = container.querySelector(".clickable[tabindex], #picker button");
    if (first) first.focus();
  }
};

// Targets a finger can hit.  Where a target offered is smaller on screen than the WCAG 2.2 target
// size (24 px: a phone, a dense board), the board zooms into the part being chosen, showing the
// targets at MIN px: the smallest box of the board that holds every target, when they then reach
// MIN px; else the board is cut into regions of that size and a first tap picks the region to zoom
// into.  A button zooms out again.  Where every target is large enough (a desktop) the whole board
// stays in view.  The zoomed view is no higher than the window's room between the board's top and
// the picker's bar (the bar stays at the bottom of the window), so that a view framed on the
// targets shows them on the first screen even below a tall text (a tutorial's step).
window.LapilliZoom = function (container, picker, bar) {
  const TARGET = 24, MIN = 26;
  const svg = container.querySelector("svg.board");
  const targets = [...container.querySelectorAll("svg .clickable")];
  if (!svg || !targets.length || !svg.getScreenCTM()) return;
  const full = svg.viewBox.baseVal;
  const fullBox = { x: full.x, y: full.y, w: full.width, h: full.height };
  const toUser = svg.getScreenCTM().inverse();
  const boxOf = e => {  // the element's box in the board's own units
    const r = e.getBoundingClientRect();
    const a = new DOMPoint(r.left, r.top).matrixTransform(toUser), b = new DOMPoint(r.right, r.bottom).matrixTransform(toUser);
    return { x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y };
  };
  const boxes = targets.map(boxOf);
  const pxPerUnit = svg.getScreenCTM().a;  // the board's scale on screen (its height may be what limits it)
  const smallest = Math.min(...boxes.map(b => Math.min(b.w, b.h)));
  if (!(smallest > 0) || smallest * pxPerUnit >= TARGET) return;
  // the view that shows the smallest target at MIN px: as wide as the board is on screen, at
  // most 60 % of the screen high and no higher than the room from the board's top to the bar
  const scale = MIN / smallest;  // px per unit wanted
  const viewW = Math.min(full.width, svg.getBoundingClientRect().width / scale);
  const ppu = svg.getBoundingClientRect().width / viewW;  // px per unit once zoomed
  const room = window.innerHeight - bar.getBoundingClientRect().height - Math.max(0, svg.getBoundingClientRect().top);
  const viewH = Math.min(full.height, Math.max(viewW * 0.6, Math.min(window.innerHeight * 0.6 / scale, room / ppu)));
  const union = boxes.reduce((u, b) => ({ x0: Math.min(u.x0, b.x), y0: Math.min(u.y0, b.y), x1: Math.max(u.x1, b.x + b.w), y1: Math.max(u.y1, b.y + b.h) }),
    { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  const frame = (cx, cy) => ({ x: clamp(cx - viewW / 2, full.x, full.x + full.width - viewW), y: clamp(cy - viewH / 2, full.y, full.y + full.height - viewH), w: viewW, h: viewH });
  const show = z => { svg.setAttribute("viewBox", `${z.x} ${z.y} ${z.w} ${z.h}`); svg.classList.add("zoomed"); };
  const inside = (b, z) => b.x >= z.x - 1e-6 && b.y >= z.y - 1e-6 && b.x + b.w <= z.x + z.w + 1e-6 && b.y + b.h <= z.y + z.h + 1e-6;
  const centreIn = (b, z) => inside({ x: b.x + b.w / 2, y: b.y + b.h / 2, w: 0, h: 0 }, z);
  const word = (key, fallback) => (typeof t === "function" ? t(key) : fallback);
  // the zoom's button first in the bar, before the choices
  const afterPrompt = b => { const p = bar.querySelector(".turn-prompt"); if (p) p.after(b); else bar.prepend(b); };
  const toggle = (id, label, off) => {
    const b = document.createElement("button");
    b.id = id;
    b.textContent = label;
    b.onclick = () => { picker.noZoom = off; if (off) picker.zoom = null; picker.onChange(); };
    afterPrompt(b);
  };
  const zoomOut = () => toggle("zoom-out", "⤢ " + word("wholeBoard", "whole board"), true);
  // "+": a magnifying glass is not in every font (an empty box with Debian's)
  if (picker.noZoom) { toggle("zoom-in", "+ " + word("zoomIn", "zoom in"), false); return; }
  const withdraw = e => { e.classList.remove("clickable", "highlight"); e.removeAttribute("tabindex"); e.removeAttribute("role"); e.removeAttribute("aria-label"); e.style.pointerEvents = "none"; };
  if (union.x1 - union.x0 <= viewW && union.y1 - union.y0 <= viewH) {
    picker.zoom = frame((union.x0 + union.x1) / 2, (union.y0 + union.y1) / 2);
    show(picker.zoom); zoomOut(); return;
  }
  // the targets are spread wider than one zoomed view: a first tap chooses the region; in a
  // region, the targets outside it are not offered until the player goes back to the regions
  if (picker.zoom && Math.abs((picker.zoom.unit || 0) - viewW) <= viewW * 1e-3 && boxes.some(b => inside(b, picker.zoom))) {
    show(picker.zoom);
    targets.forEach((e, i) => { if (!inside(boxes[i], picker.zoom)) withdraw(e); });
    const b = document.createElement("button");
    b.id = "zoom-out";
    b.textContent = "⤢ " + word("otherRegions", "other parts of the board");
    b.onclick = () => { picker.zoom = null; picker.onChange(); };
    afterPrompt(b);
    return;
  }
  targets.forEach(withdraw);
  // cells smaller than a view by the size of the targets (up to half a view), so that every
  // target whose centre is in a cell fits whole in the view of that cell
  const padW = Math.min(Math.max(...boxes.map(b => b.w)), viewW / 2), padH = Math.min(Math.max(...boxes.map(b => b.h)), viewH / 2);
  const cols = Math.ceil((union.x1 - union.x0) / (viewW - padW)), rows = Math.ceil((union.y1 - union.y0) / (viewH - padH));
  const cw = (union.x1 - union.x0) / cols, ch = (union.y1 - union.y0) / rows;
  const layer = window.svgEl("g", { class: "zoom-regions" });
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const cell = { x: union.x0 + c * cw, y: union.y0 + r * ch, w: cw, h: ch };
    const n = boxes.filter(b => centreIn(b, cell)).length;
    if (!n) continue;
    // a region as thin as a row of targets still offers a finger MIN px each way
    const minU = MIN / pxPerUnit, rw = Math.max(cell.w, minU), rh = Math.max(cell.h, minU);
    const rx = clamp(cell.x + cell.w / 2 - rw / 2, full.x, full.x + full.width - rw), ry = clamp(cell.y + cell.h / 2 - rh / 2, full.y, full.y + full.height - rh);
    const rect = window.svgEl("rect", { x: rx, y: ry, width: rw, height: rh, class: "clickable zoom-region", tabindex: "0", role: "button",
      "aria-label": `${typeof t === "function" ? t("zoomHere") : "zoom here"} (${n})` });
    // the region's view: a zoomed view around the targets the region counts; only where they do
    // not fit in one (a target bigger than half a view, a tile beside small tokens) does the view
    // grow to hold them whole, so that no target is lost between regions
    const go = () => {
      const u = boxes.filter(b => centreIn(b, cell)).reduce((u, b) => ({ x0: Math.min(u.x0, b.x), y0: Math.min(u.y0, b.y), x1: Math.max(u.x1, b.x + b.w), y1: Math.max(u.y1, b.y + b.h) }),
        { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
      const f = frame((u.x0 + u.x1) / 2, (u.y0 + u.y1) / 2);
      const x0 = Math.max(Math.min(f.x, u.x0), full.x), y0 = Math.max(Math.min(f.y, u.y0), full.y);
      const x1 = Math.min(Math.max(f.x + f.w, u.x1), full.x + full.width), y1 = Math.min(Math.max(f.y + f.h, u.y1), full.y + full.height);
      picker.zoom = { x: x0, y: y0, w: x1 - x0, h: y1 - y0, unit: viewW };
      picker.onChange();
    };
    rect.addEventListener("click", ev => { ev.stopPropagation(); go(); });
    rect.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); picker.keyboard = true; go(); } });
    layer.append(rect);
  }
  svg.append(layer);
};
// A mouse on a board fitted whole in the window: a target drawn smaller than the WCAG 2.2 target
// size (24 px) is hit within 12.5 px of its middle all the same, through a transparent disc (class
// "hit-pad").  The pads are drawn behind every target (just before the first one), so that each
// target keeps the clicks on its own shape and a pad only takes those around it.
window.LapilliHitPads = function (container, picker) {
  const PAD = 12.5;  // half the target size, and a little more than rounding takes away
  const targets = [...container.querySelectorAll("svg.board .clickable[data-token]")];
  const first = targets[0];
  if (!first || !first.parentNode.getScreenCTM || !first.parentNode.getScreenCTM()) return;
  const parent = first.parentNode, ctm = parent.getScreenCTM(), inv = ctm.inverse();
  // every box read before any pad is added: a read after a write would lay the page out again
  const boxes = targets.map(e => e.getBoundingClientRect());
  targets.forEach((e, i) => {
    const r = boxes[i];
    if (!(r.width > 0) || Math.min(r.width, r.height) >= 2 * PAD) return;
    const c = new DOMPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2).matrixTransform(inv);
    const pad = window.svgEl("circle", { cx: c.x, cy: c.y, r: PAD / Math.hypot(ctm.a, ctm.b), class: "hit-pad", fill: "transparent",
      "pointer-events": "all", "data-pad-for": e.getAttribute("data-token") });
    pad.addEventListener("click", ev => { ev.stopPropagation(); picker.choose(e.getAttribute("data-token")); });
    parent.insertBefore(pad, first);
  });
};
// The zoom serves a touch screen (a coarse pointer).  A mouse hits smaller targets, and a desktop
// sees its whole board at every decision, the headline and the players' panels with it, never a
// close-up.
window.LapilliZoom.wanted = () => !window.matchMedia || window.matchMedia("(pointer: coarse)").matches
  || !window.matchMedia("(pointer: fine)").matches;

// Draw a game's board in its container, where a board of the same game may be drawn already.
// The board's function draws into a container apart, and the page's board is then changed to
// match it (morphdom, web/vendor/): the elements that did not change stay as they are, and the
// browser lays out and paints again only the parts of the board a move or a choice changed (a
// board is hundreds of elements; a move changes a few).  An element equal to its new drawing,
// attributes and children alike (the browser's isEqualNode, one native call), is left without
// being compared attribute by attribute: a board's groups that did not change (the sea, the
// hexes, a player's panel) cost one comparison each.  The page is the same as a board drawn
// afresh.  First, what the last drawing added after its board's function leaves: the picker's
// bar, the targets' hit pads and the zoom's regions (each with listeners of the position gone),
// and any slide still under way (motion.js).  The board's function reads the width of the page's
// container (``boardWidth``); texts marked data-fit are fitted once the board is on the page.
// The focus on a target leaves, as it did from a board drawn afresh (the picker puts it back on
// the board after a choice made with the keyboard).  The container counts its drawings
// (data-drawing): a new drawing is told from the last one without comparing elements.
window.LapilliDrawBoard = function (container, game, view, picker) {
  if (container.contains(document.activeElement)) document.activeElement.blur();
  container.querySelectorAll(".piece-motion").forEach(w => w.replaceWith(...w.childNodes));
  container.querySelectorAll("#picker, .hit-pad, .zoom-regions").forEach(e => e.remove());
  container.onclick = container.onkeydown = null;
  const fresh = document.createElement(container.tagName);
  fresh.dataset.width = container.clientWidth;
  (window.LapilliBoards[game] || window.LapilliBoards.generic)(fresh, view, picker);
  // the board's width over its height: a wide screen fits the whole board in the window (style.css)
  const drawn = fresh.querySelector("svg.board");
  if (drawn && drawn.viewBox.baseVal && drawn.viewBox.baseVal.height)
    drawn.style.setProperty("--board-aspect", (drawn.viewBox.baseVal.width / drawn.viewBox.baseVal.height).toFixed(4));
  window.morphdom(container, fresh, { childrenOnly: true, onBeforeElUpdated: (from, to) => !from.isEqualNode(to) });
  container.dataset.drawing = (+container.dataset.drawing || 0) + 1;
  const svg = container.querySelector("svg.board");
  if (svg) window.fitTexts(svg);
};
// the width of the page's container a board is drawn for (its function draws into one apart)
window.boardWidth = container => (container.dataset.width !== undefined ? +container.dataset.width : container.clientWidth);
// each text marked data-fit="WIDTH" is made to fit that width once drawn: a smaller font (down
// to 9 px), then, only if that is not enough, its end cut with "…" (the whole text stays its aria-label)
window.fitTexts = svg => svg.querySelectorAll("text[data-fit]").forEach(t => {
  const room = +t.dataset.fit;
  let w = t.getBBox().width;
  if (!w || w <= room) return;  // not laid out (a hidden page) or fits already
  const size = +t.getAttribute("font-size");
  const smaller = Math.max(9, Math.floor(size * room / w * 10) / 10);
  t.setAttribute("font-size", smaller);
  w = t.getBBox().width;
  if (w <= room || t.children.length) return;
  const whole = t.textContent, node = t.firstChild;
  t.setAttribute("aria-label", whole);
  for (let n = whole.length - 1; n > 1 && t.getBBox().width > room; n--) node.textContent = whole.slice(0, n).trimEnd() + "…";
});

// Fallback for games without a board of their own: the text picture and the move picker.
window.LapilliBoards.generic = function (container, view, picker) {
  const pre = document.createElement("pre");
  pre.className = "board";
  pre.textContent = view.text || JSON.stringify(view.observation, null, 1);
  container.appendChild(pre);
};

// Small SVG helpers for the game boards.
window.svgEl = function (tag, attrs = {}, text) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
// A piece that can move: its elements in one <g data-piece=key>, the key naming the piece ("R3")
// or, for pieces nobody tells apart, its kind ("shark"); motion.js slides it when it moves.
window.svgPiece = function (key, ...els) {
  const g = window.svgEl("g", { "data-piece": key });
  for (const e of els.flat()) if (e) g.append(e);
  return g;
};
window.hexCorners = function (cx, cy, size, flat) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * ((flat ? 0 : 30) + 60 * i);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(2)},${(cy + size * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
};

// Seat symbols, so that players are told apart without colour (colour-blind players, a greyscale
// screen or print): every seat has a shape, drawn as the outline of its round pieces (discs,
// pawns, counters) and as a small glyph on pieces whose own shape means something (a village, a
// statue, a Moai, a wall).  The seat list, the log and the results show the same shape beside each
// name (app.js), so "the triangle" is the same player everywhere.  Each drawn mark carries
// data-seat and data-mark (the shape's name).
window.LapilliSeatMarks = (function () {
  const NAMES = ["circle", "square", "triangle", "diamond", "down", "star"];
  const f = v => v.toFixed(2);
  const poly = (cx, cy, R, angles) => "M" + angles.map(a => `${f(cx + R * Math.cos(a * Math.PI / 180))},${f(cy + R * Math.sin(a * Math.PI / 180))}`).join(" L") + " Z";
  // each shape drawn about (cx, cy) with about the area of a disc of radius r, room in the middle
  // for a number or a letter
  const PATH = {
    circle: (cx, cy, r) => `M${f(cx - r)},${f(cy)} a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0 a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0 Z`,
    square: (cx, cy, r) => { const h = r; return `M${f(cx - h)},${f(cy - h)} h${f(2 * h)} v${f(2 * h)} h${f(-2 * h)} Z`; },
    triangle: (cx, cy, r) => poly(cx, cy + r * 0.18, r * 1.42, [-90, 30, 150]),
    diamond: (cx, cy, r) => poly(cx, cy, r * 1.28, [-90, 0, 90, 180]),
    down: (cx, cy, r) => poly(cx, cy - r * 0.18, r * 1.42, [90, 210, 330]),
    star: (cx, cy, r) => {
      const R = r * 1.4, y0 = cy + r * 0.08;
      return "M" + [...Array(10).keys()].map(i => {
        const a = (-90 + 36 * i) * Math.PI / 180, k = i % 2 ? R * 0.55 : R;
        return `${f(cx + k * Math.cos(a))},${f(y0 + k * Math.sin(a))}`;
      }).join(" L") + " Z";
    },
  };
  const name = p => NAMES[((p % NAMES.length) + NAMES.length) % NAMES.length];
  return {
    NAMES,
    name,
    path: (p, cx, cy, r) => PATH[name(p)](cx, cy, r),
    // a piece of seat p in the seat's shape (attrs: fill, stroke, class, ...)
    piece(p, cx, cy, r, attrs = {}) {
      return window.svgEl("path", Object.assign({ d: PATH[name(p)](cx, cy, r), "data-seat": p, "data-mark": name(p) }, attrs));
    },
    // the seat's shape as a small glyph on a piece of its own shape (drawn right after it)
    glyph(p, cx, cy, r, fill, stroke) {
      return window.svgEl("path", { d: PATH[name(p)](cx, cy, r), "data-seat": p, "data-mark": name(p), class: "deco seat-glyph",
        fill, stroke: stroke || "none", "stroke-width": stroke ? 0.8 : null, "pointer-events": "none" });
    },
    // the seat's shape as a small inline picture beside a name (the seat list, the log, the results)
    icon(p, fill) {
      const svg = window.svgEl("svg", { class: "seat-icon", viewBox: "-12 -12 24 24", "aria-hidden": "true", focusable: "false", "data-seat": p, "data-mark": name(p) });
      svg.append(window.svgEl("path", { d: PATH[name(p)](0, 0, 8.2), fill: fill || "#999", stroke: "#000a", "stroke-width": 1.6, "stroke-linejoin": "round" }));
      return svg;
    },
  };
})();
