"""Game over: the three counts and totals, the winner(s), how the game ended."""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from living_forest.core import (
    GameState,
    count_breakdown,
    outcome,
    rules_of,
    victory_thresholds,
)

from ..glyphs import SPIRIT_TAG
from ..render import threshold_text, without_rule_ids

CONDITION = {"trees": "{n} different trees", "fires": "{n} fires", "flowers": "{n} Sacred Flowers"}


def condition_text(st: GameState, condition: str) -> str:
    """ "12 different trees": a condition with the threshold the game had (V-2)."""
    n = victory_thresholds(st).get(condition, "?")
    return CONDITION.get(condition, f"{{n}} {condition}").format(n=n)


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def summary(st: GameState) -> str:
    res = outcome(st)
    if res is None:
        return "The game is not over."
    winners = _names([st.players[w].name for w in res.winners])
    verb = "share the victory" if res.shared else "wins"
    reached = [
        f"{r.name} reached {_names([condition_text(st, c) for c in r.met])}"
        for r in res.players
        if r.met
    ]
    lines = [
        f"{winners} {verb}. The game ended after round {st.round}:",
        f"{'; '.join(reached) or 'no one reached a goal'}.",
        f"Winner decided by: {without_rule_ids(res.how)}.",
        "",
        f"rank  {'player':<13}{'trees':>6}{'fires':>6}{'flowers':>8}{'total':>6}  "
        f"reached {threshold_text(st)}",
    ]
    for r in sorted(res.players, key=lambda r: (r.rank, r.seat)):
        p = st.players[r.seat]
        star = "*" if r.seat in res.winners else " "
        met = ", ".join(r.met) or "-"
        c = r.counts
        lines.append(
            f"{star}{r.rank:<3}  {SPIRIT_TAG.get(p.spirit, '??')} {r.name[:10]:<10}"
            f"{c.trees:>6}{c.fires:>6}{c.flowers:>8}{c.total:>6}  {met}"
        )
    lines.append("* winner; total = trees + fires + flowers")
    lines.extend(["", *breakdown(st)])
    return "\n".join(lines)


def _sum(parts: list[int]) -> str:
    """ "3 + 1 - 2": the parts of a count, negative ones subtracted."""
    out = str(parts[0])
    for v in parts[1:]:
        out += f" - {-v}" if v < 0 else f" + {v}"
    return out


def breakdown(st: GameState) -> list[str]:
    """How each player's three counts add up (V-3), part by part (the core's split):
    trees = kinds + the starting tree + Tree Victory tiles; fires = Fire tiles + Fire
    Victory tiles; flowers = each source of flowers + Flower Victory tiles."""
    r = rules_of(st)
    sources = [c.name for c in r.contributors]
    lines = ["How the counts add up:"]
    for seat in st.order():
        b = count_breakdown(st, seat)
        c = b.counts
        name = st.players[seat].name[:10]
        trees = _sum([b.tree_kinds, b.starting_tree, b.tree_tiles])
        fires = _sum([b.fire_tiles, b.fire_victory_tiles])
        flowers = _sum([v for _, v in b.flower_parts] + [b.flower_tiles])
        lines.append(
            f" {name:<10} T {c.trees} = {trees}   F {c.fires} = {fires}   ✿ {c.flowers} = {flowers}"
        )
    legend = [
        "T = different kinds + starting tree + Victory tiles",
        "F = Fire tiles + Victory tiles",
        f"✿ = {' + '.join(sources)} + Victory tiles",
    ]
    lines += [x for item in legend for x in textwrap.wrap(item, 70, subsequent_indent="    ")]
    return lines


class GameOverScreen(ModalScreen[str]):
    """Returns "rematch" (the same seats, a new deal), "replay" (this game in the replay
    viewer), "new", "title" or "board" (look at the final board)."""

    BINDINGS = [
        Binding("r", "finish('rematch')", "Rematch", id="over.rematch"),
        Binding("w", "finish('replay')", "Watch the replay", id="over.replay"),
        Binding("n", "finish('new')", "New game", id="over.new"),
        Binding("b", "finish('board')", "See the board", id="over.board"),
        Binding("c", "chart", "Chart of the race", id="over.chart"),
        Binding("q", "finish('title')", "Title", id="over.title"),
        Binding("enter", "finish('title')", "Title", id="over.enter", show=False),
    ]

    def __init__(self, st: GameState) -> None:
        super().__init__(classes="dialog")
        self.st = st

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup("[b]Game over[/]"), id="over-title")
            with VerticalScroll(id="over-scroll"):  # a small terminal scrolls it
                yield Static(Content(summary(self.st)), id="over-summary")
            yield Label(
                Content.from_markup(
                    "[b]r[/] rematch  [b]w[/] replay  [b]c[/] chart  [b]n[/] new game  "
                    "[b]b[/] board  [b]q[/] title"
                )
            )

    def action_finish(self, what: str) -> None:
        self.dismiss(what)

    def action_chart(self) -> None:
        self.app.show_chart()  # type: ignore[attr-defined]


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is below 80x24; removed when it grows again."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(classes="too-small")
        self.dims = (width, height)

    def compose(self) -> ComposeResult:
        yield Static(self._text(*self.dims), id="too-small-text")

    @staticmethod
    def _text(w: int, h: int) -> str:
        return (
            f"Terminal too small: {w}x{h}.\n"
            "Living Forest needs at least 80x24.\n"
            "Enlarge the window; the game is paused and nothing is lost."
        )

    def update_size(self, w: int, h: int) -> None:
        self.dims = (w, h)
        if self.is_mounted:
            self.query_one("#too-small-text", Static).update(self._text(w, h))
