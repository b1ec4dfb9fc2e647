"""The log sentences of Kodama's events (the core's ``describe`` makes them)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _, join_and
from ..events import (
    bonus_word,
    element_word,
    register_bonus_words,
    register_card_mark,
    register_sentence,
)
from .effects import Symbols

PILE_WORD = {"flower": N_("Flower"), "tree": N_("Tree"), "water": N_("Water")}
REWARD_WORD = {
    "take_fragment": N_("takes a Fragment"),
    "take_element_tile": N_("takes an Element tile"),
    "extra_basic_action": N_("gains one more basic action"),
}
CONDITION_WORD = {"flowers": N_("flowers"), "trees": N_("trees"), "fires": N_("fires")}
# The stone rocks' bonus and Kodama's action kinds (``action_finished``) in words.
register_bonus_words(
    {
        "call_kodama": N_("call kodama"),
        "call": N_("call"),
        "element": N_("element"),
        "animal": N_("animal"),
    }
)

# A revealed Kodama card is named by its symbol (K-K1), as a base card by its mark.
register_card_mark(Symbols, N_("a Kodama symbol"))


def pile_word(pile: str) -> str:
    """A Kodama pile by its id ("flower"), in words."""
    word = PILE_WORD.get(pile)
    return _(word) if word is not None else pile


def _card(f: dict[str, Any], n: Any) -> None:
    f["card"] = n.card(f["card_id"])
    if "pile" in f:
        f["pile"] = pile_word(f["pile"])


def _pile(f: dict[str, Any], n: Any) -> None:
    f["pile"] = pile_word(f["pile"])
    condition = CONDITION_WORD.get(f.get("condition", ""))
    if condition is not None:
        f["condition"] = _(condition)


def _setup(f: dict[str, Any], n: Any) -> None:
    tops = [
        _("{pile}: {card}").format(pile=pile_word(p), card=n.card(c)) for p, c in f["tops"].items()
    ]
    f["shown"] = ", ".join(tops)


def _onibi(f: dict[str, Any], n: Any) -> None:
    names = [n.player(s) for s in f["jumped"]]
    f["jumps"] = _(", jumping {names}").format(names=join_and(names)) if names else ""


def _reward(f: dict[str, Any], n: Any) -> None:
    word = REWARD_WORD.get(f["reward"])
    f["what"] = _(word) if word is not None else f["reward"]


def _element(f: dict[str, Any], n: Any) -> None:
    f["element"] = element_word(f["element"])


def _animal(f: dict[str, Any], n: Any) -> None:
    f["card"] = n.card(f["card_id"])
    f["action"] = bonus_word(f["action"])


register_sentence(
    "kodama_setup",
    N_("Kodama: {per_pile} per pile ({shown}); Onibi on rock {onibi}; thresholds {threshold}."),
    _setup,
)
register_sentence(
    "kodama_called",
    N_("{player} calls {card} from the {pile} pile onto the draw stack."),
    _card,
)
register_sentence("kodama_revealed", N_("The {pile} pile now shows {card}."), _card)
register_sentence(
    "threshold_raised",
    N_("The {pile} pile is empty: {condition} now need {threshold} to win."),
    _pile,
)
register_sentence(
    "onibi_moved", N_("Onibi moves from rock {from_rock} to rock {to_rock}{jumps}."), _onibi
)
register_sentence("onibi_fire_added", N_("Onibi adds a fire of value {value} ({total} burning)."))
register_sentence("kodama_reward", N_("{player} sees {symbols} Kodama and {what}."), _reward)
register_sentence(
    "kodama_reward_lost",
    N_("{player} sees {symbols} Kodama but no Fragment is left to take."),
)
register_sentence(
    "element_tile_used",
    N_("{player} spends an Element tile: +{amount} {element} until the end of the round."),
    _element,
)
register_sentence("animal_bonus", N_("{player} uses {card} for a bonus {action}."), _animal)
