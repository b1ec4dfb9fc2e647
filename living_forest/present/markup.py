"""Content markup ("[b]Ana[/] [$error]3[/]") as the panels write it: user text made
safe for it, and its plain text and width measured the way Textual's
``Content.from_markup`` reads it, without importing Textual.

``tests/tui/test_markup.py`` holds :func:`plain_text` and :func:`visible_len` against
Textual's own parser on every panel and on generated markup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .cells import cell_len

_CONTROL = {c: "?" for c in [*range(32), 127]}  # a pasted NUL or ESC shows as "?"
FINAL_BACKSLASH = "\u29f5"  # looks like a backslash and escapes nothing


def safe(text: str) -> str:
    """User-given text (a player's name, a file path) for a markup string, shown as
    typed: every ``[`` escaped (Textual's own ``escape`` leaves a trailing ``[``), a
    final backslash shown as :data:`FINAL_BACKSLASH` (it would escape the tag after it), control
    characters as ``?``. Pad before calling: the escapes are not on screen."""
    out = text.translate(_CONTROL).replace("[", "\\[")
    return out[:-1] + FINAL_BACKSLASH if out.endswith("\\") else out


# Textual drops these control codes from markup before reading it.
_STRIPPED = dict.fromkeys((7, 8, 11, 12, 13))
_OPEN = re.compile(r"(?<!\\)\[")
_END = re.compile(r"(?<!\\)\]")
# What a style tag may hold (Textual's tokens): words ("b", "reverse"), variables
# ("$error"), colours, percentages, separated by white space or not at all.
_DECIMAL = r"-?\d+\.?\d*"
_PERCENT = rf"{_DECIMAL}%"
_COMMA = r"\s*,\s*"
_COLOR = (
    r"\#[0-9a-fA-F]{8}|\#[0-9a-fA-F]{6}|\#[0-9a-fA-F]{4}|\#[0-9a-fA-F]{3}"
    rf"|rgba?\(\s*{_DECIMAL}(?:{_COMMA}{_DECIMAL}){{2,3}}\s*\)"
    rf"|hsla?\(\s*{_DECIMAL}{_COMMA}{_PERCENT}{_COMMA}{_PERCENT}(?:{_COMMA}{_DECIMAL})?\s*\)"
)
_STYLE_PART = rf"\s+|{_PERCENT}|{_COLOR}|[a-zA-Z_][a-zA-Z0-9_-]*|\$[a-zA-Z0-9_\-]+"
_STYLE = re.compile(rf"(?:{_STYLE_PART})+")


@lru_cache(maxsize=4096)
def plain_text(markup: str) -> str:
    """The text of a markup string, without its styles."""
    markup = markup.translate(_STRIPPED)
    if "[" not in markup:
        return markup
    out: list[str] = []
    i = 0
    while True:
        found = _OPEN.search(markup, i)
        if found is None:
            out.append(markup[i:].replace("\\[", "["))
            return "".join(out)
        out.append(markup[i : found.start()].replace("\\[", "["))
        end = _END.search(markup, found.end())
        if end is None:  # no closing bracket: the rest is text
            out.append(markup[found.start() :])
            return "".join(out)
        body = markup[found.end() : end.start()]
        if not body.startswith("/") and (not body.strip() or not _STYLE.fullmatch(body)):
            out.append(f"[{body}]")  # not a style: shown as written
        i = end.end()


@lru_cache(maxsize=4096)
def visible_len(markup: str) -> int:
    """The cells a markup string takes on screen."""
    return cell_len(plain_text(markup))


def pad(markup: str, width: int) -> str:
    """``markup`` with spaces after it up to ``width`` cells."""
    n = visible_len(markup)
    return markup + " " * max(0, width - n)


def pack(parts: list[str], width: int) -> str:
    """Join markup pieces with two spaces, breaking lines so none exceeds ``width``
    (the panel's height is then its number of lines: no hidden wrapping)."""
    lines: list[str] = []
    cur, n = "", 0
    for part in parts:
        w = visible_len(part)
        if not part:
            continue
        if cur and n + 2 + w > width:
            lines.append(cur)
            cur, n = "", 0
        cur, n = (f"{cur}  {part}", n + 2 + w) if cur else (part, w)
    lines.append(cur)
    return "\n".join(lines)
