"""Write the example game the package carries (``assets/examples/example-game.json``):
two bots, easy (Ana, Winter) against medium (Ben, Spring), seed 2026, played to the
end. ``living-forest view`` and ``replay`` open it; the install smoke test replays it
from an installed wheel. Run again when a rules change makes the old log invalid
(``tests/install/test_example.py`` says so):

    .venv/bin/python tests/install/make_example.py
"""

from __future__ import annotations

from living_forest.persistence import GameRecord, SeatRecord, replay_states, save_game
from living_forest.resources import ASSETS
from living_forest.simulate import SPIRITS, play_game

EXAMPLE = ASSETS / "examples" / "example-game.json"
SEED = 2026
SEATS = (("Ana", "greedy"), ("Ben", "search_quick"))


def main() -> None:
    res = play_game(len(SEATS), SEED, [bot for _name, bot in SEATS], record=True, keep_state=True)
    assert res.failure is None and res.actions is not None and res.state is not None
    rec = GameRecord(
        seats=[
            SeatRecord(name=name, spirit=SPIRITS[i], controller=bot)
            for i, (name, bot) in enumerate(SEATS)
        ],
        seed=SEED,
        first=None,
        options=GameRecord.options_of(res.state.options),
        actions=res.actions,
    )
    # The bots played under their Spirits' names; the same log with the seats' names.
    *_, (_step, final) = replay_states(rec)
    EXAMPLE.parent.mkdir(parents=True, exist_ok=True)
    save_game(EXAMPLE, rec, final)
    print(f"{EXAMPLE}: {len(res.actions)} actions")


if __name__ == "__main__":
    main()
