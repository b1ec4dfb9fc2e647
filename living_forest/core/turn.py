"""Action phase (A-1 … A-9): a player's turn of basic and bonus actions.

Everything specific to one action type lives in ``core/action_types``; this module
only iterates the types the rules register. A multi-part action is a short series of
decisions on a stack (``st.pending``): the first pick of a multi-pick type starts it
(``attract hare``), further picks continue it within the same strength (A-6), and
``done`` finishes it; a sub-decision left by an action (the Victory tile after a jump,
A-42) is settled by its registered handler; a bonus action is offered and may be
skipped (A-8, project ruling).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from . import flow
from .actions import DONE, DRAW_PHASE_KINDS, END, SKIP, Action, Refusal
from .context import TurnContext
from .events import Event, wants
from .state import GameState, Pending, PendingKind, PlayerState
from .strength import max_of_type, raw_strengths

if TYPE_CHECKING:
    from .action_types.base import ActionType
    from .rules import Rules

BONUS = PendingKind.BONUS
A_DONE, A_SKIP, A_END = Action(DONE), Action(SKIP), Action(END)


def type_allowed(r: Rules, st: GameState, p: PlayerState, at: ActionType) -> bool:
    """A-2/A-3: a basic action is left, and its type has not been used up this round
    (once, or up to a repeat effect's limit: F-7, K-X5)."""
    if st.basic_left <= 0:
        return False
    used = st.used_types
    return at.kind not in used or used.count(at.kind) < max_of_type(r, p, at.data_id)


def startable(r: Rules, st: GameState, p: PlayerState, at: ActionType) -> bool:
    """May an action of this type be started now, with no decision pending?"""
    return type_allowed(r, st, p, at) if at.basic else at.available(r, st, p)


def startable_types(r: Rules, st: GameState, p: PlayerState) -> list[ActionType]:
    """The types :func:`startable` now, in menu order (the hot path of every legal
    list: a type not yet used needs no further test while a basic action is left)."""
    out: list[ActionType] = []
    if st.basic_left <= 0:
        for at in r.action_types:
            if not at.basic and at.available(r, st, p):
                out.append(at)
        return out
    used = st.used_types
    for at in r.action_types:
        if at.basic:
            if at.kind not in used or type_allowed(r, st, p, at):
                out.append(at)
        elif at.available(r, st, p):
            out.append(at)
    return out


def _multi_pick(r: Rules, top: Pending) -> ActionType | None:
    at = r.by_kind.get(top.kind)
    return at if at is not None and at.multi_pick else None


def _wanted(r: Rules, top: Pending) -> ActionType | None:
    """The action type the pending decision asks for (None: a sub-decision)."""
    if top.kind == BONUS:
        return r.bonus_types[top.bonus_type]
    return _multi_pick(r, top)


def _bonus_options(r: Rules, st: GameState, p: PlayerState, top: Pending) -> list[Action]:
    """The ways to perform the bonus action on offer (``skip`` aside)."""
    at = r.bonus_types[top.bonus_type]
    return at.options(r, st, p, at.budget(r, p, raw_strengths(r, p), top.extra))


def _more_picks(
    r: Rules, st: GameState, p: PlayerState, top: Pending, mp: ActionType
) -> list[Action]:
    """The further picks within the multi-pick action in progress (``done`` aside)."""
    return mp.options(r, st, p, mp.budget(r, p, raw_strengths(r, p), top.extra) - top.spent)


def legal(r: Rules, st: GameState) -> list[Action]:
    p = st.players[st.current]
    if st.pending:
        top = st.pending[-1]
        if top.kind == BONUS:  # a bonus action on offer
            return [*_bonus_options(r, st, p, top), A_SKIP]
        mp = _multi_pick(r, top)
        if mp is not None:
            return [*_more_picks(r, st, p, top, mp), A_DONE]
        return r.decisions[top.kind].legal(r, st, top)
    out: list[Action] = []
    types = startable_types(r, st, p)
    if types:
        strengths = raw_strengths(r, p)
        for at in types:
            out.extend(at.options(r, st, p, at.budget(r, p, strengths, 0)))
    out.append(A_END)
    return out


def _no_basic_left() -> Refusal:
    return Refusal(_("no basic action left this turn"), ("A-2",))


def _same_type() -> Refusal:
    return Refusal(
        _("the two basic actions must be of different types without tree 11"), ("A-3", "F-7")
    )


def _blocked_by_pending(r: Rules, top: Pending, kind: str) -> Refusal | None:
    """Why an action of ``kind`` cannot be started while ``top`` is being decided
    (None when ``kind`` is what ``top`` asks for)."""
    want = _wanted(r, top)
    if want is None:
        handler = r.decisions[top.kind]
        return Refusal(_(handler.blocked), handler.blocked_rules)
    if kind == want.kind:
        return None
    if top.kind != BONUS:
        # i18n: {action} is an action type's name
        text = _("finish the {action} action first: pick more, or be done picking")
        return Refusal(text.format(action=_(want.name)))
    # i18n: {action} is an action type's name
    text = _("the bonus allows only {action}, or skipping it")
    return Refusal(text.format(action=_(want.name)))


def _answers(r: Rules, kind: str) -> tuple[str, ...] | None:
    """For a kind that only answers a decision: the pending kinds it answers."""
    if kind == DONE:
        return tuple(at.kind for at in r.action_types if at.multi_pick)
    if kind == SKIP:
        return (BONUS,)
    for h in r.decisions.values():
        if kind in h.answers:
            return (h.pending_kind,)
    return None


def _during(r: Rules, kind: str) -> str:
    """What the decision a kind of :func:`_answers` answers is called ("a jump"), in
    words (made only for a refusal)."""
    if kind == DONE:
        nouns = [_(at.pick_noun) for at in r.action_types if at.multi_pick]
        things = nouns[0] if nouns else ""
        for noun in nouns[1:]:
            # i18n: two things one may pick, as in "picking cards or fires"
            things = _("{first} or {second}").format(first=things, second=noun)
        # i18n: {things} is e.g. "cards or fires"; completes "only possible during
        # picking cards or fires"
        return _("picking {things}").format(things=things)
    if kind == SKIP:
        # i18n: completes "only possible during a bonus action"
        return _("a bonus action")
    for h in r.decisions.values():
        if kind in h.answers:
            return _(h.during)
    return ""


def _not_in_this_game() -> Refusal:
    """An action type this game's rules do not have (a module that is off)."""
    # i18n: said of an action named before it ("Call a Kodama: not now — ...")
    return Refusal(_("not an action of this game"))


def why_illegal(r: Rules, st: GameState, a: Action) -> Refusal | None:
    """None if ``a`` is legal now, else why not: a sentence and its rule IDs."""
    p = st.players[st.current]
    kind = a.kind
    top = st.pending[-1] if st.pending else None
    if kind == END:
        return None if top is None else Refusal(_("finish the action in progress first"))
    pending_kinds = _answers(r, kind)
    if pending_kinds is not None:
        if top is None or top.kind not in pending_kinds:
            # i18n: said of an action named before it ("Done: not now — ..."); {during}
            # is e.g. "picking cards or fires", "a bonus action", "a jump"
            text = _("only possible during {during}")
            return Refusal(text.format(during=_during(r, kind)))
        handler = r.decisions.get(top.kind)
        return handler.check(r, st, top, a) if handler is not None else None
    s = raw_strengths(r, p)
    at = r.by_kind.get(kind)
    if top is not None:
        blocked = _blocked_by_pending(r, top, kind)
        if blocked is not None:
            return blocked
        assert at is not None
        if top.kind != BONUS:  # a further pick of the action in progress
            return at.check(r, st, p, a, at.budget(r, p, s, top.extra) - top.spent)
        extra = top.extra
    else:
        if at is None or at.basic:
            if st.basic_left <= 0:
                return _no_basic_left()
            if at is not None and not type_allowed(r, st, p, at):
                return _same_type()
        elif not at.available(r, st, p):
            reason = at.check(r, st, p, a, at.budget(r, p, s, 0))
            # i18n: {action} is an action type's name
            return reason or Refusal(_("{action} is not possible now").format(action=_(at.name)))
        extra = 0
    if at is None:
        if kind in DRAW_PHASE_KINDS:
            return Refusal(_("the Guardian Animals phase is over for this round"), ("T-1",))
        return _not_in_this_game()
    return at.check(r, st, p, a, at.budget(r, p, s, extra))


def why_type_unavailable(r: Rules, st: GameState, kind: str) -> Refusal | None:
    """None if an action of this type can be started now (as a basic action or as the
    offered bonus); otherwise why not: a sentence and its rule IDs."""
    at = r.by_kind.get(kind)
    if at is None:
        return _not_in_this_game()
    p = st.players[st.current]
    s = raw_strengths(r, p)
    top = st.pending[-1] if st.pending else None
    extra = 0
    if top is not None:
        blocked = _blocked_by_pending(r, top, kind)
        if blocked is not None:
            return blocked
        if top.kind != BONUS:
            more = at.has_option(r, st, p, at.budget(r, p, s, top.extra) - top.spent)
            if more:
                return None
            # i18n: {action} is an action type's name
            text = _("nothing more fits in this {action} action")
            return Refusal(text.format(action=_(at.name)))
        extra = top.extra
    elif at.basic and st.basic_left <= 0:
        return _no_basic_left()
    elif not startable(r, st, p, at):
        if not at.basic:
            return at.why_no_option(r, st, p, at.budget(r, p, s, 0))
        return _same_type()
    budget = at.budget(r, p, s, extra)
    if at.has_option(r, st, p, budget):
        return None
    return at.why_no_option(r, st, p, budget)


# --- applying -------------------------------------------------------------------


def apply(r: Rules, st: GameState, a: Action, ev: list[Event]) -> None:
    seat = st.current
    kind = a.kind
    if kind == END:
        flow.end_turn(r, st, ev, voluntary=True)
        return
    if kind == DONE:
        finished = st.pending.pop()
        _finished(r, st, seat, finished.kind, ev)
        return
    if kind == SKIP:
        declined = st.pending.pop()
        if wants(ev, "bonus_skipped"):
            ev.append(Event("bonus_skipped", seat, {"bonus": declined.bonus_type}))
        return
    top = st.pending[-1] if st.pending else None
    if top is not None and top.kind in r.decisions:
        st.pending.pop()
        r.decisions[top.kind].apply(TurnContext(r, st, ev, seat), top, a)
        return
    at = r.by_kind[kind]
    if top is not None and top.kind == kind:  # a further pick of the same action
        top.spent += at.pick(TurnContext(r, st, ev, seat), a)
        return
    # Starting an action: either the offered bonus or a basic action.
    if top is not None:
        st.pending.pop()
        is_bonus, extra = True, top.extra
    else:
        if at.basic:
            st.basic_left -= 1
            st.used_types.append(kind)
        is_bonus, extra = False, 0
    c = TurnContext(r, st, ev, seat, is_bonus, extra)
    at.resolve(c, a)
    if not at.multi_pick:
        _after(c, kind)


def _finished(r: Rules, st: GameState, seat: int, kind: str, ev: list[Event]) -> None:
    """A multi-pick action is complete."""
    if wants(ev, "action_finished"):
        ev.append(Event("action_finished", seat, {"action": kind}))
    _after(TurnContext(r, st, ev, seat), kind)


def _after(c: TurnContext, kind: str) -> None:
    for step in c.rules.after_action.get(kind, ()):
        step(c, kind)


def advance(r: Rules, st: GameState, ev: list[Event]) -> list[Action] | None:
    """One automatic step of the turn: settle what needs no decision; end the turn
    when nothing is left to do (X-17). None after a step; when the player must decide,
    the legal actions."""
    seat = st.current
    p = st.players[seat]
    if not st.pending:
        opts = legal(r, st)
        if len(opts) > 1:  # an action besides ``end``
            return opts
        flow.end_turn(r, st, ev, voluntary=False)
        return None
    top = st.pending[-1]
    if top.kind == BONUS:
        at = r.bonus_types[top.bonus_type]
        if at.automatic_bonus:  # O-3: e.g. take 1 Fragment, nothing to choose
            st.pending.pop()
            at.give_bonus(TurnContext(r, st, ev, seat, True, top.extra), top.source)
            return None
        opts = _bonus_options(r, st, p, top)
        if not opts:
            st.pending.pop()  # O-3, X-6: a bonus that cannot be performed is lost
            if wants(ev, "bonus_lost"):
                info = {"bonus": top.bonus_type, "source": top.source}
                ev.append(Event("bonus_lost", seat, info))
            return None
        if not top.offered:
            top.offered = True
            if wants(ev, "bonus_offered"):
                offer = {"bonus": top.bonus_type, "source": top.source, "extra": top.extra}
                ev.append(Event("bonus_offered", seat, offer))
        return [*opts, A_SKIP]  # = legal(r, st)
    mp = _multi_pick(r, top)
    if mp is not None:  # finish automatically when nothing more fits
        opts = _more_picks(r, st, p, top, mp)
        if opts:
            return [*opts, A_DONE]  # = legal(r, st)
        st.pending.pop()
        _finished(r, st, seat, top.kind, ev)
        return None
    settled = r.decisions[top.kind].advance(TurnContext(r, st, ev, seat), top)
    return None if settled else legal(r, st)
