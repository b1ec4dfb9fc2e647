"""The replay viewer: a saved game on the board, read-only, stepped by
action, turn and round; the log follows the position; 'play from here' starts a new
game equal to the position shown, and the file is not touched."""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import apply, describe, is_over, legal_actions, new_game, observe
from living_forest.present.replay import Replay
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.saving import save_session
from living_forest.tui.screens.charts import ChartScreen
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.modals import HelpScreen, InfoScreen, NumberScreen
from living_forest.tui.screens.replay import ReplayScreen
from living_forest.tui.widgets.board import Panel
from living_forest.tui.widgets.event_log import EventLog

from .driver import current_screen, settle

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


def _log(seed: int, n_actions: int | None = None) -> list[str]:
    st, _ = new_game([(s.name, s.spirit) for s in SEATS], seed, first=0)
    rng = random.Random(seed)
    log: list[str] = []
    while not is_over(st) and (n_actions is None or len(log) < n_actions):
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return log


def test_replay_positions_and_navigation() -> None:
    log = _log(3)
    r = Replay.of(SEATS, 3, log, first=0)
    assert r.last == len(log) and len(r.states) == len(log) + 1
    assert is_over(r.states[-1]) and r.states[0].round == 1
    last_round = r.states[-1].round
    for rnd in range(1, last_round + 1):
        j = r.round_start(rnd)
        assert r.states[j].round == rnd and (j == 0 or r.states[j - 1].round < rnd)
    i = 0
    turns = 0
    while i < r.last:
        j = r.next_turn(i)
        assert j > i
        same = {(r.states[k].round, r.states[k].phase, r.states[k].current) for k in range(i, j)}
        assert len(same) == 1  # one turn between them
        assert r.prev_turn(j) == i or j == r.last
        i, turns = j, turns + 1
    assert turns >= 4 * last_round  # two reveals and two action turns a round
    assert r.next_round(0) == r.round_start(2) and r.prev_round(r.round_start(2)) == 0
    assert r.events_until(2) == [*r.steps[0], *r.steps[1], *r.steps[2]]


@pytest.mark.slow
async def test_the_viewer_steps_the_board_and_the_log(tmp_path) -> None:
    log = _log(5)
    path = tmp_path / "game.json"
    save_session(path, Session(SEATS, 5, first=0, actions=log))
    before = path.read_bytes()
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.open_replay(path)
        await pilot.pause()
        await pilot.pause()
        screen = current_screen(app, ReplayScreen)
        r = screen.replay
        # It opens at the start (at the end, p did nothing and said nothing).
        assert screen.index == 0 and screen.board_state is r.states[0]
        await pilot.press("end")
        assert screen.index == r.last and is_over(screen.board_state)
        # The jump's log shows the last events, each under its own round's line (those
        # of the round before the first round line shown too).
        events = r.events_until(r.last)
        rounds, now = [], 0
        for ev in events:
            now = int(ev.data["round"]) if ev.kind == "round_started" else now
            rounds.append(now)
        entries = [e for e in screen.query_one("#log", EventLog).entries if not e.separator]
        assert len(events) > len(entries) > 0 and rounds[-len(entries)] < rounds[-1]
        assert [e.round for e in entries] == rounds[-len(entries) :]
        await pilot.press("p")
        await pilot.pause()
        assert app.screen is screen
        assert [n.message for n in app._notifications][-1].startswith("The game is over at")
        # Playing on goes at a quarter of a second a step (it was 1 s: minutes a game).
        await pilot.press("home", "space")
        assert "playing (0.25 s a step)" in str(screen.query_one("#status").render())
        await pilot.press("space")
        await pilot.press("home")
        assert screen.index == 0 and screen.board_state is r.states[0]
        assert screen.check_action("step", (-1,)) is None  # nothing before the start
        await pilot.press("right", "right")
        assert screen.index == 2
        log_view = screen.query_one("#log", EventLog)
        shown = "\n".join(log_view.sentences)
        for ev in r.steps[2]:
            assert describe(ev, r.states[2]) in shown
        panels = [screen.query_one(f"#{x}", Panel) for x in ("circle", "reserve", "players")]
        assert all(p.state is r.states[2] for p in panels)
        await pilot.press("pagedown")
        assert screen.index == r.round_start(2)
        await pilot.press("down")
        assert screen.index == r.next_turn(r.round_start(2))
        await pilot.press("left")
        assert screen.index == r.next_turn(r.round_start(2)) - 1
        # j: a round by number.
        await pilot.press("j")
        assert isinstance(app.screen, NumberScreen)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.index == r.round_start(3)
        # F1 lists the viewer's own keys, each as its binding describes it.
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = {d for _k, d in app.screen.keys}
        assert {b.description for b in ReplayScreen.BINDINGS if b.show} <= listed
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # r: the race chart up to the position shown (rounds 1 and 2 done, 3 begun).
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        assert [p.round for p in app.screen.points] == [1, 2, 3]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # x hides (and shows) the hidden information: the discard box says so.
        screen.show_hidden = False
        await pilot.press("i")
        assert isinstance(app.screen, InfoScreen) and "Hidden in play" in app.screen.body
        await pilot.press("escape")
        await pilot.press("x")
        assert screen.show_hidden
        # p: a new game from this position; the file is untouched.
        at = screen.index
        await pilot.press("p")
        await settle(pilot)
        game = app.game
        assert isinstance(game, GameScreen) and game.session.actions == log[:at]
        assert game.session.state.to_dict() == r.states[at].to_dict()  # the position shown
    assert path.read_bytes() == before


def test_the_command_line_has_a_view_command() -> None:
    from living_forest.cli import build_parser

    args = build_parser().parse_args(["view", "x.json"])
    assert args.command == "view" and str(args.file) == "x.json"
