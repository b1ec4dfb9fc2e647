"""Events: what happened, as data (ids, numbers, seats), and the one place that turns
them into sentences.

The core returns a list of events from every :func:`apply`; screens subscribe to
them. An event's payload never holds English: names, card names and wording are
looked up by :func:`describe`, from the game the event belongs to. A module that
emits events of its own registers their sentences with :func:`register_sentence`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .effects import Symbols

if TYPE_CHECKING:
    from .data import GameData
    from .state import GameState


@dataclass(slots=True)
class Event:
    """What happened (never changed once made; not frozen because a frozen dataclass
    is slower to make, and every move makes a few)."""

    kind: str
    seat: int | None = None  # the player it concerns (its sentence starts with them)
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_TEMPLATES: dict[str, str] = {
    "game_started": "A new game begins with {players}; {first} holds the Sacred Tree.",
    "round_started": "Round {round} begins; {first} holds the Sacred Tree.",
    "card_revealed": "{player} reveals {card} ({mark}); net solitary count {net}.",
    "reshuffled": "{player} shuffles {#count cards} from the discard into a new draw stack.",
    "fragment_used": "{player} spends a Fragment to remove {card} from the Help Line.",
    "forced_stop": "{player} must stop: three net solitary animals.",
    "nothing_to_draw": "{player} has no card left to reveal.",
    "stopped": "{player} stops with {#cards cards} in the Help Line.",
    "action_phase_started": "Action phase: {first} plays first.",
    "turn_started": "{player}'s turn: {#actions basic actions}.",
    "fragment_taken": "{player} takes {what} from the supply ({left} left).",
    "animal_attracted": (
        "{player} attracts {card} (level {level}, cost {cost}) to the draw stack."
    ),
    "fire_extinguished": "{player} extinguishes a fire of value {value}.",
    "standee_moved": "{player} moves {distance} from rock {from_rock} to rock {to_rock}{jumps}.",
    "victory_tile_taken": "{player} takes {tile} from {victim}.",
    "tree_planted": "{player} plants tree {tree} at ({x},{y}).",
    "line_completed": "{player} completes {line}: +{amount} {element} for the rest of the game.",
    "bonus_offered": "{player} may take a bonus {bonus} ({source}).",
    "bonus_skipped": "{player} declines the bonus {bonus}.",
    "bonus_lost": "{player} cannot use the bonus {bonus} ({source}); it is lost.",
    "action_finished": "{player} finishes {action}.",
    "turn_ended": "{player} ends the turn.",
    "onibi_attacks": "Onibi attacks with {#tiles fire tiles} of total power {power}.",
    "varans_dealt": "{player} (water {water}) receives {count} of {#owed Fire Varans}.",
    "spirit_safe": "{player} (water {water}) resists Onibi.",
    "fires_added": "Onibi adds fires {values} to the Circle ({total} burning).",
    "fire_not_added": "No fire of value {value} could be added ({why}).",
    "reserve_refilled": "Level {level} reserve refilled with {cards}.",
    "help_line_returned": "{player} returns {#count cards} to the discard stack.",
    "sacred_tree_passed": "The Sacred Tree passes to {player}.",
    "game_over": "Game over after round {round}: {#winners win} ({how}).",
}

MARK = {"solitary": "solitary", "gregarious": "gregarious", "none": "no symbol"}
SYMBOL_ID = {1: "solitary", -1: "gregarious", 0: "none"}  # Card.symbol -> mark id
WHY_NOT_ADDED = {"circle_full": "the Circle is full", "supply_empty": "the supply is empty"}
HOW_DECIDED = {
    "alone": "the only player to reach a victory threshold",
    "total": "highest total ({best}) among the {qualified} players who reached a threshold",
    "tie": "tied on total {best}: shared victory (V-5)",
}


def how_decided(decided_by: str, best_total: int, qualified: int) -> str:
    """How the winner(s) were decided (V-4, V-5), in words."""
    return HOW_DECIDED[decided_by].format(best=best_total, qualified=qualified)


class _Names:
    """What a sentence may look up: the game's players and data."""

    __slots__ = ("data", "st")

    def __init__(self, st: GameState) -> None:
        from .rules import rules_of

        self.st = st
        self.data: GameData = rules_of(st).data

    def player(self, seat: int) -> str:
        return self.st.players[seat].name

    def card(self, cid: str) -> str:
        return self.data.cards[cid].name


Derive = Callable[[dict[str, Any], _Names], None]


def _first(f: dict[str, Any], n: _Names) -> None:
    f["first"] = n.player(f["first"])


def _card(f: dict[str, Any], n: _Names) -> None:
    f["card"] = n.card(f["card_id"])


def _game_started(f: dict[str, Any], n: _Names) -> None:
    spirits = n.data.spirits
    f["players"] = ", ".join(f"{p.name} ({spirits[p.spirit]})" for p in n.st.players)
    _first(f, n)


def _card_revealed(f: dict[str, Any], n: _Names) -> None:
    _card(f, n)
    shows_symbols = any(isinstance(e, Symbols) for e in n.data.cards[f["card_id"]].effects)
    f["mark"] = "a Kodama symbol" if shows_symbols else MARK[f["mark"]]


def _fragment_taken(f: dict[str, Any], n: _Names) -> None:
    f["what"] = "a Fragment" if f["count"] == 1 else f"{f['count']} Fragments"


def _standee_moved(f: dict[str, Any], n: _Names) -> None:
    names = [n.player(s) for s in f["jumped"]]
    f["jumps"] = f", jumping {', '.join(names)}" if names else ""


def _tile_taken(f: dict[str, Any], n: _Names) -> None:
    spirit, kind = n.data.tiles[f["tile_id"]]
    f["tile"] = f"{n.data.spirits[spirit]}'s {kind} Victory tile"
    f["victim"] = n.player(f["victim_seat"])


def _bonus(f: dict[str, Any], n: _Names) -> None:
    """A bonus by its data id: "attract", "call kodama" (words, not the id)."""
    f["bonus"] = str(f["bonus"]).replace("_", " ")


def _bonus_lost(f: dict[str, Any], n: _Names) -> None:
    if "amount" in f:  # a corner's "2 Fragments" (F-4, X-1)
        f["bonus"] = f"{f['amount']} Fragments"
    else:
        _bonus(f, n)


def _line(f: dict[str, Any], n: _Names) -> None:
    f["line"] = next(ln.name for ln in n.data.lines if ln.id == f["line"])


def _fires_added(f: dict[str, Any], n: _Names) -> None:
    f["values"] = ", ".join(map(str, f["added"]))


def _fire_not_added(f: dict[str, Any], n: _Names) -> None:
    f["why"] = WHY_NOT_ADDED[f["why"]]


def _refilled(f: dict[str, Any], n: _Names) -> None:
    f["cards"] = ", ".join(n.card(c) for c in f["card_ids"])


def _game_over(f: dict[str, Any], n: _Names) -> None:
    f["winners"] = " and ".join(n.player(s) for s in f["winner_seats"])
    f["how"] = how_decided(f["decided_by"], f["best_total"], f["qualified"])


_DERIVE: dict[str, Derive] = {
    "game_started": _game_started,
    "round_started": _first,
    "action_phase_started": _first,
    "card_revealed": _card_revealed,
    "fragment_used": _card,
    "fragment_taken": _fragment_taken,
    "animal_attracted": _card,
    "standee_moved": _standee_moved,
    "victory_tile_taken": _tile_taken,
    "bonus_lost": _bonus_lost,
    "bonus_offered": _bonus,
    "bonus_skipped": _bonus,
    "line_completed": _line,
    "fires_added": _fires_added,
    "fire_not_added": _fire_not_added,
    "reserve_refilled": _refilled,
    "game_over": _game_over,
}


def register_sentence(kind: str, template: str, derive: Derive | None = None) -> None:
    """A module's event kind and its sentence (``{player}`` is the event's seat;
    ``{#count cards}`` counts; ``derive`` adds looked-up fields)."""
    _TEMPLATES[kind] = template
    if derive is not None:
        _DERIVE[kind] = derive


_COUNTED = re.compile(r"\{#(\w+) ([A-Za-z][A-Za-z ]*)\}")


def _counted(data: dict[str, Any]) -> Any:
    """``{#count cards}`` -> "1 card" / "3 cards"; ``{#winners win}`` -> "Ana wins" /
    "Ana and Bo share the victory"."""

    def fill(m: re.Match[str]) -> str:
        key, noun = m.group(1), m.group(2)
        if noun == "win":
            names = str(data[key])
            return f"{names} share the victory" if " and " in names else f"{names} wins"
        n = int(data[key])
        if n == 1:
            return f"1 {noun.removesuffix('s')}"
        return _plural(n, noun.removesuffix("s"))

    return fill


def describe(event: Event, st: GameState) -> str:
    """One sentence for the log; ``st`` is any state of the game the event belongs to
    (its players' names and its rules' data are looked up there)."""
    tpl = _TEMPLATES.get(event.kind)
    if tpl is None:
        return f"{event.kind}: {event.data}"
    try:
        fields = dict(event.data)
        names = _Names(st)
        if event.seat is not None:
            fields["player"] = names.player(event.seat)
        derive = _DERIVE.get(event.kind)
        if derive is not None:
            derive(fields, names)
        return _COUNTED.sub(_counted(fields), tpl).format(**fields)
    except (KeyError, IndexError, ValueError, TypeError):
        return f"{event.kind}: {event.data}"
