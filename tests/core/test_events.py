"""Events read as full sentences in the log (issue 2: 'each carrying what a log needs')."""

import random

from living_forest.bots import SeatView, baseline_bot, random_bot
from living_forest.core import apply, describe, legal_actions, new_game
from living_forest.core.events import _TEMPLATES, Event


def test_every_event_of_many_games_has_a_sentence() -> None:
    seen: set[str] = set()
    for seed in range(12):
        st, events = new_game([("Ana", "winter"), ("Bo", "spring"), ("Cy", "summer")], seed)
        rng = random.Random(seed)
        bot = baseline_bot if seed % 2 else random_bot
        while st.phase != "over":
            st, ev = apply(st, bot(SeatView(st, st.current), legal_actions(st), rng))
            events += ev
        for e in events:
            text = describe(e)
            assert not text.startswith(f"{e.kind}:"), text  # no raw fallback
            assert "{" not in text and text.endswith((".", ")")), text
            seen.add(e.kind)
    # Nearly every kind occurs in a dozen games; the rest are rare supply shortages.
    assert set(_TEMPLATES) - seen <= {"fire_not_added", "bonus_skipped", "nothing_to_draw"}


def test_sentences_count_properly() -> None:
    def say(kind: str, **data: object) -> str:
        return describe(Event(kind, 0, dict(data)))

    assert say("help_line_returned", player="Ana", count=1) == (
        "Ana returns 1 card to the discard stack."
    )
    assert (
        say("stopped", player="Ana", cards=4, net=1) == "Ana stops with 4 cards in the Help Line."
    )
    assert say("onibi_attacks", tiles=1, power=2) == (
        "Onibi attacks with 1 fire tile of total power 2."
    )
    assert "Ana and Bo share the victory" in say(
        "game_over", round=9, winners="Ana and Bo", how="tie"
    )
    assert "Ana wins" in say("game_over", round=9, winners="Ana", how="alone")
