"""Refusals carry their rule IDs as data: ``why_illegal``/``why_unavailable`` give a
:class:`Refusal` whose ``str()`` is the sentence a player reads and whose ``rules`` are
IDs of the rulebooks (assets/rules/RULES.md, KODAMA.md); no surface cuts IDs out of
prose."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from living_forest import i18n
from living_forest.core import (
    GameOptions,
    GameState,
    IllegalActionError,
    Refusal,
    apply,
    describe,
    legal_actions,
    new_game,
    rules_of,
    why_illegal,
    why_unavailable,
)
from living_forest.core.events import HOW_DECIDED_RULES, Event

from .scenario import give_fragments, play, put_on_draw, set_centre, start, to_action_phase
from .test_playouts import candidate_actions

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "living_forest"
RULE_LINE = re.compile(r"^\* \*\*((?:K-[A-Z]\d+)|(?:[A-Z]-\d+))\*\*(.*)$")
# Anything that looks like a rule ID in brackets ("(A-2)", "(K-A1, K-A2)").
ID_IN_BRACKETS = re.compile(r"\((?:K-[A-Z]{1,2}\d+|[A-Z]{1,2}-\d+)[a-z]?[,)]")


def live_rule_ids() -> frozenset[str]:
    """Every rule of the two rulebooks that is not retired."""
    out = set()
    for name in ("RULES.md", "KODAMA.md"):
        for line in (ROOT / "assets" / "rules" / name).read_text(encoding="utf-8").splitlines():
            m = RULE_LINE.match(line)
            if m and "(retired)" not in m.group(2):
                out.add(m.group(1))
    return frozenset(out)


LIVE = live_rule_ids()


def _literal_ids(node: ast.expr, where: str) -> tuple[str, ...]:
    assert isinstance(node, ast.Tuple), f"{where}: rules must be a tuple of IDs"
    ids = []
    for elt in node.elts:
        assert isinstance(elt, ast.Constant) and isinstance(elt.value, str), where
        ids.append(elt.value)
    return tuple(ids)


def cited_in_code() -> Iterator[tuple[str, tuple[str, ...]]]:
    """(where, rule IDs) of every ``Refusal(text, rules)`` in the package, every
    decision handler's ``blocked_rules`` and the outcome's cited rules."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                rules = [k.value for k in node.keywords if k.arg == "rules"] + node.args[1:]
                if rules and not isinstance(rules[0], ast.Tuple):
                    continue  # passed on (a handler's ``blocked_rules``): checked where written
                yield where, _literal_ids(rules[0], where) if rules else ()
            elif (
                isinstance(node, ast.AnnAssign)
                and getattr(node.target, "id", "") == "blocked_rules"
                and node.value is not None  # not the protocol's declaration
            ):
                yield where, _literal_ids(node.value, where)
    for kind, ids in HOW_DECIDED_RULES.items():
        yield f"HOW_DECIDED_RULES[{kind!r}]", ids


def test_every_refusal_in_the_code_cites_live_rules_of_the_rulebooks() -> None:
    cited = list(cited_in_code())
    with_rules = [(where, ids) for where, ids in cited if ids]
    assert len(with_rules) >= 30, with_rules  # the scan finds the refusals at all
    for where, ids in with_rules:
        unknown = [i for i in ids if i not in LIVE]
        assert not unknown, f"{where}: {unknown} is not a live rule of RULES.md or KODAMA.md"
        assert len(set(ids)) == len(ids), where


def _random_refusals(options: GameOptions, games: int) -> Iterator[Refusal]:
    for seed in range(games):
        seats = [("A", "winter"), ("B", "spring"), ("C", "summer")][: 2 + seed % 2]
        st, _ = new_game(seats, seed, options=options)
        rng = random.Random(seed)
        step = 0
        while st.phase != "over":
            legal = legal_actions(st)
            if step % 5 == 0:
                for cand in candidate_actions(st):
                    refusal = why_illegal(st, cand)
                    if refusal is not None:
                        yield refusal
                for at in rules_of(st).action_types:
                    refusal = why_unavailable(st, at.kind)
                    if refusal is not None:
                        yield refusal
            st, _ = apply(st, legal[rng.randrange(len(legal))])
            step += 1


@pytest.mark.parametrize("modules", [(), ("kodama",)], ids=["base", "kodama"])
def test_refusals_in_random_games_cite_live_rules_and_keep_ids_out_of_the_sentence(
    modules: tuple[str, ...],
) -> None:
    seen: set[str] = set()
    count = 0
    for refusal in _random_refusals(GameOptions(modules=modules), games=3):
        count += 1
        assert isinstance(refusal, Refusal), refusal
        assert set(refusal.rules) <= LIVE, refusal.rules
        assert not ID_IN_BRACKETS.search(refusal.text), refusal.text
        assert str(refusal) == refusal.text
        seen.update(refusal.rules)
    assert count > 1000
    assert {"A-3", "A-20", "A-30", "A-40", "A-51", "G-3", "T-1"} <= seen
    if modules:
        assert {"K-A1", "K-E1", "K-G2"} & seen, seen


def _a_fragment_taken() -> GameState:
    st = set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4])
    st, _ = play(st, "take-fragment")
    return st


def _forced_stop_with_a_fragment() -> GameState:
    st = put_on_draw(give_fragments(start(2, seed=1), 0, 1), 0, ["hare", "lynx", "beetle", "bear"])
    st, _ = play(st, "draw", "draw", "draw")
    return st


# What a player read before the rule IDs became data: the sentence shown, in three
# languages, and the rules now carried beside it.
SAMPLES = [
    (
        lambda: start(2),
        "stop",
        ("G-3",),
        {
            "en": "reveal at least one card before stopping",
            "de": "decke mindestens eine Karte auf, bevor du aufhörst",
            "fr": "révélez au moins une carte avant de vous arrêter",
        },
    ),
    (
        lambda: start(2),
        "plant 3A@1,1",
        ("T-1",),  # the phases' order
        {
            "en": "while revealing Guardian Animals one may only draw, stop, or spend a "
            "Fragment on the card just revealed",
        },
    ),
    (
        _forced_stop_with_a_fragment,
        "draw",
        ("G-5",),
        {
            "en": "three net solitary animals force a stop; use a Fragment or stop",
            "de": "drei Einzelgänger (netto) erzwingen das Aufhören; setze ein Magiefragment "
            "ein oder höre auf",
            "fr": "trois animaux solitaires nets imposent l'arrêt ; utilisez un Fragment ou "
            "arrêtez-vous",
        },
    ),
    (
        _a_fragment_taken,
        "take-fragment",
        ("A-3", "F-7"),
        {"en": "the two basic actions must be of different types without tree 11"},
    ),
    (
        lambda: set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4]),
        "extinguish 4",
        ("A-30",),
        {
            "en": "a fire of value 4 needs 4 water; you have 1 left",
            "de": "eine Flamme mit Wert 4 braucht 4 Wasser; du hast noch 1",
        },
    ),
    (
        lambda: set_centre(to_action_phase(start(2), {0: ["beaver", "beetle"]}), [4]),
        "extinguish 3",
        (),
        {"en": "there is no fire of value 3 on the Circle"},
    ),
]


@pytest.mark.parametrize(("make", "action", "rules", "shown"), SAMPLES)
def test_the_sentence_a_player_reads_is_unchanged(
    make: object, action: str, rules: tuple[str, ...], shown: dict[str, str]
) -> None:
    assert callable(make)
    st = make()
    for lang, sentence in shown.items():
        i18n.set_language(lang)
        refusal = why_illegal(st, action)
        assert refusal is not None
        assert (str(refusal), refusal.rules) == (sentence, rules)
        assert f"{refusal}" == sentence  # what a surface's format() shows
        with pytest.raises(IllegalActionError) as err:
            apply(st, action)
        # The developer's message cites the rules after the sentence.
        cited = f"{sentence} ({', '.join(rules)})" if rules else sentence
        assert str(err.value) == f"illegal action {action}: {cited}"


def test_a_tie_cites_V5_in_the_log_but_not_in_the_outcome_sentence() -> None:
    """V-5: the log's sentence keeps "(V-5)" after how the game was decided; the
    game-over screen's sentence (``Outcome.how``) has no rule ID in it."""
    from living_forest.core.events import how_decided

    how = how_decided("tie", 12, 2)
    assert how == "tied on total 12: shared victory"
    st = start(2)
    data = {
        "winner_seats": [0, 1],
        "decided_by": "tie",
        "best_total": 12,
        "qualified": 2,
        "round": 5,
    }
    line = describe(Event("game_over", None, data), st)
    assert line.endswith(f"({how} (V-5)).")
    alone = describe(Event("game_over", None, {**data, "decided_by": "alone"}), st)
    assert not ID_IN_BRACKETS.search(alone), alone
