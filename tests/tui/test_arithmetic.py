"""The arithmetic is done for you: the strength left during a pick or a
bonus (A-6, F-4), a strengths table that promises only what is possible (A-20, A-30,
A-50), tree kinds that add no tree point (V-3), Onibi's coming attack (E-1) and who can
end the game this round (V-1). Pure functions of the screen, walked over bot games."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    GameState,
    action_possible,
    apply,
    conditions_met,
    could_end_this_round,
    decision,
    legal_actions,
    new_game,
    new_tree_kind,
    observe,
    onibi_forecast,
    raw_strengths,
    rules_of,
    victory_gaps,
)
from living_forest.core.data import ELEMENTS
from living_forest.core.queries import BONUS, CHOOSE_ACTION, PICK
from living_forest.present.board.help_line import _worth, help_line, help_line_big
from living_forest.present.board.players import players
from living_forest.present.choices import choices, prompt
from living_forest.present.glyphs import ELEMENT_NAME

SPIRITS = ["winter", "spring", "summer", "autumn"]


def positions(games: int, options: GameOptions | None = None) -> Iterator[GameState]:
    options = BASE_GAME if options is None else options
    for seed in range(games):
        n = 2 + seed % 3
        st, _ = new_game([(f"P{i}", SPIRITS[i]) for i in range(n)], seed, options=options)
        rng = random.Random(seed)
        while st.phase != "over":
            yield st
            st, _ = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
        yield st


def _element_of(st: GameState, kind: str) -> str | None:
    at = rules_of(st).by_kind.get(kind)
    return None if at is None or at.element is None else ELEMENT_NAME[ELEMENTS[at.element]]


def test_A6_F4_a_pick_and_a_bonus_show_the_strength_and_what_is_left() -> None:
    picks = bonuses = modes = 0
    for st in positions(12):
        d = decision(st)
        if d.kind == PICK and d.action and _element_of(st, d.action):
            text = prompt(st, [])
            assert f"{_element_of(st, d.action)} {d.strength} · {d.budget} left" in text
            picks += 1
        elif d.kind == BONUS and d.action and _element_of(st, d.action):
            text = prompt(st, [])
            assert f"{_element_of(st, d.action)} {d.strength}" in text  # the +extra included
            if d.extra:
                assert f"+{d.extra}" in text
            bonuses += 1
        elif d.kind == CHOOSE_ACTION:
            r = rules_of(st)
            p = st.players[st.current]
            for a in {a.kind for a in legal_actions(st)}:
                at = r.by_kind.get(a)
                if at is None or at.element is None:
                    continue
                budget = at.budget(r, p, raw_strengths(r, p), 0)
                assert prompt(st, [a]).endswith(f"{_element_of(st, a)} {budget}")
                modes += 1
    assert picks > 10 and bonuses > 3 and modes > 50


def test_A20_A30_A50_the_strengths_table_promises_only_what_is_possible() -> None:
    promised = refused = 0
    for st in positions(8):
        if st.phase != "action":
            continue
        seat = st.current
        s = raw_strengths(rules_of(st), st.players[seat])
        for element in ("sun", "water", "plant"):
            v = max(0, s[ELEMENTS.index(element)])
            text = _worth(st, seat, element, v)
            if action_possible(st, seat, ELEMENTS.index(element), v):
                assert "≤" in text and "no " not in text
                promised += 1
            else:
                assert "nothing" in text or "no " in text
                refused += v > 0
    assert promised > 50 and refused > 5


def test_V3_the_tree_list_says_which_kinds_give_no_tree_point() -> None:
    marked = plain = 0
    for st in positions(8):
        if decision(st).kind != CHOOSE_ACTION:
            continue
        if not any(a.kind == "plant" for a in legal_actions(st)):
            continue
        for c in choices(st, ["plant"]):
            label = c.mode.split(":", 1)[1] if c.mode else ""
            has = "you have one" in c.label
            assert has == (not new_tree_kind(st, label))
            marked += has
            plain += not has
    assert marked > 5 and plain > 5


def test_E1_the_help_line_shows_onibis_attack_as_it_stands() -> None:
    attacked = safe = 0
    for st in positions(6):
        if st.phase != "action":
            continue
        f = onibi_forecast(st)
        for seat in range(st.n):
            text = help_line(st, seat, names=False)
            if f is None:
                assert "Onibi" not in text
                continue
            assert f"Onibi {f.power}" in text
            if seat in f.owed:
                n = f.gets[seat]
                said = f"{n} Varan" if n else "no Varan left"  # the supply ran out
                assert said in text and "safe" not in text
                attacked += 1
            else:
                assert "safe" in text
                safe += 1
            big = help_line_big(st, seat)
            assert f"power {f.power} vs water {f.water[seat]}" in big
    assert attacked > 10 and safe > 10


def test_V1_the_players_panel_says_who_ends_the_game_this_round() -> None:
    said = near = skipped = 0
    for st in positions(10):
        text = players(st)
        met = conditions_met(st) if st.phase in ("draw", "action") else {}
        assert ("the game ends after this round's actions" in text) == bool(met)
        for seat in met:
            assert st.players[seat].name in text
            said += 1
        # Who could end it this round: a promise of the core in the Action phase, one
        # short while revealing; each with the count missing and the threshold.
        could = {s: r for s, r in could_end_this_round(st).items() if s not in met}
        head = "Can end the game this round" if st.phase == "action" else "One short of the end"
        assert (head in text) == bool(could)
        for seat, reach in could.items():
            line = next(x for x in text.split("\n") if head in x)
            for m, need in reach.items():
                assert f"{st.players[seat].name} {need} {m[:-1]}" in line
                assert f"from {st.thresholds[m]}" in line
            near += 1
        played = st.order()[: st.turns_done] if st.phase == "action" else []
        for seat in played:  # one short with their turn played: not named
            if seat not in met and 1 in victory_gaps(st)[seat].values():
                assert seat not in could
                skipped += 1
    assert said > 0 and near > 0 and skipped > 0


RULE_ID = re.compile(r"\b(?:K-[A-Z]{1,2}\d+|[A-Z]{1,2}-\d+)\b")


def test_refusals_a_player_reads_carry_no_rule_ids() -> None:
    """A refused key says why in words: the refusal's sentence, its rule IDs (data
    beside it, so the check can fail) left out."""
    from living_forest.core import why_unavailable
    from living_forest.present.keys import GAME_KEYS, why_not

    cored = said = 0
    for st in positions(6):
        if st.phase == "over":
            continue
        legal = legal_actions(st)
        kinds = {a.kind for a in legal}
        for name, key in GAME_KEYS.items():
            if key.kind in kinds:
                continue
            text = why_not(st, [], name)
            assert not RULE_ID.search(text), text
            said += 1
            if key.kind in {at.kind for at in rules_of(st).action_types}:
                refusal = why_unavailable(st, key.kind)
                assert refusal is not None
                cored += bool(refusal.rules)
                assert refusal.text in text
                assert not refusal.rules or refusal.cited() not in text
    assert said > 100 and cored > 20
