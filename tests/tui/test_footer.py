"""The key bars are rebuilt only when what they show changes: Textual's Footer (the
title screens') rebuilt every key whenever the screen's bindings were refreshed (each
Tab on the New game form), which cost a tenth of the app tests' CPU, and the board's
KeyBar made every key's text again after each move."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from living_forest import i18n
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.title import NewGameScreen
from living_forest.tui.widgets.controls import KeyBar
from living_forest.tui.widgets.footer import Footer

from .driver import clear_dialogs, current_screen, first_flow


def _keys(footer: Footer) -> dict[str, FooterKey]:
    return {k.action: k for k in footer.query(FooterKey)}


async def test_the_footer_is_rebuilt_only_when_a_key_or_the_language_changes() -> None:
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = current_screen(app, NewGameScreen)
        footer = form.query_one(Footer)
        before = _keys(footer)
        assert not before["add_seat"].has_class("-disabled")  # two seats: F2 adds one
        # Tab through the fields and refresh the bindings: the same keys, kept.
        await pilot.press("tab", "tab", "tab")
        form.refresh_bindings()
        await pilot.pause()
        kept = _keys(footer)
        assert kept.keys() == before.keys()
        assert all(kept[a] is before[a] for a in before)
        # Four seats: F2 can add no more, so the bar is drawn again with it dimmed.
        await pilot.press("f2", "f2")
        await pilot.pause()
        after = _keys(footer)
        assert after["add_seat"] is not before["add_seat"]
        assert after["add_seat"].has_class("-disabled")
        assert not after["remove_seat"].has_class("-disabled")
        # Another language with the same keys: drawn again, in that language.
        shown = _keys(footer)
        try:
            i18n.set_language("de")
            form.refresh_bindings()
            await pilot.pause()
            german = _keys(footer)
            assert german["remove_seat"] is not shown["remove_seat"]
            assert str(german["remove_seat"].description) == i18n._("Remove seat")
            assert i18n._("Remove seat") != "Remove seat"
        finally:
            i18n.set_language("en")


async def test_the_board_s_key_bar_is_made_again_only_when_a_key_changes() -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")], 14))
        game = await first_flow(pilot)
        await clear_dialogs(pilot)
        bar = game.query_one("#keys", KeyBar)
        pieces = bar._pieces
        assert any(key == "d" and enabled for _p, key, enabled, _e, _r in pieces)  # Draw
        game.refresh_bindings()
        await pilot.pause()
        assert bar._pieces is pieces  # the same keys: nothing made again
        await pilot.press("d")  # a card revealed: Stop can be pressed now
        await clear_dialogs(pilot)
        assert bar._pieces is not pieces
        assert any(key == "s" and enabled for _p, key, enabled, _e, _r in bar._pieces)
        assert "Stop" in str(bar.render())
