"""Textual's Footer with the key descriptions in the player's language (bindings are
declared in English, marked with ``N_``, and translated when the bar is drawn)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from living_forest.i18n import _, language


def shown_bindings(screen: Screen[object]) -> list[ActiveBinding]:
    """``screen``'s active bindings that a key bar shows, in their order."""
    return [a for a in screen.active_bindings.values() if a.binding.show]


def shown_keys(screen: Screen[object], shown: Sequence[ActiveBinding] | None = None) -> object:
    """What a key bar draws of ``screen``'s bindings (``shown``: its
    :func:`shown_bindings`, when the caller has them): each shown binding (a frozen
    dataclass: key, action, description, group...) with whether it is enabled and its
    tooltip, and the language its description is translated into. Compared with ==,
    it tells a key bar whether it must draw its keys again."""
    actives = shown_bindings(screen) if shown is None else shown
    return (language(), tuple((a.binding, a.enabled, a.tooltip) for a in actives))


class Footer(TextualFooter):
    """Recomposed only when what it shows changes: Textual's Footer rebuilds its keys
    whenever the screen's bindings are refreshed (every focus change, every Tab on a
    form), though the keys, their states and the language are most often the same."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: object = None  # shown_keys() when the keys were last composed

    def bindings_changed(self, screen: Screen[object]) -> None:
        unchanged = (
            self._bindings_ready
            and self.is_attached
            and screen is self.screen
            and shown_keys(self.screen) == self._shown
        )
        if not unchanged:
            super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = shown_keys(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget
