"""Matches: line-ups, rotated seats on common seeds, confidence intervals, workers."""

from __future__ import annotations

import json

import pytest

from living_forest import cli
from living_forest.match import MatchSpec, lineup, run, wilson


def test_a_short_line_up_repeats_its_last_bot() -> None:
    assert lineup("greedy,baseline", 4) == ("greedy", "baseline", "baseline", "baseline")
    assert lineup("random", 3) == ("random",) * 3
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        lineup("random,random,random", 2)
    with pytest.raises(ValueError, match="unknown bot"):
        lineup("genius", 2)


def test_every_seed_is_played_from_every_seat() -> None:
    spec = MatchSpec(("greedy", "baseline", "baseline"), 3, 9, seed=10)
    games = [spec.game(g) for g in range(9)]
    for seed in (10, 11, 12):
        seats = [s.index("greedy") for sd, s in games if sd == seed]
        assert sorted(seats) == [0, 1, 2]


def test_the_wilson_interval_holds_the_rate_and_stays_in_bounds() -> None:
    for wins, n in ((0, 10), (10, 10), (7, 20), (0.5, 3)):
        lo, hi = wilson(wins, n)
        assert 0.0 <= lo <= wins / n <= hi <= 1.0
    assert wilson(40, 100)[1] - wilson(40, 100)[0] > wilson(400, 1000)[1] - wilson(400, 1000)[0]


def _results(report) -> dict:
    data = report.to_json()
    del data["seconds_per_decision_by_bot"]
    return data


def test_a_seeded_match_is_deterministic_and_workers_change_nothing() -> None:
    spec = MatchSpec(("random", "baseline"), 2, 6, seed=3)
    one, again, two = run(spec), run(spec), run(spec, workers=2)
    assert _results(one) == _results(again) == _results(two)
    data = one.to_json()
    assert data["games"] == 6 and data["failures"] == 0
    assert sum(data["wins_by_bot"].values()) == pytest.approx(6)


def test_match_json_has_the_keys_scripts_need(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["match", "--bots", "random,baseline", "-g", "4", "--seed", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in (
        "games",
        "failures",
        "wins_by_bot",
        "win_rate_ci_by_bot",
        "seconds_per_decision_by_bot",
    ):
        assert key in data
    assert set(data["wins_by_bot"]) == {"random", "baseline"}


def test_match_refuses_a_bad_line_up_with_one_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["match", "--bots", "genius", "-g", "2"])
    assert e.value.code == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
