"""User key remapping: a TOML file of ``binding id = "keys"`` applied with ``App.set_keymap``.

Location: ``$LIVING_FOREST_KEYMAP`` if set, else ``<user config dir>/living-forest/keymap.toml``
(on Linux ``~/.config/living-forest/keymap.toml``). Example::

    [keys]
    "game.draw" = "space"
    "game.end_turn" = "enter,e"

A binding's fallback (``<id>.why``, which explains a refused key) follows it.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from platformdirs import user_config_dir

ENV_KEYMAP = "LIVING_FOREST_KEYMAP"
PORTABLE_NAMED = {
    "enter",
    "escape",
    "space",
    "up",
    "down",
    "left",
    "right",
    "tab",
    "ctrl+s",
    "ctrl+o",
    "ctrl+q",
    "question_mark",
    *(f"f{i}" for i in range(1, 11)),
}


def keymap_path() -> Path:
    env = os.environ.get(ENV_KEYMAP)
    if env:
        return Path(env)
    return Path(user_config_dir("living-forest")) / "keymap.toml"


def _portable(key: str) -> bool:
    key = key.strip()
    return (len(key) == 1 and key.isalnum()) or key in PORTABLE_NAMED


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], list[str]]:
    """Return (keymap, problems). A missing file is an empty keymap, not a problem."""
    p = path or keymap_path()
    if not p.is_file():
        return {}, []
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return {}, [f"{p}: cannot read the keymap ({e}); default keys are used"]
    table = raw.get("keys", {})
    if not isinstance(table, dict):
        return {}, [f'{p}: [keys] must be a table of binding id = "keys"']
    out: dict[str, str] = {}
    problems = []
    for bid, keys in table.items():
        if not isinstance(keys, str):
            problems.append(f"{p}: {bid} must be a string of keys")
            continue
        bad = [k for k in keys.split(",") if not _portable(k)]
        if bad:
            problems.append(f"{p}: {bid}: {', '.join(bad)} is not a portable key; ignored")
            continue
        out[bid] = keys
        out[f"{bid}.why"] = keys
    return out, problems
