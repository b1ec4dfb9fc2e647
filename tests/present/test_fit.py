"""What the board shows fits the room it has, and says in words what it can
(the presentation side, no terminal): the status line's tellings, the supply and the
Help Line in the rows left to them, the large Circle with seven fires, the reserve on
two rows a card, the players' forecast in lines, the race chart's labels, the key to
the short marks (Kodama's from its own view) and the game-over breakdown's labels."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    apply,
    is_over,
    legal_actions,
    new_game,
    rules_of,
)
from living_forest.core.observation import observe
from living_forest.present.board.circle import circle_big
from living_forest.present.board.help_line import help_line
from living_forest.present.board.players import players
from living_forest.present.board.reserve import reserve
from living_forest.present.board.supplies import supplies
from living_forest.present.cells import cell_len
from living_forest.present.charts import charts_at_once, y_ticks
from living_forest.present.inspector import KEY, items
from living_forest.present.keys import GAME_KEYS
from living_forest.present.markup import plain_text
from living_forest.present.results import labelled_sum
from living_forest.present.session import SeatConfig, Session
from living_forest.present.status import situation

from ..core.scenario import set_help_line

KODAMA = GameOptions(("kodama",))
SEATS4 = [("Ana", "winter"), ("Ben", "summer"), ("Cleo", "spring"), ("Dev", "autumn")]


def _lines(markup: str) -> list[str]:
    return plain_text(markup).split("\n")


def _played(options: GameOptions, steps: int, seed: int = 3):
    st, _ = new_game(SEATS4, seed, first=0, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if is_over(st):
            break
        st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
    return st


def _key_of(name: str) -> str:
    return GAME_KEYS[name].key if name in GAME_KEYS else name[:1]


def test_the_status_line_picks_the_telling_that_fits_one_row() -> None:
    """The Kodama header wrapped to two rows at 80x24 (and lost its end under a message):
    with a width, the longest telling that fits; without, the whole one as before."""
    seats = [SeatConfig(n, s) for n, s in SEATS4]
    st, _ = new_game(SEATS4, 5, first=0, options=KODAMA)
    log = []
    rng = random.Random(5)
    while st.phase != "action":
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    s = Session(seats, 5, first=0, options=KODAMA, actions=log)
    full = situation(s, [], _key_of)
    assert "(Kodama)" in full and cell_len(full) > 78
    fitted = situation(s, [], _key_of, width=78)
    assert cell_len(fitted) <= 78
    assert s.state.players[s.state.current].name in fitted
    assert situation(s, [], _key_of, width=300) == full
    # the shortest telling is what is left for a very narrow bar
    assert cell_len(situation(s, [], _key_of, width=20)) > 20


def test_the_large_circle_keeps_its_border_with_seven_fires() -> None:
    st, _ = new_game(SEATS4[:2], 1)
    st = st.clone()
    st.centre = [2, 2, 3, 3, 4, 4, 4]
    widths = {cell_len(line) for line in _lines(circle_big(st))[1:]}
    assert widths == {73}
    assert "2 2 3 3 4 4 4" in plain_text(circle_big(st))


@pytest.mark.parametrize("options", [BASE_GAME, KODAMA], ids=["base", "kodama"])
def test_the_supply_fits_its_rows_and_says_what_it_left_out(options) -> None:
    st = _played(options, 40)
    whole = _lines(supplies(st, wide=False, width=43))
    assert all(cell_len(x) <= 43 for x in whole)
    kinds = [label for label, n in st.dispensers.items() if n]
    assert all(label in " ".join(whole[1:]).split() for label in kinds)
    if len(whole) > 2:  # the trees on two lines: one line of them ends "+N more (o)"
        cut = _lines(supplies(st, wide=False, width=43, room=2, look_key="o"))
        assert len(cut) == 2 and cell_len(cut[1]) <= 43
        assert cut[1].endswith("more (o)")
        shown = [w for w in cut[1].split() if w in kinds]
        assert cut[1].split("+")[1].startswith(f"{len(kinds) - len(shown)} more")
    assert _lines(supplies(st, wide=False, width=43, room=1)) == whole[:1]
    assert supplies(st, wide=False, width=43, room=0) == ""


def test_a_help_line_of_28_cards_fits_the_rows_it_is_given() -> None:
    """A late Kodama Help Line overflowed the 80x24 column: in the rows left to it, the
    cards lose their names, then the last go into "+N more (o)"."""
    st, _ = new_game(SEATS4, 3, options=KODAMA)
    deck = [c for c in rules_of(st).data.cards if rules_of(st).data.cards[c].level == 1]
    st = set_help_line(st, 0, deck[:28])
    for room in (4, 5, 6, 8):
        text = help_line(st, 0, names=False, room=room, look_key="o")
        rows = _lines(text)
        assert len(rows) <= max(room, rows.index(next(r for r in rows if "Help Line" in r)) + 3)
        assert all(cell_len(r) <= 42 for r in rows)
    tight = _lines(help_line(st, 0, names=False, room=4, look_key="o"))
    assert "more (o)" in tight[-1]
    roomy = plain_text(help_line(st, 0, names=False, room=30))
    assert "more" not in roomy  # with rows enough, every card


def test_the_reserve_on_two_rows_names_its_cards() -> None:
    st, _ = new_game(SEATS4[:2], 1)
    D = rules_of(st).data
    rows = _lines(reserve(st, names=False, tall=True))
    assert len(rows) == 1 + 2 * D.reserve_size
    assert all(cell_len(r) <= 42 for r in rows)
    from living_forest.present.board.cards import short_name

    text = " ".join(rows)
    for row in st.reserve:
        for cid in row:
            assert cid is not None
            c = D.cards[cid]
            assert c.name in text or short_name(c) in text


def test_the_players_forecast_wraps_to_the_panel() -> None:
    st = _played(BASE_GAME, 400)
    found = False
    for extra in range(300):
        if is_over(st):
            break
        text = players(st, width=36)
        lines = _lines(text)
        if len(lines) > st.n:
            found = True
            assert all(cell_len(x) <= 36 for x in lines)
        rng = random.Random(extra)
        st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
    assert found  # a forecast was shown at least once


def test_the_race_charts_labels_never_share_a_row() -> None:
    assert charts_at_once(80, 24) == 1 and charts_at_once(120, 36) == 4
    for top, needed, rows in ((13, 12, 5), (13, 12, 15), (30, 12, 8), (15, 15, 6), (12, 12, 9)):
        ticks = y_ticks(top, needed, rows)
        per_row = (top + 1) / rows
        assert needed in ticks and ticks[0] >= 0 and ticks[-1] <= top
        assert top in ticks or top - needed < 2 * per_row
        assert all(b - a >= per_row for a, b in pairwise(ticks))
    assert y_ticks(14, None, 4)[-1] == 14  # no threshold (Onibi's chart): the top


def test_the_race_charts_labels_are_evenly_spaced() -> None:
    """Up to a threshold at the chart's top (or none), no gap between labels is more
    than half as wide again as another (13 in 8 rows was labelled 0 5 13, 14 in 10 rows
    0 3 6 9 14: a value pushed out by the threshold left a wide gap)."""
    cases: list[tuple[int, int | None]]
    cases = [(top, needed) for needed in range(8, 17) for top in (needed, needed + 1)]
    cases += [(top, None) for top in range(8, 21)]  # Onibi's chart: no threshold
    for top, needed in cases:
        for rows in range(8, 21):
            ticks = y_ticks(top, needed, rows)
            gaps = [b - a for a, b in pairwise(ticks)]
            assert max(gaps) <= 1.5 * min(gaps), (needed, top, rows, ticks)


@pytest.mark.parametrize("options", [BASE_GAME, KODAMA], ids=["base", "kodama"])
def test_the_inspector_has_a_key_to_the_short_marks(options) -> None:
    st, _ = new_game(SEATS4, 2, options=options)
    key = {it.title: it.lines[0] for it in items(st) if it.group == KEY}
    assert "net▲2" in key and any(t.startswith("out ") for t in key)
    kodama = "K2:◆E" in key and any(t.startswith("guards ") for t in key)
    assert kodama == (options == KODAMA)  # Kodama's words come from Kodama's view
    assert all(len(meaning) > len(mark) for mark, meaning in key.items())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_key_names_the_players_panel_columns_as_the_panel_heads_them(language) -> None:
    """The key read "T F ✿ ◆ V dr/dis" (English letters) under a panel headed
    "T F ✿→13 ◆ VT dr/dis" ("B F ..." in German)."""
    from living_forest import i18n
    from living_forest.present.board.players import players_key

    i18n.set_language(language)
    try:
        st, _ = new_game(SEATS4, 2, options=KODAMA)
        head = players_key(st, wide=False)
        key = [it.title for it in items(st) if it.group == KEY]
        assert head in key and (language == "en") == head.startswith("T ")
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_the_breakdown_names_each_term_and_leaves_out_zeros() -> None:
    assert labelled_sum([("Help Line", 3), ("Forest trees", 0), ("Victory tiles", 1)]) == (
        "Help Line 3 + Victory tiles 1"
    )
    assert labelled_sum([("a", 0), ("b", 0)]) == "0"
    assert labelled_sum([("a", 2), ("b", -1)]) == "a 2 - b 1"


def test_the_status_lines_reveal_warning_is_kept_in_short_words() -> None:
    """The tutorial's Kodama chapter cut "Careful: net ▲ is 2, …" under its "Now:" line:
    the shortest telling keeps the warning in the Help Line's words."""
    seats = [SeatConfig(n, s) for n, s in SEATS4]
    st, _ = new_game(SEATS4, 5, first=0, options=KODAMA)
    D = rules_of(st).data
    solitary = [cid for cid, c in D.cards.items() if c.symbol == 1 and c.level == 1][:2]
    st = set_help_line(st, 0, solitary)
    assert st.phase == "draw" and st.current == 0
    s = Session(seats, 5, first=0, options=KODAMA, state=st)
    full = situation(s, [], _key_of)
    assert "Careful" in full and cell_len(full) > 78
    fitted = situation(s, [], _key_of, width=78)
    assert cell_len(fitted) <= 78 and "next ▲: forced stop" in fitted
