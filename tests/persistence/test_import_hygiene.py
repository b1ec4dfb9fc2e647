from __future__ import annotations

import subprocess
import sys


def test_persistence_imports_no_ui_library() -> None:
    code = (
        "import sys, living_forest.persistence as p; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
