"""The option texts say what a choice leads to, as the core forecasts it (issue 29):
a rock bonus that would be lost at once, a Kodama call's Onibi."""

from __future__ import annotations

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
