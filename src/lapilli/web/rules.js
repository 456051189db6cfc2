// Rules at hand.  Each game's rules in the players' words live in /static/rules/<game>.json:
// sections (aim, set-up, turn, scoring, variants) of paragraphs in Italian and English, each with
// the clause IDs it covers, plus the text of every numbered clause of the rules specification.
// `LapilliRules.open(game, clause)` shows the panel (at the paragraph of `clause` when given);
// `LapilliRules.refusal(game, rule, message)` builds the message of a refused move: the engine's
// reason, the clause's text and a link to its paragraph.
Object.assign(I18N.it, { rules: "Regole", close: "Chiudi", rule: "Regola", readRules: "Leggi la regola" });
Object.assign(I18N.en, { rules: "Rules", close: "Close", rule: "Rule", readRules: "Read the rule" });

window.LapilliRules = (() => {
  const cache = {};
  const load = game => cache[game] || (cache[game] = fetch(`/static/rules/${game}.json`).then(r => (r.ok ? r.json() : null)).catch(() => null));
  const node = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "onclick") e.onclick = v; else e.setAttribute(k, v); }
    for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  // the paragraph that covers a clause: one naming it, else one naming its section (STR-2 for STR-2.9)
  function paragraphFor(doc, clause) {
    if (!doc || !clause) return null;
    const section = clause.replace(/^([A-Z]{3}-[0-9]+)\..*$/, "$1");
    let bySection = null;
    for (const s of doc.sections) for (const p of s.paragraphs) {
      if (p.clauses.includes(clause)) return p;
      if (!bySection && p.clauses.includes(section)) bySection = p;
    }
    return bySection;
  }
  function panel(doc, focusId) {
    const dialog = node("dialog", { class: "rules-panel", id: "rules-panel", "aria-label": t("rules") });
    const close = node("button", { class: "close", id: "rules-close", onclick: () => { dialog.close(); dialog.remove(); } }, t("close"));
    dialog.append(node("div", { class: "rules-head" }, node("h2", {}, t("rules")), close));
    if (window.LapilliLearn) window.LapilliLearn.rulesLink(dialog.querySelector(".rules-head"), doc.game);  // "Learn to play"
    for (const s of doc.sections) {
      const sec = node("section", { id: `rules-${s.id}` }, node("h3", {}, s.title[LANG] || s.title.en));
      for (const p of s.paragraphs) {
        sec.append(node("p", { id: `rule-${p.id}`, class: p.id === focusId ? "focus" : "" },
          p[LANG] || p.en, " ", node("span", { class: "clause-ids" }, p.clauses.join(" · "))));
      }
      dialog.append(sec);
    }
    dialog.addEventListener("cancel", () => dialog.remove());
    return dialog;
  }
  async function open(game, clause) {
    const doc = await load(game);
    if (!doc) return null;
    document.getElementById("rules-panel")?.remove();
    const focus = paragraphFor(doc, clause);
    const dialog = panel(doc, focus && focus.id);
    document.body.append(dialog);
    dialog.showModal();
    const target = focus && dialog.querySelector(`#rule-${focus.id}`);
    if (target) target.scrollIntoView({ block: "center" });
    return dialog;
  }
  // the text of a refused move: "Move refused: <reason>" and, when the engine named a clause, the
  // clause itself (its paragraph in the players' words in Italian) with a link to the rules panel
  function refusal(game, rule, message) {
    const box = node("div", { class: "error", id: "error", role: "alert" }, `${t("refused")}: ${message}`);
    if (!rule || !/^[A-Z]{3}-/.test(rule)) return box;
    const detail = node("div", { class: "clause", id: "refusal-clause" });
    const link = node("a", { href: "#", class: "rule-link", id: "rule-link", onclick: e => { e.preventDefault(); open(game, rule); } }, `${t("rule")} ${rule}`);
    detail.append(link);
    box.append(detail);
    load(game).then(doc => {
      if (!doc) return;
      const p = paragraphFor(doc, rule);
      const text = LANG === "en" ? (doc.clauses || {})[rule] || (p && p.en) : p && p[LANG];
      if (text) detail.append(": ", node("span", { class: "clause-text" }, text), " ");
      if (p) detail.append(node("a", { href: "#", class: "read-rule", onclick: e => { e.preventDefault(); open(game, rule); } }, t("readRules")));
    });
    return box;
  }
  return { load, open, refusal, paragraphFor };
})();
