// Kingdomino Origins board: the two rows of tiles, the supply and fire tokens, Totems or the Cave,
// and every player's territory on the notation frame (columns a.., rows 1.. from the top).
// data-token: tile numbers ("23") in the row to choose from, squares ("e4") of the territory of the
// player acting (place / fire / spend / put), seat numbers on the player panels ("give 2"),
// Cro-magnon kinds in the Cave or the deck, and "deck" on the deck.
(function () {
  const S = window.svgEl;
  const TXT = {
    en: {
      round: "Round", of: "of", mode: { discovery: "Discovery", totem: "Totem", tribe: "Tribe" },
      phase: {
        pick: "picks a tile of the first row", pair: "chooses positions 1+4 or 2+3", place: "places a tile",
        fire: "places a fire token", give: "hands over a Totem", choose: "chooses a new tile",
        recruit: "may recruit a Cro-magnon", spend: "spends resources", put: "places the Cro-magnon", over: "game over",
      },
      seat: "Seat", you: "you", pts: "pts", current: "Current row (play)", next: "New row (choose)",
      supply: "Supply", tiles: "tiles", fireLeft: "Fire tokens left", toPlay: "Tile to play",
      totems: "Totems", cave: "Cave", deck: "Deck", deckKinds: "In the deck", discards: "discarded",
      land: { desert: "desert", steppe: "steppe", lake: "lake", jungle: "jungle", quarry: "quarry", volcano: "volcano", start: "Hut" },
      res: { mammoth: "mammoth", fish: "fish", mushroom: "mushroom", flint: "flint" },
      campfire: "campfire", crater: "crater", token: "fire token", outside: "out of reach",
      fireFrom: "fire token", from: "from", recruitOf: "recruit", left: "to spend", winner: "winner", over: "Game over",
      sq1: "square 1", sq2: "square 2", setup: "Set-up", power: "horde +",
    },
    it: {
      round: "Turno", of: "di", mode: { discovery: "Scoperta", totem: "Totem", tribe: "Tribù" },
      phase: {
        pick: "sceglie una tessera della prima fila", pair: "sceglie le posizioni 1+4 o 2+3", place: "piazza una tessera",
        fire: "piazza un gettone fuoco", give: "cede un Totem", choose: "sceglie una nuova tessera",
        recruit: "può reclutare un Cro-magnon", spend: "spende risorse", put: "piazza il Cro-magnon", over: "partita finita",
      },
      seat: "Posto", you: "tu", pts: "punti", current: "Fila in gioco", next: "Nuova fila (scegli)",
      supply: "Pescaggio", tiles: "tessere", fireLeft: "Gettoni fuoco rimasti", toPlay: "Tessera da giocare",
      totems: "Totem", cave: "Caverna", deck: "Mazzo", deckKinds: "Nel mazzo", discards: "scartate",
      land: { desert: "deserto", steppe: "steppa", lake: "lago", jungle: "giungla", quarry: "cava", volcano: "vulcano", start: "Capanna" },
      res: { mammoth: "mammut", fish: "pesce", mushroom: "fungo", flint: "pietra focaia" },
      campfire: "fuoco", crater: "cratere", token: "gettone fuoco", outside: "fuori portata",
      fireFrom: "gettone fuoco", from: "da", recruitOf: "recluta", left: "da spendere", winner: "vincitore", over: "Partita finita",
      sq1: "casella 1", sq2: "casella 2", setup: "Preparazione", power: "orda +",
    },
  };
  const LAND = { desert: "#ecd57e", steppe: "#a9cf62", lake: "#4f96d8", jungle: "#2f7d3b", quarry: "#9a9a9a", volcano: "#a8321c", start: "#8a6248" };
  const RES = { mammoth: ["#7b4a1e", "M"], fish: ["#0d47a1", "F"], mushroom: ["#c62828", "U"], flint: ["#37474f", "K"] };
  const PLAYER = ["#e0568f", "#333333", "#2e9d5b", "#2463c6"];
  const SM = () => window.LapilliSeatMarks;   // each seat's shape, beside its colour
  const piece = (key, ...els) => window.svgPiece(key, ...els);  // a piece that can move (generic.js)
  const PNAME = { en: ["pink", "black", "green", "blue"], it: ["rosa", "nero", "verde", "blu"] };
  const CRO = { hunter: "H", fisher: "F", gatherer: "G", sculptress: "C", painter: "P", firelady: "Y", shaman: "N",
    magrolino: "M", amazzone: "A", energumeno: "E" };
  const CRO_RULE = { hunter: "3/M", fisher: "3/F", gatherer: "4/U", sculptress: "5/K", painter: "2/res", firelady: "1/fire",
    shaman: "2/cro", magrolino: "1", amazzone: "2", energumeno: "3" };
  const WARRIOR = { magrolino: 1, amazzone: 1, energumeno: 1 };
  const croRule = (k, L) => (WARRIOR[k] ? L.power : "") + (CRO_RULE[k] || "");
  const W = 1000;

  const parseSq = name => ({ c: name.charCodeAt(0) - 97, r: parseInt(name.slice(1), 10) - 1 });
  const sqName = (r, c) => String.fromCharCode(97 + c) + (r + 1);

  function flame(g, x, y, s, n) {
    g.append(S("path", { d: `M${x},${y - s} C${x + s * 0.8},${y - s * 0.2} ${x + s * 0.7},${y + s * 0.7} ${x},${y + s * 0.7} C${x - s * 0.7},${y + s * 0.7} ${x - s * 0.8},${y - s * 0.2} ${x},${y - s}Z`,
      fill: "#ff9800", stroke: "#b71c1c", "stroke-width": 1, "pointer-events": "none" }));
    if (n > 1) g.append(S("text", { x: x + s * 0.9, y: y + s * 0.7, "font-size": s * 1.6, "font-weight": "bold", fill: "#000", stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke", "pointer-events": "none" }, "×" + n));
  }
  function craters(g, x, y, s, n) {
    for (let i = 0; i < n; i++) g.append(S("circle", { cx: x + (i - (n - 1) / 2) * s * 1.1, cy: y, r: s * 0.45, fill: "#2b0c05", stroke: "#ffb199", "stroke-width": 0.8, "pointer-events": "none" }));
  }
  function token(g, x, y, s, n) {
    g.append(S("circle", { cx: x, cy: y, r: s, fill: "#e53935", stroke: "#ffeb3b", "stroke-width": 2, "pointer-events": "none" }));
    g.append(S("text", { x, y: y + s * 0.4, "text-anchor": "middle", "font-size": s * 1.1, "font-weight": "bold", fill: "#fff", "pointer-events": "none" }, String(n)));
  }
  function resource(g, x, y, s, kind) {
    const [col, letter] = RES[kind];
    g.append(S("rect", { x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: s * 0.5, fill: col, stroke: "#fff", "stroke-width": 1.2, "pointer-events": "none" }));
    g.append(S("text", { x, y: y + s * 0.45, "text-anchor": "middle", "font-size": s * 1.3, "font-weight": "bold", fill: "#fff", "pointer-events": "none" }, letter));
  }
  function hut(g, x, y, s) {
    g.append(S("path", { d: `M${x - s},${y} L${x},${y - s} L${x + s},${y} Z`, fill: "#5d3a1a", stroke: "#fff", "stroke-width": 1, "pointer-events": "none" }));
    g.append(S("rect", { x: x - s * 0.7, y, width: s * 1.4, height: s * 0.9, fill: "#d7b98e", stroke: "#fff", "stroke-width": 1, "pointer-events": "none" }));
  }
  function cromagnon(g, x, y, s, kind) {
    g.append(S("circle", { cx: x, cy: y, r: s, fill: "#fff8e1", stroke: "#4e342e", "stroke-width": 2, "pointer-events": "none" }));
    g.append(S("text", { x, y: y + s * 0.4, "text-anchor": "middle", "font-size": s * 1.1, "font-weight": "bold", fill: "#4e342e", "pointer-events": "none" }, CRO[kind] || "?"));
  }
  // one square of a tile or territory: landscape, campfires, craters, token, resource, Cro-magnon
  function square(g, x, y, s, q, opts = {}) {
    g.append(S("rect", { x, y, width: s, height: s, fill: LAND[q.landscape] || "#ccc", stroke: "#fff", "stroke-width": 1, "data-square": opts.name,
      opacity: opts.ghost ? 0.75 : 1, "stroke-dasharray": opts.ghost ? "4 3" : null, "pointer-events": "none" }));
    if (q.landscape === "start") { hut(g, x + s / 2, y + s * 0.55, s * 0.32); return; }
    if (q.campfires) flame(g, x + s * 0.22, y + s * 0.3, s * 0.16, q.campfires);
    if (q.craters) craters(g, x + s / 2, y + s * 0.22, s * 0.16, q.craters);
    if (q.token) token(g, x + s / 2, y + s * 0.55, s * 0.22, q.token);
    if (q.resource) resource(g, x + s * 0.75, y + s * 0.75, s * 0.15, q.resource);
    if (q.cromagnon) cromagnon(g, x + s * 0.42, y + s * 0.62, s * 0.22, q.cromagnon);
  }

  // the term table, for the test that both languages have every key

  (window.LapilliTerms = window.LapilliTerms || {})["kingdomino-origins"] = TXT;

  window.LapilliBoards["kingdomino-origins"] = function (container, view, picker) {
    const L = TXT[LANG] || TXT.en;
    const pn = PNAME[LANG] || PNAME.en;
    const o = view.observation;
    const n = o.num_players;
    const F = 2 * o.size - 1;
    const phase = o.phase;
    const chosen = picker ? picker.chosen : [];
    const next = picker && view.legal && view.legal.length ? picker.next() : new Set();
    const svg = S("svg", { class: "board kdo", viewBox: `0 0 ${W} 100`, "font-family": "system-ui, sans-serif" });
    svg.append(S("style", {}, `
      svg.kdo { background: #f3ead9; max-height: none; }
      svg.kdo .hit { fill: transparent; stroke: none; }
      svg.kdo .hit.highlight { fill: rgba(255, 214, 0, 0.28); stroke: #d4571c; stroke-width: 3; }
      svg.kdo .panel.highlight { fill: #ffe2b8; stroke: #d4571c; stroke-width: 3; }
      svg.kdo .chosenMark { fill: none; stroke: #d4571c; stroke-width: 4; stroke-dasharray: 6 3; }
      svg.kdo text { pointer-events: none; }`));
    let y = 0;
    const seatLabel = p => `${window.LapilliPlayerName ? window.LapilliPlayerName(view, p) : pn[p]}${view.seat === p ? " · " + L.you : ""}`;

    // ---------------------------------------------------------------- status line
    const status = S("g");
    svg.append(status);
    status.append(S("text", { x: 10, y: 22, "font-size": 18, "font-weight": "bold", fill: "#3b2a22" },
      `${L.mode[o.mode] || o.mode} · ${o.round > 0 ? `${L.round} ${o.round} ${L.of} 12` : L.setup}`));
    if (o.is_terminal) {
      status.append(S("text", { x: 330, y: 22, "font-size": 18, "font-weight": "bold", fill: "#b71c1c" }, `${L.over} — ${o.scores.map((s, i) => `${window.LapilliPlayerName ? window.LapilliPlayerName(view, i) : pn[i]} ${s}`).join(", ")}`));
    } else if (o.to_move !== null && o.to_move !== undefined) {
      status.append(SM().piece(o.to_move, 340, 16, 9, { fill: PLAYER[o.to_move], stroke: "#000" }));
      // the headline (class "headline"): whose turn and which step, repeated in the move picker's bar
      status.append(S("text", { x: 356, y: 22, "font-size": 18, fill: "#3b2a22", class: "headline" }, `${seatLabel(o.to_move)} — ${L.phase[phase] || phase}`));
    }
    y = 34;

    // ---------------------------------------------------------------- the two rows
    const TS = 44;
    const drawRow = (row, x0, label, tokens) => {
      svg.append(S("text", { x: x0, y: y + 14, "font-size": 14, "font-weight": "bold", fill: "#3b2a22" }, label));
      row.forEach((t, i) => {
        const x = x0 + i * 120, ty = y + 38;
        svg.append(S("text", { x: x + 4, y: ty - 6, "font-size": 11, fill: "#666" }, String(i + 1)));
        if (!t) {
          svg.append(S("rect", { x, y: ty, width: 2 * TS, height: TS, fill: "none", stroke: "#bbb", "stroke-dasharray": "4 3", rx: 3 }));
        } else {
          const g = S("g");
          svg.append(g);
          square(g, x, ty, TS, t.squares[0]);
          square(g, x + TS, ty, TS, t.squares[1]);
          svg.append(S("text", { x: x + TS, y: ty - 6, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#222" }, "#" + t.tile));
          svg.append(S("rect", { class: "hit", x: x - 2, y: ty - 2, width: 2 * TS + 4, height: TS + 4, rx: 4,
            "data-token": tokens ? String(t.tile) : null }));
        }
        if (t && t.chief !== null && t.chief !== undefined) {
          // the chief on the tile: its player's colour and shape (not a seat number)
          svg.append(piece(`chief${t.chief}`, SM().piece(t.chief, x + 2 * TS + 14, ty + TS / 2, 10, { fill: PLAYER[t.chief], stroke: "#000", "stroke-width": 1.5 })));
        }
      });
    };
    drawRow(o.current_row, 10, L.current, phase === "pick");
    if (o.new_row && o.new_row.length) drawRow(o.new_row, 510, L.next, phase === "choose");
    y += 38 + TS + 14;

    // ---------------------------------------------------------------- supply, fire tokens, tile to play, Totems / Cave
    let x = 10;
    svg.append(S("text", { x, y: y + 16, "font-size": 13, fill: "#3b2a22" }, `${L.supply}: ${o.supply} ${L.tiles}`));
    x = 20 + 7.2 * `${L.supply}: ${o.supply} ${L.tiles}`.length;
    svg.append(S("text", { x, y: y + 16, "font-size": 13, fill: "#3b2a22" }, `${L.fireLeft}:`));
    x += 10 + 7.2 * L.fireLeft.length;
    for (const [f, c] of Object.entries(o.fire_tokens)) {
      token(svg, x + 10, y + 11, 10, f);
      svg.append(S("text", { x: x + 24, y: y + 16, "font-size": 13, fill: "#3b2a22" }, `×${c}`));
      x += 52;
    }
    if (phase === "place" && o.active !== null) {
      // the tile being played is the first non-empty one of its chief from the left
      const tp = o.current_row.find(t => t && t.chief === o.active);
      if (tp) {
        const bx = 500, tw = 14 + 7.6 * `${L.toPlay} #${tp.tile}:`.length;
        svg.append(S("text", { x: bx, y: y + 16, "font-size": 13, "font-weight": "bold", fill: "#3b2a22" }, `${L.toPlay} #${tp.tile}:`));
        const g = S("g");
        svg.append(g);
        square(g, bx + tw, y, 36, tp.squares[0]);
        square(g, bx + tw + 36, y, 36, tp.squares[1]);
        svg.append(S("text", { x: bx + tw + 18, y: y + 48, "text-anchor": "middle", "font-size": 11, fill: "#333" }, "1"));
        svg.append(S("text", { x: bx + tw + 54, y: y + 48, "text-anchor": "middle", "font-size": 11, fill: "#333" }, "2"));
        svg.append(S("text", { x: bx + tw + 80, y: y + 16, "font-size": 12, fill: "#555" },
          chosen.length >= 2 ? `${L.sq1} → ${chosen[1]}; ${L.sq2}?` : `${L.sq1}?`));
      }
    }
    if (phase === "fire" && o.fire) {
      svg.append(S("text", { x: 500, y: y + 16, "font-size": 13, "font-weight": "bold", fill: "#b71c1c" },
        `${L.fireFrom} ${o.fire.fires} ${L.from} ${o.fire.volcano}`));
    }
    if (o.recruit) {
      svg.append(S("text", { x: 500, y: y + 16, "font-size": 13, "font-weight": "bold", fill: "#4e342e" },
        `${L.recruitOf}: ${o.recruit.cromagnon} (${croRule(o.recruit.cromagnon, L)}) · ${L.left}: ${o.recruit.left}`));
    }
    y += 52;
    if (o.totems) {
      svg.append(S("text", { x: 10, y: y + 16, "font-size": 13, "font-weight": "bold", fill: "#3b2a22" }, `${L.totems}:`));
      const vals = { mammoth: 3, fish: 4, mushroom: 5, flint: 6 };
      let tx = 80;
      for (const [r, holder] of Object.entries(o.totems)) {
        resource(svg, tx + 10, y + 11, 10, r);
        svg.append(S("text", { x: tx + 24, y: y + 16, "font-size": 13, fill: "#3b2a22" }, `${L.res[r]} ${vals[r] || ""}:`));
        const hx = tx + 24 + 8 * (L.res[r].length + 4);
        if (holder === null || holder === undefined) svg.append(S("text", { x: hx, y: y + 16, "font-size": 13, fill: "#888" }, "—"));
        else svg.append(SM().piece(holder, hx + 8, y + 11, 8, { fill: PLAYER[holder], stroke: "#000" }));
        tx += 200;
      }
      y += 30;
    }
    if (o.display) {
      svg.append(S("text", { x: 10, y: y + 24, "font-size": 13, "font-weight": "bold", fill: "#3b2a22" }, `${L.cave}:`));
      const recruiting = phase === "recruit" && chosen[0] === "recruit" && chosen.length === 1;
      const cave0 = 20 + 8 * (L.cave.length + 1);
      o.display.forEach((k, i) => {
        const cx = cave0 + i * 106;
        svg.append(S("rect", { class: "panel", x: cx, y, width: 100, height: 36, rx: 6, fill: "#fff8e1", stroke: "#8d6e63",
          "data-token": recruiting ? k : null }));
        cromagnon(svg, cx + 16, y + 18, 11, k);
        svg.append(S("text", { x: cx + 31, y: y + 15, "font-size": 11, fill: "#4e342e" }, k));
        svg.append(S("text", { x: cx + 31, y: y + 30, "font-size": 11, fill: "#4e342e" }, croRule(k, L)));
      });
      const dx = cave0 + 4 * 106 + 4;
      svg.append(S("rect", { class: "panel", x: dx, y, width: 72, height: 36, rx: 6, fill: "#d7ccc8", stroke: "#5d4037",
        "data-token": recruiting ? "deck" : null }));
      svg.append(S("text", { x: dx + 36, y: y + 23, "text-anchor": "middle", "font-size": 12, fill: "#3e2723" }, `${L.deck} ${o.deck}`));
      // the deck's contents (public), clickable for "recruit deck KIND"
      const fromDeck = chosen[0] === "recruit" && chosen[1] === "deck";
      const counts = {};
      (o.deck_contents || []).forEach(k => { counts[k] = (counts[k] || 0) + 1; });
      const kx = dx + 80, per = Math.max(1, Math.floor((W - kx) / 106));
      svg.append(S("text", { x: kx, y: y + 12, "font-size": 11, fill: "#555" }, `${L.deckKinds}:`));
      Object.entries(counts).forEach(([k, c], i) => {
        const bx = kx + (i % per) * 106, by = y + 16 + Math.floor(i / per) * 20;
        svg.append(S("rect", { class: "panel", x: bx, y: by, width: 102, height: 18, rx: 3, fill: "#efebe9", stroke: "#a1887f",
          "data-token": fromDeck ? k : null }));
        svg.append(S("text", { x: bx + 4, y: by + 13, "font-size": 11, fill: "#3e2723" }, `${CRO[k]} ${k} ×${c}`));
      });
      y += Math.max(46, 22 + Math.ceil(Object.keys(counts).length / per) * 20);
    }

    // ---------------------------------------------------------------- territories
    const cols = 2;
    const PW = 485;
    // the frame shown: the whole notation frame while the game goes on (a tile may go anywhere within
    // reach), at the end only the kingdom's own size x size squares, drawn bigger (readable on a phone)
    const K = o.is_terminal ? o.size : F;
    const cell = Math.floor((PW - 26) / K);
    const PH = 46 + 18 + K * cell + 8;
    const squaresActive = ["place", "fire", "spend", "put"].includes(phase) ? o.active : -1;
    for (let p = 0; p < n; p++) {
      const px = 10 + (p % cols) * (PW + 10), py = y + Math.floor(p / cols) * (PH + 10);
      const terr = o.territories[p];
      const isTurn = !o.is_terminal && o.to_move === p;
      svg.append(S("rect", { class: "panel", x: px, y: py, width: PW, height: PH, rx: 8, fill: "#fffdf8",
        stroke: isTurn ? PLAYER[p] : "#c8b9a6", "stroke-width": isTurn ? 4 : 1.5,
        "data-token": phase === "give" ? String(p) : null }));
      svg.append(SM().piece(p, px + 18, py + 18, 10, { fill: PLAYER[p], stroke: "#000" }));
      svg.append(S("text", { x: px + 34, y: py + 24, "font-size": 16, "font-weight": "bold", fill: "#222" },
        `${isTurn ? "▶ " : ""}${seatLabel(p)}: ${o.scores[p]} ${L.pts}`));
      // resources, Totems, discards
      const rc = { mammoth: 0, fish: 0, mushroom: 0, flint: 0 };
      terr.forEach(q => { if (q.resource) rc[q.resource]++; });
      let hx = px + 10;
      const hy = py + 42;
      if (o.mode !== "discovery") {
        for (const r of Object.keys(rc)) {
          resource(svg, hx + 7, hy - 4, 7, r);
          const own = o.totems && o.totems[r] === p;
          svg.append(S("text", { x: hx + 17, y: hy, "font-size": 12, fill: "#333", "font-weight": own ? "bold" : "normal" }, `${rc[r]}${own ? " ★" : ""}`));
          hx += own ? 52 : 40;
        }
      }
      if (o.discards && o.discards[p]) svg.append(S("text", { x: hx + 6, y: hy, "font-size": 12, fill: "#b71c1c" }, `${o.discards[p]} ${L.discards}`));
      if (view.result && view.result.winners.includes(p)) svg.append(S("text", { x: px + PW - 12, y: py + 24, "text-anchor": "end", "font-size": 15, "font-weight": "bold", fill: "#c77700" }, "★ " + L.winner));
      // the frame
      const gx = px + 20, gy = py + 46 + 16;
      const bySq = {};
      let minr = o.size - 1, maxr = o.size - 1, minc = o.size - 1, maxc = o.size - 1;
      terr.forEach(q => { const a = parseSq(q.square); bySq[q.square] = q; minr = Math.min(minr, a.r); maxr = Math.max(maxr, a.r); minc = Math.min(minc, a.c); maxc = Math.max(maxc, a.c); });
      const r0 = maxr - o.size + 1, r1 = minr + o.size - 1, c0 = maxc - o.size + 1, c1 = minc + o.size - 1;
      // the first row and column shown (the kingdom's own at the end), keeping their notation names
      const ra = K < F ? Math.min(minr, F - K) : 0, ca = K < F ? Math.min(minc, F - K) : 0;
      for (let c = ca; c < ca + K; c++) svg.append(S("text", { x: gx + (c - ca) * cell + cell / 2, y: gy - 4, "text-anchor": "middle", "font-size": 11, fill: "#777" }, String.fromCharCode(97 + c)));
      for (let r = ra; r < ra + K; r++) svg.append(S("text", { x: gx - 4, y: gy + (r - ra) * cell + cell / 2 + 4, "text-anchor": "end", "font-size": 11, fill: "#777" }, String(r + 1)));
      const g = S("g");
      svg.append(g);
      const hits = S("g");
      let tile1 = null, tile2 = null;
      if (phase === "place" && p === squaresActive) {
        const tp = o.current_row.find(t => t && t.chief === o.active);
        if (tp) { tile1 = tp.squares[0]; tile2 = tp.squares[1]; }
      }
      for (let r = ra; r < ra + K; r++) for (let c = ca; c < ca + K; c++) {
        const name = sqName(r, c), x = gx + (c - ca) * cell, yy = gy + (r - ra) * cell;
        const q = bySq[name];
        if (q) square(g, x, yy, cell, q, { name });
        else {
          const reach = r >= r0 && r <= r1 && c >= c0 && c <= c1;
          g.append(S("rect", { x: x + 0.5, y: yy + 0.5, width: cell - 1, height: cell - 1, fill: reach ? "#f7f1e6" : "#d9d2c7", stroke: reach ? "#e0d5c2" : "#cfc6b8", "pointer-events": "none", "data-square": name }));
          if (tile1 && chosen.length === 1 && next.has(name)) g.append(S("rect", { x: x + 3, y: yy + 3, width: cell - 6, height: cell - 6, fill: LAND[tile1.landscape], opacity: 0.45, "pointer-events": "none" }));
          if (tile1 && chosen.length === 2 && chosen[1] === name) {
            square(g, x, yy, cell, tile1, { ghost: true });
            g.append(S("rect", { class: "chosenMark", x: x + 2, y: yy + 2, width: cell - 4, height: cell - 4 }));
          }
          if (tile2 && chosen.length === 2 && next.has(name)) g.append(S("rect", { x: x + 3, y: yy + 3, width: cell - 6, height: cell - 6, fill: LAND[tile2.landscape], opacity: 0.5, "pointer-events": "none" }));
        }
        if (p === squaresActive) {
          if (chosen.length === 2 && (phase === "spend" || phase === "put") && chosen[1] === name)
            g.append(S("rect", { class: "chosenMark", x: x + 2, y: yy + 2, width: cell - 4, height: cell - 4 }));
          hits.append(S("rect", { class: "hit", x: x + 1, y: yy + 1, width: cell - 2, height: cell - 2, "data-token": name }));
        }
      }
      if (phase === "fire" && o.fire && p === o.active) {
        const v = parseSq(o.fire.volcano);
        g.append(S("circle", { cx: gx + v.c * cell + cell / 2, cy: gy + v.r * cell + cell / 2, r: cell * 0.62, fill: "none", stroke: "#ff3d00", "stroke-width": 3, "stroke-dasharray": "5 3", "pointer-events": "none" }));
      }
      svg.append(hits);
    }
    y += Math.ceil(n / cols) * (PH + 10);

    // ---------------------------------------------------------------- legend
    let lx = 10;
    const ly = y + 8;
    for (const k of ["desert", "steppe", "lake", "jungle", "quarry", "volcano", "start"]) {
      svg.append(S("rect", { x: lx, y: ly, width: 16, height: 16, fill: LAND[k], stroke: "#666" }));
      svg.append(S("text", { x: lx + 20, y: ly + 13, "font-size": 12, fill: "#333" }, L.land[k]));
      lx += 30 + 7.5 * L.land[k].length;
    }
    flame(svg, lx + 8, ly + 9, 7, 1);
    svg.append(S("text", { x: lx + 18, y: ly + 13, "font-size": 12, fill: "#333" }, L.campfire));
    lx += 26 + 7 * L.campfire.length;
    craters(svg, lx + 8, ly + 8, 14, 1);
    svg.append(S("text", { x: lx + 18, y: ly + 13, "font-size": 12, fill: "#333" }, L.crater));
    lx += 26 + 7 * L.crater.length;
    token(svg, lx + 8, ly + 8, 8, 2);
    svg.append(S("text", { x: lx + 20, y: ly + 13, "font-size": 12, fill: "#333" }, L.token));
    lx += 26 + 7 * L.token.length;
    svg.append(S("rect", { x: lx, y: ly, width: 16, height: 16, fill: "#d9d2c7", stroke: "#999" }));
    svg.append(S("text", { x: lx + 20, y: ly + 13, "font-size": 12, fill: "#333" }, L.outside));
    y = ly + 24;
    if (o.mode !== "discovery") {
      lx = 10;
      for (const r of Object.keys(RES)) {
        resource(svg, lx + 8, y + 8, 8, r);
        svg.append(S("text", { x: lx + 20, y: y + 13, "font-size": 12, fill: "#333" }, L.res[r]));
        lx += 34 + 7.5 * L.res[r].length;
      }
      if (o.mode === "tribe") {
        lx += 10;
        for (const [k, letter] of Object.entries(CRO)) {
          cromagnon(svg, lx + 8, y + 8, 8, k);
          svg.append(S("text", { x: lx + 19, y: y + 13, "font-size": 11, fill: "#4e342e" }, `${k} ${croRule(k, L)}`));
          lx += 34 + 7 * (k.length + croRule(k, L).length);
          if (lx > W - 120) { lx = 10; y += 20; }
        }
      }
      y += 24;
    }
    svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
    container.appendChild(svg);
  };
})();
