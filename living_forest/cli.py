"""Command line: ``living-forest`` (the Textual app), ``simulate``, ``match``, ``replay``,
``view`` and ``serve`` (the app in a browser).

Textual is imported only when the app starts, so ``simulate``, ``replay`` and
``--help`` stay light. Rich is imported only to draw the reports of ``simulate`` and
``match``, whose tables the modules they report on make (:mod:`living_forest.report`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .collector import collect_less_often
from .datadir import pin_data_dir
from .i18n import (
    LANGUAGES,
    N_,
    LanguageError,
    _,
    choose_language,
    ngettext,
    set_language,
)
from .module_flags import add_module_flags, flagged_modules, installed_names
from .text import printable

if TYPE_CHECKING:
    from .core import GameOptions
    from .report import Report
    from .results import Sink

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("living-forest")
    except PackageNotFoundError:
        return _("unknown (not installed)")


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, in the current language: build it after the language
    is chosen (its help texts are translated here, not at import)."""
    p = argparse.ArgumentParser(
        prog="living-forest",
        description=_("Living Forest in your terminal. With no command, starts the game."),
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    p.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=_("language of the game: en, de or fr (default: the settings, else LANG)"),
    )
    start = p.add_mutually_exclusive_group()
    start.add_argument("--load", metavar="FILE", type=Path, help=_("open a saved game"))
    start.add_argument(
        "--continue",
        dest="continue_latest",
        action="store_true",
        help=_("continue the last game (autosave)"),
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser(
        "simulate",
        help=_("play bot games headless and print statistics"),
        description=_(
            "Play G bot games; game g uses engine seed S+g and a bot rng seeded S+g. "
            "Seats are winter, spring, summer, autumn in table order."
        ),
    )
    sim.add_argument(
        "--bots",
        default="baseline",
        # i18n: the bot names (random, baseline, search:N…) are what the player types: keep
        help=_(
            "a bot for every seat or a comma list per seat: random, baseline, easy, medium, "
            "hard, or search:N / search:Ts (default baseline)"
        ),
    )
    sim.add_argument(
        "--round-cap",
        type=_positive,
        default=300,
        help=_("a game still running after this round counts as stuck (default 300)"),
    )
    sim.add_argument(
        "--plot",
        action="store_true",
        help=_("also draw the distributions in the terminal (rounds, conditions, seats)"),
    )
    _games_arguments(sim)

    mat = sub.add_parser(
        "match",
        # i18n: "%%" is a percent sign (argparse help texts need it doubled): keep "%%"
        help=_("a tournament between bots: win rates with 95%% intervals"),
        # i18n: the bot names (random, baseline, greedy, search_quick, search:N…) are what
        # i18n: the player types: keep them
        description=_(
            "Play G games between bots. Seeds are shared and seats rotated: game g "
            "uses seed S + g // players with the line-up turned g % players seats, so each "
            "seed is played from every seat. Bots: random, baseline, rules, easy (greedy), "
            "medium (search_quick), hard (search), search:N (N deals a move), search:Ts (CPU "
            "seconds a move), and the levels' predecessors greedy_v1, greedy_v2, "
            "search_quick_v1, search_quick_v2, search_quick_v3, search_v1, search_v1:N."
        ),
    )
    mat.add_argument(
        "--stats",
        action="store_true",
        help=_(
            "also print how each bot plays, per game: cards revealed, forced stops, cards "
            "attracted, actions by type, Victory tiles stolen and lost, Varans, Fragments"
        ),
    )
    mat.add_argument(
        "--bots",
        default="greedy,baseline",
        help=_(
            "the line-up, one bot per seat; a shorter list repeats its last bot "
            "(greedy,baseline in 4 players = greedy against three baseline bots)"
        ),
    )
    _games_arguments(mat)

    rep = sub.add_parser(
        "replay",
        help=_("print a saved game as numbered sentences"),
        description=_("Replay a save file from its seed and action log and print what happened."),
    )
    rep.add_argument("file", type=Path, metavar="FILE.json")

    view = sub.add_parser(
        "view",
        help=_("watch a saved game on the board, step by step"),
        # i18n: "p" is the key to press: keep it
        description=_(
            "Open a save file in the replay viewer: the board, read-only, with the "
            "log following the position (arrows step; p plays on from a position as a new "
            "game)."
        ),
    )
    view.add_argument("file", type=Path, metavar="FILE.json")

    srv = sub.add_parser(
        "serve",
        help=_("play in a web browser (on this computer)"),
        description=_(
            "Serve the game to a web browser through textual-serve: open the address "
            "it prints. Each browser tab is a game of its own, hot-seat as in the terminal; "
            "each browser keeps its saves in a folder of its own under the save folder. "
            "Ctrl+C stops the server and every tab's game (autosaved)."
        ),
    )
    srv.add_argument("--port", type=_port, default=8000, help=_("port to listen on (default 8000)"))
    srv.add_argument(
        "--host",
        default="localhost",
        help=_(
            "address to listen on (default localhost: this computer only). With another "
            "address the server prints a secret token in its address: who has it can play, "
            "each browser in a folder of its own under the save folder"
        ),
    )
    srv.add_argument(
        "--max-tabs",
        type=_positive,
        default=8,
        metavar="N",
        help=_("browser tabs playing at once, at most (default 8; the next one is asked to wait)"),
    )
    srv.add_argument(
        "--public-url",
        metavar="URL",
        help=_(
            "the address browsers use, when it is not http://HOST:PORT (with --host 0.0.0.0 "
            "the default is this computer's name)"
        ),
    )
    return p


def _games_arguments(cmd: argparse.ArgumentParser) -> None:
    """What ``simulate`` and ``match`` share: how many games of what, and the output.
    A bad value found after parsing (a bot name) is reported with the command's usage."""
    cmd.set_defaults(command_parser=cmd)
    cmd.add_argument("--players", "-p", type=int, choices=(2, 3, 4), default=2)
    cmd.add_argument("--games", "-g", type=_positive, default=100)
    cmd.add_argument("--seed", "-s", type=_natural, default=0)
    cmd.add_argument(
        "--workers",
        "-w",
        type=_workers,
        default=1,
        help=_("processes (default 1; never more than games)"),
    )
    cmd.add_argument(
        "--cluster",
        type=_cluster,
        metavar="ADDRESS",
        # i18n: tcp://HOST:8786, local:N and the pip command are as typed: keep them
        help=_(
            "play the games on a Dask cluster instead: its scheduler's address "
            "(tcp://HOST:8786), or local:N for N workers on this machine; needs "
            "pip install 'living-forest[cluster]'"
        ),
    )
    cmd.add_argument(
        "--modules",
        default="",
        metavar="LIST",
        # i18n: {names}: the installed rules modules' names ("kodama")
        help=_(
            "rules modules on, a comma list (installed: {names}); default: the base game"
        ).format(names=", ".join(installed_names()) or "-"),
    )
    add_module_flags(cmd)
    cmd.add_argument("--json", action="store_true", help=_("print one JSON object, no table"))
    cmd.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        # i18n: .csv, .jsonl and .parquet are file suffixes, as typed
        help=_("also write every game as a row to FILE: .csv, .jsonl or .parquet"),
    )


def _whole_number(lowest: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``lowest``."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number").format(text=repr(text))
            ) from None
        if v < lowest:
            raise argparse.ArgumentTypeError(
                _("must be at least {lowest}, not {value}").format(lowest=lowest, value=v)
            )
        return v

    return parse


_positive = _whole_number(1)
_natural = _whole_number(0)


def _workers(text: str) -> int:
    """``--workers``: at least 1, at most :data:`~living_forest.parallel.MAX_WORKERS` (each
    is a process started up front)."""
    v = _positive(text)
    from .parallel import MAX_WORKERS

    if v > MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            # i18n: {most} is the largest number of worker processes allowed
            _("at most {most} processes, not {value}").format(most=MAX_WORKERS, value=v)
        )
    return v


def _cluster(text: str) -> str:
    """``--cluster``: a Dask scheduler's address or ``local:N``."""
    from .parallel import cluster_address

    try:
        return cluster_address(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _port(text: str) -> int:
    v = _whole_number(1)(text)
    if v > 65535:
        raise argparse.ArgumentTypeError(
            _("a port is at most {highest}, not {value}").format(highest=65535, value=v)
        )
    return v


def complain(message: object) -> None:
    """One line on stderr, cleaned of control characters: a message may quote a file's
    name or words (``ESC ] 0 ; … BEL`` would set the terminal's title)."""
    print(f"living-forest: {printable(str(message))}", file=sys.stderr)


EXIT_INTERRUPTED = 128 + 2  # as a shell reports a program ended by Ctrl+C (SIGINT)


def run() -> int:
    """The program (``living-forest``, ``python -m living_forest``): :func:`main` on the
    command line's words; the process then ends. What it built is left to the end of
    the process, not swept by the collector first: the interpreter's last collection
    walks every object left (Dask's, the rules' caches), 0.19 s after a run on a local
    cluster, 0.07 s after one in processes, against 0.02 s without (measured on
    ``simulate -p 2 -g 300``). Exit functions still run, and what its last reference
    frees; what only a cycle holds is freed with the process (its files were closed by
    their owners: ``--out``'s sink, the saves). Garbage is collected less often
    meanwhile (:mod:`living_forest.collector`)."""
    collect_less_often()
    code = main()
    gc.freeze()  # whatever the collector tracks now, it never walks again
    return code


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `living-forest simulate --json | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:  # Ctrl+C in a long simulate, match or load: one line
        # i18n: said when Ctrl+C stops a command (simulate, match, a load)
        message = _("interrupted")
        complain(message)
        return EXIT_INTERRUPTED


# argparse's own words (Python 3.11), for the catalogue: argparse looks them up with
# gettext, which start_language() points at ours. A Python whose argparse words differ
# shows those in English.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def start_language(argv: Sequence[str]) -> None:
    """Choose the language before anything is said: ``--lang`` (read ahead of the
    parser, whose help texts are in that language), the settings, ``LC_ALL``/``LANG``.
    A broken settings file or catalogue is one sentence on stderr, then English."""
    from .settings import load_settings

    pre = argparse.ArgumentParser(add_help=False, prog="living-forest", exit_on_error=False)
    pre.add_argument("--lang")
    try:
        flag = pre.parse_known_args(argv)[0].lang
    except argparse.ArgumentError:  # a bare --lang: the real parser says so, in words
        flag = None
    settings, problem = load_settings()
    lang = choose_language(flag if flag in LANGUAGES else None, settings.language)
    try:
        set_language(lang)
    except LanguageError as e:
        complain(e)
    if problem:  # said again, now in the language chosen
        problem = load_settings()[1]
    # argparse's help and errors ("usage:", "invalid choice") in the same language: it
    # calls the module's gettext functions by name when it speaks.
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    if problem:
        complain(problem)


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    pin_data_dir()  # a relative LIVING_FOREST_DATA_DIR means the folder started in
    start_language(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in ("simulate", "match") and args.cluster and args.workers > 1:
        args.command_parser.error(
            # i18n: --cluster and --workers are options, as typed: keep them
            _("--cluster and --workers are two ways to play games in parallel: give one")
        )
    if args.command == "simulate":
        from .simulate import parse_bots, parse_modules

        try:
            bots = parse_bots(args.bots, args.players)
            options = parse_modules(args.modules, also=flagged_modules(args))
        except ValueError as e:
            args.command_parser.error(str(e))
        return _in_parallel(cmd_simulate, args, bots, options)
    if args.command == "match":
        from .match import parse_spec
        from .simulate import parse_modules

        try:
            options = parse_modules(args.modules, also=flagged_modules(args))
            spec = parse_spec(
                args.bots,
                args.players,
                args.games,
                args.seed,
                options,
                args.stats,
                rows=args.out is not None,
            )
        except ValueError as e:
            args.command_parser.error(str(e))
        return _in_parallel(cmd_match, args, spec)
    if args.command == "replay":
        return cmd_replay(args.file)
    if args.command == "view":
        return run_app(None, False, view=args.file)
    if args.command == "serve":
        return cmd_serve(args.host, args.port, args.public_url, args.lang, args.max_tabs)
    return run_app(args.load, args.continue_latest)


# --- the app ------------------------------------------------------------------------


def run_app(load: Path | None, continue_latest: bool, *, view: Path | None = None) -> int:
    for path in (load, view):
        if path is not None:
            from .persistence import SaveError, load_game

            try:
                load_game(path)
            except SaveError as e:
                message = _("cannot load: {error}").format(error=e)
                complain(message)
                return EXIT_FAIL
    import importlib

    try:
        run = importlib.import_module("living_forest.tui.app").run
    except (ImportError, AttributeError) as e:
        message = _(
            "the terminal app is not available yet ({error}); "
            "try `living-forest simulate` or `living-forest replay FILE`"
        ).format(error=e)
        complain(message)
        return EXIT_FAIL
    code = run(load=load, continue_latest=continue_latest, view=view)
    return int(code or 0)


# --- serve --------------------------------------------------------------------------


def serve_argv(lang: str | None = None) -> list[str]:
    """The command textual-serve runs for each browser tab: this Python, this package's
    app (so it works from a checkout's .venv as from an installed copy); with ``--lang``
    when the server was given one (else each tab follows its settings and LANG, as a
    terminal would)."""
    argv = [sys.executable, "-m", "living_forest"]
    return [*argv, "--lang", lang] if lang else argv


def serve_command(lang: str | None = None) -> str:
    """:func:`serve_argv` as one shell command."""
    import shlex

    return shlex.join(serve_argv(lang))


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


def cmd_serve(
    host: str,
    port: int,
    url: str | None = None,
    lang: str | None = None,
    max_tabs: int = 8,
) -> int:
    """``living-forest serve``: the app in browser tabs, hardened against hostile
    tabs (see ``serve.py``). Off this computer (``--host`` not loopback) a token is required."""
    import secrets
    import socket

    # A port in use is a sentence, not a traceback from deep in aiohttp. The check binds
    # the address as aiohttp will (SO_REUSEADDR on POSIX) but never listens on it: a
    # browser (or a test) that connected to it would be dropped when it closes, before
    # the real server listens.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family) as probe:
            if os.name == "posix":
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        message = _("cannot serve on {host}:{port}: {reason}").format(
            host=host, port=port, reason=e.strerror or e
        )
        complain(message)
        return EXIT_FAIL
    try:
        from .serve import GameServer, is_loopback
    except ImportError as e:
        message = _("textual-serve is not installed ({error})").format(error=e)
        complain(message)
        return EXIT_FAIL
    from .persistence import default_save_dir

    GameServer(
        serve_argv(lang),
        host=host,
        port=port,
        data_dir=default_save_dir(),
        public_url=public_url(host, port, url),
        max_tabs=max_tabs,
        token=None if is_loopback(host) else secrets.token_urlsafe(18),
    ).serve()
    return EXIT_OK


# --- replay -------------------------------------------------------------------------


def cmd_replay(path: Path) -> int:
    from .core import describe
    from .persistence import SaveError, load_game, replay_states

    try:
        rec, _final = load_game(path)
        lines: list[str] = []
        prev = None
        width = len(str(len(rec.actions)))
        for step, st in replay_states(rec):
            if step.action is None:
                setup = _("Setup (seed {seed})").format(seed=rec.seed)
                lines.append(f"{0:>{width}}. {setup}")
            else:
                assert prev is not None
                who = prev.players[prev.current].name
                lines.append(f"{step.number:>{width}}. {who}: {step.action}")
            lines.extend(f"{'':>{width}}  {describe(e, st)}" for e in step.events)
            prev = st
    except SaveError as e:
        complain(e)
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
        return nullcontext(lambda *_args: None)
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
            yield lambda *_args: progress.advance(task)

    return bar()


def _in_parallel(command: Callable[..., int], args: argparse.Namespace, *more: Any) -> int:
    """``simulate`` or ``match``: a cluster that cannot be used (Dask missing, the
    scheduler unreachable, a batch lost for good) is one line and exit 1."""
    from .parallel import ClusterError

    try:
        return command(args, *more)
    except ClusterError as e:
        complain(e)
        return EXIT_FAIL


def cmd_match(args: argparse.Namespace, spec: Any) -> int:
    from .match import match_report, run, style_report
    from .parallel import executor

    with (
        _rows_out(args) as out,
        executor(args.workers, args.cluster) as where,
        _progress(_("playing"), spec.games, not args.json and sys.stdout.isatty()) as tick,
    ):
        report = run(spec, where, tick, out=out)
    data = report.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        tables = [match_report(data)]
        if "style_by_bot" in data:
            tables.append(style_report(data["style_by_bot"], spec.options))
        print_reports(tables)
    return EXIT_FAIL if report.summary.failures else EXIT_OK


def print_reports(reports: Sequence[Report]) -> None:
    """Draw report tables (:mod:`living_forest.report`) with Rich, each followed by
    its lines."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for report in reports:
        t = Table(title=report.title)
        for col in report.columns:
            t.add_column(col.heading, justify=col.justify)
        for row in report.rows:
            t.add_row(*row.cells, style=row.style)
        console.print(t)
        for line in report.lines:
            console.print(line.text, markup=line.markup)


@contextlib.contextmanager
def _rows_out(args: argparse.Namespace) -> Iterator[Sink | None]:
    """``--out FILE``'s sink, opened before the games start (a bad name is a usage error)
    and closed however they end: Ctrl+C leaves a valid file of the games finished."""
    if args.out is None:
        yield None
        return
    from .results import RowsError, open_rows

    try:
        sink = open_rows(args.out)
    except RowsError as e:
        args.command_parser.error(str(e))
    try:
        yield sink
    finally:
        sink.close()


def cmd_simulate(args: argparse.Namespace, bots: tuple[str, ...], options: GameOptions) -> int:
    from .parallel import executor
    from .results import written
    from .simulate import play_many, summarise, summary_report

    with (
        _rows_out(args) as out,
        executor(args.workers, args.cluster) as where,
        _progress(_("simulating"), args.games, not args.json and sys.stdout.isatty()) as tick,
    ):
        results = play_many(
            args.players,
            args.games,
            args.seed,
            bots,
            workers=where,
            round_cap=args.round_cap,
            options=options,
            row=args.out is not None,
        )
        summary = summarise(args.players, bots, written(out, results), tick)
    data = summary.to_json()
    data["seed"] = args.seed
    data["modules"] = list(options.modules)
    if args.json:
        print(json.dumps(data))  # --plot or not: the JSON alone, for scripts
    else:
        print_reports([summary_report(data, summary.count_examples)])
        if args.plot:
            from .plots import simulate_plots

            colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
            width = min(100, shutil.get_terminal_size((80, 24)).columns - 2)
            print(simulate_plots(summary, width=width, colour=colour))
    return EXIT_FAIL if summary.failures else EXIT_OK


if __name__ == "__main__":
    raise SystemExit(run())
