"""The bots' memos of the features (bots/features.py: each player's own facts, and
the part of a player's row that reads the player and the table) and the hidden groups
of observations are bounded like the engine's (core/memo.py): squeezed to a tiny
budget they forget all the time, and the easy bot still takes the very same
decisions. What they remember is what the position gives: the features of every
position a planner values equal the features computed afresh."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pytest

from living_forest.bots import decider, evaluation, features, get_bot
from living_forest.bots.evaluation import evaluation_for
from living_forest.bots.features import all_features, feature_names
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
from living_forest.core.rules import FeatureSet, Rules, rules_for
from living_forest.core.state import PHASE_ACTION, PHASE_OVER
from living_forest.simulate import play_game

TINY = 4096


def bot_caches() -> dict[str, BoundedCache[object, object]]:
    r = rules_for(BASE_GAME)
    out: dict[str, BoundedCache[object, object]] = {
        "own": features._own_cache(r),  # type: ignore[dict-item]
        "parts": features._parts_cache(r),  # type: ignore[dict-item]
        "tables": features._tables(r),  # type: ignore[dict-item]
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
    assert {"own", "parts", "tables", "decks", "levels"} <= set(caches)
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


@contextmanager
def module_features(r: Rules, change: Callable[[FeatureSet], FeatureSet]) -> Iterator[None]:
    """The rules' module features changed by ``change`` for a while (a Rules is frozen:
    its own tuple is put back after), with nothing remembered before or after."""
    kept = r.features
    object.__setattr__(r, "features", tuple(change(fs) for fs in kept))
    try:
        yield
    finally:
        object.__setattr__(r, "features", kept)
        for memo in (features._own_cache(r), features._parts_cache(r), features._tables(r)):
            memo.clear()


def planned_positions(options: GameOptions, n: int, value: Callable[[GameState], float]) -> int:
    """Plan the turn at the start of 12 Action turns of a game of rules-bot moves, the
    planner valuing each position with ``value``; the number of turns planned."""
    st, _ = new_game(
        [(s, s) for s in ("winter", "spring", "summer", "autumn")[:n]], 7, options=options
    )
    rules_bot = decider(get_bot("rules"))
    rng = random.Random(7)
    legal = legal_actions(st)
    planned = 0
    while st.phase != PHASE_OVER and planned < 12:
        if st.phase == PHASE_ACTION and not st.pending and not st.used_types:
            plan_turn(st, legal, value, width=2)
            planned += 1
        legal = push(st, rules_bot(st, legal, rng))
    return planned


@pytest.mark.parametrize(("modules", "n"), [((), 2), (("kodama",), 2), (("kodama",), 3), ((), 4)])
def test_remembered_features_are_the_features_of_the_position(
    modules: tuple[str, ...], n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planner's positions differ from each other in the acting player and in what
    the turn changed on the table (fires taken, trees bought, Spirits moved, Victory
    tiles stolen): the other players' rows come from the memos. Each position's
    features, read as the planner reads them, are the features computed afresh; most
    rows' parts, and a Kodama player's own features (FeatureSet.player_only), were
    remembered, not computed."""
    options = GameOptions(modules)
    r = rules_for(options)
    ev = evaluation_for(options, n)
    seen: list[tuple[GameState, list[list[float]]]] = []
    made = 0  # rows whose part was computed, not remembered
    part = features._part

    def counted_part(*args: object) -> features.Part:
        nonlocal made
        made += 1
        return part(*args)  # type: ignore[arg-type]

    computed = 0  # rows whose module features were computed

    def counted(fs: FeatureSet) -> FeatureSet:
        def compute(r: Rules, st: GameState, seat: int) -> Sequence[float]:
            nonlocal computed
            computed += 1
            return fs.compute(r, st, seat)

        return fs._replace(compute=compute)

    def recorded(s: GameState) -> list[list[float]]:
        rows = all_features(s)
        seen.append((s.clone(), rows))
        return rows

    def value(s: GameState) -> float:
        return ev.value(s, s.current)

    # Each position's rows as the evaluation reads them (once a position).
    monkeypatch.setattr(evaluation, "all_features", recorded)
    monkeypatch.setattr(features, "_part", counted_part)
    with module_features(r, counted):
        assert planned_positions(options, n, value) == 12
    assert len(seen) > 200
    # The acting player's row is new in nearly every position; of the others' rows,
    # most came from the memos.
    others = len(seen) * (n - 1)
    assert made < len(seen) + others / 2
    if r.features:
        assert 0 < computed < len(seen) + others / 2
    for s, warm in seen:
        assert warm == afresh(s)


def test_a_module_feature_of_the_position_is_read_in_every_position() -> None:
    """Kodama's features read only the player (player_only): remembered with the
    player's own facts. Declared as reading the position, they are computed in every
    position instead, and are the same numbers."""
    options = GameOptions(("kodama",))
    r = rules_for(options)
    assert any(fs.player_only for fs in r.features)
    positions: list[GameState] = []

    def value(s: GameState) -> float:
        positions.append(s.clone())
        return 0.5

    assert planned_positions(options, 2, value) == 12
    remembered = [features.all_features(s) for s in positions]
    with module_features(r, lambda fs: fs._replace(player_only=False)):
        assert not any(fs.player_only for fs in r.features)
        each_time = [features.all_features(s) for s in positions]
    assert each_time == remembered
    names = feature_names(r)
    kodama = [names.index(name) for fs in r.features for name in fs.names]
    assert any(row[k] for rows in remembered for row in rows for k in kodama)
