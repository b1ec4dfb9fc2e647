"""``python -m living_forest``: the same as the ``living-forest`` command."""

from living_forest.cli import run

raise SystemExit(run())
