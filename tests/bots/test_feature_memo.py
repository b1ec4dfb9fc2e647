"""The bots' memo of each player's own features (bots/features.py) and the hidden
groups of observations are bounded like the engine's (core/memo.py): squeezed to a
tiny budget they forget all the time, and the easy bot still takes the very same
decisions."""

from __future__ import annotations

from living_forest.bots import features
from living_forest.core import BASE_GAME
from living_forest.core.memo import BoundedCache
from living_forest.core.rules import rules_for
from living_forest.simulate import play_game

TINY = 4096


def bot_caches() -> dict[str, BoundedCache[object, object]]:
    r = rules_for(BASE_GAME)
    out: dict[str, BoundedCache[object, object]] = {"own": features._own_cache(r)}  # type: ignore[dict-item]
    for zone in r.hidden_zones:
        cache = getattr(zone, "cache", None)
        if isinstance(cache, BoundedCache):
            out[zone.name] = cache
    return out


def easy_games() -> list[list[str]]:
    out = []
    for seed in range(3):
        res = play_game(2, seed, "greedy,baseline", record=True)
        assert res.failure is None and res.actions
        out.append(res.actions)
    return out


def test_squeezed_feature_memos_play_the_same_games() -> None:
    caches = bot_caches()
    assert {"own", "decks", "levels"} <= set(caches)
    usual = easy_games()
    assert caches["own"].nbytes > TINY  # the usual budget holds more than the squeeze
    saved = [(c, c.max_bytes) for c in caches.values()]
    for cache in caches.values():
        cache.clear()
        cache.max_bytes = TINY
    try:
        squeezed = easy_games()
        for name, cache in caches.items():
            assert 0 < cache.nbytes <= TINY, name
    finally:
        for cache, budget in saved:
            cache.clear()
            cache.max_bytes = budget
    assert squeezed == usual
