"""The log sentences of Kodama's events (the core's ``describe`` makes them)."""

from __future__ import annotations

from typing import Any

from ..events import register_sentence

PILE_WORD = {"flower": "Flower", "tree": "Tree", "water": "Water"}
REWARD_WORD = {
    "take_fragment": "takes a Fragment",
    "take_element_tile": "takes an Element tile",
    "extra_basic_action": "gains one more basic action",
}


def _card(f: dict[str, Any], n: Any) -> None:
    f["card"] = n.card(f["card_id"])
    if "pile" in f:
        f["pile"] = PILE_WORD.get(f["pile"], f["pile"])


def _pile(f: dict[str, Any], n: Any) -> None:
    f["pile"] = PILE_WORD.get(f["pile"], f["pile"])


def _setup(f: dict[str, Any], n: Any) -> None:
    tops = [f"{PILE_WORD.get(p, p)}: {n.card(c)}" for p, c in f["tops"].items()]
    f["shown"] = ", ".join(tops)


def _onibi(f: dict[str, Any], n: Any) -> None:
    names = [n.player(s) for s in f["jumped"]]
    f["jumps"] = f", jumping {', '.join(names)}" if names else ""


def _reward(f: dict[str, Any], n: Any) -> None:
    f["what"] = REWARD_WORD.get(f["reward"], f["reward"])


def _animal(f: dict[str, Any], n: Any) -> None:
    f["card"] = n.card(f["card_id"])
    f["action"] = f["action"].replace("_", " ")


register_sentence(
    "kodama_setup",
    "Kodama: {per_pile} per pile ({shown}); Onibi on rock {onibi}; thresholds {threshold}.",
    _setup,
)
register_sentence(
    "kodama_called", "{player} calls {card} from the {pile} pile onto the draw stack.", _card
)
register_sentence("kodama_revealed", "The {pile} pile now shows {card}.", _card)
register_sentence(
    "threshold_raised",
    "The {pile} pile is empty: {condition} now need {threshold} to win.",
    _pile,
)
register_sentence(
    "onibi_moved", "Onibi moves from rock {from_rock} to rock {to_rock}{jumps}.", _onibi
)
register_sentence("onibi_fire_added", "Onibi adds a fire of value {value} ({total} burning).")
register_sentence("kodama_reward", "{player} sees {symbols} Kodama and {what}.", _reward)
register_sentence(
    "kodama_reward_lost",
    "{player} sees {symbols} Kodama but no Fragment is left to take.",
)
register_sentence(
    "element_tile_used",
    "{player} spends an Element tile: +{amount} {element} until the end of the round.",
)
register_sentence("animal_bonus", "{player} uses {card} for a bonus {action}.", _animal)
