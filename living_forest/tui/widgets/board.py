"""Read-only board panels. The game screen sets ``state`` (attributes down); the
panels never change the game, they only render it."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from living_forest.core import GameState
from living_forest.core.engine import data

from .. import render as R


class Panel(Widget):
    """A panel that renders part of the state; ``state`` is set by the screen."""

    DEFAULT_CSS = """
    Panel { height: auto; }
    """
    state: reactive[GameState | None] = reactive(None, always_update=True, layout=True)
    wide: reactive[bool] = reactive(False, layout=True)

    def render_state(self, st: GameState) -> str:
        raise NotImplementedError

    def render(self) -> Content:
        st = self.state
        if st is None:
            return Content("")
        return Content.from_markup(self.render_state(st))


class CircleView(Panel):
    def render_state(self, st: GameState) -> str:
        return R.circle(st)


class ReserveView(Panel):
    def render_state(self, st: GameState) -> str:
        return R.reserve(st, names=self.wide)


class ForestView(Panel):
    """One player's Forest; ``marks`` labels the spaces offered in a plant choice."""

    seat: reactive[int] = reactive(0)
    marks: reactive[dict[int, str]] = reactive(dict, always_update=True)

    def render_state(self, st: GameState) -> str:
        if self.seat >= st.n:
            return ""
        p = st.players[self.seat]
        d = data()
        head = f"[b]Forest of {R.escape(p.name)}[/] ({d.spirits[p.spirit]})"
        if self.seat == st.current and st.phase != "over":
            head += " [reverse] to act [/]"
        return head + "\n" + R.forest(st, self.seat, marks=self.marks)


class HelpLineView(Panel):
    seat: reactive[int] = reactive(0)

    def render_state(self, st: GameState) -> str:
        return R.help_line(st, self.seat, names=self.wide)


class PlayersView(Panel):
    def render_state(self, st: GameState) -> str:
        if self.wide:
            head = "[b]Players[/] [dim](> to act, ♠ Sacred Tree, VT Victory tiles)[/]"
        else:
            head = "[b]Players[/] [dim]T F ✿→12 ◆ VT dr/dis[/]"
        return head + "\n" + R.players(st, wide=self.wide)


class SuppliesView(Panel):
    def render_state(self, st: GameState) -> str:
        return R.supplies(st, wide=self.wide)
