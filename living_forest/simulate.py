"""The one simulation loop: play a game with bots, and summarise many games.

Used by ``living-forest simulate``, ``bench/run.py`` and ``bench/soak.py``. Imports
no UI library.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

from living_forest.bots import decider, get_bot
from living_forest.core import (
    BASE_GAME,
    Event,
    GameOptions,
    GameState,
    OptionsError,
    Outcome,
    counts,
    legal_actions,
    new_game,
    outcome,
    push,
    rules_for,
    validate,
)
from living_forest.core.events import SOURCE_WORD, WHY_NOT_ADDED, KindsOnly
from living_forest.i18n import N_, _, ngettext
from living_forest.parallel import Executor, in_order
from living_forest.present.views import ReportCount, report_counts
from living_forest.report import Column, Line, Report

SPIRITS = ("winter", "spring", "summer", "autumn")
ROUND_CAP = 300
DECISION_CAP = 100_000

# Rare engine paths worth counting (the official version crashed or stuck on them).
WATCHED_EVENTS = frozenset({"fire_not_added", "bonus_lost"})

Check = Literal["none", "final", "all"]


@dataclass(slots=True)
class GameResult:
    """What happened in one simulated game."""

    seed: int
    players: int
    bots: tuple[str, ...]  # per seat in table order (winter, spring, ...)
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    winners: tuple[int, ...] = ()  # seats in turn order (0 = first player)
    winner_spirits: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()  # victory conditions met by the winners
    shared: bool = False
    failure: str | None = None  # "stuck", "no legal action", "exception: ...", "invalid: ..."
    watched: Counter[str] = field(default_factory=Counter)  # e.g. "fire_not_added: ..."
    counted: Counter[str] = field(default_factory=Counter)  # a module view's ReportCount keys
    count_examples: dict[str, Event] = field(default_factory=dict)  # one event per key
    actions: list[str] | None = None
    state: GameState | None = None
    # Per seat in table order: CPU seconds spent choosing, and decisions taken, by its bot.
    bot_seconds: list[float] = field(default_factory=list)
    bot_decisions: list[int] = field(default_factory=list)
    # Per seat in table order, with ``style``: how the seat played (STYLE keys, and
    # "action: KIND" per basic action type started).
    style: list[Counter[str]] = field(default_factory=list)
    # With ``row``: the game as one row for analysis tools (``results.py``'s schema).
    row: dict[str, Any] | None = None


# How a seat plays (``match --stats``): the keys, in English; :func:`style_word` makes
# the words. Counted from the events of these kinds, and the basic actions started.
CARDS_REVEALED = N_("cards revealed")
FORCED_STOPS = N_("forced stops")
ATTRACTED = N_("cards attracted")
SOLITARY_ATTRACTED = N_("of them solitary")
GREGARIOUS_ATTRACTED = N_("of them gregarious")
TILES_STOLEN = N_("Victory tiles stolen")
TILES_LOST = N_("Victory tiles lost")
VARANS_RECEIVED = N_("Fire Varans received")
FRAGMENTS_USED = N_("Fragments used")
FRAGMENTS_HELD = N_("Fragments held at the end")
STYLE: tuple[str, ...] = (
    CARDS_REVEALED,
    FORCED_STOPS,
    ATTRACTED,
    SOLITARY_ATTRACTED,
    GREGARIOUS_ATTRACTED,
    TILES_STOLEN,
    TILES_LOST,
    VARANS_RECEIVED,
    FRAGMENTS_USED,
    FRAGMENTS_HELD,
)
STYLE_EVENTS = frozenset(
    {
        "card_revealed",
        "forced_stop",
        "animal_attracted",
        "victory_tile_taken",
        "varans_dealt",
        "fragment_used",
    }
)
ACTION_KEY = "action: "  # + the action type's kind


def _count_style(r: Any, events: Iterable[Event], style: list[Counter[str]]) -> None:
    """Each seat's (turn order) play-style counts from the events of STYLE_EVENTS."""
    cards = r.data.cards
    for e in events:
        kind = e.kind
        if kind not in STYLE_EVENTS or e.seat is None:
            continue
        mine = style[e.seat]
        if kind == "card_revealed":
            mine[CARDS_REVEALED] += 1
        elif kind == "forced_stop":
            mine[FORCED_STOPS] += 1
        elif kind == "animal_attracted":
            mine[ATTRACTED] += 1
            symbol = cards[str(e.data["card_id"])].symbol
            if symbol > 0:
                mine[SOLITARY_ATTRACTED] += 1
            elif symbol < 0:
                mine[GREGARIOUS_ATTRACTED] += 1
        elif kind == "victory_tile_taken":
            mine[TILES_STOLEN] += 1
            style[int(e.data["victim_seat"])][TILES_LOST] += 1
        elif kind == "varans_dealt":
            mine[VARANS_RECEIVED] += int(e.data["count"])
        elif kind == "fragment_used":
            mine[FRAGMENTS_USED] += 1


def style_word(key: str, options: GameOptions = BASE_GAME) -> str:
    """A play-style key in words: an action type's name for "action: KIND"."""
    if key.startswith(ACTION_KEY):
        at = rules_for(options).by_kind.get(key[len(ACTION_KEY) :])
        if at is None:
            return key
        # i18n: a row of the play-style table: {action} is an action type's name
        return _("actions: {action}").format(action=_(at.name))
    return _(key)


# Module events counted per game: each module's view says which (``report_counts``),
# by a key in English (the keys of ``simulate --json``) and in words (:func:`count_rows`).
# The victory conditions by their ids ("won on fires"; a game won on two: "fires+trees").
CONDITION_WORD = {"flowers": N_("flowers"), "trees": N_("trees"), "fires": N_("fires")}
# The simulation's seats by their Spirit ids, in lower case ("winter (baseline)").
SPIRIT_WORD = {
    # i18n: a seat of a bot simulation, in lower case as in "winter (baseline)"
    "winter": N_("winter"),
    # i18n: a seat of a bot simulation, in lower case as in "spring (baseline)"
    "spring": N_("spring"),
    # i18n: a seat of a bot simulation, in lower case as in "summer (baseline)"
    "summer": N_("summer"),
    # i18n: a seat of a bot simulation, in lower case as in "autumn (baseline)"
    "autumn": N_("autumn"),
}
# Why a game failed, when it is not a program error (those stay as they are).
FAILURE_WORD = {
    # i18n: a simulated game still running after the round limit
    "stuck": N_("stuck"),
    "no legal action": N_("no legal action"),
}
# i18n: the victory condition of a game whose winners met none (after "won on")
_NO_CONDITION = N_("none")


def _noted(options: GameOptions) -> frozenset[str]:
    """The event kinds a game of ``options`` counts: the rare paths, its modules'."""
    return frozenset(report_counts(options.modules)) | WATCHED_EVENTS


def _watch(
    events: Iterable[Event],
    watched: Counter[str],
    counted: Counter[str],
    counts: Mapping[str, ReportCount],
    examples: dict[str, Event],
) -> None:
    """Count the rare paths ("fire_not_added: the Circle is full", "bonus_lost: rock")
    and the modules' events of ``counts`` (one of each key kept in ``examples``: the
    table's words are made from it)."""
    for e in events:
        count = counts.get(e.kind)
        if count is not None:
            key = count.key(e)
            counted[key] += 1
            examples.setdefault(key, e)
        if e.kind in WATCHED_EVENTS:
            why = str(e.data.get("why", ""))
            watched[f"{e.kind}: {WHY_NOT_ADDED.get(why, why) or e.data.get('source')}"] += 1


def count_rows(d: Mapping[str, Any], examples: Mapping[str, Event]) -> list[tuple[str, str]]:
    """The simulate table's rows of the modules' counts (``d``: :meth:`Summary.to_json`;
    ``examples``: :attr:`Summary.count_examples`): the means per game, then the games
    with one."""
    counts = report_counts(d.get("modules") or ())
    fin = d["finished"] or 1
    per_game, games_with = [], []
    for key, mean in d.get("per_game", {}).items():
        e = examples.get(key)
        count = None if e is None else counts.get(e.kind)
        if e is None or count is None:  # a count no view knows: its key as it is
            # i18n: {what}: module events counted in a game, e.g. "Kodama calls"
            per_game.append((_("{what} per game").format(what=key), f"{mean:g}"))
        elif count.per_game:
            label = _("{what} per game").format(what=count.label(e))
            per_game.append((label, f"{mean:g}"))
        else:
            n = d["games_with"][key]
            games_with.append((count.label(e), f"{n} ({100 * n / fin:.1f}%)"))
    return per_game + games_with


# The rare paths by event id, in words; {why} is the event's reason or the bonus's source.
WATCHED_WORD = {
    "bonus_lost": N_("a bonus lost ({why})"),
    "fire_not_added": N_("a fire not added ({why})"),
}


def watched_word(key: str) -> str:
    """A watched rare path ("fire_not_added: the Circle is full"), in words: "a fire
    not added (the Circle is full)", "a bonus lost (rock)"."""
    kind, _sep, why = key.partition(": ")
    if why in WHY_NOT_ADDED.values():
        why = _(why)
    elif why in SOURCE_WORD:
        why = _(SOURCE_WORD[why])
    template = WATCHED_WORD.get(kind)
    return _(template).format(why=why) if template else key


def condition_word(conditions: str) -> str:
    """The victory conditions a game was won on ("fires", "fires+trees"), in words."""
    if conditions == "none":
        return _(_NO_CONDITION)
    return "+".join(
        _(CONDITION_WORD[c]) if c in CONDITION_WORD else c for c in conditions.split("+")
    )


def seat_word(seat: int, bot: str) -> str:
    """A seat of the simulation by table order, with its bot: "winter (baseline)"."""
    word = SPIRIT_WORD.get(SPIRITS[seat])
    return f"{_(word) if word is not None else SPIRITS[seat]} ({bot})"


def failure_word(reason: str) -> str:
    """Why a game failed, in words where it is not a program's error message."""
    word = FAILURE_WORD.get(reason)
    return _(word) if word is not None else reason


def parse_modules(spec: str, *, also: Iterable[str] = ()) -> GameOptions:
    """A comma list of rules modules, and ``also`` those (a module's own flag), checked
    now, not mid-run."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    names.extend(also)
    options = GameOptions(tuple(names))
    try:
        rules_for(options)
    except OptionsError as e:
        raise ValueError(str(e)) from None
    return options


def too_many_bots(count: int, players: int) -> str:
    """Why a ``--bots`` list does not fit the table."""
    return ngettext(
        "--bots lists {count} bot for {players} players",
        "--bots lists {count} bots for {players} players",
        count,
    ).format(count=count, players=players)


def parse_bots(spec: str, players: int) -> tuple[str, ...]:
    """``"baseline"`` for every seat, or a comma list with one bot per seat."""
    names = tuple(s.strip() for s in spec.split(","))
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(too_many_bots(len(names), players))
    for n in names:
        get_bot(n)  # raises ValueError naming the choices
    return names


def play_game(
    players: int,
    seed: int,
    bots: Sequence[str] | str = "baseline",
    *,
    round_cap: int = ROUND_CAP,
    check: Check = "none",
    record: bool = False,
    keep_state: bool = False,
    options: GameOptions = BASE_GAME,
    style: bool = False,
    row: bool = False,
) -> GameResult:
    """Play one game to the end with bots: engine seed ``seed``, bot rng ``Random(seed)``.

    Seats are winter, spring, summer, autumn in table order. Never raises for a game
    problem: it is reported in ``failure``. ``check="final"`` validates the final state,
    ``"all"`` every state. ``style``: count how each seat plays (``GameResult.style``).
    ``row``: the game as one row (``GameResult.row``, ``results.py``), style counted too.
    """
    style = style or row
    names = parse_bots(bots, players) if isinstance(bots, str) else tuple(bots)
    res = GameResult(seed, players, names)
    by_spirit = {SPIRITS[i]: get_bot(names[i]) for i in range(players)}  # names checked
    actions: list[str] | None = [] if record else None
    t0 = time.perf_counter()
    st: GameState | None = None
    seconds = [0.0] * players  # bots' time and decisions per seat (turn order)
    taken = [0] * players
    table_seat: list[int] = []
    # The moves' events of the kinds counted here, and no others: the rules make only
    # those (``KindsOnly``), all rare.
    counts = report_counts(options.modules)
    noted = _noted(options)
    kept = KindsOnly(noted | STYLE_EVENTS if style else noted)
    styles = [Counter[str]() for _ in range(players)]  # per seat, turn order
    basic_kinds: frozenset[str] = frozenset()
    try:
        st, events = new_game([(s.title(), s) for s in SPIRITS[:players]], seed, options=options)
        seat_bots = [decider(by_spirit[p.spirit]) for p in st.players]
        table_seat = [SPIRITS.index(p.spirit) for p in st.players]
        if style:
            basic_kinds = frozenset(at.kind for at in rules_for(options).action_types if at.basic)
        clock = time.thread_time  # CPU time of this thread: a busy machine does not count
        rng = random.Random(seed)
        check_all = check == "all"
        decisions = 0
        legal = legal_actions(st)
        # the setup's events (a plain list: all of them)
        _watch(events, res.watched, res.counted, counts, res.count_examples)
        while st.phase != "over":
            if check_all and (problems := validate(st)):
                res.failure = f"invalid: {problems[0]}"
                break
            if st.round > round_cap or decisions >= DECISION_CAP:
                res.failure = "stuck"
                break
            if not legal:
                res.failure = "no legal action"
                break
            seat = st.current
            t = clock()
            view, bot = seat_bots[seat]
            action = bot(view(st, seat), legal, rng)
            seconds[seat] += clock() - t
            taken[seat] += 1
            if action not in legal:  # the one check: push trusts its caller
                res.failure = f"illegal action from {names[table_seat[seat]]}: {action}"
                break
            if style and action.kind in basic_kinds and not st.pending and st.basic_left:
                styles[seat][ACTION_KEY + action.kind] += 1
            legal = push(st, action, kept)  # in place: this loop owns st
            decisions += 1
            if actions is not None:
                actions.append(str(action))
        res.decisions = decisions
    except Exception as e:  # a crash is a result, not an abort of the whole run
        res.failure = f"exception: {type(e).__name__}: {e}"
    _watch(kept, res.watched, res.counted, counts, res.count_examples)
    if style and st is not None:
        _count_style(rules_for(options), kept, styles)
        for i, p in enumerate(st.players):
            styles[i][FRAGMENTS_HELD] += p.fragments
    res.seconds = time.perf_counter() - t0
    res.bot_seconds = [0.0] * players  # in table order
    res.bot_decisions = [0] * players
    if style:
        res.style = [Counter[str]() for _ in range(players)]
    for i, table in enumerate(table_seat):
        res.bot_seconds[table] = seconds[i]
        res.bot_decisions[table] = taken[i]
        if style:
            res.style[table] = styles[i]
    out: Outcome | None = None
    if st is not None:
        res.rounds = st.round
        if res.failure is None and check != "none" and (problems := validate(st)):
            res.failure = f"invalid: {problems[0]}"
        out = outcome(st) if res.failure is None else None
        if out is not None:
            res.winners = out.winners
            res.winner_spirits = tuple(st.players[w].spirit for w in out.winners)
            res.conditions = tuple(sorted({m for w in out.winners for m in out.players[w].met}))
            res.shared = out.shared
        if keep_state:
            res.state = st
    if row:
        res.row = _row(res, st, out, options)
    res.actions = actions
    return res


def _row(
    res: GameResult, st: GameState | None, out: Outcome | None, options: GameOptions
) -> dict[str, Any]:
    """``res`` as one row of ``results.py``'s schema (seats in table order); ``out``:
    the game's outcome as :func:`play_game` found it (None after a failure)."""
    r = rules_for(options)
    by_spirit = {p.spirit: (i, p) for i, p in enumerate(st.players)} if st is not None else {}
    seats = []
    for table in range(res.players):
        spirit = SPIRITS[table]
        turn, p = by_spirit.get(spirit, (None, None))
        c = counts(r, p) if p is not None else None
        style = res.style[table] if res.style else Counter[str]()
        seats.append(
            {
                "spirit": spirit,
                "bot": res.bots[table],
                "trees": c.trees if c else None,
                "fires": c.fires if c else None,
                "flowers": c.flowers if c else None,
                "victory_tiles": len(p.victory_tiles) if p is not None else None,
                "varans": style[VARANS_RECEIVED],
                "forced_stops": style[FORCED_STOPS],
                "met": "+".join(out.players[turn].met) if out and turn is not None else "",
            }
        )
    return {
        "seed": res.seed,
        "players": res.players,
        "rules": "+".join(options.modules) or "base",
        "first": st.players[0].spirit if st is not None else "",
        "rounds": res.rounds,
        "winners": "+".join(res.winner_spirits),
        "decided_by": out.decided_by if out else "",
        "conditions": "+".join(res.conditions),
        "failure": res.failure or "",
        "seats": seats,
    }


def play_many(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] | str = "baseline",
    *,
    workers: int | Executor = 1,
    **kw: Any,
) -> Iterator[GameResult]:
    """Game ``g`` uses seed ``seed + g``; with ``workers`` > 1 (or an executor: a Dask
    cluster) the games are played in that many processes and come back in the same
    order, with the same results."""
    job = partial(_play_seed, players, bots, kw)
    return in_order(job, range(seed, seed + games), workers)


def _play_seed(
    players: int, bots: Sequence[str] | str, kw: dict[str, Any], seed: int
) -> GameResult:
    return play_game(players, seed, bots, **kw)


# --- summaries ----------------------------------------------------------------------


def median(values: Iterable[int]) -> float:
    return _percentile(sorted(values), 0.5)


def _percentile(sorted_vals: Sequence[int], p: float) -> float:
    if not sorted_vals:
        return 0.0
    k = (len(sorted_vals) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (k - lo)


@dataclass(slots=True)
class Summary:
    players: int
    bots: tuple[str, ...]
    games: int = 0
    failures: int = 0
    failure_list: list[tuple[int, str]] = field(default_factory=list)  # (seed, reason)
    wall_seconds: float = 0.0
    game_seconds: float = 0.0
    decisions: int = 0
    rounds: list[int] = field(default_factory=list)
    decisions_per_game: list[int] = field(default_factory=list)
    victory_conditions: Counter[str] = field(default_factory=Counter)
    ties: int = 0
    wins_by_position: Counter[int] = field(default_factory=Counter)  # 0 = first player
    wins_by_spirit: Counter[str] = field(default_factory=Counter)
    watched: Counter[str] = field(default_factory=Counter)  # total events
    watched_games: Counter[str] = field(default_factory=Counter)  # games with >= 1
    counted: Counter[str] = field(default_factory=Counter)  # module events, in all games
    counted_games: Counter[str] = field(default_factory=Counter)  # games with >= 1
    count_examples: dict[str, Event] = field(default_factory=dict)  # one event per key

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.game_seconds += r.seconds
        if r.failure is not None:
            self.failures += 1
            self.failure_list.append((r.seed, r.failure))
        else:
            self.decisions += r.decisions
            self.rounds.append(r.rounds)
            self.decisions_per_game.append(r.decisions)
            self.victory_conditions["+".join(r.conditions) or "none"] += 1
            self.ties += r.shared
            for w in r.winners:
                self.wins_by_position[w] += 1
            for s in r.winner_spirits:
                self.wins_by_spirit[s] += 1
        self.watched.update(r.watched)
        self.watched_games.update(r.watched.keys())
        if r.failure is None:
            self.counted.update(r.counted)
            self.counted_games.update(r.counted.keys())
            for key, e in r.count_examples.items():
                self.count_examples.setdefault(key, e)

    @property
    def finished(self) -> int:
        return self.games - self.failures

    @property
    def games_per_second(self) -> float:
        t = self.wall_seconds or self.game_seconds
        return self.games / t if t else 0.0

    @property
    def us_per_decision(self) -> float:
        return 1e6 * self.game_seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        rounds = sorted(self.rounds)
        dec = sorted(self.decisions_per_game)
        fin = self.finished or 1
        return {
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "finished": self.finished,
            "failures": self.failures,
            "failure_list": [{"seed": s, "reason": why} for s, why in self.failure_list],
            "seconds": round(self.wall_seconds or self.game_seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "us_per_decision": round(self.us_per_decision, 1),
            "rounds_median": _percentile(rounds, 0.5),
            "rounds_p10": _percentile(rounds, 0.1),
            "rounds_p90": _percentile(rounds, 0.9),
            "decisions_per_game_median": _percentile(dec, 0.5),
            "decisions_per_game_mean": round(statistics.fmean(dec), 1) if dec else 0.0,
            "victory_conditions": dict(self.victory_conditions.most_common()),
            "ties": self.ties,
            "win_rate_by_position": {
                str(i + 1): round(self.wins_by_position[i] / fin, 4) for i in range(self.players)
            },
            "win_rate_by_seat": {
                f"{SPIRITS[i]} ({self.bots[i]})": round(self.wins_by_spirit[SPIRITS[i]] / fin, 4)
                for i in range(self.players)
            },
            "watched_events": dict(sorted(self.watched.items())),
            "watched_games": dict(sorted(self.watched_games.items())),
            **(
                {
                    "per_game": {k: round(v / fin, 2) for k, v in sorted(self.counted.items())},
                    "games_with": dict(sorted(self.counted_games.items())),
                }
                if self.counted
                else {}
            ),
        }


def summarise(
    players: int,
    bots: Sequence[str],
    results: Iterable[GameResult],
    on_result: Callable[[GameResult], None] | None = None,
) -> Summary:
    """Collect results (timing the wall clock) into a :class:`Summary`."""
    s = Summary(players, tuple(bots))
    t0 = time.perf_counter()
    for r in results:
        s.add(r)
        if on_result is not None:
            on_result(r)
    s.wall_seconds = time.perf_counter() - t0
    return s


def summary_report(d: Mapping[str, Any], examples: Mapping[str, Event]) -> Report:
    """The simulate table (``d``: :meth:`Summary.to_json` with the seed and modules;
    ``examples``: :attr:`Summary.count_examples`), and the failures under it."""

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    fin = d["finished"] or 1
    modules = d.get("modules") or []
    fields = {
        "games": d["games"],
        "modules": ", ".join(modules),
        "players": d["players"],
        "bots": ", ".join(d["bots"]),
    }
    # i18n: the simulate table's title; {modules}: rules modules' ids (kodama), {bots}: the
    # i18n: bots' names (baseline, random): keep those
    if modules:
        title = ngettext(
            "{games} game with {modules}, {players} players, bots {bots}",
            "{games} games with {modules}, {players} players, bots {bots}",
            d["games"],
        )
    else:
        title = ngettext(
            "{games} game, {players} players, bots {bots}",
            "{games} games, {players} players, bots {bots}",
            d["games"],
        )
    t = Report(
        title.format(**fields),
        # i18n: the simulate table's two column headings
        (Column(_("measure")), Column(_("value"), "right")),
    )
    t.add_row(_("games per second"), f"{d['games_per_second']:.1f}")
    t.add_row(_("µs per decision"), f"{d['us_per_decision']:.1f}")
    t.add_row(
        _("rounds per game (median, p10, p90)"),
        f"{d['rounds_median']:g}, {d['rounds_p10']:g}, {d['rounds_p90']:g}",
    )
    t.add_row(
        _("decisions per game (median, mean)"),
        f"{d['decisions_per_game_median']:g}, {d['decisions_per_game_mean']:g}",
    )
    for cond, n in d["victory_conditions"].items():
        # i18n: {condition}: a victory condition (fires, trees, flowers; two: fires+trees)
        label = _("won on {condition}").format(condition=condition_word(cond))
        t.add_row(label, f"{n} ({pct(n / fin)})")
    t.add_row(_("ties (shared victories)"), str(d["ties"]))
    for pos, rate in d["win_rate_by_position"].items():
        if pos == "1":
            label = _("win rate, first player")
        else:
            label = _("win rate, player {position} in turn order").format(position=pos)
        t.add_row(label, pct(rate))
    for i, rate in enumerate(d["win_rate_by_seat"].values()):
        # i18n: {seat}: a seat by its Spirit and its bot, e.g. "winter (baseline)"
        label = _("win rate, {seat}").format(seat=seat_word(i, d["bots"][i]))
        t.add_row(label, pct(rate))
    for label, value in count_rows(d, examples):
        t.add_row(label, value)
    for what, n in d["watched_games"].items():
        # i18n: {event}: a rare event's id and why, e.g. "fire_not_added: the Circle is full"
        t.add_row(_("games with {event}").format(event=watched_word(what)), str(n))
    t.add_row(_("failures"), str(d["failures"]), style="bold red" if d["failures"] else None)
    for f in d["failure_list"][:20]:
        failed = _("failed: seed {seed}: {reason}").format(
            seed=f["seed"], reason=failure_word(f["reason"])
        )
        t.lines.append(Line(failed, markup=False))
    if len(d["failure_list"]) > 20:
        more = len(d["failure_list"]) - 20
        t.lines.append(
            Line(
                ngettext("… and {count} more failure", "… and {count} more failures", more).format(
                    count=more
                )
            )
        )
    return t
