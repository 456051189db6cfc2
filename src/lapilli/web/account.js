// Accounts in the browser: sign up, sign in and out (the header's account area), the player
// pages (/players/NAME: ratings, tables in play, finished games) and the leaderboards
// (/leaderboard/GAME), and the "rated" choice of the lobby.  Loaded before app.js.
//
// CSRF: the server refuses a state-changing request made with the session cookie unless it
// carries the session's token (the lapilli_csrf cookie) in X-CSRF-Token; every same-origin
// request this page makes with fetch gets that header here, so no call site has to remember it.
(function () {
  const csrf = () => (document.cookie.match(/(?:^|;\s*)lapilli_csrf=([^;]*)/) || [])[1] || "";
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const method = (init.method || (input instanceof Request ? input.method : "GET")).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : input, location.href);
    if (!["GET", "HEAD", "OPTIONS"].includes(method) && url.origin === location.origin && csrf()) {
      const headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
      headers.set("X-CSRF-Token", decodeURIComponent(csrf()));
      init = Object.assign({}, init, { headers });
    }
    return plainFetch(input, init);
  };

  Object.assign(I18N.en, {
    signIn: "Sign in", signUp: "Sign up", signOut: "Sign out", username: "Username", password: "Password",
    email: "E-mail (optional)", cancel: "Cancel", myPage: "My page", guest: "Guest",
    rated: "Rated (signed-in players only, no computer seats, with a clock)", ratedBadge: "rated",
    ratings: "Ratings", rating: "Rating", deviation: "± (deviation)", gamesPlayed: "Games", leaderboard: "Leaderboard",
    playing: "Playing", finishedOf: "Finished games", noRatings: "No rated game yet", noGames: "None",
    won: "won", lost: "lost", seatOf: "seat", open: "open", rank: "#", playerLabel: "Player", noPlayer: "No such player",
    playingAs: "Playing as",
  });
  Object.assign(I18N.it, {
    signIn: "Entra", signUp: "Registrati", signOut: "Esci", username: "Nome utente", password: "Password",
    email: "E-mail (facoltativa)", cancel: "Annulla", myPage: "La mia pagina", guest: "Ospite",
    rated: "Valida per la classifica (solo giocatori registrati, nessun computer, con orologio)", ratedBadge: "classificata",
    ratings: "Punteggi", rating: "Punteggio", deviation: "± (deviazione)", gamesPlayed: "Partite", leaderboard: "Classifica",
    playing: "In corso", finishedOf: "Partite finite", noRatings: "Ancora nessuna partita classificata", noGames: "Nessuna",
    won: "vinta", lost: "persa", seatOf: "posto", open: "apri", rank: "#", playerLabel: "Giocatore", noPlayer: "Giocatore inesistente",
    playingAs: "Giochi come",
  });

  const mk = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k.startsWith("on")) e[k] = v; else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
    }
    for (const k of kids.flat(Infinity)) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  async function call(path, body) {
    const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(saidBy(data, r.statusText));
    return data;
  }
  const go = path => { history.pushState({}, "", path); route(); };

  let me = null;  // the signed-in username, or null
  const bar = mk("span", { id: "account" });
  document.querySelector("header").insertBefore(bar, document.getElementById("lang").closest("label"));

  function drawBar() {
    bar.innerHTML = "";
    if (me) {
      bar.append(mk("a", { href: `/players/${encodeURIComponent(me)}`, id: "me", onclick: e => { e.preventDefault(); go(`/players/${encodeURIComponent(me)}`); } }, me),
        " ", mk("button", { id: "sign-out", onclick: async () => {
          try { await call("/api/account/signout", {}); } catch (e) { alert(e.message); }
          me = null; drawBar(); route();
        } }, t("signOut")));
    } else {
      bar.append(mk("button", { id: "sign-in", onclick: () => dialog("signin") }, t("signIn")),
        mk("button", { id: "sign-up", onclick: () => dialog("signup") }, t("signUp")));
    }
  }

  function dialog(kind) {
    const old = document.getElementById("account-dialog");
    if (old) old.remove();
    const user = mk("input", { id: "account-username", autocomplete: "username", maxlength: 20, required: true });
    const pass = mk("input", { id: "account-password", type: "password", maxlength: 200, required: true,
      autocomplete: kind === "signup" ? "new-password" : "current-password" });
    const mail = mk("input", { id: "account-email", type: "email", maxlength: 254, autocomplete: "email" });
    const err = mk("p", { class: "error", id: "account-error", role: "alert" });
    const d = mk("dialog", { id: "account-dialog", class: "card", "aria-labelledby": "account-title" });
    const form = mk("form", { onsubmit: async e => {
      e.preventDefault();
      const body = { username: user.value.trim(), password: pass.value };
      if (kind === "signup" && mail.value.trim()) body.email = mail.value.trim();
      try {
        const r = await call(kind === "signup" ? "/api/account/signup" : "/api/account/signin", body);
        me = r.username; d.close(); d.remove(); drawBar(); route();
      } catch (x) { err.textContent = x.message; }
    } },
    mk("h2", { id: "account-title" }, kind === "signup" ? t("signUp") : t("signIn")),
    mk("p", {}, mk("label", {}, t("username"), mk("br"), user)),
    mk("p", {}, mk("label", {}, t("password"), mk("br"), pass)),
    kind === "signup" ? mk("p", {}, mk("label", {}, t("email"), mk("br"), mail)) : "",
    err,
    mk("p", {}, mk("button", { class: "primary", type: "submit", id: "account-submit" }, kind === "signup" ? t("signUp") : t("signIn")),
      mk("button", { type: "button", onclick: () => { d.close(); d.remove(); } }, t("cancel"))));
    d.append(form);
    document.body.append(d);
    d.showModal();
    user.focus();
  }

  function cell(tag, ...kids) { return mk(tag, {}, ...kids); }

  async function playerPage(name) {
    app.innerHTML = "";
    let p;
    try { p = await call(`/api/players/${encodeURIComponent(name)}`); }
    catch (e) { app.append(mk("div", { class: "card" }, mk("p", {}, `${t("noPlayer")}: ${name}`))); return; }
    const games = await call("/api/games").catch(() => []);
    const title = id => (games.find(g => g.id === id) || { title: id }).title;
    const head = mk("div", { class: "card", id: "player" }, mk("h2", {}, p.username));
    const rt = mk("div", { class: "card", id: "ratings" }, mk("h3", {}, t("ratings")));
    if (!p.ratings.length) rt.append(mk("p", {}, t("noRatings")));
    else {
      rt.append(mk("table", { class: "ratings" }, mk("tr", {}, cell("th", t("game")), cell("th", t("rating")), cell("th", t("deviation")), cell("th", t("gamesPlayed")), cell("th", "")),
        p.ratings.map(r => mk("tr", { "data-game": r.game }, cell("td", title(r.game)), mk("td", { class: "rating" }, r.rating.toFixed(0)),
          cell("td", r.rd.toFixed(0)), cell("td", r.games),
          cell("td", mk("a", { href: `/leaderboard/${r.game}`, onclick: e => { e.preventDefault(); go(`/leaderboard/${r.game}`); } }, t("leaderboard")))))));
    }
    const playing = mk("div", { class: "card", id: "playing" }, mk("h3", {}, t("playing")));
    if (!p.playing.length) playing.append(mk("p", {}, t("noGames")));
    for (const tb of p.playing) {
      playing.append(mk("p", {}, mk("b", {}, title(tb.game)), ` · ${tb.players} · ${tb.status}`, tb.rated ? ` · ${t("ratedBadge")}` : "",
        " ", mk("a", { href: tb.link }, t("open"))));
    }
    const fin = mk("div", { class: "card", id: "player-finished" }, mk("h3", {}, t("finishedOf")));
    if (!p.finished.length) fin.append(mk("p", {}, t("noGames")));
    for (const f of p.finished) {
      const row = mk("p", { class: "player-game", "data-table": f.id }, mk("b", {}, f.title), " · ",
        mk("span", { class: f.won ? "won" : "lost" }, f.won ? t("won") : t("lost")), f.rated ? ` · ${t("ratedBadge")}` : "", " · ");
      // a guest's name says so (an account and a guest are never drawn alike)
      const guestMark = pl => pl.kind === "human" && pl.name && !pl.account ? ` (${t("guestMark")})` : "";
      f.players.forEach((pl, i) => { if (i) row.append(", "); row.append(`${pl.name || pl.level}${guestMark(pl)} ${f.scores[pl.seat]}`); });
      row.append(" ", mk("a", { href: f.replay }, t("replay")));
      fin.append(row);
    }
    app.append(head, rt, playing, fin);
  }

  async function leaderboardPage(game) {
    app.innerHTML = "";
    const games = await call("/api/games").catch(() => []);
    const g = games.find(x => x.id === game) || { title: game };
    const card = mk("div", { class: "card", id: "leaderboard" }, mk("h2", {}, `${t("leaderboard")}: ${g.title}`));
    let rows = [];
    try { rows = await call(`/api/leaderboard/${encodeURIComponent(game)}`); } catch (e) { card.append(mk("p", { class: "error" }, e.message)); }
    if (!rows.length) card.append(mk("p", {}, t("noRatings")));
    else card.append(mk("table", { class: "ratings" }, mk("tr", {}, cell("th", t("rank")), cell("th", t("playerLabel")), cell("th", t("rating")), cell("th", t("deviation")), cell("th", t("gamesPlayed"))),
      rows.map(r => mk("tr", {}, cell("td", r.rank), cell("td", mk("a", { href: `/players/${encodeURIComponent(r.username)}` }, r.username)),
        cell("td", r.rating.toFixed(0)), cell("td", r.rd.toFixed(0)), cell("td", r.games)))));
    app.append(card);
  }

  window.LapilliAccount = {
    get user() { return me; },
    // the pages of this module; true when the path is one of them
    route() {
      drawBar();
      let m = location.pathname.match(/^\/players\/([^/]+)/);
      if (m) { playerPage(decodeURIComponent(m[1])); return true; }
      m = location.pathname.match(/^\/leaderboard\/([^/]+)/);
      if (m) { leaderboardPage(decodeURIComponent(m[1])); return true; }
      return false;
    },
    // the lobby's new-table form: a signed-in person may make the table rated
    lobbyField() {
      if (!me) return "";
      // a rated table always has a clock: checking "rated" picks one when none is chosen, and
      // "no clock" cannot be chosen while it is checked
      const box = mk("input", { type: "checkbox", id: "rated" });
      box.onchange = () => {
        const sel = document.getElementById("clock");
        if (!sel) return;
        const none = sel.querySelector("option[value='']");
        if (none) none.disabled = box.checked;
        if (box.checked && !sel.value) {
          sel.value = "10m+10s";
          sel.dispatchEvent(new Event("change"));
        }
      };
      return mk("p", {}, mk("label", {}, box, " " + t("rated")));
    },
    // where the lobby and the join form ask a guest's name: a signed-in person sits under their
    // username (the server takes it from the session), so they are shown it instead of the field
    nameField(field) {
      return me ? mk("span", { id: "playing-as", class: "playing-as" }, t("playingAs") + " ", mk("b", {}, me)) : field;
    },
    tableExtras() {
      const box = document.getElementById("rated");
      return box && box.checked ? { rated: true } : {};
    },
    ready: call("/api/account").then(r => { me = r.username; drawBar(); }).catch(() => drawBar()),
  };
})();
