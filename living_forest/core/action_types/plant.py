"""Plant a Protective Tree (A-50 … A-53), line bonuses (F-5) and corner bonuses (F-4)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...i18n import N_, _
from ..actions import PLANT, Action, Arg, Refusal
from ..data import ELEMENTS
from ..data import PLANT as E_PLANT
from ..events import Event, wants
from ..state import Pending, PendingKind
from ..strength import line_complete
from .base import ActionType
from .take_fragment import give_fragments

if TYPE_CHECKING:
    from ..context import TurnContext
    from ..rules import Rules
    from ..state import GameState, PlayerState

BONUS = PendingKind.BONUS


@cache
def _plant_actions(r: Rules) -> dict[str, tuple[Action, ...]]:
    """Every ``plant`` action of the rules, by tree label and then by cell."""
    cells = range(r.data.cell_count)
    return {label: tuple(Action(PLANT, label, c) for c in cells) for label in r.data.trees}


def plant_spaces(r: Rules, p: PlayerState) -> list[int]:
    """Empty Forest cells next to a tree (A-51)."""
    return list(_spaces(r, p))


def _spaces(r: Rules, p: PlayerState) -> tuple[int, ...]:
    """:func:`plant_spaces`, remembered per Forest in ``r.space_cache``."""
    key = tuple(p.forest)
    cache = r.space_cache
    spaces = cache.get(key)
    if spaces is None:
        nbs = r.data.neighbours
        found = []
        for c in r.data.plantable:
            if key[c] is None:
                for nb in nbs[c]:
                    if key[nb] is not None:
                        found.append(c)
                        break
        spaces = cache.put(key, tuple(found))
    return spaces


def plant_kinds(r: Rules, st: GameState, budget: int) -> list[str]:
    """Tree kinds left in the dispensers that cost ``budget`` or less (A-50, X-6)."""
    disp = st.dispensers
    out = []
    for label, k in r.data.trees.items():
        if k.cost <= budget and disp[label] > 0:
            out.append(label)
    return out


class Plant(ActionType):
    kind = PLANT
    data_id = "plant_tree"
    name = N_("Plant a Protective Tree")
    element = E_PLANT
    arg = Arg.TREE_AT
    bonus_ids = ("plant",)

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        spaces = _spaces(r, p)
        if not spaces:
            return []
        # Remembered by what decides them: the spaces, the strength, the dispensers.
        key = (spaces, budget, *st.dispensers.values())
        cache = r.plant_cache
        found = cache.get(key)
        if found is None:
            acts = _plant_actions(r)
            made: list[Action] = []
            for label in plant_kinds(r, st, budget):
                by_cell = acts[label]
                for c in spaces:
                    made.append(by_cell[c])
            found = cache.put(key, tuple(made))
        return list(found)

    def has_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> bool:
        return bool(_spaces(r, p)) and bool(plant_kinds(r, st, budget))

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        if not _spaces(r, p):
            return Refusal(_("no empty Forest space touches a tree"), ("A-51", "X-7"))
        text = _("no tree left in the dispensers costs {budget} plant or less")
        return Refusal(text.format(budget=budget), ("X-6",))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        k = r.data.trees.get(a.arg)
        if k is None:
            # i18n: {tree} is the tree label typed in the notation, quoted
            return Refusal(_("there is no tree kind {tree}").format(tree=repr(a.arg)))
        if st.dispensers.get(a.arg, 0) <= 0:
            # i18n: {tree} is a tree label such as 5A
            text = _("no tree {tree} is left in the dispenser")
            return Refusal(text.format(tree=a.arg), ("X-6",))
        if k.cost > budget:
            text = _("tree {tree} costs {cost} plant; you have {budget}")
            return Refusal(text.format(tree=a.arg, cost=k.cost, budget=budget), ("A-50",))
        if a.cell not in _spaces(r, p):
            if p.forest[a.cell] is not None:
                return Refusal(_("that Forest space already has a tree"))
            return Refusal(_("a tree must go next to a tree already planted"), ("A-51",))
        return None

    def resolve(self, c: TurnContext, a: Action) -> None:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        d = r.data
        p = st.players[seat]
        label, cell = a.arg, a.cell
        st.dispensers[label] -= 1
        p.forest[cell] = label
        if wants(ev, "tree_planted"):
            x, y = d.xy(cell)
            ev.append(Event("tree_planted", seat, {"tree": label, "x": x, "y": y, "cell": cell}))
        if wants(ev, "line_completed"):  # F-5: only a line through the new tree can be new
            for ln in d.lines:
                if cell in ln.cells and line_complete(p.forest, ln.cells):
                    info = {"line": ln.id, "element": ELEMENTS[ln.element], "amount": ln.amount}
                    ev.append(Event("line_completed", seat, info))
        corner = d.corners.get(cell)
        if corner is None:
            return
        if corner.bonus == "fragments":  # F-4: a free gain, resolved at once
            if st.fragment_supply > 0:  # only what is left
                give_fragments(st, p, seat, corner.amount, ev)
            elif wants(ev, "bonus_lost"):
                info = {"bonus": "fragments", "amount": corner.amount, "source": "corner"}
                ev.append(Event("bonus_lost", seat, info))
        else:  # F-4, X-12: an Attract/Extinguish bonus with temporary strength
            st.pending.append(Pending(BONUS, True, corner.extra, 0, -1, corner.bonus, "corner"))
