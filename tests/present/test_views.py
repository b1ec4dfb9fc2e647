"""Every action type shows through its view: the registry gives each type of the base
game and of Kodama a key, a label and a binding, and the game keys are built from it."""

from __future__ import annotations

import pytest

from living_forest.core import GameOptions, new_game, rules_of
from living_forest.present.keys import GAME_KEYS, KIND_NAME
from living_forest.present.views import ActionView, ModuleView, action_view, module_views, register

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
