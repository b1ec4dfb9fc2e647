"""The option texts say what a choice leads to, as the core forecasts it:
a rock bonus that would be lost at once, a Kodama call's Onibi."""

from __future__ import annotations

import pytest

from living_forest.core import parse_action
from living_forest.present.choices import action_label

from ..core.scenario import set_centre, set_rocks, start, to_action_phase


def test_a_move_whose_rock_bonus_cannot_be_used_says_so() -> None:
    """O-3: Ana (sun 0: her Help Line is a Hare, wind 1) moving onto the Attract rock 2
    can afford no card; the option said "(bonus Attract)" as if it could be used."""
    st = start(2)
    st = set_rocks(st, {0: 1, 1: 5})
    st = to_action_phase(st, {0: ["hare"]})
    label = action_label(st, parse_action("move 1"))
    assert label == "Move 1 to rock 2 (bonus Attract: nothing affordable)"


def test_a_move_whose_rock_bonus_can_be_used_says_only_the_bonus() -> None:
    """O-3: with water 2 and a fire of 2 on the Circle, the Extinguish rock's bonus is
    usable: no warning."""
    st = start(2)
    st = set_rocks(st, {0: 3, 1: 7})
    st = set_centre(st, [2])
    st = to_action_phase(st, {0: ["hare", "goldfish"]})
    assert action_label(st, parse_action("move 1")) == "Move 1 to rock 4 (bonus Extinguish)"


def _kodama_call_position(ana_water: list[str], bo: list[str]):
    """Ana (seat 0) to act, a Tree Kodama of cost 1 on its pile, Onibi on rock 2, Ana
    on rock 3 and Bo on rock 9, one fire of 2 burning: a call moves Onibi 3 free rocks
    (2 players, K-O2), jumping Ana (K-O3: one value-2 fire)."""
    from ..core.kodama_scenario import kstart, set_onibi, set_pile

    st = set_pile(kstart(), "tree", ["kodama_tree_1"])
    st = set_rocks(st, {0: 3, 1: 9})
    st = set_onibi(st, 2)
    st = set_centre(st, [2])
    return to_action_phase(st, {0: ["fawn", "ram", *ana_water], 1: bo})


def test_a_kodama_call_forecasts_onibi_and_the_attack() -> None:
    """The call line said only its cost. Now: where Onibi lands, whom he
    jumps, the fire he adds and what that does to each player's attack (E-1), as the
    core's forecast has it (the call played on a copy)."""
    from living_forest.core import onibi_forecast
    from living_forest.core.kodama.forecast import call_forecast

    st = _kodama_call_position([], ["goldfish", "beaver"])  # Ana: water 0; Bo: water 3
    call = parse_action("call tree")
    f = call_forecast(st, call)
    assert (f.from_rock, f.to_rock, f.jumped, f.fires) == (2, 6, (0,), (2,))
    attack = onibi_forecast(st)
    assert attack is not None
    ana_water = attack.water[0]
    assert ana_water < 2 and f.attack_after is not None and f.attack_after.power == 4
    label = action_label(st, call)
    assert label.startswith("Call Tree Kodama 1 from the Tree pile: cost 1")
    assert label.endswith(
        f"— Onibi 2→6, jumps you: adds 1 fire; your water {ana_water} < power 4: 2 Varans; "
        "Bo: water 3 < power 4: 2 Varans"
    ), label


def test_a_kodama_call_that_changes_no_attack_says_so() -> None:
    """The fire Onibi adds raises his power to 4, but both players' water (6) still
    holds: nobody gets a Varan, and the line says so."""
    from living_forest.core.kodama.forecast import call_forecast

    st = _kodama_call_position(["hippopotamus", "goldfish"], ["dolphin", "goldfish"])
    call = parse_action("call tree")
    after = call_forecast(st, call).attack_after
    assert after is not None and after.power == 4
    assert action_label(st, call).endswith(
        "— Onibi 2→6, jumps you: adds 1 fire; power 2→4: no more Varans"
    )


@pytest.mark.parametrize(
    ("lang", "forecast"),
    [
        (
            "de",
            "— Onibi 2→6, überspringt dich: legt 1 Flamme dazu; "
            "dein Wasser 0 < Feuerstärke 4: 2 Warane",
        ),
        (
            "fr",
            "— Onibi 2→6, passe par-dessus vous : ajoute 1 feu ; "
            "votre eau 0 < puissance 4 : 2 Varans",
        ),
    ],
)
def test_a_kodama_calls_forecast_in_german_and_french(lang: str, forecast: str) -> None:
    from living_forest import i18n

    st = _kodama_call_position([], ["goldfish", "beaver"])
    i18n.set_language(lang)
    try:
        label = action_label(st, parse_action("call tree"))
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    assert forecast in label, label
