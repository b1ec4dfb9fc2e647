"""Settings hold the bots' speed, the colours, the bot level a seat gets
first and show the keymap, besides the language; they are remembered in the settings
file, and the environment variables still win when they are set."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import OptionList

from living_forest.settings import (
    BOT_PAUSE,
    Settings,
    bot_pause_setting,
    load_settings,
    save_settings,
)
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.modals import InfoScreen
from living_forest.tui.screens.settings import SettingsScreen
from living_forest.tui.screens.title import Cycle, NewGameScreen, TitleScreen
from living_forest.tui.themes import THEMES, theme_setting


def _file() -> Path:
    return Path(os.environ["LIVING_FOREST_SETTINGS"])


def test_every_setting_round_trips_and_a_bad_value_costs_only_itself(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    full = Settings(language="de", bot_pause=0.2, theme="contrast", bot_level="search")
    save_settings(full, path)
    assert load_settings(path) == (full, None)
    raw = {"language": "fr", "bot_pause": 1e308, "theme": "neon", "bot_level": "search"}
    path.write_text(json.dumps(raw), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings(language="fr", bot_level="search")  # the good ones kept
    assert problem is not None and "1e+308" in problem and "'neon'" in problem
    for bad in ({"bot_pause": True}, {"bot_pause": "fast"}, {"bot_level": "cheater"}):
        path.write_text(json.dumps({"theme": "ansi", **bad}), encoding="utf-8")
        settings, problem = load_settings(path)
        assert settings == Settings(theme="ansi") and problem is not None, bad
    path.write_text(json.dumps({"theme": "ansi", "from_a_newer_version": 1}), encoding="utf-8")
    assert load_settings(path) == (Settings(theme="ansi"), None)


def test_the_environment_wins_over_a_setting_and_a_setting_over_no_color() -> None:
    assert bot_pause_setting(None, 2.0) == (2.0, None)
    assert bot_pause_setting("0.1", 2.0) == (0.1, None)
    assert bot_pause_setting(None, None) == (BOT_PAUSE, None)
    pause, problem = bot_pause_setting("soon", 2.0)  # a bad variable: the setting
    assert pause == 2.0 and problem is not None and "2 s" in problem
    assert theme_setting(None, no_color=False, saved="contrast") == (THEMES["contrast"], None)
    assert theme_setting("ansi", no_color=False, saved="contrast") == (THEMES["ansi"], None)
    # NO_COLOR picks the terminal's colours only when no theme is chosen (no-color.org:
    # a configuration file wins over it).
    assert theme_setting(None, no_color=True, saved=None) == (THEMES["ansi"], None)
    assert theme_setting(None, no_color=True, saved="contrast") == (THEMES["contrast"], None)
    name, problem = theme_setting("neon", no_color=False, saved="contrast")
    assert name == THEMES["contrast"] and problem is not None and "contrast" in problem


def test_the_app_starts_with_the_saved_theme_unless_the_variable_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_settings(Settings(theme="contrast"), _file())
    assert LivingForestApp(autosave=False).theme == THEMES["contrast"]
    monkeypatch.setenv("LIVING_FOREST_THEME", "ansi")
    assert LivingForestApp(autosave=False).theme == THEMES["ansi"]


async def _open_settings(pilot) -> SettingsScreen:
    while not isinstance(pilot.app.screen, TitleScreen):
        await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def _enter_on(pilot, screen: SettingsScreen, option_id: str) -> None:
    ol = screen.query_one(OptionList)
    ol.highlighted = [o.id for o in ol.options].index(option_id)
    await pilot.press("enter")
    await pilot.pause()
    assert pilot.app.screen is screen  # Enter applies; the settings stay open


def _marked(screen: SettingsScreen, key: str) -> list[str]:
    """The entries of ``key`` marked as chosen."""
    ol = screen.query_one(OptionList)
    return [
        str(o.id).partition(":")[2]
        for o in ol.options
        if str(o.id).startswith(f"{key}:") and str(o.prompt).startswith("●")
    ]


async def test_bot_speed_and_colours_are_saved_and_applied_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("LIVING_FOREST_BOT_PAUSE", raising=False)
    monkeypatch.delenv("LIVING_FOREST_THEME", raising=False)
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_settings(pilot)
        assert _marked(screen, "bot_pause") == ["0.4"] and _marked(screen, "theme") == [""]
        await _enter_on(pilot, screen, "bot_pause:0.2")
        assert app.bot_pause == 0.2 and _marked(screen, "bot_pause") == ["0.2"]
        await _enter_on(pilot, screen, "theme:contrast")
        assert app.theme == THEMES["contrast"] and _marked(screen, "theme") == ["contrast"]
        await _enter_on(pilot, screen, "bot_level:search")
        assert app.bot_level == "search"
    saved = json.loads(_file().read_text(encoding="utf-8"))
    assert saved == {"language": None, "bot_pause": 0.2, "theme": "contrast", "bot_level": "search"}


async def test_a_set_variable_wins_and_the_settings_say_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LIVING_FOREST_BOT_PAUSE", "0")
    monkeypatch.setenv("LIVING_FOREST_THEME", "ansi")
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_settings(pilot)
        notes = [str(o.prompt) for o in screen.query_one(OptionList).options if o.disabled]
        assert any("LIVING_FOREST_BOT_PAUSE=0 is set" in n for n in notes), notes
        assert any("LIVING_FOREST_THEME=ansi is set" in n for n in notes), notes
        await _enter_on(pilot, screen, "bot_pause:2")
        await _enter_on(pilot, screen, "theme:contrast")
        # Remembered, but the variables win while they are set.
        assert app.bot_pause == 0 and app.theme == THEMES["ansi"]
        message = str(screen.query_one("#settings-message").render())
        assert "LIVING_FOREST_THEME is set and wins" in message
    assert load_settings()[0] == Settings(bot_pause=2.0, theme="contrast")


async def test_the_saved_bot_level_is_what_right_arrow_gives_a_human_seat() -> None:
    save_settings(Settings(bot_level="search"), _file())
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, TitleScreen):
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        ctl = app.screen.query_one("#ctl-1", Cycle)
        ctl.focus()
        await pilot.press("right")
        assert ctl.value == "search"
        await pilot.press("left")
        assert ctl.value == "human"


async def test_the_keys_entry_shows_the_keymap_file_and_every_bound_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\n"game.draw" = "space"\n"game.nope" = "ctrl+alt+x"\n')
    monkeypatch.setenv("LIVING_FOREST_KEYMAP", str(keymap))
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_settings(pilot)
        notes = [str(o.prompt) for o in screen.query_one(OptionList).options if o.disabled]
        assert any(str(keymap) in n and "1 key remapped" in n for n in notes), notes
        assert any("1 line refused" in n for n in notes), notes
        ol = screen.query_one(OptionList)
        ol.highlighted = [o.id for o in ol.options].index("keys:show")
        await pilot.press("enter")
        await pilot.pause()
        info = app.screen
        assert isinstance(info, InfoScreen)
        rows = {line.split()[0]: line.split()[1] for line in info.body.splitlines()[2:]}
        assert rows["game.draw"] == "space"  # as remapped
        assert rows["game.stop"] == "s" and rows["app.load"] == "ctrl+o"  # as they are
        assert str(keymap) in info.body
        # The list is longer than 80x24 holds: it scrolls, and the footer saying which
        # key closes the box stays in view (it was pushed out under the body).
        await pilot.pause()
        footer = info.query_one("#info-footer")
        body = info.query_one("#info-body")
        assert len(info.body.splitlines()) > app.size.height
        assert footer.region.height == 1 and footer.region.bottom <= app.size.height
        assert footer.region.y >= body.region.bottom  # below the body, not under it
        assert body.max_scroll_y > 0
        assert "Enter to continue" in str(footer.render())


async def test_a_hostile_settings_file_still_opens_the_settings(tmp_path: Path) -> None:
    _file().write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    app = LivingForestApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_settings(pilot)
        assert _marked(screen, "language") == [""]  # the defaults
        await _enter_on(pilot, screen, "bot_pause:1")
    assert load_settings()[0] == Settings(bot_pause=1.0)


@pytest.mark.parametrize(("start", "switch"), [("contrast", "ansi"), ("ansi", "default")])
async def test_a_theme_chosen_in_settings_looks_as_after_a_restart_under_no_color(
    start: str | None, switch: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under NO_COLOR Textual picks its filter at start by the theme (none of the
    colours for the terminal's own, greys for the others): switching to or from the
    ANSI theme in Settings kept the old one until a restart. The title screen after the
    switch is now the title screen of an app started with that theme."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("LIVING_FOREST_THEME", raising=False)

    async def title_after(first: str | None, then: str | None) -> str:
        if first is not None:
            save_settings(Settings(theme=first), _file())
        app = LivingForestApp(autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            if then is not None:
                screen = await _open_settings(pilot)
                await _enter_on(pilot, screen, f"theme:{then}")
                assert app.theme == THEMES[then]
                await pilot.press("escape")
            while not isinstance(app.screen, TitleScreen):
                await pilot.pause()
            await pilot.pause()
            return app.export_screenshot()

    switched = await title_after(start, switch)
    restarted = await title_after(switch, None)
    assert switched == restarted
