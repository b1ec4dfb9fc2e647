"""The app is started by the command line, not the other way round: no module of the
Textual app (app, screens, widgets), not even inside a function, imports
``living_forest.cli``."""

from __future__ import annotations

import ast
from pathlib import Path

import living_forest.tui as tui

TUI = Path(tui.__file__).parent


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved."""
    package = "living_forest." + ".".join(path.relative_to(TUI.parent).parent.parts)
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            prefix = ".".join(base) if node.level else ""
            module = ".".join(p for p in (prefix, node.module or "") if p)
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def test_the_app_does_not_import_the_command_line() -> None:
    files = sorted(TUI.rglob("*.py"))
    assert TUI / "app.py" in files and TUI / "bot_runner.py" in files
    assert "living_forest.present.session" in imported(TUI / "app.py")  # resolution works
    assert "living_forest.tui.bot_runner" in imported(TUI / "screens" / "game.py")
    for path in files:
        cli = {
            m
            for m in imported(path)
            if m == "living_forest.cli" or m.startswith("living_forest.cli.")
        }
        assert not cli, f"{path.relative_to(TUI.parent)} imports {sorted(cli)}"
