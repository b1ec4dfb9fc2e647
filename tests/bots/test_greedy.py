"""The greedy bot: legal moves only, its draw risk from its own deck, and it beats the
baseline bot."""

from __future__ import annotations

import random

import pytest

from living_forest.bots.greedy import draw_risk, greedy_bot, value
from living_forest.core import GameOptions, apply, legal_actions, new_game, observe
from living_forest.match import MatchSpec, run
from tests.core.scenario import play, put_on_draw, start


@pytest.mark.parametrize(
    ("n", "options"),
    [(2, GameOptions()), (3, GameOptions(("kodama",))), (4, GameOptions())],
    ids=["2p", "3p-kodama", "4p"],
)
def test_greedy_only_ever_returns_a_legal_action(n: int, options: GameOptions) -> None:
    spirits = ["winter", "spring", "summer", "autumn"][:n]
    st, _ = new_game([(s, s) for s in spirits], 40 + n, options=options)
    rng = random.Random(n)
    steps = 0
    while st.phase != "over":
        legal = legal_actions(st)
        a = greedy_bot(observe(st, st.current), legal, rng)
        assert a in legal
        st, _ = apply(st, a)
        steps += 1
    assert steps > 50


def test_the_draw_risk_comes_from_the_seats_own_draw_stack() -> None:
    """Net solitary 2 (G-5): the next solitary card would force a stop and leave one
    action (A-2). With only solitary cards left to draw the risk is 1 and greedy stops;
    with none it is 0 and greedy draws."""
    base = start(2)
    solitary = [c for c in base.players[0].draw if _symbol(base, c) > 0]
    calm = [c for c in base.players[0].draw if _symbol(base, c) <= 0]
    assert len(solitary) >= 3 and calm
    for rest, risk, want in ((solitary[2:], 1.0, "stop"), (calm, 0.0, "draw")):
        st = base.clone()
        p = st.players[0]
        p.draw = list(rest)
        p.discard = [c for c in base.players[0].draw if c not in rest and c not in solitary[:2]]
        st = put_on_draw(st, 0, solitary[:2])
        st, _ = play(st, "draw", "draw")
        assert st.current == 0 and st.phase == "draw"
        obs = observe(st, 0)
        assert obs.net_solitary == 2
        assert draw_risk(obs) == risk
        assert str(greedy_bot(obs, legal_actions(st), random.Random(0))) == want


def _symbol(st, cid: str) -> int:
    from living_forest.core import rules_of

    return rules_of(st).data.cards[cid].symbol


def test_a_won_game_is_worth_more_than_any_position() -> None:
    st, _ = new_game([("A", "winter"), ("B", "summer")], 3)
    rng = random.Random(3)
    while st.phase != "over":
        st, _ = apply(st, greedy_bot(observe(st, st.current), legal_actions(st), rng))
    from living_forest.core import outcome

    res = outcome(st)
    assert res is not None
    winner = res.winners[0]
    assert value(st, winner) > 100 > -100 > value(st, 1 - winner)


@pytest.mark.slow
def test_greedy_beats_baseline_in_a_short_seeded_match() -> None:
    """Common seeds, seats swapped (the ladder's first step; the full figures are in
    ``living-forest match``, not in a test)."""
    report = run(MatchSpec(("greedy", "baseline"), 2, 16, seed=7))
    data = report.to_json()
    assert data["failures"] == 0
    assert data["wins_by_bot"]["greedy"] >= 12, data["wins_by_bot"]


def test_a_hint_for_a_draw_promises_no_figures_it_cannot_know() -> None:
    from living_forest.bots.hint import hint

    st = start(2)  # G-3: the first card must be drawn, so the hint is a draw
    h = hint(observe(st, st.current), legal_actions(st), random.Random(1))
    assert h.action.kind == "draw"
    assert h.power == 0 and h.after == h.before
