"""How the board shows Kodama material (KODAMA.md): the Kodama board, Onibi on the
Circle, Element tiles, Kodama symbols, and the labels of Kodama's actions.

Every function returns nothing ("" or None) for a game without the expansion, so the
generic panels call them without asking which rules are on.
"""

from __future__ import annotations

from living_forest.core import Action, GameState, raw_strengths, rules_of
from living_forest.core.data import ELEMENTS
from living_forest.core.effects import BonusAction
from living_forest.core.kodama import (
    ANIMAL,
    CALL,
    ELEMENT,
    NAME,
    KodamaState,
    kodama_data,
    player,
    visible_symbols,
)

from .glyphs import ELEMENT_GLYPH, plain_elements

ONIBI = "On"  # two cells, like a Spirit's tag on the ring
PILE_GLYPH = {"flower": ELEMENT_GLYPH["flower"], "tree": "T", "water": ELEMENT_GLYPH["water"]}
PILE_WORD = {"flower": "Flower", "tree": "Tree", "water": "Water"}
PILE_SHORT = {"flower": "Fl", "tree": "Tr", "water": "Wa"}
CONDITION_GLYPH = {"flowers": ELEMENT_GLYPH["flower"], "trees": "T", "fires": "F"}
REWARD_GLYPH = {"take_fragment": "◆", "take_element_tile": "E", "extra_basic_action": "+1"}
REWARD_WORDS = {
    "take_fragment": "a Fragment",
    "take_element_tile": "an Element tile",
    "extra_basic_action": "one more action",
}
CONDITION_WORD = {"flowers": "flowers", "trees": "trees", "fires": "fires"}


def _k(st: GameState) -> KodamaState | None:
    k = st.ext.get(NAME)
    return k if isinstance(k, KodamaState) else None


def onibi_rock(st: GameState) -> int | None:
    """Onibi's rock (K-C6), None without the expansion."""
    k = _k(st)
    return None if k is None else k.onibi


def board(st: GameState, *, wide: bool) -> str:
    """The Kodama board: each pile's top card and size, the condition it raises, Onibi
    (K-B1, K-B2: only the top card is shown)."""
    k = _k(st)
    if k is None:
        return ""
    r = rules_of(st)
    kd = kodama_data(r)
    cards = r.data.cards
    if wide:
        head = (
            f"[b]Kodama board[/] [dim]call with Sacred Flowers; K rocks give a call[/]  "
            f"Onibi on rock [b]{k.onibi}[/]"
        )
    else:  # the tiles of the player to act: no room for them on the players' lines
        head = f"[b]Kodama[/] [dim]cost(cards)[/] Onibi [b]{k.onibi}[/]{player_tag(st, st.current)}"
    parts = []
    for pile, cond in kd.pile_condition.items():
        cids = k.piles.get(pile, ())
        need = st.thresholds[cond]
        glyph = PILE_GLYPH.get(pile, pile[:1])
        if not cids:
            if wide:
                parts.append(f"{glyph} [dim]empty[/] {CONDITION_WORD[cond]}→{need}")
            else:
                parts.append(f"{PILE_SHORT[pile]} [dim]—[/]")
            continue
        top = cards[cids[-1]]
        els = plain_elements(top.elements)
        if wide:
            flower = ELEMENT_GLYPH["flower"]
            name = f"{PILE_WORD[pile]} pile ({len(cids)}): {top.name}, cost {top.cost}{flower}"
            parts.append(
                f"{glyph} {name} {els}  [dim]empty: {CONDITION_WORD[cond]}→{kd.raised_threshold}[/]"
            )
        else:
            parts.append(f"{PILE_SHORT[pile]} [b]{top.cost}[/][dim]({len(cids)})[/]{els}")
    if wide:
        return "\n".join([head, *parts])
    guards = " ".join(
        f"{PILE_SHORT[pile]}→{CONDITION_GLYPH[cond]}{st.thresholds[cond]}"
        for pile, cond in kd.pile_condition.items()
    )
    return f"{head}\n{'  '.join(parts)}\n[dim]guards[/] {guards}"


def call_worth(st: GameState, seat: int) -> str:
    """What the Sacred Flowers buy (K-A1): "call a Kodama ≤ 3"."""
    if _k(st) is None:
        return ""
    r = rules_of(st)
    at = r.by_kind[CALL]
    p = st.players[seat]
    return f"call a Kodama ≤ {at.budget(r, p, raw_strengths(r, p), 0)}"


def player_tag(st: GameState, seat: int) -> str:
    """Element tiles held and the bonus of those spent this round (K-E1, K-E3)."""
    if _k(st) is None:
        return ""
    kp = player(st.players[seat])
    active = "".join(f"+{ELEMENT_GLYPH[ELEMENTS[e]]}{a}" for e, a in kp.active)
    return f" E{kp.tiles}{active}" if kp.tiles or active else ""


def symbols_text(st: GameState, seat: int, *, short: bool = False) -> str:
    """Visible Kodama symbols (K-K1) and the rewards they give at the start of a turn
    (K-K2): "K3:◆E", or "Kodama 3: a Fragment, an Element tile"."""
    if _k(st) is None:
        return ""
    r = rules_of(st)
    n = visible_symbols(r, st.players[seat])
    rewards = [reward for least, reward in kodama_data(r).rewards if n >= least]
    if short:
        return f"K{n}" + (":" + "".join(REWARD_GLYPH[x] for x in rewards) if rewards else "")
    words = ", ".join(REWARD_WORDS[x] for x in rewards)
    return f"Kodama {n}" + (f": {words}" if words else "")


def choice_label(st: GameState, a: Action) -> str | None:
    """The option text of a Kodama action, None for any other action."""
    r = rules_of(st)
    if a.kind == CALL:
        k = _k(st)
        assert k is not None
        c = r.data.cards[k.piles[a.arg][-1]]
        els = plain_elements(c.elements) or "no Element"
        left = len(k.piles[a.arg]) - 1
        return (
            f"Call {c.name} from the {PILE_WORD.get(a.arg, a.arg)} pile: cost "
            f"{c.cost}{ELEMENT_GLYPH['flower']}, {els} ({left} left under it)"
        )
    if a.kind == ELEMENT:
        amount = next(v for e, v in kodama_data(r).element_options if ELEMENTS[e] == a.arg)
        return f"Spend an Element tile: +{amount} {ELEMENT_GLYPH[a.arg]} {a.arg} this round"
    if a.kind == ANIMAL:
        card = r.data.cards[a.arg]
        effect = next(e for e in card.effects if isinstance(e, BonusAction))
        return f"{card.name}: a bonus {effect.action.replace('_', ' ')} (once this round)"
    return None
