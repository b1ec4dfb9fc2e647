"""What a seat knows (core/observation.py): the Observation hides exactly the hidden
cards, and ``determinize`` deals positions the seat cannot tell from the true one.

Hidden: draw stacks below their public tops (A-21, K-A3), other players' discards
(G-9), the level stacks (S-6), Kodama piles below their tops and the box (K-B2, K-S5).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields, is_dataclass

import pytest

from living_forest.bots.rules_of_thumb import random_bot
from living_forest.core import (
    BASE_GAME,
    HIDDEN,
    GameOptions,
    GameState,
    apply,
    determinize,
    legal_actions,
    new_game,
    observe,
    validate,
)
from living_forest.core.kodama.state import kodama

from .scenario import play, set_row, start, to_action_phase

KODAMA = GameOptions(("kodama",))
SPIRITS = ["winter", "spring", "summer", "autumn"]


def positions(n: int, seed: int, options: GameOptions, every: int) -> Iterator[GameState]:
    """Every ``every``-th position of a random game (both phases, every round)."""
    st, _ = new_game([(f"P{i}", SPIRITS[i]) for i in range(n)], seed, options=options)
    rng = random.Random(seed)
    step = 0
    while st.phase != "over":
        if step % every == 0:
            yield st
        st, _ = apply(st, random_bot(observe(st, st.current), legal_actions(st), rng))
        step += 1


CASES = [(n, seed, opt) for opt in (BASE_GAME, KODAMA) for n, seed in ((2, 11), (3, 12), (4, 13))]


@pytest.mark.parametrize(
    ("n", "seed", "options"), CASES, ids=lambda c: c if not isinstance(c, GameOptions) else ""
)
def test_a_determinized_position_is_one_the_seat_cannot_tell_from_the_truth(
    n: int, seed: int, options: GameOptions
) -> None:
    """For positions of whole games and several seats and dealing seeds: the dealt
    state validates, gives the seat the same Observation, the same legal actions, and
    keeps every public card (known draw tops, reserve, pile tops) where it is."""
    checked = 0
    for st in positions(n, seed, options, every=9):
        for seat in range(n):
            obs = observe(st, seat)
            for k in range(2):
                det = determinize(obs, random.Random(k * 1000 + seat))
                assert validate(det) == [], validate(det)
                assert observe(det, seat) == obs
                assert legal_actions(det) == legal_actions(st)
                for p, q in zip(det.players, st.players, strict=True):
                    known = q.draw_known
                    assert p.draw[len(p.draw) - known :] == q.draw[len(q.draw) - known :]
                    assert Counter(p.draw + p.discard) == Counter(q.draw + q.discard)
                assert det.reserve == st.reserve
                checked += 1
    assert checked > 100


def test_deals_differ_with_the_seed_and_repeat_with_it() -> None:
    st = next(s for s in positions(3, 5, BASE_GAME, every=1) if s.round == 3)
    obs = observe(st, 0)
    a, b = determinize(obs, random.Random(1)), determinize(obs, random.Random(1))
    c = determinize(obs, random.Random(2))
    assert a == b
    assert a.stacks != c.stacks or a.players[1].draw != c.players[1].draw
    assert a.rng != st.rng  # a fresh random state, not the game's


def _everything_in(obj: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every object reachable from ``obj`` through fields, items and values."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if is_dataclass(obj) and not isinstance(obj, type):
        children: list[object] = [getattr(obj, f.name) for f in fields(obj)]
    elif isinstance(obj, dict):
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, list | tuple | set | frozenset):
        children = list(obj)
    else:
        return
    for child in children:
        yield from _everything_in(child, seen)


def test_no_attribute_of_an_observation_leads_to_the_true_state() -> None:
    st = next(s for s in positions(3, 8, KODAMA, every=1) if s.round == 4)
    obs = observe(st, 1)
    true_objects = {id(x) for x in _everything_in(st) if isinstance(x, list | dict | GameState)}
    reached = list(_everything_in(obs))
    assert not [x for x in reached if id(x) in true_objects and isinstance(x, list | dict)]
    assert obs.position.seed == 0 and obs.position.rng == 0  # seed + log would tell all
    # The seat's own hidden draw order and the others' stacks are masked.
    me, other = obs.position.players[1], obs.position.players[2]
    assert set(me.draw[: len(me.draw) - me.draw_known]) <= {HIDDEN}
    assert set(other.discard) <= {HIDDEN} and len(other.discard) == len(st.players[2].discard)
    assert me.discard == st.players[1].discard  # G-9: the owner looks through their own
    assert all(set(s) <= {HIDDEN} for s in obs.position.stacks)
    k = kodama(obs.position)
    assert set(k.box) <= {HIDDEN}
    for pile, cards in k.piles.items():
        true_pile = kodama(st).piles[pile]
        assert cards[-1:] == true_pile[-1:]  # K-B2: the top card is face up
        assert set(cards[:-1]) <= {HIDDEN}


def test_no_field_of_seat_facts_leads_to_the_true_state_or_hides_less() -> None:
    """SeatFacts (the rule-of-thumb bots' view) holds copies: nothing in it is an object
    of the state, and it tells only public facts and the seat's own Help Line."""
    from living_forest.core.observation import seat_facts

    for st in positions(3, 8, KODAMA, every=7):
        facts = seat_facts(st, st.current)
        true_objects = {id(x) for x in _everything_in(st) if isinstance(x, list | dict)}
        assert not [x for x in _everything_in(facts) if id(x) in true_objects]
        p = st.players[st.current]
        assert facts.help_line == tuple(p.help_line)
        assert facts.centre == tuple(st.centre)
        assert facts.last_revealed == (p.help_line[-1] if p.can_use_fragment else None)


def test_A21_attracted_cards_are_known_on_top_until_drawn() -> None:
    """A-21: attracted cards go on top of the draw stack in view of all, the last on
    top; every seat's Observation shows them; a draw takes them off one by one."""
    st = to_action_phase(start(2), {0: ["beetle", "lynx", "fox", "bear"], 1: []})
    st = set_row(st, 1, ["beaver", "raven", "coati", "hedgehog"])
    st, _ = play(st, "attract beaver", "attract raven")  # 2 + 2 of 5 sun
    for seat in (0, 1):
        assert observe(st, seat).known_top(0) == ("raven", "beaver")
        assert observe(st, seat).known_top(1) == ()
    assert observe(st, 0).own_draw_cards()["raven"] == 1
    det = determinize(observe(st, 1), random.Random(3))
    assert det.players[0].draw[-2:] == ["beaver", "raven"]  # a resample keeps them on top


def test_a_draw_takes_the_known_top_and_a_reshuffle_knows_nothing() -> None:
    st = to_action_phase(start(2), {0: ["beetle", "lynx", "fox", "bear"], 1: []})
    st = set_row(st, 1, ["beaver", "raven", "coati", "hedgehog"])
    st, _ = play(st, "attract beaver", "done")
    assert st.players[0].draw_known == 1
    # Play on until seat 0 draws again: the known card is the first one drawn.
    rng = random.Random(0)
    while not (st.phase == "draw" and st.current == 0):
        st, _ = apply(st, random_bot(observe(st, st.current), legal_actions(st), rng))
    st, ev = apply(st, "draw")
    assert st.players[0].help_line[-1] == "beaver"
    assert st.players[0].draw_known == 0
    # Empty the draw stack: the reshuffled stack has no known card.
    p = st.players[0]
    p.discard.extend(p.draw)
    p.draw.clear()
    st.players[0].can_use_fragment = False
    st, ev = apply(st, "draw")
    assert any(e.kind == "reshuffled" for e in ev)
    assert st.players[0].draw_known == 0
    assert observe(st, 1).known_top(0) == ()


def test_validate_rejects_more_known_cards_than_the_stack_holds() -> None:
    st = start(2)
    st.players[0].draw_known = len(st.players[0].draw) + 1
    assert any("known cards" in p for p in validate(st))


@pytest.mark.parametrize("first", [2, 3, -1])
def test_validate_reports_a_first_seat_out_of_range_without_failing(first: int) -> None:
    """A corrupt save's first seat is a problem in the list, not an exception (the
    draw-phase check asks the turn order, which keeps n seats: (first + i) mod n)."""
    st = start(2)
    st.first = first
    assert len(st.order()) == 2 and sorted(st.order()) == [0, 1]
    assert any("first" in p for p in validate(st))


def test_a_kodama_call_puts_a_known_card_on_top() -> None:
    """K-A3: the called Kodama goes face down on top of the draw stack, seen by all."""
    st = next(
        s
        for s in positions(2, 21, KODAMA, every=1)
        if any(a.kind == "call" for a in legal_actions(s))
    )
    call = next(a for a in legal_actions(st) if a.kind == "call")
    top = kodama(st).piles[call.arg][-1]
    seat = st.current
    known = st.players[seat].draw_known
    st, _ = apply(st, call)
    assert observe(st, 1 - seat).known_top(seat)[0] == top
    assert st.players[seat].draw_known == known + 1
