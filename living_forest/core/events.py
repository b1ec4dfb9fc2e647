"""Events: what happened, as data (ids, numbers, seats), and the one place that turns
them into sentences.

The core returns a list of events from every :func:`apply`; screens subscribe to
them. An event's payload never holds English: names, card names and wording are
looked up by :func:`describe`, from the game the event belongs to. A module that
emits events of its own registers their sentences with :func:`register_sentence`, and,
like the core, asks :func:`wants` before making one (the fast path keeps none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import N_, NC_, NP_, _, card_name, join_and, ngettext, pgettext, spirit_name
from .actions import cite
from .effects import Effect

if TYPE_CHECKING:
    from .data import GameData
    from .state import GameState


@dataclass(slots=True)
class Event:
    """What happened (never changed once made; not frozen because a frozen dataclass
    is slower to make, and every move makes a few)."""

    kind: str
    seat: int | None = None  # the player it concerns (its sentence starts with them)
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}


class KindsOnly(list[Event]):
    """A list of events that keeps only the events of ``kinds``: the rules do not make
    the others at all (each one asks :func:`wants` first). The fast path (``push``) and
    the simulator use it, which read no events or a few rare ones; a plain list keeps
    every event. (Making the events a move does not need is most of what a simulated
    move costs once its legality check and copy are gone.)"""

    __slots__ = ("kinds",)

    def __init__(self, kinds: Iterable[str] = ()) -> None:
        super().__init__()
        self.kinds = frozenset(kinds)


def wants(ev: list[Event], kind: str) -> bool:
    """Does ``ev`` keep events of ``kind``? Asked before making one, so that an event
    nobody keeps costs nothing: every list does, a :class:`KindsOnly` those it names."""
    return not isinstance(ev, KindsOnly) or kind in ev.kinds


class Plural:
    """A sentence with a singular and a plural form, chosen by the number in ``field``
    (each language has its own rule: :func:`ngettext`)."""

    __slots__ = ("field", "plural", "singular")

    def __init__(self, forms: tuple[str, str], field: str) -> None:
        self.singular, self.plural = forms
        self.field = field


class ByField:
    """A sentence chosen by the value of one field of the event (``action_finished``:
    the action kind), with ``default`` for a value that has no sentence of its own."""

    __slots__ = ("default", "field", "forms")

    def __init__(self, field: str, forms: Mapping[str, str], default: str) -> None:
        self.field = field
        self.forms = dict(forms)
        self.default = default

    def sentence(self, data: Mapping[str, Any]) -> str:
        return self.forms.get(str(data.get(self.field)), self.default)


Template = str | Plural | ByField

# Message ids of the catalogue (English). ``{player}`` is the event's seat; the other
# fields are the event's data or what ``_DERIVE`` adds.
_TEMPLATES: dict[str, Template] = {
    "game_started": N_("A new game begins with {players}; {first} holds the Sacred Tree."),
    "round_started": N_("Round {round} begins; {first} holds the Sacred Tree."),
    "card_revealed": ByField(
        "cancelled",
        {
            # i18n: a solitary card revealed while the Help Line's gregarious animals
            # are at least as many as its solitary ones: the net count stays 0
            "True": N_(
                "{player} reveals {card} ({mark}); net solitary count {net}: "
                "a gregarious animal cancels it."
            ),
        },
        N_("{player} reveals {card} ({mark}); net solitary count {net}."),
    ),
    "reshuffled": Plural(
        NP_(
            "{player} shuffles {count} card from the discard into a new draw stack.",
            "{player} shuffles {count} cards from the discard into a new draw stack.",
        ),
        "count",
    ),
    "fragment_used": N_("{player} spends a Fragment to remove {card} from the Help Line."),
    "forced_stop": N_("{player} must stop: three net solitary animals."),
    "nothing_to_draw": N_("{player} has no card left to reveal."),
    "stopped": Plural(
        NP_(
            "{player} stops with {cards} card in the Help Line.",
            "{player} stops with {cards} cards in the Help Line.",
        ),
        "cards",
    ),
    "action_phase_started": N_("Action phase: {first} plays first."),
    "turn_started": Plural(
        NP_(
            "{player}'s turn: {actions} basic action.", "{player}'s turn: {actions} basic actions."
        ),
        "actions",
    ),
    "fragment_taken": Plural(
        NP_(
            "{player} takes a Fragment from the supply ({left} left).",
            "{player} takes {count} Fragments from the supply ({left} left).",
        ),
        "count",
    ),
    "animal_attracted": N_(
        "{player} attracts {card} (level {level}, cost {cost}) to the draw stack."
    ),
    "fire_extinguished": N_("{player} extinguishes a fire of value {value}."),
    "standee_moved": N_(
        "{player} moves {distance} from rock {from_rock} to rock {to_rock}{jumps}."
    ),
    "victory_tile_taken": N_("{player} takes {tile} from {victim}."),
    "tree_planted": N_("{player} plants tree {tree} at ({x},{y})."),
    "line_completed": N_(
        "{player} completes {line}: +{amount} {element} for the rest of the game."
    ),
    "bonus_offered": N_("{player} may take a bonus {bonus} ({source})."),
    "bonus_skipped": N_("{player} declines the bonus {bonus}."),
    "bonus_lost": N_("{player} cannot use the bonus {bonus} ({source}); it is lost."),
    # A multi-pick action ended with Done, by its kind; a module's kind: the default.
    "action_finished": ByField(
        "action",
        {
            "attract": N_("{player} is done attracting Guardian Animals."),
            "extinguish": N_("{player} is done putting out fires."),
        },
        # i18n: a multi-pick action ended ({action}: its word, "attract")
        N_("{player} is done with {action}."),
    ),
    "turn_ended": N_("{player} ends the turn."),
    "onibi_attacks": Plural(
        NP_(
            "Onibi attacks with {tiles} fire tile of total power {power}.",
            "Onibi attacks with {tiles} fire tiles of total power {power}.",
        ),
        "tiles",
    ),
    "varans_dealt": Plural(
        NP_(
            "{player} (water {water}) receives {count} Fire Varan{short}.",
            "{player} (water {water}) receives {count} Fire Varans{short}.",
        ),
        "count",
    ),
    "spirit_safe": N_("{player} (water {water}) resists Onibi."),
    "fires_added": Plural(
        # i18n: {kindled} is "" or the reason of a fire no card taken brought (E-2:
        # none was burning), which begins with its own punctuation
        NP_(
            "Onibi adds a fire of value {values} to the Circle ({total} burning){kindled}.",
            "Onibi adds fires of value {values} to the Circle ({total} burning){kindled}.",
        ),
        "count",
    ),
    "fire_not_added": N_("No fire of value {value} could be added ({why})."),
    "reserve_refilled": N_("Level {level} reserve refilled with {cards}."),
    "help_line_returned": Plural(
        NP_(
            "{player} returns {count} card to the discard stack.",
            "{player} returns {count} cards to the discard stack.",
        ),
        "count",
    ),
    "sacred_tree_passed": N_("The Sacred Tree passes to {player}."),
    "game_over": Plural(
        NP_(
            "Game over after round {round}: {winners} wins ({how}).",
            "Game over after round {round}: {winners} share the victory ({how}).",
        ),
        "winner_count",
    ),
}

MARK = {"solitary": N_("solitary"), "gregarious": N_("gregarious"), "none": N_("no symbol")}
SYMBOL_ID = {1: "solitary", -1: "gregarious", 0: "none"}  # Card.symbol -> mark id
WHY_NOT_ADDED = {
    "circle_full": N_("the Circle is full"),
    "supply_empty": N_("the supply is empty"),
}
HOW_DECIDED = {
    "alone": N_("the only player to reach a victory threshold"),
    "total": N_("highest total ({best}) among the {qualified} players who reached a threshold"),
    "tie": N_("tied on total {best}: shared victory"),
}
HOW_DECIDED_RULES = {"tie": ("V-5",)}  # cited after the sentence in the log
VICTORY_TILE = {
    "fire": N_("{spirit}'s fire Victory tile"),
    "flower": N_("{spirit}'s flower Victory tile"),
    "tree": N_("{spirit}'s tree Victory tile"),
}
# The bonuses of the Circle's rocks and the Forest's corners, by their data ids; a
# module adds its own with :func:`register_bonus_words`.
BONUS_WORD = {
    "attract": N_("attract"),
    "extinguish": N_("extinguish"),
    "plant": N_("plant"),
    "plant_tree": N_("plant tree"),
    "move": N_("move"),
    "fragment": N_("fragment"),
    "take_fragment": N_("take fragment"),
    # The action kinds (``action_finished``), as the log has always named them.
    "take-fragment": N_("take-fragment"),
}


# What a card showing a module's effect is called in place of its mark in the log
# ("reveals CARD (WORD)"), by the effect's type: :func:`register_card_mark`.
CARD_MARK: dict[type[Effect], str] = {}


def register_card_mark(effect: type[Effect], word: str) -> None:
    """A card with an effect of type ``effect`` is called ``word`` (English, marked
    with ``N_``) in place of its solitary or gregarious mark in the log."""
    if CARD_MARK.get(effect, word) != word:
        raise ValueError(f"the effect {effect.__name__} has a card mark already")
    CARD_MARK[effect] = word


def register_bonus_words(words: Mapping[str, str]) -> None:
    """A module's bonuses and action kinds in words (English, marked with ``N_``), by
    their data ids; a word the base game has already is refused."""
    for bonus, word in words.items():
        if BONUS_WORD.get(bonus, word) != word:
            raise ValueError(f"the bonus {bonus!r} has a word already")
        BONUS_WORD[bonus] = word


# Context "element": "plant" the Element and "plant" the action (BONUS_WORD) are two
# words in German and French.
ELEMENT_WORD = {
    "sun": NC_("element", "sun"),
    "water": NC_("element", "water"),
    "plant": NC_("element", "plant"),
    "wind": NC_("element", "wind"),
    "flower": NC_("element", "flower"),
}


def element_word(element: str) -> str:
    """An Element by its data id ("sun"), in words."""
    word = ELEMENT_WORD.get(element)
    return pgettext("element", word) if word is not None else element


# Where a bonus comes from (the Circle's rock, a Forest corner, a module's animal).
SOURCE_WORD = {"rock": N_("rock"), "corner": N_("corner"), "animal": N_("animal")}


def bonus_word(bonus: str) -> str:
    """A bonus or action by its data id, in words ("plant tree"; an id nobody
    registered words for with its underscores as spaces)."""
    word = BONUS_WORD.get(bonus)
    return _(word) if word is not None else bonus.replace("_", " ")


def line_name(line_id_or_name: str) -> str:
    """A Forest line ("row 1", "column-2") in words."""
    kind, _sep, number = line_id_or_name.replace("-", " ").partition(" ")
    if kind == "row":
        return _("row {number}").format(number=number)
    if kind == "column":
        return _("column {number}").format(number=number)
    return line_id_or_name


def how_decided(decided_by: str, best_total: int, qualified: int) -> str:
    """How the winner(s) were decided (V-4, V-5), in words (the rules cited in
    :data:`HOW_DECIDED_RULES`)."""
    return _(HOW_DECIDED[decided_by]).format(best=best_total, qualified=qualified)


class _Names:
    """What a sentence may look up: the game's players and data."""

    __slots__ = ("data", "st")

    def __init__(self, st: GameState) -> None:
        from .rules import rules_of

        self.st = st
        self.data: GameData = rules_of(st).data

    def player(self, seat: int) -> str:
        return self.st.players[seat].name

    def card(self, cid: str) -> str:
        return card_name(self.data.cards[cid].name)


Derive = Callable[[dict[str, Any], _Names], None]


def _first(f: dict[str, Any], n: _Names) -> None:
    f["first"] = n.player(f["first"])


def _card(f: dict[str, Any], n: _Names) -> None:
    f["card"] = n.card(f["card_id"])


def _game_started(f: dict[str, Any], n: _Names) -> None:
    spirits = n.data.spirits
    f["players"] = ", ".join(
        _("{name} ({spirit})").format(name=p.name, spirit=spirit_name(spirits[p.spirit]))
        for p in n.st.players
    )
    _first(f, n)


def _card_revealed(f: dict[str, Any], n: _Names) -> None:
    _card(f, n)
    effects = n.data.cards[f["card_id"]].effects
    mark = next((CARD_MARK[type(e)] for e in effects if type(e) in CARD_MARK), MARK[f["mark"]])
    f["mark"] = _(mark)


def _standee_moved(f: dict[str, Any], n: _Names) -> None:
    names = [n.player(s) for s in f["jumped"]]
    f["jumps"] = _(", jumping {names}").format(names=join_and(names)) if names else ""


def _tile_taken(f: dict[str, Any], n: _Names) -> None:
    spirit, kind = n.data.tiles[f["tile_id"]]
    f["tile"] = _(VICTORY_TILE[kind]).format(spirit=spirit_name(n.data.spirits[spirit]))
    f["victim"] = n.player(f["victim_seat"])


def _bonus(f: dict[str, Any], n: _Names) -> None:
    """A bonus by its data id: "attract", "plant tree" (words, not the id)."""
    f["bonus"] = bonus_word(str(f["bonus"]))
    _source(f, n)


def _source(f: dict[str, Any], n: _Names) -> None:
    source = SOURCE_WORD.get(str(f.get("source")))
    if source is not None:
        f["source"] = _(source)


def _action(f: dict[str, Any], n: _Names) -> None:
    f["action"] = bonus_word(str(f["action"]))


def _bonus_lost(f: dict[str, Any], n: _Names) -> None:
    if "amount" in f:  # a corner's "2 Fragments" (F-4, X-1)
        f["bonus"] = ngettext("{count} Fragment", "{count} Fragments", f["amount"]).format(
            count=f["amount"]
        )
        _source(f, n)
    else:
        _bonus(f, n)


def _line(f: dict[str, Any], n: _Names) -> None:
    f["line"] = line_name(f["line"])
    _element(f, n)


def _element(f: dict[str, Any], n: _Names) -> None:
    f["element"] = element_word(str(f["element"]))


def _varans_dealt(f: dict[str, Any], n: _Names) -> None:
    """What the player was owed is said only when the supply could not pay it (E-1)."""
    f["short"] = ""
    if f["count"] < f["owed"]:
        # i18n: after "Ana (water 2) receives 1 Fire Varan": she was owed more (E-1)
        f["short"] = _(" ({owed} owed, none left)").format(owed=f["owed"])


def _fires_added(f: dict[str, Any], n: _Names) -> None:
    f["values"] = join_and(map(str, f["added"]))  # "2", "2 and 3"
    f["count"] = len(f["added"])
    # i18n: after "Onibi adds a fire of value 2 to the Circle (1 burning)": why, when
    # no animal was taken (E-2); keep the leading punctuation (French: " : ")
    f["kindled"] = _(": none was burning, so Onibi lights one") if f.get("kindled") else ""


def _fire_not_added(f: dict[str, Any], n: _Names) -> None:
    why = WHY_NOT_ADDED[f["why"]]
    f["why"] = _(why)


def _refilled(f: dict[str, Any], n: _Names) -> None:
    f["cards"] = ", ".join(n.card(c) for c in f["card_ids"])


def _game_over(f: dict[str, Any], n: _Names) -> None:
    f["winners"] = join_and(n.player(s) for s in f["winner_seats"])
    f["winner_count"] = len(f["winner_seats"])
    how = how_decided(f["decided_by"], f["best_total"], f["qualified"])
    f["how"] = cite(how, HOW_DECIDED_RULES.get(f["decided_by"], ()))


_DERIVE: dict[str, Derive] = {
    "game_started": _game_started,
    "round_started": _first,
    "action_phase_started": _first,
    "card_revealed": _card_revealed,
    "fragment_used": _card,
    "animal_attracted": _card,
    "standee_moved": _standee_moved,
    "victory_tile_taken": _tile_taken,
    "bonus_lost": _bonus_lost,
    "bonus_offered": _bonus,
    "bonus_skipped": _bonus,
    "action_finished": _action,
    "line_completed": _line,
    "varans_dealt": _varans_dealt,
    "fires_added": _fires_added,
    "fire_not_added": _fire_not_added,
    "reserve_refilled": _refilled,
    "game_over": _game_over,
}


def register_sentence(kind: str, template: Template, derive: Derive | None = None) -> None:
    """A module's event kind and its sentence: a message id marked with ``N_`` (or a
    :class:`Plural` of an ``NP_`` pair); ``{player}`` is the event's seat; ``derive``
    adds looked-up fields."""
    _TEMPLATES[kind] = template
    if derive is not None:
        _DERIVE[kind] = derive


def describe(event: Event, st: GameState) -> str:
    """One sentence for the log, in the current language; ``st`` is any state of the
    game the event belongs to (its players' names and its rules' data are looked up
    there)."""
    tpl = _TEMPLATES.get(event.kind)
    if tpl is None:
        return f"{event.kind}: {event.data}"
    try:
        fields = dict(event.data)
        names = _Names(st)
        if event.seat is not None:
            fields["player"] = names.player(event.seat)
        derive = _DERIVE.get(event.kind)
        if derive is not None:
            derive(fields, names)
        if isinstance(tpl, Plural):
            text = ngettext(tpl.singular, tpl.plural, int(fields[tpl.field]))
        elif isinstance(tpl, ByField):
            text = _(tpl.sentence(event.data))
        else:
            text = _(tpl)
        return text.format(**fields)
    except (KeyError, IndexError, ValueError, TypeError):
        return f"{event.kind}: {event.data}"
