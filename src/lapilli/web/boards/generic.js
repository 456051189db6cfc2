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
  return picker;
};

// Mark the SVG elements whose data-token may come next, and add buttons for the other tokens.
window.LapilliPickerUI = function (container, picker, send) {
  const next = picker.next();
  const onBoard = new Set();
  container.querySelectorAll("[data-token]").forEach(e => {
    const tok = e.getAttribute("data-token");
    if (next.has(tok)) {
      e.classList.add("clickable", "highlight");
      e.addEventListener("click", ev => { ev.stopPropagation(); picker.choose(tok); });
      // reachable with Tab, chosen with Enter or Space, named for screen readers
      e.setAttribute("tabindex", "0");
      e.setAttribute("role", "button");
      if (!e.getAttribute("aria-label")) e.setAttribute("aria-label", tok);
      e.addEventListener("keydown", ev => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); picker.keyboard = true; picker.choose(tok); }
      });
      onBoard.add(tok);
    }
  });
  const bar = document.createElement("div");
  bar.className = "picker";
  bar.id = "picker";
  if (picker.chosen.length) {
    const c = document.createElement("span");
    c.className = "chosen";
    c.textContent = picker.chosen.join(" ") + " …";
    bar.append(c);
  }
  for (const tok of next) {
    if (onBoard.has(tok)) continue;
    const b = document.createElement("button");
    b.className = "legal token";
    b.setAttribute("data-pick", tok);
    b.textContent = tok;
    b.onclick = () => { picker.keyboard = b === document.activeElement && !!b.dataset.keyed; picker.choose(tok); };
    b.onkeydown = ev => { if (ev.key === "Enter" || ev.key === " ") b.dataset.keyed = "1"; };
    bar.append(b);
  }
  if (picker.chosen.length && picker.complete()) {
    const b = document.createElement("button");
    b.className = "primary";
    b.id = "confirm";
    b.textContent = "✓ " + picker.chosen.join(" ");
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
  // after a choice made with the keyboard, keep the focus on the board: the first target offered now
  if (picker.keyboard) {
    picker.keyboard = false;
    const first = container.querySelector(".clickable[tabindex], #picker button");
    if (first) first.focus();
  }
};

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
window.hexCorners = function (cx, cy, size, flat) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * ((flat ? 0 : 30) + 60 * i);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(2)},${(cy + size * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
};
