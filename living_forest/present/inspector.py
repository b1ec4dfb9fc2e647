"""What a thing on the board is, does and offers now (the inspect key):
reserve cards, rocks, the fires on the Circle, the trees in the supply, the spaces of
the Forest in play, each player's Victory tiles and the panels of the rules modules on
(their views'). Pure (no Textual): the screen lists :func:`items` and shows the chosen one.

Every "now" line asks the core (``why_illegal``, ``move_destination``,
``plant_preview``, ``new_tree_kind``); the rule is told in our words, without its ID.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from living_forest.core import (
    Action,
    GameState,
    forced_stop_count,
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
from living_forest.core.events import bonus_word, line_name
from living_forest.core.state import STARTING_TREE
from living_forest.i18n import N_, _, card_name, join_and, ngettext
from living_forest.present.markup import plain_text

from .glyphs import ELEMENT_GLYPH, MARK_NAME, effects_text, plain_elements, rock_bonus_name
from .views import game_panels, legend, rock_marks

# Groups, in the order they are listed (English, marked: the screen shows ``_(group)``).
RESERVE, HELP_LINES, FIRES, ROCKS, TREES, FOREST, TILES, KEY = (
    N_("Reserve"),
    N_("Help Lines"),
    N_("Fires"),
    N_("Circle of Spirits"),
    N_("Trees in the supply"),
    N_("Forest"),
    N_("Victory tiles"),
    N_("Key to the short marks"),
)  # the modules' panels (their views' titles) come before the key

_MARK_WORDS = {
    # i18n: {count}: the net solitary count that forces a stop (3 in the rules, G-5)
    1: N_("solitary (▲): counts +1 towards the forced stop at {count} while revealing"),
    -1: N_("gregarious (▼): cancels one solitary animal while revealing"),
    0: N_("none (neither ▲ nor ▼): does not count towards the forced stop"),
}
# A Victory tile's type (``victory_tile``), in words.
_TILE_KIND = {"fire": N_("fire"), "flower": N_("flower"), "tree": N_("tree")}


@dataclass(frozen=True, slots=True)
class Item:
    group: str
    title: str  # one line, for the list
    lines: tuple[str, ...]  # the details (plain text)
    key: str  # a stable id: "card:fox", "rock:4", "fire:3", "tree:5A", "cell:7", ...


class _NowLine(str):
    """A "Now:" line: what the player to act may do now (:func:`items` replaces it
    when someone else is to act). Known by its type, not by its words."""

    __slots__ = ()


def _now_line(text: str) -> str:
    return _NowLine(text)


def _now(st: GameState, legal: AbstractSet[Action], a: Action, how: str) -> str:
    """'Now: ...' for the player to act: what ``a`` would do (``legal``: the legal
    actions, asked once), or why not (the core). ``how``: how to do it, a phrase."""
    if st.phase == "over":
        return _now_line(_("Now: the game is over."))
    if a in legal:
        # i18n: {how} says how to do it, e.g. "Attract (a) and pick it"
        return _now_line(_("Now: {how}.").format(how=how))
    reason = why_illegal(st, a)
    if reason is None:  # legal in principle, another step first
        # i18n: {how} says how to do it, e.g. "Attract (a) and pick it"
        return _now_line(_("Now: not yet — first choose the action ({how}).").format(how=how))
    # i18n: {reason} is a sentence of the rules, e.g. "no tree costs 2 or less"
    text = _("Now: not possible — {reason}.").format(reason=reason)
    return _now_line(text)


def _elements(values: tuple[int, ...]) -> str:
    return plain_elements(values) or _("no Elements")


def _card_lines(st: GameState, c: Card, gives: str) -> list[str]:
    """What a card gives (``gives``, a line), its mark and its ability, one line each."""
    mark = _MARK_WORDS.get(c.symbol) or MARK_NAME.get(c.symbol)
    words = _(mark).format(count=forced_stop_count(st)) if mark else ""
    lines = [gives, _("Mark: {mark}.").format(mark=words)]
    if c.effects:
        lines.append(
            _("While in the Help Line: {effects}.").format(effects=effects_text(c.effects))
        )
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
            name = card_name(c.name)
            gives = _("In a Help Line it gives {elements}.").format(elements=_elements(c.elements))
            lines = [
                _("{card}: Guardian Animal of level {level}, costs {cost} sun.").format(
                    card=name, level=c.level, cost=c.cost
                ),
                *_card_lines(st, c, gives),
            ]
            lines += [
                _(
                    "Attracted, it goes on top of its new owner's draw stack, in view of all:"
                    " they reveal it early next round."
                ),
                _(
                    "Taking it adds a fire of value {value} to the Circle at the end of the round."
                ).format(value=fire),
                # i18n: (a) is the key that attracts: keep it
                _now(st, legal, Action(ATTRACT, cid), _("Attract (a) and pick it")),
            ]
            # i18n: L{level}: the card's level, e.g. L2
            title = _("L{level} {card} (cost {cost})").format(level=c.level, card=name, cost=c.cost)
            out.append(Item(RESERVE, title, tuple(lines), f"card:{cid}"))
    return out


def _help_lines(st: GameState) -> list[Item]:
    """Every player's Help Line card by card (public, G-1): the whole name, which a
    long Help Line at 80x24 shortens."""
    d = rules_of(st).data
    out = []
    for seat, p in enumerate(st.players):
        for i, cid in enumerate(p.help_line):
            c = d.cards[cid]
            name = card_name(c.name)
            gives = _("Gives {elements}.").format(elements=_elements(c.elements))
            lines = [
                _("{card}: in {player}'s Help Line (card {position} of {count}).").format(
                    card=name, player=p.name, position=i + 1, count=len(p.help_line)
                ),
                *_card_lines(st, c, gives),
            ]
            lines.append(_("At the end of the round it goes back to the discard stack."))
            out.append(Item(HELP_LINES, f"{p.name}: {name}", tuple(lines), f"help:{seat}:{i}"))
    return out


def _fires(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    out = []
    d = rules_of(st).data
    for v in sorted(set(st.centre)):
        n = st.centre.count(v)
        lines = [
            ngettext(
                "{count} fire tile of value {value} on the Circle "
                "({placed} of at most {capacity}; total power {power}).",
                "{count} fire tiles of value {value} on the Circle "
                "({placed} of at most {capacity}; total power {power}).",
                n,
            ).format(
                count=n,
                value=v,
                placed=len(st.centre),
                capacity=d.fire_capacity,
                power=sum(st.centre),
            ),
            _(
                "Extinguishing one costs {value} water; each tile counts 1 towards the fire goal."
            ).format(value=v),
            _(
                "At the end of the round every player whose water is below the total power"
                " gets one Fire Varan per tile."
            ),
            # i18n: (x) is the key that extinguishes: keep it
            _now(st, legal, Action(EXTINGUISH, str(v)), _("Extinguish (x) and pick it")),
        ]
        # i18n: x{count}: how many tiles of this value, e.g. x2
        title = _("Fire of value {value} (x{count})").format(value=v, count=n)
        out.append(Item(FIRES, title, tuple(lines), f"fire:{v}"))
    if not st.centre:
        none = (_("The Circle holds no fire now."),)
        out.append(Item(FIRES, _("No fire burns"), none, "fire:none"))
    return out


def _rocks(st: GameState, legal: AbstractSet[Action]) -> list[Item]:
    d = rules_of(st).data
    occupant = {p.rock: i for i, p in enumerate(st.players)}
    marks = rock_marks(st)
    reach: dict[int, tuple[int, list[int]]] = {}
    if st.phase == "action" and not st.pending:
        wind = max(0, raw_strengths(rules_of(st), st.players[st.current])[WIND])
        for dist in range(wind, 0, -1):  # the shortest move to each rock wins
            rock, jumped = move_destination(st, dist)
            reach[rock] = (dist, jumped)
    out = []
    for rock, bonus in enumerate(d.rock_bonus):
        who = occupant.get(rock)
        gives = rock_bonus_name(bonus)
        lines = [_("Rock {rock}: stopping here gives {bonus}.").format(rock=rock, bonus=gives)]
        if rock in marks:
            lines.append(marks[rock].note)
        if who is not None:
            p = st.players[who]
            lines.append(
                _(
                    "{player} stands here: a Spirit moving past jumps over them and takes one "
                    "of their Victory tiles, if they have one left."
                ).format(player=p.name)
            )
        if st.phase == "action" and not st.pending:
            me = st.players[st.current].name
            if rock in reach:
                dist, jumped = reach[rock]
                if jumped:
                    names = join_and(st.players[j].name for j in jumped)
                    # i18n: (m) is the key that moves: keep it; {names}: players' names
                    how = _("Move (m) {distance}, jumping {names}").format(
                        distance=dist, names=names
                    )
                else:
                    # i18n: (m) is the key that moves: keep it
                    how = _("Move (m) {distance}").format(distance=dist)
                lines.append(_now(st, legal, Action(MOVE, str(dist)), how))
            elif who == st.current:
                lines.append(_now_line(_("Now: {player} stands here.").format(player=me)))
            else:
                text = _("Now: out of {player}'s reach this turn.").format(player=me)
                lines.append(_now_line(text))
        # i18n: {rock} is the rock's number, padded to 2 characters
        title = _("Rock {rock} {bonus}").format(rock=f"{rock:>2}", bonus=gives)
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
            _("Tree {tree}: costs {cost} plant; {left} left in the supply.").format(
                tree=label, cost=k.cost, left=left
            ),
            _("In a Forest it gives {elements} for the rest of the game.").format(
                elements=_elements(k.elements)
            ),
        ]
        if k.effects:
            lines.append(_("It also gives {effects}.").format(effects=effects_text(k.effects)))
        if new_tree_kind(st, label, seat):
            lines.append(_("A kind new to this Forest: +1 towards the tree goal."))
        else:
            lines.append(_("This Forest has one: no tree point, its Elements count again."))
        if st.phase == "over":
            lines.append(_now_line(_("Now: the game is over.")))
        elif left <= 0:
            lines.append(_now_line(_("Now: none left.")))
        elif st.phase != "action":
            lines.append(_now_line(_("Now: trees are planted in the Action phase.")))
        elif k.cost > plant:
            text = _("Now: you have {plant} plant; it costs {cost}.").format(
                plant=plant, cost=k.cost
            )
            lines.append(_now_line(text))
        elif not spaces:
            lines.append(_now_line(_("Now: no free space next to a tree.")))
        else:
            a = Action(PLANT, label, spaces[0])
            # i18n: (p) is the key that plants: keep it; {tree} is the tree's label (5A)
            how = _("Plant (p), tree {tree}, then a space").format(tree=label)
            lines.append(_now(st, legal, a, how))
        title = _("Tree {tree} (cost {cost}, {left} left)").format(
            tree=label, cost=k.cost, left=left
        )
        out.append(Item(TREES, title, tuple(lines), f"tree:{label}"))
    return out


def _corner_words(st: GameState, corner: Corner) -> str:
    bonus = rules_of(st).bonus_types.get(corner.bonus)
    if bonus is not None and bonus.automatic_bonus:
        return ngettext("{count} Fragment", "{count} Fragments", corner.amount).format(
            count=corner.amount
        )
    if bonus is None or bonus.element is None:
        return _("a bonus {action}").format(action=bonus_word(corner.bonus))
    glyph = ELEMENT_GLYPH[ELEMENTS[bonus.element]]
    # i18n: {action} is an action type's name; {glyph} an Element's glyph (☼3: sun 3)
    return _("a bonus {action} with {glyph}+{extra} for it").format(
        action=_(bonus.name), glyph=glyph, extra=corner.extra
    )


def _line_words(name: str, element: int, amount: int, empty: int) -> str:
    """What a Forest line gives once filled, and how many of its spaces are empty."""
    if empty == 0:
        # i18n: {line} is "row 1" or "column 2"; {glyph} an Element's glyph
        text = _("In {line}: filled, it gives {glyph}+{amount} for good (done).")
    else:
        # i18n: {line} is "row 1" or "column 2"; {glyph} an Element's glyph; {count}: the
        # spaces of the line still empty
        text = _("In {line}: filled, it gives {glyph}+{amount} for good ({count} to go).")
    glyph = ELEMENT_GLYPH[ELEMENTS[element]]
    return text.format(line=line_name(name), glyph=glyph, amount=amount, count=empty)


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
            lines.append(_("The starting tree: no Elements; it counts 1 towards the tree goal."))
        elif label is not None:
            k = d.trees[label]
            lines.append(
                _("Tree {tree}: gives {elements}.").format(
                    tree=label, elements=_elements(k.elements)
                )
            )
        else:
            lines.append(
                _("Empty: a tree may go here (it touches one).")
                if cell in spaces
                else _("Empty: a tree may go here once a neighbour has one.")
            )
        if pv.corner is not None and label is None:
            lines.append(
                _("Corner: a tree here gives {bonus}.").format(bonus=_corner_words(st, pv.corner))
            )
        for ln in d.lines:
            if cell in ln.cells:
                empty = sum(p.forest[c] is None for c in ln.cells)
                lines.append(_line_words(ln.name, ln.element, ln.amount, empty))
        # i18n: a Forest space without a tree
        what = label or _("empty")
        out.append(Item(FOREST, f"({x},{y}) {what}", tuple(lines), f"cell:{cell}"))
    return out


def _tiles(st: GameState) -> list[Item]:
    out = []
    for seat, p in enumerate(st.players):
        kinds = [victory_tile(st, t)[1] for t in p.victory_tiles]
        n = len(kinds)
        # i18n: a player holds no Victory tile
        tiles = ", ".join(_(_TILE_KIND[k]) if k in _TILE_KIND else k for k in kinds) or _("none")
        lines = [
            # i18n: {tiles}: their types ("fire, tree") or "none"
            ngettext(
                "{player} holds {count} Victory tile: {tiles}.",
                "{player} holds {count} Victory tiles: {tiles}.",
                n,
            ).format(player=p.name, count=n, tiles=tiles),
            _("Each counts 1 towards its goal (tree, fire or flower)."),
            _("A Spirit that jumps over them when moving takes one, if any is left."),
        ]
        title = _("{player}: {count} tiles").format(player=p.name, count=n)
        out.append(Item(TILES, title, tuple(lines), f"tiles:{seat}"))
    return out


def _panels(st: GameState) -> list[Item]:
    """The game's modules' panels, each in words (its wide form)."""
    out = []
    for pv in game_panels(st):
        text = pv.render(st, True)
        if text:
            lines = tuple(plain_text(text).splitlines())
            out.append(Item(pv.title, _(pv.item), lines, pv.id))
    return out


def _key(st: GameState) -> list[Item]:
    """The key to the board's short marks ("out Wi 3", "K2:◆E"): the words the 80x24
    board has no room for, the game's modules' included."""
    return [Item(KEY, mark, (meaning,), f"key:{i}") for i, (mark, meaning) in enumerate(legend(st))]


TO_ACT = -1  # ``acting``: the player to act is the one looking


def items(st: GameState, acting: int | None = TO_ACT, *, now: str | None = None) -> list[Item]:
    """Everything that can be inspected now, grouped, in a stable order. ``acting``:
    the seat of the person looking when it is their move (default: the player to
    act); otherwise (None: a bot plays, or a turn waits to be passed on) the "Now:"
    lines say whose move it is instead of what a move would do, or ``now`` when
    given (a finished turn waiting to be passed on says so)."""
    legal = frozenset(legal_actions(st))
    found = [
        *_cards(st, legal),
        *_help_lines(st),
        *_fires(st, legal),
        *_rocks(st, legal),
        *_trees(st, legal),
        *_forest(st),
        *_tiles(st),
        *_panels(st),
        *_key(st),
    ]
    if acting == TO_ACT or acting == st.current or st.phase == "over":
        return found
    who = now or _("Now: {player} is to act (nothing to do for you).").format(
        player=st.players[st.current].name
    )
    return [
        Item(
            it.group,
            it.title,
            tuple(_now_line(who) if isinstance(x, _NowLine) else x for x in it.lines),
            it.key,
        )
        for it in found
    ]
