"""Command line: ``living-forest`` (the Textual app), ``simulate``, ``match``, ``replay``,
``view`` and ``serve`` (the app in a browser).

Textual is imported only when the app starts, so ``simulate``, ``replay`` and
``--help`` stay light. Rich is imported only for the simulate report.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import GameOptions

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("living-forest")
    except PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="living-forest",
        description="Living Forest in your terminal. With no command, starts the game.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--load", metavar="FILE", type=Path, help="open a saved game")
    start.add_argument(
        "--continue",
        dest="continue_latest",
        action="store_true",
        help="continue the last game (autosave)",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser(
        "simulate",
        help="play bot games headless and print statistics",
        description="Play G bot games; game g uses engine seed S+g and a bot rng seeded S+g. "
        "Seats are winter, spring, summer, autumn in table order.",
    )
    sim.add_argument(
        "--bots",
        default="baseline",
        help="a bot for every seat or a comma list per seat: random, baseline, easy, medium, "
        "hard, or search:N / search:Ts (default baseline)",
    )
    sim.add_argument(
        "--round-cap",
        type=_positive,
        default=300,
        help="a game still running after this round counts as stuck (default 300)",
    )
    sim.add_argument(
        "--plot",
        action="store_true",
        help="also draw the distributions in the terminal (rounds, conditions, seats)",
    )
    _games_arguments(sim)

    mat = sub.add_parser(
        "match",
        help="a tournament between bots: win rates with 95%% intervals",
        description="Play G games between bots. Seeds are shared and seats rotated: game g "
        "uses seed S + g // players with the line-up turned g % players seats, so each "
        "seed is played from every seat. Bots: random, baseline, easy (greedy), medium "
        "(search_quick), hard (search, 1 s a move), search:N (N deals a move), search:Ts.",
    )
    mat.add_argument(
        "--bots",
        default="greedy,baseline",
        help="the line-up, one bot per seat; a shorter list repeats its last bot "
        "(greedy,baseline in 4 players = greedy against three baseline bots)",
    )
    _games_arguments(mat)

    rep = sub.add_parser(
        "replay",
        help="print a saved game as numbered sentences",
        description="Replay a save file from its seed and action log and print what happened.",
    )
    rep.add_argument("file", type=Path, metavar="FILE.json")

    view = sub.add_parser(
        "view",
        help="watch a saved game on the board, step by step",
        description="Open a save file in the replay viewer: the board, read-only, with the "
        "log following the position (arrows step; p plays on from a position as a new game).",
    )
    view.add_argument("file", type=Path, metavar="FILE.json")

    srv = sub.add_parser(
        "serve",
        help="play in a web browser (on this computer)",
        description="Serve the game to a web browser through textual-serve: open the address "
        "it prints. Each browser tab is a game of its own, hot-seat as in the terminal; saves "
        "go where the terminal game keeps them. Ctrl+C stops the server.",
    )
    srv.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    srv.add_argument(
        "--host",
        default="localhost",
        help="address to listen on (default localhost: this computer only). Anyone who can "
        "reach another address plays, saves and loads files on this computer as you",
    )
    srv.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers use, when it is not http://HOST:PORT (with --host 0.0.0.0 "
        "the default is this computer's name)",
    )
    return p


def _games_arguments(cmd: argparse.ArgumentParser) -> None:
    """What ``simulate`` and ``match`` share: how many games of what, and the output.
    A bad value found after parsing (a bot name) is reported with the command's usage."""
    cmd.set_defaults(command_parser=cmd)
    cmd.add_argument("--players", "-p", type=int, choices=(2, 3, 4), default=2)
    cmd.add_argument("--games", "-g", type=_positive, default=100)
    cmd.add_argument("--seed", "-s", type=_natural, default=0)
    cmd.add_argument("--workers", "-w", type=_positive, default=1, help="processes (default 1)")
    cmd.add_argument(
        "--modules",
        default="",
        metavar="LIST",
        help="rules modules on, a comma list (e.g. kodama); default: the base game",
    )
    cmd.add_argument(
        "--kodama", action="store_true", help="play with the Kodama expansion (= --modules kodama)"
    )
    cmd.add_argument("--json", action="store_true", help="print one JSON object, no table")


def _whole_number(lowest: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``lowest``."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if v < lowest:
            raise argparse.ArgumentTypeError(f"must be at least {lowest}, not {v}")
        return v

    return parse


_positive = _whole_number(1)
_natural = _whole_number(0)


def _port(text: str) -> int:
    v = _whole_number(1)(text)
    if v > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, not {v}")
    return v


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `living-forest simulate --json | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from .simulate import parse_bots, parse_modules

        try:
            bots = parse_bots(args.bots, args.players)
            options = parse_modules(args.modules, kodama=args.kodama)
        except ValueError as e:
            args.command_parser.error(str(e))
        return cmd_simulate(args, bots, options)
    if args.command == "match":
        from .match import parse_spec
        from .simulate import parse_modules

        try:
            options = parse_modules(args.modules, kodama=args.kodama)
            spec = parse_spec(args.bots, args.players, args.games, args.seed, options)
        except ValueError as e:
            args.command_parser.error(str(e))
        return cmd_match(args, spec)
    if args.command == "replay":
        return cmd_replay(args.file)
    if args.command == "view":
        return run_app(None, False, view=args.file)
    if args.command == "serve":
        return cmd_serve(args.host, args.port, args.public_url)
    return run_app(args.load, args.continue_latest)


# --- the app ------------------------------------------------------------------------


def run_app(load: Path | None, continue_latest: bool, *, view: Path | None = None) -> int:
    for path in (load, view):
        if path is not None:
            from .persistence import SaveError, load_game

            try:
                load_game(path)
            except SaveError as e:
                print(f"living-forest: cannot load: {e}", file=sys.stderr)
                return EXIT_FAIL
    import importlib

    try:
        run = importlib.import_module("living_forest.tui.app").run
    except (ImportError, AttributeError) as e:
        print(
            f"living-forest: the terminal app is not available yet ({e}); "
            "try `living-forest simulate` or `living-forest replay FILE`",
            file=sys.stderr,
        )
        return EXIT_FAIL
    code = run(load=load, continue_latest=continue_latest, view=view)
    return int(code or 0)


# --- serve --------------------------------------------------------------------------


def serve_command() -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this
    package's app (so it works from a checkout's .venv as from an installed copy)."""
    import shlex

    return f"{shlex.quote(sys.executable)} -m living_forest"


def public_url(host: str, port: int, given: str | None = None) -> str | None:
    """Where browsers find the server (textual-serve writes it into the page for its
    WebSocket): ``given``, or for a wildcard address this computer's name (a browser
    cannot connect to 0.0.0.0), else None (textual-serve's http://HOST:PORT)."""
    import socket

    if given:
        return given.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        return f"http://{socket.gethostname()}:{port}"
    return None


def cmd_serve(host: str, port: int, url: str | None = None) -> int:
    """``living-forest serve``: the app in a browser tab (issue 10)."""
    import socket

    try:  # a port in use is a sentence, not a traceback from deep in aiohttp
        with socket.create_server((host, port)):
            pass
    except OSError as e:
        print(f"living-forest: cannot serve on {host}:{port}: {e.strerror or e}", file=sys.stderr)
        return EXIT_FAIL
    try:
        from textual_serve.server import Server
    except ImportError as e:
        print(f"living-forest: textual-serve is not installed ({e})", file=sys.stderr)
        return EXIT_FAIL
    Server(
        serve_command(),
        host=host,
        port=port,
        title="Living Forest",
        public_url=public_url(host, port, url),
    ).serve()
    return EXIT_OK


# --- replay -------------------------------------------------------------------------


def cmd_replay(path: Path) -> int:
    from .core import describe
    from .persistence import SaveError, load_game, replay_states

    try:
        rec, _ = load_game(path)
        lines: list[str] = []
        prev = None
        width = len(str(len(rec.actions)))
        for step, st in replay_states(rec):
            if step.action is None:
                lines.append(f"{0:>{width}}. Setup (seed {rec.seed})")
            else:
                assert prev is not None
                who = prev.players[prev.current].name
                lines.append(f"{step.number:>{width}}. {who}: {step.action}")
            lines.extend(f"{'':>{width}}  {describe(e, st)}" for e in step.events)
            prev = st
    except SaveError as e:
        print(f"living-forest: {e}", file=sys.stderr)
        return EXIT_FAIL
    try:
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `living-forest replay x.json | head`
        sys.stderr.close()
    return EXIT_OK


# --- simulate -----------------------------------------------------------------------


def _progress(label: str, total: int, enabled: bool) -> Any:
    """A Rich progress bar on a terminal (a context manager with ``tick()``), or one that
    does nothing."""
    from contextlib import nullcontext

    if not enabled:
        return nullcontext(lambda *_: None)
    from contextlib import contextmanager

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    @contextmanager
    def bar() -> Any:
        with Progress(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            transient=True,
        ) as progress:
            task = progress.add_task(label, total=total)
            yield lambda *_: progress.advance(task)

    return bar()


def cmd_match(args: argparse.Namespace, spec: Any) -> int:
    from .match import run

    with _progress("playing", spec.games, not args.json and sys.stdout.isatty()) as tick:
        report = run(spec, args.workers, tick)
    data = report.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        _print_match(data)
    return EXIT_FAIL if report.summary.failures else EXIT_OK


def _print_match(d: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    rules = " with " + ", ".join(d["modules"]) if d["modules"] else ""
    t = Table(
        title=f"{d['games']} games{rules}, {d['players']} players, seeds from {d['seed']}, "
        f"line-up {', '.join(d['bots'])} (seats rotated)"
    )
    for col in ("bot", "wins", "win rate", "95% interval", "fair share", "ms per decision"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for bot, wins in d["wins_by_bot"].items():
        lo, hi = d["win_rate_ci_by_bot"][bot]
        ms = 1000 * d["seconds_per_decision_by_bot"].get(bot, 0.0)
        t.add_row(
            bot,
            f"{wins:g}",
            f"{100 * d['win_rate_by_bot'][bot]:.1f}%",
            f"{100 * lo:.1f} to {100 * hi:.1f}%",
            f"{100 * d['fair_share_by_bot'][bot]:.0f}%",
            f"{ms:.2f}",
        )
    console = Console()
    console.print(t)
    mix = ", ".join(f"{c} {n}" for c, n in d["victory_conditions"].items())
    console.print(f"rounds per game (median) {d['rounds_median']:g}; won on: {mix}")
    if d["failures"]:
        console.print(f"[red]{d['failures']} games failed[/]: {d['failure_list'][:5]}")


def cmd_simulate(args: argparse.Namespace, bots: tuple[str, ...], options: GameOptions) -> int:
    from .simulate import play_many, summarise

    results = play_many(
        args.players,
        args.games,
        args.seed,
        bots,
        workers=args.workers,
        round_cap=args.round_cap,
        options=options,
    )
    with _progress("simulating", args.games, not args.json and sys.stdout.isatty()) as tick:
        summary = summarise(args.players, bots, results, tick)
    data = summary.to_json()
    data["seed"] = args.seed
    data["modules"] = list(options.modules)
    if args.json:
        print(json.dumps(data))  # --plot or not: the JSON alone, for scripts
    else:
        _print_summary(data)
        if args.plot:
            from .plots import simulate_plots

            colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
            width = min(100, shutil.get_terminal_size((80, 24)).columns - 2)
            print(simulate_plots(summary, width=width, colour=colour))
    return EXIT_FAIL if summary.failures else EXIT_OK


def _print_summary(d: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    fin = d["finished"] or 1
    rules = " with " + ", ".join(d["modules"]) if d.get("modules") else ""
    t = Table(
        title=f"{d['games']} games{rules}, {d['players']} players, bots {', '.join(d['bots'])}"
    )
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_row("games per second", f"{d['games_per_second']:.1f}")
    t.add_row("µs per decision", f"{d['us_per_decision']:.1f}")
    t.add_row(
        "rounds per game (median, p10, p90)",
        f"{d['rounds_median']:g}, {d['rounds_p10']:g}, {d['rounds_p90']:g}",
    )
    t.add_row(
        "decisions per game (median, mean)",
        f"{d['decisions_per_game_median']:g}, {d['decisions_per_game_mean']:g}",
    )
    for cond, n in d["victory_conditions"].items():
        t.add_row(f"won on {cond}", f"{n} ({pct(n / fin)})")
    t.add_row("ties (shared victories)", str(d["ties"]))
    for pos, rate in d["win_rate_by_position"].items():
        label = "first player" if pos == "1" else f"player {pos} in turn order"
        t.add_row(f"win rate, {label}", pct(rate))
    for seat, rate in d["win_rate_by_seat"].items():
        t.add_row(f"win rate, {seat}", pct(rate))
    for what, mean in d.get("per_game", {}).items():
        if "emptied" not in what:  # those are counted in games below
            t.add_row(f"{what} per game", f"{mean:g}")
    for what, n in d.get("games_with", {}).items():
        if "emptied" in what:
            t.add_row(f"games where the {what}", f"{n} ({pct(n / fin)})")
    for what, n in d["watched_games"].items():
        t.add_row(f"games with {what}", str(n))
    t.add_row("failures", str(d["failures"]), style="bold red" if d["failures"] else None)
    console = Console()
    console.print(t)
    for f in d["failure_list"][:20]:
        console.print(f"failed: seed {f['seed']}: {f['reason']}", markup=False)
    if len(d["failure_list"]) > 20:
        console.print(f"… and {len(d['failure_list']) - 20} more failures")


if __name__ == "__main__":
    raise SystemExit(main())
