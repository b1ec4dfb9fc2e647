"""What every action type declares: one class per type, registered on the rules.

An action type says its notation kind and argument, its name, which Element gives its
strength, how it lists its options within a strength, why one of them is refused (a
:class:`~living_forest.core.actions.Refusal` with the rule IDs behind it), and how it
is resolved. Legal-action generation, ``why_illegal``,
``why_unavailable``, the notation parser, bonus actions and the app's action menu all
iterate the types registered on the :class:`~living_forest.core.rules.Rules`, so a new
type is one new module plus its registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..actions import Action, Arg, Refusal
from ..state import Pending

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState


class ActionType:
    kind: ClassVar[str]  # the notation keyword ("attract")
    data_id: ClassVar[str]  # the id the game data uses ("attract", "plant_tree")
    name: ClassVar[str]  # N_("Attract Guardian Animals"): show it with _(at.name)
    element: ClassVar[int | None] = None  # index of the Element giving its strength
    arg: ClassVar[Arg] = Arg.NONE
    basic: ClassVar[bool] = True  # a basic action type: uses up a basic action
    multi_pick: ClassVar[bool] = False  # picks items one by one within one strength
    bonus_ids: ClassVar[tuple[str, ...]] = ()  # names of it as a bonus in the data
    automatic_bonus: ClassVar[bool] = False  # as a bonus: given at once, nothing to choose
    reveals_hidden: ClassVar[bool] = False  # shows something nobody knew (undo stops here)
    pick_noun: ClassVar[str] = ""  # N_("cards") in "picking cards or fires" (multi-pick)

    def budget(self, r: Rules, p: PlayerState, s: list[int], extra: int) -> int:
        """The strength this action may use: the Element (from the strengths ``s`` of
        player ``p``) plus a temporary bonus, not below 0 (A-5, F-4, X-9)."""
        if self.element is None:
            return 0
        v = s[self.element] + extra
        return v if v > 0 else 0

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        """Every action of this type possible within ``budget``, in a stable order."""
        raise NotImplementedError

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        """Cheap test for a non-empty :meth:`options`."""
        return bool(self.options(r, st, p, budget))

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        """Why :meth:`options` is empty: the sentence (in the current language) and the
        rule IDs behind it."""
        raise NotImplementedError

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        """None if ``a`` is possible within ``budget``; otherwise why not, as
        :meth:`why_no_option` says it (make the text only when refusing)."""
        raise NotImplementedError

    def resolve(self, c: TurnContext, a: Action) -> None:
        """Perform ``a`` (its first pick for a multi-pick type)."""
        raise NotImplementedError

    def pick(self, c: TurnContext, a: Action) -> int:
        """A further pick of a multi-pick action; returns the strength it uses."""
        raise NotImplementedError

    def give_bonus(self, c: TurnContext, source: str) -> None:
        """Resolve an automatic bonus of this type (``automatic_bonus``)."""
        raise NotImplementedError

    def available(self, r: Rules, st: GameState, p: PlayerState) -> bool:
        """For a type that is not basic: may it be started now (between actions)?"""
        return False

    def spent_for(self, r: Rules, a: Action) -> frozenset[str]:
        """The kinds of the actions ``a`` is spent for, when its worth is what they do
        with it (an Element tile's bonus, K-E2): a planner takes it together with the
        next of them, as one step. Empty: a step of its own."""
        return frozenset()


class MultiPickType(ActionType):
    """A type whose items are picked one by one within one strength (A-6): the first
    pick starts it and leaves it pending, further picks continue it, ``done`` ends it."""

    multi_pick = True

    def resolve(self, c: TurnContext, a: Action) -> None:
        spent = self.pick(c, a)
        c.state.pending.append(Pending(self.kind, c.bonus, c.extra, spent))

    def __repr__(self) -> str:
        return f"<action type {self.kind}>"
