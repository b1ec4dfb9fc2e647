"""How many terminal cells a text takes, as Rich measures it (``rich.cells.cell_len``),
without importing Rich: the panels pad their columns with it.

The widths are Rich's own table (from the wcwidth project), kept in
``assets/cell_widths.json``; ``tests/tui/test_markup.py`` checks every code point
against the installed Rich and says how to write the table again when Rich changes it.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache, lru_cache

from living_forest.core.data import ASSETS_DIR

CELL_WIDTHS = ASSETS_DIR / "cell_widths.json"

# Latin, Greek, Cyrillic, box drawing, geometric shapes, Braille: one cell each (Rich's
# fast path; the table agrees).
_SINGLE_CELL_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0xAC),
    (0xAE, 0x2FF),
    (0x370, 0x482),
    (0x2500, 0x25FC),
    (0x2800, 0x28FF),
)
_SINGLE_CELLS = frozenset(
    chr(c) for start, end in _SINGLE_CELL_RANGES for c in range(start, end + 1)
)
_ZWJ = "\u200d"  # zero width joiner: the character after it joins the one before
_VS16 = "\ufe0f"  # variation selector 16: some narrow characters become wide


@cache
def _table() -> tuple[list[int], list[tuple[int, int, int]], frozenset[str]]:
    data = json.loads(CELL_WIDTHS.read_text(encoding="utf-8"))
    widths = [(int(a), int(b), int(w)) for a, b, w in data["widths"]]
    return [a for a, _b, _w in widths], widths, frozenset(data["narrow_to_wide"])


@lru_cache(maxsize=4096)
def char_width(ch: str) -> int:
    """0, 1 or 2 cells for one character (control characters take none)."""
    cp = ord(ch)
    if (cp and cp < 32) or 0x7F <= cp < 0xA0:
        return 0
    starts, widths, _wide = _table()
    i = bisect_right(starts, cp) - 1
    if i >= 0:
        start, end, width = widths[i]
        if start <= cp <= end:
            return width
    return 1


@lru_cache(maxsize=4096)
def cell_len(text: str) -> int:
    """The cells ``text`` takes in a terminal (Rich's ``cell_len``)."""
    if _SINGLE_CELLS.issuperset(text):
        return len(text)
    if _ZWJ not in text and _VS16 not in text:
        return sum(char_width(c) for c in text)
    narrow_to_wide = _table()[2]
    total = 0
    last: str | None = None
    i = 0
    while i < len(text):
        c = text[i]
        if c == _ZWJ:
            i += 1  # the joined character adds nothing
        elif c == _VS16:
            if last:
                total += last in narrow_to_wide
                last = None
        elif width := char_width(c):
            last = c
            total += width
        i += 1
    return total
