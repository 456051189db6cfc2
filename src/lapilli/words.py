"""The words the Python side shows a player, in every language other than the engine's English.

The engine speaks English only: a refusal it raises carries a stable key and the parameters of
its sentence (lapilli.engine.errors.said).  Whoever shows a refusal to a player (the web server,
the terminal) says it with `refusal(error, lang)`, which looks the key up here; the terminal's
own sentences are `say(key, lang, **params)`.  Italian uses the rulebooks' terms.  English is the
engine's own text for refusals and the ``en`` entry of TERMINAL for the terminal.
"""
from __future__ import annotations

from .engine.errors import IllegalAction, Said

LANGUAGES = ("en", "it")

# the rules' refusals, by the key the engine raises them with: {key: {lang: template}}
_IT = {
    # ------------------------------------------------------------------ Eruption
    "eru.ERU-2.2.that-action-not-allowed": "questa azione non è permessa ora",
    "eru.placement-rules": "lì la tessera non rispetta le regole di piazzamento",
    "eru.ERU-8.8.every-flow-end-meeting": "ogni flusso che arriva su questo spazio è bloccato da un muro, e per quei muri si è già tirato il dado in questo turno",
    "eru.ERU-8.1.flow-wall-must-face": "un muro sul flusso deve dare su uno spazio vuoto (ERU-I11): quello spazio ha già una tessera",
    "eru.ERU-1.8.village-has-already-been": "il villaggio {a1} è già stato scelto",
    "eru.ERU-16.5.teammate-asked-for-wall": "il tuo compagno ti ha chiesto un muro: rispondi 'accept' (accetta) o 'refuse' (rifiuta)",
    "eru.ERU-18.4.face-up-tile-stack": "la tessera scoperta della pila {a1} non si può piazzare da nessuna parte, e una tessera pescata va piazzata",
    "eru.ERU-11.5.danger-zone-answer-extra": "zona di pericolo 3: rispondi 'extra' (pesca un'altra tessera lava) o 'end' (fine)",
    "eru.ERU-2.2.this-phase-build-wall": "questa è la Fase 4: costruisci un muro ('build ...') o termina il turno ('end')",
    "eru.ERU-2.2.that-action-does-not": "questa azione non appartiene a questa fase del turno",
    "eru.ERU-2.8.hold-cards-at-end": "hai {n} carte: alla fine della Fase 3 puoi tenerne al massimo 3",
    "eru.ERU-2.2.walls-built-phase-end": "i muri si costruiscono nella Fase 4: prima termina la Fase 3",
    "eru.ERU-2.2.that-action-does-not-2": "questa azione non appartiene alla Fase 3",
    "eru.ERU-15.2.deck-discard-pile-both": "il mazzo e la pila degli scarti sono entrambi vuoti",
    "eru.ERU-16.5.no-wall-give": "non hai un muro di {a1}",
    "eru.ERU-16.5.no-wall-receive": "il tuo compagno non ha un muro di {a1}",
    "eru.ERU-13.6.lava-stack-has-run": "la pila della lava è finita: non si può pescare nessuna tessera lava",
    "eru.ERU-5.1.do-not-hold-card": "non hai la carta {card}",
    "eru.ERU-13.6.lava-stack-has-run-2": "la pila della lava è finita",
    "eru.ERU-14.4.after-rotation-tile-must": "dopo la rotazione la tessera deve rispettare le regole di piazzamento: {message}",
    "eru.ERU-14.15.after-removal-every-other": "dopo la rimozione ogni altra tessera deve ancora rispettare le regole di piazzamento (restare collegata al vulcano o a una tessera eruzione)",
    "eru.ERU-10.8.that-side-village-closed": "quel lato del tuo villaggio è chiuso ai muri",
    "eru.ERU-14.25.volcanic-bomb-discards-wall": "la Bomba vulcanica scarta un muro sul tabellone: lì non ce n'è nessuno",
    "eru.ERU-3.6.tile-must-placed-empty": "una tessera va piazzata su uno spazio esagonale vuoto del tabellone",
    "eru.ERU-12.3.eruption-tile-cannot-go": "la tessera eruzione non può andare lì",
    "eru.ERU-3.7.tile-must-placed-next": "la tessera va piazzata accanto alla lava che viene dal vulcano o da una tessera eruzione",
    "eru.ERU-2.9.have-built-all-walls": "hai già costruito tutti i muri che puoi costruire in questo turno",
    "eru.ERU-6.7.walls-built-from-reserve": "i muri si costruiscono dalla tua Riserva, e non ha muri di {mat}",
    "eru.ERU-10.8.no-wall-can-built": "su un lato il cui muro è stato distrutto nella Fase 1 non si può ricostruire un muro",
    "eru.ERU-8.1.flow-wall-built-edge": "un muro sul flusso si costruisce su un lato dove una tessera (o il vulcano) ha un flusso di lava",
    "eru.ERU-8.4.at-most-one-wall": "su ogni flusso può stare al massimo un muro",
    "eru.ERU-8.14.flow-touching-village-border": "un flusso che tocca il confine di un villaggio si blocca solo con muri di confine",
    "eru.ERU-8.2.wall-cannot-built-flow": "non si può costruire un muro su un flusso che esce dal tabellone",
    "eru.ERU-1.8.game-being-set-up": "è la preparazione della partita: ogni giocatore sceglie prima un villaggio",
    "eru.ERU-1.9.with-players-villages-used": "con {num_players} giocatori si usano i villaggi {p}",
    "eru.ERU-12.3.reached-eruption-space-must": "sei arrivato su uno spazio eruzione: prima devi piazzare la tessera eruzione",
    "eru.ERU-18.3.lava-rain-take-face": "Pioggia di lava: prima prendi una tessera lava scoperta da una delle pile",
    "eru.ERU-18.3.stack-empty": "la pila {a1} è vuota",
    "eru.ERU-3.4.drawn-lava-tile-can": "la tessera lava pescata si può piazzare, quindi va piazzata ora",
    "eru.ERU-5.17.action-cards-played-discarded": "le carte azione si giocano o si scartano solo nella tua Fase 3",
    "eru.ERU-5.9.may-draw-card-phase": "puoi pescare una carta nella Fase 3 solo quando il tuo segnalino è sulla zona di pericolo 2 o oltre",
    "eru.ERU-11.4.danger-zone-card-drawn": "la carta della zona di pericolo si pesca una volta per turno",
    "eru.ERU-16.5.walls-given-received-from": "i muri si danno o si ricevono da un compagno solo nella variante Cooperazione",
    "eru.ERU-13.4.lava-tiles-have-been": "le tessere lava sono state tolte dal gioco: non si può pescare nessuna tessera lava",
    "eru.ERU-13.8.last-turns-no-lava": "negli ultimi turni non si pesca nessuna tessera lava",
    "eru.ERU-14.17.there-no-lava-tile": "sul tabellone non c'è nessuna tessera lava da sostituire",
    "eru.ERU-14.2.aftershock-rotates-lava-tile": "la Scossa di assestamento ruota una tessera lava sul tabellone",
    "eru.ERU-14.2.tile-must-turned-by": "la tessera va ruotata da 1 a 5 passi",
    "eru.ERU-14.12.sinkhole-removes-tile-board": "la Voragine toglie una tessera dal tabellone: lì non ce n'è nessuna",
    "eru.ERU-14.9.there-no-wall-side": "sul lato {p} del tuo villaggio non c'è nessun muro",
    "eru.ERU-14.10.move-must-not-put": "lo spostamento non deve mettere due muri sullo stesso lato del villaggio",
    "eru.ERU-3.9.lava-must-not-run": "la lava non deve finire contro un lato di una tessera senza lava",
    "eru.ERU-3.10.flow-pointing-into-this": "un flusso che punta su questo spazio deve incontrare un flusso della nuova tessera (la lava deve collegarsi a ogni tessera vicina)",
    "eru.ERU-14.17.quake-puts-drawn-tile": "il Terremoto mette la tessera pescata al posto di una tessera lava sul tabellone",
    "eru.ERU-3.6.tile-must-placed-empty-2": "una tessera va piazzata su uno spazio vuoto: quello ha già una tessera",
    "eru.ERU-9.3.may-build-border-walls": "puoi costruire muri di confine solo sui lati del tuo villaggio",
    "eru.ERU-9.2.at-most-one-wall": "su ogni lato di un villaggio può stare al massimo un muro",
    "eru.ERU-5.1.do-not-hold-card-2": "non hai {p} carte {c}",
    "eru.ERU-3.13.lava-must-not-touch": "la lava non deve toccare il vulcano dove non è stampato nessun flusso",
    "eru.ERU-12.8.eruption-tile-must-connect": "una tessera eruzione deve collegarsi a ogni tessera vicina",
    # ------------------------------------------------------------------ L'Isola dei Vulcani
    "idv.sunk-sea": "{h} è sprofondato: ora è mare",
    "idv.need-colonist-to-village": "per costruire lì un villaggio ti serve un tuo colono su {h}",
    "idv.need-colonist-to-carve": "per scolpire lì un Moai ti serve un tuo colono su {h}",
    "idv.no-lava-tile": "sullo spazio {s} non c'è nessuna tessera lava",
    "idv.IDV-2.3.that-action-not-possible": "questa azione ora non è possibile",
    "idv.IDV-2.8.that-decision-not-possible": "questa decisione ora non è possibile",
    "idv.IDV-2.8.only-possible-during-eruption": "{verb!r} è possibile solo durante un'eruzione o uno sprofondamento; ora il giocatore {cur} spende punti azione",
    "idv.IDV-9.3.prayer-token-costs-action": "ora un segnalino preghiera costa {c} punti azione (1 + i segnalini che hai), e te ne restano {ap}",
    "idv.IDV-2.5.costs-action-point-s": "'{verb}' costa {cost} punti azione e te ne restano {ap}",
    "idv.IDV-3.3.crack-tile-lies-between": "tra {a} e {b} c'è una crepa: i coloni non attraversano mai le crepe",
    "idv.IDV-4.4.still-has-empty-space": "{b} ha ancora uno spazio vuoto: sdraia il Moai su uno di quelli (IDV-I18)",
    "idv.IDV-2.9.reserve-has-no-left": "nella tua riserva non resta nessun {p}",
    "idv.IDV-2.9.reserve-has-no-colonist": "nella tua riserva non resta nessun colono",
    "idv.IDV-8.3.need-colonist-yours-erect": "per erigere un Moai su {h} ti serve un tuo colono lì",
    "idv.IDV-2.8.seat-must-first-decide": "il giocatore {seat} deve prima decidere ({kind}); ora non si può fare nessun'altra azione",
    "idv.IDV-10.16.volcano-was-not-drawn": "il vulcano {args0} non è stato pescato per questa doppia eruzione",
    "idv.IDV-11.7.not-hex-adjacent-sinking": "{args1} non è un esagono vicino alla parte che sprofonda",
    "idv.IDV-9.2.player-may-obtain-only": "un giocatore può prendere un solo segnalino preghiera per turno",
    "idv.IDV-9.1.no-prayer-token-left": "nella riserva non resta nessun segnalino preghiera",
    "idv.IDV-3.5.have-no-colonist-left": "nella tua barca non resta nessun colono",
    "idv.IDV-3.5.colonist-boat-lands-only": "il colono nella barca sbarca solo su un esagono del tuo approdo ({p})",
    "idv.IDV-3.5.landing-not-possible-there": "lì non si può sbarcare",
    "idv.IDV-3.2.have-no-colonist": "non hai nessun colono su {a}",
    "idv.IDV-3.2.colonist-moves-adjacent-hex": "un colono si muove su un esagono vicino; {b} non è vicino a {a}",
    "idv.IDV-4.2.no-lying-moai-yours": "su {src} non c'è nessun tuo Moai sdraiato",
    "idv.IDV-4.2.colonist-yours-must-carry": "per trasportare il Moai un tuo colono deve essere su {a}",
    "idv.IDV-4.2.colonist-moai-move-adjacent": "il colono e il Moai si muovono su un esagono vicino; {b} non è vicino a {a}",
    "idv.IDV-4.3.crack-tile-lies-between": "tra {a} e {b} c'è una crepa: i coloni non attraversano mai le crepe, con o senza Moai",
    "idv.IDV-0.6.space-not-empty-space": "lo spazio {dst} non è vuoto: uno spazio contiene una tessera lava, un villaggio o un Moai sdraiato",
    "idv.IDV-3.4.has-sunk": "{h} è sprofondato",
    "idv.IDV-6.3.colonist-created-hex-holding": "un colono si crea su un esagono con un tuo villaggio e un tuo colono; {h} non li ha",
    "idv.IDV-6.4.this-turn-created-colonist": "in questo turno hai creato {p} coloni nell'area {area}, che ha {limit} villaggi in tutto: prima costruisci lì un altro villaggio",
    "idv.IDV-6.4.this-turn-created-colonist-own": "in questo turno hai creato {p} coloni nell'area {area}, che ha {limit} tuoi villaggi: prima costruisci lì un altro villaggio",
    "idv.IDV-8.4.moai-erected-must-lie": "il Moai da erigere deve essere sdraiato sull'esagono del cratere, {h}",
    "idv.IDV-8.2.crater-already-covered-by": "il cratere {cr} è già coperto da un Moai",
    "idv.IDV-8.4.no-lying-moai-yours": "su {src} non c'è nessun tuo Moai sdraiato",
    "idv.IDV-2.8.eruption-being-resolved-use": "si sta risolvendo un'eruzione: usa 'save SPAZIO' (salva) o 'done' (basta)",
    "idv.IDV-9.6.holds-no-piece-yours": "su {args0} non c'è nessun tuo pezzo che la lava di questa eruzione distruggerà (o è già salvo)",
    "idv.IDV-10.16.double-eruption-pending-choose": "c'è una doppia eruzione: scegli quale vulcano pescato erutta per primo con 'erupt N'",
    "idv.IDV-11.6.part-sinking-rescue-colonists": "una parte sprofonda: metti in salvo i coloni con 'rescue' o rinuncia con 'skip'",
    "idv.IDV-11.6.not-hex-adjacent-sinking": "{args0} non è un esagono vicino alla parte che sprofonda",
    "idv.IDV-11.7.another-player-saves-one": "un altro giocatore salva UN colono: 'rescue DA A'",
    "idv.IDV-11.7.have-no-colonist-sinking": "non hai nessun colono su {args0} nella parte che sprofonda",
    "idv.IDV-9.6.prayer-token-needed-save": "per salvare un pezzo serve un segnalino preghiera, e non ne hai",
    "idv.IDV-11.6.current-player-moves-all": "il giocatore di turno porta TUTTI i suoi coloni della parte che sprofonda su UN esagono vicino: 'rescue ESAGONO'",
    # ------------------------------------------------------------------ Kingdomino Origins
    "kdo.KDO-3.3.not-legal-now": "{action!r} ora non è una mossa possibile",
    "kdo.KDO-3.6.tile-not-free-chief": "la tessera {cmd1} non è libera: c'è già un capotribù",
    "kdo.KDO-13.5.first-player-takes-tiles": "il primo giocatore prende le tessere nelle posizioni 1 e 4, o 2 e 3 ('pair 14' o 'pair 23')",
    "kdo.KDO-4.5.tile-must-connect-start": "la tessera deve collegarsi alla tua tessera di partenza o a una casella dello stesso paesaggio ({p}/{p2})",
    "kdo.KDO-11.10.there-no-left-deck": "nel mazzo non resta nessun Cro-magnon di questo tipo ({cmd1})",
    "kdo.KDO-11.15.square-must-hold-no": "la casella non deve avere né falò, né segnalino fuoco, né risorsa",
    "kdo.KDO-7.2.final-round-each-player": "nell'ultimo turno ogni giocatore gioca solo la sua tessera: non c'è una nuova tessera da scegliere",
    "kdo.KDO-11.8.only-tribe-mode-may": "si recluta un Cro-magnon solo nella modalità Tribù",
    "kdo.KDO-13.5.choosing-tiles-done-once": "la scelta delle tessere 1 e 4 o 2 e 3 si fa una volta sola, nella prima scelta di una partita in due",
    "kdo.KDO-10.13.totem-changes-hands-only": "un Totem cambia mano solo quando chi lo ha perde la maggioranza della sua risorsa",
    "kdo.KDO-3.3.turn-play-tile-then": "un turno è Gioca la tessera, poi Scegli una nuova tessera, in quest'ordine: la tua tessera è già giocata",
    "kdo.KDO-2.10.tile-already-has-chief": "sulla tessera {cmd1} c'è già un capotribù; scegli una tessera libera",
    "kdo.KDO-3.6.tile-not-new-row": "la tessera {cmd1} non è nella nuova fila; metti il tuo capotribù su una tessera libera della nuova fila",
    "kdo.KDO-4.1.two-squares-tile-lie": "le due caselle di una tessera stanno su due celle vicine in orizzontale o in verticale",
    "kdo.KDO-4.2.tile-must-go-cells": "una tessera va su celle ancora libere del tuo territorio",
    "kdo.KDO-4.8.tile-must-touch-start": "la tessera deve toccare la tua tessera di partenza, o lo stesso paesaggio di una casella vicina in orizzontale o in verticale: toccare solo altri paesaggi non è un collegamento",
    "kdo.KDO-6.5.fire-token-must-land": "il segnalino fuoco deve cadere su una casella del tuo territorio",
    "kdo.KDO-6.6.start-tile-not-valid": "la tessera di partenza non è una casella valida per il fuoco (regola della casa fire_on_start spenta)",
    "kdo.KDO-6.3.fire-spray-can-never": "uno spruzzo di fuoco non può mai cadere su una casella vulcano",
    "kdo.KDO-6.8.square-with-fire-token": "una casella con un segnalino fuoco non torna mai libera",
    "kdo.KDO-6.2.spray-must-land-free": "lo spruzzo deve cadere su una casella libera: senza segnalino fuoco e senza falò stampato",
    "kdo.KDO-11.9.no-face-up-cave": "sul tabellone della Caverna non è scoperto nessun Cro-magnon di questo tipo ({cmd1})",
    "kdo.KDO-11.10.recruiting-from-deck-costs": "reclutare dal mazzo costa 4 risorse diverse del tuo territorio, una per tipo",
    "kdo.KDO-11.13.only-wooden-resources-lying": "si possono spendere solo le risorse di legno che stanno nel tuo territorio",
    "kdo.KDO-11.14.cro-magnon-goes-landscape": "il Cro-magnon va su una casella di paesaggio del tuo territorio",
    "kdo.KDO-11.17.not-start-tile-nor": "non sulla tessera di partenza, né su una casella che ha già un Cro-magnon",
    "kdo.KDO-2.10.tile-not-first-row": "la tessera {cmd1} non è nella prima fila; scegli una tessera libera della fila",
    "kdo.KDO-11.9.recruiting-from-display-costs": "reclutare tra quelli scoperti costa 2 risorse di tipo diverso del tuo territorio",
    "kdo.not-now.pick": "non ora: devi scegliere una tessera della prima fila per il tuo capotribù ('take N')",
    "kdo.not-now.pair": "non ora: devi scegliere le tessere nelle posizioni 1 e 4 o 2 e 3 della prima fila ('pair 14' o 'pair 23')",
    "kdo.not-now.place": "non ora: devi giocare la tua tessera, aggiungendola al tuo territorio ('place X Y')",
    "kdo.not-now.fire": "non ora: devi mettere il tuo segnalino fuoco su una casella valida ('fire X')",
    "kdo.not-now.give": "non ora: devi dare il Totem a uno dei giocatori a pari merito ('give P')",
    "kdo.not-now.choose": "non ora: devi scegliere una nuova tessera per il tuo capotribù ('take N')",
    "kdo.not-now.recruit": "non ora: recluta un Cro-magnon o passa ('recruit TIPO', 'recruit deck TIPO', 'pass')",
    "kdo.not-now.spend": "non ora: spendi una risorsa di un tipo non ancora speso ('spend X')",
    "kdo.not-now.put": "non ora: metti il tuo Cro-magnon su una casella ('put X')",
    "kdo.not-now.wait": "non ora: devi aspettare",
    "kdo.KDO-4.6.territory-fits": "tutto il territorio, tessera di partenza compresa, deve stare in un quadrato {n}x{n}",
    "kdo.fire-range": "un segnalino fuoco {fire} di questo vulcano arriva al massimo a {rng} caselle di distanza (in ogni direzione, diagonali comprese)",
    "kdo.KDO-10.14.totem-to-tied": "il Totem va a uno dei giocatori ora a pari merito per la maggioranza: {gives}",
    "kdo.resources-differ": "le risorse spese devono essere di tipo diverso: una risorsa {resource} è già stata spesa",
    # ------------------------------------------------------------------ Stromboli
    "str.not-legal-now": "{action!r} ora non è una mossa possibile",
    "str.not-now.turn": "non ora: tocca a {who}: piazza un disco numerato, riprendine uno o muovi la barca",
    "str.not-now.shaman": "non ora: {who} può muovere lo Sciamano fino a 2 spazi ('shaman <spazio>' o 'stay')",
    "str.not-now.pick": "non ora: {who} deve scegliere una delle carte del segmento {seg} ('pick 1' o 'pick 2')",
    "str.not-now.buy": "non ora: {who} ha ricevuto una Conchiglia e può comprare una carta ('buy <carta>' o 'pass')",
    "str.not-now.prebuy": "non ora: prima del conteggio {who} può comprare 1 carta ('buy <carta>' o 'pass')",
    "str.not-now.priestess": "non ora: {who} deve spostare un segnalino Lava su un cratere vicino ('priestess cX cY')",
    "str.STR-2.9.yellow-red-sums-beach": "le somme gialla e rossa sulla spiaggia b{seg} devono sempre essere diverse; mettendoci il tuo {v} diventano uguali",
    "str.STR-2.10.yellow-red-sums-beach": "le somme gialla e rossa sulla spiaggia b{p} devono sempre essere diverse; riprendendo il tuo {v} diventano uguali",
    "str.STR-2.6.may-move-boat-only": "puoi muovere la barca solo se all'inizio del tuo turno tutti i tuoi dischi numerati sono sull'isola",
    "str.STR-3.2.shaman-moves-up-spaces": "lo Sciamano si muove fino a 2 spazi, ogni volta su uno spazio vicino",
    "str.STR-5.1.card-space-segment-holds": "lo spazio carta {a1} del segmento {t2} è vuoto: ricevi solo le carte del segmento dove si è fermata la barca",
    "str.STR-8.3.costs-shell-s-hold": "la carta {card} costa {cost} conchiglie e ne hai {n}",
    "str.STR-7.8.lava-marker-moves-only": "un segnalino Lava si sposta solo sul cratere vicino, mai attraverso il centro del vulcano",
    "str.STR-2.3.can-only-place-numbered": "puoi piazzare solo un disco numerato della tua riserva, e il tuo {v} non c'è",
    "str.STR-14.6.lava-disc-not-reserve": "il tuo disco lava non è nella tua riserva: torna solo quando la barca si ferma nel suo segmento o ricevi una Sacerdotessa",
    "str.STR-14.8.lava-disc-cannot-taken": "il disco lava non si può riprendere con un'azione",
    "str.STR-2.5.can-only-take-back": "puoi riprendere solo uno dei tuoi dischi numerati da una spiaggia, e il tuo {v} non è su una spiaggia",
    "str.STR-3.7.shaman-may-never-move": "lo Sciamano non può mai passare da uno spazio cratere",
    "str.STR-3.9.shaman-may-only-move": "lo Sciamano può muoversi solo su spazi di pianura, foresta e montagna",
    "str.STR-3.2.shaman-already-there-write": "lo Sciamano è già lì: scrivi 'stay' per lasciarlo dov'è",
    "str.STR-3.5.shaman-may-pass-opposing": "lo Sciamano può passare dallo spazio dello Sciamano avversario ma non fermarsi lì",
    "str.STR-3.3.shaman-may-move-at": "lo Sciamano può muoversi al massimo di 1 spazio verso l'interno",
    "str.STR-14.9.tactical-variant-no-score": "nella variante tattica non si può comprare nessuna carta Punteggio subito prima di un conteggio",
    "str.STR-14.9.tactical-variant-nothing-bought": "nella variante tattica non si compra niente subito prima di un conteggio (STR-I38)",
    "str.STR-8.8.scoreboard-priestess-face-down": "la Sacerdotessa del segnapunti è coperta: non si può riusare prima del conteggio",
    "str.STR-8.1.score-card-not-scoreboard": "la carta Punteggio {card!r} non è sul segnapunti",
    "str.STR-8.5.buy-shell-score-card": "per comprare una carta Punteggio da 2 conchiglie devi già avere una conchiglia tenuta da un turno precedente",
    "str.STR-7.7.crater-c-holds-no": "sul cratere c{frm} non c'è nessun segnalino Lava da spostare",
    "str.STR-1.6.lava-discs-stay-box": "nel gioco base i dischi lava restano nella scatola",
    "str.STR-14.3.lava-disc-may-only": "il disco lava si aggiunge solo piazzando un disco numerato sullo spazio spiaggia con la barca da pesca",
    # ------------------------------------------------------------------ The Island
    "isl.ISL-1.6.explorers-placed-one-at": "gli Esploratori si piazzano uno alla volta nell'ordine di turno: piazza ora uno dei tuoi ('place <valore> <r,c>')",
    "isl.ISL-1.9.boats-placed-now-one": "ora si piazzano le barche, una alla volta nell'ordine di turno ('boat <r,c>')",
    "isl.ISL-3.1.this-step-play-start": "questa è la fase 1: gioca una tessera di inizio turno che hai in mano o 'pass'",
    "isl.ISL-2.2.this-step-move-explorers": "questa è la fase 2: muovi Esploratori e barche, o 'end'",
    "isl.ISL-5.1.this-step-remove-one": "questa è la fase 3: togli una tessera Terreno ('remove <r,c>')",
    "isl.ISL-7.2.this-step-move-creature": "questa è la fase 4: muovi una creatura del tipo uscito col dado, o 'none'",
    "isl.ISL-15.9.one-challenge-movement-move": "il tuo unico movimento della Sfida 5: muovi il tuo Esploratore dalla tessera affondata, o 'pass'",
    "isl.ISL-6.14.may-play-repellent-now": "ora puoi giocare la tua tessera difensiva ('repel') o 'pass'",
    "isl.ISL-16.23.choose-swimmer-dolphin-protects": "scegli il Nuotatore che il delfino protegge ('protect <esploratore>')",
    "isl.ISL-17.12.one-explorer-must-removed": "la piovra gigante deve togliere un Esploratore ('eat <esploratore>')",
    "isl.ISL-17.3.place-giant-squid-empty": "piazza la piovra gigante su uno spazio di mare vuoto vicino a una tessera Terreno ('squid <r,c>')",
    "isl.ISL-15.16.choose-empty-boat-board": "scegli una barca vuota sul tabellone da spostare sullo spazio rimasto libero ('take <r,c>')",
    "isl.ISL-6.5.choose-exactly-which-swimmers": "scegli esattamente quali Nuotatori salgono sulla barca ('aboard X Y Z')",
    "isl.ISL-1.6.each-explorer-placed-terrain": "ogni Esploratore si piazza su una tessera Terreno senza Esploratori",
    "isl.ISL-1.10.boat-placed-sea-space": "una barca si piazza su uno spazio di mare vicino a una tessera Terreno, senza barche né serpenti di mare",
    "isl.ISL-6.9.swimmer-moves-sea-spaces": "il Nuotatore si muove da 1 a 3 spazi di mare",
    "isl.ISL-4.5.explorer-land-moves-adjacent": "un Esploratore a terra si muove su una tessera Terreno vicina",
    "isl.ISL-4.12.swimmer-moves-into-adjacent": "un Nuotatore si muove su uno spazio di mare vicino",
    "isl.ISL-4.6.explorer-land-may-move": "un Esploratore a terra può salire su una barca in uno spazio di mare vicino",
    "isl.ISL-5.2.removed-tile-must-adjacent": "la tessera tolta deve essere vicina a uno spazio di mare",
    "isl.ISL-6.5.choose-exactly-swimmers-space": "scegli esattamente {p} dei Nuotatori dello spazio che salgono a bordo",
    "isl.ISL-15.16.choose-empty-boat-board-2": "scegli una barca vuota sul tabellone",
    "isl.ISL-17.3.squid-goes-empty-sea": "la piovra va su uno spazio di mare vuoto vicino a una tessera Terreno",
    "isl.ISL-17.12.victim-one-explorer-adjacent": "la vittima è un Esploratore su una tessera Terreno vicina o nella barca occupata sullo spazio della piovra",
    "isl.ISL-16.23.dolphin-protects-one-unprotected": "il delfino protegge uno dei Nuotatori non protetti del suo spazio",
    "isl.ISL-16.32.dolphin-moves-up-sea": "un delfino si muove fino a {dist} spazi di mare",
    "isl.ISL-16.17.empty-boat-moves-through": "una barca vuota si muove su spazi di mare senza barche",
    "isl.ISL-6.14.hold-no-repellent-that": "non hai una tessera difensiva di quel tipo da giocare",
    "isl.ISL-1.7.have-no-explorer-value": "non ti resta nessun Esploratore di valore {v} da piazzare",
    "isl.ISL-1.6.explorers-placed-terrain-tiles": "gli Esploratori si piazzano sulle tessere Terreno",
    "isl.ISL-10.2.during-setup-tile-may": "durante la preparazione una tessera può avere al massimo 2 Esploratori",
    "isl.ISL-15.6.no-explorer-may-placed": "nessun Esploratore si può piazzare su una tessera che ne ha già due",
    "isl.ISL-15.7.no-explorer-may-placed": "nessun Esploratore si può piazzare su una tessera che ne ha già uno del tuo colore",
    "isl.ISL-14.13.last-placements-may-not": "gli ultimi piazzamenti non possono andare su una tessera con un Esploratore del tuo colore",
    "isl.ISL-3.2.can-play-only-tile": "puoi giocare solo una tessera presa in un turno precedente e che hai ancora",
    "isl.ISL-6.10.boat-moves-sea-spaces": "la barca si muove da 1 a 3 spazi di mare, secondo le regole delle barche",
    "isl.ISL-6.9.dolphin-tile-moves-one": "la tessera delfino muove uno dei tuoi Nuotatori",
    "isl.ISL-2.9.nobody-may-move-another": "nessuno può muovere gli Esploratori di un altro giocatore",
    "isl.ISL-4.34.that-explorer-not-board": "quell'Esploratore non è sul tabellone e non si può muovere (gli Esploratori salvi non si muovono più)",
    "isl.ISL-4.11.once-explorer-has-left": "un Esploratore che ha lasciato l'isola non può più entrare in una tessera Terreno",
    "isl.ISL-4.5.walking-goes-terrain-tile": "camminando si va su una tessera Terreno; per entrare in mare usa 'swim'",
    "isl.ISL-4.13.explorer-may-move-at": "un Esploratore può muoversi al massimo di uno spazio di mare come Nuotatore per turno",
    "isl.ISL-16.29.dolphin-moves-with-its": "un delfino si muove col suo Nuotatore di un solo spazio di mare",
    "isl.ISL-4.11.swimmer-may-never-again": "un Nuotatore non può più entrare in una tessera Terreno",
    "isl.ISL-4.9.explorer-boat-jumps-into": "un Esploratore su una barca si tuffa nello spazio di mare dove sta la barca",
    "isl.ISL-4.6.there-no-boat-that": "su quello spazio non c'è nessuna barca",
    "isl.ISL-4.22.boat-never-carries-more": "una barca non porta mai più di 3 Esploratori",
    "isl.ISL-4.15.swimmer-may-board-only": "un Nuotatore può salire solo su una barca del suo spazio di mare, non di uno vicino",
    "isl.ISL-4.8.explorer-boat-may-move": "un Esploratore su una barca può passare su una barca in uno spazio di mare vicino",
    "isl.ISL-4.13.reaching-safe-isle-this": "raggiungere un'isola sicura è l'unico movimento in mare di questo Nuotatore, già fatto",
    "isl.ISL-0.16.safe-isle-adjacent-only": "un'isola sicura è vicina solo ai suoi due spazi di mare d'ingresso",
    "isl.ISL-4.20.there-no-boat-that": "su quello spazio non c'è nessuna barca",
    "isl.ISL-4.25.only-player-who-controls": "solo chi controlla una barca occupata la può muovere",
    "isl.ISL-4.20.boat-moves-adjacent-sea": "una barca si muove su uno spazio di mare vicino, mai su una tessera o un'isola",
    "isl.ISL-4.21.sea-space-never-holds": "uno spazio di mare non ha mai più di una barca",
    "isl.ISL-17.18.occupied-boat-may-never": "una barca occupata non può mai andare nello spazio di una piovra gigante",
    "isl.ISL-5.1.there-no-terrain-tile": "su quello spazio non c'è nessuna tessera Terreno",
    "isl.ISL-5.3.beaches-go-first-then": "prima si tolgono le spiagge, poi le foreste, poi le montagne",
    "isl.ISL-15.16.only-empty-boat-may": "dal tabellone si può prendere solo una barca vuota",
    "isl.ISL-7.2.there-no-that-space": "su quello spazio non c'è questa creatura ({kind})",
    "isl.ISL-16.13.with-d-piece-goes": "con D il pezzo va su uno spazio di mare vuoto (senza pezzi)",
    "isl.ISL-7.4.creatures-never-enter-terrain": "le creature non entrano mai nelle tessere Terreno né nelle isole sicure",
    "isl.ISL-17.9.squid-s-movement-ends": "la piovra finisce il movimento su uno spazio con una barca occupata o una balena, o vicino a Esploratori a terra",
    "isl.ISL-16.16.moves-up-sea-spaces": "questa creatura ({kind}) si muove fino a {dist} spazi di mare e si ferma dove può attaccare",
    "isl.ISL-16.9.dive-dice-do-not": "i dadi Immersione non permettono di muovere un delfino",
    "isl.ISL-16.13.with-d-dolphin-goes": "con D il delfino va su uno spazio di mare vuoto",
    "isl.ISL-16.12.with-dive-dice-creature": "con i dadi Immersione si deve muovere una creatura o una barca vuota (regola della casa dive_move: obbligatorio)",
    "isl.ISL-16.9.dive-dice-do-not-2": "i dadi Immersione non permettono di muovere una barca vuota",
    "isl.ISL-16.15.occupied-boat-may-never": "una barca occupata non si può mai muovere con i dadi Immersione",
    "isl.ISL-15.15.challenge-movement-moves-explorer": "il movimento della Sfida 5 muove un Esploratore, mai una barca",
    "isl.ISL-15.15.movement-one-movement-point": "il movimento vale un punto movimento, con le regole della fase 2",
    "isl.ISL-3.4.defensive-tiles-can-never": "le tessere difensive non si giocano mai durante il proprio turno",
    "isl.ISL-2.2.that-not-possible-now": "ora non è possibile",
    "isl.ISL-10.3.during-setup-rim-tile": "durante la preparazione una tessera del bordo può avere al massimo 1 Esploratore",
    "isl.ISL-6.13.whale-tile-moves-whale": "la tessera balena muove una balena",
    "isl.ISL-6.11.there-no-that-space": "su quello spazio non c'è questa creatura ({kind}) da muovere",
    "isl.ISL-6.10.favourable-winds-move-boat": "i venti favorevoli muovono una barca che controlli",
    "isl.ISL-16.28.only-protected-swimmer-may": "solo un Nuotatore protetto può portare con sé il suo delfino",
    "isl.ISL-4.13.boarding-this-swimmer-s": "salire a bordo è l'unico movimento in mare di questo Nuotatore, e l'ha già fatto in questo turno",
    "isl.ISL-15.10.these-movements-used-one": "questi movimenti si usano un giocatore alla volta, nell'ordine di turno, ognuno solo col suo Esploratore della tessera affondata",
    "isl.ISL-I39.dolphin-does-not-follow": "il delfino non segue il movimento della Sfida 5",
    "isl.ISL-16.31.shift-several": "la protezione passa solo a un altro Nuotatore non protetto sullo spazio del delfino, quando ci sono più Nuotatori",
    "isl.ISL-16.31.shift": "la protezione passa solo a un altro Nuotatore non protetto sullo spazio del delfino",
    "isl.dice-allow-one": "il dado permette di muovere solo: {kind}",
    "isl.dice-allow": "il dado permette di muovere solo: {kinds}",
    "isl.ISL-2.2.tile-from-hand-can": "una tessera della mano si gioca solo nella fase 1, prima di muovere",
}
REFUSALS: dict[str, dict[str, str]] = {key: {"it": text} for key, text in _IT.items()}

# a parameter that is one of the games' words (a material, a creature, a landscape, a colour) is
# said in the reader's language too
TERMS = {
    "it": {
        "straw": "paglia", "wood": "legno", "stone": "pietra", "village": "villaggio",
        "serpent": "serpente di mare", "shark": "squalo", "whale": "balena", "squid": "piovra gigante",
        "dolphin": "delfino", "boat": "barca",
        "desert": "deserto", "steppe": "steppa", "lake": "lago", "jungle": "giungla", "quarry": "cava",
        "volcano": "vulcano",
        "hunter": "Cacciatore", "fisher": "Pescatore", "gatherer": "Raccoglitrice", "sculptress": "Scultrice",
        "painter": "Pittore", "firelady": "Signora del fuoco", "shaman": "Sciamano",
        "Red": "Rosso", "Yellow": "Giallo",
        "rain": "Pioggia", "aftershock": "Scossa di assestamento", "lavaflow": "Colata di lava", "quake": "Terremoto",
        "sinkhole": "Voragine", "relocate": "Spostamento", "reinforce": "Rinforzo", "bomb": "Bomba vulcanica",
        "butterflies": "farfalle", "majority": "maggioranza", "forest": "foresta", "mountain": "montagna",
        "segment": "segmento", "priestess": "Sacerdotessa",
        "mammoth": "mammut", "fish": "pesce", "mushroom": "fungo", "flint": "pietra focaia",
    },
}

OR = {"en": " or ", "it": " o "}

# the terminal's own sentences (lapilli play)
TERMINAL = {
    "title": {"en": "{players} players, seed {seed}, options {options}",
              "it": "{players} giocatori, seme {seed}, opzioni {options}"},
    "seats": {"en": "Seats: {names}", "it": "Posti: {names}"},
    "data_set": {"en": "Data set: {name} ({hash})", "it": "Dati dei componenti: {name} ({hash})"},
    "help": {"en": "Type an action in the game's notation.  Commands: 'list' shows every legal action, "
                   "'board' shows the board again, 'save-record FILE' saves the record, 'quit' leaves the game.",
             "it": "Scrivi una mossa nella notazione del gioco.  Comandi: 'list' mostra tutte le mosse possibili, "
                   "'board' mostra di nuovo il tabellone, 'save-record FILE' salva la partita, 'quit' lascia la partita."},
    "prompt": {"en": "your move. Legal: {preview}", "it": "tocca a te. Mosse possibili: {preview}"},
    "more": {"en": ", ... ({n} in all; 'list' shows them)", "it": ", ... ({n} in tutto; 'list' le mostra)"},
    "refused": {"en": "Not allowed ({rule}):", "it": "Non ammesso ({rule}):"},
    "notation_rule": {"en": "notation", "it": "notazione"},
    "left": {"en": "game left before the end", "it": "partita lasciata prima della fine"},
    "saved": {"en": "record saved to {path}", "it": "partita salvata in {path}"},
    "saved_unfinished": {"en": "record saved to {path} (unfinished game)", "it": "partita salvata in {path} (partita non finita)"},
    "result": {"en": "Result", "it": "Risultato"},
    "unfinished": {"en": "(unfinished game: {name} to move)", "it": "(partita non finita: tocca a {name})"},
    "seat": {"en": "seat", "it": "posto"},
    "score": {"en": "score", "it": "punti"},
    "winner": {"en": "winner", "it": "vincitore"},
    "notation": {"en": "{message}",
                 "it": "{action!r} non è una mossa di questo gioco: scegline una tra quelle possibili"},
}

# what the server says of a move it refuses before the rules are asked
SERVER = {
    "game_over": {"en": "the game is over", "it": "la partita è finita"},
    "not_your_turn": {"en": "it is not your turn: seat {seat} is to move", "it": "non tocca a te: tocca al posto {seat}"},
    "notation": TERMINAL["notation"],
    # every other refusal or notice an ``error`` message carries (lapilli.server)
    "not_started": {"en": "the game has not started: it starts when every seat is taken",
                    "it": "la partita non è iniziata: inizia quando tutti i posti sono occupati"},
    "spectators_cannot_play": {"en": "spectators cannot play", "it": "gli spettatori non possono giocare"},
    "computer_plays_seat": {"en": "a computer plays seat {seat} now; reload the page to take the seat back",
                            "it": "ora il computer gioca al posto {seat}; ricarica la pagina per riprendere il posto"},
    "computer_took_seat": {"en": "a computer plays seat {seat} now, so your {what} is not stored; "
                                 "reload the page to take the seat back",
                           "it": "ora il computer gioca al posto {seat}, quindi non si registra {what_it}; "
                                 "ricarica la pagina per riprendere il posto"},
    "timed_out_computer_took_seat": {
        "en": "your time ran out and a computer plays seat {seat} now, so your {what} is not stored; "
              "reload the page to take the seat back",
        "it": "il tuo tempo è scaduto e ora il computer gioca al posto {seat}, quindi non si registra "
              "{what_it}; ricarica la pagina per riprendere il posto"},
    "table_changed_before": {"en": "the table changed before your {what} arrived; here is the new position",
                             "it": "il tavolo è cambiato prima che arrivasse {what_it}; ecco la nuova posizione"},
    "table_changed_since_chose": {"en": "the table changed since you chose; here is the new position",
                                  "it": "il tavolo è cambiato da quando hai scelto; ecco la nuova posizione"},
    "nothing_to_undo": {"en": "nothing to undo: only your own last action of this turn, "
                              "before anything random or hidden is revealed",
                        "it": "niente da annullare: si annulla solo la tua ultima azione di questo turno, "
                              "prima che si sveli qualcosa di casuale o nascosto"},
    "nothing_to_undo_agreed": {"en": "nothing to undo: only the last action of the game, before anything "
                                     "random or hidden is revealed",
                               "it": "niente da annullare: si annulla solo l'ultima azione della partita, "
                                     "prima che si sveli qualcosa di casuale o nascosto"},
    "conceded_already": {"en": "you have conceded already", "it": "hai già abbandonato la partita"},
    "table_changed_since_proposed": {"en": "the table changed since the undo was proposed",
                                     "it": "il tavolo è cambiato da quando è stato proposto l'annullamento"},
    "undo_rated": {"en": "a rated game takes no undo by agreement",
                   "it": "in una partita valida per la classifica non si annulla una mossa d'accordo"},
    "undo_timed": {"en": "a timed game takes no undo by agreement: the clocks cannot be put back",
                   "it": "in una partita a tempo non si annulla una mossa d'accordo: gli orologi non tornano indietro"},
    "undo_pending": {"en": "an undo is already proposed: wait for the answers",
                     "it": "un annullamento è già proposto: aspetta le risposte"},
    "undo_declined": {"en": "this undo was proposed already and not agreed: play on",
                      "it": "questo annullamento è già stato proposto e non accettato: continua a giocare"},
    "undo_not_yours": {"en": "only the last action of the game may be taken back, by the seat that made it",
                       "it": "si può annullare solo l'ultima azione della partita, e solo chi l'ha fatta"},
    "undo_revealed": {"en": "your last action revealed something (a draw, a die or a hidden tile): "
                            "it cannot be taken back",
                      "it": "la tua ultima azione ha svelato qualcosa (una pescata, un dado o una tessera nascosta): "
                            "non si può annullare"},
    "no_undo_proposed": {"en": "no undo is proposed", "it": "non è proposto nessun annullamento"},
    "undo_own_proposal": {"en": "you proposed this undo: the other players answer it",
                          "it": "hai proposto tu questo annullamento: rispondono gli altri giocatori"},
    "answer_not_asked": {"en": "your answer is not asked for", "it": "non ti è chiesta una risposta"},
    "chat_players_only": {"en": "only the players write in this table's chat",
                          "it": "nella chat di questo tavolo scrivono solo i giocatori"},
    "chat_empty": {"en": "an empty chat line is not sent", "it": "una riga vuota non si invia"},
    "chat_too_fast": {"en": "too many chat lines: wait a little before the next",
                      "it": "troppe righe in chat: aspetta un po' prima della prossima"},
    "server_fault": {"en": "something went wrong on the server (fault {ref}); nothing you played is lost and the "
                           "table is safe to reload; if it happens again, quote {ref}",
                     "it": "qualcosa è andato storto sul server (guasto {ref}); non si è perso niente di ciò che hai "
                           "giocato e puoi ricaricare il tavolo; se succede di nuovo, cita {ref}"},
    "health_database_down": {"en": "this instance is degraded: the database is not answering or takes no write",
                             "it": "questa istanza non è in piena efficienza: il database non risponde o non accetta "
                                   "scritture"},
    "health_redis_down": {"en": "this instance is degraded: Redis is not answering, so other instances' moves are "
                                "not followed",
                          "it": "questa istanza non è in piena efficienza: Redis non risponde, quindi le mosse delle "
                                "altre istanze non arrivano"},
    "health_both_down": {"en": "this instance is degraded: neither the database nor Redis is answering",
                         "it": "questa istanza non è in piena efficienza: né il database né Redis rispondono"},
    "undo_unshared": {"en": "an undo cannot be proposed while the server's instances cannot reach one another: "
                            "try again in a moment",
                      "it": "ora non si può proporre un annullamento perché le istanze del server non si raggiungono: "
                            "riprova tra un momento"},
    "storage_down": {"en": "the database is not answering: try again in a moment",
                     "it": "il database non risponde: riprova tra un momento"},
    "storage_down_table": {"en": "the database is not answering: table {tid} cannot be opened now; "
                                 "try again in a moment",
                           "it": "il database non risponde: ora il tavolo {tid} non si può aprire; riprova tra un momento"},
    "storage_down_step": {"en": "the database is not answering: your {what} is not stored, nothing changed; "
                                "try again in a moment",
                          "it": "il database non risponde: non si è potuto registrare {what_it}, non è cambiato "
                                "niente; riprova tra un momento"},
    "storage_down_agreed_undo": {"en": "the database is not answering: the undo is not stored, nothing changed; "
                                       "try again in a moment",
                                 "it": "il database non risponde: non si è potuto registrare l'annullamento, non è "
                                       "cambiato niente; riprova tra un momento"},
    "storage_down_chat": {"en": "the database is not answering: your line is not kept; try again in a moment",
                          "it": "il database non risponde: la tua riga non è stata salvata; riprova tra un momento"},
    "too_many_sockets": {"en": "too many connections from {address} (at most {most} at once): close other pages "
                               "of this server, or try again later",
                         "it": "troppe connessioni da {address} (al massimo {most} insieme): chiudi altre pagine "
                               "di questo server, o riprova più tardi"},
    "token_no_seat": {"en": "this token holds no seat at this table",
                      "it": "questo gettone non dà nessun posto a questo tavolo"},
    "no_table": {"en": "no table {tid!r}", "it": "nessun tavolo {tid!r}"},
    "cannot_play_table": {"en": "{message}", "it": "questo server non può giocare questo tavolo: {message}"},
    "too_many_messages": {"en": "too many messages: slow down", "it": "troppi messaggi: rallenta"},
    "binary_frame": {"en": "binary frames are not read: send JSON as text",
                     "it": "i frame binari non si leggono: invia JSON come testo"},
    "message_too_large": {"en": "message too large", "it": "messaggio troppo grande"},
    "server_failed": {"en": "the server failed to handle this message; nothing changed",
                      "it": "il server non è riuscito a gestire questo messaggio; non è cambiato niente"},
    "bad_message": {"en": "{message}", "it": "messaggio non valido: {message}"},
    # the seat lost to a computer (WebSocket "seat_lost")
    "seat_lost": {"en": "the computer plays your seat ({seat}) now; reload the page to take it back",
                  "it": "ora il computer gioca al tuo posto ({seat}); ricarica la pagina per riprenderlo"},
    "seat_lost_time": {"en": "your time ran out: the computer plays your seat ({seat}) now; reload the page to "
                             "take it back",
                       "it": "il tuo tempo è scaduto: ora il computer gioca al tuo posto ({seat}); ricarica la "
                             "pagina per riprenderlo"},
    # ---------------------------------------------------------------- HTTP refusals: accounts
    "hash_busy": {"en": "the server is busy checking passwords; try again in a moment",
                  "it": "il server è occupato a verificare password; riprova tra un momento"},
    "guest_name_of_account": {"en": "{name!r} is, or looks like, the name of the account {taken!r}: a guest sits "
                                    "under another name (or signs in to sit as that account)",
                              "it": "{name!r} è, o somiglia a, il nome dell'account {taken!r}: un ospite si siede "
                                    "con un altro nome (o entra con quell'account per sedersi come tale)"},
    "username_form": {"en": "a username is 3 to 20 letters, digits, '-' or '_'",
                      "it": "un nome utente ha da 3 a 20 tra lettere, cifre, '-' o '_'"},
    "password_length": {"en": "a password is 8 to 200 characters long",
                        "it": "una password è lunga da 8 a 200 caratteri"},
    "email_invalid": {"en": "that e-mail address is not valid; leave it out or give name@host.domain",
                      "it": "questo indirizzo e-mail non è valido; lascialo vuoto o scrivi nome@host.dominio"},
    "username_taken": {"en": "the username {username!r} is taken, or looks like one that is; choose another",
                       "it": "il nome utente {username!r} è già preso, o somiglia a uno già preso; scegline un altro"},
    "signin_locked": {"en": "too many failed sign-ins to this name from your address: try again in {wait} seconds",
                      "it": "troppi accessi falliti a questo nome dal tuo indirizzo: riprova tra {wait} secondi"},
    "wrong_password": {"en": "wrong username or password", "it": "nome utente o password sbagliati"},
    "no_player": {"en": "no player {username!r}", "it": "nessun giocatore {username!r}"},
    "csrf": {"en": "missing or wrong CSRF token: send the lapilli_csrf cookie's value in the X-CSRF-Token header "
                   "(reload the page if you signed in elsewhere)",
             "it": "gettone CSRF mancante o sbagliato: invia il valore del cookie lapilli_csrf nell'intestazione "
                   "X-CSRF-Token (ricarica la pagina se sei entrato altrove)"},
    # names (names.py): {who} is one of the two below
    "who_username": {"en": "a username", "it": "un nome utente"},
    "who_guest": {"en": "a guest's name", "it": "il nome di un ospite"},
    "who_name": {"en": "a name", "it": "un nome"},
    "name_invisible": {"en": "{who} may not hold control or invisible characters (such as line breaks, direction "
                             "marks or zero-width spaces; found {code})",
                       "it": "{who} non può contenere caratteri di controllo o invisibili (come a capo, segni di "
                             "direzione o spazi di larghezza zero; trovato {code})"},
    "name_too_long": {"en": "{who} is at most {most} characters long", "it": "{who} è lungo al massimo {most} caratteri"},
    "name_no_letter": {"en": "{who} needs at least one letter or digit",
                       "it": "{who} deve avere almeno una lettera o una cifra"},
    "name_stacked_marks": {"en": "{who} may not stack accents (at most two marks on a letter)",
                           "it": "{who} non può accumulare accenti (al massimo due segni su una lettera)"},
    "name_reserved": {"en": "{who} may not be or contain the reserved word {bad!r} (it names the computer or the "
                            "server); choose another",
                      "it": "{who} non può essere né contenere la parola riservata {bad!r} (indica il computer o "
                            "il server); scegline un altro"},
    # ---------------------------------------------------------------- HTTP refusals: limits (429)
    "rate_signup": {"en": "too many sign-up attempts from {address}: at most {rate}; try again later",
                    "it": "troppi tentativi di registrazione da {address}: al massimo {rate}; riprova più tardi"},
    "rate_signin": {"en": "too many sign-in attempts from {address}: at most {rate}; try again later",
                    "it": "troppi tentativi di accesso da {address}: al massimo {rate}; riprova più tardi"},
    "rate_create": {"en": "too many tables created from {address}: at most {rate}; try again later",
                    "it": "troppi tavoli creati da {address}: al massimo {rate}; riprova più tardi"},
    "rate_heavy": {"en": "too many finished games read from {address}: at most {rate} that are not already "
                         "computed; try again later",
                   "it": "troppe partite finite lette da {address}: al massimo {rate} non ancora calcolate; "
                         "riprova più tardi"},
    "rate_notify": {"en": "too many addresses given for notices from {address}: at most {rate}; try again later",
                    "it": "troppi indirizzi per gli avvisi da {address}: al massimo {rate}; riprova più tardi"},
    "rate_learn": {"en": "too many tutorial moves from {address} (at most {rate})",
                   "it": "troppe mosse del tutorial da {address} (al massimo {rate})"},
    # ---------------------------------------------------------------- HTTP refusals: tables and seats
    "seats_for_players": {"en": "{given} seats given for {players} players",
                          "it": "{given} posti indicati per {players} giocatori"},
    "rated_sign_in": {"en": "sign in to create a rated table (guests play unrated tables)",
                      "it": "entra per creare un tavolo valido per la classifica (gli ospiti giocano tavoli non "
                            "validi per la classifica)"},
    "rated_no_computer": {"en": "a rated table is for signed-in players only: make every seat open, or create an "
                                "unrated table to play the computer",
                          "it": "un tavolo valido per la classifica è solo per giocatori registrati: lascia liberi "
                                "tutti i posti, o crea un tavolo non valido per la classifica per giocare contro il "
                                "computer"},
    "rated_needs_clock": {"en": "a rated table needs a clock (real-time or turn-based): add clock, e.g. "
                                "{{\"preset\": \"10m+10s\"}} or {{\"preset\": \"24h\"}}",
                          "it": "un tavolo valido per la classifica vuole un orologio (in tempo reale o a turni): "
                                "aggiungi clock, per esempio {{\"preset\": \"10m+10s\"}} o {{\"preset\": \"24h\"}}"},
    "seed_by_server": {"en": "a table's seed is drawn by the server: remove the field seed",
                       "it": "il seme di un tavolo lo estrae il server: togli il campo seed"},
    "unknown_dataset": {"en": "this server knows no data set {name!r} of {game}; it knows: {names}",
                        "it": "questo server non conosce nessun insieme di dati {name!r} di {game}; conosce: {names}"},
    "rated_seat_sign_in": {"en": "table {tid} is rated: sign in to take a seat (guests play unrated tables)",
                           "it": "il tavolo {tid} è valido per la classifica: entra per prendere un posto (gli "
                                 "ospiti giocano tavoli non validi per la classifica)"},
    "rated_one_seat": {"en": "you already hold a seat at rated table {tid}: each seat of a rated table is a "
                             "different signed-in player (no hot-seat)",
                       "it": "hai già un posto al tavolo {tid}, valido per la classifica: ognuno dei suoi posti è "
                             "di un giocatore registrato diverso (niente gioco a più mani sullo stesso schermo)"},
    "seat_not_open": {"en": "seat {seat} of table {tid} is not open",
                      "it": "il posto {seat} del tavolo {tid} non è libero"},
    "no_seat": {"en": "no seat {seat} at table {tid}", "it": "nessun posto {seat} al tavolo {tid}"},
    "takeover_not_seated": {"en": "only a player seated at this table can hand a seat to the computer",
                            "it": "solo chi siede a questo tavolo può far giocare il computer a un posto"},
    "takeover_rated_open": {"en": "seat {seat} is open: at a rated table it waits for a signed-in player (no "
                                  "computer plays a rated table's open seat)",
                            "it": "il posto {seat} è libero: a un tavolo valido per la classifica aspetta un "
                                  "giocatore registrato (il computer non gioca i posti liberi di questi tavoli)"},
    "presence_unknown_down": {"en": "presence from other instances is unknown: Redis is not answering",
                              "it": "non si sa chi è collegato alle altre istanze: Redis non risponde"},
    "presence_unknown_back": {"en": "presence from other instances is unknown: Redis is back and not every other "
                                    "instance has been heard from again",
                              "it": "non si sa chi è collegato alle altre istanze: Redis è tornato, ma non tutte "
                                    "le altre istanze si sono fatte sentire di nuovo"},
    "takeover_presence_unknown": {"en": "{why}, so seat {seat} is not handed to the computer now; ask again in a "
                                        "moment",
                                  "it": "{why}, quindi ora il posto {seat} non passa al computer; chiedi di nuovo "
                                        "tra un momento"},
    "takeover_connected": {"en": "seat {seat} is still connected", "it": "il posto {seat} è ancora collegato"},
    "takeover_held": {"en": "seat {seat} is held for its player for {seconds} more seconds (seat grace); ask "
                            "again after that",
                      "it": "il posto {seat} resta al suo giocatore per altri {seconds} secondi; chiedi di nuovo "
                            "dopo"},
    "takeover_resign": {"en": "at a rated table handing your own seat to the computer resigns the game: you lose "
                              "it for the rating, and taking the seat back later gives no time; send resign: true "
                              "to resign",
                        "it": "a un tavolo valido per la classifica far giocare il computer al tuo posto è un "
                              "abbandono: perdi la partita per la classifica, e riprendere il posto più tardi non "
                              "dà altro tempo; invia resign: true per abbandonare"},
    # ---------------------------------------------------------------- HTTP refusals: a request's fields (422)
    # pydantic's refusals, one sentence per kind of fault: the English is pydantic's own text
    # ({msg}), the other languages say it from the fault's numbers; {field} is the field as the
    # API spells it
    "invalid_request": {"en": "{message}", "it": "richiesta non valida: {message}"},
    "and_more": {"en": " (and {n} more)", "it": " (e altri {n})"},
    "field_missing": {"en": "{field}: {msg}", "it": "{field}: campo obbligatorio mancante"},
    "field_unknown": {"en": "{field}: unknown field", "it": "{field}: campo sconosciuto"},
    "field_integer": {"en": "{field}: {msg}", "it": "{field}: deve essere un numero intero"},
    "field_integer_size": {"en": "{field}: {msg}", "it": "{field}: il numero intero ha troppe cifre"},
    "field_number": {"en": "{field}: {msg}", "it": "{field}: deve essere un numero"},
    "field_boolean": {"en": "{field}: {msg}", "it": "{field}: deve essere true o false"},
    "field_text": {"en": "{field}: {msg}", "it": "{field}: deve essere un testo"},
    "field_object": {"en": "{field}: {msg}", "it": "{field}: deve essere un oggetto JSON"},
    "field_list": {"en": "{field}: {msg}", "it": "{field}: deve essere una lista"},
    "field_at_most": {"en": "{field}: {msg}", "it": "{field}: deve essere al massimo {le}"},
    "field_below": {"en": "{field}: {msg}", "it": "{field}: deve essere minore di {lt}"},
    "field_at_least": {"en": "{field}: {msg}", "it": "{field}: deve essere almeno {ge}"},
    "field_above": {"en": "{field}: {msg}", "it": "{field}: deve essere maggiore di {gt}"},
    "field_text_too_long": {"en": "{field}: {msg}", "it": "{field}: deve avere al massimo {max_length} caratteri"},
    "field_text_too_short": {"en": "{field}: {msg}", "it": "{field}: deve avere almeno {min_length} caratteri"},
    "field_empty": {"en": "{field}: {msg}", "it": "{field}: non può essere vuoto"},
    "field_too_many": {"en": "{field}: {msg}", "it": "{field}: deve avere al massimo {max_length} elementi"},
    "field_too_few": {"en": "{field}: {msg}", "it": "{field}: deve avere almeno {min_length} elementi"},
    "field_pattern": {"en": "{field}: {msg}", "it": "{field}: non ha la forma richiesta ({pattern})"},
    "field_choice": {"en": "{field}: {msg}", "it": "{field}: deve essere {expected}"},
    "field_level": {"en": "{field}: unknown level {given!r}; the levels are {levels}",
                    "it": "{field}: livello sconosciuto {given!r}; i livelli sono {levels}"},
    "field_refused": {"en": "{field}: Value error, {reason}", "it": "{field}: {reason}"},
    "field_invalid": {"en": "{field}: {msg}", "it": "{field}: valore non valido"},
    "body_not_json": {"en": "{field}: {msg}", "it": "il corpo della richiesta non è JSON valido (posizione {field})"},
    "no_such_path": {"en": "{message}", "it": "non c'è niente a questo indirizzo"},
    "method_not_allowed": {"en": "{message}", "it": "questo indirizzo non accetta questo metodo"},
    "body_too_large": {"en": "request body larger than {limit} bytes",
                       "it": "il corpo della richiesta supera i {limit} byte"},
    # a table's clock (routes/turns.py ClockRequest)
    "clock_preset_unknown": {"en": "unknown clock preset {preset!r}; the presets are {presets}",
                             "it": "orologio predefinito sconosciuto {preset!r}; quelli predefiniti sono {presets}"},
    "clock_preset_and_numbers": {"en": "give a clock preset or the clock's own numbers, not both",
                                 "it": "indica un orologio predefinito o i numeri dell'orologio, non entrambi"},
    "clock_needs_bank": {"en": "a real-time clock needs bank (seconds), and may have increment",
                         "it": "un orologio a tempo vuole bank (la riserva, in secondi), e può avere increment "
                               "(l'incremento)"},
    "clock_needs_per_move": {"en": "a turn-based clock needs per_move (seconds)",
                             "it": "un orologio a turni vuole per_move (il tempo per mossa, in secondi)"},
    "clock_needs_kind": {"en": "a clock needs preset, or kind (realtime or turn)",
                         "it": "un orologio vuole preset, o kind (realtime, a tempo, o turn, a turni)"},
    # ---------------------------------------------------------------- HTTP refusals: the game, players, options
    # (the engine's own sentences, lapilli.engine.spec and catalogue: a table is refused with them)
    "unknown_game": {"en": "unknown game {game!r}; known games: {known}",
                     "it": "gioco sconosciuto {game!r}; i giochi disponibili: {known}"},
    "players_whole": {"en": "player count must be a whole number, not {given!r}",
                      "it": "il numero di giocatori deve essere un numero intero, non {given!r}"},
    "players_range": {"en": "{title} is for {low} to {high} players, not {given}",
                      "it": "{title} si gioca da {low} a {high} giocatori, non in {given}"},
    "players_exactly": {"en": "{title} is for exactly {n} players, not {given}",
                        "it": "{title} si gioca esattamente in {n} giocatori, non in {given}"},
    "option_unknown": {"en": "{title} has no option {name!r}; its options: {known}",
                       "it": "{title} non ha nessuna opzione {name!r}; le sue opzioni: {known}"},
    "options_none": {"en": "none", "it": "nessuna"},
    "option_value": {"en": "option {name!r} cannot be {value!r}; allowed values: {allowed}",
                     "it": "l'opzione {name!r} non può valere {value!r}; valori ammessi: {allowed}"},
    # a combination the rules do not allow: the game's own words for it (GameSpec.constraint_words)
    "option_constraint": {"en": "{message}", "it": "{message_it}"},
    "dataset_not_loaded": {"en": "table {tid} plays with the data set {name!r} ({hash}), which this server was not "
                                 "started with: start it with --data for that data set",
                           "it": "il tavolo {tid} si gioca con l'insieme di dati {name!r} ({hash}), con cui questo "
                                 "server non è stato avviato: avvialo con --data per quell'insieme di dati"},
    "table_moved_on": {"en": "table {tid} is no longer at version {version}",
                       "it": "il tavolo {tid} non è più alla versione {version}"},
    "table_moved_on_seat": {"en": "table {tid} is no longer at version {version}, or seat {seat} is no longer "
                                  "played by {who}",
                            "it": "il tavolo {tid} non è più alla versione {version}, o il posto {seat} non è più "
                                  "giocato da {who}"},
    "who_its_person": {"en": "its person", "it": "chi vi sedeva"},
    "who_computer": {"en": "the computer", "it": "il computer"},
    # ---------------------------------------------------------------- HTTP refusals: finished games, notices
    "finished_only": {"en": "the {what} is available when the game is over",
                      "it": "{what} è disponibile quando la partita è finita"},
    "what_replay": {"en": "replay", "it": "il replay"},
    "what_record": {"en": "record", "it": "la registrazione della partita"},
    "what_review": {"en": "review", "it": "l'analisi"},
    "email_not_address": {"en": "email: {email!r} is not an e-mail address",
                          "it": "email: {email!r} non è un indirizzo e-mail"},
    "notify_not_seated": {"en": "only the person seated with this token can give an address for it",
                          "it": "solo chi siede al posto di questo gettone può indicare un indirizzo per gli avvisi"},
    # ---------------------------------------------------------------- HTTP refusals: the coach
    "coach_busy": {"en": "{client} already waits for {most} reviews or hints; ask again when one has answered",
                   "it": "{client} aspetta già {most} tra analisi e suggerimenti; chiedi di nuovo quando uno ha "
                         "risposto"},
    "coach_full": {"en": "{client} already waits for as many reviews or hints as it may; ask again when one has "
                         "answered",
                   "it": "{client} aspetta già tutte le analisi e i suggerimenti che può; chiedi di nuovo quando uno "
                         "ha risposto"},
    "client_gone": {"en": "the client closed the request", "it": "il client ha chiuso la richiesta"},
    "review_too_long": {"en": "the review took longer than the coach's limit; ask again later",
                        "it": "l'analisi ha superato il tempo concesso al coach; chiedi di nuovo più tardi"},
    "hint_too_long": {"en": "the hint took longer than the coach's limit; ask again",
                      "it": "il suggerimento ha superato il tempo concesso al coach; chiedi di nuovo"},
    "hints_agree_not_seated": {"en": "only a person seated at this table may agree to hints (the token holds no "
                                     "seat)",
                               "it": "solo chi siede a questo tavolo può accettare i suggerimenti (il gettone non dà "
                                     "nessun posto)"},
    "hint_not_seated": {"en": "only a person seated at this table may ask for a hint (the token holds no seat)",
                        "it": "solo chi siede a questo tavolo può chiedere un suggerimento (il gettone non dà nessun "
                              "posto)"},
    "hints_rated": {"en": "no hints at a rated table: the coach is for unrated tables, and for reviews once the "
                          "game is over",
                    "it": "niente suggerimenti a un tavolo valido per la classifica: il coach è per i tavoli non "
                          "validi per la classifica, e per le analisi a partita finita"},
    "hints_waiting": {"en": "hints need every person seated to agree; waiting for seat(s) {seats}",
                      "it": "i suggerimenti richiedono il consenso di tutte le persone sedute; manca quello dei "
                            "posti {seats}"},
    "hint_not_your_turn": {"en": "a hint is for the seat to move; wait for your turn",
                           "it": "il suggerimento è per chi deve muovere; aspetta il tuo turno"},
    # ---------------------------------------------------------------- HTTP refusals: tutorials
    "no_tutorial": {"en": "no tutorial for {game}", "it": "nessun tutorial per {game}"},
    "no_tutorial_step": {"en": "no step {chapter}/{step} in the tutorial of {game}",
                         "it": "nessun passo {chapter}/{step} nel tutorial di {game}"},
    "tutorial_step_no_move": {"en": "step {chapter}/{step} of the tutorial of {game} asks no move",
                              "it": "il passo {chapter}/{step} del tutorial di {game} non chiede nessuna mossa"},
}
# what the server's sentences call a step ("your move", "la tua mossa")
STEPS = {"it": {"move": "la tua mossa", "undo": "il tuo annullamento", "concession": "il tuo abbandono"}}


def _value(v, lang):
    if isinstance(v, str) and getattr(v, "key", None):  # a sentence inside a sentence
        return _said(v.key, v, v.params, lang)
    if isinstance(v, str):
        terms = TERMS.get(lang, {})
        if " or " in v:  # a choice of the games' words ("shark or whale")
            return OR[lang].join(terms.get(w, w) for w in v.split(" or "))
        return terms.get(v, v)
    return v


def _said(key, english, params, lang):
    template = REFUSALS.get(key, {}).get(lang) if lang != "en" else None
    if template is None:
        return str(english)
    return template.format(**{k: _value(v, lang) for k, v in params.items()})


def refusal(error: IllegalAction, lang: str) -> str:
    """The refusal ``error`` in language ``lang``: the engine's English sentence, or its key's text
    in the catalogue; text that names no action is answered with a sentence of its own."""
    if lang == "en":
        return str(error.message)
    if error.key:
        return _said(error.key, error.message, error.params, lang)
    if error.rule == "notation":
        return say("notation", lang, action=str(error.action), message=str(error.message))
    return str(error.message)


def refusals(error: IllegalAction) -> dict[str, str]:
    """The refusal in every language: {lang: text}."""
    return {lang: refusal(error, lang) for lang in LANGUAGES}


def server_words(key: str, **params) -> dict[str, str]:
    """One of the server's sentences in every language: {lang: text}.  A parameter that is
    itself one of the server's sentences (``server_said``) is said in the same language."""
    def inner(v, lang):
        return say(v.key, lang, **v.params) if isinstance(v, Said) and v.key in SERVER else v
    return {lang: say(key, lang, **{k: inner(v, lang) for k, v in params.items()}) for lang in LANGUAGES}


def server_said(key: str, **params) -> Said:
    """One of the server's sentences in English, carrying its key and parameters (the engine's
    `said`): an HTTP refusal made of it answers with its key and its words in every language."""
    return Said(key, SERVER[key]["en"], **params)


def words_of(message) -> dict[str, str] | None:
    """The words of a sentence that carries a key (``server_said``, or the engine's ``said``) in
    every language, else None."""
    key = getattr(message, "key", None)
    if not key:
        return None
    if key in SERVER:
        return server_words(key, **message.params)
    return {lang: _said(key, message, message.params, lang) for lang in LANGUAGES}


def say(key: str, lang: str, **params) -> str:
    """One of the terminal's or the server's sentences in ``lang`` (English when it has no other)."""
    texts = TERMINAL.get(key) or SERVER[key]
    if "what" in params:  # a step's name, in the sentence's language
        params["what_it"] = STEPS["it"].get(params["what"], params["what"])
    return (texts.get(lang) or texts["en"]).format(**params)
