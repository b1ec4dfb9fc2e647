"""Tournaments between bots: common seeds, seats rotated, win rates with confidence.

Game ``g`` of a match uses engine seed ``seed + g // players`` and the line-up rotated
by ``g % players`` seats, so every seed is played from every seat by every bot of the
line-up (no bot profits from a lucky deal or from sitting first). Games run in this
process or in ``workers`` processes; the results are the same either way, in order.
Imports no UI library.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from living_forest.core import BASE_GAME, GameOptions

from .simulate import SPIRITS, GameResult, parse_bots, play_game


def lineup(spec: str, players: int) -> tuple[str, ...]:
    """``"greedy,baseline"``: one bot per seat; a shorter list repeats its last bot
    (``greedy,baseline`` in 4 players = greedy against three baseline bots)."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        raise ValueError("--bots names no bot")
    if len(names) > players:
        raise ValueError(f"--bots lists {len(names)} bots for {players} players")
    names += [names[-1]] * (players - len(names))
    return parse_bots(",".join(names), players)


@dataclass(frozen=True)
class MatchSpec:
    bots: tuple[str, ...]  # the line-up, one per seat before rotation
    players: int
    games: int
    seed: int = 0
    options: GameOptions = BASE_GAME

    def game(self, g: int) -> tuple[int, tuple[str, ...]]:
        """Engine seed and bots per seat (table order) of game ``g``."""
        k = g % self.players
        return self.seed + g // self.players, self.bots[k:] + self.bots[:k]


def play_match_game(spec: MatchSpec, g: int) -> GameResult:
    seed, seats = spec.game(g)
    return play_game(spec.players, seed, seats, check="final", options=spec.options)


def _play(job: tuple[MatchSpec, int]) -> GameResult:
    return play_match_game(*job)


def results(spec: MatchSpec, workers: int = 1) -> Iterator[GameResult]:
    """Every game of the match, in order (``workers`` > 1: in that many processes)."""
    if workers <= 1:
        for g in range(spec.games):
            yield play_match_game(spec, g)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, min(8, spec.games // (4 * workers)))
        yield from pool.map(_play, ((spec, g) for g in range(spec.games)), chunksize=chunk)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class MatchReport:
    spec: MatchSpec
    games: int = 0
    failures: int = 0
    failure_list: list[tuple[int, str]] = field(default_factory=list)
    wins: dict[str, float] = field(default_factory=dict)  # bot -> games won (1/k if shared)
    seconds: dict[str, float] = field(default_factory=dict)  # bot -> seconds choosing
    decisions: dict[str, int] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    conditions: dict[str, int] = field(default_factory=dict)

    def add(self, g: int, r: GameResult) -> None:
        self.games += 1
        _, seats = self.spec.game(g)
        for i, bot in enumerate(seats):
            if i < len(r.bot_seconds):
                self.seconds[bot] = self.seconds.get(bot, 0.0) + r.bot_seconds[i]
                self.decisions[bot] = self.decisions.get(bot, 0) + r.bot_decisions[i]
        if r.failure is not None:
            self.failures += 1
            self.failure_list.append((r.seed, r.failure))
            return
        self.rounds.append(r.rounds)
        cond = "+".join(r.conditions) or "none"
        self.conditions[cond] = self.conditions.get(cond, 0) + 1
        for spirit in r.winner_spirits:
            bot = seats[SPIRITS.index(spirit)]
            self.wins[bot] = self.wins.get(bot, 0.0) + 1 / len(r.winner_spirits)

    def to_json(self) -> dict[str, Any]:
        spec = self.spec
        finished = self.games - self.failures
        bots = list(dict.fromkeys(spec.bots))
        rounds = sorted(self.rounds)
        return {
            "players": spec.players,
            "bots": list(spec.bots),
            "seed": spec.seed,
            "modules": list(spec.options.modules),
            "games": self.games,
            "finished": finished,
            "failures": self.failures,
            "failure_list": [{"seed": s, "reason": why} for s, why in self.failure_list],
            "wins_by_bot": {b: round(self.wins.get(b, 0.0), 2) for b in bots},
            "win_rate_by_bot": {b: round(self.wins.get(b, 0.0) / (finished or 1), 4) for b in bots},
            "fair_share_by_bot": {b: round(spec.bots.count(b) / spec.players, 4) for b in bots},
            "win_rate_ci_by_bot": {
                b: [round(x, 4) for x in wilson(self.wins.get(b, 0.0), finished)] for b in bots
            },
            "seconds_per_decision_by_bot": {
                b: round(self.seconds.get(b, 0.0) / self.decisions[b], 6)
                for b in bots
                if self.decisions.get(b)
            },
            "rounds_median": rounds[len(rounds) // 2] if rounds else 0,
            "victory_conditions": dict(sorted(self.conditions.items(), key=lambda kv: -kv[1])),
        }


def run(
    spec: MatchSpec,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> MatchReport:
    report = MatchReport(spec)
    for g, r in enumerate(results(spec, workers)):
        report.add(g, r)
        if on_result is not None:
            on_result(r)
    return report


def parse_spec(bots: str, players: int, games: int, seed: int, options: GameOptions) -> MatchSpec:
    return MatchSpec(lineup(bots, players), players, games, seed, options)


__all__: Sequence[str] = ["MatchReport", "MatchSpec", "lineup", "parse_spec", "results", "run"]
