"""The data the package carries: the example game replays to its end under today's
rules, and the package's data folder is the repository's ``assets/`` in a checkout
(the wheel carries a copy: ``make test-install``)."""

from __future__ import annotations

from pathlib import Path

from living_forest.bots import BOTS
from living_forest.core.state import PHASE_OVER
from living_forest.persistence import load_game
from living_forest.resources import ASSETS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ASSETS / "examples" / "example-game.json"


def test_the_package_data_folder_is_the_repositorys_assets() -> None:
    # living_forest/assets links to the top-level folder, so the package data
    # "assets/**/*" of pyproject.toml is every file of assets/.
    assert ASSETS.is_symlink()
    assert ASSETS.resolve() == (ROOT / "assets").resolve()


def test_the_example_game_replays_to_its_end() -> None:
    # load_game replays the log and checks it against the saved snapshot: a rules change
    # that breaks the example fails here (regenerate: tests/install/make_example.py).
    rec, state = load_game(EXAMPLE)
    assert state.phase == PHASE_OVER
    assert all(seat.controller in BOTS for seat in rec.seats)
