// The coach in the browser: "Review" after a game (the replay on the board with an evaluation
// bar, the move played and the better move drawn on it) and "Hint" during a game (the suggested
// move drawn on the board).  The server judges (lapilli.coach); this file only shows.
window.LapilliCoach = (() => {
  const TEXT = {
    it: { review: "Analisi", reviewing: "Analisi in corso…", hint: "Suggerimento", hintAsk: "Chiedi un suggerimento",
      allowHints: "Accetto i suggerimenti al tavolo", played: "Giocata", better: "Meglio", winShare: "quota di vittoria attesa",
      hintsUsed: "Suggerimenti usati", good: "buona", inaccuracy: "imprecisione", mistake: "errore", blunder: "grave errore",
      noDecision: "Nessuna scelta qui: passa a una mossa analizzata.", hidden: "Giudicato solo da ciò che il giocatore vedeva.",
      certain: "certo", likely: "Risposta probabile", likelyOutcome: "Esito probabile", likelyTitle: "Quante volte è capitato quando il suggeritore ha ipotizzato ciò che non vedi",
      why: "Perché", hintLegend: "Sul tabellone la mossa suggerita ha un anello tratteggiato nero e bianco.",
      progress: "Decisione {k} di {n}", stopped: "L'analisi si è fermata prima della fine." },
    en: { review: "Review", reviewing: "Reviewing…", hint: "Hint", hintAsk: "Ask for a hint",
      allowHints: "I agree to hints at this table", played: "Played", better: "Better", winShare: "expected win share",
      hintsUsed: "Hints used", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder",
      noDecision: "No choice here: step to a reviewed move.", hidden: "Judged only from what the player could see.",
      certain: "certain", likely: "Likely reply", likelyOutcome: "Likely outcome", likelyTitle: "How often it came up when the coach guessed what you cannot see",
      why: "Why", hintLegend: "On the board the suggested move has a dashed black-and-white ring.",
      progress: "Decision {k} of {n}", stopped: "The review stopped before the end." },
  };
  const tx = k => (TEXT[LANG] || TEXT.en)[k] || TEXT.en[k] || k;
  const mk = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "onclick") e.onclick = v; else if (v !== undefined && v !== null) e.setAttribute(k, v); }
    for (const k of kids.flat(Infinity)) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  const tables = {};   // tid -> {review, loading, hint: {version, move, text}, error, hints}
  const stateOf = tid => (tables[tid] = tables[tid] || {});

  // every board element whose token an action names gets the class (as the last move is marked)
  function mark(board, action, cls) {
    if (!action) return 0;
    let n = 0;
    for (const tok of action.split(" ")) {
      board.querySelectorAll(`svg [data-token="${CSS.escape(tok)}"]`).forEach(e => { e.classList.add(cls); n++; });
    }
    return n;
  }
  function evalBar(value, best) {
    const pct = v => `${Math.round(100 * v)}%`;
    return mk("div", { class: "eval" },
      mk("div", { class: "eval-text" }, `${pct(value)} ${tx("winShare")}`),
      mk("div", { class: "eval-bar", id: "eval-bar", "data-value": value, title: tx("winShare"), role: "meter",
        "aria-valuemin": 0, "aria-valuemax": 100, "aria-valuenow": Math.round(100 * value), "aria-label": tx("winShare") },
        mk("div", { class: "eval-fill", style: `width:${pct(value)}` }),
        best > value ? mk("div", { class: "eval-best", style: `left:${pct(best)}` }) : ""));
  }
  const words = (d, which) => (d[which + "_text"] || {})[LANG] || (d[which + "_text"] || {}).en || d[which];

  const pctOf = v => `${Math.round(100 * v)}%`;
  // the review of a finished game, streamed by the server decision by decision: the progress
  // and the decisions judged so far are shown as they come, the whole review at the end
  async function runReview(ctx, s) {
    s.loading = true; s.error = ""; s.partial = { decisions: [] }; s.progress = { done: 0, total: 0 }; s.picked = null; ctx.show();
    const onLine = m => {
      if (m.stage === "start") s.progress.total = m.total;
      else if (m.stage === "decision") { s.progress.done = m.done; if (m.decision) s.partial.decisions.push(m.decision); }
      else if (m.stage === "done") s.review = m.review;
      else if (m.stage === "error") throw new Error(saidBy(m, tx("stopped")));
    };
    try {
      const r = await fetch(`/api/tables/${ctx.tid}/review/${ctx.seat ?? 0}?progress=1`);
      if (!r.ok) { const data = await r.json().catch(() => ({})); throw new Error(saidBy(data, r.statusText)); }
      const reader = r.body.getReader(), dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        for (let i; (i = buf.indexOf("\n")) >= 0;) {
          const line = buf.slice(0, i); buf = buf.slice(i + 1);
          if (line.trim()) onLine(JSON.parse(line));
        }
        ctx.show();
      }
      if (!s.review) throw new Error(tx("stopped"));
      s.loading = false;
      // a decision the player picked while the review ran stays shown, even if its replay is
      // still on its way
      const looking = s.picked != null || (ctx.replay && s.review.decisions.some(d => d.ply === ctx.replay.ply));
      const first = s.review.decisions.find(d => d.cls !== "good") || s.review.decisions[0];
      if (first && !looking) ctx.goReplay(first.ply); else ctx.show();
    } catch (e) { s.loading = false; s.error = e.message; ctx.show(); }
  }
  function progressBar(s) {
    const { done, total } = s.progress || { done: 0, total: 0 };
    return mk("div", { class: "review-progress" },
      mk("progress", { id: "review-progress", max: Math.max(1, total), value: done, "aria-label": tx("reviewing") }),
      mk("span", { id: "review-progress-text", "aria-live": "polite" }, tx("progress").replace("{k}", done).replace("{n}", total || "…")));
  }
  function reviewPanel(ctx, s) {
    const box = mk("div", { class: "coach review", id: "review" }, mk("h3", {}, tx("review")));
    const rv = s.review || (s.loading ? s.partial : null);
    if (!s.review) {
      box.append(mk("button", { id: "review-btn", class: "primary", disabled: s.loading ? "" : null, onclick: () => runReview(ctx, s) },
        s.loading ? tx("reviewing") : tx("review")));
      if (s.loading) box.append(progressBar(s));
      if (s.error) box.append(mk("p", { class: "error", id: "review-error" }, s.error));
      if (!rv) return box;
    }
    const ply = ctx.replay ? ctx.replay.ply : null;
    const d = rv.decisions.find(x => x.ply === ply);
    box.append(mk("p", { class: "hint" }, tx("hidden")));
    if (d) {
      box.append(evalBar(d.value_played, d.value_best));
      box.append(mk("p", { class: `judged cls-${d.cls}`, id: "review-played", "data-cls": d.cls, "data-action": d.played },
        mk("span", { class: "swatch played" }), `${tx("played")}: ${words(d, "played")} `, mk("b", {}, `(${tx(d.cls)})`)));
      if (d.best !== d.played) {
        box.append(mk("p", { class: "judged better", id: "review-better", "data-action": d.best },
          mk("span", { class: "swatch better" }), `${tx("better")}: ${words(d, "best")} (${pctOf(d.value_best)})`));
        const why = (d.reason || {})[LANG] || (d.reason || {}).en;
        if (why) box.append(mk("p", { class: "reason", id: "review-reason" }, `${tx("why")}: ${why}`));
      }
    } else if (s.review) box.append(mk("p", { class: "hint", id: "review-none" }, tx("noDecision")));
    const list = mk("ul", { class: "review-list", id: "review-list" });
    for (const x of rv.decisions) {
      // the list names what to look at (good moves are on the plot); while the review runs it
      // shows every decision judged so far
      if (s.review && x.cls === "good" && x !== d) continue;
      list.append(mk("li", { class: `cls-${x.cls}` + (x === d ? " current" : ""), "data-ply": x.ply },
        mk("a", { href: "#", onclick: ev => { ev.preventDefault(); if (s.loading) s.picked = x.ply; ctx.goReplay(x.ply); } },
          `${x.ply + 1}. ${tx(x.cls)}: ${words(x, "played")}`)));
    }
    box.append(list);
    return box;
  }
  function drawReview(ctx, s) {
    const rv = s.review || (s.loading ? s.partial : null);
    if (!rv || !ctx.replay) return;
    const d = rv.decisions.find(x => x.ply === ctx.replay.ply);
    if (!d) return;
    ctx.board.querySelectorAll("svg .last-move").forEach(e => e.classList.remove("last-move"));
    mark(ctx.board, d.played, "coach-played");
    if (d.best !== d.played) mark(ctx.board, d.best, "coach-better");
  }

  // hints during a game
  function hintPanel(ctx, s) {
    const box = mk("div", { class: "coach hint-box", id: "hint-box" });
    const ask = mk("button", { id: "hint-btn", onclick: async () => {
      s.error = "";
      try {
        const r = await fetch(`/api/tables/${ctx.tid}/hint`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: ctx.token }) });
        const data = await r.json();
        if (!r.ok) throw new Error(saidBy(data, r.statusText));
        s.hint = { version: ctx.v.version, move: data.move, text: data.text, likely: data.likely || [], reason: data.reason || {} };
      } catch (e) { s.error = e.message; }
      ctx.show();
    } }, tx("hintAsk"));
    box.append(ask);
    if (ctx.others) box.append(" ", mk("button", { id: "hints-agree", onclick: async () => {
      await fetch(`/api/tables/${ctx.tid}/hints/agree`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: ctx.token }) });
      ctx.show();
    } }, tx("allowHints")));
    if (s.hint && s.hint.version === ctx.v.version) {
      const say = t => (t || {})[LANG] || (t || {}).en || "";
      // the move and what follows from it for certain; then what the others may do, with how
      // often the coach saw it; then why
      box.append(mk("p", { class: "hint-text", id: "hint-text", "data-action": s.hint.move },
        mk("span", { class: "swatch hinted", "aria-hidden": "true" }), `${tx("hint")} (${tx("certain")}): ${say(s.hint.text) || s.hint.move}`));
      if (s.hint.likely.length) box.append(mk("ul", { class: "hint-likely", id: "hint-likely" }, s.hint.likely.map(x =>
        mk("li", { "data-share": x.share, title: tx("likelyTitle") }, `${tx(x.reply === false ? "likelyOutcome" : "likely")} (${pctOf(x.share)}): ${say(x.text)}`))));
      if (say(s.hint.reason)) box.append(mk("p", { class: "reason", id: "hint-reason" }, `${tx("why")}: ${say(s.hint.reason)}`));
      box.append(mk("p", { class: "hint", id: "hint-legend" }, tx("hintLegend")));
    }
    if (s.error) box.append(mk("p", { class: "error", id: "hint-error" }, s.error));
    return box;
  }

  // hints used, in the result
  function hintsUsed(ctx, s, panel) {
    if (!s.hints) {
      if (!s.hintsAsked) {
        s.hintsAsked = true;
        fetch(`/api/tables/${ctx.tid}/hints`).then(r => r.json()).then(h => { s.hints = h; ctx.show(); }).catch(() => {});
      }
      return;
    }
    const used = s.hints.seats.filter(x => x.used > 0);
    if (!used.length || !panel) return;
    const p = mk("p", { class: "hints-used", id: "hints-used" }, `${tx("hintsUsed")}: `);
    used.forEach((x, i) => { if (i) p.append(", "); p.append(mk("span", { "data-seat": x.seat, "data-used": x.used }, `${window.LapilliPlayerName(ctx.v, x.seat)}: ${x.used}`)); });
    panel.append(p);
  }

  // called by the table page after each redraw
  function decorate(ctx) {
    const s = stateOf(ctx.tid);
    if (ctx.live.result) {
      hintsUsed(ctx, s, ctx.side.querySelector("#results"));
      const results = ctx.side.querySelector("#replay");
      const panel = reviewPanel(ctx, s);
      if (results) results.after(panel); else ctx.side.append(panel);
      drawReview(ctx, s);
    } else if (ctx.token && ctx.v.legal.length && !ctx.live.table.rated) {  // no coach at a rated table before its end
      const status = ctx.side.querySelector("#status");
      const panel = hintPanel(ctx, s);
      if (status) status.after(panel); else ctx.side.append(panel);
      markHint(ctx);
    }
  }
  // the hint asked at this position, on the board (also after the move picker drew the board again)
  function markHint(ctx) {
    const s = stateOf(ctx.tid);
    if (s.hint && s.hint.version === ctx.v.version) mark(ctx.board, s.hint.move, "coach-hint");
  }
  return { decorate, markHint };
})();
