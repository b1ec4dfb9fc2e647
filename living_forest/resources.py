"""Where the game's files are: one way, from a checkout and from an installed wheel.

``living_forest/assets`` is the package's data folder. In a checkout it is a link to the
repository's top-level ``assets/`` (where the design card keeps the data); a built wheel
or sdist carries a copy of it inside the package. ``importlib.resources`` finds it in
both, so nothing else in the code knows where the repository is.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _assets() -> Path:
    found = resources.files("living_forest") / "assets"
    # An installed package (wheel, editable, checkout) is a folder: its Traversable is a
    # Path. A zipped import would not be, and the game does not support one.
    if not isinstance(found, Path):  # pragma: no cover - zipapps are not a supported install
        raise RuntimeError(f"living_forest must be installed as files, not from {found}")
    return found


ASSETS: Path = _assets()
