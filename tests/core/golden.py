"""Golden files: legal-action counts to a fixed depth, and whole recorded games.

Regenerate deliberately (after a reviewed rule change) with::

    .venv/bin/python -m tests.core.golden --write

After a change of the log's wording only, write the logs again from the recorded games
(the games themselves unchanged)::

    .venv/bin/python -m tests.core.golden --write-logs
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from living_forest.bots.rules_of_thumb import baseline_bot, random_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    GameState,
    apply,
    describe,
    legal_actions,
    new_game,
    outcome,
)
from living_forest.core.observation import observe

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
SPIRITS = ["winter", "spring", "summer", "autumn"]
PERFT_CASES = [  # (players, seed, prefix length, depth)
    (2, 11, 0, 8),  # the first draw phase, through reshuffle-free reveals and stops
    (2, 12, 138, 3),  # action phases with many choices (two basic actions left)
    (3, 13, 109, 3),
    (4, 14, 230, 3),
]
GAME_CASES = [(2, 101), (3, 102), (4, 103)]
# Random-bot games (done, skip, end and rare paths) kept for their log sentences only.
RANDOM_CASES = [(3, 105), (4, 106)]
# The Kodama expansion: legal-action counts and recorded baseline games.
KODAMA = GameOptions(("kodama",))
KODAMA_PERFT = [(2, 21, 60, 3), (4, 22, 200, 3)]
KODAMA_GAMES = [(2, 201), (3, 202), (4, 203)]


def seats(n: int) -> list[tuple[str, str]]:
    return [(f"P{i + 1}", SPIRITS[i]) for i in range(n)]


def bot_line(
    n: int, seed: int, steps: int | None, options: GameOptions = BASE_GAME
) -> tuple[GameState, list[str]]:
    """Play baseline bots from a seed for ``steps`` decisions (None = to the end)."""
    st, _ = new_game(seats(n), seed, options=options)
    rng = random.Random(seed)
    log: list[str] = []
    while st.phase != "over" and (steps is None or len(log) < steps):
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return st, log


def game_path(n: int, seed: int) -> Path:
    if (n, seed) in RANDOM_CASES:
        return GOLDEN / f"random_{n}p_seed{seed}.json"
    return GOLDEN / f"game_{n}p_seed{seed}.json"


def log_path(n: int, seed: int) -> Path:
    return GOLDEN / f"log_{n}p_seed{seed}.txt"


def game_log(n: int, seed: int) -> str:
    """Every log sentence of the recorded game (setup first), one per line."""
    st, events = new_game(seats(n), seed)
    lines = [describe(e, st) for e in events]
    game = json.loads(game_path(n, seed).read_text())
    for text in game["actions"]:
        st, events = apply(st, text)
        lines.extend(describe(e, st) for e in events)
    return "\n".join(lines) + "\n"


def random_line(n: int, seed: int) -> list[str]:
    st, _ = new_game(seats(n), seed)
    rng = random.Random(seed)
    log: list[str] = []
    while st.phase != "over":
        a = random_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return log


def perft(st: GameState, depth: int) -> list[int]:
    """Number of positions at each depth 1..depth."""
    counts = [0] * depth

    def walk(s: GameState, level: int) -> None:
        if level == depth:
            return
        for a in legal_actions(s):
            counts[level] += 1
            walk(apply(s, a)[0], level + 1)

    walk(st, 0)
    return counts


def state_digest(st: GameState) -> str:
    blob = json.dumps(st.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def build(options: GameOptions = BASE_GAME) -> dict[str, Any]:
    kodama = not options.is_base
    perfts = []
    for n, seed, prefix, depth in KODAMA_PERFT if kodama else PERFT_CASES:
        st, log = bot_line(n, seed, prefix, options)
        perfts.append(
            {"players": n, "seed": seed, "prefix": log, "depth": depth, "counts": perft(st, depth)}
        )
    games = []
    for n, seed in KODAMA_GAMES if kodama else GAME_CASES:
        st, log = bot_line(n, seed, None, options)
        res = outcome(st)
        assert res is not None
        games.append(
            {
                "players": n,
                "seed": seed,
                "actions": log,
                "rounds": st.round,
                "winners": list(res.winners),
                "counts": [[p.counts.trees, p.counts.fires, p.counts.flowers] for p in res.players],
                "final_state_sha256": state_digest(st),
            }
        )
    return {"perft": perfts, "games": games}


def write_logs() -> None:
    """The logs (log_*.txt) of the recorded games, as the sentences read now."""
    for n, seed in GAME_CASES + RANDOM_CASES:
        log_path(n, seed).write_text(game_log(n, seed), encoding="utf-8")


def write_kodama() -> None:
    """The Kodama golden files (kodama_perft.json, kodama_game_*.json)."""
    out = build(KODAMA)
    (GOLDEN / "kodama_perft.json").write_text(json.dumps(out["perft"], indent=1) + "\n")
    for g in out["games"]:
        path = GOLDEN / f"kodama_game_{g['players']}p_seed{g['seed']}.json"
        path.write_text(json.dumps(g, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--write-kodama", action="store_true", help="only the Kodama files")
    ap.add_argument(
        "--write-logs", action="store_true", help="only the logs, from the recorded games"
    )
    args = ap.parse_args()
    if args.write_logs:
        write_logs()
        return
    if args.write_kodama:
        write_kodama()
        return
    out = build()
    if args.write:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        (GOLDEN / "perft.json").write_text(json.dumps(out["perft"], indent=1) + "\n")
        for g in out["games"]:
            path = GOLDEN / f"game_{g['players']}p_seed{g['seed']}.json"
            path.write_text(json.dumps(g, indent=1) + "\n")
        for n, seed in RANDOM_CASES:
            game_path(n, seed).write_text(json.dumps({"actions": random_line(n, seed)}) + "\n")
        write_logs()
        write_kodama()
    print(json.dumps({"perft": [p["counts"] for p in out["perft"]]}))


if __name__ == "__main__":
    main()
