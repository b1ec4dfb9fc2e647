"""Bots: pure functions of (observation, legal actions, rng); the baseline policy."""

import random
from collections.abc import Sequence

import pytest

from living_forest.bots import get_bot
from living_forest.bots.greedy import greedy_bot
from living_forest.bots.rules_of_thumb import baseline_bot, below, random_bot
from living_forest.core import Action, apply, legal_actions, new_game
from living_forest.core.actions import END, SKIP, TAKE_FRAGMENT
from living_forest.core.observation import observe
from tests.core.scenario import give_fragments, put_on_draw, start, to_action_phase

SPIRITS = ("winter", "spring", "summer", "autumn")


def test_bots_are_deterministic_given_the_rng() -> None:
    st, _ = new_game([("A", "winter"), ("B", "autumn")], 3)
    for bot in (random_bot, baseline_bot, greedy_bot):
        picks = set()
        for _ in range(3):
            s = st
            rng = random.Random(42)
            line = []
            for _ in range(60):
                a = bot(observe(s, s.current), legal_actions(s), rng)
                line.append(str(a))
                s, _ = apply(s, a)
            picks.add(tuple(line))
        assert len(picks) == 1


def test_baseline_burns_a_just_drawn_fire_varan() -> None:
    st = give_fragments(put_on_draw(start(2), 0, ["fire_varan"]), 0, 1)
    st, _ = apply(st, "draw")
    a = baseline_bot(observe(st, 0), legal_actions(st), random.Random(0))
    assert str(a) == "use-fragment"


def test_baseline_stops_at_net_two_and_draws_below() -> None:
    st = put_on_draw(start(2), 0, ["bear", "beetle"])  # two solitary cards, beetle first
    st, _ = apply(st, "draw")
    view = observe(st, 0)
    assert view.net_solitary == 1
    assert str(baseline_bot(view, legal_actions(st), random.Random(0))) == "draw"
    st, _ = apply(st, "draw")
    assert str(baseline_bot(observe(st, 0), legal_actions(st), random.Random(0))) == "stop"


def test_baseline_avoids_take_fragment_end_and_skip_when_anything_else_is_legal() -> None:
    st = to_action_phase(start(2), {0: ["beetle", "lynx", "fox"], 1: []})
    legal = legal_actions(st)
    assert {a.kind for a in legal} > {TAKE_FRAGMENT, END}
    rng = random.Random(1)
    kinds = {baseline_bot(observe(st, 0), legal, rng).kind for _ in range(200)}
    assert kinds.isdisjoint({TAKE_FRAGMENT, END, SKIP})
    assert len(kinds) >= 2  # still random among the rest


def test_seat_view_shows_public_and_own_information_only() -> None:
    st = to_action_phase(start(2), {0: ["beetle"], 1: ["owl"]})
    view = observe(st, 0)
    assert view.help_line == ("beetle",)
    assert view.help_line_of(1) == ("owl",)
    assert view.draw_size(1) == len(st.players[1].draw)
    assert not hasattr(view, "draw")  # the order of a draw stack is hidden


def test_unknown_bot_name_is_a_clear_error() -> None:
    assert get_bot("baseline") is baseline_bot
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        get_bot("genius")


def test_baseline_weights_extinguish_by_the_tiles_of_each_value() -> None:
    """Like the official bot, which offers one move per Fire tile: with three value-2
    tiles and one value-3 tile, ``extinguish 2`` is chosen about three times as often."""
    from tests.core.scenario import set_centre

    st = to_action_phase(start(2), {0: ["goldfish", "goldfish", "fox"], 1: []})
    st = set_centre(st, [2, 2, 2, 3])
    legal = [a for a in legal_actions(st) if a.kind == "extinguish"]
    assert {a.arg for a in legal} == {"2", "3"}
    rng = random.Random(5)
    picks = [baseline_bot(observe(st, 0), legal, rng).arg for _ in range(4000)]
    ratio = picks.count("2") / picks.count("3")
    assert 2.6 < ratio < 3.4, ratio


def test_rule_of_thumb_bots_decide_alike_from_seat_facts_and_observations() -> None:
    """decider() gives random and baseline the cheap SeatFacts: at every decision of
    whole games (base and Kodama, 2 and 4 players) every fact reads as in the full
    Observation, and each bot picks the same move from either with the same rng."""
    from living_forest.core import GameOptions, push
    from living_forest.core.observation import SeatFacts, seat_facts

    checked = 0
    for n, seed, options in ((2, 3, GameOptions()), (4, 4, GameOptions(("kodama",)))):
        st, _ = new_game([(f"P{i}", s) for i, s in enumerate(SPIRITS[:n])], seed, options=options)
        rng = random.Random(seed)
        while st.phase != "over":
            legal = legal_actions(st)
            facts, obs = seat_facts(st, st.current), observe(st, st.current)
            assert facts.rules is obs.rules
            for name in SeatFacts._fields:
                if name != "options":  # an Observation tells its rules (above)
                    assert getattr(facts, name) == getattr(obs, name), name
            for bot in (random_bot, baseline_bot):
                state = rng.getstate()
                a = bot(facts, legal, rng)
                rng.setstate(state)
                assert bot(obs, legal, rng) == a
            push(st, baseline_bot(facts, legal, rng))
            checked += 1
    assert checked > 500


def test_the_decider_gives_each_bot_the_view_it_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot registered in FACTS_BOTS gets SeatFacts; any other bot an Observation."""
    from living_forest import bots
    from living_forest.bots import decider
    from living_forest.core.observation import Observation, SeatFacts

    seen: list[type] = []

    def recorder(view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        seen.append(type(view))
        return legal[0]

    st, _ = new_game([("A", "winter"), ("B", "autumn")], 3)
    legal = legal_actions(st)
    assert decider(recorder)(st, legal, random.Random(0)) == legal[0]
    monkeypatch.setattr(bots, "FACTS_BOTS", bots.FACTS_BOTS | {recorder})
    decider(recorder)(st, legal, random.Random(0))
    assert seen == [Observation, SeatFacts]


def test_below_draws_what_randrange_draws() -> None:
    """The rule-of-thumb bots' ``below`` is ``randrange`` written out: the same number,
    and the generator left in the same state, for every size of list (games recorded
    with randrange replay unchanged)."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 127, 128, 129, 1000]:
            assert below(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()
