"""What a thing on the board is, does and offers now (issue 8, "an inspect key"):
reserve cards, rocks, the fires on the Circle, the trees in the supply, the spaces of
the Forest in play, each player's Victory tiles and, with the expansion, the Kodama
board. Pure (no Textual): the screen lists :func:`items` and shows the chosen one.

Every "now" line asks the core (``why_illegal``, ``move_destination``,
``plant_preview``, ``new_tree_kind``); the rule is told in our words, without its ID.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from living_forest.core import (
    Action,
    GameState,
    legal_actions,
    move_destination,
    new_tree_kind,
    plant_preview,
    plant_spaces,
    raw_strengths,
    rules_of,
    victory_tile,
    why_illegal,
)
from living_forest.core.actions import ATTRACT, EXTINGUISH, MOVE, PLANT
from living_forest.core.data import ELEMENTS, WIND, Card, Corner
from living_forest.core.state import STARTING_TREE

from . import kodama_ui
from .glyphs import ELEMENT_GLYPH, MARK_NAME, effects_text, plain_elements, plural, rock_bonus_name
from .render import plain_text, without_rule_ids

# Groups, in the order they are listed.
RESERVE, HELP_LINES, FIRES, ROCKS, TREES, FOREST, TILES, KODAMA = (
    "Reserve",
    "Help Lines",
    "Fires",
    "Circle of Spirits",
    "Trees in the supply",
    "Forest",
    "Victory tiles",
    "Kodama",
)

_MARK_WORDS = {
    1: "solitary (▲): counts +1 towards the forced stop at 3 while revealing",
    -1: "gregarious (▼): cancels one solitary animal while revealing",
    0: "no mark: does not count towards the forced stop",
}


@dataclass(frozen=True, slots=True)
class Item:
    group: str
    title: str  # one line, for the list
    lines: tuple[str, ...]  # the details (plain text)
    key: str  # a stable id: "card:fox", "rock:4", "fire:3", "tree:5A", "cell:7", ...


def _now(st: GameState, legal: AbstractSet[Action], a: Action, how: str) -> str:
    """'Now: ...' for the player to act: what ``a`` would do (``legal``: the legal
    actions, asked once), or why not (the core)."""
    if st.phase == "over":
        return "Now: the game is over."
    if a in legal:
        return f"Now: {how}."
    reason = why_illegal(st, a)
    if reason is None:  # legal in principle, another step first
        return f"Now: not yet — first choose the action ({how})."
    return f"Now: not possible — {without_rule_ids(reason)}."


def _elements(values: tuple[int, ...]) -> str:
    return plain_elements(values) or "no Elements"


def _card_lines(c: Card, gives: str) -> list[str]:
    """What a card gives, its mark and its ability, one line each."""
    lines = [
        f"{gives} {_elements(c.elements)}.",
        f"Mark: {_MARK_WORDS.get(c.symbol, MARK_NAME.get(c.symbol, ''))}.",
    ]
    if c.effects:
        lines.append(f"While in the Help Line: {effects_text(c.effects)}.")
    return lines


def _cards(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    d = rules_of(st).data
    out = []
    for lv, row in enumerate(st.reserve):
        fire = d.fire_value_per_level[lv]
        for cid in row:
            if cid is None:
                continue
            c = d.cards[cid]
            lines = [
                f"{c.name}: Guardian Animal of level {c.level}, costs {c.cost} sun.",
                *_card_lines(c, "In a Help Line it gives"),
            ]
            lines += [
                "Attracted, it goes on top of its new owner's draw stack, in view of all:"
                " they reveal it early next round.",
                f"Taking it adds a fire of value {fire} to the Circle at the end of the round.",
                _now(st, legal, Action(ATTRACT, cid), "Attract (a) and pick it"),
            ]
            out.append(
                Item(RESERVE, f"L{c.level} {c.name} (cost {c.cost})", tuple(lines), f"card:{cid}")
            )
    return out


def _help_lines(st: GameState) -> list[Item]:
    """Every player's Help Line card by card (public, G-1): the whole name, which a
    long Help Line at 80x24 shortens."""
    d = rules_of(st).data
    out = []
    for seat, p in enumerate(st.players):
        for i, cid in enumerate(p.help_line):
            c = d.cards[cid]
            lines = [
                f"{c.name}: in {p.name}'s Help Line (card {i + 1} of {len(p.help_line)}).",
                *_card_lines(c, "Gives"),
            ]
            lines.append("At the end of the round it goes back to the discard stack.")
            out.append(Item(HELP_LINES, f"{p.name}: {c.name}", tuple(lines), f"help:{seat}:{i}"))
    return out


def _fires(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    out = []
    d = rules_of(st).data
    for v in sorted(set(st.centre)):
        n = st.centre.count(v)
        lines = [
            f"{plural(n, 'fire tile')} of value {v} on the Circle "
            f"({len(st.centre)} of at most {d.fire_capacity}; total power {sum(st.centre)}).",
            f"Extinguishing one costs {v} water; each tile counts 1 towards the fire goal.",
            "At the end of the round every player whose water is below the total power"
            " gets one Fire Varan per tile.",
            _now(st, legal, Action(EXTINGUISH, str(v)), "Extinguish (x) and pick it"),
        ]
        out.append(Item(FIRES, f"Fire of value {v} (x{n})", tuple(lines), f"fire:{v}"))
    if not st.centre:
        out.append(Item(FIRES, "No fire burns", ("The Circle holds no fire now.",), "fire:none"))
    return out


def _rocks(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    d = rules_of(st).data
    occupant = {p.rock: i for i, p in enumerate(st.players)}
    onibi = kodama_ui.onibi_rock(st)
    reach: dict[int, tuple[int, list[int]]] = {}
    if st.phase == "action" and not st.pending:
        wind = max(0, raw_strengths(rules_of(st), st.players[st.current])[WIND])
        for dist in range(wind, 0, -1):  # the shortest move to each rock wins
            rock, jumped = move_destination(st, dist)
            reach[rock] = (dist, jumped)
    out = []
    for rock, bonus in enumerate(d.rock_bonus):
        who = occupant.get(rock)
        lines = [f"Rock {rock}: stopping here gives {rock_bonus_name(bonus)}."]
        if rock == onibi:
            lines.append("Onibi stands here: moving Spirits jump over it.")
        if who is not None:
            p = st.players[who]
            lines.append(
                f"{p.name} stands here: a Spirit moving past jumps over them and takes one "
                "of their Victory tiles, if they have one left."
            )
        if st.phase == "action" and not st.pending:
            me = st.players[st.current].name
            if rock in reach:
                dist, jumped = reach[rock]
                jump = (
                    ", jumping " + ", ".join(st.players[j].name for j in jumped) if jumped else ""
                )
                how = f"Move (m) {dist}{jump}"
                lines.append(_now(st, legal, Action(MOVE, str(dist)), how))
            elif who == st.current:
                lines.append(f"Now: {me} stands here.")
            else:
                lines.append(f"Now: out of {me}'s reach this turn.")
        title = f"Rock {rock:>2} {rock_bonus_name(bonus)}"
        if who is not None:
            title += f" — {st.players[who].name}"
        out.append(Item(ROCKS, title, tuple(lines), f"rock:{rock}"))
    return out


def _trees(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    r = rules_of(st)
    out = []
    seat = st.current
    plant = max(0, raw_strengths(r, st.players[seat])[ELEMENTS.index("plant")])
    spaces = plant_spaces(st, seat)
    for label, k in r.data.trees.items():
        left = st.dispensers.get(label, 0)
        lines = [
            f"Tree {label}: costs {k.cost} plant; {left} left in the supply.",
            f"In a Forest it gives {_elements(k.elements)} for the rest of the game.",
        ]
        if k.effects:
            lines.append(f"It also gives {effects_text(k.effects)}.")
        if new_tree_kind(st, label, seat):
            lines.append("A kind new to this Forest: +1 towards the tree goal.")
        else:
            lines.append("This Forest has one: no tree point, its Elements count again.")
        if st.phase == "over":
            lines.append("Now: the game is over.")
        elif left <= 0:
            lines.append("Now: none left.")
        elif st.phase != "action":
            lines.append("Now: trees are planted in the Action phase.")
        elif k.cost > plant:
            lines.append(f"Now: you have {plant} plant; it costs {k.cost}.")
        elif not spaces:
            lines.append("Now: no free space next to a tree.")
        else:
            a = Action(PLANT, label, spaces[0])
            lines.append(_now(st, legal, a, f"Plant (p), tree {label}, then a space"))
        out.append(
            Item(TREES, f"Tree {label} (cost {k.cost}, {left} left)", tuple(lines), f"tree:{label}")
        )
    return out


def _corner_words(st: GameState, corner: Corner) -> str:
    bonus = rules_of(st).bonus_types.get(corner.bonus)
    if bonus is not None and bonus.automatic_bonus:
        return plural(corner.amount, "Fragment")
    if bonus is None or bonus.element is None:
        return f"a bonus {corner.bonus.replace('_', ' ')}"
    element = ELEMENTS[bonus.element]
    return f"a bonus {bonus.name} with {ELEMENT_GLYPH[element]}+{corner.extra} for it"


def _forest(st: GameState) -> list[Item]:
    r = rules_of(st)
    d = r.data
    seat = st.current
    p = st.players[seat]
    spaces = set(plant_spaces(st, seat))
    out = []
    for cell, label in enumerate(p.forest):
        x, y = d.xy(cell)
        pv = plant_preview(st, cell, seat)
        lines = []
        if label == STARTING_TREE:
            lines.append("The starting tree: no Elements; it counts 1 towards the tree goal.")
        elif label is not None:
            k = d.trees[label]
            lines.append(f"Tree {label}: gives {_elements(k.elements)}.")
        else:
            lines.append(
                "Empty: a tree may go here (it touches one)."
                if cell in spaces
                else "Empty: a tree may go here once a neighbour has one."
            )
        if pv.corner is not None and label is None:
            lines.append(f"Corner: a tree here gives {_corner_words(st, pv.corner)}.")
        for ln in d.lines:
            if cell in ln.cells:
                g = ELEMENT_GLYPH[ELEMENTS[ln.element]]
                full = all(p.forest[c] is not None for c in ln.cells)
                state = "done" if full else f"{sum(p.forest[c] is None for c in ln.cells)} to go"
                lines.append(f"In {ln.name}: filled, it gives {g}+{ln.amount} for good ({state}).")
        what = label or "empty"
        out.append(Item(FOREST, f"({x},{y}) {what}", tuple(lines), f"cell:{cell}"))
    return out


def _tiles(st: GameState) -> list[Item]:
    out = []
    for seat, p in enumerate(st.players):
        kinds = [victory_tile(st, t)[1] for t in p.victory_tiles]
        lines = [
            f"{p.name} holds {plural(len(kinds), 'Victory tile')}: "
            + (", ".join(kinds) if kinds else "none")
            + ".",
            "Each counts 1 towards its goal (tree, fire or flower).",
            "A Spirit that jumps over them when moving takes one, if any is left.",
        ]
        out.append(Item(TILES, f"{p.name}: {len(kinds)} tiles", tuple(lines), f"tiles:{seat}"))
    return out


def _kodama(st: GameState) -> list[Item]:
    text = kodama_ui.board(st, wide=True)
    if not text:
        return []
    return [Item(KODAMA, "The Kodama board", tuple(plain_text(text).splitlines()), "kodama")]


TO_ACT = -1  # ``acting``: the player to act is the one looking


def items(st: GameState, acting: int | None = TO_ACT) -> list[Item]:
    """Everything that can be inspected now, grouped, in a stable order. ``acting``:
    the seat of the person looking when it is their move (default: the player to
    act); otherwise (None: a bot plays, or a turn waits to be passed on) the "Now:"
    lines say whose move it is instead of what a move would do."""
    legal = frozenset(legal_actions(st))
    found = [
        *_cards(st, legal),
        *_help_lines(st),
        *_fires(st, legal),
        *_rocks(st, legal),
        *_trees(st, legal),
        *_forest(st),
        *_tiles(st),
        *_kodama(st),
    ]
    if acting == TO_ACT or acting == st.current or st.phase == "over":
        return found
    who = f"Now: {st.players[st.current].name} is to act (nothing to do for you)."
    return [
        Item(
            it.group, it.title, tuple(who if x.startswith("Now:") else x for x in it.lines), it.key
        )
        for it in found
    ]
