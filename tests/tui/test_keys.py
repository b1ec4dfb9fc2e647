"""Bindings: every one has an id, keys are portable, the keymap file remaps them."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.dom import DOMNode

from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.keymap import load_keymap
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.modals import (
    ConfirmScreen,
    FilePromptScreen,
    HandOffScreen,
    HelpScreen,
    InfoScreen,
    InspectScreen,
    NumberScreen,
    SaveBrowserScreen,
)
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.screens.replay import ReplayScreen
from living_forest.tui.screens.settings import SettingsScreen
from living_forest.tui.screens.title import Cycle, NewGameScreen, TitleScreen
from living_forest.tui.widgets.controls import ChoiceList

from .driver import started

ALL: list[type[DOMNode]] = [
    LivingForestApp,
    TitleScreen,
    NewGameScreen,
    GameScreen,
    HandOffScreen,
    InfoScreen,
    HelpScreen,
    FilePromptScreen,
    ConfirmScreen,
    SaveBrowserScreen,
    InspectScreen,
    NumberScreen,
    ReplayScreen,
    GameOverScreen,
    ChoiceList,
    Cycle,
    SettingsScreen,
]
PORTABLE = {
    "tab",
    "shift+tab",
    "enter",
    "escape",
    "space",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "ctrl+s",
    "ctrl+o",
    "ctrl+q",
    "question_mark",
    "pageup",
    "pagedown",
    "plus",
    "minus",
    *(f"f{i}" for i in range(1, 11)),
}
KEYS_MD = Path(__file__).resolve().parents[2] / "assets" / "help" / "keys.md"


def test_every_binding_has_a_unique_id_and_a_portable_key():
    ids = []
    for cls in ALL:
        for b in cls.BINDINGS:
            assert isinstance(b, Binding), (cls, b)
            assert b.id, f"{cls.__name__}: {b.key} has no id"
            ids.append(b.id)
            for key in b.key.split(","):
                assert (len(key) == 1 and key.isalnum()) or key in PORTABLE, (cls, key)
    assert len(ids) == len(set(ids))


def test_keys_md_lists_every_remappable_id():
    text = KEYS_MD.read_text(encoding="utf-8")
    for cls in (
        LivingForestApp,
        TitleScreen,
        NewGameScreen,
        GameScreen,
        ReplayScreen,
        SettingsScreen,
    ):
        for b in cls.BINDINGS:
            assert isinstance(b, Binding) and b.id is not None, (cls, b)
            if not b.id.endswith(".why"):
                assert f"`{b.id}`" in text, b.id


def test_keymap_file_is_read_and_bad_keys_are_reported(tmp_path):
    path = tmp_path / "keymap.toml"
    path.write_text('[keys]\n"game.draw" = "space"\n"game.stop" = "ctrl+x"\n', encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {"game.draw": "space", "game.draw.why": "space"}
    assert len(problems) == 1 and "ctrl+x" in problems[0]
    path.write_text("not toml [", encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {} and "cannot read" in problems[0]


async def test_remapped_key_plays_the_action(tmp_path, monkeypatch):
    path = tmp_path / "keymap.toml"
    path.write_text('[keys]\n"game.draw" = "space"\n', encoding="utf-8")
    monkeypatch.setenv("LIVING_FOREST_KEYMAP", str(path))
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")], 3))
        await started(pilot)
        assert app.game is not None
        assert app.game.key_of("draw") != "d"
        status = str(app.game.query_one("#status").render())
        assert f"{app.game.key_of('draw')} draw" in status and "d draw" not in status
        await pilot.press("d")  # no longer bound to draw
        assert app.game.session.actions == []
        await pilot.press("space")
        assert app.game.session.actions == ["draw"]
