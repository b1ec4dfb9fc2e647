"""The engine's memos stay within their byte budgets and are pure memoisation
(core/memo.py): a hit gives what was put, the oldest entries go first, the accounting
is each entry's own charge, and games played with caches forced to forget all the time
take the very same decisions as with the usual budgets."""

from __future__ import annotations

from sys import getsizeof

import pytest

from living_forest.core import BASE_GAME, GameOptions
from living_forest.core.memo import ENTRY_BYTES, BoundedCache, flat_bytes, tuple_bytes
from living_forest.core.rules import CACHE_BYTES, Rules, rules_for
from living_forest.simulate import play_game


def charge(key: tuple[object, ...], value: object) -> int:
    return ENTRY_BYTES + flat_bytes(key, value)


def test_a_hit_gives_the_value_put() -> None:
    cache: BoundedCache[tuple[str, ...], tuple[int, ...]] = BoundedCache(10_000)
    value = (1, 2, 3)
    assert cache.get(("a", "b")) is None
    assert cache.put(("a", "b"), value) is value
    assert cache.get(("a", "b")) is value
    assert ("a", "b") in cache and len(cache) == 1
    assert cache.nbytes == charge(("a", "b"), value)


def test_a_second_put_keeps_the_first_value_and_its_charge() -> None:
    cache: BoundedCache[tuple[str, ...], int] = BoundedCache(10_000)
    first = cache.put(("x",), 1000)
    charged = cache.nbytes
    assert cache.put(("x",), 2000) == first == 1000
    assert cache.get(("x",)) == 1000
    assert cache.nbytes == charged and len(cache) == 1


def test_the_charge_is_the_tuples_own_bytes() -> None:
    """``flat_bytes`` counts by ``len`` what ``sys.getsizeof`` says of the tuples."""
    for key, value in [(("a",) * 30, (1, 2, 3, 4, 5)), ((), ()), (("a", None), 7)]:
        shallow = getsizeof(key) + (getsizeof(value) if isinstance(value, tuple) else 0)
        assert flat_bytes(key, value) == shallow
    assert tuple_bytes((1, 2), ("a",) * 9) == getsizeof((1, 2)) + getsizeof(("a",) * 9)


def test_the_oldest_entries_go_first_and_the_budget_holds() -> None:
    budget = 4096
    cache: BoundedCache[tuple[int, ...], tuple[int, ...]] = BoundedCache(budget)
    keys = [(i, i + 1, i + 2) for i in range(500)]
    for k in keys:
        cache.put(k, (k[0],))
        assert cache.nbytes <= budget
    kept = [k for k in keys if k in cache]
    assert 0 < len(kept) < len(keys)
    assert kept == keys[-len(kept) :]  # the newest, none of the older ones
    assert cache.nbytes == sum(charge(k, (k[0],)) for k in kept)
    for k in kept:
        assert cache.get(k) == (k[0],)


def test_forgetting_frees_a_quarter_of_the_budget() -> None:
    """One pass frees room for many misses (the cost is spread over them)."""
    budget = 10_000
    cache: BoundedCache[tuple[int, ...], int] = BoundedCache(budget)
    i = 0
    while cache.nbytes + charge((i,), 0) <= budget:
        cache.put((i,), 0)
        i += 1
    cache.put((i,), 0)  # past the budget
    assert cache.nbytes <= budget - budget // 4
    assert cache.nbytes > budget - budget // 4 - charge((i,), 0)


def test_a_cache_of_other_values_charges_with_its_own_sizeof() -> None:
    seen: list[tuple[tuple[str, ...], list[int]]] = []

    def sizeof(key: tuple[str, ...], value: list[int]) -> int:
        seen.append((key, value))
        return 1000

    cache: BoundedCache[tuple[str, ...], list[int]] = BoundedCache(2500, sizeof)
    cache.put(("a",), [1])
    assert cache.nbytes == 1000 + ENTRY_BYTES and seen == [(("a",), [1])]
    cache.put(("b",), [2])
    cache.put(("c",), [3])  # 3 x 1048 > 2500: the oldest go
    assert ("a",) not in cache and ("c",) in cache
    assert cache.nbytes <= 2500


def test_clear_and_a_bad_budget() -> None:
    cache: BoundedCache[tuple[int, ...], int] = BoundedCache(1000)
    cache.put((1,), 1)
    cache.clear()
    assert len(cache) == 0 and cache.nbytes == 0 and cache.get((1,)) is None
    with pytest.raises(ValueError, match="budget must be positive, not 0 bytes"):
        BoundedCache(0)


# --- the engine's memos in play -------------------------------------------------------


def engine_caches(r: Rules) -> dict[str, BoundedCache[tuple[object, ...], object]]:
    out: dict[str, BoundedCache[tuple[object, ...], object]] = dict(r.caches())
    for zone in r.hidden_zones:
        cache = getattr(zone, "cache", None)
        if isinstance(cache, BoundedCache):
            out[zone.name] = cache
    return out


def games(players: int, count: int, options: GameOptions = BASE_GAME) -> list[list[str]]:
    out = []
    for seed in range(count):
        res = play_game(players, seed, "baseline", record=True, options=options)
        assert res.failure is None and res.actions
        out.append(res.actions)
    return out


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, BASE_GAME), pytest.param(4, GameOptions(("kodama",)), marks=pytest.mark.slow)],
)
def test_forgetting_memos_play_the_same_games(players: int, options: GameOptions) -> None:
    """Pure memoisation: every decision of 40 seeded games is the same with the usual
    budgets as with budgets that make the memos forget many times a game."""
    usual = games(players, 40, options)
    budgets = {n: c.max_bytes for n, c in engine_caches(rules_for(options)).items()}
    assert budgets["strength"] == CACHE_BYTES["strength"]
    saved = []
    for cache in engine_caches(rules_for(options)).values():
        saved.append((cache, cache.max_bytes))
        cache.clear()
        cache.max_bytes = 2048
    try:
        squeezed = games(players, 40, options)
        for name, cache in engine_caches(rules_for(options)).items():
            assert cache.nbytes <= 2048, name
    finally:
        for cache, budget in saved:
            cache.clear()
            cache.max_bytes = budget
    assert squeezed == usual


@pytest.mark.slow
def test_a_long_run_keeps_every_memo_within_its_budget() -> None:
    """300 games: more distinct Forests and Help Lines than the budgets hold, and after
    every game each memo's own accounting is within its budget and honest (the sum of
    its entries' charges)."""
    r = rules_for(BASE_GAME)
    caches = engine_caches(r)
    for cache in caches.values():
        cache.clear()
    forgot = set()
    peak = dict.fromkeys(caches, 0)
    for seed in range(300):
        res = play_game(2, seed, "baseline")
        assert res.failure is None
        for name, cache in caches.items():
            assert cache.nbytes <= cache.max_bytes, name
            if cache.nbytes < peak[name]:
                forgot.add(name)
            peak[name] = max(peak[name], cache.nbytes)
    for name in ("strength", "net", "plant"):
        assert name in forgot, f"{name}: 300 games should pass its budget"
    for name in r.caches():
        cache = caches[name]
        entries = cache._entries  # the accounting against what is really held
        assert cache.nbytes == sum(charge(k, v) for k, v in entries.items()), name
