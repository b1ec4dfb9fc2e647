"""What one seat knows, and positions consistent with it.

:func:`observe` gives a frozen :class:`Observation`: a copy of the position in which
every card the seat cannot see is :data:`HIDDEN`, the seed and the random state are
gone, and each group of hidden cards is listed as an :class:`Unseen` multiset with
the sizes of the places it is dealt into. Nothing in it leads back to the true state.

What is hidden (each rules module declares its own with
:meth:`~living_forest.core.rules.RulesBuilder.add_hidden_zone`):

- the order of every draw stack below its known top cards (A-21, K-A3: attracted and
  called cards go on top in view of all; ``PlayerState.draw_known`` counts them). The
  seat knows the cards of its own stack (its deck minus its Help Line and discard);
- another player's discard stack, which only its owner may look through (G-9): for
  another seat, that player's discard and the unknown part of their draw stack are one
  multiset dealt into two places of known sizes;
- the level stacks of Guardian Animals (S-6), and the hidden zones of the modules on
  (``HiddenZone``: piles below their top cards, a box, K-B2, K-S5).

:func:`determinize` deals each group afresh from a random generator and gives a full
state with a fresh random state: a position the seat cannot tell from the true one
(same Observation, same legal actions), for search bots to play out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple, Protocol

from .memo import BoundedCache, tuple_bytes
from .options import GameOptions
from .rules import Rules, rules_for, rules_of
from .state import GameState
from .strength import net_solitary

HIDDEN = "?"  # a card the seat cannot see, in Observation.position


class Unseen(NamedTuple):
    """A group of hidden cards: ``cards`` (sorted) are dealt, in an unknown order, into
    places of ``sizes`` cards, which ``zone`` (a hidden zone's name) knows how to fill;
    ``key`` tells the zone which places (e.g. a seat or a level)."""

    zone: str
    key: str
    cards: tuple[str, ...]
    sizes: tuple[int, ...]


class Observation(NamedTuple):
    """Everything seat ``seat`` knows. ``position`` is a masked copy of the game: read
    it (and ask the rules about it: legal actions, strengths, counts) but do not change
    it; :func:`determinize` starts from a copy of it. (An immutable tuple: made at every
    bot decision, it must be cheap to make.)"""

    seat: int
    position: GameState
    unseen: tuple[Unseen, ...]

    @property
    def rules(self) -> Rules:
        return rules_of(self.position)

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def help_line(self) -> tuple[str, ...]:
        return tuple(self.position.players[self.seat].help_line)

    def help_line_of(self, seat: int) -> tuple[str, ...]:
        """Any player's revealed cards: public information (G-1)."""
        return tuple(self.position.players[seat].help_line)

    @property
    def centre(self) -> tuple[int, ...]:
        """The Fire tiles on the Circle of Spirits (public)."""
        return tuple(self.position.centre)

    @property
    def discard(self) -> tuple[str, ...]:
        """The seat's own discard stack, which its owner may look through (G-9)."""
        return tuple(self.position.players[self.seat].discard)

    @property
    def fragments(self) -> int:
        return self.position.players[self.seat].fragments

    @property
    def last_revealed(self) -> str | None:
        p = self.position.players[self.seat]
        return p.help_line[-1] if p.can_use_fragment and p.help_line else None

    @property
    def net_solitary(self) -> int:
        return net_solitary(self.rules, self.position.players[self.seat])

    def draw_size(self, seat: int) -> int:
        return len(self.position.players[seat].draw)

    def known_top(self, seat: int) -> tuple[str, ...]:
        """The cards everyone knows on top of ``seat``'s draw stack, top first."""
        p = self.position.players[seat]
        return tuple(reversed(p.draw[len(p.draw) - p.draw_known :]))

    def own_draw_cards(self) -> Counter[str]:
        """The cards of the seat's own draw stack (order unknown below the known top)."""
        c = Counter(self.known_top(self.seat))
        for u in self.unseen:
            if u.zone == DECKS and u.key == str(self.seat):
                c.update(u.cards)
        return c


class SeatFacts(NamedTuple):
    """The few facts a rule-of-thumb bot reads, for seat ``seat``: an observer with less
    detail than :class:`Observation` (as OpenSpiel's observers have levels of detail).
    Public facts and the seat's own Help Line only, copied; no position, so it costs
    next to nothing at every decision. Its fields and properties are also
    :class:`Observation`'s, so a bot that reads only these takes either
    (:class:`Facts`)."""

    seat: int
    phase: str
    options: GameOptions
    help_line: tuple[str, ...]
    last_revealed: str | None  # the card just revealed, while a Fragment may remove it
    net_solitary: int
    fragments: int
    centre: tuple[int, ...]

    @property
    def rules(self) -> Rules:
        return rules_for(self.options)


class Facts(Protocol):
    """What :class:`SeatFacts` and :class:`Observation` both tell."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def help_line(self) -> tuple[str, ...]: ...
    @property
    def last_revealed(self) -> str | None: ...
    @property
    def net_solitary(self) -> int: ...
    @property
    def fragments(self) -> int: ...
    @property
    def centre(self) -> tuple[int, ...]: ...


def seat_facts(st: GameState, seat: int) -> SeatFacts:
    """The :class:`SeatFacts` of ``seat`` in ``st`` (copies; ``st`` is not changed)."""
    p = st.players[seat]
    line = p.help_line
    # tuple.__new__ makes the named tuple without its Python-level __new__: this runs
    # at every decision of a rule-of-thumb bot.
    return _make_tuple(
        SeatFacts,
        (
            seat,
            st.phase,
            st.options,
            tuple(line),
            line[-1] if p.can_use_fragment and line else None,
            net_solitary(rules_for(st.options), p),
            p.fragments,
            tuple(st.centre),
        ),
    )


_make_tuple = tuple.__new__


class HiddenZone:
    """Places of cards some seats cannot see. ``hide`` masks them in ``st`` (a copy
    made for the observer) and returns the groups; ``fill`` puts dealt cards back."""

    name = ""

    def hide(self, r: Rules, st: GameState, seat: int) -> list[Unseen]:
        raise NotImplementedError

    def fill(self, r: Rules, st: GameState, unseen: Unseen, parts: list[list[str]]) -> None:
        raise NotImplementedError


_KEYS = tuple(str(i) for i in range(16))  # seat / level keys, made once
DECKS = "decks"
LEVELS = "levels"
GROUP_CACHE_BYTES = 1 << 20  # the hidden groups each zone remembers (core/memo.py)


def unseen_bytes(key: tuple[object, ...], u: Unseen) -> int:
    """What a remembered group holds of its own: the key, the group and its tuples."""
    return tuple_bytes(key, u, u.cards, u.sizes)


def group_cache() -> BoundedCache[tuple[object, ...], Unseen]:
    """The memo of a zone's groups, by the cards behind them (``key`` holds them in
    their true order, which never leaves the cache)."""
    return BoundedCache(GROUP_CACHE_BYTES, unseen_bytes)


class Decks(HiddenZone):
    """Draw stacks below their known tops; other players' discard stacks (G-9).

    The groups are remembered by the cards behind them (``cache``), so that a stack
    that did not change since the last observation is not sorted again: the hot path
    of every bot decision."""

    name = DECKS

    def __init__(self) -> None:
        self.cache = group_cache()

    def hide(self, r: Rules, st: GameState, seat: int) -> list[Unseen]:
        out = []
        cache = self.cache
        for i, p in enumerate(st.players):
            draw = p.draw
            known = p.draw_known
            below = len(draw) - known
            # Own stack: (seat, below, cards); another's: (seat, below, cards, None, discard).
            key = (i, below, *draw) if i == seat else (i, below, *draw, None, *p.discard)
            u = cache.get(key)
            if u is None:
                if i == seat:
                    u = Unseen(DECKS, _KEYS[i], tuple(sorted(draw[:below])), (below,))
                else:
                    cards = sorted(draw[:below] + p.discard)
                    u = Unseen(DECKS, _KEYS[i], tuple(cards), (below, len(p.discard)))
                cache.put(key, u)
            out.append(u)
            if i != seat:
                p.discard = [HIDDEN] * len(p.discard)
            p.draw = [HIDDEN] * below + draw[below:] if known else [HIDDEN] * below
        return out

    def fill(self, r: Rules, st: GameState, unseen: Unseen, parts: list[list[str]]) -> None:
        p = st.players[int(unseen.key)]
        p.draw[: unseen.sizes[0]] = parts[0]
        if len(parts) > 1:
            p.discard = parts[1]


class LevelStacks(HiddenZone):
    """The face-down level stacks of Guardian Animals (S-6), remembered like
    :class:`Decks`' groups."""

    name = LEVELS

    def __init__(self) -> None:
        self.cache = group_cache()

    def hide(self, r: Rules, st: GameState, seat: int) -> list[Unseen]:
        out = []
        stacks = st.stacks
        cache = self.cache
        for lv, stack in enumerate(stacks):
            key = (lv, *stack)
            u = cache.get(key)
            if u is None:
                u = cache.put(key, Unseen(LEVELS, _KEYS[lv], tuple(sorted(stack)), (len(stack),)))
            out.append(u)
            stacks[lv] = [HIDDEN] * len(stack)
        return out

    def fill(self, r: Rules, st: GameState, unseen: Unseen, parts: list[list[str]]) -> None:
        st.stacks[int(unseen.key)] = parts[0]


def observe(st: GameState, seat: int) -> Observation:
    """What ``seat`` knows of ``st`` (a copy; ``st`` is not changed)."""
    r = rules_of(st)
    masked = st.clone()
    masked.seed = 0
    masked.rng = 0
    unseen: list[Unseen] = []
    for zone in r.hidden_zones:
        unseen.extend(zone.hide(r, masked, seat))
    return Observation(seat, masked, tuple(unseen))


def determinize(obs: Observation, rng: random.Random) -> GameState:
    """A full position consistent with everything ``obs.seat`` knows: each hidden group
    dealt at random from ``rng``, and a fresh random state for what comes next."""
    r = rules_of(obs.position)
    zones = {z.name: z for z in r.hidden_zones}
    st = obs.position.clone()
    for u in obs.unseen:
        cards = list(u.cards)
        rng.shuffle(cards)
        parts, at = [], 0
        for size in u.sizes:
            parts.append(cards[at : at + size])
            at += size
        zones[u.zone].fill(r, st, u, parts)
    st.rng = rng.getrandbits(64)
    return st


BASE_ZONES: tuple[HiddenZone, ...] = (Decks(), LevelStacks())
