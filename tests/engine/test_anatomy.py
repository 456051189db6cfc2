"""One anatomy for every game (docs/engine.md, "Anatomy of a game"): the observation is in
views.py, the notation's reader and writer are in notation.py and refuse text with the engine's
one NotationError, no game module reads or writes a file itself (the engine's
dataset.data_file loads every game's data), and the words players read are in each game's
words.json, not in its code."""
from __future__ import annotations

import ast
import importlib
import pathlib
import random

import pytest

import lapilli
from lapilli.engine import NotationError
from lapilli.engine.catalogue import BUILTIN_GAMES, GAMES
from lapilli.engine.dataset import BadData, data_file
from lapilli.engine.narration import LANGUAGES, game_words

GAMES_DIR = pathlib.Path(lapilli.__file__).parent / "games"


def _package_dir(game: str) -> pathlib.Path:
    return GAMES_DIR / GAMES[game].rsplit(".", 1)[1]


def _tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _top_functions(path: pathlib.Path) -> set[str]:
    return {n.name for n in _tree(path).body if isinstance(n, ast.FunctionDef)}


def _modules(game: str) -> list[pathlib.Path]:
    """The game package's Python modules (data/ holds data, and the scripts that made them)."""
    root = _package_dir(game)
    return sorted(p for p in root.rglob("*.py") if "data" not in p.relative_to(root).parts[:-1])


def _positions(game: str, plies: int = 60):
    """States of seeded random games: every player count at its default options, and one game
    per non-default value of each option (the others at their defaults) where allowed."""
    spec = lapilli.game_spec(game)
    setups = [(n, {}) for n in range(spec.min_players, spec.max_players + 1)]
    for name, opt in spec.options.items():
        for value in opt.values:
            if value != opt.default:
                n = spec.max_players
                if spec.constraint is None or not spec.constraint(n, {**spec.resolve(n, None)[1], name: value}):
                    setups.append((n, {name: value}))
    for i, (n, options) in enumerate(setups):
        s = lapilli.new_game(game, n, seed=i, options=options)
        rng = random.Random(i)
        for _ in range(plies):
            if s.is_terminal:
                break
            yield s
            s.apply(rng.choice(s.legal_actions()))
        yield s


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_the_observation_is_in_views(game):
    """views.py defines observe(state, seat); no other module of the game defines an observation:
    a ``_observe`` elsewhere only hands over to views.observe, and the state's observation is it."""
    assert "observe" in _top_functions(_package_dir(game) / "views.py")
    for path in _modules(game):
        if path.name == "views.py":
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef) and node.name in ("observe", "_observe"):
                assert node.name == "_observe", f"{path.name} defines observe"
                calls = [c.func.id for c in ast.walk(node) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)]
                assert calls == ["observe"] and len(node.body) <= 2, f"{path.name}: _observe does more than call views"
    views = importlib.import_module(GAMES[game] + ".views")
    for s in _positions(game, plies=15):
        for seat in (None, *range(s.num_players)):
            assert s._observe(seat) == views.observe(s, seat)


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_notation_reads_and_writes_every_legal_action(game):
    """notation.py defines parse (the reader) and write (the writer), and write(parse(a)) gives
    back every legal action ``a`` of seeded random games."""
    assert {"parse", "write"} <= _top_functions(_package_dir(game) / "notation.py")
    nt = importlib.import_module(GAMES[game] + ".notation")
    seen = 0
    for s in _positions(game):
        for a in s.legal_actions():
            assert nt.write(nt.parse(a, s), s) == a
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("game", BUILTIN_GAMES)
@pytest.mark.parametrize("text", ["", "fly away", "take take take take", "\x00"])
def test_text_that_names_no_action_is_one_notation_error(game, text):
    """The reader and the state refuse text that names no action with NotationError: rule
    'notation', the message '<what is wrong>. Actions look like: <forms>', the text kept."""
    nt = importlib.import_module(GAMES[game] + ".notation")
    s = lapilli.new_game(game, lapilli.game_spec(game).min_players, seed=1)
    before = s.to_json()
    with pytest.raises(NotationError) as read:
        nt.parse(text, s)
    with pytest.raises(NotationError) as applied:
        s.apply(text)
    for e in (read.value, applied.value):
        assert e.rule == "notation" and e.action == text
        assert e.why and e.forms and e.message == f"{e.why}. Actions look like: {e.forms}"
    assert s.to_json() == before


_READERS = {"json", "np", "numpy", "pickle"}               # modules whose load/loads/dump read or write
_FILE_METHODS = {"open", "read_text", "read_bytes", "write_text", "write_bytes"}


def _file_calls(path: pathlib.Path) -> list[str]:
    """The places in a module that read or write a file or JSON: open(), json/numpy/pickle
    load, loads and dump (called or imported by name), Path.open/read_text/read_bytes/
    write_text/write_bytes."""
    found = []
    for node in ast.walk(_tree(path)):
        name = None
        if isinstance(node, ast.ImportFrom) and node.module in _READERS:
            name = next((a.name for a in node.names if a.name in ("load", "loads", "dump")), None)
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == "open":
                name = "open"
            elif isinstance(f, ast.Attribute) and (
                    f.attr in _FILE_METHODS
                    or f.attr in ("load", "loads", "dump") and isinstance(f.value, ast.Name) and f.value.id in _READERS):
                name = f.attr
        if name:
            found.append(f"{path.name}:{node.lineno} {name}")
    return found


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_no_game_module_reads_a_file_itself(game):
    """Every game reads its data through the engine's data_file: no module of a game package opens
    a file or calls json.load itself (checked on the source's syntax tree)."""
    found = [c for path in _modules(game) for c in _file_calls(path)]
    assert found == []
    assert "data_file" in (_package_dir(game) / "data.py").read_text(encoding="utf-8")


def test_the_file_check_sees_a_loader_of_its_own(tmp_path):
    """The check above is not blind: a data.py with its own loader is caught."""
    p = tmp_path / "data.py"
    p.write_text("import json\nfrom json import loads\n\ndef _load(name):\n    with open(name) as f:\n"
                 "        return json.load(f)\n\ndef load(name):\n    return _load(name)\n")
    assert sorted(c.split()[1] for c in _file_calls(p)) == ["load", "loads", "open"]


def _word_tables(path: pathlib.Path) -> list[str]:
    """Top-level names bound to a literal table with an entry per language ({"en": ..., "it": ...}
    at its top or one level down): the words of a game written in code."""
    found = []
    for node in _tree(path).body:
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Dict):
            continue
        tables = [node.value] + [v for v in node.value.values if isinstance(v, ast.Dict)]
        for d in tables:
            keys = {k.value for k in d.keys if isinstance(k, ast.Constant)}
            if set(LANGUAGES) <= keys:
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node.targets[0])}")
                break
    return found


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_the_words_players_read_are_in_words_json(game):
    """A game's sentences, terms, text-picture words and options' names are one file, words.json,
    every entry in every language: its narration, render and spec modules read them from there and
    write no table of words themselves (a translator edits data, not code)."""
    pkg = _package_dir(game)
    words = game_words(str(pkg / "narration.py"))
    assert {"sentences", "terms", "picture"} <= set(words)
    for key, entry in words["sentences"].items():
        assert set(entry) == set(LANGUAGES), key
        forms = {lang: isinstance(t, tuple) for lang, t in entry.items()}
        assert len(set(forms.values())) == 1, f"{key}: a 'you' form in one language only"
    for part in set(words) - {"sentences", "options", "constraints"}:  # terms, picture, components: per language
        assert set(words[part]) == set(LANGUAGES)
        en = set(words[part]["en"])
        assert all(set(words[part][lang]) == en for lang in LANGUAGES), f"{part}: the languages name other entries"
    narration = importlib.import_module(GAMES[game] + ".narration")
    assert narration.CATALOGUE == words["sentences"] and narration.TERMS == words["terms"]
    spec = lapilli.game_spec(game)
    assert set(words["options"]) == set(spec.options)
    for name, opt in spec.options.items():  # a choice names each value in the players' words
        assert set(opt.label) == set(opt.sentence) == set(LANGUAGES), name
        if not all(isinstance(v, bool) for v in opt.values):
            assert set(opt.value_labels) == set(opt.values), name
            assert all(set(w) == set(LANGUAGES) for w in opt.value_labels.values()), name
    for reason, said in words.get("constraints", {}).items():
        assert set(said) == set(LANGUAGES), reason
    assert [t for m in ("narration.py", "render.py", "spec.py") for t in _word_tables(pkg / m)] == []


def test_the_word_table_check_sees_a_table_in_code(tmp_path):
    """The check above is not blind: sentences and words written as tables in a module are caught."""
    p = tmp_path / "narration.py"
    p.write_text('CATALOGUE = {"go": {"en": "go", "it": "vai"}}\nW = {"en": {"a": "b"}, "it": {"a": "c"}}\n'
                 'SYMBOLS = {"x": 1}\n')
    assert _word_tables(p) == ["narration.py:1 CATALOGUE", "narration.py:2 W"]


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A package ``fakegame`` with a data/ folder holding one good and one malformed file."""
    pkg = tmp_path / "fakegame"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "good.json").write_text('{"tiles": [1, 2]}')
    (pkg / "data" / "bad.json").write_text('{"tiles": [1, 2,]}')
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    importlib.import_module("fakegame")
    yield "fakegame.data"
    import sys
    sys.modules.pop("fakegame", None)


def test_the_data_loader_reads_a_package_file(fake_package):
    assert data_file(fake_package, "good.json") == {"tiles": [1, 2]}


def test_the_data_loader_fails_loudly_naming_the_file(fake_package):
    with pytest.raises(BadData, match=r"bad\.json.*line 1 column 17.*not valid JSON"):
        data_file(fake_package, "bad.json")
    with pytest.raises(BadData, match=r"missing\.json.*missing"):
        data_file(fake_package, "missing.json")
