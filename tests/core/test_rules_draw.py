"""Scenario tests for RULES.md section G (Guardian Animals phase, G-1 … G-10)."""

from __future__ import annotations

from collections import Counter

from living_forest.core import (
    GameState,
    apply,
    net_solitary,
    raw_strengths,
    rules_for,
    validate,
)
from living_forest.core.observation import observe

from .scenario import (
    assert_rejected,
    give_fragments,
    kinds,
    legal_strs,
    play,
    pull_card,
    put_on_draw,
    set_first,
    start,
    to_draw_phase,
)

VARAN = "fire_varan"


def rig_piles(st: GameState, seat: int, draw: list[str], discard: list[str]) -> GameState:
    """Give ``seat`` exactly this draw stack (last = top) and discard stack and an empty
    Help Line; the seat's other cards go to the next seat's discard stack."""
    st = st.clone()
    p = st.players[seat]
    # All of the seat's cards go to its draw stack, so pull_card takes them first.
    p.draw, p.discard, p.help_line = [*p.draw, *p.discard, *p.help_line], [], []
    new_draw: list[str] = []
    new_discard: list[str] = []
    for cid in draw:
        pull_card(st, seat, cid)
        new_draw.append(cid)
    for cid in discard:
        pull_card(st, seat, cid)
        new_discard.append(cid)
    st.players[(seat + 1) % st.n].discard.extend(p.draw)
    p.draw, p.discard = new_draw, new_discard
    assert validate(st) == [], validate(st)
    return st


# --- G-1 seat by seat ---------------------------------------------------------------


def test_G1_players_reveal_one_after_another_in_turn_order() -> None:
    """G-1: the hot-seat program runs the players one after another, in turn order from
    the Sacred Tree holder; each player's reveals touch only their own cards."""
    st = to_draw_phase(set_first(start(3, seed=4), 1))
    assert validate(st) == []
    assert st.current == 1
    before = [st.to_dict()["players"][i] for i in (0, 2)]
    st, _ = play(st, "draw", "draw")
    assert [st.to_dict()["players"][i] for i in (0, 2)] == before
    st, _ = play(st, "stop")
    assert st.current == 2 and st.phase == "draw"
    st, _ = play(st, "draw", "stop")
    assert st.current == 0 and st.phase == "draw"
    st, _ = play(st, "draw", "stop")
    assert st.phase == "action" and st.current == 1
    assert validate(st) == []


# --- G-2 one card at a time -----------------------------------------------------------


def test_G2_each_draw_reveals_the_top_card_and_asks_again() -> None:
    """G-2: a draw moves exactly the top card of the own draw stack to the end of the
    Help Line, face up; then the player decides again (draw or stop)."""
    st = put_on_draw(start(2, seed=1), 0, ["hare", "bee"])  # bee on top
    size = len(st.players[0].draw)
    st, events = apply(st, "draw")
    p = st.players[0]
    assert p.help_line == ["bee"] and len(p.draw) == size - 1
    assert kinds(events) == ["card_revealed"]
    assert events[0]["card_id"] == "bee" and events[0]["net"] == 0
    assert st.current == 0 and legal_strs(st) == {"draw", "stop"}
    st, events = apply(st, "draw")
    assert st.players[0].help_line == ["bee", "hare"]
    assert kinds(events) == ["card_revealed"]
    assert st.current == 0 and legal_strs(st) == {"draw", "stop"}


# --- G-3 at least one card ------------------------------------------------------------


def test_G3_cannot_stop_before_revealing_a_card() -> None:
    """G-3: stopping with an empty Help Line is refused while a card can be revealed."""
    st = start(2, seed=1)
    assert legal_strs(st) == {"draw"}
    assert_rejected(st, "stop", "G-3")


def test_G3_must_reveal_from_the_discard_when_the_draw_stack_is_empty() -> None:
    """G-3 + G-6: an empty draw stack does not excuse a player with a discard stack."""
    st = rig_piles(start(2, seed=1), 0, [], ["hare", "bee"])
    assert legal_strs(st) == {"draw"}
    assert_rejected(st, "stop", "G-3")


def test_G3_player_with_nothing_to_reveal_simply_stops() -> None:
    """G-3 / G-7: a player with empty draw and discard stacks and an empty Help Line has
    nothing to reveal: they stop with an empty Help Line, without being asked."""
    st = rig_piles(start(2, seed=1), 1, [], [])
    st, events = play(st, "draw", "stop")  # seat 0
    assert kinds(events)[-5:-2] == ["stopped", "nothing_to_draw", "stopped"]
    last_stop = [e for e in events if e.kind == "stopped"][-1]
    assert last_stop.seat == 1 and last_stop["cards"] == 0
    assert st.players[1].help_line == [] and st.players[1].stopped
    assert st.phase == "action"


def test_G3_may_stop_after_any_single_card() -> None:
    """G-3: after one reveal the player may stop whenever they like."""
    st = put_on_draw(start(2, seed=1), 0, ["hare"])
    st, events = play(st, "draw", "stop")
    assert st.players[0].help_line == ["hare"] and st.players[0].stopped
    assert st.current == 1
    assert next(e for e in events if e.kind == "stopped")["cards"] == 1


def test_G3_ruling_must_reveal_again_after_a_fragment_removed_the_only_card() -> None:
    """G-3 (project ruling) + G-8: after a Fragment removes the only revealed card, the
    Help Line is empty again: the player may not stop while a card can be revealed."""
    st = give_fragments(rig_piles(start(2, seed=1), 0, ["bee", "hare"], []), 0, 1)
    st, _ = play(st, "draw", "use-fragment")
    assert st.players[0].help_line == [] and st.players[0].discard == ["hare"]
    assert legal_strs(st) == {"draw"}
    assert_rejected(st, "stop", "G-3")
    st, _ = play(st, "draw", "stop")
    assert st.players[0].help_line == ["bee"] and st.players[0].stopped


def test_G3_ruling_stops_with_an_empty_help_line_when_nothing_can_be_revealed() -> None:
    """G-3 (project ruling) + G-7 + G-8: a Fragment sends the only card, a Fire Varan,
    back to its deck; with draw and discard empty the player has nothing to reveal and
    stops with an empty Help Line, without being asked."""
    st = give_fragments(rig_piles(start(2, seed=1), 0, [VARAN], []), 0, 1)
    st, _ = apply(st, "draw")
    st, events = apply(st, "use-fragment")
    assert st.players[0].help_line == [] and st.players[0].stopped
    assert kinds(events)[-2:] == ["nothing_to_draw", "stopped"]
    assert st.current == 1


# --- G-4 symbols and the net count ------------------------------------------------------


def test_G4_gregarious_cancels_a_solitary_revealed_later() -> None:
    """G-4 (D-8): a gregarious card revealed first still cancels a later solitary one:
    gregarious + 3 solitary is net 2, so the player may keep drawing."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, ["hare", "lynx", "beetle", "bear", "chimpanzee"])
    st, events = play(st, "draw", "draw", "draw", "draw")
    assert [e["net"] for e in events] == [0, 0, 1, 2]
    assert net_solitary(rules_for(), st.players[0]) == 2
    assert "draw" in legal_strs(st) and not st.players[0].stopped


def test_G4_cancelled_cards_still_give_their_elements() -> None:
    """G-4: only the symbol is cancelled; the Elements of every card still count."""
    st = put_on_draw(start(2, seed=1), 0, ["bear", "chimpanzee"])
    st, _ = play(st, "draw", "draw")
    # chimpanzee: -2 plant; bear: 1 water 2 plant
    assert raw_strengths(rules_for(), st.players[0]) == [0, 1, 0, 0, 0]
    assert net_solitary(rules_for(), st.players[0]) == 0


def test_G4_fire_varan_is_solitary_without_elements() -> None:
    """G-4 / X-14: a Fire Varan adds a solitary symbol and no Element."""
    st = put_on_draw(start(2, seed=1), 0, [VARAN, "hare"])
    st, events = play(st, "draw")
    before = raw_strengths(rules_for(), st.players[0])
    st, events = play(st, "draw")
    assert events[0]["card_id"] == VARAN and events[0]["mark"] == "solitary"
    assert events[0]["net"] == 1
    assert raw_strengths(rules_for(), st.players[0]) == before


def test_G4_extra_gregarious_symbols_do_nothing() -> None:
    """G-4 / X-15: gregarious symbols beyond the solitary ones do not bank a credit:
    after 2 gregarious, 3 solitary reach net 1, not below."""
    st = put_on_draw(start(2, seed=1), 0, ["bear", "toucan", "chimpanzee"])
    st, events = play(st, "draw", "draw", "draw")
    assert [e["net"] for e in events] == [0, 0, 0]


# --- G-5 forced stop --------------------------------------------------------------------


def test_G5_third_net_solitary_forces_a_stop() -> None:
    """G-5: the reveal that makes the net count 3 ends the player's phase (no Fragment to
    escape); the card stays in the Help Line and the next player reveals."""
    st = put_on_draw(start(2, seed=1), 0, ["hare", "lynx", "beetle", "bear"])
    st, events = play(st, "draw", "draw")
    assert "draw" in legal_strs(st)
    st, events = apply(st, "draw")
    assert kinds(events) == ["card_revealed", "forced_stop", "stopped"]
    assert st.players[0].help_line == ["bear", "beetle", "lynx"]
    assert st.players[0].stopped and st.current == 1
    assert st.players[0].draw[-1] == "hare"  # not drawn


def test_G5_fragment_holder_may_remove_the_third_solitary_and_keep_drawing() -> None:
    """G-5 + G-8 (D-7): with a Fragment the player is not stopped at once: drawing is
    refused, but removing the just-revealed card brings the net count back to 2 and
    drawing goes on."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, ["hare", "lynx", "beetle", "bear"])
    st, events = play(st, "draw", "draw", "draw")
    assert "forced_stop" not in kinds(events)
    assert st.current == 0 and not st.players[0].stopped
    assert legal_strs(st) == {"use-fragment", "stop"}
    assert_rejected(st, "draw", "G-5")
    st, events = apply(st, "use-fragment")
    assert st.players[0].help_line == ["bear", "beetle"]
    assert st.players[0].discard[-1] == "lynx"
    assert net_solitary(rules_for(), st.players[0]) == 2
    assert legal_strs(st) == {"draw", "stop"}
    st, events = apply(st, "draw")
    assert st.players[0].help_line == ["bear", "beetle", "hare"]


def test_G5_fragment_holder_may_accept_the_forced_stop() -> None:
    """G-5: the player may also keep the third solitary card and stop."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, ["lynx", "beetle", "bear"])
    st, _ = play(st, "draw", "draw", "draw", "stop")
    assert st.players[0].help_line == ["bear", "beetle", "lynx"]
    assert st.players[0].fragments == 1 and st.current == 1


def test_G5_varan_as_third_solitary_can_be_destroyed() -> None:
    """G-5 + G-8: a Fire Varan that closes the Help Line can be returned to its deck with
    a Fragment, and the player continues."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, ["hare", VARAN, "beetle", "bear"])
    supply = st.varan_supply
    st, _ = play(st, "draw", "draw", "draw", "use-fragment", "draw")
    p = st.players[0]
    assert p.help_line == ["bear", "beetle", "hare"]
    assert st.varan_supply == supply + 1 and VARAN not in p.discard
    assert validate(st) == []


# --- G-6 reshuffle only on demand ----------------------------------------------------


def test_G6_empty_draw_stack_is_not_refilled_at_once() -> None:
    """G-6: revealing the last card of the draw stack does not reshuffle the discard
    stack; it stays as it is while the player decides."""
    st = rig_piles(start(2, seed=1), 0, ["hare"], ["bee", "fawn", "owl"])
    st, events = apply(st, "draw")
    p = st.players[0]
    assert p.draw == [] and p.discard == ["bee", "fawn", "owl"]
    assert "reshuffled" not in kinds(events)


def test_G6_reshuffle_happens_when_the_player_wants_to_draw() -> None:
    """G-6: wanting to draw from an empty draw stack shuffles the whole discard stack into
    a new draw stack, then reveals its top card."""
    st = rig_piles(start(2, seed=1), 0, ["hare"], ["bee", "fawn", "baboon"])
    st, _ = apply(st, "draw")
    st, events = apply(st, "draw")
    assert kinds(events) == ["reshuffled", "card_revealed"]
    assert events[0]["count"] == 3
    p = st.players[0]
    assert p.discard == []
    assert p.help_line[0] == "hare" and p.help_line[1] in {"bee", "fawn", "baboon"}
    assert Counter([*p.draw, p.help_line[1]]) == Counter(["bee", "fawn", "baboon"])
    assert validate(st) == []


def test_G6_stopping_with_an_empty_draw_stack_does_not_reshuffle() -> None:
    """G-6: if the player stops instead, the draw stack stays empty and the discard stack
    untouched, also through the end of the round: it is reshuffled only when that
    player next wants to draw."""
    st = rig_piles(start(2, seed=1), 0, ["hare"], ["bee", "fawn", "baboon"])
    st, events = play(st, "draw", "stop", "draw", "stop")
    assert st.phase == "action"
    assert st.players[0].draw == [] and st.players[0].discard == ["bee", "fawn", "baboon"]
    st, events = play(st, "end", "end")  # round 1 ends; seat 1 holds the Sacred Tree
    assert st.round == 2 and st.current == 1
    p = st.players[0]
    assert p.draw == [] and "reshuffled" not in kinds(events)
    # E-1 may add a Fire Varan on top; the rest is the old discard plus the Help Line
    assert Counter(c for c in p.discard if c != VARAN) == Counter(["bee", "fawn", "baboon", "hare"])
    st, events = play(st, "draw", "stop", "draw")
    assert kinds(events)[-2:] == ["reshuffled", "card_revealed"]
    assert next(e for e in events if e.kind == "reshuffled").seat == 0


def test_G6_card_removed_by_a_fragment_joins_the_reshuffle() -> None:
    """G-6 + G-8: the whole discard stack is reshuffled, including a card removed with a
    Fragment earlier in the same phase."""
    st = give_fragments(rig_piles(start(2, seed=1), 0, ["bee"], ["fawn"]), 0, 1)
    st, events = play(st, "draw", "use-fragment", "draw")
    assert kinds(events)[-2:] == ["reshuffled", "card_revealed"]
    assert next(e for e in events if e.kind == "reshuffled")["count"] == 2


# --- G-7 nothing left ----------------------------------------------------------------------


def test_G7_no_draw_when_draw_and_discard_are_empty() -> None:
    """G-7: after the last card of draw and discard is revealed, the Help Line is final:
    the player stops automatically ("nothing to draw")."""
    st = rig_piles(start(2, seed=1), 0, ["hare"], [])
    st, events = apply(st, "draw")
    assert kinds(events) == ["card_revealed", "nothing_to_draw", "stopped"]
    assert st.players[0].stopped and st.current == 1
    assert st.players[0].help_line == ["hare"]


def test_G7_draw_is_refused_when_nothing_is_left() -> None:
    """G-7: a player who still has a decision (a Fragment to use) cannot draw from two
    empty stacks."""
    st = give_fragments(rig_piles(start(2, seed=1), 0, ["hare"], []), 0, 1)
    st, _ = apply(st, "draw")
    assert legal_strs(st) == {"use-fragment", "stop"}
    assert_rejected(st, "draw", "G-7")


# --- G-8 Fragments in the draw phase ---------------------------------------------------


def test_G8_fragment_sends_a_normal_card_to_the_discard_stack() -> None:
    """G-8: returning a Fragment removes the just-revealed card; a Guardian Animal goes to
    the own discard stack (stays in the deck); the Fragment goes back to the supply."""
    st = give_fragments(start(2, seed=1), 0, 2)
    st = put_on_draw(st, 0, ["hare", "wild_boar"])
    supply = st.fragment_supply
    st, events = play(st, "draw", "use-fragment")
    p = st.players[0]
    assert kinds(events) == ["card_revealed", "fragment_used"]
    assert events[1]["card_id"] == "wild_boar"
    assert p.help_line == [] and p.discard == ["wild_boar"]
    assert p.fragments == 1 and st.fragment_supply == supply + 1
    assert validate(st) == []
    # after this the player may continue drawing
    st, _ = apply(st, "draw")
    assert st.players[0].help_line == ["hare"]


def test_G8_fire_varan_goes_back_to_the_varan_deck() -> None:
    """G-8 / X-14: a destroyed Fire Varan leaves the player's deck for the Varan supply."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, [VARAN])
    supply = st.varan_supply
    st, _ = play(st, "draw", "use-fragment")
    p = st.players[0]
    assert VARAN not in p.help_line + p.discard + p.draw
    assert st.varan_supply == supply + 1
    assert validate(st) == []


def test_G8_only_the_latest_card_once() -> None:
    """G-8 (project ruling): a Fragment removes only the card just revealed, at most once
    per card, and never an earlier card of the Help Line."""
    st = give_fragments(start(2, seed=1), 0, 3)
    st = put_on_draw(st, 0, ["bee", "hare", "fawn"])
    st, _ = play(st, "draw", "draw")  # fawn, hare
    st, _ = apply(st, "use-fragment")
    assert st.players[0].help_line == ["fawn"]  # hare went, fawn stayed
    assert st.players[0].discard == ["hare"]
    # fawn is now last in the Help Line but was not just revealed
    assert "use-fragment" not in legal_strs(st)
    assert_rejected(st, "use-fragment", "G-8")
    st, _ = apply(st, "draw")  # bee: a new reveal may be removed again
    assert "use-fragment" in legal_strs(st)
    st, _ = apply(st, "use-fragment")
    assert st.players[0].help_line == ["fawn"]
    assert st.players[0].fragments == 1


def test_G8_needs_a_fragment_and_a_revealed_card() -> None:
    """G-8: no Fragment, no removal; and nothing to remove before the first reveal."""
    st = give_fragments(start(2, seed=1), 0, 1)
    assert_rejected(st, "use-fragment", "G-8")  # nothing revealed yet
    st = put_on_draw(start(2, seed=1), 0, ["hare"])
    st, _ = apply(st, "draw")
    assert_rejected(st, "use-fragment", "Fragment")


def test_G8_no_fragment_after_stopping() -> None:
    """G-8: the Fragment must be used right after the reveal, before the player stops."""
    st = give_fragments(start(2, seed=1), 0, 1)
    st = put_on_draw(st, 0, ["hare"])
    st, _ = play(st, "draw", "stop")
    assert st.current == 1 and not st.players[0].can_use_fragment
    st, _ = play(st, "draw")
    assert st.players[1].can_use_fragment is True
    assert st.players[1].fragments == 0
    assert "use-fragment" not in legal_strs(st)


# --- G-9 looking through the discard ---------------------------------------------------------


def test_G9_own_discard_stack_can_be_inspected_during_the_phase() -> None:
    """G-9: the discard stack is part of the position (in order) and reading it changes
    nothing: a draw does not take from it while the draw stack has cards."""
    st = rig_piles(start(2, seed=1), 0, ["hare", "bee"], ["fawn", "owl"])
    snapshot = st.to_dict()
    assert list(st.players[0].discard) == ["fawn", "owl"]
    assert st.to_dict() == snapshot
    st, _ = apply(st, "draw")
    assert st.players[0].discard == ["fawn", "owl"]
    view = observe(st, 0)
    assert view.help_line == ("bee",)
    assert view.draw_size(0) == 1


# --- G-10 end of the phase ------------------------------------------------------------------


def test_G10_action_phase_begins_when_everyone_has_stopped() -> None:
    """G-10: only when the last player stops does the Action phase start, with the
    Sacred Tree holder to act and their basic actions counted (A-2)."""
    st = to_draw_phase(set_first(start(3, seed=2), 2))
    st = put_on_draw(st, 2, ["bear", "lynx"])
    st, events = play(st, "draw", "draw", "stop", "draw", "stop")
    assert st.phase == "draw" and st.current == 1
    st, events = play(st, "draw", "stop")
    assert kinds(events)[-2:] == ["action_phase_started", "turn_started"]
    assert st.phase == "action" and st.current == 2
    assert all(p.stopped for p in st.players)
    assert events[-1].seat == 2 and st.basic_left == 2
    assert validate(st) == []
    # The phase's own actions are refused in the Action phase in the players' words
    # (T-1), not by their notation (a play-test saw "'draw' is not possible").
    for action in ("draw", "stop", "use-fragment"):
        reason = assert_rejected(st, action, "T-1", "Guardian Animals phase is over")
        assert action not in reason.text
