"""The bots' memos of the features (bots/features.py: each player's own facts, and
the part of a player's row that reads the player and the table) and the hidden groups
of observations are bounded like the engine's (core/memo.py): squeezed to a tiny
budget they forget all the time, and the easy bot still takes the very same
decisions. What they remember is what the position gives: the features of every
position a planner values equal the features computed afresh."""

from __future__ import annotations

import random

import pytest

from living_forest.bots import decider, features, get_bot
from living_forest.bots.evaluation import evaluation_for
from living_forest.bots.planner import plan_turn
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    GameState,
    legal_actions,
    new_game,
    push,
    rules_of,
)
from living_forest.core.memo import BoundedCache
from living_forest.core.rules import rules_for
from living_forest.core.state import PHASE_ACTION, PHASE_OVER
from living_forest.simulate import play_game

TINY = 4096


def bot_caches() -> dict[str, BoundedCache[object, object]]:
    r = rules_for(BASE_GAME)
    out: dict[str, BoundedCache[object, object]] = {
        "own": features._own_cache(r),  # type: ignore[dict-item]
        "parts": features._parts_cache(r),  # type: ignore[dict-item]
    }
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
    assert {"own", "parts", "decks", "levels"} <= set(caches)
    usual = easy_games()
    for name in ("own", "parts"):
        assert caches[name].nbytes > TINY, name  # the usual budget holds more than the squeeze
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


def afresh(st: GameState) -> list[list[float]]:
    """The features of ``st`` with nothing remembered."""
    r = rules_of(st)
    features._own_cache(r).clear()
    features._parts_cache(r).clear()
    features._tables(r).clear()
    return features.all_features(st)


@pytest.mark.parametrize(("modules", "n"), [((), 2), (("kodama",), 2), (("kodama",), 3), ((), 4)])
def test_remembered_features_are_the_features_of_the_position(
    modules: tuple[str, ...], n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planner's positions differ from each other in the acting player and in what
    the turn changed on the table (fires taken, trees bought, Spirits moved, Victory
    tiles stolen): the other players' rows come from the memos. Each position's
    features, read as the planner reads them, are the features computed afresh, and
    the memos were read (a Kodama player's own features too: FeatureSet.player_only)."""
    options = GameOptions(modules)
    st, _ = new_game(
        [(s, s) for s in ("winter", "spring", "summer", "autumn")[:n]], 7, options=options
    )
    ev = evaluation_for(options, n)
    rules_bot = decider(get_bot("rules"))
    rng = random.Random(7)
    seen: list[tuple[GameState, list[list[float]]]] = []
    made = 0  # rows whose part was computed, not remembered
    part = features._part

    def counted(*args: object) -> features.Part:
        nonlocal made
        made += 1
        return part(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(features, "_part", counted)

    def value(s: GameState) -> float:
        seen.append((s.clone(), features.all_features(s)))
        return ev.value(s, s.current)

    legal = legal_actions(st)
    planned = 0
    while st.phase != PHASE_OVER and planned < 12:
        if st.phase == PHASE_ACTION and not st.pending and not st.used_types:
            plan_turn(st, legal, value, width=2)
            planned += 1
        legal = push(st, rules_bot(st, legal, rng))
    assert planned == 12 and len(seen) > 200
    rows = len(seen) * n * 2  # each position is read twice: by value(), then by ev.value()
    assert made < rows / 2  # most rows came from the memo
    for s, warm in seen:
        assert warm == afresh(s)
