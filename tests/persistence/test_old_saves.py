"""Save files written by earlier versions of the program keep loading.

``tests/data/saves/v1_*.json`` were written by the version-1 save format (before game
options existed), ``v2_*.json`` by version 2 (before the known draw tops of A-21);
they are committed as they were written and never regenerated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from living_forest.core import is_over
from living_forest.persistence import SCHEMA_VERSION, SaveError, load_game, save_game

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
    for player in now["players"]:
        player.pop("draw_known", None)  # recorded since version 3
    for key, value in saved.items():
        assert now[key] == value, key
    assert is_over(st) == (saved["phase"] == "over")


V2 = sorted(SAVES.glob("v2_*.json"))


@pytest.mark.parametrize("path", V2, ids=lambda p: p.stem)
def test_a_v2_save_loads_and_gains_the_known_draw_tops(path: Path) -> None:
    """Version 2 did not record ``draw_known`` (A-21): the file still passes its replay
    check, and the loaded game has the known tops the replay gives."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 2
    assert all("draw_known" not in p for p in raw["state"]["players"])
    rec, st = load_game(path)
    assert rec.actions == raw["actions"]
    assert rec.schema_version == SCHEMA_VERSION
    assert any(p.draw_known > 0 for p in st.players)  # so the comparison had to leave it out
    now = st.to_dict()
    for player in now["players"]:
        player.pop("draw_known", None)
    assert now == raw["state"]


def test_a_current_save_with_altered_known_tops_is_refused(tmp_path: Path) -> None:
    rec, st = load_game(V2[0])
    out = tmp_path / "now.json"
    save_game(out, rec, st)
    raw = json.loads(out.read_text(encoding="utf-8"))
    seat = next(i for i, p in enumerate(st.players) if p.draw_known > 0)
    raw["state"]["players"][seat]["draw_known"] -= 1
    out.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveError, match="altered or damaged"):
        load_game(out)
