"""The command line: simulate --json, replay, the app entry point and --help hygiene."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from living_forest import cli
from living_forest.core import describe
from living_forest.persistence import SCHEMA_VERSION, load_game, replay_record, save_game
from tests.persistence.conftest import play


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --- simulate ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "bots"), [(2, "baseline"), (3, "random"), (4, "baseline")])
def test_simulate_json(capsys: pytest.CaptureFixture[str], players: int, bots: str) -> None:
    code, out, _ = _run(
        [
            "simulate",
            "--players",
            str(players),
            "--games",
            "4",
            "--bots",
            bots,
            "--seed",
            "5",
            "--json",
        ],
        capsys,
    )
    assert code == 0
    data = json.loads(out)  # exactly one JSON object, nothing else
    for key in ("games", "failures", "games_per_second", "rounds_median", "victory_conditions"):
        assert key in data
    assert data["games"] == 4 and data["failures"] == 0 and data["finished"] == 4
    assert data["games_per_second"] > 0 and data["rounds_median"] >= 1
    assert sum(data["victory_conditions"].values()) == 4
    assert set(data["win_rate_by_position"]) == {str(i + 1) for i in range(players)}
    assert data["bots"] == [bots] * players


def test_simulate_is_reproducible_and_mixes_bots(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "3", "--bots", "baseline,random", "--seed", "9", "--json"]
    _, a, _ = _run(argv, capsys)
    _, b, _ = _run(argv, capsys)
    da, db = json.loads(a), json.loads(b)
    for key in (
        "rounds_median",
        "victory_conditions",
        "win_rate_by_seat",
        "decisions_per_game_mean",
    ):
        assert da[key] == db[key]
    assert list(da["win_rate_by_seat"]) == ["winter (baseline)", "spring (random)"]


def test_simulate_table_when_not_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["simulate", "--games", "2"], capsys)
    assert code == 0
    for label in ("games per second", "µs per decision", "rounds per game", "failures", "ties"):
        assert label in out
    assert "win rate, first player" in out


def test_simulate_plot_draws_the_distributions_and_leaves_the_json_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--plot`` adds the rounds, conditions and seats charts under the table (no
    colour codes off a terminal); with --json the output is the same JSON object."""
    argv = ["simulate", "--games", "12", "--seed", "3", "--bots", "baseline,random"]
    _, as_json, _ = _run([*argv, "--json"], capsys)
    _, with_plot, _ = _run([*argv, "--json", "--plot"], capsys)
    a, b = json.loads(as_json), json.loads(with_plot)
    for d in (a, b):
        d.pop("seconds"), d.pop("games_per_second"), d.pop("us_per_decision")
    assert a == b
    code, out, _ = _run([*argv, "--plot"], capsys)
    assert code == 0 and "\x1b[" not in out
    charts = out[out.index("Rounds per game (12 games)") :]
    assert "Won on (share of games)" in charts and "Win rate per seat" in charts
    # Every number of rounds from p10 to p90 is a label of the x axis (the line above
    # "rounds"), and each seat and each condition has its bar.
    lo, hi = a["rounds_p10"], a["rounds_p90"]
    lines = charts.splitlines()
    axis = lines[[x.strip() for x in lines].index("rounds") - 1].split()
    assert all(str(r) in axis for r in range(int(lo), int(hi) + 1))
    assert "winter (baseline)" in charts and "spring (random)" in charts
    assert all(c in charts for c in a["victory_conditions"])
    assert "█" in charts


def test_simulate_plot_puts_each_seats_wins_under_its_own_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first player is drawn (S-2): each bar is the wins of the seat named beside it,
    whichever seat went first (random against baseline, and the other way round)."""
    for bots, strong in (
        ("random,baseline", "spring (baseline)"),
        ("baseline,random", "winter (baseline)"),
    ):
        argv = ["simulate", "--games", "12", "--seed", "3", "--bots", bots]
        _, as_json, _ = _run([*argv, "--json"], capsys)
        rates = json.loads(as_json)["win_rate_by_seat"]
        assert rates[strong] == max(rates.values()) > min(rates.values())
        _, out, _ = _run([*argv, "--plot"], capsys)
        seats = out[out.index("Win rate per seat") :].splitlines()
        bars = {
            label: row.count("█")
            for label in rates
            for row in seats
            if row.lstrip().startswith(label)
        }
        weak = next(label for label in rates if label != strong)
        assert bars[strong] > bars[weak]


def test_simulate_stuck_games_fail_with_nonzero_exit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["simulate", "--games", "2", "--round-cap", "3", "--json"], capsys)
    data = json.loads(out)
    assert code == 1
    assert data["failures"] == 2
    assert [f["reason"] for f in data["failure_list"]] == ["stuck", "stuck"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["simulate", "--bots", "clever"], "unknown bot 'clever'"),
        (["simulate", "--players", "3", "--bots", "baseline,random"], "lists 2 bots for 3"),
        (["simulate", "--players", "5"], "invalid choice: 5"),
        (["simulate", "--games", "0"], "must be at least 1"),
        (["simulate", "--seed", "x"], "'x' is not a whole number"),
    ],
)
def test_simulate_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    assert fragment in capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "match"])
def test_an_unknown_bot_shows_the_usage_of_its_command(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main([command, "--bots", "clever"])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert f"usage: living-forest {command} " in err and "--bots BOTS" in err
    assert f"living-forest {command}: error: unknown bot 'clever'" in err


# --- replay ------------------------------------------------------------------------


def test_replay_prints_numbered_sentences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec, st = play(21, 12)
    path = tmp_path / "g.json"
    save_game(path, rec, st)
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == " 0. Setup (seed 21)"
    headers = [ln for ln in lines if not ln.startswith("    ")]
    assert len(headers) == 13
    for i, (header, action) in enumerate(zip(headers[1:], rec.actions, strict=True), start=1):
        assert header.startswith(f"{i:>2}. ") and header.endswith(f": {action}")
    loaded, final = load_game(path)
    sentences = [describe(e, final) for step in replay_record(loaded) for e in step.events]
    assert [ln.strip() for ln in lines if ln.startswith("    ")] == sentences
    assert any("reveals" in s for s in sentences)


def test_replay_bad_file_is_one_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "living-forest-save", "schema_version": 7}')
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 1 and out == ""
    want = f"has save format version 7; this program reads versions 1 to {SCHEMA_VERSION}"
    assert err.strip().endswith(want)
    assert err.count("\n") == 1
    assert path.read_text() == '{"format": "living-forest-save", "schema_version": 7}'


# --- the app -----------------------------------------------------------------------


def _fake_tui(monkeypatch: pytest.MonkeyPatch, result: int) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    mod = types.ModuleType("living_forest.tui.app")

    def run(*, load: Path | None, continue_latest: bool, view: Path | None = None) -> int:
        call: dict[str, Any] = {"load": load, "continue_latest": continue_latest}
        if view is not None:
            call["view"] = view
        calls.append(call)
        return result

    mod.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "living_forest.tui.app", mod)
    return calls


def test_no_command_starts_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_tui(monkeypatch, 3)
    assert cli.main([]) == 3
    assert cli.main(["--continue"]) == 3
    assert calls == [
        {"load": None, "continue_latest": False},
        {"load": None, "continue_latest": True},
    ]


def test_load_checks_the_file_before_starting_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = _fake_tui(monkeypatch, 0)
    rec, st = play(2, 5)
    good = tmp_path / "good.json"
    save_game(good, rec, st)
    assert cli.main(["--load", str(good)]) == 0
    assert calls == [{"load": good, "continue_latest": False}]
    assert cli.main(["--load", str(tmp_path / "missing.json")]) == 1
    assert "cannot load: there is no save file at" in capsys.readouterr().err
    assert len(calls) == 1
    # `view FILE` opens the replay viewer, after the same check.
    assert cli.main(["view", str(good)]) == 0
    assert calls[-1] == {"load": None, "continue_latest": False, "view": good}
    assert cli.main(["view", str(tmp_path / "missing.json")]) == 1
    assert len(calls) == 2


def test_missing_app_is_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "living_forest.tui.app", None)  # import fails
    assert cli.main([]) == 1
    assert "the terminal app is not available yet" in capsys.readouterr().err


def test_load_and_continue_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--load", "x.json", "--continue"])
    assert info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


# --- serve -------------------------------------------------------------------------


def test_serve_on_a_port_in_use_is_one_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.create_server(("localhost", 0)) as busy:
        port = busy.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == cli.EXIT_FAIL
    err = capsys.readouterr().err
    assert f"cannot serve on localhost:{port}" in err
    assert "Traceback" not in err


def test_serve_checks_its_port_without_listening_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI: a test's first page was refused right after it saw the port listening. The
    port check listened for a moment (socket.create_server) long before the server
    did: whoever connected then was dropped. The check now binds only; the server is
    the first to listen."""
    import socket

    from living_forest import serve

    served: list[int] = []  # the port the server was given, once it is made
    listened: list[str] = []  # who listened: the port check, or the server
    real_listen = socket.socket.listen

    def listen(self: socket.socket, *args: Any) -> None:
        listened.append("check" if not served else "server")
        real_listen(self, *args)

    class Server:
        def __init__(self, *args: Any, port: int, **kw: Any) -> None:
            served.append(port)

        def serve(self) -> None:
            with socket.create_server(("localhost", served[0])):  # binds where checked
                pass

    monkeypatch.setattr(socket.socket, "listen", listen)
    monkeypatch.setattr(serve, "GameServer", Server)
    with socket.socket() as s:
        s.bind(("localhost", 0))
        port = s.getsockname()[1]
    assert cli.main(["serve", "--port", str(port)]) == cli.EXIT_OK
    assert served == [port] and listened == ["server"]


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_serve_refuses_a_port_that_is_none(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["serve", "--port", port])
    assert info.value.code == cli.EXIT_USAGE
    assert "argument --port" in capsys.readouterr().err


def test_serve_tells_browsers_an_address_they_can_reach() -> None:
    import socket

    assert cli.public_url("localhost", 8000) is None  # textual-serve's http://localhost:8000
    assert cli.public_url("0.0.0.0", 8001) == f"http://{socket.gethostname()}:8001"
    assert cli.public_url("0.0.0.0", 8001, "https://lf.example/") == "https://lf.example"


def test_serve_runs_this_python_with_the_game_in_each_tab() -> None:
    """Each browser tab runs ``serve_command()``: this interpreter with this package's
    command line (``python -m living_forest``; asked for its version here)."""
    import shlex

    argv = shlex.split(cli.serve_command())
    assert argv[0] == sys.executable and argv[1:] == ["-m", "living_forest"]
    assert shlex.split(cli.serve_command("de"))[1:] == ["-m", "living_forest", "--lang", "de"]
    out = subprocess.run(
        [*argv, "--version"], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.startswith("living-forest ")


# --- the end of the process ---------------------------------------------------------

_END = (
    "import atexit, gc, runpy, sys\n"
    "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0, file=sys.stderr))\n"
    "sys.argv = ['living-forest', *{argv!r}]\n"
    "runpy.run_module('living_forest', run_name='__main__')\n"
)


def test_the_program_ends_without_sweeping_what_it_built(tmp_path: Path) -> None:
    """``python -m living_forest`` and the ``living-forest`` command end through
    :func:`cli.run`: what the command built is left to the end of the process, not
    walked by the collector first (0.19 s of a run on a local cluster, issue 28). Its
    output is whole."""
    rows = tmp_path / "games.jsonl"
    argv = ["simulate", "-g", "3", "--json", "--out", str(rows)]
    out = subprocess.run(
        [sys.executable, "-c", _END.format(argv=argv)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(out.stdout)["games"] == 3
    assert [json.loads(line)["seed"] for line in rows.read_text().splitlines()] == [0, 1, 2]
    assert out.stderr.strip().splitlines()[-1] == "frozen True"
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "living-forest"]
    assert script.value == "living_forest.cli:run"


# --- imports -----------------------------------------------------------------------

_NO_UI = (
    "import sys; from living_forest.cli import main\n"
    "try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
    "print('UI:' + ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & {{'textual'}})))"
)


@pytest.mark.parametrize(
    "argv", [["--help"], ["--version"], ["simulate", "--games", "1", "--json"]]
)
def test_help_version_and_simulate_do_not_import_textual(argv: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _NO_UI.format(argv=argv)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip().splitlines()[-1] == "UI:"
    assert "living-forest" in out.stdout or argv[0] == "simulate"


# --- languages ---------------------------------------------------------------------


def test_lang_flag_speaks_the_language_from_the_help_on(capsys) -> None:
    """``--lang`` is read before the parser is built: its help is in that language."""
    from living_forest import i18n

    with pytest.raises(SystemExit):
        cli.main(["--lang", "de", "--help"])
    german = capsys.readouterr().out
    assert i18n.language() == "de"
    assert i18n._("open a saved game") in german and "open a saved game" not in german
    assert german.startswith(i18n._("usage: ")) and not german.startswith("usage:")  # argparse's
    i18n.set_language("en")
    with pytest.raises(SystemExit) as e:
        cli.main(["--lang", "xx"])
    assert e.value.code == 2 and "invalid choice: 'xx'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        cli.main(["--lang"])  # no value: the real parser's usage and words
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith("usage: living-forest") and "--lang" in err
    with pytest.raises(SystemExit) as e:
        cli.main(["--lang", "fr", "simulate", "--bots", "nobody"])
    err = capsys.readouterr().err
    unknown = i18n._("unknown bot {name}; choose from {choices}").split("{")[0]
    assert e.value.code == 2 and unknown in err and unknown != "unknown bot "


def test_a_save_is_the_same_in_every_language_and_replays_in_any(tmp_path, capsys) -> None:
    """Saves hold ids and numbers, no words: the file written in German is the file
    written in English, and its replay report is told in the language asked for."""
    from living_forest import i18n

    rec, st = play(5, 40)
    files = {}
    for lang in ("en", "de"):
        i18n.set_language(lang)
        files[lang] = tmp_path / f"{lang}.json"
        save_game(files[lang], rec, st)
    i18n.set_language("en")
    texts = {k: json.loads(p.read_text(encoding="utf-8")) for k, p in files.items()}
    for t in texts.values():
        t.pop("saved_at", None)
    assert texts["en"] == texts["de"]
    reports = {}
    for lang in ("en", "fr"):
        code, out, _err = _run(["--lang", lang, "replay", str(files["de"])], capsys)
        assert code == 0
        reports[lang] = out
    _rec, final = load_game(files["de"])
    last = list(replay_record(rec))[-1]
    i18n.set_language("fr")
    assert all(describe(e, final) in reports["fr"] for e in last.events)
    i18n.set_language("en")
    assert all(describe(e, final) in reports["en"] for e in last.events)
    assert reports["en"] != reports["fr"]
    assert len(reports["en"].splitlines()) == len(reports["fr"].splitlines())


def test_match_stats_tells_how_each_bot_plays(capsys: pytest.CaptureFixture[str]) -> None:
    """--stats: per bot and game, the play-style counts; in 2 players what one bot steals
    the other loses, and every basic action type played is counted."""
    argv = ["match", "--bots", "rules,random", "-g", "6", "--seed", "2", "--stats"]
    code, out, _ = _run([*argv, "--json"], capsys)
    assert code == 0
    style = json.loads(out)["style_by_bot"]
    rules, rand = style["rules"], style["random"]
    assert rules["Victory tiles stolen"] == rand["Victory tiles lost"]
    assert rules["Victory tiles lost"] == rand["Victory tiles stolen"]
    for s in (rules, rand):
        assert s["cards revealed"] > 0 and s["cards attracted"] >= s["of them solitary"]
        assert any(k.startswith("action: ") and v > 0 for k, v in s.items())
    code, table, _ = _run(argv, capsys)
    assert "How each bot plays" in table and "actions: Plant a Protective Tree" in table


def test_each_installed_module_has_a_flag_of_its_own() -> None:
    """``--kodama`` is made from Kodama's entry point (no module named in the command
    line's code); the flags read the core's entry-point group."""
    from living_forest.cli import build_parser
    from living_forest.core.modules import GROUP, installed
    from living_forest.module_flags import GROUP as FLAGS_GROUP
    from living_forest.module_flags import flagged_modules
    from living_forest.simulate import parse_modules

    assert FLAGS_GROUP == GROUP
    args = build_parser().parse_args(["simulate", "--kodama"])
    assert list(flagged_modules(args)) == ["kodama"] == sorted(installed())
    assert parse_modules(args.modules, also=flagged_modules(args)).modules == ("kodama",)
    plain = build_parser().parse_args(["simulate"])
    assert parse_modules(plain.modules, also=flagged_modules(plain)).modules == ()


def test_the_program_and_its_workers_collect_garbage_less_often() -> None:
    """The command line (every command, the app included), a worker's chunk of
    ``--workers N`` and a cluster worker's batch run with the collector's young
    generation at ``collector.YOUNG``: checked in a fresh interpreter, whose collector
    starts at Python's default (700 on 3.11)."""
    from living_forest.collector import YOUNG

    code = (
        "import gc\n"
        "from living_forest import cli, cluster, parallel\n"
        "default = gc.get_threshold()\n"
        "seen = []\n"
        "cli.main = lambda *a: seen.append(gc.get_threshold()) or 0\n"
        "assert cli.run() == 0\n"
        "gc.set_threshold(*default)\n"
        "chunk, _seconds = parallel._chunk(lambda i: gc.get_threshold(), range(1))\n"
        "gc.set_threshold(*default)\n"
        "_seconds, batch, _code = cluster._batch(lambda i: gc.get_threshold(), range(1))\n"
        "print(default[0], seen[0][0], chunk[0][0], batch[0][0])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    default, *ours = (int(x) for x in out)
    assert default != YOUNG and ours == [YOUNG, YOUNG, YOUNG]
