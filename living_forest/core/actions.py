"""Actions: small immutable values with a compact text notation.

Notation (one action per line in a save's log; unique within a position). The flow's
own kinds are registered here; each action type (``core/action_types/``) and each
rules module registers the kinds it adds, with the shape of their argument
(:class:`Arg`), so the parser knows every kind of every module:

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

Numbers are ASCII digits only (``int`` accepts other Unicode digits, which a save
file must never smuggle past the parser).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

DRAW, STOP, USE_FRAGMENT = "draw", "stop", "use-fragment"
# The Guardian Animals phase's own actions (G-2, G-3, G-8): what a player does there.
DRAW_PHASE_KINDS = frozenset({DRAW, STOP, USE_FRAGMENT})
TAKE_FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT = (
    "take-fragment",
    "attract",
    "extinguish",
    "move",
    "plant",
)
STEAL, DONE, SKIP, END = "steal", "done", "skip", "end"

MAX_TOKEN = 40  # longest argument the notation accepts (ids and labels are short)


class Arg(Enum):
    """The shape of an action's argument in the notation."""

    NONE = "none"  # ``draw``
    TOKEN = "token"  # ``attract hare``, ``steal winter_fire``
    POSITIVE = "positive"  # ``move 3``: a whole number >= 1
    TREE_AT = "tree@x,y"  # ``plant 5A@1,0``: a tree label on a Forest space


class ActionError(ValueError):
    """Base class for rejected actions."""


class ActionParseError(ActionError):
    """The text is not an action in the notation."""


def cite(text: str, rules: tuple[str, ...]) -> str:
    """``text`` with the rule IDs behind it in brackets: "no basic action left this turn
    (A-2)"; ``text`` itself without any."""
    return f"{text} ({', '.join(rules)})" if rules else text


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused, as data: the sentence a player reads (``str()`` gives
    it, in the current language) and the rule IDs behind it, as pydantic's
    ``ValidationError.errors()`` keeps an error's type apart from its message. A surface
    chooses whether to show the rules (:meth:`cited`); none has to cut them out of prose."""

    text: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text

    def cited(self) -> str:
        """The sentence with its rule IDs: "no tree costs 2 plant or less (X-6)"."""
        return cite(self.text, self.rules)


class IllegalActionError(ActionError):
    """The action is well-formed but not legal in this position; ``reason`` says why."""

    def __init__(self, action: Action, reason: Refusal) -> None:
        super().__init__(f"illegal action {action}: {reason.cited()}")
        self.action = action
        self.reason = reason


class Action(NamedTuple):
    """One action. A named tuple (immutable, hashable): comparing and hashing actions
    is on the hot path of every game loop (``action in legal``)."""

    kind: str
    arg: str = ""  # card id, fire value, distance, tile id or tree label
    cell: int = -1  # Forest cell for ``plant`` (y * 5 + x)

    def __str__(self) -> str:
        return format_action(self)

    @property
    def value(self) -> int:
        return int(self.arg)


# kind -> shape of its argument, for every kind of every registered module.
NOTATION: dict[str, Arg] = {}


def register_notation(kind: str, arg: Arg) -> None:
    """Make ``kind`` known to the parser (idempotent; a kind keeps one shape)."""
    known = NOTATION.get(kind)
    if known is not None and known is not arg:
        raise ValueError(f"action kind {kind!r} is already registered with {known.value}")
    if not kind or kind != kind.lower() or " " in kind:
        raise ValueError(f"action kind {kind!r} must be one lower-case word")
    NOTATION[kind] = arg


for _kind in (DRAW, STOP, USE_FRAGMENT, DONE, SKIP, END):
    register_notation(_kind, Arg.NONE)
register_notation(STEAL, Arg.TOKEN)


def format_action(a: Action) -> str:
    if a.cell >= 0:
        return f"{a.kind} {a.arg}@{a.cell % 5},{a.cell // 5}"
    return f"{a.kind} {a.arg}" if a.arg else a.kind


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _shown(text: str) -> str:
    """A piece of user input quoted in a message, cut to a readable length."""
    return repr(text if len(text) <= MAX_TOKEN else text[:MAX_TOKEN] + "…")


def parse_action(text: str) -> Action:
    """Parse the notation; raise :class:`ActionParseError` naming what is wrong."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action is text, not {type(text).__name__}")
    parts = text.strip().split()
    if not parts:
        raise ActionParseError("empty action")
    kind = parts[0].lower()
    spec = NOTATION.get(kind)
    if spec is None:
        raise ActionParseError(
            f"unknown action {_shown(parts[0])}; expected one of {sorted(NOTATION)}"
        )
    if spec is Arg.NONE:
        if len(parts) != 1:
            raise ActionParseError(f"{kind!r} takes no argument")
        return Action(kind)
    if len(parts) != 2:
        raise ActionParseError(f"{kind!r} needs exactly one argument")
    arg = parts[1]
    if len(arg) > MAX_TOKEN:
        raise ActionParseError(f"the argument of {kind!r} is too long ({_shown(arg)})")
    if spec is Arg.POSITIVE:
        if not _digits(arg) or int(arg) <= 0:
            raise ActionParseError(f"{kind!r} needs a positive whole number, not {_shown(arg)}")
        return Action(kind, str(int(arg)))
    if spec is Arg.TREE_AT:
        label, sep, where = arg.partition("@")
        xs, comma, ys = where.partition(",")
        if not (sep and comma and label and label.isascii() and _digits(xs) and _digits(ys)):
            raise ActionParseError(f"{kind} needs KIND@X,Y (e.g. {kind} 5A@1,0), not {_shown(arg)}")
        x, y = int(xs), int(ys)
        if not (0 <= x < 5 and 0 <= y < 3):
            raise ActionParseError(f"Forest space ({x},{y}) is off the 5x3 board")
        return Action(kind, label.upper(), y * 5 + x)
    return Action(kind, arg)
