"""The bots' cost, for ``make bench``: CPU milliseconds a decision and a searched
decision (a turn planned or searched, a reveal weighed), the longest searched decision
(what a player waits at worst: the CPU budget bounds it), and decisions per CPU-second,
for the easy, medium and hard levels, each in a few seeded games against ``rules`` bots
in the other seats (its seat turns with the game), and the process's peak resident size.
CPU time of the thread (``time.thread_time``), never the wall clock.

    .venv/bin/python bench/bots.py [--games 2] [--players 2] [--kodama]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from living_forest.bots import BOTS  # noqa: E402
from living_forest.bots.planner import PlannerBot  # noqa: E402
from living_forest.collector import collect_less_often  # noqa: E402
from living_forest.core import BASE_GAME, GameOptions  # noqa: E402
from living_forest.simulate import play_game  # noqa: E402

LEVELS = (("easy", "greedy"), ("medium", "search_quick"), ("hard", "search"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--kodama", action="store_true", help="with the Kodama expansion")
    args = ap.parse_args(argv)
    collect_less_often()  # as the program collects garbage (living_forest.collector)
    n = args.players
    options = GameOptions(("kodama",)) if args.kodama else BASE_GAME
    print(f"{n} players, {'Kodama' if args.kodama else 'base game'}")
    print(
        f"{'level':>7} {'games':>6} {'decisions':>10} {'ms/decision':>12} {'searched':>9} "
        f"{'ms/searched':>12} {'max ms':>7} {'decisions/CPU-s':>16}"
    )
    for title, name in LEVELS:
        bot = BOTS[name]
        assert isinstance(bot, PlannerBot)
        searched = [0, 0.0, 0.0]  # searched decisions, their CPU seconds, the longest
        pick = bot.pick

        def counted(*a, _pick=pick, _n=searched):
            t = time.thread_time()
            try:
                return _pick(*a)
            finally:
                took = time.thread_time() - t
                _n[0] += 1
                _n[1] += took
                _n[2] = max(_n[2], took)

        bot.pick = counted  # type: ignore[method-assign]
        seconds = decisions = 0.0
        try:
            for g in range(args.games):
                k = g % n  # the level's seat; the same deal for each seat in turn
                bots = tuple(name if i == k else "rules" for i in range(n))
                r = play_game(n, args.seed + g // n, bots, options=options)
                seconds += r.bot_seconds[k]
                decisions += r.bot_decisions[k]
        finally:
            bot.pick = pick  # type: ignore[method-assign]
        per = 1000 * seconds / max(1, decisions)
        per_searched = 1000 * searched[1] / max(1, searched[0])
        print(
            f"{title:>7} {args.games:>6} {decisions:>10.0f} {per:>12.2f} {searched[0]:>9} "
            f"{per_searched:>12.1f} {1000 * searched[2]:>7.0f} "
            f"{decisions / max(seconds, 1e-9):>16.0f}",
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak resident size of the process: {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
