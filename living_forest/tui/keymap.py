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


MAX_FILE_BYTES = 64 * 1024  # a keymap is a few lines; a bigger file is not one
MAX_KEYS_CHARS = 100  # "ctrl+shift+a,f5,..." for one binding


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
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            why = f"{size // 1024} kB is too big for a keymap (a few lines)"
            return {}, [f"{p}: {why}; default keys are used"]
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as e:
        why = "nested too deeply" if isinstance(e, RecursionError) else str(e)
        return {}, [f"{p}: cannot read the keymap ({why}); default keys are used"]
    table = raw.get("keys", {})
    if not isinstance(table, dict):
        return {}, [f'{p}: [keys] must be a table of binding id = "keys"']
    out: dict[str, str] = {}
    problems = []
    for bid, keys in table.items():
        if not isinstance(keys, str):
            problems.append(f"{p}: {bid[:40]} must be a string of keys")
            continue
        if len(keys) > MAX_KEYS_CHARS or len(bid) > MAX_KEYS_CHARS:
            problems.append(f"{p}: {bid[:40]}: too long for a list of keys; ignored")
            continue
        bad = [k for k in keys.split(",") if not _portable(k)]
        if bad:
            problems.append(f"{p}: {bid}: {', '.join(bad)} is not a portable key; ignored")
            continue
        out[bid] = keys
        out[f"{bid}.why"] = keys
    return out, problems
