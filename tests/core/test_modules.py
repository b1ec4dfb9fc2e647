"""The core takes variants: a rules module plugs in through the registry and hooks only.

Uses the test-only module ``tests/grove/rules.py`` ("grove"), which touches every
extension point: a new basic action type, setup / turn-start / after-action /
end-of-round steps, a strength contributor, a check and its own state.
"""

from __future__ import annotations

import random

import pytest

from living_forest.bots.rules_of_thumb import random_bot
from living_forest.core import (
    BASE_GAME,
    GameOptions,
    GameState,
    Pending,
    SetupError,
    apply,
    available_modules,
    counts,
    legal_actions,
    modules,
    new_game,
    parse_action,
    raw_strengths,
    rules_for,
    rules_of,
    validate,
    why_illegal,
)
from living_forest.core.data import FLOWER
from living_forest.core.modules import Module, install_order, register_module
from living_forest.core.observation import observe
from living_forest.core.options import OptionsError

from ..grove import rules as toy
from .scenario import start, to_action_phase

GROVE = GameOptions((toy.NAME,))
SEATS = [("Ana", "winter"), ("Bo", "spring"), ("Cy", "summer")]


def grove_game(seed: int = 3) -> GameState:
    st, _ = new_game(SEATS, seed, options=GROVE)
    return st


def in_action_phase(st: GameState) -> GameState:
    """Everyone reveals one card and stops."""
    while st.phase == "draw":
        legal = legal_actions(st)
        st, _ = apply(st, next((a for a in legal if a.kind == "stop"), legal[0]))
    assert st.phase == "action" and not st.pending
    return st


def test_options_are_checked_before_a_game_starts() -> None:
    assert toy.NAME in available_modules()
    with pytest.raises(SetupError, match="unknown rules module 'nope'"):
        new_game(SEATS, 1, options=GameOptions(("nope",)))
    st = grove_game()
    assert st.options == GROVE and rules_of(st).options == GROVE
    assert rules_of(st) is rules_for(GROVE) and rules_of(st) is not rules_for(BASE_GAME)


def test_options_are_normalised_and_round_trip() -> None:
    assert GameOptions(("b", "a", "a")).modules == ("a", "b")
    assert GameOptions.from_dict(GROVE.to_dict()) == GROVE
    assert BASE_GAME.is_base and not GROVE.is_base


def test_setup_steps_run_after_the_base_setup_and_its_random_stream() -> None:
    """A module's setup draws from the random stream only after the base setup, so the
    base part of the position is the base game's, card for card."""
    base, _ = new_game(SEATS, 5)
    grove, _ = new_game(SEATS, 5, options=GROVE)
    b, g = base.to_dict(), grove.to_dict()
    assert "options" not in b and "ext" not in b
    assert g["options"] == {"modules": [toy.NAME]}
    assert sorted(g["ext"][toy.NAME]["order"]) == list(range(6))
    assert g["rng"] != b["rng"]  # the module shuffled after the base
    assert g["thresholds"] == dict.fromkeys(b["thresholds"], toy.THRESHOLD)  # its house rule
    for key in b:
        if key not in ("rng", "players", "thresholds"):
            assert g[key] == b[key], key
    for pb, pg in zip(b["players"], g["players"], strict=True):
        assert pg.pop("ext") == {toy.NAME: {"calm": 0, "turns": 0}}
        assert pg == pb


def test_a_registered_action_type_is_offered_parsed_and_resolved() -> None:
    st = in_action_phase(grove_game())
    assert parse_action("rest").kind == toy.REST
    assert "rest" in {str(a) for a in legal_actions(st)}
    seat = st.current
    flowers = raw_strengths(rules_of(st), st.players[seat])[FLOWER]
    st2, events = apply(st, "rest")
    assert toy.grove_of(st2.players[seat]).calm == 1
    assert toy.grove_of(st.players[seat]).calm == 0  # the input state is untouched
    assert [e.kind for e in events][:2] == ["rested", "grove_after"]
    # The contributor: calm counts as Sacred Flowers, in strength and in victory counts.
    assert raw_strengths(rules_of(st2), st2.players[seat])[FLOWER] == flowers + 1
    assert (
        counts(rules_of(st2), st2.players[seat]).flowers
        == counts(rules_of(st), st.players[seat]).flowers + 1
    )
    # It is a basic action type: it used one basic action, and A-3 forbids a second one.
    assert st2.basic_left == st.basic_left - 1
    if st2.current == seat and st2.basic_left:
        reason = why_illegal(st2, "rest")
        assert reason is not None and "A-3" in reason.rules


def test_a_base_game_does_not_know_the_modules_actions() -> None:
    st = to_action_phase(start(2), {0: ["hare"]})
    reason = why_illegal(st, "rest")
    assert reason is not None and "not an action of this game" in reason.text
    assert "rest" not in reason.text  # in words: the caller names the action


def test_turn_start_and_end_of_round_steps_run_in_their_place() -> None:
    st = grove_game(7)
    rng = random.Random(7)
    turns = 0
    while st.round < 4:
        st, events = apply(st, random_bot(observe(st, st.current), legal_actions(st), rng))
        turns += sum(1 for e in events if e.kind == "turn_started")
        # The module's step follows the base step that counts the basic actions.
        kinds = [e.kind for e in events]
        for i, k in enumerate(kinds):
            if k == "turn_started":
                assert kinds[i + 1] == "grove_turn"
    assert sum(toy.grove_of(p).turns for p in st.players) == turns
    # Three rounds ended; each time the step saw the Help Lines before E-4 emptied them.
    seen = toy.game_grove(st).help_lines_before_e4
    assert len(seen) == 3 and all(any(n > 0 for n in sizes) for sizes in seen)


def test_module_state_clones_and_round_trips() -> None:
    st = in_action_phase(grove_game())
    st2, _ = apply(st, "rest")
    assert GameState.from_dict(st2.to_dict()) == st2
    copy = st2.clone()
    toy.grove_of(copy.players[copy.current]).calm = 2
    toy.game_grove(copy).order.reverse()
    assert toy.grove_of(st2.players[st2.current]).calm == 1
    assert toy.game_grove(st2).order != toy.game_grove(copy).order


def test_module_checks_are_part_of_validate() -> None:
    st = in_action_phase(grove_game())
    assert validate(st) == []
    bad = st.clone()
    toy.grove_of(bad.players[0]).calm = 9
    assert validate(bad) == ["seat 0 has calm 9"]
    stray = start(2).clone()
    stray.ext["grove"] = toy.GroveState()
    assert any("module 'grove', which this game does not use" in p for p in validate(stray))


def test_whole_games_with_the_module_stay_sound() -> None:
    for seed in range(3):
        st = grove_game(seed)
        rng = random.Random(seed)
        steps = 0
        while st.phase != "over" and steps < 3000:
            legal = legal_actions(st)
            st, _ = apply(st, random_bot(observe(st, st.current), legal, rng))
            steps += 1
            if steps % 25 == 0:
                assert validate(st) == [], validate(st)
                assert GameState.from_dict(st.to_dict()) == st
        assert st.phase == "over", f"seed {seed} did not end"


def test_a_module_can_change_the_data_and_offer_its_type_as_a_bonus() -> None:
    """Rock 5 of a grove game gives a bonus Rest (O-3 with a module's type)."""
    r = rules_for(GROVE)
    assert r.data.rock_bonus[toy.GLADE_ROCK] == "glade"
    assert rules_for(BASE_GAME).data.rock_bonus[toy.GLADE_ROCK] == "fragment"
    assert r.bonus_types["glade"].kind == toy.REST
    st = in_action_phase(grove_game())
    st = st.clone()
    st.pending.append(Pending("bonus", True, 0, 0, -1, "glade", "rock"))
    assert {str(a) for a in legal_actions(st)} == {"rest", "skip"}
    st2, _ = apply(st, "rest")
    assert toy.grove_of(st2.players[st.current]).calm == 1
    assert st2.basic_left == st.basic_left  # a bonus uses up no basic action


def test_an_installed_module_is_found_by_its_entry_point_in_a_fresh_process() -> None:
    """Kodama is named in the entry-point group, not in the core's code."""
    import subprocess
    import sys

    code = (
        "from living_forest.core import GameOptions, rules_for\n"
        "from living_forest.core.modules import GROUP, installed\n"
        "assert installed()['kodama'].group == GROUP\n"
        "print([m.name for m in rules_for(GameOptions(('kodama',))).modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['kodama']"


def _module(name: str, *, after: tuple[str, ...] = (), conflicts: tuple[str, ...] = ()) -> None:
    register_module(Module(name, name, lambda b: None, after=after, conflicts=conflicts))


def test_modules_install_in_their_declared_order_and_refuse_conflicts_and_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(modules, "_MODULES", dict(modules._MODULES))  # these ones go after
    _module("zorder", after=())
    _module("aorder", after=("zorder",))  # by name it would come first
    _module("morder")
    assert [m.name for m in install_order(["aorder", "morder", "zorder"])] == [
        "morder",
        "zorder",
        "aorder",
    ]
    assert [m.name for m in install_order(["aorder"])] == ["aorder"]  # "after" an absent one
    _module("xclash", conflicts=("morder",))
    with pytest.raises(OptionsError, match="'xclash' cannot be played with 'morder'"):
        install_order(["morder", "xclash"])
    with pytest.raises(SetupError, match="cannot be played with"):
        new_game(SEATS, 1, options=GameOptions(("morder", "xclash")))
    _module("cyca", after=("cycb",))
    _module("cycb", after=("cyca",))
    with pytest.raises(OptionsError, match="'cyca', 'cycb' each want to come after another"):
        install_order(["cyca", "cycb"])
