"""Every test starts and ends in English (the language is a process-wide setting,
and a developer's LANG or saved settings must not change what the tests see)."""

from __future__ import annotations

import signal

import pytest

from living_forest import i18n
from living_forest.collector import collect_less_often


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


# The tests collect garbage as the program does (living_forest.collector): at Python's
# default thresholds (700, 10, 10) the collector spent about 40% of a Pilot worker's CPU
# time (18 s of 41 s over test_board.py and test_snapshots.py) walking the same
# long-lived objects again and again: each app a test starts leaves thousands. With a
# young generation of 20,000 objects it took 4 s of 31 s.
collect_less_often()


def _let_programs_see_ctrl_c() -> None:
    """A suite started in the background (``nohup``, ``&``) runs with SIGINT ignored,
    which every program a test starts inherits, and a Python started so keeps ignoring
    it: the tests of what Ctrl+C does waited out their deadlines and failed. With a
    handler here instead, the programs start with SIGINT's default (exec resets a
    handled signal), as a shell gives its foreground job."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_let_programs_see_ctrl_c()


def _parse_each_stylesheet_once() -> None:
    """Each app parses its CSS (app.tcss and every widget's DEFAULT_CSS) into rule sets
    again, although the text is the same in every app of a test process: about 20 ms of
    an app's 250 ms start. Textual keeps parsed rules per stylesheet only (its private
    ``Stylesheet._parse_rules``, keyed by the CSS text, where it was read from, its
    scope and order); this keeps them per process, keyed the same way and by the
    stylesheet's variables (the theme's colours), which is what the parse reads besides
    the text. The rule sets are not changed once parsed (Textual shares them between
    the stylesheets of one app already), so every app gets the same rules as before:
    the snapshot tests show the screens byte for byte as without it. Only here, for
    the tests: a player's process starts one app."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple[object, ...], object] = {}

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


_parse_each_stylesheet_once()


@pytest.fixture(autouse=True)
def _forget_widgets_of_ended_apps():
    """Textual memoizes a colour pair per widget in a class-wide ``lru_cache`` of 1,024
    entries (``StylesCache.get_inner_outer``, a method: the cache holds the widget's
    render cache, its lines and their caches). In a player's process that is one app;
    in a test process it kept the widgets of the last few apps alive, about 300,000
    objects that every garbage collection walked again (and pytest's five collections
    at the end of a worker). Emptied after each test; it only ever saves a recomputation."""
    yield
    from textual._styles_cache import StylesCache

    StylesCache.get_inner_outer.cache_clear()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is loaded by now (the modules, the collected tests) lives as long as the
    process: moved out of the collector's generations, it is never walked again."""
    import gc

    gc.collect()
    gc.freeze()
