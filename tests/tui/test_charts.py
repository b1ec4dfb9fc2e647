"""The race charts: the points are the counts of a recorded game round by
round, and the chart screen opens from the game over box and the board."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from rich.text import Text

from living_forest.bots.rules_of_thumb import baseline_bot, random_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    counts,
    legal_actions,
    observe,
    outcome,
    rules_of,
)
from living_forest.present.charts import names_in_seat_order, per_round
from living_forest.present.replay import Replay
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.charts import ChartScreen
from living_forest.tui.screens.over import GameOverScreen

from .driver import clear_dialogs, first_flow, started

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer"), SeatConfig("Cy", "spring")]


def finished(
    seed: int, options: GameOptions = BASE_GAME, bot=baseline_bot, first: int | None = None
) -> Session:
    s = Session(SEATS, seed, first, options=options)
    rng = random.Random(seed)
    while s.state.phase != "over":
        st = s.state
        s.play(bot(observe(st, st.current), legal_actions(st), rng))
        if s.held is not None:
            s.confirm_turn()
    return s


@pytest.mark.parametrize(
    ("options", "bot"),
    [
        (GameOptions(), baseline_bot),
        (GameOptions(("kodama",)), baseline_bot),
        (GameOptions(), random_bot),
    ],
    ids=["base", "kodama", "random"],
)
def test_V1_a_point_per_round_with_the_counts_of_the_recorded_game(options, bot) -> None:
    """(The random bot ends turns by hand: a round ended by ``end`` has its own point.)"""
    s = finished(4, options, bot)
    replay = Replay.of_session(s)
    points = per_round(replay.states, replay.actions)
    final = replay.states[-1]
    assert [p.round for p in points] == list(range(1, final.round + 1))
    # The last point is the end of the game: the result's own counts and thresholds.
    res = outcome(final)
    assert res is not None
    last = points[-1]
    for r in res.players:
        c = r.counts
        assert last.counts[r.seat] == (c.trees, c.fires, c.flowers)
    assert last.thresholds == tuple(final.thresholds[m] for m in ("trees", "fires", "flowers"))
    # Each earlier point is the end of that round's actions: trees and fires stand as
    # they are at the start of the next round (the end of a round changes neither),
    # and the centre's fires are what Onibi attacks with (the attack event's power).
    attacks = {  # round -> the power Onibi attacked with at its end (none: no fire)
        replay.states[i - 1].round: int(e.data["power"])
        for i, step in enumerate(replay.steps)
        for e in step
        if e.kind == "onibi_attacks"
    }
    assert attacks
    for p in points[:-1]:
        nxt = replay.states[replay.round_start(p.round + 1)]
        rules = rules_of(nxt)
        after = [counts(rules, q) for q in nxt.players]
        assert [c[:2] for c in p.counts] == [(c.trees, c.fires) for c in after]
        assert p.power == attacks.get(p.round, 0)
    assert any(p.power for p in points) and any(c[1] for p in points for c in p.counts)


@pytest.mark.parametrize("first", [1, 2])
def test_S2_each_curve_is_named_after_the_player_whose_counts_it_draws(first: int) -> None:
    """The first player is drawn (S-2) and the seats renumbered from them: the legend
    named the curves in the New game form's order while the counts are in turn order,
    so Ben's fires were drawn under Ana's name."""
    s = finished(4, first=first)
    replay = Replay.of_session(s)
    names = names_in_seat_order(replay.states)
    assert names != [seat.name for seat in SEATS]  # the form's order is not the seats'
    last = per_round(replay.states, replay.actions)[-1]
    res = outcome(replay.states[-1])
    assert res is not None
    by_name = {replay.states[-1].players[r.seat].name: r.counts for r in res.players}
    for i, name in enumerate(names):
        c = by_name[name]
        assert last.counts[i] == (c.trees, c.fires, c.flowers)


async def test_the_legend_follows_the_turn_order_in_the_app() -> None:
    """A game whose first player is Ben: the chart opened on the board names its curves
    in the seat order of the counts, not the form's."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(Session(SEATS, 9, 1))
        await started(pilot)
        await clear_dialogs(pilot)
        await pilot.press("r")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, ChartScreen)
        assert app.game is not None
        order = [p.name for p in app.game.session.state.players]
        assert order[0] == SEATS[1].name and chart.names == order
        title = str(chart.query_one("#chart-title").render())
        assert [title.index(n) for n in order] == sorted(title.index(n) for n in order)


@pytest.mark.parametrize("size", [(80, 24), pytest.param((120, 40), marks=pytest.mark.slow)])
async def test_the_result_boxs_keys_line_shows_at_every_size(size: tuple[int, int]) -> None:
    """Play-test at 80x24: the result box (title, table, the counts' breakdown) was
    taller than the screen and its last line, the keys (rematch, replay, chart, new
    game, board, title), was cut off; the body now scrolls within the box."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=size) as pilot:
        app.start_session(finished(2))
        await first_flow(pilot)
        deadline = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        await pilot.pause()
        keys = over.query_one("#over-keys").region
        box = over.query_one("#box").region
        assert keys.height == 1 and box.y < keys.y < box.bottom - 1  # inside the border
        assert box.bottom <= size[1]


async def test_no_note_covers_the_result_box() -> None:
    """Play-test at 80x24: a "Since your last turn" note still up when the game ended
    covered the result box's last lines; the result box clears the notes (the log has
    what they said). Notes after it still show."""
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(finished(2))
        app.notify("Ben attracts the Raven.", title="Since your last turn", timeout=60)
        await first_flow(pilot)
        deadline = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, GameOverScreen)
        app.notify("a later note", timeout=60)
        await pilot.pause()
        # The notes up now (Textual keeps them in the app; each screen shows them).
        assert [n.message for n in app._notifications] == ["a later note"]


async def test_the_chart_opens_from_the_game_over_box_and_from_the_board() -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        s = finished(4)
        app.start_session(s)
        await first_flow(pilot)  # a finished game: its first flow shows the result
        deadline = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("c")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, ChartScreen)
        assert [p.round for p in chart.points] == list(range(1, s.state.round + 1))
        title = str(chart.query_one("#chart-title").render())
        assert all(seat.name in title for seat in SEATS)
        assert len(chart.query("PlotextPlot")) == 4
        assert not any(p.going_on for p in chart.points)  # every round ended
        assert "as it stands" not in str(chart.query_one("#chart-foot").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    # On the board, mid-game: the rounds so far, the one going on included.
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(Session(SEATS[:2], 9))
        await started(pilot)
        await clear_dialogs(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        assert [p.round for p in app.screen.points] == [1]
        # A play-test read the round going on as that round's end: the foot says it
        # is as it stands.
        assert app.screen.points[-1].going_on
        foot = str(app.screen.query_one("#chart-foot").render())
        assert "round 1: as it stands" in foot
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game


async def test_the_game_waits_while_the_chart_is_open() -> None:
    """Review: the chart opened over a game of bots let them play on under it (and the
    round summaries pile up over it); now it is a dialog of the game: the game waits."""
    bots = [SeatConfig("Bo", "winter", "baseline"), SeatConfig("Cy", "summer", "baseline")]
    app = LivingForestApp(bot_pause=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_session(Session(bots, 3))
        await started(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        assert app.game is not None
        deadline = time.monotonic() + 30  # a bot still thinking may finish its step
        while app.game.bot_busy and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await pilot.pause()
        n = len(app.game.session.actions)
        await asyncio.sleep(0.6)
        assert len(app.game.session.actions) == n and isinstance(app.screen, ChartScreen)
        await pilot.press("escape")
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(app.game.session.actions) > n:
                break
        assert len(app.game.session.actions) > n  # and it goes on when the chart closes


def test_players_level_at_a_round_stand_side_by_side_a_cell_apart() -> None:
    """Review: a line drawn with its markers hid the other players' under the last
    one drawn whenever counts were equal. Level players' markers now stand around
    the round, each in a cell of its own; a player alone stays on the round."""
    from living_forest.present.charts import side_by_side

    rounds = list(range(1, 16))
    values = [[3] * 15, [3] * 15, [3] * 14 + [5], [3] * 14 + [7]]
    for columns in (40, 55, 76, 150):
        xs = side_by_side(values, rounds, columns)
        low, high = min(rounds) - 0.5, max(rounds) + 0.5

        def cell(x: float, low: float = low, high: float = high, columns: int = columns) -> int:
            return round((x - low) / (high - low) * (columns - 1))  # as plotext: nearest

        for i, r in enumerate(rounds):
            level = [seat for seat in range(4) if values[seat][i] == 3]
            cells = [cell(xs[seat][i]) for seat in level]
            assert len(set(cells)) == len(cells), (columns, r, cells)  # none hides another
            assert sorted(cells) == cells  # in seat order, left to right
            centre = sum(xs[seat][i] for seat in level) / len(level)
            assert abs(centre - r) < 1e-9  # around the round
        assert xs[2][-1] == 15 and xs[3][-1] == 15  # alone at round 15: on the round


async def test_the_chart_shows_every_players_marker_where_counts_are_level() -> None:
    """In the app, a round where all four players have the same count: each marker is
    drawn (the last player's marker hid the three others), and the chart says why
    they stand side by side."""
    from living_forest.present.charts import MARKERS, RoundPoint

    level = ((2, 1, 0),) * 4
    points = [
        RoundPoint(1, level, (12, 12, 12), 0, 0),
        RoundPoint(2, ((4, 2, 1), (3, 2, 1), (5, 2, 1), (4, 1, 1)), (12, 12, 12), 1, 2),
        RoundPoint(3, ((6, 3, 2), (6, 4, 2), (7, 3, 2), (6, 3, 1)), (12, 12, 12), 1, 3),
    ]
    for size in ((80, 24), (120, 40)):
        app = LivingForestApp(bot_pause=0, autosave=False)
        async with app.run_test(size=size) as pilot:
            app.push_screen(ChartScreen(points, ["Ana", "Ben", "Cy", "Di"]))
            await pilot.pause()
            await pilot.pause()
            plot = app.screen.query_one("#chart-trees")
            rendered = plot.render()
            assert isinstance(rendered, Text)  # plotext's chart, in ANSI colours
            text = rendered.plain
            rows = text.splitlines()
            row2 = next(r for r in rows if r.startswith(" 2┤"))  # all four at 2, round 1
            assert all(m in row2 for m in MARKERS), row2
            row6 = next(r for r in rows if r.startswith(" 6┤"))  # three at 6, round 3
            assert all(m in row6 for m in MARKERS[:2] + MARKERS[3:]), row6
            assert "side by side: same count" in text


async def test_onibis_chart_draws_no_players_marker() -> None:
    """The title line's legend ("● Ana   ■ Ben") is over every chart: Onibi's chart drew
    his power with ● and the fires with ▲, a player's markers (a play-test read Ana's
    line in it). It has markers of its own, named in its title."""
    from living_forest.present.charts import MARKERS, ONIBI_MARKERS, RoundPoint

    points = [
        RoundPoint(1, ((2, 1, 0),) * 2, (12, 12, 12), 1, 2),
        RoundPoint(2, ((3, 2, 1), (4, 2, 1)), (12, 12, 12), 2, 5),
    ]
    assert not set(ONIBI_MARKERS) & set(MARKERS)
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ChartScreen(points, ["Ana", "Ben"]))
        await pilot.pause()
        await pilot.pause()
        rendered = app.screen.query_one("#chart-onibi").render()
        assert isinstance(rendered, Text)
        rows = rendered.plain.splitlines()
        plot = "\n".join(r for r in rows if "┤" in r)  # the plotted rows, not the title
        assert all(m in plot for m in ONIBI_MARKERS), plot
        assert not any(m in plot for m in MARKERS), plot
        assert all(m in rows[0] for m in ONIBI_MARKERS), rows[0]  # the title names them


def _held_move_that_counts() -> Session:
    """A hot-seat game (baseline bots) at a round's last move held for Enter, a move
    that changes a count (the first such of the seeds, in order)."""
    for seed in range(1, 40):
        s = Session(SEATS, seed)
        rng = random.Random(seed)
        while s.state.phase != "over":
            st = s.state
            s.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
            if s.held is None:
                continue
            rules = rules_of(st)
            if [counts(rules, q) for q in s.view_state.players] != [
                counts(rules, q) for q in s.state.players
            ]:
                return s
            s.confirm_turn()
    raise AssertionError("no held move changed a count in 39 games")


def _shown_counts(s: Session) -> tuple[tuple[int, int, int], ...]:
    rules = rules_of(s.view_state)
    return tuple(
        (c.trees, c.fires, c.flowers) for c in (counts(rules, q) for q in s.view_state.players)
    )


def test_a_move_held_for_enter_counts_in_the_round_going_on() -> None:
    """Play-test: the round's last move waits for Enter (it would end the round) and
    the board shows it made (a tree more), but the chart drew the round without it.
    The round going on is now the board's position; nothing of the next round shows."""
    s = _held_move_that_counts()
    replay = Replay.of_session(s)
    points = per_round(replay.states, replay.actions, s.view_state)
    assert points[-1].round == s.state.round
    assert points[-1].counts == _shown_counts(s)
    before = per_round(replay.states, replay.actions)  # as the chart drew it
    assert before[-1].counts != points[-1].counts and before[:-1] == points[:-1]


async def test_the_chart_on_the_board_shows_the_held_move() -> None:
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        s = _held_move_that_counts()
        app.start_session(s)
        await first_flow(pilot)
        await pilot.press("r")
        await pilot.pause()
        chart = app.screen
        assert isinstance(chart, ChartScreen)
        assert chart.points[-1].counts == _shown_counts(s)
