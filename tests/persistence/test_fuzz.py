"""Whatever is wrong with a file, loading raises SaveError and nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from living_forest.persistence import SaveError, load_game, save_game
from living_forest.persistence.files import MAX_MESSAGE

from .conftest import play

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Any]]:
    rec, state = play(17, 80)
    path = tmp_path_factory.mktemp("fuzz") / "g.json"
    save_game(path, rec, state)
    blob = path.read_bytes()
    return blob, json.loads(blob)


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


def _load(path: Path) -> None:
    try:
        load_game(path)
    except SaveError as e:
        assert str(e) and "\n" not in str(e)
        assert len(str(e)) <= MAX_MESSAGE, str(e)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_byte_damage(
    tmp_path: Path, saved: tuple[bytes, dict[str, Any]], data: st.DataObject
) -> None:
    blob = bytearray(saved[0])
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(blob) - 1))
        blob[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(1, len(blob)))
    path = tmp_path / "damaged.json"
    path.write_bytes(bytes(blob[:cut]))
    _load(path)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_value_damage(
    tmp_path: Path, saved: tuple[bytes, dict[str, Any]], data: st.DataObject
) -> None:
    doc = json.loads(saved[0])
    paths = [p for p in _paths(doc) if p]
    where = data.draw(st.sampled_from(paths))
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(json_values)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    _load(path)
