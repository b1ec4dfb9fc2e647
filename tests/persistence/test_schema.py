"""The committed JSON Schema matches the model, and the snapshot mirrors GameState."""

from __future__ import annotations

import dataclasses
import json

from pydantic import BaseModel

from living_forest.core import GameState, Pending, PlayerState
from living_forest.persistence import PendingSnapshot, PlayerSnapshot, StateSnapshot
from living_forest.persistence.schema import REGENERATE, SCHEMA_PATH, save_schema

from .conftest import play


def test_committed_schema_matches_the_model() -> None:
    committed = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert committed == save_schema(), (
        f"assets/schemas/save.schema.json is out of date; regenerate it with: {REGENERATE}"
    )


def test_snapshot_is_typed_in_the_schema() -> None:
    schema = save_schema()
    state = schema["$defs"]["StateSnapshot"]
    assert state["additionalProperties"] is False
    assert state["properties"]["phase"]["enum"] == ["draw", "action", "over"]
    assert "PlayerSnapshot" in schema["$defs"] and "PendingSnapshot" in schema["$defs"]


def test_snapshot_models_mirror_the_core_dataclasses() -> None:
    pairs: list[tuple[type, type[BaseModel]]] = [
        (GameState, StateSnapshot),
        (PlayerState, PlayerSnapshot),
        (Pending, PendingSnapshot),
    ]
    for core_cls, model in pairs:
        core_fields = [f.name for f in dataclasses.fields(core_cls) if not f.name.startswith("_")]
        assert list(model.model_fields) == core_fields, (
            f"{model.__name__} no longer mirrors {core_cls.__name__}; update "
            "living_forest/persistence/model.py, bump SCHEMA_VERSION if old saves break, "
            f"and regenerate the schema: {REGENERATE}"
        )


def test_snapshot_round_trips_states_from_real_games() -> None:
    for seed, steps in [(1, 0), (2, 57), (3, 300), (4, 100_000)]:
        _, st = play(seed, steps)
        snap = StateSnapshot.model_validate(st.to_dict())
        assert snap.model_dump() == st.to_dict()
        assert GameState.from_dict(snap.model_dump()) == st
