"""The one simulation loop behind simulate, bench and soak."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from living_forest import bots, simulate
from living_forest.core import Action, validate
from living_forest.core import push as core_push
from living_forest.persistence import GameRecord, SeatRecord, load_game, save_game
from living_forest.present.views import report_counts
from living_forest.simulate import parse_bots, play_game, play_many, summarise


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_recorded_game_replays_through_a_save(tmp_path: Path, players: int) -> None:
    r = play_game(players, 31, "baseline", record=True, keep_state=True, check="final")
    assert r.failure is None and r.state is not None and r.actions is not None
    assert r.state.phase == "over" and validate(r.state) == []
    assert r.decisions == len(r.actions) and r.rounds == r.state.round
    assert r.winners and set(r.conditions) <= {"trees", "fires", "flowers"}
    rec = GameRecord(
        seats=[
            SeatRecord(name=s.title(), spirit=s, controller="baseline")
            for s in simulate.SPIRITS[:players]
        ],
        seed=31,
        actions=r.actions,
    )
    save_game(tmp_path / "g.json", rec, r.state)
    _, st = load_game(tmp_path / "g.json")
    assert st == r.state


def test_same_seed_same_game() -> None:
    a = play_game(3, 8, "baseline,random,baseline", record=True)
    b = play_game(3, 8, ("baseline", "random", "baseline"), record=True)
    assert a.actions == b.actions and a.winners == b.winners
    c = play_game(3, 9, "baseline,random,baseline", record=True)
    assert c.actions != a.actions


def test_a_crash_is_a_failure_not_an_abort(monkeypatch: pytest.MonkeyPatch) -> None:
    real = core_push
    calls = {"n": 0}

    def flaky(st: Any, a: Any, events: Any = None) -> Any:
        calls["n"] += 1
        if calls["n"] == 40:
            raise KeyError("boom")
        return real(st, a, events)

    monkeypatch.setattr(simulate, "push", flaky)
    s = summarise(2, ("baseline", "baseline"), simulate.play_many(2, 2, 0))
    assert s.games == 2 and s.failures == 1
    assert s.failure_list == [(0, "exception: KeyError: 'boom'")]
    assert s.to_json()["finished"] == 1


def test_a_bot_returning_an_illegal_action_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    # The loop pushes without re-checking, so it checks the bot's answer itself.
    end = Action("end")  # never legal while revealing Guardian Animals
    monkeypatch.setitem(bots.BOTS, "random", lambda obs, legal, rng: end)
    res = play_game(2, 1, "random")
    assert res.failure == f"illegal action from random: {end}"
    assert res.decisions == 0


def test_no_legal_action_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "legal_actions", lambda st: ())
    assert play_game(2, 1).failure == "no legal action"


def test_invalid_state_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "validate", lambda st: ["3 Fire tiles missing"])
    assert play_game(2, 1, check="final").failure == "invalid: 3 Fire tiles missing"
    assert play_game(2, 1, check="all").failure == "invalid: 3 Fire tiles missing"
    assert play_game(2, 1, check="none").failure is None


def test_watched_events_are_counted() -> None:
    s = summarise(4, ("baseline",) * 4, simulate.play_many(4, 30, 0))
    assert s.failures == 0
    assert s.watched_games["bonus_lost: rock"] > 0
    assert sum(s.watched_games.values()) > 0
    assert all(k.split(":")[0] in simulate.WATCHED_EVENTS for k in s.watched)


@pytest.mark.parametrize("players", [2, 4])
def test_the_loop_counts_what_every_event_of_the_game_shows(players: int) -> None:
    """The loop keeps only the events it counts (``KindsOnly``): its watched and counted
    figures are those of the whole event stream of the same game, replayed with
    ``apply``."""
    from collections import Counter

    from living_forest.core import GameOptions, apply, new_game

    kodama = GameOptions(("kodama",))
    total: Counter[str] = Counter()
    for seed in range(6):
        r = play_game(players, seed, "baseline", record=True, options=kodama)
        assert r.failure is None and r.actions is not None
        seats = [(s.title(), s) for s in simulate.SPIRITS[:players]]
        st, events = new_game(seats, seed, options=kodama)
        every = list(events)
        for a in r.actions:
            st, events = apply(st, a)
            every.extend(events)
        watched: Counter[str] = Counter()
        counted: Counter[str] = Counter()
        counts = report_counts(kodama.modules)
        simulate._watch(every, watched, counted, counts, {})
        assert (r.watched, r.counted) == (watched, counted)
        total += watched + counted
    assert len(total) >= 4  # Kodama calls, animal bonuses, ... and rare paths


def test_parse_bots() -> None:
    assert parse_bots("random", 3) == ("random",) * 3
    assert parse_bots("baseline, random", 2) == ("baseline", "random")
    with pytest.raises(ValueError, match="unknown bot 'x'"):
        parse_bots("x", 2)
    with pytest.raises(ValueError, match="lists 3 bots for 2 players"):
        parse_bots("random,random,random", 2)


def test_workers_play_the_same_games_in_the_same_order() -> None:
    one = list(play_many(3, 6, 40, "baseline,random,baseline"))
    two = list(play_many(3, 6, 40, "baseline,random,baseline", workers=2))
    assert [(r.seed, r.rounds, r.winners, r.decisions) for r in one] == [
        (r.seed, r.rounds, r.winners, r.decisions) for r in two
    ]


def test_an_emptied_pile_is_counted_with_the_threshold_its_event_carries() -> None:
    """The count's key and row are made from the event (no threshold written here)."""
    from collections import Counter

    from living_forest.core import Event

    counts = report_counts(("kodama",))
    raised = Event("threshold_raised", None, {"pile": "tree", "condition": "trees", "threshold": 9})
    counted: Counter[str] = Counter()
    examples: dict[str, Event] = {}
    simulate._watch([raised], Counter(), counted, counts, examples)
    key = "tree pile emptied (trees -> 9)"
    assert counted == {key: 1} and examples == {key: raised}
    d = {"modules": ["kodama"], "finished": 4, "per_game": {key: 0.25}, "games_with": {key: 1}}
    rows = simulate.count_rows(d, examples)
    assert rows == [("games where the tree pile emptied (trees -> 9)", "1 (25.0%)")]
