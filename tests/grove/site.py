"""Install "grove" the way a package installs: a ``*.dist-info`` folder whose
``entry_points.txt`` names its rules and its view in the groups the core and the app
read (``living_forest.modules``, ``living_forest.views``). Put the folder on
``sys.path`` (``PYTHONPATH`` for another process) with the project's root, so that
``tests.grove`` imports; nothing else is needed, nothing of the app is edited.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # holds the ``tests`` package

ENTRY_POINTS = """\
[living_forest.modules]
grove = tests.grove.rules

[living_forest.views]
grove = tests.grove.view
"""

METADATA = """\
Metadata-Version: 2.1
Name: living-forest-grove
Version: 0.1
Summary: A house rule for Living Forest: threshold 10 and a basic action Rest
"""


def install(site: Path) -> Path:
    """Write grove's metadata into the folder ``site`` (made if needed); returns it."""
    info = site / "living_forest_grove-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(METADATA, encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return site


def environment(site: Path) -> dict[str, str]:
    """The environment of a process that has grove installed (``site`` from
    :func:`install`) and the project importable."""
    env = dict(os.environ)
    paths = [str(site), str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env
