"""Bots: pure functions of (what the seat knows, legal actions, rng) -> action.

A bot never sees hidden information: it gets an
:class:`~living_forest.core.observation.Observation` of its seat (hidden cards masked,
no seed or random state), never the game state. The rule-of-thumb bots (``random``,
``baseline``) read only a few facts (:class:`~living_forest.core.observation.Facts`),
so :func:`decider` gives them the cheaper
:class:`~living_forest.core.observation.SeatFacts` instead: the same answers, without
a masked copy of the position at every decision.

The levels plan whole turns (``planner.py``) valued by the learned evaluation
(``features.py``, ``evaluation.py``, trained by ``train.py``) and search over those
turns (``turn_search.py``): easy plays a few to the end of the round, medium and hard
race more of them in sampled worlds to the end of the next round; ``reveal.py``
weighs a reveal by an expectimax over the next card; ``rules_bot.py`` is the fast
policy of hand-made rules. A planning bot remembers the rest of a planned turn per
seat (``planner.TurnCache``) and answers from it only while the position is the one
the plan expected.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from living_forest.core import Action
from living_forest.core.observation import Observation, observe, seat_facts
from living_forest.core.state import GameState
from living_forest.i18n import N_, _

from .greedy import greedy_bot
from .planner import PlannerBot
from .rules_bot import rules_bot
from .rules_of_thumb import baseline_bot, random_bot
from .search import SearchBot, parse_budget
from .turn_search import EASY_WIDTH, TurnSearchBot, easy, hard, medium, parse_deals

Bot = Callable[[Observation, Sequence[Action], random.Random], Action]


# Every bot a seat can have (names are stored in save files: lower case, no colon).
# "greedy", "search_quick" and "search" are the ids of the easy, medium and hard
# levels (saves keep them); the bots that held them before the planner keep names of
# their own ("greedy_v1", ...), so that the ladder shows what was gained.
BOTS: dict[str, Bot] = {
    "random": random_bot,
    "baseline": baseline_bot,
    "rules": rules_bot,  # hand-made rules; the search's rollout policy
    "greedy": easy(),  # easy: a few planned turns, each played to the round's end
    "search_quick": medium(),
    "search": hard(),
    "greedy_v1": greedy_bot,
    "search_quick_v1": SearchBot(iterations=48, rounds=1),
    "search_v1": SearchBot(iterations=200),
    # The levels before: easy planned its turn alone, medium raced six turns to the
    # round's end (the league of the shipped fits' training).
    "greedy_v2": PlannerBot(width=EASY_WIDTH),
    "search_quick_v2": TurnSearchBot(deals=24, horizon=0, candidates=6),
    # Medium before it raced only two other sets of action types: its four best turns
    # and the best of every other set, to the end of the next round.
    "search_quick_v3": TurnSearchBot(deals=48, cpu=0.15, horizon=1, candidates=4),
}
# What players call each bot (the New game form, the status line, saves show the name):
# English, marked for the catalogue; :func:`title` translates them.
TITLES: dict[str, str] = {
    # i18n: this and the next four are bot levels, as in "Bot: easy" and "[easy bot]"
    "random": N_("random"),
    "baseline": N_("baseline"),
    "greedy": N_("easy"),
    "search_quick": N_("medium"),
    "search": N_("hard"),
}
# The bots the New game form offers (the others play in matches and studies).
OFFERED: tuple[str, ...] = ("random", "baseline", "greedy", "search_quick", "search")
# The levels by their titles, for the command line: --bots easy,medium.
ALIASES: dict[str, str] = {"easy": "greedy", "medium": "search_quick", "hard": "search"}
# Bots with a parameter in their name: "search:200" (deals a decision), "search:0.5s"
# (CPU seconds), and today's hard level's predecessor "search_v1:200".
FACTORIES: dict[str, Callable[[str], Bot]] = {
    "search": parse_deals,
    "search_v1": parse_budget,
}


# The bots that read only Facts (their first parameter's type): decider() gives
# them SeatFacts.
FACTS_BOTS: frozenset[Bot] = frozenset({random_bot, baseline_bot})


class Asker(NamedTuple):
    """How to ask a bot for the move of the seat to act: ``view`` makes what it reads
    of the position (a :class:`SeatFacts` or an Observation), ``bot`` answers on that.
    A game loop may call the two itself (one call fewer a decision); calling the
    Asker does both."""

    view: Callable[[GameState, int], Any]
    bot: Callable[[Any, Sequence[Action], random.Random], Action]

    def __call__(self, st: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.bot(self.view(st, st.current), legal, rng)


def decider(bot: Bot) -> Asker:
    """How to ask ``bot`` for the move of the seat to act, with the view it reads: a
    :class:`SeatFacts` for a bot of :data:`FACTS_BOTS`, else an Observation."""
    return Asker(seat_facts if bot in FACTS_BOTS else observe, bot)


def title(name: str) -> str:
    """A bot's name as players see it, in the current language: "easy", "hard",
    "search:200" (a name with a parameter stays as typed)."""
    word = TITLES.get(name)
    return _(word) if word is not None else name


def get_bot(name: str) -> Bot:
    """A bot by name: a registered one, or a factory's with its parameter
    (``search:200``). Raises ValueError naming the choices."""
    bot = BOTS.get(ALIASES.get(name, name))
    if bot is not None:
        return bot
    base, colon, param = name.partition(":")
    if colon and base in FACTORIES:
        return FACTORIES[base](param)
    levels = [f"{a} (= {b})" for a, b in ALIASES.items()]
    params = [f"{f}:N, {f}:Ts" for f in sorted(FACTORIES)]
    choices = ", ".join([*sorted(BOTS), *levels, *params])
    raise ValueError(
        _("unknown bot {name}; choose from {choices}").format(name=repr(name), choices=choices)
    )
