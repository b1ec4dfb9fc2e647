"""What comes next on the board: a round summary, a hand-off, a bot's step, the game
over box, or a person's decision. Pure (no Textual), so it is tested without a screen.

The controller listens to the session's transitions (the round summary is collected
from the core's end-of-round events) and, asked :meth:`FlowController.next_step`,
says the one thing the screen should do now. The screen does it and asks again when
that is finished (a dialog closed, a bot moved).
"""

from __future__ import annotations

from dataclasses import dataclass

from living_forest.core import describe
from living_forest.core.state import PHASE_DRAW, PHASE_OVER

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
    """Pass the keyboard to the next human (only when two or more seats are human)."""

    name: str
    spirit: str
    what: str


@dataclass(frozen=True, slots=True)
class RunBot:
    controller: str


@dataclass(frozen=True, slots=True)
class Wait:
    """Nothing to start: a person decides, a bot is already thinking, a dialog or the
    "terminal too small" notice is up, or the game is over and its result was shown."""

    why: str


Step = ShowSummary | ShowGameOver | HandOff | RunBot | Wait


class FlowController:
    def __init__(self, session: Session) -> None:
        self.session = session
        self._summary: list[str] = []
        self._handed: tuple[int, str, int] | None = None
        self._over_shown = False
        self.unsubscribe = session.subscribe(self._on_transition)

    def _on_transition(self, tr: Transition) -> None:
        if tr.undone:
            return
        for ev in tr.events:
            if ev.kind in ROUND_END_EVENTS:
                self._summary.append(describe(ev, tr.after))
            elif ev.kind == "round_started" and ev["round"] > 1:
                self._complete_summary(tr)

    def _complete_summary(self, tr: Transition) -> None:
        """Say so when Onibi did nothing, so every summary covers both attacks."""
        kinds = {e.kind for e in tr.events}
        if "onibi_attacks" not in kinds:
            self._summary.insert(0, "No fire was burning: Onibi did not attack the Spirits.")
        if not kinds & {"fires_added", "fire_not_added"}:
            self._summary.append(
                "Onibi adds no new fire: no animal was taken from the reserve this round."
            )

    def next_step(self, *, blocked: bool = False, bot_busy: bool = False) -> Step:
        """``blocked``: a dialog or the "too small" notice is up."""
        if blocked:
            return Wait("a dialog is open")
        s = self.session
        st = s.state
        if s.turn_done is not None:
            return Wait("a finished turn waits to be passed on")
        if self._summary:
            lines, self._summary = tuple(self._summary), []
            return ShowSummary(f"End of round {st.round - 1}: Onibi", lines)
        if st.phase == PHASE_OVER:
            if self._over_shown:
                return Wait("the game is over")
            self._over_shown = True
            return ShowGameOver()
        if s.current_is_human:
            key = (st.round, st.phase, st.current)
            humans = sum(1 for seat in s.seats if seat.controller == HUMAN)
            if humans >= 2 and key != self._handed:
                self._handed = key
                p = st.players[st.current]
                what = (
                    "Your turn to reveal Guardian Animals."
                    if st.phase == PHASE_DRAW
                    else "Your action turn."
                )
                spirit = s.rules.data.spirits[p.spirit]
                return HandOff(p.name, spirit, f"Round {st.round}. {what}")
            return Wait("a person decides")
        if bot_busy:
            return Wait("the bot is thinking")
        return RunBot(s.current_controller)
