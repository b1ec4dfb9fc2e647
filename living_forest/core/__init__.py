"""The rules core: pure, deterministic, serialisable. Imports no UI library.

API overview
============

```python
from living_forest.core import (new_game, legal_actions, apply, why_illegal, outcome, is_over,
    validate, describe, parse_action, format_action, Seat, GameState, Event, Action,
    counts, raw_strengths, net_solitary, data, IllegalActionError, ActionParseError, SetupError)
st, events = new_game([("Ana", "winter"), ("Bo", "summer")], seed=7, first=None)  # first=None: random from seed (S-2); seats renumbered so seat 0 = first player
legal_actions(st)          # tuple[Action, ...]; str(action) is the notation, e.g. "draw", "attract hare", "plant 5A@1,0"
st2, evs = apply(st, "draw")   # or apply(st, action); input state never modified; returns new state + list[Event]
why_illegal(st, action)    # None if legal, else a sentence ("it costs 5 sun; you have 3 left (A-20)")
why_unavailable(st, "attract")  # None if that basic type can be started now, else why not
move_destination(st, 3)    # (rock, [jumped seats]) for the player to act; plant_spaces(st) -> legal cells
# errors: ActionParseError (bad notation), IllegalActionError(.reason) (illegal now)
st.to_dict(); GameState.from_dict(d)   # exact JSON round trip; states compare with ==
outcome(st)  # None until st.phase == "over"; then Outcome(winners: tuple[seat], players: tuple[PlayerResult(seat,name,counts,met,rank)], conditions, how, shared)
validate(st) # list[str] of problems; [] = sound (conservation of every card/tile/fire/fragment)
describe(event) # one English sentence for the log; event.kind, event.seat, event.data (dict)
```
Notation (living_forest/core/actions.py): `draw`, `stop`, `use-fragment` (G-8, remove just-revealed card), `take-fragment` (A-10), `attract CARD_ID` (first pick starts an Attract action; further `attract X` picks continue it within the same sun; `done` finishes; auto-finishes when nothing more fits), `extinguish V` (one fire of value V; same multi-pick + `done`), `move D`, `steal TILE_ID` (choose Victory tile from a jumped player; auto when only one), `plant LABEL@X,Y` (X 0..4, Y 0..2), `skip` (decline an offered bonus action; bonus actions are offered via st.pending[-1].kind == "bonus" with bonus_type attract/extinguish/plant), `end` (end turn with basic actions unused).
The engine auto-applies forced steps: forced stop at net solitary 3 without a Fragment, nothing to draw, end of turn when no basic action is possible or none left, Fragment bonuses, lost bonuses, end of round (E-1..E-6), game over (V-1).
State (living_forest/core/state.py): st.phase in {"draw","action","over"}; st.current = seat to act; st.round; st.first = Sacred Tree holder; st.order() = turn order; st.basic_left; st.used_types; st.pending (stack, top = last; Pending(kind in attract/extinguish/steal/bonus, bonus, extra, spent, target, bonus_type, source, offered)); st.reserve = 3 rows x 4 slots of card ids or None; st.stacks (level stacks, top = last); st.taken; st.centre = list of fire values on the Circle; st.fire_supply {"2":n,"3":n,"4":n}; st.fragment_supply; st.varan_supply; st.dispensers {tree label: copies left}.
st.players[i]: name, spirit, draw (top = last), discard, help_line, forest (15 cells, index y*5+x, "S" = starting tree at (2,1), else tree label or None), fires (values of extinguished tiles), victory_tiles (ids like "winter_fire"), rock (0..11), fragments, stopped, can_use_fragment.
Data: data() -> GameData: cards[id] -> Card(id,name,level (0 start, 1-3, -1 Varan),cost,elements=(sun,water,plant,wind,flower),symbol +1 solitary/-1 gregarious/0); trees[label] -> TreeKind(label,cost,elements,copies{n:count},same_action_twice); corners{cell: Corner(cell,bonus,extra,amount)}; lines (LineBonus(name,cells,element,amount)); rock_bonus[12]; spirits {id: name}; victory_tiles {spirit: ((tile_id,type),...)}; varan_id; threshold (12).
raw_strengths(data(), player) -> [sun,water,plant,wind,flower] unclamped; counts(data(), player) -> Counts(trees,fires,flowers,total).
Bots (living_forest/bots/__init__.py): get_bot("random"|"baseline"); SeatView(st, seat); bot(view, legal_actions(st), random.Random(seed)) -> Action.
"""

from .actions import (
    Action,
    ActionError,
    ActionParseError,
    Arg,
    IllegalActionError,
    format_action,
    parse_action,
)
from .data import DataError, GameData, load_data
from .engine import (
    apply,
    data,
    is_over,
    legal_actions,
    move_destination,
    new_game,
    outcome,
    plant_spaces,
    why_illegal,
    why_unavailable,
)
from .events import Event, describe
from .modules import Module, available_modules, register_module
from .options import BASE_GAME, GameOptions, OptionsError
from .queries import (
    Decision,
    PlantPreview,
    basic_actions_of,
    decision,
    forced_stop_count,
    plant_preview,
    revealed_by,
    reveals_hidden,
    victory_thresholds,
    victory_tile,
)
from .rules import Rules, RulesBuilder, rules_for, rules_of
from .scoring import Outcome, PlayerResult
from .setup import Seat, SetupError
from .state import GameState, Pending, PlayerState
from .strength import Counts, basic_actions_for, counts, net_solitary, raw_strengths
from .validate import validate

__all__ = [
    "BASE_GAME",
    "Action",
    "ActionError",
    "ActionParseError",
    "Arg",
    "Counts",
    "DataError",
    "Decision",
    "Event",
    "GameData",
    "GameOptions",
    "GameState",
    "IllegalActionError",
    "Module",
    "OptionsError",
    "Outcome",
    "Pending",
    "PlantPreview",
    "PlayerResult",
    "PlayerState",
    "Rules",
    "RulesBuilder",
    "Seat",
    "SetupError",
    "apply",
    "available_modules",
    "basic_actions_for",
    "basic_actions_of",
    "counts",
    "data",
    "decision",
    "describe",
    "forced_stop_count",
    "format_action",
    "is_over",
    "legal_actions",
    "load_data",
    "move_destination",
    "net_solitary",
    "new_game",
    "outcome",
    "parse_action",
    "plant_preview",
    "plant_spaces",
    "raw_strengths",
    "register_module",
    "revealed_by",
    "reveals_hidden",
    "rules_for",
    "rules_of",
    "validate",
    "victory_thresholds",
    "victory_tile",
    "why_illegal",
    "why_unavailable",
]
