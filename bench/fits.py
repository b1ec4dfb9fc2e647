"""Judge a weights file with the planner alone (``greedy_v2``, the easy level before it
searched), or with a level (``--level easy|medium|hard``): that bot playing the fits of
``WEIGHTS`` against a bot (by default the same bot playing the shipped fits).

A fit's gain shows in a few hundred games of the planner (about 1 ms CPU a decision):
what a 40-game match of the hard bot cannot resolve. Whether the search on top keeps
the gain shows in a few hundred games of ``--level medium`` (about 15 ms a decision).
Common seeds, seats rotated (``living_forest.match``), one process. A benchmark, not a
test.

    .venv/bin/python -m living_forest.bots.train ... --out /tmp/new.json
    .venv/bin/python bench/fits.py /tmp/new.json [--level medium] [--against BOT] [-g 400]
        [-s 1000] [-p 2] [--kodama]

Measured so (issue 25): the 2-player fit trained with the medium bot in its league won
58.5 % of 400 games (seeds 1000 and 2000) against the fit before it. A 2-player Kodama
fit that weighs the best race (seed 53, ``search_v1:20`` in its league) won 54.75 % of
400 with the planner, and 50.25 % of 400 with ``--level medium`` (seeds 3000-3199): not
shipped.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from pathlib import Path

from living_forest.bots import ALIASES, BOTS, Bot, get_bot
from living_forest.bots.evaluation import Fit, WeightsError, read_fits
from living_forest.bots.planner import PlannerBot
from living_forest.bots.turn_search import EASY_WIDTH, easy, hard, medium
from living_forest.collector import collect_less_often
from living_forest.core import BASE_GAME, GameOptions
from living_forest.match import MatchSpec, lineup, run

NAME = "fits"  # the bot under test, for this process only
# The bots that can play a weights file, and who they play by default (the same bot
# with the shipped fits).
LEVELS: dict[str, tuple[Callable[[Mapping[str, Fit]], Bot], str]] = {
    "planner": (lambda fits: PlannerBot(width=EASY_WIDTH, fits=fits), "greedy_v2"),
    "easy": (easy, ALIASES["easy"]),
    "medium": (medium, ALIASES["medium"]),
    "hard": (lambda fits: hard(fits=fits), ALIASES["hard"]),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("weights", type=Path, help="a weights file (train's --out)")
    ap.add_argument(
        "--level", choices=LEVELS, default="planner", help="the bot that plays the weights"
    )
    ap.add_argument(
        "--against", help="the other seats' bot (default: the level with the shipped fits)"
    )
    ap.add_argument("--games", "-g", type=int, default=400)
    ap.add_argument("--seed", "-s", type=int, default=1000)
    ap.add_argument("--players", "-p", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--kodama", action="store_true", help="play with the rules module kodama")
    args = ap.parse_args()
    collect_less_often()  # as the program collects garbage (living_forest.collector)
    if not args.weights.is_file():  # read_fits would give no fits: the prior would play
        ap.error(f"no weights file {args.weights}")
    make, shipped = LEVELS[args.level]
    args.against = args.against or shipped
    try:
        fits = read_fits(args.weights)
        get_bot(args.against)
    except (OSError, WeightsError, ValueError) as e:
        ap.error(str(e))
    BOTS[NAME] = make(fits)
    options = GameOptions(("kodama",)) if args.kodama else BASE_GAME
    bots = lineup(f"{NAME},{args.against}", args.players)  # one seat against the others
    spec = MatchSpec(bots, args.players, args.games, args.seed, options)
    d = run(spec).to_json()
    rate, (low, high) = d["win_rate_by_bot"][NAME], d["win_rate_ci_by_bot"][NAME]
    ms = 1000 * d["seconds_per_decision_by_bot"].get(NAME, 0.0)
    print(
        json.dumps(
            {
                "weights": str(args.weights),
                "level": args.level,
                "against": args.against,
                "players": args.players,
                "modules": d["modules"],
                "seed": args.seed,
                "games": d["games"],
                "finished": d["finished"],
                "win_rate": rate,
                "interval_95": [low, high],
                "fair_share": d["fair_share_by_bot"][NAME],
                "ms_per_decision": round(ms, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
