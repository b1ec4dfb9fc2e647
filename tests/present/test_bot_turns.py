"""A bot's move, the move played when it fails, and its pace in the app, without a
terminal (present/bot_turns.py)."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Sequence

import pytest

from living_forest.bots import BOTS
from living_forest.bots.rules_bot import rules_bot
from living_forest.core import Action, GameOptions, GameState, apply, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.present.bot_turns import (
    BotPace,
    BotStep,
    bot_move,
    bot_step,
    fallback_move,
)

KODAMA = GameOptions(("kodama",))


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


def test_a_bots_reveal_pauses_less_than_its_action() -> None:
    """A play-test waited about 10 s a round for a bot's 20-odd reveals at the whole
    pause each: a reveal pauses a share of it; at full speed nothing pauses."""
    pace = BotPace(0.6)
    assert 0 < pace.pause_for(reveal=True) < pace.pause_for(reveal=False) == pace.pause
    pace.fast_forward = True
    assert pace.pause_for(reveal=True) == pace.pause_for(reveal=False) == 0


def _positions(options: GameOptions, steps: int) -> list[GameState]:
    """The first ``steps`` positions of a 3-player game played by the rules bot."""
    st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "summer")], 11, options=options)
    rng = random.Random(3)
    out = []
    for _ in range(steps):
        out.append(st)
        st, _ = apply(st, rules_bot(observe(st, st.current), legal_actions(st), rng))
    return out


@pytest.mark.parametrize("options", [GameOptions(), KODAMA], ids=["base", "kodama"])
def test_the_fallback_is_the_rules_bots_seeded_move_legal_and_the_same_each_time(options) -> None:
    """Saves and replays hold the moves played: the same game and step give the same
    fallback move, the rules bot's seeded like every bot move, not merely the first
    legal action."""
    not_first = 0
    for step, st in enumerate(_positions(options, 60)):
        legal = legal_actions(st)
        a = fallback_move(st, step)
        assert a in legal
        assert fallback_move(st, step) == a == fallback_move(st, step, legal)
        rng = random.Random(f"{st.seed}:{step}")
        assert a == rules_bot(observe(st, st.current), legal, rng)
        not_first += a != legal[0]
    assert not_first > 5


def _boom(st: GameState, controller: str, step: int, legal: Sequence[Action]) -> Action:
    raise IndexError("list index out of range")


def test_the_bot_chooses_among_the_legal_actions_bot_step_found() -> None:
    """``bot_step`` finds the legal actions once and hands them to the chooser."""
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    given: list[Sequence[Action]] = []

    def move(st: GameState, controller: str, step: int, legal: Sequence[Action]) -> Action:
        given.append(legal)
        return bot_move(st, controller, step, legal)

    step = bot_step(move, st, "easy", 3)
    assert given == [legal_actions(st)]
    assert step == BotStep(bot_move(st, "easy", 3))  # as if it had found them itself


def test_a_bot_that_raises_is_replaced_by_the_fallback_and_its_traceback_logged(
    caplog,
) -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    with caplog.at_level(logging.ERROR, logger="living_forest.present.bot_turns"):
        step = bot_step(_boom, st, "easy", 7)
    assert step.action == fallback_move(st, 7)
    assert isinstance(step.error, IndexError)
    (record,) = caplog.records
    assert "'easy'" in record.getMessage() and "step 7" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[1] is step.error
    assert "_boom" in caplog.text  # the traceback, down to the frame that raised


def test_a_bot_that_answers_an_illegal_action_is_replaced_by_the_fallback() -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    assert Action("end") not in legal_actions(st)  # the draw phase: no turn to end
    step = bot_step(lambda *_: Action("end"), st, "easy", 0)
    assert step.action == fallback_move(st, 0) and isinstance(step.error, ValueError)


def test_a_bot_that_works_plays_its_own_move_and_nothing_is_logged(caplog) -> None:
    st, _ = new_game([("A", "winter"), ("B", "spring")], 5)
    with caplog.at_level(logging.DEBUG, logger="living_forest.present.bot_turns"):
        for step in range(3):
            assert bot_step(bot_move, st, "random", step) == BotStep(bot_move(st, "random", step))
    assert caplog.records == []


def test_when_the_rules_bot_fails_too_the_first_legal_action_is_played(monkeypatch) -> None:
    def broken(obs, legal, rng):
        raise RuntimeError("the rules bot's own bug")

    monkeypatch.setitem(BOTS, "rules", broken)
    for st in _positions(GameOptions(), 30)[::3]:
        assert fallback_move(st, 4) == legal_actions(st)[0]
        assert bot_step(_boom, st, "rules", 4).action == legal_actions(st)[0]
