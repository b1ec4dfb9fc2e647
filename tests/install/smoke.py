"""Smoke test of an installed wheel, run by ``check_wheel.py`` with the fresh environment's
Python from a folder outside the checkout: ``python smoke.py VENV``."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path


def out(*cmd: str) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)} exited {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout


def main() -> None:
    venv = Path(sys.argv[1]).resolve()
    import living_forest
    from living_forest.resources import ASSETS

    where = Path(living_forest.__file__).resolve()
    assert venv in where.parents, f"living_forest imported from {where}, not from {venv}"
    assert not ASSETS.is_symlink() and (ASSETS / "base.json").is_file(), f"no game data in {ASSETS}"

    exe = str(venv / "bin" / "living-forest")
    wanted = version("living-forest")
    for cmd in ([exe, "--version"], [sys.executable, "-m", "living_forest", "--version"]):
        said = out(*cmd)
        assert wanted in said, f"{cmd}: {said!r} does not tell the version {wanted}"

    said = out(exe, "simulate", "-p", "2", "-g", "20")
    assert "20" in said, f"simulate -p 2 -g 20 said: {said[-500:]}"

    # The wheel alone has no Dask (the cluster extra): --cluster says how to get it.
    done = subprocess.run(
        [exe, "simulate", "-g", "2", "--cluster", "local:2"], capture_output=True, text=True
    )
    extra = "pip install 'living-forest[cluster]'"
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr[-2000:]
    assert done.stderr.rstrip().endswith(extra), f"--cluster without Dask said: {done.stderr}"

    example = ASSETS / "examples" / "example-game.json"
    english = out(exe, "--lang", "en", "replay", str(example))
    german = out(exe, "--lang", "de", "replay", str(example))
    assert english.count("\n") > 100, "the example game's replay is too short"
    assert english != german, "--lang de printed the English replay: no German catalogue"

    asyncio.run(_app_starts(example))
    print("smoke test passed")


async def _app_starts(example: Path) -> None:
    """The app, headless, opens the example game in the viewer with its styles and names."""
    from living_forest.tui.app import LivingForestApp

    app = LivingForestApp(view=example, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shot = app.export_screenshot()
    for name in ("Ana", "Ben"):
        assert name in shot, f"the viewer does not show {name}"


if __name__ == "__main__":
    main()
