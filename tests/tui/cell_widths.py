"""Writes ``assets/cell_widths.json``, Rich's table of character widths, which
``living_forest.present.cells`` reads so that the panels measure text as Rich does
without importing it:

    .venv/bin/python -m tests.tui.cell_widths --write

``tests/tui/test_markup.py`` fails when the committed table and the installed Rich's differ.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from living_forest.present.cells import CELL_WIDTHS


def rich_table() -> dict[str, Any]:
    from rich._unicode_data import load

    t = load("latest")  # what Rich measures with unless UNICODE_VERSION says otherwise
    return {
        "_about": (
            "Terminal cell widths (0 or 2; every other code point takes 1) and the narrow "
            "characters a variation selector 16 makes wide, as Rich measures them (its "
            "table, from the wcwidth project, Unicode " + t.unicode_version + "). Written by "
            "`python -m tests.tui.cell_widths --write`; do not edit."
        ),
        "unicode_version": t.unicode_version,
        "widths": [list(w) for w in t.widths],
        "narrow_to_wide": "".join(sorted(t.narrow_to_wide)),
    }


def text(table: dict[str, Any]) -> str:
    head = {k: v for k, v in table.items() if k != "widths"}
    lines = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    rows = ",\n".join(f"  {json.dumps(w)}" for w in table["widths"])
    return f'{lines},\n "widths": [\n{rows}\n ]\n}}\n'


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    CELL_WIDTHS.write_text(text(rich_table()), encoding="utf-8")
    print(f"wrote {CELL_WIDTHS}")
