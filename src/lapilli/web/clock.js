// Play over days in the browser: the clock a new table may choose, each seat's clock at the table
// (the running one highlighted, counting down between the server's views), "My tables" (the
// tables this browser holds a seat token for, marking where it is your turn), the address for
// "your turn" e-mail, and a browser notice while the site is open (permission asked on a click).
(function () {
  Object.assign(I18N.it, {
    clock: "Orologio", noClock: "nessuno", customRealtime: "a tempo: riserva + incremento…", customTurn: "a turni: tempo per mossa…",
    bankMinutes: "riserva (minuti)", incrementSeconds: "incremento (secondi)", perMoveHours: "ore per mossa",
    timeoutLevel: "a tempo scaduto gioca il computer", clockOf: "Orologio", aMove: "a mossa", timedOut: "tempo scaduto",
    myTables: "I miei tavoli", noMyTables: "Non sei seduto a nessun tavolo da questo browser.", yourTurnMark: "Tocca a te",
    theirTurn: "Tocca a", openTable: "Apri", notifyBrowser: "Avvisami in questo browser", notifyOn: "Avvisi del browser attivi",
    notifyDenied: "Il browser non permette gli avvisi", mailMe: "E-mail quando tocca a me", save: "Salva", notices: "Avvisi",
    mailSaved: "Ti scriveremo a", mailStopped: "Nessuna e-mail",
    mailConfirmSent: "Ti abbiamo scritto per confermare l'indirizzo: apri il link di quella e-mail, poi arriveranno gli avvisi a",
    mailConfirmPending: "Indirizzo non ancora confermato: apri il link dell'e-mail di conferma già inviata a", statusOpen: "in attesa di giocatori", statusPlaying: "in corso",
    statusFinished: "finita", standIn: "gioca il computer per te",
  });
  Object.assign(I18N.en, {
    clock: "Clock", noClock: "none", customRealtime: "real-time: bank + increment…", customTurn: "turn-based: time per move…",
    bankMinutes: "bank (minutes)", incrementSeconds: "increment (seconds)", perMoveHours: "hours per move",
    timeoutLevel: "when time runs out the computer plays", clockOf: "Clock", aMove: "a move", timedOut: "time ran out",
    myTables: "My tables", noMyTables: "This browser holds no seat at any table.", yourTurnMark: "Your turn",
    theirTurn: "To move:", openTable: "Open", notifyBrowser: "Notify me in this browser", notifyOn: "Browser notices on",
    notifyDenied: "The browser does not allow notices", mailMe: "E-mail me when it is my turn", save: "Save", notices: "Notices",
    mailSaved: "We will write to", mailStopped: "No e-mail",
    mailConfirmSent: "We sent a mail to confirm the address: follow its link, then notices will come to",
    mailConfirmPending: "Address not confirmed yet: follow the link of the confirmation mail already sent to", statusOpen: "waiting for players", statusPlaying: "playing",
    statusFinished: "finished", standIn: "the computer plays for you",
  });
  const mk = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k.startsWith("on")) e[k] = v; else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
    }
    for (const k of kids.flat(Infinity)) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  const post = async (path, body) => {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(saidBy(data, r.statusText));
    return data;
  };

  // ------------------------------------------------ time shown
  function span(s) {
    s = Math.max(0, s);
    if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
    if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
    if (s >= 10) return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
    return `0:0${s.toFixed(1)}`;
  }
  // a clock's setting in words: "10 min + 10 s a move", "24 h a move"
  function amount(s) {
    if (s >= 3600 && s % 3600 === 0) return `${s / 3600} h`;
    if (s >= 60 && s % 60 === 0) return `${s / 60} min`;
    return `${s} s`;
  }
  function describe(c) {
    if (!c) return t("noClock");
    if (c.kind === "realtime") return `${amount(c.bank)} + ${amount(c.increment)} ${t("aMove")}`;
    return `${amount(c.per_move)} ${t("aMove")}`;
  }
  // seconds a seat has left, as of now in this browser: the running seat counts down from the
  // server's figure at the time its view arrived
  function secondsLeft(clock, seat, receivedAt) {
    if (clock.running === seat) return clock.to_move_left - (Date.now() - receivedAt) / 1000;
    if (clock.kind === "realtime") return clock.left[seat];
    return clock.per_move;
  }
  setInterval(() => document.querySelectorAll(".seat-clock[data-left-at]").forEach(e => {
    const left = (+e.dataset.leftAt - (Date.now() - +e.dataset.since) / 1000);
    e.querySelector(".clock-time").textContent = span(left);
    e.classList.toggle("low", left < 10);
  }), 200);

  // ------------------------------------------------ lobby: the clock of a new table
  let presets = null;
  function lobbyControl() {
    const sel = mk("select", { id: "clock" }, mk("option", { value: "" }, t("noClock")));
    const extra = mk("span", { id: "clock-custom" });
    const bank = mk("input", { id: "clock-bank", type: "number", min: 1, max: 1440, value: 10, "aria-label": t("bankMinutes") });
    const inc = mk("input", { id: "clock-increment", type: "number", min: 0, max: 3600, value: 10, "aria-label": t("incrementSeconds") });
    const hours = mk("input", { id: "clock-hours", type: "number", min: 1, max: 720, value: 24, "aria-label": t("perMoveHours") });
    const level = mk("select", { id: "clock-level", "aria-label": t("timeoutLevel") },
      ["easy", "normal", "hard"].map(l => mk("option", { value: l }, t(l))));
    level.value = "normal";
    const drawExtra = () => {
      extra.innerHTML = "";
      if (sel.value === "custom-realtime") extra.append(" ", mk("label", {}, t("bankMinutes"), " ", bank), " ", mk("label", {}, t("incrementSeconds"), " ", inc));
      if (sel.value === "custom-turn") extra.append(" ", mk("label", {}, t("perMoveHours"), " ", hours));
      if (sel.value) extra.append(" ", mk("label", {}, t("timeoutLevel"), " ", level));
    };
    sel.onchange = drawExtra;
    (presets ? Promise.resolve(presets) : fetch("/api/clocks").then(r => r.json()).then(p => (presets = p))).then(list => {
      for (const p of list) sel.insertBefore(mk("option", { value: p.id }, describe(p)), null);
      sel.append(mk("option", { value: "custom-realtime" }, t("customRealtime")), mk("option", { value: "custom-turn" }, t("customTurn")));
    });
    return {
      el: mk("p", { class: "clock-choice" }, mk("label", {}, t("clock") + " ", sel), extra),
      value() {
        if (!sel.value) return null;
        if (sel.value === "custom-realtime") return { kind: "realtime", bank: +bank.value * 60, increment: +inc.value, level: level.value };
        if (sel.value === "custom-turn") return { kind: "turn", per_move: +hours.value * 3600, level: level.value };
        return { preset: sel.value, level: level.value };
      },
    };
  }

  // ------------------------------------------------ the table: each seat's clock
  function strip(stripEl, v) {
    const c = v.clock;
    if (!c) return;
    const at = v.receivedAt || Date.now();
    (v.players || []).forEach(pl => {
      const box = stripEl.querySelector(`.player[data-seat="${pl.seat}"]`);
      if (!box) return;
      const running = c.running === pl.seat;
      const left = secondsLeft(c, pl.seat, at);
      const seat = (v.table.seats || [])[pl.seat] || {};
      box.append(mk("span", { class: "seat-clock" + (running ? " running" : "") + (running && left < 10 ? " low" : ""),
        "data-seat": pl.seat, "data-left-at": running ? String(c.to_move_left) : null, "data-since": running ? String(at) : null,
        title: t("clockOf") },
        mk("span", { class: "clock-time" }, span(left)),
        seat.timed_out ? mk("span", { class: "timed-out" }, ` · ${t("timedOut")}`) : ""));
    });
    stripEl.append(mk("span", { class: "clock-kind", id: "clock-kind" }, `${t("clock")}: ${describe(c)}`));
  }

  // ------------------------------------------------ the table: "your turn" e-mail and notices
  function noticeForm(tid, tokens) {
    const token = tokens[Object.keys(tokens)[0]];
    const input = mk("input", { id: "notice-email", type: "email", placeholder: "name@example.org", maxlength: 254, "aria-label": t("mailMe") });
    const note = mk("span", { id: "notice-note", class: "hint" });
    // folded under one short word in the table's header; it opens over the page (style.css .pop)
    const box = mk("details", { class: "notices", id: "notices" }, mk("summary", {}, t("notices")),
      mk("div", { class: "pop" },
        mk("p", {}, mk("label", { for: "notice-email" }, t("mailMe")), mk("br"), input, " ", mk("button", { id: "notice-save", onclick: async () => {
          try {
            const r = await post(`/api/tables/${tid}/notify`, { token, email: input.value.trim() || null });
            // notices go only to an address its owner confirmed through the link mailed to it
            const said = !r.email ? "mailStopped" : r.confirmed || !r.sending ? "mailSaved"
              : r.confirmation_sent ? "mailConfirmSent" : "mailConfirmPending";
            note.textContent = r.email ? ` ${t(said)} ${r.email}` : ` ${t(said)}`;
            note.dataset.state = said;
          } catch (e) { note.textContent = ` ${e.message}`; }
        } }, t("save")), note),
        mk("p", {}, permissionButton())));
    post("/api/my-tables", { seats: [{ table: tid, token }] }).then(rows => {
      if (rows[0] && rows[0].email) { input.value = rows[0].email; note.textContent = ` ${t("mailSaved")} ${rows[0].email}`; }
    }).catch(() => {});
    return box;
  }
  function permissionButton() {
    const b = mk("button", { class: "notify-browser", id: "notify-browser" }, t("notifyBrowser"));
    const state = () => {
      if (!("Notification" in window)) { b.disabled = true; b.textContent = t("notifyDenied"); }
      else if (Notification.permission === "granted") { b.disabled = true; b.textContent = t("notifyOn"); }
      else if (Notification.permission === "denied") { b.disabled = true; b.textContent = t("notifyDenied"); }
    };
    // asked only when the person clicks, never on its own
    b.onclick = async () => { if ("Notification" in window) { await Notification.requestPermission(); state(); poll(); } };
    state();
    return b;
  }

  // ------------------------------------------------ "My tables"
  function seatTokens() {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      const m = k && k.match(/^lapilli-tokens-([A-Za-z0-9_-]+)$/);
      if (!m) continue;
      for (const token of Object.values(JSON.parse(localStorage.getItem(k) || "{}"))) out.push({ table: m[1], token });
    }
    return out;
  }
  // each seat's name as the table gives it, in the page's language
  const names = r => r.labels[typeof LANG === "string" && r.labels[LANG] ? LANG : "en"];
  async function myTables(root) {
    const seats = seatTokens();
    const rows = seats.length ? await post("/api/my-tables", { seats: seats.slice(0, 200) }) : [];
    if (location.pathname !== "/mine") return;
    const at = Date.now();
    root.innerHTML = "";
    const card = mk("div", { class: "card", id: "my-tables" }, mk("h2", {}, t("myTables")), mk("p", {}, permissionButton()));
    if (!rows.length) card.append(mk("p", { id: "no-my-tables" }, t("noMyTables")));
    for (const r of rows) {
      const status = { open: t("statusOpen"), playing: t("statusPlaying"), finished: t("statusFinished") }[r.status] || r.status;
      const line = mk("div", { class: "my-table" + (r.your_turn ? " your-turn" : ""), "data-table": r.id, "data-your-turn": String(r.your_turn) },
        r.your_turn ? mk("span", { class: "turn-mark", title: t("yourTurnMark") }, `● ${t("yourTurnMark")}`) : mk("span", { class: "turn-mark none" }, ""),
        mk("b", {}, r.title), " · ", names(r).map((n, i) => (i === r.seat ? `${n} (${t("you")})` : n)).join(", "),
        " · ", status,
        r.status === "playing" && !r.your_turn && r.to_move !== null ? ` · ${t("theirTurn")} ${names(r)[r.to_move]}` : "",
        r.stand_in ? ` · ${t("standIn")}` : "",
        r.clock && r.clock.running !== null ? mk("span", { class: "seat-clock" + (r.your_turn ? " running" : ""), "data-left-at": String(r.clock.to_move_left), "data-since": String(at), title: t("clockOf") },
          mk("span", { class: "clock-time" }, span(r.clock.to_move_left))) : "",
        " ", mk("a", { href: `/t/${r.id}`, class: "open-table" }, t("openTable")));
      card.append(line);
    }
    root.append(card);
    turnsSeen = new Set(rows.filter(r => r.your_turn).map(r => r.id));
  }

  // ------------------------------------------------ browser notices while the site is open
  let turnsSeen = null;
  async function poll() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const seats = seatTokens();
    if (!seats.length) return;
    let rows;
    try { rows = await post("/api/my-tables", { seats: seats.slice(0, 200) }); } catch (e) { return; }
    const now = new Set(rows.filter(r => r.your_turn).map(r => r.id));
    if (turnsSeen !== null) {
      for (const r of rows) {
        if (!r.your_turn || turnsSeen.has(r.id)) continue;
        if (!document.hidden && location.pathname === `/t/${r.id}`) continue;  // already looking at it
        const n = new Notification(`Lapilli: ${t("yourTurnMark")}`, { body: r.title, tag: `lapilli-${r.id}` });
        n.onclick = () => { window.focus(); location.href = `/t/${r.id}`; };
      }
    }
    turnsSeen = now;
  }
  setInterval(poll, 30000);
  poll();

  window.LapilliClock = { lobbyControl, strip, noticeForm, myTables, describe, span };
})();
