"""A player's Help Line: strengths, the net solitary count, Onibi's attack as it
stands, then the cards; the large one beside what each strength buys now."""

from __future__ import annotations

from collections.abc import Sequence

from living_forest.core import (
    GameState,
    action_possible,
    basic_actions_of,
    counts,
    forced_stop_count,
    net_solitary,
    onibi_forecast,
    plant_spaces,
    raw_strengths,
    rules_of,
)
from living_forest.core.data import ELEMENTS, GameData
from living_forest.i18n import _, card_name, language, ngettext

from ..glyphs import ELEMENT_GLYPH, ELEMENT_STYLE, MARK_GLYPH, MARK_NAME, element_name
from ..markup import pack, pad, safe
from ..views import flowers_buy, status_parts
from .cards import SHORT_NAME_CHARS, action_word, card_mark, mark_before_name, short_name
from .parts import el, elements


def strengths(st: GameState, seat: int) -> str:
    s = raw_strengths(rules_of(st), st.players[seat])
    return " ".join(el(n, v) for n, v in zip(ELEMENTS, s, strict=True))


def _help_card(D: GameData, cid: str, chars: int | None) -> str:
    """A Help Line card: the whole name (``chars`` None), its short name cut to
    ``chars`` letters, or no name (``chars`` 0: its mark and Elements)."""
    c = D.cards[cid]
    if chars == 0:
        return f"{card_mark(c).strip() or '·'}{elements(c.elements)}"
    name = card_name(c.name) if chars is None else short_name(c)[:chars].rstrip()
    return f"{mark_before_name(c)}{safe(name)} {elements(c.elements)}"


# The Help Line's card list: whole names on two lines, else short names on two, then
# three lines, then short names cut to 6, 5, 4 letters (a Help Line of ten cards or
# more); then, in the lines the board has room for, the same again and the cards
# without names (a late Help Line of 28 cards, a module's game), and last the cards
# that fit followed by "+N more" (the inspector's Help Lines list them all).
_CARD_TIERS: tuple[tuple[int | None, int], ...] = (
    (None, 2),
    (SHORT_NAME_CHARS, 2),
    (SHORT_NAME_CHARS, 3),
    (6, 3),
    (5, 3),
    (4, 3),
)
_ROOMY_TIERS: tuple[int | None, ...] = (None, SHORT_NAME_CHARS, 6, 5, 4, 0)


_CARD_LISTS: dict[tuple[int, tuple[str, ...], int, str, str, int, str], str] = {}


def _card_list(
    D: GameData, cards: tuple[str, ...], width: int, label: str, lines: int = 3, look_key: str = ""
) -> str:
    """The Help Line's cards packed into ``width`` by :data:`_CARD_TIERS`, and in at
    most ``lines`` lines (at least 3) by :data:`_ROOMY_TIERS`, remembered (the board
    draws the same Help Lines after every key)."""
    key = (id(D), cards, width, label, language(), lines, look_key)  # names: the language
    found = _CARD_LISTS.get(key)
    if found is None:
        if len(_CARD_LISTS) > 4096:
            _CARD_LISTS.clear()
        found = _pack_cards(D, cards, width, label, max(3, lines), look_key)
        _CARD_LISTS[key] = found
    return found


def _pack_cards(
    D: GameData, cards: tuple[str, ...], width: int, label: str, lines: int, look_key: str
) -> str:
    # Given more than three lines, whole names on them come before short names.
    roomy = [(None, lines)] if lines > 3 else []
    tiers = [_CARD_TIERS[0], *roomy, *_CARD_TIERS[1:], *((c, lines) for c in _ROOMY_TIERS)]
    for chars, most in tiers:
        found = pack([label, *(_help_card(D, c, chars) for c in cards)], width)
        if found.count("\n") < min(most, lines):
            return found
    # Not even without names: as many as fit, then how many more.
    for shown in range(len(cards) - 1, 0, -1):
        rest = len(cards) - shown
        if look_key:
            # i18n: the end of a cut Help Line at 80x24: {count} cards not shown; {key}
            # the key that lists them all (Look, "o")
            more = ngettext("+{count} more ({key})", "+{count} more ({key})", rest)
        else:
            # i18n: the end of a cut Help Line at 80x24: {count} cards not shown
            more = ngettext("+{count} more", "+{count} more", rest)
        parts = [_help_card(D, c, 0) for c in cards[:shown]]
        found = pack([label, *parts, f"[dim]{more.format(count=rest, key=look_key)}[/]"], width)
        if found.count("\n") < lines:
            return found
    return label


def help_line(
    st: GameState,
    seat: int,
    *,
    names: bool,
    width: int = 42,
    owner: bool = False,
    room: int | None = None,
    look_key: str = "",
    words: bool = False,
    cards: bool = True,
) -> str:
    """Strengths, net solitary count, then (``cards``) the cards: whole names while they fit on
    two lines of ``width``, short names beyond (:data:`_CARD_TIERS`); in ``room``
    rows in all (None: the cards get 3), the cards get the rows the first lines
    leave (at least 3): whole names on more of them, and at worst what fits and
    "+N more (o)" (``look_key``, the key that lists everything). ``words``: the
    modules' parts in words (their ``ModuleView``'s words, not its glyphs) where there is
    room."""
    p = st.players[seat]
    if owner:
        # i18n: before the Help Line's cards (packed in 42 cells); {player} is a name of
        # up to 12 characters
        label = _("[b]{player}'s[/] Help Line").format(player=safe(p.name[:12]))
    else:
        # i18n: before the Help Line's cards (packed in 42 cells)
        label = _("Help Line")
    # i18n: {help_line} is "Help Line" or "Ana's Help Line"; one line of 42 cells
    listed = _("{help_line} [dim]empty[/]").format(help_line=label)
    net = net_solitary(rules_of(st), p)
    warn = _stop_warning(st, seat, net)
    actions = ""
    # Onibi's attack as it stands, once the Help Line is known (the Action phase).
    onibi = onibi_text(st, seat, short=True) if st.phase == "action" else ""
    # i18n: the net count of solitary animals ({solitary} is ▲): "net▲2"; the Help
    # Line's first lines are packed in 42 cells at 80x24: keep it short
    net_text = _("net{solitary}[b]{net}[/]").format(solitary=MARK_GLYPH[1], net=net)
    if st.phase == "action" and seat == st.current:
        # The prompt and the status line give the actions left; the forecast matters more.
        if onibi:
            net_text = ""
        else:
            actions = "  " + _actions_left(st.basic_left)
            if st.used_types and names:
                actions += " " + _used_types(st.used_types)
    elif st.phase == "draw" or st.phase == "action":
        actions = " → " + _actions(basic_actions_of(st, seat))
    head = pack(
        [
            strengths(st, seat),
            f"{net_text}{actions}",
            *status_parts(st, seat, short=not words),
            warn.strip(),
            onibi,
        ],
        width,
    )
    head = head.rstrip()
    if not cards:  # a compact Forest's: the strengths and what they do, not the cards
        return head
    if p.help_line:
        lines = 3 if room is None else room - head.count("\n") - 1
        listed = _card_list(rules_of(st).data, tuple(p.help_line), width, label, lines, look_key)
    return f"{head}\n{listed}"


def _actions(n: int) -> str:
    # i18n: the basic actions a player's Help Line gives ("→ 2 actions"); the 80x24
    # Help Line packs its first lines in 42 cells
    return ngettext("{count} action", "{count} actions", n).format(count=n)


def _actions_left(n: int) -> str:
    # i18n: the basic actions left this turn; the 80x24 Help Line packs its first lines
    # in 42 cells
    return ngettext("{count} action left", "{count} actions left", n).format(count=n)


def _used_types(kinds: Sequence[str]) -> str:
    """ "(used attract, move)": the basic action types used this turn."""
    # i18n: {types} lists the action types used this turn ("attract, move")
    return _("(used {types})").format(types=", ".join(action_word(k) for k in kinds))


def onibi_text(st: GameState, seat: int, *, short: bool) -> str:
    """Onibi's attack on the Spirits (E-1) as it would fall now, for ``seat``: the
    power against their water, and the Fire Varans it would give (the core's forecast).
    Shown while the round is played; "" with no fire in the centre."""
    f = onibi_forecast(st) if st.phase in ("draw", "action") else None
    if f is None:
        return ""
    water = f.water[seat]
    w = ELEMENT_GLYPH["water"]
    if seat in f.owed:
        n = f.gets[seat]
        if short:
            if n:
                # i18n: the Fire Varans Onibi's attack would give; the 80x24 Help Line
                # (42 cells a line): keep it short
                got = ngettext("{count} Varan", "{count} Varans", n).format(count=n)
            else:
                # i18n: the 80x24 Help Line (42 cells a line): keep it short
                got = _("no Varan left")
            # i18n: Onibi's attack as it stands, on the 80x24 Help Line (42 cells a
            # line): its power against the player's water ({water} is "≈3"), then
            # {varans}: what the player would get ("2 Varans", "no Varan left")
            text = _("Onibi {power}>{water}: {varans}").format(
                power=f.power, water=f"{w}{water}", varans=got
            )
            return f"[$warning]{text}[/]"
        if n:
            got = ngettext("{count} Fire Varan", "{count} Fire Varans", n).format(count=n)
        else:
            got = _("none: the Fire Varans have run out")
        # i18n: {varans} is what the player would get ("2 Fire Varans", "none: the Fire
        # Varans have run out")
        text = _("Onibi's attack now: power {power} vs water {water} → {varans}").format(
            power=f.power, water=water, varans=got
        )
        return f"[$warning]{text}[/]"
    if short:
        # i18n: Onibi's attack as it stands, on the 80x24 Help Line (42 cells a line):
        # its power is at most the player's water ({water} is "≈3"): nothing happens
        text = _("Onibi {power}≤{water}: safe").format(power=f.power, water=f"{w}{water}")
        return f"[dim]{text}[/]"
    text = _("Onibi's attack now: power {power} vs water {water}: safe").format(
        power=f.power, water=water
    )
    return f"[dim]{text}[/]"


def _stop_warning(st: GameState, seat: int, net: int) -> str:
    """While revealing: one more solitary card forces a stop (G-5), or it has."""
    if st.phase != "draw" or seat != st.current:
        return ""
    stop_at = forced_stop_count(st)
    if net >= stop_at:
        # i18n: a warning on the 80x24 Help Line (42 cells a line): keep it short
        text = _("forced stop")
        return f" [reverse $error]{text}[/]"
    if net == stop_at - 1:
        # i18n: one more solitary animal (▲) makes the player stop (on a bot's Help
        # Line too: no "you"); the 80x24 Help Line (42 cells a line): keep it short
        text = _("next ▲: forced stop")
        return f" [reverse $warning]{text}[/]"
    return ""


_HELP_COL = 38  # width of the card list in the large Help Line


def _worth(st: GameState, seat: int, element: str, v: int) -> str:
    """What a strength of ``v`` buys now (one short line, for the large Help Line):
    never more than the core says is possible (a card, fire or tree that cheap)."""
    # The large Help Line's right column: "☼ Sun     3  " then this, one line each
    # (about 40 cells on a 160-column screen).
    v = max(0, v)
    possible = action_possible(st, seat, ELEMENTS.index(element), v)
    if element == "sun":
        if not v:
            return _("Attract: nothing")
        if possible:
            # i18n: what a Sun strength of {strength} buys now, one short line
            return _("Attract animals: total cost ≤ {strength}").format(strength=v)
        return _("Attract: no card costs ≤ {strength}").format(strength=v)
    if element == "water":
        if not v:
            return _("Extinguish: nothing")
        if possible:
            # i18n: what a Water strength of {strength} buys now, one short line
            return _("Extinguish fires: total value ≤ {strength}").format(strength=v)
        if st.centre:
            return _("Extinguish: no fire worth ≤ {strength}").format(strength=v)
        return _("Extinguish: no fire burns")
    if element == "plant":
        if not v:
            return _("Plant: nothing")
        if possible:
            # i18n: what a Plant strength of {strength} buys now, one short line
            return _("Plant one tree: cost ≤ {strength}").format(strength=v)
        if not plant_spaces(st, seat):
            return _("Plant: no free space by a tree")
        return _("Plant: no tree left costs ≤ {strength}").format(strength=v)
    if element == "wind":
        if not v:
            return _("Move: nothing")
        if v == 1:
            return _("Move 1 rock clockwise")
        # i18n: what a Wind strength of {strength} (2 or more) buys now, one short line
        return _("Move 1 to {strength} rocks clockwise").format(strength=v)
    flowers = counts(rules_of(st), st.players[seat]).flowers  # Victory tiles included (V-3)
    threshold = st.thresholds["flowers"]
    call = flowers_buy(st, seat)
    if call:
        # i18n: the player's flowers, of the flowers needed to win; {call}: what calling
        # a Kodama is worth now
        return _("{flowers} of {threshold}; {call}").format(
            flowers=flowers, threshold=threshold, call=call
        )
    # i18n: the player's flowers (their Flower Victory tiles counted), of the flowers
    # needed to win
    return _("{flowers} of {threshold} with Flower Victory tiles").format(
        flowers=flowers, threshold=threshold
    )


def help_line_big(st: GameState, seat: int) -> str:
    """The Help Line as a list (one card a line) beside the strengths and their worth."""
    D = rules_of(st).data
    p = st.players[seat]
    net = net_solitary(rules_of(st), p)
    count = len(p.help_line)
    cards = ngettext("{count} card", "{count} cards", count).format(count=count)
    # i18n: the large Help Line's title, in a column of 38 cells ({cards} is "3 cards")
    head = _("[b]Help Line of {player}[/] ({cards})").format(player=safe(p.name), cards=cards)
    left = [pad(head, _HELP_COL)]
    for cid in p.help_line:
        c = D.cards[cid]
        mark = card_mark(c)
        name = card_name(c.name)  # cut to 15 cells: the column is 38 wide
        left.append(pad(f" {mark} {safe(f'{name[:15]:<15}')} {elements(c.elements)}", _HELP_COL))
    if not p.help_line:
        # i18n: the large Help Line, in a column of 38 cells: at most 36
        none_yet = _("no card revealed yet")
        left.append(pad(f" [dim]{none_yet}[/]", _HELP_COL))
    # i18n: the net count of solitary animals ({solitary} is ▲): "net ▲ 2"
    status = " " + _("net {solitary} [b]{net}[/]").format(solitary=MARK_GLYPH[1], net=net)
    for part in status_parts(st, seat, short=False):
        status += f", {part}"
    if st.phase == "action" and seat == st.current:
        status += ", " + _actions_left(st.basic_left)
        if st.used_types:
            status += " " + _used_types(st.used_types)
    elif st.phase in ("draw", "action"):
        status += " → " + _actions(basic_actions_of(st, seat))
    status += _stop_warning(st, seat, net)
    onibi = onibi_text(st, seat, short=False)
    if onibi:
        status += "\n " + onibi
    s = raw_strengths(rules_of(st), p)
    right = [_("[b]Strengths[/] and what each action is worth")]
    for name, v in zip(ELEMENTS, s, strict=True):
        # The Element's name padded to 6 cells (a longer one pushes its line right).
        label = f"{ELEMENT_GLYPH[name]} {element_name(name):<6}"
        right.append(f"[{ELEMENT_STYLE[name]}]{label}[/] [b]{v:>2}[/]  {_worth(st, seat, name, v)}")
    solitary, gregarious = _(MARK_NAME[1]), _(MARK_NAME[-1])
    right.append(
        f"[dim]{MARK_GLYPH[1].strip()} {solitary}  {MARK_GLYPH[-1].strip()} {gregarious}[/]"
    )
    n = max(len(left), len(right))
    left += [" " * _HELP_COL] * (n - len(left))
    right += [""] * (n - len(right))
    rows = [(a + "  " + b).rstrip() for a, b in zip(left, right, strict=True)]
    return "\n".join([*rows, status])
