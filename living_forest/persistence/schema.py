"""Write the save file's JSON Schema: ``python -m living_forest.persistence.schema``."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..resources import ASSETS
from .model import GameRecord

SCHEMA_PATH = ASSETS / "schemas" / "save.schema.json"
REGENERATE = ".venv/bin/python -m living_forest.persistence.schema"


def save_schema() -> dict[str, Any]:
    return GameRecord.model_json_schema(mode="validation")


def schema_text() -> str:
    return json.dumps(save_schema(), indent=2, sort_keys=True) + "\n"


def main() -> int:
    SCHEMA_PATH.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
