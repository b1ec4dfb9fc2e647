"""Waiting for a process to have done some work: its CPU time, read from Linux's /proc,
rather than a time of the clock, which a loaded machine can pass without running it."""

from __future__ import annotations

import time
from collections.abc import Sequence

from tests.procs import HAS_PROC, cpu_seconds

DEADLINE = 120.0  # seconds: generous for a loaded 2-core machine; only a hang reaches it


def wait_for_work(pids: Sequence[int], seconds: float, deadline: float = DEADLINE) -> None:
    """Wait until each of ``pids`` has used ``seconds`` of CPU time more than when this
    was called: waiting for work done, not for time gone by (on a loaded machine a
    second of the clock can pass with none). Bounded by a deadline only a hang reaches.
    Without /proc it waits ``seconds`` of the clock for each instead."""
    if not HAS_PROC:
        time.sleep(seconds * len(pids))
        return
    end = time.monotonic() + deadline
    for pid in pids:
        start = cpu_seconds(pid)
        while True:
            used = cpu_seconds(pid)
            if start is None or used is None:
                raise AssertionError(f"process {pid} ended before {seconds:g} s of work")
            if used >= start + seconds:
                break
            if time.monotonic() > end:
                raise AssertionError(f"process {pid}: not {seconds:g} s of work in {deadline:g} s")
            time.sleep(0.02)
