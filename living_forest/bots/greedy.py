"""``greedy``: reads its Observation, looks one step ahead, and knows its own deck.

Guardian Animals phase: draws while the risk that the next card is the solitary one
that forces a stop (G-5, A-2: one action instead of two) is low, computing that risk
from the cards of its own draw stack (known tops first, A-21; the discard if a
reshuffle comes, G-6); burns a just-drawn Fire Varan or forcing card with a Fragment.

Action phase: deals one position consistent with what it knows (``determinize``), tries
every legal action on it and keeps the one whose position it values most, looking one
step further while the same turn's decision continues (a multi-pick, a bonus, a
Victory tile to take). The value of a position for a seat (:func:`value`): progress
toward its closest victory condition (V-2, V-3) and the others, its deck's strength,
its Forest's Elements, Fragments, the Fire Varans Onibi would give it at E-1, and the
best opponent's progress (to deny a player about to win).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from living_forest.core import (
    Action,
    GameState,
    Rules,
    counts,
    determinize,
    outcome,
    push,
    raw_strengths,
    rules_of,
)
from living_forest.core.actions import DRAW, STOP, USE_FRAGMENT
from living_forest.core.data import WATER
from living_forest.core.observation import Observation
from living_forest.core.state import PHASE_DRAW, PHASE_OVER, PlayerState
from living_forest.core.strength import completed_line_elements, forest_tree_elements

WIN = 1000.0
RISK_AT_TWO = 0.3  # draw at net solitary 2 while the chance of a forcing card is below
LOOKAHEAD_WIDTH = 24  # the second step looks at this many actions at most


def draw_risk(obs: Observation) -> float:
    """Chance that the next card drawn is solitary (raises the net count), from the
    cards the seat knows are in its draw stack (or its discard, reshuffled, G-6)."""
    known = obs.known_top(obs.seat)
    cards = obs.rules.data.cards
    if known:
        return 1.0 if cards[known[0]].symbol > 0 else 0.0
    pool: Counter[str] = obs.own_draw_cards()
    if not pool:
        pool = Counter(obs.discard)
    total = sum(pool.values())
    if not total:
        return 0.0
    return sum(n for c, n in pool.items() if cards[c].symbol > 0) / total


def draw_phase_choice(
    obs: Observation,
    legal: Sequence[Action],
    risk: float = RISK_AT_TWO,
    fragment_risk: float = RISK_AT_TWO + 0.2,
) -> Action:
    """Draw below a net count of 2; at 2 while the chance of a forcing card is below
    ``risk`` (``fragment_risk`` with a Fragment in hand, which can remove it, G-8)."""
    kinds = {a.kind: a for a in legal}
    r = obs.rules
    if USE_FRAGMENT in kinds and obs.last_revealed is not None:
        card = r.data.cards[obs.last_revealed]
        forced = obs.net_solitary >= r.data.forced_stop_at
        if obs.last_revealed == r.data.varan_id or (forced and card.symbol > 0):
            return kinds[USE_FRAGMENT]
    if DRAW in kinds:
        net = obs.net_solitary
        if net < r.data.forced_stop_at - 1:
            return kinds[DRAW]
        limit = fragment_risk if obs.fragments else risk
        if draw_risk(obs) < limit:
            return kinds[DRAW]
    return kinds.get(STOP) or legal[0]


def _deck_strength(r: Rules, p: PlayerState) -> float:
    """What the seat's cards are worth per round: Elements, minus Varans and solitary
    symbols, over the deck's size (a thin strong deck is better than a fat weak one)."""
    cards = r.data.cards
    deck = p.draw + p.discard + p.help_line
    if not deck:
        return 0.0
    total = 0.0
    for cid in deck:
        c = cards[cid]
        total += sum(c.elements) - 1.5 * max(c.symbol, 0) + 0.5 * max(-c.symbol, 0)
        if cid == r.data.varan_id:
            total -= 2.0
    return total / len(deck) * 4 + 0.05 * total


def value(st: GameState, seat: int) -> float:
    """How good ``st`` is for ``seat`` (higher is better); a finished game is decisive."""
    r = rules_of(st)
    if st.phase == PHASE_OVER:
        res = outcome(st)
        if res is not None and seat in res.winners:
            return WIN / len(res.winners)
        return -WIN
    mine = _progress(r, st, st.players[seat])
    others = max(_progress(r, st, p) for i, p in enumerate(st.players) if i != seat)
    p = st.players[seat]
    forest = [0, 0, 0, 0, 0]
    forest_tree_elements(r, p, forest)
    completed_line_elements(r, p, forest)
    power = sum(st.centre)
    threat = 0.0
    if power and st.phase != PHASE_DRAW:
        water = raw_strengths(r, p)[WATER]
        if water < power:
            threat = len(st.centre)
    return (
        10.0 * mine
        - 6.0 * others
        + 0.6 * _deck_strength(r, p)
        + 0.25 * sum(forest)
        + 0.15 * p.fragments
        - 0.5 * threat
    )


def _progress(r: Rules, st: GameState, p: PlayerState) -> float:
    c = counts(r, p)
    t = st.thresholds
    share = [c.trees / t["trees"], c.fires / t["fires"], c.flowers / t["flowers"]]
    return 2.0 * max(share) + sum(share) / 3


def _after(st: GameState, a: Action, seat: int, depth: int) -> float:
    new = st.clone()
    after = push(new, a)
    if depth and new.phase != PHASE_OVER and new.current == seat and new.pending:
        nxt = after[:LOOKAHEAD_WIDTH]
        if nxt:
            return max(_after(new, b, seat, depth - 1) for b in nxt)
    return value(new, seat)


def ranked(
    st: GameState, legal: Sequence[Action], rng: random.Random, depth: int = 1
) -> list[tuple[float, Action]]:
    """Every legal action of the player to act in the full position ``st`` with the
    value of where it leads for them (best first; ties in random order)."""
    seat = st.current
    scored = [(_after(st, a, seat, depth), rng.random(), a) for a in legal]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, a) for v, _, a in scored]


def greedy_bot(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if obs.phase == PHASE_DRAW:
        return draw_phase_choice(obs, legal)
    return ranked(determinize(obs, rng), legal, rng)[0][1]
