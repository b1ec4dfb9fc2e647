"""The app's errors go to a file in the data folder (a bot that failed, a hint that
failed): with their tracebacks, never onto the terminal the app draws on."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from living_forest.datadir import ERROR_LOG, log_errors
from living_forest.present.bot_turns import bot_step
from living_forest.present.session import SeatConfig, Session


@pytest.fixture
def package_logger():
    logger = logging.getLogger("living_forest")
    before = list(logger.handlers)
    yield logger
    for h in logger.handlers:
        if h not in before:
            logger.removeHandler(h)
            h.close()


def test_a_failing_bot_s_traceback_is_written_to_the_data_folder(tmp_path: Path, package_logger):
    path = log_errors(tmp_path / "data")
    assert path == tmp_path / "data" / ERROR_LOG

    def broken(st, controller, step, legal):
        raise IndexError("pop from empty list")

    session = Session([SeatConfig("Ana", "winter", "greedy"), SeatConfig("Ben", "summer")], 5)
    step = bot_step(broken, session.state, "greedy", 0)
    assert isinstance(step.error, IndexError)
    text = path.read_text(encoding="utf-8")
    assert "living_forest.present.bot_turns" in text
    assert "Traceback" in text and "IndexError: pop from empty list" in text


def test_set_up_twice_the_file_has_each_error_once(tmp_path: Path, package_logger):
    log_errors(tmp_path)
    path = log_errors(tmp_path)
    assert path is not None
    logging.getLogger("living_forest.tui").error("one")
    assert path.read_text(encoding="utf-8").count(": one") == 1


def test_a_folder_that_cannot_be_made_gives_no_log_and_no_error(tmp_path: Path, package_logger):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert log_errors(blocker / "data") is None
    logging.getLogger("living_forest.tui").error("nowhere")  # and nothing raises
