"""``rules``: a fast bot of hand-made rules, the search bots' rollout policy.

Reveals to a net solitary count of 2 (G-5), spending a Fragment on a Fire Varan just
revealed (G-8). In the Action phase it scores every legal action by what it brings
now, without playing it out: a Fire tile is a count (A-30, take the small ones first),
a new tree kind a count and its Elements (A-52, corners and lines F-4, F-5), a card
its Elements with its symbol (gregarious helps every later round, solitary hurts), a
move the Victory tiles it takes and its rock's bonus (A-42, O-3). Tens of
microseconds a decision: it reads the position it is given (a dealt position inside a
search, or its Observation's masked copy) and copies nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from living_forest.core import Action, GameState, Rules, move_destination, raw_strengths, rules_of
from living_forest.core.actions import (
    ATTRACT,
    DONE,
    DRAW,
    END,
    EXTINGUISH,
    MOVE,
    PLANT,
    SKIP,
    STEAL,
    STOP,
    TAKE_FRAGMENT,
    USE_FRAGMENT,
)
from living_forest.core.observation import Observation
from living_forest.core.state import PHASE_DRAW, PlayerState
from living_forest.core.strength import counts, net_solitary

# What a point of each Element is worth in a card (sun, water, plant, wind, flower).
ELEMENT_VALUE = (0.8, 1.0, 0.9, 0.6, 1.1)
SOLITARY, GREGARIOUS = -1.5, 2.0  # a card's symbol, every later round
ROCK_BONUS = {"plant": 3.0, "attract": 2.0, "extinguish": 3.0, "fragment": 1.0}
DEFAULT = 0.5  # an action of a kind these rules do not know (a module's)


@cache
def _card_values(r: Rules) -> dict[str, float]:
    out = {}
    for cid, c in r.data.cards.items():
        v = sum(w * e for w, e in zip(ELEMENT_VALUE, c.elements, strict=True))
        v += SOLITARY if c.symbol > 0 else GREGARIOUS if c.symbol < 0 else 0.0
        out[cid] = v
    return out


def rules_choice(st: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The rules' choice for the player to act in ``st`` (a full or masked position)."""
    if len(legal) == 1:
        return legal[0]
    r = rules_of(st)
    p = st.players[st.current]
    if st.phase == PHASE_DRAW:
        return _reveal(r, p, legal)
    best, best_score = legal[0], -1e9
    scorer = _Scorer(r, st, p)
    for a in legal:
        score = scorer.score(a) + 0.01 * rng.random()
        if score > best_score:
            best, best_score = a, score
    return best


def _reveal(r: Rules, p: PlayerState, legal: Sequence[Action]) -> Action:
    kinds = {a.kind: a for a in legal}
    net = net_solitary(r, p)
    if USE_FRAGMENT in kinds:
        last = p.help_line[-1]
        if last == r.data.varan_id or net >= r.data.forced_stop_at:
            return kinds[USE_FRAGMENT]
    if DRAW in kinds and net < r.data.forced_stop_at - 1:
        return kinds[DRAW]
    return kinds.get(STOP) or legal[0]


class _Scorer:
    def __init__(self, r: Rules, st: GameState, p: PlayerState) -> None:
        self.r = r
        self.st = st
        self.p = p
        self.strengths = raw_strengths(r, p)
        self.cards = _card_values(r)
        top = st.pending[-1] if st.pending else None
        self.picking = top is not None and top.kind in (ATTRACT, EXTINGUISH)
        self.spent = top.spent if top is not None else 0

    def score(self, a: Action) -> float:
        k = a.kind
        if k == EXTINGUISH:
            return 10.0 - 0.1 * int(a.arg)
        if k == PLANT:
            return self._plant(a)
        if k == ATTRACT:
            v = self.cards[a.arg] - 0.15 * self.r.data.cards[a.arg].cost
            return v if self.picking else v + 1.0
        if k == MOVE:
            return self._move(int(a.arg))
        if k == STEAL:
            return self._steal(a.arg)
        if k == TAKE_FRAGMENT:
            return 1.0
        if k == DONE:
            return 0.8
        if k == SKIP:
            return 0.2
        if k == END:
            return 0.0
        return DEFAULT

    def _plant(self, a: Action) -> float:
        r, p = self.r, self.p
        tree = r.data.trees[a.arg]
        new = a.arg not in p.forest
        v = (9.0 if new else 1.0) + 0.4 * tree.cost
        cell = a.cell
        if cell in r.data.corners:
            v += 1.5
        forest = p.forest
        for line in r.data.lines:
            if cell in line.cells and all(forest[c] is not None or c == cell for c in line.cells):
                v += 2.0
        return v

    def _move(self, distance: int) -> float:
        st = self.st
        rock, jumped = move_destination(st, distance)
        v = 0.2 * distance / 10
        for j in jumped:
            if st.players[j].victory_tiles:
                v += 7.0
        v += ROCK_BONUS.get(self.r.data.rock_bonus[rock], DEFAULT)
        return v

    def _steal(self, tile: str) -> float:
        condition = self.r.data.tiles[tile][1] + "s"  # "tree" -> the "trees" count (V-3)
        c = counts(self.r, self.p)
        mine = {"trees": c.trees, "fires": c.fires, "flowers": c.flowers}
        return 1.0 + mine.get(condition, 0) / self.st.thresholds.get(condition, 12)


def rules_bot(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The rules' choice read from the seat's Observation (its masked position)."""
    return rules_choice(obs.position, legal, rng)
