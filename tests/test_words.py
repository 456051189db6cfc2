"""Every word a player reads from the Python side is in the chosen language: the rules' refusals
(the engine gives a stable key and parameters, lapilli.words holds the texts), the terminal's
prompts, and the rulebooks' terms (Kingdomino Origins' flint is "pietra focaia")."""
import ast
import random
import re
import string
from pathlib import Path

import pytest

import lapilli
from lapilli.cli import main
from lapilli.engine import IllegalAction

GAMES = ["eruption", "isola-dei-vulcani", "kingdomino-origins", "stromboli", "the-island"]
SRC = Path(lapilli.__file__).parent
# English words that never belong in an Italian sentence (names, numbers and notation aside)
ENGLISH = re.compile(r"\b(the|your|you|must|only|not|is|are|with|first|move|legal|allowed|seats|turn|"
                     r"cannot|already|there|here|from|which|this|that|and|when|has|have|no longer)\b")


def _refusals(game, seeds=2, per_state=4, limit=200):
    """Refusals met while playing random games: at each position, actions legal elsewhere in the
    game (and a few made-up ones) are tried and the IllegalActions kept."""
    out = []
    for seed in range(seeds):
        spec = lapilli.game_spec(game)
        s = lapilli.new_game(game, players=spec.max_players if seed % 2 else spec.min_players, seed=seed)
        rnd = random.Random(seed)
        pool = []
        steps = 0
        while not s.is_terminal and steps < limit:
            legal = s.legal_actions()
            pool.extend(legal[:20])
            tries = rnd.sample(pool, min(per_state, len(pool)))
            tries += [a.split(" ")[0] + " " + rnd.choice(pool).split(" ")[-1] for a in legal[:2]]
            for a in tries:
                if a in legal:
                    continue
                try:
                    s.clone().apply(a)
                except IllegalAction as e:
                    out.append(e)
            s.apply(rnd.choice(legal))
            steps += 1
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_met_has_a_key_and_an_italian_text(game):
    from lapilli import words

    met = [e for e in _refusals(game) if e.rule != "notation"]
    assert len({e.rule for e in met}) >= 3, "the walk meets refusals of several clauses"
    for e in met:
        assert e.key, f"no key for {e.rule}: {e.message}"
        it = words.refusal(e, "it")
        assert it != e.message and "{" not in it, (e.key, it)
        assert not ENGLISH.search(re.sub(r"'[^']*'", "", it)), (e.key, it)
        assert words.refusal(e, "en") == e.message


def _said_calls():
    """Every said(key, template, ...) written in the games' sources; a key made at run time
    (f"kdo.not-now.{phase}") is given by its fixed beginning and a None template."""
    for path in sorted((SRC / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said":
                key, template = node.args[0], node.args[1]
                if isinstance(key, (ast.JoinedStr, ast.BinOp)):
                    start = key.values[0] if isinstance(key, ast.JoinedStr) else key.left
                    yield path.name, start.value, None, {k.arg for k in node.keywords}
                else:
                    text = template.value if isinstance(template, ast.Constant) else None
                    yield path.name, key.value, text, {k.arg for k in node.keywords}


def _fields(template):
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_catalogue_has_every_key_the_engine_raises_in_both_languages():
    from lapilli import words

    calls = list(_said_calls())
    assert len(calls) > 100
    for where, key, template, params in calls:
        keys = [k for k in words.REFUSALS if k == key or (template is None and k.startswith(key))]
        assert keys, f"{where}: {key} is not in lapilli.words"
        for k in keys:
            texts = words.REFUSALS[k]
            assert set(texts) == {"it"}, k  # English is the engine's own text
            assert {f.split("!")[0].split(":")[0] for f in _fields(texts["it"])} <= params, k
            assert texts["it"] != template, k
    raised = {k for _, k, t, _ in calls if t is not None}
    prefixes = tuple(k for _, k, t, _ in calls if t is None)
    unused = {k for k in words.REFUSALS if k not in raised and not k.startswith(prefixes)}
    assert not unused, f"keys no code raises: {sorted(unused)[:5]}"


def test_terminal_speaks_italian(monkeypatch, capsys):
    from lapilli import cli

    answers = iter(["move H3 H4", "nonsense", "quit"])
    monkeypatch.setattr(cli.console, "input", lambda prompt="": next(answers))
    assert main(["play", "isola-dei-vulcani", "--seed", "3", "--seats", "human,random", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    s = lapilli.new_game("isola-dei-vulcani", players=2, seed=3)
    with pytest.raises(IllegalAction) as refused:
        s.apply("move H3 H4")
    assert refused.value.rule == "IDV-3.2" and refused.value.message not in out
    assert "Non ammesso (IDV-3.2): non hai nessun colono su H3" in out
    for english in ("your move", "Legal:", "Not allowed", "Seats:", "Data set", "Type an action", "game left",
                    "players, seed", "options {"):
        assert english not in out, english
    assert "Non ammesso" in out and "tocca a te" in out.lower()


def test_terminal_refusals_in_english_stay_as_they_were(monkeypatch, capsys):
    from lapilli import cli

    answers = iter(["move A1 A2", "quit"])
    monkeypatch.setattr(cli.console, "input", lambda prompt="": next(answers))
    assert main(["play", "isola-dei-vulcani", "--seed", "3", "--seats", "human,random"]) == 0
    out = capsys.readouterr().out
    s = lapilli.new_game("isola-dei-vulcani", players=2, seed=3)
    with pytest.raises(IllegalAction) as refused:
        s.apply("move A1 A2")
    assert "your move" in out and "Not allowed" in out
    assert " ".join(refused.value.message.split())[:40] in " ".join(out.split())


def test_kingdomino_flint_is_the_rulebooks_pietra_focaia():
    from lapilli.games.kingdomino_origins.narration import TERMS

    assert TERMS["it"]["flint"] == "pietra focaia"
    board = (SRC / "web" / "boards" / "kingdomino-origins.js").read_text()
    assert "selce" not in board and "pietra focaia" in board


def test_the_island_serpent_is_the_booklets_serpente_di_mare():
    """The Italian booklet (The Island: Il Ritorno!) calls the sea serpent "Serpente di Mare":
    the terms, the narration, the terminal's legend, the page's words and the tutorial say it
    that way."""
    from lapilli.games.the_island import narration
    from lapilli.words import TERMS

    assert TERMS["it"]["serpent"] == "serpente di mare"
    said = [TERMS["it"]["serpent"], *map(str, narration.TERMS["it"].values())]
    web = [(SRC / "web" / f).read_text() for f in ("i18n.js", "boards/the-island.js", "rules/the-island.json")]
    tutorial = (SRC / "learn" / "the-island.json").read_text()
    for text in [*said, *web, tutorial, (SRC / "games" / "the_island" / "render.py").read_text()]:
        assert not re.search(r"serpent[ei] marin[oi]", text, re.I)
    assert narration.TERMS["it"]["serpent"] == "serpente di mare"


def test_replay_in_italian_ends_with_an_italian_result(tmp_path, capsys):
    s = lapilli.new_game("kingdomino-origins", players=2, seed=5)
    rnd = random.Random(5)
    while not s.is_terminal:
        s.apply(rnd.choice(s.legal_actions()))
    rec = tmp_path / "game.json"
    rec.write_text(__import__("json").dumps(s.to_record()))
    assert main(["replay", str(rec), "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert "Risultato" in out and "vincitore" in out
    assert "Result" not in out and "winner" not in out


def test_a_refusal_with_its_key_survives_pickling_and_copying():
    """Refusals cross processes (the computer players' workers) and get copied: the key stays."""
    import copy
    import pickle

    s = lapilli.new_game("isola-dei-vulcani", players=2, seed=3)
    with pytest.raises(IllegalAction) as refused:
        s.apply("move H3 H4")
    again = pickle.loads(pickle.dumps(refused.value))
    assert (again.key, again.params, again.message, again.rule) == (
        refused.value.key, refused.value.params, refused.value.message, refused.value.rule)
    assert copy.deepcopy(refused.value.message).key == refused.value.key


def test_the_islands_giant_squid_is_the_booklets_piovra_gigante():
    """The Island's Italian booklet calls the giant squid "Piovra Gigante": every Italian text
    says so (the refusals' terms, the narration, the terminal's legend, the page's catalogue and
    board), and none says "calamaro"."""
    from lapilli import words
    from lapilli.games.the_island import narration
    assert words.TERMS["it"]["squid"] == "piovra gigante"
    assert narration.TERMS["it"]["squid"] == "piovra gigante"
    i18n = (SRC / "web" / "i18n.js").read_text()
    assert '"cv.squid": "piovra gigante"' in i18n
    board = (SRC / "web" / "boards" / "the-island.js").read_text()
    assert 'squid: "piovra gigante"' in board
    said = [f"{p.relative_to(SRC)}:{n}" for p in sorted(SRC.rglob("*")) if p.suffix in (".py", ".js", ".json", ".md", ".html")
            for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if "calamar" in line.lower()]
    assert said == []
