"""NO_COLOR: the app renders in greys only, and the board still says everything with
glyphs and letters ('nothing is conveyed by colour alone')."""

from __future__ import annotations

import re

from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp

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


async def test_no_color_uses_the_terminals_own_colours(monkeypatch) -> None:
    """Under NO_COLOR the app draws with the terminal's own foreground and
    background (ANSI default colours, every colour dropped), not with dim greys."""
    from textual.filter import Monochrome, NoColor

    from living_forest.tui.themes import THEMES

    monkeypatch.setenv("NO_COLOR", "1")
    app = LivingForestApp(bot_pause=0)
    assert app.theme == THEMES["ansi"] and app.native_ansi_color
    kinds = {type(f) for f in app._filters}
    assert NoColor in kinds and Monochrome not in kinds
    monkeypatch.setenv("LIVING_FOREST_THEME", "contrast")  # asked for: kept
    assert LivingForestApp(bot_pause=0).theme == THEMES["contrast"]


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_element_colour_is_readable_in_each_theme() -> None:
    """WCAG contrast of each Element's colour (and the fires') against the background
    and the panels it is drawn on: 4.5:1 in the default theme, 7:1 in the contrast
    theme; and no two Elements share a colour."""
    from textual.color import Color

    from living_forest.present.glyphs import ELEMENT_STYLE
    from living_forest.tui.themes import CONTRAST, FOREST

    for theme, least in ((FOREST, 4.5), (CONTRAST, 7.0)):
        variables = theme.to_color_system().generate()
        names = [v.lstrip("$") for v in ELEMENT_STYLE.values()] + ["error"]
        colours = [Color.parse(variables[n]).hex6 for n in names]
        assert len(set(colours)) == len(colours), (theme.name, colours)
        for back in ("background", "surface", "boost"):
            bg = Color.parse(variables["background"]) + Color.parse(variables[back])
            for name, c in zip(names, colours, strict=True):
                ratio = _contrast(c, bg.hex6)
                assert ratio >= least, (theme.name, name, back, round(ratio, 2))


def test_an_unknown_theme_is_refused_with_a_sentence() -> None:
    from living_forest.tui.themes import THEMES, theme_setting

    assert theme_setting("contrast", no_color=False) == (THEMES["contrast"], None)
    assert theme_setting(None, no_color=False) == (THEMES["default"], None)
    name, problem = theme_setting("neon", no_color=False)
    assert name == THEMES["default"] and problem and "neon" in problem
