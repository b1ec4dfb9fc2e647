"""Read-only board panels. The game screen sets ``state`` (attributes down); the
panels never change the game, they only render it."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from living_forest.core import GameState, rules_of
from living_forest.i18n import _, spirit_name
from living_forest.present.board.circle import circle
from living_forest.present.board.forest import FOREST_CELL, forest
from living_forest.present.board.help_line import help_line, help_line_big
from living_forest.present.board.players import players, players_key
from living_forest.present.board.reserve import reserve, reserve_width
from living_forest.present.board.supplies import supplies
from living_forest.present.markup import safe
from living_forest.present.recent import LastMoves
from living_forest.present.views import PanelView, game_panels

LEFT_WIDTH = 43  # the left column's cells at 80x24 (44 with its padding)


class Panel(Widget):
    """A panel that renders part of the state; ``state`` is set by the screen."""

    DEFAULT_CSS = """
    Panel { height: auto; }
    """
    state: reactive[GameState | None] = reactive(None, always_update=True, repaint=False)
    wide: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._markup = ""
        self._content = Content("")
        # Each player's last moves, marked on the board (set by the screen before
        # ``state``, which re-renders).
        self.recent = LastMoves()

    def render_state(self, st: GameState) -> str:
        raise NotImplementedError

    def _update(self) -> None:
        """Re-render from the state; relayout only when the text changed height."""
        st = self.state
        markup = "" if st is None else self.render_state(st)
        if markup == self._markup:
            return
        lines_before = self._markup.count("\n")
        self._markup = markup
        self._content = Content.from_markup(markup)
        # A line wider than the panel wraps: its height may change with the same number
        # of lines (the Trees supply at 80x24 was cut, not wrapped, without a relayout).
        width = self.size.width
        wraps = bool(width) and any(line.cell_length > width for line in self._content.split("\n"))
        self.refresh(layout=wraps or markup.count("\n") != lines_before)

    def watch_state(self) -> None:
        self._update()

    def watch_wide(self) -> None:
        self._update()

    def render(self) -> Content:
        return self._content

    @property
    def lines(self) -> int:
        """The rows its text takes (its lines are made to fit the panel's width)."""
        return self._markup.count("\n") + 1 if self._markup else 0


class CircleView(Panel):
    def render_state(self, st: GameState) -> str:
        return circle(st, big=self.wide, reached=set(self.recent.rocks), put_out=self.recent.fires)


class ReserveView(Panel):
    """The reserve; a click on a card posts ``CardClicked`` (the screen decides)."""

    class CardClicked(Message):
        def __init__(self, card: str | None) -> None:
            super().__init__()
            self.card = card

    # Each card on two rows, its name above its Elements: set by the screen where the
    # narrow columns have the rows to spare.
    tall: reactive[bool] = reactive(False, repaint=False)

    def watch_tall(self) -> None:
        self._update()

    def render_state(self, st: GameState) -> str:
        return reserve(st, names=self.wide, taken=self.recent.slots, tall=self.tall)

    def on_click(self, event: events.Click) -> None:
        st = self.state
        if st is None or event.y < 1:
            return
        level = event.x // reserve_width(self.wide)
        slot = (event.y - 1) // (2 if self.tall and not self.wide else 1)
        if level < 3 and slot < len(st.reserve[level]):
            self.post_message(self.CardClicked(st.reserve[level][slot]))


FOREST_ROWS = 5  # a Forest's title, its three rows and the line bonuses under them


class ForestView(Panel):
    """One player's Forest; ``marks`` labels the spaces offered in a plant choice."""

    seat: reactive[int] = reactive(0, repaint=False)
    marks: reactive[dict[int, str]] = reactive(dict, repaint=False)
    # The player's Help Line and strengths under the Forest (public, G-1): set where
    # every Forest is shown, for the players whose line the Help Line panel is not.
    line: reactive[bool] = reactive(False, repaint=False)
    # The rows of that Help Line (None: its cards get three), set where rows are spare.
    line_room: reactive[int | None] = reactive(None, repaint=False)
    # Its modules' parts in words (not their glyphs), set where there is room.
    words: reactive[bool] = reactive(False, repaint=False)
    # The compact form, set where every Forest would not fit otherwise (4 players at
    # 120x40): no columns' bonuses under the grid (the Forest above shows them) and,
    # of the Help Line under it, the strengths and what they do, not the cards (v and
    # o show them).
    compact: reactive[bool] = reactive(False, repaint=False)
    # This seat's finished turn waits to be passed on (Enter): no "to act" mark
    done: reactive[bool] = reactive(False, repaint=False)

    def watch_line_room(self) -> None:
        self._update()

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")
        self._update()

    def watch_words(self) -> None:
        self._update()

    def watch_seat(self) -> None:
        self._update()

    def watch_marks(self) -> None:
        self._update()

    def watch_line(self) -> None:
        self._update()

    class SpaceClicked(Message):
        def __init__(self, seat: int, cell: int) -> None:
            super().__init__()
            self.seat = seat
            self.cell = cell

    def on_click(self, event: events.Click) -> None:
        x, y = event.x // (FOREST_CELL + 1), event.y - 1
        if 0 <= y < 3 and 0 <= x < 5 and event.x < 5 * (FOREST_CELL + 1):
            self.post_message(self.SpaceClicked(self.seat, y * 5 + x))

    def render_state(self, st: GameState) -> str:
        if self.seat >= st.n:
            return ""
        p = st.players[self.seat]
        d = rules_of(st).data
        # i18n: the title above a Forest: one line of 43 cells at 80x24 with the player's
        # name, the Spirit's name and " to act " after it: keep it short
        head = _("[b]Forest of {player}[/] ({spirit})").format(
            player=safe(p.name), spirit=spirit_name(d.spirits[p.spirit])
        )
        if self.seat == st.current and st.phase != "over" and not self.done:
            # i18n: a mark after the Forest's title: it is this player's turn
            to_act = _("to act")
            head += f" [reverse] {to_act} [/]"
        planted = self.recent.cells.get(self.seat)
        text = (
            head
            + "\n"
            + forest(st, self.seat, marks=self.marks, planted=planted, foot=not self.compact)
        )
        if self.line:
            text += "\n" + help_line(
                st,
                self.seat,
                names=False,
                room=self.line_room,
                words=self.words and not self.compact,  # "K3:◆E": the key explains it
                cards=not self.compact,
            )
        return text


class HelpLineView(Panel):
    """A player's Help Line: in ``room`` rows (None: its cards get three), the cards
    cut last with "+N more (``look_key``)"."""

    seat: reactive[int] = reactive(0, repaint=False)
    room: reactive[int | None] = reactive(None, repaint=False)
    look_key: reactive[str] = reactive("", repaint=False)
    words: reactive[bool] = reactive(False, repaint=False)  # as ForestView's

    def watch_room(self) -> None:
        self._update()

    def watch_words(self) -> None:
        self._update()

    # Its owner named ("Ben's Help Line"): set when the Forest shown under it is another
    # player's (v), so the line is not read as that Forest's.
    named: reactive[bool] = reactive(False, repaint=False)

    def watch_seat(self) -> None:
        self._update()

    def watch_named(self) -> None:
        self._update()

    def render_state(self, st: GameState) -> str:
        if self.wide:
            return help_line_big(st, self.seat)
        # names=False: no "(used …)" types; owner: the player's name on the card line
        return help_line(
            st,
            self.seat,
            names=False,
            owner=self.named,
            room=self.room,
            look_key=self.look_key,
            words=self.words,
        )


class PlayersView(Panel):
    def render_state(self, st: GameState) -> str:
        # i18n: the players panel's title; at 80x24 a key of 21 cells follows on the same
        # line of 36: at most 14 characters
        title = _("Players")
        head = f"[b]{title}[/] [dim]{players_key(st, wide=self.wide)}[/]"
        return head + "\n" + players(st, wide=self.wide, width=self.content_size.width)

    def on_resize(self) -> None:
        self._update()  # the forecast's lines are made to the width


class ModulePanel(Panel):
    """A rules module's panel (its view's :class:`PanelView`); shown only in a game
    with the module on, and while it has something to show."""

    def __init__(self, view: PanelView) -> None:
        super().__init__(id=view.id, classes="module-panel")
        self.view = view

    def render_state(self, st: GameState) -> str:
        text = self.view.render(st, self.wide) if self.view in game_panels(st) else ""
        self.display = bool(text)
        return text


class SuppliesView(Panel):
    """The supply. ``packed``: the one under the Forest at 80x24, in the left column's
    43 cells and in the ``room`` lines the screen leaves it (None: as many as it
    needs); ``look_key`` is the key that lists what it leaves out."""

    room: reactive[int | None] = reactive(None, repaint=False)
    look_key: reactive[str] = reactive("", repaint=False)

    def __init__(self, *args: object, packed: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.packed = packed

    def watch_room(self) -> None:
        self._update()

    def render_state(self, st: GameState) -> str:
        # The tree labels say their cost; the wide screen shows this beside the players.
        if not self.packed:
            return supplies(st, wide=False)
        text = supplies(st, wide=False, width=LEFT_WIDTH, room=self.room, look_key=self.look_key)
        self.set_class(not text, "-empty")  # hidden when no row is left for it
        return text
