"""The player's settings that outlive a game: the language, the bots' speed, the
colour theme and the bot level a seat gets first.

A small JSON file: ``$LIVING_FOREST_SETTINGS`` if set, else
``<user config dir>/living-forest/settings.json`` (on Linux
``~/.config/living-forest/settings.json``). A missing file is the defaults; a
broken one is the defaults and one sentence saying why (the file is left as it is
until the player saves new settings); a bad value is that setting's default and a
sentence, the others are kept.

The environment still wins where it says something: ``LIVING_FOREST_BOT_PAUSE`` over
the bots' speed, ``LIVING_FOREST_THEME`` over the theme (``NO_COLOR`` picks the
terminal's own colours only when no theme is chosen, as no-color.org asks of a
program with a configuration file), ``--lang`` over the language. Kept light: every
command reads this file first thing.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from .atomic import atomic_write
from .i18n import LANGUAGES, _, decimal, join_clauses

ENV_SETTINGS = "LIVING_FOREST_SETTINGS"
MAX_FILE_BYTES = 16 * 1024  # a few keys; anything bigger is not our file

ENV_BOT_PAUSE = "LIVING_FOREST_BOT_PAUSE"  # seconds a bot waits before each step
BOT_PAUSE = 0.4  # seconds, by default: long enough to follow a bot's steps
MAX_BOT_PAUSE = 10.0
# The speeds the Settings screen offers (the file may hold any pause from 0 to 10 s).
BOT_PAUSES = (0.0, 0.2, 0.4, 1.0, 2.0)

ENV_THEME = "LIVING_FOREST_THEME"
# The themes by the names players use (``tui/themes.py`` holds their colours).
THEME_NAMES = ("default", "contrast", "ansi")


@dataclass(frozen=True, slots=True)
class Settings:
    language: str | None = None  # None: follow LC_ALL / LANG
    bot_pause: float | None = None  # seconds; None: BOT_PAUSE
    theme: str | None = None  # one of THEME_NAMES; None: default, or ansi under NO_COLOR
    bot_level: str | None = None  # a bot the New game form offers; None: its own order


def settings_path() -> Path:
    env = os.environ.get(ENV_SETTINGS)
    if env:
        return Path(env)
    return Path(user_config_dir("living-forest")) / "settings.json"


def _language(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or value not in LANGUAGES):
        raise ValueError(
            _("{value} is not a language ({known})").format(
                value=repr(value)[:20], known=", ".join(LANGUAGES)
            )
        )
    return value


def _bot_pause(value: Any) -> float | None:
    if value is None:
        return None
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or not math.isfinite(value) or not 0 <= value <= MAX_BOT_PAUSE:
        # i18n: a bad value of the settings file; {value}: what it holds
        raise ValueError(
            _("bot_pause {value} is not a pause from 0 to {most} seconds").format(
                value=repr(value)[:20], most=decimal(MAX_BOT_PAUSE)
            )
        )
    return float(value)


def _theme(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or value not in THEME_NAMES):
        # i18n: a bad value of the settings file; {value}: what it holds; {themes}: the
        # theme names
        raise ValueError(
            _("theme {value} is not a theme ({themes})").format(
                value=repr(value)[:20], themes=", ".join(THEME_NAMES)
            )
        )
    return value


def _bot_level(value: Any) -> str | None:
    if value is None:
        return None
    from living_forest.bots import OFFERED  # only when the file names a level

    if not isinstance(value, str) or value not in OFFERED:
        # i18n: a bad value of the settings file; {value}: what it holds; {levels}: the
        # bot names
        raise ValueError(
            _("bot_level {value} is not a bot ({levels})").format(
                value=repr(value)[:20], levels=", ".join(OFFERED)
            )
        )
    return value


_READERS = {
    "language": _language,
    "bot_pause": _bot_pause,
    "theme": _theme,
    "bot_level": _bot_level,
}


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, problem): the saved settings, or the defaults and why. A value that
    is not a setting's is that setting's default (the others are kept)."""
    p = path or settings_path()
    if not p.is_file():
        return Settings(), None
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise ValueError(_("it is larger than {size} kB").format(size=MAX_FILE_BYTES // 1024))
        raw = json.loads(p.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError(_("it is not a JSON object"))
    except RecursionError:  # a few thousand nested brackets: not ours, and no traceback
        why = _("it is nested too deeply")
        return Settings(), _("settings {path} ignored: {why}").format(path=p, why=why)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return Settings(), _("settings {path} ignored: {why}").format(path=p, why=e)
    return _read_values(raw, p)


def _read_values(raw: Mapping[str, Any], p: Path) -> tuple[Settings, str | None]:
    values: dict[str, Any] = {}
    wrong: list[str] = []
    for key, read in _READERS.items():  # keys of other versions are left alone
        try:
            values[key] = read(raw.get(key))
        except ValueError as e:
            wrong.append(str(e))
    if not wrong:
        return Settings(**values), None
    # i18n: {path}: the settings file; {why}: what is wrong with some of its values
    problem = _("settings {path}: {why}; the default is used for that").format(
        path=p, why=join_clauses(wrong)
    )
    return Settings(**values), problem


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (a crash leaves the old file or the new one)."""
    p = path or settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(p, (json.dumps(asdict(settings), indent=2) + "\n").encode("utf-8"))


def change_settings(path: Path | None = None, **changes: Any) -> Settings:
    """Save the settings with ``changes`` made (the other values as saved; a broken
    file's are the defaults); returns them. Raises OSError when it cannot be written."""
    saved, _problem = load_settings(path)
    new = replace(saved, **changes)
    save_settings(new, path)
    return new


def bot_pause_setting(text: str | None, saved: float | None = None) -> tuple[float, str | None]:
    """The bot pause: ``$LIVING_FOREST_BOT_PAUSE`` (``text``) when set, seconds from 0
    to 10; else the saved setting, else the default; and a sentence saying why the
    variable's value was not taken."""
    fallback = BOT_PAUSE if saved is None else saved
    if text is None or not text.strip():
        return fallback, None
    try:
        pause = float(text)
    except ValueError:
        pause = -1.0
    if not 0.0 <= pause <= MAX_BOT_PAUSE:  # also NaN, inf, 1e308
        # i18n: {setting} is the environment variable and its value, as typed
        return fallback, _(
            "{setting} is not a pause between 0 and {most} seconds; bots pause {pause} s"
        ).format(
            setting=f"{ENV_BOT_PAUSE}={text[:20]!r}",
            most=decimal(MAX_BOT_PAUSE),
            pause=decimal(fallback),
        )
    return pause, None


def env_setting(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The environment variable ``name`` when it says something (set, not blank), else
    None: the variables that win over a setting."""
    value = (os.environ if environ is None else environ).get(name)
    return value if value is not None and value.strip() else None
