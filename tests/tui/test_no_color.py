"""NO_COLOR: the app renders in greys only, and the board still says everything with
glyphs and letters (issue 3, 'nothing is conveyed by colour alone')."""

from __future__ import annotations

import re

from living_forest.tui.app import LivingForestApp
from living_forest.tui.session import SeatConfig, Session

from .driver import clear_dialogs, started


def _colours(svg: str) -> set[str]:
    """Text colours (CSS rules of the terminal classes) and cell backgrounds (rects); the
    window-decoration circles of Textual's SVG frame are not the app's."""
    text = re.findall(r"\.terminal-[\w-]+ \{[^}]*?fill: (#[0-9a-fA-F]{6})", svg)
    cells = re.findall(r"<rect [^>]*fill=\"(#[0-9a-fA-F]{6})\"", svg)
    return {c.lower() for c in text + cells}


def _is_grey(hex_colour: str) -> bool:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return max(r, g, b) - min(r, g, b) <= 8


async def test_no_color_renders_in_greys_with_glyphs(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = LivingForestApp(bot_pause=0)
    assert app.no_color
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")], 7))
        await started(pilot)
        for _ in range(3):
            await pilot.press("d")
            await clear_dialogs(pilot)
        await pilot.pause()
        svg = app.export_screenshot()
    colours = _colours(svg)
    assert colours, "the screenshot names its colours"
    assert all(_is_grey(c) for c in colours), sorted(c for c in colours if not _is_grey(c))
    text = re.sub(r"<[^>]+>", "", svg).replace("&#160;", " ")
    for mark in ("Wi", "Su", "▲", "☼", "≈"):  # Spirit letters, solitary mark, Elements
        assert mark in text, mark


async def test_colours_are_used_without_no_color(monkeypatch) -> None:
    """Control: the same screen normally has colour, so the check above can fail."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")], 7))
        await started(pilot)
        svg = app.export_screenshot()
    assert not all(_is_grey(c) for c in _colours(svg))
