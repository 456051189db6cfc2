"""The tests' own layout: a helper shared by several test files lives in a support module
(``support.py``, ``conftest.py`` or another module whose name does not start with ``test_``),
never in a test module that others import, so that running or changing one test file never
runs or changes another's set-up."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _imported_test_modules(path: Path) -> list[str]:
    """The test modules (``test_*``) that the file at ``path`` imports, by their dotted name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [f"{node.module or ''}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found += [n for n in names if any(part.startswith("test_") for part in n.split(".") if part)]
    return found


def test_no_test_module_imports_another():
    offenders = {str(p.relative_to(TESTS)): mods for p in sorted(TESTS.rglob("*.py"))
                 if (mods := _imported_test_modules(p))}
    assert offenders == {}


def test_the_check_sees_an_import_of_a_test_module(tmp_path):
    """The walk above finds both forms of the import it forbids."""
    bad = tmp_path / "test_bad.py"
    bad.write_text("from .test_api import join\nimport tests.server.test_fanout as f\nfrom .support import x\n")
    assert _imported_test_modules(bad) == ["test_api", "test_api.join", "tests.server.test_fanout"]
