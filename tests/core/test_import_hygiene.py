"""The core, persistence and bots never import the UI (STYLE.md, harlequin's hygiene test)."""

import json
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module", ["living_forest.core", "living_forest.bots", "living_forest.persistence"]
)
def test_headless_modules_do_not_import_textual_or_rich(module: str) -> None:
    code = (
        f"import json, sys; import {module}; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('textual', 'rich'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == []
