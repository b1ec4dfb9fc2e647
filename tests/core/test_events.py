"""Events carry data; describe() turns them into full sentences (the one place)."""

import random

import pytest

from living_forest.bots.rules_of_thumb import baseline_bot, random_bot
from living_forest.core import GameOptions, apply, describe, legal_actions, new_game
from living_forest.core.events import _TEMPLATES, Event
from living_forest.core.observation import observe

from .scenario import start


def _payload_values(value: object) -> list[object]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _payload_values(v)]
    if isinstance(value, list | tuple):
        return [x for v in value for x in _payload_values(v)]
    return [value]


@pytest.mark.slow
def test_every_event_of_many_games_has_a_sentence() -> None:
    """Base, Kodama and grove games (each module registers its sentences too: grove's
    are registered in every run, so that the registry does not depend on the tests that
    ran before in the process)."""
    from ..grove import rules as grove

    seen: set[str] = set()
    for seed in range(28):
        modules = (grove.NAME,) if seed >= 24 else ("kodama",) if seed >= 12 else ()
        options = GameOptions(modules)
        seats = [("Ana", "winter"), ("Bo", "spring"), ("Cy", "summer")]
        st, events = new_game(seats, seed, options=options)
        rng = random.Random(seed)
        bot = baseline_bot if seed % 2 else random_bot
        while st.phase != "over":
            st, ev = apply(st, bot(observe(st, st.current), legal_actions(st), rng))
            events += ev
        for e in events:
            text = describe(e, st)
            assert not text.startswith(f"{e.kind}:"), text  # no raw fallback
            assert "{" not in text and text.endswith((".", ")")), text
            seen.add(e.kind)
            # Payloads are data: ids, numbers, seats, flags; never a name or a sentence.
            for v in _payload_values(e.data):
                assert (
                    v is None
                    or isinstance(v, int | bool)
                    or (isinstance(v, str) and " " not in v and v not in ("Ana", "Bo", "Cy"))
                ), (e.kind, v)
    # Nearly every kind occurs in a dozen games of each; the rest are rare.
    rare = {"fire_not_added", "bonus_skipped", "nothing_to_draw", "kodama_reward_lost"}
    assert set(_TEMPLATES) - seen <= rare | {"animal_bonus"}


def test_sentences_count_properly() -> None:
    st = start(2)  # Ana (seat 0) and Bo (seat 1)

    def say(kind: str, seat: int | None = 0, **data: object) -> str:
        return describe(Event(kind, seat, dict(data)), st)

    assert say("help_line_returned", count=1) == "Ana returns 1 card to the discard stack."
    assert say("stopped", seat=1, cards=4, net=1) == "Bo stops with 4 cards in the Help Line."
    assert say("onibi_attacks", None, tiles=1, power=2) == (
        "Onibi attacks with 1 fire tile of total power 2."
    )
    assert say("turn_started", actions=1, net=3) == "Ana's turn: 1 basic action."
    # What a player was owed is said only when the supply could not pay it (E-1).
    assert say("varans_dealt", water=2, count=3, owed=3, power=6) == (
        "Ana (water 2) receives 3 Fire Varans."
    )
    assert say("varans_dealt", water=2, count=1, owed=3, power=6) == (
        "Ana (water 2) receives 1 Fire Varan (3 owed, none left)."
    )
    assert say("fires_added", None, added=[2], total=1) == (
        "Onibi adds a fire of value 2 to the Circle (1 burning)."
    )
    assert say("fires_added", None, added=[2, 2, 3], total=7) == (
        "Onibi adds fires of value 2, 2 and 3 to the Circle (7 burning)."
    )
    assert say("turn_started", actions=2, net=0) == "Ana's turn: 2 basic actions."
    over = {"round": 9, "conditions": ["fires"], "best_total": 20, "qualified": 2}
    assert "Ana and Bo share the victory" in say(
        "game_over", None, winner_seats=[0, 1], decided_by="tie", **over
    )
    assert "tied on total 20" in say(
        "game_over", None, winner_seats=[0, 1], decided_by="tie", **over
    )
    assert "Bo wins" in say("game_over", None, winner_seats=[1], decided_by="alone", **over)


def test_sentences_look_names_up_in_the_game() -> None:
    """Names, card names and tiles come from the game the event belongs to."""
    st = start(2)
    moved = Event("standee_moved", 0, {"distance": 3, "from_rock": 0, "to_rock": 4, "jumped": [1]})
    assert describe(moved, st) == "Ana moves 3 from rock 0 to rock 4, jumping Bo."
    taken = Event("victory_tile_taken", 0, {"victim_seat": 1, "tile_id": "spring_fire"})
    assert describe(taken, st) == "Ana takes Spring's fire Victory tile from Bo."
    lost = Event("bonus_lost", 1, {"bonus": "fragments", "amount": 2, "source": "corner"})
    assert describe(lost, st) == "Bo cannot use the bonus 2 Fragments (corner); it is lost."
    assert describe(Event("made_up", 0, {"x": 1}), st) == "made_up: {'x': 1}"


def test_a_multi_pick_action_ends_in_a_natural_sentence() -> None:
    """A multi-pick action ends in a sentence: "Ana finishes extinguish." / "finishes
    attract." read like machine words (the action's id in a fixed frame); each kind has
    its own sentence (A-6: Done ends the picks), and a kind without one (a module's)
    still reads as words."""
    st = start(2)

    def finished(kind: str) -> str:
        return describe(Event("action_finished", 0, {"action": kind}), st)

    assert finished("attract") == "Ana is done attracting Guardian Animals."
    assert finished("extinguish") == "Ana is done putting out fires."
    assert finished("call_kodama") == "Ana is done with call kodama."
    assert all("finishes" not in finished(k) for k in ("attract", "extinguish"))


def test_a_move_jumping_several_players_names_them_as_a_list() -> None:
    """A French play-test: "Chloé avance de 7 …, en sautant Ben, Ana." The jumped
    players are joined as the language joins a list ("Ben et Ana")."""
    from living_forest.i18n import join_and

    st = start(3)
    names = [st.players[s].name for s in (0, 1)]
    moved = Event(
        "standee_moved", 2, {"distance": 5, "from_rock": 0, "to_rock": 5, "jumped": [0, 1]}
    )
    text = describe(moved, st)
    assert text.endswith(f", jumping {join_and(names)}.") and ", ".join(names) not in text
