"""The seeded generator (core/rng.py): the shuffle's written-out loop is exactly the
Fisher-Yates of ``below`` and ``next_u64``, so saved games replay (golden files)."""

from __future__ import annotations

from living_forest.core import rng


def _reference_shuffle(items: list[int], state: int) -> int:
    for i in range(len(items) - 1, 0, -1):
        j, state = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_is_the_fisher_yates_of_below() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 7, 13, 40):
            a, b = list(range(size)), list(range(size))
            state = rng.seed_state(seed)
            assert rng.shuffle(a, state) == _reference_shuffle(b, state)
            assert a == b
    # and it does shuffle: 300 seeds give many orders of 7 cards
    orders = set()
    for seed in range(300):
        a = list(range(7))
        rng.shuffle(a, rng.seed_state(seed))
        orders.add(tuple(a))
    assert len(orders) > 250
