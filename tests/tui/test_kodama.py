"""The Kodama expansion in the app: chosen on the New game form, its board and Onibi
shown, its actions played by keys, whole games with bots, and nothing of it in a base
game."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from living_forest.core import GameOptions, apply, is_over, new_game
from living_forest.core.kodama import kodama
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.screens.title import Cycle
from living_forest.tui.widgets.event_log import EventLog

from ..core.kodama_scenario import give_tiles, kstart, set_pile
from ..core.scenario import to_action_phase
from .driver import play_to_end, press_action, settle, started

KODAMA = GameOptions(("kodama",))
SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]


async def test_the_new_game_form_starts_a_kodama_game():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        rules = form.query_one("#rules", Cycle)
        rules.focus()
        await pilot.press("right")
        assert rules.value == "kodama"
        assert "Kodama expansion" in str(form.query_one("#newgame-summary").render())
        await pilot.press("f5")
        await pilot.pause()
        game = app.game
        assert game is not None and game.session.options == KODAMA
        assert game.session.state.thresholds["trees"] == 13
        assert game.query_one("#kodama").display


async def test_a_base_game_shows_no_kodama_material():
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 5, first=0))
        await settle(pilot)
        game = app.game
        assert game is not None
        assert not game.query_one("#kodama").display
        for name in ("call", "element", "animal"):
            assert game.check_action("play", (name,)) is False  # hidden, not dimmed
        assert "On" not in str(game.query_one("#circle").render())


async def test_the_board_shows_the_piles_onibi_and_the_symbols():
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 5, first=0, options=KODAMA))
        await settle(pilot)
        game = app.game
        assert game is not None
        st = game.session.state
        k = kodama(st)
        panel = str(game.query_one("#kodama").render())
        assert f"Onibi {k.onibi}" in panel
        cost = game.session.rules.data.cards[k.piles["water"][-1]].cost
        assert f"Wa {cost}({len(k.piles['water'])})" in panel
        ring = str(game.query_one("#circle").render())
        assert f"{k.onibi:>2}◆On" in ring  # Onibi starts on Fragment rock 5 (K-S8)
        assert " 3K" in ring and " 9K" in ring  # the stone rocks (K-R1)
        assert "K0" in str(game.query_one("#helpline").render())


async def test_a_call_is_played_by_keys_and_onibi_moves():
    """K-A by keys: c opens the piles that can be called, a digit calls; Onibi moves."""
    st = set_pile(kstart(), "tree", ["kodama_tree_1"])  # costs 1
    st = to_action_phase(st, {0: ["fawn", "ram"], 1: ["hare"]})
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 1, first=0, options=KODAMA, state=st))
        await settle(pilot)
        game = app.game
        assert game is not None
        assert game.check_action("play", ("call",)) is True
        onibi = kodama(game.session.state).onibi
        await pilot.press("c")
        labels = [c.label for c in game._choices]
        assert any(label.startswith("Call Tree Kodama 1 from the Tree pile") for label in labels)
        await press_action(pilot, game, next(a for a in game.session.legal() if a.arg == "tree"))
        assert game.session.actions[-1] == "call tree"
        assert kodama(game.session.state).onibi != onibi
        log = "\n".join(str(line.text) for line in game.query_one("#log", EventLog).lines)
        assert "Ana calls Tree Kodama 1" in log and "Onibi moves" in log


@pytest.mark.slow
async def test_a_whole_kodama_game_by_keys_against_a_bot_at_80x24():
    """The Kodama game played to its end at 80x24, Ana's every move by keys (calls,
    Element tiles and the other actions), Bo a bot: the log replays to the same state."""
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring", "random")]
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, 12, options=KODAMA))
        await started(pilot)
        game = app.game
        assert game is not None
        await play_to_end(pilot, game)
        st = game.session.state
        assert is_over(st) and isinstance(app.screen, GameOverScreen)
        kinds = {a.split()[0] for a in game.session.actions}
        assert kinds & {"call", "element", "animal"}, kinds  # Kodama's own keys were played
        replay, _ = new_game([(s.name, s.spirit) for s in seats], 12, options=KODAMA)
        for a in game.session.actions:
            replay, _ = apply(replay, a)
        assert replay.to_dict() == st.to_dict()
        over = str(app.screen.query_one("#over-summary").render())
        assert "reached" in over


async def test_an_element_tile_is_spent_by_keys_and_shown(tmp_path):
    """K-E2 by keys: l lists the five options; the bonus shows beside the player."""
    st = to_action_phase(give_tiles(kstart(), 0, 2), {0: ["hare"], 1: ["hare"]})
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 1, first=0, options=KODAMA, state=st))
        await settle(pilot)
        game = app.game
        assert game is not None
        assert game.check_action("play", ("element",)) is True
        await pilot.press("l")
        labels = [c.label for c in game._choices]
        assert len(labels) == 5 and labels[0].startswith("Spend an Element tile: +2")
        await press_action(pilot, game, next(a for a in game.session.legal() if a.arg == "sun"))
        assert game.session.actions[-1] == "element sun"
        panel = str(game.query_one("#kodama").render())  # the player to act's tiles
        assert "E1+☼2" in panel


async def test_a_kodama_game_saves_and_loads_through_the_app(tmp_path):
    path = tmp_path / "kodama.json"
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 5, first=0, options=KODAMA))
        await settle(pilot)
        for key in ("d", "d", "s"):
            await pilot.press(key)
        await settle(pilot)
        game = app.game
        assert game is not None
        saved = game.session.state.to_dict()
        await pilot.press("ctrl+s")
        app.screen.query_one("#file-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert path.is_file()
    app = LivingForestApp(bot_pause=0, load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game is not None and app.game.session.options == KODAMA
        assert app.game.session.state.to_dict() == saved
        assert app.game.query_one("#kodama").display


async def test_the_new_game_form_remembers_the_last_setup():
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#rules", Cycle).value = "kodama"
        app.screen.query_one("#ctl-1", Cycle).value = "baseline"
        await pilot.press("f5")
        await pilot.pause()
        assert app.game is not None and app.game.session.options == KODAMA
        app.pop_screen()
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#rules", Cycle).value == "kodama"
        assert app.screen.query_one("#ctl-1", Cycle).value == "baseline"


async def test_the_kodama_result_fits_a_large_terminal_unscrolled():
    """A play-test at 200x60: the Kodama result box scrolled its last lines (the flower
    key names the Element tiles and Kodama trees) although the screen had room."""
    import asyncio
    import time

    from .test_charts import finished

    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        app.start_session(finished(4, KODAMA))
        deadline = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#over-scroll")
        assert body.virtual_size.height > 18  # more than the box's old most
        assert body.max_scroll_y == 0, body.virtual_size
