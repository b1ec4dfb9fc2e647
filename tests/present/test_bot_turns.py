"""A bot's move and pace in the app, without a terminal (present/bot_turns.py)."""

from __future__ import annotations

import threading
import time

from living_forest.core import apply, legal_actions, new_game
from living_forest.present.bot_turns import BotPace, bot_move


def test_a_bot_move_is_legal_and_the_same_for_the_same_game_and_step() -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    moves = []
    for step in range(40):
        a = bot_move(st, "easy", step)
        assert a in legal_actions(st)
        assert bot_move(st, "easy", step) == a  # seeded by the game's seed and the step
        moves.append(a)
        st, _ = apply(st, a)
    assert len(set(moves)) > 1


def test_the_pause_is_skipped_at_full_speed_and_cut_short_by_wake() -> None:
    pace = BotPace(30.0)
    pace.fast_forward = True
    t0 = time.monotonic()
    pace.wait()
    assert time.monotonic() - t0 < 5
    pace.fast_forward = False
    pace.arm()
    threading.Timer(0.05, pace.wake).start()
    t0 = time.monotonic()
    pace.wait()  # would take 30 s without the wake
    assert time.monotonic() - t0 < 10
    short = BotPace(0.2)
    short.arm()
    t0 = time.monotonic()
    short.wait()
    assert time.monotonic() - t0 >= 0.15
