// Lapilli browser client: lobby and table.  No rules here: the server sends each seat its view
// (observation + legal moves) and validates every move with the engine.
const app = document.getElementById("app");
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onchange" || k === "onsubmit") e[k] = v; else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
};
async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || data.detail || r.statusText);
  return data;
}
const tokensKey = tid => `lapilli-tokens-${tid}`;
const getTokens = tid => JSON.parse(localStorage.getItem(tokensKey(tid)) || "{}");
const saveToken = (tid, seat, token) => { const m = getTokens(tid); m[seat] = token; localStorage.setItem(tokensKey(tid), JSON.stringify(m)); };

document.getElementById("lang").value = LANG;
document.getElementById("lang").onchange = e => { LANG = e.target.value; localStorage.setItem("lapilli-lang", LANG); route(); };

function route() {
  applyI18n();
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9]+)/);
  if (m) tablePage(m[1]); else lobby();
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  const games = await api("/api/games");
  const tables = await api("/api/tables");
  app.innerHTML = "";
  const gameSel = el("select", { id: "game" }, games.map(g => el("option", { value: g.id }, g.title)));
  const form = el("div", { class: "card", id: "new-table" }, el("h2", {}, t("newTable")));
  const body = el("div");
  form.append(el("label", {}, t("game") + " ", gameSel), body);
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
    const refresh = async () => {
      let c;
      try { c = await api(`/api/games/${g.id}/choices`, { players: +players.value, options: chosen() }); } catch (e) { return; }
      for (const opt of players.options) {
        const why = c.players[opt.value];
        opt.disabled = !!why && opt.value !== players.value;
        opt.title = why || "";
      }
      playersWhy.textContent = c.players[players.value] ? `${t("notAllowed")}: ${c.players[players.value]}` : "";
      for (const sel of opts.querySelectorAll("select")) {
        const reasons = c.options[sel.dataset.option] || {};
        const whys = [];
        for (const opt of sel.options) {
          const why = reasons[opt.value];
          opt.disabled = !!why && opt.value !== sel.value;
          opt.title = why || "";
          if (why && opt.value !== sel.value) whys.push(`${opt.textContent}: ${why}`);
        }
        opts.querySelector(`[data-why="${sel.dataset.option}"]`).textContent = whys.length ? `${t("notAllowed")} — ${whys.join("; ")}` : "";
      }
      create.disabled = !!c.players[players.value];
    };
    opts.onchange = refresh;
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
      open.forEach(i => mySeat.append(el("option", { value: i }, `${t("player")} ${i + 1}`)));
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
        const s = el("select", { "data-seat": i, "aria-label": `${t("player")} ${i + 1}` },
          el("option", { value: "open" }, t("openSeat")),
          ["easy", "normal", "hard", "random"].map(l => el("option", { value: l }, `${t("computer")} (${t(l)})`)));
        s.value = before[i] || (i > 0 ? "normal" : "open");
        s.onchange = drawMine;
        const name = el("input", { "data-seat-name": i, placeholder: `${t("player")} ${i + 1}`, maxlength: 40, "aria-label": `${t("name")}: ${t("player")} ${i + 1}` });
        seats.append(el("tr", {}, el("td", {}, `${t("player")} ${i + 1}`), el("td", {}, s), el("td", { class: "hot-name" }, name)));
      }
      drawMine();
    };
    hot.onchange = drawMine; mySeat.onchange = drawMine;
    players.onchange = () => { drawSeats(); refresh(); }; drawSeats();
    const create = el("button", { class: "primary", id: "create", onclick: async () => {
      const options = chosen();
      const seatReq = [...seats.querySelectorAll("select")].map(s => s.value === "open" ? { kind: "open" } : { kind: "bot", level: s.value });
      try {
        const r = await api("/api/tables", { game: g.id, players: +players.value, options, seats: seatReq });
        const typedName = myName.value.trim();
        if (typedName) localStorage.setItem("lapilli-name", typedName);
        for (let i = 0; i < seatReq.length; i++) {
          if (seatReq[i].kind !== "open") continue;
          const mine = String(i) === mySeat.value;
          if (!mine && !hot.checked) continue;  // left for a friend with the invite link
          const typed = mine ? typedName : seats.querySelector(`[data-seat-name='${i}']`).value.trim();
          const j = await api(`/api/tables/${r.id}/seats/${i}`, { name: typed || `${t("player")} ${i + 1}` });
          saveToken(r.id, i, j.token);
        }
        history.pushState({}, "", r.invite); route();
      } catch (e) { alert(e.message); }
    } }, t("create"));
    body.append(el("p", {}, el("label", {}, t("players") + " ", players), " ", playersWhy), el("h3", {}, t("options")), opts, seats,
      el("p", {}, el("label", {}, t("yourName") + " ", myName), " ", el("label", {}, t("yourSeat") + " ", mySeat)),
      el("p", {}, el("label", {}, hot, " " + t("hotseat"))), create);
    refresh();
  };
  gameSel.onchange = draw; draw();
  const list = el("div", { class: "card" }, el("h2", {}, t("openTables")));
  if (!tables.length) list.append(el("p", {}, t("noTables")));
  for (const tb of tables) {
    list.append(el("p", {}, `${tb.game} · ${tb.players} · ${tb.status} `,
      el("a", { href: `/t/${tb.id}` }, tb.status === "open" ? t("join") : t("watch"))));
  }
  app.append(form, list);
}

// ---------------------------------------------------------------- table
let sockets = [];
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
async function tablePage(tid) {
  sockets.forEach(s => s.close()); sockets = [];
  const info = await api(`/api/tables/${tid}`);
  await loadBoard(info.game);
  const spec = (await api("/api/games")).find(g => g.id === info.game);
  const tokens = getTokens(tid);
  app.innerHTML = "";
  const head = el("div", { class: "card" }, el("h2", {}, `${info.game} · ${t("invite")}: `, el("code", {}, location.origin + `/t/${tid}`)),
    el("button", { id: "rules", onclick: () => window.LapilliRules.open(info.game) }, t("rules")));
  app.append(head);
  const openSeats = info.seats.filter(s => s.kind === "open");
  if (openSeats.length && Object.keys(tokens).length === 0) {
    const name = el("input", { id: "name", placeholder: t("yourName") });
    const seatSel = el("select", { id: "seat" }, openSeats.map(s => el("option", { value: s.seat }, `${t("player")} ${s.seat + 1}`)));
    name.value = localStorage.getItem("lapilli-name") || "";
    head.append(el("p", {}, name, seatSel, el("button", { class: "primary", id: "join", onclick: async () => {
      const typed = name.value.trim();
      if (typed) localStorage.setItem("lapilli-name", typed);
      try { const j = await api(`/api/tables/${tid}/seats/${seatSel.value}`, { name: typed || `${t("player")} ${+seatSel.value + 1}` }); saveToken(tid, j.seat, j.token); tablePage(tid); }
      catch (e) { alert(e.message); }
    } }, t("join"))));
  }
  const board = el("div", { class: "card", id: "board" });
  const side = el("div", { class: "card", id: "side" });
  app.append(el("div", { class: "columns" }, board, side));
  const views = {};
  const pickers = {};
  let lastError = "";
  // hot-seat in a game where players hold secrets: the screen shows one seat's view at a time, and
  // between two people's turns a hand-over screen hides everything until the next one confirms
  const handOver = Object.keys(tokens).length > 1 && !!(spec && spec.private_information);
  let holder = null;  // the seat whose person confirmed they hold the device
  const show = () => {
    // the view to show: the seat to move among ours, else the seat holding the device, else our
    // first seat, else the spectator's
    const all = Object.values(views);
    if (!all.length) return;
    const v = all.find(x => x.seat !== null && x.legal.length) || all.find(x => x.seat === holder) || all[0];
    board.innerHTML = ""; side.innerHTML = ""; side.hidden = false;
    if (handOver && !v.result && v.seat !== null && v.seat !== holder) {
      side.hidden = true;
      const who = (v.table.seats[v.seat] || {}).name || `${t("player")} ${v.seat + 1}`;
      board.append(el("div", { class: "hand-over", id: "hand-over" },
        el("h2", {}, t("passDevice").replace("{name}", who)),
        el("p", {}, t("passDeviceHint")),
        el("button", { class: "primary", id: "hand-over-ok", onclick: () => { holder = v.seat; show(); } }, t("iAm").replace("{name}", who))));
      return;
    }
    const send = action => {
      const ws = sockets.find(s => s.seat === v.seat);
      ws.send(JSON.stringify({ type: "act", action, version: v.version }));
      // until the server's next view arrives, this one is stale: nothing on it may be clicked
      v.legal = []; v.sent = action; show();
    };
    if (!pickers[v.seat] || pickers[v.seat].version !== v.version) {
      pickers[v.seat] = window.LapilliPicker(v.legal, send, show);
      pickers[v.seat].version = v.version;
      pickers[v.seat].autoAdvance();
    }
    const picker = pickers[v.seat];
    (window.LapilliBoards[v.table.game] || window.LapilliBoards.generic)(board, v, picker);
    if (v.legal.length) window.LapilliPickerUI(board, picker, send);
    const to = v.observation.to_move;
    side.append(el("p", { id: "status" }, v.result ? t("gameOver") : (v.legal.length ? `${t("yourTurn")} (${t("seat")} ${v.seat})` : (v.sent ? `${v.sent} …` : `${t("waiting")} ${t("seat")} ${to}`))));
    if (lastError) side.append(window.LapilliRules.refusal(v.table.game, lastError.rule, lastError.message));
    if (v.legal.length) {
      // typing the notation is the fallback; the full list helps a newcomer learn it
      const input = el("input", { id: "notation", placeholder: t("typeAction"), list: "legal-list" });
      const dl = el("datalist", { id: "legal-list" }, v.legal.slice(0, 500).map(a => el("option", { value: a })));
      side.append(el("p", {}, input, dl, el("button", { id: "send", onclick: () => send(input.value) }, t("send"))));
    }
    if (v.can_undo) side.append(el("button", { id: "undo", onclick: () => sockets.find(s => s.seat === v.seat).send(JSON.stringify({ type: "undo" })) }, t("undo")));
    // seats whose person left can be handed to a computer opponent by anyone seated here
    const myToken = tokens[Object.keys(tokens)[0]];
    const gone = v.table.seats.filter(s => s.kind === "human" && !v.present.includes(s.seat) && !(s.seat in tokens));
    if (myToken && !v.result) gone.forEach(s => side.append(el("button", { class: "takeover", "data-seat": s.seat, onclick: async () => {
      try { await api(`/api/tables/${tid}/seats/${s.seat}/computer`, { token: myToken, level: "normal" }); } catch (e) { alert(e.message); }
    } }, `${t("takeOver")}: ${t("seat")} ${s.seat} (${s.name})`)));
    if (v.result) {
      side.append(el("h3", {}, t("result")));
      v.result.scores.forEach((s, i) => side.append(el("div", { class: "score" }, `${t("seat")} ${i}: ${s}${v.result.winners.includes(i) ? " — " + t("winner") : ""}`)));
      side.append(el("p", {}, el("a", { href: `/api/tables/${tid}/record`, id: "download" }, t("download"))));
      side.append(replayControls(tid));
    }
    side.append(el("h3", {}, t("log")), el("div", { class: "log", id: "log" }, v.log.slice().reverse().map(e => el("div", {}, `${e.n}. ${t("seat")} ${e.seat}: ${e.action}`))));
  };
  const connect = seat => {
    const q = seat === null ? "" : `?token=${encodeURIComponent(tokens[seat])}`;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tid}${q}`);
    ws.seat = seat;
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === "state") { views[seat === null ? "spectator" : seat] = m; if (m.seat !== null || seat === null) lastError = lastError; show(); }
      else if (m.type === "error") { lastError = { rule: m.rule, message: m.message }; show(); setTimeout(() => { lastError = ""; }, 8000); }
    };
    ws.onclose = () => { setTimeout(() => { if (sockets.includes(ws)) { sockets = sockets.filter(s => s !== ws); sockets.push(connect(seat)); } }, 1500); };
    return ws;
  };
  const mine = Object.keys(tokens).map(Number);
  sockets = mine.length ? mine.map(connect) : [connect(null)];
}

function replayControls(tid) {
  const box = el("div", { id: "replay" });
  let ply = 0;
  const pre = el("pre", { class: "board" });
  const label = el("span");
  const go = async d => { const r = await api(`/api/tables/${tid}/replay/${Math.max(0, ply + d)}`); ply = r.ply; label.textContent = ` ${r.ply}/${r.plies} ${r.last || ""} `; pre.textContent = r.text; };
  box.append(el("h3", {}, t("replay")), el("button", { onclick: () => go(-1) }, t("prev")), label, el("button", { onclick: () => go(1) }, t("next")), pre);
  go(0);
  return box;
}

window.onpopstate = route;
route();
