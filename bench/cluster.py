"""The Dask cluster path against the process pool: games per second of
``living-forest simulate`` with ``--workers N`` and with ``--cluster local:N``, N = 1
and 2, on the same games (2,000 by default, baseline bots), and the cluster's overhead
at the same count (target: at most 10 %).

Each run is the whole command in a subprocess, timed from start to exit: each path's
own start-up is in its figure (the pool's processes forked, or the cluster's scheduler
and workers started), as a user waits for it; the target is judged on this. The two
paths run in turn, ``--rounds`` times each (pool, cluster, pool, cluster, ...), so a
change in the machine's load falls on both; the overhead is the median of the rounds'
ratios. "play g/s" is the command's own ``games_per_second``, its clock started when
the first game is asked for: the pool starts its processes inside that clock, the
cluster before it, so it flatters the cluster and is shown only to tell start-up from
play. The load average is printed before and after (a busy machine's figures vary).
Needs the ``cluster`` extra (``make`` installs it in ``.venv``).

    python bench/cluster.py [--games 2000] [--players 2] [--counts 1,2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.10  # the cluster path at most 10 % slower than --workers at the same count


def run(players: int, games: int, seed: int, where: list[str]) -> tuple[float, float]:
    """Seconds the whole command took, and its own games per second."""
    argv = [sys.executable, "-m", "living_forest", "simulate", "-p", str(players)]
    argv += ["-g", str(games), "--seed", str(seed), "--json", *where]
    t0 = time.perf_counter()
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(where)}: exit {out.returncode}: {out.stderr.strip()}")
    return wall, float(json.loads(out.stdout)["games_per_second"])


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--counts", default="1,2", help="worker counts, a comma list")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each path, in turn")
    args = ap.parse_args(argv)
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("bench/cluster.py needs the cluster extra: pip install -e '.[cluster]'")
        return 0
    print(
        f"simulate -p {args.players} -g {args.games} (baseline bots), {os.cpu_count()} CPUs, "
        f"load average {load()}: medians of {args.rounds} runs each, in turn; games per "
        "second of the whole command (start-up included) and of the play alone"
    )
    print(f"{'workers':>7} {'path':<17} {'seconds':>8} {'games/s':>8} {'play g/s':>9}  overhead")
    worst = 0.0
    for n in (int(x) for x in args.counts.split(",")):
        paths = (["--workers", str(n)], ["--cluster", f"local:{n}"])
        walls: list[list[float]] = [[], []]
        rates: list[list[float]] = [[], []]
        for _ in range(args.rounds):
            for i, where in enumerate(paths):
                wall, rate = run(args.players, args.games, args.seed, where)
                walls[i].append(wall)
                rates[i].append(rate)
        overhead = statistics.median(c / p - 1 for p, c in zip(*walls, strict=True))
        worst = max(worst, overhead)
        for i, where in enumerate(paths):
            wall = statistics.median(walls[i])
            note = f"{overhead:+.1%} (median of the rounds)" if i else ""
            line = (
                f"{n:>7} {' '.join(where):<17} {wall:>8.2f} {args.games / wall:>8.1f} "
                f"{statistics.median(rates[i]):>9.1f}  {note}"
            )
            print(line.rstrip(), flush=True)
    verdict = "ok" if worst <= TARGET else "above the target"
    print(
        f"cluster overhead, whole command: at most {worst:+.1%} (target <= {TARGET:.0%}): "
        f"{verdict}; load average {load()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
