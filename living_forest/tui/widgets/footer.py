"""Textual's Footer with the key descriptions in the player's language (bindings are
declared in English, marked with ``N_``, and translated when the bar is drawn)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from living_forest.i18n import _


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget
