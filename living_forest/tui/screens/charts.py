"""The race to the thresholds, round by round: each player's trees, fires
and flowers against what wins (V-2), and Onibi's fires and power. Read-only."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Label
from textual_plotext import PlotextPlot

from living_forest.i18n import N_, _
from living_forest.present.charts import CONDITIONS, MARKERS, RoundPoint
from living_forest.present.markup import safe

from .base import Page

# Translated where shown.
TITLES = {"trees": N_("Trees"), "fires": N_("Fires"), "flowers": N_("Flowers")}


class ChartScreen(Page[None]):
    """Four charts: one per victory condition (a line per player, its marker in the
    legend, and the threshold), and the fires burning with Onibi's power."""

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="chart.close"),
        Binding("q", "close", N_("Close"), id="chart.q", show=False),
    ]

    def __init__(self, points: list[RoundPoint], names: list[str]) -> None:
        super().__init__(classes="charts")
        self.points = points
        self.names = names

    def compose(self) -> ComposeResult:
        who = "   ".join(f"{MARKERS[i % len(MARKERS)]} {safe(n)}" for i, n in enumerate(self.names))
        yield Label(
            Content.from_markup(
                # i18n: the charts' title line: {players} is each player's marker and
                # name; "·" marks the line of what a condition needs
                _("[b]The race, round by round[/]   {players}   [dim]· needed[/]").format(
                    players=who
                )
            ),
            id="chart-title",
        )
        with Grid(id="chart-grid"):
            for c in CONDITIONS:
                yield PlotextPlot(id=f"chart-{c}")
            yield PlotextPlot(id="chart-onibi")
        yield Label(
            Content.from_markup(_("[dim]At the end of each round's actions · Esc closes[/]"))
        )

    def on_mount(self) -> None:
        rounds = [p.round for p in self.points]
        for k, c in enumerate(CONDITIONS):
            plt = self.query_one(f"#chart-{c}", PlotextPlot).plt
            need = [p.thresholds[k] for p in self.points]
            # The legend is the title line (the markers): none inside the plots.
            for seat in range(len(self.names)):
                values = [p.counts[seat][k] for p in self.points]
                plt.plot(rounds, values, marker=MARKERS[seat % len(MARKERS)])
            plt.plot(rounds, need, marker="·")
            needed = max(need, default=12)
            # A count may pass the threshold (several fires at once): keep it on the plot.
            reached = [c[k] for p in self.points for c in p.counts]
            top = max([needed, *reached])
            # i18n: a chart's title: {count} is Trees, Fires or Flowers
            plt.title(_("{count} (needed: {needed})").format(count=_(TITLES[c]), needed=needed))
            plt.ylim(0, top + 1)
            plt.yticks(sorted({*range(0, top, 3), needed, top}))
            self._x_axis(plt, rounds)
        plt = self.query_one("#chart-onibi", PlotextPlot).plt
        power = [p.power for p in self.points]
        plt.plot(rounds, power, marker="●")
        plt.plot(rounds, [p.fires_burning for p in self.points], marker="▲")
        plt.title(_("Onibi: ● power, ▲ fires burning"))
        top = max(power, default=1)
        plt.ylim(0, top + 1)
        plt.yticks(sorted({*range(0, top, max(1, top // 4)), top}))
        self._x_axis(plt, rounds)

    @staticmethod
    def _x_axis(plt: Any, rounds: list[int]) -> None:
        if rounds:
            plt.xticks(rounds)
            plt.xlim(min(rounds) - 0.5, max(rounds) + 0.5)
        # i18n: the charts' horizontal axis
        plt.xlabel(_("round"))

    def action_close(self) -> None:
        self.dismiss(None)
