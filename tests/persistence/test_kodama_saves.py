"""Kodama games save and load: the options in the record, the module's own state in
the snapshot (K-S5 piles and box, K-S8 Onibi, K-E1 Element tiles), checked by replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from living_forest.bots import get_bot
from living_forest.core import GameOptions, apply, legal_actions, new_game
from living_forest.core.kodama import kodama
from living_forest.core.observation import observe
from living_forest.persistence import GameRecord, SaveError, SeatRecord, load_game, save_game

KODAMA = GameOptions(("kodama",))
SEATS = [("Ana", "winter"), ("Bo", "summer"), ("Cy", "spring")]


def _saved(tmp_path: Path, steps: int) -> tuple[Path, object]:
    st, _ = new_game(SEATS, 31, options=KODAMA)
    bot, rng, log = get_bot("baseline"), random.Random(31), []
    for _ in range(steps):
        if st.phase == "over":
            break
        a = bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    rec = GameRecord(
        seats=[SeatRecord(name=n, spirit=s, controller="baseline") for n, s in SEATS],
        seed=31,
        options=GameRecord.options_of(KODAMA),
        actions=log,
    )
    path = tmp_path / "kodama.json"
    save_game(path, rec, st)
    return path, st


@pytest.mark.parametrize("steps", [0, 150, 10_000])
def test_a_kodama_game_round_trips(tmp_path: Path, steps: int) -> None:
    path, st = _saved(tmp_path, steps)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["options"] == {"modules": ["kodama"]}
    assert raw["state"]["options"] == {"modules": ["kodama"]}
    k = raw["state"]["ext"]["kodama"]
    assert k == kodama(st).to_dict()  # type: ignore[arg-type]
    assert all("kodama" in p["ext"] for p in raw["state"]["players"])
    rec, loaded = load_game(path)
    assert loaded == st and rec.game_options() == KODAMA


def test_a_tampered_pile_is_refused(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path, 150)
    raw = json.loads(path.read_text(encoding="utf-8"))
    piles = raw["state"]["ext"]["kodama"]["piles"]
    piles["water"], piles["tree"] = piles["tree"], piles["water"]
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveError, match=r"altered or damaged.*ext"):
        load_game(path)


def test_a_kodama_log_in_a_base_record_is_refused(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path, 400)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["options"] = {"modules": []}  # the same log without the expansion
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveError):
        load_game(path)
