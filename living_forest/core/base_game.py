"""The base game as the first thing installed on every :class:`RulesBuilder`.

Its five action types (A-4), the Victory-tile decision after a jump (A-42), the three
strength contributors (A-5), the turn-start count of basic actions (A-2), the end of
the round (E-1 … E-5), the phase table (T-1) and the validation checks. A module
adds to these; it never needs to replace one.
"""

from __future__ import annotations

from ..i18n import N_
from . import draw_phase, turn
from . import end_of_round as eor
from .action_types import BASE_TYPES, StealDecision
from .draw_phase import REVEALING
from .flow import OVER_PHASE, count_basic_actions
from .observation import BASE_ZONES
from .rules import Phase, RulesBuilder
from .state import PHASE_ACTION, PHASE_DRAW, PHASE_OVER
from .strength import completed_line_elements, forest_tree_elements, help_line_elements
from .validate import BASE_CHECKS


def install(b: RulesBuilder) -> None:
    for at in BASE_TYPES:
        b.add_action_type(at)
    b.add_decision(StealDecision())
    # i18n: sources of Sacred Flowers, in "✿ = Help Line + Forest trees + ... + Victory tiles"
    b.add_contributor(N_("Help Line"), help_line_elements, cards_and_forest=True)
    b.add_contributor(N_("Forest trees"), forest_tree_elements, forest_only=True)
    b.add_contributor(N_("completed lines"), completed_line_elements, forest_only=True)
    b.add_turn_start_step(count_basic_actions)
    b.add_end_of_round_step("E-1 Onibi attacks the Spirits", eor.onibi_attacks_spirits)
    b.add_end_of_round_step("E-2 Onibi attacks the Sacred Tree", eor.onibi_attacks_sacred_tree)
    b.add_end_of_round_step("E-3 new Guardian Animals", eor.refill_reserve)
    b.add_end_of_round_step("E-4 Help Lines return", eor.return_help_lines)
    b.add_end_of_round_step("E-5 the Sacred Tree passes", eor.pass_sacred_tree)
    b.phases[PHASE_DRAW] = Phase(
        PHASE_DRAW, draw_phase.legal, draw_phase.why_illegal, draw_phase.apply, draw_phase.advance
    )
    b.phases[PHASE_ACTION] = Phase(
        PHASE_ACTION, turn.legal, turn.why_illegal, turn.apply, turn.advance
    )
    b.phases[PHASE_OVER] = OVER_PHASE
    b.max_basic_actions = max(b.data.actions_calm, b.data.actions_forced)
    b.revealing_actions |= REVEALING  # draw (G-2), a Fragment on the card just drawn (G-8)
    b.revealing_events |= {"card_revealed", "reshuffled", "reserve_refilled"}
    for zone in BASE_ZONES:
        b.add_hidden_zone(zone)
    for name, run in BASE_CHECKS:
        b.add_check(name, run)
