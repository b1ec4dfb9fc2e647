"""Pilot tests of the board: hand-off, legal-only keys, undo, bots, save/load, sizes."""

from __future__ import annotations

import json
import random

import pytest
from textual.widgets import Input

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import Action, apply, decision, legal_actions, new_game, observe
from living_forest.core.engine import data
from living_forest.core.queries import CHOOSE_ACTION
from living_forest.persistence import autosave_path, latest_autosave
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.modals import (
    ConfirmScreen,
    FilePromptScreen,
    HandOffScreen,
    HelpScreen,
    HelpText,
    SaveBrowserScreen,
    help_sections,
)
from living_forest.tui.screens.over import TooSmallScreen
from living_forest.tui.screens.title import Cycle
from living_forest.tui.widgets.board import CircleView, ForestView, HelpLineView
from living_forest.tui.widgets.controls import KeyBar, fit_ranked
from living_forest.tui.widgets.event_log import EventLog

from .driver import clear_dialogs, first_flow, press_action, settle

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


def status(app) -> str:
    return str(app.game.query_one("#status").render())


async def start(pilot, session: Session) -> GameScreen:
    pilot.app.start_session(session)
    return await first_flow(pilot)


async def to_action_phase(pilot, game: GameScreen) -> None:
    """Both players draw once and stop, by keys."""
    for _ in range(2):
        await clear_dialogs(pilot)
        await pilot.press("d")
        await clear_dialogs(pilot)
        if (
            game.session.state.phase == "draw"
            and game.session.state.players[game.session.state.current].help_line
        ):
            await pilot.press("s")
    await clear_dialogs(pilot)
    assert game.session.state.phase == "action"


async def test_hand_off_before_each_human_phase():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 7))
        first = game.session.state.players[0].name
        assert isinstance(app.screen, HandOffScreen)
        assert first in str(app.screen.query_one("#handoff-title").render())
        # Keys of the board do nothing while the hand-off is up.
        await pilot.press("d")
        assert game.session.actions == []
        await pilot.press("enter")
        assert app.screen is game
        await pilot.press("d", "s")
        assert game.session.actions[:1] == ["draw"]
        assert isinstance(app.screen, HandOffScreen)
        second = game.session.state.players[game.session.state.current].name
        assert second != first
        assert second in str(app.screen.query_one("#handoff-title").render())


async def test_illegal_key_says_why_and_changes_nothing():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 7))
        await clear_dialogs(pilot)
        before = game.session.state
        await pilot.press("s")  # stop before revealing a card: illegal (G-3)
        assert game.session.state is before
        assert "reveal at least one card" in status(app)
        await pilot.press("p")  # an action-phase key in the draw phase
        assert game.session.state is before
        assert "Plant" in status(app)
        assert game.check_action("play", ("stop",)) is None  # dimmed in the Footer
        assert game.check_action("play", ("draw",)) is True
        await pilot.press("9")
        assert "no choice 9" in status(app)
        assert game.session.state is before


async def test_undo_within_the_action_turn_only():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await to_action_phase(pilot, game)
        await pilot.press("u")
        assert "Cannot undo" in status(app)  # nothing done yet; cards stay revealed
        start_state = game.session.state
        n = len(game.session.actions)
        await pilot.press("t")  # take a Fragment
        assert game.session.actions[-1] == "take-fragment"
        assert game.check_action("undo", ()) is True
        await pilot.press("u")
        assert game.session.state is start_state
        # Attract: a sub-list of cards; Esc steps back without changing anything.
        await pilot.press("a")
        assert game.modes == ["attract"]
        assert all(c.action is not None and c.action.kind == "attract" for c in game._choices)
        await pilot.press("escape")
        assert game.modes == [] and "Nothing to step back" not in status(app)
        await pilot.press("escape")  # once more: said, not silent
        assert game.modes == [] and "Nothing to step back from." in status(app)
        await pilot.press("a", "1")
        assert game.session.actions[-1].startswith("attract ")
        assert game.session.state.current == start_state.current
        await pilot.press("u")
        assert game.session.state is start_state
        assert len(game.session.actions) == n
        assert "Undone: Attract " in status(app)  # in words, not the notation
        # End the turn with actions unused: a question, asked before the turn ends (it
        # is not played, so a "no" leaves no trace); the keys of the next player do
        # nothing until Enter says yes.
        await pilot.press("e")
        assert game.session.asked == Action("end") and game.session.actions[-1] != "end"
        assert game.session.turn_done == start_state.current
        assert "End your turn with 2 actions unused? Enter: yes, pass to" in status(app)
        await pilot.press("escape")  # no: back to the turn, nothing lost
        assert game.session.state is start_state and game.session.turn_done is None
        await pilot.press("e")
        assert not isinstance(app.screen, HandOffScreen)  # nothing moves before Enter
        assert game._choices == []
        await pilot.press("t")
        assert game.session.actions[-1] != "end"  # refused, with the reason
        assert "Enter: yes, pass to" in status(app)
        await pilot.press("u")
        assert game.session.state is start_state and game.session.turn_done is None
        await pilot.press("e", "enter")
        assert game.session.turn_done is None and game.session.actions[-1] == "end"
        await clear_dialogs(pilot)  # the hand-off to the next player
        await pilot.press("u")
        assert game.session.actions[-1] == "end"  # the passed turn is final
        assert "Cannot undo" in status(app)


async def test_a_question_answered_no_leaves_no_trace_in_the_log():
    """Esc on "End your turn with 1 action unused?" used to log "Ana ends the
    turn." and then "Undone: End the turn.": a question nobody said yes to is no move
    (A-9: ending with actions unused is the player's choice, made with Enter)."""
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await to_action_phase(pilot, game)
        await pilot.press("t")  # one action used, one left
        log = game.query_one("#log", EventLog)
        before, events = list(log.sentences), list(game.session.events)
        actions = list(game.session.actions)
        await pilot.press("e")
        assert "End your turn with 1 action unused?" in status(app)
        assert log.sentences == before  # asked, not played
        await pilot.press("escape")
        await pilot.pause()
        assert log.sentences == before and game.session.events == events
        assert game.session.actions == actions
        assert "Undone" not in status(app)
        await pilot.press("e", "enter")  # yes: now the turn ends, and the log says so
        await pilot.pause()
        added = log.sentences[len(before) :]
        assert any("ends the turn" in line for line in added), added
        assert not any("Undone" in line for line in log.sentences)
        assert game.session.actions == [*actions, "end"]


async def test_bot_seat_takes_its_turns_in_a_worker():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
        game = await start(pilot, Session(seats, 3, first=0))
        for _ in range(40):
            await clear_dialogs(pilot)
            st = game.session.state
            if st.phase == "action" and st.current == 0:
                break
            if game.session.current_is_human:
                a = legal_actions(st)
                await press_action(pilot, game, a[-1] if st.players[0].help_line else a[0])
            else:
                await settle(pilot)
        bot_events = [e for e in game.session.events if e.seat == 1 and e.kind == "card_revealed"]
        assert bot_events, "the bot revealed cards in its draw phase"
        assert any(a == "draw" for a in game.session.actions)
        # Every bot decision is in the log the human can read.
        log_text = "\n".join(str(line.text) for line in game.query_one("#log", EventLog).lines)
        assert "Bot reveals" in log_text
        # Replaying the log gives the same state: bots only play legal actions.
        st, _ = new_game([("Ana", "winter"), ("Bot", "summer")], 3, first=0)
        for notation in game.session.actions:
            st, _ = apply(st, notation)
        assert st.to_dict() == game.session.state.to_dict()


async def test_save_and_load_through_the_ui_give_the_same_state(tmp_path):
    app = LivingForestApp(bot_pause=0)
    path = tmp_path / "mine.json"
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await to_action_phase(pilot, game)
        await pilot.press("t")
        saved_state = game.session.state.to_dict()
        saved_actions = list(game.session.actions)
        saved_events = list(game.session.events)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, FilePromptScreen)
        app.screen.query_one("#file-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert path.is_file()
        await pilot.press("e", "enter")  # play on (end the turn: yes), then load the save back
        await clear_dialogs(pilot)
        assert game.session.actions != saved_actions
        await pilot.press("ctrl+o")  # the save browser; its last entry types a path
        assert isinstance(app.screen, SaveBrowserScreen)
        await pilot.press("end", "enter")
        assert isinstance(app.screen, FilePromptScreen)
        app.screen.query_one("#file-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # the game in progress is left?
        await pilot.press("enter")
        await pilot.pause()
        await clear_dialogs(pilot)
        loaded = app.game
        assert loaded is not None and loaded is not game
        assert loaded.session.actions == saved_actions
        assert loaded.session.state.to_dict() == saved_state
        assert loaded.session.events == saved_events  # the log is restored, replayed once


async def test_corrupt_or_foreign_file_keeps_the_current_game(tmp_path):
    app = LivingForestApp(bot_pause=0)
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 11))
        await clear_dialogs(pilot)
        await pilot.press("d")
        before = game.session.state
        for path in (bad, foreign):
            assert app.open_save(path) is False
            await pilot.pause()
            assert app.game is game and game.session.state is before
            assert "Could not load" in status(app)
            assert str(path) in app.last_error


async def test_autosave_and_continue_resume_exactly():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 5))
        await clear_dialogs(pilot)
        await pilot.press("d", "d")
        state = game.session.state.to_dict()
        app.flush_autosave()
        own = latest_autosave()
        assert own is not None and own.parent.name == "autosaves"  # a file of its own
    app2 = LivingForestApp(bot_pause=0, continue_latest=True)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app2.game is not None
        assert app2.game.session.state.to_dict() == state
        assert app2.game.session.actions == ["draw", "draw"]


async def test_title_continue_is_dimmed_without_autosave():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#continue").disabled
        assert app.screen.check_action("continue_game", ()) is None
        await pilot.press("c")
        assert app.game is None


async def test_sizes_and_too_small_notice():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 7))
        await clear_dialogs(pilot)
        assert game.has_class("-narrow")
        assert sum(1 for fv in game.query(ForestView) if fv.display) == 1
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert game.has_class("-wide")
        assert sum(1 for fv in game.query(ForestView) if fv.display) == 2
        for w, h in ((70, 20), (60, 20), (40, 12)):
            await pilot.resize_terminal(w, h)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            box = app.screen.query_one("#too-small-text")
            assert "too small" in str(box.render())
            # The notice fits the small terminal, border and all (play-test: at 60x20
            # its longest line ran past the right edge), its text wrapped, not cut.
            region = box.region
            assert region.x >= 0 and region.right <= w and region.bottom <= h, (w, region)
            text = str(box.render()).splitlines()  # 3 lines, wrapped where too long
            frame = box.region.width - box.content_region.width  # border and padding
            wraps = max(len(line) for line in text) + frame > w
            assert region.height > len(text) + 2 if wraps else region.height == len(text) + 2
        before = game.session.state
        await pilot.press("d")
        assert game.session.state is before  # keys do nothing while too small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is game
        await pilot.press("d")
        assert game.session.actions == ["draw"]


async def test_help_lists_rules_and_the_keys_of_the_screen():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 7))
        await clear_dialogs(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        keys = dict((d, k) for k, d in app.screen.keys)
        assert "Draw" in keys and "Undo" in keys
        assert "Onibi" in app.screen.rules_md
        await pilot.pause()
        help_screen = app.screen
        # Every section of the reference is on it, after the keys, and it opened at
        # the round's rules.
        text = help_screen.query_one("#help-scroll", HelpText)
        headings = [h for h, _ in help_sections(help_screen.rules_md)]
        assert list(text.offsets) == ["Keys on this screen", *headings]
        assert help_screen.start == "A round"
        assert text.scroll_y > 0
        assert text.scroll_y == min(text.offsets["A round"], text.max_scroll_y)
        shown = text.text
        assert "Reveal Guardian Animals" in shown and "**" not in shown  # drawn, not raw
        assert "game.draw" in shown  # and the key-map section at the end
        lines = shown.splitlines()
        assert lines[text.offsets["A round"]].strip() == "A round"
        # PgDn scrolls it, Esc closes it.
        before = text.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert text.scroll_y > before or text.scroll_y == text.max_scroll_y
        await pilot.press("escape")
        assert app.screen is game


async def test_new_game_form_rejects_a_spirit_twice_and_starts_with_the_seed():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        form.query_one("#spirit-1", Cycle).value = "winter"
        await pilot.press("f5")
        assert app.game is None
        assert "chosen twice" in str(form.query_one("#newgame-error").render())
        form.query_one("#spirit-1", Cycle).value = "autumn"
        await pilot.press("f2")  # a third seat
        form.query_one("#ctl-2", Cycle).value = "random"
        form.query_one("#seed", Input).value = "42"
        await pilot.press("f5")
        game = app.game
        assert game is not None
        assert game.session.seed == 42
        assert [s.spirit for s in game.session.seats] == ["winter", "autumn", "summer"]
        assert game.session.seats[2].controller == "random"
        assert game.session.state.n == 3


async def test_mouse_click_on_a_choice_applies_it_and_keybar_click_explains():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await clear_dialogs(pilot)
        # The first listed choice in the draw phase is "Draw the next card".
        first = game._choices[0].action
        assert first is not None and first.kind == "draw"
        await pilot.click("#choices", offset=(2, 0))
        assert game.session.actions == ["draw"]
        # Clicking a dimmed key in the key bar is the same as pressing it: refused.
        await pilot.press("s")
        await clear_dialogs(pilot)
        bar = game.query_one("#keys", KeyBar)
        span = next(s for s in bar._spans if s.key == "s")
        assert not span.enabled  # the next player has revealed nothing yet
        before = game.session.state
        await pilot.click("#keys", offset=(span.start + 1, 0))
        assert game.session.state is before
        assert "reveal at least one card" in status(app)


async def test_a_failed_save_says_why_and_keeps_the_game(tmp_path):
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await clear_dialogs(pilot)
        await pilot.press("d")
        before = game.session.state
        await pilot.press("ctrl+s")
        prompt = app.screen
        prompt.query_one("#file-path", Input).value = str(tmp_path)  # a folder, not a file
        await pilot.press("enter")
        await pilot.pause()
        # Refused in the prompt itself, which stays for another name.
        assert app.screen is prompt and "is a folder" in str(
            prompt.query_one("#file-error").render()
        )
        (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
        prompt.query_one("#file-path", Input).value = str(tmp_path / "notes.txt" / "game.json")
        await pilot.press("enter")  # its folder is a file: the write fails
        await pilot.pause()
        assert app.screen is game and game.session.state is before
        assert "Could not save" in app.last_error


async def test_bots_pause_while_the_terminal_is_too_small():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        game = await start(pilot, Session(seats, 3, first=1))  # the bot starts
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert game.session.actions == []  # nothing played under the notice
        await pilot.resize_terminal(80, 24)
        for _ in range(20):
            await settle(pilot)
            if game.session.current_is_human:
                break
        assert game.session.actions and game.session.actions[-1] == "stop"
        st = game.session.state
        assert st.players[0].spirit == "summer"  # seat 0 is the first player, the bot
        assert st.players[st.current].spirit == "winter" and game.session.current_is_human


async def test_clicks_on_reserve_and_forest_act_or_say_why():
    from .test_snapshots import OVER_SEED, finished_log
    from .test_snapshots import SEATS as BOT_SEATS

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(
            pilot, Session(BOT_SEATS, OVER_SEED, first=0, actions=finished_log()[:10])
        )
        st = game.session.state
        assert st.phase == "action" and game.session.current_is_human
        # A reserve card that is too dear: nothing happens, the reason is shown.
        dear = max((c for row in st.reserve for c in row if c), key=lambda c: data().cards[c].cost)
        level = next(i for i, row in enumerate(st.reserve) if dear in row)
        slot = st.reserve[level].index(dear)
        await pilot.click("#reserve", offset=(level * 14 + 1, slot + 1))
        assert game.session.state is st
        assert "not now" in status(app) and "sun" in status(app)
        # Plant by mouse: p, a tree kind, then a click on an offered space.
        await pilot.press("p", "1")
        target = game._choices[0]
        assert target.cell >= 0
        x, y = target.cell % 5, target.cell // 5
        forest = next(fv for fv in game.query(ForestView) if fv.seat == st.current)
        await pilot.click(forest, offset=(x * 7 + 2, y + 1))
        assert game.session.actions[-1] == str(target.action)
        # A click on a space that is not offered says why.
        await pilot.click(forest, offset=(2 * 7 + 2, 1 + 1))  # the starting tree
        assert "not now" in status(app)


async def test_continue_with_a_damaged_autosave_stays_on_the_title():
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text('{"format": "living-forest-save", "seeds": 1}', encoding="utf-8")
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert app.game is None
        assert type(app.screen).__name__ == "TitleScreen"
        message = str(app.screen.query_one("#title-message").render())
        assert "Could not load" in message and "autosave.json" in message
        # Said once: no notice over the title's own line (play-test at 80x24).
        assert not [n.message for n in app._notifications]


async def test_title_buttons_work_with_enter_and_click():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "New game" has the focus
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click("#rules")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_save_with_non_ascii_digits_is_refused_from_load_and_continue(tmp_path):
    """A log action such as "move \u00b2" (str.isdigit() is True, int() fails) used to
    crash the app from the Load prompt and from Continue; now it is one clear message
    and the current game (or the title) stays as it was."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await to_action_phase(pilot, game)
        await pilot.press("t")
        app.flush_autosave()
    own = latest_autosave()
    assert own is not None
    raw = json.loads(own.read_text(encoding="utf-8"))
    raw["actions"][-1] = "move \u00b2"
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(raw), encoding="utf-8")
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 11))
        await clear_dialogs(pilot)
        before = game.session.state
        assert app.open_save(hostile) is False
        await pilot.pause()
        assert app.game is game and game.session.state is before
        assert "is not valid notation" in app.last_error
    autosave_path().write_text(json.dumps(raw), encoding="utf-8")  # a damaged autosave
    app = LivingForestApp(bot_pause=0, continue_latest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game is None and "is not valid notation" in app.last_error
        shown = str(app.screen.query_one("#title-message").render())
        assert "is not valid notation" in shown  # said before the title was built


async def test_a_turn_that_ends_by_itself_waits_for_enter_and_can_be_undone():
    """The last action of a turn is not final until Enter passes the turn."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session(SEATS, 7, actions=["draw", "stop", "draw", "stop"])
        game = await start(pilot, session)
        await clear_dialogs(pilot)
        before = session.state
        mover = session.state.players[before.current].name
        await pilot.press("t")  # the only basic option left: the turn ends by itself
        nxt = session.state.players[session.state.current].name
        assert f"{mover}'s turn is done. Enter: pass to {nxt} · u: undo" in status(app)
        await pilot.press("escape")  # not a question here: nothing happens
        assert session.turn_done == before.current
        # The move keys are off the footer meanwhile; one pressed anyway says why.
        await pilot.pause()
        footer = str(game.query_one("KeyBar").render()) + " ".join(
            str(w.render()) for w in game.query_one("KeyBar").query("*")
        )
        assert "Take" not in footer and "Attract" not in footer and "Pass" in footer
        await pilot.press("a")
        assert session.turn_done == before.current and "turn is done" in status(app)
        await pilot.press("u")
        assert session.state is before and "Undone: Take a Fragment" in status(app)
        await pilot.press("t", "enter")
        assert session.turn_done is None and not session.can_undo()
        await clear_dialogs(pilot)
        assert game.session.state.current != before.current


def _attract_positions() -> tuple[tuple[int, list[str]], tuple[int, list[str]]]:
    """Two (seed, log) of baseline games (2 humans' seats) stopping where the player may
    Attract: one where two cards fit the sun strength (the pick goes on after the
    cheapest), one where only one does (the most expensive ends it)."""
    from living_forest.core import raw_strengths, rules_of
    from living_forest.core.data import SUN

    found: dict[str, tuple[int, list[str]]] = {}
    for seed in range(100):
        st, _ = new_game([(x.name, x.spirit) for x in SEATS], seed)
        rng = random.Random(seed)
        log: list[str] = []
        while st.phase != "over" and len(found) < 2:
            legal = legal_actions(st)
            d = decision(st)
            costs = sorted(data().cards[a.arg].cost for a in legal if a.kind == "attract")
            if d.kind == CHOOSE_ACTION and costs:
                sun = raw_strengths(rules_of(st), st.players[st.current])[SUN]
                kind = "kept" if len(costs) >= 2 and costs[0] + costs[1] <= sun else "finished"
                if kind == "finished" and costs[-1] + costs[0] <= sun:
                    kind = ""  # the most expensive would not end it either
                if kind and kind not in found:
                    found[kind] = (seed, list(log))
            a = baseline_bot(observe(st, st.current), legal, rng)
            st, _ = apply(st, a)
            log.append(str(a))
        if len(found) == 2:
            return found["kept"], found["finished"]
    raise AssertionError("no position found")


async def test_picked_cards_keep_their_numbers_so_a_digit_typed_ahead_is_refused(monkeypatch):
    """A digit pressed twice while attracting picks its card once. If the pick
    goes on, the cards left keep their numbers and the second press is refused; if it
    finished by itself (nothing more fits), the new list ignores digits for a moment."""
    monkeypatch.setattr(GameScreen, "TYPE_AHEAD_GUARD", 60.0)  # "a moment", made long
    kept, finished = _attract_positions()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for (seed, log), cheapest in ((kept, True), (finished, False)):
            game = await start(pilot, Session(SEATS, seed, actions=log))
            await clear_dialogs(pilot)
            s = game.session
            await pilot.press("a")
            assert game.modes == ["attract"]
            first = [(n, c.action) for n, c in zip(game._numbers, game._choices, strict=True)]
            assert [n for n, _ in first] == list(range(1, len(first) + 1))
            cards = [
                (data().cards[a.arg].cost, n, a) for n, a in first if a and a.kind == "attract"
            ]
            _, n, picked = min(cards) if cheapest else max(cards)
            n_actions = len(s.actions)
            await pilot.press(str(n), str(n))
            assert s.actions[n_actions:] == [str(picked)]  # the second press spent nothing
            if cheapest:  # the pick goes on: every card left kept its number
                assert s.state.pending
                assert f"Choice {n} is no longer there" in status(app)
                now = dict(zip((c.action for c in game._choices), game._numbers, strict=True))
                assert picked not in now
                assert all(now[a] == k for k, a in first if a in now)
                # Done is 0, one key however many cards the list numbers: 0 ends it.
                assert [k for a, k in now.items() if a is not None and a.kind == "done"] == [0]
                await pilot.press("0")
                assert s.actions[-1] == "done" and not s.state.pending
            else:  # Attract finished by itself: a new list, and a moment of no digits
                assert not s.state.pending
                assert "The list has just changed" in status(app) or s.turn_done is not None


async def test_a_laptop_terminal_gets_the_middle_layout():
    """About 100-129 columns get their own layout: the taller choice box, the
    supplies on the right, the next players' Forests with their Help Lines when the
    height allows (with two players both Forests, from 100x30 on)."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, Session(SEATS, 7))
        await clear_dialogs(pilot)
        assert game.has_class("-mid") and not game.has_class("-wide")
        shown = [fv for fv in game.query(ForestView) if fv.display]
        assert [fv.seat for fv in shown] == list(range(game.state.n))
        focus = game.focus_seat
        assert [fv.line for fv in shown] == [fv.seat != focus for fv in shown]
        other = next(fv for fv in shown if fv.seat != focus)
        assert "Help Line" in str(other.render())
        assert game.query_one("#supplies-side").display
        assert not game.query_one("#supplies").display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert game.has_class("-mid") and game.forest_room == 1
        assert [fv.seat for fv in game.query(ForestView) if fv.display] == [0, 1]
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert not game.has_class("-mid") and game.has_class("-narrow")
        assert not game.query_one("#supplies-side").display
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert game.has_class("-wide") and not game.has_class("-mid")


async def test_the_key_bar_keeps_help_and_quit_and_hides_an_empty_confirm():
    """At 80x24 the key bar is too narrow for every key: Help and Quit stay, the
    usable keys come before dimmed ones, nothing runs past the edge; Enter (Confirm) is
    not offered while the choice list is empty (a turn waiting to be passed on)."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await clear_dialogs(pilot)
        bar = game.query_one("#keys", KeyBar)

        def shown() -> str:
            return str(bar.render())

        for text in ("Help", "Quit", "Draw"):
            assert text in shown()
        assert bar._spans[-1].end <= bar.size.width
        every = [p[0].plain for p in bar._pieces]
        assert sum(len(p) for p in every) > bar.size.width  # it had to choose
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        assert all(p.strip() in shown() for p in every)  # room for all of them
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        while game.state.phase == "draw":
            await pilot.press("s" if game.state.players[game.state.current].help_line else "d")
            await clear_dialogs(pilot)
        assert "Confirm" in shown()
        await pilot.press("e")  # ends with actions unused: the turn waits for Enter
        assert game.session.turn_done is not None and not game._choices
        await pilot.pause()
        assert "Confirm" not in shown()


def test_a_view_key_never_takes_the_place_of_a_move_key():
    """The key bar fills its room by rank: a move that does not fit leaves its room to
    the shorter moves after it, never to a view (the End turn key was left out at
    80x24 while Look was shown); a view left out leaves its room to what comes next."""
    # (index, rank, width): moves (rank 1) of 10, 12 and 4 columns, a view (rank 2),
    # a dimmed key (rank 4)
    pieces = [(0, 1, 10), (1, 1, 12), (2, 1, 4), (3, 2, 3), (4, 4, 2)]
    assert fit_ranked(pieces, 16, strict=1) == {0, 2}  # the view would fit in the 2 left
    assert fit_ranked(pieces, sum(w for _i, _r, w in pieces), strict=1) == {0, 1, 2, 3, 4}
    assert fit_ranked(pieces, 26, strict=1) == {0, 1, 2}
    # a view left out (rank 2 > strict) does not hold back the dimmed key after it
    assert fit_ranked([(0, 1, 10), (1, 2, 8), (2, 4, 4)], 15, strict=1) == {0, 2}
    # the lower rank first, wherever it stands in the bar (Back, rank 0)
    assert fit_ranked([(0, 1, 10), (1, 0, 8)], 12, strict=1) == {1}


def test_confirm_gives_its_room_to_the_moves() -> None:
    """Enter on the highlighted choice comes after the moves, before the views (at
    80x24 "e End turn" was left out for "⏎ Confirm"); Enter passing a turn on, Undo
    and Back stay with the moves."""
    bar = KeyBar()
    confirm = bar._rank("enter", True, "Confirm")
    assert KeyBar.MOVES < confirm < bar._rank("o", True, "Look")
    for key, description in (("enter", "Pass turn"), ("u", "Undo"), ("e", "End turn")):
        assert bar._rank(key, True, description) <= KeyBar.MOVES


async def test_v_shows_another_players_help_line_at_80x24():
    """Other players' Help Lines are public (G-1); at 80x24, where only one
    Forest fits, v shows the next player's Help Line and Forest, then comes back."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await clear_dialogs(pilot)
        for _ in range(3):
            await pilot.press("d")
            await clear_dialogs(pilot)
        await pilot.press("s")
        await clear_dialogs(pilot)
        me = game.state.current
        panel = game.query_one("#helpline", HelpLineView)
        assert panel.seat == me
        await pilot.press("v")
        other = (me + 1) % game.state.n
        assert panel.seat == other and game.viewed == other
        shown = [fv.seat for fv in game.query(ForestView) if fv.display]
        assert shown == [other]
        from living_forest.present.board.help_line import help_line

        assert panel._markup == help_line(game.state, other, names=False)  # that seat's
        await pilot.press("v")
        assert panel.seat == me and game.viewed is None


@pytest.mark.parametrize(
    ("size", "modules"),
    [
        # The widget's own rule is the next test's, in make test; these play 24 moves.
        pytest.param((120, 40), ("kodama",), marks=pytest.mark.slow),  # where it happened
        pytest.param((120, 40), (), marks=pytest.mark.slow),
        pytest.param((80, 24), ("kodama",), marks=pytest.mark.slow),
    ],
    ids=["120x40-kodama", "120x40-base", "80x24-kodama"],
)
async def test_the_log_shows_its_newest_line_after_every_move(size, modules):
    """Play-test: in the middle layout the log's newest lines sat under the
    footer until the round ended (the log, grown taller then shorter again, had stopped
    following its end). After each move of round 1's draw phase and first action turns
    the log is scrolled to its end and ends above the footer (the widget's own rule,
    grown then shrunk, is the next test's, in a small app)."""
    from living_forest.core import GameOptions

    from .driver import play_keys

    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=size) as pilot:
        game = await start(pilot, Session(SEATS, 5, options=GameOptions(modules)))
        log = game.query_one("#log")
        footer = game.query_one("KeyBar")
        phases = set()
        for _ in range(24):
            _, over = await play_keys(pilot, game, 1)
            if over:
                break
            if app.screen is not game:
                continue
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y, size
            assert log.region.bottom <= footer.region.y, size
            phases.add(game.session.state.phase)
        assert phases == {"draw", "action"}, phases  # both layouts were seen


async def test_the_log_follows_its_end_when_it_grows_then_shrinks():
    """The log at its end, made taller (its scroll moves back to the new end) and then
    shorter again, still shows its newest line; a log the player scrolled back stays
    where they put it."""
    from textual.app import App, ComposeResult

    from living_forest.tui.widgets.event_log import EventLog

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield EventLog(id="log")

    app = One()
    async with app.run_test(size=(60, 30)) as pilot:
        log = app.query_one(EventLog)
        log.styles.height = 8
        await pilot.pause()
        for i in range(40):
            log.add(f"line {i}", round=1)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        for height in (20, 6):
            log.styles.height = height
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y, height
        log.scroll_to(y=3, animate=False, immediate=True)  # the player reads back
        log.styles.height = 10
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == 3


async def test_v_in_the_middle_layout_names_the_help_line_above_another_forest():
    """Play-test: at 120x40 the Help Line panel keeps the acting player's
    line when v shows another Forest under it; it then says whose it is, and the other
    player's own line is under their Forest."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, Session(SEATS, 14))
        await clear_dialogs(pilot)
        me = game.state.current
        name = game.state.players[me].name
        panel = game.query_one("#helpline", HelpLineView)
        assert f"{name}'s" not in str(panel.render())  # above their own Forest: no name
        await pilot.press("v")
        other = (me + 1) % game.state.n
        shown = [fv for fv in game.query(ForestView) if fv.display]
        assert shown[0].seat == other and panel.seat == me  # under the panel: the other's
        assert shown[0].region.y < shown[1].region.y and shown[1].seat == me
        assert f"{name}'s Help Line" in str(panel.render())
        await pilot.press("v")
        assert f"{name}'s" not in str(panel.render())


async def test_the_rounds_held_last_move_is_in_the_log_while_it_waits():
    """Play-test: while the round's last move waits for Enter the log stopped
    short of it; now its own sentences are there at once, and Enter adds the end of the
    round without writing them twice."""
    from living_forest.core import describe

    seed = 11
    st, _ = new_game([(s.name, s.spirit) for s in SEATS], seed, first=0)
    rng, log = random.Random(seed), []
    while True:  # to the action that ends round 1
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        after, events = apply(st, a)
        if after.round != st.round:
            break
        st = after
        log.append(str(a))
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await start(pilot, Session(SEATS, seed, first=0, actions=log))
        await clear_dialogs(pilot)
        await press_action(pilot, game, a)
        assert game.session.held == a
        lines = game.query_one("#log", EventLog).sentences
        ends = next(i for i, e in enumerate(events) if e.kind == "turn_ended")
        own = [describe(e, after) for e in events[: ends + 1]]
        rest = [describe(e, after) for e in events[ends + 1 :]]
        assert all(x in " ".join(lines) for x in own)
        assert not any(x in lines for x in rest if x not in own)
        await pilot.press("enter")
        await clear_dialogs(pilot)
        lines = game.query_one("#log", EventLog).sentences
        text = "\n".join(lines)
        for x in own:
            assert text.count(x) == sum(1 for y in own if y == x), x  # once, not twice
        assert all(x in text for x in rest)


def _mid_game(n: int, options, seed: int = 3) -> Session:
    """A hot-seat game of ``n`` played by baseline bots to round 4, Ana to act."""
    from living_forest.core import GameOptions

    names = [("Ana", "winter"), ("Ben", "summer"), ("Cleo", "spring"), ("Dan", "autumn")]
    seats = [SeatConfig(*s) for s in names[:n]]
    s = Session(seats, seed, 0, options=options or GameOptions())
    rng = random.Random(seed)
    while not (s.state.round >= 4 and s.state.current == 0 and s.state.phase == "action"):
        if s.turn_done is not None:
            s.confirm_turn()
            continue
        st = s.state
        s.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
        if s.held is not None:
            s.confirm_turn()
    return Session(seats, seed, 0, options=options or GameOptions(), actions=s.actions)


@pytest.mark.parametrize(
    ("n", "kodama"),
    [
        pytest.param(2, False, id="2-base"),  # room for every Forest whole
        pytest.param(4, True, id="4-kodama"),  # the fullest board
        # the four between them: make test-slow
        pytest.param(2, True, id="2-kodama", marks=pytest.mark.slow),
        pytest.param(3, False, id="3-base", marks=pytest.mark.slow),
        pytest.param(3, True, id="3-kodama", marks=pytest.mark.slow),
        pytest.param(4, False, id="4-base", marks=pytest.mark.slow),
    ],
)
async def test_every_forest_shows_at_120x40_compact_where_needed(n: int, kodama: bool) -> None:
    """Review: at 120x40 with 4 players the third and fourth Forests were dropped.
    Every Forest now shows, the last ones in a compact form (no columns' bonuses, the
    Help Line's strengths without its cards) only where the full form leaves no room,
    and the left column never scrolls (a scroll bar made the ring wrap onto 2 more rows)."""
    from living_forest.core import GameOptions

    options = GameOptions(("kodama",)) if kodama else GameOptions()
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, _mid_game(n, options))
        await clear_dialogs(pilot)
        await pilot.pause()
        left = game.query_one("#left")
        forests = [fv for fv in game.query(ForestView) if fv.display]
        assert sorted(fv.seat for fv in forests) == list(range(n))
        assert left.max_scroll_y == 0
        assert all(fv.region.bottom <= left.region.bottom for fv in forests)
        circle = game.query_one("#circle", CircleView)
        assert circle.region.height == circle.lines  # not wrapped
        compact = [fv for fv in forests if fv.compact]
        assert not forests[0].compact  # the Forest in play, whole
        if n == 2:
            assert not compact  # room for the whole form
        for fv in compact:
            text = str(fv.render())
            assert "=≈1" not in text.split("\n")[-2:][0]  # no columns' bonuses
            assert "Help Line" not in text and "net" in text  # strengths, not the cards
        full = [fv for fv in forests if not fv.compact and fv.line]
        for fv in full:
            assert "=≈1" in str(fv.render())


async def test_a_forest_picked_with_v_gives_way_when_the_round_ends():
    """Play-test: a player looked at the other's Forest (v) with their turn done, then
    ended the round with Enter; as the one who ended the round, they reveal first in
    the next, and the board still showed the other's Help Line and Forest (its
    strengths and solitary count while deciding to draw). A new round shows the
    player to act."""
    s = Session(SEATS, 1, 0)
    rng = random.Random(1)
    while s.held is None:  # hot seat, played by baseline bots to the round's last move
        if s.turn_done is not None:
            s.confirm_turn()
            continue
        st = s.state
        s.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
    me = s.state.current
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, s)
        await pilot.press("v")
        other = (me + 1) % game.state.n
        assert game.shown_seat == other
        round_now = game.state.round
        await pilot.press("enter")  # end the round: Onibi plays
        await clear_dialogs(pilot)
        await pilot.pause()
        assert game.state.round == round_now + 1 and game.state.current == me
        assert game.viewed is None and game.shown_seat == me
        panel = game.query_one("#helpline", HelpLineView)
        assert panel.seat == me
        assert [fv.seat for fv in game.query(ForestView) if fv.display] == [me]


async def test_enter_says_it_ends_the_round_when_it_does():
    """Play-test: the key bar said "Pass turn" where Enter ends the round (the round's
    last move held for Enter); it now says "End round", and once the move is taken
    back (u) Enter is not on the bar at all (no turn waits)."""
    s = Session(SEATS, 1, 0)
    rng = random.Random(1)
    passes = []  # what Enter ended beyond the turn, each time a turn was passed on
    while s.held is None:  # hot seat, played by baseline bots to the round's last move
        if s.turn_done is not None:
            passes.append(s.turn_done_ends)
            s.confirm_turn()
            continue
        st = s.state
        s.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
    assert passes == [None]  # the first player's turn: Enter passes it on
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(pilot, s)
        await pilot.pause()
        bar = game.query_one("#keys", KeyBar)
        keys = [p[0].plain.strip() for p in bar._pieces]
        assert "⏎ End round" in keys and not any("Pass turn" in k for k in keys)
        assert "⏎ End round" in str(bar.render())  # drawn at 80x24
        await pilot.press("u")  # the held move taken back: no turn waits
        await pilot.pause()
        keys = [p[0].plain.strip() for p in bar._pieces]
        assert not any("End round" in k or "Pass turn" in k for k in keys)


@pytest.mark.parametrize("then", ["enter", "u"])
async def test_the_next_turn_starts_in_the_log_when_the_finished_turn_is_passed_on(then):
    """A play-test: at "Turn done · Enter: pass to Ben" the log already had Ben's turn
    start, and kept it after an undo. It comes with Enter now; an undo drops it."""
    from ..core import scenario

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring")]
    st = scenario.to_action_phase(scenario.start(2), {0: ["hare"], 1: ["hare"]}, seat=0)
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(pilot, Session(seats, 1, first=0, state=st))
        await clear_dialogs(pilot)
        assert game.state.current == 0
        log = game.query_one("#log", EventLog)
        while game.session.state.current == 0:  # Ana plays her two basic actions
            legal = [a for a in legal_actions(game.session.state) if a.kind != "end"]
            assert game.play(legal[0])
            await settle(pilot)
        assert game.session.turn_done == 0 and game.session.state.current == 1
        assert game.state.current == 0  # the board: Ana's finished turn, until Enter
        forests = [fv for fv in game.query(ForestView) if fv.display]
        assert forests[0].seat == 0 and "to act" not in forests[0].render_state(game.state)
        # A click on that Forest says the turn is done ("choose Plant (p) first" was
        # wrong: p is hidden until Enter passes the turn on).
        game._space_clicked(ForestView.SpaceClicked(0, 7))
        assert "turn is done" in game.message and "Plant" not in game.message
        bo_turn = [s for s in log.sentences if "Bo's turn" in s]
        assert log.sentences[-1].endswith("Ana ends the turn.") and not bo_turn
        await pilot.press(then)
        await settle(pilot)
        bo_turn = [s for s in log.sentences if "Bo's turn" in s]
        if then == "enter":
            assert game.session.turn_done is None and len(bo_turn) == 1
            forests = [fv for fv in game.query(ForestView) if fv.display]
            assert forests[0].seat == 1 and "to act" in forests[0].render_state(game.state)
        else:
            assert game.state.current == 0 and not bo_turn
            assert "↶" in log.sentences[-1]
