"""A golden file of the learned evaluation's features: every player's row at a few
positions of each recorded golden game (base game and Kodama, 2 to 4 players).

The shipped fits (``assets/bots/weights.json``) weigh these numbers: a change that
moves a feature changes what every fit means, so it must come with retrained fits
(``python -m living_forest.bots.train``) and the ladder measured again. Regenerate
deliberately, after such a change, with::

    .venv/bin/python -m tests.bots.feature_rows --write
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from living_forest.bots.features import all_features, feature_names
from living_forest.core import BASE_GAME, GameOptions, GameState, apply, new_game, rules_of
from tests.core.golden import GAME_CASES, GOLDEN, KODAMA, KODAMA_GAMES, game_path, seats

PATH = GOLDEN / "feature_rows.json"
POSITIONS = 6  # positions a game, evenly spread over its moves
DIGITS = 12  # significant digits kept of each number


def games() -> Iterator[tuple[str, GameOptions, int, int, Path]]:
    """(rules, options, players, seed, recorded game) of every golden game."""
    for n, seed in GAME_CASES:
        yield "base", BASE_GAME, n, seed, game_path(n, seed)
    for n, seed in KODAMA_GAMES:
        yield "kodama", KODAMA, n, seed, GOLDEN / f"kodama_game_{n}p_seed{seed}.json"


def positions() -> Iterator[tuple[str, int, int, int, GameState]]:
    """(rules, players, seed, moves played, position) of the recorded positions."""
    for rules, options, n, seed, path in games():
        actions = json.loads(path.read_text())["actions"]
        st, _ = new_game(seats(n), seed, options=options)
        step = max(1, len(actions) // POSITIONS)
        for k, text in enumerate(actions):
            if k % step == 0:
                yield rules, n, seed, k, st
            st, _ = apply(st, text)


def build() -> dict[str, Any]:
    names: dict[str, list[str]] = {}
    rows = []
    for rules, n, seed, k, st in positions():
        names.setdefault(rules, list(feature_names(rules_of(st))))
        features = [[float(f"{x:.{DIGITS}g}") for x in row] for row in all_features(st)]
        rows.append({"rules": rules, "players": n, "seed": seed, "moves": k, "rows": features})
    return {"names": names, "positions": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help=f"write {PATH.name}")
    args = ap.parse_args()
    out = build()
    if args.write:
        PATH.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out['positions'])} positions", "written" if args.write else "(not written)")


if __name__ == "__main__":
    main()
