"""Events: what happened, with everything a log needs for a full sentence.

The core returns a list of events from every :func:`apply`; screens subscribe
to them. ``describe`` turns one into an English sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
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
    "turn_started": "{player}'s turn: {actions}.",
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


def describe(event: Event) -> str:
    """One sentence for the log."""
    tpl = _TEMPLATES.get(event.kind)
    if tpl is None:
        return f"{event.kind}: {event.data}"
    try:
        return _COUNTED.sub(_counted(event.data), tpl).format(**event.data)
    except (KeyError, IndexError, ValueError):
        return f"{event.kind}: {event.data}"
