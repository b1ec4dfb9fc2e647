"""The status line: whose turn it is, and what they can do now. Pure (no Textual).

``key_of(name)`` gives the key shown for game key ``name`` (after any user keymap).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from living_forest.bots import title
from living_forest.bots.hint import Hint
from living_forest.core import (
    Action,
    GameState,
    apply,
    decision,
    forced_stop_count,
    net_solitary,
    victory_tile,
    why_illegal,
)
from living_forest.core.actions import END, STOP, USE_FRAGMENT
from living_forest.core.queries import CHOOSE_ACTION, OVER, REVEAL
from living_forest.i18n import N_, _, join_clauses, ngettext, spirit_name

from .cells import cell_len
from .keys import GAME_KEYS
from .session import HUMAN, Session

KeyOf = Callable[[str], str]
REVEAL_KEYS = ("draw", "stop", "use_fragment")
# The reveal keys' words in the status line ("d draw, s stop, f fragment"): their
# key bar labels in lower case (a word of its own: lower case is not the same rule
# in every language).
REVEAL_WORDS = {"draw": N_("draw"), "stop": N_("stop"), "use_fragment": N_("fragment")}
# A figure the hinted move changes ("trees 2 → 3").
HINT_FIGURES = {
    "trees": N_("trees {before} → {after}"),
    "fires": N_("fires {before} → {after}"),
    "flowers": N_("flowers {before} → {after}"),
}


# The Victory tile a hinted turn takes, by its type ({victim}: the player robbed).
HINT_STEALS = {
    "fire": N_("takes {victim}'s Fire Victory tile"),
    "tree": N_("takes {victim}'s Tree Victory tile"),
    "flower": N_("takes {victim}'s Flower Victory tile"),
}
HINT_THEN = 2  # the turn's further actions the hint names after its move


def hint_text(st: GameState, h: Hint) -> str:
    """The hint as one sentence: the medium bot's move (and the rest of the turn it
    plans), and the reasons in the planner's terms: what the turn gains, the Victory
    tiles it takes, the reveal's risk, Onibi's attack after it."""
    from .choices import action_label, part_label

    why = []
    for name, was, now in (
        ("trees", h.before.trees, h.after.trees),
        ("fires", h.before.fires, h.after.fires),
        ("flowers", h.before.flowers, h.after.flowers),
    ):
        if now != was:
            why.append(_(HINT_FIGURES[name]).format(before=was, after=now))
    for victim, tile in h.steals:
        kind = victory_tile(st, tile)[1]
        why.append(_(HINT_STEALS[kind]).format(victim=st.players[victim].name))
    if not why and h.chance is not None:  # no count moves, nothing taken: the race says why
        why.append(_chances(st, h))
    if h.action.kind == USE_FRAGMENT:
        if h.varan:
            why.append(_("a Fire Varan stays in your deck until a Fragment removes it"))
        elif h.net >= h.stop_at:
            why.append(_("the Fragment keeps your second action"))
    elif h.risk is not None:  # revealing: how close the forced stop is (G-5)
        away = h.stop_at - h.net
        if away <= 1 and h.action.kind == STOP:
            why.append(
                _("keeps two actions: the next card is solitary {percent}% of the time").format(
                    percent=round(100 * h.risk)
                )
            )
        elif away <= 1:
            why.append(
                _(
                    "net ▲ {net}: the next card is solitary {percent}% of the time, "
                    "and it would stop you with one action"
                ).format(net=h.net, percent=round(100 * h.risk))
            )
        else:
            why.append(
                ngettext(
                    "net ▲ {net}: {count} more solitary card would force a stop",
                    "net ▲ {net}: {count} more solitary cards would force a stop",
                    away,
                ).format(net=h.net, count=away)
            )
    if h.power:
        if h.water < h.power:
            why.append(
                ngettext(
                    "Onibi's power {power} beats your water {water}: {count} Fire Varan",
                    "Onibi's power {power} beats your water {water}: {count} Fire Varans",
                    h.fires,
                ).format(power=h.power, water=h.water, count=h.fires)
            )
        else:
            why.append(
                _("your water {water} holds off Onibi's {power}").format(
                    water=h.water, power=h.power
                )
            )
    parts = _parts(st, h.turn, most=1 + HINT_THEN)
    if parts and parts[0][1][0] == h.action:
        # In few words (the list's own texts, with costs and Onibi's forecast, made a
        # call's hint longer than the status line's two lines)
        move = part_label(*parts[0])
        then = [part_label(s, actions) for s, actions in parts[1 : 1 + HINT_THEN]]
    else:
        move, then = action_label(st, h.action, short=True), []
    if then:
        # i18n: {move}: the hinted move; {then}: the turn's next actions, joined by ", "
        move = _("{move}, then {then}").format(move=move, then=", ".join(then))
    if why:
        # i18n: {move}: the move in words; {reasons}: figures behind it, joined by "; "
        return _("Hint: {move} ({reasons}).").format(move=move, reasons=join_clauses(why))
    return _("Hint: {move}.").format(move=move)


def _chances(st: GameState, h: Hint) -> str:
    """The medium bot's reckoning of the hinted turn, and of the best turn that begins
    otherwise: "chance to win 52% after it, 47% after Plant 4B"."""
    from .choices import part_label

    percent = _estimate(h.chance)
    parts = _parts(st, h.other, most=1) if h.other_chance is not None else []
    if not parts:
        # i18n: the hint's reason when no count changes: {percent} the chance to win
        # the medium bot finds after the hinted turn, over the deals it tried
        return _("chance to win {percent}% after it").format(percent=percent)
    # i18n: the hint's reason when no count changes: {other}: the best other move
    # ("Plant 4B"), {other_percent} its chance to win
    return _("chance to win {percent}% after it, {other_percent}% after {other}").format(
        percent=percent,
        other=part_label(*parts[0]),
        other_percent=_estimate(h.other_chance),
    )


def _estimate(chance: float | None) -> int:
    """A chance the bot estimated, in percent, never 0 or 100: its worlds are a few
    deals (a play-test read "100 %" for a player who finished third)."""
    return min(99, max(1, round(100 * (chance or 0.0))))


def _parts(
    st: GameState, turn: tuple[Action, ...], most: int
) -> list[tuple[GameState, list[Action]]]:
    """The planned turn replayed on the position, in parts (``most`` at most): each
    action that begins a part (nothing pending before it) with the picks of the same
    kind that follow it (one Attract's cards, one Extinguish's fires), and the position
    where the part begins; to the turn's end (not ``end``; a bonus the part offers is
    not named)."""
    parts: list[tuple[GameState, list[Action]]] = []
    s = st
    for a in turn:
        if a.kind == END or why_illegal(s, a) is not None:
            break
        if not parts or not s.pending:
            if len(parts) == most:
                break
            parts.append((s, [a]))
        elif a.kind == parts[-1][1][0].kind:
            parts[-1][1].append(a)
        s, _events = apply(s, a)
        if s.current != st.current or s.phase != st.phase:
            break
    return parts


def situation(
    session: Session,
    modes: list[str],
    key_of: KeyOf,
    *,
    bot_text: str | None = None,
    width: int | None = None,
    numbers: Sequence[int] = (),
) -> str:
    """One line: round, who acts (and how), and what they can do. ``bot_text`` names
    how a bot's seat plays when it is not the bot's own level (a tutorial's script);
    ``numbers``: those of the listed choices (:func:`what_now`).

    With ``width``, the longest telling of it that fits ``width`` cells: first without
    the rules' name (the board shows a module's own panel), then without the Spirit's
    name, then without the keys (the key bar lists them); the shortest when none fits."""
    tellings = _situations(session, modes, key_of, bot_text, numbers)
    if width is None:
        return tellings[0]
    return next((t for t in tellings if cell_len(t) <= width), tellings[-1])


def _situations(
    session: Session,
    modes: list[str],
    key_of: KeyOf,
    bot_text: str | None,
    numbers: Sequence[int] = (),
) -> list[str]:
    """The tellings of :func:`situation`, longest first."""
    st = session.state
    if st.phase == "over":
        return [
            _("Round {round}: the game is over. Esc shows the result again.").format(round=st.round)
        ]
    p = st.players[st.current]
    ctl = session.current_controller
    if ctl == HUMAN:
        ctl_text = ""
    elif bot_text:
        ctl_text = f" [{bot_text}]"
    else:
        # i18n: after the player's name in the status line: which bot plays the seat
        # ({bot}: "easy", "medium", "hard"...)
        ctl_text = " " + _("[{bot} bot]").format(bot=title(ctl))
    spirit = spirit_name(session.rules.data.spirits[p.spirit])
    rules = "".join(f" ({m.name.capitalize()})" for m in session.rules.modules)
    if session.turn_done is not None:
        # i18n: the status line; {rules}: " (Kodama)" or nothing; {what}: the keys to use
        done = _("Round {round}{rules} · {what}")
        what = turn_done_text(session, key_of)
        return [done.format(round=st.round, rules=r, what=what) for r in (rules, "")]
    fields = {
        "round": st.round,
        "rules": rules,
        "player": p.name,
        "spirit": spirit,
        "bot": ctl_text,
        "what": what_now(session, modes, key_of, numbers=numbers),
    }
    if st.phase == "draw":
        # i18n: the status line (80 columns, wraps to a second row); {rules}: " (Kodama)"
        # or nothing; {bot}: " [easy bot]" or nothing; {what}: what the player can do now
        line = _("Round {round}{rules} · {player} ({spirit}){bot} reveals Guardian Animals: {what}")
    else:
        # i18n: the status line (80 columns, wraps to a second row); {rules}: " (Kodama)"
        # or nothing; {bot}: " [easy bot]" or nothing; {what}: what the player can do now
        line = _("Round {round}{rules} · {player} ({spirit}){bot} takes actions: {what}")
    if st.phase == "draw":
        # i18n: the status line when the long one does not fit (the Spirit's name left
        # out); {bot}: " [easy bot]" or nothing; {what}: what the player can do now
        bare = _("Round {round}{rules} · {player}{bot} reveals Guardian Animals: {what}")
    else:
        # i18n: the status line when the long one does not fit (the Spirit's name left
        # out); {bot}: " [easy bot]" or nothing; {what}: what the player can do now
        bare = _("Round {round}{rules} · {player}{bot} takes actions: {what}")
    short_what = what_now(session, modes, key_of, keys=False, numbers=numbers)
    return [
        line.format(**fields),
        line.format(**{**fields, "rules": ""}),
        bare.format(**{**fields, "rules": ""}),
        bare.format(**{**fields, "rules": "", "what": short_what}),
    ]


def turn_done_text(session: Session, key_of: KeyOf, *, short: bool = False) -> str:
    """A finished turn that is not passed on yet: what the keys do (``short``: for
    the prompt above the choice box). A turn ended with actions unused is a question."""
    st = session.state
    nxt = st.players[session.passes_to].name
    unused = session.turn_done_unused
    undo = key_of("undo")
    if unused and short:
        # i18n: the prompt above the choice box (34 columns at 80x24)
        return ngettext(
            "End with {count} action unused?", "End with {count} actions unused?", unused
        ).format(count=unused)
    if unused:  # asked before it is played: Enter plays it
        ends = session.turn_done_ends
        if ends == "game":
            text = ngettext(
                "End your turn with {count} action unused? Enter: yes, it ends the game "
                "· Esc: back to your turn",
                "End your turn with {count} actions unused? Enter: yes, it ends the game "
                "· Esc: back to your turn",
                unused,
            )
        elif ends == "round":
            text = ngettext(
                "End your turn with {count} action unused? Enter: yes, it ends the round "
                "· Esc: back to your turn",
                "End your turn with {count} actions unused? Enter: yes, it ends the round "
                "· Esc: back to your turn",
                unused,
            )
        else:
            text = ngettext(
                "End your turn with {count} action unused? Enter: yes, pass to {next_player} "
                "· Esc: back to your turn",
                "End your turn with {count} actions unused? Enter: yes, pass to {next_player} "
                "· Esc: back to your turn",
                unused,
            )
        return text.format(count=unused, next_player=nxt)
    ends = session.turn_done_ends
    if ends is not None:  # the last move of the round: Enter lets Onibi play
        ends_game = ends == "game"
        if short and ends_game:
            # i18n: the prompt above the choice box (34 columns at 80x24)
            return _("Turn done · Enter: end the game")
        if short:
            # i18n: the prompt above the choice box (34 columns at 80x24)
            return _("Turn done · Enter: end the round")
        if ends_game:  # the game ends at once
            text = _("{player}'s turn is done. Enter: end the game · {undo_key}: undo")
        else:
            text = _(
                "{player}'s turn is done. Enter: end the round (Onibi plays) · {undo_key}: undo"
            )
        return text.format(player=nxt, undo_key=undo)
    if short:
        # i18n: the prompt above the choice box (34 columns at 80x24)
        return _("Turn done · Enter: pass to {next_player}").format(next_player=nxt)
    seat = session.turn_done
    if seat is None:
        return _(
            "the player's turn is done. Enter: pass to {next_player} · {undo_key}: undo"
        ).format(next_player=nxt, undo_key=undo)
    return _("{player}'s turn is done. Enter: pass to {next_player} · {undo_key}: undo").format(
        player=st.players[seat].name, next_player=nxt, undo_key=undo
    )


def number_keys(numbers: Sequence[int]) -> str:
    """The numbers that pick a choice of a list, as typed: "1-3", "1-12" (two digits
    past 9), "1-2, 4" when some are gone (the list keeps its numbers within a pick);
    "" for none."""
    ns = sorted(set(numbers))
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def what_now(
    session: Session,
    modes: list[str],
    key_of: KeyOf,
    *,
    keys: bool = True,
    numbers: Sequence[int] = (),
) -> str:
    """What the player to act can do now; ``keys`` False leaves out the list of the
    action keys (the key bar shows them) where the line gives it, and says the warning
    of a reveal in its short words. ``numbers``: those of the listed choices, typed to
    pick one (the list's own, so the line never offers a number the list lacks)."""
    st = session.state
    if session.turn_done is not None:
        return turn_done_text(session, key_of)
    if not session.current_is_human:
        return _("see the log.")
    d = decision(st)
    if d.kind == OVER:
        return _("the game is over.")
    kinds = {a.kind for a in session.legal()}
    if d.kind == REVEAL:
        reveal = [
            f"{key_of(name)} {_(REVEAL_WORDS[name])}"
            for name in REVEAL_KEYS
            if GAME_KEYS[name].kind in kinds
        ]
        net = net_solitary(session.rules, st.players[st.current])
        stop_at = forced_stop_count(st)
        if net == stop_at - 1 and not keys:  # the short telling: the Help Line's words
            return join_clauses([", ".join(reveal), _("next ▲: forced stop")]) + "."
        warn = ""
        if net == stop_at - 1:
            warn = " " + _(
                "Careful: net ▲ is {net}, the next solitary card ends your draw."
            ).format(net=net)
        return ", ".join(reveal) + "." + warn
    if d.kind != CHOOSE_ACTION or modes:
        back = d.kind == CHOOSE_ACTION  # Esc leaves a mode (a pick of the action's)
        typed = number_keys(numbers)
        if not typed:
            return _("choose one: ↑↓ ⏎, Esc back.") if back else _("choose one: ↑↓ ⏎.")
        # i18n: the status line's end in a list; {numbers}: the numbers typed to pick
        # ("1-3", "1-12": past 9, two digits)
        if back:
            return _("choose one: {numbers} or ↑↓ ⏎, Esc back.").format(numbers=typed)
        return _("choose one: {numbers} or ↑↓ ⏎.").format(numbers=typed)
    if not keys:
        # i18n: the status line's end when the keys do not fit (the key bar lists them)
        return ngettext(
            "{count} basic action left.", "{count} basic actions left.", st.basic_left
        ).format(count=st.basic_left)
    listed = [key_of(n) for n, k in GAME_KEYS.items() if k.kind in kinds]
    return ngettext(
        "{count} basic action left; keys {keys}.",
        "{count} basic actions left; keys {keys}.",
        st.basic_left,
    ).format(count=st.basic_left, keys=" ".join(listed))
