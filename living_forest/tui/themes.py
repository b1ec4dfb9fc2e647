"""The app's colour themes. Every glyph and number is readable: each Element colour is
at least 4.5:1 against the background (WCAG AA; Textual's own dark theme gives Wind
1.9:1 and Fires 3.5:1, and the same colour to Sun and Flower). ``contrast`` is for
bright rooms and weak eyes (at least 7:1, black background). Under ``NO_COLOR`` the
app uses the terminal's own foreground and background (the "ansi" theme) instead of
greys.

Chosen in Settings (remembered) or with ``$LIVING_FOREST_THEME`` (``default``,
``contrast``, ``ansi``), which wins.
"""

from __future__ import annotations

from dataclasses import replace

from textual.theme import BUILTIN_THEMES, Theme

from living_forest.i18n import _
from living_forest.settings import ENV_THEME, THEME_NAMES

__all__ = ["ALL", "ENV_THEME", "THEMES", "theme_setting"]

# The Element styles (glyphs.ELEMENT_STYLE): water $primary, wind $secondary, flower
# $accent, sun $warning, plant $success; fires $error.
FOREST = Theme(
    name="living-forest",
    primary="#4aa8ff",
    secondary="#b48ef0",
    accent="#f27fb2",
    warning="#ffa62b",
    error="#ff6b81",
    success="#4ebf71",
    foreground="#e0e0e0",
    background="#121212",
    surface="#1e1e1e",
    panel="#24282e",
    dark=True,
)

CONTRAST = Theme(
    name="living-forest-contrast",
    primary="#66b3ff",
    secondary="#d0a8ff",
    accent="#ff8ccf",
    warning="#ffd23f",
    error="#ff6b6b",
    success="#5cff8a",
    foreground="#ffffff",
    background="#000000",
    surface="#0c0c0c",
    panel="#161616",
    dark=True,
    text_alpha=1.0,
)

# The terminal's own 16 colours and its default foreground and background (Textual's
# ansi-dark, with Flower magenta so that it is not Plant's green).
ANSI = replace(BUILTIN_THEMES["ansi-dark"], name="living-forest-ansi", accent="ansi_magenta")

THEMES = dict(zip(THEME_NAMES, (FOREST.name, CONTRAST.name, ANSI.name), strict=True))
ALL = (FOREST, CONTRAST, ANSI)


def theme_setting(
    text: str | None, *, no_color: bool, saved: str | None = None
) -> tuple[str, str | None]:
    """The theme to use: ``$LIVING_FOREST_THEME`` (``text``) when set, else the one
    chosen in Settings (``saved``), else under ``NO_COLOR`` the terminal's own colours,
    else the default; and a sentence when the variable's value is unknown."""
    value = (text or "").strip().lower()
    if value in THEMES:
        return THEMES[value], None
    automatic = THEMES["ansi"] if no_color else FOREST.name
    chosen = THEMES.get(saved or "", automatic)
    if not value:
        return chosen, None
    known = ", ".join(THEMES)
    # i18n: {variable}: LIVING_FOREST_THEME; {value}: what it is set to; {themes}: the
    # theme names; {theme}: the name of the theme used instead
    why = _("{variable}={value} is not a theme ({themes}); using {theme}")
    name = next(k for k, v in THEMES.items() if v == chosen)
    return chosen, why.format(variable=ENV_THEME, value=repr(value[:20]), themes=known, theme=name)
