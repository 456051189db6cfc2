// The last move shown as movement, and the "your turn" tone.
//
// Movement: each board draws every piece that can move as one element (a <g>: svgPiece in
// boards/generic.js) with data-piece, a key that names the piece ("R3": an explorer; "d0-4": a disc) or, for pieces a
// player cannot tell apart (a shark, a lava marker, a colonist of one colour), its kind.  Before
// a board is drawn again, remember() notes where each piece is (the centre of its box, in the
// board's own coordinates, so that a scroll, a zoom or a resize moves nothing); after it is
// drawn, play() finds each piece again by its key (pieces of one kind: those that stayed keep
// their place, the others are paired nearest first) and slides the ones that moved from their
// old place to the new one in MS milliseconds.  Nothing moves under prefers-reduced-motion.
//
// Sound: off until the player turns it on (the toggle is remembered in localStorage); then a
// short tone (Web Audio: no file to download) when the turn passes to a seat of this page.
(function () {
  const MS = 350;
  const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const NS = "http://www.w3.org/2000/svg";

  // the board's root <svg> of an element, and its point (x, y) of the screen in the root's units
  const rootOf = e => { let s = e.ownerSVGElement; while (s && s.ownerSVGElement) s = s.ownerSVGElement; return s; };
  // each piece in ``container`` with the centre of its box: [{e, c: {x, y}}]. The screen's matrix
  // of a root is read and inverted once per look, not twice per piece.
  function centres(container) {
    const inverse = new Map();  // root -> the inverse of its screen matrix (null: not drawn)
    const out = [];
    container.querySelectorAll("[data-piece]").forEach(e => {
      const root = rootOf(e);
      if (!root) return;
      if (!inverse.has(root)) { const m = root.getScreenCTM(); inverse.set(root, m ? m.inverse() : null); }
      const inv = inverse.get(root);
      if (!inv) return;
      const r = e.getBoundingClientRect();
      if (!r.width && !r.height) return;
      const p = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(inv);
      out.push({ e, c: { x: p.x, y: p.y } });
    });
    return out;
  }

  // where each piece is now: key -> [{x, y}]
  function remember(container) {
    const out = new Map();
    if (!container) return out;
    for (const { e, c } of centres(container)) {
      if (!out.has(e.dataset.piece)) out.set(e.dataset.piece, []);
      out.get(e.dataset.piece).push(c);
    }
    return out;
  }

  const near = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 0.5;
  // each piece drawn now paired with where it was: the same place first, then the nearest
  function pairs(before, container) {
    const now = new Map();
    for (const it of centres(container)) {
      if (!now.has(it.e.dataset.piece)) now.set(it.e.dataset.piece, []);
      now.get(it.e.dataset.piece).push(it);
    }
    const out = [];
    for (const [key, items] of now) {
      const old = (before.get(key) || []).slice();
      const rest = [];
      for (const it of items) {  // the pieces that stayed
        const i = old.findIndex(o => near(o, it.c));
        if (i >= 0) old.splice(i, 1); else rest.push(it);
      }
      for (const it of rest) {  // the others: nearest first
        let best = -1, d = Infinity;
        old.forEach((o, i) => { const dd = Math.hypot(o.x - it.c.x, o.y - it.c.y); if (dd < d) { d = dd; best = i; } });
        if (best < 0) continue;  // a new piece: it appears where it is
        out.push({ e: it.e, from: old[best], to: it.c });
        old.splice(best, 1);
      }
    }
    return out;
  }

  // slide the pieces that moved; returns the keys moved (none under reduced motion)
  function play(container, before) {
    if (!container || !before || !before.size || reduced()) return [];
    const moved = pairs(before, container);
    const keys = [], wrappers = [];
    for (const { e, from, to } of moved) {
      const parent = e.parentNode, root = rootOf(e);
      if (!parent || !root || !parent.getScreenCTM) continue;
      // a piece that is also a target to choose stays where it is: nothing moves under a finger
      if (e.matches(".clickable") || e.querySelector(".clickable")) continue;
      // the distance in the parent's units (the parent may be scaled within the board)
      const k = root.getScreenCTM().a / (parent.getScreenCTM() || root.getScreenCTM()).a;
      const dx = (from.x - to.x) * k, dy = (from.y - to.y) * k;
      // a wrapper carries the slide, so the piece's own transform (if any) stays as drawn
      const w = document.createElementNS(NS, "g");
      w.setAttribute("class", "piece-motion");
      w.setAttribute("data-moving", e.dataset.piece);
      parent.insertBefore(w, e);
      w.append(e);
      w.style.transform = `translate(${dx}px, ${dy}px)`;
      wrappers.push(w);
      keys.push(e.dataset.piece);
    }
    if (!wrappers.length) return keys;
    container.getBoundingClientRect();  // one layout: every start is in place before the slides begin
    for (const w of wrappers) {
      w.style.transition = `transform ${MS}ms ease-out`;
      w.style.transform = "translate(0px, 0px)";
      // once the slide is over the piece goes back where the board drew it: the drawing is the
      // board's own again (the same as a fresh drawing of the same position)
      const unwrap = () => { if (w.parentNode) w.replaceWith(...w.childNodes); };
      w.addEventListener("transitionend", unwrap, { once: true });
      setTimeout(unwrap, MS + 100);
    }
    return keys;
  }

  // ------------------------------------------------------------ the "your turn" tone
  const SOUND_KEY = "lapilli-sound";
  const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";
  let audio = null;
  function tone() {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    audio = audio || new AC();
    if (audio.state === "suspended" && audio.resume) audio.resume();
    const t0 = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(660, t0);
    osc.frequency.setValueAtTime(880, t0 + 0.09);
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.22);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + 0.24);
  }
  // the turn of one page's seats: ``turn(isMine)`` with each view; a tone when it becomes ours
  function turnWatch() {
    let was;  // undefined until the first view: opening a page on one's turn plays nothing
    return isMine => {
      if (was === false && isMine && soundOn()) tone();
      was = !!isMine;
    };
  }
  Object.assign(I18N.en, { sound: "Sound", soundOn: "Sound on your turn: on", soundOff: "Sound on your turn: off",
    soundOnShort: "on", soundOffShort: "off" });
  Object.assign(I18N.it, { sound: "Suono", soundOn: "Suono quando tocca a te: acceso", soundOff: "Suono quando tocca a te: spento",
    soundOnShort: "acceso", soundOffShort: "spento" });
  // the toggle of the table's side column
  function soundToggle() {
    const b = document.createElement("button");
    b.id = "sound-toggle";
    const draw = () => {
      b.setAttribute("aria-pressed", soundOn() ? "true" : "false");
      b.textContent = `♪ ${t("sound")}: ${t(soundOn() ? "soundOnShort" : "soundOffShort")}`;
      b.title = t(soundOn() ? "soundOn" : "soundOff");
    };
    b.onclick = () => {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
      // the audio context starts on this click (browsers let a page make sound after a gesture)
      if (soundOn()) { const AC = window.AudioContext || window.webkitAudioContext; if (AC && !audio) audio = new AC(); }
      draw();
    };
    draw();
    return b;
  }

  window.LapilliMotion = { remember, play, turnWatch, soundToggle, MS };
})();
