import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rules clause (e.g. KDO-4.2) that a test checks")
