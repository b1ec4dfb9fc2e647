"""`make soak`: many baseline-bot games per player count, every one played to the end.

Each game's final state must validate (conservation of every card, tile, fire and
Fragment); every --full-every-th game is validated after every single action. A game
that raises, has no legal action before the end, or runs past the round cap is a
failure. Counts how often the rare paths the official version tripped on were hit
(a fire not added because the supply ran out or the Circle is full; a corner or rock
bonus that could not be used). Uses --workers processes. Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from living_forest.collector import collect_less_often  # noqa: E402
from living_forest.core import GameOptions  # noqa: E402
from living_forest.simulate import (  # noqa: E402
    ROUND_CAP,
    Check,
    GameResult,
    Summary,
    parse_modules,
    play_game,
)

CHUNK = 100


def run_chunk(job: tuple[int, int, int, int, int, int, GameOptions]) -> list[GameResult]:
    players, base, start, count, full_every, cap, options = job
    out = []
    for g in range(start, start + count):
        check: Check = "all" if full_every and g % full_every == 0 else "final"
        out.append(
            play_game(players, base + g, "baseline", check=check, round_cap=cap, options=options)
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10_000, help="games per player count")
    ap.add_argument("--players", default="2,3,4", help="comma list of player counts")
    ap.add_argument("--seed", type=int, default=0, help="game g uses seed SEED+g")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--full-every", type=int, default=50, help="validate every state of every Nth game"
    )
    ap.add_argument("--round-cap", type=int, default=ROUND_CAP, help="later = stuck")
    ap.add_argument("--modules", default="", help="rules modules on, e.g. kodama")
    args = ap.parse_args(argv)
    collect_less_often()  # as the program collects garbage (living_forest.collector)
    options = parse_modules(args.modules)
    counts = [int(x) for x in args.players.split(",")]

    print(
        f"soak: {args.games} baseline games ({options}) for each of {counts} players, seeds "
        f"{args.seed}..{args.seed + args.games - 1}, {args.workers} workers, round cap "
        f"{args.round_cap}, every state checked in every {args.full_every}th game",
        flush=True,
    )
    total_fail = 0
    grand = Counter[str]()
    t_all = time.perf_counter()
    ctx = get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(args.workers) as pool:
        for n in counts:
            jobs = [
                (
                    n,
                    args.seed,
                    start,
                    min(CHUNK, args.games - start),
                    args.full_every,
                    args.round_cap,
                    options,
                )
                for start in range(0, args.games, CHUNK)
            ]
            s = Summary(n, ("baseline",) * n)
            t0 = time.perf_counter()
            fully = 0
            for chunk in pool.imap_unordered(run_chunk, jobs):
                for r in chunk:
                    s.add(r)
                    fully += args.full_every > 0 and (r.seed - args.seed) % args.full_every == 0
            s.wall_seconds = time.perf_counter() - t0
            d = s.to_json()
            total_fail += s.failures
            print(
                f"\n{n} players: {s.games} games, {s.finished} finished, {s.failures} failures, "
                f"{fully} fully checked; {s.wall_seconds:.1f} s ({s.games_per_second:.0f} games/s "
                f"on {args.workers} workers); rounds median {d['rounds_median']:g} "
                f"(p10 {d['rounds_p10']:g}, p90 {d['rounds_p90']:g}, max "
                f"{max(s.rounds, default=0)}); won on {d['victory_conditions']}; ties {s.ties}"
            )
            for what in sorted(
                set(s.watched) | {"fire_not_added: the supply is empty", "bonus_lost: corner"}
            ):
                print(f"  {what}: {s.watched[what]} times in {s.watched_games[what]} games")
                grand[what] += s.watched_games[what]
            cap_opt = "" if args.round_cap == ROUND_CAP else f" --round-cap {args.round_cap}"
            for seed, why in sorted(s.failure_list)[:20]:
                print(
                    f"  FAILED seed {seed}: {why}  (reproduce: living-forest simulate "
                    f"--players {n} --games 1 --seed {seed}{cap_opt})"
                )
            if len(s.failure_list) > 20:
                print(f"  … and {len(s.failure_list) - 20} more")
            sys.stdout.flush()
    games = args.games * len(counts)
    print(
        f"\n{'FAILED' if total_fail else 'OK'}: {games} games, {total_fail} failures, "
        f"{time.perf_counter() - t_all:.0f} s in all; games hitting the rare paths: "
        + ", ".join(f"{k} {v}" for k, v in sorted(grand.items()))
    )
    return 1 if total_fail else 0


if __name__ == "__main__":
    raise SystemExit(main())
