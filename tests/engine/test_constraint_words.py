"""Every reason a game's rules give for refusing a combination of options is told in every
language of the table (the lobby shows it to Italian and English readers alike)."""
import itertools
import json

import pytest

import lapilli
from lapilli.engine.narration import LANGUAGES
from lapilli.engine.registry import list_games


@pytest.mark.parametrize("game", list_games())
def test_every_constraint_message_has_every_language(game):
    spec = lapilli.game_spec(game)
    if spec.constraint is None:
        return
    names = list(spec.options)
    messages = set()
    for n in range(spec.min_players, spec.max_players + 1):
        for combo in itertools.product(*(spec.options[k].values for k in names)):
            msg = spec.constraint(n, dict(zip(names, combo)))
            if msg:
                messages.add(msg)
    for msg in messages:
        words = spec.constraint_words.get(msg)
        assert words is not None, f"{game}: no catalogue entry for {msg!r}"
        assert set(words) >= set(LANGUAGES) and all(words[lang].strip() for lang in LANGUAGES), (game, msg)
        assert words["it"] != words["en"], (game, msg)


def test_choices_give_the_reason_in_italian():
    c = lapilli.game_spec("eruption").choices(3, {})
    why = c["options"]["variant"][json.dumps("cooperation")]
    assert "4 or 6 players" in why
    assert c["words"][why]["it"] == "la variante Cooperazione è per 4 o 6 giocatori (ERU-16.1)"
