"""The RL hooks of the test game: a fixed action table and a 3-number observation."""


def action_space(spec, players, options):
    return ["take 3", "take 2", "take 1"]


def encode_observation(obs):
    return [obs["pile"] / 21.0, float(obs["turn"]), float(obs["seat"] if obs["seat"] is not None else -1)]
