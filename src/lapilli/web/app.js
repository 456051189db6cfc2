// Lapilli browser client: lobby and table.  No rules here: the server sends each seat its view
// (observation + legal moves) and validates every move with the engine.
const app = document.getElementById("app");
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onchange" || k === "onsubmit") e[k] = v; else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const k of kids.flat(Infinity)) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
};
async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(saidBy(data, r.statusText));
  return data;
}
const tokensKey = tid => `lapilli-tokens-${tid}`;
const getTokens = tid => JSON.parse(localStorage.getItem(tokensKey(tid)) || "{}");
const saveToken = (tid, seat, token) => { const m = getTokens(tid); m[seat] = token; localStorage.setItem(tokensKey(tid), JSON.stringify(m)); };

document.getElementById("lang").value = LANG;
document.getElementById("lang").onchange = e => { LANG = e.target.value; localStorage.setItem("lapilli-lang", LANG); route(); };

function route() {
  applyI18n();
  if (window.LapilliAccount && LapilliAccount.route()) return;  // player pages, leaderboards (account.js)
  const learning = location.pathname.match(/^\/learn\/([a-z-]+)/);  // a tutorial (learn.js)
  if (learning && window.LapilliLearn) { sockets.forEach(s => s.close()); sockets = []; LapilliLearn.page(app, learning[1]); return; }
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9]+)/);
  if (m) tablePage(m[1]); else if (location.pathname === "/mine") window.LapilliClock.myTables(app); else lobby();
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  const games = await api("/api/games");
  app.innerHTML = "";
  const gameSel = el("select", { id: "game" }, games.map(g => el("option", { value: g.id }, g.title)));
  const form = el("div", { class: "card", id: "new-table" }, el("h2", {}, t("newTable")));
  const body = el("div");
  form.append(el("label", {}, t("game") + " ", gameSel), body);
  if (window.LapilliLearn) LapilliLearn.lobbyLink(form, gameSel);  // "Learn to play" beside the game
  const draw = () => {
    const g = games.find(x => x.id === gameSel.value);
    body.innerHTML = "";
    const players = el("select", { id: "players" });
    for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n }, n));
    players.value = g.default_players;  // the usual player count, not the largest
    const playersWhy = el("span", { class: "why", id: "players-why" });
    // every option in the players' words: label, one sentence, values named in the current language
    const opts = el("div", { id: "options" });
    const word = m => (m && (m[LANG] || m.en)) || "";
    for (const [name, o] of Object.entries(g.options)) {
      const valueName = v => word((o.value_labels || {})[JSON.stringify(v)]) || (typeof v === "boolean" ? t(v ? "yes" : "no") : String(v));
      const s = el("select", { "data-option": name, id: `opt-${name}` }, o.values.map(v => el("option", { value: JSON.stringify(v) }, valueName(v))));
      s.value = JSON.stringify(o.default);
      opts.append(el("div", { class: "option", "data-option-row": name },
        el("label", { for: `opt-${name}`, class: "option-label" }, word(o.label) || name), " ",
        o.house_rule ? el("span", { class: "house-rule" }, t("houseRule")) : "", " ", s,
        el("div", { class: "option-sentence" }, word(o.sentence)),
        el("div", { class: "why", "data-why": name })));
    }
    const chosen = () => {
      const options = {};
      opts.querySelectorAll("select").forEach(sel => options[sel.dataset.option] = JSON.parse(sel.value));
      return options;
    };
    // choices the rules forbid with the rest as chosen are disabled, with the rules' reason
    // (the server asks the game's SPEC.constraint; the client holds no rules)
    // Only the answer to the latest question is shown: answers to two quick changes in a row may
    // come back in either order, and an older one must not undo what the newer one says.
    let asked = 0;
    const refresh = async () => {
      const n = ++asked;
      let c;
      try { c = await api(`/api/games/${g.id}/choices`, { players: +players.value, options: chosen() }); } catch (e) { return; }
      if (n !== asked) return;
      // the reason in the reader's language (the game's catalogue of its constraint's messages)
      const reason = why => why ? (word((c.words || {})[why]) || why) : "";
      for (const opt of players.options) {
        const why = reason(c.players[opt.value]);
        opt.disabled = !!why && opt.value !== players.value;
        opt.title = why || "";
      }
      playersWhy.textContent = c.players[players.value] ? `${t("notAllowed")}: ${reason(c.players[players.value])}` : "";
      for (const sel of opts.querySelectorAll("select")) {
        const reasons = c.options[sel.dataset.option] || {};
        const whys = [];
        for (const opt of sel.options) {
          const why = reason(reasons[opt.value]);
          opt.disabled = !!why && opt.value !== sel.value;
          opt.title = why || "";
          if (why && opt.value !== sel.value) whys.push(`${opt.textContent}: ${why}`);
        }
        opts.querySelector(`[data-why="${sel.dataset.option}"]`).textContent = whys.length ? `${t("notAllowed")} — ${whys.join("; ")}` : "";
      }
      create.disabled = !!c.players[players.value];
    };
    opts.onchange = refresh;
    // the data sets this server knows for the game (its own first); a choice only when there are several
    const sets = g.datasets || [];
    const dsSel = el("select", { id: "dataset" }, sets.map((d, i) => el("option", { value: i ? d.hash : "default" },
      i ? `${d.name} (${d.hash.slice(0, 12)})` : t("defaultData"))));
    // seats: open (for a person) or a computer; the creator sits at one open seat under a name,
    // friends take the others through the invite link, or (hot-seat, an explicit choice) people
    // sharing this screen take them all
    const seats = el("table", { class: "seats", id: "seats" });
    const myName = el("input", { id: "my-name", placeholder: t("yourName"), maxlength: 40, value: localStorage.getItem("lapilli-name") || "" });
    const mySeat = el("select", { id: "my-seat" });
    const hot = el("input", { type: "checkbox", id: "hotseat" });
    const drawMine = () => {
      const open = [...seats.querySelectorAll("select")].filter(s => s.value === "open").map(s => +s.dataset.seat);
      const keep = mySeat.value;
      mySeat.innerHTML = "";
      open.forEach(i => mySeat.append(el("option", { value: i }, seatWord(g, i))));
      mySeat.append(el("option", { value: "watch" }, t("onlyWatch")));
      mySeat.value = [...mySeat.options].some(o => o.value === keep) ? keep : (open.length ? String(open[0]) : "watch");
      seats.querySelectorAll("[data-seat-name]").forEach(n => {
        const i = +n.dataset.seatName;
        n.closest("td").hidden = !(hot.checked && open.includes(i) && String(i) !== mySeat.value);
      });
    };
    const drawSeats = () => {
      const before = [...seats.querySelectorAll("select")].map(s => s.value);
      seats.innerHTML = "";
      for (let i = 0; i < +players.value; i++) {
        const s = el("select", { "data-seat": i, "aria-label": seatWord(g, i) },
          el("option", { value: "open" }, t("openSeat")),
          ["easy", "normal", "hard", "random"].map(l => el("option", { value: l }, `${t("computer")} (${t(l)})`)));
        s.value = before[i] || (i > 0 ? "normal" : "open");
        s.onchange = drawMine;
        const name = el("input", { "data-seat-name": i, placeholder: seatWord(g, i), maxlength: 40, "aria-label": `${t("name")}: ${seatWord(g, i)}` });
        seats.append(el("tr", {}, el("td", {}, seatWord(g, i)), el("td", {}, s), el("td", { class: "hot-name" }, name)));
      }
      drawMine();
    };
    hot.onchange = drawMine; mySeat.onchange = drawMine;
    const clockChoice = window.LapilliClock.lobbyControl();
    // who reads and writes the table's chat (talk.js)
    const chatSel = el("select", { id: "chat-mode", "aria-label": t("chatMode") },
      ["seats", "watch", "open"].map(m => el("option", { value: m }, t({ seats: "chatSeats", watch: "chatWatch", open: "chatOpen" }[m]))));
    players.onchange = () => { drawSeats(); refresh(); }; drawSeats();
    const create = el("button", { class: "primary", id: "create", onclick: async () => {
      const options = chosen();
      const seatReq = [...seats.querySelectorAll("select")].map(s => s.value === "open" ? { kind: "open" } : { kind: "bot", level: s.value });
      try {
        const extras = window.LapilliAccount ? LapilliAccount.tableExtras() : {};  // rated (account.js)
        const r = await api("/api/tables", { game: g.id, players: +players.value, options, seats: seatReq, dataset: dsSel.value, clock: clockChoice.value(), chat: chatSel.value, ...extras });
        const typedName = myName.value.trim();
        if (typedName) localStorage.setItem("lapilli-name", typedName);
        for (let i = 0; i < seatReq.length; i++) {
          if (seatReq[i].kind !== "open") continue;
          const mine = String(i) === mySeat.value;
          if (!mine && !hot.checked) continue;  // left for a friend with the invite link
          const typed = mine ? typedName : seats.querySelector(`[data-seat-name='${i}']`).value.trim();
          const j = await api(`/api/tables/${r.id}/seats/${i}`, { name: typed });
          saveToken(r.id, i, j.token);
        }
        history.pushState({}, "", r.invite); route();
      } catch (e) { alert(e.message); }
    } }, t("create"));
    if (sets.length > 1) body.append(el("p", {}, el("label", {}, t("dataset") + " ", dsSel)));
    body.append(el("p", {}, el("label", {}, t("players") + " ", players), " ", playersWhy), el("h3", {}, t("options")), opts, seats,
      el("p", {}, window.LapilliAccount ? LapilliAccount.nameField(el("label", {}, t("yourName") + " ", myName)) : el("label", {}, t("yourName") + " ", myName),
        " ", el("label", {}, t("yourSeat") + " ", mySeat)),
      el("p", {}, el("label", {}, hot, " " + t("hotseat"))), clockChoice.el,
      el("p", {}, el("label", {}, t("chatMode") + " ", chatSel)), window.LapilliAccount ? LapilliAccount.lobbyField() : "", create);
    refresh();
  };
  gameSel.onchange = draw; draw();
  // the tables waiting for players or being played, with their filters (lobby.js)
  const list = window.LapilliLobby.list(games);
  await list.ready;
  // finished games, the last ended first, with their players and winners: each opens on its board
  const done = el("div", { class: "card", id: "finished" }, el("h2", {}, t("finishedGames")));
  const fin = await api("/api/finished").catch(() => []);
  if (!fin.length) done.append(el("p", {}, t("noFinished")));
  for (const f of fin) {
    const v = { players: f.players_info };
    const row = el("p", { class: "finished-game", "data-table": f.id }, el("b", {}, f.title), " · ");
    f.players_info.forEach((pl, i) => { if (i) row.append(", "); row.append(who(v, pl.seat)); row.append(` ${f.scores[pl.seat]}`); });
    row.append(" · ", t("winnerIs"), " ");
    f.winners.forEach((w, i) => { if (i) row.append(", "); row.append(who(v, w)); });
    row.append(" ", el("a", { href: `/t/${f.id}` }, t("replay")));
    done.append(row);
  }
  // the page's heading, for screen readers (the header's brand and the cards' titles show it)
  app.append(el("h1", { class: "visually-hidden" }, `Lapilli · ${t("lobby")}`), form, list, done);
}

// A move sent and not yet answered: the page's words, then the move in the game's notation, quoted
// (notation is the game's, not a language's: "Mossa inviata: 'move H3 H4' …").
function sentStatus(action) { return `${t("sentMove")}: '${action}' …`; }

// ---------------------------------------------------------------- players: names and colours
// Every player is shown by name in their colour: the name a person typed when taking the seat,
// or for a computer its colour and level; the colours are the game's own (SPEC.seat_colours,
// sent by the server in each view's "players").
function colourOf(v, p) { const pl = (v.players || [])[p]; return pl && pl.colour ? pl.colour : null; }
// The name is the server's one label of the seat (hub.seat_label): the name a person gave, else
// the seat's colour ("Red"), a computer with its level ("Yellow (computer, easy)").
function playerName(v, p) {
  if (p === null || p === undefined) return "";
  const pl = (v.players || [])[p] || {};
  if (pl.label) return pl.label[LANG] || pl.label.en;
  const c = colourOf(v, p);
  return c ? (c[LANG] || c.en) : nthPlayer(p);
}
// a seat that has no colour yet goes by its place in the seat order ("Second player"), as the
// server names it (hub.seat_label), never by a number
function nthPlayer(i) {
  const nth = t("nth");
  return t("nthPlayer").replace("{nth}", Array.isArray(nth) && i < nth.length ? nth[i] : `${i + 1}.`);
}
// a seat before anyone sits in it: its colour in the game (SPEC.seat_colours), as the table will name
// it; where players choose their colour in play (Eruption's villages), its place ("First player")
function seatWord(g, i) {
  const c = g.colour_by_seat === false ? null : (g.seat_colours || [])[i];
  return c ? (c[LANG] || c.en) : nthPlayer(i);
}
// the player's colour with the seat's shape (boards/generic.js), the same shape as its pieces
const seatDot = (v, p) => { const c = colourOf(v, p); return el("span", { class: "dot" }, window.LapilliSeatMarks.icon(p, c ? c.css : null)); };
// An account and a guest are never drawn alike: an account's name carries a mark (in the player
// strip and the results, ``link``: a link to its player page); a guest's says "(guest)". The
// server refuses a guest a name that is or looks like an account's (server/names.py).
function who(v, p, mine, link) {
  const c = colourOf(v, p);
  const pl = (v.players || [])[p] || {};
  const name = playerName(v, p);
  let shown = name;
  if (pl.kind === "human" && pl.account && pl.name) {
    const mark = el("span", { class: "account-mark", title: t("accountMark"), "aria-label": t("accountMark") }, "✓");
    shown = link ? el("a", { class: "account", href: `/players/${encodeURIComponent(pl.name)}` }, name, mark)
      : el("span", { class: "account" }, name, mark);
  } else if (pl.kind === "human" && pl.name) {
    shown = el("span", { class: "guest" }, name, el("span", { class: "guest-mark" }, ` (${t("guestMark")})`));
  }
  return el("span", { class: "who", "data-seat": p, style: c ? `--pc:${c.css}` : "" },
    seatDot(v, p), shown, mine ? ` (${t("you")})` : "");
}
window.LapilliPlayerName = playerName;
function dot(v, p) {
  const c = colourOf(v, p);
  return el("span", { class: "who", "data-seat": p, style: c ? `--pc:${c.css}` : "" }, seatDot(v, p));
}

// ---------------------------------------------------------------- chance and the log
// the component's icon, drawn in SVG (a font may lack the die and card glyphs: empty boxes)
const CHANCE_SHAPES = {
  die: [["rect", { x: 1.5, y: 1.5, width: 13, height: 13, rx: 3 }], ["circle", { cx: 5, cy: 5, r: 1.3, class: "pip" }],
    ["circle", { cx: 8, cy: 8, r: 1.3, class: "pip" }], ["circle", { cx: 11, cy: 11, r: 1.3, class: "pip" }]],
  card: [["rect", { x: 3, y: 1, width: 10, height: 14, rx: 1.6 }], ["rect", { x: 5, y: 3, width: 6, height: 10, rx: .8, class: "pip" }]],
  tile: [["polygon", { points: "4.5,2 11.5,2 15,8 11.5,14 4.5,14 1,8" }]],
  token: [["circle", { cx: 8, cy: 8, r: 6 }]],
};
function chanceIcon(kind) {
  const svg = window.svgEl("svg", { class: "chance-icon", viewBox: "0 0 16 16", "data-kind": kind, "aria-hidden": "true", focusable: "false" });
  for (const [tag, attrs] of CHANCE_SHAPES[kind] || CHANCE_SHAPES.token) svg.append(window.svgEl(tag, attrs));
  return svg;
}
// chance items of the game's readings; their names ("creature die") key the labels ("ch.creature-die");
// ``seat``: the player the item names (who drew the tile, rolled the die), else the one who acted
// (a draw after a turn change belongs to the next player, not to the act that caused it)
function chanceOf(entry) {
  return (entry.items || []).filter(i => i.chance).map(i => Object.assign({}, i.chance, {
    name: String(i.chance.name).replace(/ /g, "-"),
    seat: i.args && "seat" in i.args ? i.args.seat : entry.seat }));
}
function chanceText(c) {
  const name = t("ch." + c.name);
  if (c.value === undefined || c.value === null) return `${name}: ${t("hiddenValue")}`;
  return `${name}: ${chanceValue(c)}`;
}
function chanceValue(c) {
  if (c.value === undefined || c.value === null) return "?";
  if (c.words) return c.words[LANG] || c.words.en;  // the component as players see it (the game's narration)
  if (Array.isArray(c.value)) return c.value.map(x => chanceValue({ value: x })).join(", ");
  return String(c.value).split(" ").map(x => (I18N[LANG]["cv." + x] || I18N.en["cv." + x] || x)).join(" ");
}
// the parts of a chance value, each shown as its own die, tile or card: a row of tiles drawn, the
// two wall dice, the lava tiles that rain down (one part when the value is a single component)
function chanceParts(c) {
  if (!Array.isArray(c.value) || c.value.length < 2) return [{ raw: String(c.value), text: chanceValue(c) }];
  const words = c.words ? String(c.words[LANG] || c.words.en).split("; ") : null;
  return c.value.map((x, i) => ({ raw: String(x),
    text: words && words.length === c.value.length ? words[i] : chanceValue({ value: x }) }));
}
function chanceItem(v, entry, c, more = []) {
  // the die, card, tile or token itself, its face showing the value (face down when hidden); a
  // value of several components shows one face per component, so every face fits its text;
  // ``more``: further chance of the same kind and name the same event showed (the newest first)
  const partsOf = x => (x.value === undefined || x.value === null) ? [{ raw: "", text: chanceValue(x), hidden: true }] : chanceParts(x);
  const parts = [c, ...more].reverse().flatMap(partsOf);
  return el("div", { class: `chance-item kind-${c.kind}`, "data-kind": c.kind, "data-name": c.name, "data-n": entry.n },
    el("span", { class: "chance-faces" }, parts.map(pt => el("span", { class: `chance-face face-${c.kind}` + (pt.hidden ? " hidden" : "") },
      el("span", { class: "chance-value", "data-value": pt.raw }, pt.text)))),
    el("span", { class: "chance-body" },
      el("span", { class: "chance-name" }, t("ch." + c.name)),
      c.seat !== null && c.seat !== undefined ? el("span", { class: "chance-who" }, who(v, c.seat)) : ""));
}
function logLine(v, e) {
  const text = e.text ? (e.text[LANG] || e.text.en) : null;
  const line = el("div", { class: "entry", "data-n": e.n, "data-action": e.action || "" },
    el("span", { class: "n" }, e.n ? `${e.n}. ` : ""),
    // the sentence names the player itself: the line starts with the player's colour only
    e.seat !== null && e.seat !== undefined ? (text ? dot(v, e.seat) : who(v, e.seat)) : el("span", { class: "who" }, t("setupLine")),
    " ", el("span", { class: "text" }, text || (e.action ? e.action : "")));
  const ch = chanceOf(e);
  const out = [line];
  if (ch.length) out.push(el("div", { class: "log-chance", "data-n": e.n }, ch.map((c, i) => [i ? " · " : "", chanceIcon(c.kind), ` ${chanceText(c)}`])));
  return out;
}
// the last move on the board: every element whose token the last action names
function markLastMove(container, v) {
  const last = (v.log || []).filter(e => e.n > 0).slice(-1)[0];
  if (!last || !last.action) return;
  for (const tok of last.action.split(" ")) {
    container.querySelectorAll(`svg [data-token="${CSS.escape(tok)}"]`).forEach(e => e.classList.add("last-move"));
  }
}

// ---------------------------------------------------------------- results
function resultsPanel(v, mine) {
  const r = v.result;
  const box = el("div", { class: "results", id: "results" }, el("h2", {}, t("result")));
  const order = [...r.scores.keys()].sort((a, b) => r.lower_wins ? r.scores[a] - r.scores[b] : r.scores[b] - r.scores[a]);
  if (r.lower_wins) box.append(el("p", { class: "rule-note", id: "lower-wins" }, t("lowerWins")));
  const wn = el("p", { class: "winners", id: "winners" }, `${t(r.winners.length > 1 ? "winnersAre" : "winnerIs")} `);
  r.winners.forEach((w, i) => { if (i) wn.append(", "); wn.append(who(v, w)); });
  box.append(wn);
  if (r.tie_break) box.append(el("p", { class: "tie-break", id: "tie-break", "data-rule": r.tie_break.rule }, `${r.tie_break.text[LANG] || r.tie_break.text.en} (${r.tie_break.rule})`));
  for (const p of order) {
    const parts = (r.breakdown || [])[p] || [];
    const card = el("div", { class: "score result-seat" + (r.winners.includes(p) ? " won" : ""), "data-seat": p, "data-score": r.scores[p] },
      el("div", { class: "result-head" }, who(v, p, p === mine, true), el("span", { class: "total", "data-total": r.scores[p] },
        r.scores[p] === null ? `${(r.conceded || []).includes(p) ? t("conceded") : ""}${r.winners.includes(p) ? " ★" : ""}`
          : `${r.scores[p]} ${t(r.lower_wins ? "degrees" : "points")}${(r.conceded || []).includes(p) ? ` (${t("conceded")})` : ""}${r.winners.includes(p) ? " ★" : ""}`)));
    const tb = el("table", { class: "parts" });
    for (const part of parts) {
      tb.append(el("tr", { class: "part", "data-points": part.points, "data-part": part.part },
        el("td", {}, part.label[LANG] || part.label.en), el("td", { class: "rule" }, part.rule), el("td", { class: "pts" }, String(part.points))));
    }
    if (!parts.length) tb.append(el("tr", { class: "part-none" }, el("td", {}, t("nothingScored"))));
    card.append(tb);
    box.append(card);
  }
  return box;
}

// ---------------------------------------------------------------- table
// copy a text to the clipboard: the Clipboard API where the page may use it (https, localhost),
// else the older copy command on a selected field; false when neither works
async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return true; }
  } catch (e) { /* fall back below */ }
  const area = el("textarea", { readonly: "", style: "position:fixed;top:-100px;left:0;opacity:0" });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  area.remove();
  return ok;
}
let sockets = [];
let keyHandler = null;
const loadedBoards = {};
function loadBoard(game) {
  // each game's SVG board lives in /static/boards/<game>.js; without one the text board is used
  if (!loadedBoards[game]) loadedBoards[game] = new Promise(resolve => {
    const s = document.createElement("script");
    s.src = `/static/boards/${game}.js`;
    s.onload = () => resolve(true);
    s.onerror = () => resolve(false);
    document.head.append(s);
  });
  return loadedBoards[game];
}
// the seconds left of each absent person's seat grace tick down between the server's views
const minSec = s => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
setInterval(() => document.querySelectorAll("[data-until]").forEach(e => {
  e.textContent = minSec(Math.max(0, Math.ceil((+e.dataset.until - Date.now()) / 1000)));
}), 1000);
async function tablePage(tid) {
  sockets.forEach(s => s.close()); sockets = [];
  if (keyHandler) { document.removeEventListener("keydown", keyHandler); keyHandler = null; }
  let info;
  try { info = await api(`/api/tables/${tid}`); }
  catch (e) {  // never a blank page: say what is wrong, and try again while the server is away
    app.innerHTML = "";
    app.append(el("div", { class: "card", id: "unreachable" }, el("p", {}, `${t("unreachable")}: ${e.message}`),
      el("a", { href: "/" }, t("lobby"))));
    if (!/no table/.test(e.message)) setTimeout(() => { if (location.pathname === `/t/${tid}`) tablePage(tid); }, 5000);
    return;
  }
  const games = await api("/api/games");
  const spec = games.find(g => g.id === info.game) || { title: info.game, seat_colours: [] };
  await loadBoard(info.game);
  const tokens = getTokens(tid);
  app.innerHTML = "";
  // the header: the title with the table's actions on one row (copy the invite link, rules, fair
  // dice, notices), so that the board starts high on the page; each folded part opens over the page
  const inviteUrl = location.origin + `/t/${tid}`;
  const copied = el("span", { class: "invite-note", id: "invite-note", role: "status" });
  const copyBtn = el("button", { id: "copy-invite", title: inviteUrl, onclick: async () => {
    if (await copyText(inviteUrl)) {
      copyBtn.textContent = "✓ " + t("inviteCopied"); copied.textContent = "";
      setTimeout(() => { copyBtn.textContent = t("copyInvite"); }, 2500);
    } else {  // no clipboard here (a page served over plain http): the link, selected, to copy by hand
      const box = el("input", { id: "invite-url", readonly: "", value: inviteUrl, "aria-label": t("invite"), size: inviteUrl.length });
      copied.replaceChildren(`${t("copyByHand")} `, box);
      box.select();
    }
  } }, t("copyInvite"));
  const actions = el("div", { class: "head-actions" }, copyBtn,
    el("button", { id: "rules", onclick: () => window.LapilliRules.open(info.game) }, t("rules")));
  const soundBtn = window.LapilliMotion.soundToggle();  // in the side column: the header keeps one row
  const turnWatch = window.LapilliMotion.turnWatch();
  const head = el("div", { class: "card table-head" },
    el("div", { class: "head-row" }, el("h1", { id: "title" }, spec.title), actions), copied);
  if (info.commitment) {
    // the proof of fair dice, out of the way: the record of the finished game reveals seed and salt
    actions.append(el("details", { id: "commitment", class: "commitment" }, el("summary", {}, t("fairDice")),
      el("div", { class: "pop" },
        el("code", { id: "commitment-hash", title: t("fairDiceHelp") }, info.commitment), el("p", { class: "hint" }, t("fairDiceHelp")),
        el("p", { class: "hint" }, `${t("digest")}: `, el("code", { id: "digest" }, "")))));
  }
  // the component data: said only when the table plays with other data than the game's own
  if (info.dataset) head.append(el("p", { id: "table-dataset" }, `${t("dataset")}: `,
    el("b", {}, `${info.dataset.name} (${info.dataset.hash.slice(0, 12)})`)));
  if (Object.keys(tokens).length) actions.append(window.LapilliClock.noticeForm(tid, tokens));
  // only one folded part open at a time
  actions.querySelectorAll("details").forEach(d => d.addEventListener("toggle", () => {
    if (d.open) actions.querySelectorAll("details[open]").forEach(o => { if (o !== d) o.open = false; });
  }));
  app.append(head);
  const openSeats = info.seats.filter(s => s.kind === "open");
  if (openSeats.length && Object.keys(tokens).length === 0) {
    const name = el("input", { id: "name", placeholder: t("yourName"), "aria-label": t("yourName"), maxlength: 40 });
    const seatSel = el("select", { id: "seat", "aria-label": t("yourSeat") }, openSeats.map(s => el("option", { value: s.seat }, seatWord(spec, s.seat))));
    name.value = localStorage.getItem("lapilli-name") || "";
    head.append(el("p", { class: "join" }, window.LapilliAccount ? LapilliAccount.nameField(name) : name, seatSel, el("button", { class: "primary", id: "join", onclick: async () => {
      const typed = name.value.trim();
      if (typed) localStorage.setItem("lapilli-name", typed);
      try { const j = await api(`/api/tables/${tid}/seats/${seatSel.value}`, { name: typed }); saveToken(tid, j.seat, j.token); tablePage(tid); }
      catch (e) { alert(e.message); }
    } }, t("join"))));
  }
  // the players in their colours sit in the header's row, between the title and the actions
  const strip = el("div", { class: "players", id: "players" });
  head.querySelector(".head-row").insertBefore(strip, actions);
  const chance = el("div", { class: "chance", id: "chance", "aria-live": "polite" });
  const board = el("div", { class: "card", id: "board" });
  // the side column: what is made again at every view (``side``: the status, the results, the
  // replay, the coach, the chat, the log's heading), then the log's lines, which stay on the page (showLog)
  const side = el("div", { class: "side-now" });
  const logBox = el("div", { class: "log", id: "log", tabindex: "0", role: "log", "aria-label": t("log") });
  const sideCard = el("div", { class: "card", id: "side" }, side, logBox);
  // a wide screen puts the chance beside the board, above the status and the log (style.css)
  app.append(el("div", { class: "columns table-columns" }, el("div", { class: "main-col" }, chance, board), sideCard));
  const views = {};
  const pickers = {};
  let lastError = "";
  let replay = null;          // {ply, plies, data} while a finished game is being replayed
  // the chance shown, per seat whose view shows it (hot-seat: each person's own, read in their own
  // view, so a card one drew never shows on the next one's screen): seen: log lines whose chance
  // has been shown; recent: chance just shown, [{entry, item, at}]
  const chanceOfSeat = {};
  let chanceTimer = null;     // when the oldest chance shown is due to leave
  const hideChance = () => { clearTimeout(chanceTimer); chance.replaceChildren(); chance.classList.add("empty"); };
  const showChance = v => {
    // the chance of new log lines appears at once and stays long enough to read (and the
    // latest stays until newer chance replaces it); every line's chance is in the log as well
    const seatKey = v.seat === null || v.seat === undefined ? "spectator" : v.seat;
    const { seen, recent } = chanceOfSeat[seatKey] || (chanceOfSeat[seatKey] = { seen: new Set(), recent: [] });
    const now = Date.now();
    for (const e of v.log || []) {
      const key = `${e.n}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const c of chanceOf(e)) recent.push({ entry: e, item: c, at: now });
    }
    while (recent.length > 6 || (recent.length > 1 && now - recent[0].at > 8000)) recent.shift();
    // the older chance leaves when its time is up, even when nothing else happens meanwhile
    clearTimeout(chanceTimer);
    if (recent.length > 1) chanceTimer = setTimeout(() => { if (chance.isConnected && !replay && shownSeat === v.seat) showChance(v); }, 8050 - (now - recent[0].at));
    chance.innerHTML = "";
    if (!recent.length) { chance.classList.add("empty"); return; }
    chance.classList.remove("empty");
    // the newest pops in once (not again at every redraw); the components one event shows together
    // (the palm cards laid at set-up) sit side by side in one item
    const newest = recent[recent.length - 1];
    const groups = [];
    for (const r of recent.slice().reverse()) {
      const g = groups[groups.length - 1];
      if (g && g.entry === r.entry && g.item.name === r.item.name && g.item.kind === r.item.kind && g.item.seat === r.item.seat) g.more.push(r.item);
      else groups.push({ entry: r.entry, item: r.item, more: [] });
    }
    groups.forEach((g, i) => {
      const d = chanceItem(v, g.entry, g.item, g.more);
      if (i === 0) { d.classList.add("latest"); if (!newest.shown) { d.classList.add("pop"); newest.shown = true; } }
      chance.append(d);
    });
  };
  // hot-seat in a game where players hold secrets: the screen shows one seat's view at a time, and
  // between two people's turns a hand-over screen hides everything until the next one confirms
  const handOver = Object.keys(tokens).length > 1 && !!(spec && spec.private_information);
  const talk = window.LapilliTalk.start(tid, Object.keys(tokens).length > 1);  // the chat, concede, undo by agreement
  let holder = null;  // the seat whose person confirmed they hold the device
  let shownSeat;      // the seat whose view the page shows (undefined: none, the hand-over screen)
  let drawnAt;        // the position last drawn: "live", or the replay's step
  let seatLost = "";  // a computer plays this page's seat now: said until the page is reloaded
  let draft = { key: null, value: "" };  // the notation typed so far, and the position it was typed at
  // the board of view ``v`` with its move picker: the position, the last move marked, the
  // targets the picker offers and its bar
  const drawBoard = (v, picker, send) => {
    window.LapilliDrawBoard(board, info.game, v, picker);
    markLastMove(board, v);
    if (v.legal.length) window.LapilliPickerUI(board, picker, send);
  };
  // The log: each line is made once and kept on the page while it reads the same (its entry, the
  // players' names and colours, the language), so that a move adds its line instead of the whole
  // log being made, laid out and painted again (a whole game's log is hundreds of lines, each with
  // its seat's mark).  The lines, newest first, are put in place by moving only what differs.
  let logLines = new Map();  // what a line reads -> its elements
  const showLog = v => {
    const reads = JSON.stringify([LANG, v.players]);
    const next = new Map(), want = [];
    for (const e of v.log.slice().reverse()) {
      let key = reads + JSON.stringify(e);
      while (next.has(key)) key += "+";  // two entries that read the same: each line its own elements
      const els = logLines.get(key) || logLine(v, e);
      next.set(key, els);
      want.push(...els);
    }
    logLines = next;
    let at = logBox.firstChild;
    for (const e of want) {
      if (e === at) at = at.nextSibling;
      else logBox.insertBefore(e, at);
    }
    while (at) { const n = at.nextSibling; at.remove(); at = n; }
  };
  const hideLog = () => { logBox.replaceChildren(); logLines = new Map(); };
  // A choice in the move picker that does not yet make a move changes the board alone (what it
  // highlights, the picker's bar): only the board is drawn again, with the same view; the players,
  // the status, the chance and the log stay as they are (a whole table is about four times as many
  // elements as its board).  ``onBoard`` is the view and picker the board offers moves from; every
  // show() and every move sent clears it, so with a view waiting to be drawn (or none offered) the
  // whole table is drawn.
  let onBoard = null;  // {v, picker, send}
  const pickStep = () => {
    const shown = onBoard;
    if (!shown || soon) { show(); return; }
    drawBoard(shown.v, shown.picker, shown.send);
    if (window.LapilliCoach) window.LapilliCoach.markHint({ tid, v: shown.v, board });
  };
  const SENT_SHOWN_AFTER = 100;  // ms after sending a move with no answer yet: the page shows it sent
  const show = () => {
    onBoard = null;
    // the view to show: the seat to move among ours, else the seat holding the device, else our
    // first seat, else the spectator's
    const all = Object.values(views);
    if (!all.length) { side.innerHTML = ""; if (connNote) side.append(el("p", { class: "error", id: "connection" }, connNote)); return; }
    const live = all.find(x => x.seat !== null && x.legal.length) || all.find(x => x.seat === holder) || all[0];
    const v = replay && replay.data ? Object.assign({}, live, replay.data, { legal: [], table: live.table, result: replay.data.result }) : live;
    const placed = window.LapilliMotion.remember(board);  // where the pieces were (motion.js)
    // what is being typed survives a redraw (a presence, a chat line, a clock): its text, its focus
    const typing = document.activeElement && document.activeElement.id === "notation"
      ? { at: document.activeElement.selectionStart, to: document.activeElement.selectionEnd } : null;
    side.innerHTML = ""; strip.innerHTML = ""; sideCard.hidden = false;  // (the board and the log are changed in place)
    const digest = document.getElementById("digest");
    if (digest && live.digest) digest.textContent = live.digest;
    if (handOver && !v.result && v.seat !== null && v.seat !== holder) {
      // everything of the last person's view leaves the page, the chance just drawn included
      sideCard.hidden = true;
      hideLog();
      shownSeat = undefined;
      hideChance();
      // the device goes to the person to move when this page holds their seat, though their own
      // view may not have come yet (each seat's view comes by its own socket, in any order)
      const tm = v.observation.to_move;
      const next = Number.isInteger(tm) && tokens[tm] !== undefined ? tm : v.seat;
      const name = playerName(v, next);
      board.replaceChildren(el("div", { class: "hand-over", id: "hand-over" },
        el("h2", {}, t("passDevice").replace("{name}", name)),
        el("p", {}, t("passDeviceHint")),
        el("button", { class: "primary", id: "hand-over-ok", onclick: () => { holder = next; show(); } }, t("iAm").replace("{name}", name))));
      return;
    }
    const mine = v.seat;
    shownSeat = v.seat;
    // players: name in colour, whose turn, who is here
    const to = v.observation.to_move;
    (v.players || []).forEach(pl => {
      const p = pl.seat;
      strip.append(el("div", { class: "player" + (p === to && !v.result ? " to-move" : "") + (v.result && v.result.winners.includes(p) ? " won" : ""), "data-seat": p },
        who(v, p, p === mine, true), v.result && v.result.scores[p] !== null ? el("span", { class: "pscore" }, `${v.result.scores[p]}`) : "",
        pl.kind === "human" ? el("span", { class: "presence" + (v.present.includes(p) ? " here" : ""), title: t(v.present.includes(p) ? "here" : "away") }, "●") : ""));
    });
    window.LapilliClock.strip(strip, Object.assign({}, v, { clock: live.clock, receivedAt: live.receivedAt, table: live.table }));
    const send = action => {
      // until the server's next view arrives, this one is stale: nothing on it may be clicked or
      // sent again (its picker takes no choice).  The page says so (the move sent, no targets)
      // when that view is slow to come; the server's answer usually comes well before (a near
      // server: a few milliseconds) and is drawn at once, without a stale table drawn in between
      const offered = pickers[v.seat];
      if (offered && offered.closed) return;
      if (offered) offered.closed = true;
      const ws = sockets.find(s => s.seat === v.seat);
      ws.send(JSON.stringify({ type: "act", action, version: v.version }));
      // (the seat's view as it is now: a presence may have replaced the one this picker was made on)
      const now = views[v.seat] || live;
      now.legal = []; now.sent = action; onBoard = null;
      // the table left on screen offers nothing meanwhile (no target, no hit pad, no picker bar,
      // no notation to type, no hint to ask) and its status says what was sent, as the table drawn
      // on this view would (show(), below)
      board.querySelectorAll(".clickable").forEach(e => { e.classList.remove("clickable", "highlight"); e.removeAttribute("tabindex"); e.removeAttribute("role"); });
      board.querySelectorAll(".hit-pad, #picker").forEach(e => e.remove());
      side.querySelectorAll("#typed, #hint-box").forEach(e => e.remove());
      const said = side.querySelector("#status");
      if (said) said.replaceChildren(sentStatus(action));
      setTimeout(() => { if (views[v.seat] === now && side.isConnected) showSoon(); }, SENT_SHOWN_AFTER);
    };
    // a picker per position; the start (every seat taken) gives the first one its moves without a new version
    const pickKey = `${v.version}:${v.table.status}`;
    if (!pickers[v.seat] || pickers[v.seat].version !== pickKey) {
      pickers[v.seat] = window.LapilliPicker(v.legal, send, pickStep);
      pickers[v.seat].version = pickKey;
      pickers[v.seat].game = info.game;  // its choices are named in the game's words (choiceWords)
      pickers[v.seat].autoAdvance();
    }
    const picker = pickers[v.seat];
    if (v.legal.length) picker.closed = false;  // a view that offers moves again (a refused move's answer)
    drawBoard(v, picker, send);
    onBoard = v.legal.length ? { v, picker, send } : null;  // (a replay's view offers none)
    // the pieces that moved slide to their new place: as the game goes on, and in a replay stepped
    // one move at a time; a jump (to the start, the end, along the slider) draws the position at once.
    // After the targets are marked: a target does not slide, and the zoom and the hit pads have
    // measured every target where it is drawn, not where a slide starts
    const at = replay && replay.data ? replay.ply : "live";
    if (at === drawnAt || (typeof at === "number" && typeof drawnAt === "number" && Math.abs(at - drawnAt) === 1))
      window.LapilliMotion.play(board, placed);
    drawnAt = at;
    // chance is shown while the game goes on (the results panel takes over at its end)
    if (!replay && !live.result) showChance(v);
    else hideChance();
    const status = el("p", { id: "status" });
    if (live.result) status.append(t("gameOver"));
    else if (live.stopped) status.append(t("computersStopped").replace("{n}", live.stopped));
    else if (live.table.status === "open") status.append(t("notStarted"));
    else if (v.legal.length) status.append(`${t("yourTurn")}, `, who(v, v.seat));
    else if (live.sent) status.append(sentStatus(live.sent));
    else if (to !== null && to !== undefined) status.append(`${t("waiting")} `, who(v, to));
    side.append(status);
    // the start: one event every connection sees (no move is accepted before every seat is taken)
    if (!replay && !live.result && live.table.status === "playing" && live.version === 0)
      side.append(el("p", { class: "started", id: "started", role: "status" }, t("gameStarts")));
    if (lastError) side.append(window.LapilliRules.refusal(v.table.game, lastError.rule, lastError.message));
    if (connNote) side.append(el("p", { class: "error", id: "connection" }, connNote));
    if (seatLost) side.append(el("p", { class: "error", id: "seat-lost", role: "status" }, seatLost));
    if (v.legal.length) {
      // typing the notation is the fallback; the full list helps a newcomer learn it
      const input = el("input", { id: "notation", placeholder: t("typeAction"), list: "legal-list" });
      if (draft.key === `${v.seat}:${pickKey}`) input.value = draft.value;  // the same position: the text typed so far
      input.addEventListener("input", () => { draft = { key: `${v.seat}:${pickKey}`, value: input.value }; });
      const dl = el("datalist", { id: "legal-list" }, v.legal.slice(0, 500).map(a => el("option", { value: a })));
      side.append(el("p", { id: "typed" }, input, dl, el("button", { id: "send", onclick: () => send(input.value) }, t("send"))));
      if (typing) { input.focus(); input.setSelectionRange(typing.at, typing.to); }
    }
    if (v.can_undo && !replay) side.append(el("button", { id: "undo", onclick: () => sockets.find(s => s.seat === v.seat).send(JSON.stringify({ type: "undo" })) }, t("undo")));
    // seats whose person left can be handed to a computer opponent by anyone seated here
    const myToken = tokens[Object.keys(tokens)[0]];
    // once their seat grace is over (until then the others see its countdown)
    const held = Object.fromEntries((live.held || []).map(h => [h.seat, h.seconds]));
    const gone = live.table.seats.filter(s => s.kind === "human" && !live.present.includes(s.seat) && !(s.seat in tokens));
    if (!live.result) gone.filter(s => s.seat in held).forEach(s => side.append(el("p", { class: "held", "data-seat": s.seat },
      who(v, s.seat), ` ${t("away")}: ${t("heldFor")} `,
      el("span", { class: "countdown", "data-until": String(live.receivedAt + held[s.seat] * 1000) }, minSec(Math.ceil(held[s.seat]))))));
    if (myToken && !live.result) gone.filter(s => !(s.seat in held)).forEach(s => side.append(el("button", { class: "takeover", "data-seat": s.seat, onclick: async () => {
      try { await api(`/api/tables/${tid}/seats/${s.seat}/computer`, { token: myToken, level: "normal" }); } catch (e) { alert(e.message); }
    } }, `${t("takeOver")}: `, who(v, s.seat))));
    if (live.result) {
      // the result first, then the replay of the game on its board
      side.append(resultsPanel(replay && replay.data && !replay.data.result ? live : v, mine));
      // a rated game: each account's rating before → after (lobby.js), read once it is applied
      if (live.table.rated) { if (ratingChanges === null) loadRatingChanges(0); side.append(window.LapilliLobby.ratingChanges(ratingChanges || [])); }
      side.append(replayBar());
      side.append(el("p", {}, el("a", { href: `/api/tables/${tid}/record`, id: "download" }, t("download"))));
    }
    // the coach (coach.js): Review after the game, Hint during it
    if (window.LapilliCoach) window.LapilliCoach.decorate({ tid, v, live, board, side, replay, goReplay, show,
      seat: seatForReplay(), token: v.seat === null ? null : tokens[v.seat],
      others: live.table.seats.some(s => (s.kind === "human" || s.stand_in) && s.seat !== v.seat) });
    side.append(el("div", { class: "sound-row" }, soundBtn));
    talk.decorate({ v, live, side, replay, sockets, tokens });
    side.append(el("h2", {}, t("log")));
    showLog(v);
  };
  // what the server sends is drawn at most once per frame: a burst of moves (computers playing at
  // full speed, a catch-up after a reconnection) is drawn as its last position, instead of the page
  // redrawing every position in turn and falling ever further behind. A timer stands in for the
  // frame in a hidden tab (no frames there), so the tone of a turn still sounds
  let soon = null;
  const showSoon = () => {
    if (soon) return;
    const run = () => {
      if (!soon) return;
      cancelAnimationFrame(soon.frame); clearTimeout(soon.timer); soon = null;
      if (side.isConnected) show();
    };
    soon = { frame: requestAnimationFrame(run), timer: setTimeout(run, 250) };
  };
  let ratingChanges = null;  // null: not asked yet; []: being applied
  const loadRatingChanges = async tries => {
    ratingChanges = ratingChanges || [];
    const got = await api(`/api/tables/${tid}`).then(r => r.rating_changes || []).catch(() => []);
    if (got.length) { ratingChanges = got; if (side.isConnected) show(); }
    else if (tries < 10) setTimeout(() => { if (side.isConnected) loadRatingChanges(tries + 1); }, 3000);
  };
  // ------------------------------------------------ replay on the board
  const seatForReplay = () => { const m = Object.keys(tokens).map(Number); return m.length ? m[0] : null; };
  const goReplay = async ply => {
    const q = seatForReplay() === null ? "" : `?seat=${seatForReplay()}`;
    const r = await api(`/api/tables/${tid}/replay/${Math.max(0, ply)}${q}`);
    replay = { ply: r.ply, plies: r.plies, data: r };
    show();
  };
  const step = d => {
    const cur = replay ? replay.ply : (Object.values(views)[0] || { log: [] }).log.filter(e => e.n > 0).length;
    const plies = replay ? replay.plies : cur;
    const target = d === "first" ? 0 : d === "last" ? plies : Math.max(0, Math.min(plies, cur + d));
    goReplay(target);
  };
  const replayBar = () => {
    const plies = replay ? replay.plies : Math.max(0, ...Object.values(views)[0].log.map(e => e.n));
    const ply = replay ? replay.ply : plies;
    const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: plies, value: ply, "aria-label": t("replay") });
    slider.onchange = () => goReplay(+slider.value);
    return el("div", { class: "replay", id: "replay" },
      el("h2", {}, t("replay")),
      el("button", { id: "replay-first", title: t("replayFirst"), onclick: () => step("first") }, "|◀"),
      el("button", { id: "replay-prev", title: "←", onclick: () => step(-1) }, "◀"),
      el("span", { id: "replay-ply", "data-ply": ply }, ` ${ply} / ${plies} `),
      el("button", { id: "replay-next", title: "→", onclick: () => step(1) }, "▶"),
      el("button", { id: "replay-last", title: t("replayLast"), onclick: () => step("last") }, "▶|"),
      slider, el("div", { class: "hint" }, t("replayKeys")));
  };
  keyHandler = ev => {
    const v = Object.values(views)[0];
    if (!v || !v.result || (ev.target && ev.target.tagName === "INPUT" && ev.target.type !== "range")) return;
    const d = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" }[ev.key];
    if (d === undefined) return;
    ev.preventDefault();
    step(d);
  };
  document.addEventListener("keydown", keyHandler);
  let connNote = "";
  const connect = (seat, tries = 0) => {
    // log=delta: after the first view the server sends only the log lines this page lacks
    const q = (seat === null ? "?" : `?token=${encodeURIComponent(tokens[seat])}&`) + "log=delta";
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tid}${q}`);
    ws.seat = seat;
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (talk.onMessage(m, showSoon)) return;
      if (m.type === "state" && m.log_from !== undefined) {
        // the lines this page has from log_from up to before log_keep, then the ones sent
        const had = views[seat === null ? "spectator" : seat];
        if (!had) { ws.send(JSON.stringify({ type: "sync" })); return; }
        m.log = had.log.filter(e => e.n >= m.log_from && e.n < m.log_keep).concat(m.log);
        delete m.log_from; delete m.log_keep;
      }
      if (m.type === "state") {
        m.receivedAt = Date.now(); tries = 0; connNote = ""; views[seat === null ? "spectator" : seat] = m;
        // a tone when the turn passes to a seat of this page (off unless the player turned it on):
        // judged on every view received, not on the ones drawn, since a move and a computer's quick
        // answer can arrive within one frame and be drawn as one position
        turnWatch(Object.values(views).some(x => x.seat !== null && !x.result && (x.observation.to_move === undefined || x.observation.to_move === null ? x.legal.length > 0 : x.observation.to_move === x.seat)));
        showSoon();
      }
      else if (m.type === "presence") {
        // only who is present (and the seats held, the clock) changed: merged into this page's view
        const had = views[seat === null ? "spectator" : seat];
        if (!had || had.version !== m.version) { ws.send(JSON.stringify({ type: "sync" })); return; }
        views[seat === null ? "spectator" : seat] = Object.assign({}, had, { present: m.present, held: m.held, receivedAt: Date.now() },
          m.clock ? { clock: m.clock } : {});
        showSoon();
      }
      else if (m.type === "error" && m.fatal) { ws.fatal = (m.words && m.words[LANG]) || m.message; }
      else if (m.type === "error") {
        // a refused move is said for 8 s, then leaves the screen (a newer refusal keeps its own time)
        const refused = lastError = { rule: m.rule, message: (m.words && m.words[LANG]) || m.message }; show();
        setTimeout(() => { if (lastError === refused) { lastError = ""; if (side.isConnected) show(); } }, 8000);
      }
      // the computer plays this seat now (its time ran out, or it was handed over): said until the page is reloaded
      else if (m.type === "seat_lost") { seatLost = saidBy(m); show(); }
      // this seat's person conceded: its token holds the seat no more, and the page watches the table
      // (a reload too opens it as a spectator's)
      else if (m.type === "watching") { const k = getTokens(tid); delete k[m.seat]; localStorage.setItem(tokensKey(tid), JSON.stringify(k)); tablePage(tid); }
    };
    ws.onclose = () => {
      if (!sockets.includes(ws)) return;  // this page closed it
      sockets = sockets.filter(s => s !== ws);
      if (ws.fatal) {
        // a token that holds no seat here is forgotten, and the page shows the table without it
        if (seat !== null) { const m = getTokens(tid); delete m[seat]; localStorage.setItem(tokensKey(tid), JSON.stringify(m)); tablePage(tid); }
        else { connNote = ws.fatal; show(); }
        return;
      }
      // the server is away: try again, waiting longer each time (1 s, 2 s, 4 s ... 30 s)
      const wait = Math.min(30, 2 ** tries);
      connNote = `${t("reconnecting")} ${wait} s`; show();
      setTimeout(() => { if (!sockets.some(s => s.seat === seat)) sockets.push(connect(seat, tries + 1)); }, wait * 1000);
    };
    return ws;
  };
  const mine = Object.keys(tokens).map(Number);
  sockets = mine.length ? mine.map(s => connect(s)) : [connect(null)];
}

window.onpopstate = route;
(window.LapilliAccount ? LapilliAccount.ready : Promise.resolve()).then(route);  // once it is known who signed in
