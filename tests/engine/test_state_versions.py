"""State-file versions: a file of version 1 (the fixtures, kept as they were written) loads to the
very position its record replays to, and is saved again as version 2, whose game fields are named
in full words; a file of a version this engine does not know is refused."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import lapilli
from lapilli.engine.registry import BUILTIN_GAMES, state_class, upgrade_state
from lapilli.engine.state import STATE_VERSION
from tests.engine.saved_files import CORRECTED, FIXTURES, STEMS

SRC = Path(lapilli.__file__).resolve().parent / "games"


def _files(stem: str):
    """(kind, saved state file) of a fixture: the middle one, and the final one when its record
    replays to the end (a rules correction stops one of them earlier)."""
    kinds = ["middle"] if stem in CORRECTED else ["middle", "final"]
    return [(k, json.loads((FIXTURES / f"{stem}.{k}.state.json").read_text())) for k in kinds]


def test_the_format_is_version_2():
    assert STATE_VERSION == 2
    assert lapilli.new_game("the-island", 2, seed=1).to_json()["version"] == 2


@pytest.mark.parametrize("stem", STEMS)
def test_a_version_1_file_loads_to_the_position_its_record_replays_to(stem):
    record = json.loads((FIXTURES / f"{stem}.record.json").read_text())
    for kind, old in _files(stem):
        assert old["version"] == 1, kind
        loaded = lapilli.load_state(old)
        replayed = lapilli.replay(record, upto=len(old["history"]))
        assert loaded.to_json() == replayed.to_json(), kind
        assert loaded.legal_actions() == replayed.legal_actions(), kind
        assert loaded.scores() == replayed.scores(), kind
        for seat in [None, *range(loaded.num_players)]:
            assert loaded.observation(seat) == replayed.observation(seat), (kind, seat)


@pytest.mark.parametrize("stem", STEMS)
def test_a_version_1_file_is_saved_as_version_2_with_the_new_names_only(stem):
    for kind, old in _files(stem):
        before = json.dumps(old, sort_keys=True)
        saved = lapilli.load_state(old).to_json()
        assert json.dumps(old, sort_keys=True) == before  # reading does not change the file given
        assert saved["version"] == 2
        renamed = type(lapilli.load_state(old)).RENAMED_FIELDS.get(2, {})
        assert set(saved["data"]) == {renamed.get(k, k) for k in old["data"]}, kind
        for was, now in renamed.items():
            assert now in saved["data"], (kind, now)
            assert was not in saved["data"], (kind, was)
        for was, now in renamed.items():
            assert saved["data"][now] == old["data"][was], (kind, was)
        assert upgrade_state(old) == {**old, "version": 2, "data": {renamed.get(k, k): v for k, v in old["data"].items()}}


def test_every_renamed_field_was_a_key_of_the_version_1_files():
    """The tables of renamed fields name keys that version-1 files really have, in every game."""
    keys: dict[str, set] = {}
    for stem in STEMS:
        for _kind, old in _files(stem):
            keys.setdefault(old["game"], set()).update(old["data"])
    for game in BUILTIN_GAMES:
        renamed = state_class(game).RENAMED_FIELDS.get(2, {})
        assert set(renamed) <= keys[game], game
        assert not set(renamed.values()) & (keys[game] - set(renamed)), game  # no new name was a kept old key
        assert not set(renamed) & set(renamed.values()), game  # no name is both given up and taken


def test_no_game_code_reads_a_field_by_its_old_name():
    """Only ``State.upgrade`` knows the old names: no game module reads ``.<old name>``."""
    for game in BUILTIN_GAMES:
        cls = state_class(game)
        pkg = SRC / cls.__module__.split(".")[2]
        names = "|".join(cls.RENAMED_FIELDS.get(2, {}))
        pattern = re.compile(rf"(\b[A-Za-z_]\w*|[)\]])\.({names})\b")
        for path in sorted(pkg.glob("*.py")):
            found = [line for line in path.read_text().splitlines() if pattern.search(line)]
            assert not found, (path.name, found[:3])


@pytest.mark.parametrize("version", [0, 3, 999, "2", None])
def test_a_state_file_of_an_unknown_version_is_refused(version):
    js = lapilli.new_game("kingdomino-origins", 2, seed=3).to_json()
    with pytest.raises(lapilli.CorruptRecord, match=rf"^state file version {re.escape(repr(version))} is not supported \(this is 2\)$"):
        lapilli.load_state(dict(js, version=version))
    with pytest.raises(lapilli.CorruptRecord, match="is not supported"):
        upgrade_state(dict(js, version=version))


def test_a_version_2_file_is_read_as_it_is():
    s = lapilli.new_game("isola-dei-vulcani", 2, seed=5)
    for a in range(30):
        s.apply(s.legal_actions()[a % len(s.legal_actions())])
    js = s.to_json()
    assert upgrade_state(js) == js
    assert lapilli.load_state(json.dumps(js)).to_json() == js
