"""Read-only queries the UI relies on: why a whole action type is unavailable (A-2, A-3,
A-20, A-30, A-40, A-50), where a move lands (A-41, A-42) and where a tree may go (A-51)."""

import random

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    BASE_GAME,
    GameState,
    Pending,
    apply,
    basic_actions_of,
    decision,
    forced_stop_count,
    legal_actions,
    move_destination,
    new_game,
    plant_preview,
    plant_spaces,
    raw_strengths,
    revealed_by,
    reveals_hidden,
    round_untouched,
    rules_for,
    victory_thresholds,
    victory_tile,
    why_unavailable,
)
from living_forest.core.observation import observe
from living_forest.core.queries import BONUS, CHOOSE_ACTION, OVER, PICK, REVEAL

from .scenario import play, set_centre, start, to_action_phase

ACTION_TYPES = [at.kind for at in rules_for().basic_types]


def _types_in(st) -> set[str]:
    return {a.kind for a in legal_actions(st)} & set(ACTION_TYPES)


def test_why_unavailable_agrees_with_legal_actions_in_random_games() -> None:
    for seed in range(6):
        st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "summer")], seed)
        rng = random.Random(seed)
        while st.phase != "over":
            if st.phase == "action":
                offered = _types_in(st)
                for kind in ACTION_TYPES:
                    assert (why_unavailable(st, kind) is None) == (kind in offered), (
                        kind,
                        why_unavailable(st, kind),
                    )
            st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))


def test_why_unavailable_names_the_reason() -> None:
    def why(st: GameState, kind: str) -> tuple[str, tuple[str, ...]]:
        refusal = why_unavailable(st, kind)
        assert refusal is not None, kind
        return refusal.text, refusal.rules

    st = start(2)
    assert why(st, "attract") == (
        "actions come after everyone has revealed Guardian Animals",
        ("T-1",),
    )
    st = set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4])
    assert why(st, "extinguish") == ("no fire has a value of 1 water or less", ("A-30",))
    assert why(st, "move") == ("moving needs at least 1 wind", ("A-40",))
    st, _ = play(st, "take-fragment")
    assert st.current == 0 and st.basic_left == 1
    text, rules = why(st, "take-fragment")
    assert "different types" in text and rules == ("A-3", "F-7")
    assert why_unavailable(st, "attract") is None


def test_move_destination_and_plant_spaces() -> None:
    st = to_action_phase(start(2), {0: ["hummingbird"]})  # seats on rocks 0 and 6
    rock, jumped = move_destination(st, 6)
    assert (rock, jumped) == (7, [1])  # rock 6 is occupied: jumped, not counted
    assert move_destination(st, 5) == (5, [])
    assert sorted(plant_spaces(st)) == [2, 6, 8, 12]  # the four neighbours of (2,1)


# --- the decision, previews and marks the app asks for (issue: "the core says what the UI needs")


def _random_states(n: int, games: int):
    """Every position of a few random-bot and baseline games."""
    from living_forest.bots.rules_of_thumb import random_bot

    for seed in range(games):
        st, _ = new_game([("A", "winter"), ("B", "spring"), ("C", "summer")][:n], seed)
        rng = random.Random(seed)
        bot = random_bot if seed % 2 else baseline_bot
        while True:
            yield st
            if st.phase == "over":
                break
            st, _ = apply(st, bot(observe(st, st.current), legal_actions(st), rng))


def test_decision_agrees_with_the_legal_actions_in_random_games() -> None:
    """A-6, A-8, A-42, G-2: the typed decision says what the legal actions allow."""
    r = rules_for()
    for st in _random_states(3, 6):
        d = decision(st)
        kinds = {a.kind for a in legal_actions(st)}
        assert d.seat == (None if st.phase == "over" else st.current)
        if d.kind == OVER:
            assert kinds == set()
        elif d.kind == REVEAL:
            assert kinds <= {"draw", "stop", "use-fragment"} and st.phase == "draw"
        elif d.kind == CHOOSE_ACTION:
            assert "end" in kinds and not kinds & {"done", "skip", "steal"}
            assert d.basic_left == st.basic_left
        elif d.kind == PICK:
            assert "done" in kinds and kinds <= {d.action, "done"}
            costs = [
                r.data.cards[a.arg].cost if a.kind == "attract" else a.value
                for a in legal_actions(st)
                if a.kind == d.action
            ]
            assert d.budget is not None and d.strength is not None
            assert all(c <= d.budget for c in costs) and d.budget <= d.strength
        elif d.kind == BONUS:
            assert "skip" in kinds and kinds - {"skip"} <= {d.action}
            assert d.source in ("rock", "corner") and d.budget == d.strength
        else:
            assert d.kind == "steal" and kinds == {"steal"} and d.target != st.current


def test_decision_of_a_corner_bonus_counts_its_temporary_strength() -> None:
    """F-4: the +3 sun of the top-left corner is in the bonus's strength, not the
    player's."""
    st = set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4])
    sun = raw_strengths(rules_for(), st.players[0])[0]
    st = st.clone()
    st.pending.append(Pending("bonus", True, 3, 0, -1, "attract", "corner"))
    d = decision(st)
    assert (d.kind, d.action, d.extra, d.source) == (BONUS, "attract", 3, "corner")
    assert d.strength == max(0, sun + 3) == d.budget


def test_plant_preview_matches_what_planting_does() -> None:
    """F-4, F-5: the preview names exactly the lines the tree completes and the corner
    bonus it triggers."""
    checked = 0
    for st in _random_states(2, 8):
        for a in legal_actions(st):
            if a.kind != "plant" or checked > 400:
                continue
            checked += 1
            preview = plant_preview(st, a.cell)
            _, events = apply(st, a)
            completed = [e["line"] for e in events if e.kind == "line_completed"]
            assert [ln.id for ln in preview.lines] == completed
            bonus = [e for e in events if e.kind in ("bonus_offered", "bonus_lost")]
            frags = [e for e in events if e.kind == "fragment_taken"]
            assert bool(bonus or frags) == (preview.corner is not None)
    assert checked > 50


def test_basic_actions_thresholds_and_tiles() -> None:
    """A-2 (what the Help Line gives), V-2 (thresholds), C-9 (tile owner and type)."""
    from living_forest.core import net_solitary

    turns = 0
    prev = None
    for st in _random_states(2, 4):
        for seat in range(st.n):  # A-2 from the net solitary count (N-5)
            want = 2 if net_solitary(rules_for(), st.players[seat]) < 3 else 1
            assert basic_actions_of(st, seat) == want
        fresh_turn = st.phase == "action" and not st.used_types and not st.pending
        if fresh_turn and prev is not None and (prev.phase, prev.current) != (st.phase, st.current):
            assert st.basic_left == basic_actions_of(st, st.current)  # the turn was counted
            turns += 1
        prev = st
    assert turns > 20
    assert victory_thresholds(st) == {"trees": 12, "fires": 12, "flowers": 12}
    assert victory_tile(st, "winter_flower") == ("winter", "flower")
    assert victory_tile(st, "autumn_fire") == ("autumn", "fire")
    assert forced_stop_count(st) == 3


def test_reveals_marks_draws_and_the_end_of_round() -> None:
    """Undo stops at what showed hidden information: a draw, a Fragment on the card
    just drawn, and a transition that refilled the reserve (E-3)."""
    st = start(2)
    assert reveals_hidden(st, "draw") and reveals_hidden(st, "use-fragment")
    assert not reveals_hidden(st, "attract hare") and not reveals_hidden(st, "end")
    seen_refill = False
    for st in _random_states(2, 2):
        if st.phase != "action":
            continue
        for a in legal_actions(st):
            _, events = apply(st, a)
            refilled = any(e.kind == "reserve_refilled" for e in events)
            assert revealed_by(st, events) == (
                refilled or any(e.kind in ("card_revealed", "reshuffled") for e in events)
            )
            seen_refill |= refilled
        if seen_refill:
            break
    assert seen_refill


def test_round_untouched_is_the_start_of_each_round_until_someone_reveals() -> None:
    """G-1: each round starts in the Guardian Animals phase with every Help Line empty;
    the first reveal (or stop) of the round touches it, a card removed with a Fragment
    (G-8) too. Base game and Kodama, 3 players."""
    from .kodama_scenario import K

    seen_fragment = False
    for options in (None, K):
        for seed in range(4):
            seats = [("A", "winter"), ("B", "spring"), ("C", "summer")]
            st, events = new_game(seats, seed, options=options or BASE_GAME)
            rng = random.Random(seed)
            rounds_seen = set()
            untouched_round = st.round  # a new game starts a round
            while st.phase != "over":
                expected = st.round == untouched_round
                empty = not any(p.help_line or p.stopped for p in st.players)
                # a card revealed, then removed with a Fragment: the state looks untouched
                seen_fragment |= st.phase == "draw" and empty and not expected
                assert round_untouched(st, events) == expected, (seed, st.round, st.phase)
                assert not round_untouched(st, [])  # no round's start to read
                if expected:
                    rounds_seen.add(st.round)
                before = st.round
                a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
                st, new = apply(st, a)
                events = [*events, *new]
                # the round's end begins the next one; anything else touches it
                untouched_round = st.round if st.round != before else -1
            assert not round_untouched(st, events)
            assert len(rounds_seen) == st.round >= 2
    assert seen_fragment
