"""Actions: small immutable values with a compact text notation.

Notation (one action per line in a save's log; unique within a position):

=================  ==========================================================
``draw``           reveal the top card of your draw stack (G-2)
``stop``           stop revealing (G-3, G-5)
``use-fragment``   return a Fragment to remove the card just revealed (G-8)
``take-fragment``  basic action Take a Fragment (A-10)
``attract ID``     attract reserve card ID (first pick starts the action; A-20)
``extinguish V``   extinguish one Fire tile of value V (A-30)
``move D``         move D free rocks clockwise (A-40)
``steal TILE``     take Victory tile TILE from a jumped Spirit (A-42)
``plant L@X,Y``    plant tree kind L on Forest space (X, Y) (A-50)
``done``           finish picking cards or fires for the current action
``skip``           decline the offered bonus action (A-8)
``end``            end your turn, leaving basic actions unused (A-9)
=================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

DRAW, STOP, USE_FRAGMENT = "draw", "stop", "use-fragment"
TAKE_FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT = (
    "take-fragment",
    "attract",
    "extinguish",
    "move",
    "plant",
)
STEAL, DONE, SKIP, END = "steal", "done", "skip", "end"

NO_ARG = frozenset({DRAW, STOP, USE_FRAGMENT, TAKE_FRAGMENT, DONE, SKIP, END})
WITH_ARG = frozenset({ATTRACT, EXTINGUISH, MOVE, STEAL, PLANT})
KINDS = NO_ARG | WITH_ARG

# The five basic action types, by the action kind that starts them.
ACTION_TYPES = (TAKE_FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT)


class ActionError(ValueError):
    """Base class for rejected actions."""


class ActionParseError(ActionError):
    """The text is not an action in the notation."""


class IllegalActionError(ActionError):
    """The action is well-formed but not legal in this position; ``reason`` says why."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    arg: str = ""  # card id, fire value, distance, tile id or tree label
    cell: int = -1  # Forest cell for ``plant`` (y * 5 + x)

    def __str__(self) -> str:
        return format_action(self)

    @property
    def value(self) -> int:
        return int(self.arg)


def format_action(a: Action) -> str:
    if a.kind == PLANT:
        return f"plant {a.arg}@{a.cell % 5},{a.cell // 5}"
    return f"{a.kind} {a.arg}" if a.arg else a.kind


def parse_action(text: str) -> Action:
    """Parse the notation; raise :class:`ActionParseError` naming what is wrong."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action is text, not {type(text).__name__}")
    parts = text.strip().split()
    if not parts:
        raise ActionParseError("empty action")
    kind = parts[0].lower()
    if kind not in KINDS:
        raise ActionParseError(f"unknown action {parts[0]!r}; expected one of {sorted(KINDS)}")
    if kind in NO_ARG:
        if len(parts) != 1:
            raise ActionParseError(f"{kind!r} takes no argument")
        return Action(kind)
    if len(parts) != 2:
        raise ActionParseError(f"{kind!r} needs exactly one argument")
    arg = parts[1]
    if kind in (EXTINGUISH, MOVE):
        if not arg.isdigit() or int(arg) <= 0:
            raise ActionParseError(f"{kind!r} needs a positive whole number, not {arg!r}")
        return Action(kind, str(int(arg)))
    if kind == PLANT:
        label, sep, where = arg.partition("@")
        xs, comma, ys = where.partition(",")
        if not (sep and comma and label and xs.isdigit() and ys.isdigit()):
            raise ActionParseError(f"plant needs KIND@X,Y (e.g. plant 5A@1,0), not {arg!r}")
        x, y = int(xs), int(ys)
        if not (0 <= x < 5 and 0 <= y < 3):
            raise ActionParseError(f"Forest space ({x},{y}) is off the 5x3 board")
        return Action(kind, label.upper(), y * 5 + x)
    return Action(kind, arg)
