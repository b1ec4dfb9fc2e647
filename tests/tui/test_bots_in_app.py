"""Bots in the app: the levels on the New game form, and the hint key (the medium bot's
move for the player to act, with the figures behind it)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any

import pytest

from living_forest.bots import BOTS
from living_forest.bots.rules_bot import rules_bot
from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import legal_actions, observe, rules_of
from living_forest.i18n import card_name
from living_forest.persistence import read_record
from living_forest.present import status
from living_forest.present.bot_turns import fallback_move
from living_forest.present.choices import action_label
from living_forest.present.keys import GAME_KEYS
from living_forest.present.session import CONTROLLERS, SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.modals import InfoScreen
from living_forest.tui.screens.title import Cycle
from living_forest.tui.widgets.controls import KeyBar
from living_forest.tui.widgets.event_log import EventLog

from ..core.scenario import to_action_phase
from .driver import clear_dialogs, first_flow, press_action, settle, started

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "greedy")]


def test_every_bot_level_can_take_a_seat() -> None:
    assert {"greedy", "search_quick", "search"} <= set(CONTROLLERS)


async def _message(pilot, game, prefix: str, timeout: float = 60.0) -> str:
    end = time.monotonic() + timeout
    while not game.message.startswith(prefix):
        assert time.monotonic() < end, f"no {prefix!r} message; got {game.message!r}"
        await asyncio.sleep(0.02)
        await pilot.pause()
    return game.message


async def _bot_thinking(pilot, app) -> Any:
    """The game screen once its bot is thinking (the first flow starts it)."""
    end = time.monotonic() + 60
    while app.game is None or not app.game.bot_busy:
        assert time.monotonic() < end, "the bot did not start"
        await asyncio.sleep(0.01)
        await pilot.pause()
    return app.game


async def _at_ana_s_first_action(pilot, app):
    """Ana's first Action-phase turn (three cards in her Help Line), the game screen."""
    session = Session(SEATS, 5, first=0)
    session.state = to_action_phase(session.state, {0: ["beetle", "lynx", "fox"], 1: []})
    app.start_session(session)
    await settle(pilot)
    return app.game


async def test_the_hint_names_a_legal_move_and_changes_nothing():
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await _at_ana_s_first_action(pilot, app)
        st = game.session.state
        assert game.human_to_act and st.phase == "action"
        await pilot.press("h")
        text = await _message(pilot, game, "Hint:")
        labels = {action_label(st, a) for a in legal_actions(st)}
        # One Attract's or Extinguish's picks together: "Attract Fox, Owl", "Extinguish
        # fires of value 2, 2".
        cards = rules_of(st).data.cards
        labels |= {
            f"Attract {card_name(cards[str(a.arg)].name)}"
            for a in legal_actions(st)
            if a.kind == "attract"
        }
        labels |= {
            f"Extinguish fires of value {a.value}"
            for a in legal_actions(st)
            if a.kind == "extinguish"
        }
        assert any(label in text for label in labels), text
        assert game.session.state is st  # a hint plays nothing
        assert game.session.actions == []


async def test_a_hint_that_fails_says_so_and_the_game_goes_on(monkeypatch, caplog):
    """The hint thinks in a worker too: its error (a bug of the medium bot) ended the
    app, as a bot's did. Now the player reads that there is no hint, the game is
    unchanged, the traceback goes to the logging module."""
    import living_forest.tui.screens.game as game_screen

    def broken(obs, legal, rng):
        raise IndexError("pop from empty list")

    monkeypatch.setattr(game_screen, "hint", broken)
    app = LivingForestApp(bot_pause=0, autosave=False)
    with caplog.at_level(logging.ERROR, logger="living_forest.tui.screens.game"):
        async with app.run_test(size=(100, 30)) as pilot:
            game = await _at_ana_s_first_action(pilot, app)
            st = game.session.state
            await pilot.press("h")
            text = await _message(pilot, game, "No hint")
            assert text == "No hint this time."
            assert app.is_running and app.return_code is None
            assert game.session.state is st and game.human_to_act
        assert app.return_code in (None, 0)
    assert [type(r.exc_info[1]) for r in caplog.records] == [IndexError]


async def test_while_a_bot_plays_its_keys_are_off_the_bar_and_say_to_wait():
    """The hint refuses; the game keys, Undo and Back are not on the key bar (they
    were dimmed there, keys nobody may press); a game key, Undo or Back (Esc) pressed
    says to wait (Esc said nothing)."""
    app = LivingForestApp(bot_pause=30, autosave=False)  # the bot waits: its turn lasts
    async with app.run_test(size=(100, 30)) as pilot:
        seats = [SeatConfig("Bot", "winter", "greedy"), SeatConfig("Ana", "summer")]
        app.start_session(Session(seats, 5, first=0))
        game = await _bot_thinking(pilot, app)
        assert game is not None
        await pilot.press("h")
        assert "hints are for people" in game.message
        await pilot.pause()
        shown = {span.key for span in game.query_one("#keys", KeyBar)._spans}
        moves = {key.key for key in GAME_KEYS.values()} | {"u", "escape"}  # Undo, Back
        assert shown and not shown & moves, shown
        state = game.session.state
        for key in ("d", "u", "escape"):
            game.message = ""
            await pilot.press(key)
            assert game.message == "Bot is a bot; wait for its move."
        assert game.session.state is state
        game.cancel_bot()


async def test_bot_levels_are_picked_by_their_words_and_shown_by_them():
    from living_forest.tui.screens.title import NewGameScreen

    from .test_polish import text_of

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        ctl = form.query_one("#ctl-1", Cycle)
        ctl.focus()
        seen = []
        for key in ("e", "m", "a", "h", "h"):
            await pilot.press(key)
            seen.append(ctl.value)
        # Each choice has a letter of its own (h stayed Human, then hard, then
        # Human again): h Human, a hard.
        assert seen == ["greedy", "search_quick", "search", "human", "human"]
        await pilot.press("m")
        summary = text_of(form.query_one("#newgame-summary"))
        assert "medium bot" in summary and "search_quick" not in summary
        assert "Bot: medium" in str(ctl.render())


async def test_a_bot_held_by_the_round_summary_is_not_said_to_be_thinking():
    """The Onibi box waits for a person; the bot that plays next waits with it."""
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 5, first=0))  # Ana first: the bot opens round 2
        game = await first_flow(pilot)
        rng = random.Random(1)
        while not isinstance(app.screen, InfoScreen):
            st = game.session.state
            if game.session.turn_done is not None:
                await pilot.press("enter")
            elif game.session.current_is_human:
                action = baseline_bot(observe(st, st.current), legal_actions(st), rng)
                await press_action(pilot, game, action)
            await settle(pilot)
        assert game.session.state.round == 2 and not game.session.current_is_human
        prompt = str(game.query_one("#prompt").render())
        assert prompt == "Bot (bot) plays next" and not game.bot_busy
        await pilot.press("enter")
        await pilot.pause()
        assert game.bot_busy or game.session.current_is_human  # the bot went on


async def test_space_makes_the_bots_play_on_without_their_pause():
    """Bot pace: with a long pause (60 s a step), space lets three bots play
    their draws at once; the pause comes back when a person is to act."""
    seats = [
        SeatConfig("B1", "summer", "baseline"),
        SeatConfig("B2", "spring", "baseline"),
        SeatConfig("B3", "autumn", "baseline"),
        SeatConfig("Ana", "winter"),
    ]
    app = LivingForestApp(bot_pause=60.0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 9, first=0))
        await first_flow(pilot)
        game = app.game
        assert game is not None and not game.session.current_is_human
        assert game.check_action("fast_forward", ()) is True  # offered while bots play
        assert game.session.actions == []  # the first bot waits out its pause
        await pilot.press("space")
        deadline = time.monotonic() + 30
        while not game.session.current_is_human and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert game.session.current_is_human  # three bots' reveals, without 3 x 60 s
        assert len(game.session.actions) >= 3
        await pilot.pause()
        assert not game.bots.pace.fast_forward  # a person is to act: the pause is back
        assert not game.check_action("fast_forward", ())


def test_a_draw_hint_says_how_close_the_forced_stop_is() -> None:
    """The hint's "why" for a draw or a stop: the net solitary count, and at one
    short of the forced stop (G-5) the chance that the next card is solitary, from what
    the seat knows of its deck; a stop there keeps two actions."""
    import random as _random

    from living_forest.bots.greedy import draw_risk
    from living_forest.bots.hint import hint
    from living_forest.bots.rules_of_thumb import random_bot
    from living_forest.core import apply, new_game
    from living_forest.present.status import hint_text

    near = far = 0
    for seed in range(1, 30):
        st, _ = new_game([("Ana", "winter"), ("Ben", "summer")], seed)
        rng = _random.Random(seed)
        while st.phase == "draw":
            obs = observe(st, st.current)
            h = hint(obs, legal_actions(st), _random.Random(seed))
            text = hint_text(st, h)
            if h.action.kind not in ("draw", "stop"):  # a Fragment spent: no risk said
                assert h.risk is None and "▲" not in text
            elif h.stop_at - h.net == 1:
                assert h.risk == draw_risk(obs) and h.net == obs.net_solitary
                percent = round(100 * h.risk)
                if h.action.kind == "stop":
                    assert f"keeps two actions: the next card is solitary {percent}%" in text
                else:
                    assert f"net ▲ {h.net}: the next card is solitary {percent}%" in text
                near += 1
            else:
                assert h.risk == draw_risk(obs) and h.net == obs.net_solitary
                assert f"{h.stop_at - h.net} more solitary cards would force a stop" in text
                far += 1
            st, _ = apply(st, random_bot(obs, legal_actions(st), rng))
    assert near > 5 and far > 5


async def test_a_bot_that_fails_has_a_simple_move_played_and_the_game_goes_on(monkeypatch, caplog):
    """A bot's bug (last session: an IndexError deep in a search) ended the app with a
    traceback: the worker's error took it down. Now its step is the rules bot's seeded
    move, the player is told once in words, the traceback goes to the logging module,
    and the game goes on to the person's turn, autosaved."""
    calls: list[int] = []

    def buggy(obs, legal, rng):  # raises on its first two decisions
        calls.append(len(calls))
        if len(calls) <= 2:
            raise IndexError("list index out of range")
        return rules_bot(obs, legal, rng)

    monkeypatch.setitem(BOTS, "greedy", buggy)  # the easy level, as the form offers it
    seats = [SeatConfig("Bot", "winter", "greedy"), SeatConfig("Ana", "summer")]
    session = Session(seats, 5, first=0)
    start = session.state
    app = LivingForestApp(bot_pause=0)
    notes: list[str] = []
    notify = app.notify

    def noting(text: str, **kw: Any) -> None:
        notes.append(text)
        notify(text, **kw)

    monkeypatch.setattr(app, "notify", noting)
    with caplog.at_level(logging.ERROR, logger="living_forest.present.bot_turns"):
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_session(session)
            await started(pilot)
            game = app.game
            assert app.is_running and app.return_code is None
            assert game is not None and app.screen is game
            assert game.human_to_act  # the bot's draw phase is over: Ana's turn
            assert len(calls) > 2  # the bot was asked again after it failed
            assert session.actions[0] == str(fallback_move(start, 0))
            second = Session(seats, 5, first=0)
            second.play(session.actions[0])
            assert session.actions[1] == str(fallback_move(second.state, 1))
            # Told once, though it failed twice.
            said = "Bot (bot) failed with a program error and played a simple move instead."
            log = game.query_one("#log", EventLog)
            assert [line.strip() for line in log.sentences].count(said) == 1
            assert notes.count(said) == 1
            assert not any("IndexError" in line or "Traceback" in line for line in log.sentences)
            app.flush_autosave()
            assert app.autosave_to is not None
            assert read_record(app.autosave_to).actions == session.actions
        assert app.return_code in (None, 0)
    assert [type(r.exc_info[1]) for r in caplog.records] == [IndexError, IndexError]


@pytest.mark.parametrize("key", ["f1", "ctrl+s", "ctrl+o"])
async def test_the_bots_wait_while_a_screen_is_over_the_board(key: str) -> None:
    """The help, the save prompt, the load browser: while one is up the game waits (a
    round's box opened over the file-name prompt and took the name typed), and it
    goes on when the screen closes."""
    from living_forest.tui.screens.game import GameScreen

    seats = [
        SeatConfig("Ana", "winter"),
        SeatConfig("B1", "summer", "baseline"),
        SeatConfig("B2", "spring", "baseline"),
    ]
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session(seats, 5, first=0))
        game = await first_flow(pilot)
        assert game.session.current_is_human
        await pilot.press("d")
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        over = app.screen
        assert not isinstance(over, GameScreen)
        played = len(game.session.actions)
        game.session.play("stop")  # Ana's stop, typed just before the key: the bots' turn
        for _ in range(20):
            await asyncio.sleep(0.01)
            await pilot.pause()
        assert app.screen is over and not game.bot_busy
        assert len(game.session.actions) == played + 1  # nobody played behind it
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert len(game.session.actions) > played + 1  # the bots went on


async def test_no_hint_names_the_player_whose_turn_waits_to_be_passed_on() -> None:
    """Hot seat: Ana's turn is done (her one basic action ended it), Ben is to act
    next; h speaks of Ana's finished turn, not of Ben."""
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = Session(seats, 5, first=0)
        session.state = to_action_phase(session.state, {0: ["beetle", "lynx", "fox"], 1: []})
        app.start_session(session)
        await settle(pilot)
        await clear_dialogs(pilot)
        game = app.game
        assert game is not None and game.human_to_act
        assert game.session.state.basic_left == 1  # three solitary cards: a forced stop
        game.session.play("take-fragment")  # her one basic action: the turn ends
        await pilot.pause()
        assert game.session.turn_done == 0 and game.session.state.current == 1
        await pilot.press("h")
        assert game.message == "No hint now: Ana's turn is finished."
        # Ben ends his turn with his action unused: the question, not "finished".
        game.session.confirm_turn()
        await settle(pilot)
        await clear_dialogs(pilot)
        game.session.play("end")
        await pilot.pause()
        assert game.session.asked is not None
        await pilot.press("h")
        assert game.message == status.turn_done_text(game.session, game.key_of)
        assert "Esc: back to your turn" in game.message


async def test_a_reserve_card_clicked_while_a_turn_waits_says_what_enter_does() -> None:
    from living_forest.present.status import turn_done_text
    from living_forest.tui.widgets.board import ReserveView

    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await _at_ana_s_first_action(pilot, app)
        game.session.play("take-fragment")  # her one basic action: the turn ends
        await pilot.pause()
        assert game.session.turn_done == 0
        card = next(c for c in game.session.state.reserve[0] if c is not None)
        game.post_message(ReserveView.CardClicked(card))
        await pilot.pause()
        assert game.message == turn_done_text(game.session, game.key_of)
        assert "bot" not in game.message
        # The bot plays next, but not before Enter: no "Faster" key yet.
        assert not game.session.current_is_human and not game.bot_busy
        assert not game.check_action("fast_forward", ())


async def test_the_discard_key_shows_the_players_board_while_a_bot_plays() -> None:
    """One person against a bot: during the bot's turn the board shows the person's
    Forest and Help Line; i shows that same player's discard, and v steps on from it."""
    app = LivingForestApp(bot_pause=30, autosave=False)  # the bot's turn lasts
    async with app.run_test(size=(100, 30)) as pilot:
        seats = [SeatConfig("Bot", "winter", "greedy"), SeatConfig("Ana", "summer")]
        app.start_session(Session(seats, 5, first=0))
        game = await _bot_thinking(pilot, app)
        assert game.shown_seat == 1 and game.session.state.current == 0
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        assert app.screen.title_text.startswith("Discard stack of Ana")
        game.cancel_bot()


async def test_a_bot_that_was_thinking_when_the_help_opened_plays_after_it() -> None:
    """Its move is not played behind the help (nor autosaved): it thinks again when
    the board is back, and plays then."""
    seats = [SeatConfig("Bot", "winter", "baseline"), SeatConfig("Ana", "summer")]
    # The bot pauses until the help is open, however busy the machine (a pause of
    # 0.3 s ran out before F1 reached the screen under CI's load).
    app = LivingForestApp(bot_pause=60, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session(seats, 5, first=0))
        game = await _bot_thinking(pilot, app)
        await pilot.press("f1")
        assert app.screen is not game and game.bot_busy
        game.bots.pace.wake()  # its pause ends behind the help
        end = time.monotonic() + 60
        while game.bot_busy:  # its choice, reported behind the help
            assert time.monotonic() < end, "the bot did not report"
            await asyncio.sleep(0.02)
            await pilot.pause()
        assert app.screen is not game and game.session.actions == []
        game.bots.pace.pause = 0  # its next thought: no pause
        await pilot.press("escape")
        await settle(pilot)
        assert game.session.actions  # it played, the board back
        assert app.screen is game


def test_a_hint_names_every_fire_and_card_of_one_action() -> None:
    """The picks of one Extinguish (or Attract) are one part of the turn: the hint
    names them all ("Extinguish fires of value 2, 2"), as the figures after it count
    them (a play-test read "Extinguish a fire of value 2 (fires 2 → 4)")."""
    from living_forest.bots.hint import Hint
    from living_forest.core import apply, counts, parse_action, rules_of
    from living_forest.present.status import hint_text

    from ..core.scenario import set_centre, start

    st = to_action_phase(set_centre(start(2), [2, 2, 3]), {0: ["hippopotamus"], 1: []})
    turn = tuple(parse_action(a) for a in ("extinguish 2", "extinguish 2", "take-fragment"))
    s = st
    for a in turn:
        assert a in legal_actions(s)
        s, _ = apply(s, a)
    mine = counts(rules_of(st), st.players[0])
    after = counts(rules_of(s), s.players[0])
    h = Hint(turn[0], mine, after, power=0, fires=0, water=4, bot="search_quick", turn=turn)
    text = hint_text(st, h)
    assert text.startswith("Hint: Extinguish fires of value 2, 2, then Take a Fragment (")
    assert f"fires {mine.fires} → {mine.fires + 2}" in text
    one = Hint(turn[0], mine, mine, power=0, fires=0, water=4, bot="search_quick", turn=turn[:1])
    assert hint_text(st, one) == "Hint: Extinguish a fire of value 2."
    # Attract: sun 6 takes the Spider (cost 1) and the Flamingo (cost 3) in one action.
    st = to_action_phase(start(2), {0: ["bison"], 1: []})
    turn = tuple(parse_action(a) for a in ("attract spider", "attract flamingo"))
    s = st
    for a in turn:
        assert a in legal_actions(s)
        s, _ = apply(s, a)
    h = Hint(turn[0], mine, mine, power=0, fires=0, water=0, bot="search_quick", turn=turn)
    assert hint_text(st, h) == "Hint: Attract Spider, Flamingo."


async def test_a_hint_longer_than_the_status_line_is_given_whole_in_a_notice(monkeypatch):
    """A play-test at 80x24: "Hint: Call Water Kodama 1, then Move 1 to rock 7 (…;
    Onibi's power 4 beats your water 1: 2" — the status line's two rows cut the
    hint's last reason. A hint that does not fit is also given whole in a notice; one
    that fits is not repeated."""
    import dataclasses

    import living_forest.tui.screens.game as game_screen
    from living_forest.bots.hint import Hint
    from living_forest.core import counts

    made: list[Hint] = []

    def long_hint(obs, legal, rng):
        take = next(a for a in legal if a.kind == "take-fragment")
        mine = counts(obs.rules, obs.position.players[obs.seat])
        more = mine._replace(trees=mine.trees + 1, fires=mine.fires + 2, flowers=mine.flowers + 3)
        other = 1 - obs.seat
        steals = tuple((other, t) for t in obs.position.players[other].victory_tiles[:2])
        made.append(Hint(take, mine, more, 9, 4, 1, "search_quick", turn=(take,), steals=steals))
        return made[-1]

    monkeypatch.setattr(game_screen, "hint", long_hint)
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _at_ana_s_first_action(pilot, app)
        await pilot.press("h")
        text = await _message(pilot, game, "Hint:")
        assert len(text) > 2 * 78  # longer than the two rows
        notices = [n.message for n in app._notifications]
        assert text in notices
    app = LivingForestApp(bot_pause=0, autosave=False)
    short_hint = dataclasses.replace(made[0], after=made[0].before, power=0)
    monkeypatch.setattr(game_screen, "hint", lambda obs, legal, rng: short_hint)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _at_ana_s_first_action(pilot, app)
        await pilot.press("h")
        short = await _message(pilot, game, "Hint:")
        assert short not in [n.message for n in app._notifications]
