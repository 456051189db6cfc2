import os
import sys
from pathlib import Path

import pytest

from tests import protocol_check

WEB = Path(__file__).parent / "web"
# the browser files that play whole games by clicking: the longest of all, run first
WHOLE_GAMES = {"test_table_story.py", "test_phone.py", "test_browser.py", "test_board_isola_dei_vulcani.py",
               "test_board_the_island.py", "test_fair_dice.py", "test_keyboard.py", "test_place_to_act.py",
               "test_coach.py", "test_board_eruption.py", "test_board_kingdomino_origins.py"}


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rules clause (e.g. KDO-4.2) that a test checks")
    # every WebSocket message the tests send and receive is checked against the published schema
    if not config.pluginmanager.has_plugin("protocol_check"):
        config.pluginmanager.register(protocol_check, "protocol_check")
    # bytecode is written even where the environment asks for none (PYTHONDONTWRITEBYTECODE): every
    # Python process the tests start (servers, their workers, commands) would compile the
    # project's modules again, and pytest keeps its rewritten test modules only where it may
    # write them (else every worker of every run rewrites them all as it starts).  xdist's
    # workers are started after this, with this environment
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """The longest files first: the browser files that play whole games, the other browser tests,
    the files with tests marked ``slow``, then the rest, each file's tests kept together and in
    order.  pytest-xdist hands the tests out one at a time in this order (--maxschedchunk=1), so
    the run ends on short tests that fill both workers to the end, not on one worker finishing a
    minute-long game while the other is idle.  Only in xdist's workers, and not when
    --failed-first or --new-first asked for their own order."""
    if not hasattr(config, "workerinput") or config.getoption("failedfirst", False) or config.getoption("newfirst", False):
        return
    rank = {}
    for item in items:
        if WEB in item.path.parents:
            r = 0 if item.path.name in WHOLE_GAMES else 1
        else:
            r = 2 if item.get_closest_marker("slow") else 3
        rank[item.path] = min(rank.get(item.path, 3), r)
    items.sort(key=lambda item: rank[item.path])


def pytest_runtest_setup(item):
    """Before a test that is not a browser test, the process's Chromium stops (its Playwright
    keeps an event loop running in this thread, where the test may call asyncio.run)."""
    chromium = sys.modules.get("lapilli.testing.browser")
    if chromium is not None and chromium.running() and WEB not in item.path.parents:
        chromium.stop()


def pytest_sessionfinish(session):
    chromium = sys.modules.get("lapilli.testing.browser")
    if chromium is not None:
        chromium.stop()


@pytest.fixture
def loop_game(monkeypatch):
    """The game that need never end (tests/engine/loop_game.py), registered as "loop" for this
    test only: registered for good, every test that goes through the registered games (the
    reinforcement-learning adapter's random games, for one) would play it without end."""
    from lapilli.engine.catalogue import GAMES

    monkeypatch.setitem(GAMES, "loop", "tests.engine.loop_game")

