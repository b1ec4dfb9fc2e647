"""The inspect key: what each thing on the board is, does and offers now. The
'Now:' line of each item agrees with the legal actions (the core is asked)."""

from __future__ import annotations

import random

from rich.cells import cell_len

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    BASE_GAME,
    Action,
    GameOptions,
    apply,
    legal_actions,
    move_destination,
    new_game,
    observe,
    rules_of,
)
from living_forest.core.actions import ATTRACT, DRAW, EXTINGUISH, MOVE, STOP
from living_forest.present.inspector import FIRES, HELP_LINES, RESERVE, ROCKS, TREES, items
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.modals import InspectScreen

from .driver import clear_dialogs, started


def _positions(options: GameOptions | None = None):
    options = BASE_GAME if options is None else options
    for seed in (41, 42):
        st, _ = new_game(
            [("Ana", "winter"), ("Ben", "spring"), ("Cy", "summer")], seed, options=options
        )
        rng = random.Random(seed)
        while st.phase != "over":
            yield st
            st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))


def test_every_now_line_agrees_with_the_legal_actions() -> None:
    offered = refused = 0
    for st in _positions():
        its = items(st)
        keys = [it.key for it in its]
        assert len(keys) == len(set(keys))
        cards = {c for row in st.reserve for c in row if c}
        assert {k[5:] for k in keys if k.startswith("card:")} == cards
        legal = set(legal_actions(st))
        for it in its:
            now = [x for x in it.lines if x.startswith("Now:")]
            arg = it.key.partition(":")[2]
            if it.group == RESERVE:
                can = Action(ATTRACT, arg) in legal
                assert (now[0] == "Now: Attract (a) and pick it.") == can, (it.key, now)
                offered += can
                refused += not can
            elif it.group == FIRES and arg != "none":
                can = Action(EXTINGUISH, arg) in legal
                assert now[0].startswith("Now: Extinguish") == can
                assert f"value {arg}" in it.title
            elif it.group == ROCKS and st.phase == "action" and not st.pending:
                moves = [a for a in legal if a.kind == MOVE]
                lands = {move_destination(st, a.value)[0] for a in moves}
                assert now[0].startswith("Now: Move") == (int(arg) in lands), (it.key, now)
            elif it.group == TREES:
                assert now  # every tree says what it offers now
    assert offered > 20 and refused > 100


def test_the_kodama_board_is_inspected_in_a_kodama_game() -> None:
    st = next(iter(_positions(GameOptions(("kodama",)))))
    assert any(it.key == "kodama" and it.lines for it in items(st))
    base = next(iter(_positions()))
    assert not any(it.key == "kodama" for it in items(base))


async def test_o_opens_the_inspector_on_the_board_and_changes_nothing() -> None:
    app = LivingForestApp(bot_pause=0, autosave=False)
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 7))
        await started(pilot)
        game = app.game
        assert game is not None
        before = game.session.state
        await pilot.press("o")
        assert isinstance(app.screen, InspectScreen)
        screen = app.screen
        detail = screen.query_one("#inspect-detail")
        first = str(detail.render())
        assert screen.items[0].title in first
        await pilot.press("down")
        await pilot.pause()
        assert str(detail.render()) != first  # the next item's details
        await pilot.press("escape")
        await clear_dialogs(pilot)
        assert app.screen is game and game.session.state is before


def test_every_help_line_card_is_inspected_by_its_whole_name() -> None:
    """A long Help Line shortens names at 80x24 (Humbird); the inspector has each card
    of each player's Help Line (public, G-1) by its whole name, in order."""
    st, _ = new_game([("Ana", "winter"), ("Ben", "summer")], 1)
    while st.phase == "draw":
        legal = legal_actions(st)
        st, _ = apply(st, Action(DRAW) if Action(DRAW) in legal else Action(STOP))
    found = [it for it in items(st) if it.group == HELP_LINES]
    expected = [(p.name, rules_of(st).data.cards[c].name) for p in st.players for c in p.help_line]
    assert len(expected) > 4
    assert [tuple(it.title.split(": ", 1)) for it in found] == expected
    assert all(it.lines[0].startswith(it.title.split(": ", 1)[1] + ":") for it in found)


async def test_a_finished_turn_waiting_to_be_passed_on_says_so_in_the_inspector() -> None:
    """While Ana's finished turn waits for Enter, Ben has not sat down: the "Now:"
    lines say what the status line says (Enter passes the turn on), not "Ben is to act"."""
    from living_forest.present.status import turn_done_text

    app = LivingForestApp(bot_pause=0, autosave=False)
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 7, actions=["draw", "stop", "draw", "stop"]))
        await started(pilot)
        await clear_dialogs(pilot)
        game = app.game
        assert game is not None
        assert game.state.phase == "action" and game.session.current_is_human
        await pilot.press("e")
        await pilot.pause()
        assert game.session.turn_done is not None
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, InspectScreen)
        nows = {x for it in screen.items for x in it.lines if x.startswith("Now:")}
        assert nows == {f"Now: {turn_done_text(game.session, game.key_of)}"}
        assert not any("is to act" in x for x in nows)


def test_a_solitary_cards_mark_names_the_forced_stop_the_core_gives(monkeypatch) -> None:
    """G-5's count comes from the core (a module may change it), not from the text."""
    from living_forest.present import inspector

    st = next(_positions())
    solitary = [
        line for item in items(st) for line in item.lines if line.startswith("Mark: solitary")
    ]
    assert solitary and all("forced stop at 3 " in line for line in solitary)
    monkeypatch.setattr(inspector, "forced_stop_count", lambda _st: 4)
    moved = [line for item in items(st) for line in item.lines if "forced stop at" in line]
    assert len(moved) == len(solitary) and all("forced stop at 4 " in line for line in moved)


async def _look_box(pilot) -> InspectScreen:
    """The Look box over a new 3-player Kodama game."""
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer"), SeatConfig("Cy", "autumn")]
    pilot.app.start_session(Session(seats, 7, options=GameOptions(("kodama",))))
    await started(pilot)
    await pilot.press("o")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, InspectScreen)
    return screen


async def test_the_inspectors_list_shows_each_entry_on_one_line_at_80x24() -> None:
    """The list is as wide as its widest entry (40 % of the box wrapped "L3 Flying
    Squirrel (cost 15)" and "Rock 10 bonus Extinguish — Ana" at 80 columns)."""
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _look_box(pilot)
        listed = screen.query_one("#inspect-list")
        widest = max(cell_len(it.title) for it in screen.items)
        assert widest > 26  # the entry that wrapped
        assert listed.scrollable_content_region.width >= widest
        detail = screen.query_one("#inspect-detail")
        assert detail.size.width >= screen.query_one("#box").size.width // 2 - 4


async def test_a_long_text_in_the_look_box_can_be_read_to_its_end_at_80x24() -> None:
    """A French play-test at 80x24: the text on the right stopped at "Maintenant :
    impossible — pendant" and the rest could not be reached (Tab and the arrows moved
    the list only). The text scrolls: Tab goes to it, the arrows and PgDn scroll it; the
    next item's text starts at its top."""
    from textual.containers import VerticalScroll

    from living_forest import i18n

    app = LivingForestApp(bot_pause=0, autosave=False)
    i18n.set_language("fr")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _look_box(pilot)
            scroll = screen.query_one("#inspect-scroll", VerticalScroll)
            listed = screen.query_one("#inspect-list")
            for _step in screen.items:  # to an item whose text is taller than the box
                if scroll.max_scroll_y > 0:
                    break
                await pilot.press("down")
                await pilot.pause()
            assert scroll.max_scroll_y > 0
            await pilot.press("tab")
            assert scroll.has_focus
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroll.scroll_y == scroll.max_scroll_y  # its last lines in view
            await pilot.press("shift+tab", "down")
            await pilot.pause()
            assert listed.has_focus and scroll.scroll_y == 0
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_the_key_names_every_mark_a_tree_shows_in_a_forest() -> None:
    """A French play-test: "7K*" in a Forest, and no "*" in the key to the short
    marks. Every mark a planted tree's ability shows (F-7's "x2", another ability's
    "*") has its entry in the key."""
    from living_forest.present.board.forest import _tree_text
    from living_forest.present.inspector import KEY

    st, _ = new_game([("Ana", "winter"), ("Ben", "summer")], 1, options=GameOptions(("kodama",)))
    keys = " ".join(it.title for it in items(st) if it.group == KEY)
    trees = rules_of(st).data.trees
    marks = {
        _tree_text(label, k).rsplit("]", 1)[1].lstrip("☼≈♣»✿-0123456789")
        for label, k in trees.items()
        if k.effects
    }
    assert marks >= {"x2", "*"}, marks
    assert all(mark in keys for mark in marks), (marks, keys)
