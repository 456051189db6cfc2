// L'Isola dei Vulcani board: the continent in pointy-top hexes (odd-r rows, row A at the top),
// areas by colour with thick borders, volcanoes, lava spaces (lava, villages, lying Moai),
// geyser craters with the edge they face and the Moai erected on them, crack tiles on edges,
// sunk hexes as sea, colonists by colour and count, the landing bay(s); beside it every
// player's score, boat, reserve and prayer tokens, whose turn, the action points left, the
// supply and a legend.
// Everything is drawn from the view: hexes and areas from observation.areas, pieces from the
// observation, craters and empty spaces from observation.craters / observation.hex_spaces when
// the engine sends them, else from the engine's text picture of the same position (view.text),
// else from what the observation and the legal moves name.  Nothing of the map is hard-coded.
// Tokens (data-token) follow the notation: hexes "E3", spaces "E3a", craters "E3-NE",
// volcanoes "4" (for "erupt N").
(function () {
  const T = {
    en: {
      colours: ["Red", "Blue", "Yellow", "Green"], you: "you", round: "Round", turnOf: "turn of",
      ap: "action points", prayed: "prayed this turn", vp: "VP", boat: "in the boat", reserve: "reserve",
      colonists: "colonists", villages: "villages", colonist: "colonist", village: "village", moai: "Moai", prayer: "prayer tokens", bay: "bay",
      supply: "Supply", lava: "lava", cracks: "cracks", volcanoes: "volcanoes left", over: "Game over",
      winners: "winners", lastRound: "last round", first: "first player", waiting: "waiting for",
      decisions: { save: "spend prayer tokens to save threatened pieces (save / done)", erupt: "double eruption: choose the volcano that erupts first",
        rescue: "sinking: move all own colonists off the sinking part", rescue1: "sinking: rescue a colonist (or skip)" },
      reasons: { volcanoes: "two or fewer volcanoes left", "round-limit": "round limit", stalled: "no crack can be placed any more" },
      legend: "Legend", lLava: "lava tile", lVillage: "village", lMoai: "lying Moai", lCrater: "crater (tick: edge of its crack)",
      lErected: "erected Moai", lCrack: "crack", lVolcano: "volcano", lColonist: "colonists (count)", lSunk: "sunk", lBay: "landing bay",
      lArea: "area border", eruption: "Eruption of volcano", threatened: "threatened", final: "Final scoring",
      fv: "villages", fm: "Moai", fg: "groups", fc: "colonists", fp: "prayer", total: "total", finalShort: "final", inPlay: "in play", firstShort: "1st player",
    },
    it: {
      colours: ["Rosso", "Blu", "Giallo", "Verde"], you: "tu", round: "Giro", turnOf: "turno di",
      ap: "punti azione", prayed: "ha pregato in questo turno", vp: "PV", boat: "sulla barca", reserve: "riserva",
      colonists: "coloni", villages: "villaggi", colonist: "colono", village: "villaggio", moai: "Moai", prayer: "gettoni preghiera", bay: "baia",
      supply: "Riserva generale", lava: "lava", cracks: "crepe", volcanoes: "vulcani rimasti", over: "Partita finita",
      winners: "vincitori", lastRound: "ultimo round", first: "primo giocatore", waiting: "in attesa di",
      decisions: { save: "spende gettoni preghiera per salvare pezzi minacciati (save / done)", erupt: "doppia eruzione: sceglie il vulcano che erutta per primo",
        rescue: "sprofondamento: sposta tutti i propri coloni fuori dalla parte che affonda", rescue1: "sprofondamento: salva un colono (o skip)" },
      reasons: { volcanoes: "due o meno vulcani rimasti", "round-limit": "limite di giri", stalled: "nessuna crepa più piazzabile" },
      legend: "Legenda", lLava: "tessera lava", lVillage: "villaggio", lMoai: "Moai sdraiato", lCrater: "cratere (tacca: lato della crepa)",
      lErected: "Moai eretto", lCrack: "crepa", lVolcano: "vulcano", lColonist: "coloni (numero)", lSunk: "sprofondato", lBay: "baia di approdo",
      lArea: "confine di area", eruption: "Eruzione del vulcano", threatened: "minacciato", final: "Punteggio finale",
      fv: "villaggi", fm: "Moai", fg: "gruppi", fc: "coloni", fp: "preghiera", total: "totale", finalShort: "finale", inPlay: "in gioco", firstShort: "1° giocatore",
    },
  };
  const L = () => T[(typeof LANG !== "undefined" && T[LANG]) ? LANG : "en"];
  const PCOL = ["#d32f2f", "#1e63c4", "#f2c230", "#2e9e48"];
  const PDARK = ["#7a1512", "#0d3272", "#8a6a00", "#145c26"];
  const PTEXT = ["#fff", "#fff", "#222", "#fff"];
  const DIRS = { E: 0, NE: -60, NW: -120, W: 180, SW: 120, SE: 60 };
  const S = 44;                       // hex radius
  const W = Math.sqrt(3) * S;         // hex width
  const SEA = "#8ec9e6";
  const SM = () => window.LapilliSeatMarks;   // each seat's shape, beside its colour
  const piece = (key, ...els) => window.svgPiece(key, ...els);  // a piece that can move (generic.js)

  // ------------------------------------------------------------------ reading the view
  const parseHex = n => {
    const m = /^([A-Z]+)(\d+)$/.exec(n);
    if (!m) return null;
    const letters = m[1];
    const row = letters.length === 1 ? letters.charCodeAt(0) - 65 : 26 + letters.charCodeAt(1) - 65;
    return { row, col: +m[2] };
  };
  // craters and spaces of each hex, from the text picture ("  E3 area  4   a=L b=. | craters NE,SW*R")
  function fromText(text) {
    const out = { craters: {}, spaces: {} };
    if (!text) return null;
    let any = false;
    for (const line of text.split("\n")) {
      const m = /^\s*([A-Z]+\d+) area\s+\d+(?: VOLCANO \d+)?\s*(.*)$/.exec(line);
      if (!m) continue;
      any = true;
      const h = m[1];
      out.craters[h] = []; out.spaces[h] = [];
      for (const part of m[2].split(" | ")) {
        if (part.startsWith("craters ")) {
          for (const c of part.slice(8).split(",")) out.craters[h].push(h + "-" + c.split("*")[0].trim());
        } else if (/^[a-z]=/.test(part)) {
          for (const s of part.split(" ")) if (/^[a-z]=/.test(s)) out.spaces[h].push(h + s[0]);
        }
      }
    }
    return any ? out : null;
  }

  window.LapilliBoards = window.LapilliBoards || {};
  // the term table, for the test that both languages have every key
  (window.LapilliTerms = window.LapilliTerms || {})["isola-dei-vulcani"] = T;
  window.LapilliBoards["isola-dei-vulcani"] = function (container, view, picker) {
    const o = view.observation;
    const l = L();
    const next = picker ? picker.next() : new Set();
    const chosen = new Set(picker ? picker.chosen : []);
    const mine = view.seat;
    // each player by the table's one name for the seat (app.js), the colour when the board stands alone
    const pname = q => window.LapilliPlayerName ? window.LapilliPlayerName(view, q) : l.colours[q];
    const n = o.num_players;
    const volcanoAt = {};
    for (const [v, h] of Object.entries(o.volcano_hexes)) volcanoAt[h] = +v;
    const hexes = Object.keys(o.areas);
    const sunk = new Set(o.sunk);
    const alive = new Set(o.volcanoes.map(Number));
    const legalTokens = new Set();
    (view.legal || []).forEach(a => a.split(" ").forEach(t => legalTokens.add(t)));

    // craters and spaces per hex: the observation's own lists, else the text picture, else what
    // the pieces and the legal moves name
    const cratersOf = {}, spacesOf = {};
    hexes.forEach(h => { cratersOf[h] = new Set(); spacesOf[h] = new Set(); });
    const addCrater = c => { const h = c.split("-")[0]; if (cratersOf[h]) cratersOf[h].add(c); };
    const addSpace = s => { const h = s.slice(0, -1); if (spacesOf[h] && /^[A-Z]+\d+[a-z]$/.test(s)) spacesOf[h].add(s); };
    if (o.craters) (Array.isArray(o.craters) ? o.craters : Object.keys(o.craters)).forEach(addCrater);
    if (o.hex_spaces) Object.values(o.hex_spaces).forEach(lst => lst.forEach(addSpace));
    const txt = (!o.craters || !o.hex_spaces) ? fromText(view.text) : null;
    if (txt) {
      if (!o.craters) Object.values(txt.craters).forEach(lst => lst.forEach(addCrater));
      if (!o.hex_spaces) Object.values(txt.spaces).forEach(lst => lst.forEach(addSpace));
    }
    Object.keys(o.erected).forEach(addCrater);
    Object.keys(o.spaces).forEach(addSpace);
    for (const t of legalTokens) { if (/^[A-Z]+\d+-(E|NE|NW|W|SW|SE)$/.test(t)) addCrater(t); else addSpace(t); }

    // layout: which rows are shifted right depends on the parity of row A, which the names do
    // not say; take the parity under which the areas hang together (and the cracks join neighbours)
    const pos = {};
    hexes.forEach(h => { pos[h] = parseHex(h); });
    const neighbour = (h, dir, par) => {
      const p = pos[h], odd = (p.row + par) % 2 === 1;
      const d = { E: [1, 0], W: [-1, 0], NE: [odd ? 1 : 0, -1], NW: [odd ? 0 : -1, -1], SE: [odd ? 1 : 0, 1], SW: [odd ? 0 : -1, 1] }[dir];
      const r = p.row + d[1];
      const letters = r < 26 ? String.fromCharCode(65 + r) : "Z" + String.fromCharCode(65 + r - 26);
      return r < 0 ? null : letters + (p.col + d[0]);
    };
    const score = par => {
      let s = 0;
      for (const h of hexes) for (const dir of Object.keys(DIRS)) {
        const m = neighbour(h, dir, par);
        if (m && o.areas[m] !== undefined && o.areas[m] === o.areas[h]) s += 1;
      }
      for (const e of o.cracks) { const [a, b] = e.split("|"); if (Object.keys(DIRS).some(d => neighbour(a, d, par) === b)) s += 5; }
      return s;
    };
    const par = (o.row_parity === 0 || o.row_parity === 1) ? o.row_parity : (score(1) > score(0) ? 1 : 0);
    const minCol = Math.min(...hexes.map(h => pos[h].col + ((pos[h].row + par) % 2) * 0.5));
    const maxCol = Math.max(...hexes.map(h => pos[h].col + ((pos[h].row + par) % 2) * 0.5));
    const maxRow = Math.max(...hexes.map(h => pos[h].row));
    const M = 34;                                   // sea margin round the continent
    const TOP = 56;                                 // status lines above the map
    const centre = h => [padX + M + W / 2 + (pos[h].col + ((pos[h].row + par) % 2) * 0.5 - minCol) * W, TOP + M + S + pos[h].row * 1.5 * S];
    const landW = 2 * M + W * (maxCol - minCol + 1), padX = Math.max(0, (640 - landW) / 2);
    const mapW = landW + 2 * padX, mapH = TOP + 2 * M + S * (2 + 1.5 * maxRow);
    const rad = a => Math.PI / 180 * a;
    const along = (h, dir, f) => { const [x, y] = centre(h); const a = rad(DIRS[dir]); return [x + Math.cos(a) * f, y + Math.sin(a) * f]; };
    const edgePts = (h, dir, shrink = 1) => {
      const [x, y] = centre(h), a = DIRS[dir];
      return [a - 30, a + 30].map(b => [x + S * shrink * Math.cos(rad(b)), y + S * shrink * Math.sin(rad(b))]);
    };

    // ------------------------------------------------------------------ the svg
    const svg = svgEl("svg", { class: "board isola", "font-family": "system-ui, sans-serif", style: "max-height:none" });
    svg.append(svgEl("style", {}, ".deco{pointer-events:none} text{pointer-events:none} " +
      ".chosen{stroke:#0b57d0 !important;stroke-width:4 !important} svg.isola .highlight{stroke:#ff6d00;stroke-width:3.5}" +
      " svg.isola .clickable:hover{filter:none;stroke:#0b57d0;stroke-width:4}"));
    const tok = (e, token) => {
      e.setAttribute("data-token", token);
      if (!next.has(token)) e.classList.add("deco");
      if (chosen.has(token)) e.classList.add("chosen");
      return e;
    };
    const text = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11 }, attrs), s);
    const deco = (tag, attrs) => svgEl(tag, Object.assign({ class: "deco" }, attrs));
    // an anchor drawn as a path (no font glyph needed)
    const anchor = (x, y, col, attrs = {}) => svgEl("path", Object.assign({ class: "deco",
      d: `M${x},${y - 6} v14 M${x - 5},${y - 2} h10 M${x - 8},${y + 3} q8,10 16,0 M${x},${y - 9} m-2.5,0 a2.5,2.5 0 1,0 5,0 a2.5,2.5 0 1,0 -5,0`,
      fill: "none", stroke: col, "stroke-width": 2, "stroke-linecap": "round" }, attrs));

    // the sea: plain colour and a few waves, all in one path (cheap to paint)
    svg.append(deco("rect", { x: 0, y: 0, width: mapW, height: mapH, fill: SEA }));
    let wd = "";
    for (let wy = TOP + 14; wy < mapH; wy += 42) {
      for (let wx = 10 + ((wy / 42) % 2) * 30; wx < mapW - 30; wx += 60) wd += `M${wx},${wy} q5,-5 10,0 t10,0 `;
    }
    svg.append(deco("path", { d: wd, fill: "none", stroke: "#ffffff99", "stroke-width": 1.4 }));
    // area colours: volcano areas warm, the others green to sand
    const areaCol = a => {
      const volc = Object.prototype.hasOwnProperty.call(o.volcano_hexes, String(a));
      const hue = volc ? (18 + (a * 23) % 30) : (70 + (a * 37) % 70);
      const light = volc ? 78 - (a % 3) * 4 : 80 - (a % 4) * 4;
      return `hsl(${hue}, ${volc ? 55 : 42}%, ${light}%)`;
    };
    const gHex = svgEl("g"), gEdge = svgEl("g"), gPieces = svgEl("g");
    svg.append(gHex, gEdge, gPieces);
    const threatened = new Set();
    const targets = new Set();
    const saved = new Set();
    if (o.eruption) {
      (o.eruption.threatened || []).forEach(t => (Array.isArray(t) ? t : [t]).forEach(x => { if (typeof x === "string") threatened.add(x); }));
      (o.eruption.targets || []).forEach(x => { if (typeof x === "string") targets.add(x); });
      (o.eruption.saved || []).forEach(x => { if (typeof x === "string") saved.add(x); });
    }
    for (const h of hexes) {
      const [x, y] = centre(h);
      const isSunk = sunk.has(h);
      const poly = svgEl("polygon", { class: "hexcell", points: hexCorners(x, y, S - 0.5, false),
        fill: isSunk ? "#6fb3d9" : areaCol(o.areas[h]), stroke: isSunk ? "#4a90bd" : "#00000033", "stroke-width": 1,
        "stroke-dasharray": isSunk ? "4 3" : null });
      tok(poly, h);
      gHex.append(poly);
      if (isSunk) for (const dy of [-8, 6, 20]) gHex.append(deco("path", { d: `M${x - 18},${y + dy} q4.5,-5 9,0 t9,0 t9,0 t9,0`, fill: "none", stroke: "#e3f2fd", "stroke-width": 1.6 }));
      gHex.append(text(x, y - S + 11, h, { "font-size": 10, fill: isSunk ? "#2b6a8f" : "#333", "font-weight": "bold" }));
      if (!isSunk && !volcanoAt[h]) gHex.append(text(x, y + S - 10, String(o.areas[h]), { "font-size": 9, fill: "#555" }));
    }
    // area borders (thick), coast, and the landing bays
    const bays = o.bays || [];
    const sameBays = bays.every(b => JSON.stringify(b) === JSON.stringify(bays[0]));
    const bayPts = [];
    const borderD = ["", ""];                     // area borders, coast
    for (const h of hexes) {
      for (const dir of Object.keys(DIRS)) {
        const m = neighbour(h, dir, par);
        if (sunk.has(h) && (m === null || o.areas[m] === undefined || sunk.has(m))) continue;
        const other = m !== null && o.areas[m] !== undefined && !sunk.has(m) && !sunk.has(h);
        if (other && h > m) continue;            // each inner edge once
        if (!other && sunk.has(h)) continue;      // a coast edge is drawn from the land side
        const [[x1, y1], [x2, y2]] = edgePts(h, dir);
        const border = !other || o.areas[m] !== o.areas[h];
        if (border) borderD[other ? 0 : 1] += `M${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)} `;
        if (!other) {
          bays.forEach((b, p) => {
            if (!b.includes(h) || (sameBays && p > 0)) return;
            const off = sameBays ? 0 : p * 4;
            const [[a1, b1], [a2, b2]] = edgePts(h, dir, 1.08 + off / S);
            gEdge.append(deco("line", { x1: a1, y1: b1, x2: a2, y2: b2, stroke: sameBays ? "#0b3d66" : PCOL[p], "stroke-width": 4, "stroke-dasharray": "7 4" }));
            const [ax, ay] = along(h, dir, S * 1.3 + off);
            (bayPts[p] = bayPts[p] || []).push([ax, ay]);
          });
        }
      }
    }
    gEdge.append(deco("path", { d: borderD[0], stroke: "#3b2a1a", "stroke-width": 3.6, "stroke-linecap": "round", fill: "none" }));
    gEdge.append(deco("path", { d: borderD[1], stroke: "#5b4a2a", "stroke-width": 2.4, "stroke-linecap": "round", fill: "none" }));
    bayPts.forEach((pts, p) => {
      if (!pts) return;
      const ax = pts.reduce((a, q) => a + q[0], 0) / pts.length, ay = pts.reduce((a, q) => a + q[1], 0) / pts.length;
      const [bx, by] = pts.reduce((best, q) => (Math.hypot(q[0] - ax, q[1] - ay) < Math.hypot(best[0] - ax, best[1] - ay) ? q : best), pts[0]);
      gEdge.append(anchor(bx, by, sameBays ? "#0b3d66" : PDARK[p], { class: "deco bay", "data-seat": sameBays ? "all" : p }));
      const counts = sameBays ? o.boat.map((k, q) => [q, k]).filter(([, k]) => k > 0) : (o.boat[p] ? [[p, o.boat[p]]] : []);
      counts.forEach(([q, k], i) => {
        const cx = bx + 16 + i * 14, cy = by + 10;
        gEdge.append(SM().piece(q, cx, cy, 6.5, { class: "deco", fill: PCOL[q], stroke: "#111", "stroke-width": 1.2 }), text(cx, cy + 0.5, String(k), { "font-size": 9, "font-weight": "bold", fill: PTEXT[q] }));
      });
    });
    // cracks: a jagged dark line on the shared edge
    for (const e of o.cracks) {
      const [a, b] = e.split("|");
      const dir = Object.keys(DIRS).find(d => neighbour(a, d, par) === b);
      if (!dir || !pos[a]) continue;
      const [[x1, y1], [x2, y2]] = edgePts(a, dir);
      const nx = -(y2 - y1), ny = x2 - x1, len = Math.hypot(nx, ny);
      let d = `M${x1.toFixed(1)},${y1.toFixed(1)}`;
      for (let i = 1; i < 6; i++) {
        const f = i / 6, s = (i % 2 ? 5 : -5) / len;
        d += ` L${(x1 + (x2 - x1) * f + nx * s).toFixed(1)},${(y1 + (y2 - y1) * f + ny * s).toFixed(1)}`;
      }
      d += ` L${x2.toFixed(1)},${y2.toFixed(1)}`;
      gEdge.append(deco("path", { d, fill: "none", stroke: "#fff", "stroke-width": 6, "stroke-linejoin": "round" }));
      gEdge.append(deco("path", { d, fill: "none", stroke: "#111", "stroke-width": 3, "stroke-linejoin": "round" }));
    }

    // pieces
    const moaiShape = (x, y, owner, standing, attrs = {}) => {
      // a Moai: grey stone with the owner's colour round it; standing = upright
      // with the owner's shape on the stone
      const w = standing ? 9 : 18, hgt = standing ? 18 : 9;
      const g = svgEl("g", { class: "deco" });
      g.append(svgEl("rect", Object.assign({ x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: 3.5, fill: "#8d8d86",
        stroke: PCOL[owner], "stroke-width": 2.6, "data-seat": owner }, attrs)), SM().glyph(owner, x, y, 2.6, PCOL[owner], "#111"));
      return g;
    };
    for (const h of hexes) {
      // each hex's pieces in a group of their own (one per hex, a sunk one's empty): a piece that
      // comes or goes shifts only its hex's elements when the board is drawn again, not the rest
      const gh = svgEl("g");
      gPieces.append(gh);
      if (sunk.has(h)) continue;
      const [x, y] = centre(h);
      // volcano
      if (volcanoAt[h] !== undefined) {
        const v = volcanoAt[h];
        const active = alive.has(v);
        const vg = svgEl("path", { d: `M${x - 20},${y + 10} L${x - 6},${y - 14} L${x + 6},${y - 14} L${x + 20},${y + 10} Z`,
          fill: active ? "#6d3b2a" : "#9e9e9e", stroke: active ? "#e65100" : "#616161", "stroke-width": 2 });
        tok(vg, String(v));
        gh.append(vg);
        if (active) gh.append(deco("path", { d: `M${x - 5},${y - 14} q5,-9 10,0`, fill: "#ff7043" }));
        gh.append(text(x, y + 1, String(v), { "font-size": 13, "font-weight": "bold", fill: "#fff" }));
      }
      // craters: near the edge they face, with a tick to that edge
      for (const c of cratersOf[h]) {
        const dir = c.split("-")[1];
        const [cx, cy] = along(h, dir, S * 0.62);
        const [ex, ey] = along(h, dir, S * 0.86);
        gh.append(deco("line", { x1: cx, y1: cy, x2: ex, y2: ey, stroke: "#37474f", "stroke-width": 2.2 }));
        const owner = o.erected[c];
        const circ = svgEl("circle", { cx, cy, r: 7.5, fill: owner === undefined ? "#b3e5fc" : "#546e7a", stroke: "#37474f", "stroke-width": 1.6 });
        tok(circ, c);
        gh.append(circ);
        if (owner !== undefined) gh.append(moaiShape(cx, cy - 1, owner, true, { class: "deco" }));
      }
      // spaces: lava, village, lying Moai, empty
      const sps = [...spacesOf[h]].sort();
      sps.forEach((s, i) => {
        const sx = x + (sps.length === 1 ? 0 : (i === 0 ? -12 : 12) + (i > 1 ? 0 : 0)), sy = y + (sps.length === 1 ? 11 : 8);
        const v = o.spaces[s];
        const r = svgEl("rect", { x: sx - 8, y: sy - 8, width: 16, height: 16, rx: 3,
          fill: v === "L" ? "#e8551f" : "#ffffff66", stroke: threatened.has(s) ? "#b71c1c" : (v === "L" ? "#8a2500" : "#00000055"),
          "stroke-width": threatened.has(s) ? 3 : 1.2, "stroke-dasharray": v ? null : "3 2" });
        tok(r, s);
        gh.append(r);
        if (v === "L") gh.append(deco("path", { d: `M${sx - 5},${sy + 3} q2.5,-6 5,0 t5,0`, fill: "none", stroke: "#ffcc80", "stroke-width": 1.6 }));
        else if (v && v[0] === "V") {
          const p = +v.slice(1);
          gh.append(deco("path", { d: `M${sx - 6},${sy + 6} L${sx - 6},${sy - 1} L${sx},${sy - 7} L${sx + 6},${sy - 1} L${sx + 6},${sy + 6} Z`, fill: PCOL[p], stroke: PDARK[p], "stroke-width": 1.2, "data-seat": p }),
            SM().glyph(p, sx, sy + 1.5, 2.8, PTEXT[p]));
        } else if (v && v[0] === "M") gh.append(moaiShape(sx, sy, +v.slice(1), false, { class: "deco" }));
        if (saved.has(s)) gh.append(deco("circle", { cx: sx, cy: sy, r: 12, fill: "none", stroke: "#8e24aa", "stroke-width": 2.5 }));
        else if (targets.has(s)) gh.append(deco("circle", { cx: sx, cy: sy, r: 11, fill: "none", stroke: "#ff3d00", "stroke-width": 2, "stroke-dasharray": "2 2" }));
      });
      // Moai lying on the hex without a space
      (o.loose_moai[h] || []).forEach((p, i) => gh.append(moaiShape(x - 14 + i * 10, y + 24 - i * 3, p, false, { class: "deco" })));
      // colonists: a pawn per colour with the count
      const cols = o.colonists[h] || [];
      const present = cols.map((k, p) => [p, k]).filter(([, k]) => k > 0);
      present.forEach(([p, k], i) => {
        const px = x + (i - (present.length - 1) / 2) * 13, py = y - 14;
        gh.append(piece(`colonists${p}`, SM().piece(p, px, py, 6.5, { class: "deco", fill: PCOL[p], stroke: "#111", "stroke-width": 1.2 }),
          text(px, py + 0.5, String(k), { "font-size": 9, "font-weight": "bold", fill: PTEXT[p] })));
      });
    }

    // ------------------------------------------------------------------ status, players, supply
    const panel = svgEl("g");
    svg.append(panel);
    const lt = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "font-size": 14, "dominant-baseline": "central" }, attrs), s);
    const cur = o.current;
    const px0 = 12;
    panel.append(deco("rect", { x: 0, y: 0, width: mapW, height: TOP - 4, fill: "#fbf7efee" }));
    if (o.is_terminal || o.final) {
      panel.append(lt(px0, 20, l.over + (o.end_reason ? ` (${l.reasons[o.end_reason] || o.end_reason})` : ""), { "font-weight": "bold", fill: "#b71c1c", "font-size": 17 }));
      if (view.result) panel.append(lt(px0, 44, `${l.winners}: ${view.result.winners.map(w => pname(w)).join(", ")}`, { "font-weight": "bold", "font-size": 14 }));
    } else {
      // the headline (class "headline"): whose turn and which step, repeated in the move picker's bar
      panel.append(lt(px0, 18, `${l.round} ${o.round}${o.end_triggered ? " · " + l.lastRound : ""}`, { "font-weight": "bold", "font-size": 16, class: "headline" }));
      panel.append(SM().piece(cur, px0 + 100, 18, 8, { fill: PCOL[cur], stroke: "#111" }));
      panel.append(lt(px0 + 114, 18, `${l.turnOf} ${pname(cur)}${cur === mine ? " (" + l.you + ")" : ""}`, { "font-size": 15, "font-weight": "bold", class: "headline" }));
      const apx = mapW - 230;
      for (let i = 0; i < 4; i++) panel.append(svgEl("circle", { cx: apx + i * 20, cy: 18, r: 7.5, fill: i < o.ap ? "#ffb300" : "#eee", stroke: "#795548" }));
      panel.append(lt(apx + 76, 18, `${o.ap} ${l.ap}`, { "font-size": 13, "font-weight": "bold" }));
      let line2 = o.prayed ? l.prayed : "";
      if (o.decision) {
        const [kind, who] = o.decision;
        panel.append(SM().piece(who, px0 + 8, 44, 7, { fill: PCOL[who], stroke: "#111" }));
        line2 = `${l.waiting} ${pname(who)}${who === mine ? " (" + l.you + ")" : ""}: ${l.decisions[kind] || kind}`;
      }
      if (o.eruption) line2 += `${line2 ? " · " : ""}${l.eruption} ${o.eruption.volcano}` + (threatened.size ? ` (${threatened.size} ${l.threatened})` : "");
      panel.append(lt(px0 + (o.decision ? 22 : 0), 44, line2, { "font-size": 13, fill: o.eruption ? "#bf360c" : "#333", class: line2 ? "headline" : null }));
    }
    // the column beside the map: players, supply, legend; on a narrow screen (a phone) it goes
    // below the map, the players two by two, so that the map takes the whole width
    const width = boardWidth(container), narrow = width > 0 && width < 700;
    const CW = 300, cx0 = narrow ? 10 : mapW + 10;
    let y = narrow ? mapH + 10 : 8;
    const PW = narrow ? (mapW - 30) / 2 : CW - 14;
    for (let p = 0; p < n; p++) {
      const bx = cx0 + (narrow ? (p % 2) * (PW + 10) : 0);
      // the name, whole and at the panels' own size (16): its words wrap onto as many lines as
      // they need, beside the points (the room the points and "VP" take: 17 px a digit at 28 px
      // bold), the first after the seat's mark; the panel grows by the lines it adds.  Both
      // panels of a row (a narrow screen) take the taller one's height
      const headOf = q => `${pname(q)}${q === mine ? " (" + l.you + ")" : ""}${o.first === q ? " · " + l.firstShort : ""}`;
      const HEAD = 16, LINE = 19;
      const wrap = q => {
        const first = Math.floor((PW - 32 - (String(o.vp[q]).length * 17 + 44)) / (HEAD * 0.6));
        const rest = first + Math.floor(22 / (HEAD * 0.6));   // from the panel's edge, as far right as the first
        const lines = [""];
        for (const word of headOf(q).split(" ")) {
          const line = lines[lines.length - 1], most = lines.length === 1 ? first : rest;
          if (line && (line + " " + word).length > most) lines.push(word);
          else lines[lines.length - 1] = line ? line + " " + word : word;
        }
        return lines;
      };
      const lines = wrap(p);
      const rowMates = narrow ? [p - (p % 2), p - (p % 2) + 1].filter(q => q < n) : [p];
      const extra = Math.max(...rowMates.map(q => wrap(q).length)) - 1;
      const top = y, f = o.final ? o.final[p] : null, PH = (f ? 130 : 94) + extra * LINE, dy = extra * LINE;
      const acting = !o.is_terminal && (o.decision ? o.decision[1] === p : cur === p);
      panel.append(svgEl("rect", { x: bx, y: top, width: PW, height: PH, rx: 8, fill: "#ffffff", stroke: PCOL[p], "stroke-width": acting ? 5 : 1.5, "data-seat-panel": p }));
      panel.append(SM().piece(p, bx + 16, top + 18, 9, { fill: PCOL[p], stroke: PDARK[p], "stroke-width": 2 }));
      const head = lt(bx + 32, top + 18, null, { "font-weight": "bold", fill: PDARK[p], "font-size": HEAD, "data-seat-head": p });
      lines.forEach((s, i) => head.append(svgEl("tspan", { x: i ? bx + 10 : bx + 32, y: top + 18 + i * LINE }, (i < lines.length - 1 ? s + " " : s))));
      panel.append(head);
      panel.append(lt(bx + PW - 32, top + 20, String(o.vp[p]), { "font-weight": "bold", "font-size": 28, "text-anchor": "end", fill: PDARK[p] }));
      panel.append(lt(bx + PW - 8, top + 26, l.vp, { "font-size": 12, "text-anchor": "end" }));
      const rs = o.reserve;
      panel.append(lt(bx + 10, top + dy + 44, `${l.boat}: ${o.boat[p]} · ${l.bay} ${(bays[p] || []).join(" ")}`, { "font-size": 13.5 }));
      panel.append(lt(bx + 10, top + dy + 62, `${l.reserve}: ${rs.colonists[p]} ${rs.colonists[p] === 1 ? l.colonist : l.colonists}, ${rs.villages[p]} ${rs.villages[p] === 1 ? l.village : l.villages}, ${rs.moai[p]} ${l.moai}`, { "font-size": 13.5 }));
      panel.append(lt(bx + 10, top + dy + 80, `${l.prayer}: ${o.prayer_tokens[p]}`, { "font-size": 13.5 }));
      for (let i = 0; i < o.prayer_tokens[p]; i++) panel.append(svgEl("circle", { cx: bx + 150 + i * 15, cy: top + dy + 80, r: 6, fill: "#8e24aa", stroke: "#4a148c" }));
      if (f) {
        // the final scoring's parts, then how they make the total beside the name (the points
        // scored in play plus the final scoring, IDV-14.1)
        panel.append(lt(bx + 10, top + dy + 99, `${l.finalShort}: ` + [[l.fv, f.vp_villages], [l.fm, f.vp_moai], [l.fg, f.vp_groups], [l.fc, f.vp_colonists], [l.fp, f.vp_prayer]].map(([k, v]) => k[0].toUpperCase() + v).join(" "), { "font-size": 13, fill: PDARK[p] }));
        panel.append(lt(bx + 10, top + dy + 117, `${l.inPlay} ${o.vp[p] - f.total} + ${l.finalShort} ${f.total} = ${o.vp[p]}`, { "font-size": 13, "font-weight": "bold", fill: PDARK[p], "data-final-sum": p }));
      }
      if (!narrow || p % 2 === 1 || p === n - 1) y += PH + 6;
    }
    y += 12;
    panel.append(lt(cx0, y, `${l.supply}: ${l.lava} ${o.supply.lava}, ${l.cracks} ${o.supply.cracks}`, { "font-size": 13.5 }));
    y += 20;
    panel.append(lt(cx0, y, `${l.prayer}: ${o.supply.prayer}`, { "font-size": 13.5 }));
    y += 20;
    panel.append(lt(cx0, y, `${l.volcanoes}: ${o.volcanoes.join(", ")}`, { "font-size": 13.5 }));
    y += 26;
    // legend
    if (o.final) {
      panel.append(lt(cx0, y, [l.fv, l.fm, l.fg, l.fc, l.fp].map(k => `${k[0].toUpperCase()} ${k}`).join(", "), { "font-size": 11.5 }));
      y += 22;
    }
    panel.append(lt(cx0, y, l.legend, { "font-weight": "bold", "font-size": 14 }));
    y += 21;
    const items = [
      [g => g.append(deco("rect", { x: -8, y: -8, width: 16, height: 16, rx: 3, fill: "#e8551f", stroke: "#8a2500" })), l.lLava],
      [g => g.append(deco("path", { d: "M-6,6 L-6,-1 L0,-7 L6,-1 L6,6 Z", fill: PCOL[0], stroke: PDARK[0], "data-seat": 0 }), SM().glyph(0, 0, 1.5, 2.8, PTEXT[0])), l.lVillage],
      [g => g.append(moaiShape(0, 0, 0, false, { class: "deco" })), l.lMoai],
      [g => { g.append(deco("circle", { cx: 0, cy: 0, r: 7.5, fill: "#e0f2f1", stroke: "#37474f", "stroke-width": 1.6 })); g.append(deco("line", { x1: 7, y1: 0, x2: 14, y2: 0, stroke: "#37474f", "stroke-width": 2.2 })); }, l.lCrater],
      [g => { g.append(deco("circle", { cx: 0, cy: 0, r: 7.5, fill: "#546e7a", stroke: "#37474f" })); g.append(moaiShape(0, -1, 1, true, { class: "deco" })); }, l.lErected],
      [g => g.append(deco("path", { d: "M-10,-6 L-4,-2 L-6,2 L0,4 L-2,8", fill: "none", stroke: "#111", "stroke-width": 3 })), l.lCrack],
      [g => g.append(deco("path", { d: "M-12,7 L-4,-8 L4,-8 L12,7 Z", fill: "#6d3b2a", stroke: "#e65100", "stroke-width": 2 })), l.lVolcano],
      [g => { g.append(SM().piece(2, 0, 0, 6.5, { class: "deco", fill: PCOL[2], stroke: "#111" })); g.append(text(0, 1.5, "2", { "font-size": 9, "font-weight": "bold" })); }, l.lColonist],
      [g => { g.append(deco("rect", { x: -10, y: -8, width: 20, height: 16, fill: "#6fb3d9", stroke: "#4a90bd", "stroke-dasharray": "4 3" })); g.append(deco("path", { d: "M-8,1 q2,-3 4,0 t4,0 t4,0 t4,0", fill: "none", stroke: "#e3f2fd", "stroke-width": 1.4 })); }, l.lSunk],
      [g => { g.append(deco("line", { x1: -10, y1: 4, x2: 10, y2: 4, stroke: "#0b3d66", "stroke-width": 4, "stroke-dasharray": "7 4" })); g.append(anchor(0, -5, "#0b3d66", { transform: "scale(0.7) translate(0,-4)" })); }, l.lBay],
      [g => g.append(deco("line", { x1: -10, y1: 0, x2: 10, y2: 0, stroke: "#3b2a1a", "stroke-width": 3.6 })), l.lArea],
    ];
    const per = narrow ? Math.ceil(items.length / 2) : items.length;   // two columns on a narrow screen
    items.forEach(([draw, label], i) => {
      const lx = cx0 + Math.floor(i / per) * (mapW / 2), ly = y + (i % per) * 21;
      const g = svgEl("g", { transform: `translate(${lx + 14},${ly})`, class: "deco" });
      draw(g);
      panel.append(g, lt(lx + 34, ly, label, { "font-size": 13.5 }));
    });
    y += per * 21 + 4;
    const totalW = narrow ? mapW : mapW + CW + 10, totalH = Math.max(mapH, y);
    svg.insertBefore(deco("rect", { x: mapW, y: 0, width: totalW - mapW, height: totalH, fill: "#fbf7ef" }), gHex);
    if (totalH > mapH) svg.insertBefore(deco("rect", { x: 0, y: mapH, width: mapW, height: totalH - mapH, fill: "#fbf7ef" }), gHex);
    svg.setAttribute("viewBox", `0 0 ${totalW.toFixed(0)} ${totalH.toFixed(0)}`);
    container.append(svg);
  };
})();
