"""Grove in the app, run in a process of its own that has grove installed through its
entry points (``tests/grove/site.py``); ``test_grove_app.py`` starts it.

    python -m tests.grove.app_game play SAVE OUT   # New game form, a game by keys, a save
    python -m tests.grove.app_game load SAVE OUT   # that save in a fresh process

Each writes what it saw to the JSON file OUT for the test to check. The app is the
installed one, unedited: grove reaches it through the registries only.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from textual.widgets import Input

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import Action, GameState, is_over, outcome
from living_forest.core.observation import observe
from living_forest.present.keys import GAME_KEYS
from living_forest.present.views import module_views
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.screens.title import Cycle
from living_forest.tui.widgets.event_log import EventLog

from ..tui.driver import Choose, clear_dialogs, play_keys, settle, started
from .rules import GLADE_ROCK, NAME, REST, grove_of

SEED = 11
REST_ACTION = Action(REST)


def _isolate() -> None:
    """A data folder and keymap of its own, as the app tests' fixture gives them."""
    tmp = Path(tempfile.mkdtemp(prefix="grove-app-"))
    os.environ["LIVING_FOREST_DATA_DIR"] = str(tmp / "data")
    os.environ["LIVING_FOREST_KEYMAP"] = str(tmp / "no-keymap.toml")
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    GameScreen.TYPE_AHEAD_GUARD = 0.0


def _board(game: GameScreen) -> dict[str, Any]:
    """What the board shows of grove now."""
    panel = game.query_one(f"#{NAME}")
    return {
        "panel_shown": bool(panel.display),
        "panel": str(panel.render()),
        "keys": str(game.query_one("#keys").render()),
        "circle": str(game.query_one("#circle").render()),
    }


def _to_act(game: GameScreen) -> bool:
    """In the action phase, a turn to play (not one finished and waiting for Enter)."""
    s = game.session
    return s.state.phase == "action" and s.turn_done is None and s.held is None


def _baseline() -> Choose:
    """The baseline bot's moves, never Rest."""
    rng = random.Random(SEED)

    def choose(st: GameState, legal: tuple[Action, ...]) -> Action:
        others = tuple(a for a in legal if a != REST_ACTION) or legal
        return baseline_bot(observe(st, st.current), others, rng)

    return choose


def _rest_first(pressed: list[str]) -> Choose:
    """Rest whenever it is legal, else the baseline bot's move."""
    rng = random.Random(SEED)

    def choose(st: GameState, legal: tuple[Action, ...]) -> Action:
        if REST_ACTION in legal:
            pressed.append(f"{st.players[st.current].name}:{grove_of(st.players[st.current]).calm}")
            return REST_ACTION
        return baseline_bot(observe(st, st.current), legal, rng)

    return choose


async def play(save: Path) -> dict[str, Any]:
    save.unlink(missing_ok=True)  # saving over a file would ask first
    out: dict[str, Any] = {"views": [mv.name for mv in module_views()]}
    out["rest_key"] = GAME_KEYS["rest"].key
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        rules = form.query_one("#rules", Cycle)
        out["rules_choices"] = [v for _label, v in rules.options]
        rules.focus()
        for _ in rules.options:  # Right steps through the rules until grove's
            if rules.value == NAME:
                break
            await pilot.press("right")
        out["summary"] = str(form.query_one("#newgame-summary").render())
        await pilot.press("f5")
        await pilot.pause()
        game = app.game
        assert isinstance(game, GameScreen)
        await started(pilot)
        out["options"] = list(game.session.options.modules)
        out["thresholds"] = dict(game.session.state.thresholds)
        rests: list[str] = []
        choose = _rest_first(rests)
        # To the first action phase: the board shows grove's key, panel and glade.
        while game.session.state.phase != "action":
            _dialogs, over = await play_keys(pilot, game, 1, choose)
        await clear_dialogs(pilot)
        out["start"] = _board(game)
        # Rest by its key: the first human turn of the action phase.
        while not (_to_act(game) and REST_ACTION in game.session.legal()):
            _dialogs, over = await play_keys(pilot, game, 1, _baseline())
            assert not over
        await clear_dialogs(pilot)
        seat = game.session.state.current
        before = grove_of(game.session.state.players[seat]).calm
        await pilot.press("z")
        await pilot.pause()
        out["z"] = {
            "calm": [before, grove_of(game.session.state.players[seat]).calm],
            "last_action": game.session.actions[-1],
            "log": [str(s) for s in game.query_one("#log", EventLog).sentences][-4:],
            "name": game.session.state.players[seat].name,
        }
        out["glade_rock"] = GLADE_ROCK
        # To round 2's action phase, a human to act: the save is made there.
        while not (game.session.state.round >= 2 and _to_act(game)):
            _dialogs, over = await play_keys(pilot, game, 1, choose)
            assert not over, "the game ended before the save"
        await clear_dialogs(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#file-path", Input).value = str(save)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and save.is_file(), "the game was not saved"
        out["saved_state"] = game.session.state.to_dict()
        out["middle"] = _board(game)
        _dialogs, over = await play_keys(pilot, game, 3000, choose)
        out["over"] = over and isinstance(app.screen, GameOverScreen)
        st = game.session.state
        out["is_over"] = is_over(st)
        res = outcome(st)
        out["winners"] = [] if res is None else [st.players[s].name for s in res.winners]
        out["rests"] = rests
        out["rested_events"] = sum(1 for e in game.session.events if e.kind == "rested")
        out["actions"] = list(game.session.actions)
        out["calm"] = [grove_of(p).calm for p in st.players]
    return out


async def load(save: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    app = LivingForestApp(bot_pause=0, autosave=False, load=save)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.game
        assert isinstance(game, GameScreen)
        await clear_dialogs(pilot)
        out["options"] = list(game.session.options.modules)
        out["state"] = game.session.state.to_dict()
        out["board"] = _board(game)
        before = len(game.session.actions)
        _dialogs, _over = await play_keys(pilot, game, 6)  # and it plays on
        out["played_on"] = len(game.session.actions) - before
    return out


def main(argv: list[str]) -> int:
    what, save, result = argv[0], Path(argv[1]), Path(argv[2])
    _isolate()
    out = asyncio.run(play(save) if what == "play" else load(save))
    result.write_text(json.dumps(out), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
