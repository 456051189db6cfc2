"""Scores told the rulebook's way: comfort region by region (KDO-8), the mode's additions
(Totem KDO-10.16, Tribe KDO-11.36), the bonus options (KDO-12), and the tie-break that decided
(KDO-9)."""
from __future__ import annotations

from . import board
from .data import LANDSCAPES

END_BONUSES = ("fire_empire", "homo_habilis")  # KDO-12: counted at the end of the game only
_LAND_IT = {"desert": "deserto", "steppe": "steppa", "lake": "lago", "jungle": "giungla", "quarry": "cava",
            "volcano": "vulcano"}
_EXTRA = {
    "resources": ("KDO-10.16", "resources kept (1 each)", "risorse rimaste (1 ciascuna)"),
    "totems": ("KDO-10.16", "Totems", "Totem"),
    "cromagnons": ("KDO-11.36", "Cro-magnons", "Cro-magnon"),
    "fire_empire": ("KDO-12.2", "bonus: Fire Empire", "bonus: Impero del fuoco"),
    "homo_habilis": ("KDO-12.4", "bonus: Homo Habilis", "bonus: Homo Habilis"),
}


def score_breakdown(state) -> list[list[dict]]:
    out = []
    for p in range(state.num_players):
        parts = []
        regs = board.regions(state.geo, state.land[p], state.campfires[p], state.fire_tokens[p])
        for land, size, fire in sorted(regs, key=lambda r: -(r[1] * r[2])):
            name = LANDSCAPES[land]
            if name == "volcano" or not fire:
                continue  # KDO-8.6, KDO-8.7: such regions earn nothing
            parts.append({"part": f"region:{name}", "points": size * fire, "rule": "KDO-8.5",
                          "label": {"en": f"{name} region: {size} square{'s' if size != 1 else ''} × {fire} fire{'s' if fire != 1 else ''}",
                                    "it": f"regione {_LAND_IT[name]}: {size} {'casella' if size == 1 else 'caselle'} × "
                                          f"{fire} {'fuoco' if fire == 1 else 'fuochi'}"}})
        for key, pts in state.score_parts(p).items():
            if key in _EXTRA and (state.is_terminal or key not in END_BONUSES):
                # KDO-12.2/12.4: the bonuses are part of the score only once the game is over
                rule, en, it = _EXTRA[key]
                parts.append({"part": key, "points": pts, "rule": rule, "label": {"en": en, "it": it}})
        out.append(parts)
    return out


def tie_break(state) -> dict | None:
    if not state.is_terminal:
        return None
    keys = []
    for p in range(state.num_players):
        parts = state.score_parts(p)
        total = sum(v for k, v in parts.items() if k not in ("largest_region", "fire_icons"))
        keys.append((total, parts["largest_region"], parts["fire_icons"]))
    best = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == best]
    if len(tied) == 1:
        return None
    if len({k[1] for k in tied}) > 1:
        return {"rule": "KDO-9.1", "text": {"en": "tied on points: decided by the largest region",
                                            "it": "pari merito: decide la regione più grande"}}
    if len({k[2] for k in tied}) > 1:
        return {"rule": "KDO-9.2", "text": {"en": "tied on points and largest region: decided by the most fire icons",
                                            "it": "pari merito anche nella regione più grande: decidono i fuochi"}}
    return {"rule": "KDO-9.3", "text": {"en": "tied on points and on every tie-break: the victory is shared",
                                        "it": "pari merito anche negli spareggi: la vittoria è condivisa"}}
