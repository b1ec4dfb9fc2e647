"""The event log's wrap ("French wraps a log line before its semicolon"):
French puts a space before ; : ! ? and Rich breaks at any space, so a line began with
"; solitaires nets : 1."; the log breaks at spaces, never at those."""

from __future__ import annotations

import random

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from living_forest import i18n
from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import GameOptions, apply, describe, legal_actions, new_game
from living_forest.core.observation import observe
from living_forest.tui.widgets.event_log import Sentence

FRENCH = "Bot révèle Renard (solitaire) ; solitaires nets : 2."


def _rendered(renderable: RenderableType, width: int) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    lines = console.render_lines(renderable, console.options, pad=False)
    return ["".join(seg.text for seg in line).rstrip() for line in lines]


@pytest.mark.parametrize("width", range(14, 40))
def test_a_french_line_never_begins_with_its_punctuation(width: int, monkeypatch) -> None:
    import re

    import rich._wrap

    by_rich = _rendered(Text(FRENCH), width)  # with the app's line breaker (tui/__init__.py)
    assert all(not line.lstrip().startswith((";", ":")) for line in by_rich), by_rich
    ours = _rendered(Sentence(FRENCH), width)
    assert all(not line.lstrip().startswith((";", ":")) for line in ours), ours
    assert " ".join(ours) == FRENCH  # nothing lost, nothing added
    assert all(len(line) <= width for line in ours)
    if width in (29, 30):  # where Rich's own wrap put the semicolon first on a line
        monkeypatch.setattr(rich._wrap, "re_word", re.compile(r"\s*\S+\s*"))
        assert _rendered(Text(FRENCH), width)[1].startswith("; ")


def test_the_log_wraps_other_lines_as_rich_does() -> None:
    """Sentences with no tied space (English) wrap exactly as before, at any width."""
    st, events = new_game([("Ana", "winter"), ("Bo", "spring")], 5, options=GameOptions())
    rng = random.Random(5)
    for _ in range(80):
        st, ev = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
        events += ev
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    sentences = [describe(e, st) for e in events]
    assert len(sentences) > 50
    for width in (20, 31, 44, 60):
        for text in sentences:
            assert _rendered(Sentence(text), width) == _rendered(Text(text), width), text


CALL = (
    "Appeler Kodama Arbre 1 de la pile Arbre : coût 1✿, aucun Élément (encore 2 dessous)"
    " — Onibi 5→9, passe au-dessus de vous : +1 feu ; votre eau 1 < puissance 4 : 2"
    " Varans ; Ana : eau 3 < puissance 4 : 2 Varans"
)


@pytest.mark.parametrize("width", range(28, 44))
def test_a_french_option_never_begins_a_line_with_its_punctuation(width: int) -> None:
    """The choice list wraps its options too (textwrap, at ASCII spaces): at 80x24 a
    Kodama call's forecast put ": 2 Varans" at the start of a line."""
    import textwrap

    from living_forest.tui.widgets.controls import ChoiceList

    choices = ChoiceList()
    choices.items, choices.numbers = [CALL], [1]
    lines = [str(c) for c in choices._wrapped(0, width)]
    assert not any(line.lstrip().startswith((";", ":")) for line in lines), lines
    assert " ".join(line.strip() for line in lines) == "1. " + CALL
    assert all(len(line) <= width for line in lines)
    plain = textwrap.wrap("1. " + CALL, width, subsequent_indent="   ", break_on_hyphens=False)
    if width in (30, 32, 36, 37):  # where the plain wrap began a line with ":" or ";"
        assert any(line.lstrip().startswith((";", ":")) for line in plain), plain


FRENCH_LINE = (
    "Ana : eau 3 < puissance 4 : 2 Varans ; Ben : eau 1 < puissance 4 : 2 Varans ; "
    "« Passez le clavier à Cleo » ? Oui !"
)
SIGNS = tuple(";:!?»")


@pytest.mark.parametrize("width", range(12, 41))  # the longest tied word: 10
def test_textual_texts_keep_a_french_sign_on_its_words_line(width: int) -> None:
    """Review: the status line's message and the dialogs (Textual wraps them, with
    Rich's line breaker) began lines with ":" in French. The app keeps the space
    before a sign inside the word; the words are all there, in order."""
    from textual.content import Content

    import living_forest.tui  # noqa: F401  (installs the line breaker)

    lines = [line.plain for line in Content(FRENCH_LINE).wrap(width)]
    assert not [x for x in lines if x.lstrip().startswith(SIGNS)], lines
    assert not [x for x in lines if x.rstrip().endswith("«")], lines
    assert " ".join(x.strip() for x in lines).split() == FRENCH_LINE.split()
    rich_lines = _rendered(Text(FRENCH_LINE), width)
    assert not [x for x in rich_lines if x.lstrip().startswith(SIGNS)], rich_lines


def test_the_status_line_is_cut_before_a_word_not_before_a_sign() -> None:
    from living_forest.present.wrapping import last_break

    line = "Manche 2 · Ana (Hiver) joue ses actions : choisissez : 1-3 ou ↑↓ ⏎."
    for width in range(10, len(line)):
        cut = last_break(line, width)
        assert cut <= width
        assert not line[cut + 1 :].lstrip().startswith(SIGNS), (width, line[cut:])
    assert last_break("Ana :", 4) == -1  # the only space is tied to the sign


async def test_a_french_dialog_never_begins_a_line_with_a_sign() -> None:
    """A dialog's text, drawn by Textual at 80x24 in French."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Static(FRENCH_LINE, id="t")

    for width in (22, 27, 31, 36):
        app = One()
        async with app.run_test(size=(width, 12)) as pilot:
            await pilot.pause()
            static = app.query_one("#t", Static)
            rows = [
                "".join(seg.text for seg in strip).rstrip()
                for strip in static.render_lines(static.region.reset_offset)
            ]
            rows = [r for r in rows if r]
            assert len(rows) > 2
            assert not [r for r in rows if r.lstrip().startswith(SIGNS)], rows
