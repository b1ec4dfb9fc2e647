"""Self-play training of the learned evaluation (``bots/evaluation.py``).

A generation plays ``--games`` games of the planner bot with the current weights
against itself and, at some seats, against other bots (:data:`LEAGUE`, or
``--league``: positions the planner alone would not reach), with exploration (a turn
is now and then one of the planner's next-best turns instead of its best), records
every player's features at the end of every turn and who won, and fits the weights of
the next generation on the last two generations' positions: a conditional logit (the
softmax of the scores across the players, as the evaluation reads it), by Newton's
method with a little L2, each weight kept on the side of zero the rules say (more of a
count is never worse, a Varan never better: :data:`SIGNS`, and a module's
``FeatureSet.signs``). Generation 0 plays with :data:`~.evaluation.PRIOR`.

Seeded and reproducible: game ``g`` of generation ``k`` uses engine and bot seed
``seed + 100_000 * k + g``; the result is the same with any number of ``--workers``, or
on a Dask cluster (``--cluster tcp://HOST:8786`` or ``--cluster local:N``, as
``simulate`` takes it: needs ``pip install 'living-forest[cluster]'``).

    python -m living_forest.bots.train --players 2 --games 1500 --generations 3
    python -m living_forest.bots.train --players 2 --games 20000 --cluster tcp://HOST:8786
    python -m living_forest.bots.train --players 3,4 --games 800 --generations 3
    python -m living_forest.bots.train --players 2 --MODULE ...   # a rules module's flag

writes the fit into ``assets/bots/weights.json`` (``--out`` elsewhere), with how it was
made (command, seeds, games, positions, log-likelihood per position).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from living_forest.collector import collect_less_often
from living_forest.core import (
    Action,
    GameOptions,
    GameState,
    legal_actions,
    new_game,
    observe,
    push,
    push_turn,
    returns,
    rules_for,
)
from living_forest.core.actions import END
from living_forest.core.rules import Rules
from living_forest.core.state import PHASE_ACTION, PHASE_OVER
from living_forest.module_flags import add_module_flags, flagged_modules
from living_forest.parallel import ClusterError, Executor, cluster_address, executor, in_order
from living_forest.text import printable

from .evaluation import (
    PRIOR,
    WEIGHTS_JSON,
    Evaluation,
    Fit,
    WeightsError,
    fit_key,
    read_fits,
    write_fits,
)
from .features import all_features, feature_names
from .planner import PlannerBot

SPIRITS = ("winter", "spring", "summer", "autumn")
EXPLORE = 0.1  # chance that a turn is one of the next-best plans
# Other bots that take seats now and then (a league: positions the planner alone would
# never reach, strong decks and weak ones), and the chance a seat is one of them.
LEAGUE = ("greedy_v1", "rules")
LEAGUE_SHARE = 0.5
EXPLORE_PLANS = 4  # ... chosen among this many best
L2 = 1e-3  # per position
ROUND_CAP = 40
# Weights the rules give a side: +1 never below zero, -1 never above (a rules module's
# features bring their own: ``FeatureSet.signs``, see :func:`signs_of`).
SIGNS: dict[str, int] = {
    "trees": 1,
    "fires": 1,
    "flowers": 1,
    "trees3": 1,
    "fires3": 1,
    "flowers3": 1,
    "met": 1,
    "met_total": 1,
    "cards_round": 1,
    "sun_round": 1,
    "water_round": 1,
    "plant_round": 1,
    "wind_round": 1,
    "flower_round": 1,
    "varans": -1,
    "fragments": 1,
    "onibi_next": -1,
    "fires_next": 1,
    "new_trees": 1,
    "robbed_now": -1,
    "steal_now": 1,
    "exposed": -1,
    "reach": 1,
    "fires_now": 1,
    "plant_now": 1,
    "eta": 1,
    "engine_left": 1,
    "reach_now": 1,
    "reach_next": 1,
    "best": 1,
    "best3": 1,
    "total_late": 1,
}


@dataclass(frozen=True)
class Sample:
    """Every player's features at the end of a turn, and each one's share of the win."""

    rows: tuple[tuple[float, ...], ...]
    result: tuple[float, ...]


def play_for_samples(
    players: int,
    options: GameOptions,
    fits: Mapping[str, Fit],
    width: int,
    seed: int,
    league: Sequence[str] = LEAGUE,
) -> list[Sample]:
    """One self-played game: the positions at the end of each turn, labelled with the
    game's result (none from a game that did not finish). ``league``: the bots that
    take the other seats now and then."""
    from . import get_bot

    bot = PlannerBot(width, fits=fits, explore=(EXPLORE, EXPLORE_PLANS))
    rng = random.Random(seed)
    st, _ = new_game([(s.title(), s) for s in SPIRITS[:players]], seed, options=options)
    # Seat 0 (in turn order) is always the planner; each other seat a league bot with
    # LEAGUE_SHARE chance.
    seats = [bot] + [
        get_bot(rng.choice(league)) if league and rng.random() < LEAGUE_SHARE else bot
        for _ in range(players - 1)
    ]
    legal = legal_actions(st)
    rows: list[tuple[tuple[float, ...], ...]] = []
    while st.phase != PHASE_OVER:
        if st.round > ROUND_CAP or not legal:
            return []
        seat_bot = seats[st.current]
        a = legal[0] if len(legal) == 1 else seat_bot(observe(st, st.current), legal, rng)
        if st.phase == PHASE_ACTION:
            end = _turn_end(st, a)
            if end is not None:
                rows.append(tuple(tuple(r) for r in all_features(end)))
        legal = push(st, a)
    result = returns(st)
    return [Sample(r, result) for r in rows]


def _turn_end(st: GameState, a: Action) -> GameState | None:
    """The position at the end of the turn if ``a`` ends it, before what follows."""
    if a.kind == END:
        return st
    s = st.clone()
    return s if not push_turn(s, a) else None


def generation(
    players: Sequence[int],
    options: GameOptions,
    fits: Mapping[str, Fit],
    games: int,
    seed: int,
    width: int,
    workers: int | Executor,
    league: Sequence[str] = LEAGUE,
) -> Iterator[list[Sample]]:
    """The games of one generation, in order (player counts in turn): here, in
    ``workers`` processes or on an executor's cluster (``parallel.py``)."""
    job = partial(_job, tuple(players), options, dict(fits), width, seed, tuple(league))
    return in_order(job, range(games), workers)


def _job(
    players: tuple[int, ...],
    options: GameOptions,
    fits: dict[str, Fit],
    width: int,
    seed: int,
    league: tuple[str, ...],
    g: int,
) -> list[Sample]:
    return play_for_samples(players[g % len(players)], options, fits, width, seed + g, league)


def _cluster(text: str) -> str:
    try:
        return cluster_address(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


# --- the fit ------------------------------------------------------------------------


def signs_of(r: Rules) -> dict[str, int]:
    """The side of each feature's weight: the base game's, then the rules modules'."""
    signs = dict(SIGNS)
    for fs in r.features:
        signs.update(zip(fs.names, fs.signs, strict=False))
    return signs


def fit(
    samples: Sequence[Sample],
    names: Sequence[str],
    start: Sequence[float],
    *,
    l2: float = L2,
    iterations: int = 30,
    sides: Mapping[str, int] = SIGNS,
) -> tuple[list[float], float]:
    """Weights maximising the log-likelihood of the winners (a shared win counts as
    its share) under the softmax of the scores, minus ``l2`` times the squared weights
    per position; each weight with a sign in ``sides`` (:func:`signs_of` the game's
    rules) kept on its side. Returns the weights and the mean log-likelihood per
    position."""
    d = len(names)
    signs = [sides.get(n, 0) for n in names]
    w = [_clamp(x, s) for x, s in zip(start, signs, strict=True)]
    lam = l2 * len(samples)
    ll = _loglik(samples, w)
    for _it in range(iterations):
        g, h = _gradient_hessian(samples, w)
        for k in range(d):
            g[k] -= 2 * lam * w[k]
            h[k][k] += 2 * lam
        # Weights held at zero: on the wrong side, and pushed further that way.
        free = [k for k in range(d) if not (signs[k] and w[k] == 0 and g[k] * signs[k] < 0)]
        step = _solve([[h[i][j] for j in free] for i in free], [g[i] for i in free])
        # Halve the step until the (penalised) likelihood improves.
        t = 1.0
        base = ll - lam * sum(x * x for x in w)
        while t > 1e-4:
            trial = list(w)
            for i, k in enumerate(free):
                trial[k] = _clamp(w[k] + t * step[i], signs[k])
            new_ll = _loglik(samples, trial)
            if new_ll - lam * sum(x * x for x in trial) >= base - 1e-12:
                break
            t /= 2
        else:
            break
        done = max(abs(a - b) for a, b in zip(trial, w, strict=True)) < 1e-6
        w, ll = trial, new_ll
        if done:
            break
    return w, ll / max(1, len(samples))


def _clamp(x: float, sign: int) -> float:
    if sign > 0 and x < 0:
        return 0.0
    if sign < 0 and x > 0:
        return 0.0
    return x


def _loglik(samples: Sequence[Sample], w: Sequence[float]) -> float:
    total = 0.0
    for s in samples:
        scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in s.rows]
        top = max(scores)
        log_z = top + math.log(sum(math.exp(x - top) for x in scores))
        for y, x in zip(s.result, scores, strict=True):
            if y:
                total += y * (x - log_z)
    return total


def _gradient_hessian(
    samples: Sequence[Sample], w: Sequence[float]
) -> tuple[list[float], list[list[float]]]:
    """Of the log-likelihood (the Hessian negated: positive semi-definite)."""
    d = len(w)
    g = [0.0] * d
    h = [[0.0] * d for _ in range(d)]
    for s in samples:
        scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in s.rows]
        top = max(scores)
        e = [math.exp(x - top) for x in scores]
        z = sum(e)
        p = [x / z for x in e]
        weight = sum(s.result)  # 1 for a finished game
        mean = [0.0] * d
        for pi, row in zip(p, s.rows, strict=True):
            for k in range(d):
                mean[k] += pi * row[k]
        for y, row in zip(s.result, s.rows, strict=True):
            if y:
                for k in range(d):
                    g[k] += y * row[k]
        for k in range(d):
            g[k] -= weight * mean[k]
        for pi, row in zip(p, s.rows, strict=True):
            for i in range(d):
                ri = pi * row[i] * weight
                if ri:
                    hi = h[i]
                    for j in range(i, d):
                        hi[j] += ri * row[j]
        for i in range(d):
            mi = mean[i] * weight
            if mi:
                hi = h[i]
                for j in range(i, d):
                    hi[j] -= mi * mean[j]
    for i in range(d):
        for j in range(i):
            h[i][j] = h[j][i]
    return g, h


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[piv][c]) < 1e-12:
            continue
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        if abs(m[c][c]) < 1e-12:
            continue
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


# --- the command --------------------------------------------------------------------


def train(
    players: Sequence[int],
    options: GameOptions,
    *,
    games: int,
    generations: int,
    seed: int,
    width: int = 3,
    workers: int | Executor = 1,
    fits: Mapping[str, Fit] | None = None,
    start: str | None = None,
    league: Sequence[str] = LEAGUE,
    log: bool = False,
) -> Fit:
    """Train the fit of ``players`` games with ``options``; returns the last
    generation's fit (the other fits of ``fits`` play nothing here). Generation 0
    plays :data:`PRIOR`, or the fit named ``start`` (another kind of game's, its
    features this game lacks at the prior)."""
    rules = rules_for(options)
    names = feature_names(rules)
    sides = signs_of(rules)
    key = fit_key(options, max(players))
    table = dict(fits or {})
    first = dict(PRIOR)
    if start is not None:
        if start not in table:
            raise WeightsError(f"no fit {start!r} to start from (have: {sorted(table)})")
        first.update(table[start].weights)
    weights = [first.get(n, 0.0) for n in names]  # generation 0, whatever was there
    table[key] = Fit(key, dict(zip(names, weights, strict=True)), {"generation": 0})
    pools: list[list[Sample]] = []
    trained: dict[str, object] = {}
    for k in range(generations):
        t0 = time.perf_counter()
        got: list[Sample] = []
        finished = 0
        for samples in generation(
            players, options, table, games, seed + 100_000 * k, width, workers, league
        ):
            got.extend(samples)
            finished += bool(samples)
        pools = [*pools[-1:], got]
        pool = [s for p in pools for s in p]
        weights, ll = fit(pool, names, weights, sides=sides)
        trained = {
            "generation": k + 1,
            "games_per_generation": games,
            "players": list(players),
            "seed": seed,
            "width": width,
            "league": list(league),
            "positions": len(pool),
            "loglik_per_position": round(ll, 5),
            **({"start": start} if start is not None else {}),
        }
        table[key] = Fit(key, dict(zip(names, weights, strict=True)), trained)
        if log:
            print(
                f"generation {k + 1}: {finished}/{games} games, {len(got)} positions, "
                f"log-likelihood {ll:.4f} a position ({time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    return table[key]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m living_forest.bots.train", description=__doc__)
    ap.add_argument("--players", default="2", help="player counts, e.g. 2 or 3,4")
    ap.add_argument("--modules", default="", metavar="LIST", help="rules modules, a comma list")
    add_module_flags(ap)  # --NAME: the rules module NAME on
    ap.add_argument("--games", type=int, default=1000, help="games per generation")
    ap.add_argument("--generations", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--width", type=int, default=3, help="the planner's beam")
    ap.add_argument("--workers", type=int, default=1, help="processes on this machine")
    ap.add_argument(
        "--cluster",
        type=_cluster,
        metavar="ADDRESS",
        help="play on a Dask cluster instead: its scheduler's address (tcp://HOST:8786), "
        "or local:N for N workers on this machine (pip install 'living-forest[cluster]')",
    )
    ap.add_argument(
        "--league",
        default=",".join(LEAGUE),
        metavar="BOTS",
        help="bots that take the other seats now and then, a comma list ('' for none; "
        f"default {','.join(LEAGUE)})",
    )
    ap.add_argument("--out", type=Path, default=WEIGHTS_JSON)
    ap.add_argument(
        "--start-from", metavar="FIT", help="generation 0 plays this fit (e.g. 2p), not the prior"
    )
    args = ap.parse_args(argv)
    if args.cluster and args.workers > 1:
        ap.error("--cluster and --workers are two ways to play games in parallel: give one")
    players = [int(x) for x in args.players.split(",")]
    league = tuple(b.strip() for b in args.league.split(",") if b.strip())
    from . import get_bot

    try:
        for name in league:
            get_bot(name)
    except ValueError as e:
        ap.error(f"--league: {e}")
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    options = GameOptions((*modules, *flagged_modules(args)))
    try:
        fits = read_fits(args.out)
        with executor(args.workers, args.cluster) as where:
            new = train(
                players,
                options,
                games=args.games,
                generations=args.generations,
                seed=args.seed,
                width=args.width,
                workers=where,
                fits=fits,
                start=args.start_from,
                league=league,
                log=True,
            )
    except WeightsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except ClusterError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return _interrupted(f"{printable(str(args.out))} is unchanged")
    command = "python -m living_forest.bots.train " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    fits[new.key] = Fit(new.key, new.weights, {**new.trained, "command": command})
    try:
        write_fits(fits, args.out)  # whole or not at all, even stopped by Ctrl+C
    except KeyboardInterrupt:  # the rename done or not: one file or the other, whole
        return _interrupted(f"{printable(str(args.out))} holds the old weights or the new")
    except OSError as e:
        print(f"error: cannot write {printable(str(args.out))}: {e}", file=sys.stderr)
        return 1
    print(f"{new.key}: wrote {printable(str(args.out))}", file=sys.stderr)
    return 0


def _interrupted(what: str) -> int:
    """Ctrl+C: one line, as the command line's (cli.main)."""
    from living_forest.cli import EXIT_INTERRUPTED

    print(f"interrupted: {what}", file=sys.stderr)
    return EXIT_INTERRUPTED


if __name__ == "__main__":
    collect_less_often()
    raise SystemExit(main())


__all__ = ["Evaluation", "Sample", "fit", "main", "play_for_samples", "train"]
