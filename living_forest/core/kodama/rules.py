"""The Kodama expansion's rules (KODAMA.md), installed on the base game's builder.

Setup (K-S), Kodama symbols and their rewards at the start of a turn (K-K), Call a
Kodama (K-A) with Onibi (K-O), Element tiles (K-E), the level-2 repeat and level-3
bonus animals (K-G, effects in the data), the Kodama trees (K-P), thresholds (K-V).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import cast

from ...i18n import N_, _, card_name, join_and, ngettext
from .. import rng
from ..action_types import ActionType, give_fragments
from ..actions import Action, Arg, Refusal
from ..context import Context, TurnContext
from ..data import ELEMENTS, FLOWER
from ..effects import BonusAction
from ..events import Event, KindsOnly, element_word, wants
from ..observation import HIDDEN, HiddenZone, Unseen
from ..rules import Rules, RulesBuilder
from ..state import GameState, Pending, PendingKind, PlayerState
from ..strength import raw_strengths
from .data import PILE_TYPES, KodamaData, load_model, merge
from .effects import ElementPerSymbol, symbol_counts
from .state import NAME, KodamaPlayer, KodamaState, kodama, player

CALL, ELEMENT, ANIMAL = "call", "element", "animal"
BONUS = PendingKind.BONUS
# Why a pile cannot be called from, one message per pile (K-X1).
EMPTY_PILE = {
    "flower": N_("the flower pile is empty"),
    "tree": N_("the tree pile is empty"),
    "water": N_("the water pile is empty"),
}


def kodama_data(r: Rules) -> KodamaData:
    kd = r.ext_data[NAME]
    assert isinstance(kd, KodamaData)
    return kd


# --- Kodama symbols (K-K1) and the strengths that read them (K-P1, K-E3) -----------


def visible_symbols(r: Rules, p: PlayerState) -> int:
    """Kodama symbols in the Help Line and the Forest (K-K1, K-P2)."""
    cards, trees = symbol_counts(r)
    return sum(cards.get(cid, 0) for cid in p.help_line) + sum(
        trees.get(label, 0) for label in p.forest if label is not None
    )


def kodama_tree_elements(r: Rules, p: PlayerState, s: list[int]) -> None:
    """K-P1, K-P2: +1 of an Element per visible symbol for each Kodama tree (continuous;
    none without symbols, K-X6)."""
    trees = r.data.trees
    per: list[ElementPerSymbol] = []
    for label in p.forest:
        if label is not None and label in trees:
            per.extend(e for e in trees[label].effects if isinstance(e, ElementPerSymbol))
    if per:
        n = visible_symbols(r, p)
        for e in per:
            s[e.element] += e.per_symbol * n


def element_tile_bonus(r: Rules, p: PlayerState, s: list[int]) -> None:
    """K-E3: the Element tiles spent this round count until its end."""
    kp = cast(KodamaPlayer, p.ext[NAME])  # the hot path of strengths: no isinstance check
    for element, amount in kp.active:
        s[element] += amount


# --- Call a Kodama (K-A) and Onibi (K-O) ---------------------------------------------


def _flower_tiles(r: Rules, p: PlayerState) -> int:
    """The Flower Victory tiles ``p`` holds: each pays a Sacred Flower of a call (K-A1)."""
    tiles = r.data.tiles
    return sum(1 for t in p.victory_tiles if tiles[t][1] == "flower")


def _top(k: KodamaState, pile: str) -> str | None:
    cards = k.piles.get(pile)
    return cards[-1] if cards else None


class CallKodama(ActionType):
    kind = CALL
    data_id = "call_kodama"
    name = N_("Call a Kodama")
    element = FLOWER
    arg = Arg.TOKEN
    bonus_ids = ("call_kodama",)  # stone rocks (K-R1); the Tiger's bonus (K-G2)
    reveals_hidden = True  # the pile's next card is turned up (K-B2)

    def budget(self, r: Rules, p: PlayerState, s: list[int], extra: int) -> int:
        """K-A1: Sacred Flowers of the Help Line, Forest, active Element tiles, and the
        Flower Victory tiles held."""
        v = s[FLOWER] + _flower_tiles(r, p) + extra
        return v if v > 0 else 0

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        k = kodama(st)
        cards = r.data.cards
        out = []
        for pile in PILE_TYPES:
            top = _top(k, pile)
            if top is not None and cards[top].cost <= budget:
                out.append(Action(CALL, pile))
        return out

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        k = kodama(st)
        if all(_top(k, pile) is None for pile in PILE_TYPES):
            return Refusal(_("every Kodama pile is empty"), ("K-X1",))
        if _flower_tiles(r, p):
            # The strength line shows the Help Line's flowers: say where the rest is from.
            text = ngettext(
                "no pile shows a Kodama costing {budget} Sacred Flower or less, "
                "Flower Victory tiles included",
                "no pile shows a Kodama costing {budget} Sacred Flowers or less, "
                "Flower Victory tiles included",
                budget,
            )
        else:
            text = ngettext(
                "no pile shows a Kodama costing {budget} Sacred Flower or less",
                "no pile shows a Kodama costing {budget} Sacred Flowers or less",
                budget,
            )
        return Refusal(text.format(budget=budget), ("K-A1", "K-A2"))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        if a.arg not in PILE_TYPES:
            # i18n: {pile} is what was typed in the notation, quoted; {piles} the piles'
            # ids (flower, tree and water), as typed in the notation
            text = _("there is no Kodama pile {pile}; the piles are {piles}")
            return Refusal(text.format(pile=repr(a.arg), piles=join_and(PILE_TYPES)))
        top = _top(kodama(st), a.arg)
        if top is None:
            return Refusal(_(EMPTY_PILE[a.arg]), ("K-X1",))  # a.arg is one of PILE_TYPES
        cost = r.data.cards[top].cost
        if cost > budget:
            # i18n: chosen by {cost}; the English says "Sacred Flowers" for 1 as well
            text = ngettext(
                "its top Kodama costs {cost} Sacred Flowers; you have {budget}",
                "its top Kodama costs {cost} Sacred Flowers; you have {budget}",
                cost,
            )
            return Refusal(text.format(cost=cost, budget=budget), ("K-A1",))
        return None

    def resolve(self, c: TurnContext, a: Action) -> None:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        k = kodama(st)
        cid, pile = k.piles[a.arg][-1], k.piles[a.arg][:-1]
        st.ext[NAME] = KodamaState({**k.piles, a.arg: pile}, k.box, k.onibi)
        st.players[seat].draw.append(cid)  # K-A3: on top of the draw stack
        st.players[seat].draw_known += 1
        if wants(ev, "kodama_called"):
            ev.append(Event("kodama_called", seat, {"pile": a.arg, "card_id": cid}))
        if pile:
            if wants(ev, "kodama_revealed"):
                ev.append(Event("kodama_revealed", None, {"pile": a.arg, "card_id": pile[-1]}))
        else:  # K-A6, K-V2, K-X9: the matching condition's threshold rises at once
            kd = kodama_data(r)
            condition = kd.pile_condition[a.arg]
            st.thresholds[condition] = kd.raised_threshold
            if wants(ev, "threshold_raised"):
                info = {"pile": a.arg, "condition": condition, "threshold": kd.raised_threshold}
                ev.append(Event("threshold_raised", None, info))


def player_rocks(st: GameState) -> set[int]:
    return {p.rock for p in st.players}


def onibi_rocks(r: Rules, st: GameState) -> Iterable[int]:
    """K-O1: Onibi's rock is occupied for Spirit movement."""
    k = st.ext.get(NAME)
    return (k.onibi,) if isinstance(k, KodamaState) else ()


def onibi_moves(c: TurnContext, kind: str) -> None:
    """K-A5, K-O2, K-O3: after every call (basic or bonus), Onibi moves clockwise 3/2/1
    free rocks (2/3/4 players), jumping Spirits without counting them; one value-2 Fire
    per Spirit jumped, within the 7-tile cap and the supply (K-X2)."""
    r, st, ev = c.rules, c.state, c.events
    kd = kodama_data(r)
    k = kodama(st)
    rocks = r.data.rock_count
    by_rock = {p.rock: i for i, p in enumerate(st.players)}
    start = pos = k.onibi
    steps = 0
    jumped: list[int] = []
    while steps < kd.onibi_steps[st.n]:
        pos = (pos + 1) % rocks
        if pos in by_rock:
            jumped.append(by_rock[pos])
        else:
            steps += 1
    st.ext[NAME] = KodamaState(k.piles, k.box, pos)
    if wants(ev, "onibi_moved"):
        info = {"from_rock": start, "to_rock": pos, "jumped": jumped}
        ev.append(Event("onibi_moved", None, info))
    value = kd.onibi_fire
    for _jumped in jumped:
        if len(st.centre) >= r.data.fire_capacity:
            if wants(ev, "fire_not_added"):
                ev.append(Event("fire_not_added", None, {"value": value, "why": "circle_full"}))
        elif st.fire_supply[str(value)] <= 0:
            if wants(ev, "fire_not_added"):
                ev.append(Event("fire_not_added", None, {"value": value, "why": "supply_empty"}))
        else:
            st.fire_supply[str(value)] -= 1
            st.centre.append(value)
            if wants(ev, "onibi_fire_added"):
                info = {"value": value, "total": len(st.centre)}
                ev.append(Event("onibi_fire_added", None, info))


def onibi_start(r: Rules, st: GameState) -> int:
    """K-S8 (ruling K-U5): the first free rock counter-clockwise from the standee of the
    player who acts last in round 1."""
    taken = player_rocks(st)
    rock = st.players[st.n - 1].rock
    rocks = r.data.rock_count
    rock = (rock - 1) % rocks
    while rock in taken:
        rock = (rock - 1) % rocks
    return rock


# --- Element tiles (K-E) and level-3 animals (K-G2, K-G3) ----------------------------


@cache
def _element_kinds(r: Rules, element: str) -> frozenset[str]:
    """The kinds of the actions an Element's strength pays for (a planner asks at every
    tile it plans)."""
    index = ELEMENTS.index(element) if element in ELEMENTS else -1
    return frozenset(at.kind for at in r.action_types if at.element == index and at.kind != ELEMENT)


class UseElementTile(ActionType):
    """K-E2: between actions of one's own turn, spend a tile for one of its options."""

    kind = ELEMENT
    data_id = "element_tile"
    name = N_("Spend an Element tile")
    arg = Arg.TOKEN
    basic = False

    def available(self, r: Rules, st: GameState, p: PlayerState) -> bool:
        return player(p).tiles > 0

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        if player(p).tiles <= 0:
            return []
        return [Action(ELEMENT, ELEMENTS[e]) for e, _amount in kodama_data(r).element_options]

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        return Refusal(_("you have no Element tile"), ("K-E1",))

    def spent_for(self, r: Rules, a: Action) -> frozenset[str]:
        """The actions of the tile's Element (K-E3: +2 sun for Attract, +1 wind for
        Move...)."""
        return _element_kinds(r, str(a.arg))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        if player(p).tiles <= 0:
            return self.why_no_option(r, st, p, budget)
        names = [ELEMENTS[e] for e, _amount in kodama_data(r).element_options]
        if a.arg not in names:
            # i18n: {elements} are Elements in words ("sun, water"); {typed} what was
            # typed in the notation, quoted
            text = _("an Element tile gives {elements}, not {typed}")
            elements = ", ".join(element_word(e) for e in names)
            return Refusal(text.format(elements=elements, typed=repr(a.arg)), ("K-E2",))
        return None

    def resolve(self, c: TurnContext, a: Action) -> None:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        p = st.players[seat]
        kp = player(p)
        e = ELEMENTS.index(a.arg)
        amount = next(v for x, v in kodama_data(r).element_options if x == e)
        # The tile goes back to the (unlimited) supply, its bonus lasts the round (K-E3).
        p.ext[NAME] = KodamaPlayer(kp.tiles - 1, (*kp.active, (e, amount)), kp.animals_used)
        if wants(ev, "element_tile_used"):
            ev.append(Event("element_tile_used", seat, {"element": a.arg, "amount": amount}))


def _bonus_of(r: Rules, cid: str) -> BonusAction | None:
    return next((e for e in r.data.cards[cid].effects if isinstance(e, BonusAction)), None)


class AnimalBonus(ActionType):
    """K-G2, K-G3: a level-3 animal in the Help Line gives one bonus action of its type
    in the owner's turn, between actions, once per card per round, optionally."""

    kind = ANIMAL
    data_id = "animal_bonus"
    name = N_("Use an animal's bonus action")
    arg = Arg.TOKEN
    basic = False

    def _usable(self, r: Rules, st: GameState, p: PlayerState, cid: str) -> bool:
        """Can card ``cid`` give its bonus now? (:meth:`_why_not` says why not.)"""
        if cid not in p.help_line:
            return False
        effect = _bonus_of(r, cid)
        if effect is None or cid in player(p).animals_used:
            return False
        at = r.bonus_types[effect.action]
        return at.has_option(r, st, p, at.budget(r, p, raw_strengths(r, p), 0))

    def _why_not(self, r: Rules, st: GameState, p: PlayerState, cid: str) -> Refusal | None:
        """None if card ``cid`` can give its bonus now, else why not, in words."""
        if cid not in p.help_line:
            # i18n: {card} is the card id typed in the notation, quoted
            text = _("{card} is not in your Help Line")
            return Refusal(text.format(card=repr(cid)), ("K-G2",))
        effect = _bonus_of(r, cid)
        if effect is None:
            text = _("{card} gives no bonus action")
            return Refusal(text.format(card=card_name(r.data.cards[cid].name)), ("K-G2",))
        if cid in player(p).animals_used:
            text = _("{card} has given its bonus this round")
            return Refusal(text.format(card=card_name(r.data.cards[cid].name)), ("K-G3",))
        at = r.bonus_types[effect.action]
        if not at.has_option(r, st, p, at.budget(r, p, raw_strengths(r, p), 0)):
            # i18n: {action} is an action type's name
            return Refusal(_("its bonus {action} has nothing to do now").format(action=_(at.name)))
        return None

    def available(self, r: Rules, st: GameState, p: PlayerState) -> bool:
        bonus_cards = kodama_data(r).bonus_cards
        if bonus_cards.isdisjoint(p.help_line):  # the usual case: no level-3 animal
            return False
        return any(self._usable(r, st, p, cid) for cid in dict.fromkeys(p.help_line))

    def options(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> list[Action]:
        return [
            Action(ANIMAL, cid) for cid in dict.fromkeys(p.help_line) if self._usable(r, st, p, cid)
        ]

    def why_no_option(self, r: Rules, st: GameState, p: PlayerState, budget: int) -> Refusal:
        text = _("no animal in your Help Line can give a bonus action now")
        return Refusal(text, ("K-G2", "K-G3"))

    def check(
        self, r: Rules, st: GameState, p: PlayerState, a: Action, budget: int
    ) -> Refusal | None:
        if a.arg not in r.data.cards:
            # i18n: {card} is the card id typed in the notation, quoted
            return Refusal(_("there is no card {card}").format(card=repr(a.arg)))
        return self._why_not(r, st, p, a.arg)

    def resolve(self, c: TurnContext, a: Action) -> None:
        r, st, seat, ev = c.rules, c.state, c.seat, c.events
        effect = _bonus_of(r, a.arg)
        assert effect is not None
        p = st.players[seat]
        kp = player(p)
        p.ext[NAME] = KodamaPlayer(kp.tiles, kp.active, (*kp.animals_used, a.arg))
        if wants(ev, "animal_bonus"):
            ev.append(Event("animal_bonus", seat, {"card_id": a.arg, "action": effect.action}))
        st.pending.append(Pending(BONUS, True, 0, 0, -1, effect.action, "animal"))


# --- setup, turns, end of round (K-S, K-K, K-E3) --------------------------------------


def setup(c: Context) -> None:
    """K-S5, K-S8 (K-S2/3/4/7/9 are in the merged data): shuffle each pile type, keep
    3/4/5 face up, the rest to the box unseen; Onibi on its start rock."""
    r, st, ev = c.rules, c.state, c.events
    kd = kodama_data(r)
    keep = kd.per_pile[st.n]
    piles: dict[str, tuple[str, ...]] = {}
    box: list[str] = []
    for pile in PILE_TYPES:
        cards = list(kd.piles[pile])
        st.rng = rng.shuffle(cards, st.rng)
        piles[pile] = tuple(cards[:keep])
        box.extend(cards[keep:])
    for p in st.players:
        p.ext[NAME] = KodamaPlayer()
    k = KodamaState(piles, tuple(box), onibi_start(r, st))
    st.ext[NAME] = k
    if wants(ev, "kodama_setup"):
        tops = {pile: k.piles[pile][-1] for pile in PILE_TYPES}
        info = {"per_pile": keep, "onibi": k.onibi, "tops": tops, "threshold": kd.threshold}
        ev.append(Event("kodama_setup", None, info))


def symbol_rewards(c: TurnContext) -> None:
    """K-K2 … K-K6: counted once at the start of the turn; cumulative; a reward whose
    supply is empty is lost (K-X1). Free gains, so they are given without asking."""
    r, st, seat, ev = c.rules, c.state, c.seat, c.events
    p = st.players[seat]
    n = visible_symbols(r, p)
    for least, reward in kodama_data(r).rewards:
        if n < least:
            continue
        info = {"symbols": n, "reward": reward}
        if reward == "take_fragment":
            if st.fragment_supply > 0:
                if wants(ev, "kodama_reward"):
                    ev.append(Event("kodama_reward", seat, info))
                # The reward's sentence says the Fragment is taken: a second line
                # ("takes a Fragment from the supply") read as two Fragments. None is
                # made (a turn start in every rollout).
                give_fragments(st, p, seat, 1, KindsOnly())
            elif wants(ev, "kodama_reward_lost"):
                ev.append(Event("kodama_reward_lost", seat, info))
        elif reward == "take_element_tile":
            kp = player(p)
            p.ext[NAME] = KodamaPlayer(kp.tiles + 1, kp.active, kp.animals_used)
            if wants(ev, "kodama_reward"):
                ev.append(Event("kodama_reward", seat, info))
        else:  # extra_basic_action (K-K4): an ordinary basic action
            st.basic_left += 1
            if wants(ev, "kodama_reward"):
                ev.append(Event("kodama_reward", seat, info))


def round_ends(c: Context) -> None:
    """K-E3: the spent tiles' bonuses expire; K-G3: the animals may give again."""
    st = c.state
    for p in st.players:
        kp = player(p)
        if kp.active or kp.animals_used:
            p.ext[NAME] = KodamaPlayer(kp.tiles)


# --- validation -----------------------------------------------------------------------


def _held(r: Rules, st: GameState) -> Iterable[str]:
    k = st.ext.get(NAME)
    if not isinstance(k, KodamaState):
        return []
    return [c for pile in k.piles.values() for c in pile] + list(k.box)


def _owned(r: Rules, st: GameState) -> Iterable[str]:
    return [c for cards in kodama_data(r).piles.values() for c in cards]


def check_kodama(r: Rules, st: GameState, bad: Callable[[str], None]) -> None:
    k = st.ext.get(NAME)
    if not isinstance(k, KodamaState):
        bad("a Kodama game without its Kodama state")
        return
    kd = kodama_data(r)
    for pile, cards in k.piles.items():
        if pile not in kd.piles:
            bad(f"unknown Kodama pile {pile!r}")
        elif any(c not in kd.piles[pile] for c in cards):
            bad(f"the {pile} pile holds a Kodama of another type")
    if len(k.piles) != len(PILE_TYPES):
        bad(f"Kodama piles {sorted(k.piles)}")
    for pile, cond in kd.pile_condition.items():  # K-V1, K-V2
        want = kd.raised_threshold if not k.piles.get(pile) else kd.threshold
        if st.thresholds.get(cond) != want:
            bad(
                f"{cond} threshold {st.thresholds.get(cond)} with the {pile} pile at "
                f"{len(k.piles.get(pile, ()))} cards (expected {want})"
            )
    if not 0 <= k.onibi < r.data.rock_count or k.onibi in player_rocks(st):
        bad(f"Onibi on rock {k.onibi}")
    for i, p in enumerate(st.players):
        kp = p.ext.get(NAME)
        if not isinstance(kp, KodamaPlayer):
            bad(f"seat {i} has no Kodama state")
        elif kp.tiles < 0 or any(not 0 <= e < len(ELEMENTS) for e, _amount in kp.active):
            bad(f"seat {i}: Element tiles {kp.tiles}, active {kp.active}")


class PilesAndBox(HiddenZone):
    """Each pile below its face-up top card and the box (K-B2, K-S5): per pile type,
    the cards not yet seen are one multiset dealt into the pile and the box."""

    name = "kodama piles"

    def hide(self, r: Rules, st: GameState, seat: int) -> list[Unseen]:
        kd, k = kodama_data(r), kodama(st)
        out = []
        for pile in PILE_TYPES:
            cards = k.piles[pile]
            below = cards[:-1]
            boxed = tuple(c for c in k.box if c in kd.piles[pile])
            group = tuple(sorted(below + boxed))
            out.append(Unseen(self.name, pile, group, (len(below), len(boxed))))
        piles = {t: (HIDDEN,) * (len(p) - 1) + p[-1:] for t, p in k.piles.items()}
        st.ext[NAME] = KodamaState(piles, (HIDDEN,) * len(k.box), k.onibi)
        return out

    def fill(self, r: Rules, st: GameState, unseen: Unseen, parts: list[list[str]]) -> None:
        k = kodama(st)
        pile = k.piles[unseen.key]
        piles = {**k.piles, unseen.key: tuple(parts[0]) + pile[len(pile) - 1 :]}
        box = list(k.box)
        holes = iter(parts[1])
        # The box keeps its size; each type's cards go into the first hidden places.
        start = box.index(HIDDEN) if HIDDEN in box else len(box)
        for i in range(start, start + len(parts[1])):
            box[i] = next(holes)
        st.ext[NAME] = KodamaState(piles, tuple(box), k.onibi)


# --- installing -----------------------------------------------------------------------


def install(b: RulesBuilder) -> None:
    from .features import NAMES, SIGNS, player_features

    merged, kd = merge(b.data, load_model())
    b.data = merged
    b.ext_data[NAME] = kd
    b.add_action_type(CallKodama())  # a sixth basic type (K-T5)
    b.add_action_type(UseElementTile())
    b.add_action_type(AnimalBonus())
    # i18n: sources of Sacred Flowers, in "✿ = Help Line + ... + Kodama trees + Victory tiles"
    b.add_contributor(N_("Kodama trees"), kodama_tree_elements, cards_and_forest=True)
    b.add_contributor(N_("Element tiles"), element_tile_bonus, this_round=True)  # K-E3
    b.add_setup_step(setup)
    b.add_turn_start_step(symbol_rewards)
    b.add_after_action(CALL, onibi_moves)
    b.add_end_of_round_step(
        "K-E3 Element tile bonuses expire", round_ends, after="E-4 Help Lines return"
    )
    b.occupied_rocks.append(onibi_rocks)
    b.add_card_pool("Kodama piles and box", _held, _owned)
    b.add_hidden_zone(PilesAndBox())
    b.add_check("Kodama", check_kodama)
    b.add_features("Kodama", NAMES, player_features, signs=SIGNS, player_only=True)
    b.max_basic_actions += 1  # the 4-symbol reward (K-K4)
    b.revealing_events |= {"kodama_revealed", "kodama_setup"}
