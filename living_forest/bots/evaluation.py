"""The learned evaluation: each player's chance to win a position.

Each player gets a score, the weights times their features (``bots/features.py``); the
chances are the softmax of the scores across the players (a conditional logit, fitted
on the winners of self-played games by ``bots/train.py``). A game decided in the
position (over, or ending at V-1 after this turn) has its exact result instead.

The weights are data: ``assets/bots/weights.json``, one fit per kind of game (2
players, 3-4 players, each with its rules modules or none), each naming its features. A fit whose
features are not the code's is refused with a message saying to train again.
:data:`PRIOR` is where training starts (generation 0), and what a kind of game
without a fit plays with.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import mul
from pathlib import Path
from typing import Any

from living_forest.atomic import atomic_write
from living_forest.core import GameOptions, GameState, returns, rules_of
from living_forest.core.data import ASSETS_DIR
from living_forest.core.scoring import any_victory
from living_forest.core.state import PHASE_ACTION, PHASE_OVER

from .features import all_features, feature_names

WEIGHTS_JSON = ASSETS_DIR / "bots" / "weights.json"
FORMAT = 1  # the weights file's format version

# Hand-set weights that start the training (generation 0): more of a count, of
# strength a round, of Fragments is better; Varans and threats are worse.
PRIOR: dict[str, float] = {
    "trees": 3.0,
    "fires": 3.0,
    "flowers": 3.0,
    "trees3": 4.0,
    "fires3": 4.0,
    "flowers3": 4.0,
    "met": 3.0,
    "met_total": 2.0,
    "cards_round": 0.5,
    "sun_round": 1.0,
    "water_round": 1.0,
    "plant_round": 1.0,
    "wind_round": 0.5,
    "flower_round": 1.0,
    "varans": -0.5,
    "fragments": 0.5,
    "onibi_next": -0.5,
    "fires_next": 1.0,
    "new_trees": 1.0,
    "robbed_now": -0.5,
    "steal_now": 0.5,
    "exposed": -0.3,
    "reach": 0.3,
    "fires_now": 0.5,
    "plant_now": 0.3,
    "eta": 2.0,
    "engine_left": 1.0,
    "reach_now": 1.0,
    "reach_next": 0.5,
    "best": 2.0,
    "best3": 3.0,
    "total_late": 1.0,
}


class WeightsError(ValueError):
    """The weights file is missing a fit, malformed, or for other features."""


def fit_key(options: GameOptions, players: int) -> str:
    """Which fit plays a game: ``"2p"`` / ``"3-4p"``, with ``"+NAME"`` (the rules
    modules in play) when any."""
    size = "2p" if players <= 2 else "3-4p"
    return size + "".join(f"+{m}" for m in options.modules)


@dataclass(frozen=True)
class Fit:
    """One kind of game's weights, by feature name, and where they came from."""

    key: str
    weights: Mapping[str, float]
    trained: Mapping[str, Any] = field(default_factory=dict)

    def vector(self, names: Sequence[str]) -> tuple[float, ...]:
        missing = [n for n in names if n not in self.weights]
        if missing:
            raise WeightsError(
                f"the {self.key} fit has no weight for {missing}: train again "
                "(python -m living_forest.bots.train)"
            )
        return tuple(float(self.weights[n]) for n in names)


def read_fits(path: Path = WEIGHTS_JSON) -> dict[str, Fit]:
    """Every fit of the weights file (none when it does not exist yet)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, json.JSONDecodeError) as e:
        raise WeightsError(f"cannot read bot weights {path}: {e}") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise WeightsError(f"{path}: not a weights file of format {FORMAT}")
    out = {}
    for key, d in dict(raw.get("fits", {})).items():
        w = d.get("weights")
        if not isinstance(w, dict) or not all(isinstance(v, int | float) for v in w.values()):
            raise WeightsError(f"{path}: fit {key!r} has no weights by feature name")
        out[key] = Fit(key, {str(k): float(v) for k, v in w.items()}, dict(d.get("trained", {})))
    return out


def write_fits(fits: Mapping[str, Fit], path: Path = WEIGHTS_JSON) -> None:
    data = {
        "format": FORMAT,
        "fits": {
            k: {"weights": {n: round(v, 6) for n, v in f.weights.items()}, "trained": f.trained}
            for k, f in sorted(fits.items())
        },
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


@cache
def _shipped() -> dict[str, Fit]:
    return read_fits()


class Evaluation:
    """Win chances of positions of one kind of game, with one fit's weights."""

    def __init__(self, fit: Fit, names: Sequence[str]) -> None:
        self.fit = fit
        self.names = tuple(names)
        self.w = fit.vector(self.names)

    def scores(self, st: GameState) -> list[float]:
        w = self.w
        return [sum(map(mul, w, row)) for row in all_features(st)]

    def chances(self, st: GameState) -> list[float]:
        """Each seat's chance to win ``st``: exact when the game is decided there."""
        exact = decided(st)
        if exact is not None:
            return list(exact)
        return softmax(self.scores(st))

    def value(self, st: GameState, seat: int) -> float:
        return self.chances(st)[seat]


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    e = [math.exp(s - top) for s in scores]
    total = sum(e)
    return [x / total for x in e]


def decided(st: GameState) -> tuple[float, ...] | None:
    """The result of a game decided in ``st``: over, or at the end of the round's last
    turn with a condition met (V-1: the game ends there); None otherwise."""
    if st.phase == PHASE_OVER:
        return returns(st)
    if st.phase == PHASE_ACTION and st.turns_done == st.n - 1 and any_victory(rules_of(st), st):
        over = st.clone()
        over.phase = PHASE_OVER
        return returns(over)
    return None


def evaluation_for(
    options: GameOptions, players: int, fits: Mapping[str, Fit] | None = None
) -> Evaluation:
    """The evaluation of a kind of game: its fit from ``fits`` (the shipped weights by
    default), else the fit of the other player counts with the same rules, else
    the base game's fit with the modules' features at :data:`PRIOR`, else :data:`PRIOR`."""
    from living_forest.core import rules_for

    names = feature_names(rules_for(options))
    key = fit_key(options, players)
    table = _shipped() if fits is None else fits
    # The kind of game's own fit; else the other player count's with the same rules
    # (the features are the same); else the base game's fit of this size with the
    # modules' own features at the prior; else the prior.
    other = fit_key(options, 2 if players > 2 else 4)
    fit = table.get(key) or table.get(other)
    if fit is None:
        base = table.get(fit_key(GameOptions(), players))
        weights = {n: PRIOR.get(n, 0.0) for n in names}
        if base is not None:
            weights.update((n, w) for n, w in base.weights.items() if n in weights)
        trained = {"generation": 0} if base is None else {"borrowed": base.key}
        fit = Fit(key, weights, trained)
    return Evaluation(fit, names)
