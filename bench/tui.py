"""Benchmarks of the terminal app (printed, never asserted).

(a) process start to first screen: a fresh interpreter starts the app headless and
    reports when the title screen has been composed and painted (target <= 1 s), in
    English and in German (the German catalogue is compiled at start);
(b) key press to updated board at 160x48, median over a game's worth of single-key
    actions driven through Pilot (target <= 50 ms): the time from posting the key
    event to the last screen update it caused (headless: composition included,
    terminal output excluded);
(c) F1 to the help painted at 160x48, measured the same way (target <= 100 ms).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from living_forest.collector import collect_less_often  # noqa: E402

CHILD = r"""
import sys, time
from living_forest.collector import collect_less_often
collect_less_often()  # as the command line does
from living_forest import i18n
i18n.set_language(sys.argv[1])  # as the command line does: the catalogue compiled at start
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.title import TitleScreen

class Bench(LivingForestApp):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and isinstance(screen, TitleScreen) and not self._reported:
            self._reported = True
            print("ready", flush=True)
            self.exit(0)

app = Bench()
app._reported = False
app.run(headless=True, size=(80, 24))
"""


def start_time(runs: int = 5, lang: str = "en") -> list[float]:
    out = []
    env = dict(os.environ, LIVING_FOREST_DATA_DIR=tempfile.mkdtemp(), TEXTUAL_ANIMATIONS="none")
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, lang],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        elapsed = time.perf_counter() - t0
        proc.wait(timeout=30)
        if line.strip() == "ready":
            out.append(elapsed)
    return out


async def key_latency(steps: int = 120) -> list[float]:
    import random

    from textual import events

    from living_forest.bots.rules_of_thumb import baseline_bot
    from living_forest.core import legal_actions
    from living_forest.core.observation import observe
    from living_forest.present.session import SeatConfig, Session
    from living_forest.tui.app import LivingForestApp
    from living_forest.tui.screens.game import GameScreen

    os.environ.setdefault("LIVING_FOREST_DATA_DIR", tempfile.mkdtemp())
    last_display = [0.0]

    class Bench(LivingForestApp):
        def _display(self, screen, renderable):
            super()._display(screen, renderable)
            if renderable is not None:
                last_display[0] = time.perf_counter()

    # Keys come faster than a person types: no wait after a list renumbers (the
    # type-ahead guard would refuse them, as it refuses a person's stray key).
    GameScreen.TYPE_AHEAD_GUARD = 0.0
    app = Bench(bot_pause=0, autosave=os.environ.get("BENCH_AUTOSAVE", "1") == "1")
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    rng = random.Random(2)
    samples: list[float] = []
    async with app.run_test(size=(160, 48)) as pilot:
        app.start_session(Session(seats, 19))
        await pilot.pause()
        game = app.game
        assert isinstance(game, GameScreen)
        for _ in range(steps * 3):
            if len(samples) >= steps or game.session.state.phase == "over":
                break
            if app.screen is not game or game.session.turn_done is not None:
                await pilot.press("enter")  # a dialog, or a finished turn to pass on
                continue
            st = game.session.state
            action = baseline_bot(observe(st, st.current), legal_actions(st), rng)
            key = None
            for i, c in enumerate(game._choices):
                if c.action == action and game._numbers[i] <= 9:
                    key = str(game._numbers[i])  # the number shown (kept while picking)
            if key is None:  # needs a sub-list first: open it untimed
                from tests.tui.driver import press_action

                await press_action(pilot, game, action)
                continue
            n = len(game.session.actions)
            await pilot.pause()
            t0 = time.perf_counter()
            app.post_message(events.Key(key, key))
            deadline = time.perf_counter() + 10
            while len(game.session.actions) == n and game.session.held is None:
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"key {key} for {action} was not applied: {game.message}")
                await asyncio.sleep(0)  # played, or held (the round's last move)
            await pilot.pause()  # let every repaint the key caused happen
            samples.append(last_display[0] - t0)
    return samples


async def help_latency(runs: int = 7) -> list[float]:
    """F1 on the board at 160x48 to the help painted (headless), ``runs`` times."""
    from textual import events

    from living_forest.present.session import SeatConfig, Session
    from living_forest.tui.app import LivingForestApp
    from living_forest.tui.screens.game import GameScreen
    from living_forest.tui.screens.modals import HelpScreen

    os.environ.setdefault("LIVING_FOREST_DATA_DIR", tempfile.mkdtemp())
    last_display = [0.0]

    class Bench(LivingForestApp):
        def _display(self, screen, renderable):
            super()._display(screen, renderable)
            if renderable is not None and isinstance(screen, HelpScreen):
                last_display[0] = time.perf_counter()

    app = Bench(bot_pause=0, autosave=False)
    samples: list[float] = []
    async with app.run_test(size=(160, 48)) as pilot:
        app.start_session(Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")], 19))
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
        for _ in range(runs):
            await pilot.pause()
            t0 = time.perf_counter()
            app.post_message(events.Key("f1", None))
            while not isinstance(app.screen, HelpScreen):
                await asyncio.sleep(0)
            await pilot.pause()  # every repaint the key caused
            samples.append(last_display[0] - t0)
            await pilot.press("escape")
    return samples


def main() -> int:
    collect_less_often()  # as the program collects garbage (living_forest.collector)
    for lang in ("en", "de"):
        starts = start_time(lang=lang)
        if starts:
            print(
                f"tui start to first screen ({lang}): median "
                f"{statistics.median(starts) * 1000:.0f} ms (min {min(starts) * 1000:.0f}, "
                f"max {max(starts) * 1000:.0f}, {len(starts)} runs; target <= 1000 ms)"
            )
        else:
            print(f"tui start to first screen ({lang}): the app did not report a first screen")
    lat = asyncio.run(key_latency())
    if lat:
        lat.sort()
        p90 = lat[int(len(lat) * 0.9) - 1]
        print(
            f"tui key to updated board at 160x48: median {statistics.median(lat) * 1000:.1f} ms "
            f"(p90 {p90 * 1000:.1f} ms, {len(lat)} keys; target <= 50 ms)"
        )
    helps = asyncio.run(help_latency())
    if helps:
        print(
            f"tui help opens at 160x48: median {statistics.median(helps) * 1000:.0f} ms "
            f"(min {min(helps) * 1000:.0f}, max {max(helps) * 1000:.0f}, {len(helps)} opens; "
            "target <= 100 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
