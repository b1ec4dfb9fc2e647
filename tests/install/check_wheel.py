"""Install the game as a user would, outside the checkout (``make test-install``; CI).

Builds the sdist and, from it, the wheel (``python -m build``), installs the wheel into
a fresh virtual environment in a temporary folder, and runs ``smoke.py`` there with that
environment's Python, from a folder that is not the checkout. Exit code 0 when all
passed; the first failure is printed.

    .venv/bin/python tests/install/check_wheel.py [--python python3] [--keep]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SMOKE = Path(__file__).resolve().with_name("smoke.py")


def run(cmd: list[str], **kw: object) -> None:
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--python", default=os.environ.get("PYTHON", "python3"))
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="lf-install-"))
    try:
        dist = work / "dist"
        run(
            [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
            stdout=subprocess.DEVNULL,
        )
        wheels = sorted(dist.glob("*.whl"))
        sdists = sorted(dist.glob("*.tar.gz"))
        assert len(wheels) == 1 and len(sdists) == 1, (
            f"expected one wheel and one sdist: {os.listdir(dist)}"
        )
        venv = work / "venv"
        run([args.python, "-m", "venv", str(venv)])
        py = venv / "bin" / "python"
        run([str(py), "-m", "pip", "install", "--quiet", str(wheels[0])])
        elsewhere = work / "elsewhere"
        elsewhere.mkdir()
        # The smoke test runs as a file outside the checkout: nothing of the repository on
        # sys.path, its own data folder.
        smoke = elsewhere / "smoke.py"
        shutil.copy(SMOKE, smoke)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        env["LIVING_FOREST_DATA_DIR"] = str(work / "data")
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        run([str(py), str(smoke), str(venv)], cwd=elsewhere, env=env)
    except (subprocess.CalledProcessError, AssertionError) as e:
        print(f"install check failed: {e}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("install check passed: the wheel plays, simulates, replays and speaks German")
    return 0


if __name__ == "__main__":
    sys.exit(main())
