"""A game's optional modules (heuristics, levels, narration, rl): a game without one falls back
(the greedy player, no levels, the common words, no hooks), but a module that is there and fails
to import, as when a dependency it needs is not installed, fails loudly instead of silently
turning a heuristic player into the greedy one."""
import sys

import pytest

from lapilli.agents import heuristic, levels
from lapilli.engine import catalogue, narration
from lapilli.rl import _hooks


@pytest.fixture
def games_on_disk(tmp_path, monkeypatch):
    """Two plug-in game packages: one whose optional modules need a library that is not
    installed, one with none of them."""
    for name, body in (("broken_game_pkg", "import a_library_that_is_not_installed\n"), ("bare_game_pkg", None)):
        pkg = tmp_path / name
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        if body is not None:
            for part in ("heuristics", "levels", "narration", "rl"):
                (pkg / f"{part}.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(heuristic, "_CACHE", {})
    monkeypatch.setattr(levels, "_CACHE", {})
    monkeypatch.setitem(catalogue.GAMES, "broken-game", "broken_game_pkg")
    monkeypatch.setitem(catalogue.GAMES, "bare-game", "bare_game_pkg")
    narration._module.cache_clear()
    yield
    narration._module.cache_clear()
    for name in ("broken_game_pkg", "bare_game_pkg"):
        for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[mod]


@pytest.mark.parametrize("load", [heuristic.game_heuristics, levels.game_levels, narration._module, _hooks],
                         ids=["heuristics", "levels", "narration", "rl"])
def test_a_missing_dependency_of_an_optional_module_raises(games_on_disk, load):
    with pytest.raises(ModuleNotFoundError, match="a_library_that_is_not_installed"):
        load("broken-game")


@pytest.mark.parametrize("load,absent", [(heuristic.game_heuristics, None), (levels.game_levels, {}),
                                         (narration._module, None), (_hooks, None)],
                         ids=["heuristics", "levels", "narration", "rl"])
def test_a_game_without_the_optional_module_falls_back(games_on_disk, load, absent):
    assert load("bare-game") == absent


@pytest.mark.parametrize("load", [heuristic.game_heuristics, levels.game_levels, narration._module, _hooks],
                         ids=["heuristics", "levels", "narration", "rl"])
def test_only_a_registered_game_package_is_ever_imported(tmp_path, monkeypatch, load):
    """The loaders take a game's name (from a request, a command line, a record) and import only
    from the package the catalogue registers for it: a name that is a module path of its own, or an
    unregistered package lying on the path, imports nothing and leaves the game without the module."""
    pkg = tmp_path / "planted_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for part in ("heuristics", "levels", "narration", "rl"):
        (pkg / f"{part}.py").write_text("import builtins\nbuiltins.PLANTED_RAN = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(heuristic, "_CACHE", {})
    monkeypatch.setattr(levels, "_CACHE", {})
    narration._module.cache_clear()
    try:
        for name in ("planted_pkg", "planted-pkg", "lapilli.server.app", "../planted_pkg", "os"):
            assert load(name) in (None, {})
        import builtins
        assert not hasattr(builtins, "PLANTED_RAN")
        assert not [m for m in sys.modules if m.startswith("planted_pkg")]
    finally:
        narration._module.cache_clear()
