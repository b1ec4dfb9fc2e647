"""``living-forest serve``: the game in browser tabs through textual-serve, made safe to
leave running.

textual-serve starts one app process per tab (through a shell, so two). Left as it is,
those processes outlived their tab and the server after odd messages, a resize to
10^9 x 10^9 made one app take gigabytes, any number of tabs could open, ``--host`` exposed
it to anyone on the network, every tab could read and write any file the server user
can, all tabs shared one data folder, and ``/static/`` listed its files. Here:

- each tab's app is forked from a process that has the app loaded (``forkserver.py``:
  the tabs share its memory), or where that is not possible started directly (no
  shell), in a process group of its own, which is ended with the tab (a polite
  "quit", then SIGTERM — the app autosaves — then SIGKILL) and with the server (Ctrl+C,
  SIGTERM); an app whose parent (the fork server, or the server) died quits too
  (``LIVING_FOREST_SERVER_PID``, watched by the app);
- sizes are clamped, stdin frames cut, malformed messages ignored;
- at most ``max_tabs`` tabs: the next one gets a polite page (HTTP 503);
- with a ``token`` (always when the address is not loopback) the page needs it in its
  address once (``?token=…``), then a cookie carries it, the WebSocket included;
- each browser has a folder of its own under the data folder (a random id in a
  cookie), and its tabs may load and save files only there
  (``LIVING_FOREST_CONFINED``);
- no directory listings.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import os
import re
import secrets
import signal
import socket
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from . import forkserver
from .datadir import ENV_CONFINED, ENV_DATA_DIR, ENV_SERVER_PID
from .i18n import _

MAX_COLUMNS, MAX_ROWS = 300, 120  # a 4K screen at a small font; 10^9 x 10^9 took 1.7 GB
MAX_STDIN = 16 * 1024  # bytes of input in one message: typing and pasting never need more
MAX_MESSAGE = 64 * 1024  # bytes in one WebSocket message
DEFAULT_MAX_TABS = 8  # a tab's memory: see `make bench`
STOP_GRACE = 5.0  # seconds an app has to save and quit, at each step of ending it
TOKEN_COOKIE = "living_forest_token"
BROWSER_COOKIE = "living_forest_browser"
BROWSERS_DIR = "browsers"  # <data folder>/browsers/<browser id>/
_BROWSER_ID = re.compile(r"^[0-9a-f]{32}$")
_COOKIE_AGE = 10 * 365 * 86400  # a browser keeps its folder


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only: ``localhost`` or a
    loopback address (a name is looked up: every address it has must be loopback)."""
    if host in ("localhost", "localhost.", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    addresses = {info[4][0] for info in infos}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).split("%")[0]).is_loopback for a in addresses
    )


def clamp_size(value: Any, default: int, most: int) -> int:
    """A size from a browser (a number, or text): a whole number from 1 to ``most``."""
    try:
        n = int(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(most, n))


def tab_environment(width: int = 80, height: int = 24, debug: bool = False) -> dict[str, str]:
    """The environment of a tab's app: this one with what textual-serve 1.1.3 sets,
    but Textual's web driver made to quit the app cleanly when the server is gone
    (``tui/web_driver.py``). Textual reads these as it is imported, so the fork server
    has them too."""
    env = dict(os.environ)
    env.update(
        TEXTUAL_DRIVER="living_forest.tui.web_driver:TabDriver",
        TEXTUAL_FPS="60",
        TEXTUAL_COLOR_SYSTEM="truecolor",
        TERM_PROGRAM="textual",
        TERM_PROGRAM_VERSION=version("textual-serve"),
        COLUMNS=str(width),
        ROWS=str(height),
    )
    if debug:
        env.update(TEXTUAL="debug,devtools", TEXTUAL_LOG="textual.log")
    return env


class TabProcess(AppService):
    """One tab's app: forked from the fork server when there is one, else started
    without a shell; in a process group of its own, and always ended when the tab or
    the server goes."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        forks: forkserver.ForkServer | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self.extra_env = env
        self.forks = forks
        self.forked = False

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = tab_environment(width, height, self.debug)
        env.update(self.extra_env)
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        env = self._build_environment(width=width, height=height)
        args = _module_args(self.argv)
        if self.forks is not None and args is not None and self.forks.usable:
            try:
                if not await self.forks.wait_ready():
                    raise forkserver.ForkError("the fork server did not start")
                env[ENV_SERVER_PID] = str(self.forks.pid)  # the app's parent
                forked = await self.forks.spawn(args, env)
            except forkserver.ForkError:
                env[ENV_SERVER_PID] = str(os.getpid())
            else:
                self._process = forked  # type: ignore[assignment]
                self._stdin = forked.stdin
                self.forked = True
                return forked
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=True,  # its own process group: ended as one
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def send_bytes(self, data: bytes) -> bool:
        return await super().send_bytes(data[:MAX_STDIN])

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(
            clamp_size(width, 80, MAX_COLUMNS), clamp_size(height, 24, MAX_ROWS)
        )

    async def run(self) -> None:
        """The app's output to the tab, until it ends; then the tab is closed (textual-serve
        leaves it open, frozen, when the app ends without saying so: a crash, a kill)."""
        try:
            await super().run()
        finally:
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def stop(self) -> None:
        """Ask the app to quit; if it has not within :data:`STOP_GRACE`, SIGTERM its
        group (the app autosaves and quits), then SIGKILL it."""
        with contextlib.suppress(Exception, asyncio.TimeoutError):
            await asyncio.wait_for(super().stop(), STOP_GRACE)
        await self.end()

    async def end(self) -> None:
        process = self._process
        if process is None:
            return
        for signum in (signal.SIGTERM, signal.SIGKILL):
            if process.returncode is None:
                self._signal_group(signum)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), STOP_GRACE)
            if process.returncode is not None:
                break
        self._signal_group(signal.SIGKILL)  # anything the app itself started

    def kill_now(self) -> None:
        """The last resort, without a loop: SIGKILL the whole group."""
        self._signal_group(signal.SIGKILL)

    def _signal_group(self, signum: int) -> None:
        pid = self.pid
        if pid is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signum)


def _module_args(argv: list[str]) -> list[str] | None:
    """The arguments after ``python -m living_forest`` (what a forked tab runs), or
    None for another command (started afresh)."""
    if argv[:3] == [sys.executable, "-m", "living_forest"]:
        return argv[3:]
    return None


class GameServer(Server):
    """textual-serve's server with tabs that end, a tab limit, a token and a folder of
    its own for each browser."""

    def __init__(
        self,
        argv: list[str],
        *,
        host: str,
        port: int,
        data_dir: Path,
        public_url: str | None = None,
        max_tabs: int = DEFAULT_MAX_TABS,
        token: str | None = None,
    ) -> None:
        super().__init__(
            " ".join(argv), host=host, port=port, title="Living Forest", public_url=public_url
        )
        self.argv = argv
        self.data_dir = data_dir
        self.max_tabs = max_tabs
        self.token = token
        self.tabs: set[TabProcess] = set()
        self.forks: forkserver.ForkServer | None = None

    # --- routes ------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def address(self) -> str:
        """Where a browser opens the game (with the token, when there is one)."""
        return f"{self.public_url}/?token={self.token}" if self.token else f"{self.public_url}/"

    async def on_startup(self, app: web.Application) -> None:
        if forkserver.available() and _module_args(self.argv) is not None:
            forks = forkserver.ForkServer(tab_environment(debug=self.debug))
            with contextlib.suppress(OSError):
                await forks.start()
                self.forks = forks
        print(_("Living Forest: open {address} in a web browser.").format(address=self.address()))
        if self.token:
            print(
                _(
                    "Anyone who has this address (with its token) can play here; "
                    "each browser keeps its games in its own folder under {folder}."
                ).format(folder=self.data_dir / BROWSERS_DIR)
            )
        print(
            _("At most {count} tabs at once. Ctrl+C stops the server.").format(count=self.max_tabs)
        )

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops: every tab's app ends with it, then the fork server."""
        await asyncio.gather(*(t.stop() for t in list(self.tabs)), return_exceptions=True)
        if self.forks is not None:
            await self.forks.close()

    def serve(self, debug: bool = False) -> None:
        try:
            super().serve(debug=debug)
        finally:
            for tab in list(self.tabs):  # whatever a hurried shutdown left
                tab.kill_now()
            if self.forks is not None:
                self.forks.kill_now()

    def _authorized(self, request: web.Request) -> bool:
        if self.token is None:
            return True
        given = request.query.get("token") or request.cookies.get(TOKEN_COOKIE) or ""
        return secrets.compare_digest(given.encode(), self.token.encode())

    def _full(self) -> bool:
        return len(self.tabs) >= self.max_tabs

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self._authorized(request):
            return _page(
                403,
                _("This game needs its address with the token"),
                _("Open the address the server printed when it started (it ends in ?token=…)."),
            )
        if self._full():
            return _page(
                503,
                _("All tables are taken"),
                _(
                    "{count} games are being played here, as many as this server allows. "
                    "Close a tab, or try again in a moment."
                ).format(count=self.max_tabs),
            )
        ws_url = self.public_url.replace("https:", "wss:", 1).replace("http:", "ws:", 1)
        context = {
            "font_size": clamp_size(request.query.get("fontsize", "16"), 16, 64),
            "app_websocket_url": f"{ws_url}/ws",
            "config": {"static": {"url": f"{self.public_url}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.text = with_title(response.text or "", self.title)
        if self.token is not None:
            response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="Strict")
        if not _BROWSER_ID.match(request.cookies.get(BROWSER_COOKIE, "")):
            response.set_cookie(
                BROWSER_COOKIE,
                secrets.token_hex(16),
                httponly=True,
                samesite="Strict",
                max_age=_COOKIE_AGE,
            )
        return response

    def _folder(self, request: web.Request) -> Path:
        """This browser's folder (a new one for a client without the cookie)."""
        browser = request.cookies.get(BROWSER_COOKIE, "")
        if not _BROWSER_ID.match(browser):
            browser = secrets.token_hex(16)
        folder = self.data_dir / BROWSERS_DIR / browser
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self._authorized(request):
            raise web.HTTPForbidden(text="token required")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if self._full():
            await websocket.prepare(request)
            await websocket.close(code=1013, message=b"all tables are taken")
            return websocket
        width = clamp_size(request.query.get("width", "80"), 80, MAX_COLUMNS)
        height = clamp_size(request.query.get("height", "24"), 24, MAX_ROWS)
        folder = self._folder(request)
        tab = TabProcess(
            self.argv,
            {
                ENV_DATA_DIR: str(folder),
                ENV_CONFINED: "1",
                ENV_SERVER_PID: str(os.getpid()),  # a forked tab's: the fork server's
                "LIVING_FOREST_SETTINGS": str(folder / "settings.json"),
                "LIVING_FOREST_KEYMAP": str(folder / "keymap.toml"),
            },
            forks=self.forks,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.tabs.add(tab)  # counted before anything is awaited: the limit holds
        try:
            await websocket.prepare(request)
            await tab.start(width, height)
            await self._process_messages(websocket, tab)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await websocket.close()
        except Exception:
            pass  # a broken connection: the tab ends below all the same
        finally:
            try:
                await asyncio.shield(tab.stop())
            except asyncio.CancelledError:
                tab.kill_now()
            self.tabs.discard(tab)
        return websocket

    async def _process_messages(  # type: ignore[override]
        self, websocket: web.WebSocketResponse, app_service: TabProcess
    ) -> None:
        """The browser's messages; anything malformed is ignored."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind = envelope[0]
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width = clamp_size(data.get("width"), 0, MAX_COLUMNS)
                height = clamp_size(data.get("height"), 0, MAX_ROWS)
                if width and height:
                    await app_service.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


def with_title(page: str, title: str) -> str:
    """``page`` (textual-serve's, which has none) with a ``<title>``: the browser tab
    and its bookmarks say "Living Forest", not the address."""
    from html import escape

    if "<title>" in page:
        return page
    return page.replace("<head>", f"<head>\n    <title>{escape(title)}</title>", 1)


def _page(status: int, title: str, text: str) -> web.Response:
    """A small polite page (the tab limit, a missing token)."""
    from html import escape

    body = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>Living Forest · {escape(title)}</title>"
        "<style>body{background:#0c181f;color:#e8f0e8;font:18px/1.5 sans-serif;"
        "display:flex;align-items:center;justify-content:center;height:90vh}"
        "main{max-width:36em}</style></head><body><main>"
        f"<h1>{escape(title)}</h1><p>{escape(text)}</p></main></body></html>"
    )
    return web.Response(status=status, text=body, content_type="text/html")
