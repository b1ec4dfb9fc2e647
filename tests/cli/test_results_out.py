"""``simulate --out`` and ``match --out``: one row per game, read back with pyarrow and
checked against the games replayed here; a run stopped by Ctrl+C leaves a valid file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow.csv as pa_csv
import pyarrow.json as pa_json
import pyarrow.parquet as pq
import pytest

from living_forest.cli import main
from living_forest.core import GameOptions, outcome, rules_for
from living_forest.core.strength import counts
from living_forest.match import MatchSpec
from living_forest.results import MAX_SEATS, PLAYER_COLUMNS, flat_columns
from living_forest.simulate import SPIRITS, play_game
from tests.cpu_time import wait_for_work

PLAYERS, GAMES, SEED = 3, 5, 40


def expected(
    players: int, seed: int, bots: tuple[str, ...], options: GameOptions
) -> dict[str, Any]:
    """The game's row, computed from its final state (not from ``GameResult.row``)."""
    res = play_game(players, seed, bots, keep_state=True, options=options)
    st = res.state
    assert st is not None and res.failure is None
    out = outcome(st)
    assert out is not None
    r = rules_for(options)
    seats = {}
    for turn, p in enumerate(st.players):
        c = counts(r, p)
        seats[p.spirit] = {
            "trees": c.trees,
            "fires": c.fires,
            "flowers": c.flowers,
            "victory_tiles": len(p.victory_tiles),
            "met": "+".join(out.players[turn].met),
        }
    return {
        "seed": seed,
        "first": st.players[0].spirit,
        "rounds": st.round,
        "winners": "+".join(st.players[w].spirit for w in out.winners),
        "decided_by": out.decided_by,
        "seats": [seats[s] for s in SPIRITS[:players]],
    }


def flat_rows(path: Path) -> list[dict[str, Any]]:
    if path.suffix == ".csv":
        # Every column as text, as a spreadsheet would read it; empty cells are None.
        opts = pa_csv.ConvertOptions(column_types=dict.fromkeys(flat_columns(), "string"))
        rows = pa_csv.read_csv(path, convert_options=opts).to_pylist()
        return [{k: (v if v != "" else None) for k, v in row.items()} for row in rows]
    return pq.read_table(path).to_pylist()


def check_flat(rows: list[dict[str, Any]], want: list[dict[str, Any]], players: int) -> None:
    assert [str(r["seed"]) for r in rows] == [str(w["seed"]) for w in want]
    for row, w in zip(rows, want, strict=True):
        for key in ("first", "winners", "decided_by", "rounds"):
            assert str(row[key]) == str(w[key]), (w["seed"], key)
        for i in range(MAX_SEATS):
            for col in ("trees", "fires", "flowers", "victory_tiles", "met"):
                got = row[f"seat{i + 1}_{col}"]
                if i < players:
                    assert ("" if got is None else str(got)) == str(w["seats"][i][col]), (
                        w["seed"],
                        i,
                        col,
                    )
                else:
                    assert got is None, (w["seed"], i, col)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_simulate_out_writes_every_game_as_a_row(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"games{suffix}"
    workers = "2" if suffix == ".parquet" else "1"  # rows in seed order from processes too
    argv = ["simulate", "-p", str(PLAYERS), "-g", str(GAMES), "--seed", str(SEED), "--json"]
    assert main([*argv, "--workers", workers, "--out", str(path)]) == 0
    bots = ("baseline",) * PLAYERS
    want = [expected(PLAYERS, SEED + g, bots, GameOptions()) for g in range(GAMES)]
    if suffix == ".jsonl":
        rows = pa_json.read_json(path).to_pylist()
        assert [r["seed"] for r in rows] == [w["seed"] for w in want]
        for row, w in zip(rows, want, strict=True):
            assert {k: row[k] for k in ("first", "winners", "decided_by", "rounds")} == {
                k: w[k] for k in ("first", "winners", "decided_by", "rounds")
            }
            assert [{k: s[k] for k in w["seats"][0]} for s in row["seats"]] == w["seats"]
            assert [s["spirit"] for s in row["seats"]] == list(SPIRITS[:PLAYERS])
            assert set(row["seats"][0]) == {c for c, _t, _m in PLAYER_COLUMNS}
    else:
        check_flat(flat_rows(path), want, PLAYERS)


def test_match_out_names_each_seats_bot_as_the_seats_rotate(tmp_path: Path) -> None:
    path = tmp_path / "match.parquet"
    argv = ["match", "--bots", "rules,baseline", "-p", "2", "-g", "4", "--seed", "9", "--json"]
    assert main([*argv, "--out", str(path)]) == 0
    rows = pq.read_table(path).to_pylist()
    spec = MatchSpec(("rules", "baseline"), 2, 4, 9)
    for g, row in enumerate(rows):
        seed, seats = spec.game(g)
        assert row["seed"] == seed
        assert (row["seat1_bot"], row["seat2_bot"]) == seats
        w = expected(2, seed, seats, GameOptions())
        assert row["winners"] == w["winners"] and row["rounds"] == w["rounds"]


def test_a_kodama_row_names_its_rules(tmp_path: Path) -> None:
    path = tmp_path / "k.jsonl"
    assert main(["simulate", "-g", "1", "--kodama", "--json", "--out", str(path)]) == 0
    (row,) = pa_json.read_json(path).to_pylist()
    assert row["rules"] == "+".join(GameOptions(("kodama",)).modules)


def test_an_unknown_suffix_is_a_usage_error_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "-g", "1", "--out", str(tmp_path / "games.xlsx")])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "games.xlsx" in err and ".parquet" in err and "Traceback" not in err
    assert not (tmp_path / "games.xlsx").exists()


def test_parquet_without_pyarrow_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow fails
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "-g", "1", "--out", str(tmp_path / "g.parquet")])
    assert stop.value.code == 2
    assert "living-forest[analysis]" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_ctrl_c_leaves_a_valid_file_of_the_games_finished(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"long{suffix}"
    cmd = [sys.executable, "-m", "living_forest", "simulate", "-g", "100000", "--seed", "3"]
    proc = subprocess.Popen(
        [*cmd, "--json", "--out", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LIVING_FOREST_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        deadline = time.monotonic() + 120
        # CSV rows reach the file as they finish: wait for a few. Parquet keeps its
        # current group in memory until closed: once the file is open (the games begin),
        # a few games' work (a game takes a few ms of CPU time).
        while time.monotonic() < deadline:
            if suffix == ".csv" and path.exists() and path.read_text().count("\n") >= 4:
                break
            if suffix == ".parquet" and path.exists():
                wait_for_work([proc.pid], 0.3)
                break
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode != 0 and "Traceback" not in err
    rows = flat_rows(path)
    assert rows, "no game finished before Ctrl+C"
    assert [int(r["seed"]) for r in rows] == list(range(3, 3 + len(rows)))
