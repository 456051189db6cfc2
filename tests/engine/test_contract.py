import json

import pytest

import lapilli
from lapilli.engine import register
from lapilli.testing.conformance import ConformanceError, check_conformance

register("toy", "tests.engine.toy_game")


def test_unknown_game_names_the_known_ones():
    with pytest.raises(lapilli.UnknownGame, match="unknown game 'chess'"):
        lapilli.new_game("chess")


def test_player_count_and_options_are_checked():
    with pytest.raises(lapilli.BadPlayerCount, match="2 to 3 players, not 5"):
        lapilli.new_game("toy", players=5)
    with pytest.raises(lapilli.BadOption, match="no option 'colour'"):
        lapilli.new_game("toy", players=2, options={"colour": "red"})
    with pytest.raises(lapilli.BadOption, match="cannot be 'maybe'"):
        lapilli.new_game("toy", players=2, options={"double": "maybe"})
    s = lapilli.new_game("toy", players=2, options={"double": "true"})
    assert s.options == {"double": True}


def test_illegal_action_leaves_state_unchanged_and_cites_rule():
    s = lapilli.new_game("toy", players=2, seed=3)
    before = json.dumps(s.to_json())
    held = s.hands[0]
    missing = next(c for c in range(1, 10) if c not in held)
    with pytest.raises(lapilli.IllegalAction) as e:
        s.apply(f"play {missing}")
    assert e.value.rule == "TOY-1.1"
    assert json.dumps(s.to_json()) == before
    with pytest.raises(lapilli.IllegalAction) as e:
        s.apply("fly away")
    assert e.value.rule == "notation"


def test_same_seed_same_game_other_seed_other_deal():
    a = lapilli.new_game("toy", 2, seed=1)
    b = lapilli.new_game("toy", 2, seed=1)
    c = lapilli.new_game("toy", 2, seed=2)
    assert a.to_json() == b.to_json()
    assert [a.hands, a.deck] != [c.hands, c.deck]


def test_observation_hides_other_hands_and_determinize_keeps_own():
    s = lapilli.new_game("toy", 2, seed=5)
    obs = s.observation(0)
    assert obs["hands"][1] == 2 and obs["hands"][0] == s.hands[0]
    d = s.determinize(0, 99)
    assert d.hands[0] == s.hands[0]
    assert d.observation(0) == obs
    with pytest.raises(lapilli.LapilliError):
        d.to_record()


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("double", [False, True])
def test_conformance_kit_passes_on_toy(players, double):
    for seed in range(3):
        check_conformance("toy", players, {"double": double}, seed)


def test_conformance_kit_catches_a_leak(monkeypatch):
    from tests.engine import toy_game

    monkeypatch.setattr(toy_game.GameState, "_observe", lambda self, p: {"hands": self.hands, "deck": self.deck})
    with pytest.raises(ConformanceError):
        check_conformance("toy", 2, {}, 0)


def test_conformance_kit_catches_missing_resample(monkeypatch):
    from tests.engine import toy_game

    monkeypatch.setattr(toy_game.GameState, "_resample_hidden", lambda self, p, rng: None)
    with pytest.raises(ConformanceError, match="never re-samples"):
        check_conformance("toy", 2, {}, 0)


def test_replay_rejects_corrupted_records():
    s = lapilli.new_game("toy", 2, seed=4)
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    rec = s.to_record()
    assert lapilli.replay(rec).scores() == s.scores()
    bad = dict(rec, actions=rec["actions"][:2] + ["play 42"])
    with pytest.raises(lapilli.CorruptRecord, match="action 3"):
        lapilli.replay(bad)
    with pytest.raises(lapilli.CorruptRecord):
        lapilli.replay("{not json")
    with pytest.raises(lapilli.CorruptRecord, match="result differs"):
        lapilli.replay(dict(rec, result={"scores": [0, 0], "winners": [0]}))
    with pytest.raises(lapilli.CorruptRecord):
        lapilli.load_state({"format": "lapilli-state", "version": 1, "game": "toy", "players": 2})


@pytest.mark.parametrize("read,kind", [(lapilli.load_state, "state file"), (lapilli.replay, "record")])
def test_state_files_and_records_are_refused_alike(read, kind):
    """A state file and a record pass the same checks before they are read, and a refusal names
    which of the two it was."""
    s = lapilli.new_game("toy", 2, seed=4)
    doc = s.to_json() if kind == "state file" else s.to_record()
    with pytest.raises(lapilli.CorruptRecord, match=f"^{kind} is not valid JSON: "):
        read("{not json")
    with pytest.raises(lapilli.CorruptRecord, match=rf"^not a Lapilli {kind} \(format field missing or wrong\)$"):
        read(dict(doc, format="something-else"))
    with pytest.raises(lapilli.CorruptRecord, match=rf"^not a Lapilli {kind} "):
        read("[1, 2]")
    with pytest.raises(lapilli.CorruptRecord, match=rf"^{kind} version 999 is not supported \(this is {doc['version']}\)$"):
        read(json.dumps(dict(doc, version=999)))
    assert read(json.dumps(doc)).scores() == s.scores()


@pytest.mark.parametrize("game", ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"])
def test_text_that_names_no_action_raises_the_top_level_notation_error(game):
    """A caller of the contract catches ``lapilli.NotationError`` for text that names no action
    (it is an ``IllegalAction``), with the game's forms in its message."""
    s = lapilli.new_game(game, players=2, seed=1)
    with pytest.raises(lapilli.NotationError) as e:
        s.apply("zzz qqq")
    assert isinstance(e.value, lapilli.IllegalAction) and e.value.rule == "notation"
    assert e.value.forms and "Actions look like" in e.value.message
