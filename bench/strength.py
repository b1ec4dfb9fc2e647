"""The bot ladder's matches (``make strength``): each level against the one below.

Common seeds, seats rotated (``living_forest.match``); prints one row per match with the
win rate of the stronger bot, its 95 % interval, its fair share and its time per
decision. A benchmark, not a test: nothing here passes or fails on a number.

    .venv/bin/python bench/strength.py [--scale 1.0] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from living_forest.collector import collect_less_often
from living_forest.core import BASE_GAME, GameOptions
from living_forest.match import MatchSpec, lineup, run

KODAMA = GameOptions(("kodama",))
# (line-up, players, games at scale 1, rules), the first bot's win rate reported: each
# level against the one below it and against its predecessor (the targets:
# easy >= 75 % against search_v1, medium >= 60 % against easy, hard >= 55 % against
# medium and >= 90 % against search_v1, hard > 35 % against three medium in 4 players);
# 2 players 400 games, 4 players 200. search_v1 thinks about 0.85 s a searched
# decision: its rows are the long ones (--only to pick rows, --scale for fewer games).
LADDER = [
    ("baseline,random", 2, 400, BASE_GAME),
    ("rules,baseline", 2, 400, BASE_GAME),
    ("greedy_v1,rules", 2, 400, BASE_GAME),
    ("easy,greedy_v1", 2, 400, BASE_GAME),
    ("easy,search_v1", 2, 400, BASE_GAME),
    ("medium,easy", 2, 400, BASE_GAME),
    ("hard,medium", 2, 400, BASE_GAME),
    ("hard,search_v1", 2, 400, BASE_GAME),
    ("easy,greedy_v1", 4, 200, BASE_GAME),
    ("medium,easy", 4, 200, BASE_GAME),
    ("hard,medium", 4, 200, BASE_GAME),
    ("easy,greedy_v1", 2, 400, KODAMA),
    ("easy,search_v1", 2, 400, KODAMA),
    ("medium,easy", 2, 400, KODAMA),
    ("hard,medium", 2, 400, KODAMA),
    ("hard,search_v1", 2, 400, KODAMA),
    ("medium,easy", 4, 200, KODAMA),
    ("hard,medium", 4, 200, KODAMA),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scale", type=float, default=1.0, help="games = scale x the table's")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--only", default="", help="rows whose line-up contains this text (e.g. search_v1)"
    )
    args = ap.parse_args()
    collect_less_often()  # as the program collects garbage (living_forest.collector)
    rows = []
    for bots, players, games, options in LADDER:
        if args.only and args.only not in bots:
            continue
        n = max(players, round(games * args.scale / players) * players)
        spec = MatchSpec(lineup(bots, players), players, n, args.seed, options)
        t0 = time.perf_counter()
        d = run(spec, args.workers).to_json()
        top = spec.bots[0]
        lo, hi = d["win_rate_ci_by_bot"][top]
        rows.append(
            {
                "match": f"{bots} {players}p{' kodama' if options.modules else ''}",
                "games": d["games"],
                "failures": d["failures"],
                "bot": top,
                "win_rate": d["win_rate_by_bot"][top],
                "ci95": [lo, hi],
                "fair_share": d["fair_share_by_bot"][top],
                "ms_per_decision": round(1000 * d["seconds_per_decision_by_bot"][top], 3),
                "rounds_median": d["rounds_median"],
                "seconds": round(time.perf_counter() - t0, 1),
            }
        )
        if not args.json:
            r = rows[-1]
            print(
                f"{r['match']:<28} {r['games']:>4} games  {top} wins {100 * r['win_rate']:5.1f}% "
                f"[{100 * lo:.1f}, {100 * hi:.1f}]  fair {100 * r['fair_share']:.0f}%  "
                f"{r['ms_per_decision']:.2f} ms/decision  rounds {r['rounds_median']:g}  "
                f"failures {r['failures']}  ({r['seconds']} s)",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
