"""Instructions per baseline game, counted by callgrind: a speed figure that a busy or
noisy machine does not change (wall-clock runs of the same code differ by a third on
a shared 2-core VM). Needs ``valgrind``; slow (about a minute for 10 games).

    .venv/bin/python bench/instructions.py [--tree DIR] [--players 2] [--games 10]

``--tree`` measures another checkout (e.g. ``git worktree add /tmp/old 5e3e15c``), with
this checkout's Python. Each figure is a run of ``games`` games minus a run of none (the
start-up and two warm-up games), so imports do not count.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from living_forest.simulate import play_game
n, games, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for s in range(2):
    play_game(n, 10_000_000 + s, "baseline")
decisions = sum(play_game(n, g, "baseline").decisions for g in range(games))
open(out, "w").write(str(decisions))
"""


def instructions(tree: Path, players: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of ``games`` baseline games after the warm-up."""
    with tempfile.TemporaryDirectory(prefix="lf-cg-") as tmp:
        out, dec = Path(tmp) / "cg.out", Path(tmp) / "decisions"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                PROBE,
                str(tree),
                str(players),
                str(games),
                str(dec),
            ],
            check=True,
            capture_output=True,
            # String hashes are randomised per process, which moves the count by about
            # 1 % from run to run (dict probing): one fixed seed makes it repeatable.
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert found is not None, "callgrind wrote no total"
        return int(found.group(1)), int(dec.read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    base, _ = instructions(args.tree, args.players, 0)
    total, decisions = instructions(args.tree, args.players, args.games)
    per_game = (total - base) / args.games
    print(
        f"{args.tree}: {args.players} players, {args.games} games: "
        f"{per_game / 1e6:.2f} M instructions per game, "
        f"{(total - base) / decisions / 1e3:.1f} k per decision, "
        f"{decisions / args.games:.0f} decisions per game"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
