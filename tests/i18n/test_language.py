"""The language: chosen from --lang, the settings or the environment; plural rules of
each language; the core's sentences in German and French."""

from __future__ import annotations

import json
import random

import pytest

from living_forest import i18n
from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.catalogs import read_catalogue
from living_forest.core import GameOptions, GameState, apply, describe, legal_actions, new_game
from living_forest.core.events import _TEMPLATES, Event, Plural
from living_forest.core.observation import observe
from living_forest.settings import Settings, load_settings, save_settings

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE_LANGUAGE]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_FR@euro", "LANG": "de_DE.UTF-8"}, "fr"),  # LC_ALL first
        ({"LC_MESSAGES": "de_AT", "LANG": "fr_FR"}, "de"),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "es_ES.UTF-8"}, None),  # a language we do not have: English
        ({"LC_ALL": "", "LANG": "de_CH"}, "de"),  # an empty variable is not set
        ({}, None),
    ],
)
def test_language_follows_the_environment(environ: dict[str, str], expected: str | None) -> None:
    assert i18n.language_from_env(environ) == expected


def test_flag_then_setting_then_environment_then_english() -> None:
    env = {"LANG": "fr_FR.UTF-8"}
    assert i18n.choose_language("de", "fr", env) == "de"
    assert i18n.choose_language(None, "de", env) == "de"
    assert i18n.choose_language(None, None, env) == "fr"
    assert i18n.choose_language(None, None, {}) == i18n.SOURCE_LANGUAGE


def test_an_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(i18n.LanguageError, match="'xx' is not a language of the game"):
        i18n.set_language("xx")
    assert i18n.language() == i18n.SOURCE_LANGUAGE  # nothing changed


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_follow_the_language(lang: str) -> None:
    """French uses the singular for 0 and 1, German only for 1 (each catalogue carries
    its language's rule; the forms come from the catalogue, not from this test)."""
    tpl = _TEMPLATES["stopped"]
    assert isinstance(tpl, Plural)
    message = read_catalogue(lang).get((tpl.singular, tpl.plural))
    assert message is not None and isinstance(message.string, tuple)
    i18n.set_language(lang)
    one, many = message.string
    assert i18n.ngettext(tpl.singular, tpl.plural, 1) == one
    assert i18n.ngettext(tpl.singular, tpl.plural, 5) == many
    assert i18n.ngettext(tpl.singular, tpl.plural, 0) == (one if lang == "fr" else many)


def _game_events(seed: int, options: GameOptions) -> tuple[GameState, list[Event]]:
    st, events = new_game(
        [("Ana", "winter"), ("Bo", "spring"), ("Cy", "summer")], seed, options=options
    )
    rng = random.Random(seed)
    while st.phase != "over":
        st, ev = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
        events += ev
    return st, events


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_sentence_of_a_game_is_in_the_language(lang: str) -> None:
    """Events hold no words: the same events told in English and in ``lang`` give
    different sentences, each complete (no raw fallback, no unfilled placeholder)."""
    for seed, options in ((3, GameOptions()), (4, GameOptions(("kodama",)))):
        st, events = _game_events(seed, options)
        english = [describe(e, st) for e in events]
        i18n.set_language(lang)
        told = [describe(e, st) for e in events]
        i18n.set_language(i18n.SOURCE_LANGUAGE)
        for e, en, text in zip(events, english, told, strict=True):
            assert not text.startswith(f"{e.kind}:"), text
            assert "{" not in text, text
            assert text != en, f"{e.kind} is still English in {lang}: {text}"


def test_the_help_is_translated_block_by_block() -> None:
    page = (i18n.LOCALE_DIR.parent / "help" / "rules.md").read_text(encoding="utf-8")
    assert i18n.translate_markdown(page) == page  # English: the page itself
    i18n.set_language("de")
    german = i18n.translate_markdown(page)
    blocks = i18n.markdown_blocks(page)
    assert len(i18n.markdown_blocks(german)) == len(blocks)
    assert [b for b in i18n.markdown_blocks(german) if b in blocks] == [
        b for b in blocks if i18n._(b) == b
    ]  # only blocks the catalogue keeps as they are (tables of keys) stay English


def test_settings_round_trip_and_a_broken_file(tmp_path) -> None:
    path = tmp_path / "settings.json"
    assert load_settings(path) == (Settings(), None)
    save_settings(Settings(language="fr"), path)
    assert load_settings(path) == (Settings(language="fr"), None)
    path.write_text(json.dumps({"language": ["de"]}), encoding="utf-8")  # not a string
    assert load_settings(path)[0] == Settings() and load_settings(path)[1] is not None
    path.write_text(json.dumps({"language": "klingon"}), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and "'klingon'" in problem
    path.write_text("{not json", encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None and str(path) in problem
    assert path.read_text(encoding="utf-8") == "{not json"  # left as it was


def test_the_compiled_catalogue_is_cached_and_a_damaged_cache_is_compiled_again(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv(i18n.ENV_CACHE, str(tmp_path))
    i18n.compile_catalogue.cache_clear()
    fresh = i18n.compile_catalogue("de")
    (cached,) = tmp_path.glob("de-*.mo")
    compiled = cached.read_bytes()

    def no_compiling(*args: object) -> bytes:
        raise AssertionError("compiled again although the cache holds it")

    with monkeypatch.context() as m:
        m.setattr(i18n, "_compile", no_compiling)
        i18n.compile_catalogue.cache_clear()
        assert i18n.compile_catalogue("de").gettext("New game") == fresh.gettext("New game")
    for damage in (b"not a catalogue", compiled[:40], b""):  # garbled, truncated, empty
        cached.write_bytes(damage)
        i18n.compile_catalogue.cache_clear()
        again = i18n.compile_catalogue("de")
        assert again.gettext("New game") == fresh.gettext("New game") != "New game"
        assert cached.read_bytes() == compiled  # written again
    i18n.compile_catalogue.cache_clear()


@pytest.mark.parametrize(("lang", "sep"), [("en", "."), ("de", ","), ("fr", ",")])
def test_a_decimal_number_is_written_as_the_language_writes_it(lang: str, sep: str) -> None:
    """Review: Settings showed "schnell (0.2 s)": German and French write a decimal
    comma. The bot speeds, the replay's pace and the settings' messages use it."""
    from living_forest.settings import bot_pause_setting
    from living_forest.tui.screens.settings import pause_text

    i18n.set_language(lang)
    assert f"0{sep}2 s" in pause_text(0.2)
    assert i18n.decimal(1.5) == f"1{sep}5"
    assert i18n.decimal(2) == "2"  # a whole number has no separator
    _pause, problem = bot_pause_setting("99", None)  # too long: the default pause is said
    assert problem is not None and f"0{sep}4 s" in problem
