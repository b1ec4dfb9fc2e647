"""What the bots' features say of a position (bots/features.py), against the rules."""

from __future__ import annotations

import pytest

from living_forest.bots.features import all_features, feature_names
from living_forest.bots.planner import units
from living_forest.core import legal_actions, rules_for

from ..core.kodama_scenario import K, give_tiles, kstart, to_kaction
from ..core.scenario import play, set_centre

# The features of the rounds to come: what a round's deck and Forest give, how soon a
# threshold is reached at that pace, what the engine still lacks.
ROUNDS_TO_COME = (
    "cards_round",
    "sun_round",
    "water_round",
    "plant_round",
    "wind_round",
    "flower_round",
    "onibi_next",
    "fires_next",
    "new_trees",
    "eta",
    "engine_left",
)


@pytest.mark.parametrize("tile", ["sun", "water", "plant", "wind", "flower"])
def test_an_element_tile_spent_is_no_strength_of_the_rounds_to_come(tile: str) -> None:
    """K-E3: an Element tile's bonus lasts until the end of the round. Counted as a
    lasting strength, spending a tile for nothing (+1 wind after the move) looked like
    a gain to the planner, and the bots threw their tiles away."""
    names = feature_names(rules_for(K))
    # Onibi's power 12: +2 water does not change this round's defence (E-1), which the
    # tile's water does count for.
    st = set_centre(give_tiles(kstart(), 0, 1), [4, 4, 4])
    st, _ = to_kaction(st, {0: ["hare"], 1: ["hare"]})
    assert st.current == 0
    before = dict(zip(names, all_features(st)[0], strict=True))
    st, _ = play(st, f"element {tile}")
    after = dict(zip(names, all_features(st)[0], strict=True))
    assert after["element_tiles"] < before["element_tiles"]  # the tile is gone
    assert {n: after[n] for n in ROUNDS_TO_COME} == {n: before[n] for n in ROUNDS_TO_COME}


def test_an_element_tile_is_planned_with_the_actions_it_makes_possible() -> None:
    """K-E2/K-E3: a tile spent alone is worth only what it gives at the round's end,
    so a beam dropped it before the action it pays for (the bots then never spent
    one). The planner's units take it alone and, followed by each unit of an action
    of its Element that it makes possible, as one more unit."""
    st = set_centre(give_tiles(kstart(), 0, 1), [2, 2, 3])
    st, _ = to_kaction(st, {0: ["hummingbird", "goldfish", "fox"], 1: ["hare"]})
    r = rules_for(K)
    legal = legal_actions(st)
    ways = [acts for _s, acts, _after in units(st, legal)]
    tiles = [acts for acts in ways if acts[0].kind == "element"]
    alone = {acts[0].arg for acts in tiles if len(acts) == 1}
    joined = [acts for acts in tiles if len(acts) > 1]
    assert alone == {"sun", "water", "plant", "wind", "flower"}
    # no sun and no wind without it: Attract and Move become possible
    assert {acts[0].arg for acts in joined} >= {"sun", "wind"}
    for acts in joined:
        assert acts[1].kind in r.by_kind["element"].spent_for(r, acts[0])
        assert acts[1] not in legal  # possible only with the tile
