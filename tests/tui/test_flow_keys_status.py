"""The app's pure parts, tested without Textual: the flow controller (what comes next),
the key table's liveness, the status text, and drawing material the app has no
glyph for."""

from __future__ import annotations

import random

from living_forest.bots.rules_of_thumb import baseline_bot, random_bot
from living_forest.core import (
    Action,
    GameOptions,
    apply,
    decision,
    is_over,
    legal_actions,
    new_game,
)
from living_forest.core.observation import observe
from living_forest.core.queries import BONUS, CHOOSE_ACTION, PICK, REVEAL
from living_forest.present.board.circle import circle
from living_forest.present.bot_turns import bot_move
from living_forest.present.flow import (
    SINCE_MOST,
    FlowController,
    HandOff,
    RunBot,
    ShowGameOver,
    ShowSummary,
    TellSince,
    Wait,
)
from living_forest.present.keys import GAME_KEYS, HIDDEN, LIVE, liveness, opens_list
from living_forest.present.session import SeatConfig, Session
from living_forest.present.status import situation

from ..grove import rules as toy


def _play_with_flow(session: Session, seed: int) -> list[object]:
    """Drive a game through the flow controller as the screen does; humans play the
    baseline policy. Returns every step it gave."""
    flow = FlowController(session)
    rng = random.Random(seed)
    steps: list[object] = []
    for _ in range(5000):
        step = flow.next_step()
        steps.append(step)
        if isinstance(step, ShowGameOver):
            steps.append(flow.next_step())  # asked again: nothing more to do
            return steps
        if isinstance(step, (ShowSummary, HandOff, TellSince)):
            continue  # the dialog (or the note) was shown and closed
        st = session.state
        if isinstance(step, RunBot):
            assert not session.current_is_human and step.controller == session.current_controller
        else:
            assert isinstance(step, Wait) and session.current_is_human
        session.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()
    raise AssertionError("the game did not end")


def test_flow_two_humans_get_hand_offs_and_a_summary_per_round() -> None:
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")]
    session = Session(seats, 19)
    steps = _play_with_flow(session, 19)
    st = session.state
    summaries = [s for s in steps if isinstance(s, ShowSummary)]
    assert len(summaries) == st.round - 1  # one Onibi summary per finished round
    assert all(s.title == f"End of round {i + 1}: Onibi" for i, s in enumerate(summaries))
    assert all(any("Onibi" in line for line in s.lines) for s in summaries)
    hand_offs = [s for s in steps if isinstance(s, HandOff)]
    # Before every draw phase and every action turn of each human: 4 a round.
    assert len(hand_offs) >= 4 * (st.round - 1)
    assert {h.name for h in hand_offs} == {"Ana", "Ben"}
    assert steps[-2] == ShowGameOver() and isinstance(steps[-1], Wait)
    assert not any(isinstance(s, RunBot) for s in steps)


def test_flow_runs_bots_and_waits_while_blocked_or_busy() -> None:
    seats = [SeatConfig("Ana", "winter", "baseline"), SeatConfig("Bo", "spring", "random")]
    session = Session(seats, 5)
    flow = FlowController(session)
    assert flow.next_step(blocked=True) == Wait("a dialog is open")
    assert flow.next_step(bot_busy=True) == Wait("the bot is thinking")
    assert isinstance(flow.next_step(), RunBot)
    steps = _play_with_flow(Session(seats, 5), 5)
    assert not any(isinstance(s, HandOff) for s in steps)  # nobody to hand the keyboard to
    assert sum(isinstance(s, RunBot) for s in steps) > 100


def test_four_bots_finish_a_game_through_the_flow_controller() -> None:
    """Four bots of the app (each move chosen by ``bot_move``, as the screen's bot
    runner does) play a whole game the flow controller drives: a summary per finished
    round, the game-over box once, and the log replays to the same state."""
    seats = [
        SeatConfig("Ana", "winter", "baseline"),
        SeatConfig("Ben", "spring", "random"),
        SeatConfig("Chloé", "summer", "baseline"),
        SeatConfig("Dai", "autumn", "random"),
    ]
    session = Session(seats, 4)
    flow = FlowController(session)
    steps: list[object] = []
    for step in range(5000):
        s = flow.next_step()
        steps.append(s)
        if isinstance(s, ShowGameOver):
            break
        if isinstance(s, ShowSummary):
            continue
        assert isinstance(s, RunBot), s  # nobody human: never a hand-off or a wait
        session.play(bot_move(session.state, s.controller, step))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()
    st = session.state
    assert is_over(st) and isinstance(flow.next_step(), Wait)
    assert sum(isinstance(s, ShowSummary) for s in steps) == st.round - 1
    replay, _ = new_game([(s.name, s.spirit) for s in seats], 4)
    for a in session.actions:
        replay, _ = apply(replay, a)
    assert replay.to_dict() == st.to_dict()
    assert session.events[-1].kind == "game_over"


def test_flow_ignores_undo_and_unsubscribes() -> None:
    session = Session([SeatConfig("Ana", "winter"), SeatConfig("Bo", "summer", "baseline")], 3)
    flow = FlowController(session)
    flow.unsubscribe()
    st = session.state
    while st.phase != "over" and st.round < 3:
        session.play(random_bot(observe(st, st.current), legal_actions(st), random.Random(1)))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()
        st = session.state
    assert not isinstance(flow.next_step(), ShowSummary)  # it heard nothing


def test_key_liveness_follows_the_legal_actions() -> None:
    """A live key's action is legal (or its list has legal options); a hidden key
    belongs to the other phase or step; with a bot to act every key is hidden."""
    for seed in range(4):
        session = Session([SeatConfig("A", "winter"), SeatConfig("B", "spring")], seed)
        rng = random.Random(seed)
        while session.state.phase != "over":
            st, legal = session.state, session.legal()
            d = decision(st)
            for name, key in GAME_KEYS.items():
                live = liveness(st, legal, name, human=True)
                kinds = {a.kind for a in legal}
                if opens_list(st, name):
                    allowed = d.kind == CHOOSE_ACTION or (
                        d.kind in (PICK, BONUS) and d.action == key.kind
                    )
                    assert (live is LIVE) == (allowed and key.kind in kinds), (name, d)
                else:
                    assert (live is LIVE) == (Action(key.kind) in legal), (name, d)
                if live is HIDDEN:
                    assert Action(key.kind) not in legal
                    if key.kind in ("draw", "stop", "use-fragment"):
                        assert d.kind != REVEAL
                assert liveness(st, legal, name, human=False) is HIDDEN
            session.play(random_bot(observe(st, st.current), legal, rng))
            if session.held is not None:  # the round's last move waits for Enter
                session.confirm_turn()


def test_status_names_the_player_and_the_keys() -> None:
    session = Session([SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring", "baseline")], 2)
    st = session.state
    line = situation(session, [], lambda name: GAME_KEYS[name].key.upper())
    who = st.players[st.current].name
    assert line.startswith(f"Round 1 · {who} (")
    if session.current_is_human:
        assert "D draw." in line
    else:
        assert "[baseline bot]" in line and line.endswith("see the log.")


def test_material_the_app_has_no_glyph_for_is_drawn_with_a_fallback() -> None:
    """A module's rock bonus no view shows (here the test module's "glade", its view not
    loaded) is drawn as "?" with its name, in both rings, instead of raising KeyError."""
    session = Session(
        [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring")],
        4,
        options=GameOptions((toy.NAME,)),
    )
    st = session.state
    small = circle(st, big=False)
    big = circle(st, big=True)
    assert " 5?" in small
    assert "[b] 5[/] ? Glade" in big


def test_a_modules_action_type_is_in_the_action_menu() -> None:
    from living_forest.present.choices import choices

    session = Session(
        [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring")],
        4,
        options=GameOptions((toy.NAME,)),
    )
    while session.state.phase == "draw":
        legal = session.legal()
        session.play(next((a for a in legal if a.kind == "stop"), legal[0]))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()
    labels = [c.label for c in choices(session.state, [])]
    assert "Rest" in labels and labels[-1] == "End the turn"


MOVES = {  # what the others did that a returning player wants to know
    "fragment_taken",
    "animal_attracted",
    "fire_extinguished",
    "standee_moved",
    "victory_tile_taken",
    "tree_planted",
    "line_completed",
}


def flow_steps(session: Session, bot, rng: random.Random):
    """The flow's dialogs of a whole game (summaries, hand-offs, notes), every seat's
    moves chosen by ``bot`` in between (a held last move passed on at once)."""
    flow = FlowController(session)
    for _ in range(5000):
        step = flow.next_step()
        if isinstance(step, ShowGameOver):
            return
        if isinstance(step, (ShowSummary, HandOff, TellSince)):
            yield step
            continue
        st = session.state
        session.play(bot(observe(st, st.current), legal_actions(st), rng))
        if session.held is not None:  # the round's last move waits for Enter
            session.confirm_turn()


def test_a_returning_player_is_told_what_the_others_did_since_their_turn() -> None:
    """Hot-seat: each hand-off lists the other players' moves since that player's last
    turn or draw (never their own, no reveals) and what Onibi's attack did to them;
    with one human and bots, the same comes as a note (TellSince) when the keyboard is
    back."""
    from living_forest.core import describe

    for seats, step_type in (
        ([SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")], HandOff),
        ([SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring", "baseline")], TellSince),
    ):
        session = Session(seats, 23)
        told = attacked = 0
        for step in flow_steps(session, baseline_bot, random.Random(23)):
            st = session.state
            if isinstance(step, step_type):
                me = st.current
                # The others' moves since my last finished turn or draw, from the events.
                ends = [
                    i
                    for i, e in enumerate(session.events)
                    if e.seat == me and e.kind in ("turn_ended", "stopped", "forced_stop")
                ]
                start = ends[-1] + 1 if ends else 0
                # ... and what Onibi's attack did to me (E-1), when a round ended.
                want = [
                    describe(e, st)
                    for e in session.events[start:]
                    if (e.kind in MOVES and e.seat not in (None, me))
                    or (e.kind in ("varans_dealt", "spirit_safe") and e.seat == me)
                ]
                attacked += any("Fire Varan" in x for x in want)
                got = list(step.since if isinstance(step, HandOff) else step.lines)
                if len(want) > SINCE_MOST:
                    assert got[: SINCE_MOST - 1] == want[: SINCE_MOST - 1]
                    assert "more (see the log)" in got[-1]
                else:
                    assert got == want
                told += bool(got)
        assert told > 5 and attacked > 0, step_type


def test_kodama_onibi_moving_in_a_turn_is_news_and_a_forced_stop_is_said() -> None:
    """Hot-seat Kodama: Onibi moving after a Call a Kodama (K-O3, an event of no seat)
    is in the next hand-off's list; the hand-off after a draw that a third solitary
    card ended says so to the player leaving the keyboard (G-5)."""
    from living_forest.core import GameOptions, describe

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    session = Session(seats, 6, options=GameOptions(("kodama",)))
    onibi = forced = 0
    # A random bot draws on where the baseline stops: forced stops happen.
    for step in flow_steps(session, random_bot, random.Random(6)):
        st = session.state
        if isinstance(step, HandOff):
            moved = [describe(e, st) for e in session.events if e.kind == "onibi_moved"]
            onibi += any(line in moved for line in step.since)
            ends = [
                (i, e)
                for i, e in enumerate(session.events)
                if e.kind in ("turn_ended", "stopped", "forced_stop", "nothing_to_draw")
            ]
            i, e = ends[-1] if ends else (0, None)
            by = [x for j, x in ends[-2:] if j >= i - 1 and e is not None and x.seat == e.seat]
            said = any(describe(x, st) in step.what for x in by if x.kind == "forced_stop")
            assert said == any(x.kind == "forced_stop" for x in by)
            forced += said
    assert onibi > 0 and forced > 0


def test_a_game_continued_from_a_held_round_end_shows_that_rounds_onibi_box(tmp_path) -> None:
    """Quit while the round's last move waits for Enter (the save keeps it as played),
    then Continue: the board opens at the next round, and the flow controller shows the
    round's Onibi summary first, as Enter would have; a game continued later in the
    round shows none, nor does a session the app did not read from a save (a tutorial
    chapter set up at a round's start)."""
    from living_forest.tui.saving import load_session, save_session

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")]
    s = Session(seats, 19)
    played = Session(seats, 19)  # the same game with Enter pressed: what it showed
    shown = FlowController(played)
    rng = random.Random(19)
    while s.held is None:
        st = s.state
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        s.play(a)
        played.play(a)
    played.confirm_turn()
    expected = shown.next_step()
    assert isinstance(expected, ShowSummary) and expected.title == "End of round 1: Onibi"
    path = tmp_path / "held.json"
    save_session(path, s)
    back = load_session(path)
    assert back.state.round == 2 and back.held is None
    assert not isinstance(FlowController(back).next_step(), ShowSummary)  # not resumed
    flow = FlowController(back, resumed=True)
    assert flow.next_step() == expected  # the same box, once
    assert not isinstance(flow.next_step(), ShowSummary)
    # Once someone has revealed in the new round, a continued game has no box to show.
    st = back.state
    back.play(next(a for a in legal_actions(st) if a.kind == "draw"))
    save_session(path, back)
    assert not isinstance(FlowController(load_session(path), resumed=True).next_step(), ShowSummary)


def test_a_rounds_summary_is_its_end_only_live_or_continued() -> None:
    """Every round's summary, shown live, is the one a game saved at that round's start
    shows when continued, and tells only the round's end (E-1, E-2): in Kodama, Onibi's
    walk on a call can find no value-2 Fire tile during the round (K-O3), which the
    summary does not count (this game has such calls, one in a round's last move)."""
    seats = [
        SeatConfig(n, sp) for n, sp in (("Ana", "winter"), ("Ben", "spring"), ("Cy", "summer"))
    ]
    options = GameOptions(("kodama",))
    session = Session(seats, 1, options=options)
    flow = FlowController(session)
    rng = random.Random(1)
    not_added = "No fire of value 2 could be added"
    summaries = 0
    in_last_move = 0  # value-2 tiles missing on a call in the move that ended a round
    expected = None  # the summary's count of missing value-2 tiles: the round's end's
    while session.state.phase != "over":
        step = flow.next_step()
        if isinstance(step, ShowSummary):
            continued = Session(seats, 1, options=options, actions=session.actions)
            assert FlowController(continued, resumed=True).next_step() == step
            assert sum(not_added in line for line in step.lines) == expected
            summaries += 1
            continue
        st = session.state
        n = len(session.events)
        session.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
        if session.held is not None:
            session.confirm_turn()
        kinds = [e.kind for e in session.events[n:]]
        if "round_started" in kinds:
            ended = len(kinds) - kinds[::-1].index("turn_ended")
            expected = kinds[ended:].count("fire_not_added")
            in_last_move += kinds[:ended].count("fire_not_added")
    assert summaries == session.state.round - 1 and in_last_move > 0
