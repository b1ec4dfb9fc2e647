"""The core side of "grove", a house-rule module that lives only in the tests and
touches every extension point of the core.

Grove plays to a Victory threshold of 10 instead of 12 (V-2) and adds a sixth basic
action type, Rest (``rest``: +1 calm, at most 3), whose calm counts as Sacred Flowers;
rock 5 becomes a glade (a bonus Rest, a rock bonus the base game does not know); a
setup step that uses the random stream after the base setup; a turn-start step; an
after-action step; an end-of-round step placed before E-4; a strength contributor; a
validation check; log sentences and words of its own; and state of its own, game-wide
and per player. Importing this file registers it; ``tests/grove/site.py`` installs it
through an entry point as a package would.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from living_forest.core import (
    Action,
    Arg,
    Context,
    GameState,
    Module,
    PlayerState,
    Refusal,
    TurnContext,
    register_module,
)
from living_forest.core import rng as rng_mod
from living_forest.core.action_types import ActionType
from living_forest.core.data import FLOWER
from living_forest.core.events import Event, register_bonus_words, register_sentence
from living_forest.core.rules import Rules, RulesBuilder
from living_forest.i18n import N_, _

NAME = "grove"
REST = "rest"
GLADE = "glade"  # the rock bonus of rock 5 in a grove game: a bonus Rest
GLADE_ROCK = 5
MAX_CALM = 3
THRESHOLD = 10  # the house rule: 10 of a kind wins (V-2 says 12)


@dataclass
class GroveState:
    """Game-wide: a shuffled order drawn at setup, and per finished round the Help Line
    sizes seen just before E-4 returned them."""

    order: list[int] = field(default_factory=list)
    help_lines_before_e4: list[list[int]] = field(default_factory=list)

    def clone(self) -> GroveState:
        return GroveState(self.order[:], [x[:] for x in self.help_lines_before_e4])

    def to_dict(self) -> dict[str, Any]:
        return {
            "order": self.order[:],
            "help_lines_before_e4": [x[:] for x in self.help_lines_before_e4],
        }

    @classmethod
    def read(cls, d: Any) -> GroveState:
        return cls(list(d["order"]), [list(x) for x in d["help_lines_before_e4"]])


@dataclass
class PlayerGrove:
    calm: int = 0
    turns: int = 0

    def clone(self) -> PlayerGrove:
        return PlayerGrove(self.calm, self.turns)

    def to_dict(self) -> dict[str, Any]:
        return {"calm": self.calm, "turns": self.turns}

    @classmethod
    def read(cls, d: Any) -> PlayerGrove:
        return cls(int(d["calm"]), int(d["turns"]))


def grove_of(p: PlayerState) -> PlayerGrove:
    g = p.ext[NAME]
    assert isinstance(g, PlayerGrove)
    return g


def game_grove(st: GameState) -> GroveState:
    g = st.ext[NAME]
    assert isinstance(g, GroveState)
    return g


class Rest(ActionType):
    kind = REST
    data_id = REST
    name = N_("Rest")
    rule_ids = ("GROVE-1",)
    arg = Arg.NONE
    bonus_ids = (GLADE,)

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        return [Action(REST)] if grove_of(p).calm < MAX_CALM else []

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        return Refusal(_("you are as calm as can be ({calm})").format(calm=MAX_CALM))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        return None if grove_of(p).calm < MAX_CALM else self.why_no_option(r, st, p, budget)

    def resolve(self, c: TurnContext, a: Action) -> None:
        g = grove_of(c.player)
        g.calm += 1
        if c.wants("rested"):  # a module asks before making an event, as the core does
            c.events.append(Event("rested", c.seat, {"calm": g.calm}))


def setup(c: Context) -> None:
    st = c.state
    order = list(range(6))
    st.rng = rng_mod.shuffle(order, st.rng)
    st.ext[NAME] = GroveState(order)
    for p in st.players:
        p.ext[NAME] = PlayerGrove()


def on_turn_start(c: TurnContext) -> None:
    g = grove_of(c.player)
    g.turns += 1
    if c.wants("grove_turn"):
        c.events.append(Event("grove_turn", c.seat, {"turns": g.turns}))


def after_rest(c: TurnContext, kind: str) -> None:
    if c.wants("grove_after"):
        c.events.append(Event("grove_after", c.seat, {"kind": kind}))


def before_e4(c: Context) -> None:
    game_grove(c.state).help_lines_before_e4.append([len(p.help_line) for p in c.state.players])


def calm_flowers(r: Rules, p: PlayerState, s: list[int]) -> None:
    s[FLOWER] += grove_of(p).calm


def check_calm(r: Rules, st: GameState, bad: Any) -> None:
    for i, p in enumerate(st.players):
        g = p.ext.get(NAME)
        if not isinstance(g, PlayerGrove):
            bad(f"seat {i} has no grove state")
        elif not 0 <= g.calm <= MAX_CALM:
            bad(f"seat {i} has calm {g.calm}")


def install(b: RulesBuilder) -> None:
    bonuses = list(b.data.rock_bonus)
    bonuses[GLADE_ROCK] = GLADE
    b.data = replace(b.data, rock_bonus=tuple(bonuses), threshold=THRESHOLD)
    b.add_action_type(Rest())
    b.add_setup_step(setup)
    b.add_turn_start_step(on_turn_start)
    b.add_after_action(REST, after_rest)
    b.add_end_of_round_step("grove: count Help Lines", before_e4, before="E-4 Help Lines return")
    b.add_contributor("calm", calm_flowers)
    b.add_check("grove calm", check_calm)


# The log's words and sentences of grove's bonus, action and events.
register_bonus_words({REST: N_("rest"), GLADE: N_("glade")})
register_sentence("rested", N_("{player} rests: calm {calm}."))
register_sentence("grove_turn", N_("{player} enters the grove ({turns})."))
register_sentence("grove_after", N_("{player} looks around the grove."))

MODULE = register_module(
    Module(
        name=NAME,
        title=N_("Grove (test)"),
        install=install,
        notation={REST: Arg.NONE},
        read_state=GroveState.read,
        read_player_state=PlayerGrove.read,
        # Rock 5 and the threshold are Kodama's to change too: not both in one game.
        conflicts=("kodama",),
    )
)
