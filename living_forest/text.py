"""Text that came from outside (a save file, a form, a settings file) made safe to show.

A terminal obeys control characters: ``ESC ] 0 ; … BEL`` in a player's name would set
the window's title (the same channel writes the clipboard on many terminals),
``ESC [ 5 m`` makes the screen blink, a bare CR or BS rewrites what was drawn. So such
text is cleaned where it enters the program, once: every control character (C0, DEL,
C1) and line or paragraph separator becomes ``?``, which shows that something was
there. Imports nothing of the UI.
"""

from __future__ import annotations

import unicodedata

REPLACEMENT = "?"
_UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def is_unsafe(c: str) -> bool:
    return unicodedata.category(c) in _UNSAFE_CATEGORIES


def printable(text: str) -> str:
    """``text`` with every control character replaced by ``?`` (the rest as it is)."""
    if text.isprintable() or not any(is_unsafe(c) for c in text):
        return text
    return "".join(REPLACEMENT if is_unsafe(c) else c for c in text)
