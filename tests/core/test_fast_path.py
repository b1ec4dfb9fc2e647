"""The fast path for search: ``push`` (in place, unchecked, no events) gives exactly the
state ``apply`` gives, and returns the legal actions of that state; ``returns`` shares a
victory 1/k (V-4, V-5)."""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import random_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    KindsOnly,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    push,
    returns,
    wants,
)
from living_forest.core.actions import END, Action


@pytest.mark.parametrize(
    ("n", "options"), [(2, BASE_GAME), (4, BASE_GAME), (3, GameOptions(("kodama",)))]
)
def test_push_gives_the_state_apply_gives(n: int, options: GameOptions) -> None:
    st, _ = new_game(
        [(f"P{i}", s) for i, s in enumerate(["winter", "spring", "summer", "autumn"][:n])],
        n,
        options=options,
    )
    rng = random.Random(n)
    fast = st.clone()
    steps = 0
    while st.phase != "over":
        a = random_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        after = push(fast, a)
        assert fast == st
        assert after == legal_actions(st)  # what the automatic steps worked out
        steps += 1
    assert steps > 100
    res = outcome(st)
    assert res is not None
    r = returns(st)
    assert sum(r) == pytest.approx(1.0)
    assert {i for i, x in enumerate(r) if x > 0} == set(res.winners)


def test_returns_are_zero_before_the_end() -> None:
    st, _ = new_game([("A", "winter"), ("B", "summer")], 1)
    assert returns(st) == (0.0, 0.0)


def test_preview_is_the_move_alone_before_the_automatic_steps() -> None:
    """A stop that ends everyone's reveals starts the Action phase (G-10) in ``apply``;
    ``preview`` shows the stop alone, and leaves its input as it was."""
    from living_forest.core import preview

    from .scenario import play, start

    st, _ = play(start(2), "draw", "stop", "draw")
    before = st.to_dict()
    seen = preview(st, _stop(st))
    after, _ = apply(st, _stop(st))
    assert st.to_dict() == before
    assert after.phase == "action"
    assert seen.phase == "draw" and seen.players[seen.current].stopped


def _stop(st):
    return next(a for a in legal_actions(st) if a.kind == "stop")


END_ACTION = Action(END)


@pytest.mark.parametrize("options", [BASE_GAME, GameOptions(("kodama",))], ids=["base", "kodama"])
def test_turn_preview_is_the_move_and_its_automatic_steps_before_the_turn_ends(
    options: GameOptions,
) -> None:
    """``turn_preview`` (the board of a move held before it ends the round): a move the
    turn goes on after gives exactly ``apply``'s position; a move that ends the turn
    gives the move with what the turn still hands out by itself (a Fragment rock's
    Fragment, O-3), before the next player or the end of the round."""
    from living_forest.bots.rules_of_thumb import baseline_bot
    from living_forest.core import preview, turn_preview

    same = ended = gained = ends = 0
    for seed in range(12):
        names = [("A", "winter"), ("B", "spring"), ("C", "summer")]
        st, _ = new_game(names, seed, options=options)
        rng = random.Random(seed)
        while st.phase != "over":
            a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
            after, events = apply(st, a)
            if st.phase == "action" and END_ACTION in legal_actions(st):
                # Ending the turn by hand changes nothing before the turn ends: never the
                # next player's turn or the next round (Onibi, new cards).
                assert turn_preview(st, END_ACTION).to_dict() == st.to_dict()
                ends += 1
            if st.phase == "action":
                seen = turn_preview(st, a)
                kinds = [e.kind for e in events]
                if "turn_ended" not in kinds:
                    assert seen.to_dict() == after.to_dict()
                    same += 1
                else:
                    own = events[: kinds.index("turn_ended")]
                    got = sum(
                        e.data["count"]
                        for e in own
                        if e.kind == "fragment_taken" and e.seat == st.current
                    )
                    moved = preview(st, a)
                    mine = seen.players[st.current]
                    assert mine.fragments == st.players[st.current].fragments + got
                    turn = (seen.phase, seen.round, seen.current)
                    assert turn == ("action", st.round, st.current)
                    assert not any(p.kind == "bonus" for p in seen.pending)
                    ended += 1
                    gained += got > 0 and moved.players[st.current].fragments != mine.fragments
            st = after
    assert same > 100 and ended > 50 and gained >= 1 and ends > 100


@pytest.mark.parametrize(
    ("n", "options"), [(2, BASE_GAME), (4, BASE_GAME), (3, GameOptions(("kodama",)))]
)
def test_a_kinds_only_list_gets_exactly_the_events_of_its_kinds(
    n: int, options: GameOptions
) -> None:
    """``push`` into a :class:`KindsOnly` list makes the events of the kinds it names,
    the same as ``apply``'s, and no other; into none, nothing at all: every place that
    makes an event asks ``wants`` with the kind it makes. (Each move is pushed four times,
    once per sink, from copies.)"""
    st, _ = new_game(
        [(f"P{i}", s) for i, s in enumerate(["winter", "spring", "summer", "autumn"][:n])],
        n + 10,
        options=options,
    )
    rng = random.Random(n)
    seen: set[str] = set()
    while st.phase != "over":
        a = random_bot(observe(st, st.current), legal_actions(st), rng)
        after, events = apply(st, a)
        made = [e.to_dict() for e in events]
        kinds = sorted({e.kind for e in events})
        seen.update(kinds)
        some = set(kinds[::2])  # every other kind of this move's
        for keep in (set(kinds), some, set()):
            sink = KindsOnly(keep)
            fast = st.clone()
            push(fast, a, sink)
            assert fast == after
            assert [e.to_dict() for e in sink] == [d for d in made if d["kind"] in keep]
        assert push(st.clone(), a) == legal_actions(after)
        st = after
    assert len(seen) > 15  # most kinds of event were made and filtered


def test_every_list_wants_every_kind_a_kinds_only_list_its_own() -> None:
    assert wants([], "card_revealed")
    assert wants(KindsOnly({"card_revealed"}), "card_revealed")
    assert not wants(KindsOnly({"stopped"}), "card_revealed")
    assert not wants(KindsOnly(), "stopped")
