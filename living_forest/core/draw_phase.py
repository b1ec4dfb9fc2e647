"""Guardian Animals phase (G-1 … G-10), played seat by seat (G-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from . import flow, rng
from .actions import DRAW, STOP, USE_FRAGMENT, Action, Refusal
from .events import SYMBOL_ID, Event, wants
from .state import GameState, PlayerState
from .strength import net_solitary

if TYPE_CHECKING:
    from .rules import Rules

A_DRAW, A_STOP, A_USE_FRAGMENT = Action(DRAW), Action(STOP), Action(USE_FRAGMENT)
# Reveals hidden information: undo never goes back past them.
REVEALING = frozenset({DRAW, USE_FRAGMENT})


def _can_draw(r: Rules, p: PlayerState) -> bool:
    # G-5 forced stop at net 3; G-7 nothing left to reveal.
    return net_solitary(r, p) < r.data.forced_stop_at and bool(p.draw or p.discard)


def legal(r: Rules, st: GameState) -> list[Action]:
    p = st.players[st.current]
    out = []
    can_draw = _can_draw(r, p)
    if can_draw:
        out.append(A_DRAW)
    if p.can_use_fragment and p.fragments > 0:  # G-8
        out.append(A_USE_FRAGMENT)
    if p.help_line or not can_draw:  # G-3: reveal at least one card if you can
        out.append(A_STOP)
    return out


def why_illegal(r: Rules, st: GameState, a: Action) -> Refusal | None:
    p = st.players[st.current]
    if a.kind == DRAW:
        if net_solitary(r, p) >= r.data.forced_stop_at:
            return Refusal(
                _("three net solitary animals force a stop; use a Fragment or stop"), ("G-5",)
            )
        if not (p.draw or p.discard):
            return Refusal(_("no card left in the draw or discard stack"), ("G-7",))
        return None
    if a.kind == USE_FRAGMENT:
        if p.fragments <= 0:
            return Refusal(_("you have no Fragment"), ("G-8",))
        if not p.can_use_fragment:
            return Refusal(_("a Fragment can only remove the card just revealed, once"), ("G-8",))
        return None
    if a.kind == STOP:
        if not p.help_line and _can_draw(r, p):
            return Refusal(_("reveal at least one card before stopping"), ("G-3",))
        return None
    return Refusal(
        _(
            "while revealing Guardian Animals one may only draw, stop, or spend a Fragment"
            " on the card just revealed"
        ),
        ("T-1",),
    )


def apply(r: Rules, st: GameState, a: Action, ev: list[Event]) -> None:
    d = r.data
    seat = st.current
    p = st.players[seat]
    if a.kind == DRAW:
        if not p.draw:  # G-6: reshuffle only when a draw needs it
            p.draw, p.discard = p.discard, []
            st.rng = rng.shuffle(p.draw, st.rng)
            if wants(ev, "reshuffled"):
                ev.append(Event("reshuffled", seat, {"count": len(p.draw)}))
        cid = p.draw.pop()
        if p.draw_known:
            p.draw_known -= 1
        p.help_line.append(cid)
        p.can_use_fragment = True
        if wants(ev, "card_revealed"):
            symbol = d.cards[cid].symbol
            info = {"card_id": cid, "mark": SYMBOL_ID[symbol], "net": net_solitary(r, p)}
            if symbol > 0 and info["net"] == 0:  # a solitary card cancelled
                info["cancelled"] = True
            ev.append(Event("card_revealed", seat, info))
    elif a.kind == USE_FRAGMENT:
        cid = p.help_line.pop()
        p.fragments -= 1
        st.fragment_supply += 1
        p.can_use_fragment = False
        if cid == d.varan_id:  # the Varan leaves the player's deck (G-8)
            st.varan_supply += 1
        else:
            p.discard.append(cid)
        if wants(ev, "fragment_used"):
            ev.append(Event("fragment_used", seat, {"card_id": cid}))
    else:
        stop(r, st, ev, reason="stopped")


def stop(r: Rules, st: GameState, ev: list[Event], reason: str) -> None:
    seat = st.current
    p = st.players[seat]
    p.stopped = True
    p.can_use_fragment = False
    if reason != "stopped" and wants(ev, reason):
        ev.append(Event(reason, seat))
    if wants(ev, "stopped"):
        ev.append(Event("stopped", seat, {"cards": len(p.help_line), "net": net_solitary(r, p)}))


def forced_stop_reason(r: Rules, st: GameState) -> str:
    p = st.players[st.current]
    return "forced_stop" if net_solitary(r, p) >= r.data.forced_stop_at else "nothing_to_draw"


def advance(r: Rules, st: GameState, ev: list[Event]) -> list[Action] | None:
    """One automatic step: the next player's reveals (G-1), a forced stop (G-5, G-7);
    None after a step, else the legal actions (the player decides)."""
    p = st.players[st.current]
    if p.stopped:
        flow.next_drawer(r, st, ev)
        return None
    opts = legal(r, st)
    if len(opts) == 1 and opts[0] is A_STOP:
        stop(r, st, ev, forced_stop_reason(r, st))
        return None
    return opts
