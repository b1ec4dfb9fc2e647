"""80x24 is the size every terminal opens at, and everything on it fits: with
four players (base game and Kodama) the left column never scrolls (the supply gives
up rows first), no panel's line is wider than its panel (nothing wraps: "≈Extinguish"
wrapped beside a scroll bar) and the right column's panels leave the log its rows."""

from __future__ import annotations

import random

import pytest
from textual.content import Content

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import BASE_GAME, GameOptions, apply, is_over, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.present.cells import cell_len
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.widgets.board import Panel

from .driver import started

SEATS = [
    SeatConfig("Ana", "winter"),
    SeatConfig("Benedikt", "summer", "baseline"),
    SeatConfig("Cleo", "spring", "baseline"),
    SeatConfig("Dev", "autumn", "baseline"),
]


def _positions(options: GameOptions, seed: int, every: int) -> list:
    """Every ``every``-th position of a 4-player baseline game while a round is played."""
    st, _ = new_game([(s.name, s.spirit) for s in SEATS], seed, first=0, options=options)
    rng = random.Random(seed)
    out = []
    step = 0
    while not is_over(st):
        if st.phase in ("draw", "action") and step % every == 0:
            out.append(st)
        st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
        step += 1
    return out


def _too_wide(panel: Panel) -> list[str]:
    """The lines of ``panel`` wider than it (they would wrap)."""
    width = panel.content_size.width
    return [line.plain for line in panel._content.split("\n") if cell_len(line.plain) > width]


@pytest.mark.slow
@pytest.mark.parametrize("options", [BASE_GAME, GameOptions(("kodama",))], ids=["base", "kodama"])
async def test_80x24_four_players_nothing_scrolls_wraps_or_is_cut(options) -> None:
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(SEATS, 3, first=0, options=options))
        await started(pilot)
        game = app.game
        assert game is not None and game.has_class("-narrow")
        left = game.query_one("#left")
        right = game.query_one("#right")
        log = game.query_one("#log")
        positions = _positions(options, 3, every=7)
        assert len(positions) > 10
        for i, st in enumerate(positions):
            # every other position with a long message: a status line of three rows
            game.say("A long message to the player. " * 4 if i % 2 else "")
            game.show_panels(st, shown=st.current, focus=st.current)
            await pilot.pause()
            await pilot.pause()
            where = f"position {i} (round {st.round}, {st.phase})"
            assert left.max_scroll_y == 0, f"{where}: the left column scrolls"
            for panel in game.query(Panel):
                if panel.display and panel.content_size.width:
                    assert not _too_wide(panel), f"{where}: {panel.id} wraps"
            bottom = max(w.region.bottom for w in right.children if w.display)
            assert bottom <= right.region.bottom, f"{where}: the right column is cut"
            assert log.size.height >= 3, f"{where}: the log has no room"
            supply = game.query_one("#supplies")
            if supply.display:
                assert supply.region.bottom <= left.region.bottom
            # The situation keeps its end on one row, above the message (it lost its end
            # under a message, and wrapped to two rows in Kodama).
            status = str(game.query_one("#status").render()).split("\n")
            assert "…" not in status[0] and cell_len(status[0]) <= 78, f"{where}: {status[0]}"
            if i % 2:
                assert status[1].startswith("A long message"), f"{where}: {status}"


def _since_ana_reveals() -> list[str]:
    """The actions of a game (seed 7, baseline bots) to Ana about to reveal in round 5:
    the bots played a round since her last turn."""
    st, _ = new_game([(s.name, s.spirit) for s in SEATS], 7, first=0, options=BASE_GAME)
    rng = random.Random(7)
    log: list[str] = []
    while len(log) < 150 or st.current != 0 or st.phase != "draw":
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return log


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_since_note_never_covers_the_log_in_the_larger_layouts(size) -> None:
    """At 120x40 the "Since your last turn" note covered the log lines it summarised:
    now it is left out where the log shows them all, and sits over the left column
    where it does not."""
    from textual.widgets._toast import Toast

    log = _since_ana_reveals()
    app = LivingForestApp(bot_pause=0, autosave=False)
    said: list[str] = []
    notify = app.notify

    def kept(message: str, *, title: str = "", timeout: float | None = None, **kw) -> None:
        said.append(title)  # kept up for the test (5 s may pass on a busy machine)
        notify(message, title=title, timeout=600, **kw)

    app.notify = kept  # type: ignore[method-assign]
    async with app.run_test(size=size, notifications=True) as pilot:
        app.start_session(Session(SEATS, 7, first=0, actions=log))
        await started(pilot)
        for _ in range(5):  # the note is mounted on a later refresh
            await pilot.pause()
        game = app.game
        assert game is not None
        log_region = game.query_one("#log").region
        since = "Since your last turn" in said
        notes = list(app.screen.query(Toast))
        assert since != game._log_shows_since(), f"{size}: said {said}"
        assert len(notes) == since
        # 120x40 has too few rows for them all; 200x60 shows them (no note)
        assert since == (size == (120, 40)), f"{size}: said {said}"
        for note in notes:
            assert not note.region.overlaps(log_region), f"{size}: the note covers the log"


async def test_the_since_note_goes_once_the_player_acts(monkeypatch) -> None:
    """At 80x24 the "Since your last turn" note covered the players and the log for
    its five seconds while the player went on: it goes at the player's first move (a
    key that only looks, such as v, leaves it up)."""
    from textual.widgets._toast import Toast

    from living_forest.tui.screens.game import GameScreen

    # Up until the test's moves, however busy the machine.
    monkeypatch.setattr(GameScreen, "SINCE_SECONDS", 600)
    log = _since_ana_reveals()
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.start_session(Session(SEATS, 7, first=0, actions=log))
        await started(pilot)
        for _ in range(5):  # the note is mounted on a later refresh
            await pilot.pause()
        assert len(app.screen.query(Toast)) == 1
        await pilot.press("v")
        for _ in range(3):
            await pilot.pause()
        assert len(app.screen.query(Toast)) == 1  # looking is not acting
        await pilot.press("v", "d")
        for _ in range(3):
            await pilot.pause()
        assert app.game is not None and app.game.session.actions[-1] == "draw"
        assert not app.screen.query(Toast)


async def test_the_new_game_form_keeps_its_title_whole_beside_its_scroll_bar() -> None:
    """With four seats the 80x24 form scrolls, and its scroll bar cut the title's ")"
    (a longer title then): all of the title shows, left of the scroll bar."""
    from living_forest.tui.screens.title import NewGameScreen

    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("f2", "f2")
        form.query_one("#newgame").scroll_home(animate=False)
        await pilot.pause()
        assert form.query_one("#newgame").max_scroll_y > 0  # the scroll bar is up
        title = form.query_one("#newgame-title")
        shown = "".join(
            seg.text for line in title.render_lines(title.region.reset_offset) for seg in line
        )
        rendered = title.render()
        assert isinstance(rendered, Content)
        assert " ".join(shown.split()) == " ".join(rendered.plain.split())  # all of it
        box = form.query_one("#newgame").scrollable_content_region
        assert title.region.right <= box.right  # all of it left of the scroll bar
