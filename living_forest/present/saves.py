"""One save file as the save browser lists it: who plays (people and which
bots), the rules, the round or the winners, how long ago, and whether it is an
autosave; so that five saves of two players can be told apart."""

from __future__ import annotations

from datetime import datetime

from living_forest.bots import title
from living_forest.core import OptionsError
from living_forest.core.modules import get_module
from living_forest.i18n import N_, _, ngettext
from living_forest.persistence import SaveInfo
from living_forest.text import printable

from .session import HUMAN, spirit_title

# i18n: the rules of a game on the New game form and in the save browser: at most 16
# characters
BASE_RULES = N_("Base game")


def rules_title(modules: tuple[str, ...]) -> str:
    """The rules of a game in words, by the modules' own titles (the base game's
    name without any); a module this program does not have keeps its name."""
    if not modules:
        return _(BASE_RULES)
    names = []
    for m in modules:
        try:
            names.append(_(get_module(m).title))
        except OptionsError:
            names.append(printable(m))
    return " + ".join(names)


def ago(then: datetime, now: datetime) -> str:
    """How long ago ``then`` was: "just now", "5 min ago", "3 h ago", "yesterday",
    "4 days ago", then the date."""
    seconds = (now - then).total_seconds()
    if seconds < 60:
        # i18n: when a save was written, in the save browser
        return _("just now")
    if seconds < 3600:
        n = int(seconds // 60)
        # i18n: when a save was written, in the save browser
        return ngettext("{count} min ago", "{count} min ago", n).format(count=n)
    if seconds < 86400:
        n = int(seconds // 3600)
        # i18n: when a save was written, in the save browser ("h": hours)
        return ngettext("{count} h ago", "{count} h ago", n).format(count=n)
    days = (now.date() - then.date()).days
    if days <= 1:
        # i18n: when a save was written, in the save browser
        return _("yesterday")
    if days < 30:
        # i18n: when a save was written, in the save browser
        return ngettext("{count} day ago", "{count} days ago", days).format(count=days)
    return then.strftime("%Y-%m-%d")


def who(name: str, spirit: str, controller: str) -> str:
    """ "Ana (Winter, human)", "Ben (Summer, hard bot)"."""
    # i18n: who plays a seat, in the New game form's summary and the save browser:
    # "Ana (Winter, human)"
    player = _("human")
    if controller != HUMAN:
        # i18n: who plays a seat, in the New game form's summary and the save browser:
        # "Ben (Summer, easy bot)"; {level}: easy, medium, hard...
        player = _("{level} bot").format(level=title(controller))
    return f"{name} ({spirit_title(spirit)}, {player})"


def save_text(s: SaveInfo, now: datetime) -> str:
    """One save in the browser: "Ana (Winter, human), Ben (Summer, hard bot) · the
    rules' title · round 4 · 5 min ago · autosave"; a finished game names its winners;
    a damaged file says so."""
    when = ago(s.modified, now)
    # i18n: a save file of the save browser: the game's own, made after every move
    kind = _("autosave") if s.autosave else printable(s.path.name)  # a name from the disk
    if s.problem:
        # i18n: a damaged file in the save browser: {file} is its name (or "autosave")
        return _("{file} · {date} · cannot be read").format(file=kind, date=when)
    controllers = s.controllers or (HUMAN,) * len(s.players)
    players = ", ".join(
        who(name, spirit, c) for (name, spirit), c in zip(s.players, controllers, strict=False)
    )
    if s.over and s.winners:
        # i18n: a finished game in the save browser; {names}: the winners ("Ana and Ben")
        state = ngettext("won by {names}", "won by {names} (shared)", len(s.winners)).format(
            names=_(" and ").join(s.winners)
        )
    elif s.over:
        state = _("game over")
    else:
        state = _("round {round}").format(round=s.round)
    return " · ".join([players, rules_title(s.modules), state, when, kind])
