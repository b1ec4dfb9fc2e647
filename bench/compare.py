"""Compare the engine's speed at another commit with this checkout, in one run.

    .venv/bin/python bench/compare.py OLD_COMMIT [--rounds 5] [--seconds 4]

Checks OLD_COMMIT out into a temporary git worktree, then times baseline-bot games
(2 and 4 players, the same seeds) for the old and the new code alternately, each in
a fresh process, ``--rounds`` times, and prints the median games per second and the
ratio. Alternating in one run is what makes the figures comparable on a machine whose
speed drifts (other load, frequency scaling). The worktree is removed at the end.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Runs inside the tree under test (its living_forest first on sys.path).
PROBE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from living_forest.simulate import play_game
n, seconds = int(sys.argv[2]), float(sys.argv[3])
for s in range(3):
    play_game(n, 10_000_000 + s, "baseline")  # warm-up: imports and caches
t0 = time.perf_counter(); g = 0
while g < 10 or time.perf_counter() - t0 < seconds:
    play_game(n, g, "baseline"); g += 1
print(g / (time.perf_counter() - t0))
"""


def games_per_second(tree: Path, players: int, seconds: float) -> float:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tree), str(players), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("old", help="the commit to compare with (e.g. a tag or a hash)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=4.0, help="timing per measurement")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lf-compare-") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), args.old],
            check=True,
        )
        try:
            print(f"old = {args.old} (worktree {old}), new = {ROOT}")
            print(f"{'players':>7} {'old games/s':>12} {'new games/s':>12} {'new/old':>8}")
            for n in (2, 4):
                olds, news = [], []
                for _ in range(args.rounds):
                    olds.append(games_per_second(old, n, args.seconds))
                    news.append(games_per_second(ROOT, n, args.seconds))
                o, w = statistics.median(olds), statistics.median(news)
                print(f"{n:>7} {o:>12.1f} {w:>12.1f} {w / o:>8.2f}", flush=True)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
