"""Board parts as Textual markup, computed from the engine state only.

Pure functions of (state, options): widgets call them from ``render``; nothing here
changes the state. Markup styles use theme variables only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from living_forest.core import (
    GameState,
    Rules,
    action_possible,
    basic_actions_of,
    conditions_met,
    could_end_this_round,
    counts,
    forced_stop_count,
    net_solitary,
    onibi_forecast,
    plant_spaces,
    raw_strengths,
    rules_of,
    victory_thresholds,
    victory_tile,
)
from living_forest.core.data import ASSETS_DIR, ELEMENTS, Card, GameData, TreeKind
from living_forest.core.effects import BonusAction, Effect, RepeatAction, Symbols
from living_forest.core.state import STARTING_TREE
from living_forest.core.strength import completed_lines
from living_forest.i18n import (
    N_,
    NP_,
    _,
    card_name,
    language,
    ngettext,
    pgettext,
    spirit_name,
)
from living_forest.present.glyphs import (
    ELEMENT_GLYPH,
    ELEMENT_STYLE,
    FRAGMENT,
    MARK_GLYPH,
    MARK_NAME,
    ROCK_BONUS,
    SACRED_TREE,
    UNKNOWN,
    element_name,
    rock_glyph,
    rock_word,
    spirit_tag,
)
from living_forest.present.kodama_ui import ONIBI, call_worth, onibi_rock, player_tag, symbols_text
from living_forest.present.markup import pack as _pack
from living_forest.present.markup import pad as _pad
from living_forest.present.markup import safe
from living_forest.present.markup import visible_len as _visible_len


def el(name: str, v: int) -> str:
    return f"[{ELEMENT_STYLE[name]}]{ELEMENT_GLYPH[name]}{v}[/]"


def elements(values: tuple[int, ...] | list[int], sep: str = "") -> str:
    return sep.join(el(n, v) for n, v in zip(ELEMENTS, values, strict=True) if v)


def plain_elements(values: tuple[int, ...] | list[int]) -> str:
    return "".join(f"{ELEMENT_GLYPH[n]}{v}" for n, v in zip(ELEMENTS, values, strict=True) if v)


def tag(st: GameState, seat: int) -> str:
    return spirit_tag(st.players[seat].spirit)


def who(st: GameState, seat: int) -> str:
    D = rules_of(st).data
    p = st.players[seat]
    return f"[b]{safe(p.name)}[/] ({spirit_name(D.spirits[p.spirit])})"


# --- Circle of Spirits ---------------------------------------------------------

# Clockwise ring on a 4-row rectangle: top 0-3, right 4-5, bottom 6-9 (right to left),
# left 10-11 (bottom to top).
_RING_ROWS = ((0, 1, 2, 3), (11, None, None, 4), (10, None, None, 5), (9, 8, 7, 6))


def circle(
    st: GameState,
    width: int = 30,
    *,
    big: bool = False,
    reached: AbstractSet[int] = frozenset(),
    put_out: Mapping[int, Sequence[int]] | None = None,
) -> str:
    """``reached``: rocks a player moved to in their last turn (their tag underlined);
    ``put_out``: seat -> the fire values that player put out in their last turn."""
    if big:
        return circle_big(st, reached, put_out or {})
    return circle_small(st, reached, put_out or {})


def put_out_text(st: GameState, put_out: Mapping[int, Sequence[int]], room: int) -> str:
    """The fires put out in each player's last turn, "out Su 3 2 · Wi 4" (the tag
    underlined like the other last-move marks), in turn order from the player to act;
    as many players as fit in ``room`` columns, none when not one fits."""
    order = [(st.current + k) % st.n for k in range(st.n)]
    parts: list[str] = []
    # i18n: before the fires each player put out in their last turn ("out Su 3 2"), in
    # the small ring's centre (19 cells for the whole line): 3 characters or so
    out = _("out")
    used = len(out)
    for seat in order:
        values = put_out.get(seat)
        if not values:
            continue
        piece = f"[u]{tag(st, seat)}[/] " + " ".join(str(v) for v in values)
        w = _visible_len(piece) + (3 if parts else 1)
        if used + w > room:
            break
        parts.append(piece)
        used += w
    return f"[dim]{out}[/] {' · '.join(parts)}" if parts else ""


def circle_small(
    st: GameState,
    reached: AbstractSet[int] = frozenset(),
    put_out: Mapping[int, Sequence[int]] | None = None,
) -> str:
    D = rules_of(st).data
    occupant = {p.rock: i for i, p in enumerate(st.players)}
    onibi = onibi_rock(st)
    legend = _legend(st)
    cell_w = 7
    power = sum(st.centre)
    # i18n: no fire burns in the centre of the Circle ("Fires none")
    fires = " ".join(str(v) for v in sorted(st.centre)) or _("none")
    # The centre of the small ring holds at most 19 cells a line: keep these short
    # (English leaves room for the fires put out last turn after them).
    centre_lines = [
        # i18n: the small ring's centre, at most 19 cells with the fire values ({fires})
        _("[$error]Fires[/] {fires}").format(fires=fires),
        # i18n: the small ring's centre, at most 19 cells: the fires' total power, then
        # how many fires burn of how many the Circle holds ("power 9 (3/7)")
        _("power [b]{power}[/] ({fires}/{capacity})").format(
            power=power, fires=len(st.centre), capacity=D.fire_capacity
        ),
    ]
    # The fires put out last: after the fires, or after the power, or after the power
    # alone (the fires listed above tell how many burn), where they fit.
    # i18n: the small ring's centre, as short as possible (the fires' total power)
    power_alone = _("power [b]{power}[/]").format(power=power)
    tries = [(0, centre_lines[0]), (1, centre_lines[1]), (1, power_alone)]
    if not st.centre:  # no fire burns ("power 0 (0/7)" says so): the mark alone
        tries.insert(0, (0, ""))
    for i, line in tries:
        room = cell_w * 3 - 2 - _visible_len(line) - (1 if line else 0)
        out = put_out_text(st, put_out or {}, room)
        if out:
            centre_lines[i] = f"{line} {out}" if line else out
            break
    lines = []
    for r, row in enumerate(_RING_ROWS):
        parts = []
        for i, rock in enumerate(row):
            if rock is None:
                if i == 1:
                    text = centre_lines[r - 1]
                    parts.append(text)
                continue
            bonus = rock_glyph(D.rock_bonus[rock])
            seat = occupant.get(rock)
            if rock == onibi:
                cell = f"{rock:>2}{bonus}[reverse $error]{ONIBI}[/] "
            elif seat is None:
                cell = f"[dim]{rock:>2}{bonus}[/]   "
            else:
                tree = SACRED_TREE if seat == st.first else " "
                style = "reverse b u" if rock in reached else "reverse b"
                cell = f"{rock:>2}{bonus}[{style}]{tag(st, seat)}[/]{tree}"
            parts.append(cell)
        if row[1] is None:
            # side rows: left rock, centre text padded, right rock
            left, mid, right = parts
            mid_len = _visible_len(mid)
            pad = max(1, cell_w * 3 - 1 - mid_len)
            line = f"{left} {mid}{' ' * pad}{right}"
        else:
            line = " ".join(parts)
        # a key to the rock glyphs beside the ring
        kind = legend[r] if r < len(legend) else ""
        if not kind:
            lines.append(line.rstrip())
            continue
        line = _pad(line.rstrip(), 31)
        room = RING_WIDTH - _visible_len(line) - 2  # a space and the glyph
        word = rock_word(kind)[: max(0, room)]
        lines.append(line + f" [dim]{rock_glyph(kind)}{word}[/]")
    return "\n".join(lines)


RING_WIDTH = 43  # the left column at 80 columns: the small ring and its key fit in it


# A key to the rock glyphs beside the small ring: the bonuses of the game's rocks.
def _legend(st: GameState) -> list[str]:
    """Four rows: the base game's bonuses first (a module's, e.g. Kodama's K rocks, are
    explained on its own panel when there is no room)."""
    order = list(ROCK_BONUS)
    kinds = sorted(
        set(rules_of(st).data.rock_bonus),
        key=lambda k: (k not in order, order.index(k) if k in order else 0, k),
    )
    return (kinds + [""] * 4)[:4]


# The large ring: the same clockwise order on a 4x4 grid of boxed rocks, the
# fires of Onibi in the 2x2 centre.
_BIG_CELL = 17  # inner width of a rock box


def _rock_cell(
    st: GameState, rock: int, occupant: dict[int, int], reached: AbstractSet[int]
) -> tuple[str, str]:
    D = rules_of(st).data
    kind = D.rock_bonus[rock]
    head = _pad(f"[b]{rock:>2}[/] {rock_glyph(kind)} {rock_word(kind)}", _BIG_CELL)
    seat = occupant.get(rock)
    if rock == onibi_rock(st):
        # i18n: the fire spirit's name in a rock box of the large Circle: at most 12 cells
        onibi = _("Onibi")
        return head, _pad(f" [reverse b $error] {ONIBI} [/] {onibi}", _BIG_CELL)
    if seat is None:
        return head, " " * _BIG_CELL
    p = st.players[seat]
    tree = f" {SACRED_TREE}" if seat == st.first else ""
    room = _BIG_CELL - 5 - len(tree)
    style = "reverse b u" if rock in reached else "reverse b"
    body = f" [{style}] {tag(st, seat)} [/] {safe(p.name[:room])}{tree}"
    return head, _pad(body, _BIG_CELL)


def circle_big(
    st: GameState,
    reached: AbstractSet[int] = frozenset(),
    put_out: Mapping[int, Sequence[int]] | None = None,
) -> str:
    D = rules_of(st).data
    occupant = {p.rock: i for i, p in enumerate(st.players)}
    w = _BIG_CELL
    cells = {r: _rock_cell(st, r, occupant, reached) for r in range(len(D.rock_bonus))}
    fires = sorted(st.centre)
    holder = st.players[st.first].name
    values = " · ".join(f"[b $error]{v}[/]" for v in fires)
    # The large ring's centre: each line at most 34 cells (the fire values, up to seven
    # of them "3 · 4 · …", and a player's name of up to 16 included).
    centre = [
        # i18n: the large Circle's centre: at most 34 cells
        _("[b]Onibi's fires[/] in the centre"),
        # i18n: the large Circle's centre: at most 34 cells with the values ("3 · 4 · 2")
        _("fire values {values}").format(values=values)
        if fires
        # i18n: the large Circle's centre: at most 34 cells
        else _("[dim]no fire burns[/]"),
        # i18n: the large Circle's centre: at most 34 cells; the fires' total power, then
        # how many fires burn of how many the Circle holds
        _("total power [b]{power}[/]  ({fires}/{capacity} fires)").format(
            power=sum(fires), fires=len(fires), capacity=D.fire_capacity
        ),
        # i18n: the large Circle's centre: at most 32 cells with a name of up to 16
        f"{SACRED_TREE} " + _("Sacred Tree: [b]{player}[/]").format(player=safe(holder[:16])),
        # i18n: the large Circle's centre: at most 34 cells
        _("[dim]Spirits move clockwise ↻[/]"),
    ]
    inner = 2 * w + 1
    out = put_out_text(st, put_out or {}, inner - 1)
    if out:  # the last turns' fires put out, in place of the reminder of the direction
        centre[-1] = out
    centre = [_pad(" " + c, inner) for c in centre]
    top = "╭" + "┬".join("─" * w for _ in range(4)) + "╮"
    bottom = "╰" + "┴".join("─" * w for _ in range(4)) + "╯"
    lines = [_("[b]Circle of Spirits[/]"), top]

    def row(rocks: tuple[int, ...]) -> None:
        for k in range(2):
            lines.append("│" + "│".join(cells[r][k] for r in rocks) + "│")

    row((0, 1, 2, 3))
    lines.append("├" + "─" * w + "┼" + "─" * w + "┴" + "─" * w + "┼" + "─" * w + "┤")
    lines.append("│" + cells[11][0] + "│" + centre[0] + "│" + cells[4][0] + "│")
    lines.append("│" + cells[11][1] + "│" + centre[1] + "│" + cells[4][1] + "│")
    lines.append("├" + "─" * w + "┤" + centre[2] + "├" + "─" * w + "┤")
    lines.append("│" + cells[10][0] + "│" + centre[3] + "│" + cells[5][0] + "│")
    lines.append("│" + cells[10][1] + "│" + centre[4] + "│" + cells[5][1] + "│")
    lines.append("├" + "─" * w + "┼" + "─" * w + "┬" + "─" * w + "┼" + "─" * w + "┤")
    row((9, 8, 7, 6))
    lines.append(bottom)
    return "\n".join(lines)


# --- reserve -------------------------------------------------------------------


def card_markup(D: GameData, cid: str, *, name: bool, cost: bool = True, width: int = 0) -> str:
    c = D.cards[cid]
    mark = (_mark_before_name(c) or " ") if name else card_mark(c)  # "K Tree Kodama 3"
    head = f"[b]{c.cost}[/]" if cost else ""
    label = f"{safe(card_name(c.name))} " if name else ""
    text = f"{head}{mark}{label}{elements(c.elements)}"
    ability = ability_tag(c.effects) if name else ""
    if ability and (not width or _visible_len(text) + 1 + len(ability) < width):
        text += f" [dim]{ability}[/]"  # only where it fits: the reserve's columns are tight
    if width:
        pad = width - _visible_len(text)
        if pad > 0:
            text += " " * pad
    return text


FOREST_CELL = 6


def reserve_width(names: bool) -> int:
    return 24 if names else 14


def reserve(st: GameState, *, names: bool, taken: dict[tuple[int, int], int] | None = None) -> str:
    """Three columns, one per level: header with the stack size and the fire a card adds.
    ``taken``: (level, slot) -> the seat that emptied it in its last turn (its tag shows)."""
    D = rules_of(st).data
    width = reserve_width(names)
    head = []
    for lv in range(3):
        fire = D.fire_value_per_level[lv]
        left = len(st.stacks[lv])
        if names:
            # i18n: a reserve column's head on the wide board, after "L1 ": the cards
            # left in the level's stack and the fire a card adds: at most 20 cells
            more = _("stack {cards} fire {fire}").format(cards=left, fire=fire)
        else:
            # i18n: a reserve column's head at 80x24, after "L1 ": the cards left in the
            # level's stack: at most 10 cells ("17 left")
            more = ngettext("{cards} left", "{cards} left", left).format(cards=left)
        head.append(_pad(f"[b]L{lv + 1}[/] [dim]{more}[/]", width))
    lines = ["".join(head).rstrip()]
    for slot in range(D.reserve_size):
        cells = []
        for lv in range(3):
            row = st.reserve[lv]
            cid = row[slot] if slot < len(row) else None
            if cid is None:
                who = (taken or {}).get((lv, slot))
                mark = "" if who is None else f"[u]{tag(st, who)}[/]"
                cells.append(_pad(f"[dim]—[/]{mark}", width))
            else:
                cells.append(card_markup(D, cid, name=names, width=width - 1) + " ")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


# --- Forest --------------------------------------------------------------------


def _corner_hint(r: Rules, cell: int) -> str:
    """The corner's bonus on an empty corner space: +2◆, ☼+3 (the glyph of the bonus
    action's Element, as the rules say)."""
    c = r.data.corners.get(cell)
    if c is None:
        return ""
    bonus = r.bonus_types.get(c.bonus)
    if bonus is not None and bonus.automatic_bonus:
        return f"+{c.amount}{FRAGMENT}"
    element = None if bonus is None else bonus.element
    g = UNKNOWN if element is None else ELEMENT_GLYPH[ELEMENTS[element]]
    return f"{g}+{c.extra}"


def ability_tag(effects: tuple[Effect, ...]) -> str:
    """A short mark of a card's ability for the reserve: "2x attract", "+call"."""
    tags = []
    for e in effects:
        if isinstance(e, RepeatAction):
            tags.append(f"{e.max_of_type}x{action_word(e.action)}")
        elif isinstance(e, BonusAction):
            tags.append(f"+{action_word(e.action)}")
    return " ".join(tags)


# An action in one short word, by its id in the data (a card's ability: "plant_tree")
# or its kind (the types used this turn: "take-fragment"). Shown in the reserve's
# tight columns ("2xattract", "+call") and the Help Line's "(used attract, move)".
ACTION_WORD = {
    # i18n: an action in one short word (the reserve's ability marks, "+call"; the
    # Help Line's types used this turn)
    "attract": N_("attract"),
    # i18n: an action in one short word (the reserve's ability marks, the Help Line)
    "extinguish": N_("extinguish"),
    # i18n: an action in one short word (the reserve's ability marks, the Help Line)
    "move": N_("move"),
    # i18n: an action in one short word (the reserve's ability marks, the Help Line)
    "plant": N_("plant"),
    "plant_tree": N_("plant"),
    # i18n: the action "Take a Fragment" in one short word (a card's ability mark)
    "take_fragment": N_("fragment"),
    # i18n: the action "Take a Fragment" as one token, in the Help Line's list of the
    # action types used this turn ("(used attract, take-fragment)")
    "take-fragment": N_("take-fragment"),
    # i18n: Kodama's action "Call a Kodama" in one short word ("+call")
    "call": N_("call"),
    "call_kodama": N_("call"),
    # i18n: "2xany": two actions of any one type (a card's ability mark)
    "any": N_("any"),
}


def action_word(action: str) -> str:
    """An action in one short word (:data:`ACTION_WORD`; an id it lacks as it is)."""
    word = ACTION_WORD.get(action)
    return _(word) if word is not None else action


def _tree_text(label: str, k: TreeKind) -> str:
    """A planted tree: its label and Elements; an ability shows as a mark (x2: a repeat
    of any action type, F-7; * another ability)."""
    text = f"[b]{label}[/]{elements(k.elements)}"
    for e in k.effects:
        text += f"x{e.max_of_type}" if isinstance(e, RepeatAction) else "*"
    return text


def forest(
    st: GameState,
    seat: int,
    *,
    cell_w: int = FOREST_CELL,
    marks: dict[int, str] | None = None,
    planted: set[int] | None = None,
) -> str:
    """5x3 grid; empty corners show their bonus, ``marks`` labels candidate spaces,
    ``planted`` trees (the owner's last turn) are underlined."""
    D = rules_of(st).data
    p = st.players[seat]
    done = set(completed_lines(rules_of(st), p))
    lines = []
    for y in range(D.rows):
        cells = []
        for x in range(D.columns):
            c = D.cell(x, y)
            label = p.forest[c]
            if marks and c in marks:
                m = marks[c]
                style = "reverse b" if m.startswith(">") else "b"
                cells.append("│" + _pad(f"[{style}]{m}[/]{_corner_hint(rules_of(st), c)}", cell_w))
                continue
            if label is None:
                hint = _corner_hint(rules_of(st), c)
                text = f"[dim]{hint or '·'}[/]"
            elif label == STARTING_TREE:
                # i18n: the starting tree on its Forest space, after the glyph ♠: at most
                # 5 characters (the space is 6 cells wide)
                start = pgettext("starting tree", "start")
                text = f"[b]{SACRED_TREE}{start}[/]"
            else:
                text = _tree_text(label, D.trees[label])
                if planted and c in planted:
                    text = f"[u]{text}[/]"
            cells.append("│" + _pad(text, cell_w))
        row_line = next((ln for ln in D.lines if ln.name == f"row {y}"), None)
        tail = "│"
        if row_line is not None:
            sign = "✓" if row_line.name in done else "="
            tail += f" {sign}{el(ELEMENTS[row_line.element], row_line.amount)}"
        lines.append("".join(cells) + tail)
    foot = []
    for x in range(D.columns):
        col = next((ln for ln in D.lines if ln.name == f"column {x}"), None)
        if col is None:
            foot.append(" " * (cell_w + 1))
        else:
            sign = "✓" if col.name in done else "="
            foot.append(" " + _pad(f"{sign}{el(ELEMENTS[col.element], col.amount)}", cell_w))
    lines.append("".join(foot).rstrip())
    return "\n".join(lines)


# --- Help Line -----------------------------------------------------------------


def strengths(st: GameState, seat: int) -> str:
    s = raw_strengths(rules_of(st), st.players[seat])
    return " ".join(el(n, v) for n, v in zip(ELEMENTS, s, strict=True))


def card_mark(c: Card) -> str:
    """▲ solitary, ▼ gregarious, K a Kodama symbol (K-K1), else a space."""
    if any(isinstance(e, Symbols) for e in c.effects):
        return "K"
    return MARK_GLYPH[c.symbol]


def _mark_before_name(c: Card) -> str:
    """The mark as it goes before a name: "▲Fox", "K Kodama" (a letter needs a space,
    "KKodama" read as one word), "" for none."""
    m = card_mark(c).strip()
    return f"{m} " if m.isalnum() else m


SHORT_NAME_CHARS = 7


@lru_cache(maxsize=1)
def _short_names() -> dict[str, str]:
    table = json.loads((ASSETS_DIR / "short_names.json").read_text(encoding="utf-8"))
    return {k: v for k, v in table.items() if not k.startswith("_")}


SHORT_NAME = "short name"  # the catalogue's context of the cards' short names


def short_name(c: Card) -> str:
    """The card's name in at most 7 characters: the catalogue's short name in the
    player's language (context ``short name``, its id the English name) when it has
    one; else the name itself when short enough; else, for an English name, the one in
    ``assets/short_names.json``; a name cut to 7 letters as a last resort."""
    short = pgettext(SHORT_NAME, c.name)
    if short != c.name:
        return short[:SHORT_NAME_CHARS]
    name = card_name(c.name)
    if len(name) <= SHORT_NAME_CHARS:
        return name
    if name != c.name:  # a translated name without a short one: the English table's
        return name[:SHORT_NAME_CHARS]  # short name would be in another language
    return _short_names().get(c.id, name)[:SHORT_NAME_CHARS]


def _help_card(D: GameData, cid: str, chars: int | None) -> str:
    """A Help Line card: the whole name (``chars`` None), or its short name cut to
    ``chars`` letters."""
    c = D.cards[cid]
    name = card_name(c.name) if chars is None else short_name(c)[:chars].rstrip()
    return f"{_mark_before_name(c)}{safe(name)} {elements(c.elements)}"


# The Help Line's card list: whole names on two lines, else short names on two, then
# three lines, then short names cut to 6, 5, 4 letters (a Help Line of ten cards or
# more).
_CARD_TIERS: tuple[tuple[int | None, int], ...] = (
    (None, 2),
    (SHORT_NAME_CHARS, 2),
    (SHORT_NAME_CHARS, 3),
    (6, 3),
    (5, 3),
    (4, 3),
)


_CARD_LISTS: dict[tuple[int, tuple[str, ...], int, str, str], str] = {}


def _card_list(D: GameData, cards: tuple[str, ...], width: int, label: str) -> str:
    """The Help Line's cards packed into ``width`` by :data:`_CARD_TIERS`, remembered
    (the board draws the same Help Lines after every key)."""
    key = (id(D), cards, width, label, language())  # the names depend on the language
    found = _CARD_LISTS.get(key)
    if found is None:
        if len(_CARD_LISTS) > 4096:
            _CARD_LISTS.clear()
        for chars, lines in _CARD_TIERS:
            found = _pack([label, *(_help_card(D, c, chars) for c in cards)], width)
            if found.count("\n") < lines:
                break
        assert found is not None
        _CARD_LISTS[key] = found
    return found


def help_line(
    st: GameState, seat: int, *, names: bool, width: int = 42, owner: bool = False
) -> str:
    """Strengths, net solitary count, then the cards: whole names while they fit on
    two lines of ``width``, short names beyond (:data:`_CARD_TIERS`)."""
    p = st.players[seat]
    if owner:
        # i18n: before the Help Line's cards (packed in 42 cells); {player} is a name of
        # up to 12 characters
        label = _("[b]{player}'s[/] Help Line").format(player=safe(p.name[:12]))
    else:
        # i18n: before the Help Line's cards (packed in 42 cells)
        label = _("Help Line")
    cards = _card_list(rules_of(st).data, tuple(p.help_line), width, label)
    if not p.help_line:
        # i18n: {help_line} is "Help Line" or "Ana's Help Line"; one line of 42 cells
        cards = _("{help_line} [dim]empty[/]").format(help_line=label)
    net = net_solitary(rules_of(st), p)
    warn = _stop_warning(st, seat, net)
    actions = ""
    # Onibi's attack as it stands, once the Help Line is known (the Action phase).
    onibi = onibi_text(st, seat, short=True) if st.phase == "action" else ""
    # i18n: the net count of solitary animals ({solitary} is ▲): "net▲2"; the Help
    # Line's first lines are packed in 42 cells at 80x24: keep it short
    net_text = _("net{solitary}[b]{net}[/]").format(solitary=MARK_GLYPH[1], net=net)
    if st.phase == "action" and seat == st.current:
        # The prompt and the status line give the actions left; the forecast matters more.
        if onibi:
            net_text = ""
        else:
            actions = "  " + _actions_left(st.basic_left)
            if st.used_types and names:
                actions += " " + _used_types(st.used_types)
    elif st.phase == "draw" or st.phase == "action":
        actions = " → " + _actions(basic_actions_of(st, seat))
    head = _pack(
        [
            strengths(st, seat),
            f"{net_text}{actions}",
            symbols_text(st, seat, short=True),
            warn.strip(),
            onibi,
        ],
        width,
    )
    return f"{head.rstrip()}\n{cards}"


def _actions(n: int) -> str:
    # i18n: the basic actions a player's Help Line gives ("→ 2 actions"); the 80x24
    # Help Line packs its first lines in 42 cells
    return ngettext("{count} action", "{count} actions", n).format(count=n)


def _actions_left(n: int) -> str:
    # i18n: the basic actions left this turn; the 80x24 Help Line packs its first lines
    # in 42 cells
    return ngettext("{count} action left", "{count} actions left", n).format(count=n)


def _used_types(kinds: Sequence[str]) -> str:
    """ "(used attract, move)": the basic action types used this turn."""
    # i18n: {types} lists the action types used this turn ("attract, move")
    return _("(used {types})").format(types=", ".join(action_word(k) for k in kinds))


def onibi_text(st: GameState, seat: int, *, short: bool) -> str:
    """Onibi's attack on the Spirits (E-1) as it would fall now, for ``seat``: the
    power against their water, and the Fire Varans it would give (the core's forecast).
    Shown while the round is played; "" with no fire in the centre."""
    f = onibi_forecast(st) if st.phase in ("draw", "action") else None
    if f is None:
        return ""
    water = f.water[seat]
    w = ELEMENT_GLYPH["water"]
    if seat in f.owed:
        n = f.gets[seat]
        if short:
            if n:
                # i18n: the Fire Varans Onibi's attack would give; the 80x24 Help Line
                # (42 cells a line): keep it short
                got = ngettext("{count} Varan", "{count} Varans", n).format(count=n)
            else:
                # i18n: the 80x24 Help Line (42 cells a line): keep it short
                got = _("no Varan left")
            # i18n: Onibi's attack as it stands, on the 80x24 Help Line (42 cells a
            # line): its power against the player's water ({water} is "≈3"), then
            # {varans}: what the player would get ("2 Varans", "no Varan left")
            text = _("Onibi {power}>{water}: {varans}").format(
                power=f.power, water=f"{w}{water}", varans=got
            )
            return f"[$warning]{text}[/]"
        if n:
            got = ngettext("{count} Fire Varan", "{count} Fire Varans", n).format(count=n)
        else:
            got = _("none: the Fire Varans have run out")
        # i18n: {varans} is what the player would get ("2 Fire Varans", "none: the Fire
        # Varans have run out")
        text = _("Onibi's attack now: power {power} vs water {water} → {varans}").format(
            power=f.power, water=water, varans=got
        )
        return f"[$warning]{text}[/]"
    if short:
        # i18n: Onibi's attack as it stands, on the 80x24 Help Line (42 cells a line):
        # its power is at most the player's water ({water} is "≈3"): nothing happens
        text = _("Onibi {power}≤{water}: safe").format(power=f.power, water=f"{w}{water}")
        return f"[dim]{text}[/]"
    text = _("Onibi's attack now: power {power} vs water {water}: safe").format(
        power=f.power, water=water
    )
    return f"[dim]{text}[/]"


def _stop_warning(st: GameState, seat: int, net: int) -> str:
    """While revealing: one more solitary card stops you (G-5), or it has."""
    if st.phase != "draw" or seat != st.current:
        return ""
    stop_at = forced_stop_count(st)
    if net >= stop_at:
        # i18n: a warning on the 80x24 Help Line (42 cells a line): keep it short
        text = _("forced stop")
        return f" [reverse $error]{text}[/]"
    if net == stop_at - 1:
        # i18n: one more solitary animal (▲) makes you stop; the 80x24 Help Line (42
        # cells a line): keep it short
        text = _("next ▲ stops you")
        return f" [reverse $warning]{text}[/]"
    return ""


_HELP_COL = 38  # width of the card list in the large Help Line


def _worth(st: GameState, seat: int, element: str, v: int) -> str:
    """What a strength of ``v`` buys now (one short line, for the large Help Line):
    never more than the core says is possible (a card, fire or tree that cheap)."""
    # The large Help Line's right column: "☼ Sun     3  " then this, one line each
    # (about 40 cells on a 160-column screen).
    v = max(0, v)
    possible = action_possible(st, seat, ELEMENTS.index(element), v)
    if element == "sun":
        if not v:
            return _("Attract: nothing")
        if possible:
            # i18n: what a Sun strength of {strength} buys now, one short line
            return _("Attract animals: total cost ≤ {strength}").format(strength=v)
        return _("Attract: no card costs ≤ {strength}").format(strength=v)
    if element == "water":
        if not v:
            return _("Extinguish: nothing")
        if possible:
            # i18n: what a Water strength of {strength} buys now, one short line
            return _("Extinguish fires: total value ≤ {strength}").format(strength=v)
        if st.centre:
            return _("Extinguish: no fire worth ≤ {strength}").format(strength=v)
        return _("Extinguish: no fire burns")
    if element == "plant":
        if not v:
            return _("Plant: nothing")
        if possible:
            # i18n: what a Plant strength of {strength} buys now, one short line
            return _("Plant one tree: cost ≤ {strength}").format(strength=v)
        if not plant_spaces(st, seat):
            return _("Plant: no free space by a tree")
        return _("Plant: no tree left costs ≤ {strength}").format(strength=v)
    if element == "wind":
        if not v:
            return _("Move: nothing")
        if v == 1:
            return _("Move 1 rock clockwise")
        # i18n: what a Wind strength of {strength} (2 or more) buys now, one short line
        return _("Move 1 to {strength} rocks clockwise").format(strength=v)
    flowers = counts(rules_of(st), st.players[seat]).flowers  # Victory tiles included (V-3)
    threshold = st.thresholds["flowers"]
    call = call_worth(st, seat)
    if call:
        # i18n: the player's flowers, of the flowers needed to win; {call}: what calling
        # a Kodama is worth now
        return _("{flowers} of {threshold}; {call}").format(
            flowers=flowers, threshold=threshold, call=call
        )
    # i18n: the player's flowers (their Flower Victory tiles counted), of the flowers
    # needed to win
    return _("{flowers} of {threshold} with Flower Victory tiles").format(
        flowers=flowers, threshold=threshold
    )


def help_line_big(st: GameState, seat: int) -> str:
    """The Help Line as a list (one card a line) beside the strengths and their worth."""
    D = rules_of(st).data
    p = st.players[seat]
    net = net_solitary(rules_of(st), p)
    count = len(p.help_line)
    cards = ngettext("{count} card", "{count} cards", count).format(count=count)
    # i18n: the large Help Line's title, in a column of 38 cells ({cards} is "3 cards")
    head = _("[b]Help Line of {player}[/] ({cards})").format(player=safe(p.name), cards=cards)
    left = [_pad(head, _HELP_COL)]
    for cid in p.help_line:
        c = D.cards[cid]
        mark = card_mark(c)
        name = card_name(c.name)  # cut to 15 cells: the column is 38 wide
        left.append(_pad(f" {mark} {safe(f'{name[:15]:<15}')} {elements(c.elements)}", _HELP_COL))
    if not p.help_line:
        # i18n: the large Help Line, in a column of 38 cells: at most 36
        none_yet = _("no card revealed yet")
        left.append(_pad(f" [dim]{none_yet}[/]", _HELP_COL))
    # i18n: the net count of solitary animals ({solitary} is ▲): "net ▲ 2"
    status = " " + _("net {solitary} [b]{net}[/]").format(solitary=MARK_GLYPH[1], net=net)
    if symbols_text(st, seat):
        status += f", {symbols_text(st, seat)}"
    if st.phase == "action" and seat == st.current:
        status += ", " + _actions_left(st.basic_left)
        if st.used_types:
            status += " " + _used_types(st.used_types)
    elif st.phase in ("draw", "action"):
        status += " → " + _actions(basic_actions_of(st, seat))
    status += _stop_warning(st, seat, net)
    onibi = onibi_text(st, seat, short=False)
    if onibi:
        status += "\n " + onibi
    s = raw_strengths(rules_of(st), p)
    right = [_("[b]Strengths[/] and what each action is worth")]
    for name, v in zip(ELEMENTS, s, strict=True):
        # The Element's name padded to 6 cells (a longer one pushes its line right).
        label = f"{ELEMENT_GLYPH[name]} {element_name(name):<6}"
        right.append(f"[{ELEMENT_STYLE[name]}]{label}[/] [b]{v:>2}[/]  {_worth(st, seat, name, v)}")
    solitary, gregarious = _(MARK_NAME[1]), _(MARK_NAME[-1])
    right.append(
        f"[dim]{MARK_GLYPH[1].strip()} {solitary}  {MARK_GLYPH[-1].strip()} {gregarious}[/]"
    )
    n = max(len(left), len(right))
    left += [" " * _HELP_COL] * (n - len(left))
    right += [""] * (n - len(right))
    rows = [(a + "  " + b).rstrip() for a, b in zip(left, right, strict=True)]
    return "\n".join([*rows, status])


# --- players and supplies ---------------------------------------------------------


_TILE_GLYPH = {"fire": "F", "flower": "✿", "tree": "T"}


def threshold_text(st: GameState) -> str:
    """ "12", or "13·15·13" (trees·fires·flowers) once the thresholds differ (K-V2)."""
    t = victory_thresholds(st)
    values = [t["trees"], t["fires"], t["flowers"]]
    return str(values[0]) if len(set(values)) == 1 else "·".join(map(str, values))


def player_line(st: GameState, seat: int, *, wide: bool = False) -> str:
    p = st.players[seat]
    c = counts(rules_of(st), p)
    t = threshold_text(st)
    mark = ">" if seat == st.current and st.phase != "over" else " "
    tree = SACRED_TREE if seat == st.first else " "
    tiles = "".join(_TILE_GLYPH.get(victory_tile(st, x)[1], UNKNOWN) for x in p.victory_tiles)
    tiles = tiles or "-"
    if wide:
        return (
            f"{mark}{tree}[b]{tag(st, seat)}[/] {safe(f'{p.name[:12]:<12}')} "
            f"T{c.trees:>2} F{c.fires:>2} {ELEMENT_GLYPH['flower']}{c.flowers:>2} /{t}  "
            f"{FRAGMENT}{p.fragments:<2} VT {tiles:<3} "
            # i18n: the sizes of the player's draw and discard stacks (two cells each),
            # at the end of a line of the wide players panel: 13 cells in English
            + _("draw {draw} disc {discard}").format(
                draw=f"{len(p.draw):>2}", discard=f"{len(p.discard):>2}"
            )
            + player_tag(st, seat)
        )
    return (
        f"{mark}{tree}[b]{tag(st, seat)}[/] {safe(f'{p.name[:5]:<5}')} T{c.trees:<3}F{c.fires:<3}"
        f"{ELEMENT_GLYPH['flower']}{c.flowers:<3}{FRAGMENT}{p.fragments:<3}V{len(p.victory_tiles)} "
        f"{len(p.draw):>2}/{len(p.discard):<2}"
    )


def players(st: GameState, *, wide: bool = False) -> str:
    lines = [player_line(st, i, wide=wide) for i in st.order()]
    ending = game_end_forecast(st)
    if ending:
        lines.append(ending)
    return "\n".join(lines)


# A victory condition reached: the count and its threshold, by the counts' names.
_REACHED = {
    # i18n: a victory condition met: the player's trees, of the {threshold} that win
    "trees": NP_("{count} tree (of {threshold})", "{count} trees (of {threshold})"),
    # i18n: a victory condition met: the fires the player put out, of the {threshold}
    # that win
    "fires": NP_("{count} fire (of {threshold})", "{count} fires (of {threshold})"),
    # i18n: a victory condition met: the player's flowers, of the {threshold} that win
    "flowers": NP_("{count} flower (of {threshold})", "{count} flowers (of {threshold})"),
}
# A player close to a victory condition: how many they lack, and the threshold.
_SHORT_OF = {
    # i18n: "Ana 1 tree from 12": the player lacks {count} trees to reach {goal}, the
    # victory threshold
    "trees": NP_("{player} {count} tree from {goal}", "{player} {count} trees from {goal}"),
    # i18n: "Ana 1 fire from 12": the player lacks {count} fires put out to reach {goal},
    # the victory threshold
    "fires": NP_("{player} {count} fire from {goal}", "{player} {count} fires from {goal}"),
    # i18n: "Ana 1 flower from 12": the player lacks {count} flowers to reach {goal}, the
    # victory threshold
    "flowers": NP_("{player} {count} flower from {goal}", "{player} {count} flowers from {goal}"),
}


def game_end_forecast(st: GameState) -> str:
    """While a round is played: who meets a victory condition now, so that the game
    ends when this Action phase is over if it still holds (V-1, V-2); and who could
    still end it this round (:func:`could_end_this_round`)."""
    if st.phase not in ("draw", "action"):
        return ""
    met = conditions_met(st)
    t = victory_thresholds(st)
    lines = []
    if met:
        who = []
        for seat in st.order():
            if seat in met:
                c = counts(rules_of(st), st.players[seat])
                reach = ", ".join(
                    ngettext(*_REACHED[m], getattr(c, m)).format(
                        count=getattr(c, m), threshold=t[m]
                    )
                    for m in met[seat]
                )
                # i18n: {reached} lists the conditions met ("13 trees (of 12)")
                has = _("{player} has {reached}")
                who.append(has.format(player=safe(st.players[seat].name), reached=reach))
        # i18n: {players} is "Ana has 13 trees (of 12); Ben has …"
        text = _("{players}: the game ends after this round's actions if it still holds")
        lines.append(f"[$warning]{text.format(players='; '.join(who))}[/]")
    # Who could still end it this round: in the Action phase a promise (one basic
    # action does it, the core says); while revealing, who is one short.
    close = [
        ngettext(*_SHORT_OF[m], need).format(
            player=safe(st.players[seat].name), count=need, goal=t[m]
        )
        for seat, reach in could_end_this_round(st).items()
        if seat not in met
        for m, need in reach.items()
    ]
    if close:
        if st.phase == "action":
            # i18n: {players} is "Ana 1 tree from 12; Ben 2 fires from 12"
            head = _("Can end the game this round: {players}")
        else:
            # i18n: {players} is "Ana 1 tree from 12; Ben 1 fire from 12"
            head = _("One short of the end: {players}")
        lines.append(f"[$warning]{head.format(players='; '.join(close))}[/]")
    return "\n".join(lines)


def supplies(st: GameState, *, wide: bool) -> str:
    D = rules_of(st).data
    fires = " ".join(f"{v}:{n}" for v, n in st.fire_supply.items())
    if len(st.dispensers) > 12 or not wide:  # grouped by copies left: one line at 80x24
        # ("x2: 3A 4B  x1: 5A": two of 3A and 4B, one 5A; a kind sold out is left out)
        by_left: dict[int, list[str]] = {}
        for label, n in st.dispensers.items():
            if n:  # a kind sold out is not listed
                by_left.setdefault(n, []).append(label)
        trees = "  ".join(
            f"x{n}: {' '.join(labels)}" for n, labels in sorted(by_left.items(), reverse=True)
        )
    else:  # the wide board: each kind with its cost
        trees = " ".join(
            f"{label}({D.trees[label].cost})x{n}" for label, n in st.dispensers.items() if n
        )
    # i18n: the supply's first line in the left column at 80x24 (43 cells): {fires} is
    # "2:5 3:4 4:3" (fire values and tiles left), {varans} the Fire Varans left; the
    # Fragments left follow
    head = _("[b]Supply[/] fires {fires} Varans {varans}").format(
        fires=fires, varans=st.varan_supply
    )
    # i18n: the Protective Trees left in the supply ({trees} is "x2: 3A 4B  x1: 5A")
    tree_line = _("Trees {trees}").format(trees=trees or _("none left"))
    return f"{head} {FRAGMENT}{st.fragment_supply}\n{tree_line}"


def discard(st: GameState, seat: int) -> str:
    D = rules_of(st).data
    p = st.players[seat]
    if not p.discard:
        return _("The discard stack is empty.")
    lines = [card_markup(D, c, name=True) for c in p.discard]
    return "\n".join(lines)
