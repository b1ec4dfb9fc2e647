"""The catalogues use the glossary's terms (German said "Magiefragment" and
"Fragment", "Anlocken" and "Locken" for one thing): the table "Checked terms" of
``assets/locale/GLOSSARY.md`` says, per language, which word a text about a thing must
use and which words must never appear."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from babel.messages.catalog import Catalog, Message

from living_forest.catalogs import SHORT, read_catalogue
from living_forest.i18n import CARD, LOCALE_DIR, SPIRIT

GLOSSARY = LOCALE_DIR / "GLOSSARY.md"
NAMES = {CARD, SPIRIT, SHORT}  # names are the editions' own, checked elsewhere
_CODE = re.compile(r"`[^`]*`|\{[a-z_]+\}")  # code spans and {placeholders}: no words


@dataclass(frozen=True)
class Term:
    lang: str
    english: str
    use: tuple[str, ...]
    never: tuple[str, ...]

    def about(self, english_text: str) -> bool:
        """Does the English text name the thing (a word, or the start of one)?"""
        return (
            re.search(rf"\b{re.escape(self.english)}", _CODE.sub("", english_text), re.I)
            is not None
        )

    def uses(self, translation: str) -> bool:
        low = translation.lower()
        return any(w.lower() in low for w in self.use)

    def wrong(self, translation: str) -> list[str]:
        return [w for w in self.never if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", translation)]


def _words(cell: str) -> tuple[str, ...]:
    """ "lock (anlocken, lockt … an), x": the words, a word's examples in brackets left out."""
    return tuple(w.strip() for w in re.sub(r"\([^)]*\)", "", cell).split(",") if w.strip())


def checked_terms() -> list[Term]:
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Checked terms", 1)[1]
    rows = [r for r in section.splitlines() if r.startswith("| ") and not r.startswith("| lang")]
    terms = []
    for row in rows:
        lang, english, use, never = (c.strip() for c in row.strip("|").split("|"))
        terms.append(Term(lang, english, _words(use), _words(never)))
    return terms


def problems(term: Term, cat: Catalog) -> list[str]:
    out = []
    for m in cat:
        if not m.id or m.context in NAMES or not m.string:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strs = [s for s in ((m.string,) if isinstance(m.string, str) else m.string) if s]
        for s in strs:
            if any(term.about(i) for i in ids) and not term.uses(s):
                out.append(f"{term.lang} {term.english!r}: {s[:70]!r} has none of {term.use}")
            for w in term.wrong(s):
                out.append(f"{term.lang} {term.english!r}: {s[:70]!r} says {w!r}")
    return out


def test_the_glossary_checks_both_languages() -> None:
    terms = checked_terms()
    assert {t.lang for t in terms} == {"de", "fr"}
    assert {"Fragment", "attract", "Victory tile"} <= {t.english for t in terms if t.lang == "de"}


@pytest.mark.parametrize("term", checked_terms(), ids=lambda t: f"{t.lang}-{t.english}")
def test_the_catalogue_uses_the_glossarys_term(term: Term) -> None:
    found = problems(term, read_catalogue(term.lang))
    assert not found, "\n".join(found[:20])


def test_the_check_finds_a_second_word_for_one_thing() -> None:
    """What German said before, and a French slip, are found."""
    fragment, attract = (
        next(t for t in checked_terms() if (t.lang, t.english) == ("de", e))
        for e in ("Fragment", "attract")
    )
    bad = Catalog(locale="de")
    bad[("a Fragment")] = Message("a Fragment", "ein Fragment")
    bad["Attract"] = Message("Attract", "Locken")
    assert problems(fragment, bad) and problems(attract, bad)
    good = Catalog(locale="de")
    good["a Fragment"] = Message("a Fragment", "ein Magiefragment")
    good["Attract"] = Message("Attract", "Anlocken")
    assert not problems(fragment, good) and not problems(attract, good)
