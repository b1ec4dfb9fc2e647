"""The status line: whose turn it is, and what they can do now. Pure (no Textual).

``key_of(name)`` gives the key shown for game key ``name`` (after any user keymap).
"""

from __future__ import annotations

from collections.abc import Callable

from living_forest.bots import title
from living_forest.bots.hint import Hint
from living_forest.core import GameState, decision, forced_stop_count, net_solitary
from living_forest.core.queries import CHOOSE_ACTION, OVER, REVEAL

from .glyphs import plural
from .keys import GAME_KEYS
from .session import HUMAN, Session

KeyOf = Callable[[str], str]
REVEAL_KEYS = ("draw", "stop", "use_fragment")


def hint_text(st: GameState, h: Hint) -> str:
    """The hint as one sentence: the medium bot's move, and the figures behind it."""
    from .choices import action_label

    why = []
    for name, was, now in (
        ("trees", h.before.trees, h.after.trees),
        ("fires", h.before.fires, h.after.fires),
        ("flowers", h.before.flowers, h.after.flowers),
    ):
        if now != was:
            why.append(f"{name} {was} → {now}")
    if h.risk is not None:  # revealing: how close the forced stop is (G-5)
        away = h.stop_at - h.net
        chance = f"the next card is solitary {round(100 * h.risk)}% of the time"
        if away <= 1:
            why.append(f"net ▲ {h.net}: {chance}, and it would stop you with one action")
        else:
            why.append(f"net ▲ {h.net}: {plural(away, 'solitary card')} from a forced stop")
    if h.power:
        if h.water < h.power:
            varans = plural(h.fires, "Fire Varan")
            why.append(f"Onibi's power {h.power} beats your water {h.water}: {varans}")
        else:
            why.append(f"your water {h.water} holds off Onibi's {h.power}")
    tail = f" ({'; '.join(why)})" if why else ""
    return f"Hint: {action_label(st, h.action)}{tail}."


def situation(session: Session, modes: list[str], key_of: KeyOf) -> str:
    """One line: round, who acts (and how), and what they can do."""
    st = session.state
    if st.phase == "over":
        return f"Round {st.round}: the game is over. Esc shows the result again."
    p = st.players[st.current]
    ctl = session.current_controller
    ctl_text = "" if ctl == HUMAN else f" [{title(ctl)} bot]"
    phase = "reveals Guardian Animals" if st.phase == "draw" else "takes actions"
    spirit = session.rules.data.spirits[p.spirit]
    rules = "".join(f" ({m.name.capitalize()})" for m in session.rules.modules)
    if session.turn_done is not None:
        return f"Round {st.round}{rules} · {turn_done_text(session, key_of)}"
    line = f"Round {st.round}{rules} · {p.name} ({spirit}){ctl_text} {phase}: "
    return line + what_now(session, modes, key_of)


def turn_done_text(session: Session, key_of: KeyOf, *, short: bool = False) -> str:
    """A finished turn that is not passed on yet: what the keys do (``short``: for
    the prompt above the choice box). A turn ended with actions unused is a question."""
    st = session.state
    nxt = st.players[st.current].name
    unused = session.turn_done_unused
    if session.held is not None:  # the last move of the round: Enter lets Onibi play
        ends = "the game" if session.held_ends_game else "the round"
        if unused:
            if short:
                return f"End with {plural(unused, 'action')} unused?"
            return (
                f"End your turn with {plural(unused, 'action')} unused? Enter: yes, it ends "
                f"{ends} · Esc: back to your turn"
            )
        if short:
            return f"Turn done · Enter: end {ends}"
        then = "" if session.held_ends_game else " (Onibi plays)"  # the game ends at once
        return f"{nxt}'s turn is done. Enter: end {ends}{then} · {key_of('undo')}: undo"
    if unused:
        if short:
            return f"End with {plural(unused, 'action')} unused?"
        return (
            f"End your turn with {plural(unused, 'action')} unused? Enter: yes, pass to "
            f"{nxt} · Esc: back to your turn"
        )
    if short:
        return f"Turn done · Enter: pass to {nxt}"
    seat = session.turn_done
    who = st.players[seat].name if seat is not None else "the player"
    return f"{who}'s turn is done. Enter: pass to {nxt} · {key_of('undo')}: undo"


def what_now(session: Session, modes: list[str], key_of: KeyOf) -> str:
    st = session.state
    if session.turn_done is not None:
        return turn_done_text(session, key_of)
    if not session.current_is_human:
        return "see the log."
    d = decision(st)
    if d.kind == OVER:
        return "the game is over."
    kinds = {a.kind for a in session.legal()}
    if d.kind == REVEAL:
        keys = [
            f"{key_of(name)} {GAME_KEYS[name].label.lower()}"
            for name in REVEAL_KEYS
            if GAME_KEYS[name].kind in kinds
        ]
        net = net_solitary(session.rules, st.players[st.current])
        stop_at = forced_stop_count(st)
        warn = ""
        if net == stop_at - 1:
            warn = f" Careful: net ▲ is {net}, the next solitary card ends your draw."
        return ", ".join(keys) + "." + warn
    if d.kind != CHOOSE_ACTION:
        return "choose one: 1-9 or ↑↓ ⏎."
    if modes:
        return "choose one: 1-9 or ↑↓ ⏎, Esc back."
    keys = [key_of(n) for n, k in GAME_KEYS.items() if k.kind in kinds]
    return f"{plural(st.basic_left, 'basic action')} left; keys {' '.join(keys)}."
