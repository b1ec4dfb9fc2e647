"""Where a line of text may break, in any language.

French puts a space before ``; : ! ? »`` and after ``«``; a line must not break there
(the sign would begin the next line: "; solitaires nets : 1."). Rich and Textual
break at any Unicode space, a no-break one too, so the app's own wrappers (the event
log's, the choice list's) honour :data:`NO_BREAK`, which :func:`tie_punctuation`
puts in those places; they show it as an ordinary space again."""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"
_TIED = re.compile(r" (?=[;:!?»])|(?<=«) ")


def tie_punctuation(text: str) -> str:
    """``text`` with the spaces French typography ties to a sign made no-break."""
    return _TIED.sub(NO_BREAK, text)
