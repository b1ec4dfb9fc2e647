"""Where a line of text may break, in any language.

French puts a space before ``; : ! ? »`` and after ``«``; a line must not break there
(the sign would begin the next line: "; solitaires nets : 1."). The catalogues keep an
ordinary space there (GLOSSARY.md); the wrappers treat it as part of the word:

- the app's own wrappers (the event log's, :func:`wrap_sentence`; the choice list's:
  :mod:`textwrap`) honour :data:`NO_BREAK`, which :func:`tie_punctuation` puts in
  those places; they show it as an ordinary space again;
- Rich and Textual (the status line's message, dialogs, notes) break with
  :data:`WORD`, which the app installs (``living_forest.tui.app``);
- :func:`last_break` is where a line cut by hand (the status line) may break."""

from __future__ import annotations

import re

from .cells import cell_len

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


def wrap_sentence(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells: broken at spaces (a word longer
    than a line is cut, after the last ``/`` or ``\\`` that fits when that is past the
    line's middle: a path breaks between folders, not inside a name), never at a space
    that French typography ties to its sign (:func:`tie_punctuation`). The event log's
    wrap (Rich's own breaks at any space)."""
    width = max(width, 1)
    lines: list[str] = []
    line: str | None = None
    for word in tie_punctuation(text).split(" "):
        word = word.replace(NO_BREAK, " ")
        if line is not None and cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
            continue
        if line is not None:
            lines.append(line)
        while cell_len(word) > width:  # a word wider than the log: cut it
            cut = next(i for i in range(1, len(word) + 1) if cell_len(word[:i]) > width) - 1
            # after the last folder separator that fits
            after = max(word.rfind("/", 0, cut), word.rfind("\\", 0, cut)) + 1
            cut = after if after > cut // 2 else cut  # (one near the start: a short line)
            lines.append(word[: max(cut, 1)])
            word = word[max(cut, 1) :]
        line = word
    lines.append(line or "")
    return lines
