"""Where the save folder is set: ``$LIVING_FOREST_DATA_DIR``, resolved once at start.

Kept apart from ``persistence`` (which loads pydantic and the rules) so that every
command can pin the folder first thing, cheaply.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

ENV_DATA_DIR = "LIVING_FOREST_DATA_DIR"
# Set by ``living-forest serve`` for each tab's app: files may be loaded and saved only
# inside the data folder; and the server's process id, whose end ends the app too.
ENV_CONFINED = "LIVING_FOREST_CONFINED"
ENV_SERVER_PID = "LIVING_FOREST_SERVER_PID"


def pin_data_dir() -> None:
    """Resolve a relative ``$LIVING_FOREST_DATA_DIR`` once, at start, against the
    folder the program was started in: every later use (a path typed relative to the
    save folder, a browser tab's process started elsewhere) then means the same
    folder, never ``relative/data/relative/data``."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        with contextlib.suppress(OSError, ValueError):
            os.environ[ENV_DATA_DIR] = str(Path(env).expanduser().absolute())


def confined() -> bool:
    """Whether this app may load and save files only inside its data folder (a browser
    tab of ``living-forest serve``)."""
    return os.environ.get(ENV_CONFINED) == "1"


ERROR_LOG = "errors.log"  # in the data folder: what went wrong, with its traceback
ERROR_LOG_BYTES = 512 * 1024  # kept to this size, with one older file beside it


def log_errors(folder: Path) -> Path | None:
    """From now on the package's errors (a bot that failed and had a simple move played
    for it, a hint that failed) are written with their tracebacks to ``folder``'s
    :data:`ERROR_LOG`, not to a terminal the app is drawing on. The file's path, or
    None when the folder cannot be written (the errors then go nowhere; the game is
    unaffected)."""
    import logging
    from logging.handlers import RotatingFileHandler

    path = folder / ERROR_LOG
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=ERROR_LOG_BYTES, backupCount=1, encoding="utf-8", delay=True
        )
    except (OSError, ValueError):
        return None
    handler.setLevel(logging.ERROR)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
    logger = logging.getLogger("living_forest")
    same = str(path.absolute())
    for old in [h for h in logger.handlers if getattr(h, "baseFilename", None) == same]:
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    return path
