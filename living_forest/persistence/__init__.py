"""Save files: a versioned pydantic model, atomic writes, and loading by replay.

```python
rec = GameRecord(seats=[SeatRecord(name="Ana", spirit="winter", controller="human"), ...],
                 seed=7, first=None, options=GameRecord.options_of(GameOptions()),
                 actions=["draw", "stop", ...])
save_game(path, rec, state)      # atomic; refuses a record whose log does not give `state`
rec, state = load_game(path)     # replays the log and checks it against the snapshot
rec, state, events = load_game_with_events(path)   # the same, with the replay's events
lock = claim_autosave(spirits, now)   # a game's own autosave, locked while it is open
for number, action, events in replay_record(rec): ...   # 0 = setup (action None)
```
Every problem raises :class:`SaveError` with one sentence saying what is wrong.
Files of an older format version are upgraded as they are read (``migrations.py``).
Imports no UI library.
"""

from living_forest.atomic import clean_stale_temporaries
from living_forest.datadir import ENV_DATA_DIR, pin_data_dir

from .catalogue import (
    AUTOSAVES_KEPT,
    KEEP_UNFINISHED_DAYS,
    SAVE_SUFFIX,
    SaveInfo,
    autosave_dir,
    autosave_of,
    autosaves,
    claim_autosave,
    describe_save,
    is_autosave,
    latest_autosave,
    new_autosave_path,
    prune_autosaves,
    same_game,
    saves,
)
from .files import (
    MAX_SAVE_BYTES,
    ReplayStep,
    SaveError,
    autosave_path,
    default_save_dir,
    load_game,
    load_game_with_events,
    parse_record,
    read_record,
    replay_record,
    replay_states,
    require_regular_file,
    save_game,
)
from .locks import GameLock, GameLocked, acquire, holder, is_locked, remove_stale_locks
from .model import (
    SCHEMA_VERSION,
    GameRecord,
    OptionsRecord,
    PendingSnapshot,
    PlayerSnapshot,
    SeatRecord,
    StateSnapshot,
)

__all__ = [
    "AUTOSAVES_KEPT",
    "ENV_DATA_DIR",
    "KEEP_UNFINISHED_DAYS",
    "MAX_SAVE_BYTES",
    "SAVE_SUFFIX",
    "SCHEMA_VERSION",
    "GameLock",
    "GameLocked",
    "GameRecord",
    "OptionsRecord",
    "PendingSnapshot",
    "PlayerSnapshot",
    "ReplayStep",
    "SaveError",
    "SaveInfo",
    "SeatRecord",
    "StateSnapshot",
    "acquire",
    "autosave_dir",
    "autosave_of",
    "autosave_path",
    "autosaves",
    "claim_autosave",
    "clean_stale_temporaries",
    "default_save_dir",
    "describe_save",
    "holder",
    "is_autosave",
    "is_locked",
    "latest_autosave",
    "load_game",
    "load_game_with_events",
    "new_autosave_path",
    "parse_record",
    "pin_data_dir",
    "prune_autosaves",
    "read_record",
    "remove_stale_locks",
    "replay_record",
    "replay_states",
    "require_regular_file",
    "same_game",
    "save_game",
    "saves",
]
