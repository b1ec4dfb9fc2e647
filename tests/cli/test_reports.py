"""The report tables as data (living_forest/report.py), made by the modules they report
on: ``simulate.summary_report``, ``match.match_report`` and ``style_report``; a rules
module's counters come from its view. The command line only draws them."""

from __future__ import annotations

import subprocess
import sys

from living_forest import match, simulate
from living_forest.core import GameOptions

KODAMA = GameOptions(modules=("kodama",))


def _summary(games: int, *, round_cap: int = 300, bots: str = "baseline") -> simulate.Summary:
    bot_names = simulate.parse_bots(bots, 2)
    results = simulate.play_many(2, games, 3, bot_names, round_cap=round_cap, options=KODAMA)
    return simulate.summarise(2, bot_names, results)


def test_the_simulate_table_counts_kodamas_events_by_its_view() -> None:
    summary = _summary(4)
    d = {**summary.to_json(), "seed": 3, "modules": ["kodama"]}
    t = simulate.summary_report(d, summary.count_examples)
    assert t.title == "4 games with kodama, 2 players, bots baseline, baseline"
    assert [c.justify for c in t.columns] == ["left", "right"]
    labels = {row.cells[0]: row for row in t.rows}
    assert "Kodama calls per game" in labels  # Kodama's view names the count
    assert labels["failures"].cells[1] == "0" and labels["failures"].style is None
    assert t.lines == []


def test_failed_games_are_marked_and_listed_under_the_simulate_table() -> None:
    summary = _summary(2, round_cap=1, bots="random")
    d = {**summary.to_json(), "seed": 3, "modules": ["kodama"]}
    t = simulate.summary_report(d, summary.count_examples)
    failures = next(row for row in t.rows if row.cells[0] == "failures")
    assert failures.cells[1] == "2" and failures.style == "bold red"
    assert [(line.text, line.markup) for line in t.lines] == [
        ("failed: seed 3: stuck", False),
        ("failed: seed 4: stuck", False),
    ]


def test_the_match_tables_have_a_row_per_bot_and_a_column_per_bot() -> None:
    spec = match.parse_spec("rules,baseline", 2, 2, 5, KODAMA, style=True)
    d = match.run(spec).to_json()
    t = match.match_report(d)
    assert [row.cells[0] for row in t.rows] == ["rules", "baseline"]
    assert len(t.columns) == 6 and all(len(row.cells) == 6 for row in t.rows)
    assert t.lines[0].text.startswith("rounds per game (median) ")
    style = match.style_report(d["style_by_bot"], spec.options)
    assert [c.heading for c in style.columns] == ["per game", "rules", "baseline"]
    assert "actions: Call a Kodama" in {row.cells[0] for row in style.rows}


def test_making_the_reports_imports_no_ui_library() -> None:
    probe = (
        "import sys, living_forest.simulate, living_forest.match, living_forest.report; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'textual')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
