"""The player's language: English, German or French.

Every text a player sees goes through this module's gettext functions. The
catalogues are Babel ``.po`` files under ``assets/locale/<lang>/LC_MESSAGES/``
(kept in the repository, updated by ``make catalogs``); they are compiled when a
language is first chosen (``compile_catalogue``; the result is cached per catalogue
version), so a checkout needs no build step. English is the source language: its
texts are the message ids.

Which language: ``--lang``, else the saved setting (the settings screen), else
``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``de_DE.UTF-8`` -> ``de``), else English.

The functions read the current language at call time, so a text made after
:func:`set_language` is in the new language. Tables of words are kept in English
and marked with :func:`N_` (``NP_`` for a singular/plural pair) so the extractor
finds them; they are translated where they are shown. Saves, replays and events
hold no words at all (ids and numbers), so they do not depend on the language.

Pure: no Textual or Rich (the core's sentences use it).
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import hashlib
import io
import os
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from .atomic import atomic_write
from .resources import ASSETS

DOMAIN = "living_forest"
LOCALE_DIR = ASSETS / "locale"
SOURCE_LANGUAGE = "en"
# Each language by its own name (as a player looks for it in a list).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
ENV_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE


class LanguageError(ValueError):
    """A language we have no catalogue for, or a catalogue that cannot be read."""


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


ENV_CACHE = "LIVING_FOREST_CACHE_DIR"


def _cache_dir() -> Path:
    env = os.environ.get(ENV_CACHE)
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("living-forest")) / "locale"


@cache
def compile_catalogue(lang: str) -> _gettext.NullTranslations:
    """The language's ``.po`` file compiled with Babel (its reader and ``.mo`` writer),
    then read by the standard library's gettext. The compiled file is kept in the
    user cache, named by the ``.po`` file's hash: later starts read it directly (a
    changed catalogue is compiled again; a cache that cannot be written is skipped).
    Fuzzy and untranslated entries fall back to English."""
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise LanguageError(f"{lang!r} is not a language of the game ({', '.join(LANGUAGES)})")
    path = po_path(lang)
    try:
        source = path.read_bytes()
    except OSError as e:
        raise LanguageError(f"cannot read the {LANGUAGES[lang]} catalogue {path}: {e}") from None
    cached = _cache_dir() / f"{lang}-{hashlib.sha256(source).hexdigest()[:16]}.mo"
    if cached.is_file():
        try:
            with cached.open("rb") as f:
                return _gettext.GNUTranslations(f)
        except Exception:
            pass
    compiled = _compile(lang, source, path)
    with contextlib.suppress(OSError):  # a cache that cannot be written is skipped
        cached.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(cached, compiled)
    return _gettext.GNUTranslations(io.BytesIO(compiled))


def _compile(lang: str, source: bytes, path: Path) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        catalogue = read_po(io.BytesIO(source), locale=lang, domain=DOMAIN)
    except ValueError as e:
        raise LanguageError(f"cannot read the {LANGUAGES[lang]} catalogue {path}: {e}") from None
    buf = io.BytesIO()
    write_mo(buf, catalogue)
    return buf.getvalue()


def set_language(lang: str) -> None:
    """Make ``lang`` ("en", "de", "fr") the language of every text made from now on."""
    global _current, _language
    _current = compile_catalogue(lang)
    _language = lang


def language() -> str:
    return _language


def language_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as one of our
    languages (``de_AT.UTF-8`` -> ``de``); ``C``/``POSIX`` or another language -> None
    (the caller falls back to English)."""
    env = os.environ if environ is None else environ
    for var in ENV_VARIABLES:
        value = env.get(var, "")
        if not value:
            continue
        code = value.split(".")[0].split("@")[0].split("_")[0].lower()
        return code if code in LANGUAGES else None
    return None


def choose_language(
    flag: str | None, saved: str | None, environ: Mapping[str, str] | None = None
) -> str:
    """``--lang``, else the saved setting, else the environment, else English."""
    for lang in (flag, saved):
        if lang:
            return lang
    return language_from_env(environ) or SOURCE_LANGUAGE


def _(message: str) -> str:
    """The message in the current language ("" stays "": gettext would give the
    catalogue's header)."""
    return _current.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (French says "0 carte", German
    "0 Karten": each catalogue carries its language's plural rule)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on where it is used (``card``, ``spirit``)."""
    return _current.pgettext(context, message) if message else message


def N_(message: str) -> str:
    """Marks a text for the catalogue without translating it (tables of words)."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a text with a context (one English word, two meanings: the Element
    "Plant" and the action "Plant"); show it with ``pgettext(context, message)``."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular/plural pair for the catalogue (translated with :func:`ngettext`)."""
    return singular, plural


def join_and(items: Iterable[str]) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy" in the current language."""
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def join_clauses(items: Iterable[str]) -> str:
    """Clauses joined by semicolons as the current language writes them: "a; b", French
    "a ; b"."""
    # i18n: between clauses joined by a semicolon ("trees 2 → 3; your water 4 holds off
    # Onibi"; a call's forecast: "Onibi 2→4, jumps you: adds 1 fire; your water ..."):
    # French puts a space before the semicolon
    return _("; ").join(items)


def decimal(number: float) -> str:
    """``number`` as the current language writes it: "0.2" in English, "0,2" in German
    and French (their decimal comma)."""
    # i18n: the decimal separator of a number ("0.2 s"): a comma in German and French
    return f"{number:g}".replace(".", pgettext("decimal separator", "."))


def markdown_blocks(text: str) -> list[str]:
    """A help page's blocks (paragraphs, lists, tables, headings: what blank lines
    separate), the units its translation is made of."""
    return [b.strip("\n") for b in re.split(r"\n\s*\n", text) if b.strip()]


def translate_markdown(text: str) -> str:
    """A help page in the current language, block by block (a block without a
    translation stays English)."""
    if _language == SOURCE_LANGUAGE:
        return text
    return "\n\n".join(_(b) for b in markdown_blocks(text)) + "\n"


# The names in the game's data (assets/*.json), by what they name. The
# catalogue tool extracts them with these contexts.
CARD, SPIRIT, ACTION = "card", "spirit", "action"


def card_name(name: str) -> str:
    return pgettext(CARD, name)


def spirit_name(name: str) -> str:
    return pgettext(SPIRIT, name)
