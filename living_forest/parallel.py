"""Where many games are played: here, in processes of this machine (``--workers N``), or
on a Dask cluster (``--cluster ADDRESS`` or ``--cluster local:N``).

Both are an :class:`Executor`: a job over a range of items (seeds, game numbers), the
results back in the items' order, and the same results wherever they ran (every game
is seeded by its item). ``simulate``, ``match`` and the bots' training play through
:func:`in_order`. Dask is imported only when a cluster is asked for
(:mod:`living_forest.cluster`, the ``cluster`` extra); this module imports no UI
library.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Protocol, TypeVar

from .collector import collect_less_often
from .i18n import _

R = TypeVar("R")

# A sane ceiling for --workers and local:N: every worker is a process started up front.
MAX_WORKERS = max(64, 8 * (os.cpu_count() or 1))

# What installs Dask (said when --cluster is used without it).
CLUSTER_EXTRA = "pip install 'living-forest[cluster]'"
LOCAL = "local:"
CHUNKS_AHEAD = 16  # chunks a worker of --workers N has in flight: its own, and queued (a
# slow one at the head holds the window: with 4, one game of 1.5 s among 2,000 short ones
# took 2.5 s on 2 workers, with 16 2.1 s, Executor.map 1.9 s)
# A chunk's size: one item while their cost is unknown, then about this many seconds of
# work (a slow game goes alone: its row is written, and kept on Ctrl+C, when it ends; a
# chunk of 32 hard-bot games took 40 minutes), never more than MAX_CHUNK items, nor more
# than a quarter of a worker's share of the items left.
CHUNK_SECONDS = 0.25
MAX_CHUNK = 32
THREAD_WORKERS = 1  # a local cluster this small has its worker as a thread of this process
# What a local cluster's worker processes hold before their first batch: Dask's side of
# this package and the modules of the games' jobs (simulate's, match's, training's).
WORKER_MODULES = (
    "living_forest.cluster",
    "living_forest.simulate",
    "living_forest.match",
    "living_forest.bots.train",
)
# A scheduler's address as Dask takes it: tcp://HOST:PORT, tls://HOST:PORT, HOST:PORT.
_ADDRESS = re.compile(r"((tcp|tls)://)?[^\s/:]+:\d{1,5}|(tcp|tls)://\[[0-9a-fA-F:]+\]:\d{1,5}")


class Executor(Protocol):
    """Runs ``job`` over ``items``; yields the results in the items' order, streamed
    (a run of any length holds only a window of them)."""

    def in_order(self, job: Callable[[int], R], items: range) -> Iterator[R]: ...


@dataclass(frozen=True)
class Processes:
    """``--workers N``: here (1), or in N processes of this machine (``job`` must then
    pickle: a module-level function or a ``partial`` of one). Never more processes than
    items, nor than :data:`MAX_WORKERS`."""

    workers: int = 1

    def in_order(self, job: Callable[[int], R], items: range) -> Iterator[R]:
        workers = min(self.workers, len(items), MAX_WORKERS)
        if workers <= 1:
            return map(job, items)
        return _in_processes(job, items, workers)


def in_order(job: Callable[[int], R], items: range, workers: int | Executor = 1) -> Iterator[R]:
    """``job`` over ``items``, results in order: ``workers`` an :class:`Executor`, or a
    number of processes (:class:`Processes`)."""
    where = Processes(workers) if isinstance(workers, int) else workers
    return where.in_order(job, items)


class ClusterError(Exception):
    """The cluster cannot be used: one sentence saying why (Dask missing, the
    scheduler unreachable, a batch of games lost for good)."""


def local_workers(address: str) -> int | None:
    """The N of a checked ``local:N`` (:func:`cluster_address`); None for a scheduler's
    address."""
    return int(address[len(LOCAL) :]) if address.startswith(LOCAL) else None


def cluster_address(text: str) -> str:
    """``--cluster``'s value checked: ``local:N`` (1 ≤ N ≤ :data:`MAX_WORKERS`) or a
    scheduler's address; raises ValueError saying what is expected."""
    text = text.strip()
    if text.startswith(LOCAL):
        n = text[len(LOCAL) :]
        if n.isdigit() and 1 <= int(n) <= MAX_WORKERS:
            return f"{LOCAL}{int(n)}"
    elif _ADDRESS.fullmatch(text):
        return text
    raise ValueError(
        # i18n: {text} is what was typed; tcp://HOST:8786 and local:N are as typed: keep
        _(
            "{text} is neither a Dask scheduler's address (tcp://HOST:8786) nor local:N "
            "with N from 1 to {most}"
        ).format(text=repr(text), most=MAX_WORKERS)
    )


def complain(text: str) -> None:
    """The command line's one line on stderr (:func:`living_forest.cli.complain`)."""
    from .cli import complain as say

    say(text)


@contextmanager
def executor(
    workers: int = 1, cluster: str | None = None, say: Callable[[str], None] = complain
) -> Iterator[Executor]:
    """Where a command's games are played, for the length of the ``with``: ``cluster``
    (:func:`cluster_address`), connected or started here and closed at the end, else
    ``workers`` processes. ``say`` is told what the user should know meanwhile (a
    scheduler without workers). Raises :class:`ClusterError`."""
    if cluster is None:
        yield Processes(workers)
        return
    # local:N's worker processes are forked from a server whose imports go on while this
    # process imports Dask; without Dask, nothing is started.
    local = local_workers(cluster)
    if local is not None and local > THREAD_WORKERS and find_spec("distributed"):
        worker_server()
    try:
        dask = importlib.import_module("living_forest.cluster")
    except ImportError as e:
        raise ClusterError(
            # i18n: {error} is Python's reason ("No module named 'distributed'"), {extra}
            # i18n: the pip command that installs Dask: keep both as they are
            _("--cluster needs Dask ({error}): {extra}").format(error=e, extra=CLUSTER_EXTRA)
        ) from None
    with dask.connect(cluster, say) as where:
        yield where


def worker_server() -> bool:
    """Starts (once) the process a local cluster's workers are forked from:
    multiprocessing's forkserver, having imported :data:`WORKER_MODULES`. Each worker then
    starts warm in a fraction of a second, where Dask's default (``spawn``) starts a fresh
    interpreter that imports Dask and the game, then plays its first games cold. False
    where there is no forkserver (Windows): Dask's default then."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return False
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(list(WORKER_MODULES))
    forkserver.ensure_running()
    return True


def _in_processes(job: Callable[[int], R], items: range, workers: int) -> Iterator[R]:
    """The items in chunks, a window of :data:`CHUNKS_AHEAD` chunks a worker in flight
    (a run of any length holds only those; ``Executor.map`` would submit every chunk at
    the start). The workers ignore Ctrl+C (it reaches the whole process group): this
    process stops them, so an interrupted run ends with one line, not a traceback from
    each. No future is ever cancelled: the pool, broken by its stopped workers, fails
    the ones left itself (Python 3.11's pool then raised InvalidStateError in its
    thread on one that ``map``'s clean-up had cancelled: a traceback after Ctrl+C)."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=ignore_interrupts)
    window: deque[Future[tuple[list[R], float]]] = deque()
    start = 0
    busy_seconds, measured = 0.0, 0  # the pace of the items so far

    def submit(count: int) -> None:
        nonlocal start
        for _submitted in range(count):
            if start >= len(items):
                return
            # A quarter of a worker's share of what is left at most: they end together.
            size = min(
                paced(measured, busy_seconds, CHUNK_SECONDS, MAX_CHUNK),
                max(1, (len(items) - start) // (4 * workers)),
            )
            window.append(pool.submit(_chunk, job, items[start : start + size]))
            start += size

    try:
        # The workers start here: Ctrl+C in that instant must not reach them before
        # their initializer runs (they inherit how this process takes it).
        with interrupts_ignored():
            submit(CHUNKS_AHEAD * workers)
        while window:
            results, seconds = window.popleft().result()
            busy_seconds += seconds
            measured += len(results)
            submit(1)
            yield from results
    except BaseException:  # Ctrl+C, or the reader stopped: the games left are not wanted
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=True)
        raise
    pool.shutdown(wait=True)


def paced(measured: int, busy_seconds: float, target: float, most: int) -> int:
    """Items in the next batch (a chunk of ``--workers``, a cluster's batch): one while
    their pace is unknown (none ``measured`` yet), then about ``target`` seconds of them
    at the pace so far (``measured`` items took ``busy_seconds``), ``most`` at most."""
    if not measured:
        return 1
    return max(1, min(most, round(target * measured / max(busy_seconds, 1e-6))))


def _chunk(job: Callable[[int], R], items: range) -> tuple[list[R], float]:
    """In a worker: ``job`` over a chunk of the items, and the seconds it took."""
    collect_less_often()  # as in this process (a worker forked from it inherits it anyway)
    began = time.perf_counter()
    results = [job(i) for i in items]
    return results, time.perf_counter() - began


def ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupts_ignored() -> Iterator[None]:
    """Ctrl+C held back (in the main thread) for the duration; one that came meanwhile
    is not lost: it is raised at the end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, _frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if came:
        raise KeyboardInterrupt
