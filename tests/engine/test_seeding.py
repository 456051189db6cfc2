"""Seeding: nearby seeds give unrelated streams, and files written before seeds were mixed
still load and replay to the same result (state files as this version writes them: the
fixtures are of state-file version 1, read through `upgrade_state`)."""
from __future__ import annotations

import json

import numpy as np
import pytest

import lapilli
from tests.engine.nim_game import GameState as Nim
from lapilli.engine.registry import BUILTIN_GAMES, upgrade_state
from lapilli.engine.rng import DEFAULT_SEEDING, LINEAR_SEEDING, MIX64_SEEDING, Rng, game_rng, mix64
from tests.engine.saved_files import CORRECTED, FIXTURES, STEMS


_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _streams(seeds, draws: int, seeding: str) -> np.ndarray:
    """``Rng.next64`` of each seed's game generator, ``draws`` times, vectorised (one row per seed)."""
    start = np.array([game_rng(s, seeding).state for s in seeds], dtype=np.uint64)
    steps = np.arange(1, draws + 1, dtype=np.uint64) * _GAMMA  # wraps modulo 2**64, like the generator
    with np.errstate(over="ignore"):
        z = start[:, None] + steps[None, :]
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


def _shared_runs(streams: np.ndarray, run: int) -> list[tuple[int, int, int, int]]:
    """(seed a, offset i, seed b, offset j) of every run of ``run`` equal values that two different
    seeds' streams share.  A shared run shares its first value, so only equal values are compared
    further: every value is sorted once with its place."""
    n, draws = streams.shape
    flat = streams.ravel()
    order = np.argsort(flat, kind="stable")
    same = np.nonzero(flat[order][1:] == flat[order][:-1])[0]
    found = []
    for k in same:
        (a, i), (b, j) = divmod(int(order[k]), draws), divmod(int(order[k + 1]), draws)
        if a != b and i + run <= draws and j + run <= draws and (streams[a, i:i + run] == streams[b, j:j + run]).all():
            found.append((a, i, b, j))
    return found


def test_the_vectorised_streams_are_the_generators_own():
    got = _streams([0, 1, 999, 2**40 + 3], 50, MIX64_SEEDING)
    for row, seed in zip(got, [0, 1, 999, 2**40 + 3]):
        r = Nim(2, seed, {"pile": 5}).rng  # a game whose set-up draws nothing
        assert [int(v) for v in row] == [r.next64() for _ in range(50)]


def test_nearby_seeds_share_no_run_of_16_draws():
    """The first 10,000 draws of seeds 0..999 (mixed seeding): no run of 16 values in common at any offset."""
    assert DEFAULT_SEEDING == MIX64_SEEDING
    assert _shared_runs(_streams(range(1000), 10_000, MIX64_SEEDING), 16) == []


def test_the_linear_seeding_fails_the_same_check():
    """The check can fail: under the old seeding seed k + 1's stream is seed k's one draw later."""
    found = _shared_runs(_streams(range(20), 200, LINEAR_SEEDING), 16)
    assert (0, 1, 1, 0) in found and len(found) >= 19


def test_mix64_is_splitmix64s_finalizer_of_the_seed():
    # SplitMix64 seeded with 0 gives 0xE220A8397B1DCDAF first (the reference sequence of Vigna's splitmix64.c)
    assert mix64(0) == 0xE220A8397B1DCDAF
    assert Rng.from_state(0).next64() == mix64(0)
    assert len({mix64(s) for s in range(10_000)}) == 10_000


def test_new_games_records_and_state_files_name_their_seeding():
    assert Nim(2, 5, {"pile": 5}).rng.state == mix64(5)
    assert Nim(2, 5, {"pile": 5}, seeding=LINEAR_SEEDING).rng.state == Rng(5).state
    s = lapilli.new_game("eruption", 2, 5)
    assert s.seeding == MIX64_SEEDING
    assert s.to_record()["seeding"] == MIX64_SEEDING and s.to_json()["seeding"] == MIX64_SEEDING
    assert lapilli.load_state(s.to_json()).seeding == MIX64_SEEDING
    old = lapilli.new_game("eruption", 2, 5, seeding=LINEAR_SEEDING)
    assert old.to_record()["seeding"] == LINEAR_SEEDING and old.to_json()["seeding"] == LINEAR_SEEDING
    assert s.to_json()["data"] != old.to_json()["data"]  # the seeding changes the deal
    with pytest.raises(lapilli.LapilliError, match="unknown seeding 'x'"):
        lapilli.new_game("eruption", 2, 5, seeding="x")
    rec = s.to_record()
    rec["seeding"] = "x"
    with pytest.raises(lapilli.CorruptRecord, match="unknown seeding"):
        lapilli.replay(rec)


def _without_seeding(js: dict, written: dict | None = None) -> dict:
    """A state file as the files written before seeds were mixed look: without its seeding (one
    that names none is read as the old one), without the name of its data set (files that name
    none are played with the game's own data) and without the options added since ``written``
    (the file as saved) was written, each of which must be at the value such files were played
    with (``OptionSpec.legacy``: the reading the engine had before the option existed)."""
    js = dict(js)
    assert js.pop("seeding") == LINEAR_SEEDING
    js.pop("dataset", None)
    if written is not None:
        spec = lapilli.game_spec(js["game"])
        added = {k: v for k, v in js["options"].items() if k not in written["options"]}
        assert added == {k: v for k, v in spec.saved_options(written["options"]).items() if k in added}
        js["options"] = {k: v for k, v in js["options"].items() if k in written["options"]}
    return js


@pytest.mark.parametrize("stem", sorted(CORRECTED))
def test_files_a_correction_changes_replay_up_to_the_corrected_rule(stem):
    record = json.loads((FIXTURES / f"{stem}.record.json").read_text())
    middle = json.loads((FIXTURES / f"{stem}.middle.state.json").read_text())
    ply, why = CORRECTED[stem]
    with pytest.raises(lapilli.CorruptRecord, match=rf"action {ply} \({record['actions'][ply - 1]!r}\) is illegal: .*{why}"):
        lapilli.replay(record)
    resumed = lapilli.load_state(middle)
    assert _without_seeding(resumed.to_json(), middle) == upgrade_state(middle)
    for a in record["actions"][len(middle["history"]):ply - 1]:
        resumed.apply(a)
    assert resumed.to_json() == lapilli.replay(record, upto=ply - 1).to_json()


@pytest.mark.parametrize("stem", [s for s in STEMS if s not in CORRECTED])
def test_files_written_before_seeds_were_mixed_replay_identically(stem):
    record = json.loads((FIXTURES / f"{stem}.record.json").read_text())
    middle = json.loads((FIXTURES / f"{stem}.middle.state.json").read_text())
    final = json.loads((FIXTURES / f"{stem}.final.state.json").read_text())
    assert "seeding" not in record and "seeding" not in middle and "seeding" not in final
    replayed = lapilli.replay(record)  # also checks the recorded scores and winners
    assert replayed.is_terminal and "result" in record
    assert _without_seeding(replayed.to_json(), final) == upgrade_state(final)
    # a state file saved mid-game goes on to the same end, and both files load as they were saved
    resumed = lapilli.load_state(middle)
    assert _without_seeding(resumed.to_json(), middle) == upgrade_state(middle)
    for a in record["actions"][len(middle["history"]):]:
        resumed.apply(a)
    assert _without_seeding(resumed.to_json(), final) == upgrade_state(final)
    assert _without_seeding(lapilli.load_state(final).to_json(), final) == upgrade_state(final)
    rerecorded = replayed.to_record()
    assert rerecorded["options"] == lapilli.game_spec(record["game"]).saved_options(record["options"])
    assert rerecorded == {**record, "seeding": LINEAR_SEEDING, "dataset": replayed.dataset.describe(),
                          "options": rerecorded["options"]}


def test_the_fixtures_cover_every_game():
    assert {json.loads((FIXTURES / f"{s}.record.json").read_text())["game"] for s in STEMS} == set(BUILTIN_GAMES)
