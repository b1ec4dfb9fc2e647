"""Keyboard-only New game form, the large-terminal board, the log after a resize."""

from __future__ import annotations

from textual.app import App

from living_forest.core.engine import data
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.title import Cycle, NewGameScreen
from living_forest.tui.widgets.controls import ChoiceList
from living_forest.tui.widgets.event_log import EventLog

from .driver import clear_dialogs, started

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


def text_of(widget) -> str:
    return str(widget.render())


async def test_new_game_by_keyboard_ana_human_vs_ben_baseline():
    """The exact keys a new user presses: n, Tab to seat 2's player, b, Enter."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        order = []
        for _ in range(6):
            assert app.focused is not None
            order.append(app.focused.id)
            await pilot.press("tab")
        # Tab goes row by row: name, Spirit, player.
        assert order == ["name-0", "spirit-0", "ctl-0", "name-1", "spirit-1", "ctl-1"]
        await pilot.press("shift+tab")
        assert app.focused is not None and app.focused.id == "ctl-1"
        await pilot.press("b")
        assert form.query_one("#ctl-1", Cycle).value == "baseline"
        summary = text_of(form.query_one("#newgame-summary"))
        assert "Ana (Winter, human) vs Ben (Spring, baseline bot)" in summary
        await pilot.press("enter")
        game = app.game
        assert isinstance(game, GameScreen)
        seats = {s.name: (s.spirit, s.controller) for s in game.session.seats}
        assert seats == {"Ana": ("winter", "human"), "Ben": ("spring", "baseline")}


async def test_spirit_and_player_change_with_arrows_and_space():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        await pilot.press("tab")  # seat 1's Spirit
        assert app.focused is not None and app.focused.id == "spirit-0"
        await pilot.press("right")
        assert form.query_one("#spirit-0", Cycle).value == "spring"
        await pilot.press("left", "left")
        assert form.query_one("#spirit-0", Cycle).value == "autumn"
        await pilot.press("tab", "space")  # seat 1's player: human -> random
        assert form.query_one("#ctl-0", Cycle).value == "random"
        assert "Ana (Autumn, random bot)" in text_of(form.query_one("#newgame-summary"))


async def test_log_rewraps_at_the_new_width_after_a_resize():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 7))
        await started(pilot)
        game = app.game
        assert game is not None
        await pilot.press("d", "d")
        await clear_dialogs(pilot)
        log = game.query_one("#log", EventLog)
        narrow_lines = len(log.lines)
        assert narrow_lines > len(log.sentences)  # some sentences wrapped at 80 columns
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        await pilot.pause()
        assert game.has_class("-wide")
        assert len(log.lines) < narrow_lines
        width = log.scrollable_content_region.width
        assert max(line.cell_length for line in log.lines) <= width
        assert str(log.lines[-1].text).strip() == log.sentences[-1][:width].strip()
        assert log.scroll_y == log.max_scroll_y


async def test_large_board_ring_help_list_and_fitted_choice_box():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(160, 48)) as pilot:
        app.start_session(Session(SEATS, 7))
        await started(pilot)
        game = app.game
        assert game is not None
        await pilot.press("d")
        await clear_dialogs(pilot)
        ring = text_of(game.query_one("#circle"))
        for word in ("Plant", "Fragment", "Attract", "Extinguish", "total power", "Wi", "Su"):
            assert word in ring
        assert "11 ◆ Fragment" in ring
        helpline = text_of(game.query_one("#helpline"))
        assert "Attract" in helpline and "Move" in helpline and "Plant" in helpline
        card = game.session.state.players[game.session.state.current].help_line[0]
        assert data().cards[card].name in helpline
        box = game.query_one("#choices")
        # All options show without scrolling, in a box a few rows taller at most
        # (the box takes a few sizes only, to spare relayouts), not the old 16 rows.
        need = len(game._choices) + 2  # options + border
        assert need <= box.region.height <= need + 3


async def test_choice_list_wraps_long_labels_and_every_option_can_be_seen():
    """At 80x24 the list is 34 columns wide: long labels wrap (never cut) and moving
    the highlight scrolls by lines so each option, wrapped, is shown whole."""
    items = [f"Option {i}: a rather long label that needs two lines end{i}" for i in range(12)]

    class Box(App[None]):
        CSS = "ChoiceList { width: 34; height: 8; }"

        def compose(self):
            yield ChoiceList(id="choices")

    app = Box()
    async with app.run_test(size=(80, 24)) as pilot:
        ol = app.query_one(ChoiceList)
        ol.set_items(items)
        ol.focus()
        await pilot.pause()
        first = str(ol.render())
        assert "end0" in first and "more" in first  # wrapped, and says more are below
        assert all(len(line) <= 34 for line in first.splitlines())
        for i in range(len(items)):
            if i:
                await pilot.press("down")
            text = str(ol.render())
            assert f"Option {i}:" in text and f"end{i}" in text, (i, text)
            assert len(text.splitlines()) <= 8
        assert ol._top > 0  # it scrolled


async def test_a_notice_shows_once_under_a_box() -> None:
    """Play-test at 120x40: Continue into a round's Onibi box showed "Loaded …" twice,
    the box's own notice and the board's, seen through the box's background. While a
    box is up only its notices show; the board's come back when it closes."""
    from textual.widgets._toast import ToastRack

    from living_forest.tui.screens.modals import InfoScreen

    def shown() -> list[ToastRack]:
        return [r for s in app.screen_stack for r in s.query(ToastRack) if r.display]

    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        base = app.screen
        app.notify("Loaded a game", timeout=60)
        await pilot.pause()
        assert [r.screen for r in shown()] == [base]
        app.push_screen(InfoScreen("End of round 1: Onibi", "Onibi attacks."))
        await pilot.pause()
        assert [r.screen for r in shown()] == [app.screen] and app.screen is not base
        await pilot.press("enter")  # the box closes
        await pilot.pause()
        assert app.screen is base and [r.screen for r in shown()] == [base]
