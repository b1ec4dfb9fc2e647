"""Save files written by earlier versions of the program keep loading.

``tests/data/saves/v1_*.json`` were written by the version-1 save format (before game
options existed); they are committed as they were written and never regenerated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from living_forest.core import is_over
from living_forest.persistence import load_game

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves"
V1 = sorted(SAVES.glob("v1_*.json"))


def test_the_v1_fixtures_are_present() -> None:
    assert len(V1) >= 2
    for path in V1:
        assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == 1


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_a_v1_save_loads_with_its_log_and_position(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    rec, st = load_game(path)
    assert rec.actions == raw["actions"]
    assert [s.controller for s in rec.seats] == [s["controller"] for s in raw["seats"]]
    # The replayed position is the one the old program saved, field by field.
    saved = raw["state"]
    now = st.to_dict()
    for key, value in saved.items():
        assert now[key] == value, key
    assert is_over(st) == (saved["phase"] == "over")
