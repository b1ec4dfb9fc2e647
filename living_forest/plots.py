"""The distributions ``simulate --plot`` draws in the terminal (issue 10): rounds per
game, the conditions games were won on, and the win rate of each seat, with plotext
(the library textual-plotext draws with). Text only: no colour when ``colour`` is off
(NO_COLOR, or not a terminal)."""

from __future__ import annotations

import re
from collections import Counter

from .simulate import SPIRITS, Summary

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def simulate_plots(summary: Summary, *, width: int = 78, colour: bool = False) -> str:
    import plotext as plt

    if not summary.finished:
        return "No finished game to plot."
    fin = summary.finished
    charts: list[str] = []

    def start(title: str, height: int) -> None:
        plt.clf()
        plt.theme("pro" if colour else "clear")
        plt.plotsize(width, height)
        plt.title(title)

    rounds = Counter(summary.rounds)
    xs = list(range(min(rounds, default=0), max(rounds, default=0) + 1))
    start(f"Rounds per game ({summary.finished} games)", 14)
    plt.bar([str(x) for x in xs], [rounds[x] for x in xs], marker="█")
    top = max(rounds.values(), default=1)
    plt.yticks(sorted({*range(0, top, max(1, top // 4)), top}))
    plt.xlabel("rounds")
    charts.append(plt.build())

    won = summary.victory_conditions.most_common()
    start("Won on (share of games)", 4 + 2 * max(1, len(won)))
    plt.bar(
        [c for c, _ in won],
        [round(100 * n / fin, 1) for _, n in won],
        orientation="horizontal",
        marker="█",
    )
    plt.xlim(0, 100)
    plt.xlabel("% of games")
    charts.append(plt.build())

    seats = [f"{SPIRITS[i]} ({summary.bots[i]})" for i in range(summary.players)]
    rates = [
        round(100 * summary.wins_by_spirit[SPIRITS[i]] / fin, 1) for i in range(summary.players)
    ]
    start("Win rate per seat (fair share: 1 in players)", 4 + 2 * len(seats))
    # plotext draws horizontal bars bottom-up: reversed, the first seat is on top.
    plt.bar(seats[::-1], rates[::-1], orientation="horizontal", marker="█")
    plt.xlim(0, 100)
    plt.xlabel("% of games won")
    charts.append(plt.build())
    plt.clf()
    text = "\n".join(charts)
    return text if colour else _ANSI.sub("", text)
