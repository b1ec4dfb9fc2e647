"""The rules of one game: data and every module's actions, hooks and checks in one value.

There is one :class:`Rules` object per :class:`GameOptions` value (cached). Every
engine function takes the rules of the state it works on (:func:`rules_of`), never a
module global, so games with different options can live side by side. The base game
installs itself first (``core/base_game.py``); each module of the options then adds
to the :class:`RulesBuilder`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .actions import Action, Refusal
from .context import Context, TurnContext
from .data import GameData, load_data
from .effects import RepeatAction
from .events import Event
from .memo import BoundedCache
from .modules import Module, install_order
from .options import BASE_GAME, GameOptions, OptionsError

if TYPE_CHECKING:
    from .action_types.base import ActionType
    from .observation import HiddenZone
    from .state import GameState, Pending, PlayerState


# Bytes each memo of a Rules value may hold (core/memo.py). The engine's reuse is
# almost all within one game (a Forest, a Help Line seen again a few decisions later),
# so these small budgets miss little more often than unbounded caches would, while a
# process of any length stays small (bench/memory.py measures both).
CACHE_BYTES = {
    "strength": 1 << 20,
    "forest_strength": 256 << 10,
    "net": 512 << 10,
    "space": 256 << 10,
    "plant": 512 << 10,
}


class Contributor(NamedTuple):
    """A named source of Element strength (A-5): adds to ``s`` in place.

    ``cards_and_forest``: what it adds depends only on the player's Help Line and
    Forest (true of the base game's three). Those are summed once per distinct Help
    Line and Forest and remembered (``core/strength.py``); the others run every time.
    ``forest_only``: it reads the Forest alone (trees, completed lines), so its part
    is also remembered per Forest, which changes far less often than the Help Line.
    ``this_round``: what it adds expires at the end of the round (Kodama's Element
    tiles, K-E3); the bots' model of the rounds to come leaves it out.
    """

    name: str  # N_("Help Line"): shown with _(name)
    add: Callable[[Rules, PlayerState, list[int]], None]
    cards_and_forest: bool = False
    forest_only: bool = False
    this_round: bool = False


class FeatureSet(NamedTuple):
    """Facts about a player a rules module adds for the bots' learned evaluation (read
    from what every seat knows): ``names`` of the numbers ``compute(rules, state,
    seat)`` gives, in that order; ``signs`` the side the rules give each one's weight
    in training (+1 never below zero, -1 never above, 0 free; none: all free).
    ``player_only``: ``compute`` reads nothing of the position but the seat's player's
    cards (draw stack, discard, Help Line), Forest, number of fires, Victory tiles and
    module state, so the bots remember its numbers with the player's other facts
    instead of computing them in every position."""

    name: str
    names: tuple[str, ...]
    compute: Callable[[Rules, GameState, int], Sequence[float]]
    signs: tuple[int, ...] = ()
    player_only: bool = False


class RoundStep(NamedTuple):
    """One automatic step of the end of a round (E-1 … E-5, then module steps)."""

    name: str
    run: Callable[[Context], None]


class Check(NamedTuple):
    """One part of :func:`~living_forest.core.validate.validate`: reports problems."""

    name: str
    run: Callable[[Rules, GameState, Callable[[str], None]], None]


class CardPool(NamedTuple):
    """Cards a module keeps in places of its own (e.g. piles of its own): for the card
    conservation check, the cards it holds now and those that belong to the game."""

    name: str
    held: Callable[[Rules, GameState], Iterable[str]]  # cards in the module's places
    owned: Callable[[Rules, GameState], Iterable[str]]  # every card of the pool, anywhere


OccupiedRocks = Callable[["Rules", "GameState"], Iterable[int]]
# The hooks of a module's rules each take one context value (``core/context.py``).
SetupStep = Callable[[Context], None]
TurnStep = Callable[[TurnContext], None]  # the seat whose turn starts
AfterAction = Callable[[TurnContext, str], None]  # and the kind of the action complete


@dataclass(frozen=True)
class Phase:
    """One phase of the round (T-1) in the phase table: its four functions. ``advance``
    runs one automatic step and returns None, or, when a player must decide, returns
    what ``legal`` would (it has mostly worked that out to know there is a choice)."""

    name: str
    legal: Callable[[Rules, GameState], list[Action]]
    why_illegal: Callable[[Rules, GameState, Action], Refusal | None]
    apply: Callable[[Rules, GameState, Action, list[Event]], None]
    advance: Callable[[Rules, GameState, list[Event]], list[Action] | None]


class DecisionHandler(Protocol):
    """A sub-decision some action leaves on the pending stack (e.g. which Victory tile
    to take after a jump, A-42). ``answers`` are the action kinds that settle it."""

    pending_kind: str
    answers: tuple[str, ...]
    # Marked with ``N_`` (English message ids), translated where shown:
    during: str  # N_("a jump"): for "only possible during a jump" (said of 'steal')
    blocked: str  # why nothing else may be done meanwhile
    blocked_rules: tuple[str, ...]  # the rule IDs behind ``blocked``

    def legal(self, r: Rules, st: GameState, top: Pending) -> list[Action]: ...

    def check(self, r: Rules, st: GameState, top: Pending, a: Action) -> Refusal | None: ...

    def apply(self, c: TurnContext, top: Pending, a: Action) -> None:
        """Settle ``top`` (already popped) with ``a``."""
        ...

    def advance(self, c: TurnContext, top: Pending) -> bool:
        """Settle ``top`` by itself when there is nothing to choose (True if it did; the
        handler pops it)."""
        ...


@dataclass(frozen=True, eq=False)
class Rules:
    options: GameOptions
    data: GameData
    action_types: tuple[ActionType, ...]  # in menu order; basic types first
    by_kind: Mapping[str, ActionType]
    bonus_types: Mapping[str, ActionType]  # bonus id in the data (rock, corner) -> type
    decisions: Mapping[str, DecisionHandler]
    contributors: tuple[Contributor, ...]
    setup_steps: tuple[SetupStep, ...]
    turn_start_steps: tuple[TurnStep, ...]
    after_action: Mapping[str, tuple[AfterAction, ...]]
    end_of_round: tuple[RoundStep, ...]
    checks: tuple[Check, ...]
    phases: Mapping[str, Phase]
    max_basic_actions: int
    modules: tuple[Module, ...]
    # Card ids / tree labels whose effects let a basic action type repeat (F-7, K-G1).
    repeat_cards: frozenset[str]
    repeat_trees: frozenset[str]
    # Rocks a Spirit jumps without counting and never stops on, other than the Spirits'
    # own (K-O1: Onibi); and cards a module keeps outside the base game's places.
    occupied_rocks: tuple[OccupiedRocks, ...] = ()
    card_pools: tuple[CardPool, ...] = ()
    # Places of cards some seats cannot see (core/observation.py), for observations.
    hidden_zones: tuple[HiddenZone, ...] = ()
    # What each module adds to the bots' evaluation features, in install order.
    features: tuple[FeatureSet, ...] = ()
    # Each module's own compiled data, by module name (e.g. the sizes of its piles).
    ext_data: Mapping[str, object] = field(default_factory=dict)
    # What shows hidden information (undo never crosses it): action kinds, and event
    # kinds of the automatic flow (a refilled reserve, a reshuffle).
    revealing_actions: frozenset[str] = frozenset()
    revealing_events: frozenset[str] = frozenset()
    # ``contributors`` split for ``raw_strengths``: summed once per (Help Line, Forest)
    # and remembered in ``strength_cache`` (outside every state value and keyed by
    # content, so never stale), or run every time.
    by_cards_and_forest: tuple[Contributor, ...] = ()  # reading the Help Line too
    by_forest: tuple[Contributor, ...] = ()  # the Forest alone: also per Forest
    other_contributors: tuple[Contributor, ...] = ()
    this_round_contributors: tuple[Contributor, ...] = ()  # expiring at the round's end
    # Memos of pure results by content, each bounded in bytes (core/memo.py; budgets in
    # CACHE_BYTES). Keyed by the Help Line, None, then the Forest:
    strength_cache: BoundedCache[tuple[str | None, ...], tuple[int, ...]] = field(
        default_factory=lambda: BoundedCache(CACHE_BYTES["strength"]), repr=False
    )
    forest_strength_cache: BoundedCache[tuple[str | None, ...], tuple[int, ...]] = field(
        default_factory=lambda: BoundedCache(CACHE_BYTES["forest_strength"]), repr=False
    )
    # The net solitary count by Help Line (N-5): asked several times a reveal.
    net_cache: BoundedCache[tuple[str, ...], int] = field(
        default_factory=lambda: BoundedCache(CACHE_BYTES["net"]), repr=False
    )
    # Forest cells a tree may go on, by the Forest's content: the same kind of
    # cache, for every legal action list that offers Plant; and the Plant actions by
    # those cells, the strength and the dispensers.
    space_cache: BoundedCache[tuple[str | None, ...], tuple[int, ...]] = field(
        default_factory=lambda: BoundedCache(CACHE_BYTES["space"]), repr=False
    )
    plant_cache: BoundedCache[tuple[object, ...], tuple[Action, ...]] = field(
        default_factory=lambda: BoundedCache(CACHE_BYTES["plant"]), repr=False
    )

    def caches(self) -> dict[str, BoundedCache[Any, Any]]:
        """The memos of these rules, by name (for tests and ``make bench``)."""
        return {
            "strength": self.strength_cache,
            "forest_strength": self.forest_strength_cache,
            "net": self.net_cache,
            "space": self.space_cache,
            "plant": self.plant_cache,
        }

    @property
    def basic_types(self) -> tuple[ActionType, ...]:
        return tuple(at for at in self.action_types if at.basic)


@dataclass
class RulesBuilder:
    """What modules add to; :meth:`build` freezes it into a :class:`Rules` value."""

    options: GameOptions
    data: GameData
    action_types: list[ActionType] = field(default_factory=list)
    decisions: dict[str, DecisionHandler] = field(default_factory=dict)
    contributors: list[Contributor] = field(default_factory=list)
    setup_steps: list[SetupStep] = field(default_factory=list)
    turn_start_steps: list[TurnStep] = field(default_factory=list)
    after_action: dict[str, list[AfterAction]] = field(default_factory=dict)
    end_of_round: list[RoundStep] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    phases: dict[str, Phase] = field(default_factory=dict)
    max_basic_actions: int = 0
    modules: list[Module] = field(default_factory=list)
    revealing_actions: set[str] = field(default_factory=set)
    revealing_events: set[str] = field(default_factory=set)
    occupied_rocks: list[OccupiedRocks] = field(default_factory=list)
    card_pools: list[CardPool] = field(default_factory=list)
    hidden_zones: list[HiddenZone] = field(default_factory=list)
    features: list[FeatureSet] = field(default_factory=list)
    ext_data: dict[str, object] = field(default_factory=dict)

    def add_action_type(self, at: ActionType, *, before: str | None = None) -> None:
        if any(x.kind == at.kind for x in self.action_types):
            raise ValueError(f"action kind {at.kind!r} is registered twice")
        if before is None:
            self.action_types.append(at)
        else:
            i = next(i for i, x in enumerate(self.action_types) if x.kind == before)
            self.action_types.insert(i, at)

    def add_decision(self, handler: DecisionHandler) -> None:
        self.decisions[handler.pending_kind] = handler

    def add_contributor(
        self,
        name: str,
        add: Callable[[Rules, PlayerState, list[int]], None],
        *,
        cards_and_forest: bool = False,
        forest_only: bool = False,
        this_round: bool = False,
    ) -> None:
        if this_round and (cards_and_forest or forest_only):
            raise ValueError(f"{name}: a bonus of this round reads more than the cards")
        self.contributors.append(
            Contributor(name, add, cards_and_forest or forest_only, forest_only, this_round)
        )

    def add_setup_step(self, step: SetupStep) -> None:
        """Runs after the base setup and its shuffles, so a base game's random stream
        is the same whatever modules exist."""
        self.setup_steps.append(step)

    def add_turn_start_step(self, step: TurnStep) -> None:
        self.turn_start_steps.append(step)

    def add_after_action(self, kind: str, step: AfterAction) -> None:
        """Runs when an action of ``kind`` (basic or bonus) is complete."""
        self.after_action.setdefault(kind, []).append(step)

    def add_end_of_round_step(
        self,
        name: str,
        run: Callable[[Context], None],
        *,
        before: str | None = None,
        after: str | None = None,
    ) -> None:
        step = RoundStep(name, run)
        names = [s.name for s in self.end_of_round]
        if name in names:
            raise ValueError(f"end-of-round step {name!r} is registered twice")
        if before is not None:
            self.end_of_round.insert(names.index(before), step)
        elif after is not None:
            self.end_of_round.insert(names.index(after) + 1, step)
        else:
            self.end_of_round.append(step)

    def add_card_pool(
        self,
        name: str,
        held: Callable[[Rules, GameState], Iterable[str]],
        owned: Callable[[Rules, GameState], Iterable[str]],
    ) -> None:
        self.card_pools.append(CardPool(name, held, owned))

    def add_hidden_zone(self, zone: HiddenZone) -> None:
        """Cards some seats cannot see, in places of the game or of a module (masked by
        :func:`~living_forest.core.observation.observe`, dealt by ``determinize``)."""
        if any(z.name == zone.name for z in self.hidden_zones):
            raise ValueError(f"hidden zone {zone.name!r} is registered twice")
        self.hidden_zones.append(zone)

    def add_features(
        self,
        name: str,
        names: Sequence[str],
        compute: Callable[[Rules, GameState, int], Sequence[float]],
        signs: Sequence[int] = (),
        *,
        player_only: bool = False,
    ) -> None:
        """Features of a player for the bots' learned evaluation (``bots/features.py``):
        ``compute`` gives one number per name, from what every seat knows; ``signs``
        (one per name, or none) the side of each weight in training; ``player_only``
        (:class:`FeatureSet`): ``compute`` reads the seat's player alone."""
        taken = {n for fs in self.features for n in fs.names}
        if taken & set(names) or len(set(names)) != len(names):
            raise ValueError(f"feature names of {name!r} are not unique: {list(names)}")
        if signs and len(signs) != len(names):
            raise ValueError(f"features of {name!r}: one sign per name, or none")
        self.features.append(FeatureSet(name, tuple(names), compute, tuple(signs), player_only))

    def add_check(
        self, name: str, run: Callable[[Rules, GameState, Callable[[str], None]], None]
    ) -> None:
        self.checks.append(Check(name, run))

    def build(self) -> Rules:
        by_kind = {at.kind: at for at in self.action_types}
        # A bonus is named in the data by a rock/corner bonus id or by the action's data
        # id (an effect's "bonus_action" of "plant_tree", K-G2).
        bonus_types = {at.data_id: at for at in self.action_types}
        bonus_types.update({b: at for at in self.action_types for b in at.bonus_ids})
        unknown = {b for b in self.data.rock_bonus if b not in bonus_types}
        unknown |= {c.bonus for c in self.data.corners.values() if c.bonus not in bonus_types}
        if unknown:
            raise OptionsError(f"the game data names bonuses no action provides: {sorted(unknown)}")
        d = self.data

        def repeats(effects: tuple[object, ...]) -> bool:
            return any(isinstance(e, RepeatAction) for e in effects)

        return Rules(
            options=self.options,
            data=d,
            action_types=tuple(self.action_types),
            by_kind=by_kind,
            bonus_types=bonus_types,
            decisions=dict(self.decisions),
            contributors=tuple(self.contributors),
            setup_steps=tuple(self.setup_steps),
            turn_start_steps=tuple(self.turn_start_steps),
            after_action={k: tuple(v) for k, v in self.after_action.items()},
            end_of_round=tuple(self.end_of_round),
            checks=tuple(self.checks),
            phases=dict(self.phases),
            max_basic_actions=self.max_basic_actions,
            modules=tuple(self.modules),
            repeat_cards=frozenset(c.id for c in d.cards.values() if repeats(c.effects)),
            repeat_trees=frozenset(t.label for t in d.trees.values() if repeats(t.effects)),
            revealing_actions=frozenset(self.revealing_actions)
            | {at.kind for at in self.action_types if at.reveals_hidden},
            revealing_events=frozenset(self.revealing_events),
            occupied_rocks=tuple(self.occupied_rocks),
            card_pools=tuple(self.card_pools),
            hidden_zones=tuple(self.hidden_zones),
            features=tuple(self.features),
            ext_data=dict(self.ext_data),
            by_cards_and_forest=tuple(
                c for c in self.contributors if c.cards_and_forest and not c.forest_only
            ),
            by_forest=tuple(c for c in self.contributors if c.forest_only),
            other_contributors=tuple(c for c in self.contributors if not c.cards_and_forest),
            this_round_contributors=tuple(c for c in self.contributors if c.this_round),
        )


_RULES: dict[GameOptions, Rules] = {}
# The last options asked for, by identity: states of one game share one options value
# (clone copies the reference), so this skips hashing on the hot path.
_last: tuple[GameOptions, Rules] | None = None


def rules_for(options: GameOptions = BASE_GAME) -> Rules:
    """The rules for ``options`` (built once, then cached); raises
    :class:`~living_forest.core.options.OptionsError` for an unknown module."""
    global _last
    last = _last
    if last is not None and last[0] is options:  # the hot path: no hashing
        return last[1]
    r = _RULES.get(options)
    if r is None:
        r = _RULES[options] = _build(options)
    _last = (options, r)
    return r


def rules_of(st: GameState) -> Rules:
    """The rules the game ``st`` is played with."""
    return rules_for(st.options)


def _build(options: GameOptions) -> Rules:
    from . import base_game

    modules = install_order(options.modules)
    b = RulesBuilder(options, load_data())
    base_game.install(b)
    for m in modules:
        m.install(b)
        b.modules.append(m)
    return b.build()
