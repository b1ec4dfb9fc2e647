"""Card names at 80x24: a long Help Line uses the short names of
``assets/short_names.json`` and a third line, never names cut to four letters, and the
80x24 board's left column does not overflow with it."""

from __future__ import annotations

from collections import Counter

from textual.content import Content

from living_forest.core import GameOptions, new_game, rules_of
from living_forest.core.data import Card
from living_forest.present.board.cards import SHORT_NAME_CHARS, _short_names, short_name
from living_forest.present.board.help_line import help_line
from living_forest.present.board.supplies import supplies
from living_forest.present.markup import plain_text
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.widgets.board import SuppliesView

from .driver import started

SEATS = [("Ana", "winter"), ("Ben", "summer")]


def _kodama_cards() -> dict[str, Card]:
    st, _ = new_game(SEATS, 1, options=GameOptions(("kodama",)))
    return dict(rules_of(st).data.cards)  # the base game's cards and Kodama's


def test_every_card_has_a_short_name_of_seven_characters_that_tells_it_apart():
    cards = _kodama_cards()
    shorts = {cid: short_name(c) for cid, c in cards.items()}
    assert all(1 <= len(s) <= SHORT_NAME_CHARS for s in shorts.values())
    # A long name gets the table's short name, not a cut: the table covers each one,
    # and names no card that does not exist.
    table = _short_names()
    assert {cid for cid, c in cards.items() if len(c.name) > SHORT_NAME_CHARS} <= set(table)
    assert set(table) <= set(cards)
    # Two cards look the same only when they are alike: the Spirits' starting Kodama
    # cards, one in each deck (K-S1), are all "Kodama".
    seen = Counter(shorts.values())
    alike = {short_name(cards[c]) for c in cards if c.endswith(("_winter", "_spring"))}
    assert {s for s, n in seen.items() if n > 1} <= alike


def test_no_short_name_ends_in_a_hyphen_or_other_cut_in_any_language():
    """A French play-test: the reserve read "Chauve-" for the Bat (Chauve-souris), a
    word cut at its hyphen. A short name ends in a letter, a digit or the period of
    an abbreviation ("Scarab."), in every language the game speaks."""
    from living_forest import i18n

    cards = _kodama_cards()
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            cut = [
                s for s in map(short_name, cards.values()) if not (s[-1].isalnum() or s[-1] == ".")
            ]
            assert not cut, (code, cut)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_a_short_name_is_made_of_the_names_own_letters_in_every_language():
    """A German play-test: the board said "Falter", "Mantis", "Wildsau" where the
    lists said "Schmetterling", "Gottesanbeterin", "Wildschwein": another word for
    the same card. A short name keeps the name's letters, in their order."""
    from living_forest import i18n
    from living_forest.i18n import card_name

    def within(short: str, name: str) -> bool:
        rest = iter(name.lower())
        return all(ch in rest for ch in short.lower() if ch.isalnum())

    cards = _kodama_cards()
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            other = [(card_name(c.name), short_name(c)) for c in cards.values()]
            assert not [p for p in other if not within(p[1], p[0])], code
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def _card_lines(st, seat: int) -> list[str]:
    text = Content.from_markup(help_line(st, seat, names=False)).plain
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Help Line"))
    return lines[start:]


def test_a_long_help_line_takes_short_names_and_a_third_line_before_four_letters():
    st, _ = new_game(SEATS, 1)
    D = rules_of(st).data
    p = st.players[0]
    deck = [c for c in p.draw + p.help_line + p.discard if c in D.cards]
    # Whole names while two lines hold them.
    p.help_line = deck[:3]
    lines = _card_lines(st, 0)
    assert len(lines) <= 2 and all(D.cards[c].name in " ".join(lines) for c in deck[:3])
    for n in (7, 9):
        p.help_line = deck[:n]
        lines = _card_lines(st, 0)
        joined = " ".join(lines)
        assert len(lines) <= 3
        assert all(len(line) <= 42 for line in lines)
        # Each card by its short name (whole when long names do not fit), not four letters.
        for c in deck[:n]:
            assert short_name(D.cards[c]) in joined or D.cards[c].name in joined


async def test_the_80x24_board_holds_a_nine_card_help_line_without_scrolling():
    """Seed 1: Ana's deck gives nine cards before the third solitary one. The left
    column of the 80x24 board (circle, reserve, Help Line, Forest, supply) fits: it
    does not scroll, the supply's last line is on screen, no name is cut to 4."""
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session([SeatConfig(*s) for s in SEATS], 1))
        await started(pilot)  # not Enter until a board: on the title, Enter is New game
        game = app.game
        assert isinstance(game, GameScreen) and app.screen is game
        while len(game.session.state.players[0].help_line) < 9:
            assert game.session.state.phase == "draw" and game.session.state.current == 0
            await pilot.press("d")
            await pilot.pause()
        await pilot.pause()
        left = game.query_one("#left")
        assert left.max_scroll_y == 0  # nothing below the fold
        st = game.session.state
        D = rules_of(st).data
        shown = str(game.query_one("HelpLineView").render())
        for c in st.players[0].help_line:  # whole names where the rows allow
            assert short_name(D.cards[c]) in shown or D.cards[c].name in shown
        supply = game.query_one("SuppliesView")
        assert supply.region.bottom <= left.region.bottom


async def test_a_supply_line_that_wraps_grows_the_panel_instead_of_being_cut():
    """Play-test: the Trees supply at 80x24 lost its last kinds when it grew past the
    column (the panel kept its height: the text had as many lines as before)."""
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session([SeatConfig(*s) for s in SEATS], 1))
        await started(pilot)
        game = app.game
        assert game is not None
        panel = game.query_one("#supplies", SuppliesView)
        st = game.session.state
        short = st.clone()
        labels = list(short.dispensers)
        for i, label in enumerate(labels):  # alternate 2 and 1 left: a long line
            short.dispensers[label] = 1 + i % 2
        panel.state = short
        await pilot.pause()
        text = plain_text(supplies(short, wide=False))
        assert len(text.splitlines()[1]) > panel.size.width  # it must wrap
        assert panel.size.height >= 3  # the fires line and the Trees on two rows
        shown = "\n".join(
            "".join(seg.text for seg in line)
            for line in panel.render_lines(panel.region.reset_offset)
        )
        assert all(label in shown for label in labels)
