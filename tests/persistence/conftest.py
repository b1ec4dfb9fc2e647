from __future__ import annotations

import contextlib
import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from living_forest.bots import get_bot
from living_forest.core import GameState, apply, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.persistence import GameRecord, SeatRecord

SEATS = [("Ana", "winter"), ("Bo", "summer"), ("Cy", "spring")]


def play(seed: int, steps: int, first: int | None = None) -> tuple[GameRecord, GameState]:
    """A record and state after ``steps`` baseline-bot actions (fewer if the game ends)."""
    st, _ = new_game(SEATS, seed, first=first)
    bot = get_bot("baseline")
    rng = random.Random(seed)
    actions: list[str] = []
    for _ in range(steps):
        legal = legal_actions(st)
        if not legal:
            break
        a = bot(observe(st, st.current), legal, rng)
        st, _ = apply(st, a)
        actions.append(str(a))
    rec = GameRecord(
        seats=[SeatRecord(name=n, spirit=s, controller="baseline") for n, s in SEATS],
        seed=seed,
        first=first,
        actions=actions,
    )
    return rec, st


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    d = tmp_path / "data"
    monkeypatch.setenv("LIVING_FOREST_DATA_DIR", str(d))
    yield d


def release_fifo_writer(fifo: Path, writer: threading.Thread) -> None:
    """Let a thread blocked opening ``fifo`` for writing go: open and close its read
    end until the thread is done (it may not have reached its open yet)."""
    end = time.monotonic() + 60
    while writer.is_alive() and time.monotonic() < end:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(0.05)
    assert not writer.is_alive()
