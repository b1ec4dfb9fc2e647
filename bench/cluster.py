"""The Dask cluster path against the process pool: games per second of
``living-forest simulate`` with ``--workers N`` and with ``--cluster local:N``, N = 1
and 2, on the same games (2,000 by default, baseline bots), and the cluster's overhead
at the same count (target: at most 10 %).

Each run is the whole command in a subprocess, timed from start to exit (start-up of
the processes or of the cluster included); the play alone is the command's own
``games_per_second`` (the clock started when the first game is asked for). Needs the
``cluster`` extra (``make`` installs it in ``.venv``).

    python bench/cluster.py [--games 2000] [--players 2] [--counts 1,2]
"""

from __future__ import annotations

import argparse
import json
import os
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--counts", default="1,2", help="worker counts, a comma list")
    args = ap.parse_args(argv)
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("bench/cluster.py needs the cluster extra: pip install -e '.[cluster]'")
        return 0
    print(
        f"simulate -p {args.players} -g {args.games} (baseline bots), {os.cpu_count()} CPUs: "
        "games per second, whole command (start-up included) and play alone"
    )
    print(f"{'workers':>7} {'path':<17} {'seconds':>8} {'games/s':>8} {'play g/s':>9}  overhead")
    worst_whole = worst_play = 0.0
    for n in (int(x) for x in args.counts.split(",")):
        pool_wall, pool_rate = run(args.players, args.games, args.seed, ["--workers", str(n)])
        print(
            f"{n:>7} {f'--workers {n}':<17} {pool_wall:>8.2f} "
            f"{args.games / pool_wall:>8.1f} {pool_rate:>9.1f}",
            flush=True,
        )
        where = ["--cluster", f"local:{n}"]
        wall, rate = run(args.players, args.games, args.seed, where)
        whole, play = wall / pool_wall - 1, pool_rate / rate - 1
        worst_whole, worst_play = max(worst_whole, whole), max(worst_play, play)
        print(
            f"{n:>7} {' '.join(where):<17} {wall:>8.2f} {args.games / wall:>8.1f} "
            f"{rate:>9.1f}  {whole:+.1%} whole, {play:+.1%} play",
            flush=True,
        )
    for what, worst in (("play alone", worst_play), ("whole command", worst_whole)):
        verdict = "ok" if worst <= TARGET else "above the target"
        print(f"cluster overhead, {what}: at most {worst:+.1%} (target <= {TARGET:.0%}): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
