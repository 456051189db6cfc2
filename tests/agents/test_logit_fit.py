"""agents/logit_fit.py: the conditional logit over the seats (fitted leaf evaluators, issue 7)."""
import numpy as np

from lapilli.agents.logit_fit import log_loss, logit_fit, probs, top_share


def _data(seed=0, N=3000, n=3, F=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(N, n, F))
    w = np.array([1.5, -0.7, 0.0, 0.4])[:F]
    return rng, X, w


def test_soft_targets_from_the_model_give_back_its_weights():
    _, X, w = _data()
    Y = probs(X, w)
    got = logit_fit(X, Y, l2=0.0)
    assert np.allclose(got, w, atol=1e-6)


def test_sampled_winners_give_weights_near_the_true_ones():
    rng, X, w = _data(seed=1, N=6000)
    P = probs(X, w)
    win = np.array([rng.choice(P.shape[1], p=p) for p in P])
    Y = np.eye(P.shape[1])[win]
    got = logit_fit(X, Y)
    assert np.abs(got - w).max() < 0.15
    assert log_loss(probs(X, got), Y) < log_loss(np.full_like(P, 1.0 / P.shape[1]), Y)


def test_the_penalty_pulls_towards_w0_and_features_common_to_all_seats_get_no_weight():
    _, X, w = _data(seed=2, N=500)
    X[:, :, 2] = X[:, :1, 2]                      # the same value for every seat: no information
    Y = probs(X, w)
    free = logit_fit(X, Y, l2=0.0 + 1e-9)
    assert abs(free[2]) < 1e-6
    w0 = np.array([0.0, 0.0, 0.0, 3.0])
    strong = logit_fit(X, Y, l2=10.0, w0=w0)
    assert abs(strong[3] - 3.0) < abs(free[3] - 3.0)


def test_probs_are_distributions_and_top_share_reads_the_predicted_seat():
    _, X, w = _data(N=50)
    P = probs(X, w)
    assert np.allclose(P.sum(axis=1), 1.0) and (P >= 0).all()
    Y = np.zeros_like(P)
    Y[np.arange(len(P)), P.argmax(axis=1)] = 1.0
    assert top_share(P, Y) == 1.0
    Y2 = np.full_like(P, 1.0 / P.shape[1])
    assert abs(top_share(P, Y2) - 1.0 / P.shape[1]) < 1e-12


def test_holdout_mask_holds_out_whole_games_and_load_by_count_groups_files(tmp_path):
    from lapilli.agents.logit_fit import holdout_mask, load_by_count

    G = np.repeat(np.arange(20), 5)
    te = holdout_mask(G, 0.25, 3)
    assert len(np.unique(G[te])) == 5
    assert not set(G[te].tolist()) & set(G[~te].tolist())
    assert (holdout_mask(G, 0.25, 3) == te).all()
    for i, (n, rows) in enumerate(((2, 3), (3, 4), (2, 5))):
        np.savez(tmp_path / f"h{i}.npz", X=np.full((rows, n, 1), i), G=np.arange(rows), players=n)
    d = load_by_count([tmp_path / f"h{i}.npz" for i in range(3)], ("X", "G"))
    assert sorted(d) == [2, 3]
    assert d[2]["X"].shape == (8, 2, 1) and d[2]["G"].tolist() == [0, 1, 2, 0, 1, 2, 3, 4]
    assert d[3]["X"].shape == (4, 3, 1)


def test_weights_per_stage_give_back_each_stages_own_weights(tmp_path):
    import json

    from lapilli.agents.logit_fit import fit_stages_by_count

    rng = np.random.default_rng(3)
    N, n = 4000, 3
    X = rng.normal(size=(N, n, 2))
    L = rng.random(N)
    W = {0: np.array([1.0, 0.0]), 1: np.array([0.0, -1.0])}      # stage 0: L < 0.5, stage 1: the rest
    S = (L >= 0.5).astype(int)
    Y = np.concatenate([probs(X[i:i + 1], W[S[i]]) for i in range(N)])
    out = tmp_path / "w.json"
    fit_stages_by_count(str(out), {n: {"X": X, "Y": Y, "G": np.arange(N) // 4, "L": L}}, ("a", "b"), (0.5,),
                        1e-9, 0.25, "test data")
    got = json.loads(out.read_text())
    assert got["stages"] == [0.5] and got["features"] == ["a", "b"]
    w0, w1 = (np.array(w) for w in got["weights"][str(n)])
    assert np.allclose(w0, W[0], atol=1e-4) and np.allclose(w1, W[1], atol=1e-4)
    assert "fitted per stage" in got["held_out"][str(n)][1]
