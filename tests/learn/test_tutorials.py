"""Every tutorial file against the engine and the rules specification, the judge of a learner's
move, and `lapilli learn` walking each tutorial to its end in the terminal."""
import pytest

from lapilli import cli, learn

GAMES = learn.games()


def test_there_are_tutorials():
    assert "stromboli" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_file_agrees_with_the_engine_and_the_rules(game):
    """Asked moves legal for the learner, scripted replies legal, every clause quoted exists in
    the rules specification, every text in English and Italian."""
    assert learn.validate(learn.load(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_covers_turn_choices_end_and_scoring(game):
    tut = learn.load(game)
    st = tut.position(len(tut.chapters) - 1, 0)
    st.apply(tut.chapters[-1]["steps"][0]["ask"][0])
    for a in tut.chapters[-1]["steps"][0].get("reply", []):
        st.apply(a)
    assert st.is_terminal, "the last chapter plays the game to its end"
    assert tut.chapters[-1]["steps"][-1].get("play"), "the last step offers a real game"
    assert len(tut.taught()) >= 8


def test_stromboli_asks_every_kind_of_choice():
    # place (1a, 1b), take (2), boat (3), the shaman's move or stay, picking a card, buying, the Priestess
    assert learn.load("stromboli").action_kinds() >= {"place", "take", "boat", "shaman", "stay", "pick", "buy", "priestess"}


def test_validator_finds_a_broken_file():
    tut = learn.load("stromboli")
    data = dict(tut.data)
    ch = dict(data["chapters"][1])
    ch["steps"] = [dict(ch["steps"][0], ask=["place 9 b9"], rule={"clause": "STR-99.9", "en": "x", "it": ""})] + ch["steps"][1:]
    data["chapters"] = [data["chapters"][0], ch]
    problems = learn.validate(learn.Tutorial(data))
    assert any("STR-99.9 is not in the rules" in p for p in problems)
    assert any("'place 9 b9' is not legal" in p for p in problems)
    assert any("missing in it" in p for p in problems)


def test_judge_tells_asked_legal_and_illegal_moves_apart():
    tut = learn.load("stromboli")
    boat = [c["id"] for c in tut.chapters].index("boat")
    assert tut.judge(boat, 0, "PLACE 4  b1") == {"verdict": "asked", "action": "place 4 b1"}
    other = tut.judge(boat, 0, "place 3 b1")
    assert other["verdict"] == "legal" and other["asked"] == ["place 4 b1"] and other["why"]["it"]
    sums = [c["id"] for c in tut.chapters].index("sum")
    bad = tut.judge(sums, 0, "place 1 b3")
    assert bad["verdict"] == "illegal" and bad["rule"] == "STR-2.9" and "differ" in bad["clause"]


def _drive(monkeypatch, answers):
    it = iter(answers)
    prompts = []

    def answer(prompt=""):
        prompts.append(prompt)
        return next(it)
    monkeypatch.setattr(cli.console, "input", answer)
    return prompts


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_lapilli_learn_runs_to_the_end(monkeypatch, capsys, game, lang):
    tut = learn.load(game)
    answers = []
    for ch in tut.chapters:
        for s in ch["steps"]:
            answers.append(s["ask"][0] if s.get("ask") else "")
    _drive(monkeypatch, answers)
    assert cli.main(["learn", game, "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the terminal wraps long lines
    assert {"en": "Tutorial finished.", "it": "Tutorial finito."}[lang] in out
    assert f"lapilli play {game} --seats human,easy" in out
    first = next(s["ask"][0] for ch in tut.chapters for s in ch["steps"] if s.get("ask"))
    assert f"{ {'en': 'Type', 'it': 'Scrivi'}[lang] }: {first}" in out  # the move to type, in the notation
    for c in tut.taught():
        assert c in out


def test_lapilli_learn_explains_wrong_moves_and_goes_back(monkeypatch, capsys):
    tut = learn.load("stromboli")
    ids = [c["id"] for c in tut.chapters]
    # chapter 1: read, then a legal move that is not the one asked, then an illegal one, then back
    _drive(monkeypatch, ["", "place 3 b0", "place 9 b0", "back", "", "skip", "quit"])
    assert cli.main(["learn", "stromboli"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the terminal wraps long lines
    assert "allowed, but it is not what this step teaches" in out
    assert "Try: place 2 b5" in out
    assert "Not allowed (STR-2.3): you can only place a numbered disc from your reserve" in out
    assert "Step skipped." in out
    assert out.count("STR-13.1") >= 2  # the goal's step shown again after 'back'
    assert ids[0] == "turn"


def test_lapilli_learn_lists_the_clauses_taught(capsys):
    assert cli.main(["learn", "stromboli", "--clauses"]) == 0
    assert capsys.readouterr().out.split() == learn.load("stromboli").taught()


def test_lapilli_learn_unknown_game(capsys):
    assert cli.main(["learn", "nim"]) == 2
    assert "no tutorial" in capsys.readouterr().err


def test_validator_accepts_a_rules_summary_and_no_other_source():
    """A quote is the rulebook's words (the default) or, where no rulebook in the project states
    the rule, the rules specification's words marked as a summary; nothing else."""
    tut = learn.load("stromboli")
    data = dict(tut.data)
    ch = dict(data["chapters"][0])
    rule = dict(ch["steps"][0]["rule"])
    ch["steps"] = [dict(ch["steps"][0], rule=dict(rule, source="summary"))] + ch["steps"][1:]
    data["chapters"] = [ch] + data["chapters"][1:]
    assert learn.validate(learn.Tutorial(data)) == []
    ch["steps"][0] = dict(ch["steps"][0], rule=dict(rule, source="a blog"))
    assert any("source 'a blog'" in p for p in learn.validate(learn.Tutorial(data)))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_lapilli_learn_tells_a_rules_summary_from_the_rulebook(monkeypatch, capsys, lang):
    tut = learn.load("stromboli")
    data = dict(tut.data)
    ch = dict(data["chapters"][0])
    rule = ch["steps"][0]["rule"]
    ch["steps"] = [dict(ch["steps"][0], rule=dict(rule, source="summary"))] + ch["steps"][1:]
    data["chapters"] = [ch] + data["chapters"][1:]
    monkeypatch.setattr(learn, "load", lambda game: learn.Tutorial(data))
    _drive(monkeypatch, ["", "quit"])
    assert cli.main(["learn", "stromboli", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    label = {"en": "Rules summary", "it": "Riassunto delle regole (traduzione nostra)"}[lang]
    assert f"{label} {rule['clause']}: «{rule[lang]}»" in out
    assert {"en": "Rule ", "it": "Regola "}[lang] + rule["clause"] not in out


def test_the_island_asks_every_kind_of_choice_and_shows_the_creatures():
    tut = learn.load("the-island")
    # set-up (explorers, boats), step 1 (play a kept tile or pass), step 2 (walk, swim, board,
    # sail, reach an isle, end), step 3 (remove), step 4 (each creature, or move nothing)
    assert tut.action_kinds() >= {"place", "boat", "play", "pass", "walk", "swim", "board", "sail", "isle", "end",
                                  "remove", "serpent", "shark", "whale", "none"}
    taught = tut.taught()
    # the turn, the tiles' backs, each creature's attack, the end and the score
    for clause in ("ISL-2.2", "ISL-5.3", "ISL-5.10", "ISL-6.2", "ISL-7.7", "ISL-7.8", "ISL-7.14", "ISL-8.1", "ISL-8.2"):
        assert clause in taught


def test_the_island_quotes_say_where_their_words_come_from():
    """Only the expansions' Italian rulebook is in the project: a quote from it is marked as the
    rulebook's, every other quote is the rules specification's English, word for word, marked as a
    summary."""
    tut = learn.load("the-island")
    clauses = learn.rule_clauses("the-island")
    rules = [s["rule"] for ch in tut.chapters for s in ch["steps"] if s.get("rule")]
    assert {r.get("source", "rulebook") for r in rules} == {"rulebook", "summary"}
    for r in rules:
        if r.get("source") == "summary":
            assert r["en"] == clauses[r["clause"]]


def _creature_losses(tut, ci, si, action):
    before = tut.position(ci, si)
    after = tut.after(ci, si, action)
    return [sum(1 for e in range(s * 10, s * 10 + 10) if after.explorer_where[e] == 5)
            - sum(1 for e in range(s * 10, s * 10 + 10) if before.explorer_where[e] == 5) for s in (0, 1)]


def test_the_island_creatures_do_what_their_chapters_say():
    tut = learn.load("the-island")
    ids = [c["id"] for c in tut.chapters]
    # the serpent: the learner's serpent sinks Blue's boat with its explorer, then Blue's eats a red swimmer
    ch = ids.index("serpent")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask", [""])[0].startswith("serpent"))
    assert _creature_losses(tut, ch, si, tut.step(ch, si)["ask"][0]) == [1, 1]
    # the whale capsizes Blue's boat: its explorer swims, nobody is lost
    ch = ids.index("whale")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask", [""])[0].startswith("whale"))
    st = tut.after(ch, si, tut.step(ch, si)["ask"][0])
    assert st.explorer_where[19] == 3  # B10, in the sea
    # the shark under the tile eats the explorer that fell from it
    ch = ids.index("shark")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask", [""])[0].startswith("remove"))
    assert _creature_losses(tut, ch, si, tut.step(ch, si)["ask"][0]) == [0, 1]


def test_the_island_judge_explains_wrong_moves():
    tut = learn.load("the-island")
    turn = [c["id"] for c in tut.chapters].index("turn")
    other = tut.judge(turn, 1, "walk R1 7,8")
    assert other["verdict"] == "legal" and other["asked"] == ["board R1 9,8"] and other["why"]["it"]
    bad = tut.judge(turn, 1, "walk B1 5,9")
    assert bad["verdict"] == "illegal" and bad["rule"] == "ISL-2.9" and "another player's explorers" in bad["clause"]


# every kind of choice the learner makes in each base game, as the first word of the move (the
# first two for The Island's tiles played in step 1; L'Isola dei Vulcani's two forms of rescue by
# their arguments: the current player's 'rescue HEX', everybody else's 'rescue FROM TO'). Not
# asked: The Island's 'take' (a boat back with the boat supply empty, which only Challenge 5 can
# cause) and Kingdomino Origins' Totem and Tribe modes' moves (give, spend, put, recruit, pass: not
# in the base game, Discovery); a tile with no legal place is discarded by the engine, not chosen.
EVERY_KIND = {
    "stromboli": {"place", "take", "boat", "shaman", "stay", "pick", "buy", "pass", "priestess"},
    "isola-dei-vulcani": {"land", "move", "carry", "village", "colonist", "carve", "erect", "pray", "end",
                          "save", "done", "erupt", "rescue HEX", "rescue FROM TO", "skip"},
    "the-island": {"place", "boat", "play dolphin", "play winds", "play whale", "play serpent", "pass", "walk",
                   "swim", "board", "sail", "isle", "end", "remove", "aboard", "serpent", "shark", "whale", "none", "repel"},
    "eruption": {"village", "place", "erupt", "end", "reinforce", "discard", "build", "rain", "quake", "lavaflow",
                 "aftershock", "draw", "sinkhole", "bomb", "relocate", "extra"},
    "kingdomino-origins": {"take", "pair", "place", "fire"},
}


def _kind(game, action):
    words = action.split()
    if action.startswith("play "):
        return " ".join(words[:2])
    if game == "isola-dei-vulcani" and words[0] == "rescue":
        return "rescue HEX" if len(words) == 2 else "rescue FROM TO"
    return words[0]


def test_every_game_with_a_tutorial_lists_its_kinds_of_choice():
    assert set(EVERY_KIND) == set(GAMES)


def test_isola_dei_vulcani_kinds_are_every_verb_of_its_notation():
    from lapilli.games.isola_dei_vulcani import notation
    assert {k.split()[0] for k in EVERY_KIND["isola-dei-vulcani"]} == set(notation.ARITY)
    assert {len(k.split()) - 1 for k in EVERY_KIND["isola-dei-vulcani"] if k.startswith("rescue")} == set(notation.ARITY["rescue"])


@pytest.mark.parametrize("game", sorted(EVERY_KIND))
def test_every_kind_of_choice_is_asked(game):
    tut = learn.load(game)
    kinds = {_kind(game, a) for ch in tut.chapters for s in ch["steps"] for a in s.get("ask", [])}
    assert EVERY_KIND[game] <= kinds, sorted(EVERY_KIND[game] - kinds)


@pytest.mark.rule("IDV-11.6")
def test_isola_dei_vulcani_current_player_saves_all_colonists_onto_one_hex():
    tut = learn.load("isola-dei-vulcani")
    ch = [c["id"] for c in tut.chapters].index("rescue-all")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask"))
    before = tut.position(ch, si)
    assert before.decision[0] == "rescue" and before.decision[1] == before.current_player == tut.learner  # the current player's own rescue
    after = tut.after(ch, si, tut.step(ch, si)["ask"][0]).render(0)
    assert "[~~~~~~~]" not in before.render(0) and "[~~~~~~~]" in after  # the part sank
    assert "colonists R4" in next(line for line in after.splitlines() if line.strip().startswith("F3 area"))


@pytest.mark.rule("IDV-11.7")
def test_isola_dei_vulcani_declined_rescue_sends_the_colonists_to_the_reserve():
    tut = learn.load("isola-dei-vulcani")
    ch = [c["id"] for c in tut.chapters].index("decline")
    before = tut.position(ch, 0)
    assert before.decision[0] == "rescue1" and before.decision[1] == tut.learner != before.current_player  # another player's rescue
    assert any(a.startswith("rescue ") for a in before.legal_actions())  # a rescue was possible
    after = tut.after(ch, 0, "skip")
    assert "reserve: colonists 0" in before.render(0).split("R = Red")[1].split("\n")[0]
    assert "reserve: colonists 4" in after.render(0).split("R = Red")[1].split("\n")[0]


def test_isola_dei_vulcani_sinking_chapter_sinks_and_saves_the_colonist():
    tut = learn.load("isola-dei-vulcani")
    ch = [c["id"] for c in tut.chapters].index("sinking")
    before = tut.position(ch, 0).render(0)
    after = tut.after(ch, 0, tut.step(ch, 0)["ask"][0]).render(0)
    assert "[ E3:4  ]" in before and "[ E3:4  ]" not in after  # the enclosed part is gone
    assert "D4 area 15" in after and "colonists R1" in next(line for line in after.splitlines() if "D4 area 15" in line)


def test_eruption_cards_do_what_their_steps_say():
    tut = learn.load("eruption")
    ids = [c["id"] for c in tut.chapters]

    def touching(st, seat):
        return st.render(0).split("lava touching the village: ")[1 + seat].split("\n")[0]
    # Quake's tile on g8 takes the lava off sides 5 and 6 of the learner's village
    ch = ids.index("rain")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask") == ["place g8 4"])
    assert touching(tut.position(ch, si), 0) == "v3-5, v3-6, v3-7"
    assert touching(tut.after(ch, si, "place g8 4"), 0) == "v3-7"
    # Sinkhole on e9 removes two of the three flows touching it
    ch = ids.index("aftershock")
    si = next(i for i, s in enumerate(tut.chapters[ch]["steps"]) if s.get("ask", [""])[0].startswith("sinkhole"))
    assert touching(tut.after(ch, si, tut.step(ch, si)["ask"][0]), 0) == "v3-7"


@pytest.mark.rule("IDV-11.7")
@pytest.mark.parametrize("lang", ["en", "it"])
def test_lapilli_learn_takes_skip_as_the_move_where_the_game_has_it(monkeypatch, capsys, lang):
    """L'Isola dei Vulcani's 'skip' declines a rescue: at a step asking it, the typed word is the
    move, judged by the engine, not the command that skips the step."""
    tut = learn.load("isola-dei-vulcani")
    data = dict(tut.data, chapters=[c for c in tut.data["chapters"] if c["id"] == "decline"])
    monkeypatch.setattr(learn, "load", lambda game: learn.Tutorial(data))
    _drive(monkeypatch, ["skip"])
    assert cli.main(["learn", "isola-dei-vulcani", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert {"en": "Well done.", "it": "Ben fatto."}[lang] in out
    assert {"en": "Step skipped.", "it": "Passo saltato."}[lang] not in out
