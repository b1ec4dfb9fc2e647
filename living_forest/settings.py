"""The player's settings that outlive a game: for now the language.

A small JSON file: ``$LIVING_FOREST_SETTINGS`` if set, else
``<user config dir>/living-forest/settings.json`` (on Linux
``~/.config/living-forest/settings.json``). A missing file is the defaults; a
broken one is the defaults and one sentence saying why (the file is left as it is
until the player saves new settings).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_dir

from .i18n import LANGUAGES, _

ENV_SETTINGS = "LIVING_FOREST_SETTINGS"
MAX_FILE_BYTES = 16 * 1024  # a few keys; anything bigger is not our file


@dataclass(frozen=True, slots=True)
class Settings:
    language: str | None = None  # None: follow LC_ALL / LANG


def settings_path() -> Path:
    env = os.environ.get(ENV_SETTINGS)
    if env:
        return Path(env)
    return Path(user_config_dir("living-forest")) / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, problem): the saved settings, or the defaults and why."""
    p = path or settings_path()
    if not p.is_file():
        return Settings(), None
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise ValueError(_("it is larger than {size} kB").format(size=MAX_FILE_BYTES // 1024))
        raw = json.loads(p.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError(_("it is not a JSON object"))
        lang = raw.get("language")
        if lang is not None and (not isinstance(lang, str) or lang not in LANGUAGES):
            raise ValueError(
                _("{value} is not a language ({known})").format(
                    value=repr(lang)[:20], known=", ".join(LANGUAGES)
                )
            )
    except RecursionError:  # a few thousand nested brackets: not ours, and no traceback
        why = _("it is nested too deeply")
        return Settings(), _("settings {path} ignored: {why}").format(path=p, why=why)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return Settings(), _("settings {path} ignored: {why}").format(path=p, why=e)
    return Settings(language=lang), None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (a crash leaves the old file or the new one)."""
    p = path or settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f"{p.name}.{os.getpid()}.tmp")  # two apps saving at once (serve)
    tmp.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, p)
