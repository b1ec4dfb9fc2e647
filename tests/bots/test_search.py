"""The search bots: budgets in their names, legal moves only, determinism with a budget
in deals or iterations, and they play Kodama. ``search_v1`` is the hard level's
predecessor (single actions, independent deals); ``search`` the whole-turn search."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from living_forest.bots import BOTS, get_bot
from living_forest.bots.search import SearchBot, rollout
from living_forest.bots.turn_search import TurnSearchBot
from living_forest.core import (
    Action,
    GameOptions,
    GameState,
    apply,
    legal_actions,
    new_game,
    observe,
)


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
    line: list[str] = []
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
        assert len(first) >= 100  # the cap, or a whole game
        assert any(a.startswith(("attract", "plant", "extinguish", "call")) for a in first)
        assert _game(name, 5, kodama, cap=160) == first


def test_rollouts_look_as_many_rounds_ahead_as_asked() -> None:
    """A rollout from an Action phase plays to the end of its round, or through the next
    round too (its Guardian Animals phase included), never further; the medium level
    looks further than the easy one, and the hard level deals more worlds than the
    medium one."""
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
    easy, medium, hard = get_bot("easy"), get_bot("medium"), get_bot("hard")
    assert isinstance(easy, TurnSearchBot) and isinstance(medium, TurnSearchBot)
    assert isinstance(hard, TurnSearchBot)
    assert medium.horizon > easy.horizon and hard.horizon == medium.horizon
    assert hard.deals is not None and medium.deals is not None
    assert hard.deals > medium.deals and hard.candidates > medium.candidates
    old = get_bot("search_v1")
    assert isinstance(old, SearchBot) and old.iterations and old.seconds is None


def _action_phase(seed: int, players: int = 2):
    st, _ = new_game([(s, s) for s in ("winter", "summer", "spring")[:players]], seed)
    rng = random.Random(seed)
    while st.phase != "action":
        st, _ = apply(st, get_bot("rules")(observe(st, st.current), legal_actions(st), rng))
    return st


@pytest.mark.parametrize("horizon", [0, 1])
def test_whole_turn_rollouts_end_at_the_last_turn_of_the_round_asked(horizon: int) -> None:
    """A rollout plays the turn, then every seat, to the end of the last turn of the
    round ``horizon`` rounds on (or the end of the game), never further."""
    bot = TurnSearchBot(deals=4, horizon=horizon)
    played = []  # whether the last turn played anything, per rollout
    for seed in range(5):
        st = _action_phase(seed, players=3)
        obs = observe(st, st.current)
        plan = bot.pick(obs, st.clone(), legal_actions(st), random.Random(seed))
        end = bot.play_out(st, plan.actions, dice=seed)
        if end.phase == "over":
            continue
        assert (end.phase, end.round, end.turns_done) == ("action", st.round + horizon, 2)
        # The last turn is at its end: nothing in progress, and ending it is legal (its
        # player may have used every action, or chosen to end before using them: A-9).
        assert not end.pending and "end" in [a.kind for a in legal_actions(end)]
        played.append(bool(end.used_types))
    assert any(played)  # the last turns are played, not cut at their start


def _rounds_of_a_rollout(
    monkeypatch: pytest.MonkeyPatch, search: TurnSearchBot, st: GameState, actions: Sequence[Action]
) -> tuple[set[int], set[int]]:
    """The rounds whose turns a rollout of ``actions`` from ``st`` planned, and those it
    played by the rules policy; the rollout ends at the end of the next round."""
    import living_forest.bots.turn_search as ts
    from living_forest.bots.planner import plan_turn
    from living_forest.bots.rules_bot import rules_choice

    planned: set[int] = set()
    fast: set[int] = set()

    def planning(st, *args, **kw):
        planned.add(st.round)
        return plan_turn(st, *args, **kw)

    def ruling(st, *args, **kw):
        fast.add(st.round)
        return rules_choice(st, *args, **kw)

    with monkeypatch.context() as m:
        m.setattr(ts, "plan_turn", planning)
        m.setattr(ts, "rules_choice", ruling)
        end = search.play_out(st, actions, dice=2)
    assert end.phase == "action" and end.round == st.round + 1
    return planned, fast


@pytest.mark.parametrize("planned_rounds", [0, None])
def test_a_rollout_plans_the_rounds_asked_and_plays_the_rest_by_the_rules_policy(
    planned_rounds: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``planned_rounds=0``: the turns of this round are planned whole, the next round's
    are the fast rules policy's; ``None``: every round of the rollout is planned. The
    rollout ends at the same place either way."""
    bot = TurnSearchBot(deals=4, horizon=1, planned_rounds=planned_rounds)
    st = _action_phase(2)
    obs = observe(st, st.current)
    plan = bot.pick(obs, st.clone(), legal_actions(st), random.Random(2))
    planned, fast = _rounds_of_a_rollout(monkeypatch, bot, st, plan.actions)
    assert planned == ({st.round} if planned_rounds == 0 else {st.round, st.round + 1})
    assert fast == ({st.round + 1} if planned_rounds == 0 else set())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_in_3_4_players_the_searching_levels_play_the_next_round_by_the_rules_policy(
    level: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The medium and hard levels plan every turn of a rollout in 2 players; in 3-4,
    where a rollout costs twice as much or more, they plan this round's turns only and
    play the next round's by the rules policy (their search there: ``many``). Their
    pick in 3-4 players is that search's."""
    import living_forest.bots.turn_search as ts

    bot = ts.medium() if level == "medium" else ts.hard(4, None)
    st = _action_phase(2, players)
    obs = observe(st, st.current)
    searches: list[TurnSearchBot] = []
    choose = TurnSearchBot.choose

    def spy(self, *args, **kw):
        searches.append(self)
        return choose(self, *args, **kw)

    monkeypatch.setattr(TurnSearchBot, "choose", spy)
    plan = bot.pick(obs, st.clone(), legal_actions(st), random.Random(2))
    [search] = set(searches)
    assert (search is bot) == (players == 2) and (search is bot.many) == (players > 2)
    planned, fast = _rounds_of_a_rollout(monkeypatch, search, st, plan.actions)
    later = {st.round + 1}
    assert planned == ({st.round} if players > 2 else {st.round} | later)
    assert fast == (later if players > 2 else set())


def test_candidates_meet_the_same_worlds() -> None:
    """Common random numbers: the same candidate twice gets the same value in every
    world, so the race never drops a twin of the leader; different candidates differ."""
    from living_forest.bots.planner import Plan

    bot = TurnSearchBot(deals=48, horizon=1)
    st = _action_phase(3)
    obs = observe(st, st.current)
    plan = bot.pick(obs, st.clone(), legal_actions(st), random.Random(1))
    twins = [plan, Plan(plan.value, plan.actions), Plan(0.0, (legal_actions(st)[-1],))]
    seen: list[list[float]] = []
    original = bot.rollout

    def recording(world, actions, seat, dice):
        v = original(world, actions, seat, dice)
        seen.append([hash(tuple(actions)), dice, v])
        return v

    bot.rollout = recording  # type: ignore[method-assign]
    bot.choose(obs, twins, random.Random(2))
    by_dice: dict[int, dict[int, float]] = {}
    for key, dice, v in seen:
        by_dice.setdefault(int(dice), {})[int(key)] = v
    assert len(by_dice) >= 4
    twin_key = hash(tuple(plan.actions))
    for values in by_dice.values():
        assert twin_key in values  # the twins are never dropped against each other
    assert any(len(set(v.values())) > 1 for v in by_dice.values())


def _fake_clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The search's thread clock made a number the test moves (``now[0]``)."""
    import living_forest.bots.turn_search as ts

    now = [0.0]

    class Clock:
        @staticmethod
        def thread_time() -> float:
            return now[0]

    monkeypatch.setattr(ts, "time", Clock)
    return now


def test_a_cpu_budget_begins_no_world_it_cannot_pay_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A CPU-second budget counts the thread's clock from the start of the decision and
    stops before a world the last one's cost says would overrun it (a fake clock: each
    rollout costs 0.1 s, a world of three candidates 0.3 s, so three worlds fit in 1 s
    and the fourth is never begun)."""
    from living_forest.bots.planner import Plan

    now = _fake_clock(monkeypatch)
    bot = TurnSearchBot(cpu=1.0, horizon=1)
    worlds: set[int] = set()

    def costly(world, actions, seat, dice):
        now[0] += 0.1
        worlds.add(dice)
        return 0.5

    bot.rollout = costly  # type: ignore[method-assign]
    st = _action_phase(3)
    obs = observe(st, st.current)
    plans = [Plan(0.0, (a,)) for a in legal_actions(st)[:3]]
    assert len(plans) == 3
    bot.choose(obs, plans, random.Random(2), start=0.0)
    assert len(worlds) == 3 and now[0] == pytest.approx(0.9)
    # Planning that already spent the budget leaves no world to begin.
    worlds.clear()
    now[0] = 1.0
    bot.choose(obs, plans, random.Random(2), start=0.0)
    assert not worlds


def test_a_world_the_budget_cannot_finish_is_left_and_its_values_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The budget is looked at before each rollout too: a world whose rollouts turn out
    costly stops as soon as the budget is spent (at most one rollout over it), and its
    values are not kept, so every candidate is judged on the same worlds; if the first
    world is left so, the candidates it played decide (a fake clock: the first world's
    rollouts cost 0.1 s, the second's 0.4 s; the second world's two rollouts, which
    favour the first two candidates, would change the choice if kept)."""
    from living_forest.bots.planner import Plan

    now = _fake_clock(monkeypatch)
    bot = TurnSearchBot(cpu=1.0, horizon=1)
    st = _action_phase(3)
    obs = observe(st, st.current)
    plans = [Plan(0.0, (a,)) for a in legal_actions(st)[:3]]
    index = {p.actions: k for k, p in enumerate(plans)}
    played: list[tuple[int, int]] = []  # (world, candidate)
    first_world = (0.5, 0.55, 0.6)

    def rollout(world, actions, seat, dice):
        k = index[tuple(actions)]
        w = 0 if len(played) < 3 else 1
        played.append((w, k))
        now[0] += 0.1 if w == 0 else 0.4
        return first_world[k] if w == 0 else 1.0

    bot.rollout = rollout  # type: ignore[method-assign]
    chosen = bot.choose(obs, plans, random.Random(2), start=0.0)
    assert played == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    assert now[0] == pytest.approx(1.1)
    assert chosen is plans[2]
    # The first world is finished while the budget lasts (0.3 s a rollout: 0.9 s) and
    # decides; at 0.6 s a rollout it is left at 1.2 s, and the two candidates it played
    # are compared in it; at 1.5 s, after one, and the planner's first turn is played.
    for cost, want, spent in ((0.3, [0, 1, 2], 0.9), (0.6, [0, 1], 1.2), (1.5, [0], 1.5)):
        now[0] = 0.0
        played.clear()

        def slow(world, actions, seat, dice, cost=cost):
            k = index[tuple(actions)]
            played.append((0, k))
            now[0] += cost
            return first_world[k]

        bot.rollout = slow  # type: ignore[method-assign]
        chosen = bot.choose(obs, plans, random.Random(2), start=0.0)
        assert [k for _w, k in played] == want and now[0] == pytest.approx(spent)
        assert chosen is plans[len(want) - 1]


@pytest.mark.parametrize("players", [2, 3])
def test_the_easy_level_races_its_best_turns_and_few_of_other_action_types(players) -> None:
    """``others`` bounds the candidates: the easy level races the planner's two best
    turns and the best turns of two other sets of basic action types (one in 3-4
    players: the search it plays there, ``many``), the first of the planner's diverse
    list (of more here), in one world."""
    from living_forest.bots.planner import plan_turn
    from living_forest.bots.turn_search import (
        EASY_CANDIDATES,
        EASY_OTHERS_MANY,
        EASY_WIDTH,
        easy,
    )

    level = easy()
    assert level.many is not None
    bot = level.many if players > 2 else level
    best, others = EASY_CANDIDATES
    if players > 2:
        others = EASY_OTHERS_MANY
    assert EASY_CANDIDATES[1] > EASY_OTHERS_MANY
    st = _action_phase(3, players)
    obs = observe(st, st.current)
    legal = legal_actions(st)
    raced: list[list[tuple[object, ...]]] = []
    worlds: set[int] = set()
    original_choose, original_rollout = bot.choose, bot.rollout

    def choose(obs, plans, rng, start=None, weighed=None):
        raced.append([p.actions for p in plans])
        return original_choose(obs, plans, rng, start, weighed)

    def rollout(world, actions, seat, dice):
        worlds.add(dice)
        return original_rollout(world, actions, seat, dice)

    bot.choose = choose  # type: ignore[method-assign]
    bot.rollout = rollout  # type: ignore[method-assign]
    level.pick(obs, st.clone(), legal, random.Random(1))
    ev = bot.evaluation(st)
    every = plan_turn(st, legal, lambda s: ev.value(s, obs.seat), EASY_WIDTH, best, diverse=True)
    assert len(every) > best + others
    assert raced == [[p.actions for p in every[: best + others]]]
    assert len(worlds) == 1


def test_a_candidate_turn_not_playable_in_a_world_is_valued_where_it_stops() -> None:
    """A candidate turn is planned on one deal and played in others: an action of it
    that is not legal in a world ends it there (this Kodama game's easy bot once
    declined a bonus that was not pending in its world, and the rollout crashed)."""
    from living_forest.simulate import play_game

    res = play_game(2, 58, ["easy", "greedy_v1"], options=GameOptions(("kodama",)))
    assert res.failure is None and res.decisions > 0
