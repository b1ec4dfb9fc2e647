"""The headless parts of the app: session (log, undo) and the choice lists."""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import apply, is_over, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.present.choices import choices
from living_forest.present.session import SeatConfig, Session, UndoError
from living_forest.tui.saving import load_session, save_session

SEATS = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]


def reachable(st, modes=()) -> set[str]:
    """Every action reachable through the choice lists from this position."""
    out = set()
    for c in choices(st, list(modes)):
        if c.action is not None:
            out.add(str(c.action))
        else:
            out |= reachable(st, [*modes, c.mode])
    return out


def test_choices_offer_exactly_the_legal_actions_over_whole_games():
    for seed in (1, 2, 3):
        st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "autumn")], seed)
        rng = random.Random(seed)
        steps = 0
        while not is_over(st):
            legal = {str(a) for a in legal_actions(st)}
            assert reachable(st) == legal, (seed, steps)
            st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
            steps += 1


def test_undo_restores_the_previous_state_and_log():
    s = Session(SEATS, 14)
    for a in ["draw", "stop", "draw", "stop"]:
        s.play(a)
    assert s.state.phase == "action"
    assert not s.can_undo()  # revealed cards are never undone
    before, log = s.state, list(s.actions)
    legal = [a for a in s.legal() if a.kind == "attract"]
    s.play(legal[0])
    assert s.can_undo()
    s.undo()
    assert s.state is before and s.actions == log
    with pytest.raises(UndoError, match="nothing to undo"):
        s.undo()


def test_a_turn_saved_and_loaded_can_still_be_undone(tmp_path) -> None:
    """A play-test: a tree planted, the game saved (Ctrl+S, or the autosave at quit),
    then Continue: "u" said "nothing to undo in this turn yet". Loaded, a session
    undoes the moves of the turn in progress one by one, and no more: never a
    revealed card, and not a finished turn (saved before or after Enter passed it on:
    the file cannot tell, and the next player must not undo it)."""
    s = Session(SEATS, 14)
    for text in ["draw", "stop", "draw", "stop"]:
        s.play(text)
    path = tmp_path / "game.json"
    save_session(path, s)
    assert not load_session(path).can_undo()  # the reveals are never undone
    played = []
    while s.turn_done is None:
        a = next(x for x in s.legal() if x.kind in ("attract", "take-fragment"))
        played.append(s.state)
        s.play(a)
        if s.turn_done is None:  # mid-turn: saved, loaded, undone move by move
            save_session(path, s)
            back = load_session(path)
            assert back.can_undo() and back.actions == s.actions
            for before in reversed(played):
                back.undo()
                assert back.state.to_dict() == before.to_dict()
                assert back.events == s.events[: len(back.events)]
            assert not back.can_undo() and back.actions == s.actions[: -len(played)]
    assert len(played) == 2 and s.can_undo()  # live, the finished turn can be undone
    save_session(path, s)
    back = load_session(path)
    assert back.turn_done is None and not back.can_undo()  # loaded, it is passed on
    assert back.state.to_dict() == s.state.to_dict() and back.actions == s.actions
    # The next player's move, saved: loaded, it alone is undone, never the turn before
    # (a reviewer's case: the replay kept Ana's finished turn under Ben's move).
    s.confirm_turn()  # Enter: Ben's turn
    ben = s.state
    s.play(next(x for x in s.legal() if x.kind in ("attract", "take-fragment")))
    assert s.state.current == ben.current and s.turn_done is None
    save_session(path, s)
    back = load_session(path)
    assert back.can_undo()
    back.undo()
    assert back.state.to_dict() == ben.to_dict() and not back.can_undo()


def test_undo_never_crosses_into_another_turn():
    s = Session(SEATS, 7)
    for a in ["draw", "stop", "draw", "stop"]:
        s.play(a)
    before = s.state
    s.play("take-fragment")
    # take-fragment used the only basic option: the turn is done but still open.
    assert s.state.phase == "action" and s.state.current == 1
    assert s.turn_done == 0 and s.can_undo()
    s.undo()
    assert s.state is before and s.turn_done is None
    s.play("take-fragment")
    s.confirm_turn()  # Enter: passed on, final
    assert s.turn_done is None and not s.can_undo()
    with pytest.raises(UndoError):
        s.undo()
    assert s.actions[-1] == "take-fragment"


def test_a_turn_ending_the_round_or_played_by_a_bot_is_not_left_open():
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
    s = Session(seats, 7)
    rng = random.Random(3)
    ended = []
    while s.state.phase != "over" and s.state.round < 4:
        st = s.state
        if s.turn_done is not None:
            s.confirm_turn()
        before = st
        s.play(baseline_bot(observe(st, st.current), s.legal(), rng))
        if before.phase == "action" and s.state.current != before.current:
            ended.append((s.controller_of(before.current), s.state.phase, s.turn_done))
    # A person's turn that passes to the next player stays open; one that ends the round
    # (Onibi moves, the reserve is refilled) or a bot's turn does not.
    assert ("human", "action", 0) in ended or ("human", "action", 1) in ended
    for who, phase, done in ended:
        assert (done is not None) == (who == "human" and phase == "action")


def test_session_replays_a_log_and_maps_controllers_by_spirit():
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bot", "summer", "baseline")]
    s = Session(seats, 5, actions=["draw", "stop"])
    st, _ = new_game([("Ana", "winter"), ("Bot", "summer")], 5)
    for a in ["draw", "stop"]:
        st, _ = apply(st, a)
    assert s.state.to_dict() == st.to_dict()
    for i, p in enumerate(s.state.players):
        assert s.controller_of(i) == ("baseline" if p.spirit == "summer" else "human")


def test_the_session_publishes_every_transition_to_its_subscribers() -> None:
    """Plays and undos reach subscribers in order, with the core's events; an
    unsubscribed listener hears nothing more."""
    from living_forest.present.session import Transition

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring")]
    s = Session(seats, 0)  # Ana has strength left after taking a Fragment
    heard: list[Transition] = []
    stop = s.subscribe(heard.append)
    while s.state.phase == "draw":  # three cards each, then stop
        legal = s.legal()
        p = s.state.players[s.state.current]
        want = "draw" if len(p.help_line) < 3 else "stop"
        s.play(next((a for a in legal if a.kind == want), legal[0]))
    assert [t.action for t in heard] == s.actions
    assert all(t.before is not t.after and not t.undone for t in heard)
    assert [e for t in heard for e in t.events] == s.events[-sum(len(t.events) for t in heard) :]
    # The first action of a turn can be undone; the undo is published too.
    assert s.state.basic_left == 2
    before = s.state
    s.play("take-fragment")
    assert s.can_undo()
    s.undo()
    assert heard[-1].undone and heard[-1].action == "take-fragment"
    assert heard[-1].after is before and s.state is before
    stop()
    count = len(heard)
    s.play("end")
    assert len(heard) == count


def test_undo_never_goes_back_past_what_the_core_marks_as_revealing() -> None:
    """A draw reveals a card (the core's reveals_hidden): nothing to undo after it."""
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Bo", "spring")]
    s = Session(seats, 8)
    s.play("draw")
    assert not s.can_undo() and "revealed card" in s.why_no_undo()


def test_the_rounds_last_move_waits_for_enter_and_can_be_undone(tmp_path) -> None:
    """The last action of the round used to end the round at once
    (Onibi attacked, new cards came out) with no way back. Now it is held: the board
    shows the move and what the turn gives by itself after it (a Fragment rock's
    Fragment), undo drops it, Enter (confirm_turn) plays it and the round."""
    import random as _random

    from living_forest.bots.rules_of_thumb import baseline_bot as _bot
    from living_forest.core import legal_actions as _legal
    from living_forest.core import observe as _observe
    from living_forest.core import turn_preview
    from living_forest.present.status import turn_done_text

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    s = Session(seats, 11, first=0)
    rng = _random.Random(11)
    held_seen = 0
    while s.state.phase != "over" and held_seen < 3:
        st = s.state
        a = _bot(_observe(st, st.current), _legal(st), rng)
        n, before = len(s.actions), st
        s.play(a)
        if s.held is None:
            continue
        held_seen += 1
        assert s.held == a and s.state is before and len(s.actions) == n  # not played yet
        assert s.turn_done == before.current and s.can_undo()
        assert s.view_state is not s.state and s.view_state.round == before.round
        assert s.view_state.to_dict() == turn_preview(before, a).to_dict()
        assert "Enter: end the" in turn_done_text(s, lambda k: "u")
        # The board's marks read the held move's own events (to its turn's end) too.
        own = s.view_events[len(s.events) :]
        assert s.view_events[: len(s.events)] == s.events and own[-1].kind == "turn_ended"
        assert all(e.kind != "round_started" for e in own)
        s.undo()  # dropped: the same position, nothing played
        assert s.held is None and s.state is before and len(s.actions) == n
        s.play(a)
        assert s.held == a
        # Saved now (ctrl+s, the autosave, a quit), the held move is kept as played:
        # Continue gives the game with the player's last move made.
        path = tmp_path / f"held{held_seen}.json"
        save_session(path, s)
        back = load_session(path)
        assert back.actions == [*s.actions, str(a)]
        assert back.state.to_dict() == apply(before, a)[0].to_dict()
        s.confirm_turn()  # Enter: the move, then Onibi and the next round (or the end)
        assert s.held is None and s.actions[n] == str(a)
        assert s.view_events is s.events
        assert s.state.round == before.round + 1 or s.state.phase == "over"
        assert not s.can_undo()  # what came out at the end of the round stays
    assert held_seen == 3


def test_ending_the_rounds_last_turn_by_hand_shows_nothing_of_the_next_round() -> None:
    """`e` by the round's last player is held like any round-ending move, and its board
    is the round as it stands: not Onibi's attack or the new cards that Enter brings
    (which undo could then take back, having seen them)."""
    import random as _random

    from living_forest.bots.rules_of_thumb import baseline_bot as _bot
    from living_forest.core import legal_actions as _legal
    from living_forest.core import observe as _observe
    from living_forest.core.actions import END, Action

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    s = Session(seats, 5, first=0)
    rng = _random.Random(5)
    while True:
        st = s.state
        last = st.phase == "action" and st.turns_done == st.n - 1 and not st.pending
        if last and st.round >= 2:
            break
        s.play(_bot(_observe(st, st.current), _legal(st), rng))
        if s.held is not None or s.turn_done is not None:
            s.confirm_turn()
    before = s.state
    s.play(Action(END))
    # With actions left it is asked about, else held: played by Enter either way.
    waiting = s.asked if before.basic_left else s.held
    assert waiting == Action(END) and s.state is before
    shown = s.view_state
    assert (shown.phase, shown.round) == ("action", before.round)
    assert shown.reserve == before.reserve and shown.centre == before.centre
    assert [p.help_line for p in shown.players] == [p.help_line for p in before.players]
    s.confirm_turn()
    assert s.state.round == before.round + 1 or s.state.phase == "over"


def test_ending_a_turn_with_actions_left_is_asked_and_answered_by_the_next_move() -> None:
    """A-9: a person's ``end`` with actions left is a question, not a move:
    nothing is played, logged or saved until the answer. The same move again is a yes
    (the turn ends); another move is a no, played from the unchanged position; undo
    drops it, leaving no trace (no "Undone")."""
    from living_forest.core.actions import END, Action

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    s = Session(seats, 7, first=0, actions=["draw", "stop", "draw", "stop"])
    heard: list = []
    s.subscribe(heard.append)
    before, events, actions = s.state, list(s.events), list(s.actions)
    assert s.play(Action(END)) == [] and s.asked == Action(END)
    assert s.state is before and s.events == events and s.actions == actions
    assert s.record == (actions, before) and s.turn_done == before.current
    assert heard[-1].asked and heard[-1].events == () and s.passes_to != before.current
    s.undo()  # no
    assert s.asked is None and s.turn_done is None and s.state is before
    assert heard[-1].asked and heard[-1].undone and s.events == events
    s.play(Action(END))
    s.play("take-fragment")  # another move: no, and that move is played
    assert s.asked is None and s.actions == [*actions, "take-fragment"]
    s.play(Action(END))
    ended = s.play(Action(END))  # the same again: yes
    assert any(e.kind == "turn_ended" for e in ended)
    assert s.actions[-1] == "end" and s.state.current != before.current


def test_what_enter_ends_is_what_passing_the_turn_on_does() -> None:
    """Session.turn_done_ends (the status line's and the key bar's word for Enter) says
    what passing the waiting turn on ends beyond the turn: the round (Onibi plays), the
    game, or nothing; whether the move was held, asked about (``end`` with actions
    left) or played; checked at every turn of seeded games against what Enter does."""
    from collections import Counter

    seen: Counter[tuple[str, str | None]] = Counter()
    for seed in (1, 2, 3, 4):
        s = Session([SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring")], seed)
        rng = random.Random(seed)
        while s.state.phase != "over":
            if s.turn_done is not None:
                how = "held" if s.held is not None else "asked" if s.asked is not None else "done"
                ends = s.turn_done_ends
                before = s.state.round
                s.confirm_turn()
                after = s.state
                done = (
                    "game" if after.phase == "over" else "round" if after.round != before else None
                )
                assert ends == done, (seed, how)
                seen[how, ends] += 1
                continue
            st = s.state
            legal = legal_actions(st)
            end = next((a for a in legal if a.kind == "end"), None)
            if end is not None and st.basic_left and rng.random() < 0.3:
                s.play(end)  # with actions left: asked about first
            else:
                s.play(baseline_bot(observe(st, st.current), legal, rng))
    assert {k for k in seen} >= {("held", "round"), ("asked", "round"), ("asked", None)}
    assert any(ends == "game" for _how, ends in seen) and ("done", None) in seen


def test_a_finished_turn_shows_its_board_without_the_next_turns_start() -> None:
    """While a finished turn waits for Enter, the board is the position its last move
    came to: the next player's turn-start steps (a Kodama reward's Element tile,
    K-U22), already played, show when Enter passes the turn on, as the log says them
    then. (The board showed the next player's new tile before Enter.)"""
    from living_forest.core import GameOptions, turn_preview
    from living_forest.core.actions import parse_action
    from living_forest.core.kodama.state import player

    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "summer")]
    rewards = 0
    for seed in range(1, 9):
        s = Session(seats, seed, first=0, options=GameOptions(("kodama",)))
        rng = random.Random(seed)
        while s.state.phase != "over":
            st = s.state
            n = len(s.events)
            s.play(baseline_bot(observe(st, st.current), legal_actions(st), rng))
            done = s.turn_done
            if s.held is not None or s.asked is not None:
                s.confirm_turn()  # (held: test_a_held_move_...)
                continue
            if done is None:
                continue
            after = s.events[n:]
            end = next(i + 1 for i, e in enumerate(after) if e.kind == "turn_ended")
            shown = s.view_state
            if end < len(after):  # the next turn began with events of its own
                assert shown.current == done and shown is not s.state
                assert shown.to_dict() == turn_preview(st, parse_action(s.actions[-1])).to_dict()
                assert s.view_events == s.events[: n + end]
                tile = {"reward": "take_element_tile"}
                if any(
                    e.kind == "kodama_reward" and tile.items() <= e.data.items()
                    for e in after[end:]
                ):
                    rewards += 1
                    nxt = s.state.current
                    tiles = [player(x.players[nxt]).tiles for x in (shown, s.state)]
                    assert tiles[0] == tiles[1] - 1
            s.confirm_turn()
            assert s.view_state is s.state and s.view_events == s.events
    assert rewards
