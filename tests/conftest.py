"""Every test starts and ends in English (the language is a process-wide setting,
and a developer's LANG or saved settings must not change what the tests see)."""

from __future__ import annotations

import pytest

from living_forest import i18n


@pytest.fixture(autouse=True)
def _english(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("LIVING_FOREST_SETTINGS", str(tmp_path_factory.mktemp("cfg") / "s.json"))
    monkeypatch.setenv(i18n.ENV_CACHE, str(tmp_path_factory.getbasetemp() / "locale-cache"))
    for var in i18n.ENV_VARIABLES:  # command-line tests run subprocesses
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def _collect_garbage_less_often() -> None:
    """Python's cyclic collector, at its default thresholds (700, 10, 10), spent about 40%
    of a Pilot worker's CPU time (18 s of 41 s over test_board.py and test_snapshots.py)
    walking the same long-lived objects again and again: each app a test starts leaves
    thousands. With a young generation of 20,000 objects it took 4 s of 31 s; the older
    generations keep their default ratios and the garbage is still collected; the app's
    code runs as it does anywhere."""
    import gc

    gc.set_threshold(20_000, 10, 10)


_collect_garbage_less_often()
