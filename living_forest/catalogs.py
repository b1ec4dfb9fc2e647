"""The translation catalogues: extract every text a player sees, update the ``.po``
files, and check them (``make catalogs``; the tests call :func:`problems`).

What is extracted (English, the message ids):
- the code's ``_()``, ``ngettext()``, ``pgettext()`` calls and ``N_``/``NP_`` marks;
- the names in the game's data (cards, Spirits; context ``card``/``spirit``) and a
  short name of at most 7 characters for each card (context ``short name``, for the
  Help Line at 80x24);
- the tutorial's titles and texts (``assets/tutorial.json``);
- the help pages (``assets/help/*.md``), a block (paragraph, list, table) each.

Usage: ``python -m living_forest.catalogs [--check]``.
"""

from __future__ import annotations

import json
import re
import string
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from .i18n import CARD, DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, SPIRIT, markdown_blocks
from .resources import ASSETS

PACKAGE = Path(__file__).resolve().parent
SHORT = "short name"
SHORT_NAME_CHARS = 7
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": (1, 2), "NC_": ((1, "c"), 2)}
POT = LOCALE_DIR / f"{DOMAIN}.pot"
# (id or (singular, plural), context, where, notes for translators)
Entry = tuple[str | tuple[str, str], str | None, str, list[str]]


def _python() -> Iterator[Entry]:
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        if isinstance(message, tuple):
            message = (message[0], message[1])
        notes = list(comments) or _notes_above(PACKAGE / filename, lineno)
        yield message, context, f"living_forest/{filename}:{lineno}", notes


@cache
def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _notes_above(path: Path, lineno: int) -> list[str]:
    """The ``# i18n:`` note above a call whose text starts on a later line than the call
    (``_(`` then the text: how the formatter splits a long call), which Babel's
    extractor does not attach: up through the lines ending in ``(``, then the comment
    block right above them."""
    lines = _lines(path)
    i = lineno - 2  # the line above the text's own line (0-based)
    if i < 0 or not lines[i].rstrip().endswith("("):
        return []  # the text starts on the call's line: Babel saw any note there
    for _step in range(3):  # up through the lines that open the call (``x = _(``)
        if i < 0 or not lines[i].rstrip().endswith("("):
            break
        i -= 1
    block: list[str] = []
    while i >= 0 and lines[i].lstrip().startswith("#"):
        block.insert(0, lines[i].lstrip().lstrip("#").strip())
        i -= 1
    start = next((k for k, t in enumerate(block) if t.startswith("i18n:")), None)
    if start is None:
        return []
    return [" ".join(t for t in block[start:]).removeprefix("i18n:").strip()]


def _data() -> Iterator[Entry]:
    short = json.loads((ASSETS / "short_names.json").read_text(encoding="utf-8"))
    for path in sorted(ASSETS.glob("*.json")):  # the game data: the base's and modules'
        name = path.name
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "guardian_animals" not in data:
            continue
        for spirit in data.get("spirits", []):
            yield spirit["name"], SPIRIT, f"assets/{name}", []
        # The animals, then the cards a module's data lists of its own ("*_cards").
        more = [c for key, cards in data.items() if key.endswith("_cards") for c in cards]
        for card in data["guardian_animals"] + more:
            yield card["name"], CARD, f"assets/{name}", []
            english = short.get(card["id"], card["name"])
            note = f"at most {SHORT_NAME_CHARS} characters; English: {english}"
            yield card["name"], SHORT, f"assets/{name}", [note]


def _tutorial() -> Iterator[Entry]:
    data = json.loads((ASSETS / "tutorial.json").read_text(encoding="utf-8"))
    where = "assets/tutorial.json"
    for chapter in data["chapters"]:
        for key in ("title", "done"):
            if chapter.get(key):
                yield chapter[key], None, where, []
        for step in chapter["steps"]:
            if step.get("say"):
                yield step["say"], None, where, []


def _help() -> Iterator[Entry]:
    for page in sorted((ASSETS / "help").glob("*.md")):
        for block in markdown_blocks(page.read_text(encoding="utf-8")):
            yield block, None, f"assets/help/{page.name}", []


def extract() -> Catalog:
    """Every message a player may see, in English."""
    cat = Catalog(domain=DOMAIN, project="living-forest", locale=SOURCE_LANGUAGE)
    for source in (_python(), _data(), _tutorial(), _help()):
        for message, context, where, notes in source:
            path, _sep, line = where.partition(":")
            old = cat.get(message, context=context)
            notes = [*old.auto_comments, *notes] if old is not None else notes
            added = cat.add(
                message,
                None,
                [(path, int(line) if line.isdigit() else 0)],
                auto_comments=list(dict.fromkeys(notes)),
                context=context,
            )
            # Our texts use {named} fields; a "%" in them is a per cent sign, not printf.
            added.flags.discard("python-format")
    return cat


def _fields(text: str) -> set[str]:
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


_MARKUP = re.compile(r"\[/?[a-z$][^\]\[]*\]")
_CODE = re.compile(r"`[^`]+`")
_PERCENT = re.compile(r"%(?:\(\w+\))?[srd]")
_PRINTF_TOKEN = re.compile(r"%%|%\(\w+\)[srd]|%[srd]")
_VARIABLE = re.compile(r"\$[a-z_]+")  # Textual's content variables ($name)


def _shape(text: str) -> tuple[list[str], list[str]]:
    """What a translation must keep: Rich markup tags and ``code`` spans (key names)."""
    return sorted(_MARKUP.findall(text)), sorted(_CODE.findall(text))


def _same_shape(translation: str, english: str) -> bool:
    """The same Rich markup tags, and the ``code`` spans naming a binding id
    (``game.draw``) or a file kept as they are (the other spans show the board, whose
    tags and letters are translated: `Wi Sp Su Au` is `Wi Fr So He` in German)."""
    tags, code = _shape(translation)
    tags_en, code_en = _shape(english)
    kept = sorted(c for c in code_en if "." in c.strip("`.…") and " " not in c)
    return tags == tags_en and kept == sorted(c for c in code if c in kept)


def _lone_percent(text: str) -> bool:
    return "%" in _PRINTF_TOKEN.sub("", text)


def _keeps_fields(lang: str, text: str, ids: tuple[str, ...], form: int, wanted: set[str]) -> bool:
    """Every placeholder kept; a plural's singular may leave out what the English
    singular leaves out ("a Fragment"), and in German also its number (only 1 takes
    it; French uses the singular for 0 too)."""
    found = _fields(text)
    if found == wanted:
        return True
    if len(ids) != 2 or form != 0 or not found <= wanted:
        return False
    return lang != "fr" or found >= _fields(ids[0])


def _bad_markup(text: str) -> str | None:
    """Why Textual's markup parser refuses ``text`` (tags out of order), else None."""
    from textual.content import Content

    try:
        Content.from_markup(text)
    except Exception as e:
        return str(e)[:80]
    return None


def _texts(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its texts: a plural's forms, else one (None: empty)."""
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


def _message_problems(lang: str, m: Message) -> list[str]:
    ids = _texts(m.id)
    strs = _texts(m.string)
    label = f"{lang}: {ids[0][:60]!r}" + (f" ({m.context})" if m.context else "")
    if not all(strs) or m.fuzzy:
        return [f"{label}: not translated" + (" (fuzzy)" if m.fuzzy else "")]
    out = []
    wanted = set().union(*(_fields(i) for i in ids))
    printf = sorted(t for i in ids for t in _PERCENT.findall(i))
    variables = sorted(_VARIABLE.findall(_MARKUP.sub("", ids[-1])))
    in_cli = any(path.endswith("cli.py") for path, _line in m.locations)
    for i, s in enumerate(strs):
        # argparse's words use %-placeholders: the same ones (a plural's forms alike).
        if printf and sorted(_PERCENT.findall(s) * len(ids)) != printf:
            out.append(f"{label}: %-placeholders {_PERCENT.findall(s)} != {printf}")
        # argparse applies % to every help text: a lone % there breaks --help.
        if in_cli and _lone_percent(s) and not _lone_percent(ids[-1]):
            out.append(f"{label}: a lone % (write %% in the command line's texts)")
        if not _keeps_fields(lang, s, ids, i, wanted):
            out.append(f"{label}: placeholders {sorted(_fields(s))} != {sorted(wanted)}")
        if not (_same_shape(s, ids[0]) or _same_shape(s, ids[-1])):
            out.append(f"{label}: markup or `code` differs: {_shape(s)} != {_shape(ids[0])}")
        if sorted(_VARIABLE.findall(_MARKUP.sub("", s))) != variables:
            out.append(f"{label}: $variables differ from {variables}")
        if _MARKUP.search(ids[-1]) and (why := _bad_markup(s)):
            out.append(f"{label}: markup does not parse: {why}")
    if m.context == SHORT and len(strs[0]) > SHORT_NAME_CHARS:
        out.append(f"{label}: short name {strs[0]!r} is longer than {SHORT_NAME_CHARS}")
    return out


def _drop_false_printf(m: Message) -> None:
    """Babel flags every text in which "%" looks like a printf directive ("95% interval":
    "% i"), and ``msgfmt --check`` then checks the translation as one and fails; only
    a text with a real directive (``%(default)s``, ``%%``: argparse's) keeps the flag."""
    if not any(_PRINTF_TOKEN.search(i) for i in _texts(m.id) if i):
        m.flags.discard("python-format")


def read_catalogue(lang: str) -> Catalog:
    from .i18n import po_path

    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """What the language's catalogue lacks or gets wrong against the code and assets."""
    template = template or extract()
    cat = read_catalogue(lang)
    out = []
    for m in template:
        if not m.id:
            continue
        t = cat.get(m.id, context=m.context)
        if t is None:
            out.append(f"{lang}: {str(m.id if isinstance(m.id, str) else m.id[0])[:60]!r}: missing")
        else:
            out.extend(_message_problems(lang, t))
    return out


def update() -> None:
    """Write the template and merge it into each language's ``.po`` (new messages
    empty, changed ones fuzzy: both show as problems until translated)."""
    template = extract()
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, template, width=100, include_lineno=False, omit_header=False)
    from .i18n import po_path

    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = po_path(lang)
        if path.exists():
            cat = read_catalogue(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(domain=DOMAIN, project="living-forest", locale=lang)
        cat.update(template, update_header_comment=False)
        for m in cat:
            _drop_false_printf(m)
        # Filled, so that ``msgfmt --check`` has nothing to say (not even a warning).
        cat.revision_date = template.creation_date
        cat.last_translator = "Living Forest translators"
        with path.open("wb") as f:
            write_po(f, cat, width=100, include_lineno=False, ignore_obsolete=True)


def main(argv: list[str]) -> int:
    if "--check" not in argv:
        update()
    template = extract()
    found = [p for lang in LANGUAGES if lang != SOURCE_LANGUAGE for p in problems(lang, template)]
    for p in found:
        print(p)
    print(f"{len(template)} messages; {len(found)} problems")
    return 1 if found and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
