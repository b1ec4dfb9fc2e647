"""Action phase: basic and bonus actions (A-1 … A-53, F-4, F-5, F-7, O-3).

A multi-part action is a short series of decisions: the first pick starts it
(``attract hare``), further picks continue it within the same strength (A-6), and
``done`` finishes it; Victory tiles are taken one ``steal`` at a time (A-42);
a bonus action is offered and may be skipped (A-8, project ruling).
"""

from __future__ import annotations

from functools import cache

from .actions import (
    ATTRACT,
    DONE,
    END,
    EXTINGUISH,
    MOVE,
    PLANT,
    SKIP,
    STEAL,
    TAKE_FRAGMENT,
    Action,
)
from .data import ELEMENTS, SUN, WATER, WIND, GameData
from .data import PLANT as E_PLANT
from .events import Event
from .state import GameState, Pending, PlayerState
from .strength import can_repeat_types, raw_strengths

A_TAKE, A_DONE, A_SKIP, A_END = Action(TAKE_FRAGMENT), Action(DONE), Action(SKIP), Action(END)
ROCKS = 12

ACTION_NAMES = {
    TAKE_FRAGMENT: "Take a Fragment",
    ATTRACT: "Attract Guardian Animals",
    EXTINGUISH: "Extinguish Fire",
    MOVE: "Move on the Circle",
    PLANT: "Plant a Protective Tree",
}
# Bonus types as named in the data (O-1, F-4) -> the action kind they allow.
BONUS_KIND = {"attract": ATTRACT, "extinguish": EXTINGUISH, "plant": PLANT, "fragment": "fragment"}


@cache
def _move(dist: int) -> Action:
    return Action(MOVE, str(dist))


@cache
def _plant(label: str, cell: int) -> Action:
    return Action(PLANT, label, cell)


@cache
def _ext(value: int) -> Action:
    return Action(EXTINGUISH, str(value))


@cache
def _attract(cid: str) -> Action:
    return Action(ATTRACT, cid)


# --- option generators (shared by legal actions, checks and the flow) -----------


def attract_options(d: GameData, st: GameState, budget: int) -> list[Action]:
    cards = d.cards
    return [
        _attract(cid)
        for row in st.reserve
        for cid in row
        if cid is not None and cards[cid].cost <= budget
    ]


def extinguish_options(st: GameState, budget: int) -> list[Action]:
    return [_ext(v) for v in sorted(set(st.centre)) if v <= budget]


def move_options(st: GameState, wind: int) -> list[Action]:
    # Every distance up to the wind strength, wrapping as often as it takes.
    return [_move(dist) for dist in range(1, wind + 1)]


def plant_spaces(d: GameData, p: PlayerState) -> list[int]:
    forest = p.forest
    nbs = d.neighbours
    return [
        c for c in d.plantable if forest[c] is None and any(forest[nb] is not None for nb in nbs[c])
    ]


def plant_kinds(d: GameData, st: GameState, budget: int) -> list[str]:
    disp = st.dispensers
    return [label for label, k in d.trees.items() if k.cost <= budget and disp[label] > 0]


def plant_options(d: GameData, st: GameState, p: PlayerState, budget: int) -> list[Action]:
    kinds = plant_kinds(d, st, budget)
    if not kinds:
        return []
    spaces = plant_spaces(d, p)
    return [_plant(label, c) for label in kinds for c in spaces]


def _clamp(v: int) -> int:
    return v if v > 0 else 0


def options_of_type(
    d: GameData, st: GameState, p: PlayerState, kind: str, extra: int, s: list[int]
) -> list[Action]:
    if kind == ATTRACT:
        return attract_options(d, st, _clamp(s[SUN] + extra))
    if kind == EXTINGUISH:
        return extinguish_options(st, _clamp(s[WATER] + extra))
    if kind == MOVE:
        return move_options(st, _clamp(s[WIND] + extra))
    if kind == PLANT:
        return plant_options(d, st, p, _clamp(s[E_PLANT] + extra))
    if kind == TAKE_FRAGMENT:
        return [A_TAKE] if st.fragment_supply > 0 else []
    raise AssertionError(kind)


def has_option(
    d: GameData, st: GameState, p: PlayerState, kind: str, extra: int, s: list[int]
) -> bool:
    """Cheap existence test matching :func:`options_of_type`."""
    if kind == ATTRACT:
        b = _clamp(s[SUN] + extra)
        cards = d.cards
        return any(cid is not None and cards[cid].cost <= b for row in st.reserve for cid in row)
    if kind == EXTINGUISH:
        return bool(st.centre) and min(st.centre) <= _clamp(s[WATER] + extra)
    if kind == MOVE:
        return _clamp(s[WIND] + extra) >= 1
    if kind == PLANT:
        return bool(plant_kinds(d, st, _clamp(s[E_PLANT] + extra))) and bool(plant_spaces(d, p))
    if kind == TAKE_FRAGMENT:
        return st.fragment_supply > 0
    raise AssertionError(kind)


def type_allowed(d: GameData, st: GameState, p: PlayerState, kind: str) -> bool:
    """A-2/A-3/F-7: a basic action is left, and its type is unused unless tree 11."""
    if st.basic_left <= 0:
        return False
    return kind not in st.used_types or can_repeat_types(d, p)


BASIC_ORDER = (TAKE_FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT)


def legal(d: GameData, st: GameState) -> list[Action]:
    p = st.players[st.current]
    s = raw_strengths(d, p)
    if st.pending:
        top = st.pending[-1]
        if top.kind == ATTRACT:
            return [*attract_options(d, st, _clamp(s[SUN] + top.extra) - top.spent), A_DONE]
        if top.kind == EXTINGUISH:
            return [*extinguish_options(st, _clamp(s[WATER] + top.extra) - top.spent), A_DONE]
        if top.kind == STEAL:
            tiles = st.players[top.target].victory_tiles
            return [Action(STEAL, t) for t in dict.fromkeys(tiles)]
        # a bonus action on offer
        kind = BONUS_KIND[top.bonus_type]
        return [*options_of_type(d, st, p, kind, top.extra, s), A_SKIP]
    out: list[Action] = []
    for kind in BASIC_ORDER:
        if type_allowed(d, st, p, kind):
            out.extend(options_of_type(d, st, p, kind, 0, s))
    out.append(A_END)
    return out


def any_basic_option(d: GameData, st: GameState) -> bool:
    p = st.players[st.current]
    s = raw_strengths(d, p)
    return any(
        type_allowed(d, st, p, kind) and has_option(d, st, p, kind, 0, s) for kind in BASIC_ORDER
    )


def _blocked_by_pending(top: Pending, kind: str) -> str | None:
    """Why an action of ``kind`` cannot be started while ``top`` is being decided
    (None when ``kind`` is what ``top`` asks for)."""
    if top.kind == STEAL:
        return "first choose the Victory tile to take (A-42)"
    want = top.kind if top.kind in (ATTRACT, EXTINGUISH) else BONUS_KIND[top.bonus_type]
    if kind == want:
        return None
    if top.kind in (ATTRACT, EXTINGUISH):
        return f"finish the {ACTION_NAMES[top.kind]} action first (pick more or 'done')"
    return f"the bonus allows only {ACTION_NAMES.get(want, want)} (or 'skip')"


def why_illegal(d: GameData, st: GameState, a: Action) -> str | None:
    """None if ``a`` is legal now, else a sentence saying why not."""
    p = st.players[st.current]
    s = raw_strengths(d, p)
    kind = a.kind
    top = st.pending[-1] if st.pending else None
    if kind in (DONE, SKIP, END, STEAL):
        expected = {DONE: (ATTRACT, EXTINGUISH), SKIP: ("bonus",), STEAL: (STEAL,), END: ()}[kind]
        if kind == END:
            return None if top is None else "finish the action in progress first"
        if top is None or top.kind not in expected:
            what = {DONE: "picking cards or fires", SKIP: "a bonus action", STEAL: "a jump"}[kind]
            return f"{kind!r} is only possible during {what}"
        if kind == STEAL and a.arg not in st.players[top.target].victory_tiles:
            victim = st.players[top.target].name
            return f"{victim} has no Victory tile {a.arg!r} (A-42)"
        return None
    if top is not None:
        blocked = _blocked_by_pending(top, kind)
        if blocked is not None:
            return blocked
        if top.kind in (ATTRACT, EXTINGUISH):
            budget = _clamp(s[SUN if kind == ATTRACT else WATER] + top.extra) - top.spent
            return _why_item(d, st, a, budget)
        extra = top.extra
    else:
        if st.basic_left <= 0:
            return "no basic action left this turn (A-2)"
        if not type_allowed(d, st, p, kind):
            return "the two basic actions must be of different types without tree 11 (A-3, F-7)"
        extra = 0
    if kind == TAKE_FRAGMENT:
        return None if st.fragment_supply > 0 else "the Fragment supply is empty (A-11, X-1)"
    if kind == ATTRACT:
        return _why_item(d, st, a, _clamp(s[SUN] + extra))
    if kind == EXTINGUISH:
        return _why_item(d, st, a, _clamp(s[WATER] + extra))
    if kind == MOVE:
        wind = _clamp(s[WIND] + extra)
        dist = a.value
        if wind < 1:
            return "moving needs at least 1 wind (A-40)"
        if dist > wind:
            return f"distance {dist} is more than your wind {wind} (A-40)"
        return None
    if kind == PLANT:
        k = d.trees.get(a.arg)
        if k is None:
            return f"there is no tree kind {a.arg!r}"
        if st.dispensers.get(a.arg, 0) <= 0:
            return f"no tree {a.arg} is left in the dispenser (X-6)"
        budget = _clamp(s[E_PLANT] + extra)
        if k.cost > budget:
            return f"tree {a.arg} costs {k.cost} plant; you have {budget} (A-50)"
        if a.cell not in plant_spaces(d, p):
            if p.forest[a.cell] is not None:
                return "that Forest space already has a tree"
            return "a tree must go next to a tree already planted (A-51)"
        return None
    return f"{kind!r} is not possible in the Action phase"


def _why_item(d: GameData, st: GameState, a: Action, budget: int) -> str | None:
    if a.kind == ATTRACT:
        if not any(a.arg in row for row in st.reserve):
            return f"{a.arg!r} is not a face-up card of the reserve (A-22)"
        cost = d.cards[a.arg].cost
        if cost > budget:
            return f"it costs {cost} sun; you have {budget} left (A-20)"
        return None
    v = a.value
    if v not in st.centre:
        return f"there is no fire of value {v} on the Circle"
    if v > budget:
        return f"a fire of value {v} needs {v} water; you have {budget} left (A-30)"
    return None


# --- applying -------------------------------------------------------------------


def apply(d: GameData, st: GameState, a: Action, ev: list[Event]) -> None:
    seat = st.current
    p = st.players[seat]
    kind = a.kind
    if kind == END:
        return  # the flow ends the turn
    if kind == DONE:
        finished = st.pending.pop()
        ev.append(Event("action_finished", seat, {"player": p.name, "action": finished.kind}))
        return
    if kind == SKIP:
        declined = st.pending.pop()
        ev.append(Event("bonus_skipped", seat, {"player": p.name, "bonus": declined.bonus_type}))
        return
    if kind == STEAL:
        theft = st.pending.pop()
        steal(d, st, p, theft.target, a.arg, ev)
        return
    top = st.pending[-1] if st.pending else None
    if top is not None and top.kind == kind:  # a further pick of the same action
        if kind == ATTRACT:
            top.spent += _take_card(d, st, p, a.arg, ev)
        else:
            top.spent += _take_fire(st, p, a.value, ev)
        return
    # Starting an action: either the offered bonus or a basic action.
    if top is not None:
        st.pending.pop()
        is_bonus, extra = True, top.extra
    else:
        st.basic_left -= 1
        st.used_types.append(kind)
        is_bonus, extra = False, 0
    if kind == TAKE_FRAGMENT:
        give_fragments(st, p, seat, 1, ev)
    elif kind == ATTRACT:
        spent = _take_card(d, st, p, a.arg, ev)
        st.pending.append(Pending(ATTRACT, is_bonus, extra, spent))
    elif kind == EXTINGUISH:
        spent = _take_fire(st, p, a.value, ev)
        st.pending.append(Pending(EXTINGUISH, is_bonus, extra, spent))
    elif kind == MOVE:
        _move_standee(d, st, seat, a.value, ev)
    elif kind == PLANT:
        _plant_tree(d, st, seat, a.arg, a.cell, ev)


def give_fragments(st: GameState, p: PlayerState, seat: int, want: int, ev: list[Event]) -> int:
    got = min(want, st.fragment_supply)  # only what is left
    st.fragment_supply -= got
    p.fragments += got
    what = "a Fragment" if got == 1 else f"{got} Fragments"
    ev.append(
        Event(
            "fragment_taken",
            seat,
            {"player": p.name, "what": what, "count": got, "left": st.fragment_supply},
        )
    )
    return got


def _take_card(d: GameData, st: GameState, p: PlayerState, cid: str, ev: list[Event]) -> int:
    card = d.cards[cid]
    row = st.reserve[card.level - 1]
    row[row.index(cid)] = None  # the slot stays empty until E-3
    st.taken[card.level - 1] += 1
    p.draw.append(cid)  # on top of the draw stack, last picked on top
    ev.append(
        Event(
            "animal_attracted",
            st.current,
            {
                "player": p.name,
                "card": card.name,
                "card_id": cid,
                "level": card.level,
                "cost": card.cost,
            },
        )
    )
    return card.cost


def _take_fire(st: GameState, p: PlayerState, value: int, ev: list[Event]) -> int:
    st.centre.remove(value)
    p.fires.append(value)
    ev.append(Event("fire_extinguished", st.current, {"player": p.name, "value": value}))
    return value


def move_destination(st: GameState, seat: int, dist: int) -> tuple[int, list[int]]:
    """Where a move of ``dist`` free rocks from ``seat``'s rock ends, and the seats it
    jumps in order, each once (A-41, A-42, X-11)."""
    occupant: list[int] = [-1] * ROCKS
    for i, other in enumerate(st.players):
        occupant[other.rock] = i
    pos = st.players[seat].rock
    steps = 0
    jumped: list[int] = []
    while steps < dist:
        pos = (pos + 1) % ROCKS
        who = occupant[pos]
        if who == -1:
            steps += 1
        elif who != seat and who not in jumped:  # robbed once per move
            jumped.append(who)
    return pos, jumped


def why_type_unavailable(d: GameData, st: GameState, kind: str) -> str | None:
    """None if an action of this basic type can be started now (as a basic action or
    as the offered bonus); otherwise why not, in words."""
    p = st.players[st.current]
    s = raw_strengths(d, p)
    top = st.pending[-1] if st.pending else None
    extra = 0
    if top is not None:
        blocked = _blocked_by_pending(top, kind)
        if blocked is not None:
            return blocked
        if top.kind in (ATTRACT, EXTINGUISH):
            more = len(legal(d, st)) > 1
            return None if more else f"nothing more fits in this {ACTION_NAMES[kind]} action"
        extra = top.extra
    elif st.basic_left <= 0:
        return "no basic action left this turn (A-2)"
    elif not type_allowed(d, st, p, kind):
        return "the two basic actions must be of different types without tree 11 (A-3, F-7)"
    if has_option(d, st, p, kind, extra, s):
        return None
    if kind == TAKE_FRAGMENT:
        return "the Fragment supply is empty (A-11, X-1)"
    if kind == ATTRACT:
        return f"no face-up card costs {_clamp(s[SUN] + extra)} sun or less (A-20)"
    if kind == EXTINGUISH:
        if not st.centre:
            return "there is no fire on the Circle"
        return f"no fire has a value of {_clamp(s[WATER] + extra)} water or less (A-30)"
    if kind == MOVE:
        return "moving needs at least 1 wind (A-40)"
    if not plant_spaces(d, p):
        return "no empty Forest space touches a tree (A-51, X-7)"
    return f"no tree left in the dispensers costs {_clamp(s[E_PLANT] + extra)} plant or less (X-6)"


def _move_standee(d: GameData, st: GameState, seat: int, dist: int, ev: list[Event]) -> None:
    p = st.players[seat]
    start = p.rock
    pos, jumped = move_destination(st, seat, dist)
    p.rock = pos
    names = [st.players[j].name for j in jumped]
    ev.append(
        Event(
            "standee_moved",
            seat,
            {
                "player": p.name,
                "distance": dist,
                "from_rock": start,
                "to_rock": pos,
                "jumped": names,
                "jumps": f", jumping {', '.join(names)}" if names else "",
            },
        )
    )
    # the rock bonus comes after the Victory tiles; the stack top is decided first.
    st.pending.append(Pending("bonus", True, 0, 0, -1, d.rock_bonus[pos], "rock"))
    for j in reversed(jumped):
        st.pending.append(Pending(STEAL, True, 0, 0, j))


def steal(
    d: GameData, st: GameState, p: PlayerState, victim_seat: int, tile: str, ev: list[Event]
) -> None:
    victim = st.players[victim_seat]
    victim.victory_tiles.remove(tile)
    p.victory_tiles.append(tile)
    ev.append(
        Event(
            "victory_tile_taken",
            st.current,
            {
                "player": p.name,
                "victim": victim.name,
                "victim_seat": victim_seat,
                "tile_id": tile,
                "tile": _tile_name(d, tile),
            },
        )
    )


def _tile_name(d: GameData, tile: str) -> str:
    spirit, kind = d.tiles[tile]
    return f"{d.spirits[spirit]}'s {kind} Victory tile"


def _plant_tree(
    d: GameData, st: GameState, seat: int, label: str, cell: int, ev: list[Event]
) -> None:
    p = st.players[seat]
    st.dispensers[label] -= 1
    p.forest[cell] = label
    x, y = d.xy(cell)
    ev.append(
        Event(
            "tree_planted",
            seat,
            {"player": p.name, "tree": label, "x": x, "y": y, "cell": cell},
        )
    )
    for ln in d.lines:  # F-5: only a line through the new tree can have just been completed
        if cell in ln.cells and all(p.forest[c] is not None for c in ln.cells):
            ev.append(
                Event(
                    "line_completed",
                    seat,
                    {
                        "player": p.name,
                        "line": ln.name,
                        "element": ELEMENTS[ln.element],
                        "amount": ln.amount,
                    },
                )
            )
    corner = d.corners.get(cell)
    if corner is None:
        return
    if corner.bonus == "fragments":  # F-4: a free gain, resolved at once
        if st.fragment_supply > 0:  # only what is left
            give_fragments(st, p, seat, corner.amount, ev)
        else:
            info = {"player": p.name, "bonus": "2 Fragments", "source": "corner"}
            ev.append(Event("bonus_lost", seat, info))
    else:  # F-4, X-12: an Attract/Extinguish bonus with temporary strength
        st.pending.append(Pending("bonus", True, corner.extra, 0, -1, corner.bonus, "corner"))
