"""`living-forest serve` in a real browser: headless Chromium from Debian's
packages opens the served page, the title screen renders, a new game starts, and a key
pressed in the browser changes the board.

The browser is driven over the Chrome DevTools Protocol (aiohttp, which textual-serve
already brings). What the page shows is read from what the browser itself received:
the terminal output that reaches its xterm.js, frame by frame, through the page's
WebSocket (``Network.webSocketFrameReceived``), so a passing test means the server
spoke to the browser and the browser's key presses reached the game.

Run by ``make test-browser`` (which installs Chromium when it can, and sets
``LIVING_FOREST_BROWSER_TESTS=1``); ``make test`` and a bare ``pytest`` leave this folder
out (``conftest.py``), so a newcomer's machine needs only Python.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TIMEOUT = 60.0  # seconds for any one thing to appear (a busy 2-core machine)
# CSI / OSC escape sequences and lone escapes in the terminal stream.
ANSI = re.compile(
    r"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: title, links
    r"|\x1b[()][0-9A-Za-z]|\x1b."
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_http(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped (exit {proc.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing answered on {url} within {TIMEOUT:g} s")
        time.sleep(0.2)


@contextlib.contextmanager
def process(cmd: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


class Page:
    """One Chromium tab over the DevTools Protocol; ``screen`` is the text received
    so far on the page's WebSockets, escape sequences removed."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = 0
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.received: list[str] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            m = json.loads(msg.data)
            if "id" in m and m["id"] in self.replies:
                self.replies.pop(m["id"]).set_result(m)
            elif m.get("method") == "Network.webSocketFrameReceived":
                r = m["params"]["response"]
                data = r["payloadData"]
                if r.get("opcode") == 2:  # binary: the terminal's bytes (text: pings)
                    self.received.append(base64.b64decode(data).decode("utf-8", "replace"))

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.ids += 1
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self.ids] = fut
        await self.ws.send_str(json.dumps({"id": self.ids, "method": method, "params": params}))
        reply = await asyncio.wait_for(fut, TIMEOUT)
        assert "error" not in reply, reply
        return reply.get("result", {})

    def screen(self, since: int = 0) -> str:
        return ANSI.sub("", "".join(self.received[since:]))

    async def wait_for(self, text: str, since: int = 0) -> int:
        """Wait until ``text`` (a regular expression) arrived after frame ``since``;
        return the frame count."""
        deadline = time.monotonic() + TIMEOUT
        while not re.search(text, self.screen(since)):
            if time.monotonic() > deadline:
                tail = self.screen(since)[-600:]
                if dump := os.environ.get("LIVING_FOREST_DUMP"):
                    Path(dump).write_text(repr(self.received))
                raise AssertionError(f"{text!r} never reached the browser; last: {tail!r}")
            await asyncio.sleep(0.1)
        return len(self.received)

    async def key(self, key: str) -> int:
        """Press a key in the page (as a person would: keydown, char, keyup)."""
        mark = len(self.received)
        if key == "Enter":
            down = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"}
        else:
            down = {"key": key, "code": f"Key{key.upper()}", "text": key}
            down["windowsVirtualKeyCode"] = ord(key.upper())
        await self.call("Input.dispatchKeyEvent", type="keyDown", **down)
        up = {k: v for k, v in down.items() if k != "text"}
        await self.call("Input.dispatchKeyEvent", type="keyUp", **up)
        return mark


@contextlib.asynccontextmanager
async def chromium(tmp: Path, url: str) -> AsyncIterator[Page]:
    port = free_port()
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp / 'profile'}",
        f"--remote-debugging-port={port}",
        "--window-size=1280,900",
        "about:blank",
    ]
    with process(cmd, dict(os.environ), tmp / "chromium.log") as proc:
        wait_for_http(f"http://127.0.0.1:{port}/json/version", proc)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as r:
            tabs = [t for t in json.load(r) if t.get("type") == "page"]
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(tabs[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws,
        ):
            page = Page(ws)
            await page.call("Network.enable")  # to hear the page's WebSocket frames
            await page.call("Page.enable")
            await page.call("Page.navigate", url=url)
            try:
                yield page
            finally:
                page.reader.cancel()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``living-forest serve`` on a free port, saving into the test's own folder."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test-browser` installs Debian's chromium")
    port = free_port()
    env = dict(os.environ)
    env["LIVING_FOREST_DATA_DIR"] = str(tmp_path / "data")
    env["LIVING_FOREST_KEYMAP"] = str(tmp_path / "no-keymap.toml")
    cmd = [sys.executable, "-m", "living_forest", "serve", "--port", str(port)]
    with process(cmd, env, tmp_path / "serve.log") as proc:
        url = f"http://localhost:{port}/"
        wait_for_http(url, proc)
        yield url


def test_the_game_plays_in_a_browser_tab(served: str, tmp_path: Path) -> None:
    async def play() -> None:
        async with chromium(tmp_path, served) as page:
            # The title screen renders in the page.
            await page.wait_for("New game")
            await page.wait_for("Drive Onibi back and grow your forest")
            # Keys go to the terminal's input once it has the focus (a person clicks it; a
            # click here would also reach the app as a mouse event).
            focus = "document.querySelector('.xterm-helper-textarea').focus()"
            await page.call("Runtime.evaluate", expression=focus)
            # n: the New game form; Enter starts it; Enter passes the hand-off.
            await page.wait_for("Seat 1", await page.key("n"))
            await page.wait_for("Pass the keyboard", await page.key("Enter"))
            await page.wait_for("Help Line empty", await page.key("Enter"))
            await page.wait_for("14 in the draw stack")
            revealed = r"(Ana|Ben) reveals"  # the log (who holds the Sacred Tree is dealt)
            assert not re.search(revealed, page.screen())
            # d: the first player draws; what the browser gets next shows the card drawn.
            mark = await page.key("d")
            await page.wait_for("13 in the draw stack", mark)
            await page.wait_for(revealed, mark)  # "Ben reveals Fox (solitary); net …"
            shot = await page.call("Page.captureScreenshot", format="png")
            (tmp_path / "board.png").write_bytes(base64.b64decode(shot["data"]))

    asyncio.run(play())
    if out := os.environ.get("LIVING_FOREST_SCREENSHOT"):  # for a person to look at
        shutil.copy(tmp_path / "board.png", out)
