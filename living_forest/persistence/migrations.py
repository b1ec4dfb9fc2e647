"""Upgrade save files written by earlier versions of the format, step by step.

Each step takes the decoded JSON object of version ``n`` and returns it as version
``n + 1``; :func:`upgrade` chains them up to the current version. Steps only add or
rename fields: the action log and the snapshot of a base game are unchanged, so the
replay check of an upgraded file is as strict as for a new one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import SCHEMA_VERSION

Raw = dict[str, Any]


def _v1_to_v2(raw: Raw) -> Raw:
    """Version 1 knew only the base game: it had no options."""
    out = dict(raw)
    out["schema_version"] = 2
    out.setdefault("options", {"modules": []})
    return out


def _v2_to_v3(raw: Raw) -> Raw:
    """Version 3 records each player's known draw-stack top cards (``draw_known``,
    A-21); a version-2 snapshot lacks them, so its check leaves them out (below)."""
    out = dict(raw)
    out["schema_version"] = 3
    return out


# from-version -> step to the next version
STEPS: dict[int, Callable[[Raw], Raw]] = {1: _v1_to_v2, 2: _v2_to_v3}

# Player fields of the state snapshot that a version began to record. A file of an
# older version lacks them, so the replay check leaves them out of the comparison;
# the loaded game is the replay, which has their true values.
PLAYER_FIELDS_SINCE: dict[int, tuple[str, ...]] = {3: ("draw_known",)}


def unrecorded_player_fields(version: int) -> tuple[str, ...]:
    """Player fields a save of ``version`` could not contain."""
    return tuple(f for v, names in PLAYER_FIELDS_SINCE.items() if v > version for f in names)


OLDEST = min(STEPS)


def readable(version: object) -> bool:
    """Is ``version`` a format version this program reads (directly or upgraded)?"""
    return (
        isinstance(version, int)
        and not isinstance(version, bool)
        and OLDEST <= version <= SCHEMA_VERSION
    )


def upgrade(raw: Raw) -> Raw:
    """``raw`` (a save of a readable version) as the current version."""
    version = raw["schema_version"]
    while version < SCHEMA_VERSION:
        raw = STEPS[version](raw)
        version = raw["schema_version"]
    return raw
