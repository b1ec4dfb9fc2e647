"""The search bots: budgets in their names, legal moves only, determinism with a budget
in deals or iterations, and they play Kodama. ``search_v1`` is the hard level's
predecessor (single actions, independent deals); ``search`` the whole-turn search."""

from __future__ import annotations

import random

import pytest

from living_forest.bots import BOTS, get_bot
from living_forest.bots.search import SearchBot, rollout
from living_forest.bots.turn_search import TurnSearchBot
from living_forest.core import GameOptions, apply, legal_actions, new_game, observe


def test_budgets_are_read_from_the_name() -> None:
    bot = get_bot("search_v1:200")
    assert isinstance(bot, SearchBot) and bot.iterations == 200 and bot.seconds is None
    timed = get_bot("search_v1:0.5s")
    assert isinstance(timed, SearchBot) and timed.seconds == 0.5 and timed.iterations is None
    deals = get_bot("search:200")
    assert isinstance(deals, TurnSearchBot) and deals.deals == 200 and deals.cpu is None
    cpu = get_bot("search:0.5s")
    assert isinstance(cpu, TurnSearchBot) and cpu.cpu == 0.5 and cpu.deals is None
    assert get_bot("search") is BOTS["search"] and get_bot("hard") is BOTS["search"]
    bad_ones = ("search:0", "search:-3", "search:fast", "search:1e9s", "search:nan", "search:")
    for bad in (*bad_ones, "search_v1:0", "search_v1:fast", "search_v1:", "search_v1: "):
        with pytest.raises(ValueError, match="search budget"):
            get_bot(bad)
    with pytest.raises(ValueError, match="unknown bot 'deep:3'"):
        get_bot("deep:3")


def _game(bot_name: str, seed: int, options: GameOptions, cap: int) -> list[str]:
    st, _ = new_game([("A", "winter"), ("B", "summer")], seed, options=options)
    bots = [get_bot(bot_name), get_bot("baseline")]
    rng = random.Random(seed)
    line = []
    while st.phase != "over" and len(line) < cap:
        legal = legal_actions(st)
        a = bots[st.current](observe(st, st.current), legal, rng)
        assert a in legal
        st, _ = apply(st, a)
        line.append(str(a))
    return line


def test_search_plays_kodama_legally_and_deterministically_with_iterations() -> None:
    kodama = GameOptions(("kodama",))
    for name in ("search_v1:3", "search:6"):
        first = _game(name, 5, kodama, cap=160)
        assert len(first) == 160
        assert any(a.startswith(("attract", "plant", "extinguish", "call")) for a in first)
        assert _game(name, 5, kodama, cap=160) == first


def test_rollouts_look_as_many_rounds_ahead_as_asked() -> None:
    """A rollout from an Action phase plays to the end of its round, or through the next
    round too (its Guardian Animals phase included), never further; the hard level
    looks further than the medium one."""
    for seed in range(6):
        st, _ = new_game([("A", "winter"), ("B", "summer")], seed)
        rng = random.Random(seed)
        while st.phase != "action":  # reveal with the baseline rule
            st, _ = apply(st, get_bot("baseline")(observe(st, st.current), legal_actions(st), rng))
        start = st.round
        for rounds in (1, 2):
            mine = st.clone()
            rollout(mine, 0, random.Random(seed), legal_actions(mine), rounds)
            assert mine.phase == "over" or (mine.round, mine.phase) == (start + rounds, "draw")
    hard, medium = get_bot("hard"), get_bot("medium")
    assert isinstance(hard, TurnSearchBot) and isinstance(medium, TurnSearchBot)
    assert hard.horizon > medium.horizon
    old = get_bot("search_v1")
    assert isinstance(old, SearchBot) and old.iterations and old.seconds is None
