"""Every action type shows through its view: the registry gives each type of the base
game and of Kodama a key, a label and a binding, and the game keys are built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from living_forest.core import GameOptions, new_game, rules_of
from living_forest.core.kodama.state import KodamaState
from living_forest.present import views
from living_forest.present.keys import GAME_KEYS, KIND_NAME
from living_forest.present.views import (
    ActionView,
    ModuleView,
    action_view,
    flowers_buy,
    game_panels,
    module_views,
    register,
    rock_marks,
    rock_view,
    status_parts,
)

SEATS = [("Ana", "winter"), ("Ben", "summer")]


@pytest.mark.parametrize("modules", [(), ("kodama",)])
def test_every_action_type_of_a_game_has_a_view_and_a_key(modules: tuple[str, ...]) -> None:
    st, _ = new_game(SEATS, 1, options=GameOptions(modules))
    for at in rules_of(st).action_types:
        view = action_view(at.kind)
        assert view is not None, at.kind
        key = GAME_KEYS[KIND_NAME[at.kind]]
        assert (key.name, key.key, key.label) == (view.binding, view.key, view.key_label)


def test_the_base_games_view_comes_first_and_keys_are_unique() -> None:
    assert [m.name for m in module_views()][:2] == ["base", "kodama"]
    keys = [k.key for k in GAME_KEYS.values()]
    assert len(keys) == len(set(keys))
    kinds = [v.kind for m in module_views() for v in m.actions]
    assert len(kinds) == len(set(kinds))


def test_a_second_view_of_a_module_is_refused() -> None:
    base = module_views()[0]
    assert register(base) is base  # the same view again is harmless
    with pytest.raises(ValueError, match="registered already"):
        register(ModuleView("base", (ActionView("x", "x", "x", "X"),)))


def test_every_rock_bonus_of_a_game_has_a_view() -> None:
    st, _ = new_game(SEATS, 1, options=GameOptions(("kodama",)))
    for bonus in set(rules_of(st).data.rock_bonus):
        assert rock_view(bonus) is not None, bonus


def test_a_modules_marks_tags_and_panels_show_only_in_a_game_with_it() -> None:
    base, _ = new_game(SEATS, 1)
    kodama, _ = new_game(SEATS, 1, options=GameOptions(("kodama",)))
    assert [pv.id for pv in game_panels(kodama)] == ["kodama"]
    assert game_panels(base) == () and rock_marks(base) == {}
    k = kodama.ext["kodama"]
    assert isinstance(k, KodamaState)
    assert list(rock_marks(kodama)) == [k.onibi]
    assert status_parts(base, 0, short=True) == [] and flowers_buy(base, 0) == ""
    assert status_parts(kodama, 0, short=True) and flowers_buy(kodama, 0)


def test_nothing_outside_a_modules_view_imports_it_by_name() -> None:
    """The generic panels reach a module's view through the registry."""
    root = Path(views.__file__).parents[1]
    for path in root.rglob("*.py"):
        if path.name in ("kodama_ui.py", "views.py") or "core" in path.parts:
            continue
        assert "kodama_ui" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("modules", [(), ("kodama",)])
def test_an_attract_option_says_what_every_card_gives(modules: tuple[str, ...]) -> None:
    """A play-test (French, Kodama): "Carpe koï : coût 12, , aucun symbole (L3)" — the
    Koi gives no Element, only a bonus Extinguish, and its option had an empty field
    where the Look box said the ability. Every card's option names its Elements and
    its ability (the words the Look box uses), and no field is empty."""
    from living_forest.core import Action
    from living_forest.present.glyphs import effects_text, plain_elements

    st, _ = new_game(SEATS, 1, options=GameOptions(modules))
    view = action_view("attract")
    assert view is not None and view.label is not None
    data = rules_of(st).data
    no_elements = 0
    for cid, card in data.cards.items():
        text = view.label(st, Action("attract", cid))
        fields = text.split(": ", 1)[1].split(", ")
        assert all(f.strip() for f in fields), text
        for part in (plain_elements(card.elements), effects_text(card.effects)):
            assert part in text, (cid, text)
        no_elements += not any(card.elements)
    assert no_elements  # the Fire Varan; in Kodama the play-test's Koi and four more


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_hint_names_a_call_in_a_few_words(language: str) -> None:
    """A French play-test: the hint "Appeler Kodama Fleur 1 de la pile Fleur : coût …
    — Onibi …, votre eau 1 < puissance 4 : 2 Varans ; Ben : eau 1 < …" was cut after
    the status line's two lines, before its reasons. A hint names its moves as their
    views say them in a few words (the list keeps the costs and Onibi's forecast)."""
    import random

    from living_forest import i18n
    from living_forest.bots import get_bot
    from living_forest.bots.hint import Hint
    from living_forest.core import apply, counts, legal_actions, observe
    from living_forest.core.kodama.rules import CALL
    from living_forest.present.choices import action_label
    from living_forest.present.status import hint_text

    seats = [("Ana", "winter"), ("Ben", "summer"), ("Chloé", "autumn")]
    st, _ = new_game(seats, 3, options=GameOptions(("kodama",)))
    rng = random.Random(3)
    rules = get_bot("rules")
    while not (st.phase == "action" and any(a.kind == CALL for a in legal_actions(st))):
        st, _ = apply(st, rules(observe(st, st.current), legal_actions(st), rng))
    call = next(a for a in legal_actions(st) if a.kind == CALL)
    after, _ = apply(st, call)
    take = next(a for a in legal_actions(after) if a.kind == "take-fragment")
    mine = counts(rules_of(st), st.players[st.current])
    h = Hint(call, mine, mine, power=4, fires=2, water=1, bot="search_quick", turn=(call, take))
    i18n.set_language(language)
    try:
        full, short = action_label(st, call), action_label(st, call, short=True)
        text = hint_text(st, h)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    assert short in text and full not in text and len(short) < len(full) // 2
    assert len(text) <= 2 * 78, text  # the status line's two lines at 80x24


def test_french_clauses_keep_their_space_before_the_semicolon() -> None:
    """A French play-test: "(arbres 2 → 3; votre eau 4 repousse Onibi (2))", "Ben a 24
    fleurs (sur 13); Chloé …": the code joined clauses with "; " in every language.
    They are joined as the language writes it (``join_clauses``)."""
    import re

    from living_forest import i18n
    from living_forest.bots.hint import Hint
    from living_forest.core import Action, counts
    from living_forest.present.status import hint_text

    st, _ = new_game(SEATS, 1)
    mine = counts(rules_of(st), st.players[0])
    more = mine._replace(trees=mine.trees + 1)
    take = Action("take-fragment")
    h = Hint(take, mine, more, power=2, fires=0, water=4, bot="search_quick", turn=(take,))
    i18n.set_language("fr")
    try:
        french = hint_text(st, h)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    english = hint_text(st, h)
    assert english.count("; ") == 1 and french.count(" ; ") == 1, (english, french)
    assert not re.search(r"\S;", french)


def test_a_discard_stack_lists_its_cards_without_their_cost() -> None:
    """A French play-test: the discard box read "0 Babouin ☼1", "0K Kodama de départ
    Hiver": the reserve's cost column, unexplained, for cards the player owns."""
    import random

    from living_forest.bots import get_bot
    from living_forest.core import apply, legal_actions, observe
    from living_forest.present.board.discard import discard
    from living_forest.present.markup import plain_text

    st, _ = new_game(SEATS, 2, options=GameOptions(("kodama",)))
    rng = random.Random(2)
    while st.round < 3:
        st, _ = apply(st, get_bot("rules")(observe(st, st.current), legal_actions(st), rng))
    cards = rules_of(st).data.cards
    for seat, p in enumerate(st.players):
        lines = plain_text(discard(st, seat)).splitlines()
        assert len(lines) == len(p.discard) > 0
        for cid, line in zip(p.discard, lines, strict=True):
            assert not line.startswith(str(cards[cid].cost)), line


def test_a_hints_chance_is_never_said_as_certain() -> None:
    """A French play-test: "chance de gagner ensuite : 100 %, après Attirer Axolotl :
    100 %" for a player who finished third. The medium bot's chances are estimates
    over a few deals: said as 1% to 99%."""
    from living_forest.bots.hint import Hint
    from living_forest.core import Action, counts
    from living_forest.present.status import hint_text

    st, _ = new_game(SEATS, 1)
    mine = counts(rules_of(st), st.players[0])
    take = Action("take-fragment")
    for chance, said in ((1.0, 99), (0.0, 1), (0.994, 99), (0.5, 50)):
        h = Hint(take, mine, mine, 0, 0, 0, "search_quick", turn=(take,), chance=chance)
        assert f"chance to win {said}% after it" in hint_text(st, h)
