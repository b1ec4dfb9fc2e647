"""How often Python's cyclic garbage collector runs in the game's processes.

At its default thresholds (700, 10, 10) the collector walks the young objects every 700
new ones, and the older generations every 7,000 and 70,000: the bots' searches make
states, keys and rows by the million, and the memos keep thousands of them, which every
older collection walks again. A Kodama game of the medium bot on deals (identical moves
either way) spent 2.1 s of its 16.8 s CPU in 9,617 collections; with a young generation
of 20,000 objects, 0.18 s in 28, and the game took 15.0 s. The app's tests measured
the same of Textual (40 % of a worker's CPU at the defaults, 13 % at 20,000). A bot's
budget is CPU time, so what the collector no longer takes goes to its search.

Nothing else changes: the older generations keep their ratios, so garbage in cycles is
still collected, a little later (a young generation of 20,000 objects is a few MiB at
most). Every entry point calls :func:`collect_less_often`: the command line, the
browser tabs' fork server, a cluster's workers, the tests and the benchmarks.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # new container objects between two collections of the young generation


def collect_less_often() -> None:
    """Set this process's collector thresholds (idempotent: cheap to call again)."""
    gc.set_threshold(YOUNG, 10, 10)
