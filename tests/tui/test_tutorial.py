"""Learn to play: the tutorial's script (``assets/tutorial.json``) is a
game the core accepts, covers what a newcomer must learn, and is played through from
the title screen with key presses, every other move refused without changing the game."""

from __future__ import annotations

import asyncio
import re
import time

import pytest
from textual.widgets import Label, Static

from living_forest.core import apply, legal_actions, outcome
from living_forest.core.actions import (
    ATTRACT,
    DRAW,
    EXTINGUISH,
    MOVE,
    PLANT,
    STEAL,
    STOP,
    TAKE_FRAGMENT,
    USE_FRAGMENT,
)
from living_forest.core.state import PHASE_OVER
from living_forest.present.keys import GAME_KEYS, KIND_NAME, opens_list
from living_forest.present.session import HUMAN
from living_forest.present.tutorial import Tutor, chapters, check_chapter
from living_forest.tui.app import LivingForestApp
from living_forest.tui.saving import autosave_exists
from living_forest.tui.screens.modals import ConfirmScreen, HelpScreen, InfoScreen
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.screens.title import TitleScreen
from living_forest.tui.screens.tutorial import ChapterScreen, TutorialScreen

from .driver import KIND_KEY, SETTLE_TIMEOUT, pick_visible, press_action, settle


def default_key(name: str) -> str:
    return GAME_KEYS[name].key if name in GAME_KEYS else name


def played(chapter):
    """The chapter's game after its setup and every step, through the core alone."""
    session = chapter.session()
    st = session.state
    movers = []
    for step in chapter.steps:
        assert step.action in legal_actions(st), step.do
        movers.append(st.current)
        st, _ = apply(st, step.action)
    return st, movers


@pytest.mark.parametrize("chapter", chapters(), ids=lambda c: c.id)
def test_each_chapter_is_a_game_the_rules_accept(chapter) -> None:
    assert check_chapter(chapter) == []
    _, movers = played(chapter)
    human = chapter.human
    assert chapter.seats[human].controller == HUMAN
    assert all(s.controller == chapter.then for i, s in enumerate(chapter.seats) if i != human)
    # The person does something in it, and the script says why before their first move.
    first_own = movers.index(human)
    assert chapter.steps[first_own].say
    assert chapter.done


def test_the_ending_chapter_says_what_the_tree_count_is_made_of() -> None:
    """Chapter 2 ended "Ana reached 12 different trees" where T 12 = 9 kinds +
    the starting tree + 2 Victory tiles (V-3). The result box says what each count met
    is made of (the core's split), and the lesson's own words agree with it."""
    from living_forest.core import count_breakdown
    from living_forest.tui.screens.over import summary

    chapter = next(c for c in chapters() if c.id == "ending")
    st, _movers = played(chapter)
    assert st.phase == PHASE_OVER
    b = count_breakdown(st, chapter.human)
    name = chapter.seats[chapter.human].name
    assert b.counts.trees == 12 and (b.tree_kinds, b.tree_tiles) == (9, 2)
    text = " ".join(summary(st).split())  # its sentences are wrapped to the box
    assert (
        f"{name} reached 12 trees ({b.tree_kinds} kinds of trees + the starting tree + "
        f"{b.tree_tiles} Victory tiles)."
    ) in text
    assert "different trees" not in text
    from living_forest.tui.screens.over import made_of as parts

    assert parts(st, chapter.human, "fires") == "3 Fire tiles + 1 Victory tile"
    assert parts(st, chapter.human, "flowers") == "Help Line 2 + Forest trees 3 + 1 Victory tile"
    made_of = f"{b.tree_kinds} kinds of trees"
    assert made_of in chapter.done and f"{b.tree_tiles} tree Victory tiles" in chapter.done
    planted = next(s for s in chapter.steps if s.say and "reaches 12" in s.say)
    assert made_of in planted.say and f"{b.tree_tiles} tree Victory tiles" in planted.say


def test_the_chapters_cover_what_a_newcomer_must_learn() -> None:
    """The Help Line and solitary symbols, stopping early, each action type,
    the Circle and Victory tiles, planting with bonuses, Onibi's attack, Fragments and
    the end of the game."""
    kinds = set()
    events = []
    for c in chapters():
        st = c.session().state
        for step in c.steps:
            if st.current == c.human:
                kinds.add(step.action.kind)
            st, evs = apply(st, step.action)
            events += [(e.kind, e.seat, e.data) for e in evs]
    assert kinds >= {DRAW, STOP, USE_FRAGMENT, TAKE_FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT}
    assert STEAL in kinds  # a Victory tile taken by jumping
    happened = {k for k, _, _ in events}
    assert "onibi_attacks" in happened and "varans_dealt" in happened  # E-1
    assert "fires_added" in happened  # E-2
    assert "bonus_offered" in happened  # a rock's or a corner's bonus (A-8, F-4)
    assert "game_over" in happened
    # The Kodama chapter: a call, and Onibi moving and lighting a fire (K-A, K-O2, K-O3).
    assert {"kodama_called", "onibi_moved", "onibi_fire_added"} <= happened
    # A chapter ends the game, won by the person.
    ends = [(c, st) for c in chapters() for st in [played(c)[0]] if st.phase == PHASE_OVER]
    assert len(ends) == 1
    chapter, st = ends[0]
    res = outcome(st)
    assert res is not None and res.winners == (chapter.human,)


def test_the_tutor_refuses_any_other_move_with_the_keys_to_press() -> None:
    chapter = chapters()[0]
    tutor = Tutor(chapter)
    session = chapter.session()
    assert tutor.index(session) == 0 and tutor.refusal(session, session.legal()[0], str) is None
    # Play to the step that asks for a stop, where a draw is legal too.
    stop_at = next(i for i, s in enumerate(chapter.steps) if s.action.kind == STOP)
    for step in chapter.steps[:stop_at]:
        session.play(step.action)
    assert tutor.index(session) == stop_at
    draw = next(a for a in session.legal() if a.kind == DRAW)
    refusal = tutor.refusal(session, draw, default_key)
    assert refusal is not None and "press s to stop" in refusal
    assert tutor.refuses_list(session, ATTRACT, default_key) is not None
    # A remapped key is the one named.
    assert "press S to stop" in tutor.hint(session, lambda n: n[0].upper())
    assert tutor.scripted_at(len(chapter.setup) + stop_at) == chapter.steps[stop_at].action
    assert tutor.scripted_at(len(chapter.setup) + len(chapter.steps)) is None


async def _wait_for(pilot, what, timeout: float = SETTLE_TIMEOUT):
    deadline = time.monotonic() + timeout
    while not what():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting after {timeout:g} s")
        await pilot.pause()
        await asyncio.sleep(0.01)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(chapters())), ids=[c.id for c in chapters()])
async def test_learn_to_play_from_the_title_screen_by_its_script(index: int) -> None:
    chapter = chapters()[index]
    app = LivingForestApp(bot_pause=0)
    notes: list[object] = []
    app.notify = lambda *a, **k: notes.append(k.get("title"))  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("t")
        await _wait_for(pilot, lambda: isinstance(app.screen, ChapterScreen))
        await pilot.press(*(["down"] * index), "enter")
        await _wait_for(pilot, lambda: app.game is not None and app.game._log_loaded)
        game = app.game
        assert isinstance(game, TutorialScreen) and game.chapter is chapter
        session = game.session
        boxes: list[str] = []
        refused = 0
        wrong_tree = False
        esc_on_held = False
        numbered = 0
        opened = False
        boxed = 0
        for _ in range(10 * len(chapter.steps) + 50):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, InfoScreen):
                if game.human_to_act and not game.tutor.finished(session):
                    # A box waits for Enter: the hint says so first (it said
                    # "Now: press d" under the end of the round's summary).
                    assert game.message.startswith("Now: press Enter to close the box, then ")
                    boxed += 1
                boxes.append(screen.title_text)
                await pilot.press("enter")
                continue
            if isinstance(screen, GameOverScreen) or (
                game.tutor.finished(session) and "Chapter done" in boxes
            ):
                break
            if session.turn_done is not None:
                if session.held is not None and not esc_on_held:
                    # Esc leaves even while the round's last move waits (it asks first).
                    await pilot.press("escape")
                    await _wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
                    await pilot.press("escape")  # no: stay
                    await _wait_for(pilot, lambda: app.screen is game)
                    esc_on_held = True
                await pilot.press("enter")
                continue
            if not session.current_is_human:
                continue
            step = game.tutor.step(session)
            assert step is not None
            name = _key_name(step.action.kind)
            if name and not opened and not game.modes and opens_list(session.state, name):
                await pilot.press(GAME_KEYS[name].key)  # the list of the step's kind
                assert game.modes == [step.action.kind]
                opened = True
            if (said := re.search(r" It is number (\d)\.", game.message)) is not None:
                # The number named is the entry that leads to the step.
                c = game._choices[game._numbers.index(int(said[1]))]
                assert c.action == step.action or c.mode == f"{step.action.kind}:{step.action.arg}"
                numbered += 1
            # Another legal move is refused with the keys to press, and changes nothing.
            other = next((a for a in session.legal() if a != step.action), None)
            if other is not None and other.kind in (DRAW, STOP, TAKE_FRAGMENT) and refused < 3:
                before = list(session.actions)
                await pilot.press(KIND_KEY[other.kind])
                assert session.actions == before
                assert game.message.startswith("Not in this lesson. Now: ")
                refused += 1
            if step.action.kind == PLANT and not wrong_tree:
                # Opening another tree's spaces is refused too, and the list stays.
                await pilot.press(GAME_KEYS["plant"].key)
                assert " It is number " in game.message  # the tree to pick, by number
                right = f"plant:{step.action.arg}"
                assert await pick_visible(pilot, game, lambda c, r=right: c.mode not in (None, r))
                assert game.modes == ["plant"]
                assert game.message.startswith("Not in this lesson. Now: pick tree ")
                wrong_tree = True
            await press_action(pilot, game, step.action)
        else:
            raise AssertionError("the chapter did not finish")
        # The game followed the script exactly, and said so at its end.
        done = [*chapter.setup, *(s.do for s in chapter.steps)]
        assert session.record[0][: len(done)] == done
        assert "Chapter done" in boxes
        told = sum(1 for s in chapter.steps if s.say)
        assert boxes.count(f"Learn to play · {chapter.title}") == told
        assert refused >= 1
        assert numbered >= 1
        assert boxed >= 1
        assert esc_on_held == any(
            st.phase == "action" and after.round != st.round
            for st, after in _human_round_ends(chapter)
        )
        # Ben's moves come in the lesson's boxes, not in toasts over the log.
        assert "Since your last turn" not in notes
        if played(chapter)[0].phase == PHASE_OVER:
            await _wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            res = outcome(session.state)
            assert res is not None and res.winners == (chapter.human,)


def _human_round_ends(chapter):
    """(before, after) of each of the person's moves in the chapter."""
    st = chapter.session().state
    out = []
    for step in chapter.steps:
        after, _ = apply(st, step.action)
        if st.current == chapter.human:
            out.append((st, after))
        st = after
    return out


def _key_name(kind: str) -> str | None:
    """The board key of an action kind (None for a pick with no key: steal)."""
    return KIND_NAME.get(kind)


async def _first_lesson(pilot) -> InfoScreen:
    """From the title screen: Learn to play, chapter 1; its first text, open."""
    app = pilot.app
    await _wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
    await pilot.press("t")
    await _wait_for(pilot, lambda: isinstance(app.screen, ChapterScreen))
    await pilot.press("enter")
    await _wait_for(pilot, lambda: isinstance(app.screen, InfoScreen))
    box = app.screen
    assert isinstance(box, InfoScreen)
    return box


async def _first_chapter(pilot) -> TutorialScreen:
    """From the title screen: Learn to play, chapter 1, its first text read; the board."""
    app = pilot.app
    await _first_lesson(pilot)
    await pilot.press("enter")
    game = app.game
    assert isinstance(game, TutorialScreen)
    await _wait_for(pilot, lambda: app.screen is game)
    return game


async def test_esc_leaves_the_tutorial_for_the_title_screen() -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("t")
        await _wait_for(pilot, lambda: isinstance(app.screen, ChapterScreen))
        await pilot.press("enter")
        await _wait_for(pilot, lambda: isinstance(app.screen, InfoScreen))
        await pilot.press("enter")  # the first step's text
        await _wait_for(pilot, lambda: isinstance(app.screen, TutorialScreen))
        await pilot.press("escape")
        await _wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("escape")  # no: stay
        await _wait_for(pilot, lambda: isinstance(app.screen, TutorialScreen))
        await pilot.press("escape")
        await _wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("enter")  # yes
        await _wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert app.game is None
        assert not autosave_exists()  # a tutorial game is not kept: Continue has nothing


async def test_a_lesson_box_waits_for_the_board_to_be_on_top() -> None:
    """A step's text never opens over the help (or any other screen): it comes when
    the board is back."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _first_chapter(pilot)
        await pilot.press("f1")
        await _wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        # The next steps with a text to show come up while the help is open.
        steps = game.chapter.steps
        game.session.play(steps[0].action)  # its text was shown
        while not steps[game.tutor.index(game.session)].say:
            game.session.play(steps[game.tutor.index(game.session)].action)
        assert game.tutor.index(game.session) not in game._told
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await _wait_for(pilot, lambda: isinstance(app.screen, InfoScreen))
        assert isinstance(app.screen, InfoScreen)
        assert app.screen.body == steps[game.tutor.index(game.session)].say


async def test_loading_a_game_over_a_tutorial_asks_in_its_own_words() -> None:
    """A tutorial is not autosaved: opening another game asks whether to leave it (not
    "it stays in its autosave"), and Esc keeps it."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _first_chapter(pilot)
        gone: list[int] = []
        app.leave_game_then(lambda: gone.append(1), to=None)
        await _wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Leave the tutorial?"
        assert "autosave" not in app.screen.body
        await pilot.press("escape")
        await _wait_for(pilot, lambda: app.screen is game)
        assert gone == []


async def test_h_shows_the_last_lesson_again_and_the_box_says_so() -> None:
    """At 80x24 a lesson's box covers the panels it talks about: once it is closed, the
    hint key opens the same text again (the box's footer names the key), and reading
    it changes nothing in the game."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        first = await _first_lesson(pilot)
        footer = str(first.query_one("#info-footer", Label).render())
        assert "h shows this text again" in footer
        title, body = first.title_text, first.body
        await pilot.press("enter")
        game = app.game
        assert isinstance(game, TutorialScreen)
        await _wait_for(pilot, lambda: app.screen is game)
        before = list(game.session.actions)
        await pilot.press("h")
        await _wait_for(pilot, lambda: isinstance(app.screen, InfoScreen))
        again = app.screen
        assert isinstance(again, InfoScreen)
        # The same text, then what to press now (the text may be a few steps old).
        assert again.title_text == title and again.body.startswith(body)
        assert again.body.endswith("\n\nNow: press d to reveal the next card.")
        # Under the box, the status line says to close it first.
        assert game.tutor_hint() == (
            "Now: press Enter to close the box, then press d to reveal the next card."
        )
        await pilot.press("escape")
        await _wait_for(pilot, lambda: app.screen is game)
        assert game.session.actions == before
        # The step's instruction is still on the status line.
        assert game.message == game.tutor_hint() and "press d" in game.message


def test_the_other_seat_follows_the_lesson_in_the_status_line() -> None:
    """While Ben plays the script the status line does not call him an easy bot; past
    the script it does (he plays on at the chapter's level)."""
    from living_forest.present.status import situation

    chapter = chapters()[0]
    session = chapter.session()
    tutor = Tutor(chapter)
    for step in chapter.steps:
        if not session.current_is_human:
            break
        session.play(step.action)
    assert not session.current_is_human
    assert tutor.scripted_at(len(session.actions)) is not None
    scripted = situation(session, [], str, bot_text="following the lesson")
    own = situation(session, [], str)
    name = session.state.players[session.state.current].name
    assert f"{name} (" in scripted and "[following the lesson]" in scripted
    assert "bot]" not in scripted and "[easy bot]" in own


async def test_the_status_line_says_ben_follows_the_lesson_until_the_script_ends() -> None:
    """On the board: while Ben's scripted move waits (a long bot pause), the status line
    names the lesson, not "[easy bot]"; past the script, the bot's own level."""
    app = LivingForestApp(bot_pause=30)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await _first_chapter(pilot)
        session = game.session
        for step in game.chapter.steps:
            if not session.current_is_human:
                break
            session.play(step.action)
        for _ in range(200):  # the lesson's boxes first (each closes with Enter)
            if game.bot_busy:
                break
            if isinstance(app.screen, InfoScreen):
                await pilot.press("enter")
            await pilot.pause()
            await asyncio.sleep(0.02)
        assert game.bot_busy and not session.current_is_human
        game._refresh_status()
        status = str(game.query_one("#status", Static).render())
        # Ben and the lesson named (the Spirit's name goes first when the line
        # would not fit one row beside the lesson's hint)
        assert "Ben" in status and "[following the lesson]" in status and "bot]" not in status
        assert len(status.splitlines()[0]) <= 78
        for step in game.chapter.steps[game.tutor.index(session) :]:
            session.play(step.action)
        assert game.tutor.finished(session) and game.bot_text() is None
        game.bots.pace.wake()  # the waiting bot step goes (its game is gone)


async def test_once_the_tree_is_picked_the_hint_names_only_the_space() -> None:
    """Once the tree is picked: "pick tree 5A, then the space (0,0)" stayed on the status
    line over the list of that tree's spaces; there it says which space, and its number."""
    chapter = next(c for c in chapters() if c.steps[0].action.kind == PLANT)
    step = chapter.steps[0].action
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("t")
        await _wait_for(pilot, lambda: isinstance(app.screen, ChapterScreen))
        await pilot.press(*(["down"] * chapters().index(chapter)), "enter")
        await _wait_for(pilot, lambda: isinstance(app.screen, InfoScreen))
        game = app.game
        assert isinstance(game, TutorialScreen)
        assert game.message.startswith("Now: press Enter to close the box, then press p")
        await pilot.press("enter")
        await _wait_for(pilot, lambda: app.screen is game)
        assert game.message.startswith(f"Now: press p, then pick tree {step.arg}, then the space")
        await pilot.press("p")
        assert game.message.startswith(f"Now: pick tree {step.arg}, then the space")
        said = re.search(r" It is number (\d)\.", game.message)
        assert said is not None
        await pilot.press(said[1])
        await pilot.pause()
        assert game.modes == ["plant", f"plant:{step.arg}"]
        x, y = step.cell % 5, step.cell // 5
        assert game.message.startswith(f"Now: pick the space ({x},{y}) in the list. It is number ")
