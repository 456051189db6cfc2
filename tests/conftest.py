import pytest

from tests import protocol_check


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rules clause (e.g. KDO-4.2) that a test checks")
    # every WebSocket message the tests send and receive is checked against the published schema
    if not config.pluginmanager.has_plugin("protocol_check"):
        config.pluginmanager.register(protocol_check, "protocol_check")
