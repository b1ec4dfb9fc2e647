"""Game over: the three counts and totals, the winner(s), how the game ended."""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from living_forest.core import GameState, count_breakdown, outcome
from living_forest.i18n import N_, NP_, _, join_and, join_clauses, ngettext
from living_forest.present.board.players import threshold_text
from living_forest.present.cells import cell_len
from living_forest.present.glyphs import spirit_tag
from living_forest.present.results import BREAKDOWN_WIDTH, breakdown
from living_forest.present.wrapping import NO_BREAK, tie_punctuation

from ..keymap import menu_keys
from .base import Dialog

# A condition met, with the player's count (V-2): "12 trees" (what it is made of follows).
CONDITION = {
    "trees": NP_("{n} tree", "{n} trees"),
    "fires": NP_("{n} fire", "{n} fires"),
    "flowers": NP_("{n} Sacred Flower", "{n} Sacred Flowers"),
}
# The three counts (V-3), as the game-over table heads its columns and lists the
# conditions a player met.
COUNT_WORD = {
    # i18n: a column of the game-over table: short (the column widens past 5 characters)
    "trees": N_("trees"),
    # i18n: a column of the game-over table: short (the column widens past 5 characters)
    "fires": N_("fires"),
    # i18n: a column of the game-over table: short (the column widens past 7 characters)
    "flowers": N_("flowers"),
}


def condition_text(st: GameState, condition: str, seat: int) -> str:
    """ "12 trees (9 kinds of trees + the starting tree + 2 Victory tiles)": a condition
    ``seat`` met, with their count and what it is made of (V-3, the core's split)."""
    count = count_breakdown(st, seat).counts
    n = {"trees": count.trees, "fires": count.fires, "flowers": count.flowers}.get(condition)
    forms = CONDITION.get(condition)
    if forms is None or n is None:  # a module's own condition: its id
        return condition
    text = ngettext(*forms, n).format(n=n)
    parts = made_of(st, seat, condition)
    return _("{count} ({parts})").format(count=text, parts=parts) if parts else text


def made_of(st: GameState, seat: int, condition: str) -> str:
    """What ``seat``'s count of ``condition`` is made of (V-3): "9 kinds of trees + the
    starting tree + 2 Victory tiles"; "" for a condition the core does not split."""
    b = count_breakdown(st, seat)
    if condition == "trees":
        # i18n: what a tree count is made of (V-3), before "+ the starting tree"
        kinds = ngettext("{count} kind of tree", "{count} kinds of trees", b.tree_kinds)
        parts = [kinds.format(count=b.tree_kinds), _("the starting tree")]
        tiles = b.tree_tiles
    elif condition == "fires":
        # i18n: what a fire count is made of (V-3): the Fire tiles put out
        fires = ngettext("{count} Fire tile", "{count} Fire tiles", b.fire_tiles)
        parts = [fires.format(count=b.fire_tiles)]
        tiles = b.fire_victory_tiles
    elif condition == "flowers":
        # i18n: what a flower count is made of (V-3): a source and its flowers ("Help
        # Line 8")
        source = _("{source} {count}")
        parts = [source.format(source=_(s), count=v) for s, v in b.flower_parts if v]
        tiles = b.flower_tiles
    else:
        return ""
    if tiles:
        # i18n: the Victory tiles in a count (V-3)
        parts.append(
            ngettext("{count} Victory tile", "{count} Victory tiles", tiles).format(count=tiles)
        )
    return " + ".join(parts)


def count_word(condition: str) -> str:
    """ "trees", "fires", "flowers" in the player's language (another id as it is)."""
    word = COUNT_WORD.get(condition)
    return _(word) if word else condition


def summary(st: GameState) -> str:
    res = outcome(st)
    if res is None:
        return _("The game is not over.")
    winners = join_and([st.players[w].name for w in res.winners])
    if res.shared:
        won = _("{winners} share the victory.").format(winners=winners)
    else:
        won = _("{winner} wins.").format(winner=winners)
    reached = [
        _("{player} reached {goals}").format(
            player=r.name, goals=join_and([condition_text(st, c, r.seat) for c in r.met])
        )
        for r in res.players
        if r.met
    ]
    # i18n: a column head of the game-over table: at most 4 characters
    rank = _("rank")
    # i18n: a column head of the game-over table: at most 12 characters
    player = _("player")
    # i18n: a column head of the game-over table (trees + fires + flowers): at most 5
    # characters
    total = _("total")
    # Each count's column as wide as its head needs ("Flammen"), a space before it.
    widths = [
        max(least, cell_len(count_word(c)) + 1)
        for c, least in (("trees", 6), ("fires", 6), ("flowers", 8))
    ]
    heads = "".join(
        f"{count_word(c):>{w}}" for c, w in zip(("trees", "fires", "flowers"), widths, strict=True)
    )
    wt, wf, wv = widths
    sentences = [
        won + " " + _("The game ended after round {round}:").format(round=st.round),
        (join_clauses(reached) or _("no one reached a goal")) + ".",
        _("Winner decided by: {how}.").format(how=res.how),
    ]
    # Wrapped to the box (its lines were cut at 80x24 in French), never before a sign.
    lines = [
        line.replace(NO_BREAK, " ")
        for sentence in sentences
        for line in textwrap.wrap(
            tie_punctuation(sentence),
            BREAKDOWN_WIDTH,
            subsequent_indent="  ",
            break_on_hyphens=False,
        )
    ]
    lines += [
        "",
        f"{rank:<4}  {player:<13}{heads}{total:>6}  "
        # i18n: the last column head of the game-over table: the goals met, then the
        # thresholds ("12", or "T13·F15·✿13")
        + _("reached {thresholds}").format(thresholds=threshold_text(st, labelled=True)),
    ]
    for r in sorted(res.players, key=lambda r: (r.rank, r.seat)):
        p = st.players[r.seat]
        star = "*" if r.seat in res.winners else " "
        met = ", ".join(count_word(m) for m in r.met) or "-"
        c = r.counts
        lines.append(
            f"{star}{r.rank:<3}  {spirit_tag(p.spirit, '??')} {r.name[:10]:<10}"
            f"{c.trees:>{wt}}{c.fires:>{wf}}{c.flowers:>{wv}}{c.total:>6}  {met}"
        )
    lines.append(_("* winner; total = trees + fires + flowers"))
    lines.extend(["", *breakdown(st)])
    return "\n".join(lines)


class GameOverScreen(Dialog[str]):
    """Returns "rematch" (the same seats, a new deal), "replay" (this game in the replay
    viewer), "new", "title" or "board" (look at the final board)."""

    # The letters act when read (menu_keys); Enter stays an ordinary binding, so that
    # a focused button keeps its own.
    BINDINGS = [
        *menu_keys(
            (
                ("r", "finish('rematch')", N_("Rematch"), "over.rematch"),
                ("w", "finish('replay')", N_("Watch the replay"), "over.replay"),
                ("n", "finish('new')", N_("New game"), "over.new"),
                ("b", "finish('board')", N_("See the board"), "over.board"),
                ("c", "chart", N_("Chart of the race"), "over.chart"),
                ("q", "finish('title')", N_("Title"), "over.title"),
            )
        ),
        Binding("enter", "finish('title')", N_("Title"), id="over.enter", show=False),
    ]

    BODY = "#over-scroll"  # fitted by Dialog: the keys line stays in view at 80x24
    BODY_MOST = 30  # the whole result on a large terminal (18 scrolled a Kodama legend)

    def __init__(self, st: GameState) -> None:
        super().__init__(classes="dialog")
        self.st = st

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Content.from_markup(_("[b]Game over[/]")), id="over-title")
            with VerticalScroll(id="over-scroll"):  # a small terminal scrolls it
                yield Static(Content(summary(self.st)), id="over-summary")
            yield Label(
                Content.from_markup(
                    _(
                        "[b]r[/] rematch  [b]w[/] replay  [b]c[/] chart  [b]n[/] new game  "
                        "[b]b[/] board  [b]q[/] title"
                    )
                ),
                id="over-keys",
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
        return "\n".join(
            [
                _("Terminal too small: {width}x{height}.").format(width=w, height=h),
                _("Living Forest needs at least 80x24."),
                _("Enlarge the window; the game is paused and nothing is lost."),
            ]
        )

    def update_size(self, w: int, h: int) -> None:
        self.dims = (w, h)
        if self.is_mounted:
            self.query_one("#too-small-text", Static).update(self._text(w, h))
