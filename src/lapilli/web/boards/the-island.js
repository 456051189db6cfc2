// The Island board: the 133 hexes of the printed board (even-r offset grid, "r,c"), the terrain
// tiles still on the island, the four safe isles in the corners, explorers on land (discs), in
// boats and swimming (discs with a wave), boats, sea serpents, sharks, whales, giant squids and
// dolphins; to the right the status (whose turn, which step, the roll, movement points left),
// one panel per player (explorers per place, values still to place, tiles in hand: backs shown
// only to their holder) and a legend.
// Tokens (data-token) follow the notation: every hex "r,c" (sea and land), explorers "R1".."W10"
// (on land, in boats and swimming), isles "nw ne sw se", dolphins "D1".."D4", the values still to
// place "1".."6" (own panel, set-up), and while a tile is being played the tile kinds in one's hand
// ("dolphin", "winds", "serpent", "shark", "whale"; "repel" on a repellent when asked).
(function () {
  const T = {
    en: {
      colours: ["Red", "Blue", "Yellow", "Green", "Orange", "White"], you: "you", turn: "Turn", turnOf: "turn of",
      over: "Game over", setup: "Set-up", points: "points", score: "score", winner: "winner",
      land: "land", boat: "boat", sea: "sea", saved: "saved", lost: "lost", toPlace: "to place", boats: "boats to place",
      hand: "tiles", none: "none", roll: "die", moves: "movement points left", decides: "decides",
      dec: {
        place: "places an explorer (value, then tile)", boat: "places a boat", tile: "step 1: may play a tile",
        move: "step 2: moves explorers or boats", remove: "step 3: removes a terrain tile", creature: "step 4: moves a creature",
        c5: "moves an explorer from the sunk tile", repel: "may play a repellent", protect: "chooses the swimmer the dolphin protects",
        eat: "chooses the explorer the squid takes", squid: "places a giant squid", take: "takes an empty boat",
        aboard: "chooses who boards the boat",
      },
      terrain: { beach: "beach", forest: "forest", mountain: "mountain" },
      back: { dolphin: "dolphin", winds: "winds", move_serpent: "serpent", move_shark: "shark", move_whale: "whale",
        shark_repellent: "anti-shark", whale_repellent: "anti-whale", red: "?" },
      cre: { serpent: "sea serpent", shark: "shark", whale: "whale", squid: "giant squid", dolphin: "dolphin" },
      legend: "Legend", swimmer: "swimmer", onLand: "explorer (its value, once known)", isle: "safe isle",
      supply: "supply", hexes: "hexes r,c", reason: { volcano: "the volcano erupted", "turn cap": "turn cap", "last tile": "last tile", "nobody left": "nobody left" },
    },
    it: {
      colours: ["Rosso", "Blu", "Giallo", "Verde", "Arancio", "Bianco"], you: "tu", turn: "Turno", turnOf: "turno di",
      over: "Partita finita", setup: "Preparazione", points: "punti", score: "punteggio", winner: "vincitore",
      land: "terra", boat: "barca", sea: "in mare", saved: "salvi", lost: "persi", toPlace: "da piazzare", boats: "barche da piazzare",
      hand: "tessere", none: "nessuna", roll: "dado", moves: "punti movimento rimasti", decides: "decide",
      dec: {
        place: "piazza un esploratore (valore, poi tessera)", boat: "piazza una barca", tile: "fase 1: può giocare una tessera",
        move: "fase 2: muove esploratori o barche", remove: "fase 3: rimuove una tessera terreno", creature: "fase 4: muove una creatura",
        c5: "muove un esploratore della tessera affondata", repel: "può giocare un repellente", protect: "sceglie il nuotatore protetto dal delfino",
        eat: "sceglie l'esploratore preso dalla piovra", squid: "piazza una piovra gigante", take: "prende una barca vuota",
        aboard: "sceglie chi sale sulla barca",
      },
      terrain: { beach: "spiaggia", forest: "foresta", mountain: "montagna" },
      back: { dolphin: "delfino", winds: "venti", move_serpent: "serpente", move_shark: "squalo", move_whale: "balena",
        shark_repellent: "anti-squalo", whale_repellent: "anti-balena", red: "?" },
      cre: { serpent: "serpente di mare", shark: "squalo", whale: "balena", squid: "piovra gigante", dolphin: "delfino" },
      legend: "Legenda", swimmer: "nuotatore", onLand: "esploratore (il suo valore, quando noto)", isle: "isola sicura",
      supply: "riserva", hexes: "esagoni r,c", reason: { volcano: "il vulcano è esploso", "turn cap": "limite di turni", "last tile": "ultima tessera", "nobody left": "nessuno rimasto" },
    },
  };
  const L = () => T[(typeof LANG !== "undefined" && T[LANG]) ? LANG : "en"];
  const LETTERS = ["R", "B", "Y", "G", "O", "W"];
  const PCOL = ["#d32f2f", "#1e63c8", "#f5c518", "#2e9d4b", "#f57c00", "#fafafa"];
  const PDARK = ["#7f1010", "#0d3275", "#7a5f00", "#145a27", "#8a4200", "#555555"];
  const PTXT = ["#fff", "#fff", "#222", "#fff", "#222", "#222"];
  const PBG = ["#fbe3e3", "#e2ebfa", "#fdf6d6", "#e1f3e6", "#fde9d6", "#f1f1f1"];
  const TERRAIN = { beach: "#f2dc9b", forest: "#5d9e4a", mountain: "#9b8f85" };
  const SEA = "#7dc3e3", SEA_OUT = "#5aa9d3";
  const CRE = { serpent: ["#2e7d32", "S"], shark: ["#546e7a", "K"], whale: ["#283593", "W"], squid: ["#8e24aa", "Q"] };
  const DOLPHIN = "#00acc1";
  const SM = () => window.LapilliSeatMarks;   // each seat's shape, beside its colour
  const piece = (key, ...els) => window.svgPiece(key, ...els);  // a piece that can move (generic.js)
  const ROWS = [[2, 8], [1, 10], [0, 10], [1, 10], [0, 10], [0, 11], [0, 10], [0, 11], [0, 10], [1, 10], [0, 10], [1, 10], [2, 8]];
  const ISLES = { nw: [[1, 1], [2, 0]], ne: [[1, 10], [2, 10]], sw: [[10, 0], [11, 1]], se: [[10, 10], [11, 10]] };
  const HAND_TOKEN = { dolphin: "dolphin", winds: "winds", move_serpent: "serpent", move_shark: "shark", move_whale: "whale" };
  const S = 32, HW = Math.sqrt(3) * S;          // hex size (centre to corner), width of a pointy hex
  const MX = 60, MY = 104;                      // board origin (room for the status and the isles)
  const VW = 820;                               // width of the picture
  const BOTTOM = MY + 12 * 1.5 * S + S + 34;    // below the board: the player panels

  const hexXY = (r, c) => [MX + c * HW + (r % 2 === 0 ? HW / 2 : 0), MY + r * 1.5 * S];
  const parseHex = n => n.split(",").map(Number);

  window.LapilliBoards = window.LapilliBoards || {};
  // the term table, for the test that both languages have every key
  (window.LapilliTerms = window.LapilliTerms || {})["the-island"] = T;
  window.LapilliBoards["the-island"] = function (container, view, picker) {
    const o = view.observation;
    const l = L();
    const me = view.seat;
    const n = o.num_players;
    const next = picker ? picker.next() : new Set();
    const chosen = picker ? picker.chosen : [];
    const chosenSet = new Set(chosen);
    const svg = svgEl("svg", { class: "board the-island", viewBox: `0 0 ${VW} 1200`, "font-family": "system-ui, sans-serif", style: "max-height:none" });
    svg.append(svgEl("style", {}, ".deco{pointer-events:none} text{pointer-events:none} " +
      ".chosen{stroke:#0d47a1 !important;stroke-width:4 !important} " +
      "polygon.clickable{stroke:#d4571c;stroke-width:3.5} circle.clickable,rect.clickable,path.clickable{stroke:#d4571c;stroke-width:3}"));
    const tok = (e, token) => {
      e.setAttribute("data-token", token);
      if (!next.has(token)) e.classList.add("deco");
      if (chosenSet.has(token)) e.classList.add("chosen");
      return e;
    };
    const deco = e => { e.classList.add("deco"); return e; };
    const text = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11 }, attrs), s);
    const lt = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "font-size": 14, "dominant-baseline": "central" }, attrs), s);
    // each player by the table's one name for the seat (app.js), the colour when the board stands alone
    const pname = q => window.LapilliPlayerName ? window.LapilliPlayerName(view, q) : l.colours[q];
    const cname = q => pname(q) + (q === me ? ` (${l.you})` : "");

    // ------------------------------------------------------------ the sea and the hexes
    const board = svgEl("g");
    svg.append(board);
    board.append(deco(svgEl("rect", { x: 4, y: 62, width: VW - 8, height: BOTTOM - 66, rx: 14, fill: SEA_OUT })));
    const byHex = {};
    const at = h => (byHex[h] = byHex[h] || { land: [], sea: [], cre: [], boat: null, dol: [] });
    for (const e of o.explorers) if (e.where === "land" || e.where === "sea") at(e.at)[e.where].push(e);
    for (const b of o.boats) at(b.at).boat = b;
    for (const [k, hs] of Object.entries(o.creatures)) for (const h of hs) at(h).cre.push(k);
    for (const d of o.dolphins || []) if (d.at) at(d.at).dol.push(d);
    const exById = {};
    for (const e of o.explorers) exById[e.id] = e;
    const focus = o.details && o.details.at;
    ROWS.forEach(([c0, c1], r) => {
      for (let c = c0; c <= c1; c++) {
        const name = `${r},${c}`;
        const [x, y] = hexXY(r, c);
        const terr = o.tiles[name];
        const p = svgEl("polygon", { points: hexCorners(x, y, S - 0.8, false), fill: terr ? TERRAIN[terr] : SEA,
          stroke: terr ? "#6d5a3a" : "#ffffff88", "stroke-width": terr ? 1.4 : 1 });
        tok(p, name);
        board.append(p);
        if (terr === "forest") board.append(deco(svgEl("path", { d: `M${x - 18},${y + 8} l5,-11 l5,11 z M${x + 12},${y + 8} l5,-11 l5,11 z`, fill: "#3d7a2f" })));
        if (terr === "mountain") board.append(deco(svgEl("path", { d: `M${x - 22},${y + 10} l9,-15 l9,15 z`, fill: "#7b6f66" })));
        if (name === focus) board.append(deco(svgEl("polygon", { points: hexCorners(x, y, S - 4, false), fill: "none", stroke: "#ff1744", "stroke-width": 2.5, "stroke-dasharray": "5 3" })));
        board.append(text(x, y - 21, name, { "font-size": 8, fill: terr ? "#4e3d22" : "#0b4f74", opacity: 0.8 }));
      }
    });
    // the centre (volcano start) and the isles
    {
      const [x, y] = hexXY(6, 5);
      if (!o.tiles["6,5"]) board.append(deco(svgEl("polygon", { points: hexCorners(x, y, S - 7, false), fill: "none", stroke: "#bf360c", "stroke-width": 1.5, "stroke-dasharray": "3 3" })));
    }
    const [cx0, cy0] = hexXY(6, 5);
    for (const [isle, ents] of Object.entries(ISLES)) {
      const pts = ents.map(([r, c]) => hexXY(r, c));
      let x = (pts[0][0] + pts[1][0]) / 2, y = (pts[0][1] + pts[1][1]) / 2;
      const dx = x - cx0, dy = y - cy0, d = Math.hypot(dx, dy);
      x += dx / d * 58; y += dy / d * 58;
      const g = svgEl("ellipse", { cx: x, cy: y, rx: 40, ry: 30, fill: "#e8c872", stroke: "#8d6e3a", "stroke-width": 2 });
      tok(g, isle);
      board.append(g);
      board.append(deco(svgEl("path", { d: `M${x - 8},${y - 2} q10,-14 22,-6 M${x - 8},${y - 2} q-8,-12 -20,-4 M${x - 8},${y - 2} l-2,14`, fill: "none", stroke: "#2e7d32", "stroke-width": 2.5 })));
      board.append(text(x + 6, y + 14, isle.toUpperCase(), { "font-size": 12, "font-weight": "bold", fill: "#5d4037" }));
      // the explorers saved there
      const saved = o.explorers.filter(e => e.where === "isle" && e.at === isle);
      saved.forEach((e, i) => {
        const sx = x - 30 + (i % 8) * 8.5, sy = y + (Math.floor(i / 8) ? 34 : -36);
        board.append(piece(e.id, deco(SM().piece(e.seat, sx, sy, 4, { fill: PCOL[e.seat], stroke: PDARK[e.seat] }))));
      });
    }

    // ------------------------------------------------------------ pieces
    const explorer = (e, x, y, r, swim) => {
      const g = [];
      if (swim) g.push(deco(svgEl("path", { d: `M${x - r - 3},${y + r + 1} q${(r + 3) / 2},-4 ${r + 3},0 t${r + 3},0`, fill: "none", stroke: "#fff", "stroke-width": 2 })));
      const c = SM().piece(e.seat, x, y, r, { fill: PCOL[e.seat], stroke: PDARK[e.seat], "stroke-width": 1.5 });
      tok(c, e.id);
      // the explorer's number (R1..R10) is only its name in the notation: a disc shows its printed
      // value when that is known to this seat (the game's end for all), else nothing, so no
      // internal index ever looks like points
      if (e.value !== undefined) g.push(c, text(x, y, String(e.value), { "font-size": r * 1.15, "font-weight": "bold", fill: PTXT[e.seat] }));
      else g.push(c);
      return [piece(e.id, g)];
    };
    const spread = (k, i, w) => (i - (k - 1) / 2) * w;
    for (const [h, stuff] of Object.entries(byHex)) {
      const [r, c] = parseHex(h);
      const [x, y] = hexXY(r, c);
      // explorers on a tile: up to 3 per row
      const land = stuff.land;
      land.forEach((e, i) => {
        const row = Math.floor(i / 3), inRow = Math.min(3, land.length - row * 3);
        const rr = land.length > 3 ? 8 : land.length > 2 ? 9 : 11;
        board.append(...explorer(e, x + spread(inRow, i % 3, rr * 2.1), y + (land.length > 3 ? -5 + row * 16 : 3), rr, false));
      });
      // creatures along the top of a sea hex
      const top = stuff.cre.map(k => ["cre", k]).concat(stuff.dol.map(d => ["dol", d]));
      top.forEach(([kind, v], i) => {
        const cx = x + spread(top.length, i, 19), cy = y - 8;
        if (kind === "cre") {
          const [col, letter] = CRE[v];
          const shapes = [];  // the creature's shapes, one piece that moves
          if (v === "shark") shapes.push(deco(svgEl("path", { d: `M${cx - 10},${cy + 8} L${cx + 3},${cy - 11} L${cx + 10},${cy + 8} Z`, fill: col, stroke: "#fff", "stroke-width": 1.4 })));
          else if (v === "whale") shapes.push(deco(svgEl("ellipse", { cx, cy, rx: 11.5, ry: 8, fill: col, stroke: "#fff", "stroke-width": 1.4 })));
          else if (v === "serpent") shapes.push(deco(svgEl("path", { d: `M${cx - 10},${cy + 4} q5,-14 10,0 t10,0`, fill: "none", stroke: col, "stroke-width": 5.5, "stroke-linecap": "round" })));
          else shapes.push(deco(svgEl("circle", { cx, cy, r: 9, fill: col, stroke: "#fff", "stroke-width": 1.4 })));
          if (v !== "serpent") shapes.push(text(cx, cy + (v === "shark" ? 2 : 0), letter, { "font-size": 10, "font-weight": "bold", fill: "#fff" }));
          board.append(piece(v, shapes));
        } else {
          const dc = svgEl("path", { d: `M${cx - 9},${cy + 3} q9,-12 18,0 l-4,-1 l2,5 q-7,3 -16,-4 z`, fill: DOLPHIN, stroke: "#fff", "stroke-width": 1 });
          tok(dc, v.id);
          board.append(piece(v.id, dc, text(cx, cy + 9, v.id, { "font-size": 7, "font-weight": "bold", fill: "#004d57" })));
        }
      });
      // a boat across the middle, passengers inside
      if (stuff.boat) {
        const b = stuff.boat;
        board.append(piece("boat", deco(svgEl("path", { d: `M${x - 25},${y + 1} L${x + 25},${y + 1} L${x + 18},${y + 15} L${x - 18},${y + 15} Z`, fill: "#8d5a2b", stroke: "#4e2f12", "stroke-width": 1.5 }))));
        b.passengers.forEach((id, i) => {
          const e = exById[id] || { id, seat: LETTERS.indexOf(id[0]) };
          board.append(...explorer(e, x + spread(b.passengers.length, i, 15.5), y + 4, 7.5, false));
        });
      }
      // swimmers along the bottom
      const sea = stuff.sea;
      sea.forEach((e, i) => {
        const k = Math.min(sea.length, 4);
        const rr = sea.length > 2 ? 7 : 8.5;
        board.append(...explorer(e, x + spread(k, i % 4, rr * 2.2), y + (stuff.boat ? 21 : stuff.cre.length + stuff.dol.length ? 12 : 4) + Math.floor(i / 4) * 8, rr, true));
      });
    }

    // ------------------------------------------------------------ status (top), players, legend (bottom)
    const side = svgEl("g");
    svg.append(side);
    const cur = o.current;
    const SX = 12;
    if (o.is_terminal) {
      side.append(lt(SX, 22, `${l.over}` + (o.end_reason ? ` — ${l.reason[o.end_reason] || o.end_reason}` : ""), { "font-weight": "bold", "font-size": 19, fill: "#b71c1c" }));
    } else {
      const total = (o.turns || []).reduce((a, b) => a + b, 0);
      // the headline (class "headline"): whose turn and which step, repeated in the move picker's bar
      side.append(lt(SX, 22, cur === null ? l.setup : `${l.turn} ${total} · ${l.turnOf} ${pname(cur)}`, { "font-weight": "bold", "font-size": 19, class: "headline" }));
      const extra = [];
      if (o.roll) extra.push(`${l.roll}: ${l.cre[o.roll[0]] || o.roll[0]}${o.roll[1] !== undefined ? " · " + o.roll[1] : ""}`);
      if (o.points) extra.push(`${l.moves}: ${o.points}`);
      if (extra.length) side.append(lt(VW - 12, 22, extra.join("  ·  "), { "font-size": 15, "text-anchor": "end", "font-weight": "bold", fill: "#bf360c" }));
      const who = o.deciding;
      if (who !== null && who !== undefined) {
        side.append(SM().piece(who, SX + 9, 46, 9, { fill: PCOL[who], stroke: PDARK[who], "stroke-width": 1.5, class: "deco" }));
        side.append(lt(SX + 24, 46, `${cname(who)}: ${l.dec[o.decision] || o.decision}`, { "font-size": 16, "font-weight": "bold", class: "headline" }));
      }
    }
    // a wide column (a desktop): the players and the legend in a column beside the map, so that
    // the board, narrowed to the window's height, still fills the column's width; a narrow one (a
    // phone): under the map, the players two by two, so that the map takes the whole width
    const wide = boardWidth(container) >= 700;
    const CX = VW, CWD = 420;                     // the side column: its left edge and its width
    let y = wide ? 8 : BOTTOM + 6;
    // a fourth line for the boats still to place while explorer values are still to place too
    const both = q => { const tp = o.to_place[q]; return ((Array.isArray(tp) && tp.length) || (!Array.isArray(tp) && tp)) && ((o.boats_to_place || [])[q] || 0); };
    const PW = wide ? CWD - 10 : (VW - 30) / 2, ph = [...Array(n).keys()].some(both) ? 122 : 100;
    for (let q = 0; q < n; q++) {
      const px = wide ? CX : 10 + (q % 2) * (PW + 10), top = wide ? y + q * ph : y + Math.floor(q / 2) * ph;
      const active = !o.is_terminal && (q === o.deciding);
      side.append(svgEl("rect", { x: px, y: top, width: PW, height: ph - 8, rx: 8, fill: PBG[q], stroke: active ? "#d4571c" : PDARK[q], "stroke-width": active ? 4 : 1.2, class: "deco" }));
      side.append(SM().piece(q, px + 16, top + 18, 9, { fill: PCOL[q], stroke: PDARK[q], "stroke-width": 1.5, class: "deco" }));
      // the name shrinks to fit beside the saved count ("Blue (computer, normal)" is long)
      const head = cname(q) + (q === cur && !o.is_terminal ? "  ◀" : "");
      const fit = Math.min(16, Math.max(10, (PW - 32 - 90) / (head.length * 0.6)));
      side.append(lt(px + 32, top + 18, head, { "font-weight": "bold", "font-size": fit.toFixed(1), fill: q === 5 ? "#333" : PDARK[q] }));
      if (o.is_terminal && o.scores) {
        side.append(lt(px + PW - 10, top + 18, `${o.scores[q]} ${l.points}`, { "font-weight": "bold", "font-size": 17, "text-anchor": "end" }));
      } else {
        side.append(lt(px + PW - 10, top + 18, `${l.saved}: ${o.saved[q]}`, { "font-weight": "bold", "font-size": 15, "text-anchor": "end" }));
      }
      const cnt = { land: 0, boat: 0, sea: 0, isle: 0, lost: 0 };
      for (const e of o.explorers) if (e.seat === q) cnt[e.where]++;
      side.append(lt(px + 10, top + 42, `${l.land} ${cnt.land} · ${l.boat} ${cnt.boat} · ${l.sea} ${cnt.sea} · ${l.saved} ${cnt.isle} · ${l.lost} ${cnt.lost}`, { "font-size": 13 }));
      // values to place (own ones as clickable discs) and boats to place, else the tiles in hand
      const line3 = top + 68;
      const tp = o.to_place[q];
      const btp = (o.boats_to_place || [])[q] || 0;
      if ((Array.isArray(tp) && tp.length) || (!Array.isArray(tp) && tp) || btp) {
        side.append(lt(px + 10, line3, `${l.toPlace}:`, { "font-size": 13 }));
        let dx = px + 96;
        if (Array.isArray(tp)) {
          // each value once, with how many are left (a disc a finger or a mouse hits at once on a desktop)
          const counts = new Map();
          tp.forEach(v => counts.set(v, (counts.get(v) || 0) + 1));
          counts.forEach((k, v) => {
            const c = SM().piece(q, dx, line3, 15, { fill: PCOL[q], stroke: PDARK[q], "stroke-width": 1.5 });
            if (q === me && o.decision === "place") tok(c, String(v)); else deco(c);
            side.append(c, text(dx, line3, String(v), { "font-size": 14, "font-weight": "bold", fill: PTXT[q] }));
            if (k > 1) side.append(lt(dx + 17, line3 + 9, `×${k}`, { "font-size": 11, fill: "#333" }));
            dx += 50;
          });
        } else if (tp) {
          side.append(lt(dx - 10, line3, `${tp} ●`, { "font-size": 13 }));
          dx += 34;
        }
        if (btp) side.append(both(q) ? lt(px + 10, line3 + 26, `${l.boats}: ${btp}`, { "font-size": 13 }) : lt(dx, line3, `${l.boats}: ${btp}`, { "font-size": 13 }));
      } else {
        // tiles in hand: their backs are shown to the holder only
        side.append(lt(px + 10, line3, `${l.hand}:`, { "font-size": 13 }));
        const hand = o.hands[q] || [];
        if (!hand.length) side.append(lt(px + 62, line3, l.none, { "font-size": 13, fill: "#777" }));
        hand.slice(0, 5).forEach((t, i) => {
          const x = px + 58 + i * 66;
          const rect = svgEl("rect", { x, y: line3 - 12, width: 63, height: 24, rx: 4, fill: TERRAIN[t.terrain], stroke: "#b71c1c", "stroke-width": 2 });
          let token = null;
          if (q === me && chosen.length === 1 && chosen[0] === "play" && HAND_TOKEN[t.back]) token = HAND_TOKEN[t.back];
          if (q === me && o.decision === "repel" && t.back === o.details.kind + "_repellent") token = "repel";
          if (token) tok(rect, token); else deco(rect);
          side.append(rect, text(x + 31.5, line3, l.back[t.back] || t.back, { "font-size": t.back === "red" ? 14 : 10, "font-weight": "bold", fill: t.terrain === "forest" ? "#fff" : "#222" }));
        });
        if (hand.length > 5) side.append(lt(px + 58 + 5 * 66, line3, `+${hand.length - 5}`, { "font-size": 12 }));
      }
    }
    y += (wide ? n : Math.ceil(n / 2)) * ph + 8;
    // legend: three items a row under the map, two a row in the side column
    const LX = wide ? CX : SX;
    side.append(lt(LX, y, l.legend, { "font-weight": "bold", "font-size": 15 }));
    const leg = svgEl("g", { class: "deco" });
    side.append(leg);
    const cols = wide ? [LX + 10, LX + 215] : [SX + 10, SX + 280, SX + 550];
    // the places in turn, row by row
    const y0 = y + 24;
    let slot = 0;
    const place = () => { const i = slot++; return [cols[i % cols.length], y0 + Math.floor(i / cols.length) * 24]; };
    Object.entries(TERRAIN).forEach(([k, col]) => {
      const [x, yy] = place();
      leg.append(svgEl("rect", { x: x - 8, y: yy - 8, width: 16, height: 16, fill: col, stroke: "#555" }), lt(x + 14, yy, l.terrain[k], { "font-size": 13 }));
    });
    if (wide) slot = 4;   // the explorer's words on a row of their own
    let [x1, y1] = place();
    leg.append(SM().piece(0, x1, y1, 8, { fill: PCOL[0], stroke: PDARK[0] }), lt(x1 + 16, y1, l.onLand, { "font-size": 13 }));
    slot += 1;   // the explorer's words take two places
    [x1, y1] = place();
    leg.append(svgEl("path", { d: `M${x1 - 10},${y1 + 9} q5,-4 10,0 t10,0`, fill: "none", stroke: "#1565c0", "stroke-width": 2 }), SM().piece(1, x1, y1, 7, { fill: PCOL[1], stroke: PDARK[1] }), lt(x1 + 16, y1, l.swimmer, { "font-size": 13 }));
    for (const k of ["serpent", "shark", "whale", "squid"]) {
      const [x, y2] = place();
      const [col, letter] = CRE[k];
      leg.append(svgEl("circle", { cx: x, cy: y2, r: 8, fill: col }), text(x, y2, letter, { "font-size": 9, fill: "#fff" }),
        lt(x + 16, y2, `${l.cre[k]} (${l.supply} ${(o.creature_supply || {})[k] ?? 0})`, { "font-size": 13 }));
    }
    [x1, y1] = place();
    leg.append(svgEl("path", { d: `M${x1 - 10},${y1 + 3} q10,-13 20,0 l-4,-1 l2,5 q-8,3 -18,-4 z`, fill: DOLPHIN }), lt(x1 + 16, y1, l.cre.dolphin + " D1-D4", { "font-size": 13 }));
    [x1, y1] = place();
    leg.append(svgEl("path", { d: `M${x1 - 12},${y1 - 5} l24,0 l-4,9 l-16,0 z`, fill: "#8d5a2b" }), lt(x1 + 16, y1, `${l.boat} (${l.supply} ${o.boat_supply ?? 0})`, { "font-size": 13 }));
    [x1, y1] = place();
    leg.append(svgEl("ellipse", { cx: x1, cy: y1, rx: 11, ry: 8, fill: "#e8c872", stroke: "#8d6e3a" }), lt(x1 + 16, y1, l.isle + " (nw ne sw se)", { "font-size": 13 }));
    [x1, y1] = place();
    leg.append(lt(x1 - 8, y1, `${l.hexes}`, { "font-size": 13, fill: "#444" }));
    const yy = y1 + 18;
    const totalW = wide ? VW + CWD : VW, totalH = wide ? Math.max(BOTTOM, yy) : yy;
    svg.setAttribute("viewBox", `0 0 ${totalW} ${totalH}`);
    // the width at which the island and its sea fit the screen's height (style.css)
    svg.style.setProperty("--map-aspect", (totalW / BOTTOM).toFixed(4));
    container.append(svg);
  };
})();
