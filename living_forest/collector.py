"""How often Python's cyclic garbage collector runs in the game's processes.

At its default thresholds (700, 10, 10) the collector walks the young objects every 700
new ones and the older generations about every 7,000 and 70,000 or more: the bots'
searches make states, keys and rows by the million, and the memos keep thousands of
them, which every older collection walks again. A Kodama game of the medium bot on
deals (identical moves either way) spent 2.1 s of its CPU in 9,617 collections; with a
young generation of 20,000 objects, 0.18 s in 28, and the game took 15.5 s of CPU
instead of 17.5 s (medians of 3). The app's tests measured the same of Textual (40 %
of a worker's CPU at the defaults, 13 % at 20,000). A bot's budget is CPU time, so
what the collector no longer takes goes to its search.

Nothing else changes: the older generations keep their ratios, so garbage in cycles is
still collected, only later (up to 20,000 new objects later): a long ``simulate`` peaked
0.2 MiB higher. Every entry point calls :func:`collect_less_often`: the command line,
the browser tabs' fork server, the workers of ``--workers N`` and of a cluster, the
tests, and the benchmarks that time the program (``bench/compare.py`` and
``bench/instructions.py`` compare commits' engines and keep Python's defaults).
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # new container objects between two collections of the young generation


def collect_less_often() -> None:
    """Set this process's collector thresholds (idempotent: cheap to call again)."""
    gc.set_threshold(YOUNG, 10, 10)
