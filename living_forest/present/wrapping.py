"""Where a line of text may break, in any language.

French puts a space before ``; : ! ? »`` and after ``«``; a line must not break there
(the sign would begin the next line: "; solitaires nets : 1."). The catalogues keep an
ordinary space there (GLOSSARY.md); the wrappers treat it as part of the word:

- the app's own wrappers (the event log's, the choice list's: :mod:`textwrap`) honour
  :data:`NO_BREAK`, which :func:`tie_punctuation` puts in those places; they show it as
  an ordinary space again;
- Rich and Textual (the status line's message, dialogs, notes) break with
  :data:`WORD`, which the app installs (``living_forest.tui.app``);
- :func:`last_break` is where a line cut by hand (the status line) may break."""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"
# "»" before a digit is the Wind glyph ("»2"), not a closing guillemet.
_SIGN = r"(?=[;:!?]|»(?!\d))"
_TIED = re.compile(rf" {_SIGN}|(?<=«) ")
# A word as Rich's line breaker reads it (its ``\s*\S+\s*``), a space tied to a French
# sign kept inside it.
WORD = re.compile(rf"\s*(?:\S| {_SIGN}|(?<=«) )+\s*")


def tie_punctuation(text: str) -> str:
    """``text`` with the spaces French typography ties to a sign made no-break."""
    return _TIED.sub(NO_BREAK, text)


def last_break(text: str, width: int) -> int:
    """Where ``text`` may break to fit ``width`` characters: the index of the last
    space at or before ``width`` that a sign is not tied to; -1 when there is none."""
    return tie_punctuation(text).rfind(" ", 0, width + 1)
