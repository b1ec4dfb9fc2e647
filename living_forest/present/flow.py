"""What comes next on the board: a round summary, a hand-off, a bot's step, the game
over box, or a person's decision. Pure (no Textual), so it is tested without a screen.

The controller listens to the session's transitions (the round summary is collected
from the core's end-of-round events) and, asked :meth:`FlowController.next_step`,
says the one thing the screen should do now. The screen does it and asks again when
that is finished (a dialog closed, a bot moved).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from living_forest.core import Event, GameState, describe, round_untouched
from living_forest.core.state import PHASE_DRAW, PHASE_OVER
from living_forest.i18n import _, ngettext

from .session import HUMAN, Session, Transition

# The core's end-of-round events that make the "Onibi" summary (E-1, E-2).
ROUND_END_EVENTS = ("onibi_attacks", "varans_dealt", "spirit_safe", "fires_added", "fire_not_added")


@dataclass(frozen=True, slots=True)
class ShowSummary:
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowGameOver:
    pass


@dataclass(frozen=True, slots=True)
class HandOff:
    """Pass the keyboard to the next human (only when two or more seats are human);
    ``since``: what the others did since that player's last turn."""

    name: str
    spirit: str
    what: str
    since: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TellSince:
    """The keyboard is back with the only human after bots moved: what they did since
    the human's last turn (shown without stopping the game)."""

    lines: tuple[str, ...]


# Events that are not news for the player coming back: reveals, phase and turn
# markers, and what the round summary tells ("since your last turn").
NOT_NEWS = frozenset(
    {
        "game_started",
        "round_started",
        "card_revealed",
        "reshuffled",
        "fragment_used",
        "forced_stop",
        "nothing_to_draw",
        "stopped",
        "action_phase_started",
        "turn_started",
        "bonus_offered",
        "bonus_skipped",
        "bonus_lost",
        "action_finished",
        "turn_ended",
        "help_line_returned",
        "sacred_tree_passed",
        "game_over",
        *ROUND_END_EVENTS,
    }
)
# A seat's own turn (or draw) ends with one of these.
TURN_ENDS = frozenset({"turn_ended", "stopped", "forced_stop", "nothing_to_draw"})
SINCE_MOST = 6  # lines in the box; the log has the rest


def since_last_turn(session: Session, seat: int) -> tuple[str, ...]:
    """What happened since ``seat`` last finished a turn or a draw: the other players'
    moves (cards taken, fires put out, moves and jumps, Victory tiles taken, trees
    planted, a module's moves), what moved by itself (a module's standee) and what
    Onibi's attack did to this player, newest last, at most :data:`SINCE_MOST` lines."""
    events = session.events
    news = []
    in_turn = False  # walking back: inside another player's action turn
    for ev in reversed(events):
        if ev.seat == seat and ev.kind in TURN_ENDS:
            break
        if ev.kind == "turn_ended":
            in_turn = True
        elif ev.kind == "turn_started":
            in_turn = False
        if ev.kind in ROUND_END_EVENTS:
            if ev.seat == seat:  # what Onibi's attack did to this player
                news.append(ev)
        elif ev.kind in NOT_NEWS:
            continue
        elif ev.seat is None:
            if in_turn:  # what a move set off by itself (a module's standee moving)
                news.append(ev)
        elif ev.seat != seat:
            news.append(ev)
    news.reverse()
    st = session.state
    lines = [describe(ev, st) for ev in news]
    if len(lines) > SINCE_MOST:
        more = len(lines) - SINCE_MOST + 1
        # i18n: the last line of the "Since your last turn" box
        tail = ngettext(
            "… and {count} more (see the log).", "… and {count} more (see the log).", more
        ).format(count=more)
        lines = [*lines[: SINCE_MOST - 1], tail]
    return tuple(lines)


def _forced_stop(events: Sequence[Event]) -> Event | None:
    """The forced stop (G-5) that ended the latest turn or draw, if one did (it comes
    just before that draw's own end)."""
    ends = [e for e in reversed(events[-8:]) if e.kind in TURN_ENDS]
    if not ends:
        return None
    seat = ends[0].seat
    for e in ends:
        if e.seat != seat:
            break
        if e.kind == "forced_stop":
            return e
    return None


@dataclass(frozen=True, slots=True)
class RunBot:
    controller: str


@dataclass(frozen=True, slots=True)
class Wait:
    """Nothing to start: a person decides, a bot is already thinking, a dialog or the
    "terminal too small" notice is up, or the game is over and its result was shown."""

    why: str


Step = ShowSummary | ShowGameOver | HandOff | TellSince | RunBot | Wait


def round_summary(events: Sequence[Event], st: GameState) -> list[str]:
    """The "End of round" summary of the round ``events`` end (E-1, E-2): what Onibi's
    attack and the new fires did, from the events after the last turn's end (a
    module's move earlier in the turn is not the round's end: Onibi's walk on a
    Kodama call, K-O3), described in ``st``, the position after them; and a line for
    each attack that did nothing, so every summary covers both."""
    start = len(events)
    while start and events[start - 1].kind != "turn_ended":
        start -= 1
    ended = events[start:]
    lines = [describe(e, st) for e in ended if e.kind in ROUND_END_EVENTS]
    kinds = {e.kind for e in ended}
    if "onibi_attacks" not in kinds:
        lines.insert(0, _("No fire was burning: Onibi did not attack the Spirits."))
    if not kinds & {"fires_added", "fire_not_added"}:
        lines.append(_("Onibi adds no new fire: no animal was taken from the reserve this round."))
    return lines


def _starts_a_round(events: Sequence[Event]) -> bool:
    return any(e.kind == "round_started" and e["round"] > 1 for e in events)


class FlowController:
    def __init__(self, session: Session, *, resumed: bool = False) -> None:
        """``resumed``: the session comes from a save, its moves played before this
        board: one saved at the very start of a round (while the round's last move
        waited for Enter, which the save keeps as played; or after its box, before
        anyone revealed) shows that round's summary first."""
        self.session = session
        self._summary: list[str] = []
        st = session.state
        if resumed and st.round > 1 and round_untouched(st, session.events):
            self._summary = round_summary(session.events, st)
        self._handed: tuple[int, str, int] | None = None  # the last hand-off, or news told
        self._over_shown = False
        self.unsubscribe = session.subscribe(self._on_transition)

    def _on_transition(self, tr: Transition) -> None:
        if not tr.undone and _starts_a_round(tr.events):
            self._summary = round_summary(tr.events, tr.after)

    @property
    def has_summary(self) -> bool:
        """A round's summary (Onibi) waits to be shown."""
        return bool(self._summary)

    def next_step(self, *, blocked: bool = False, bot_busy: bool = False) -> Step:
        """``blocked``: something is over the board (a dialog, the help, a save or
        load box, the "too small" notice)."""
        if blocked:
            return Wait("a dialog is open")
        s = self.session
        st = s.state
        if s.turn_done is not None:
            return Wait("a finished turn waits to be passed on")
        if self._summary:
            lines, self._summary = tuple(self._summary), []
            # i18n: the title of the round's summary box
            return ShowSummary(_("End of round {round}: Onibi").format(round=st.round - 1), lines)
        if st.phase == PHASE_OVER:
            if self._over_shown:
                return Wait("the game is over")
            self._over_shown = True
            return ShowGameOver()
        if s.current_is_human:
            key = (st.round, st.phase, st.current)
            humans = sum(1 for seat in s.seats if seat.controller == HUMAN)
            if key != self._handed:
                self._handed = key
                since = since_last_turn(s, st.current)
                if humans >= 2:
                    p = st.players[st.current]
                    what = (
                        _("Your turn to reveal Guardian Animals.")
                        if st.phase == PHASE_DRAW
                        else _("Your action turn.")
                    )
                    spirit = s.rules.data.spirits[p.spirit]
                    # The player leaving the keyboard reads the box first: a draw that
                    # a third solitary card ended is said, not only logged.
                    forced = _forced_stop(s.events)
                    if forced is not None:
                        what = f"{describe(forced, st)} {what}"
                    # i18n: in the hand-off box; {what}: what happened and whose turn it is
                    what = _("Round {round}. {what}").format(round=st.round, what=what)
                    return HandOff(p.name, spirit, what, since)
                if since:
                    return TellSince(since)
            return Wait("a person decides")
        if bot_busy:
            return Wait("the bot is thinking")
        return RunBot(s.current_controller)
