"""Board parts as Textual markup, computed from the engine state only.

Pure functions of (state, options): widgets call them from ``render``; nothing here
changes the state. Markup styles use theme variables only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from textual.content import Content

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

from .glyphs import (
    ELEMENT_GLYPH,
    ELEMENT_NAME,
    ELEMENT_STYLE,
    FRAGMENT,
    MARK_GLYPH,
    ROCK_BONUS,
    SACRED_TREE,
    SPIRIT_TAG,
    UNKNOWN,
    plural,
    rock_glyph,
    rock_word,
)
from .kodama_ui import ONIBI, call_worth, onibi_rock, player_tag, symbols_text

_CONTROL = {c: "?" for c in [*range(32), 127]}  # a pasted NUL or ESC shows as "?"
FINAL_BACKSLASH = "\u29f5"  # looks like a backslash and escapes nothing


def safe(text: str) -> str:
    """User-given text (a player's name, a file path) for a markup string, shown as
    typed: every ``[`` escaped (Textual's own ``escape`` leaves a trailing ``[``), a
    final backslash shown as :data:`FINAL_BACKSLASH` (it would escape the tag after it), control
    characters as ``?``. Pad before calling: the escapes are not on screen."""
    out = text.translate(_CONTROL).replace("[", "\\[")
    return out[:-1] + FINAL_BACKSLASH if out.endswith("\\") else out


_RULE_ID = r"(?:K-[A-Z]{1,2}\d+|[A-Z]{1,2}-\d+)[a-z]?"  # K-O3, K-X10
_RULE_IDS = re.compile(rf"\s*\((?:{_RULE_ID})(?:(?:,\s*|\s*/\s*|\s+and\s+){_RULE_ID})*\)")


def without_rule_ids(text: str) -> str:
    """A core sentence for a player: the rule IDs in brackets taken out ("no tree
    costs 2 or less (X-6)" -> "no tree costs 2 or less"); the rules help keeps them."""
    return _RULE_IDS.sub("", text)


def el(name: str, v: int) -> str:
    return f"[{ELEMENT_STYLE[name]}]{ELEMENT_GLYPH[name]}{v}[/]"


def elements(values: tuple[int, ...] | list[int], sep: str = "") -> str:
    return sep.join(el(n, v) for n, v in zip(ELEMENTS, values, strict=True) if v)


def plain_elements(values: tuple[int, ...] | list[int]) -> str:
    return "".join(f"{ELEMENT_GLYPH[n]}{v}" for n, v in zip(ELEMENTS, values, strict=True) if v)


def tag(st: GameState, seat: int) -> str:
    return SPIRIT_TAG.get(st.players[seat].spirit, st.players[seat].spirit[:2].title())


def who(st: GameState, seat: int) -> str:
    D = rules_of(st).data
    p = st.players[seat]
    return f"[b]{safe(p.name)}[/] ({D.spirits[p.spirit]})"


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
    used = len("out")
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
    return f"[dim]out[/] {' · '.join(parts)}" if parts else ""


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
    fires = " ".join(str(v) for v in sorted(st.centre)) or "none"
    centre_lines = [
        f"[$error]Fires[/] {fires}",
        f"power [b]{power}[/] ({len(st.centre)}/{D.fire_capacity})",
    ]
    # The fires put out last: after the fires, or after the power, or after the power
    # alone (the fires listed above tell how many burn), where they fit.
    tries = [(0, centre_lines[0]), (1, centre_lines[1]), (1, f"power [b]{power}[/]")]
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
        return head, _pad(f" [reverse b $error] {ONIBI} [/] Onibi", _BIG_CELL)
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
    centre = [
        "[b]Onibi's fires[/] in the centre",
        ("fire values " + " · ".join(f"[b $error]{v}[/]" for v in fires))
        if fires
        else "[dim]no fire burns[/]",
        f"total power [b]{sum(fires)}[/]  ({len(fires)}/{D.fire_capacity} fires)",
        f"{SACRED_TREE} Sacred Tree: [b]{safe(holder[:16])}[/]",
        "[dim]Spirits move clockwise ↻[/]",
    ]
    inner = 2 * w + 1
    out = put_out_text(st, put_out or {}, inner - 1)
    if out:  # the last turns' fires put out, in place of the reminder of the direction
        centre[-1] = out
    centre = [_pad(" " + c, inner) for c in centre]
    top = "╭" + "┬".join("─" * w for _ in range(4)) + "╮"
    bottom = "╰" + "┴".join("─" * w for _ in range(4)) + "╯"
    lines = ["[b]Circle of Spirits[/]", top]

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


@lru_cache(maxsize=4096)
def _visible_len(markup: str) -> int:
    return Content.from_markup(markup).cell_length


def plain_text(markup: str) -> str:
    """The text of a markup string, without its styles."""
    return Content.from_markup(markup).plain


# --- reserve -------------------------------------------------------------------


def card_markup(D: GameData, cid: str, *, name: bool, cost: bool = True, width: int = 0) -> str:
    c = D.cards[cid]
    mark = (_mark_before_name(c) or " ") if name else card_mark(c)  # "K Tree Kodama 3"
    head = f"[b]{c.cost}[/]" if cost else ""
    label = f"{safe(c.name)} " if name else ""
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
        more = f"stack {len(st.stacks[lv])} fire {fire}" if names else f"{len(st.stacks[lv])} left"
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
            tags.append(f"{e.max_of_type}x{ACTION_WORD.get(e.action, e.action)}")
        elif isinstance(e, BonusAction):
            tags.append(f"+{ACTION_WORD.get(e.action, e.action)}")
    return " ".join(tags)


ACTION_WORD = {"plant_tree": "plant", "call_kodama": "call", "take_fragment": "fragment"}


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
                text = f"[b]{SACRED_TREE}start[/]"
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


def _pad(markup: str, width: int) -> str:
    n = _visible_len(markup)
    return markup + " " * max(0, width - n)


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


def short_name(c: Card) -> str:
    """The card's name in at most 7 characters: its own when short enough, else the
    one in ``assets/short_names.json`` (a name cut to 7 letters as a last resort)."""
    if len(c.name) <= SHORT_NAME_CHARS:
        return c.name
    return _short_names().get(c.id, c.name)[:SHORT_NAME_CHARS]


def _help_card(D: GameData, cid: str, chars: int | None) -> str:
    """A Help Line card: the whole name (``chars`` None), or its short name cut to
    ``chars`` letters."""
    c = D.cards[cid]
    name = c.name if chars is None else short_name(c)[:chars].rstrip()
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


_CARD_LISTS: dict[tuple[int, tuple[str, ...], int, str], str] = {}


def _card_list(D: GameData, cards: tuple[str, ...], width: int, label: str) -> str:
    """The Help Line's cards packed into ``width`` by :data:`_CARD_TIERS`, remembered
    (the board draws the same Help Lines after every key)."""
    key = (id(D), cards, width, label)
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
    label = f"[b]{safe(p.name[:12])}'s[/] Help Line" if owner else "Help Line"
    cards = _card_list(rules_of(st).data, tuple(p.help_line), width, label)
    if not p.help_line:
        cards = f"{label} [dim]empty[/]"
    net = net_solitary(rules_of(st), p)
    warn = _stop_warning(st, seat, net)
    actions = ""
    # Onibi's attack as it stands, once the Help Line is known (the Action phase).
    onibi = onibi_text(st, seat, short=True) if st.phase == "action" else ""
    net_text = f"net{MARK_GLYPH[1]}[b]{net}[/]"
    if st.phase == "action" and seat == st.current:
        # The prompt and the status line give the actions left; the forecast matters more.
        if onibi:
            net_text = ""
        else:
            actions = f"  {plural(st.basic_left, 'action')} left"
            if st.used_types and names:
                actions += " (used " + ", ".join(st.used_types) + ")"
    elif st.phase == "draw" or st.phase == "action":
        actions = f" → {plural(basic_actions_of(st, seat), 'action')}"
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
            got = plural(n, "Varan") if n else "no Varan left"
            return f"[$warning]Onibi {f.power}>{w}{water}: {got}[/]"
        got = plural(n, "Fire Varan") if n else "none: the Fire Varans have run out"
        return f"[$warning]Onibi's attack now: power {f.power} vs water {water} → {got}[/]"
    if short:
        return f"[dim]Onibi {f.power}≤{w}{water}: safe[/]"
    return f"[dim]Onibi's attack now: power {f.power} vs water {water}: safe[/]"


def _stop_warning(st: GameState, seat: int, net: int) -> str:
    """While revealing: one more solitary card stops you (G-5), or it has."""
    if st.phase != "draw" or seat != st.current:
        return ""
    stop_at = forced_stop_count(st)
    if net >= stop_at:
        return " [reverse $error]forced stop[/]"
    if net == stop_at - 1:
        return " [reverse $warning]next ▲ stops you[/]"
    return ""


def _pack(parts: list[str], width: int) -> str:
    """Join markup pieces with two spaces, breaking lines so none exceeds ``width``
    (the panel's height is then its number of lines: no hidden wrapping)."""
    lines: list[str] = []
    cur, n = "", 0
    for part in parts:
        w = _visible_len(part)
        if not part:
            continue
        if cur and n + 2 + w > width:
            lines.append(cur)
            cur, n = "", 0
        cur, n = (f"{cur}  {part}", n + 2 + w) if cur else (part, w)
    lines.append(cur)
    return "\n".join(lines)


_HELP_COL = 38  # width of the card list in the large Help Line


def _worth(st: GameState, seat: int, element: str, v: int) -> str:
    """What a strength of ``v`` buys now (one short line, for the large Help Line):
    never more than the core says is possible (a card, fire or tree that cheap)."""
    v = max(0, v)
    possible = action_possible(st, seat, ELEMENTS.index(element), v)
    if element == "sun":
        if not v:
            return "Attract: nothing"
        return f"Attract animals: total cost ≤ {v}" if possible else f"Attract: no card costs ≤ {v}"
    if element == "water":
        if not v:
            return "Extinguish: nothing"
        if possible:
            return f"Extinguish fires: total value ≤ {v}"
        return f"Extinguish: no fire worth ≤ {v}" if st.centre else "Extinguish: no fire burns"
    if element == "plant":
        if not v:
            return "Plant: nothing"
        if possible:
            return f"Plant one tree: cost ≤ {v}"
        if not plant_spaces(st, seat):
            return "Plant: no free space by a tree"
        return f"Plant: no tree left costs ≤ {v}"
    if element == "wind":
        if not v:
            return "Move: nothing"
        return "Move 1 rock clockwise" if v == 1 else f"Move 1 to {v} rocks clockwise"
    flowers = counts(rules_of(st), st.players[seat]).flowers  # Victory tiles included (V-3)
    call = call_worth(st, seat)
    if call:
        return f"{flowers} of {st.thresholds['flowers']}; {call}"
    return f"{flowers} of {st.thresholds['flowers']} with Flower Victory tiles"


def help_line_big(st: GameState, seat: int) -> str:
    """The Help Line as a list (one card a line) beside the strengths and their worth."""
    D = rules_of(st).data
    p = st.players[seat]
    net = net_solitary(rules_of(st), p)
    head = f"[b]Help Line of {safe(p.name)}[/] ({plural(len(p.help_line), 'card')})"
    left = [_pad(head, _HELP_COL)]
    for cid in p.help_line:
        c = D.cards[cid]
        mark = card_mark(c)
        left.append(_pad(f" {mark} {safe(f'{c.name[:15]:<15}')} {elements(c.elements)}", _HELP_COL))
    if not p.help_line:
        left.append(_pad(" [dim]no card revealed yet[/]", _HELP_COL))
    status = f" net {MARK_GLYPH[1]} [b]{net}[/]"
    if symbols_text(st, seat):
        status += f", {symbols_text(st, seat)}"
    if st.phase == "action" and seat == st.current:
        status += f", {plural(st.basic_left, 'action')} left"
        if st.used_types:
            status += " (used " + ", ".join(st.used_types) + ")"
    elif st.phase in ("draw", "action"):
        status += f" → {plural(basic_actions_of(st, seat), 'action')}"
    status += _stop_warning(st, seat, net)
    onibi = onibi_text(st, seat, short=False)
    if onibi:
        status += "\n " + onibi
    s = raw_strengths(rules_of(st), p)
    right = ["[b]Strengths[/] and what each action is worth"]
    for name, v in zip(ELEMENTS, s, strict=True):
        label = f"{ELEMENT_GLYPH[name]} {ELEMENT_NAME[name]:<6}"
        right.append(f"[{ELEMENT_STYLE[name]}]{label}[/] [b]{v:>2}[/]  {_worth(st, seat, name, v)}")
    right.append(f"[dim]{MARK_GLYPH[1].strip()} solitary  {MARK_GLYPH[-1].strip()} gregarious[/]")
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
            f"draw {len(p.draw):>2} disc {len(p.discard):>2}{player_tag(st, seat)}"
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


_CONDITION_NAME = {"trees": "tree", "fires": "fire", "flowers": "flower"}


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
                    f"{getattr(c, m)} {_CONDITION_NAME[m]}s (of {t[m]})" for m in met[seat]
                )
                who.append(f"{safe(st.players[seat].name)} has {reach}")
        lines.append(
            f"[$warning]{'; '.join(who)}: the game ends after this round's actions "
            "if it still holds[/]"
        )
    # Who could still end it this round: in the Action phase a promise (one basic
    # action does it, the core says); while revealing, who is one short.
    close = [
        f"{safe(st.players[seat].name)} {plural(need, _CONDITION_NAME[m])} from {t[m]}"
        for seat, reach in could_end_this_round(st).items()
        if seat not in met
        for m, need in reach.items()
    ]
    if close:
        head = "Can end the game this round" if st.phase == "action" else "One short of the end"
        lines.append(f"[$warning]{head}: {'; '.join(close)}[/]")
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
    return (
        f"[b]Supply[/] fires {fires} Varans {st.varan_supply} {FRAGMENT}{st.fragment_supply}\n"
        f"Trees {trees or 'none left'}"
    )


def discard(st: GameState, seat: int) -> str:
    D = rules_of(st).data
    p = st.players[seat]
    if not p.discard:
        return "The discard stack is empty."
    lines = [card_markup(D, c, name=True) for c in p.discard]
    return "\n".join(lines)
