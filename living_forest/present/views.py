"""How the app shows each action type and each rules module: the presentation
registry.

An action type (core) knows its notation kind, its name and its Element; its
:class:`ActionView` adds what only a screen needs: the key that opens it and its
binding id, its key-bar label, its word in the tight columns, the title of it as an
offered bonus and the text of one of its options. A rules module brings a
:class:`ModuleView` holding its actions' views; the base game registers its own the
same way. The app's tables (the game keys, the short words, the bonus titles) are
built from the registry, not keyed by kind elsewhere.

A module view also brings what its module adds to the board: the words of the kinds
of ability its cards and trees have, the glyphs and words of its rock bonuses, marks
of its own on the Circle (a standee of the module's), a tag after a player's line,
parts of a player's status, what the Sacred Flowers buy, and panels of its own. The
functions below ask only the views of the modules a game has on.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from living_forest.core import Action, Event, GameState, rules_of
from living_forest.core.effects import Effect
from living_forest.i18n import join_clauses

# The entry-point group naming the rules modules' views (module name -> the Python
# module that registers its view); the base game's is the app's own.
GROUP = "living_forest.views"
BASE_VIEW = "living_forest.present.base_game"

Label = Callable[[GameState, Action], str]


@dataclass(frozen=True, slots=True)
class ActionView:
    """How one action type shows. Words are English, marked with ``N_``: show them
    with ``_()``."""

    kind: str  # the action type's notation kind ("attract")
    binding: str  # its key's binding id after "game." ("attract", "take")
    key: str  # its default key
    key_label: str  # its key-bar label
    word: str = ""  # one short word ("(used attract, move)"); "" shows the kind
    data_ids: tuple[str, ...] = ()  # the data's ids of it (a card's "+plant")
    ability_word: str = ""  # the word after a card's ability mark, if not ``word``
    bonus_name: str = ""  # the title of it offered as a bonus ("Bonus Attract: …")
    label: Label | None = None  # the text of one of its options in the choice list
    # One of its options in a few words, inside a sentence (the hint: "Attract Fox",
    # "Call Flower Kodama 1"); None: the choice list's text.
    short: Label | None = None
    # The lesson's instruction for it when one key makes it ("press {key} to take a
    # Fragment."), else what to pick of its list ("pick Spider"): a tutorial's step.
    key_step: str = ""
    pick: Label | None = None
    # What is left to pick once its first list is picked and the next one is open
    # ("pick the space (0,2)" after the tree): a two-list action type's.
    pick_after: Label | None = None


@dataclass(frozen=True, slots=True)
class RockView:
    """How a rock bonus (its data id, "plant") shows: one cell on the ring, a word in
    the ring's key and the large ring's boxes, a name in sentences. Words are English,
    marked with ``NC_("rock", ...)`` (the ring's key has its own words: "Attract" on the
    key bar is another text), names with ``N_``."""

    bonus: str
    glyph: str
    word: str  # "Plant"
    name: str  # "bonus Plant"


@dataclass(frozen=True, slots=True)
class RockMark:
    """Something of a module's standing on a rock (Onibi): two cells on the small
    ring, its name in a box of the large one, a sentence in the inspector (all shown
    as given: translated by the module)."""

    tag: str
    name: str
    note: str


@dataclass(frozen=True, slots=True)
class PanelView:
    """A board panel of a module's: ``render(st, wide)`` gives its markup, "" to hide
    it; ``id`` names its widget (styled in app.tcss) and its inspector item; ``title``
    (English, marked) heads its inspector group, ``item`` its item."""

    id: str
    title: str
    item: str
    render: Callable[[GameState, bool], str]


@dataclass(frozen=True, slots=True)
class ReportCount:
    """An event of a module's that ``simulate`` counts. ``key(event)`` names the count
    in ``simulate --json`` (English, stable; made from the event's data); ``label(event)``
    says it in the table, in the player's language: what is counted ("rests taken",
    shown as a mean per game) or, with ``per_game`` False, the whole row of the games
    that had one ("games where the flower pile emptied (flowers -> 15)")."""

    event: str
    key: Callable[[Event], str]
    label: Callable[[Event], str]
    per_game: bool = True


@dataclass(frozen=True, slots=True)
class EffectView:
    """How a kind of card or tree ability shows: ``effect`` is the core's effect type
    (``core.effects.Effect``); ``words(effect)`` says what it does in a few words (the
    inspector, the Forest's key: "a bonus plant"); ``tag(effect)`` marks it in the
    reserve's tight columns ("2xattract", "" for nothing); ``mark`` is the one cell a
    card with it shows in place of its solitary or gregarious mark ("" for none)."""

    effect: type[Effect]
    words: Callable[[Any], str]
    tag: Callable[[Any], str] | None = None
    mark: str = ""


@dataclass(frozen=True, slots=True)
class ModuleView:
    """How a rules module shows: its name (the core's module name, "base" for the
    base game) and its action types' views, in key-bar order; the rest is what the
    module adds to the board (each hook called only in a game with the module on)."""

    name: str
    actions: tuple[ActionView, ...] = ()
    rocks: tuple[RockView, ...] = ()  # its rock bonuses, in the order the ring's key lists
    panels: tuple[PanelView, ...] = ()
    rock_marks: Callable[[GameState], Mapping[int, RockMark]] | None = None
    player_tag: Callable[[GameState, int], str] | None = None  # after a player's line
    # A part of a player's status line, short (80x24) or long ("calm 2").
    status: Callable[[GameState, int, bool], str] | None = None
    flowers_buy: Callable[[GameState, int], str] | None = None  # "rest (3)"
    counts: tuple[ReportCount, ...] = ()  # its events that ``simulate`` counts
    effects: tuple[EffectView, ...] = ()  # the kinds of ability its data brings
    # The key to its short marks where there is no room for words ("K2:◆E", "guards
    # Fl→✿13"): (a mark as the board shows it, what it means), translated.
    legend: Callable[[GameState], Sequence[tuple[str, str]]] | None = None


_MODULES: dict[str, ModuleView] = {}


def register(view: ModuleView) -> ModuleView:
    """Add a module's view (once per name); returns it."""
    if view.name in _MODULES and _MODULES[view.name] is not view:
        raise ValueError(f"a view of the module {view.name!r} is registered already")
    _MODULES[view.name] = view
    return view


@cache
def _load_builtin() -> None:
    importlib.import_module(BASE_VIEW)
    for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name):
        ep.load()  # registers the view


def module_views() -> tuple[ModuleView, ...]:
    """Every registered module view, the base game's first."""
    _load_builtin()
    return tuple(_MODULES.values())


def action_views() -> tuple[ActionView, ...]:
    """Every action type's view, in key-bar order."""
    return tuple(av for mv in module_views() for av in mv.actions)


def action_view(kind: str) -> ActionView | None:
    """The view of the action type ``kind``, None when no module shows it."""
    return next((av for av in action_views() if av.kind == kind), None)


def rock_views() -> tuple[RockView, ...]:
    """Every rock bonus's view, in the order the ring's key lists them."""
    return tuple(rv for mv in module_views() for rv in mv.rocks)


def rock_view(bonus: str) -> RockView | None:
    return next((rv for rv in rock_views() if rv.bonus == bonus), None)


def effect_view(effect: Effect) -> EffectView | None:
    """The view of ``effect``'s type, None when no module shows it."""
    kind = type(effect)
    return next((ev for mv in module_views() for ev in mv.effects if ev.effect is kind), None)


def views_of(modules: Iterable[str]) -> tuple[ModuleView, ...]:
    """The views of the base game and of ``modules`` (module names), the base game's
    first."""
    on = {"base", *modules}
    return tuple(mv for mv in module_views() if mv.name in on)


def game_views(st: GameState) -> tuple[ModuleView, ...]:
    """The views of the modules this game has on (the base game's first)."""
    return views_of(m.name for m in rules_of(st).modules)


def report_counts(modules: Iterable[str]) -> dict[str, ReportCount]:
    """The events ``simulate`` counts in a game of ``modules``, by event kind."""
    return {c.event: c for mv in views_of(modules) for c in mv.counts}


def rock_marks(st: GameState) -> dict[int, RockMark]:
    """What the game's modules have standing on rocks, by rock."""
    marks: dict[int, RockMark] = {}
    for mv in game_views(st):
        if mv.rock_marks is not None:
            marks.update(mv.rock_marks(st))
    return marks


def player_tags(st: GameState, seat: int) -> str:
    """What the game's modules add after a player's line (" E1+☼2")."""
    return "".join(mv.player_tag(st, seat) for mv in game_views(st) if mv.player_tag)


def status_parts(st: GameState, seat: int, *, short: bool) -> list[str]:
    """The game's modules' parts of a player's status, the empty ones left out."""
    parts = (mv.status(st, seat, short) for mv in game_views(st) if mv.status)
    return [p for p in parts if p]


def flowers_buy(st: GameState, seat: int) -> str:
    """What the player's Sacred Flowers buy by the game's modules ("" for nothing)."""
    parts = (mv.flowers_buy(st, seat) for mv in game_views(st) if mv.flowers_buy)
    return join_clauses(p for p in parts if p)


def panel_views() -> tuple[PanelView, ...]:
    """Every module's panels, in registration order (a screen composes them all and
    each hides itself in a game without its module)."""
    return tuple(pv for mv in module_views() for pv in mv.panels)


def game_panels(st: GameState) -> tuple[PanelView, ...]:
    return tuple(pv for mv in game_views(st) for pv in mv.panels)


def legend(st: GameState) -> list[tuple[str, str]]:
    """The key to the board's short marks in this game: the base game's, then each
    module's (a mark as the board shows it, what it means)."""
    return [entry for mv in game_views(st) if mv.legend for entry in mv.legend(st)]
