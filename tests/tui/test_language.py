"""The language chosen in Settings applies at once and is remembered; the
New game form, the board and the log follow it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.widgets import Button, OptionList
from textual.widgets._footer import FooterKey

from living_forest import i18n
from living_forest.core import describe
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.settings import SettingsScreen
from living_forest.tui.screens.title import TitleScreen
from living_forest.tui.widgets.event_log import EventLog
from living_forest.tui.widgets.footer import Footer

from .driver import started


async def _title(pilot) -> None:
    while not isinstance(pilot.app.screen, TitleScreen):
        await pilot.pause()


async def _choose(pilot, code: str) -> None:
    """Settings, Enter on the language ``code`` ("" follows LANG), then Esc (Enter
    applies and leaves the settings open)."""
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SettingsScreen)
    ol = pilot.app.screen.query_one(OptionList)
    ol.highlighted = [o.id for o in ol.options].index(f"language:{code}")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SettingsScreen)
    await pilot.press("escape")
    await _title(pilot)
    await pilot.pause()


def _new_game_label(app: LivingForestApp) -> str:
    return str(app.screen.query_one("#new", Button).label)


async def test_settings_change_the_language_at_once_and_remember_it() -> None:
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _title(pilot)
        english = _new_game_label(app)
        await _choose(pilot, "de")
        assert i18n.language() == "de"
        german = _new_game_label(app)
        assert german.startswith(i18n._("New game")) and german != english
        footer = app.screen.query_one(Footer)
        await pilot.pause()
        keys = [str(k.description) for k in footer.query(FooterKey)]
        assert i18n._("Help") in keys  # the key bar is drawn again, in German
        # The title as it was: no autosave, so Continue stays off; New game has focus.
        assert app.screen.query_one("#continue", Button).disabled
        assert app.focused is app.screen.query_one("#new", Button)
        saved = json.loads(Path(os.environ["LIVING_FOREST_SETTINGS"]).read_text(encoding="utf-8"))
        assert saved["language"] == "de"
        # Esc leaves the settings without a change.
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")
        await _title(pilot)
        assert i18n.language() == "de" and _new_game_label(app) == german
        # "As the system says": the setting is cleared, LANG (C here) gives English.
        await _choose(pilot, "")
        assert i18n.language() == "en" and _new_game_label(app) == english
        saved = json.loads(Path(os.environ["LIVING_FOREST_SETTINGS"]).read_text(encoding="utf-8"))
        assert saved["language"] is None


async def test_a_game_in_french_shows_french_sentences() -> None:
    """The board's status and the log are made in the chosen language from the same
    events (saves hold no words)."""
    i18n.set_language("fr")
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")], 3))
        await started(pilot)
        await pilot.press("d")
        await pilot.pause()
        game = app.game
        assert game is not None
        text = "\n".join(game.query_one("#log", EventLog).sentences)
        revealed = next(e for e in reversed(game.session.events) if e.kind == "card_revealed")
        sentence = describe(revealed, game.session.state)
        assert sentence in text
        i18n.set_language("en")
        assert describe(revealed, game.session.state) not in text  # not the English one


async def test_the_load_boxs_paragraph_fits_its_box_in_every_language_at_80x24() -> None:
    """A French play-test at 80x24: the save browser's note on the autosaves kept
    read "toute partie ouver" and lost its ";": the paragraph, 72 columns at most, was
    wider than the box's 70. It wraps inside the box in every language."""
    from textual.widgets import Label

    from living_forest.tui.screens.modals import SaveBrowserScreen

    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _title(pilot)
        try:
            for code in ("en", "de", "fr"):
                await _choose(pilot, code)
                await pilot.press("l")
                await pilot.pause()
                box = app.screen
                assert isinstance(box, SaveBrowserScreen), code
                kept = box.query_one("#saves-kept", Label)
                inside = box.query_one("#box").content_region
                assert kept.region.right <= inside.right, (code, kept.region, inside)
                assert kept.region.width > 40  # a paragraph, not a column
                await pilot.press("escape")
                await _title(pilot)
        finally:
            i18n.set_language(i18n.SOURCE_LANGUAGE)
