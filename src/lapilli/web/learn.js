// Learn to play: a game's tutorial on the real board with the real move picker.  The server
// sends each step's position as the learner's view (/api/learn/<game>/<chapter>/<step>) and
// judges every move with the engine (POST to the same address); the tutorial's data says what
// each step asks.  This page only shows the steps, the board and the server's judgement.
Object.assign(I18N.it, {
  learnToPlay: "Impara a giocare", learnChapter: "Capitolo", learnStep: "passo", learnBack: "Indietro", learnSkip: "Salta",
  learnRetry: "Riprova", learnNext: "Avanti", learnWell: "Ben fatto!", learnRule: "Regola",
  learnSummary: "Riassunto delle regole (traduzione nostra)",
  learnLegal: "Questa mossa è consentita, ma non è quella che insegna questo passo.", learnTry: "Prova",
  learnIllegal: "Questa mossa non è consentita.", learnPlay: "Gioca una partita vera contro il computer (facile)",
  learnHint: "Durante la partita, il pulsante Suggerimento del coach propone una mossa e spiega perché.",
  learnDone: "Tutorial finito.", learnYourMove: "Fai la mossa sul tabellone.",
});
Object.assign(I18N.en, {
  learnToPlay: "Learn to play", learnChapter: "Chapter", learnStep: "step", learnBack: "Back", learnSkip: "Skip",
  learnRetry: "Retry", learnNext: "Next", learnWell: "Well done!", learnRule: "Rule",
  learnSummary: "Rules summary",
  learnLegal: "That move is allowed, but it is not what this step teaches.", learnTry: "Try",
  learnIllegal: "That move is not allowed.", learnPlay: "Play a real game against the computer (easy)",
  learnHint: "During the game, the coach's Hint button suggests a move and says why.",
  learnDone: "Tutorial finished.", learnYourMove: "Make the move on the board.",
});

window.LapilliLearn = (() => {
  let list = null;
  const available = () => list || (list = fetch("/api/learn").then(r => (r.ok ? r.json() : [])).then(l => l.map(x => x.game)).catch(() => []));
  const node = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "onclick") e.onclick = v; else if (v !== undefined && v !== null) e.setAttribute(k, v); }
    for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  const word = m => (m && (m[LANG] || m.en)) || "";
  const call = async (path, body) => {
    const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(saidBy(data, r.statusText));
    return data;
  };
  // "Learn to play" beside the lobby's choice of game, for the games with a tutorial
  async function lobbyLink(form, gameSel) {
    const games = await available();
    const a = node("a", { id: "learn-link", class: "learn-link" }, t("learnToPlay"));
    const update = () => { a.hidden = !games.includes(gameSel.value); a.href = `/learn/${gameSel.value}`; };
    gameSel.addEventListener("change", update);
    update();
    gameSel.closest("label").after(" ", a);
  }
  // ... and in the rules panel's head
  async function rulesLink(head, game) {
    if (!(await available()).includes(game)) return;
    head.querySelector("h2").after(node("a", { id: "rules-learn", class: "learn-link", href: `/learn/${game}` }, t("learnToPlay")));
  }

  async function page(app, game) {
    const [tut, games] = await Promise.all([call(`/api/learn/${game}`), call("/api/games")]);
    const spec = games.find(g => g.id === game) || { title: game };
    if (typeof loadBoard === "function") await loadBoard(game);
    const at = { ci: 0, si: 0 };
    const m = location.hash.match(/^#(\d+)\.(\d+)$/);  // a chapter's address: /learn/<game>#<chapter>.<step>
    if (m && tut.chapters[+m[1]] && tut.chapters[+m[1]].steps[+m[2]]) { at.ci = +m[1]; at.si = +m[2]; }
    app.innerHTML = "";
    const title = node("h1", { id: "title" }, `${t("learnToPlay")}: ${spec.title}`);
    const rules = node("button", { id: "rules", onclick: () => window.LapilliRules.open(game) }, t("rules"));
    app.append(node("div", { class: "card table-head" }, node("div", { class: "head-row" }, title, node("div", { class: "head-actions" }, rules))));
    const lesson = node("div", { class: "card lesson", id: "lesson", "aria-live": "polite" });
    const board = node("div", { class: "card", id: "board" });
    app.append(node("div", { class: "columns table-columns learn-columns" }, node("div", { class: "main-col" }, lesson, board)));
    let view = null, feedback = null, done = false, picker = null;  // the picker lives as long as its position

    const go = async (ci, si) => {
      at.ci = ci; at.si = si; feedback = null; done = false; picker = null;
      history.replaceState({}, "", `/learn/${game}#${ci}.${si}`);
      view = await call(`/api/learn/${game}/${ci}/${si}`);
      show();
    };
    const forward = () => {
      const ch = tut.chapters[at.ci];
      if (at.si + 1 < ch.steps.length) go(at.ci, at.si + 1);
      else if (at.ci + 1 < tut.chapters.length) go(at.ci + 1, 0);
    };
    const back = () => {
      if (at.si > 0) go(at.ci, at.si - 1);
      else if (at.ci > 0) go(at.ci - 1, tut.chapters[at.ci - 1].steps.length - 1);
    };
    const send = async action => {
      let j;
      try { j = await call(`/api/learn/${game}/${at.ci}/${at.si}`, { action }); }
      catch (e) { feedback = { verdict: "error", message: e.message }; show(); return; }
      if (j.verdict === "asked") { view = j.view; done = true; }
      feedback = j; picker = null;
      show();
    };
    const playReal = async () => {
      // a real table against the computer (easy), with the tutorial's options, the learner at seat 0
      const seats = Array.from({ length: view.table.players }, (_, i) => (i === tut.learner ? { kind: "open" } : { kind: "bot", level: "easy" }));
      const r = await call("/api/tables", { game, players: view.table.players, options: view.table.options, seats });
      const j = await call(`/api/tables/${r.id}/seats/${tut.learner}`, { name: localStorage.getItem("lapilli-name") || "" });
      const m = JSON.parse(localStorage.getItem(`lapilli-tokens-${r.id}`) || "{}"); m[j.seat] = j.token;
      localStorage.setItem(`lapilli-tokens-${r.id}`, JSON.stringify(m));
      history.pushState({}, "", r.invite); route();
    };

    const show = () => {
      const ch = tut.chapters[at.ci], step = ch.steps[at.si];
      const asks = !!(step.ask && step.ask.length);
      lesson.innerHTML = "";
      lesson.dataset.chapter = at.ci; lesson.dataset.step = at.si;
      lesson.append(node("h3", { id: "lesson-title" }, `${t("learnChapter")} ${at.ci + 1}/${tut.chapters.length}: ${word(ch.title)}`,
        node("span", { class: "lesson-count" }, ` · ${t("learnStep")} ${at.si + 1}/${ch.steps.length}`)));
      lesson.append(node("p", { id: "lesson-say", class: "lesson-say" }, word(step.say)));
      if (step.rule) {
        const link = node("a", { href: "#", class: step.rule.source === "summary" ? "rule-link summary" : "rule-link", id: "lesson-clause", onclick: e => { e.preventDefault(); window.LapilliRules.open(game, step.rule.clause); } },
          `${t(step.rule.source === "summary" ? "learnSummary" : "learnRule")} ${step.rule.clause}`);  // a summary is not the rulebook's words
        lesson.append(node("blockquote", { id: "lesson-rule", class: "lesson-rule" }, `«${step.rule[LANG] || step.rule.en}» `, link));
      }
      if (feedback) {
        const box = node("div", { id: "lesson-feedback", class: `lesson-feedback ${feedback.verdict}`, role: "status", "data-verdict": feedback.verdict });
        if (feedback.verdict === "asked") box.append(node("b", {}, t("learnWell")));
        else if (feedback.verdict === "legal") box.append(node("b", {}, t("learnLegal")), " ", word(feedback.why), " ",
          node("span", { class: "lesson-try" }, `${t("learnTry")}: ${feedback.asked.join(" / ")}`));
        else if (feedback.verdict === "illegal") {
          box.append(node("b", {}, t("learnIllegal")));
          box.append(window.LapilliRules.refusal(game, feedback.rule, feedback.message));
        } else box.append(feedback.message);
        lesson.append(box);
      }
      const nav = node("p", { class: "lesson-nav", id: "lesson-nav" });
      nav.append(node("button", { id: "lesson-back", onclick: back, disabled: at.ci === 0 && at.si === 0 ? "" : null }, t("learnBack")));
      if (asks && !done) {
        nav.append(node("button", { id: "lesson-retry", onclick: () => { feedback = null; picker = null; show(); } }, t("learnRetry")));
        nav.append(node("button", { id: "lesson-skip", onclick: forward }, t("learnSkip")));
      }
      const last = at.ci === tut.chapters.length - 1 && at.si === ch.steps.length - 1;
      if ((!asks || done) && !last) nav.append(node("button", { class: "primary", id: "lesson-next", onclick: forward }, t("learnNext")));
      if (step.play) {
        lesson.append(node("p", { id: "lesson-hint", class: "hint" }, t("learnHint")));
        nav.append(node("button", { class: "primary", id: "lesson-play", onclick: () => playReal().catch(e => alert(e.message)) }, t("learnPlay")));
      }
      lesson.append(nav);
      if (asks && !done) {
        // typing the notation, as at a table: the board offers only legal moves, a typed one may break a rule
        const input = node("input", { id: "notation", placeholder: t("typeAction"), "aria-label": t("typeAction"), size: 16 });
        input.onkeydown = e => { if (e.key === "Enter" && input.value.trim()) send(input.value.trim()); };
        lesson.append(node("p", { class: "lesson-type" }, input, " ", node("button", { id: "send", onclick: () => input.value.trim() && send(input.value.trim()) }, t("send"))));
      }
      // the real board; its picker offers this position's legal moves while the step asks one
      const v = Object.assign({}, view, { legal: asks && !done ? view.legal : [] });
      if (!picker) { picker = window.LapilliPicker(v.legal, send, show); picker.autoAdvance(); }
      window.LapilliDrawBoard(board, game, v, picker);
      if (typeof markLastMove === "function") markLastMove(board, v);
      if (v.legal.length) window.LapilliPickerUI(board, picker, send);
    };
    go(at.ci, at.si);
  }
  return { available, lobbyLink, rulesLink, page };
})();
