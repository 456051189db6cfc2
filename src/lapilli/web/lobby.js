// The lobby's list of tables and a rated game's rating changes.  The list: the tables waiting for
// players or being played, newest first, each with who is seated (an account with its public
// rating in the game), how long the table has waited, the "rated" badge, and a filter by game and
// by player count.  The filters are query parameters of GET /api/tables: the server filters in
// the database before cutting the page, so a page of a rare game is full even when other games'
// tables are many more (filtering a bounded page here would show too few).  Loaded before app.js.
(function () {
  Object.assign(I18N.en, {
    anyGame: "every game", anyPlayers: "any number", filterGame: "Game", filterPlayers: "Players",
    waitedFor: "waiting for {t}", seconds: "{n} s", minutes: "{n} min", hours: "{n} h", days: "{n} d",
    openSeatRow: "open seat", ratingChange: "Rating change", ratingPending: "The rating changes are being applied…",
  });
  Object.assign(I18N.it, {
    anyGame: "tutti i giochi", anyPlayers: "qualsiasi numero", filterGame: "Gioco", filterPlayers: "Giocatori",
    waitedFor: "in attesa da {t}", seconds: "{n} s", minutes: "{n} min", hours: "{n} h", days: "{n} g",
    openSeatRow: "posto libero", ratingChange: "Variazione del punteggio", ratingPending: "Le variazioni del punteggio sono in corso…",
  });
  const mk = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k.startsWith("on")) e[k] = v; else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
    }
    for (const k of kids.flat(Infinity)) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  async function call(path) {
    const r = await fetch(path);
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(saidBy(data, r.statusText));
    return data;
  }
  // a waiting time in the largest unit that fits ("45 s", "3 min", "2 h", "1 d")
  const ago = s => {
    if (s < 60) return t("seconds").replace("{n}", s);
    if (s < 3600) return t("minutes").replace("{n}", Math.floor(s / 60));
    if (s < 86400) return t("hours").replace("{n}", Math.floor(s / 3600));
    return t("days").replace("{n}", Math.floor(s / 86400));
  };
  const PAGE = 50;

  // the card of the tables, with its filters; ``games``: /api/games
  function list(games) {
    const title = id => (games.find(g => g.id === id) || { title: id }).title;
    const gameSel = mk("select", { id: "filter-game", "aria-label": t("filterGame") },
      mk("option", { value: "" }, t("anyGame")), games.map(g => mk("option", { value: g.id }, g.title)));
    const playersSel = mk("select", { id: "filter-players", "aria-label": t("filterPlayers") });
    const fillPlayers = () => {
      const g = games.find(x => x.id === gameSel.value);
      const lo = g ? g.min_players : Math.min(...games.map(x => x.min_players));
      const hi = g ? g.max_players : Math.max(...games.map(x => x.max_players));
      const keep = playersSel.value;
      playersSel.replaceChildren(mk("option", { value: "" }, t("anyPlayers")));
      for (let n = lo; n <= hi; n++) playersSel.append(mk("option", { value: n }, n));
      playersSel.value = [...playersSel.options].some(o => o.value === keep) ? keep : "";
    };
    fillPlayers();
    const rows = mk("div", { id: "tables", "aria-live": "polite" });
    const more = mk("button", { id: "more-tables", hidden: true }, t("moreTables"));
    const card = mk("div", { class: "card", id: "open-tables" }, mk("h2", {}, t("openTables")),
      mk("p", { class: "filters" }, mk("label", {}, t("filterGame") + " ", gameSel), " ",
        mk("label", {}, t("filterPlayers") + " ", playersSel)),
      rows, more);
    const row = tb => {
      const status = { open: t("statusOpen"), playing: t("statusPlaying"), finished: t("statusFinished") }[tb.status] || tb.status;
      const seats = mk("span", { class: "seated" });
      tb.seats.forEach((s, i) => {
        if (i) seats.append(", ");
        if (s.kind === "open") { seats.append(mk("span", { class: "open-seat" }, t("openSeatRow"))); return; }
        const name = s.kind === "bot" ? `${t("computer")} (${t(s.agent) || s.agent})` : s.name;
        const who = s.account ? mk("span", { class: "account" }, name)
          : mk("span", { class: s.kind === "human" ? "guest" : "bot" }, name, s.kind === "human" ? ` (${t("guestMark")})` : "");
        seats.append(mk("span", { class: "seat", "data-seat": s.seat }, who,
          s.rating !== null && s.rating !== undefined ? mk("span", { class: "seat-rating", title: t("rating") }, ` ${Math.round(s.rating)}`) : ""));
      });
      return mk("p", { class: "open-table-row", "data-table": tb.id, "data-game": tb.game, "data-players": tb.players },
        mk("b", {}, title(tb.game)), ` · ${t("nPlayers").replace("{n}", tb.players)} · `,
        tb.rated ? [mk("span", { class: "rated-badge" }, t("ratedBadge")), " · "] : "",
        `${status} · `, seats,
        tb.status === "open" && tb.waited !== null && tb.waited !== undefined
          ? [" · ", mk("span", { class: "waited", "data-waited": tb.waited }, t("waitedFor").replace("{t}", ago(tb.waited)))] : "",
        " · ", mk("a", { href: `/t/${tb.id}` }, tb.status === "open" ? t("join") : t("watch")));
    };
    let asked = 0;  // the newest request wins when filters change quickly
    const load = async (offset = 0) => {
      const mine = ++asked;
      const q = new URLSearchParams({ limit: PAGE, offset });
      if (gameSel.value) q.set("game", gameSel.value);
      if (playersSel.value) q.set("players", playersSel.value);
      let page;
      try { page = await call(`/api/tables?${q}`); } catch (e) { page = []; }
      if (mine !== asked) return;
      if (!offset) rows.replaceChildren();
      page.forEach(tb => rows.append(row(tb)));
      if (!rows.children.length) rows.append(mk("p", { id: "no-tables" }, t("noTables")));
      more.hidden = page.length < PAGE;
      more.onclick = () => load(offset + page.length);
    };
    gameSel.onchange = () => { fillPlayers(); load(); };
    playersSel.onchange = () => load();
    card.ready = load();
    return card;
  }

  // the end of a rated game: each account's rating before → after (``changes``: the table's
  // rating_changes; [] while they are being applied)
  function ratingChanges(changes) {
    const box = mk("div", { class: "rating-changes", id: "rating-changes" }, mk("h4", {}, t("ratingChange")));
    if (!changes.length) { box.append(mk("p", { class: "hint" }, t("ratingPending"))); return box; }
    for (const c of changes) {
      const d = Math.round(c.after) - Math.round(c.before);
      box.append(mk("p", { class: "rating-change", "data-seat": c.seat, "data-before": c.before, "data-after": c.after },
        mk("a", { class: "account", href: `/players/${encodeURIComponent(c.username || "")}` }, c.username || ""), " ",
        `${Math.round(c.before)} → ${Math.round(c.after)} `,
        mk("span", { class: d > 0 ? "up" : d < 0 ? "down" : "same" }, `(${d > 0 ? "+" : ""}${d})`)));
    }
    return box;
  }

  window.LapilliLobby = { list, ratingChanges };
})();
