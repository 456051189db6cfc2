// Eruption board: the radius-5 island of flat-topped hexes (columns a-k, rows 0-10, volcano at f5),
// the lava and eruption tiles with their flows, flow walls and border walls, the six villages with
// their seven sides, the burn meter, the tile in hand, the stacks and every player's Reserve and
// hand (other players' cards as backs).
// Tokens (data-token) follow the notation (see lapilli/games/eruption/__init__.py): hexes "d7",
// flow ends "d7-N", village sides "v3-5", cards "rain" ... "bomb" (own hand), wall materials
// "straw" "wood" "stone" (own Reserve), and while they are asked for: villages "0".."5" (set-up),
// rotations "0".."5" (previews of the tile once its hex is chosen), Lava Rain stacks "1".."3",
// own village sides "1".."7" (Relocate).  Verbs ("end", "extra", "discard", "build", ...) are
// offered as buttons by the shared picker.
// The board geometry below restates games/eruption/data/board.json and tiles.json (the client
// cannot read the Python package); a test checks every hex and side token against the notation.
(function () {
  const T = {
    en: {
      seat: "Seat", you: "you", turn: "Turn", village: "village", reserve: "Reserve", hand: "hand",
      cards: "cards", over: "Game over", winners: "winners", deg: "°C", burned: "BURNED",
      lava: "lava stack", deck: "action deck", discard: "discard pile", setAside: "set aside",
      pending: "tile in hand", rotation: "rotation", chooseRot: "choose the rotation", stacks: "Lava Rain stacks",
      meter: "Burn meter", dz: "danger zone", es: "eruption", claimed: "claimed by", placed: "placed", free: "free",
      finalTurns: "final turns left", lavaRemoved: "lava stack removed", team: "team with", builds: "builds left",
      legend: "Legend", noHand: "no cards", outlets: "{n} outlets",
      // why the game ended (the observation's end_event, ERU-13)
      why: { A: "a village burned", B: "the lava ran out", annihilation: "one village is left", stalemate: "nobody can play on" },
      leg: { lava: "lava tile", erupt: "eruption tile", volcano: "volcano (central flows)", flow: "open flow end (wall site)",
        side: "village side", contact: "lava touching a village", straw: "straw", wood: "wood", stone: "stone",
        res: "resource hex (wall when lava arrives)", wall: "wall:", die: "die" },
      colours: ["orange", "yellow", "green", "blue", "purple", "red"],
      phase: {
        village: "choose a village", erupt: "place the claimed eruption tile", take: "take a face-up lava tile",
        place: "place the lava tile", p2x: "draw one more tile (danger zone 3) or end",
        p3: "Phase 3: play or discard action cards", p4: "Phase 4: build walls", consent: "the teammate accepts or refuses a wall",
        over: "game over",
      },
      mode: { p2: "Phase 2", extra: "extra tile", discard2: "two cards discarded", lavaflow: "Lava Flow", quake: "Quake (replaces a lava tile)" },
      card: { aftershock: "Aftershock", lavaflow: "Lava Flow", relocate: "Relocate", sinkhole: "Sinkhole", quake: "Quake",
        rain: "Rain", reinforce: "Reinforce", bomb: "Volcanic Bomb" },
      mat: { straw: "straw", wood: "wood", stone: "stone" },
    },
    it: {
      seat: "Posto", you: "tu", turn: "Turno", village: "villaggio", reserve: "Riserva", hand: "mano",
      cards: "carte", over: "Partita finita", winners: "vincitori", deg: "°C", burned: "BRUCIATO",
      lava: "pila lava", deck: "mazzo azioni", discard: "scarti", setAside: "messe da parte",
      pending: "tessera in mano", rotation: "rotazione", chooseRot: "scegli la rotazione", stacks: "Pile della Pioggia di lava",
      meter: "Termometro", dz: "zona di pericolo", es: "eruzione", claimed: "presa da", placed: "piazzata", free: "libera",
      finalTurns: "turni finali rimasti", lavaRemoved: "pila lava rimossa", team: "squadra con", builds: "costruzioni rimaste",
      legend: "Legenda", noHand: "nessuna carta", outlets: "{n} uscite",
      why: { A: "un villaggio ha preso fuoco", B: "la lava è finita", annihilation: "resta un solo villaggio", stalemate: "nessuno può più giocare" },
      leg: { lava: "tessera lava", erupt: "tessera eruzione", volcano: "vulcano (flussi centrali)", flow: "flusso aperto (posto per un muro)",
        side: "lato del villaggio", contact: "lava a contatto con un villaggio", straw: "paglia", wood: "legno", stone: "pietra",
        res: "esagono risorsa (un muro quando arriva la lava)", wall: "muro di", die: "dado" },
      colours: ["arancione", "giallo", "verde", "blu", "viola", "rosso"],
      phase: {
        village: "scegli un villaggio", erupt: "piazza la tessera eruzione presa", take: "prendi una tessera lava scoperta",
        place: "piazza la tessera lava", p2x: "pesca un'altra tessera (zona di pericolo 3) o termina",
        p3: "Fase 3: gioca o scarta carte azione", p4: "Fase 4: costruisci muri", consent: "il compagno accetta o rifiuta un muro",
        over: "partita finita",
      },
      mode: { p2: "Fase 2", extra: "tessera extra", discard2: "due carte scartate", lavaflow: "Lava Flow", quake: "Quake (sostituisce una tessera lava)" },
      card: { aftershock: "Aftershock", lavaflow: "Lava Flow", relocate: "Relocate", sinkhole: "Sinkhole", quake: "Quake",
        rain: "Pioggia", reinforce: "Reinforce", bomb: "Volcanic Bomb" },
      mat: { straw: "paglia", wood: "legno", stone: "pietra" },
    },
  };
  const L = () => T[(typeof LANG !== "undefined" && T[LANG]) ? LANG : "en"];

  // ------------------------------------------------------------ data (board.json, tiles.json, meter.json)
  const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
  const STEP = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
  const VOLCANO = "f5 g5 f4 e6 g4 e5 f6".split(" ");
  const CENTRAL = "f4-NW f4-NE g5-NE g5-S e6-S e6-NW".split(" ");
  const RES = { f3: "straw", h3: "straw", h5: "straw", f7: "straw", d7: "straw", d5: "straw", d3: "wood", j3: "wood", d9: "wood",
    h1: "stone", b7: "stone", h7: "stone" };
  const VILLAGES = [
    ["e1 f0 f1 g0", "d2-NE e2-N e2-NE f2-N g1-NW g1-N h0-NW"],
    ["j0 j1 k0 k1", "i0-SE i1-NE i1-SE i2-NE j2-N j2-NE k2-N"],
    ["j5 j6 k4 k5", "i7-NE i6-SE i6-NE i5-SE j4-S j4-SE k3-S"],
    ["e10 f9 f10 g9", "d10-SE e9-S e9-SE f8-S g8-SW g8-S h8-SW"],
    ["a9 a10 b9 b10", "a8-S b8-SW b8-S c8-SW c9-NW c9-SW c10-NW"],
    ["a5 a6 b4 b5", "a7-N b6-NW b6-N c5-NW c4-SW c4-NW c3-SW"],
  ].map(([cells, sides]) => ({ cells: cells.split(" "), sides: sides.split(" ") }));
  const LAYOUT = { 2: [0, 3], 3: [0, 2, 4], 4: [1, 2, 4, 5], 5: [0, 1, 2, 4, 5], 6: [0, 1, 2, 3, 4, 5] };
  const VCOL = ["#f57c00", "#fbc02d", "#43a047", "#1e88e5", "#8e24aa", "#e53935"];
  const VLIGHT = ["#ffe0b2", "#fff9c4", "#c8e6c9", "#bbdefb", "#e1bee7", "#ffcdd2"];
  const MATCOL = { straw: "#f2d13c", wood: "#8d5a3b", stone: "#9e9e9e" };
  const MATS = ["straw", "wood", "stone"];
  const SM = () => window.LapilliSeatMarks;   // each seat's shape, beside its colour
  const piece = (key, ...els) => window.svgPiece(key, ...els);  // a piece that can move (generic.js)
  // lava tiles by type: [type, flows, count]; ids 0..39 in this order, 40..42 eruption tiles
  const TYPES = [[1, "S", 1], [2, "N S", 1], [3, "S SW", 2], [4, "S NW", 2], [5, "N SE SW", 3], [6, "NE SE S", 3],
    [8, "N S NW", 4], [9, "N NE S", 4], [10, "N NE S SW", 4], [11, "N NE SE S", 4], [12, "N NE S NW", 6], [13, "N NE SE S NW", 6]];
  const TILE = [];
  for (const [type, flows, count] of TYPES) {
    const m = flows.split(" ").reduce((a, f) => a | (1 << DIRS.indexOf(f)), 0);
    for (let i = 0; i < count; i++) TILE.push({ type, mask: m });
  }
  const NUM_LAVA = TILE.length;
  for (let i = 0; i < 3; i++) TILE.push({ type: "E", mask: 63 });
  const LAST = 290, DANGER = [50, 120, 200], ESPACES = [50, 120, 200];
  const rot = (m, r) => ((m << r) | (m >> (6 - r))) & 63;

  // ------------------------------------------------------------ geometry (flat-topped axial hexes)
  const S = 31, SQ3 = Math.sqrt(3), W = 700;
  const CX = W / 2, CY = 66 + 5 * SQ3 * S + S * 1.25;
  const lab = (q, r) => String.fromCharCode(97 + q) + r;
  const qr = l => [l.charCodeAt(0) - 97, +l.slice(1)];
  const pix = l => { const [q, r] = qr(l); return [CX + 1.5 * S * (q - 5), CY + SQ3 * S * (r - 5 + (q - 5) / 2)]; };
  const nb = (l, d) => { const [q, r] = qr(l); return lab(q + STEP[d][0], r + STEP[d][1]); };
  const ang = d => Math.PI / 180 * (-90 + 60 * d);
  const edgeMid = (l, d, k = 1) => { const [x, y] = pix(l); const a = ang(d); return [x + k * S * SQ3 / 2 * Math.cos(a), y + k * S * SQ3 / 2 * Math.sin(a)]; };
  const edgeEnds = (l, d, k = 1) => {
    const [x, y] = pix(l), a = ang(d), b = Math.PI / 6;
    return [[x + k * S * Math.cos(a - b), y + k * S * Math.sin(a - b)], [x + k * S * Math.cos(a + b), y + k * S * Math.sin(a + b)]];
  };
  const ISLAND = [];
  for (let q = 0; q <= 10; q++) for (let r = 0; r <= 10; r++) if (Math.abs(q - 5) + Math.abs(r - 5) + Math.abs(q + r - 10) <= 10) ISLAND.push(lab(q, r));
  const CELL_VILLAGE = {};
  VILLAGES.forEach((v, i) => v.cells.forEach(c => { CELL_VILLAGE[c] = i; }));
  const PLAYABLE = new Set(ISLAND.filter(h => !VOLCANO.includes(h) && !(h in CELL_VILLAGE)));

  window.LapilliBoards = window.LapilliBoards || {};
  // the term table, for the test that both languages have every key
  (window.LapilliTerms = window.LapilliTerms || {})["eruption"] = T;
  window.LapilliBoards["eruption"] = function (container, view, picker) {
    const o = view.observation;
    const l = L();
    const n = o.num_players;
    const next = picker ? picker.next() : new Set();
    const chosenList = picker ? picker.chosen : [];
    const chosen = new Set(chosenList);
    const mine = view.seat;
    const names = (view.table && view.table.seats) || [];
    // players by name (the table's names and colours: window.LapilliPlayerName in app.js)
    const seatName = p => {
      const nm = window.LapilliPlayerName ? window.LapilliPlayerName(view, p) : `${p + 1}`;
      return nm + (p === mine ? ` (${l.you})` : "");
    };
    // on the board, under a village (about 110 px wide): the name without what follows it in
    // brackets ("Orange" for "Orange (computer, random)"); the panels below give it whole
    const boardName = p => {
      const nm = window.LapilliPlayerName ? window.LapilliPlayerName(view, p) : `${p + 1}`;
      return nm.split(" (")[0] + (p === mine ? ` (${l.you})` : "");
    };
    const pcol = p => (o.villages[p] === null || o.villages[p] === undefined) ? "#777" : VCOL[o.villages[p]];
    const plight = p => (o.villages[p] === null || o.villages[p] === undefined) ? "#eee" : VLIGHT[o.villages[p]];

    const svg = svgEl("svg", { class: "board eruption", viewBox: `0 0 ${W} 1200`, "font-family": "system-ui, sans-serif", style: "max-height:none;background:#9fd3e8" });
    svg.append(svgEl("style", {}, ".deco,text{pointer-events:none} svg.eruption .highlight{stroke:#00e5ff;stroke-width:4} " +
      "svg.eruption .chosen{stroke:#1565c0 !important;stroke-width:5 !important} .small{font-size:10px}"));
    const tok = (e, token) => {
      e.setAttribute("data-token", token);
      if (chosen.has(token)) e.classList.add("chosen");
      return e;
    };
    const text = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12 }, attrs), s);
    const lt = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "font-size": 15, "dominant-baseline": "central" }, attrs), s);
    // a thick segment as a polygon (a horizontal <line> has an empty bounding box: not clickable)
    const bar = (x1, y1, x2, y2, w, attrs) => {
      const dx = x2 - x1, dy = y2 - y1, k = w / 2 / Math.hypot(dx, dy), nx = -dy * k, ny = dx * k;
      const pts = [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]].map(q => q[0].toFixed(1) + "," + q[1].toFixed(1)).join(" ");
      return svgEl("polygon", Object.assign({ points: pts }, attrs));
    };
    const poly = (x, y, size, attrs) => svgEl("polygon", Object.assign({ points: hexCorners(x, y, size, true) }, attrs));
    // a tile's flows: orange rivers from the centre to the flowing edges
    const drawFlows = (g, x, y, mask, size, eruption) => {
      for (let d = 0; d < 6; d++) if (mask >> d & 1) {
        const a = ang(d), ex = x + size * SQ3 / 2 * Math.cos(a), ey = y + size * SQ3 / 2 * Math.sin(a);
        g.append(svgEl("line", { x1: x, y1: y, x2: ex, y2: ey, stroke: "#ff6d00", "stroke-width": size * 0.34, "stroke-linecap": "round", class: "deco" }));
        g.append(svgEl("line", { x1: x, y1: y, x2: ex, y2: ey, stroke: "#ffd54f", "stroke-width": size * 0.12, "stroke-linecap": "round", class: "deco" }));
      }
      g.append(svgEl("circle", { cx: x, cy: y, r: size * (eruption ? 0.32 : 0.2), fill: eruption ? "#ffeb3b" : "#ff9100", class: "deco" }));
    };

    // ------------------------------------------------------------ status line
    const top = svgEl("g");
    svg.append(top);
    const turn = o.turn, mover = o.to_move;
    if (o.is_terminal || o.phase === "over") {
      const res = view.result || {};
      const ws = (res.winners || []).map(seatName).join(", ");
      top.append(lt(12, 22, `${l.over}${l.why[o.end_event] ? " (" + l.why[o.end_event] + ")" : ""}${ws ? " — " + l.winners + ": " + ws : ""}`, { "font-weight": "bold", fill: "#b71c1c", "font-size": 18 }));
    } else if (mover !== null && mover !== undefined) {
      top.append(SM().piece(mover, 20, 22, 10, { fill: pcol(mover), stroke: "#111", "stroke-width": 1.5 }));
      let ph = l.phase[o.phase] || o.phase;
      if (o.phase === "place" && o.mode) ph += ` — ${l.mode[o.mode] || o.mode}`;
      if (o.phase === "p4") ph += ` (${l.builds}: ${o.builds_left})`;
      // the headline (class "headline"): whose turn and which step, repeated in the move picker's bar
      top.append(lt(38, 22, `${l.turn}: ${seatName(turn)}${mover !== turn ? " → " + seatName(mover) : ""} · ${ph}`, { "font-weight": "bold", "font-size": 17, class: "headline" }));
    }
    const info = [`${l.lava}: ${o.lava_rain_stacks ? o.lava_rain_stacks.reduce((a, s) => a + s.size, 0) : o.lava_stack}`,
      `${l.deck}: ${o.deck}`, `${l.discard}: ${o.discard_pile.length}`, `${l.setAside}: ${o.set_aside.length}`];
    if (o.lava_removed) info.push(l.lavaRemoved);
    if (o.final_turns_left !== null && o.final_turns_left !== undefined) info.push(`${l.finalTurns}: ${o.final_turns_left}`);
    top.append(lt(12, 50, info.slice(0, 4).join(" · "), { "font-size": 14, fill: "#263238" }));
    if (info.length > 4) top.append(lt(W - 12, 74, info.slice(4).join(" · "), { "font-size": 14, fill: "#b71c1c", "text-anchor": "end" }));

    // ------------------------------------------------------------ island
    const isle = svgEl("g");
    svg.append(isle);
    isle.append(svgEl("circle", { cx: CX, cy: CY, r: 5 * SQ3 * S + S * 1.25, fill: "#e8d8a8", stroke: "#c9b27a", "stroke-width": 3, class: "deco" }));
    const tiles = o.tiles || {};
    const flowLayer = svgEl("g"), markLayer = svgEl("g"), labelLayer = svgEl("g");
    const inPlay = LAYOUT[n] || [];
    const villagePick = o.phase === "village" && next.size > 0;
    // villages first (their cells), then the playable hexes and the volcano
    VILLAGES.forEach((v, vi) => {
      const used = inPlay.includes(vi);
      const owner = o.villages.indexOf(vi);
      let sx = 0, sy = 0;
      for (const c of v.cells) {
        const [x, y] = pix(c);
        sx += x / 4; sy += y / 4;
        const p = poly(x, y, S - 0.5, { fill: used ? VLIGHT[vi] : "#d7d2c4", stroke: used ? VCOL[vi] : "#bbb", "stroke-width": 1.5 });
        if (villagePick && used && owner < 0) tok(p, String(vi)); else p.classList.add("deco");
        isle.append(p);
      }
      labelLayer.append(text(sx, sy - 9, `V${vi}`, { "font-size": 17, "font-weight": "bold", fill: used ? VCOL[vi] : "#999", stroke: "#fff", "stroke-width": 0.6 }));
      labelLayer.append(text(sx, sy + 10, owner >= 0 ? boardName(owner) : (used ? l.colours[vi] : "—"), { "font-size": 11, fill: "#333", "font-weight": owner === mine ? "bold" : "normal" }));
      if (owner >= 0) labelLayer.append(SM().piece(owner, sx + 22, sy - 9, 6.5, { fill: VCOL[vi], stroke: "#111", "stroke-width": 1.2, class: "deco" }));
      if (owner >= 0) labelLayer.append(text(sx, sy + 25, `${o.temperatures[owner]}${l.deg}${o.burned[owner] ? " ✝" : ""}`, { "font-size": 13, "font-weight": "bold", fill: o.temperatures[owner] >= 200 ? "#b71c1c" : "#333" }));
    });
    for (const h of ISLAND) {
      if (h in CELL_VILLAGE) continue;
      const [x, y] = pix(h);
      if (VOLCANO.includes(h)) {
        isle.append(poly(x, y, S - 0.5, { fill: "#4e342e", stroke: "#3e2723", "stroke-width": 1, class: "deco" }));
        if (h === "f5") isle.append(svgEl("circle", { cx: x, cy: y, r: S * 0.55, fill: "#d84315", stroke: "#ffab40", "stroke-width": 2, class: "deco" }));
        continue;
      }
      const t = tiles[h];
      let fill = "#a5d6a7";
      if (t) fill = t[0] >= NUM_LAVA ? "#8e0000" : "#3e2723";
      const p = tok(poly(x, y, S - 0.5, { fill, stroke: "#5d6d3a", "stroke-width": 1 }), h);
      isle.append(p);
      if (t) {
        drawFlows(flowLayer, x, y, rot(TILE[t[0]].mask, t[1]), S, t[0] >= NUM_LAVA);
        if (t[0] >= NUM_LAVA) labelLayer.append(text(x + S * 0.45, y - S * 0.55, "E", { "font-size": 11, "font-weight": "bold", fill: "#fff" }));
      } else if (RES[h]) {
        labelLayer.append(svgEl("rect", { x: x - 9, y: y - 3, width: 18, height: 11, rx: 2, fill: MATCOL[RES[h]], stroke: "#333", "stroke-width": 0.8, class: "deco" }));
      }
      labelLayer.append(text(x, y - S * 0.52, h, { "font-size": 10, fill: t ? "#ffe0b2" : "#33691e" }));
    }
    // central flows of the volcano
    for (const c of CENTRAL) {
      const [h, dn] = c.split("-");
      const [x, y] = pix(h);
      drawFlows(flowLayer, x, y, 1 << DIRS.indexOf(dn), S, false);
    }
    isle.append(flowLayer);
    // village sides: notches on the edges between a playable hex and a village (v<village>-<side>)
    const sideXY = {};
    VILLAGES.forEach((v, vi) => v.sides.forEach((s, i) => {
      const [h, dn] = s.split("-");
      const d = DIRS.indexOf(dn);
      const name = `v${vi}-${i + 1}`;
      const t = tiles[h];
      const contact = t && (rot(TILE[t[0]].mask, t[1]) >> d & 1);
      const wall = o.border_walls[name];
      const [[x1, y1], [x2, y2]] = edgeEnds(h, d, 0.98);
      sideXY[name] = edgeMid(h, d, 1.0);
      const closed = (o.closed_sides || []).includes(name) || ((o.this_turn || {}).closed_sides || []).includes(name);
      const line = bar(x1, y1, x2, y2, wall ? 9 : 6, { fill: wall ? MATCOL[wall[0]] : (contact ? "#ff1744" : (closed ? "#555" : "#ffffff")),
        stroke: wall ? pcol(wall[1]) : "#777", "stroke-width": wall ? 1.5 : 0.6, "stroke-dasharray": closed && !wall ? "3 3" : null });
      tok(line, name);
      markLayer.append(line);
      if (wall) { const [gx, gy] = edgeMid(h, d, 0.98); markLayer.append(SM().glyph(wall[1], gx, gy, 3.4, pcol(wall[1]), "#111")); }
      const [mx, my] = edgeMid(h, d, 1.22);
      labelLayer.append(text(mx, my, String(i + 1), { "font-size": 9, fill: "#222" }));
    }));
    // flow walls and open flow ends (wall sites)
    const ends = new Set(Object.keys(o.flow_walls || {}));
    for (const [h, t] of Object.entries(tiles)) {
      const m = rot(TILE[t[0]].mask, t[1]);
      for (let d = 0; d < 6; d++) if (m >> d & 1) {
        const nh = nb(h, d);
        if (PLAYABLE.has(nh) && !(nh in tiles)) ends.add(`${h}-${DIRS[d]}`);
      }
    }
    for (const c of CENTRAL) {
      const [h, dn] = c.split("-");
      if (!(nb(h, DIRS.indexOf(dn)) in tiles)) ends.add(c);
    }
    for (const e of ends) {
      const [h, dn] = e.split("-");
      const d = DIRS.indexOf(dn);
      const w = (o.flow_walls || {})[e];
      if (w) {
        const [[x1, y1], [x2, y2]] = edgeEnds(h, d, 0.93);
        markLayer.append(tok(bar(x1, y1, x2, y2, 9, { fill: MATCOL[w[0]], stroke: pcol(w[1]), "stroke-width": 2 }), e));
        const [gx, gy] = edgeMid(h, d, 0.93);
        markLayer.append(SM().glyph(w[1], gx, gy, 3.4, pcol(w[1]), "#111"));
      } else {
        const [x, y] = edgeMid(h, d, 0.86);
        markLayer.append(tok(svgEl("circle", { cx: x, cy: y, r: 6, fill: "#fff8e1", stroke: "#e65100", "stroke-width": 1.5, "fill-opacity": 0.85 }), e));
      }
    }
    // Relocate: the own village's sides are named by number
    if (chosenList[0] === "relocate" && mine !== null && o.villages[mine] !== null) {
      const vi = o.villages[mine];
      VILLAGES[vi].sides.forEach((s, i) => {
        const [h, dn] = s.split("-");
        const [x, y] = edgeMid(h, DIRS.indexOf(dn), 1.45);
        markLayer.append(tok(svgEl("circle", { cx: x, cy: y, r: 9, fill: "#fff", stroke: VCOL[vi], "stroke-width": 2 }), String(i + 1)));
        labelLayer.append(text(x, y, String(i + 1), { "font-size": 11, "font-weight": "bold" }));
      });
    }
    isle.append(markLayer, labelLayer);

    // ------------------------------------------------------------ burn meter
    let y = CY + 5 * SQ3 * S + S * 1.25 + 14;
    const MX0 = 24, MX1 = W - 24, mx = t => MX0 + (MX1 - MX0) * t / LAST;
    const meter = svgEl("g");
    svg.append(meter);
    meter.append(lt(12, y + 4, l.meter, { "font-weight": "bold", "font-size": 15 }));
    y += 20;
    const bands = [[0, DANGER[0], "#c8e6c9"], [DANGER[0], DANGER[1], "#fff59d"], [DANGER[1], DANGER[2], "#ffcc80"], [DANGER[2], LAST, "#ef9a9a"]];
    bands.forEach(([a, b, c], i) => {
      meter.append(svgEl("rect", { x: mx(a), y, width: mx(b) - mx(a), height: 26, fill: c, stroke: "#8d6e63", "stroke-width": 0.8, class: "deco" }));
      if (i) meter.append(text((mx(a) + mx(b)) / 2, y + 36, `${l.dz} ${i}`, { "font-size": 11, fill: "#5d4037" }));
    });
    meter.append(svgEl("rect", { x: mx(LAST) - 4, y, width: 8, height: 26, fill: "#b71c1c", class: "deco" }));
    for (let t = 0; t <= LAST; t += 10) meter.append(svgEl("line", { x1: mx(t), y1: y + 26, x2: mx(t), y2: y + (t % 50 ? 30 : 33), stroke: "#5d4037", class: "deco" }));
    for (let t = 0; t <= LAST; t += 50) meter.append(text(mx(t), y - 7, String(t), { "font-size": 10, fill: "#5d4037" }));
    meter.append(text(mx(LAST), y - 7, String(LAST), { "font-size": 10, fill: "#b71c1c", "font-weight": "bold" }));
    ESPACES.forEach((t, k) => {
      const c = o.eruption_claims[k], placed = o.eruption_placed[k];
      if (c !== null && !placed) meter.append(SM().piece(c, mx(t), y + 9, 6, { fill: pcol(c), stroke: "#111", "stroke-width": 1, class: "deco" }));
      else meter.append(svgEl("polygon", { points: `${mx(t)},${y + 2} ${mx(t) - 7},${y + 14} ${mx(t) + 7},${y + 14}`, fill: placed ? "#555" : "#d50000", stroke: "#fff", "stroke-width": 1, class: "deco" }));
      meter.append(text(mx(t) + 16, y + 8, `E${k + 1}`, { "font-size": 10, "font-weight": "bold", fill: "#b71c1c" }));
    });
    const atTemp = {};
    for (let p = 0; p < n; p++) {
      const t = o.temperatures[p];
      const k = atTemp[t] = (atTemp[t] || 0) + 1;
      meter.append(piece(`temperature${p}`, SM().piece(p, mx(t), y + 20, 7, { fill: pcol(p), stroke: p === turn ? "#000" : "#fff", "stroke-width": p === turn ? 2.5 : 1.5, transform: `translate(${(k - 1) * 9},${(k - 1) * 4})`, class: "deco" })));
    }
    y += 50;
    const claimText = ESPACES.map((t, k) => {
      const c = o.eruption_claims[k];
      return `E${k + 1} (${t}): ` + (o.eruption_placed[k] ? l.placed : (c !== null ? `${l.claimed} ${seatName(c)}` : l.free));
    }).join(" · ");
    meter.append(lt(12, y, `${l.es}: ${claimText}`, { "font-size": 13, fill: "#4e342e" }));
    y += 22;

    // ------------------------------------------------------------ tile in hand, rotations, Lava Rain stacks
    const mid = svgEl("g");
    svg.append(mid);
    const tileIcon = (x, yy, id, r, size, token, usable) => {
      const g = svgEl("g");
      const p = poly(x, yy, size, { fill: id >= NUM_LAVA ? "#8e0000" : "#3e2723", stroke: "#222", "stroke-width": 1.2 });
      if (token !== undefined) tok(p, token);
      if (usable === false) g.setAttribute("opacity", 0.35);
      g.append(p);
      drawFlows(g, x, yy, rot(TILE[id].mask, r), size, id >= NUM_LAVA);
      return g;
    };
    let rowH = 0;
    const rotating = (chosenList[0] === "place" || chosenList[0] === "aftershock") && chosenList.length === 2;
    if (o.pending_tile !== null && o.pending_tile !== undefined) {
      mid.append(lt(12, y + 10, `${l.pending} (${l.mode[o.mode] || o.mode || ""})`, { "font-weight": "bold", "font-size": 14 }));
      mid.append(tileIcon(60, y + 58, o.pending_tile, 0, 32));
      // the tile told by its shape, as the log tells it (its type number is printed nowhere)
      const pt = TILE[o.pending_tile];
      mid.append(text(60, y + 100, pt.type === "E" ? l.leg.erupt : l.outlets.replace("{n}", [0, 1, 2, 3, 4, 5].filter(k => pt.mask & (1 << k)).length), { "font-size": 11 }));
      rowH = 112;
    }
    if (rotating) {
      const id = chosenList[0] === "place" ? o.pending_tile : (tiles[chosenList[1]] || [0])[0];
      const x0 = 196;  // right of the tile in hand's heading; rotation 5 ends at 688 of 700
      mid.append(lt(x0, y + 10, `${l.chooseRot} (${chosenList[1]})`, { "font-weight": "bold", "font-size": 14 }));
      for (let r = 0; r < 6; r++) {
        const x = x0 + 30 + r * 86;
        mid.append(tileIcon(x, y + 58, id, r, 32, String(r), next.has(String(r))));
        mid.append(text(x, y + 100, `${l.rotation} ${r}`, { "font-size": 11 }));
      }
      rowH = 112;
    }
    if (o.lava_rain_stacks) {
      const yy = y + rowH;
      mid.append(lt(12, yy + 10, l.stacks, { "font-weight": "bold", "font-size": 14 }));
      o.lava_rain_stacks.forEach((s, k) => {
        const x = 60 + k * 120;
        if (s.top !== null) {
          const g = tileIcon(x, yy + 56, s.top, 0, 28, o.phase === "take" ? String(k + 1) : undefined);
          mid.append(g);
        } else mid.append(poly(x, yy + 56, 28, { fill: "none", stroke: "#777", "stroke-dasharray": "4 3", class: "deco" }));
        mid.append(text(x, yy + 94, `${k + 1}: ${s.size}`, { "font-size": 12, "font-weight": "bold" }));
      });
      rowH += 106;
    }
    y += rowH;

    // ------------------------------------------------------------ players
    const pan = svgEl("g");
    svg.append(pan);
    const PW = (W - 24) / 2, PH = 122;
    const seats = o.order && o.order.length ? o.order : [...Array(n).keys()];
    const CARDW = 74, CARDH = 34;
    seats.forEach((p, i) => {
      const x0 = 8 + (i % 2) * (PW + 8), y0 = y + Math.floor(i / 2) * (PH + 8);
      pan.append(svgEl("rect", { x: x0, y: y0, width: PW, height: PH, rx: 8, fill: plight(p), stroke: pcol(p),
        "stroke-width": (!o.is_terminal && p === turn) ? 5 : 1.5, class: "deco" }));
      const vi = o.villages[p];
      const nm = seatName(p);
      pan.append(SM().piece(p, x0 + 18, y0 + 17, 8, { fill: pcol(p), stroke: "#111", "stroke-width": 1.2, class: "deco" }));
      // the name keeps clear of the temperature on its right (up to "290°C" at 26 px): fitTexts, boards/generic.js
      pan.append(lt(x0 + 32, y0 + 16, nm, { "font-weight": "bold", "font-size": 15, fill: "#222", "data-fit": PW - 42 - 96 }));
      pan.append(lt(x0 + 10, y0 + 35, vi !== null ? `${l.village} V${vi} (${l.colours[vi]})` : "", { "font-size": 12, fill: "#444" }));
      const tmp = o.temperatures[p];
      const zone = DANGER.filter(z => tmp >= z).length;
      pan.append(lt(x0 + PW - 10, y0 + 20, `${tmp}${l.deg}`, { "font-size": 26, "font-weight": "bold", "text-anchor": "end", fill: zone >= 3 ? "#b71c1c" : "#222" }));
      const tags = [];
      if (zone) tags.push(`${l.dz} ${zone}`);
      if (o.burned[p]) tags.push(l.burned);
      if (o.teams) { const tm = o.teams.find(tt => tt.includes(p)); if (tm) tags.push(`${l.team} ${seatName(tm[0] === p ? tm[1] : tm[0])}`); }
      pan.append(lt(x0 + PW - 10, y0 + 44, tags.join(" · "), { "font-size": 11, "text-anchor": "end", fill: "#b71c1c" }));
      // Reserve: one wall piece per material with its count (own pieces name the material)
      pan.append(lt(x0 + 10, y0 + 60, l.reserve + ":", { "font-size": 12 }));
      MATS.forEach((m, k) => {
        const x = x0 + 70 + k * 70, cnt = o.reserves[p][m];
        const r = svgEl("rect", { x, y: y0 + 52, width: 30, height: 16, rx: 3, fill: MATCOL[m], stroke: "#333", "stroke-width": 1, opacity: cnt ? 1 : 0.3 });
        if (p === mine) tok(r, m);
        pan.append(r, lt(x + 35, y0 + 60, `×${cnt}`, { "font-size": 13, "font-weight": "bold" }));
      });
      // hand: own cards face up, the others' as backs
      pan.append(lt(x0 + 10, y0 + 98, l.hand + ":", { "font-size": 12 }));
      const hand = (p === mine && o.hand) ? o.hand : null;
      const cnt = o.hand_sizes[p];
      if (!cnt) pan.append(lt(x0 + 60, y0 + 98, l.noHand, { "font-size": 12, fill: "#777" }));
      for (let k = 0; k < cnt; k++) {
        const x = x0 + 56 + k * (CARDW + 4);
        if (x + CARDW > x0 + PW) { pan.append(lt(x, y0 + 98, `+${cnt - k}`, { "font-size": 13 })); break; }
        if (hand) {
          const c = hand[k];
          const r = tok(svgEl("rect", { x, y: y0 + 81, width: CARDW, height: CARDH, rx: 4, fill: "#fff", stroke: MATCOL[{ aftershock: "stone", quake: "stone", lavaflow: "straw", relocate: "straw", reinforce: "straw", sinkhole: "wood", rain: "wood", bomb: "wood" }[c]], "stroke-width": 3 }), c);
          // a name of two words or more takes two lines; each line fits the card (fitTexts, boards/generic.js)
          const name = l.card[c] || c, cut = name.indexOf(" ");
          const label = text(x + CARDW / 2, y0 + 98, cut < 0 ? name : "", { "font-size": 11.5, "font-weight": "bold", "data-fit": CARDW - 8 });
          if (cut >= 0) label.append(svgEl("tspan", { x: x + CARDW / 2, dy: "-0.6em" }, name.slice(0, cut)),
            svgEl("tspan", { x: x + CARDW / 2, dy: "1.2em" }, name.slice(cut + 1)));
          pan.append(r, label);
        } else {
          pan.append(svgEl("rect", { x, y: y0 + 81, width: CARDW * 0.6, height: CARDH, rx: 4, fill: "#6d4c41", stroke: "#3e2723", "stroke-width": 1.5, class: "deco" }),
            svgEl("polygon", { points: `${x + CARDW * 0.3},${y0 + 88} ${x + CARDW * 0.14},${y0 + 108} ${x + CARDW * 0.46},${y0 + 108}`, fill: "#ff7043", class: "deco" }));
        }
      }
    });
    y += Math.ceil(seats.length / 2) * (PH + 8) + 6;

    // ------------------------------------------------------------ legend
    const leg = svgEl("g");
    svg.append(leg);
    leg.append(lt(12, y + 6, l.legend, { "font-weight": "bold", "font-size": 14 }));
    y += 24;
    const items = [
      ["tile", l.leg.lava], ["etile", l.leg.erupt], ["volcano", l.leg.volcano], ["flow", l.leg.flow],
      ["side", l.leg.side], ["contact", l.leg.contact], ["res", l.leg.res],
      ["straw", l.leg.straw], ["wood", l.leg.wood], ["stone", l.leg.stone]];
    items.forEach(([k, s], i) => {
      const x = 14 + (i % 2) * 340, yy = y + Math.floor(i / 2) * 24;
      if (k === "tile" || k === "etile") leg.append(tileIcon(x + 8, yy, k === "tile" ? 2 : NUM_LAVA, 0, 9));
      else if (k === "volcano") leg.append(poly(x + 8, yy, 9, { fill: "#4e342e", class: "deco" }));
      else if (k === "flow") leg.append(svgEl("circle", { cx: x + 8, cy: yy, r: 6, fill: "#fff8e1", stroke: "#e65100", "stroke-width": 1.5, class: "deco" }));
      else if (k === "side" || k === "contact") leg.append(svgEl("line", { x1: x, y1: yy, x2: x + 16, y2: yy, stroke: k === "side" ? "#fff" : "#ff1744", "stroke-width": 6, class: "deco" }), svgEl("line", { x1: x, y1: yy + 5, x2: x + 16, y2: yy + 5, stroke: "#999", "stroke-width": 1, class: "deco" }));
      else if (k === "res") leg.append(svgEl("rect", { x: x, y: yy - 5, width: 16, height: 10, fill: "#f2d13c", stroke: "#333", class: "deco" }));
      else leg.append(svgEl("line", { x1: x, y1: yy, x2: x + 16, y2: yy, stroke: MATCOL[k], "stroke-width": 8, class: "deco" }));
      leg.append(lt(x + 24, yy, k in MATCOL ? `${l.leg.wall} ${s} (${l.leg.die} ${k === "straw" ? "+0" : k === "wood" ? "+1" : "+2"})` : s, { "font-size": 12 }));
    });
    y += Math.ceil(items.length / 2) * 24 + 8;
    svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
    // the width at which the island (down to its shore) fits the screen's height (style.css)
    svg.style.setProperty("--map-aspect", (W / (CY + 5 * SQ3 * S + S * 1.25 + 8)).toFixed(4));
    container.append(svg);
  };
})();
