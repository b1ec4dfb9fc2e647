"""The board every game screen shares: the panels, their layout at each terminal size
(80x24, a middle layout for about 100-129 columns, large from 130x36) and which Forests
show. :class:`~living_forest.tui.screens.game.GameScreen` plays on it; the replay
viewer steps through a saved game on it. Panels get ``state`` and flags set on them
(attributes down); nothing here changes a game."""

from __future__ import annotations

from collections.abc import Iterator

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from living_forest.core import GameState
from living_forest.present.recent import LastMoves
from living_forest.present.views import panel_views

from ..widgets.board import (
    FOREST_ROWS,
    CircleView,
    ForestView,
    HelpLineView,
    ModulePanel,
    Panel,
    PlayersView,
    ReserveView,
    SuppliesView,
)
from ..widgets.controls import KeyBar
from ..widgets.event_log import EventLog
from .base import Page

SUPPLY_ROWS = 2  # the supply's first line and one of trees, kept at 80x24 when they fit


class BoardScreen(Page[None]):
    """A screen showing a position on the board. Subclasses say which position
    (:attr:`board_state`) and put their own widgets at the top of the right column
    (:meth:`compose_controls`)."""

    WIDE = (130, 36)  # the large layout from this size (columns, rows)
    MID = (100, 30)  # the middle layout from this size, up to WIDE

    def __init__(self, n_seats: int) -> None:
        super().__init__()
        self.n_seats = n_seats
        self.forest_room = 0  # how many other Forests the layout shows

    @property
    def board_state(self) -> GameState:
        raise NotImplementedError

    def compose_controls(self) -> Iterator[Widget]:
        """Widgets above the players panel (the game: its prompt and choice list)."""
        return iter(())

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="board"):
            with VerticalScroll(id="left"):
                yield CircleView(id="circle")
                yield ReserveView(id="reserve")
                yield HelpLineView(id="helpline")
                with Vertical(id="forests"):
                    for seat in range(self.n_seats):
                        fv = ForestView(id=f"forest-{seat}", classes="forest")
                        fv.seat = seat
                        yield fv
                yield SuppliesView(id="supplies", packed=True)
            with Vertical(id="right"):
                yield from self.compose_controls()
                yield PlayersView(id="players")
                for view in panel_views():
                    yield ModulePanel(view)
                yield SuppliesView(id="supplies-side")
                yield EventLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield KeyBar(id="keys", describe=self.key_description)

    def key_description(self, binding: Binding) -> str:
        """How the key bar words ``binding`` now (English, marked with ``N_``)."""
        return binding.description

    def on_resize(self, event: events.Resize) -> None:
        if self.ready_for_layout():
            self.apply_size(event.size.width, event.size.height)

    def ready_for_layout(self) -> bool:
        """Whether the board is up (a subclass may build it only when first shown)."""
        return bool(self.children)

    def apply_size(self, w: int | None = None, h: int | None = None) -> None:
        """Pick the layout for a ``w`` x ``h`` terminal (default: the app's size)."""
        if w is None or h is None:
            w, h = self.app.size
        wide = w >= self.WIDE[0] and h >= self.WIDE[1]
        # A laptop-sized terminal (about 100-129 columns): the compact board on the
        # left with every Forest under it when they fit; on the right a taller choice
        # box, the long player lines, the supplies and the log.
        mid = not wide and w >= self.MID[0] and h >= self.MID[1]
        self.set_class(wide, "-wide")
        self.set_class(mid, "-mid")
        self.set_class(not wide, "-narrow")
        # Under the compact board (about 13 rows) the Forest in play (5 rows), then the
        # next players' Forests with their Help Lines (about 11 rows each), in a compact
        # form (6 rows) where they would not all fit, the last ones left out only where
        # even those do not (fill_left).
        n = self.n_seats
        self.forest_room = n - 1 if wide or mid else 0
        # The full ring and the Help Line list need the height; the long player
        # lines need a right column of ~62 columns.
        roomy = wide and h - 3 >= (36 if n == 2 else 42)
        for panel in self.query(Panel):
            if isinstance(panel, CircleView | HelpLineView):
                panel.wide = roomy
            elif isinstance(panel, PlayersView):
                panel.wide = (wide and w >= 160) or (mid and w - 44 >= 64)
            elif isinstance(panel, ModulePanel):  # its words where the right column has room
                panel.wide = wide or (mid and w - 44 >= 76)
            else:
                panel.wide = wide
        self.layout_changed()
        self.fit_left()

    def status_rows(self) -> int:
        """The rows of the status line above the board."""
        height = self.query_one("#status").styles.height
        return int(height.value) if height is not None and height.is_cells else 2

    def look_key(self) -> str:
        """The key that lists everything on the board ("" when this screen has none)."""
        return ""

    def fit_left(self) -> None:
        """At 80x24 the left column never scrolls: the supply under the Forest gets the
        rows the other panels leave (all of it, its trees cut with "+3 more (o)", its
        first line alone, or nothing; the inspector lists it all). The panels' lines
        are made to the column's width, so their rows are their lines."""
        supply = self.query_one("#supplies", SuppliesView)
        helpline = self.query_one("#helpline", HelpLineView)
        supply.look_key = helpline.look_key = self.look_key()
        if self.has_class("-mid"):
            supply.room = None
            self.fill_left()
            self.fit_right()
            return
        reserve = self.query_one("#reserve", ReserveView)
        reserve.tall = False
        helpline.words = False
        for fv in self.query(ForestView):
            fv.line_room = None
            fv.words = False
        if not self.has_class("-narrow"):
            supply.room = helpline.room = None
            self.fit_right()
            return
        rows = self.app.size.height - self.status_rows() - 1  # the key bar below
        left = self.query_one("#left")
        shown = [p for p in left.query(Panel) if p.display]
        # The Help Line's cards get the rows the supply's first two lines leave (whole
        # names on more lines rather than names cut to 4 letters or none); fewer when
        # even its usual three lines do not fit (the cards then cut last, "+N more").
        # The supply gets what is left.
        fixed = sum(p.lines for p in shown if p is not supply and p is not helpline)
        helpline.room = None
        usual = helpline.lines
        room = rows - fixed - SUPPLY_ROWS
        if room > usual:
            helpline.room = room
        elif fixed + usual > rows:
            helpline.room = rows - fixed
        supply.room = max(0, rows - fixed - helpline.lines)
        self.fit_right()

    def fill_left(self) -> None:
        """The middle layout's left column uses the rows its Forests leave: the reserve's
        cards with their names (two rows each), then the Help Lines' cards with whole
        names on more lines (a play-test found a third of 120x40 empty while the
        reserve showed no names and other players' cards were cut to 4 letters)."""
        rows = self.app.size.height - self.status_rows() - 1
        left = self.query_one("#left")
        reserve = self.query_one("#reserve", ReserveView)
        helpline = self.query_one("#helpline", HelpLineView)
        reserve.tall = False
        helpline.room = None
        helpline.words = True  # modules' parts in words: the middle layout has the rows
        forests = [fv for fv in self.query(ForestView) if fv.display]
        for fv in forests:
            fv.line_room = None
            fv.words = True
            fv.compact = False
            fv.remove_class("-tight")

        def used() -> int:
            # A full Forest's bottom margin (none when tight: the bold titles part them).
            margins = sum(not fv.compact and not fv.has_class("-tight") for fv in forests)
            return sum(p.lines for p in left.query(Panel) if p.display) + margins

        spare = rows - used()
        # Too many rows (4 players at 120x40 dropped the third and fourth Forests): the
        # last Forests take their compact form, one by one, never the one in play; then
        # the margins between them go; where even that does not fit the last ones go (v
        # shows any Forest).
        for fv in reversed(forests[1:]):
            if spare >= 0:
                break
            fv.compact = True
            spare = rows - used()
        if spare < 0:
            for fv in forests:
                fv.add_class("-tight")
            spare = rows - used()
        while spare < 0 and len(forests) > 1:
            forests.pop().display = False
            spare = rows - used()
        if spare >= reserve.lines - 1:  # a second row for each card (the head has one)
            reserve.tall = True
            spare = rows - used()
        # The Help Lines shown, each given up to three more rows while rows are spare.
        before = helpline.lines
        helpline.room = before + min(3, max(0, spare))
        spare -= helpline.lines - before
        for fv in forests:
            if spare <= 0:
                break
            if fv.line and not fv.compact:
                before = fv.lines
                fv.line_room = before - FOREST_ROWS + min(3, spare)
                spare -= fv.lines - before

    def fit_right(self) -> None:
        """After the panels changed their lines: the subclass fits its controls (the
        game: the choice box) into the right column's rows."""

    def layout_changed(self) -> None:
        """After a new layout: the subclass re-shows what depends on it."""

    def show_panels(
        self,
        st: GameState,
        *,
        shown: int,
        focus: int,
        recent: LastMoves | None = None,
        help_seat: int | None = None,
    ) -> None:
        """Every panel at ``st``: the Help Line of seat ``help_seat`` (default ``shown``),
        the Forest of ``shown`` and the next players' as far as the layout has room;
        ``focus`` (the seat in play) has no Help Line under its Forest, the Help Line
        panel being its own."""
        for panel in self.query(Panel):
            if isinstance(panel, HelpLineView):
                panel.seat = shown if help_seat is None else help_seat
                panel.named = panel.seat != shown
            if recent is not None:
                panel.recent = recent
            panel.state = st
        self.show_forests(st, shown=shown, focus=focus)

    def show_forests(
        self,
        st: GameState,
        *,
        shown: int,
        focus: int,
        marks: dict[int, str] | None = None,
        done: int | None = None,
    ) -> None:
        """The Forest of ``shown`` and the players after it, in turn order, as the layout
        has room; ``marks`` label the spaces offered to the player to act; ``done``: the
        seat whose finished turn waits to be passed on (not marked "to act")."""
        room = min(self.forest_room, st.n - 1)
        # The k-th Forest panel shows the k-th player from ``shown`` in turn order: the
        # Forest shown first is the one under the Help Line panel (a play-test read
        # the acting player's line above seat 0's Forest, always drawn first).
        for k, fv in enumerate(self.query(ForestView)):
            seat = (shown + k) % st.n
            fv.display = k <= room
            # Set without their watchers: the state, set last, draws the panel once.
            fv.set_reactive(ForestView.seat, seat)
            fv.set_reactive(ForestView.line, seat != focus and fv.display and self.forest_room > 0)
            fv.set_reactive(ForestView.marks, (marks or {}) if seat == st.current else {})
            fv.set_reactive(ForestView.done, seat == done)
            fv.state = st
        self.fit_left()  # which Forests show changes the rows left for the rest
