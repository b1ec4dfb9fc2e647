"""The players panel's key and letters in the player's language (German and
French showed "T F ✿→12 ◆ VT dr/dis" in English at 80x24)."""

from __future__ import annotations

import pytest

from living_forest import i18n
from living_forest.present.board.players import LETTER, letter, player_line, players_key

from ..core.scenario import start

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE_LANGUAGE]


@pytest.fixture
def lang_of():
    yield i18n.set_language
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_the_key_in_english_is_as_before() -> None:
    st = start(2)
    assert players_key(st, wide=False) == "T F ✿→12 ◆ VT dr/dis"
    assert players_key(st, wide=True) == "T trees F fires ✿ flowers of 12, VT Victory tiles"


def test_thresholds_that_differ_are_read_letter_by_letter_at_80x24() -> None:
    """K-V2: an empty Kodama pile raises one threshold; "T F ✿→15·13·13" read as if
    flowers needed 15 (a play-test)."""
    st = start(2)
    st.thresholds = {"trees": 15, "fires": 13, "flowers": 13}
    assert players_key(st, wide=False).startswith("T·F·✿→15·13·13 ")
    assert "flowers of T15·F13·✿13," in players_key(st, wide=True)


@pytest.mark.parametrize(
    ("lang", "narrow", "wide"),
    [
        ("de", "B F ✿→12 ◆ BP Na/Ab", "B Bäume F Flammen ✿ Blumen von 12, BP Bonusplättchen"),
        ("fr", "A F ✿→12 ◆ TV pi/dé", "A arbres F feux ✿ fleurs sur 12, TV tuiles Victoire"),
    ],
)
def test_the_key_and_the_lines_speak_the_language(lang, narrow, wide, lang_of) -> None:
    st = start(2)
    lang_of(lang)
    assert players_key(st, wide=False) == narrow
    assert players_key(st, wide=True) == wide
    # The lines use the key's letters: "B2  F1  ✿…" under "B F ✿".
    t, f = letter("trees"), letter("fires")
    line = player_line(st, 0)
    assert f" {t}2" in line and f"{f}1" in line and "T2" not in line
    # Each Spirit starts with its three Victory tiles: fire, flower, tree (C-9).
    assert f"{letter('tiles_key')} {f}✿{t}" in player_line(st, 0, wide=True)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_letters_are_single_and_tell_the_columns_apart(lang, lang_of) -> None:
    lang_of(lang)
    one = [letter(k) for k in ("trees", "fires", "tiles")]
    assert all(len(x) == 1 for x in one) and len(set(one)) == 3, one
    assert 1 <= len(letter("tiles_key")) <= 2
    assert set(LETTER) == {"trees", "fires", "tiles", "tiles_key"}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_K_V2_what_a_pile_guards_uses_the_panels_letters(lang, lang_of) -> None:
    """Review: the Kodama panel at 80x24 said "guards Fl→✿13 Tr→T13 Wa→F13" in German
    and French too: the threshold each pile guards now carries the players panel's
    count letters (its key says what they are), the key to the short marks too."""
    from living_forest.core import GameOptions, new_game
    from living_forest.present.kodama_ui import _board_panel

    st, _ = new_game([("Ana", "winter"), ("Bo", "spring")], 1, options=GameOptions(("kodama",)))
    lang_of(lang)
    guarded = _board_panel(st, wide=False).splitlines()[-1]
    for cond in ("trees", "fires"):
        assert f"→{letter(cond)}{st.thresholds[cond]}" in guarded, guarded
    if lang != "en":
        assert "→T" not in guarded
    assert "→✿" in guarded
    # The wide panel marks the Tree pile with the same letter.
    wide = _board_panel(st, wide=True).splitlines()
    assert any(line.startswith(f"{letter('trees')} ") for line in wide), wide
    if lang != "en":
        assert not any(line.startswith("T ") for line in wide), wide


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tutorial_names_the_counts_by_the_panels_letters(lang: str, lang_of) -> None:
    """A German play-test: the lesson said "T Bäume … Du beginnst mit T2 F1 ✿1" and
    "Deine Bäume (T)" over a panel that reads "B 2 F 1 ✿ 1". Where the English text
    names the tree count by its letter ("T2 F1 ✿1", "(T)", "T trees"), the lesson in
    another language uses that language's letter."""
    import re

    from living_forest.present.tutorial import chapters, tutorial_text

    texts = [s.say for c in chapters() for s in c.steps if s.say] + [c.done for c in chapters()]
    lang_of(lang)
    tree, fire = letter("trees"), letter("fires")
    named = 0
    for text in texts:
        english = re.findall(r"\bT(\d+) F(\d+) ✿(\d+)|\(T\b", text)
        if not english:
            continue
        said = tutorial_text(text)
        for found in english:
            if found[0]:
                wanted = f"{tree}{found[0]} {fire}{found[1]} ✿{found[2]}"
                assert wanted in said, (wanted, said)
            else:
                assert f"({tree}" in said, said
            named += 1
    assert named >= 3
