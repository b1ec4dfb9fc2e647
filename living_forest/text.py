"""Text that came from outside (a save file, a form, a settings file) made safe to show.

A terminal obeys control characters: ``ESC ] 0 ; … BEL`` in a player's name would set
the window's title (the same channel writes the clipboard on many terminals),
``ESC [ 5 m`` makes the screen blink, a bare CR or BS rewrites what was drawn. So such
text is cleaned where it enters the program, once: every control character (C0, DEL,
C1) and line or paragraph separator becomes ``?``, which shows that something was
there. Imports nothing of the UI.
"""

from __future__ import annotations

import re
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


def wrap_paths(text: str, width: int) -> str:
    """``text`` wrapped at ``width`` cells with the lines broken between words, and a
    word longer than a line (a file's path) broken after a ``/`` (else after ``-``,
    ``_`` or ``.``), never in the middle of a name, where it can be; a line of text
    that fits is left as it is. For boxes that would break a long word anywhere (a
    notification). Text whose words all fit a line is returned as it is."""
    width = max(8, width)
    if all(len(word) <= width for word in text.split()):
        return text  # the box breaks it between words by itself
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        current = ""
        for word in line.split(" "):
            pieces = _path_pieces(word, width) if len(word) > width else [word]
            for k, piece in enumerate(pieces):
                joiner = "" if k else " "
                if not current:
                    current = piece
                elif len(current) + len(joiner) + len(piece) <= width:
                    current += joiner + piece
                else:
                    out.append(current)
                    current = piece
        out.append(current)
    return "\n".join(out)


def _path_pieces(word: str, width: int) -> list[str]:
    """``word`` cut after each ``/`` (a piece still longer than ``width`` after its
    ``-``, ``_`` and ``.``, then anywhere), for the lines to be filled with."""
    out: list[str] = []
    for part in re.findall(r"[^/]*/|[^/]+$", word):
        if len(part) <= width:
            out.append(part)
            continue
        for sub in re.findall(r"[^-_.]*[-_.]|[^-_.]+$", part):
            out.extend(sub[i : i + width] for i in range(0, len(sub), width))
    return out
