"""Helpers for the test suites of every game (the conformance kit)."""
