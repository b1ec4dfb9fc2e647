"""Seeing what happened: each player's last moves are marked on the board
(the reserve slot emptied, the tree planted, the rock reached, the fires put out)
until their next turn."""

from __future__ import annotations

import random

from living_forest.bots.rules_of_thumb import baseline_bot
from living_forest.core import apply, legal_actions, new_game, observe, rules_of
from living_forest.present.board.circle import circle
from living_forest.present.board.forest import forest
from living_forest.present.board.parts import tag
from living_forest.present.board.reserve import reserve
from living_forest.present.markup import plain_text
from living_forest.present.recent import last_moves


def test_marks_follow_each_players_latest_turn_and_end_at_their_next() -> None:
    for n, seed in ((2, 31), (4, 32)):
        st, events = new_game(
            [(f"P{i}", s) for i, s in enumerate(["winter", "spring", "summer", "autumn"][:n])], seed
        )
        events = list(events)
        rng = random.Random(seed)
        seen = {"slots": 0, "cells": 0, "rocks": 0, "fires": 0}
        while st.phase != "over":
            st, evs = apply(st, baseline_bot(observe(st, st.current), legal_actions(st), rng))
            events.extend(evs)
            marks = last_moves(st, events)
            # The latest turn of each seat: its events after its last turn start.
            for seat in range(n):
                starts = [
                    i for i, e in enumerate(events) if e.seat == seat and e.kind == "turn_started"
                ]
                mine = events[starts[-1] :] if starts else []
                planted = {
                    e.data["cell"] for e in mine if e.kind == "tree_planted" and e.seat == seat
                }
                assert marks.cells.get(seat, set()) == planted
                put = [
                    int(e.data["value"])
                    for e in mine
                    if e.kind == "fire_extinguished" and e.seat == seat
                ]
                assert marks.fires.get(seat, []) == put
                for cell in planted:
                    assert st.players[seat].forest[cell] is not None
            for (level, slot), seat in marks.slots.items():
                assert st.reserve[level][slot] is None  # still empty: nothing refilled it
                starts = [
                    i for i, e in enumerate(events) if e.seat == seat and e.kind == "turn_started"
                ]
                took = [
                    e
                    for e in events[starts[-1] :]
                    if e.kind == "animal_attracted"
                    and e.seat == seat
                    and (e.data["level"], e.data["slot"]) == (level + 1, slot)
                ]
                assert took  # that seat emptied that slot in its latest turn
            for rock, seat in marks.rocks.items():
                assert st.players[seat].rock == rock
            for e in evs:  # a turn that starts clears that seat's marks
                if e.kind == "turn_started" and e is evs[-1]:
                    assert e.seat not in marks.cells and e.seat not in marks.rocks.values()
            seen["slots"] += bool(marks.slots)
            seen["cells"] += bool(marks.cells)
            seen["rocks"] += bool(marks.rocks)
            if any(marks.fires.values()):
                # The ring shows the fires put out, from the player to act on: the
                # large one always the first such player, the small one where it fits.
                order = [(st.current + k) % n for k in range(n)]
                first = next(s for s in order if marks.fires.get(s))
                mark = f"[u]{tag(st, first)}[/] " + " ".join(map(str, marks.fires[first]))
                assert mark in circle(st, big=True, put_out=marks.fires)
                small = circle(st, put_out=marks.fires)
                fires = " ".join(str(v) for v in sorted(st.centre)) or "none"
                cap = rules_of(st).data.fire_capacity
                lines = [
                    f"Fires {fires}",
                    f"power {sum(st.centre)} ({len(st.centre)}/{cap})",
                    f"power {sum(st.centre)}",
                ]
                need = len("out ") + len(plain_text(mark))
                # after a line, with " · " between (19 cells in all)
                fits = any(need <= 16 - len(line) for line in lines) or (
                    not st.centre and need <= 19  # no fire: the mark alone on its line
                )
                assert (mark in small) == fits
                if fits and st.centre:
                    assert " · [dim]out[/] " + mark in small  # not read as "power 7 out"
                assert "Fires" in small  # never replaced by the marks (read as fires)
                seen["fires"] += 1
            # What the board draws: the taker's tag on the slot, the tree underlined.
            text = reserve(st, names=False, taken=marks.slots)
            for seat in marks.slots.values():
                assert f"[u]{tag(st, seat)}[/]" in text
            for seat, cells in marks.cells.items():
                assert forest(st, seat, planted=cells).count("[u]") == len(cells)
        assert all(v > 10 for v in seen.values()), seen
