"""A whole 2-player game played from the title screen with key presses only."""

from __future__ import annotations

import pytest

from living_forest.core import apply, is_over, new_game, outcome
from living_forest.tui.app import LivingForestApp
from living_forest.tui.screens.game import GameScreen
from living_forest.tui.screens.over import GameOverScreen
from living_forest.tui.widgets.board import ForestView

from .driver import play_to_end, settle

SEED = 19


async def start_from_title(pilot, seed: int, controllers=("human", "human")) -> GameScreen:
    app = pilot.app
    await pilot.press("n")
    await pilot.pause()
    new = app.screen
    seed_input = new.query_one("#seed")
    seed_input.value = str(seed)
    for i, ctl in enumerate(controllers):
        new.query_one(f"#ctl-{i}").value = ctl
    await pilot.press("f5")
    await pilot.pause()
    game = app.game
    assert isinstance(game, GameScreen)
    return game


@pytest.mark.slow
async def test_full_two_player_game_by_keys():
    app = LivingForestApp(bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start_from_title(pilot, SEED)
        assert [s.name for s in game.session.seats] == ["Ana", "Ben"]
        dialogs = await play_to_end(pilot, game)
        st = game.session.state
        assert is_over(st)
        assert isinstance(app.screen, GameOverScreen)
        # Hand-offs before every human draw phase and action turn; Onibi summaries.
        assert dialogs.count("HandOffScreen") >= 4 * (st.round - 1)
        summaries = [d for d in dialogs if d.startswith("InfoScreen")]
        assert len(summaries) == st.round - 1  # one Onibi summary per finished round
        assert all("Onibi adds" in d or "could be added" in d for d in summaries)
        assert all("Onibi attacks" in d or "did not attack" in d for d in summaries)
        assert any("Fire Varans" in d for d in summaries)
        # The log replays from the seed to the same final state.
        replay, _ = new_game([("Ana", "winter"), ("Ben", "spring")], SEED)
        for a in game.session.actions:
            replay, _ = apply(replay, a)
        assert replay.to_dict() == st.to_dict()
        # The screen received every engine event, ending with game over.
        kinds = [e.kind for e in game.session.events]
        assert kinds[0] == "game_started" and kinds[-1] == "game_over"
        assert kinds.count("round_started") == st.round
        res = outcome(st)
        assert res is not None and res.winners
        text = str(app.screen.query_one("#over-summary").render())
        assert st.players[res.winners[0]].name in text
        # Behind the result the board shows the winner's Help Line and Forest.
        assert game.shown_seat == res.winners[0]
        assert [fv.seat for fv in game.query(ForestView) if fv.display] == [res.winners[0]]
        await pilot.press("q")
        await pilot.pause()
        assert app.game is None


def _finished(seed: int, options=None):
    import random

    from living_forest.bots.rules_of_thumb import baseline_bot
    from living_forest.core import BASE_GAME, legal_actions, observe

    st, _ = new_game([("Ana", "winter"), ("Ben", "spring")], seed, options=options or BASE_GAME)
    rng, log = random.Random(seed), []
    while not is_over(st):
        a = baseline_bot(observe(st, st.current), legal_actions(st), rng)
        st, _ = apply(st, a)
        log.append(str(a))
    return st, log


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_V3_the_result_shows_how_each_count_adds_up(lang: str):
    """Trees = kinds + start + tiles, fires = tiles + tiles, flowers = each source +
    tiles; every line's sum is the count in the table. Each term of the flowers is named
    (a Kodama game has six sources), the ones adding nothing left out. The counts are
    named by their words in the player's language (German and French read "T 5 = …"
    and "F 12 = …": English letters)."""
    import re

    from living_forest import i18n
    from living_forest.core import GameOptions, count_breakdown, counts, rules_of
    from living_forest.present.results import breakdown

    i18n.set_language(lang)
    for seed, options in ((19, None), (4, GameOptions(("kodama",)))):
        st, _ = _finished(seed, options)
        lines = breakdown(st)
        legend = " ".join(x.strip() for x in lines)
        assert all(i18n._(c.name) in legend for c in rules_of(st).contributors)
        assert not re.search(r"(?<!\w)[TF] (=|-?\d)", legend)  # no letter for a count
        assert max(len(x) for x in lines) <= 72  # fits the result box at 80x24 (scroll bar)
        for seat in st.order():
            p = st.players[seat]
            at = next(i for i, x in enumerate(lines) if x.startswith(f" {p.name} "))
            line = lines[at]
            c = counts(rules_of(st), p)
            for word, total in ((i18n._("trees"), c.trees), (i18n._("fires"), c.fires)):
                m = re.search(rf"{word} (-?\d+) = ([-+\d ]+?)(?:   |$)", line)
                assert m is not None, line
                assert int(m.group(1)) == total
                terms = m.group(2).replace(" - ", " + -").split(" + ")
                assert sum(int(t) for t in terms) == total  # the parts add up to the count
            flowers = lines[at + 1].strip()
            m = re.fullmatch(r"✿ (-?\d+) = (.+)", flowers)
            assert m is not None, flowers
            assert int(m.group(1)) == c.flowers
            terms = m.group(2).replace(" - ", " + -").split(" + ")
            b = count_breakdown(st, seat)
            named = {name: v for name, v in b.flower_parts if v}
            named = {i18n._(name): v for name, v in named.items()}
            if b.flower_tiles:
                named[i18n._("Victory tiles")] = b.flower_tiles
            # every term is "name value": the names are the sources that add something
            assert {t.rsplit(" ", 1)[0].lstrip("-") for t in terms} == set(named) or (
                not named and terms == ["0"]
            )
            signed = [(-1 if t.startswith("-") else 1) * int(t.rsplit(" ", 1)[-1]) for t in terms]
            assert sum(signed) == c.flowers


async def test_rematch_starts_a_new_deal_with_the_same_seats():
    from living_forest.present.session import SeatConfig, Session

    _, log = _finished(SEED)
    seats = [SeatConfig("Ana", "winter"), SeatConfig("Ben", "spring", "greedy")]
    app = LivingForestApp(bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(Session(seats, SEED, actions=log))
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        old = app.game
        assert old is not None
        await pilot.press("r")
        await pilot.pause()
        game = app.game
        assert game is not None and game is not old
        s = game.session
        assert s.seats == seats and s.options == old.session.options
        assert s.state.round == 1 and s.state.phase != "over" and len(s.actions) < len(log)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_result_table_columns_line_up_in_each_language(lang: str):
    """The result's lines fit the box. German "Feuer" (5 letters, the column's room)
    was a second word for fire; "Flammen" is 7: the columns widen for their heads, the
    numbers stay under them."""
    import random
    import re

    from living_forest import i18n
    from living_forest.bots.rules_of_thumb import baseline_bot, random_bot
    from living_forest.core import BASE_GAME, legal_actions, observe
    from living_forest.present.results import BREAKDOWN_WIDTH
    from living_forest.tui.screens.over import count_word, summary

    i18n.set_language(lang)
    # Ana plays at random: Ben alone reaches a threshold.
    st, _ = new_game([("Ana", "winter"), ("Ben", "spring")], 1, options=BASE_GAME)
    rng = random.Random(1)
    while not is_over(st):
        bot = random_bot if st.current == 0 else baseline_bot
        st, _ = apply(st, bot(observe(st, st.current), legal_actions(st), rng))
    lines = summary(st).splitlines()
    # Every line fits the box at 80x24 beside its scroll bar (French "Désignation du
    # vainqueur : seul joueur à atteindre un seuil de victoire." was cut at its end).
    assert max(len(x) for x in lines) <= BREAKDOWN_WIDTH, max(lines, key=len)
    assert not [x for x in lines if x.lstrip().startswith((":", ";", "?", "!"))]
    head = next(x for x in lines if count_word("fires") in x and i18n._("total") in x)
    rows = [x for x in lines if re.match(r"[* ]\d", x)]
    assert len(rows) == 2
    for word in ("trees", "fires", "flowers", "total"):
        text = count_word(word) if word != "total" else i18n._("total")
        end = head.index(text) + len(text)  # right-aligned: the numbers end there
        for row in rows:
            assert row[end - 1].isdigit() and not row[end].isdigit(), (word, head, row)
