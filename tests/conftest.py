"""Every test starts and ends in English (the language is a process-wide setting,
and a developer's LANG must not change what the tests see)."""

from __future__ import annotations

import pytest

from living_forest import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)
