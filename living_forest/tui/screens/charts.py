"""The race to the thresholds, round by round: each player's trees, fires
and flowers against what wins (V-2), and Onibi's fires and power. Read-only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Label, Static
from textual_plotext import PlotextPlot

from living_forest.i18n import N_, _
from living_forest.present.charts import (
    CONDITIONS,
    MARKERS,
    ONIBI_MARKERS,
    RoundPoint,
    charts_at_once,
    side_by_side,
    y_ticks,
)
from living_forest.present.markup import safe

from .base import Page

# The players' colours and the threshold's: plotext's first colours, as before.
SEAT_COLOURS = ("blue+", "green+", "red+", "cyan+")
THRESHOLD_COLOUR = "magenta+"
# Translated where shown.
TITLES = {"trees": N_("Trees"), "fires": N_("Fires"), "flowers": N_("Flowers")}


class ChartScreen(Page[None]):
    """Four charts: one per victory condition (a line per player, its marker in the
    legend, and the threshold), and the fires burning with Onibi's power."""

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="chart.close"),
        Binding("q", "close", N_("Close"), id="chart.q", show=False),
        Binding("right,tab", "turn(1)", N_("Next chart"), id="chart.next"),
        Binding("left,shift+tab", "turn(-1)", N_("Previous chart"), id="chart.previous"),
    ]
    IDS = (*(f"chart-{c}" for c in CONDITIONS), "chart-onibi")

    def __init__(self, points: list[RoundPoint], names: list[str]) -> None:
        super().__init__(classes="charts")
        self.points = points
        self.names = names
        self.at_once = 4  # charts shown at once: 4 (2x2) or 1 on a small terminal
        self.shown = 0  # the chart shown when one at a time

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
        yield Static(id="chart-foot")  # it wraps (two rows at 80 columns)

    def on_mount(self) -> None:
        self._layout(*self.app.size)
        self._draw()
        # Drawn again once the plots have their size: where level players' markers
        # stand depends on the plot's width (side_by_side).
        self.call_after_refresh(self._draw)

    def on_resize(self) -> None:
        self._layout(*self.app.size)
        self.call_after_refresh(self._draw)

    def _layout(self, width: int, height: int) -> bool:
        """Four charts, or one at a time on a small terminal; True when it changed."""
        at_once = charts_at_once(width, height)
        foot_box = self.query_one("#chart-foot", Static)
        changed = at_once != self.at_once or not str(foot_box.render())
        self.at_once = at_once
        self.set_class(at_once == 1, "-single")
        for i, chart_id in enumerate(self.IDS):
            self.query_one(f"#{chart_id}").display = at_once > 1 or i == self.shown
        going_on = self.points[-1] if self.points and self.points[-1].going_on else None
        if going_on is None:
            # i18n: the charts' last line: when each point is taken
            when = _("At the end of each round's actions")
        else:
            # i18n: the charts' last line: when each point is taken; the last round's
            # point ({round}) is the round being played, as it stands now (a play-test
            # read it as that round's end)
            when = _("At the end of each round's actions; round {round}: as it stands").format(
                round=going_on.round
            )
        if at_once == 1:
            # i18n: the charts' last line on a small terminal: {number} of {count}; the
            # arrow keys show another chart; {when}: when each point is taken
            foot = _(
                "[dim]Chart {number} of {count}: ←/→ shows another, a larger terminal "
                "(120x36) all four · {when} · Esc closes[/]"
            ).format(number=self.shown + 1, count=len(self.IDS), when=when)
        else:
            # i18n: the charts' last line; {when}: when each point is taken
            foot = _("[dim]{when} · Esc closes[/]").format(when=when)
        foot_box.update(Content.from_markup(foot))
        return changed

    def action_turn(self, step: int) -> None:
        """Another chart, when they are shown one at a time."""
        if self.at_once == 1:
            self.shown = (self.shown + step) % len(self.IDS)
            self._layout(*self.app.size)
            self._draw()

    def _rows(self) -> int:
        """The rows a chart's plot gets (its title and axis take four)."""
        grid_rows = self.app.size.height - 3  # the title, the last lines
        return max(3, (grid_rows if self.at_once == 1 else grid_rows // 2) - 4)

    def _draw(self) -> None:
        rounds = [p.round for p in self.points]
        for k, c in enumerate(CONDITIONS):
            plot = self.query_one(f"#chart-{c}", PlotextPlot)
            plt = plot.plt
            plt.clear_data()
            need = [p.thresholds[k] for p in self.points]
            # The legend is the title line (the markers): none inside the plots. The
            # threshold first, then each player's line (thin), then their markers on
            # top: players level at a round stand side by side (a line drawn with its
            # markers hid the others' under the last one drawn).
            plt.plot(rounds, need, marker="·", color=THRESHOLD_COLOUR)
            values = [[p.counts[seat][k] for p in self.points] for seat in range(len(self.names))]
            for seat, ys in enumerate(values):
                plt.plot(rounds, ys, marker="braille", color=self._colour(seat))
            xs = side_by_side(values, rounds, self._columns(plot))
            spread = [x for row in xs for x in row]
            for seat, ys in enumerate(values):
                plt.scatter(
                    xs[seat], ys, marker=MARKERS[seat % len(MARKERS)], color=self._colour(seat)
                )
            needed = max(need, default=12)
            # A count may pass the threshold (several fires at once): keep it on the plot.
            reached = [c[k] for p in self.points for c in p.counts]
            top = max([needed, *reached])
            # i18n: a chart's title: {count} is Trees, Fires or Flowers
            title = _("{count} (needed: {needed})").format(count=_(TITLES[c]), needed=needed)
            if spread != [float(r) for _ in values for r in rounds]:  # a marker moved aside
                # i18n: after a chart's title when players had the same count at a round:
                # their markers stand side by side around the round
                title += " · " + _("side by side: same count")
            plt.title(title)
            plt.ylim(0, top + 1)
            plt.yticks([float(t) for t in y_ticks(top, needed, self._rows())])
            self._x_axis(plt, rounds, spread)
            plot.refresh()
        plot = self.query_one("#chart-onibi", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        power = [p.power for p in self.points]
        power_marker, fires_marker = ONIBI_MARKERS
        plt.plot(rounds, power, marker=power_marker)
        plt.plot(rounds, [p.fires_burning for p in self.points], marker=fires_marker)
        # i18n: Onibi's chart's title: {power} and {fires} are the lines' markers
        title = _("Onibi: {power} power, {fires} fires burning")
        plt.title(title.format(power=power_marker, fires=fires_marker))
        top = max(power, default=1)
        plt.ylim(0, top + 1)
        plt.yticks([float(t) for t in y_ticks(top, None, self._rows())])
        self._x_axis(plt, rounds)
        plot.refresh()

    @staticmethod
    def _colour(seat: int) -> str:
        """A player's colour (plotext's first ones, as the charts had)."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    @staticmethod
    def _columns(plot: PlotextPlot) -> int:
        """The plot's width in cells, less the axis's labels and the frame: what the
        rounds spread over (a little more than that: the markers' spacing is then
        never less than a cell)."""
        return max(10, (plot.size.width or 80) - 4)

    @staticmethod
    def _x_axis(plt: Any, rounds: list[int], xs: Sequence[float] = ()) -> None:
        """The rounds across, half a round either side (more when markers side by side
        stand past it: none is cut off)."""
        if rounds:
            plt.xticks(rounds)
            low, high = min(rounds) - 0.5, max(rounds) + 0.5
            plt.xlim(min([low, *(x - 0.1 for x in xs)]), max([high, *(x + 0.1 for x in xs)]))
        # i18n: the charts' horizontal axis
        plt.xlabel(_("round"))

    def action_close(self) -> None:
        self.dismiss(None)
