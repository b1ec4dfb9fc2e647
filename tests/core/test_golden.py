"""Golden files (STYLE.md layer 3): any change in rules behaviour shows up here.

Regenerate only after a reviewed rule change: ``.venv/bin/python -m tests.core.golden --write``.
"""

from __future__ import annotations

import json

import pytest

from living_forest.core import apply, new_game, outcome

from .golden import (
    GAME_CASES,
    GOLDEN,
    KODAMA,
    RANDOM_CASES,
    game_log,
    log_path,
    perft,
    seats,
    state_digest,
)

PERFT = json.loads((GOLDEN / "perft.json").read_text())
GAMES = sorted(GOLDEN.glob("game_*.json"))


def test_golden_files_exist() -> None:
    assert len(PERFT) >= 4
    assert len(GAMES) >= 3


@pytest.mark.parametrize("case", PERFT, ids=lambda c: f"{c['players']}p-seed{c['seed']}")
def test_legal_action_counts(case: dict) -> None:
    st, _ = new_game(seats(case["players"]), case["seed"])
    for text in case["prefix"]:
        st, _ = apply(st, text)
    assert perft(st, case["depth"]) == case["counts"]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_replays_to_the_same_result(path) -> None:
    game = json.loads(path.read_text())
    st, _ = new_game(seats(game["players"]), game["seed"])
    for text in game["actions"]:
        st, _ = apply(st, text)
    res = outcome(st)
    assert res is not None
    assert st.round == game["rounds"]
    assert list(res.winners) == game["winners"]
    assert [[p.counts.trees, p.counts.fires, p.counts.flowers] for p in res.players] == game[
        "counts"
    ]
    assert state_digest(st) == game["final_state_sha256"]


@pytest.mark.parametrize(("players", "seed"), GAME_CASES + RANDOM_CASES, ids=str)
def test_recorded_game_tells_the_same_story(players: int, seed: int) -> None:
    """The log sentences of the recorded games are unchanged, word for word."""
    assert game_log(players, seed) == log_path(players, seed).read_text(encoding="utf-8")


KODAMA_PERFT = json.loads((GOLDEN / "kodama_perft.json").read_text())
KODAMA_GAMES = sorted(GOLDEN.glob("kodama_game_*.json"))


@pytest.mark.parametrize("case", KODAMA_PERFT, ids=lambda c: f"{c['players']}p-seed{c['seed']}")
def test_kodama_legal_action_counts(case: dict) -> None:
    st, _ = new_game(seats(case["players"]), case["seed"], options=KODAMA)
    for text in case["prefix"]:
        st, _ = apply(st, text)
    assert perft(st, case["depth"]) == case["counts"]


@pytest.mark.parametrize("path", KODAMA_GAMES, ids=lambda p: p.stem)
def test_recorded_kodama_game_replays_to_the_same_result(path) -> None:
    game = json.loads(path.read_text())
    st, _ = new_game(seats(game["players"]), game["seed"], options=KODAMA)
    for text in game["actions"]:
        st, _ = apply(st, text)
    res = outcome(st)
    assert res is not None and st.round == game["rounds"]
    assert list(res.winners) == game["winners"]
    assert state_digest(st) == game["final_state_sha256"]
