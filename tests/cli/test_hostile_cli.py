"""Hostile command lines: every one is a one-line answer with the usual exit
code, never a traceback, a hang or thousands of processes."""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from living_forest import cli, match, parallel, simulate
from living_forest.core import BASE_GAME
from living_forest.datadir import ENV_DATA_DIR
from living_forest.parallel import MAX_WORKERS
from tests.persistence.conftest import release_fifo_writer
from tests.procs import alive, descendants


class _CountingPool:
    """Stands in for ProcessPoolExecutor: records how many processes were asked for
    and plays the games here (so the test starts none)."""

    asked: list[int] = []

    def __init__(self, max_workers: int, **_kw: Any) -> None:
        self.asked.append(max_workers)

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_result(fn(*args))
        return f

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass

    def __enter__(self) -> _CountingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> type[_CountingPool]:
    _CountingPool.asked = []
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", _CountingPool)
    return _CountingPool


def test_never_more_workers_than_games(pool: type[_CountingPool]) -> None:
    """``--workers 10000`` for a 2-game match forked 10,000 processes up front."""
    results = list(simulate.play_many(2, 2, 0, "random", workers=10_000))
    assert len(results) == 2 and all(r.failure is None for r in results)
    assert pool.asked == [2]
    spec = match.parse_spec("random,baseline", 2, 3, 0, BASE_GAME)
    report = match.run(spec, workers=5000)
    assert report.summary.games == 3 and pool.asked == [2, 3]
    list(simulate.play_many(2, 1, 0, "random", workers=8))  # one game: no pool at all
    assert pool.asked == [2, 3]


def _square_slowly(i: int) -> int:
    time.sleep(0.001)
    return i * i


def test_a_run_stopped_early_cancels_no_future_and_leaves_no_error_in_the_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run of processes whose reader stops (Ctrl+C does that) ends quietly. Python
    3.11's pool raised InvalidStateError in its thread, a traceback under the one-line
    "interrupted" (seen in tmux: one Ctrl+C in four), when its stopped workers broke it
    before it had dropped the chunks ``map``'s clean-up had cancelled. The race is
    rare here, its cause is not: no future may be cancelled (the broken pool fails
    those left itself)."""
    cancelled: list[Future[Any]] = []
    cancel = Future.cancel

    def recording_cancel(f: Future[Any]) -> bool:
        done = cancel(f)
        if done:
            cancelled.append(f)
        return done

    monkeypatch.setattr(Future, "cancel", recording_cancel)
    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    before = set(descendants(os.getpid()))
    for _run in range(3):
        results = parallel.in_order(_square_slowly, range(100_000), 2)
        assert [next(results) for _ in range(50)] == [i * i for i in range(50)]
        results.close()  # type: ignore[attr-defined]  # the reader stops
    assert cancelled == [] and errors == []
    assert not [p for p in descendants(os.getpid()) if p not in before and alive(p)]


@pytest.mark.parametrize("command", ["simulate", "match"])
def test_workers_above_the_ceiling_are_refused_with_a_message(
    command: str, pool: type[_CountingPool], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main([command, "-g", "1", "-w", "100000", "--bots", "random", "--json"])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert f"argument --workers/-w: at most {MAX_WORKERS} processes, not 100000" in err
    assert pool.asked == []


def test_a_deeply_nested_settings_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A settings file nested a few thousand levels deep stopped every command with a
    RecursionError traceback."""
    settings = tmp_path / "settings.json"
    settings.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    monkeypatch.setenv("LIVING_FOREST_SETTINGS", str(settings))
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == cli.EXIT_FAIL
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"living-forest: settings {settings} ignored: it is nested too deeply",
        f"living-forest: there is no save file at {tmp_path / 'missing.json'}",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("argv", [["replay"], ["view"], ["--load"]])
def test_a_fifo_is_refused_by_every_command_that_opens_a_save(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)

    def writer() -> None:  # the old code waited for one: it comes, so no test hangs
        with open(fifo, "wb"):
            pass

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    try:
        assert cli.main([*argv, str(fifo)]) == cli.EXIT_FAIL
    finally:
        release_fifo_writer(fifo, t)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a regular file, so it cannot be a save file" in err


def test_a_relative_data_folder_is_resolved_once_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV_DATA_DIR, "rel/data")
    cli.main(["replay", "missing.json"])
    assert os.environ[ENV_DATA_DIR] == str(tmp_path / "rel" / "data")


# --- Ctrl+C in a real terminal ------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
@pytest.mark.parametrize(
    ("argv", "shown", "processes"),
    [
        (["simulate", "-g", "1000000", "--bots", "random"], b"simulating", 0),
        # The further ways to run many games: make test-slow (a cluster starts Dask).
        *(
            pytest.param(*run, marks=pytest.mark.slow)
            for run in (
                (["simulate", "-g", "1000000", "--bots", "random", "-w", "2"], b"simulating", 2),
                (["match", "--bots", "random,random", "-g", "1000000", "-w", "2"], b"playing", 2),
                # the two workers, and the forkserver they were forked from
                (
                    ["simulate", "-g", "1000000", "--bots", "random", "--cluster", "local:2"],
                    b"simulating",
                    3,
                ),
                # one worker: a thread of this process, which the interrupted run ends
                (
                    ["simulate", "-g", "1000000", "--bots", "random", "--cluster", "local:1"],
                    b"simulating",
                    0,
                ),
            )
        ),
    ],
    ids=[
        "simulate",
        "simulate-2-workers",
        "match-2-workers",
        "simulate-local-cluster",
        "simulate-local-cluster-of-one",
    ],
)
def test_ctrl_c_in_a_long_run_is_one_line_and_exit_code_130(
    argv: list[str], shown: bytes, processes: int
) -> None:
    """Ctrl+C reaches the whole foreground process group, workers included: each used
    to print a KeyboardInterrupt traceback."""
    from tests.terminal import Terminal

    with Terminal(argv) as term:
        start = term.read_until(shown)  # the progress bar: the games are being played
        term.read_until(b"0:00:01", start=start)  # for a second: every worker is busy
        workers = descendants(term.pid)  # a local cluster's: the forkserver's children
        assert len(workers) >= processes, workers
        term.send(b"\x03")  # Ctrl+C, through the terminal
        code = term.finish()
    text = bytes(term.output).decode("utf-8", "replace")
    assert code == 130
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert text.rstrip().endswith("living-forest: interrupted")
    assert text.count("living-forest: interrupted") == 1
    end = time.monotonic() + 60
    while any(alive(p) for p in workers):  # the workers went with it (bounded wait)
        assert time.monotonic() < end, f"workers left running: {workers}"
        time.sleep(0.05)
