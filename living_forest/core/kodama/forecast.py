"""What calling a Kodama would do, asked before it is done (K-A5, K-O2, K-O3): where
Onibi lands, whom he jumps, the fires he adds, and Onibi's attack on the Spirits at the
end of the round (E-1) before and after. The call is played on a copy (the core's
``preview``): nothing here repeats a rule."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..end_of_round import SpiritAttack
from ..engine import preview
from ..events import Event
from ..queries import onibi_forecast
from ..state import GameState
from .state import kodama


@dataclass(frozen=True, slots=True)
class CallForecast:
    """A call's consequence. ``jumped``: the seats Onibi jumps, in order; ``fires``:
    the values of the fires added to the centre (one per Spirit jumped, K-O3);
    ``fires_missed``: the jumps that add no fire (7 burning, or no value-2 tile left,
    K-X2); ``attack_before`` / ``attack_after``: Onibi's attack if the round ended
    before / after the call (None: no fire burns)."""

    from_rock: int
    to_rock: int
    jumped: tuple[int, ...]
    fires: tuple[int, ...]
    fires_missed: int
    attack_before: SpiritAttack | None
    attack_after: SpiritAttack | None


def call_forecast(st: GameState, action: Action) -> CallForecast:
    """What the legal call ``action`` (``call flower``, a basic or a bonus call) does to
    Onibi and to the attack on the Spirits; ``st`` is not changed."""
    events: list[Event] = []
    after = preview(st, action, events)
    moved = next(e for e in events if e.kind == "onibi_moved")
    return CallForecast(
        from_rock=kodama(st).onibi,
        to_rock=kodama(after).onibi,
        jumped=tuple(moved["jumped"]),
        fires=tuple(e["value"] for e in events if e.kind == "onibi_fire_added"),
        fires_missed=sum(1 for e in events if e.kind == "fire_not_added"),
        attack_before=onibi_forecast(st),
        attack_after=onibi_forecast(after),
    )
