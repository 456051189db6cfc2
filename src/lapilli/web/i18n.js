// Interface texts in Italian and English; the rulebooks are Italian.
const I18N = {
  it: {
    language: "Lingua", lobby: "Tavoli", newTable: "Nuovo tavolo", game: "Gioco", players: "Giocatori",
    seat: "Posto", open: "libero", human: "persona", computer: "computer", level: "livello",
    create: "Crea tavolo", join: "Siediti", watch: "Guarda", name: "Nome", yourName: "Il tuo nome",
    invite: "Link d'invito", yourTurn: "Tocca a te", waiting: "In attesa di", legal: "Mosse possibili",
    typeAction: "Scrivi una mossa", send: "Invia", undo: "Annulla", log: "Registro", result: "Risultato",
    winner: "vincitore", score: "punti", download: "Scarica la partita (JSON)", replay: "Rivedi", openTables: "Tavoli aperti",
    noTables: "Nessun tavolo aperto", hotseat: "Tutti i posti liberi su questo schermo (si gioca passandosi il dispositivo)",
    passDevice: "Passa il dispositivo a {name}", passDeviceHint: "Il tavolo resta nascosto finché il prossimo giocatore non conferma.", iAm: "Sono {name}: mostra il mio tavolo",
    wholeBoard: "tutto il tabellone", zoomIn: "ingrandisci", otherRegions: "altre parti del tabellone", zoomHere: "ingrandisci qui", openSeat: "libero (invito)", player: "Giocatore", yourSeat: "Il tuo posto", onlyWatch: "nessuno: guardo soltanto", spectator: "spettatore",
    options: "Opzioni", takeOver: "Fai giocare il computer", easy: "facile", normal: "normale", hard: "difficile",
    gameOver: "Partita finita", prev: "Indietro", next: "Avanti", refused: "Mossa non valida",
    yes: "sì", no: "no", notAllowed: "Non ammesso", houseRule: "regola della casa",
  },
  en: {
    language: "Language", lobby: "Tables", newTable: "New table", game: "Game", players: "Players",
    seat: "Seat", open: "open", human: "person", computer: "computer", level: "level",
    create: "Create table", join: "Take seat", watch: "Watch", name: "Name", yourName: "Your name",
    invite: "Invite link", yourTurn: "Your turn", waiting: "Waiting for", legal: "Legal moves",
    typeAction: "Type a move", send: "Send", undo: "Undo", log: "Log", result: "Result",
    winner: "winner", score: "score", download: "Download the game (JSON)", replay: "Replay", openTables: "Open tables",
    noTables: "No open tables", hotseat: "Every open seat on this screen (pass the device around)",
    passDevice: "Pass the device to {name}", passDeviceHint: "The table stays hidden until the next player confirms.", iAm: "I am {name}: show my table",
    wholeBoard: "whole board", zoomIn: "zoom in", otherRegions: "other parts of the board", zoomHere: "zoom in here", openSeat: "open (invite)", player: "Player", yourSeat: "Your seat", onlyWatch: "none: only watch", spectator: "spectator",
    options: "Options", takeOver: "Let the computer play", easy: "easy", normal: "normal", hard: "hard",
    gameOver: "Game over", prev: "Back", next: "Forward", refused: "Move refused",
    yes: "yes", no: "no", notAllowed: "Not allowed", houseRule: "house rule",
  },
};
let LANG = localStorage.getItem("lapilli-lang") || ((navigator.language || "it").toLowerCase().startsWith("it") ? "it" : "en");
function t(key) { return (I18N[LANG] && I18N[LANG][key]) || I18N.en[key] || key; }
function applyI18n(root) { document.documentElement.lang = LANG; (root || document).querySelectorAll("[data-i18n]").forEach(el => { el.textContent = t(el.dataset.i18n); }); }
