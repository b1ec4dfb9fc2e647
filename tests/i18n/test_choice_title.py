"""The choice list's title names the action and its strength in the player's
language: French puts a space before the colon ("Planter … : …"), as its catalogue
says, where the title once joined them with a hard-coded ": "."""

from __future__ import annotations

import pytest

from living_forest import i18n
from living_forest.core import apply, legal_actions
from living_forest.present.choices import prompt, type_names

from ..core.scenario import start


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_an_actions_title_follows_the_catalogues_colon(lang) -> None:
    st = start(2)
    while st.phase != "action":
        st, _events = apply(st, legal_actions(st)[0])
    i18n.set_language(lang)  # back to English after the test: conftest's _english
    names = type_names(st)
    titled = [(mode, prompt(st, [mode])) for mode in names]
    with_strength = [(m, t) for m, t in titled if t != names[m]]
    assert with_strength, "no action with a strength to show"
    joint = i18n._("{action}: {strength}").format(action="\0", strength="\1")
    sep = joint[joint.index("\0") + 1 : joint.index("\1")]
    for mode, title in with_strength:
        assert title.startswith(names[mode] + sep), (mode, title)
    if lang == "fr":
        assert sep == " : "
