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
from collections.abc import Sequence

REPLACEMENT = "?"
_UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def is_unsafe(c: str) -> bool:
    return unicodedata.category(c) in _UNSAFE_CATEGORIES


def printable(text: str) -> str:
    """``text`` with every control character replaced by ``?`` (the rest as it is)."""
    if text.isprintable() or not any(is_unsafe(c) for c in text):
        return text
    return "".join(REPLACEMENT if is_unsafe(c) else c for c in text)


def access_letters(labels: Sequence[str]) -> list[int]:
    """For each label, where its key letter is (an index into it; -1 for none), no
    letter given twice: the first letter of a word that is the label's own (a word
    several labels share, "Bot:", is passed over; the longest word first) not taken
    yet, else the next letters of its own words, else any letter of it. Labels earlier
    in the list choose first ("Human" gets h, so "Bot: hard" gets a), in every
    language."""
    words = [_words(label) for label in labels]
    seen: dict[str, int] = {}
    for ws in words:
        for w in {w.lower() for _i, w in ws}:
            seen[w] = seen.get(w, 0) + 1
    taken: set[str] = set()
    out: list[int] = []
    for label, ws in zip(labels, words, strict=True):
        # Its own words, the longest first ("de base": base, "Winter (Wi)": Winter).
        own = sorted(((i, w) for i, w in ws if seen[w.lower()] == 1), key=lambda x: -len(x[1]))
        order = [i for i, _w in own]  # first letters first
        order += [i + k for i, w in own for k in range(1, len(w))]
        order += list(range(len(label)))
        pos = next((i for i in order if label[i].isalpha() and label[i].lower() not in taken), -1)
        if pos >= 0:
            taken.add(label[pos].lower())
        out.append(pos)
    return out


def _words(label: str) -> list[tuple[int, str]]:
    """(start, word) of each run of letters in ``label``."""
    found: list[tuple[int, str]] = []
    start = -1
    for i, c in enumerate(label + " "):
        if c.isalpha() and start < 0:
            start = i
        elif not c.isalpha() and start >= 0:
            found.append((start, label[start:i]))
            start = -1
    return found
