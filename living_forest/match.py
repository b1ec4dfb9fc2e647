"""Tournaments between bots: common seeds, seats rotated, win rates with confidence.

Game ``g`` of a match uses engine seed ``seed + g // players`` and the line-up rotated
by ``g % players`` seats, so every seed is played from every seat by every bot of the
line-up (no bot profits from a lucky deal or from sitting first). Games run in this
process, in ``workers`` processes or on a Dask cluster (``parallel.py``); the results are
the same either way, in order.
Imports no UI library.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from living_forest.core import BASE_GAME, GameOptions
from living_forest.i18n import _, ngettext
from living_forest.report import Column, Line, Report

from .parallel import Executor, in_order
from .results import Sink, written
from .simulate import (
    ACTION_KEY,
    SPIRITS,
    STYLE,
    GameResult,
    Summary,
    condition_word,
    median,
    parse_bots,
    play_game,
    style_word,
    too_many_bots,
)


def lineup(spec: str, players: int) -> tuple[str, ...]:
    """``"greedy,baseline"``: one bot per seat; a shorter list repeats its last bot
    (``greedy,baseline`` in 4 players = greedy against three baseline bots)."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        raise ValueError(_("--bots names no bot"))
    if len(names) > players:
        raise ValueError(too_many_bots(len(names), players))
    names += [names[-1]] * (players - len(names))
    return parse_bots(",".join(names), players)


@dataclass(frozen=True)
class MatchSpec:
    bots: tuple[str, ...]  # the line-up, one per seat before rotation
    players: int
    games: int
    seed: int = 0
    options: GameOptions = BASE_GAME
    style: bool = False  # count how each bot plays (``match --stats``)
    rows: bool = False  # each game as a row (``match --out``, ``results.py``)

    def game(self, g: int) -> tuple[int, tuple[str, ...]]:
        """Engine seed and bots per seat (table order) of game ``g``."""
        k = g % self.players
        return self.seed + g // self.players, self.bots[k:] + self.bots[:k]


def play_match_game(spec: MatchSpec, g: int) -> GameResult:
    seed, seats = spec.game(g)
    return play_game(
        spec.players,
        seed,
        seats,
        check="final",
        options=spec.options,
        style=spec.style,
        row=spec.rows,
    )


def results(spec: MatchSpec, workers: int | Executor = 1) -> Iterator[GameResult]:
    """Every game of the match, in order (``workers`` > 1: in that many processes; an
    executor: there, e.g. on a Dask cluster)."""
    return in_order(partial(play_match_game, spec), range(spec.games), workers)


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
    """The match's games (``summary``: failures, rounds, conditions, as ``simulate``
    counts them) and what belongs to each bot of the line-up whatever its seat."""

    spec: MatchSpec
    summary: Summary
    wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))  # 1/k shared
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    decisions: Counter[str] = field(default_factory=Counter)
    # Per bot: play-style counts summed over its seats, and how many seats they are.
    style: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    seats_played: Counter[str] = field(default_factory=Counter)

    def add(self, g: int, r: GameResult) -> None:
        self.summary.add(r)
        _seed, seats = self.spec.game(g)
        for bot, secs, n in zip(seats, r.bot_seconds, r.bot_decisions, strict=False):
            self.seconds[bot] += secs
            self.decisions[bot] += n
        if r.failure is None and r.style:
            for bot, counts in zip(seats, r.style, strict=True):
                self.style[bot].update(counts)
                self.seats_played[bot] += 1
        if r.failure is None:
            for spirit in r.winner_spirits:
                self.wins[seats[SPIRITS.index(spirit)]] += 1 / len(r.winner_spirits)

    def to_json(self) -> dict[str, Any]:
        spec, s = self.spec, self.summary
        finished = s.finished
        bots = list(dict.fromkeys(spec.bots))
        return {
            "players": spec.players,
            "bots": list(spec.bots),
            "seed": spec.seed,
            "modules": list(spec.options.modules),
            "games": s.games,
            "finished": finished,
            "failures": s.failures,
            "failure_list": [{"seed": sd, "reason": why} for sd, why in s.failure_list],
            "wins_by_bot": {b: round(self.wins[b], 2) for b in bots},
            "win_rate_by_bot": {b: round(self.wins[b] / (finished or 1), 4) for b in bots},
            "fair_share_by_bot": {b: round(spec.bots.count(b) / spec.players, 4) for b in bots},
            "win_rate_ci_by_bot": {
                b: [round(x, 4) for x in wilson(self.wins[b], finished)] for b in bots
            },
            "seconds_per_decision_by_bot": {
                b: round(self.seconds[b] / self.decisions[b], 6) for b in bots if self.decisions[b]
            },
            "rounds_median": median(s.rounds),
            "victory_conditions": dict(s.victory_conditions.most_common()),
            **({"style_by_bot": self.style_per_game(bots)} if spec.style else {}),
        }

    def style_per_game(self, bots: list[str]) -> dict[str, dict[str, float]]:
        """Each bot's play-style counts per game (a mean over its seats): the STYLE
        keys in order, then the basic actions by type."""
        out = {}
        for b in bots:
            n = self.seats_played[b] or 1
            counts = self.style[b]
            keys = [*STYLE, *sorted(k for k in counts if k.startswith(ACTION_KEY))]
            out[b] = {k: round(counts[k] / n, 2) for k in keys}
        return out


def run(
    spec: MatchSpec,
    workers: int | Executor = 1,
    on_result: Callable[[GameResult], None] | None = None,
    out: Sink | None = None,
) -> MatchReport:
    """Play the match; with ``out``, each game also written as a row (``results.py``)."""
    report = MatchReport(spec, Summary(spec.players, spec.bots))
    for g, r in enumerate(written(out, results(spec, workers))):
        report.add(g, r)
        if on_result is not None:
            on_result(r)
    return report


def parse_spec(
    bots: str,
    players: int,
    games: int,
    seed: int,
    options: GameOptions,
    style: bool = False,
    rows: bool = False,
) -> MatchSpec:
    return MatchSpec(lineup(bots, players), players, games, seed, options, style, rows)


def match_report(d: dict[str, Any]) -> Report:
    """The match table (``d``: :meth:`MatchReport.to_json`): wins and win rates per bot,
    then the rounds and victory conditions, and the failures if any."""
    fields = {
        "games": d["games"],
        "modules": ", ".join(d["modules"]),
        "players": d["players"],
        "seed": d["seed"],
        "bots": ", ".join(d["bots"]),
    }
    # i18n: the match table's title; {modules}: rules modules' ids (kodama), {bots}: the
    # i18n: bots' names (greedy, baseline): keep those
    if d["modules"]:
        title = ngettext(
            "{games} game with {modules}, {players} players, seeds from {seed}, "
            "line-up {bots} (seats rotated)",
            "{games} games with {modules}, {players} players, seeds from {seed}, "
            "line-up {bots} (seats rotated)",
            d["games"],
        )
    else:
        title = ngettext(
            "{games} game, {players} players, seeds from {seed}, line-up {bots} (seats rotated)",
            "{games} games, {players} players, seeds from {seed}, line-up {bots} (seats rotated)",
            d["games"],
        )
    headings = (
        # i18n: column headings of the match table (one line each)
        _("bot"),
        _("wins"),
        _("win rate"),
        _("95% interval"),
        _("fair share"),
        _("ms per decision"),
    )
    t = Report(
        title.format(**fields),
        tuple(Column(h, "left" if i == 0 else "right") for i, h in enumerate(headings)),
    )
    for bot, wins in d["wins_by_bot"].items():
        lo, hi = d["win_rate_ci_by_bot"][bot]
        ms = 1000 * d["seconds_per_decision_by_bot"].get(bot, 0.0)
        t.add_row(
            bot,
            f"{wins:g}",
            f"{100 * d['win_rate_by_bot'][bot]:.1f}%",
            # i18n: a 95% confidence interval of a win rate, e.g. "15.0 to 85.0%"
            _("{low} to {high}%").format(low=f"{100 * lo:.1f}", high=f"{100 * hi:.1f}"),
            f"{100 * d['fair_share_by_bot'][bot]:.0f}%",
            f"{ms:.2f}",
        )
    mix = ", ".join(f"{condition_word(c)} {n}" for c, n in d["victory_conditions"].items())
    # i18n: {conditions}: victory conditions with their number of games, e.g. "fires 4, trees 2"
    line = _("rounds per game (median) {rounds}; won on: {conditions}")
    t.lines.append(Line(line.format(rounds=f"{d['rounds_median']:g}", conditions=mix)))
    if d["failures"]:
        n = d["failures"]
        failed = ngettext("{count} game failed", "{count} games failed", n).format(count=n)
        t.lines.append(Line(f"[red]{failed}[/]: {d['failure_list'][:5]}"))
    return t


def style_report(by_bot: dict[str, dict[str, float]], options: GameOptions) -> Report:
    """How each bot plays, per game (``match --stats``): one row per count, one column
    per bot."""
    bots = list(by_bot)
    t = Report(
        # i18n: the title of match --stats' second table
        _("How each bot plays (per game)"),
        # i18n: the first column heading of the play-style table
        (Column(_("per game")), *(Column(b, "right") for b in bots)),
    )
    keys = list(dict.fromkeys(k for b in bots for k in by_bot[b]))
    for k in keys:
        t.add_row(style_word(k, options), *(f"{by_bot[b].get(k, 0.0):g}" for b in bots))
    return t
