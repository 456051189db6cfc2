// The table's chat, conceding, and undo by agreement.  Chat lines are shown as plain text only
// (textContent, never markup).  Muting a person is this browser's choice, kept in localStorage:
// a muted person's lines are not shown at all (spectators, who have no name, are muted together).
// A hot-seat screen (several seats in one browser) shows no chat: the players share the screen.
(function () {
  Object.assign(I18N.it, {
    chat: "Chat", chatSay: "Scrivi un messaggio", chatSend: "Invia", mute: "Silenzia", unmuteAll: "Riattiva tutti i silenziati",
    spectator: "Spettatore", chatClosed: "La chat di questo tavolo è solo per i giocatori.", chatWatchOnly: "Gli spettatori leggono la chat ma non scrivono.",
    chatMode: "Chat", chatSeats: "solo i giocatori", chatWatch: "gli spettatori leggono", chatOpen: "gli spettatori leggono e scrivono",
    concede: "Concedi la partita", concedeConfirm: "Concedere la partita? Con due giocatori vince l'avversario; con più giocatori esci e sei ultimo, e il computer gioca al tuo posto fino alla fine.",
    concedeConfirmRated: "Concedere la partita? Per la classifica è una sconfitta. Con due giocatori vince l'avversario; con più giocatori esci e sei ultimo, e il computer gioca al tuo posto fino alla fine.",
    conceded: "ha concesso", proposeUndo: "Proponi di annullare la mossa", proposes: "propone di annullare la sua ultima mossa",
    accept: "Accetta", refuse: "Rifiuta", withdraw: "Ritira la proposta", waitingFor: "in attesa di",
    "undoEnd.accepted": "Mossa annullata di comune accordo", "undoEnd.refused": "Proposta di annullare rifiutata",
    "undoEnd.withdrawn": "Proposta di annullare ritirata", "undoEnd.expired": "Proposta di annullare scaduta",
    "undoEnd.changed": "Proposta di annullare decaduta: il tavolo è andato avanti",
  });
  Object.assign(I18N.en, {
    chat: "Chat", chatSay: "Write a message", chatSend: "Send", mute: "Mute", unmuteAll: "Unmute everyone muted",
    spectator: "Spectator", chatClosed: "This table's chat is for the players only.", chatWatchOnly: "Spectators read the chat but do not write.",
    chatMode: "Chat", chatSeats: "players only", chatWatch: "spectators read", chatOpen: "spectators read and write",
    concede: "Concede the game", concedeConfirm: "Concede the game? With two players the other wins; with more you are out and last, and the computer plays your seat to the end.",
    concedeConfirmRated: "Concede the game? It counts as a loss for the rating. With two players the other wins; with more you are out and last, and the computer plays your seat to the end.",
    conceded: "conceded", proposeUndo: "Propose to undo the move", proposes: "proposes to take back their last move",
    accept: "Accept", refuse: "Refuse", withdraw: "Withdraw the proposal", waitingFor: "waiting for",
    "undoEnd.accepted": "Move taken back by agreement", "undoEnd.refused": "Undo proposal refused",
    "undoEnd.withdrawn": "Undo proposal withdrawn", "undoEnd.expired": "Undo proposal expired",
    "undoEnd.changed": "Undo proposal dropped: the table moved on",
  });
  const MUTED = "lapilli-muted";
  const muted = () => { try { return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]")); } catch (e) { return new Set(); } };
  const saveMuted = set => localStorage.setItem(MUTED, JSON.stringify([...set]));
  // a person, as muting knows them: a named person by name (whatever the table), an unnamed seat
  // by table and seat, every spectator together
  const personKey = (tid, line) => line.seat === null ? "spectators"
    : line.name ? `name:${line.name.toLowerCase()}` : `seat:${tid}:${line.seat}`;

  function start(tid, hotSeat) {
    const lines = new Map();  // id -> line
    let proposal = null;      // the undo_proposal message, while one waits
    let ended = null;         // {why, at}: the last proposal's end, said for a while
    let draft = "";
    const panel = el("div", { class: "chat", id: "chat" });
    const list = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", "aria-label": t("chat") });
    const input = el("input", { id: "chat-text", maxlength: 300, placeholder: t("chatSay"), "aria-label": t("chatSay") });
    let socket = () => null;
    const sendLine = () => {
      const ws = socket();
      const text = input.value.trim();
      if (!ws || !text) return;
      ws.send(JSON.stringify({ type: "chat", text }));
      input.value = ""; draft = "";
    };
    input.addEventListener("keydown", ev => { if (ev.key === "Enter") { ev.preventDefault(); sendLine(); } });
    input.addEventListener("input", () => { draft = input.value; });
    const form = el("p", { class: "chat-form" }, input, el("button", { id: "chat-send", onclick: sendLine }, t("chatSend")));
    panel.append(el("h2", {}, t("chat")), list, form);

    const drawLines = v => {
      const mute = muted();
      list.replaceChildren();
      for (const line of lines.values()) {
        const key = personKey(tid, line);
        if (mute.has(key)) continue;  // nothing of a muted person is shown
        const who = line.seat === null ? t("spectator") : playerName(v, line.seat);
        const li = el("li", { class: "chat-line", "data-seat": line.seat === null ? "" : line.seat });
        const name = el("b", { class: "chat-who" }); name.textContent = who;
        const text = el("span", { class: "chat-text" }); text.textContent = line.text;  // plain text, never markup
        li.append(name, ": ", text);
        if (line.seat !== v.seat || v.seat === null) li.append(" ", el("button", { class: "mute", title: t("mute"), onclick: () => {
          const set = muted(); set.add(key); saveMuted(set); drawLines(v);
        } }, t("mute")));
        list.append(li);
      }
      if (mute.size) list.append(el("li", { class: "chat-muted" }, el("button", { id: "unmute", onclick: () => { saveMuted(new Set()); drawLines(v); } }, t("unmuteAll"))));
      list.scrollTop = list.scrollHeight;
    };

    return {
      // a message for the talk (chat, undo proposals): true when it was one
      onMessage(m, show) {
        if (m.type === "chat") { m.lines.forEach(l => lines.set(l.id, l)); while (lines.size > 200) lines.delete(lines.keys().next().value); show(); return true; }
        if (m.type === "undo_proposal") { proposal = m; ended = null; show(); return true; }
        if (m.type === "undo_proposal_end") {
          proposal = null; const mine = ended = { why: m.why, at: Date.now() }; show();
          setTimeout(() => { if (ended === mine) { ended = null; show(); } }, 8000);
          return true;
        }
        return false;
      },
      // the chat, the proposal and the concede / propose-undo buttons, added to the side panel
      decorate({ v, live, side, replay, sockets, tokens }) {
        const seatWs = v.seat === null ? null : sockets.find(s => s.seat === v.seat);
        const mySeat = v.seat !== null && v.seat !== undefined && tokens[v.seat] && (live.table.seats[v.seat] || {}).kind === "human";
        const playing = !replay && !live.result && live.table.status === "playing";
        const name = s => playerName(v, s);
        if (proposal && playing) {
          const box = el("div", { class: "undo-proposal", id: "undo-proposal", role: "status" },
            el("p", {}, el("b", {}, name(proposal.seat)), ` ${t("proposes")}`,
              proposal.waiting.length ? ` (${t("waitingFor")} ${proposal.waiting.map(name).join(", ")})` : ""));
          const answer = accept => () => seatWs && seatWs.send(JSON.stringify({ type: "answer_undo", accept }));
          if (mySeat && proposal.waiting.includes(v.seat)) box.append(el("button", { id: "undo-accept", class: "primary", onclick: answer(true) }, t("accept")),
            el("button", { id: "undo-refuse", onclick: answer(false) }, t("refuse")));
          else if (mySeat && proposal.seat === v.seat) box.append(el("button", { id: "undo-withdraw", onclick: answer(false) }, t("withdraw")));
          side.append(box);
        } else if (ended && playing) side.append(el("p", { class: "undo-ended", id: "undo-ended", role: "status" }, t(`undoEnd.${ended.why}`)));
        if (mySeat && playing) {
          const last = (v.log || []).filter(e => e.n > 0).slice(-1)[0];
          const clocked = !!live.table.clock;
          if (!proposal && !live.table.rated && !clocked && !v.can_undo && last && last.seat === v.seat)
            side.append(el("button", { id: "propose-undo", onclick: () => seatWs.send(JSON.stringify({ type: "propose_undo" })) }, t("proposeUndo")));
          side.append(el("button", { id: "concede", onclick: () => {
            if (window.confirm(t(live.table.rated ? "concedeConfirmRated" : "concedeConfirm"))) seatWs.send(JSON.stringify({ type: "concede" }));
          } }, t("concede")));
        }
        if (hotSeat) return;  // one screen shared by the players: no chat
        const mode = live.table.chat || "seats";
        const reader = v.seat !== null && v.seat !== undefined && tokens[v.seat];
        if (!reader && mode === "seats") { side.append(el("p", { class: "hint", id: "chat-closed" }, t("chatClosed"))); return; }
        socket = () => sockets.find(s => s.seat === (reader ? v.seat : null));
        form.hidden = !reader && mode !== "open";
        panel.querySelectorAll(".chat-note").forEach(n => n.remove());
        if (form.hidden) panel.append(el("p", { class: "hint chat-note" }, t("chatWatchOnly")));
        const focused = document.activeElement === input;
        if (input.value !== draft) input.value = draft;
        drawLines(v);
        side.append(panel);
        if (focused) input.focus();
      },
    };
  }
  window.LapilliTalk = { start, personKey };
})();
