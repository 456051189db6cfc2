"""The state files and records kept in tests/engine/fixtures as earlier versions wrote them
(shared by the tests that read them)."""
from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "linear_seeding"
STEMS = sorted(p.name[: -len(".record.json")] for p in FIXTURES.glob("*.record.json"))

# Fixtures whose game a rules correction changes: (the first action the corrected rules refuse,
# the correction).  Everything before that action replays as it was played.
CORRECTED = {
    # IDV-10.9 (IDV-I18): lava reaching seat 0's Moai lying without a space on E5 now destroys it
    # unless a prayer saves it, so seat 0 must first decide; the old rules left it immune.
    "isola-dei-vulcani-4p-12": (594, r"seat 0 must first decide \(save\)"),
}
