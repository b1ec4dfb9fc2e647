"""The catalogues hold every message the code, data, tutorial and help can show, with
the same placeholders, markup and key names ("a test fails when a catalogue
lacks a message or a placeholder differs")."""

from __future__ import annotations

import string

import pytest

from living_forest import i18n
from living_forest.catalogs import SHORT, extract, problems, read_catalogue

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE_LANGUAGE]


@pytest.fixture(scope="module")
def template():
    return extract()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_has_every_message_right(lang: str, template) -> None:
    found = problems(lang, template)
    assert not found, f"{len(found)} problems (run `make catalogs`):\n" + "\n".join(found[:40])


def test_placeholders_are_named(template) -> None:
    """Translators may reorder a sentence only if its placeholders have names."""
    bad = []
    for m in template:
        for text in m.id if isinstance(m.id, tuple) else (m.id,):
            if not text or "{" not in text or m.context is not None:
                continue
            try:
                names = [f for _l, f, _s, _c in string.Formatter().parse(text) if f is not None]
            except ValueError:
                bad.append(text)
                continue
            if any(not n.isidentifier() for n in names):
                bad.append(text)
    assert not bad, bad


@pytest.mark.parametrize("lang", TRANSLATED)
def test_short_names_tell_cards_apart(lang: str, template) -> None:
    """The Help Line's short names (at most 7 characters) are unique per card, except
    the four starting Kodama cards, which are the same card for each Spirit."""
    cat = read_catalogue(lang)
    shorts: dict[str, list[str]] = {}
    for m in template:
        if m.context == SHORT:
            short = cat.get(m.id, context=SHORT)
            assert short is not None and isinstance(short.string, str)
            shorts.setdefault(short.string, []).append(m.id)
    shared = {s: ids for s, ids in shorts.items() if len(ids) > 1}
    assert all(all("starting Kodama" in i for i in ids) for ids in shared.values()), shared


@pytest.mark.parametrize(
    ("lang", "english", "translation", "where", "problem"),
    [
        ("de", "Hello {player}", "Hallo {spieler}", "x.py", "placeholders"),
        ("de", "[b]Draw[/] now", "[/]Ziehen[b] jetzt", "x.py", "markup does not parse"),
        ("de", "Pass to $name", "Weiter an $nme", "x.py", "$variables"),
        ("fr", "95%% intervals", "intervalles à 95 %", "living_forest/cli.py", "lone %"),
        ("de", "`game.draw` draws", "`spiel.ziehen` zieht", "x.py", "`code`"),
        (
            "fr",
            ("{count} card left", "{count} cards left"),
            ("une carte", "{count} cartes"),
            "x.py",
            "placeholders",
        ),  # French uses the singular for 0 too: "une carte" would be said of none
    ],
)
def test_the_checker_finds_a_broken_translation(lang, english, translation, where, problem):
    from babel.messages.catalog import Message

    from living_forest.catalogs import _message_problems

    found = _message_problems(lang, Message(english, translation, [(where, 1)]))
    assert any(problem in p for p in found), found


def test_the_checker_accepts_what_a_language_may_change() -> None:
    from babel.messages.catalog import Message

    from living_forest.catalogs import _message_problems

    ok: list[tuple[str, str | tuple[str, str], str | tuple[str, str]]] = [
        ("de", ("{count} card left", "{count} cards left"), ("eine Karte übrig", "{count} übrig")),
        ("de", "95%% intervals", "95-%%-Intervalle"),
        ("de", "[b]{player}[/] draws", "[b]{player}[/] zieht"),
        ("de", "the tags `Wi Sp Su Au`", "die Kürzel `Wi Fr So He`"),  # board samples follow
    ]
    for lang, english, translation in ok:
        assert _message_problems(lang, Message(english, translation, [("cli.py", 1)])) == []


@pytest.mark.gettext
@pytest.mark.parametrize("lang", TRANSLATED)
def test_msgfmt_check_finds_nothing(lang: str) -> None:
    """``msgfmt --check`` (GNU gettext, Debian's package ``gettext``) found
    four format errors in German and one in French: Babel flags "95% interval" and
    "{percent}% of the time" as printf (``python-format``), and msgfmt then checks the
    translation as one. Now: no error and no warning."""
    import shutil
    import subprocess

    from living_forest.i18n import po_path

    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "this test needs msgfmt: `make test-gettext` installs gettext (Debian)"
    run = subprocess.run(
        [msgfmt, "--check", "-o", "/dev/null", str(po_path(lang))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_only_real_printf_texts_are_flagged_so(lang: str) -> None:
    """The ``python-format`` flag (read from the file itself: Babel's reader guesses it
    again) is kept only where the text has a real directive (argparse's ``%(default)s``
    or ``%%``); a per cent sign ("95% interval") is not one."""
    import re

    from living_forest.catalogs import _PRINTF_TOKEN
    from living_forest.i18n import po_path

    text = po_path(lang).read_text(encoding="utf-8")
    flagged = re.findall(
        r'^#,[^\n]*\bpython-format\b[^\n]*\n(?:#[^\n]*\n)*msgid ((?:"[^\n]*"\n)+)', text, re.M
    )
    ids = ["".join(re.findall(r'"(.*)"', block)) for block in flagged]
    assert all(_PRINTF_TOKEN.search(i) for i in ids), [
        i for i in ids if not _PRINTF_TOKEN.search(i)
    ]
