"""The learned evaluation's features stay the numbers the shipped fits were trained on
(tests/bots/feature_rows.py: the golden rows, and how to write them again after a
deliberate change with retrained fits)."""

from __future__ import annotations

import json
import math

from living_forest.bots.features import all_features, feature_names
from living_forest.core import rules_of

from .feature_rows import DIGITS, PATH, POSITIONS, positions


def test_the_features_are_the_ones_the_fits_were_trained_on() -> None:
    golden = json.loads(PATH.read_text())
    recorded = {
        (p["rules"], p["players"], p["seed"], p["moves"]): p["rows"] for p in golden["positions"]
    }
    visited = set()
    for rules, n, seed, k, st in positions():
        names = list(feature_names(rules_of(st)))
        assert names == golden["names"][rules], f"{rules}: the features' names changed"
        rows = recorded.get((rules, n, seed, k))
        assert rows is not None, (
            f"{rules} {n}p seed {seed} after {k} moves is not in {PATH.name}: the golden "
            "games changed; write it again (tests/bots/feature_rows.py)"
        )
        for seat, (row, old) in enumerate(zip(all_features(st), rows, strict=True)):
            for name, x, y in zip(names, row, old, strict=True):
                assert math.isclose(x, y, rel_tol=10 ** (1 - DIGITS), abs_tol=1e-12), (
                    f"{rules} {n}p seed {seed}, after {k} moves, seat {seat}: {name} is {x}, "
                    f"the fits were trained on {y}"
                )
        visited.add((rules, n, seed, k))
    assert visited == set(recorded)  # the file and the games agree on the positions
    # every kind of game a fit is trained for, each at several positions
    kinds = [(rules, n) for rules, n, _seed, _k in visited]
    assert {(r, n) for r in ("base", "kodama") for n in (2, 3, 4)} == set(kinds)
    assert min(kinds.count(kind) for kind in set(kinds)) >= POSITIONS
