"""The rules core: pure, deterministic, serialisable. Imports no UI library.

API overview
============

```python
from living_forest.core import (new_game, legal_actions, apply, why_illegal, outcome, is_over,
    validate, describe, parse_action, format_action, GameOptions, rules_of, decision, ...)
st, events = new_game([("Ana", "winter"), ("Bo", "summer")], seed=7, first=None,
                      options=GameOptions())   # () = the base game; ("NAME",): a rules module
legal_actions(st)          # tuple[Action, ...]; str(action) is the notation ("attract hare")
st2, evs = apply(st, "draw")   # input never modified; returns the new state and its events
why_illegal(st, action)    # None if legal, else a Refusal: its sentence and rule IDs
why_unavailable(st, "attract")  # None if that action type can be started now, else why not
decision(st)               # Decision(kind=reveal/action/pick/bonus/steal/over, action, budget, ...)
basic_actions_of(st, seat); forced_stop_count(st); victory_thresholds(st); victory_tile(st, id)
plant_preview(st, cell); move_destination(st, 3); plant_spaces(st); lost_bonus(st, action)
reveals_hidden(st, action); revealed_by(st, events)   # what undo may not cross
describe(event, st)        # the one place sentences are made; events carry ids, numbers, seats
push(st, action); returns(st)  # the fast path for search: in place, unchecked, no events
push(st, action, KindsOnly({"fire_not_added"}))  # ... making only the events of those kinds
push_turn(st, action)      # in place, stopping where the turn would end: planning whole turns
turn_start_as(st, seat)    # hypothetical: the Action phase begins now with seat's turn
st.to_dict(); GameState.from_dict(d)   # exact JSON round trip (options/ext only when not base)
outcome(st); validate(st)  # Outcome(winners, players, conditions, shared, decided_by, ...)
```

Rules
=====
``rules_of(st)`` is the :class:`Rules` of a game (one cached value per
:class:`GameOptions`): its data (``.data``, a :class:`GameData`), the action types
(``core/action_types/``, one module each), decision handlers, strength contributors,
setup / turn-start / after-action / end-of-round steps, validation checks and the
phase table. A variant is a :class:`Module` registered with :func:`register_module`
that adds to a :class:`RulesBuilder`; the base game installs itself first
(``core/base_game.py``). Card and tree abilities are typed effects in the data
(``core/effects.py``). ``data()`` is the base game's data, for tests and tools.

Strengths and counts take the rules: ``raw_strengths(rules, player)``,
``counts(rules, player)``, ``net_solitary(rules, player)``.

What a seat knows (core/observation.py): observe(st, seat) -> Observation (hidden cards
masked, no seed or random state); determinize(obs, random.Random(k)) -> a full state the
seat cannot tell from the true one. Bots (living_forest/bots/): get_bot(name);
bot(observe(st, st.current), legal_actions(st), random.Random(seed)) -> Action.
"""

from .actions import (
    Action,
    ActionError,
    ActionParseError,
    Arg,
    IllegalActionError,
    Refusal,
    format_action,
    parse_action,
)
from .context import Context, TurnContext
from .data import DataError, GameData, load_data
from .engine import (
    apply,
    data,
    is_over,
    legal_actions,
    lost_bonus,
    move_destination,
    new_game,
    outcome,
    plant_spaces,
    preview,
    push,
    push_turn,
    returns,
    turn_preview,
    turn_start_as,
    why_illegal,
    why_unavailable,
)
from .events import Event, KindsOnly, describe, wants
from .modules import Module, available_modules, register_module
from .observation import HIDDEN, Observation, Unseen, determinize, observe
from .options import BASE_GAME, GameOptions, OptionsError
from .queries import (
    CountBreakdown,
    Decision,
    DecisionKind,
    PlantPreview,
    action_possible,
    basic_actions_of,
    conditions_met,
    could_end_this_round,
    count_breakdown,
    decision,
    forced_stop_count,
    new_tree_kind,
    onibi_forecast,
    plant_preview,
    revealed_by,
    reveals_hidden,
    round_untouched,
    victory_gaps,
    victory_thresholds,
    victory_tile,
)
from .rules import Rules, RulesBuilder, rules_for, rules_of
from .scoring import DecidedBy, Outcome, PlayerResult
from .setup import Seat, SetupError, drawn_first
from .state import GamePhase, GameState, Pending, PendingKind, PlayerState
from .strength import Counts, basic_actions_for, counts, net_solitary, raw_strengths
from .validate import validate

__all__ = [
    "BASE_GAME",
    "HIDDEN",
    "Action",
    "ActionError",
    "ActionParseError",
    "Arg",
    "Context",
    "CountBreakdown",
    "Counts",
    "DataError",
    "DecidedBy",
    "Decision",
    "DecisionKind",
    "Event",
    "GameData",
    "GameOptions",
    "GamePhase",
    "GameState",
    "IllegalActionError",
    "KindsOnly",
    "Module",
    "Observation",
    "OptionsError",
    "Outcome",
    "Pending",
    "PendingKind",
    "PlantPreview",
    "PlayerResult",
    "PlayerState",
    "Refusal",
    "Rules",
    "RulesBuilder",
    "Seat",
    "SetupError",
    "TurnContext",
    "Unseen",
    "action_possible",
    "apply",
    "available_modules",
    "basic_actions_for",
    "basic_actions_of",
    "conditions_met",
    "could_end_this_round",
    "count_breakdown",
    "counts",
    "data",
    "decision",
    "describe",
    "determinize",
    "drawn_first",
    "forced_stop_count",
    "format_action",
    "is_over",
    "legal_actions",
    "load_data",
    "lost_bonus",
    "move_destination",
    "net_solitary",
    "new_game",
    "new_tree_kind",
    "observe",
    "onibi_forecast",
    "outcome",
    "parse_action",
    "plant_preview",
    "plant_spaces",
    "preview",
    "push",
    "push_turn",
    "raw_strengths",
    "register_module",
    "returns",
    "revealed_by",
    "reveals_hidden",
    "round_untouched",
    "rules_for",
    "rules_of",
    "turn_preview",
    "turn_start_as",
    "validate",
    "victory_gaps",
    "victory_thresholds",
    "victory_tile",
    "wants",
    "why_illegal",
    "why_unavailable",
]
