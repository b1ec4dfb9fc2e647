"""Memory of a long ``living-forest simulate`` (printed; the target is <= 45 MiB peak
resident size, with the engine's memos bounded in bytes: core/memo.py).

Each run is a fresh process, ``simulate -p N -g GAMES --workers 1 --json``, for 2 and 4
players: its peak resident size (the kernel's ``ru_maxrss`` of that process), its
resident size sampled as it plays (at a quarter, half, three quarters of the run and
at the end: a plateau, not a climb), and its games per second (simulate's own figure).
The floor is the same command for one game: the interpreter and the imports, which no
cache bound can go below.

    python bench/memory.py [--games 10000] [--players 2 4]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MIB = 45.0
SAMPLE = 0.2  # seconds between two readings of the resident size


def rss_mib(pid: int) -> float | None:
    """The resident size of a running process (Linux's /proc), or None."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def run(players: int, games: int) -> tuple[float, list[float], dict[str, object]]:
    """(peak MiB, resident MiB sampled over the run, simulate's --json summary)."""
    cmd = [sys.executable, "-m", "living_forest", "simulate", "-p", str(players)]
    cmd += ["-g", str(games), "--workers", "1", "--seed", "0", "--json"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    samples: list[float] = []

    def sample() -> None:
        while proc.returncode is None:
            mib = rss_mib(proc.pid)
            if mib is not None:
                samples.append(mib)
            time.sleep(SAMPLE)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    assert proc.stdout is not None
    out = proc.stdout.read()
    # wait4 rather than wait: the peak of this process alone (RUSAGE_CHILDREN would
    # give the largest of every child so far).
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    watcher.join()
    if proc.returncode != 0:
        raise SystemExit(f"bench/memory.py: {' '.join(cmd[2:])} exited {proc.returncode}")
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # bytes there, KiB here
    return usage.ru_maxrss / scale, samples, json.loads(out)


def quarters(samples: list[float]) -> str:
    if len(samples) < 4:
        return "-"
    n = len(samples)
    return " ".join(f"{samples[n * k // 4]:.1f}" for k in (1, 2, 3))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10_000, help="games a run (default 10000)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=(2, 3, 4))
    args = ap.parse_args(argv)
    if not hasattr(os, "wait4"):
        print("simulate memory: skipped (needs os.wait4: Linux or macOS)")
        return 0
    floor, _samples, _summary = run(2, 1)
    print(
        f"simulate memory, one fresh process a run (target <= {TARGET_MIB:g} MiB peak); "
        f"the floor (interpreter and imports, one game): {floor:.1f} MiB"
    )
    print(
        f"{'players':>7} {'games':>6} {'peak MiB':>9} {'games/s':>8}  RSS at 1/4 1/2 3/4 of the run"
    )
    code = 0
    for n in args.players:
        peak, samples, summary = run(n, args.games)
        verdict = "ok" if peak <= TARGET_MIB else "MISSED"
        print(
            f"{n:>7} {args.games:>6} {peak:>9.1f} {summary['games_per_second']:>8.1f}  "
            f"{quarters(samples)}  {verdict}",
            flush=True,
        )
        if summary.get("failures"):
            code = 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
