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
