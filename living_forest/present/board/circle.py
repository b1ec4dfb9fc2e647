"""The Circle of Spirits: the small ring (with a key to the rock glyphs) and the
large one of boxed rocks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from living_forest.core import GameState, rules_of
from living_forest.i18n import _

from ..glyphs import SACRED_TREE, rock_glyph, rock_word
from ..markup import pad, safe, visible_len
from ..views import RockMark, rock_marks, rock_views
from .parts import tag

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


def put_out_text(
    st: GameState, put_out: Mapping[int, Sequence[int]], room: int, *, words: bool = False
) -> str:
    """The fires put out in each player's last turn, "out Su 3 2 · Wi 4" (the tag
    underlined like the other last-move marks), in turn order from the player to act;
    as many players as fit in ``room`` columns, none when not one fits. ``words``: "put
    out last turn:" where there is room (the large ring), "out" is explained by the
    inspector's key."""
    order = [(st.current + k) % st.n for k in range(st.n)]
    parts: list[str] = []
    # i18n: before the fires each player put out in their last turn ("put out last
    # turn: Su 3 2 · Wi 4"), in the large ring's centre (34 cells in all)
    long = _("put out last turn:")
    # i18n: before the fires each player put out in their last turn ("out Su 3 2"), in
    # the small ring's centre (19 cells for the whole line): 3 characters or so
    out = long if words else _("out")
    used = len(out)
    for seat in order:
        values = put_out.get(seat)
        if not values:
            continue
        piece = f"[u]{tag(st, seat)}[/] " + " ".join(str(v) for v in values)
        w = visible_len(piece) + (3 if parts else 1)
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
    marks = rock_marks(st)
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
    if not st.centre:
        # No fire burns ("Fires none" says so): the mark alone in the power's place,
        # under "Fires none" (in its place, "out Sp 2 2 3" was read as fires burning).
        tries.append((1, ""))
    # A dot before them: "power 7 out Fr 2" read as "power 7 from Fr 2" (a German
    # play-test: "Stärke 7 aus Fr 2").
    sep = " · "
    for i, line in tries:
        room = cell_w * 3 - 2 - visible_len(line) - (len(sep) if line else 0)
        out = put_out_text(st, put_out or {}, room)
        if out:
            centre_lines[i] = f"{line}{sep}{out}" if line else out
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
            mark = marks.get(rock)
            if mark is not None:
                cell = f"{rock:>2}{bonus}[reverse $error]{mark.tag}[/] "
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
            mid_len = visible_len(mid)
            gap = max(1, cell_w * 3 - 1 - mid_len)
            line = f"{left} {mid}{' ' * gap}{right}"
        else:
            line = " ".join(parts)
        # a key to the rock glyphs beside the ring
        kind = legend[r] if r < len(legend) else ""
        if not kind:
            lines.append(line.rstrip())
            continue
        line = pad(line.rstrip(), 31)
        room = RING_WIDTH - visible_len(line) - 2  # a space and the glyph
        word = rock_word(kind)[: max(0, room)]
        lines.append(line + f" [dim]{rock_glyph(kind)}{word}[/]")
    return "\n".join(lines)


RING_WIDTH = 43  # the left column at 80 columns: the small ring and its key fit in it


# A key to the rock glyphs beside the small ring: the bonuses of the game's rocks.
def _legend(st: GameState) -> list[str]:
    """Four rows: the base game's bonuses first (a module's are explained on its own
    panel when there is no room)."""
    order = [rv.bonus for rv in rock_views()]
    kinds = sorted(
        set(rules_of(st).data.rock_bonus),
        key=lambda k: (k not in order, order.index(k) if k in order else 0, k),
    )
    return (kinds + [""] * 4)[:4]


# The large ring: the same clockwise order on a 4x4 grid of boxed rocks, the
# fires of Onibi in the 2x2 centre.
_BIG_CELL = 17  # inner width of a rock box


def _rock_cell(
    st: GameState,
    rock: int,
    occupant: dict[int, int],
    reached: AbstractSet[int],
    marks: Mapping[int, RockMark],
) -> tuple[str, str]:
    D = rules_of(st).data
    kind = D.rock_bonus[rock]
    head = pad(f"[b]{rock:>2}[/] {rock_glyph(kind)} {rock_word(kind)}", _BIG_CELL)
    seat = occupant.get(rock)
    mark = marks.get(rock)
    if mark is not None:
        return head, pad(f" [reverse b $error] {mark.tag} [/] {mark.name}", _BIG_CELL)
    if seat is None:
        return head, " " * _BIG_CELL
    p = st.players[seat]
    tree = f" {SACRED_TREE}" if seat == st.first else ""
    room = _BIG_CELL - 5 - len(tree)
    style = "reverse b u" if rock in reached else "reverse b"
    body = f" [{style}] {tag(st, seat)} [/] {safe(p.name[:room])}{tree}"
    return head, pad(body, _BIG_CELL)


def circle_big(
    st: GameState,
    reached: AbstractSet[int] = frozenset(),
    put_out: Mapping[int, Sequence[int]] | None = None,
) -> str:
    D = rules_of(st).data
    occupant = {p.rock: i for i, p in enumerate(st.players)}
    w = _BIG_CELL
    marks = rock_marks(st)
    cells = {r: _rock_cell(st, r, occupant, reached, marks) for r in range(len(D.rock_bonus))}
    fires = sorted(st.centre)
    holder = st.players[st.first].name
    inner = 2 * w + 1
    # "3 · 4 · 2" while it fits the centre (34 cells with its margin), else "3 4 2":
    # seven fires with " · " pushed the ring's border out.
    values = " · ".join(f"[b $error]{v}[/]" for v in fires)
    # i18n: the large Circle's centre: at most 34 cells with the values ("3 · 4 · 2")
    values_line = _("fire values {values}")
    if visible_len(values_line.format(values=values)) > inner - 2:
        values = " ".join(f"[b $error]{v}[/]" for v in fires)
    # The large ring's centre: each line at most 34 cells (the fire values, up to seven
    # of them "3 · 4 · …", and a player's name of up to 16 included).
    centre = [
        # i18n: the large Circle's centre: at most 34 cells
        _("[b]Onibi's fires[/] in the centre"),
        values_line.format(values=values)
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
    out = put_out_text(st, put_out or {}, inner - 2, words=True) or put_out_text(
        st, put_out or {}, inner - 2
    )
    if out:  # the last turns' fires put out, in place of the reminder of the direction
        centre[-1] = out
    centre = [pad(" " + c, inner) for c in centre]
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
