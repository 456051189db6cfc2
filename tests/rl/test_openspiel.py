"""The five games as OpenSpiel games: loading, OpenSpiel's own random-simulation test (with
serialization) for every game and player count and a sample of option sets, actions, chance
nodes, views, returns, resampling, and OpenSpiel's bots on every game."""
import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import lapilli
import lapilli.rl as rl
import lapilli.rl.openspiel as los
from tests.tiers import fast_where, first_fast

GAMES = ["eruption", "isola-dei-vulcani", "kingdomino-origins", "stromboli", "the-island"]


def counts(game):
    spec = lapilli.game_spec(game)
    return list(range(spec.min_players, spec.max_players + 1))


def load(game, **params):
    text = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"{los.short_name(game)}({text})" if text else los.short_name(game))


def random_play(state, rng, limit=None):
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choices(outcomes, probs)[0]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return state


def test_every_game_loads_by_name_with_players_and_options():
    game = pyspiel.load_game("lapilli_eruption(players=3)")
    assert game.num_players() == 3
    assert game.get_type().short_name == "lapilli_eruption"
    for g in GAMES:
        for n in counts(g):
            loaded = load(g, players=n)
            assert loaded.num_players() == n
            assert loaded.num_distinct_actions() == rl.adapter(g, n, {}).slots
    assert load("the-island", players=2, giant_squid=True).options["giant_squid"] is True
    assert load("isola-dei-vulcani", max_rounds=0).options["max_rounds"] == "off"
    assert load("isola-dei-vulcani", max_rounds=40).options["max_rounds"] == 40
    assert load("kingdomino-origins", players=3, mode="totem").options["mode"] == "totem"
    with pytest.raises(lapilli.LapilliError, match="exactly 2 players"):
        load("stromboli", players=3)
    with pytest.raises(ValueError, match="mode"):
        load("kingdomino-origins", mode="nonsense")


# Every game and player count with the default options; then a sample of option sets.
RANDOM_SIM = [(g, n, {}) for g in GAMES for n in counts(g)] + [
    ("eruption", 4, {"variant": "cooperation"}),
    ("eruption", 3, {"variant": "lava_rain"}),
    ("eruption", 4, {"variant": "annihilation", "border_side_lost": "permanent"}),
    ("isola-dei-vulcani", 2, {"setup": "advanced", "max_rounds": 40}),  # "off": random play may not end
    ("kingdomino-origins", 2, {"mode": "tribe"}),
    ("kingdomino-origins", 3, {"mode": "totem", "fire_empire": True}),
    ("stromboli", 2, {"tactical": True, "huts": "random"}),
    ("the-island", 2, {"dolphins": True, "giant_squid": True}),
    ("the-island", 3, {"challenge_1": True, "own_values_visible": True, "tiebreak": "chain"}),
]


# the fast tier: one game at two players (the adapter is the same code for every game; each
# game's encoding is checked fast by tests/rl/test_game_encodings.py); every case in the whole suite
@pytest.mark.parametrize("game, players, options", fast_where([
    pytest.param(g, n, o, id=f"{g}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default"))
    for g, n, o in RANDOM_SIM], lambda g, n, o: g == "kingdomino-origins" and n == 2 and not o))
def test_openspiel_random_simulation_test_with_serialization(game, players, options):
    pyspiel.random_sim_test(load(game, players=players, **options), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_actions_are_the_pettingzoo_table(game):
    osg = load(game, players=2)
    table = rl.adapter(game, 2, {}).actions
    state = osg.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        assert sorted(table[a] for a in legal) == sorted(state.engine_state.legal_actions())
        assert state.action_to_string(state.current_player(), legal[0]) == table[legal[0]]
        state.apply_action(rng.choice(legal))


def test_eruption_dice_are_explicit_chance_nodes():
    state = load("eruption", players=2).new_initial_state()
    rng = random.Random(3)
    seen = []
    while not state.is_terminal() and len(seen) < 4:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            seen.append(outcomes)
            state.apply_action(outcomes[-1][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen, "no chance node in the first moves of Eruption"
    for outcomes in seen:
        assert [o for o, _ in outcomes] == list(range(len(outcomes)))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert len({p for _, p in outcomes}) == 1
    assert any(len(o) == 6 for o in seen)  # a die


def test_chance_outcome_decides_the_roll():
    """Eruption's wall test: red die 1 and white die 6 (the wall holds) and red 6 and white 1
    (the lava breaks it) give two different positions; the same outcomes the same one."""
    def roll_to(red, white):
        state = load("eruption", players=2).new_initial_state()
        rng = random.Random(5)
        while not (state.is_chance_node() and len(state.chance_outcomes()) == 6):
            if state.is_chance_node():
                state.apply_action(0)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        state.apply_action(red - 1)
        state.apply_action(white - 1)
        while state.is_chance_node():
            state.apply_action(0)
        return json.dumps(state.engine_state.to_json(), sort_keys=True)
    assert roll_to(1, 6) == roll_to(1, 6)
    assert roll_to(1, 6) != roll_to(6, 1)


@pytest.mark.parametrize("game", GAMES)
def test_returns_follow_winners(game):
    osg = load(game, players=lapilli.game_spec(game).min_players)
    rng = random.Random(7)
    for _ in range(2):
        state = random_play(osg.new_initial_state(), rng)
        winners = state.engine_state.winners()
        n = osg.num_players()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        if len(winners) == n:
            assert returns == [0.0] * n
        else:
            for p in range(n):
                assert returns[p] == pytest.approx(1 / len(winners) if p in winners else -1 / (n - len(winners)))


@pytest.mark.parametrize("game", GAMES)
def test_observations_are_the_views_of_each_seat(game):
    osg = load(game, players=2)
    state = random_play(osg.new_initial_state(), random.Random(11), limit=30)
    while state.is_chance_node():
        state.apply_action(0)
    engine = state.engine_state
    for p in range(2):
        assert json.loads(state.observation_string(p)) == json.loads(json.dumps(engine.observation(p), default=str))
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), osg.adapter.encode(engine.observation(p)))
        assert state.information_state_string(p).startswith(state.observation_string(p))
        assert len(state.information_state_tensor(p)) == osg.information_state_tensor_size()


def test_a_seat_does_not_see_the_others_secrets():
    """Eruption: each seat's hand of action cards is in its own observation string only."""
    state = load("eruption", players=2).new_initial_state()
    engine = state.engine_state
    own = [engine.observation(p) for p in range(2)]
    assert own[0] != own[1]
    for p in range(2):
        assert json.loads(state.observation_string(p)) == json.loads(json.dumps(own[p], default=str))
    public = pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE, perfect_recall=False)
    observer = state.get_game().make_py_observer(public)
    assert json.loads(observer.string_from(state, 0)) == json.loads(json.dumps(engine.observation(None), default=str))


def test_information_state_remembers_what_was_read():
    """Two histories that end in the same observation but differ in what a seat read earlier
    have different information states (perfect recall), the same observation strings aside."""
    a = load("stromboli").new_initial_state()
    b = a.clone()
    assert a.information_state_string(0) == b.information_state_string(0)
    rng = random.Random(2)
    a.apply_action(rng.choice(a.legal_actions()))
    assert a.information_state_string(0) != b.information_state_string(0)


class EagerRecall:
    """Plays an OpenSpiel state and works out each seat's recall digest the eager way, right
    after every act: the act carried out again on a copy of the engine state before it (with the
    chance outcomes chosen), read at once by every seat."""

    def __init__(self, state, recall=None):
        self.state = state
        if recall is None:
            st = state.engine_state
            recall = [los._digest("", st.readings(None, None, st.setup_events, p)) for p in range(st.num_players)]
        self.recall = list(recall)
        self.before, self.action, self.outcomes = None, None, []

    def apply(self, action):
        if not self.state.is_chance_node():
            self.before = self.state.engine_state.clone()
            self.action = self.state.get_game().adapter.actions[action]
            self.outcomes = []
        else:
            self.outcomes.append(action)
        self.state.apply_action(action)
        if self.state.is_chance_node():
            return
        new = self.before.clone()
        new.rng = los._ScriptedRng(self.before.rng.state, self.outcomes)
        events = new.apply(self.action)
        assert new.history == self.state.engine_state.history
        self.recall = [los._digest(self.recall[p], new.readings(self.before.to_move, self.action, events, p))
                       for p in range(new.num_players)]

    def play(self, rng, steps):
        for _ in range(steps):
            if self.state.is_terminal():
                return
            if self.state.is_chance_node():
                self.apply(rng.randrange(len(self.state.chance_outcomes())))
            else:
                self.apply(rng.choice(self.state.legal_actions()))

    def check(self, seats):
        for p in seats:
            text = self.state.information_state_string(p)
            assert text.startswith(self.state.observation_string(p) + "\nrecall " + self.recall[p]), (p, len(self.state.history()))


# lag 3: the recall of the acts waiting for their digests is computed every few acts
@pytest.mark.parametrize("lag", [3, los.RECALL_LAG])
@pytest.mark.parametrize("game", ["eruption", "the-island"])
def test_lazy_recall_digests_are_the_eager_ones(game, lag, monkeypatch):
    """The recall digests are worked out when an information state is asked for: at any point,
    for any seat, in clones and resampled states played on, they are those read right after
    every act (a seat first asked at the end, where the game shows every secret, included)."""
    monkeypatch.setattr(los, "RECALL_LAG", lag)
    rng = random.Random(23)
    main = EagerRecall(load(game, players=2).new_initial_state())
    main.play(rng, 9)
    main.check([0])
    main.play(rng, 30)
    branch = EagerRecall(main.state.clone(), main.recall)
    p = 1 if main.state.is_chance_node() else main.state.current_player()
    sample = EagerRecall(main.state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0)), main.recall)
    main.play(rng, 25)
    branch.play(random.Random(5), 40)
    branch.check([1])
    sample.check([p])
    sample.play(random.Random(6), 15)
    sample.check([0, 1])
    main.check([0])
    main.play(rng, 10_000)
    assert main.state.is_terminal()
    main.check([1, 0])
    branch.check([0, 1])


@pytest.mark.parametrize("game", GAMES)
def test_resample_keeps_what_the_seat_sees(game):
    osg = load(game, players=2)
    state = random_play(osg.new_initial_state(), random.Random(13), limit=25)
    while state.is_chance_node():
        state.apply_action(0)
    p = state.current_player()
    seen = state.observation_string(p)
    differs = False
    for i in range(5):
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.observation_string(p) == seen
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.legal_actions() == state.legal_actions()
        differs |= sample.engine_state.to_json()["data"] != state.engine_state.to_json()["data"]
    assert differs == state.engine_state.has_hidden(p)


@pytest.mark.parametrize("game", GAMES)
def test_serialization_round_trip(game):
    osg = load(game, players=2)
    state = random_play(osg.new_initial_state(), random.Random(17), limit=20)
    text = pyspiel.serialize_game_and_state(osg, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.engine_state.to_json() == state.engine_state.to_json()
    assert state2.history() == state.history()
    assert state2.information_state_string(0) == state.information_state_string(0)
    assert state2.legal_actions() == state.legal_actions()


def test_initial_states_are_seeded_and_differ():
    osg = load("stromboli", seed=40)
    first, second = osg.new_initial_state(), osg.new_initial_state()
    assert first.engine_state.seed == 40 and second.engine_state.seed == 41
    again = load("stromboli", seed=40).new_initial_state()
    assert again.engine_state.to_json() == first.engine_state.to_json()


class EvenEvaluator(mcts.Evaluator):
    """Every unfinished position even for everyone (a finished one: its returns), every action
    as likely: the bots search without a random rollout, which costs a whole game of steps."""

    def evaluate(self, state):
        return np.asarray(state.returns() if state.is_terminal() else [0.0] * state.num_players(), dtype=float)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def _evaluator(seed, rollout=True):
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)) if rollout else EvenEvaluator()


def ismcts_bot(osg, seed, simulations=4, rollout=True):
    evaluator = _evaluator(seed, rollout)
    return los.ismcts_bot(osg, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed),
                          allow_inconsistent_action_sets=True)


def mcts_bot(osg, seed, simulations=4, rollout=True):
    evaluator = _evaluator(seed, rollout)
    return mcts.MCTSBot(osg, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize("game", first_fast(GAMES))
def test_ismcts_against_mcts_for_a_few_moves(game):
    osg = load(game, players=2)
    state = osg.new_initial_state()
    bots = [ismcts_bot(osg, 1), mcts_bot(osg, 2)]
    rng = np.random.RandomState(3)
    moves = {0: 0, 1: 0}
    while not state.is_terminal() and min(moves.values()) < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        p = state.current_player()
        action = bots[p].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves[p] += 1
    assert min(moves.values()) >= 3


def test_openspiel_ismcts_bot_cannot_restart_so_lapilli_wraps_it():
    """OpenSpiel's ISMCTSBot has no restart_at, which evaluate_bots calls first."""
    from open_spiel.python.algorithms import ismcts

    osg = load("stromboli")
    plain = ismcts.ISMCTSBot(osg, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 2)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        plain.restart_at(osg.new_initial_state())
    ismcts_bot(osg, 0).restart_at(osg.new_initial_state())


# the fast tier's bots search without random rollouts (a random rollout at each of their two
# simulations a decision is a hundred seconds of a game); the whole suite plays the game both ways
@pytest.mark.parametrize("rollout", [pytest.param(False, id="even"), pytest.param(True, id="rollout", marks=pytest.mark.slow)])
def test_evaluate_bots_plays_a_whole_game_of_stromboli(rollout):
    osg = load("stromboli")
    # two simulations a decision: what is checked is a whole game through evaluate_bots, not strength
    returns = evaluate_bots.evaluate_bots(osg.new_initial_state(), [ismcts_bot(osg, 1, 2, rollout), mcts_bot(osg, 2, 2, rollout)],
                                          np.random.RandomState(4))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in GAMES if g != "stromboli"])
def test_evaluate_bots_plays_a_whole_game(game):
    osg = load(game, players=2)
    # two simulations a decision: what is checked is a whole game through evaluate_bots, not strength
    returns = evaluate_bots.evaluate_bots(osg.new_initial_state(), [ismcts_bot(osg, 1, 2), mcts_bot(osg, 2, 2)],
                                          np.random.RandomState(4))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
