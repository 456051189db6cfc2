"""`lapilli play` with computer seats prints nothing hidden from the person at the terminal, for
every game and player count.

The game is played through `main(["play", ...])` with one human seat (seat 0, moving at random)
and random computer seats.  Everything the terminal prints between one act and the next is cut
out; for every act, `lapilli.testing.leaks.check_act` builds the worlds the human cannot tell from
the real one (another action of the same computer seat, re-sampled hidden parts) and gives the
act's secret tokens (the notation of an action whose content is hidden, an event field's hidden
value as a program would print it): none may appear in what the terminal printed after the act;
the human's reading of the act must.  `test_the_check_catches_raw_output` shows that the old
output ("seat 1 (random): place 4 5,6", "draw_card: seat=1 ... card=rain") fails it.
"""
from __future__ import annotations

import random

import pytest

import lapilli
from lapilli import cli
from lapilli.cli import main
from lapilli.engine import narration
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.testing.leaks import check_act
from tests.tiers import fast_where, first_fast

CASES = [(g, n) for g in BUILTIN_GAMES
         for n in range(lapilli.game_spec(g).min_players, lapilli.game_spec(g).max_players + 1)]
MAX_ACTS = 150


class _Quit(Exception):
    pass


def _play(monkeypatch, capsys, game, players, seed=11, printed=None):
    """Play through the CLI; returns [(before, action, text printed after the act)]."""
    acts = []
    holder = {}
    real_new_game = cli.new_game

    def new_game(*a, **k):
        st = real_new_game(*a, **k)
        holder["state"] = st

        class Recorded(type(st)):
            """Records the acts of the game the CLI plays (not of copies of it)."""

            def apply(self, action):
                if self is not st:
                    return super().apply(action)
                flush()
                before = st.clone()
                before.__class__ = type(st).__mro__[1]
                events = super().apply(action)
                acts.append([before, st.history[-1], None])
                return events
        st.__class__ = Recorded
        return st

    def flush():
        out = capsys.readouterr().out
        if acts:
            acts[-1][2] = (acts[-1][2] or "") + out
        return out

    pick = random.Random(seed)

    def human(prompt=""):
        flush()
        st = holder["state"]
        if len(acts) >= MAX_ACTS:
            return "quit"
        return pick.choice(st.legal_actions())

    monkeypatch.setattr(cli, "new_game", new_game)
    monkeypatch.setattr(cli.console, "input", human)
    if printed is not None:
        monkeypatch.setattr(cli, "_narrate", printed)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    main(["play", game, "--players", str(players), "--seats", seats, "--seed", str(seed)])
    flush()
    for a in acts:
        if a[2] is None:
            a[2] = ""
    return acts


def _check(acts, reader=0):
    compared = 0
    shown = []
    for before, action, out in acts:
        # the human's own legal list (its prompt) is its own business
        out = "\n".join(line for line in out.splitlines() if "Legal:" not in line)
        items, tokens, n = check_act(before, action, reader)
        compared += n
        leaked = sorted(t for t in tokens if t in out)
        assert not leaked, f"the terminal showed seat {reader} hidden {leaked[:4]} after {action!r}"
        # the terminal names seats as the table does, from the position after the act (a seat
        # that chose its colour in it goes by that colour): the reader is "human", others "random"
        after = before.clone()
        after.apply(action)
        names = [narration.seat_label(after, s, "en", agent="" if s == reader else "random")
                 for s in range(after.num_players)]
        shown.append((narration.text(before.game_id, items, "en", names, reader), out))
    for text, out in shown:
        assert text.split(".")[0] in out, f"the terminal did not show {text!r}"
    return compared


# each game at its fewest players in the fast tier, at every count in the whole suite
@pytest.mark.parametrize("game,players", fast_where(CASES, lambda g, n: n == lapilli.game_spec(g).min_players),
                         ids=[f"{g}-{n}p" for g, n in CASES])
def test_play_prints_no_computer_secret(monkeypatch, capsys, game, players):
    acts = _play(monkeypatch, capsys, game, players)
    assert acts
    _check(acts)


def test_the_check_catches_raw_output(monkeypatch, capsys):
    """Printing the raw action and events of each act (the output before the door) is caught."""
    def raw(state, actor, action, events, reader, names, lang):
        cli.console.print(f"seat {actor}: {action}", markup=False)
        for ev in events:
            cli.console.print(f"  {ev.get('type')}: " + ", ".join(f"{k}={v}" for k, v in ev.items() if k != "type"),
                              markup=False)
        cli.console.print(narration.text(state.game_id, state.readings(actor, action, events, reader), lang,
                                         None, reader), markup=False)

    for game in ("the-island", "eruption"):
        acts = _play(monkeypatch, capsys, game, 3, printed=raw)
        with pytest.raises(AssertionError, match="hidden"):
            _check(acts)


@pytest.mark.parametrize("game,players,seat", first_fast([("the-island", 3, None), ("the-island", 3, 1), ("eruption", 4, None),
                                                          ("eruption", 4, 2)], 2))
def test_replay_tells_each_act_as_the_seat_read_it(tmp_path, capsys, game, players, seat):
    st = lapilli.new_game(game, players=players, seed=5)
    pick = random.Random(5)
    acts = []
    while not st.is_terminal and len(acts) < 200:
        before = st.clone()
        action = pick.choice(st.legal_actions())
        st.apply(action)
        acts.append((before, action))
    rec = tmp_path / "game.json"
    import json
    rec.write_text(json.dumps(st.to_record()))
    argv = ["replay", str(rec)] + ([] if seat is None else ["--seat", str(seat)])
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = {line[:6]: line for line in out.splitlines() if line[:4].strip().isdigit() and line[4:6] == ". "}
    compared = 0
    for i, (before, action) in enumerate(acts, 1):
        items, tokens, n = check_act(before, action, seat)
        compared += n
        leaked = sorted(t for t in tokens if t in out)
        assert not leaked, f"the replay showed {seat} hidden {leaked[:4]} of act {i} ({action!r})"
        text = narration.text(game, items, "en", None, seat)
        if text:
            assert lines[f"{i:4d}. "] == f"{i:4d}. {text}"
    assert compared > 0
