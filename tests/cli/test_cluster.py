"""``--cluster``: simulate, match and the bots' training on Dask (issue 28). The results
are those of one process, rows and summary alike; a lost worker's batch is played again;
without Dask, one line says how to install it; Dask is imported only for ``--cluster``."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from distributed import LocalCluster

from living_forest import cli, parallel
from living_forest import cluster as dask_cluster
from living_forest.bots import train as training
from living_forest.bots.evaluation import read_fits
from living_forest.cli import main
from living_forest.core import GameOptions
from living_forest.parallel import (
    CLUSTER_EXTRA,
    ClusterError,
    Processes,
    cluster_address,
    executor,
)
from living_forest.simulate import GameResult, play_game

TIMING = ("seconds", "games_per_second", "us_per_decision", "seconds_per_decision_by_bot")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A running scheduler with two workers, as ``dask scheduler`` and two ``dask worker``
    would be (started once for this module's tests)."""
    with dask_cluster.local_cluster(2) as c:
        yield c.scheduler_address


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    for key in TIMING:  # the clock's, not the games'
        data.pop(key, None)
    return data


def test_simulate_on_a_local_cluster_of_two_is_one_process_s_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cluster local:2`` against ``--workers 1``: the same summary, the same rows
    byte for byte, in seed order."""
    bots = "baseline,random,baseline"
    argv = ["simulate", "-p", "3", "-g", "40", "--seed", "11", "--bots", bots]
    one = run_json([*argv, "--workers", "1", "--out", str(tmp_path / "one.jsonl")], capsys)
    two = run_json([*argv, "--cluster", "local:2", "--out", str(tmp_path / "two.jsonl")], capsys)
    assert one == two and one["games"] == 40
    rows = (tmp_path / "two.jsonl").read_text()
    assert rows == (tmp_path / "one.jsonl").read_text()
    assert [json.loads(line)["seed"] for line in rows.splitlines()] == list(range(11, 51))


def test_a_match_on_a_local_cluster_of_one_is_one_process_s_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``local:1``, whose worker is a thread of this process, against ``--workers 1``."""
    argv = ["match", "--bots", "rules,baseline", "-p", "2", "-g", "16", "--seed", "5"]
    one = run_json([*argv, "--workers", "1", "--out", str(tmp_path / "one.csv")], capsys)
    two = run_json([*argv, "--cluster", "local:1", "--out", str(tmp_path / "two.csv")], capsys)
    assert one == two and one["games"] == 16
    assert (tmp_path / "two.csv").read_text() == (tmp_path / "one.csv").read_text()


def test_local_one_s_worker_is_a_thread_here_and_two_are_processes(scheduler: str) -> None:
    """``local:1`` starts no process (a worker process would cost its start-up, Dask's
    and the games' imports, for a core this process leaves idle); ``local:2``'s workers
    are two processes of their own, as on a real cluster (CI runs them)."""
    for address, here in (("local:1", True), (scheduler, False)):
        with executor(cluster=address) as where:
            assert isinstance(where, dask_cluster.DaskExecutor)
            pids = list(where.client.run(os.getpid).values())
            assert [r.seed for r in where.in_order(_play, range(3))] == [0, 1, 2]
        if here:
            assert pids == [os.getpid()]
        else:
            assert len(set(pids)) == 2 and os.getpid() not in pids


def _quiet(dask_worker: Any) -> tuple[bool, float]:
    """On a worker: whether it samples its stack, and how often it reads its memory."""
    callbacks = dask_worker.periodic_callbacks
    return "profile" in callbacks, callbacks["memory_monitor"].callback_time


def test_a_local_cluster_s_workers_keep_quiet(scheduler: str) -> None:
    """A local cluster's workers run without what only a dashboard shows (each wake of
    their event loop takes the interpreter from the games): no profiler, and their
    memory read once a second, not ten times."""
    for address, workers in (("local:1", 1), (scheduler, 2)):
        with executor(cluster=address) as where:
            assert isinstance(where, dask_cluster.DaskExecutor)
            assert list(where.client.run(_quiet).values()) == [(False, 1000)] * workers


def test_a_match_on_a_scheduler_by_its_address_is_one_process_s_match(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "--bots", "rules,baseline", "-p", "2", "-g", "24", "--stats"]
    one = run_json([*argv, "--out", str(tmp_path / "one.csv")], capsys)
    two = run_json([*argv, "--cluster", scheduler, "--out", str(tmp_path / "two.csv")], capsys)
    assert one == two and one["games"] == 24 and "style_by_bot" in one
    assert (tmp_path / "two.csv").read_text() == (tmp_path / "one.csv").read_text()


def test_training_on_a_cluster_fits_the_same_weights(scheduler: str) -> None:
    here = training.train([2], GameOptions(), games=4, generations=1, seed=7, width=1)
    with executor(cluster=scheduler) as where:
        there = training.train(
            [2], GameOptions(), games=4, generations=1, seed=7, width=1, workers=where
        )
    assert there.weights == here.weights and there.trained == here.trained


def test_the_training_command_takes_cluster(scheduler: str, tmp_path: Path) -> None:
    argv = ["--games", "3", "--generations", "1", "--width", "1", "--seed", "7", "--out"]
    assert training.main([*argv, str(tmp_path / "here.json")]) == 0
    assert training.main([*argv, str(tmp_path / "there.json"), "--cluster", scheduler]) == 0
    here, there = (read_fits(tmp_path / f)["2p"] for f in ("here.json", "there.json"))
    assert there.weights == here.weights


def _fingerprint(r: GameResult) -> tuple[Any, ...]:
    return (r.seed, r.rounds, r.decisions, r.winners, r.conditions, r.failure, r.row)


def _play(seed: int) -> GameResult:
    return play_game(2, seed, "baseline,random", row=True)


def _dies_once(marker: str, victim: int, seed: int) -> GameResult:
    """Game ``victim`` kills its worker process the first time it is played."""
    if seed == victim and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return _play(seed)


def _fails_once(marker: str, victim: int, seed: int) -> GameResult:
    if seed == victim and not os.path.exists(marker):
        Path(marker).touch()
        raise OSError("a worker's disk hiccup")
    return _play(seed)


def _always_fails(seed: int) -> GameResult:
    raise OSError("no such luck")


@pytest.mark.parametrize("job", [_dies_once, _fails_once], ids=["worker-lost", "task-failed"])
def test_a_lost_or_failed_batch_is_played_again(scheduler: str, tmp_path: Path, job: Any) -> None:
    marker = tmp_path / "once"
    seeds = range(100, 130)
    want = [_fingerprint(r) for r in Processes(1).in_order(_play, seeds)]
    with executor(cluster=scheduler) as where:
        got = [_fingerprint(r) for r in where.in_order(partial(job, str(marker), 117), seeds)]
    assert marker.exists()  # the batch of game 117 did fail once
    assert got == want


def test_a_batch_that_keeps_failing_is_one_clear_error(scheduler: str) -> None:
    with (
        executor(cluster=scheduler) as where,
        pytest.raises(ClusterError, match=r"failed on the cluster \(OSError: no such luck\)"),
    ):
        list(where.in_order(_always_fails, range(3)))


def test_a_worker_with_other_code_stops_the_run_with_one_clear_error(scheduler: str) -> None:
    """Results are the same as one process only where every worker plays by the same
    code and data: a batch from a worker whose build differs stops the run."""
    with executor(cluster=scheduler) as where:
        assert list(where.in_order(_play, range(2)))  # the same build: it plays
        assert isinstance(where, dask_cluster.DaskExecutor)
        where.fingerprint = "another-build"
        with pytest.raises(ClusterError, match=r"other living-forest code or data"):
            list(where.in_order(_play, range(2)))


def test_games_go_in_batches_sized_by_their_pace(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One game a task at first; then batches of about a second's games."""
    sizes: list[int] = []
    with executor(cluster=scheduler) as where:
        assert isinstance(where, dask_cluster.DaskExecutor)
        submit = where.client.submit

        def counting(fn: Any, job: Any, items: range, **kw: Any) -> Any:
            sizes.append(len(items))
            return submit(fn, job, items, **kw)

        monkeypatch.setattr(where.client, "submit", counting)
        got = list(where.in_order(_play, range(200)))
    assert [r.seed for r in got] == list(range(200))
    assert sum(sizes) == 200 and sizes[0] == 1
    assert max(sizes) > 5 and len(sizes) < 40, sizes


def test_batches_shrink_at_the_end_only_for_more_than_one_worker(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Near the end, smaller batches let two workers finish together; one worker has
    none to wait for, and each batch more is a round trip to the scheduler. (Batches
    of 10 here, once the first game is timed.)"""
    monkeypatch.setattr(dask_cluster, "TARGET_SECONDS", 1e9)
    monkeypatch.setattr(dask_cluster, "MAX_BATCH", 10)
    sizes: dict[str, list[int]] = {}
    for address in ("local:1", scheduler):
        with executor(cluster=address) as where:
            assert isinstance(where, dask_cluster.DaskExecutor)
            submit, shipped = where.client.submit, sizes.setdefault(address, [])

            def counting(fn: Any, job: Any, items: range, **kw: Any) -> Any:
                shipped.append(len(items))  # noqa: B023 (used at once, in this loop)
                return submit(fn, job, items, **kw)  # noqa: B023

            monkeypatch.setattr(where.client, "submit", counting)
            assert [r.seed for r in where.in_order(_play, range(100))] == list(range(100))
    assert sizes["local:1"] == [1, 1, 1, *[10] * 9, 7]
    two = sizes[scheduler]
    assert sum(two) == 100 and two[-1] == 1 and two.count(10) < 9, two


def _slow_at(slow: int, seed: int) -> float:
    """Game ``slow`` takes two seconds and says when it ended; the others, no time."""
    if seed != slow:
        return 0.0
    time.sleep(2)
    return time.time()


def test_a_slow_batch_does_not_hold_back_the_batches_after_it(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one batch runs long, the games after it are all shipped to the other worker
    (the window of results held is counted in games: the small batches of the end used
    to fill it, a worker then waiting idle for the slow batch)."""
    shipped: list[float] = []
    with executor(cluster=scheduler) as where:
        assert isinstance(where, dask_cluster.DaskExecutor)
        submit = where.client.submit

        def timed(fn: Any, job: Any, items: range, **kw: Any) -> Any:
            shipped.append(time.time())
            return submit(fn, job, items, **kw)

        monkeypatch.setattr(where.client, "submit", timed)
        got = list(where.in_order(partial(_slow_at, 50), range(400)))
    ended = got[50]
    assert got.count(0.0) == 399 and len(shipped) > 10
    assert max(shipped) < ended, f"{sum(t > ended for t in shipped)} batches waited"


def test_an_unreachable_scheduler_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", "1s")
    assert main(["simulate", "-g", "2", "--cluster", f"tcp://127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        f"living-forest: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}"
    )
    assert err.count("\n") == 1


@pytest.fixture
def no_workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalCluster]:
    """A running scheduler that has no worker yet (scale it up to add one, a thread of
    this process); its lack is said after a tenth of a second here."""
    monkeypatch.setattr(dask_cluster, "WORKERS_NOTICE_AFTER", 0.1)
    with LocalCluster(
        n_workers=0,
        processes=False,
        protocol="tcp://",  # an address as a remote scheduler has
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.CRITICAL,
    ) as c:
        yield c


def test_a_scheduler_without_workers_says_so_and_plays_once_one_joins(
    no_workers: LocalCluster, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to wait without a word. Now one line says what it waits for (and how to
    start a worker); the run goes on when a worker joins, with one process's results."""
    address = no_workers.scheduler_address
    said: list[str] = []

    def complain(text: str) -> None:
        said.append(text)
        no_workers.scale(1)  # the user starts a worker on reading it

    argv = ["simulate", "-p", "2", "-g", "12", "--seed", "3"]
    one = run_json(argv, capsys)
    monkeypatch.setattr(cli, "complain", complain)
    assert run_json([*argv, "--cluster", address], capsys) == one
    assert said == [
        f"the Dask scheduler at {address} has no workers yet: the games start when one "
        f"joins (dask worker {address}); Ctrl+C stops"
    ]


def test_a_scheduler_with_workers_says_nothing(scheduler: str) -> None:
    said: list[str] = []
    with executor(cluster=scheduler, say=said.append) as where:
        assert [r.seed for r in where.in_order(_play, range(3))] == [0, 1, 2]
    assert said == []


@pytest.fixture
def no_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the cluster extra were not installed: Dask cannot be imported."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.delitem(sys.modules, "living_forest.cluster")


@pytest.mark.usefixtures("no_dask")
@pytest.mark.parametrize("command", ["simulate", "match"])
def test_without_dask_cluster_says_how_to_install_it(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[bool] = []

    def worker_server() -> bool:
        started.append(True)
        return True

    monkeypatch.setattr(parallel, "worker_server", worker_server)
    assert main([command, "-g", "2", "--cluster", "local:2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("living-forest: --cluster needs Dask")
    assert err.rstrip().endswith(CLUSTER_EXTRA)
    assert started == []  # the line, and nothing started (the workers' server)


@pytest.mark.usefixtures("no_dask")
def test_without_dask_training_on_a_cluster_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "2", "--out", str(tmp_path / "w.json"), "--cluster", "local:2"]
    assert training.main(argv) == 1
    assert CLUSTER_EXTRA in capsys.readouterr().err
    assert not (tmp_path / "w.json").exists()


@pytest.mark.parametrize("command", ["simulate", "match"])
def test_cluster_and_workers_are_one_or_the_other(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        main([command, "-g", "2", "--cluster", "local:2", "--workers", "2"])
    assert e.value.code == 2
    assert "--cluster and --workers are two ways" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        training.main(["--cluster", "local:2", "--workers", "2"])
    assert e.value.code == 2


@pytest.mark.parametrize("text", ["local:0", "local:x", "http://h:8786", "nowhere", "tcp://h"])
def test_a_bad_cluster_address_is_a_usage_error(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match="neither a Dask scheduler's address"):
        cluster_address(text)
    with pytest.raises(SystemExit) as e:
        main(["simulate", "-g", "2", "--cluster", text])
    assert e.value.code == 2 and "argument --cluster" in capsys.readouterr().err


def test_good_cluster_addresses() -> None:
    for text in ("local:2", "tcp://10.0.0.5:8786", "tls://sched.example:8786", "host:8786"):
        assert cluster_address(text) == text
    assert cluster_address(" local:03 ") == "local:3"


def test_dask_is_imported_only_for_cluster(tmp_path: Path) -> None:
    code = (
        "import sys; from living_forest.cli import main; "
        "assert main(['simulate', '-g', '2', '--workers', '2', '--json']) == 0; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')"
        " or m == 'living_forest.cluster'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    ).stdout
    assert out.splitlines()[-1] == "[]"


def test_worker_chunks_start_with_one_game_and_grow_with_the_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers 2``: one game a chunk while the pace is unknown (a slow game is then a
    chunk of its own: its row comes when it ends; chunks of 32 hard-bot games held rows
    back for 40 minutes), then chunks of about CHUNK_SECONDS of games; the results in
    seed order, each game once."""
    from concurrent.futures import ProcessPoolExecutor

    sizes: list[int] = []

    class Counting(ProcessPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            sizes.append(len(args[1]))
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", Counting)
    got = list(Processes(2).in_order(_play, range(300)))
    assert [r.seed for r in got] == list(range(300))
    first = parallel.CHUNKS_AHEAD * 2
    assert sizes[:first] == [1] * first and sum(sizes) == 300
    assert max(sizes) > 1


def test_a_batch_is_one_item_until_the_pace_is_known_then_its_target_in_time() -> None:
    """The pacing of --workers chunks and a cluster's batches: one item, then about the
    target's seconds at the pace measured, within 1 and the ceiling."""
    target, most = 0.25, 32
    assert parallel.paced(0, 0.0, target, most) == 1
    assert parallel.paced(10, 20.0, target, most) == 1  # two seconds an item
    assert parallel.paced(100, 1.0, target, most) == round(target * 100 / 1.0)  # 25
    assert parallel.paced(1000, 0.1, target, most) == most  # fast items: the ceiling
