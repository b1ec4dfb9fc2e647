"""The Textual hot-seat app. Entry point: :func:`living_forest.tui.app.run`.

Importing it makes Rich's line breaker (which Textual's texts wrap with) keep a French
sign on the line of the word before it (:data:`living_forest.present.wrapping.WORD`):
"choisissez : 1-3" never begins a line with ":"."""

from __future__ import annotations

import rich._wrap

from living_forest.present.wrapping import WORD

# Rich reads its module's ``re_word`` each time it splits a line into words; ours is
# the same pattern with a tied space kept inside a word (tests/tui/test_log_wrap.py
# checks a dialog's text and the status line in French).
rich._wrap.re_word = WORD
