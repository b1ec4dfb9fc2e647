"""Games on a Dask cluster: ``--cluster ADDRESS`` (a running scheduler, whose workers
have this same living-forest installed) or ``--cluster local:N`` (a ``LocalCluster`` of
N workers on this machine, one thread each: processes, or for one a thread of this
process).

Imported only when a cluster is asked for (:func:`living_forest.parallel.executor`):
it imports Dask, which the ``cluster`` extra brings. The items (seeds, game numbers) are
shipped in batches sized from the games' measured time (about :data:`TARGET_SECONDS` a
batch); the results come back in the items' order, with a window of batches in flight
so that a run of any length holds only those; a batch whose worker was lost, or that
failed, is run again (:data:`RETRIES`). Every game is seeded by its item, so the results
are those of one process.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import dask
import distributed.utils
from distributed import Client, Future, LocalCluster, as_completed

from .collector import collect_less_often
from .i18n import _
from .parallel import THREAD_WORKERS, ClusterError, local_workers, paced, worker_server

R = TypeVar("R")

TARGET_SECONDS = 1.0  # a batch's time on a worker, once the games' pace is known
MAX_BATCH = 5000
RETRIES = 3  # a failed batch is run again this many times (a lost worker's too)
CONNECT_TIMEOUT = "15s"
WORKERS_NOTICE_AFTER = 5.0  # seconds a scheduler may have no worker before it is said
MP_METHOD = "distributed.worker.multiprocessing-method"  # how Dask starts a worker process
# A local cluster's workers and scheduler without what only a dashboard shows: the
# statistical profiler (a stack sampled every 10 ms), the system monitor's samples, the
# event loop's health check every 20 ms. Measured on a worker: its threads besides the
# games' took ~5 % of its CPU, ~1 % without these. And a worker's memory read once a
# second, not ten times (its batches hold little): each read takes the interpreter
# from the games' thread (local:1's worker loop woke half as often; its games' thread
# used ~2 % less CPU).
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.tick.interval": "500ms",
    "distributed.worker.memory.monitor-interval": "1s",
}


@cache
def code_fingerprint() -> str:
    """What decides a game's result here: the package's code and the data it plays by
    (rules, cards, the bots' weights), hashed. A worker with other code would give other
    games, silently: each batch reports its worker's, and a difference stops the run."""
    from .resources import ASSETS

    package = Path(__file__).resolve().parent
    h = hashlib.sha256()
    files = sorted(package.rglob("*.py"))
    data = ASSETS
    files += sorted(data.glob("*.json")) + sorted(data.glob("bots/*.json"))
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _batch(job: Callable[[int], R], items: range) -> tuple[float, list[R], str]:
    """On a worker: a batch of items, the seconds it took, and the worker's
    :func:`code_fingerprint`."""
    collect_less_often()  # a worker is a fresh interpreter (local:N forkserver, remote)
    t0 = time.perf_counter()
    results = [job(i) for i in items]
    return time.perf_counter() - t0, results, code_fingerprint()


class DaskExecutor:
    """An :class:`~living_forest.parallel.Executor` on a Dask client's cluster."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.fingerprint = code_fingerprint()  # what every worker must run

    def workers(self) -> int:
        """Threads on the cluster now (at least 1: workers may join later)."""
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def in_order(self, job: Callable[[int], R], items: range) -> Iterator[R]:
        client, tag = self.client, uuid.uuid4().hex[:12]
        running: dict[Future[Any], int] = {}  # future → its batch's number
        finished: dict[int, list[R]] = {}  # batches done, waiting for those before them
        pending = as_completed()
        start = submitted = given = 0  # next item to ship; batches shipped; yielded
        done = 0  # items yielded
        busy_seconds, measured = 0.0, 0  # the pace of the games so far
        workers = self.workers()

        def ship() -> None:
            nonlocal start, submitted
            while start < len(items):
                full = paced(measured, busy_seconds, TARGET_SECONDS, MAX_BATCH)
                # A window of items: each worker's batch, one queued behind it, and one
                # spare. Counted in items, not batches: the small batches of the end do
                # not fill it while a large one before them still runs (a worker would
                # wait for it idle).
                if start - done >= (2 * workers + 1) * full:
                    return
                # Smaller batches as the end nears, so that the workers finish together
                # (one worker has no other to wait for: each batch costs a round trip).
                size = min(full, len(items) - start)
                if workers > 1:
                    size = max(1, min(size, math.ceil((len(items) - start) / (2 * workers))))
                batch = items[start : start + size]
                f = client.submit(
                    _batch,
                    job,
                    batch,
                    key=f"living-forest-{tag}-{submitted}",
                    retries=RETRIES,
                    pure=False,
                )
                running[f] = submitted
                pending.add(f)
                start += size
                submitted += 1

        try:
            ship()
            for f in pending:
                n = running.pop(f)
                try:
                    seconds, results, theirs = f.result()
                except Exception as e:
                    raise ClusterError(
                        # i18n: {error}: Dask's or Python's reason, as it is
                        _("a batch of games failed on the cluster ({error})").format(
                            error=f"{type(e).__name__}: {e}"
                        )
                    ) from e
                if theirs != self.fingerprint:
                    raise ClusterError(
                        # i18n: {theirs}, {ours}: short codes naming two builds
                        _(
                            "a worker runs other living-forest code or data ({theirs}, "
                            "here {ours}): install this same version on every worker"
                        ).format(theirs=theirs, ours=self.fingerprint)
                    )
                f.release()
                busy_seconds += seconds
                measured += len(results)
                finished[n] = results
                workers = self.workers()
                ship()  # before the results are read: the workers go on meanwhile
                while given in finished:
                    batch_results = finished.pop(given)
                    yield from batch_results
                    given += 1
                    done += len(batch_results)
                    ship()
        finally:  # Ctrl+C, the reader stopped, a batch lost: what is left is not wanted
            if running:
                client.cancel(list(running), force=True)


@contextlib.contextmanager
def local_cluster(workers: int) -> Iterator[LocalCluster]:
    """``local:N``: N workers of one thread each, and the scheduler in this process, on
    this computer only (no dashboard); closed at the end. Their logs are silenced but
    for critical ones: what goes wrong with a batch is said by
    :meth:`DaskExecutor.in_order`, and Ctrl+C's end of the workers says nothing.

    One worker (``local:1``) is a thread of this process, which talks to it in memory:
    a worker process would cost its start and the games' imports over again, for one
    core that this process leaves idle while it waits. More are processes, each forked
    warm from :func:`~living_forest.parallel.worker_server`'s process (the start-up of
    a run is a fraction of a second, not seconds), reached on the loopback address."""
    common: dict[str, Any] = {
        "n_workers": workers,
        "threads_per_worker": 1,
        "dashboard_address": None,
        "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"},  # its HTTP server's
        "silence_logs": logging.CRITICAL,
    }
    with contextlib.ExitStack() as stack:
        # For the cluster's life: a lost worker's process is started again the same way.
        stack.enter_context(dask.config.set(QUIET))
        if workers <= THREAD_WORKERS:  # Ctrl+C is this process's: no worker process to quiet
            yield stack.enter_context(LocalCluster(processes=False, **common))
            return
        if worker_server():
            stack.enter_context(dask.config.set({MP_METHOD: "forkserver"}))
            # Dask would also have the server preload numpy and pandas when installed, by
            # importing them here first (seconds where they are): this package's
            # WORKER_MODULES are what its workers need.
            distributed.utils._forkserver_preload_set = True
        yield stack.enter_context(
            LocalCluster(
                processes=True,
                host="127.0.0.1",
                preload=[__name__],  # dask_setup
                **common,
            )
        )


def dask_setup(worker: object) -> None:
    """In each worker process of a local cluster (Dask's preload): Ctrl+C is ignored.
    It reaches the whole process group: this process stops the workers, so Ctrl+C is
    one line, not a traceback from each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def connect(address: str, say: Callable[[str], None]) -> Iterator[DaskExecutor]:
    """A client of the scheduler at ``address``, or of a ``LocalCluster`` started here
    for ``local:N``; closed at the end (the local cluster with it). A scheduler without
    workers is waited for, and after :data:`WORKERS_NOTICE_AFTER` seconds ``say`` is
    told so (once): the games start when a worker joins."""
    with contextlib.ExitStack() as stack:
        try:
            local = local_workers(address)
            if local is not None:  # the client closes first, then the cluster
                cluster = stack.enter_context(local_cluster(local))
                client = stack.enter_context(Client(cluster))
            else:
                client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT))
                _wait_for_workers(client, address, say)
        # Dask's "Timed out trying to connect to ...", or the scheduler gone meanwhile
        except (OSError, ValueError) as e:
            raise ClusterError(
                # i18n: {address}: the scheduler's, as typed; {error}: Dask's reason, as it is
                _("cannot reach the Dask scheduler at {address} ({error})").format(
                    address=address, error=e
                )
            ) from None
        yield DaskExecutor(client)


def _wait_for_workers(client: Client, address: str, say: Callable[[str], None]) -> None:
    try:
        client.wait_for_workers(1, timeout=WORKERS_NOTICE_AFTER)
    except TimeoutError:
        say(
            # i18n: {address}: the scheduler's, as typed; "dask worker" is a command: keep
            _(
                "the Dask scheduler at {address} has no workers yet: the games start when "
                "one joins (dask worker {address}); Ctrl+C stops"
            ).format(address=address)
        )
        client.wait_for_workers(1)
