"""``living-forest serve`` against hostile tabs, a real server on 127.0.0.1
spoken to over HTTP and WebSocket (aiohttp, which textual-serve brings): every tab's
app ends with its tab and with the server, whatever the tab sent; sizes are clamped;
the tab limit answers with a polite page; a token is required off loopback; each
browser's files stay in its own folder; no directory listing.

Processes are counted before and after (the server's descendants in ``/proc``: its fork
server, and the tabs' apps forked from it); every wait is bounded by a generous deadline
that only a hang reaches."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.procs import (
    HAS_PROC,
    alive,
    descendants,
    fork_server,
    free_port,
    listening_ports,
    memory_kib,
    parent,
)

pytestmark = pytest.mark.skipif(not HAS_PROC, reason="counts processes in /proc (Linux)")

DEADLINE = 120.0  # seconds: generous for a loaded 2-core machine; only a hang reaches it


def tab_apps(server: int) -> set[int]:
    """The tabs' apps: every process below the server but its fork server."""
    return descendants(server) - fork_server(server)


def still_running(pids: set[int]) -> set[int]:
    """Those of ``pids`` that still run."""
    return {p for p in pids if alive(p)}


def wait_until(what: str, done: object) -> None:
    end = time.monotonic() + DEADLINE
    while not done():  # type: ignore[operator]
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {DEADLINE:g} s")
        time.sleep(0.1)


def page_status(base: str) -> int:
    """The HTTP status of the server's page (503 while every tab's place is taken)."""
    try:
        with urllib.request.urlopen(f"{base}/", timeout=DEADLINE) as page:
            return int(page.status)
    except urllib.error.HTTPError as e:
        return e.code


class Served:
    def __init__(self, proc: subprocess.Popen[bytes], base: str, log: Path, data: Path) -> None:
        self.proc, self.base, self.log, self.data = proc, base, log, data

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def started(proc: subprocess.Popen[bytes], port: int) -> bool:
    """Whether the server listens on ``port`` itself, or has ended."""
    return port in listening_ports(proc.pid) or proc.poll() is not None


PORT_TRIES = 3  # a port found free can be taken before the server binds it: try another


@contextlib.contextmanager
def serve(tmp_path: Path, *args: str, host: str = "127.0.0.1") -> Iterator[Served]:
    """A server, once it listens itself on its port (a port some other process holds
    does not count). Whatever fails, from its start on, carries the server's output and
    state, and leaves no process of it behind."""
    data = tmp_path / "data"
    log = tmp_path / "serve.log"
    env = {**os.environ, "LIVING_FOREST_DATA_DIR": str(data)}
    served: Served | None = None
    try:
        for _attempt in range(PORT_TRIES):
            port = free_port()
            cmd = [sys.executable, "-m", "living_forest", "serve"]
            cmd += ["--host", host, "--port", str(port), *args]
            with log.open("wb") as out:
                proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
            served = Served(proc, f"http://127.0.0.1:{port}", log, data)
            wait_until("the server to listen", functools.partial(started, proc, port))
            if proc.poll() is None or "address already in use" not in served.output().lower():
                break
        assert served is not None and served.proc.poll() is None, "the server has ended"
        yield served
    except BaseException as e:
        if served is not None:
            code = served.proc.poll()
            state = "running" if code is None else f"ended with {code}"
            e.add_note(f"the server ({state}) printed:\n{served.output()}")
        raise
    finally:
        if served is not None:
            _end(served.proc)


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Ctrl+C on the server (then kill), and every process it left (never a test's
    processes behind)."""
    stragglers = descendants(proc.pid)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for p in still_running(stragglers):
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGKILL)


async def receive(
    ws: aiohttp.ClientWebSocketResponse, until: float | None = None
) -> aiohttp.WSMessage:
    """The next message, by ``until`` (a monotonic time; default: the deadline from now).
    Bounded as a whole: the server's heartbeat pings, answered inside ``ws.receive``,
    would start its own timeout again and again."""
    left = (time.monotonic() + DEADLINE if until is None else until) - time.monotonic()
    try:
        return await asyncio.wait_for(ws.receive(), max(left, 0.001))
    except TimeoutError:
        raise AssertionError(f"nothing from the tab within {DEADLINE:g} s") from None


@contextlib.asynccontextmanager
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        yield http


async def open_tab(http: aiohttp.ClientSession, base: str) -> aiohttp.ClientWebSocketResponse:
    """A tab: the page (which sets the cookies), then its WebSocket, once the app in it
    has drawn something."""
    async with http.get(f"{base}/") as page:
        assert page.status == 200, await page.text()
    ws = await http.ws_connect(f"{base.replace('http', 'ws', 1)}/ws?width=80&height=24")
    first = await receive(ws)
    assert first.type == aiohttp.WSMsgType.BINARY, first
    return ws


async def screen_text(ws: aiohttp.ClientWebSocketResponse, wanted: str) -> str:
    """Read the tab's output until ``wanted`` (a regular expression) shows."""
    seen = ""
    end = time.monotonic() + DEADLINE
    while not re.search(wanted, re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", "", seen)):
        assert time.monotonic() < end, f"no {wanted!r} in the tab"
        msg = await receive(ws, end)
        assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data.decode("utf-8", "replace")
    return seen


HOSTILE = [
    ("a 1 MB stdin frame", ["stdin", "x" * 1_000_000]),
    ("a resize to strings", ["resize", {"width": "wide", "height": "tall"}]),
    ("a resize to 10^9 x 10^9", ["resize", {"width": 10**9, "height": 10**9}]),
    ("binary junk", b"\x00\xff\xfe junk \x1b[0m"),
    ("text that is not JSON", "}{ not json"),
    ("an envelope of the wrong shape", {"stdin": 5}),
]


@pytest.mark.slow
def test_every_tab_process_ends_with_its_tab_and_with_the_server(tmp_path: Path) -> None:
    """Hostile messages left app processes running; Ctrl+C on the server left some
    behind. Each tab here gets one hostile message, then closes: the server's
    descendants go back to its fork server alone. Then two tabs stay open (each one
    process, forked from the fork server, most of its memory shared with it) and the
    server is stopped: nothing is left."""

    async def tabs(served: Served) -> set[int]:
        server = served.proc.pid
        seen: set[int] = set()
        async with client() as http:
            for _name, message in HOSTILE:
                ws = await open_tab(http, served.base)
                seen |= tab_apps(server)
                with contextlib.suppress(aiohttp.ClientError, ConnectionError):
                    if isinstance(message, bytes):
                        await ws.send_bytes(message)
                    elif isinstance(message, str):
                        await ws.send_str(message)
                    else:
                        await ws.send_str(json.dumps(message))
                    await ws.send_str(json.dumps(["stdin", "n"]))
                await ws.close()
            await asyncio.to_thread(
                wait_until, "every tab's process to end", lambda: not tab_apps(server)
            )
            assert seen and not still_running(seen)
            [forks] = fork_server(server)
            assert descendants(server) == {forks}  # before the next tabs: one process
            left_open = [await open_tab(http, served.base) for _ in range(2)]
            for ws in left_open:
                await ws.send_str(json.dumps(["stdin", "n"]))
                await screen_text(ws, "Seat 1")
            running = tab_apps(server)
            assert len(running) == 2  # one process a tab, no shell in between
            assert {parent(p) for p in running} == {forks}  # forked: the app is shared
            for p in running:
                mem = memory_kib(p)
                assert mem["Private"] < 0.6 * mem["Rss"], mem  # afresh: about 0.75
            served.proc.send_signal(signal.SIGINT)  # Ctrl+C on the server
            await asyncio.to_thread(served.proc.wait, DEADLINE)
            for ws in left_open:
                with contextlib.suppress(Exception):
                    await ws.close()
            return running | {forks}

    with serve(tmp_path) as served:
        running = asyncio.run(tabs(served))
        wait_until("the tabs to end with the server", lambda: not still_running(running))
        assert served.proc.returncode == 0


def test_every_tab_ends_and_autosaves_when_the_server_is_killed(tmp_path: Path) -> None:
    """The server killed outright (SIGKILL: no chance to end its tabs): its fork
    server and every tab's app end all the same, and the game in the tab is kept."""

    async def tab(served: Served) -> set[int]:
        server = served.proc.pid
        async with client() as http:
            ws = await open_tab(http, served.base)
            await ws.send_str(json.dumps(["stdin", "n"]))
            await screen_text(ws, "Seat 1")
            await ws.send_str(json.dumps(["stdin", "\r"]))  # start the game
            await screen_text(ws, "Pass the keyboard")
            running = descendants(server)
            assert len(tab_apps(server)) == 1 and len(fork_server(server)) == 1
            served.proc.send_signal(signal.SIGKILL)
            await asyncio.to_thread(served.proc.wait, DEADLINE)
            with contextlib.suppress(Exception):
                await ws.close()
            return running

    with serve(tmp_path) as served:
        running = asyncio.run(tab(served))
        wait_until("the tab and the fork server to end", lambda: not still_running(running))
    [auto] = served.data.rglob("autosaves/*.json")
    assert json.loads(auto.read_text(encoding="utf-8"))["seats"][0]["name"]
    # Its lock: given up as the app began to quit, after the last move was written, so
    # neither a later SIGTERM nor the SIGKILL after the fork server's grace left it.
    assert not list(served.data.rglob(".*.lock"))


@pytest.mark.slow
def test_a_tab_whose_app_ends_without_a_word_is_closed(tmp_path: Path) -> None:
    """The tab's app killed (a crash, the memory killer): the tab is closed, not left
    open and frozen with its place taken."""

    async def tab(served: Served) -> None:
        async with client() as http:
            ws = await open_tab(http, served.base)
            [app] = tab_apps(served.proc.pid)
            os.kill(app, signal.SIGKILL)
            while (msg := await receive(ws)).type == aiohttp.WSMsgType.BINARY:
                pass
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), msg
            await asyncio.to_thread(
                wait_until, "the tab's app to be gone", lambda: not tab_apps(served.proc.pid)
            )
            # ... and its place free: the server counts it so once it has ended the tab,
            # a moment after the app is gone (later on a loaded machine).
            await asyncio.to_thread(
                wait_until, "the tab's place to be free", lambda: page_status(served.base) == 200
            )
            second = await open_tab(http, served.base)  # with --max-tabs 1
            await second.close()

    with serve(tmp_path, "--max-tabs", "1") as served:
        asyncio.run(tab(served))


@pytest.mark.slow
def test_sizes_are_clamped_and_the_tab_limit_answers_politely(tmp_path: Path) -> None:
    async def tabs(served: Served) -> None:
        async with client() as http:
            ws = await open_tab(http, served.base)
            await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
            await ws.send_str(json.dumps(["stdin", "n"]))  # the New game form, drawn
            await screen_text(ws, "Seat 1")
            [tab] = tab_apps(served.proc.pid)
            rss = memory_kib(tab)["Rss"] * 1024
            assert rss < 400 * 2**20  # drawn at most 300 x 120, not 10^9 x 10^9
            async with http.get(f"{served.base}/") as page:  # one tab allowed: full
                assert page.status == 503
                assert "All tables are taken" in await page.text()
            refused = await http.ws_connect(f"{served.base.replace('http', 'ws', 1)}/ws")
            msg = await receive(refused)
            assert msg.type == aiohttp.WSMsgType.CLOSE and refused.close_code == 1013
            assert len(tab_apps(served.proc.pid)) == 1
            await ws.close()
            await asyncio.to_thread(
                wait_until, "the tab to end", lambda: not tab_apps(served.proc.pid)
            )
            async with http.get(f"{served.base}/") as page:
                assert page.status == 200
                assert "<title>Living Forest</title>" in await page.text()
            async with http.get(f"{served.base}/static/") as listing:
                assert listing.status in (403, 404)  # no directory listing
            async with http.get(f"{served.base}/static/js/textual.js") as js:
                assert js.status == 200

    with serve(tmp_path, "--max-tabs", "1") as served:
        asyncio.run(tabs(served))


@pytest.mark.slow
def test_each_browser_plays_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """A game started in a tab autosaves under <data>/browsers/<this browser's id>/,
    and another browser (another cookie) does not see it."""

    async def tabs(served: Served) -> Path:
        async with client() as http:
            ws = await open_tab(http, served.base)
            browser = next(c.value for c in http.cookie_jar if c.key == "living_forest_browser")
            await ws.send_str(json.dumps(["stdin", "n"]))
            await screen_text(ws, "Seat 1")
            await ws.send_str(json.dumps(["stdin", "\r"]))  # start the game
            await screen_text(ws, "Pass the keyboard")
            folder = served.data / "browsers" / browser
            await asyncio.to_thread(
                wait_until,
                "the game's autosave",
                lambda: any((folder / "autosaves").glob("*.json")),
            )
            await ws.close()
        async with client() as other:
            ws = await open_tab(other, served.base)
            theirs = next(c.value for c in other.cookie_jar if c.key == "living_forest_browser")
            assert theirs != browser
            await ws.close()
        return folder

    with serve(tmp_path) as served:
        folder = asyncio.run(tabs(served))
    assert [p.parent for p in served.data.rglob("*.json")] == [folder / "autosaves"]


CTRL_S, CTRL_O, END, ESC = "\x13", "\x0f", "\x1b[F", "\x1b"
CLEAR_INPUT = "\x01\x0b\r"  # ctrl+a (to the start), ctrl+k (delete to the end), Enter
EMPTY = "Type a file name"  # what Enter on the emptied prompt says: it is empty now
CONFINED = "Here, games are kept in"


@pytest.mark.slow
def test_a_tab_cannot_load_or_save_a_file_outside_its_browsers_folder(tmp_path: Path) -> None:
    """Every tab could load and save any file the server's user can write.
    Typed in a real tab's Load prompt, a save outside its browser's folder is refused
    and not loaded; typed in its Save prompt, a path outside is refused and nothing is
    written there."""
    from tests.tui.test_real_terminal import _save

    outside = tmp_path / "outside" / "written.json"
    outside.parent.mkdir()
    theirs = _save(tmp_path / "outside" / "theirs.json", ("Zed", "Yul"), ("draw",))
    before = theirs.read_bytes()

    async def tab(served: Served) -> None:
        async with client() as http:
            ws = await open_tab(http, served.base)

            async def keys(text: str, wanted: str) -> None:
                await ws.send_str(json.dumps(["stdin", text]))
                await screen_text(ws, wanted)

            await keys(CTRL_O, "Another file")  # the save browser, its last entry
            await keys(END + "\r", "Folder:")  # the Load prompt
            await keys(CLEAR_INPUT, EMPTY)  # (text sent with these keys comes before them)
            await keys(f"{theirs}\r", CONFINED)
            await keys(ESC, "New game")  # back to the title screen
            await keys("n", "Seat 1")
            await keys("\r", "Pass the keyboard")  # a game on the board
            await keys(CTRL_S, "Folder:")  # the Save prompt
            await keys(CLEAR_INPUT, EMPTY)
            await keys(f"{outside}\r", CONFINED)
            await ws.close()
            await asyncio.to_thread(
                wait_until, "the tab to end", lambda: not tab_apps(served.proc.pid)
            )

    with serve(tmp_path) as served:
        asyncio.run(tab(served))
        written = sorted(served.data.rglob("*.json"))
    assert not outside.exists()  # nothing written outside its folder
    assert theirs.read_bytes() == before
    assert written and all(b"Zed" not in p.read_bytes() for p in written)  # never loaded


def test_off_loopback_a_token_is_printed_and_required(tmp_path: Path) -> None:
    async def tabs(served: Served, token: str) -> None:
        async with client() as http:
            async with http.get(f"{served.base}/") as page:
                assert page.status == 403
            async with http.get(f"{served.base}/?token=wrong") as page:
                assert page.status == 403
            ws_url = f"{served.base.replace('http', 'ws', 1)}/ws"
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(ws_url)
            async with http.get(f"{served.base}/?token={token}") as page:
                assert page.status == 200  # and the cookie carries it from now on
            ws = await http.ws_connect(f"{ws_url}?width=80&height=24")
            first = await receive(ws)
            assert first.type == aiohttp.WSMsgType.BINARY
            await ws.close()

    with serve(tmp_path, host="0.0.0.0") as served:
        wait_until("the address", lambda: "?token=" in served.output())
        token = re.search(r"\?token=([\w-]+)", served.output())
        assert token is not None
        asyncio.run(tabs(served, token.group(1)))
