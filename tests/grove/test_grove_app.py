"""Grove, a module installed through entry points, in the core and the app of fresh
processes: found only when its package is installed, offered on the New game form,
shown by its own view (key, word, glyph, panel), a whole game played by keys, saved
and loaded again in another process. Nothing of the app names grove."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from living_forest.core import GameState

from .rules import GLADE, MAX_CALM, NAME, THRESHOLD
from .site import ROOT, environment, install

APP_TIMEOUT = 900  # seconds: a whole game by keys on a loaded 2-core machine


def _run(site: Path, code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environment(site),
        cwd=ROOT,
        check=True,
    )
    return out.stdout.strip()


PROBE = (
    "import json\n"
    "from living_forest.core import available_modules\n"
    "from living_forest.present.views import action_view, module_views, rock_view\n"
    "print(json.dumps([list(available_modules()), [m.name for m in module_views()],\n"
    "                  action_view('rest') is not None, rock_view('glade') is not None]))\n"
)


def test_grove_is_found_through_its_entry_points_only(tmp_path: Path) -> None:
    """Without its metadata a fresh process knows no grove; with it, the core finds its
    rules and the app its view, after the base game's (the others by name)."""
    assert json.loads(_run(tmp_path / "empty", PROBE)) == [
        ["kodama"],
        ["base", "kodama"],
        False,
        False,
    ]
    site = install(tmp_path / "site")
    assert json.loads(_run(site, PROBE)) == [
        ["grove", "kodama"],
        ["base", "grove", "kodama"],
        True,
        True,
    ]


@pytest.mark.slow
def test_grove_is_offered_played_by_keys_saved_and_loaded_in_fresh_processes(
    tmp_path: Path,
) -> None:
    site = install(tmp_path / "site")
    save, played, loaded = tmp_path / "grove.json", tmp_path / "play.json", tmp_path / "load.json"

    def app(what: str, result: Path) -> dict:
        subprocess.run(
            [sys.executable, "-m", "tests.grove.app_game", what, str(save), str(result)],
            env=environment(site),
            cwd=ROOT,
            check=True,
            timeout=APP_TIMEOUT,
        )
        return json.loads(result.read_text(encoding="utf-8"))

    out = app("play", played)
    # The New game form offers it, by its title; the game has its house rule.
    assert out["rules_choices"] == ["", NAME, "kodama"]
    assert "Grove (test)" in out["summary"]
    assert out["options"] == [NAME]
    assert set(out["thresholds"].values()) == {THRESHOLD}
    # Its view: the key z and its label on the key bar, its panel, the glade's glyph.
    assert out["rest_key"] == "z"
    start = out["start"]
    assert start["panel_shown"] and "Grove" in start["panel"] and "☾0" in start["panel"]
    assert "z" in start["keys"] and "Rest" in start["keys"]
    assert f"{out['glade_rock']}G" in start["circle"].replace(" ", "")
    assert "☾" in out["middle"]["panel"]
    # z rests: the action is played and the log says it in grove's sentences.
    z = out["z"]
    assert z["calm"] == [0, 1] and z["last_action"] == "rest"
    assert f"{z['name']} rests: calm 1." in z["log"]
    # A whole game by keys: every Rest chosen was taken, to the limit of calm.
    assert out["over"] and out["is_over"] and out["winners"]
    assert out["rests"] and out["rested_events"] == len(out["rests"]) + 1
    assert out["actions"].count("rest") == out["rested_events"]
    assert max(out["calm"]) == MAX_CALM
    # The save, in a fresh process: the same position, grove's view on, and it plays on.
    raw = json.loads(save.read_text(encoding="utf-8"))
    assert raw["options"] == {"modules": [NAME]} and NAME in raw["state"]["ext"]
    back = app("load", loaded)
    assert back["options"] == [NAME]
    assert back["state"] == out["saved_state"]
    assert GameState.from_dict(back["state"]).ext[NAME] is not None
    assert back["board"]["panel_shown"] and "Rest" in back["board"]["keys"]
    assert back["played_on"] > 0


def test_the_glade_is_a_bonus_the_base_game_lacks() -> None:
    from living_forest.core import BASE_GAME, GameOptions, rules_for

    assert GLADE not in rules_for(BASE_GAME).data.rock_bonus
    assert GLADE in rules_for(GameOptions((NAME,))).data.rock_bonus
