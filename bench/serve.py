"""Memory per browser tab of ``living-forest serve`` (printed; the target is <= 40 MiB a
tab).

A real server on 127.0.0.1 with a data folder of its own; browser tabs are spoken to
over its WebSocket (aiohttp, which textual-serve brings). Each tab opens the New game
form and starts a game, then shows the board. Memory is the proportional set size
(PSS: a page shared by n processes counts 1/n in each) summed over the server and
every process below it, so shared pages count once: the cost of a tab is how much that
sum grows per tab added, after the first tab (which also wakes what every tab
shares). Each tab's own resident size (RSS) and private memory (USS) are shown too.

    python bench/serve.py [--tabs 6]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.procs import descendants, fork_server, free_port, listening_ports, memory_kib  # noqa: E402

TARGET_MIB = 40.0
DEADLINE = 120.0  # seconds: only a hang reaches it
SETTLE = 1.0  # seconds for a tab to finish drawing before memory is read


def memory_mib(pid: int) -> dict[str, float]:
    """Rss, Pss and Uss (private) of a process, in MiB."""
    kib = memory_kib(pid)
    return {"Rss": kib["Rss"] / 1024, "Pss": kib["Pss"] / 1024, "Uss": kib["Private"] / 1024}


def total_pss(server: int) -> float:
    return sum(memory_mib(p)["Pss"] for p in {server, *descendants(server)})


async def open_tab(http: object, base: str) -> object:
    import aiohttp

    assert isinstance(http, aiohttp.ClientSession)
    async with http.get(f"{base}/") as page:
        if page.status != 200:
            raise SystemExit(f"bench/serve.py: the page answered {page.status}")
    ws = await http.ws_connect(f"{base.replace('http', 'ws', 1)}/ws?width=80&height=24")
    await until(ws, "New game")
    await ws.send_str(json.dumps(["stdin", "n"]))
    await until(ws, "Seat 1")
    await ws.send_str(json.dumps(["stdin", "\r"]))  # start the game
    await until(ws, "Pass the keyboard")
    await ws.send_str(json.dumps(["stdin", "\r"]))  # the board
    return ws


async def until(ws: object, wanted: str) -> None:
    import aiohttp

    assert isinstance(ws, aiohttp.ClientWebSocketResponse)
    seen = ""
    end = time.monotonic() + DEADLINE
    late = f"bench/serve.py: no {wanted!r} in a tab within {DEADLINE:g} s"
    while not re.search(wanted, re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", "", seen)):
        if time.monotonic() > end:
            raise SystemExit(late)
        try:  # bounded as a whole: heartbeat pings restart ws.receive's own timeout
            msg = await asyncio.wait_for(ws.receive(), max(end - time.monotonic(), 0.001))
        except TimeoutError:
            raise SystemExit(late) from None
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data.decode("utf-8", "replace")
        elif msg.type != aiohttp.WSMsgType.TEXT:
            raise SystemExit(f"bench/serve.py: a tab closed: {msg}")


async def measure(
    base: str, server: int, tabs: int
) -> tuple[float, float, float, list[dict[str, float]]]:
    """(PSS with one tab, PSS with ``tabs`` + 1 tabs, PSS once they have all closed,
    each tab's own memory)."""
    import aiohttp

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        first = [await open_tab(http, base)]
        await asyncio.sleep(SETTLE)
        one = total_pss(server)
        more = [await open_tab(http, base) for _ in range(tabs)]
        await asyncio.sleep(SETTLE)
        many = total_pss(server)
        own = [memory_mib(p) for p in sorted(descendants(server) - fork_server(server))]
        for ws in [*first, *more]:
            await ws.close()  # type: ignore[attr-defined]
    end = time.monotonic() + DEADLINE
    while descendants(server) - fork_server(server) and time.monotonic() < end:
        await asyncio.sleep(0.1)
    await asyncio.sleep(SETTLE)
    return one, many, total_pss(server), own


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tabs", type=int, default=6, help="tabs added after the first")
    args = ap.parse_args(argv)
    if not Path("/proc/self/smaps_rollup").exists():
        print("serve memory: skipped (needs Linux's /proc/PID/smaps_rollup)")
        return 0
    port = free_port()
    data = tempfile.mkdtemp(prefix="lf-bench-serve-")
    env = {**os.environ, "LIVING_FOREST_DATA_DIR": data, "TEXTUAL_ANIMATIONS": "none"}
    cmd = [sys.executable, "-m", "living_forest", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--max-tabs", str(args.tabs + 1)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        end = time.monotonic() + DEADLINE
        while proc.poll() is None and time.monotonic() < end:
            if port in listening_ports(proc.pid):  # the server itself, not another process
                break
            time.sleep(0.1)
        else:
            print("serve memory: the server did not start")
            return 1
        one, many, at_rest, own = asyncio.run(
            measure(f"http://127.0.0.1:{port}", proc.pid, args.tabs)
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            proc.kill()
    per_tab = (many - one) / args.tabs
    verdict = "ok" if per_tab <= TARGET_MIB else "MISSED"
    rss = sum(m["Rss"] for m in own) / max(1, len(own))
    uss = sum(m["Uss"] for m in own) / max(1, len(own))
    print(
        f"serve memory (PSS of the server and every process below it): one tab "
        f"{one:.1f} MiB, {args.tabs + 1} tabs {many:.1f} MiB, none (all closed) {at_rest:.1f} MiB"
    )
    print(
        f"  per tab: {per_tab:.1f} MiB (target <= {TARGET_MIB:g}, {verdict}); "
        f"each tab's app: RSS {rss:.1f} MiB, private {uss:.1f} MiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
