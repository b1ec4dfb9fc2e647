"""The presentation layer reads markup and measures text without Textual or Rich:
here its answers are held against theirs (Textual's ``Content.from_markup``, Rich's
``cell_len``) on every board panel of whole games and on generated markup."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as hs
from rich.cells import cell_len as rich_cell_len
from rich.cells import get_character_cell_size
from textual.content import Content

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    GameOptions,
    GameState,
    apply,
    is_over,
    legal_actions,
    new_game,
    observe,
)
from living_forest.present import kodama_ui
from living_forest.present.board.circle import circle
from living_forest.present.board.discard import discard
from living_forest.present.board.forest import forest
from living_forest.present.board.help_line import help_line, help_line_big
from living_forest.present.board.players import players
from living_forest.present.board.reserve import reserve
from living_forest.present.board.supplies import supplies
from living_forest.present.cells import CELL_WIDTHS, cell_len, char_width
from living_forest.present.markup import plain_text, safe, visible_len

from .cell_widths import rich_table


def test_the_width_table_is_richs() -> None:
    """Run `python -m tests.tui.cell_widths --write` after a Rich upgrade changes it."""
    assert json.loads(CELL_WIDTHS.read_text(encoding="utf-8")) == rich_table()


def test_every_width_range_edge_measures_as_rich_does() -> None:
    points = {0, 1, 31, 32, 127, 159, 160, 0x10FFFF}
    for start, end, _w in rich_table()["widths"]:
        points |= {start - 1, start, end, end + 1}
    for cp in sorted(p for p in points if 0 <= p <= 0x10FFFF):
        assert char_width(chr(cp)) == get_character_cell_size(chr(cp)), hex(cp)


NAMES = [
    "Ana",
    "Jürgen",
    "李小龍",
    "Zoë\u0301",
    "👩\u200d👩\u200d👧",
    "☀\ufe0f sun",
    "❤\ufe0f❤",
    "\ufe0f\u200d",
    "x\u200d",
    "\uff46\uff55\uff4c\uff4c",  # full-width letters
    "\u1100\u1161\u11a8",
]


def test_text_measures_as_rich_measures_it() -> None:
    for name in NAMES:
        assert cell_len(name) == rich_cell_len(name), name


def _same_as_textual(markup: str) -> str:
    """Check ``markup`` reads as Textual reads it; return its text."""
    content = Content.from_markup(markup)
    assert plain_text(markup) == content.plain, markup
    assert visible_len(markup) == content.cell_length, markup
    return content.plain


# Markup pieces, escaped or not, well formed or not, and text that looks like it.
_PIECES = hs.sampled_from(
    [
        "[b]",
        "[/]",
        "[/b]",
        "[dim]",
        "[$error]",
        "[reverse b u]",
        "[b $warning]",
        "[]",
        "[ ]",
        "[1]",
        "[a,b]",
        "[#ff0000]",
        "[50%]",
        "[",
        "]",
        "\\[",
        "\\",
        "\\\\",
        "x",
        " ",
        "李",
        "\r",
        "\x07",
        "☼3",
    ]
)


@given(hs.lists(_PIECES, max_size=12))
def test_markup_reads_as_textual_reads_it(pieces: list[str]) -> None:
    markup = "".join(pieces)
    try:
        Content.from_markup(markup)
    except Exception:  # Textual refuses it (a closing tag that closes nothing)
        return
    _same_as_textual(markup)


@given(hs.text(max_size=30))
def test_safe_text_in_markup_reads_as_textual_reads_it(text: str) -> None:
    for markup in (f"[b]{safe(text)}[/]", f"{safe(text)}[dim] after[/]", safe(text)):
        _same_as_textual(markup)


def _panels(st: GameState) -> list[str]:
    out = []
    for wide in (False, True):
        out += [
            circle(st, big=wide),
            reserve(st, names=wide),
            players(st, wide=wide),
            supplies(st, wide=wide),
            kodama_ui.board(st, wide=wide),
        ]
    for seat in range(st.n):
        out += [
            forest(st, seat),
            help_line(st, seat, names=True),
            help_line(st, seat, names=False, owner=True),
            help_line_big(st, seat),
            discard(st, seat),
        ]
    return out


HOSTILE_SEATS = [("[/]x [b]y[", "winter"), ("李小龍", "summer"), ("Zoë\\", "spring")]


def _check_panels(st: GameState, read: Callable[[str], str] = _same_as_textual) -> None:
    """Every panel of ``st`` reads as Textual reads it (``read``) and shows each name."""
    text = " ".join(read(markup) for markup in _panels(st))
    assert all(name in text for name, _spirit in HOSTILE_SEATS), text


@pytest.mark.parametrize("modules", [(), ("kodama",)])
def test_every_panel_of_a_game_under_way_reads_as_textual_reads_it(
    modules: tuple[str, ...],
) -> None:
    """The next test's check on the panels of one position a few moves in (make test;
    the whole games are make test-slow's)."""
    rng = random.Random(3)
    st, _ = new_game(HOSTILE_SEATS, 5, options=GameOptions(modules))
    for _step in range(12):
        st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
    _check_panels(st)


@pytest.mark.slow
def test_every_panel_of_whole_games_reads_as_textual_reads_it() -> None:
    """Names that close a tag, open one, end in an open bracket or a backslash, or are
    wide: every panel reads as Textual reads it and shows each name as typed."""
    # Half the panels are the same from one look to the next: each markup is held
    # against Textual once (the check depends on the markup alone).
    text_of = functools.cache(_same_as_textual)

    for modules in ((), ("kodama",)):
        rng = random.Random(3)
        st, _ = new_game(HOSTILE_SEATS, 5, options=GameOptions(modules))
        step = 0
        while not is_over(st):
            if step % 7 == 0:
                _check_panels(st, text_of)
            action = baseline_bot(observe(st, st.current), legal_actions(st), rng)
            st, _ = apply(st, action)
            step += 1
