"""The board's game keys and whether each is live now. Pure (no Textual).

Every key has a stable binding id (``game.<name>``, remappable in the keymap). Flow
keys (draw, stop, done, skip, end…) send one action; an action-type key opens that
type's option list, or sends the action when the type takes no argument. Liveness
comes from the core's typed decision and legal actions, never from a rule copied
here: a key is *live*, *dimmed* (shown, refused with a reason) or *hidden* (the other
phase, Done/Skip outside their step, every game key while a bot is to act — to keep the
key bar short at 80 columns and free of keys nobody at the keyboard may press).

An action type a module adds without a key of its own is still offered in the action
menu (``choices.py`` lists every registered type).
"""

from __future__ import annotations

from dataclasses import dataclass

from living_forest.core import (
    Action,
    GameState,
    decision,
    legal_actions,
    rules_of,
    why_illegal,
    why_unavailable,
)
from living_forest.core.action_types import ActionType
from living_forest.core.actions import (
    DONE,
    DRAW,
    DRAW_PHASE_KINDS,
    END,
    SKIP,
    STOP,
    USE_FRAGMENT,
    Arg,
)
from living_forest.core.queries import BONUS, CHOOSE_ACTION, OVER, PICK, REVEAL
from living_forest.i18n import N_, _

from .choices import prompt, type_names
from .views import ActionView, action_views


@dataclass(frozen=True, slots=True)
class GameKey:
    name: str  # binding id "game.<name>"
    key: str  # default key
    kind: str  # the action kind it sends or opens
    label: str  # short label on the key bar (English, marked with N_)


def _type_key(view: ActionView) -> GameKey:
    return GameKey(view.binding, view.key, view.kind, view.key_label)


# In key-bar order: the flow keys of the draw phase, the action types' keys as their
# modules' views give them (the base game's first), then the flow keys of the action
# phase. Labels are English, marked for the catalogue: show them with ``_(key.label)``.
GAME_KEYS: dict[str, GameKey] = {
    k.name: k
    for k in (
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        GameKey("draw", "d", DRAW, N_("Draw")),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        GameKey("stop", "s", STOP, N_("Stop")),
        # i18n: key bar label (the 80x24 key bar is full): at most 8 characters
        GameKey("use_fragment", "f", USE_FRAGMENT, N_("Fragment")),
        *(_type_key(view) for view in action_views()),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        GameKey("done", "n", DONE, N_("Done")),
        # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
        GameKey("skip", "k", SKIP, N_("Skip")),
        # i18n: key bar label (the 80x24 key bar is full): at most 8 characters
        GameKey("end_turn", "e", END, N_("End turn")),
    )
}
KIND_KEY = {k.kind: k.key for k in GAME_KEYS.values()}
KIND_NAME = {k.kind: name for name, k in GAME_KEYS.items()}  # action kind -> binding name

LIVE, DIMMED, HIDDEN = True, None, False  # as Textual's check_action reads them
FLOW_KINDS = DRAW_PHASE_KINDS | {DONE, SKIP, END}


def opens_list(st: GameState, name: str) -> bool:
    """An action-type key with options to choose from (not a single action)."""
    at = _type(st, name)
    return at is not None and at.arg is not Arg.NONE


def _type(st: GameState, name: str) -> ActionType | None:
    return rules_of(st).by_kind.get(GAME_KEYS[name].kind)


def can_play(st: GameState, legal: tuple[Action, ...], name: str) -> bool:
    """May the key's action be taken (or its list opened) now?"""
    kind = GAME_KEYS[name].kind
    if opens_list(st, name):
        d = decision(st)
        if d.kind != CHOOSE_ACTION and not (d.kind in (PICK, BONUS) and d.action == kind):
            return False
        return any(a.kind == kind for a in legal)
    return Action(kind) in legal


def off_phase(st: GameState, name: str) -> bool:
    """Keys of the other phase, and Done / Skip outside their step."""
    d = decision(st)
    kind = GAME_KEYS[name].kind
    if d.kind == OVER:
        return True
    at = rules_of(st).by_kind.get(kind)
    if kind not in FLOW_KINDS and at is None:
        return True  # an action type of a module this game does not use
    if at is not None and not at.basic:
        return not any(a.kind == kind for a in legal_actions(st))  # shown only when possible
    if kind in DRAW_PHASE_KINDS:
        return d.kind != REVEAL
    if d.kind == REVEAL:
        return True
    if kind == DONE:
        return d.kind != PICK
    if kind == SKIP:
        return d.kind != BONUS
    return False


def liveness(st: GameState, legal: tuple[Action, ...], name: str, *, human: bool) -> bool | None:
    """LIVE, DIMMED or HIDDEN for the key ``name`` (``human``: a person is to act;
    while a bot is, every game key is hidden: pressing one still says to wait)."""
    if not human:
        return HIDDEN
    if can_play(st, legal, name):
        return LIVE
    return HIDDEN if off_phase(st, name) else DIMMED


def why_not(st: GameState, modes: list[str], name: str) -> str:
    """Why the key's action is refused now, in a sentence (a human is to act)."""
    kind = GAME_KEYS[name].kind
    names = type_names(st)
    at = rules_of(st).by_kind.get(kind)
    label = _(at.name) if kind in names and at is not None else _(GAME_KEYS[name].label)
    refusal = why_unavailable(st, kind) if kind in names else why_illegal(st, Action(kind))
    # legal in principle when there is no refusal, but not in the current step
    reason = str(refusal) if refusal is not None else prompt(st, modes).lower()
    # i18n: a refused key; {action}: the action's name ("Attract Guardian Animals",
    # "Draw"); {reason}: why, in lower case
    return _("{action}: not now — {reason}.").format(action=label, reason=reason)
