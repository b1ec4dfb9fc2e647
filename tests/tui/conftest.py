"""Shared fixtures: every test gets its own data dir and no user keymap."""

from __future__ import annotations

import asyncio
import inspect

import pytest


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("LIVING_FOREST_DATA_DIR", str(data))
    monkeypatch.setenv("LIVING_FOREST_KEYMAP", str(tmp_path / "no-keymap.toml"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    # Tests press keys faster than anyone: no pause after a renumbered list, except in
    # the test of that pause (which sets a long one, so the machine's speed cannot matter).
    from living_forest.tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "TYPE_AHEAD_GUARD", 0.0)
    return data


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests with asyncio (no async plugin is installed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        kwargs = {name: pyfuncitem.funcargs[name] for name in names}
        asyncio.run(pyfuncitem.obj(**kwargs))
        return True
    return None
