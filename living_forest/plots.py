"""The distributions ``simulate --plot`` draws in the terminal: rounds per
game, the conditions games were won on, and the win rate of each seat, with plotext
(the library textual-plotext draws with). Text only: no colour when ``colour`` is off
(NO_COLOR, or not a terminal)."""

from __future__ import annotations

import re
from collections import Counter

from .i18n import _, ngettext
from .simulate import SPIRITS, Summary, condition_word, seat_word

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def simulate_plots(summary: Summary, *, width: int = 78, colour: bool = False) -> str:
    import plotext as plt

    if not summary.finished:
        return _("No finished game to plot.")
    fin = summary.finished
    charts: list[str] = []

    def start(title: str, height: int) -> None:
        plt.clf()
        plt.theme("pro" if colour else "clear")
        plt.plotsize(width, height)
        plt.title(title)

    rounds = Counter(summary.rounds)
    xs = list(range(min(rounds, default=0), max(rounds, default=0) + 1))
    # i18n: the titles and axis labels of the simulate --plot charts (one line each)
    start(
        ngettext("Rounds per game ({count} game)", "Rounds per game ({count} games)", fin).format(
            count=fin
        ),
        14,
    )
    plt.bar([str(x) for x in xs], [rounds[x] for x in xs], marker="█")
    top = max(rounds.values(), default=1)
    plt.yticks(sorted({*range(0, top, max(1, top // 4)), top}))
    plt.xlabel(_("rounds"))
    charts.append(plt.build())

    won = summary.victory_conditions.most_common()
    start(_("Won on (share of games)"), 4 + 2 * max(1, len(won)))
    plt.bar(
        [condition_word(c) for c, _n in won],
        [round(100 * n / fin, 1) for _c, n in won],
        orientation="horizontal",
        marker="█",
    )
    plt.xlim(0, 100)
    plt.xlabel(_("% of games"))
    charts.append(plt.build())

    seats = [seat_word(i, summary.bots[i]) for i in range(summary.players)]
    rates = [
        round(100 * summary.wins_by_spirit[SPIRITS[i]] / fin, 1) for i in range(summary.players)
    ]
    start(_("Win rate per seat (fair share: 1 in players)"), 4 + 2 * len(seats))
    # plotext draws horizontal bars bottom-up: reversed, the first seat is on top.
    plt.bar(seats[::-1], rates[::-1], orientation="horizontal", marker="█")
    plt.xlim(0, 100)
    plt.xlabel(_("% of games won"))
    charts.append(plt.build())
    plt.clf()
    text = "\n".join(charts)
    return text if colour else _ANSI.sub("", text)
