// Stromboli board: the round island (6 segments clockwise from the top, rings water, beach,
// plain, forest, mountain, crater), the card spaces in the water, the fishing boat, numbered
// discs, shamans, statues, lava markers, both players' cards and the scoreboard.
// Tokens (data-token) follow the notation: spaces "b2" "p1" "c3", disc values "1".."5" (own
// discs, during a turn), card spaces "1" "2" (while picking), "boat", "stay" (own shaman),
// score cards "mountain" ... and "priestess" (while buying).
(function () {
  const T = {
    en: {
      red: "Red", yellow: "Yellow", round: "Round", turn: "turn", points: "points", you: "you",
      reserve: "reserve", statues: "statues", shells: "shells", cards: "cards", scoreCards: "score cards",
      scoreboard: "Scoreboard", piles: "palm piles", lava: "lava supply", faceDown: "face down",
      over: "Game over", firstPlayer: "first player",
      kinds: { turn: "place a disc, take one back or move the boat", shaman: "may move the shaman (or stay)",
        pick: "chooses a card", buy: "received a Shell: buy a card or pass", prebuy: "before the scoring: buy a card or pass",
        priestess: "moves a lava marker" },
      rings: ["water", "beach", "plain (1)", "forest (2)", "mountain (3)", "crater"],
      legend: "Legend", lastScoring: "scoring", parts: { statues: "statues", baskets: "baskets", pearls: "pearls", nautilus: "nautilus", butterflies: "butterflies", majority: "majority", forest: "forest", mountain: "mountain", segment: "segment", shells: "shells" }, butterfly: "butterfly", shell1: "shell", shaman: "shaman", statue: "statue", marker: "lava marker", boat: "boat", hut: "hut", pier: "pier",
      sc: { butterflies: "Butterflies", majority: "Majority", forest: "Forest", mountain: "Mountain", segment: "Segment", priestess: "Priestess" },
      card: { build: "Build", priestess: "Priestess", shell: "Shell", lava: "Lava", nautilus: "Nautilus", pearl: "Pearl", basket: "Basket" },
    },
    it: {
      red: "Rosso", yellow: "Giallo", round: "Round", turn: "turno", points: "punti", you: "tu",
      reserve: "riserva", statues: "statue", shells: "conchiglie", cards: "carte", scoreCards: "carte punteggio",
      scoreboard: "Segnapunti", piles: "mazzi palma", lava: "lava libera", faceDown: "coperta",
      over: "Partita finita", firstPlayer: "primo giocatore",
      kinds: { turn: "piazza un disco, ne riprende uno o muove la barca", shaman: "può muovere lo sciamano (o restare)",
        pick: "sceglie una carta", buy: "ha ricevuto una Conchiglia: compra o passa", prebuy: "prima del conteggio: compra o passa",
        priestess: "sposta un segnalino lava" },
      rings: ["acqua", "spiaggia", "pianura (1)", "foresta (2)", "montagna (3)", "cratere"],
      legend: "Legenda", lastScoring: "conteggio", parts: { statues: "statue", baskets: "cesti", pearls: "perle", nautilus: "nautilus", butterflies: "farfalle", majority: "maggioranza", forest: "foresta", mountain: "montagna", segment: "segmento", shells: "conchiglie" }, butterfly: "farfalla", shell1: "conchiglia", shaman: "sciamano", statue: "statua", marker: "segnalino lava", boat: "barca", hut: "capanna", pier: "molo",
      sc: { butterflies: "Farfalle", majority: "Maggioranza", forest: "Foresta", mountain: "Montagna", segment: "Segmento", priestess: "Sacerdotessa" },
      card: { build: "Costruisci", priestess: "Sacerdotessa", shell: "Conchiglia", lava: "Lava", nautilus: "Nautilus", pearl: "Perla", basket: "Cesto" },
    },
  };
  const L = () => T[(typeof LANG !== "undefined" && T[LANG]) ? LANG : "en"];
  const PCOL = ["#d1342f", "#f2c230"];
  const PDARK = ["#7a1512", "#8a6a00"];
  const SM = () => window.LapilliSeatMarks;   // each seat's shape, beside its colour
  const piece = (key, ...els) => window.svgPiece(key, ...els);  // a piece that can move (generic.js)
  const RINGCOL = ["#7fc4e0", "#f3dea0", "#b9d98a", "#6fae5c", "#a8968a", "#6b3b30"];
  const LETTERS = ["w", "b", "p", "f", "m", "c"];
  // ring radii, outside in: [outer, inner]
  const R = [[355, 268], [268, 212], [212, 160], [160, 112], [112, 64], [64, 0]];
  const CX = 370, CY = 400;
  const HUTS = [0, 3], PIER = 1;
  const CARDCOL = { build: "#8d6e63", priestess: "#ab47bc", shell: "#4fc3f7", lava: "#e64a19", nautilus: "#26a69a", pearl: "#eceff1", basket: "#ffb74d" };

  const rad = d => Math.PI / 180 * d;
  const pol = (r, a) => [CX + r * Math.cos(rad(a)), CY + r * Math.sin(rad(a))];
  const segAngle = s => -90 + 60 * s;   // centre of segment s, clockwise from the top
  function sector(r0, r1, a0, a1) {
    const [x0, y0] = pol(r0, a0), [x1, y1] = pol(r0, a1);
    if (r1 <= 0) return `M${CX},${CY} L${x0.toFixed(1)},${y0.toFixed(1)} A${r0},${r0} 0 0 1 ${x1.toFixed(1)},${y1.toFixed(1)} Z`;
    const [x2, y2] = pol(r1, a1), [x3, y3] = pol(r1, a0);
    return `M${x0.toFixed(1)},${y0.toFixed(1)} A${r0},${r0} 0 0 1 ${x1.toFixed(1)},${y1.toFixed(1)} ` +
      `L${x2.toFixed(1)},${y2.toFixed(1)} A${r1},${r1} 0 0 0 ${x3.toFixed(1)},${y3.toFixed(1)} Z`;
  }
  function cardLabel(face) {
    // face: kind[-pearl][xN][+Nbf]
    const l = L().card;
    const m = face.match(/^([a-z]+)(?:-(white|black))?(?:x(\d))?(?:\+(\d)bf)?$/) || [null, face];
    let s = l[m[1]] || m[1];
    if (m[2]) s += m[2] === "white" ? " ○" : " ●";
    if (m[1] === "basket" && m[3] && m[3] !== "1") s += " ×" + m[3];
    return { text: s, bf: m[4] ? +m[4] : 0, kind: m[1] };
  }

  window.LapilliBoards = window.LapilliBoards || {};
  // the term table, for the test that both languages have every key
  (window.LapilliTerms = window.LapilliTerms || {})["stromboli"] = T;
  window.LapilliBoards["stromboli"] = function (container, view, picker) {
    const o = view.observation;
    const l = L();
    const next = picker ? picker.next() : new Set();
    const chosen = new Set(picker ? picker.chosen : []);
    const mine = view.seat;
    const pend = o.pending || {};
    const myDecision = view.legal && view.legal.length > 0;
    const svg = svgEl("svg", { class: "board stromboli", viewBox: "0 0 740 1200", "font-family": "system-ui, sans-serif", style: "max-height:none" });
    svg.append(svgEl("style", {}, ".deco{pointer-events:none} .chosen{stroke:#1565c0 !important;stroke-width:4 !important} " +
      "text{pointer-events:none} .lbl{font-size:11px;fill:#333}"));
    // an element a move can name: clickable only while its token may come next
    const tok = (e, token) => {
      e.setAttribute("data-token", token);
      if (!next.has(token)) e.classList.add("deco");
      if (chosen.has(token)) e.classList.add("chosen");
      return e;
    };
    const text = (x, y, s, attrs = {}) => svgEl("text", Object.assign({ x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12 }, attrs), s);

    // ------------------------------------------------------------ island
    const isle = svgEl("g");
    svg.append(isle);
    isle.append(svgEl("circle", { cx: CX, cy: CY, r: R[0][0] + 4, fill: "#5fa8cc", class: "deco" }));
    for (let ring = 0; ring < 6; ring++) {
      for (let s = 0; s < 6; s++) {
        const a = segAngle(s);
        const p = svgEl("path", { d: sector(R[ring][0], R[ring][1], a - 30, a + 30), fill: RINGCOL[ring], stroke: "#fff", "stroke-width": 1.2 });
        const name = LETTERS[ring] + s;
        if (ring === 0) p.classList.add("deco"); else tok(p, name);
        isle.append(p);
        if (ring > 0) {
          // the space's name, near its outer edge
          const rr = ring === 5 ? 50 : R[ring][0] - 10;
          const [x, y] = pol(rr, a - (ring === 5 ? 0 : ring === 1 ? 23 : 19 - ring * 1.5));
          isle.append(text(x, y, name, { "font-size": 12, fill: ring >= 3 ? "#fff" : "#444", opacity: 0.85 }));
        }
      }
    }
    // segment numbers in the water, huts and pier
    for (let s = 0; s < 6; s++) {
      const a = segAngle(s);
      const [x, y] = pol(R[0][0] - 12, a);
      isle.append(text(x, y, String(s), { "font-size": 13, "font-weight": "bold", fill: "#0d47a1" }));
      if (HUTS.includes(s) || s === PIER) {
        const [hx, hy] = pol(R[1][0] + 12, a - 25);
        isle.append(text(hx, hy, HUTS.includes(s) ? "⌂" : "⚓", { "font-size": 13, fill: "#6d4c41" }));
      }
    }
    // card spaces in the water: two per segment
    const picking = pend.kind === "pick" && myDecision;
    o.card_spaces.forEach((cards, s) => {
      const a = segAngle(s);
      cards.forEach((c, j) => {
        const [x, y] = pol(312, a + (j === 0 ? -16 : 16));
        const w = 78, h = 38;
        const g = svgEl("g");
        const r = svgEl("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 5,
          fill: c ? (CARDCOL[cardLabel(c.face).kind] || "#fff") : "none",
          stroke: c ? "#333" : "#ffffffaa", "stroke-dasharray": c ? null : "4 3", "stroke-width": 1.2 });
        if (picking && s === pend.segment && c) tok(r, String(j + 1)); else r.classList.add("deco");
        g.append(r);
        if (c) {
          const lab = cardLabel(c.face);
          g.append(text(x, y - (lab.bf ? 6 : 0), lab.text, { "font-size": lab.text.length > 9 ? 10.5 : 13, fill: ["build", "priestess", "lava", "nautilus"].includes(lab.kind) ? "#fff" : "#222", "font-weight": "bold" }));
          if (lab.bf) g.append(text(x, y + 10, "✿".repeat(lab.bf), { "font-size": 12, fill: "#6a1b9a" }));
        }
        g.append(text(x - w / 2 + 6, y - h / 2 + 6, String(j + 1), { "font-size": 9, fill: "#333" }));
        isle.append(g);
      });
    });
    // the boat, in the water of its segment
    {
      const a = segAngle(o.boat);
      const [x, y] = pol(312, a);
      const b = svgEl("path", { d: `M${x - 20},${y - 4} L${x + 20},${y - 4} L${x + 12},${y + 10} L${x - 12},${y + 10} Z`, fill: "#5d4037", stroke: "#fff", "stroke-width": 1.5 });
      tok(b, "boat");
      isle.append(piece("boat", b, svgEl("path", { d: `M${x},${y - 6} L${x},${y - 24} L${x + 12},${y - 8} Z`, fill: "#fff", stroke: "#5d4037", class: "deco" })));
    }
    // discs on the beaches: red row outside, yellow row inside, with the sums
    const myTurn = pend.kind === "turn" && myDecision;
    const discsOn = (seat, beach) => Object.entries(o.discs[seat]).filter(([, b]) => b === beach).map(([v]) => +v);
    for (let s = 0; s < 6; s++) {
      const a = segAngle(s);
      for (const seat of [0, 1]) {
        const vals = discsOn(seat, "b" + s);
        const rr = seat === 0 ? 254 : 227;
        const lava = o.lava_discs && o.lava_discs[seat] === "b" + s;
        const items = vals.map(String).concat(lava ? ["L"] : []);
        items.forEach((v, i) => {
          const [x, y] = pol(rr, a - 14 + i * 7.5);
          const c = SM().piece(seat, x, y, 10, { fill: v === "L" ? "#e64a19" : PCOL[seat], stroke: PDARK[seat], "stroke-width": 1.5 });
          if (seat === mine && myTurn && v !== "L") tok(c, v); else c.classList.add("deco");
          isle.append(piece(`disc${seat}-${v}`, c, text(x, y, v, { "font-size": 11, "font-weight": "bold", fill: seat === 0 || v === "L" ? "#fff" : "#222" })));
        });
        if (vals.length) {
          const [x, y] = pol(rr, a - 14 + items.length * 7.5 + 1);
          isle.append(text(x, y, "Σ" + vals.reduce((p, q) => p + q, 0), { "font-size": 11, "font-weight": "bold", fill: PDARK[seat] }));
        }
      }
    }
    // statues (plain, forest, mountain) and shamans
    const ringOf = n => LETTERS.indexOf(n[0]);
    const spaceXY = (n, shift = 0) => {
      const ring = ringOf(n), s = +n[1];
      const r = ring === 5 ? 34 : (R[ring][0] + R[ring][1]) / 2;
      return pol(r, segAngle(s) + shift);
    };
    for (const [n, owner] of Object.entries(o.statues || {})) {
      const [x, y] = spaceXY(n, 4);
      isle.append(svgEl("path", { d: `M${x - 9},${y + 10} L${x - 6},${y - 6} L${x},${y - 12} L${x + 6},${y - 6} L${x + 9},${y + 10} Z`,
        fill: PCOL[owner], stroke: "#222", "stroke-width": 1.5, class: "deco", "data-seat": owner }),
        SM().glyph(owner, x, y + 2, 3.6, owner === 0 ? "#fff" : "#222"));
    }
    o.shamans.forEach((n, seat) => {
      const ring = ringOf(n);
      const [x, y] = spaceXY(n, ring <= 1 ? (seat === 0 ? 14 : -14) : -12);
      const c = SM().piece(seat, x, y, 11, { fill: PCOL[seat], stroke: "#111", "stroke-width": 3 });
      if (seat === mine) tok(c, "stay"); else c.classList.add("deco");
      isle.append(piece(`shaman${seat}`, c, text(x, y, "☻", { "font-size": 14, fill: seat === 0 ? "#fff" : "#222" })));
    });
    // lava markers on the craters
    o.craters.forEach((k, s) => {
      for (let i = 0; i < k; i++) {
        const [mx, my] = pol(28, segAngle(s));
        const tx = -Math.sin(rad(segAngle(s))), ty = Math.cos(rad(segAngle(s)));
        const off = (i - (k - 1) / 2) * 15;
        const x = mx + tx * off, y = my + ty * off;
        isle.append(piece("lava-marker", svgEl("circle", { cx: x, cy: y, r: 7, fill: "#ff5722", stroke: "#fff", "stroke-width": 1.5, class: "deco" })));
      }
    });

    // ------------------------------------------------------------ panels below the island
    const panel = svgEl("g");
    svg.append(panel);
    const lt = (x, yy, s, attrs = {}) => svgEl("text", Object.assign({ x, y: yy, "font-size": 16, "dominant-baseline": "central" }, attrs), s);
    // status line above the island
    // each player by the table's one name for the seat (app.js), the colour when the board stands alone
    const names = [0, 1].map(p => window.LapilliPlayerName ? window.LapilliPlayerName(view, p) : [l.red, l.yellow][p]);
    // the headline (class "headline"): whose turn and which step, repeated in the move picker's bar
    panel.append(lt(12, 20, `${l.round} ${o.round} · ${l.turn} ${o.turns}`, { "font-weight": "bold", "font-size": 17, class: "headline" }));
    if (o.is_terminal || pend.kind === "over") {
      panel.append(lt(200, 20, l.over, { "font-weight": "bold", fill: "#b71c1c", "font-size": 17 }));
    } else {
      const who = pend.seat;
      panel.append(SM().piece(who, 200, 20, 9, { fill: PCOL[who], stroke: "#111", "stroke-width": 1.5 }));
      const what = (l.kinds[pend.kind] || pend.kind) + (pend.kind === "pick" ? ` (${pend.segment})` : "");
      panel.append(lt(215, 20, `${names[who]}${who === mine ? " (" + l.you + ")" : ""}: ${what}`, { "font-size": 15, "font-weight": "bold", class: "headline" }));
    }
    let y = 2 * CY + 4;
    const PW = 362;
    // the cards in front of each player, as chips in rows: the panels grow with the longest list
    const chips = seat => {
      const counts = {}, out = [];
      o.front[seat].forEach(c => { counts[c.face] = (counts[c.face] || 0) + 1; });
      let cx = 62, row = 0;
      for (const [face, k] of Object.entries(counts)) {
        const lab = cardLabel(face);
        const s = (k > 1 ? k + "× " : "") + lab.text + (lab.bf ? " " + "✿".repeat(lab.bf) : "");
        const w = 12 + s.length * 7.4;
        if (cx + w > PW - 6) { cx = 62; row += 1; }
        out.push({ x: cx, row, w, s, lab });
        cx += w + 4;
      }
      return out;
    };
    const chipRows = [0, 1].map(seat => chips(seat).reduce((m, c) => Math.max(m, c.row + 1), 1));
    const PH = 214 + Math.max(0, Math.max(...chipRows) - 2) * 24;
    for (const seat of [0, 1]) {
      const x0 = 6 + seat * (PW + 4), top = y;
      panel.append(svgEl("rect", { x: x0, y: top, width: PW, height: PH, rx: 8, fill: seat === 0 ? "#fbe4e3" : "#fdf5d6",
        stroke: PCOL[seat], "stroke-width": (!o.is_terminal && pend.seat === seat) ? 5 : 1.5 }));
      panel.append(SM().piece(seat, x0 + 20, top + 19, 9, { fill: PCOL[seat], stroke: PDARK[seat], "stroke-width": 1.5 }));
      // the name shrinks to fit beside the points ("Yellow (computer, random)" is long)
      const head = `${names[seat]}${seat === mine ? " (" + l.you + ")" : ""}`;
      const fit = Math.min(18, Math.max(11, (PW - 36 - 60) / (head.length * 0.66)));
      panel.append(lt(x0 + 36, top + 18, head, { "font-weight": "bold", fill: PDARK[seat], "font-size": fit.toFixed(1) }));
      if (o.first_player === seat) panel.append(lt(x0 + 10, top + 38, l.firstPlayer, { "font-size": 12, fill: "#555" }));
      panel.append(lt(x0 + PW - 10, top + 22, `${o.points[seat]}`, { "font-weight": "bold", "font-size": 30, "text-anchor": "end", fill: PDARK[seat] }));
      panel.append(lt(x0 + PW - 10, top + 46, l.points, { "font-size": 12, "text-anchor": "end" }));
      // reserve discs
      panel.append(lt(x0 + 10, top + 64, l.reserve + ":", { "font-size": 14 }));
      let dx = x0 + 100;
      for (let v = 1; v <= 5; v++) {
        if (o.discs[seat][String(v)] !== null) continue;
        const c = SM().piece(seat, dx, top + 64, 16, { fill: PCOL[seat], stroke: PDARK[seat], "stroke-width": 1.5 });
        if (seat === mine && myTurn) tok(c, String(v)); else c.classList.add("deco");
        panel.append(piece(`disc${seat}-${v}`, c, text(dx, top + 64, String(v), { "font-weight": "bold", "font-size": 15, fill: seat === 0 ? "#fff" : "#222" })));
        dx += 38;
      }
      if (o.lava_discs && o.lava_discs[seat] === "reserve") {
        panel.append(piece(`disc${seat}-L`, SM().piece(seat, dx, top + 64, 16, { fill: "#e64a19", stroke: PDARK[seat], "stroke-width": 1.5, class: "deco" }), text(dx, top + 64, "L", { fill: "#fff", "font-size": 14 })));
      }
      panel.append(lt(x0 + 10, top + 92, `${l.statues}: ${o.statues_left[seat]}   ·   ${l.shells}: ${o.shells[seat].length}`, { "font-size": 14 }));
      // cards in front
      panel.append(lt(x0 + 10, top + 118, l.cards + ":", { "font-size": 14 }));
      for (const c of chips(seat)) {
        const cx = x0 + c.x, cy = top + 118 + c.row * 24;
        panel.append(svgEl("rect", { x: cx, y: cy - 10, width: c.w, height: 20, rx: 4, fill: CARDCOL[c.lab.kind] || "#fff", stroke: "#555", class: "deco" }));
        panel.append(lt(cx + 6, cy, c.s, { "font-size": 13, fill: c.lab.kind === "nautilus" ? "#fff" : "#222" }));
      }
      const ls = (o.last_scoring || [])[seat];
      if (ls && ls.parts) {
        const parts = Object.entries(ls.parts).filter(([, v]) => v).map(([k, v]) => `${l.parts[k] || k} ${v}`).join(", ");
        panel.append(lt(x0 + 10, top + PH - 54, `${l.lastScoring} ${ls.round}: ${ls.total}`, { "font-size": 12, fill: "#444", "font-weight": "bold" }));
        if (parts) panel.append(lt(x0 + 10, top + PH - 37, parts, { "font-size": 11, fill: "#444" }));
      }
      const sc = o.score_cards[seat].map(c => l.sc[c] || c).join(", ");
      panel.append(lt(x0 + 10, top + PH - 14, `${l.scoreCards}: ${sc || "–"}`, { "font-size": 13 }));
    }
    y += PH + 22;
    // scoreboard: score cards and the Priestess
    panel.append(lt(10, y, l.scoreboard, { "font-weight": "bold", "font-size": 16 }));
    panel.append(lt(730, y, `${l.piles}: ${o.piles.map((n, i) => (i + 1) + "☘ " + n).join("  ")}  ·  ${l.lava}: ${o.lava_supply}`, { "font-size": 13, "text-anchor": "end" }));
    y += 14;
    const buying = (pend.kind === "buy" || pend.kind === "prebuy") && myDecision;
    const board = ["butterflies", "majority", "forest", "mountain", "segment", "priestess"];
    const costs = o.scoreboard.costs || {};  // the table's data set's costs (never the game's own, restated)
    board.forEach((c, i) => {
      const x = 6 + (i % 3) * 244, yy = y + Math.floor(i / 3) * 48;
      const avail = c === "priestess" ? o.scoreboard.priestess_face_up : o.scoreboard.score_cards.includes(c);
      const r = svgEl("rect", { x, y: yy, width: 236, height: 42, rx: 6, fill: avail ? (c === "priestess" ? "#e1bee7" : "#fff3e0") : "#ddd",
        stroke: "#8d6e63", "stroke-width": 1.2, "stroke-dasharray": avail ? null : "4 3" });
      if (buying && avail) tok(r, c); else r.classList.add("deco");
      panel.append(r, text(x + 118, yy + 14, l.sc[c], { "font-size": 15, "font-weight": "bold", fill: avail ? "#222" : "#888" }),
        text(x + 118, yy + 31, avail && costs[c] !== undefined ? `${costs[c]} × ${l.shell1}` : avail ? "" : (c === "priestess" ? l.faceDown : "—"), { "font-size": 12, fill: "#555" }));
    });
    y += 110;
    // legend
    panel.append(lt(10, y, l.legend, { "font-weight": "bold", "font-size": 15 }));
    y += 22;
    l.rings.forEach((nm, i) => {
      const x = 10 + (i % 3) * 244, yy = y + Math.floor(i / 3) * 22;
      panel.append(svgEl("rect", { x, y: yy - 8, width: 16, height: 16, fill: RINGCOL[i], stroke: "#555" }), lt(x + 22, yy, `${LETTERS[i]} = ${nm}`, { "font-size": 13 }));
    });
    y += 46;
    const leg = [["☻", l.shaman], ["▲", l.statue], ["●", l.marker], ["⌂", l.hut], ["⚓", l.pier], ["✿", l.butterfly]];
    leg.forEach(([sym, nm], i) => {
      const x = 10 + (i % 3) * 244, yy = y + Math.floor(i / 3) * 22;
      panel.append(lt(x + 2, yy, sym, { "font-size": 15, fill: sym === "●" ? "#ff5722" : "#333" }), lt(x + 22, yy, nm, { "font-size": 13 }));
    });
    y += 40;
    svg.setAttribute("viewBox", `0 0 740 ${y}`);
    // the width at which the island (down to its outer circle) fits the screen's height (style.css)
    svg.style.setProperty("--map-aspect", (740 / (2 * CY + 8)).toFixed(4));
    container.append(svg);
  };
})();
