"""User key remapping: a TOML file of ``binding id = "keys"`` applied with ``App.set_keymap``.

Location: ``$LIVING_FOREST_KEYMAP`` if set, else ``<user config dir>/living-forest/keymap.toml``
(on Linux ``~/.config/living-forest/keymap.toml``). Example::

    [keys]
    "game.draw" = "space"
    "game.end_turn" = "enter,e"

A binding's fallback (``<id>.why``: it explains a refused key, or takes the key where the
binding let it pass) follows it.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable
from pathlib import Path

from platformdirs import user_config_dir
from textual.binding import Binding, BindingType

from living_forest.i18n import _
from living_forest.text import printable

ENV_KEYMAP = "LIVING_FOREST_KEYMAP"


def menu_keys(rows: Iterable[tuple[str, str, str, str]], *, show: bool = True) -> list[BindingType]:
    """The keys of a menu without a field to type into (the title, the result box):
    ``(key, action, description, id)`` rows as bindings of priority. Each acts when it
    is read, so that the keys typed with it reach the screen it opens (the app holds
    them while that screen settles); an ordinary binding acted only once the focused
    widget had passed the key on, after the keys behind it had gone to the menu."""
    return [Binding(k, a, d, id=bid, show=show, priority=True) for k, a, d, bid in rows]


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
            why = _(
                "{path}: {size} kB is too big for a keymap (a few lines); default keys are used"
            )
            return {}, [why.format(path=p, size=size // 1024)]
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as e:
        why = _("nested too deeply") if isinstance(e, RecursionError) else str(e)
        # i18n: {path}: the keymap file's path; {error}: what is wrong with it
        text = _("{path}: cannot read the keymap ({error}); default keys are used")
        return {}, [text.format(path=p, error=why)]
    table = raw.get("keys", {})
    if not isinstance(table, dict):
        # i18n: {path}: the keymap file's path; keep [keys] and "keys" (the file's syntax)
        return {}, [_('{path}: [keys] must be a table of binding id = "keys"').format(path=p)]
    out: dict[str, str] = {}
    problems = []
    for bid, keys in table.items():
        if not isinstance(keys, str):
            # i18n: {path}: the keymap file's path; {binding}: a binding id ("game.draw")
            text = _("{path}: {binding} must be a string of keys")
            problems.append(text.format(path=p, binding=bid[:40]))
            continue
        if len(keys) > MAX_KEYS_CHARS or len(bid) > MAX_KEYS_CHARS:
            # i18n: {path}: the keymap file's path; {binding}: a binding id ("game.draw")
            text = _("{path}: {binding}: too long for a list of keys; ignored")
            problems.append(text.format(path=p, binding=bid[:40]))
            continue
        bad = [k for k in keys.split(",") if not _portable(k)]
        if bad:
            # i18n: {path}: the keymap file's path; {binding}: a binding id ("game.draw");
            # {keys}: the key names, as written in the file
            text = _("{path}: {binding}: {keys} is not a portable key; ignored")
            problems.append(text.format(path=p, binding=bid, keys=", ".join(bad)))
            continue
        out[bid] = keys
        out[f"{bid}.why"] = keys
    # The file's words quoted in a warning are shown on the terminal: no control codes.
    return out, [printable(p) for p in problems]


def bound_keys(
    bindings: Iterable[BindingType], keymap: dict[str, str]
) -> list[tuple[str, str, str]]:
    """(binding id, keys, description) of every binding with an id, once each, with the
    keys ``keymap`` gives it; the fallbacks that explain a refused key (``.why``) are
    left out. Descriptions are the bindings' own (English, marked: translate them)."""
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for b in bindings:
        if not isinstance(b, Binding) or not b.id or b.id in seen or b.id.endswith(".why"):
            continue
        seen.add(b.id)
        out.append((b.id, keymap.get(b.id, b.key), b.description))
    return out
