"""The guided first game: chapters of a fixed deal against a scripted
opponent, read from ``assets/tutorial.json``. Pure (no Textual).

A chapter is a seed, its seats and a list of steps. Each step is one action in the
core's notation, made by whoever is to act then: the person's steps wait for exactly
that action (any other is refused with what to do instead); the other seat's steps
are played by the script. ``say`` is shown in a box when its step comes up. ``setup``
actions are played silently first, to start late in a game. When the steps run out
the game goes on as an ordinary one, the other seat played by the bot ``then``.

Where the tutorial stands is the number of actions played (``Session.actions``, a
held move included), so undo simply steps the tutorial back with the game.

The texts are kept in English as read; the catalogue tool extracts each chapter's
``title`` and ``done`` and each step's ``say``, and :func:`tutorial_text` translates
them when they are shown (the language can change while the app runs).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from living_forest.core import (
    BASE_GAME,
    Action,
    GameOptions,
    GameState,
    apply,
    decision,
    legal_actions,
    parse_action,
)
from living_forest.core.actions import (
    DONE,
    DRAW,
    END,
    SKIP,
    STEAL,
    STOP,
    USE_FRAGMENT,
)
from living_forest.core.data import ASSETS_DIR
from living_forest.core.queries import BONUS, PICK
from living_forest.i18n import N_, _

from .choices import action_label
from .keys import KIND_NAME
from .session import HUMAN, SeatConfig, Session
from .views import action_view

TUTORIAL_JSON = ASSETS_DIR / "tutorial.json"


class TutorialError(ValueError):
    """The tutorial file is not a script the game can follow."""


def tutorial_text(text: str) -> str:
    """A title or text of ``tutorial.json`` in the player's language ("" stays "")."""
    return _(text) if text else text


@dataclass(frozen=True, slots=True)
class Step:
    do: str  # the action, in notation
    say: str = ""  # shown in a box when the step comes up

    @property
    def action(self) -> Action:
        return parse_action(self.do)


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    title: str
    seed: int
    first: int
    seats: tuple[SeatConfig, ...]  # table order; the person's seat is human
    human: int  # that seat (table order = seat number, ``first`` 0)
    then: str  # the bot that plays the other seat once the steps run out
    setup: tuple[str, ...]
    steps: tuple[Step, ...]
    done: str  # shown when the last step has been played
    options: GameOptions = BASE_GAME  # the rules modules on ("modules" in the file)

    def session(self) -> Session:
        """A new game at the chapter's start (its setup played)."""
        return Session(
            list(self.seats),
            self.seed,
            first=self.first,
            options=self.options,
            actions=self.setup,
        )


def _chapter(d: dict[str, Any]) -> Chapter:
    try:
        human = int(d["human"])
        seats = tuple(
            SeatConfig(s["name"], s["spirit"], HUMAN if i == human else str(d["then"]))
            for i, s in enumerate(d["seats"])
        )
        steps = tuple(Step(str(s["do"]), str(s.get("say", ""))) for s in d["steps"])
        return Chapter(
            id=str(d["id"]),
            title=str(d["title"]),
            seed=int(d["seed"]),
            first=int(d["first"]),
            seats=seats,
            human=human,
            then=str(d["then"]),
            setup=tuple(str(a) for a in d["setup"]),
            steps=steps,
            done=str(d["done"]),
            options=GameOptions(tuple(str(m) for m in d.get("modules", ()))),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise TutorialError(f"chapter {d.get('id', '?')!r}: {e}") from None


def load_chapters(path: Path = TUTORIAL_JSON) -> tuple[Chapter, ...]:
    """The chapters in ``path``; :class:`TutorialError` (or OSError) when it is not a
    tutorial."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(_chapter(c) for c in data["chapters"])
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise TutorialError(f"{path.name}: {e}") from None


@cache
def chapters() -> tuple[Chapter, ...]:
    """The tutorial's chapters (read once)."""
    return load_chapters()


class Tutor:
    """Where a session stands in its chapter, and what the person may do now."""

    def __init__(self, chapter: Chapter) -> None:
        self.chapter = chapter

    def index(self, session: Session) -> int:
        """The step to play next (``len(steps)`` once the script is done)."""
        played = len(session.actions) + (session.held is not None)
        return min(max(played - len(self.chapter.setup), 0), len(self.chapter.steps))

    def step(self, session: Session) -> Step | None:
        """The step to play next, or None once the script is done."""
        i = self.index(session)
        steps = self.chapter.steps
        return steps[i] if i < len(steps) else None

    def finished(self, session: Session) -> bool:
        return self.index(session) >= len(self.chapter.steps)

    def scripted_at(self, played: int) -> Action | None:
        """The scripted move after ``played`` actions of the game, or None (past the
        script: the other seat's bot plays)."""
        i = played - len(self.chapter.setup)
        steps = self.chapter.steps
        return steps[i].action if 0 <= i < len(steps) else None

    def refusal(
        self,
        session: Session,
        action: Action,
        key_of: Callable[[str], str],
        *,
        listing: bool = False,
        opened: str = "",
    ) -> str | None:
        """None when the person may play ``action`` now; otherwise what to do instead
        (``listing``: a list of options is open, ``opened`` the one on top)."""
        step = self.step(session)
        if step is None or step.action == action:
            return None
        return self._refused(session, key_of, listing, opened)

    def refuses_list(
        self,
        session: Session,
        mode: str,
        key_of: Callable[[str], str],
        *,
        listing: bool = False,
        opened: str = "",
    ) -> str | None:
        """None when opening the option list ``mode`` (an action kind, or ``kind:arg``
        such as ``plant:5A`` for the spaces of one tree) leads toward the step."""
        step = self.step(session)
        if step is None:
            return None
        kind, _colon, arg = mode.partition(":")
        if step.action.kind == kind and arg in ("", step.action.arg):
            return None
        return self._refused(session, key_of, listing, opened)

    def _refused(
        self, session: Session, key_of: Callable[[str], str], listing: bool, opened: str = ""
    ) -> str:
        # i18n: a move the lesson does not want; {hint} is what to do ("Now: press d…")
        return _("Not in this lesson. {hint}").format(
            hint=self.hint(session, key_of, listing=listing, opened=opened)
        )

    def hint(
        self,
        session: Session,
        key_of: Callable[[str], str],
        *,
        listing: bool = False,
        opened: str = "",
        boxed: bool = False,
    ) -> str:
        """What the person is to do now, with the keys (as remapped); ``listing``: a
        list of options is open, ``opened`` the one on top (``plant:5A``, the spaces of
        a tree); ``boxed``: a box over the board waits for Enter first (the end of the
        round's summary, a step's text)."""
        step = self.step(session)
        if step is None:
            return ""
        if session.turn_done is not None:
            instruction = _("press Enter to pass your turn on.")
        else:
            instruction = _what_to_press(session.state, step.action, key_of, listing, opened)
        if boxed:
            # i18n: the lesson's instruction while a box waits for Enter; {instruction}
            # is what to press after it ("press d to reveal the next card.")
            return _("Now: press Enter to close the box, then {instruction}").format(
                instruction=instruction
            )
        # i18n: the lesson's instruction: {instruction} is what to press ("press a, then
        # pick Spider.")
        return _("Now: {instruction}").format(instruction=instruction)


def _what_to_press(
    st: GameState, a: Action, key_of: Callable[[str], str], listing: bool, opened: str = ""
) -> str:
    """``press a, then pick Spider.`` — the keys that make ``a`` from the board;
    ``opened``: the list on top (``plant:5A``: the tree is picked, its spaces are
    listed)."""
    view = action_view(a.kind)
    step = _key_step(a.kind)
    if step:
        return _(step).format(key=key_of(KIND_NAME[a.kind]))
    d = decision(st)
    first_picked = opened == f"{a.kind}:{a.arg}"
    if first_picked and view is not None and view.pick_after is not None:
        what = view.pick_after(st, a)
    elif view is not None and view.pick is not None:  # the action type's view says
        what = view.pick(st, a)
    else:
        # The list's own words, up to its details (an entry's name, not its cost and
        # Elements too).
        entry = action_label(st, a).split(":")[0].rstrip()  # French: "… :"
        # i18n: {entry} is an entry of the list as it reads there
        what = _("pick \u201c{entry}\u201d").format(entry=entry)
    in_list = listing or d.kind in (PICK, BONUS) or a.kind == STEAL  # no key first
    if in_list or a.kind not in KIND_NAME:
        # i18n: {what} is what to pick ("pick Spider")
        return _("{what} in the list.").format(what=what)
    # i18n: {key} is the key to press first, {what} what to pick then ("pick Spider")
    return _("press {key}, then {what}.").format(key=key_of(KIND_NAME[a.kind]), what=what)


# The flow's steps, made with one key, and what to press (translated there); an action
# type made with one key says it in its view (``ActionView.key_step``).
KEY_STEPS = {
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    DRAW: N_("press {key} to reveal the next card."),
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    STOP: N_("press {key} to stop revealing."),
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    USE_FRAGMENT: N_("press {key} to spend a Fragment on the card just revealed."),
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    DONE: N_("press {key} to finish picking."),
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    SKIP: N_("press {key} to skip the bonus."),
    # i18n: the lesson's instruction after "Now: "; {key} is a key
    END: N_("press {key} to end your turn."),
}


def _key_step(kind: str) -> str:
    """The instruction for a step made with one key (English, marked), "" for none."""
    view = action_view(kind)
    return KEY_STEPS.get(kind) or (view.key_step if view else "")


def one_key_step(kind: str) -> bool:
    """Is an action of ``kind`` made with one key (no list to pick from)?"""
    return bool(_key_step(kind))


def check_chapter(chapter: Chapter) -> list[str]:
    """Problems with a chapter's script: its setup must replay and each step must be
    legal when it comes up. Played through the core (``tests/tui/test_tutorial.py``)."""
    problems: list[str] = []
    try:
        session = chapter.session()
    except Exception as e:  # a setup action that is not legal
        return [f"{chapter.id}: setup does not replay: {e}"]
    st = session.state
    for i, step in enumerate(chapter.steps):
        try:
            a = step.action
        except ValueError as e:
            problems.append(f"{chapter.id} step {i}: {e}")
            break
        if a not in legal_actions(st):
            problems.append(f"{chapter.id} step {i}: {step.do} is not legal (round {st.round})")
            break
        st, _events = apply(st, a)
    return problems
