"""``living_forest.present`` computes what the app shows without a terminal: every
module of it imports without Textual or Rich (STYLE.md, harlequin's hygiene test)."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import living_forest.present as present

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(present.__path__, prefix=f"{present.__name__}.")
)

# In a fresh interpreter: import each module in turn and name the UI modules it brought.
_PROBE = """
import importlib, json, sys
ui = lambda: {m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')}
found = {}
for name in json.loads(sys.argv[1]):
    before = ui()
    importlib.import_module(name)
    if ui() - before:
        found[name] = sorted(ui() - before)[:5]
print(json.dumps(found))
"""


def test_every_module_of_present_is_found() -> None:
    assert "living_forest.present.markup" in MODULES
    assert len(MODULES) >= 2


def test_no_module_of_present_imports_textual_or_rich() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps([present.__name__, *MODULES])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == {}
