"""The web catalogue (src/lapilli/web/i18n.js) names every word of each game's notation that a
move picker may offer, in Italian and English, and says what each verb does (a fast check of what
tests/web/test_choice_words.py sees on the page)."""
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import lapilli

def _catalogue():
    """The web catalogue (i18n.js), read by node as the page's script would define it."""
    if not shutil.which("node"):
        pytest.skip("node is not installed")  # the browser tests above check the same page
    src = (Path(lapilli.__file__).parent / "web" / "i18n.js").read_text()
    js = ("const localStorage = {getItem: () => null}; const navigator = {language: 'it'};\n" + src
          + "\nconsole.log(JSON.stringify({it: I18N.it, en: I18N.en}));")
    return json.loads(subprocess.run(["node", "-e", js], capture_output=True, text=True, check=True).stdout)


def _word_tokens(game, seeds=3, limit=300):
    """The tokens of the legal moves met in random games that are words (not a square, a number
    or a piece's name): {(position, token)}."""
    spec = lapilli.game_spec(game)
    out = set()
    for seed in range(seeds):
        s = lapilli.new_game(game, players=spec.max_players if seed % 2 else spec.min_players, seed=seed)
        rnd = random.Random(seed)
        for _ in range(limit):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            for a in legal:
                for i, tok in enumerate(a.split(" ")):
                    if re.fullmatch(r"[a-z]+", tok):
                        out.add((i, tok))
            s.apply(rnd.choice(legal))
    return out


def test_every_word_of_the_notation_has_a_label_and_every_verb_a_tooltip_in_both_languages():
    cat = _catalogue()
    for game in ["eruption", "isola-dei-vulcani", "kingdomino-origins", "stromboli", "the-island"]:
        for pos, tok in sorted(_word_tokens(game)):
            for lang in ("it", "en"):
                assert f"pk.{game}.{tok}" in cat[lang], (lang, game, tok)
                if pos == 0:
                    assert f"pt.{game}.{tok}" in cat[lang], (lang, game, tok)
            assert cat["it"][f"pk.{game}.{tok}"] != tok or tok in ("lava",), (game, tok)
