"""Data sets: the component data a game is played with (docs/formats/data.md).

Each game's ``data.py`` lists the JSON files of its data set (``FILES``), ships a JSON Schema
per file (``data/schema/<file>.schema.json``) and states the game's own consistency rules
(``check(files)``).  A `DataSet` is those files read from a folder (or the package's defaults),
with a hash of their content.

A game is created *with* a data set: ``new_game(..., data=DataSet)``.  The rules read their
data from module-level tables built by ``data.py`` at import, so a data set other than the
default gets its own copy of the game's package, imported under a private name whose
``data.py`` reads that data set's files (``bound_module``); its ``GameState`` class carries the
data set (``GameState.DATASET``).  Several data sets live side by side in one process (the
server), and the default package is never touched.
"""
from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.util
import json
import pathlib
import sys
from dataclasses import dataclass, field

from .catalogue import list_games, package
from .errors import LapilliError


class BadData(LapilliError):
    """A data set that cannot be read or breaks its schema or the game's consistency rules."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a data set: the file, the item in it, the rule it breaks."""

    file: str
    item: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.item or '(whole file)'}: {self.message} [{self.rule}]"


@dataclass(frozen=True)
class DataSet:
    """The data files of one game (file name -> parsed JSON), their name and content hash."""

    game: str
    name: str
    files: dict = field(compare=False, hash=False, repr=False)
    hash: str = ""
    source: str = ""

    def read(self, name: str):
        """A private copy of one file's content (the loaders may keep or change it)."""
        return copy.deepcopy(self.files[name])

    def describe(self) -> dict:
        return {"name": self.name, "hash": self.hash}

    @property
    def is_default(self) -> bool:
        return self.hash == default_dataset(self.game).hash


def content_hash(files: dict) -> str:
    """sha256 of the canonical JSON (sorted keys, no spaces) of every file, in name order: the
    same data give the same hash whatever the layout or key order of the files."""
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0")
        h.update(json.dumps(files[name], sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode())
        h.update(b"\0")
    return h.hexdigest()


def _package(game: str) -> str:
    return package(game)  # raises UnknownGame


def data_module(game: str):
    """The default ``data`` module of a game (its FILES, check()); None for a game without one
    (it has no data set to swap: an empty one)."""
    pkg = _package(game)
    try:
        if importlib.util.find_spec(pkg + ".data") is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(pkg + ".data")


def files_of(game: str) -> tuple:
    return tuple(getattr(data_module(game), "FILES", ()))


def package_data_dir(game: str) -> pathlib.Path:
    spec = importlib.util.find_spec(_package(game))
    return pathlib.Path(spec.origin).parent / "data"


def schema_dir(game: str) -> pathlib.Path:
    return package_data_dir(game) / "schema"


def schema(game: str, file: str) -> dict:
    with open(schema_dir(game) / (file.rsplit(".", 1)[0] + ".schema.json"), encoding="utf-8") as f:
        return json.load(f)


def _read_json(path: pathlib.Path, name: str, missing: str) -> tuple[object, Problem | None]:
    """The parsed content of one JSON file, or the Problem (named ``name``) that stops it."""
    if not path.is_file():
        return None, Problem(name, "", "files", missing)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f), None
    except json.JSONDecodeError as e:
        return None, Problem(name, f"line {e.lineno} column {e.colno}", "json", f"not valid JSON: {e.msg}")
    except OSError as e:
        return None, Problem(name, "", "files", f"cannot be read: {e.strerror}")


def _read_dir(game: str, folder: pathlib.Path) -> tuple[dict, list[Problem]]:
    files, problems = {}, []
    for name in files_of(game):
        content, problem = _read_json(folder / name, name,
                                      f"missing: a {game} data set needs {', '.join(files_of(game))}")
        if problem is None:
            files[name] = content
        else:
            problems.append(problem)
    return files, problems


def data_file(module_name: str, name: str):
    """The content of the data file ``name`` for a game's ``data`` module (``module_name`` is its
    ``__name__``): the file of the data set that copy of the package was imported for
    (`bound_module`), else the file the package ships in its ``data/`` folder.  The one loader of
    every game's component data: a missing or malformed file raises BadData naming the file."""
    ds = files_for(module_name)
    if ds is not None and name in ds.files:
        return ds.read(name)
    package_name = module_name.rsplit(".", 1)[0]
    folder = pathlib.Path(sys.modules[package_name].__path__[0]) / "data"
    content, problem = _read_json(folder / name, str(folder / name), "missing: the game's package ships no such file")
    if problem is not None:
        raise BadData(f"the data of {package_name} cannot be read: {problem}")
    return content


_DEFAULTS: dict = {}
_SHIPPED_SETS = "datasets"  # a game's package may ship other data sets in datasets/<name>/


def default_dataset(game: str) -> DataSet:
    """The data set the game's package ships in ``data/`` (named "default")."""
    ds = _DEFAULTS.get(game)
    if ds is None:
        files, problems = _read_dir(game, package_data_dir(game))
        if problems:
            raise BadData("the package's own data are incomplete: " + "; ".join(map(str, problems)))
        ds = _DEFAULTS[game] = DataSet(game, "default", files, content_hash(files), "package")
    return ds


def shipped_datasets(game: str) -> dict[str, pathlib.Path]:
    """Other data sets shipped with the game's package: name -> folder."""
    root = package_data_dir(game).parent / _SHIPPED_SETS
    if not root.is_dir():
        return {}
    return {p.name: p for p in sorted(root.iterdir()) if p.is_dir()}


def check_files(game: str, files: dict) -> list[Problem]:
    """Every problem of a data set: JSON Schema first (per file), then the game's consistency
    rules (``data.check``), then whether a game can be set up with it at all."""
    import jsonschema

    problems: list[Problem] = []
    for name in files_of(game):
        if name not in files:
            problems.append(Problem(name, "", "files", "missing"))
            continue
        validator = jsonschema.Draft202012Validator(schema(game, name))
        for e in sorted(validator.iter_errors(files[name]), key=lambda e: list(map(str, e.absolute_path))):
            item = "".join(f"[{p}]" if isinstance(p, int) else (("." if i else "") + str(p))
                           for i, p in enumerate(e.absolute_path))
            problems.append(Problem(name, item, "schema", e.message))
    if problems:
        return problems
    check = getattr(data_module(game), "check", None)
    if check is not None:
        problems.extend(check(files))
    return problems


def check_dir(game: str, folder) -> list[Problem]:
    files, problems = _read_dir(game, pathlib.Path(folder))
    if problems:
        return problems
    problems = check_files(game, files)
    if problems:
        return problems
    return _try_setup(game, DataSet(game, pathlib.Path(folder).name, files, content_hash(files), str(folder)))


def _try_setup(game: str, ds: DataSet) -> list[Problem]:
    """Set up a game at every player count with the data: a last net for what the rules need."""
    try:
        cls = bound_module(ds).GameState
        spec = cls.SPEC
        for n in range(spec.min_players, spec.max_players + 1):
            players, options = spec.resolve(n, None)  # as registry.new_game sets a game up
            cls(players, seed=0, options=options)
    except LapilliError:
        raise
    except Exception as e:  # noqa: BLE001 - whatever the loader or set-up trips on, said plainly
        return [Problem("(all files)", "", "setup", f"a game cannot be set up with these data: {type(e).__name__}: {e}")]
    return []


def load(game: str, where=None) -> DataSet:
    """A data set of ``game``: None or "default" for the package's own, the name of a data set
    shipped with the package, or a folder holding the files.  Checked (BadData lists every
    problem, each naming the file, the item and the rule)."""
    if where is None or where == "default":
        return default_dataset(game)
    shipped = shipped_datasets(game)
    if isinstance(where, str) and where in shipped and not pathlib.Path(where).exists():
        folder, name = shipped[where], where
    else:
        folder = pathlib.Path(where)
        if not folder.is_dir():
            known = ", ".join(["default", *shipped])
            raise BadData(f"no data set {str(where)!r}: give a folder written by `lapilli data export` or one of: {known}")
        name = folder.resolve().name
    files, problems = _read_dir(game, folder)
    if not problems:
        problems = check_files(game, files)
    if problems:
        raise BadData(f"data set {str(where)!r} of {game} is refused:\n" + "\n".join(f"  {p}" for p in problems))
    ds = DataSet(game, name, files, content_hash(files), str(folder))
    if ds.hash == default_dataset(game).hash:
        return default_dataset(game)
    if not any(p.rule == "setup" for p in _try_setup(game, ds)):
        return ds
    raise BadData(f"data set {str(where)!r} of {game} is refused:\n  " + str(_try_setup(game, ds)[0]))


def guess_game(folder) -> str:
    """The game whose data files a folder holds (exactly the files of one game's data set)."""
    names = {p.name for p in pathlib.Path(folder).glob("*.json")}
    found = [g for g in list_games() if set(files_of(g)) == names]
    if len(found) != 1:
        raise BadData(f"cannot tell which game the data in {str(folder)!r} are for: write GAME={folder}")
    return found[0]


def export(game: str, folder, data: DataSet | None = None) -> list[pathlib.Path]:
    """Write a data set's files (default: the package's) into ``folder``; returns the paths."""
    ds = data or default_dataset(game)
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in files_of(game):
        p = folder / name
        p.write_text(json.dumps(ds.files[name], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        out.append(p)
    return out


# ---------------------------------------------------------------------------- binding
_BOUND: dict = {}  # private package name -> DataSet
_MODULES: dict = {}  # (game, hash) -> the package imported for that data set


def files_for(module_name: str) -> DataSet | None:
    """The data set a copy of a game package was imported for (``data.py`` calls this with its
    ``__name__``); None for the default package."""
    return _BOUND.get(module_name.rsplit(".", 1)[0])


def bound_module(ds: DataSet):
    """The game's package bound to ``ds`` (the default package for the default data)."""
    pkg = _package(ds.game)
    if ds.hash == default_dataset(ds.game).hash:
        return importlib.import_module(pkg)
    key = (ds.game, ds.hash)
    mod = _MODULES.get(key)
    if mod is None:
        alias = f"{pkg}__data_{ds.hash[:16]}"
        _BOUND[alias] = ds
        origin = pathlib.Path(importlib.util.find_spec(pkg).origin)
        spec = importlib.util.spec_from_file_location(alias, origin, submodule_search_locations=[str(origin.parent)])
        mod = importlib.util.module_from_spec(spec)
        sys.modules[alias] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            for name in [m for m in sys.modules if m == alias or m.startswith(alias + ".")]:
                del sys.modules[name]
            del _BOUND[alias]
            raise
        mod.GameState.DATASET = ds
        _MODULES[key] = mod
    return mod


def dataset_of(state_or_class) -> DataSet:
    """The data set a state (or State class) plays with."""
    cls = state_or_class if isinstance(state_or_class, type) else type(state_or_class)
    ds = cls.__dict__.get("DATASET") or getattr(cls, "DATASET", None)
    return ds if ds is not None else default_dataset(cls.SPEC.id)


def game_module(state) -> str:
    """The name of the package a state's class comes from (the default package or a copy bound to
    a data set): where its heuristics, evaluators and levels live."""
    mod = type(state).__module__
    for alias in _BOUND:
        if mod == alias or mod.startswith(alias + "."):
            return alias
    return _package(state.SPEC.id)


def check_matches(where: str, stated: dict | None, ds: DataSet) -> None:
    """Refuse a record or state file made with other data than ``ds`` (CorruptRecord naming both
    hashes).  A file that states no data set was made before data sets existed: the default."""
    from .errors import CorruptRecord

    want = (stated or {}).get("hash") if isinstance(stated, dict) else None
    if want is None:
        want = default_dataset(ds.game).hash
    if want != ds.hash:
        name = (stated or {}).get("name", "?")
        raise CorruptRecord(
            f"this {where} was made with the data set {name!r} (hash {want[:12]}), not with {ds.name!r} "
            f"(hash {ds.hash[:12]}): give the data set it was made with (--data DIR)")
