"""Every option of every game has a label and one sentence in each language (issue 38, options
in words), and the lobby's description carries them; choices report forbidden combinations."""
import json

import pytest

import lapilli
from lapilli.engine.errors import BadOption
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.engine.spec import LANGUAGES


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
def test_every_option_has_label_and_sentence_in_every_language(game):
    spec = lapilli.game_spec(game)
    desc = spec.describe()
    assert desc["default_players"] == (spec.default_players or spec.min_players)
    for name, o in spec.options.items():
        for lang in LANGUAGES:
            assert o.label.get(lang, "").strip(), (game, name, lang)
            s = o.sentence.get(lang, "").strip()
            assert s and s[-1] in ".!?" and s.count(". ") <= 1, (game, name, lang, s)   # one sentence
            assert "_" not in o.label[lang] + s                       # players' words, not a raw id
        assert o.label["en"] != o.label["it"] or o.label["en"] in ("Totem", "Homo Habilis"), (game, name)
        if not all(isinstance(v, bool) for v in o.values):
            for v in o.values:
                assert set(o.value_labels.get(v, {})) >= set(LANGUAGES), (game, name, v)
        d = desc["options"][name]
        assert d["label"] == dict(o.label) and d["sentence"] == dict(o.sentence) and d["doc"] == o.doc


def test_choices_name_the_rules_reason():
    spec = lapilli.game_spec("eruption")
    c = spec.choices(3, {})
    assert "4 or 6 players" in c["options"]["variant"][json.dumps("cooperation")]
    assert c["options"]["variant"][json.dumps("standard")] is None
    c = spec.choices(4, {"variant": "cooperation"})
    assert c["players"][4] is None and "4 or 6" in c["players"][3] and c["players"][6] is None
    with pytest.raises(BadOption):
        spec.choices(4, {"nope": 1})
