"""Property-based playouts (OpenSpiel's random-simulation test, STYLE.md layer 2).

For random games of 2, 3 and 4 players, after every step: conservation holds and
``validate`` finds nothing; legal actions are non-empty until the game ends; action
strings are unique and round-trip; the state round-trips through JSON; ``apply`` is
deterministic and leaves its input untouched; ``why_illegal`` agrees with the legal
list. At the end: the game ended, and seed + action log replay to the same state.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    BASE_GAME,
    Action,
    GameOptions,
    GameState,
    apply,
    format_action,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    rules_of,
    validate,
    why_illegal,
)
from living_forest.core.actions import NOTATION, Arg
from living_forest.core.observation import observe

SPIRITS = ["winter", "spring", "summer", "autumn"]
MAX_STEPS = 5000


def candidate_actions(st: GameState) -> list[Action]:
    """Many well-formed actions, legal or not, to cross-check ``why_illegal``."""
    d = rules_of(st).data
    out = [Action(k) for k in sorted(NOTATION) if NOTATION[k] is Arg.NONE]
    ids = [c for row in st.reserve for c in row if c] + list(d.level_cards[0][:3])
    out += [Action("attract", c) for c in ids]
    out += [Action("extinguish", str(v)) for v in (1, 2, 3, 4, 5)]
    out += [Action("move", str(n)) for n in range(1, 22)]
    out += [Action("steal", t) for p in st.players for t in p.victory_tiles]
    out += [Action("plant", label, cell) for label in d.trees for cell in range(15)]
    if not st.options.is_base:  # the Kodama expansion's actions
        out += [Action("call", pile) for pile in ("flower", "tree", "water", "moon")]
        out += [Action("element", e) for e in ("sun", "water", "plant", "wind", "flower", "x")]
        out += [Action("animal", c) for c in ("tiger", "koi", "ara", "hare")]
    return out


def play_random_game(
    n: int, seed: int, policy_seed: int, deep_every: int, options: GameOptions = BASE_GAME
) -> None:
    seats = [(f"P{i}", SPIRITS[i]) for i in range(n)]
    st, _ = new_game(seats, seed, options=options)
    rng = random.Random(policy_seed)
    uniform = policy_seed % 2 == 0  # half the games uniform, half the baseline policy
    log: list[str] = []
    for step in range(MAX_STEPS):
        legal = legal_actions(st)
        if st.phase == "over":
            assert legal == ()
            break
        assert legal, f"no legal action at step {step}"
        texts = [format_action(a) for a in legal]
        assert len(set(texts)) == len(texts), "action strings must be unique"
        assert [parse_action(t) for t in texts] == list(legal)
        if uniform:
            action = legal[rng.randrange(len(legal))]
        else:
            action = baseline_bot(observe(st, st.current), legal, rng)
        deep = step % deep_every == 0
        if deep:
            before = json.dumps(st.to_dict(), sort_keys=True)
            legal_set = set(legal)
            for cand in candidate_actions(st):
                assert (why_illegal(st, cand) is None) == (cand in legal_set), cand
        new, events = apply(st, action)
        assert events, "every action reports what happened"
        if deep:
            again, events2 = apply(st, action)
            assert again == new and events2 == events, "apply must be deterministic"
            assert json.dumps(st.to_dict(), sort_keys=True) == before, "input untouched"
        st = new
        log.append(format_action(action))
        assert validate(st) == []
        assert GameState.from_dict(json.loads(json.dumps(st.to_dict()))) == st
    else:
        raise AssertionError(f"game did not end within {MAX_STEPS} steps")
    res = outcome(st)
    assert res is not None and res.winners
    assert all(res.players[w].met for w in res.winners)
    replayed, _ = new_game(seats, seed, options=options)
    for text in log:
        replayed, _ = apply(replayed, text)
    assert replayed == st


def _examples(n: int) -> settings:
    return settings(
        max_examples=n,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )


# 25 games of each kind in `make test-slow` (CI runs it); one of every kind in
# `make test` (2, 3 and 4 players, base game and Kodama, half of them played by the
# uniform policy: an even policy seed), where 8 drawn by Hypothesis had missed Kodama
# for 2 and 3 players.
MANY = 25
KODAMA = GameOptions(("kodama",))
SEEDS = st_.integers(0, 2**32)
POLICIES = st_.integers(0, 2**16)


@pytest.mark.parametrize(
    ("players", "kodama", "seed", "policy"),
    [
        (2, False, 0, 0),
        (2, True, 296173, 5673),
        (3, False, 35876954, 7),
        (3, True, 8387, 2822),
        (4, False, 4781, 65536),
        (4, True, 3412273, 10765),
    ],
    ids=["2-base", "2-kodama", "3-base", "3-kodama", "4-base", "4-kodama"],
)
def test_a_playout_of_each_kind(players: int, kodama: bool, seed: int, policy: int) -> None:
    play_random_game(players, seed, policy, 37, options=KODAMA if kodama else BASE_GAME)


@pytest.mark.slow
@_examples(MANY)
@given(seed=SEEDS, policy=POLICIES)
def test_two_player_playouts(seed: int, policy: int) -> None:
    play_random_game(2, seed, policy, deep_every=37)


@pytest.mark.slow
@_examples(MANY)
@given(seed=SEEDS, policy=POLICIES)
def test_three_player_playouts(seed: int, policy: int) -> None:
    play_random_game(3, seed, policy, deep_every=41)


@pytest.mark.slow
@_examples(MANY)
@given(seed=SEEDS, policy=POLICIES)
def test_four_player_playouts(seed: int, policy: int) -> None:
    play_random_game(4, seed, policy, deep_every=43)


@pytest.mark.slow
@_examples(MANY)
@given(players=st_.integers(2, 4), seed=SEEDS, policy=POLICIES)
def test_kodama_playouts(players: int, seed: int, policy: int) -> None:
    """The same properties with the Kodama expansion, for 2, 3 and 4 players."""
    play_random_game(players, seed, policy, deep_every=39, options=KODAMA)


def test_a_state_dict_of_another_layout_is_refused() -> None:
    """``version`` is the layout of ``to_dict``: ``from_dict`` reads its own and refuses
    another one (or none) instead of building a position from fields it would misread."""
    from living_forest.core.state import STATE_VERSION

    st, _ = new_game([("A", "winter"), ("B", "spring")], 3)
    d = st.to_dict()
    assert d["version"] == STATE_VERSION and GameState.from_dict(d) == st
    for other in (STATE_VERSION + 1, None):
        with pytest.raises(ValueError, match=f"layout version {other!r}"):
            GameState.from_dict({**d, "version": other})
    with pytest.raises(ValueError, match="layout version None"):
        GameState.from_dict({k: v for k, v in d.items() if k != "version"})
