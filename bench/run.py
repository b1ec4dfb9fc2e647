"""`make bench`: baseline-bot games per second and µs per decision for 2, 3 and 4 players,
for the base game and with the Kodama expansion.

Then runs bench/tui.py (the terminal app's times), bench/serve.py (memory per browser
tab of `living-forest serve`), bench/cluster.py (--workers against --cluster local:N)
and bench/memory.py (the peak memory and games per second of a 10,000-game `simulate`,
2 and 4 players, a fresh process each) as subprocesses and passes their output through.
The whole run takes about 7 minutes (about --seconds per player count, a minute or two
for memory.py: --memory-games 1000 for a quick run, and two for cluster.py).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from living_forest.bots import get_bot  # noqa: E402
from living_forest.collector import collect_less_often  # noqa: E402
from living_forest.core import BASE_GAME, GameOptions, new_game, observe  # noqa: E402
from living_forest.simulate import GameResult, play_game, summarise  # noqa: E402

KODAMA = GameOptions(("kodama",))

# The bar on the 2-core reference machine.
BAR = {2: 100.0, 4: 50.0}


def timed_games(
    players: int,
    seconds: float,
    seed: int,
    min_games: int,
    options: GameOptions = BASE_GAME,
) -> Iterator[GameResult]:
    """Games with seeds seed, seed+1, … until the time budget is spent."""
    end = time.perf_counter() + seconds
    g = 0
    while g < min_games or time.perf_counter() < end:
        yield play_game(players, seed + g, "baseline", options=options)
        g += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=8.0, help="time per player count")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="exit 1 if a bar is missed")
    ap.add_argument(
        "--memory-games", type=int, default=10_000, help="games of each bench/memory.py run"
    )
    args = ap.parse_args(argv)
    collect_less_often()  # as the program collects garbage (living_forest.collector)

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs; baseline bots, one process, seeds from {args.seed}"
    )
    print(f"{'players':>7} {'games':>6} {'games/s':>8} {'µs/decision':>12} {'rounds':>7}  bar")
    missed = []
    failures = 0
    rates: dict[int, tuple[float, float]] = {}
    for n in (2, 3, 4):
        for _ in play_game_warmup(n):
            pass
        s = summarise(n, ("baseline",) * n, timed_games(n, args.seconds, args.seed, 20))
        d = s.to_json()
        failures += s.failures
        bar = BAR.get(n)
        verdict = "" if bar is None else ("ok" if s.games_per_second >= bar else "MISSED")
        if verdict == "MISSED":
            missed.append(n)
        bar_text = f">= {bar:g} {verdict}" if bar is not None else "-"
        rates[n] = (s.games_per_second, s.us_per_decision)
        print(
            f"{n:>7} {s.games:>6} {s.games_per_second:>8.1f} {s.us_per_decision:>12.1f} "
            f"{d['rounds_median']:>7g}  {bar_text}",
            flush=True,
        )
    print(
        f"\nKodama expansion\n{'players':>7} {'games':>6} {'games/s':>8} {'µs/decision':>12} "
        f"{'rounds':>7}  vs base: games/s, µs/decision"
    )
    for n in (2, 3, 4):
        for _ in play_game_warmup(n, KODAMA):
            pass
        s = summarise(n, ("baseline",) * n, timed_games(n, args.seconds, args.seed, 20, KODAMA))
        d = s.to_json()
        failures += s.failures
        gps, us = rates[n]  # the base game's
        print(
            f"{n:>7} {s.games:>6} {s.games_per_second:>8.1f} {s.us_per_decision:>12.1f} "
            f"{d['rounds_median']:>7g}  {s.games_per_second / gps - 1:+.0%}, "
            f"{s.us_per_decision / us - 1:+.0%}",
            flush=True,
        )
    print(
        f"\nRandom playouts to the end from a mid-game position (search's fast path)\n"
        f"{'players':>7} {'playouts':>9} {'push/s':>8} {'apply/s':>8} {'decisions':>10}"
    )
    for n in (2, 4):
        fast, checked, decisions, count = playouts(n, args.seconds / 2, args.seed)
        print(f"{n:>7} {count:>9} {fast:>8.1f} {checked:>8.1f} {decisions:>10.0f}", flush=True)
    if failures:
        print(f"{failures} games failed (crash or stuck): run `make soak` for details")
    code = 1 if failures or (args.check and missed) else 0

    bots = ROOT / "bench" / "bots.py"
    print(f"\nBots: CPU a decision (bench/bots.py)\n$ {Path(sys.executable).name} bench/bots.py")
    sys.stdout.flush()
    code = code or subprocess.run([sys.executable, str(bots)], cwd=ROOT, check=False).returncode

    # The terminal app's times, the browser server's memory per tab, the cluster's
    # overhead, then the memory plateau of a long simulate.
    scripts = {
        "tui.py": [],
        "serve.py": [],
        "cluster.py": [],
        "memory.py": ["--games", str(args.memory_games)],
    }
    for script, extra in scripts.items():
        path = ROOT / "bench" / script
        if path.exists():
            shown = " ".join([f"bench/{script}", *extra])
            print(f"\n$ {Path(sys.executable).name} {shown}", flush=True)
            cmd = [sys.executable, str(path), *extra]
            rc = subprocess.run(cmd, cwd=ROOT, check=False).returncode
            code = code or rc
    return code


def playouts(players: int, seconds: float, seed: int) -> tuple[float, float, float, int]:
    """Uniform random playouts from round 5 of a baseline game: per second with
    ``push`` (in place, unchecked) and with ``apply``; mean decisions per playout."""
    import random

    from living_forest.core import apply, legal_actions, push
    from living_forest.simulate import SPIRITS

    st, _ = new_game([(s.title(), s) for s in SPIRITS[:players]], seed)
    bot, rng = get_bot("baseline"), random.Random(seed)
    while st.round < 5 and st.phase != "over":
        st, _ = apply(st, bot(observe(st, st.current), legal_actions(st), rng))
    rates = []
    total_decisions = count = 0
    for fast in (True, False):
        n = decisions = 0
        end = time.perf_counter() + seconds / 2
        t0 = time.perf_counter()
        while time.perf_counter() < end or n < 5:
            g = st.clone()
            r = random.Random(n)
            while g.phase != "over":
                legal = legal_actions(g)
                a = legal[r.randrange(len(legal))]
                if fast:
                    push(g, a)
                else:
                    g, _ = apply(g, a)
                decisions += 1
            n += 1
        rates.append(n / (time.perf_counter() - t0))
        total_decisions += decisions
        count += n
    return rates[0], rates[1], total_decisions / count, count


def play_game_warmup(n: int, options: GameOptions = BASE_GAME) -> Iterator[GameResult]:
    """A few untimed games so imports and caches do not count."""
    for s in range(3):
        yield play_game(n, 10_000_000 + s, "baseline", options=options)


if __name__ == "__main__":
    raise SystemExit(main())
