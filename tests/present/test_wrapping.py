"""The event log's wrap, without a terminal (:func:`wrap_sentence`; its French
cases beside the log's renderer: ``tests/tui/test_log_wrap.py``)."""

from __future__ import annotations

from living_forest.present.wrapping import wrap_sentence


def test_a_word_wider_than_the_log_is_cut() -> None:
    assert wrap_sentence("a Hippopotamus here", 5) == ["a", "Hippo", "potam", "us", "here"]


def test_a_path_wider_than_the_log_breaks_between_folders() -> None:
    """A save's path in the log is cut after a "/" (it was cut inside a folder's name);
    a "/" near the line's start would leave a short line: then the line is filled."""
    path = "/home/ana/games/living-forest/saves/2026-12-07.json"
    lines = wrap_sentence(f"Saved to {path}.", 24)
    assert "".join(lines[1:]) == f"{path}."
    assert all(line.endswith("/") for line in lines[1:-1]), lines
    assert wrap_sentence("x /a/verylongfoldername", 12)[1] == "/a/verylongf"


def test_a_windows_path_breaks_between_folders_too() -> None:
    path = "C:\\Users\\ana\\AppData\\Roaming\\living-forest\\saves\\2026-12-08.json"
    lines = wrap_sentence(f"Saved to {path}.", 24)
    assert "".join(lines[1:]) == f"{path}."
    assert all(line.endswith("\\") for line in lines[1:-1]), lines
