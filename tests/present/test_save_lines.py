"""The save browser tells games apart: who is human and which bot, the rules
by the module registry's own title, the round or the winners, how long ago."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from living_forest.core import outcome
from living_forest.core.modules import get_module
from living_forest.i18n import _
from living_forest.persistence import SaveInfo, describe_save
from living_forest.present.saves import ago, rules_title, save_text
from living_forest.present.session import SeatConfig, Session
from living_forest.tui.saving import save_session

NOW = datetime(2026, 12, 4, 18, 0)


def test_how_long_ago() -> None:
    assert ago(NOW - timedelta(seconds=20), NOW) == "just now"
    assert ago(NOW - timedelta(minutes=5, seconds=59), NOW) == "5 min ago"
    assert ago(NOW - timedelta(hours=3, minutes=1), NOW) == "3 h ago"
    assert ago(NOW - timedelta(hours=20), NOW) == "20 h ago"
    assert ago(NOW - timedelta(hours=30), NOW) == "yesterday"
    assert ago(NOW - timedelta(days=4), NOW) == "4 days ago"
    assert ago(NOW - timedelta(days=90), NOW) == "2026-09-05"


def test_the_rules_are_named_by_the_module_registry() -> None:
    from tests.grove import rules as grove  # registers the test module "grove"

    assert rules_title(()) == "Base game"
    assert rules_title(("kodama",)) == _(get_module("kodama").title)
    # No table of names: the module's own title.
    assert rules_title((grove.NAME,)) == _(get_module(grove.NAME).title) != grove.NAME
    assert rules_title(("unheard_of",)) == "unheard_of"  # a newer program's: its name


def test_five_saves_of_two_players_read_differently() -> None:
    base = SaveInfo(
        Path("a.json"),
        True,
        NOW - timedelta(minutes=3),
        players=(("Ana", "winter"), ("Ben", "spring")),
        round=1,
        controllers=("human", "search"),
    )
    lines = {
        save_text(base, NOW),
        save_text(replace(base, controllers=("human", "greedy")), NOW),
        save_text(replace(base, modules=("kodama",)), NOW),
        save_text(replace(base, round=6), NOW),
        save_text(replace(base, modified=NOW - timedelta(days=2)), NOW),
    }
    assert len(lines) == 5
    assert save_text(base, NOW) == (
        "Ana (Winter, human), Ben (Spring, hard bot) · Base game · round 1 · 3 min ago · autosave"
    )


def test_a_finished_game_names_its_winners(tmp_path: Path) -> None:
    s = Session([SeatConfig("Ana", "winter", "random"), SeatConfig("Ben", "summer", "random")], 5)
    rng = random.Random(5)
    while s.state.phase != "over":
        s.play(rng.choice(s.legal()))
    path = tmp_path / "done.json"
    save_session(path, s)
    info = describe_save(path)
    result = outcome(s.state)
    assert result is not None
    assert info.winners == tuple(s.state.players[i].name for i in result.winners)
    line = save_text(info, NOW)
    assert f"won by {info.winners[0]}" in line and "random bot" in line and "done.json" in line
