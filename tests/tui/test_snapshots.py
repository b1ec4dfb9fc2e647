"""A few SVG snapshots: title, board at 80x24, 120x40 and 160x48 (and with NO_COLOR), game over;
four players, base game and Kodama, at 80x24, 120x40 and 200x60 (some sizes and a
language in make test-slow).

Deterministic: fixed seed and names, no autosave, no bot pause, no cursor blink
(no text input on these screens). Update with ``--snapshot-update`` only after
looking at the diff in snapshot_report.html.
"""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import BASE_GAME, GameOptions, apply, is_over, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp

from .driver import settle as settle_bots

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
KODAMA = GameOptions(("kodama",))


def board_app(
    actions: list[str], seed: int = 14, options: GameOptions = BASE_GAME
) -> LivingForestApp:
    app = LivingForestApp(bot_pause=0, autosave=False)

    async def start() -> None:
        app.start_session(Session(SEATS, seed, first=0, actions=actions, options=options))

    app.call_later(start)
    return app


OVER_SEED = 19


def finished_log(seed: int = OVER_SEED) -> list[str]:
    st, _ = new_game([(s.name, s.spirit) for s in SEATS], seed, first=0)
    rng = random.Random(1)
    log = []
    while not is_over(st):
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return log


async def settle(pilot) -> None:
    await pilot.pause()
    await settle_bots(pilot)


def test_title(snap_compare):
    assert snap_compare(LivingForestApp(autosave=False), terminal_size=(80, 24), run_before=settle)


def test_board_80x24(snap_compare):
    app = board_app(["draw", "draw", "stop"])

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game

    assert snap_compare(app, terminal_size=(80, 24), run_before=check)


def test_board_160x48(snap_compare):
    app = board_app(["draw", "draw", "stop"])

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game
        assert pilot.app.game.has_class("-wide")

    assert snap_compare(app, terminal_size=(160, 48), run_before=check)


def test_game_over(snap_compare):
    app = board_app(finished_log(), OVER_SEED)

    async def check(pilot) -> None:
        await settle(pilot)
        assert type(pilot.app.screen).__name__ == "GameOverScreen"

    assert snap_compare(app, terminal_size=(100, 30), run_before=check)


def test_board_kodama_80x24(snap_compare):
    """The Kodama expansion at 80x24: the Kodama panel, Onibi and the K rocks."""
    app = board_app(["draw", "draw", "stop"], seed=5, options=KODAMA)

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game
        assert pilot.app.game.query_one("#kodama").display

    assert snap_compare(app, terminal_size=(80, 24), run_before=check)


def test_board_120x40(snap_compare):
    """The middle layout: both Forests with the other player's Help Line."""
    app = board_app(["draw", "draw", "stop"])

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game
        assert pilot.app.game.has_class("-mid")

    assert snap_compare(app, terminal_size=(120, 40), run_before=check)


@pytest.mark.parametrize(
    "size",
    [
        pytest.param((80, 24), id="80x24"),
        # the larger layouts in colour are test_board_120x40 and _160x48: these two
        # without it in make test-slow
        pytest.param((120, 40), id="120x40", marks=pytest.mark.slow),
        pytest.param((160, 48), id="160x48", marks=pytest.mark.slow),
    ],
)
def test_board_no_color(snap_compare, monkeypatch, size):
    """NO_COLOR at each layout: the terminal's own colours, every mark a glyph."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = board_app(["draw", "draw", "stop"])

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game and pilot.app.native_ansi_color

    assert snap_compare(app, terminal_size=size, run_before=check)


def test_race_chart_80x24_no_color(snap_compare, monkeypatch):
    """The race chart after a game, at 80x24 under NO_COLOR: the players told
    apart by their markers alone."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = board_app(finished_log(), OVER_SEED)

    async def check(pilot) -> None:
        await settle(pilot)
        assert type(pilot.app.screen).__name__ == "GameOverScreen"
        await pilot.press("c")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "ChartScreen"

    assert snap_compare(app, terminal_size=(80, 24), run_before=check)


@pytest.mark.parametrize("lang", ["de", pytest.param("fr", marks=pytest.mark.slow)])
def test_board_80x24_translated(snap_compare, lang):
    """The board at 80x24 in German and French (longer words): the same
    position as ``test_board_80x24``."""
    from living_forest import i18n

    i18n.set_language(lang)  # the tests' fixture sets English back afterwards
    app = board_app(["draw", "draw", "stop"])

    async def check(pilot) -> None:
        await settle(pilot)
        assert pilot.app.screen is pilot.app.game

    assert snap_compare(app, terminal_size=(80, 24), run_before=check)


# Four players at each layout, the right pane full (a round in its Action
# phase, Ana to act, three bots): what each size chooses to show and to drop.
SEATS4 = [
    SeatConfig("Ana", "winter"),
    SeatConfig("Ben", "summer", "baseline"),
    SeatConfig("Cleo", "spring", "baseline"),
    SeatConfig("Dev", "autumn", "baseline"),
]


def four_player_app(seed: int, steps: int, options: GameOptions) -> LivingForestApp:
    """Ana's Action turn after ``steps`` baseline moves of a 4-player game (no note
    about the bots' moves: it would time out in the middle of a snapshot)."""
    st, _ = new_game([(s.name, s.spirit) for s in SEATS4], seed, first=0, options=options)
    rng = random.Random(seed)
    log: list[str] = []
    while len(log) < steps or st.current != 0 or st.phase != "action":
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    app = LivingForestApp(bot_pause=0, autosave=False)

    async def start() -> None:
        app.start_session(Session(SEATS4, seed, first=0, actions=log, options=options))

    app.call_later(start)
    return app


@pytest.mark.parametrize(
    ("size", "options"),
    [
        pytest.param((80, 24), BASE_GAME, id="base-80x24"),
        pytest.param((120, 40), KODAMA, id="kodama-120x40"),
        pytest.param((200, 60), KODAMA, id="kodama-200x60"),
        # each size in the other game: make test-slow
        pytest.param((80, 24), KODAMA, id="kodama-80x24", marks=pytest.mark.slow),
        pytest.param((120, 40), BASE_GAME, id="base-120x40", marks=pytest.mark.slow),
        pytest.param((200, 60), BASE_GAME, id="base-200x60", marks=pytest.mark.slow),
    ],
)
def test_four_players(snap_compare, monkeypatch, size, options):
    """80x24: nothing scrolls (the supply's trees cut with "+N more (o)" when rows run
    out); 120x40: the reserve named on two rows, whole names in the Help Lines, the
    Kodama panel in words, the last Forests compact rather than a scrolling column;
    200x60 (Kodama: seven fires burning): the large Circle keeps its border."""
    from living_forest.tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "TELL_SINCE", False)
    kodama = bool(options.modules)
    app = four_player_app(9 if kodama else 7, 177 if kodama else 150, options)

    async def check(pilot) -> None:
        await settle(pilot)
        game = pilot.app.game
        assert pilot.app.screen is game and game.state.current == 0
        assert game.query_one("#left").max_scroll_y == 0
        if kodama and size == (200, 60):
            assert len(game.state.centre) == 7

    assert snap_compare(app, terminal_size=size, run_before=check)
