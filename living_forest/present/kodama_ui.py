"""How the board shows Kodama material (KODAMA.md): the Kodama board, Onibi on the
Circle, Element tiles, Kodama symbols, the stone rocks' bonus, and the views of
Kodama's three action types (keys, words, option texts), registered as the module
view "kodama": the generic panels reach them through the registry only.

Every function returns nothing ("" or None) for a game without the expansion.
"""

from __future__ import annotations

from collections.abc import Mapping

from living_forest.core import Action, Event, GameState, raw_strengths, rules_of
from living_forest.core.data import ELEMENTS
from living_forest.core.effects import BonusAction
from living_forest.core.events import bonus_word, element_word
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
from living_forest.core.kodama.effects import ElementPerSymbol, Symbols
from living_forest.core.kodama.forecast import CallForecast, call_forecast
from living_forest.core.kodama.rules import CallKodama
from living_forest.core.kodama.sentences import CONDITION_WORD, pile_word
from living_forest.i18n import N_, NC_, _, card_name, join_and, join_clauses, ngettext, pgettext

from .board.players import letter
from .glyphs import ELEMENT_GLYPH, plain_elements
from .markup import plain_text
from .views import (
    ActionView,
    EffectView,
    ModuleView,
    PanelView,
    ReportCount,
    RockMark,
    RockView,
    register,
)

ONIBI = "On"  # two cells, like a Spirit's tag on the ring
PILE_GLYPH = {"flower": ELEMENT_GLYPH["flower"], "water": ELEMENT_GLYPH["water"]}
# Two letters per Kodama pile, in each language (context "pile tag"): use pile_tag().
PILE_SHORT = {
    "flower": NC_("pile tag", "Fl"),
    "tree": NC_("pile tag", "Tr"),
    "water": NC_("pile tag", "Wa"),
}


def pile_tag(pile: str) -> str:
    return pgettext("pile tag", PILE_SHORT[pile])


def pile_glyph(pile: str) -> str:
    """A Kodama pile's mark in the wide panel: ✿ and ≈, and the trees' count letter for
    the Tree pile ("T"; "B" in German, "A" in French: an English "T" there read as
    nothing in those languages)."""
    if pile == "tree":
        return letter("trees")
    return PILE_GLYPH.get(pile, pile[:1])


def condition_mark(condition: str) -> str:
    """A condition's short mark: ✿ for flowers, the players panel's count letter for
    trees and fires ("T", "F"; "B", "F" in German, "A", "F" in French: the panel's key
    says what they are)."""
    if condition == "flowers":
        return ELEMENT_GLYPH["flower"]
    return letter(condition)


REWARD_GLYPH = {"take_fragment": "◆", "take_element_tile": "E", "extra_basic_action": "+1"}
# The rewards of the Kodama symbols (K-K2), as the player's panel lists them; the
# words of the piles and conditions are the core's (``pile_word``, ``CONDITION_WORD``).
REWARD_WORDS = {
    "take_fragment": N_("a Fragment"),
    "take_element_tile": N_("an Element tile"),
    "extra_basic_action": N_("one more action"),
}
FLOWER = ELEMENT_GLYPH["flower"]


def _condition(cond: str) -> str:
    """A victory condition ("flowers") in words."""
    word = CONDITION_WORD.get(cond)
    return _(word) if word is not None else cond


def _k(st: GameState) -> KodamaState | None:
    k = st.ext.get(NAME)
    return k if isinstance(k, KodamaState) else None


def onibi_rock(st: GameState) -> int | None:
    """Onibi's rock (K-C6), None without the expansion."""
    k = _k(st)
    return None if k is None else k.onibi


def onibi_mark(st: GameState) -> Mapping[int, RockMark]:
    """Onibi on its rock (K-C6): moving Spirits jump over it."""
    rock = onibi_rock(st)
    if rock is None:
        return {}
    # i18n: the fire spirit's name in a rock box of the large Circle: at most 12 cells
    name = _("Onibi")
    note = _("Onibi stands here: moving Spirits jump over it.")
    return {rock: RockMark(ONIBI, name, note)}


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
        # i18n: one line with "Onibi on rock N" (80 columns in all); K: the Kodama rocks' glyph
        title = _("[b]Kodama board[/] [dim]call with Sacred Flowers; K rocks give a call[/]")
        onibi = _("Onibi on rock [b]{rock}[/]").format(rock=k.onibi)
        head = f"{title}  {onibi}"
    else:  # the tiles of the player to act: no room for them on the players' lines
        # i18n: the board's narrow panel (80x24): keep it as short; "cost(cards)" explains
        # the numbers below (a pile's top card's cost, and how many cards it has)
        head = _("[b]Kodama[/] [dim]cost(cards)[/] Onibi [b]{rock}[/]").format(rock=k.onibi)
        head += player_tag(st, st.current)
    parts = []
    for pile, cond in kd.pile_condition.items():
        cids = k.piles.get(pile, ())
        need = st.thresholds[cond]
        glyph = pile_glyph(pile)
        if not cids:
            if wide:
                # i18n: an empty Kodama pile; {condition}: flowers, trees or fires, whose
                # threshold is now {threshold}
                empty = _("[dim]empty[/] {condition}→{threshold}").format(
                    condition=_condition(cond), threshold=need
                )
                parts.append(f"{glyph} {empty}")
            else:
                parts.append(f"{pile_tag(pile)} [dim]—[/]")
            continue
        top = cards[cids[-1]]
        els = plain_elements(top.elements)
        if wide:
            # i18n: a Kodama pile: {pile} Flower, Tree or Water; {count} its cards; {card}
            # its top card; {flower} the Sacred Flower glyph; {elements} Element glyphs
            text = _("{pile} pile ({count}): {card}, cost {cost}{flower} {elements}").format(
                pile=pile_word(pile),
                count=len(cids),
                card=card_name(top.name),
                cost=top.cost,
                flower=FLOWER,
                elements=els,
            )
            # i18n: after a Kodama pile: once it is empty, {condition} (flowers, trees or
            # fires) needs {threshold} to win
            when_empty = _("[dim]empty: {condition}→{threshold}[/]").format(
                condition=_condition(cond), threshold=kd.raised_threshold
            )
            parts.append(f"{glyph} {text}  {when_empty}")
        else:
            parts.append(f"{pile_tag(pile)} [b]{top.cost}[/][dim]({len(cids)})[/]{els}")
    if wide:
        return "\n".join([head, *parts])
    guards = " ".join(
        f"{pile_tag(pile)}→{condition_mark(cond)}{st.thresholds[cond]}"
        for pile, cond in kd.pile_condition.items()
    )
    # i18n: narrow panel (80x24): which threshold each pile guards ("Fl→✿8 Tr→T7")
    guarded = _("[dim]guards[/] {guards}").format(guards=guards)
    return f"{head}\n{'  '.join(parts)}\n{guarded}"


def call_worth(st: GameState, seat: int) -> str:
    """What the Sacred Flowers buy (K-A1): "call a Kodama ≤ 3"."""
    if _k(st) is None:
        return ""
    r = rules_of(st)
    at = r.by_kind[CALL]
    p = st.players[seat]
    # i18n: short (the Sacred Flowers' line at 80x24): the cost a call may reach
    return _("call a Kodama ≤ {cost}").format(cost=at.budget(r, p, raw_strengths(r, p), 0))


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
    words = ", ".join(_(REWARD_WORDS[x]) for x in rewards)
    if words:
        # i18n: {count}: the Kodama symbols in view; {rewards}: what they give this turn
        return _("Kodama {count}: {rewards}").format(count=n, rewards=words)
    # i18n: {count}: the Kodama symbols in view
    return _("Kodama {count}").format(count=n)


def _call_label(st: GameState, a: Action) -> str:
    r = rules_of(st)
    k = _k(st)
    assert k is not None
    c = r.data.cards[k.piles[a.arg][-1]]
    els = plain_elements(c.elements) or _("no Element")
    left = len(k.piles[a.arg]) - 1
    # i18n: {flower}: the Sacred Flower glyph; {elements}: Element glyphs; {count}:
    # the cards left in the pile under it
    details = _("cost {cost}{flower}, {elements} ({count} left under it)").format(
        cost=c.cost, flower=FLOWER, elements=els, count=left
    )
    # i18n: {pile}: Flower, Tree or Water; {details}: its cost, Elements and cards left
    call = _("Call {card} from the {pile} pile: {details}")
    text = call.format(card=card_name(c.name), pile=pile_word(a.arg), details=details)
    return f"{text} — {call_consequence(st, call_forecast(st, a))}"


def _call_short(st: GameState, a: Action) -> str:
    k = _k(st)
    assert k is not None
    # i18n: a call in a sentence (the hint: "Hint: Call Flower Kodama 2, then …"); its
    # cost and what Onibi does then are in the list's own text
    return _("Call {card}").format(card=card_name(rules_of(st).data.cards[k.piles[a.arg][-1]].name))


def call_consequence(st: GameState, f: CallForecast) -> str:
    """What a call does (K-A5, K-O2, K-O3), from the core's forecast, for the player to
    act: "Onibi 2→4, jumps you: adds 1 fire; your water 2 < power 4: 2 Varans"."""
    me = st.current
    # i18n: Onibi moving after a call, from rock {from_rock} to rock {to_rock}
    parts = [_("Onibi {from_rock}→{to_rock}").format(from_rock=f.from_rock, to_rock=f.to_rock)]
    if f.jumped:
        # i18n: whom Onibi jumps: the player to act ("jumps you and Ben")
        you = pgettext("onibi jumps", "you")  # the object of "jumps": "dich", "vous"
        names = join_and(you if s == me else st.players[s].name for s in f.jumped)
        fires = []
        if f.fires:
            n = len(f.fires)
            # i18n: the fires Onibi adds to the Circle's centre (one per Spirit jumped):
            # not the player's ("+1 fire" was read as a fire won)
            fires.append(ngettext("adds {count} fire", "adds {count} fires", n).format(count=n))
        if f.fires_missed:
            n = f.fires_missed
            # i18n: fires Onibi would add but cannot: 7 are burning, or none is left
            fires.append(
                ngettext("{count} fire cannot be added", "{count} fires cannot be added", n).format(
                    count=n
                )
            )
        # i18n: {names}: the players Onibi jumps; {fires}: "adds 1 fire"
        parts[0] += ", " + _("jumps {names}: {fires}").format(names=names, fires=", ".join(fires))
    else:
        # i18n: after "Onibi 2→4": Onibi jumps no Spirit, so adds no fire
        parts[0] += ", " + _("jumps nobody")
    before, after = f.attack_before, f.attack_after
    if after is None or (before is not None and before.power == after.power):
        return parts[0]
    changed = [s for s in st.order() if before is None or after.gets.get(s) != before.gets.get(s)]
    changed = sorted((s for s in changed if s in after.owed), key=lambda s: s != me)  # you first
    for s in changed:
        n = after.gets[s]
        if n:
            varans = ngettext("{count} Varan", "{count} Varans", n).format(count=n)
        else:
            varans = _("no Varan left")
        if s == me:
            # i18n: Onibi's attack at the end of the round after the call: the player's
            # water is below the fire power; {varans}: "2 Varans"
            text = _("your water {water} < power {power}: {varans}")
        else:
            # i18n: Onibi's attack at the end of the round after the call, on another
            # player: their water is below the fire power; {varans}: "2 Varans"
            text = _("{player}: water {water} < power {power}: {varans}")
        parts.append(
            text.format(
                player=st.players[s].name, water=after.water[s], power=after.power, varans=varans
            )
        )
    if not changed:
        old = 0 if before is None else before.power
        # i18n: the fire power rises with the fires Onibi adds, but nobody gets more
        # Fire Varans at the end of the round
        parts.append(
            _("power {before}→{after}: no more Varans").format(before=old, after=after.power)
        )
    return join_clauses(parts)


def _element_label(st: GameState, a: Action) -> str:
    amount = next(v for e, v in kodama_data(rules_of(st)).element_options if ELEMENTS[e] == a.arg)
    # i18n: {glyph} and {element}: an Element's glyph and name ("☼ sun")
    return _("Spend an Element tile: +{amount} {glyph} {element} this round").format(
        amount=amount, glyph=ELEMENT_GLYPH[a.arg], element=element_word(a.arg)
    )


def _animal_label(st: GameState, a: Action) -> str:
    card = rules_of(st).data.cards[a.arg]
    effect = next(e for e in card.effects if isinstance(e, BonusAction))
    # i18n: {action}: the bonus action ("plant tree")
    return _("{card}: a bonus {action} (once this round)").format(
        card=card_name(card.name), action=bonus_word(effect.action)
    )


def legend(st: GameState) -> list[tuple[str, str]]:
    """The key to Kodama's short marks on the 80x24 board (K-K1, K-K2, K-E1, K-B1, K-V2)."""
    k = _k(st)
    if k is None:
        return []
    kd = kodama_data(rules_of(st))
    rewards = join_clauses(
        # i18n: a Kodama symbols reward in the key: "◆ a Fragment from 2"
        _("{glyph} {reward} from {count}").format(
            glyph=REWARD_GLYPH[reward], reward=_(REWARD_WORDS[reward]), count=least
        )
        for least, reward in kd.rewards
    )
    piles = ", ".join(f"{pile_tag(p)} {pile_word(p)}" for p in kd.pile_condition)
    pile, cond = next(iter(kd.pile_condition.items()))
    example = f"{pile_tag(pile)}→{condition_mark(cond)}{st.thresholds[cond]}"
    return [
        (
            "K2:◆E",
            # i18n: the key to a short mark of the board; {rewards}: "◆ a Fragment from
            # 2; E an Element tile from 4; …"
            _(
                "Kodama symbols in view (2), and what they give at the start of the "
                "player's turn: {rewards}."
            ).format(rewards=rewards),
        ),
        (
            "E1+☼2",
            # i18n: the key to a short mark of the board (after a player's line)
            _("Element tiles held (E1), and the bonus of those spent this round (+☼2)."),
        ),
        (
            f"{pile_tag(pile)} 3(4)",
            # i18n: the key to a short mark of the Kodama panel; {piles}: "Fl Flower, Tr
            # Tree, Wa Water"
            _(
                "A Kodama pile ({piles}): the cost in Sacred Flowers of its top card, "
                "then how many cards it holds."
            ).format(piles=piles),
        ),
        (
            plain_text(_("[dim]guards[/] {guards}").format(guards=example)),
            # i18n: the key to a short mark of the Kodama panel; {example} is "Fl→✿13",
            # {condition}: flowers, trees or fires
            _(
                "What each pile guards: in {example}, {threshold} {condition} win now; once "
                "that pile is empty, {raised} are needed."
            ).format(
                example=example,
                threshold=st.thresholds[cond],
                condition=_condition(cond),
                raised=kd.raised_threshold,
            ),
        ),
        (
            "7K*",
            # i18n: the key to a short mark of the board (a Kodama tree in a Forest)
            _("A Kodama tree's ability in a Forest (*): Look says which."),
        ),
        (
            ONIBI,
            # i18n: the key to a short mark of the board (Onibi on the small Circle)
            _("Onibi on the Circle: moving Spirits jump over him."),
        ),
    ]


def _symbols_status(st: GameState, seat: int, short: bool) -> str:
    return symbols_text(st, seat, short=short)


def _board_panel(st: GameState, wide: bool) -> str:
    return board(st, wide=wide)


def _per_symbol_words(e: ElementPerSymbol) -> str:
    """A Kodama tree's ability (K-P1)."""
    return _("+{amount} {element} per Kodama").format(
        amount=e.per_symbol, element=element_word(ELEMENTS[e.element])
    )


def _symbols_words(e: Symbols) -> str:
    """The Kodama symbols a card or tree shows (K-K1)."""
    return _("{amount} Kodama").format(amount=e.amount)


# The events ``simulate`` counts, by a key in English (the keys of ``simulate --json``).
KODAMA_CALLS = N_("Kodama calls")
ONIBI_FIRES = N_("Onibi fires")
ELEMENT_TILES_SPENT = N_("Element tiles spent")
ANIMAL_BONUS_ACTIONS = N_("animal bonus actions")
# Kodama's piles as the simulate table names them ("the flower pile"), by their ids.
PILE_REPORT_WORD = {"flower": N_("flower"), "tree": N_("tree"), "water": N_("water")}


def _count(event: str, key: str) -> ReportCount:
    """A count of the events ``event`` per game, named ``key`` (English, marked)."""
    return ReportCount(event, lambda e: key, lambda e: _(key))


def _emptied_key(e: Event) -> str:
    return f"{e['pile']} pile emptied ({e['condition']} -> {e['threshold']})"


def _emptied_label(e: Event) -> str:
    pile = PILE_REPORT_WORD.get(e["pile"])
    # i18n: {pile}: a Kodama pile (flower, tree, water); {condition}: the victory
    # i18n: condition (flowers, trees, fires) whose threshold rose to {threshold}
    label = _("games where the {pile} pile emptied ({condition} -> {threshold})")
    return label.format(
        pile=_(pile) if pile is not None else e["pile"],
        condition=_condition(e["condition"]),
        threshold=e["threshold"],
    )


KODAMA = register(
    ModuleView(
        NAME,
        (
            ActionView(
                CALL,
                "call",
                "c",
                # i18n: key bar label (the 80x24 key bar is full): at most 4 characters
                N_("Call"),
                # i18n: Kodama's action "Call a Kodama" in one short word ("+call")
                word=N_("call"),
                data_ids=(CallKodama.data_id,),
                bonus_name=N_("Call"),  # Kodama's Call a Kodama (K-R1)
                label=_call_label,
                short=_call_short,
            ),
            ActionView(
                ELEMENT,
                "element",
                "l",
                # i18n: key bar label (the 80x24 key bar is full): at most 7 characters
                N_("Element"),
                label=_element_label,
            ),
            ActionView(
                ANIMAL,
                "animal",
                "b",
                # i18n: key bar label (the 80x24 key bar is full): at most 6 characters
                N_("Animal"),
                label=_animal_label,
            ),
        ),
        rocks=(
            # Kodama's stone rocks (K-R1)
            RockView("call_kodama", "K", NC_("rock", "Kodama"), N_("bonus Call a Kodama")),
        ),
        panels=(PanelView("kodama", N_("Kodama"), N_("The Kodama board"), _board_panel),),
        rock_marks=onibi_mark,
        player_tag=player_tag,
        status=_symbols_status,
        legend=legend,
        flowers_buy=call_worth,
        counts=(
            _count("kodama_called", KODAMA_CALLS),
            ReportCount("threshold_raised", _emptied_key, _emptied_label, per_game=False),
            _count("onibi_fire_added", ONIBI_FIRES),
            _count("element_tile_used", ELEMENT_TILES_SPENT),
            _count("animal_bonus", ANIMAL_BONUS_ACTIONS),
        ),
        effects=(
            EffectView(ElementPerSymbol, _per_symbol_words),
            EffectView(Symbols, _symbols_words, mark="K"),  # a card's Kodama symbol (K-K1)
        ),
    )
)
