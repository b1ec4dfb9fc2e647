"""What Kodama adds to the bots' evaluation features (``RulesBuilder.add_features``):
numbers about a player that every seat can read.

- ``kodama_symbols``: the Kodama symbols the player can expect to show at the start of
  a turn (K-K1): the Forest's, and the deck's Kodama cards in the share of the deck a
  round reveals (about seven cards), over four (the last reward's count, K-K2);
- ``element_tiles``: Element tiles held (K-E1), over three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .effects import symbol_counts
from .state import player

if TYPE_CHECKING:
    from ..rules import Rules
    from ..state import GameState

NAMES = ("kodama_symbols", "element_tiles")
SIGNS = (1, 1)  # more symbols and more tiles never hurt (the weights' sides in training)
CARDS_A_ROUND = 7.0  # about what a deck reveals in a round (the bots' flow model)


def player_features(r: Rules, st: GameState, seat: int) -> Sequence[float]:
    p = st.players[seat]
    cards, trees = symbol_counts(r)
    deck = len(p.draw) + len(p.discard) + len(p.help_line)
    shown = 0
    for pile in (p.draw, p.discard, p.help_line):
        for cid in pile:
            shown += cards.get(cid, 0)
    forest = sum(trees.get(label, 0) for label in p.forest if label is not None)
    expected = forest + (shown * min(1.0, CARDS_A_ROUND / deck) if deck else 0.0)
    return (expected / 4, player(p).tiles / 3)
