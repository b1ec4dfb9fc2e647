"""Browser tabs forked from one process that has the app loaded (``living-forest serve``).

A tab's app started afresh (``python -m living_forest``) reads and builds the whole
program — Textual, the rules, the screens — in a process of its own: about 62 MiB a
tab, nearly all of it the same in every tab. So the server starts one *fork server*: a
process that loads the app once and then, for each tab, forks a copy of itself that
runs the app, with the tab's pipes as its standard input, output and error and the
tab's environment. The copies share the loaded program with the fork server until they
change it (the operating system copies a page only when it is written), so a tab costs
what it changes (``make bench`` measures it).

Each tab's app is in a session (process group) of its own, as when it is started
afresh: the server ends it as one. The fork server ends with the server: when the
server's end of their socket closes (the server stopped, or was killed outright), it
ends every tab still running (SIGTERM, on which the app autosaves; SIGKILL after a
grace) and exits; and each tab's app quits when its parent, the fork server, is gone.

The two talk over a Unix socket pair of datagrams, one JSON object each. The server
sends ``{"args": [...], "env": {...}}`` with the tab's three pipe ends; the fork server
answers ``{"ready": pid}`` once loaded, then ``{"pid": n}`` (or ``{"error": text}``) per
request, in order, and ``{"exited": pid, "code": n}`` when a tab's app has ended.

POSIX only: without ``os.fork`` (or when the fork server cannot start) the server
starts each tab's app afresh.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import gc
import importlib
import json
import os
import pkgutil
import select
import signal
import socket
import sys
import time
import traceback
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from living_forest.collector import collect_less_often

MAX_MESSAGE = 256 * 1024  # bytes in one request (an environment of a few kB)
END_GRACE = 5.0  # seconds a tab's app has to autosave and quit when the server is gone
STARTUP_LIMIT = 120.0  # seconds to load the app: generous for a loaded machine


def available() -> bool:
    return hasattr(os, "fork") and hasattr(socket, "send_fds") and hasattr(socket, "AF_UNIX")


# --- the fork server -------------------------------------------------------------------


def preload() -> None:
    """Load what a tab's app uses, so that every tab shares it: the command line, the
    app and all its screens and widgets, the rules, saves and bots, and the compiled
    German and French texts."""
    import living_forest.cli
    import living_forest.tui
    import living_forest.tui.app

    for package in (living_forest.tui,):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            with contextlib.suppress(Exception):
                importlib.import_module(info.name)
    for name in ("living_forest.persistence", "living_forest.bots", "living_forest.settings"):
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    from living_forest.i18n import LANGUAGES, compile_catalogue

    for lang in LANGUAGES:
        with contextlib.suppress(Exception):
            compile_catalogue(lang)


def run_fork_server(fd: int) -> int:
    """The fork server's loop, on the socket ``fd`` from the server."""
    ctl = socket.socket(fileno=fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the server: it ends us
    stopping = False

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda _s, _f: None)  # wakes select to reap
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    collect_less_often()  # the tabs are forked from here: each app inherits it
    preload()
    gc.freeze()  # what is loaded stays put: the collector never writes to its pages
    _send(ctl, {"ready": os.getpid()})
    children: set[int] = set()
    while not stopping:
        try:
            readable, _w, _x = select.select([ctl.fileno(), wake_r], [], [])
        except InterruptedError:
            continue
        if wake_r in readable:
            with contextlib.suppress(OSError):
                os.read(wake_r, 4096)
        _reap(ctl, children)
        if ctl.fileno() not in readable:
            continue
        try:
            data, fds, _flags, _addr = socket.recv_fds(ctl, MAX_MESSAGE, 3)
        except OSError:
            break
        if not data:
            break  # the server is gone
        try:
            request = json.loads(data)
            args, env = list(request["args"]), dict(request["env"])
            if len(fds) != 3:
                raise ValueError(f"{len(fds)} pipes instead of 3")
            in_session_r, in_session_w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(in_session_r)
                _run_tab(args, env, fds, in_session_w)
            os.close(in_session_w)
            os.read(in_session_r, 1)  # its pid names its process group from now on
            os.close(in_session_r)
        except Exception as e:  # a bad request: said to the server, the loop goes on
            _send(ctl, {"error": f"{type(e).__name__}: {e}"})
        else:
            children.add(pid)
            _send(ctl, {"pid": pid})
        finally:
            for f in fds:
                with contextlib.suppress(OSError):
                    os.close(f)
    _end(children)
    return 0


def _send(ctl: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        ctl.send(json.dumps(message).encode())


def _reap(ctl: socket.socket | None, children: set[int]) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        if ctl is not None:
            _send(ctl, {"exited": pid, "code": os.waitstatus_to_exitcode(status)})


def _end(children: set[int]) -> None:
    """The server is gone: every tab still running is asked to quit (SIGTERM: it
    autosaves), then killed after :data:`END_GRACE`."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        for pid in list(children):
            with contextlib.suppress(OSError):
                os.killpg(pid, signum)
        end = time.monotonic() + END_GRACE
        while children and time.monotonic() < end:
            _reap(None, children)
            time.sleep(0.05)
        if not children:
            return


def _run_tab(args: list[str], env: dict[str, str], fds: list[int], in_session: int) -> NoReturn:
    """In the forked copy: become the tab's app, as ``python -m living_forest ARGS``
    would, in a session of its own (said on ``in_session`` once it is, so that the
    server can end the tab's group as soon as it knows the pid); never returns to the
    fork server's loop."""
    code: int = 1
    try:
        try:
            os.setsid()
        finally:
            os.close(in_session)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, f in enumerate(fds):
            os.dup2(f, target)
        os.closerange(3, _highest_fd())  # the socket, the other tabs' pipes
        os.environ.clear()
        os.environ.update(env)
        sys.argv = ["living-forest", *args]
        from living_forest.cli import main

        code = main(args)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            atexit._run_exitfuncs()  # as the interpreter does at its end
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)


def _highest_fd() -> int:
    try:
        return max(int(os.sysconf("SC_OPEN_MAX")), 256)
    except (ValueError, OSError):
        return 65536


# --- the server's end ------------------------------------------------------------------


class ForkError(Exception):
    """A tab could not be forked (the fork server is gone or refused)."""


class ForkedApp:
    """A tab's app forked by the fork server, with what the server uses of an
    :class:`asyncio.subprocess.Process`: ``pid``, ``stdin``, ``stdout``, ``stderr``,
    ``returncode`` and ``wait()``."""

    def __init__(
        self,
        pid: int,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
        exited: asyncio.Future[int],
    ) -> None:
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self._exited = exited

    @property
    def returncode(self) -> int | None:
        return self._exited.result() if self._exited.done() else None

    async def wait(self) -> int:
        code = await asyncio.shield(self._exited)
        with contextlib.suppress(Exception):
            self.stdin.close()
        return code


class ForkServer:
    """The server's end of the fork server: :meth:`start` it, :meth:`spawn` tabs,
    :meth:`close` it (which ends the tabs still running)."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        self.pid: int | None = None
        self._sock: socket.socket | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ready: asyncio.Future[int] | None = None
        # A reply per request: the tab's pid and the future of its exit code, made when the
        # pid is read (its exit may be read before the spawning task runs again).
        self._pending: collections.deque[asyncio.Future[tuple[int, asyncio.Future[int]]]] = (
            collections.deque()
        )
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._orphans: set[asyncio.Task[None]] = set()
        self._lock = asyncio.Lock()
        self._gone = False

    @property
    def usable(self) -> bool:
        return self._sock is not None and not self._gone

    async def start(self) -> None:
        """Start the fork server (loading the app takes it a second or two: tabs that
        come meanwhile wait for it)."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "living_forest.forkserver",
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                env=self.env,
                start_new_session=True,  # Ctrl+C in the server's terminal is the server's
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._ready = loop.create_future()
        self._reader = asyncio.create_task(self._read())

    async def wait_ready(self) -> bool:
        if self._ready is None or self._gone:
            return False
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), STARTUP_LIMIT)
        except TimeoutError:
            return False
        return not self._gone

    async def spawn(self, args: Sequence[str], env: Mapping[str, str]) -> ForkedApp:
        """Fork a tab's app running ``living-forest ARGS`` with environment ``env``."""
        if not await self.wait_ready() or self._sock is None:
            raise ForkError("the fork server is not running")
        loop = asyncio.get_running_loop()
        pipes = [os.pipe() for _ in range(3)]  # stdin, stdout, stderr: (read, write)
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        try:
            payload = json.dumps({"args": list(args), "env": dict(env)}).encode()
            reply: asyncio.Future[tuple[int, asyncio.Future[int]]] = loop.create_future()
            async with self._lock:  # replies come in the order of the requests
                self._pending.append(reply)
                await self._send_fds(payload, theirs)
            for f in theirs:
                os.close(f)
            theirs = []
            pid, exited = await reply
            stdin_pipe = os.fdopen(ours[0], "wb", buffering=0)
            stdout_pipe = os.fdopen(ours[1], "rb", buffering=0)
            stderr_pipe = os.fdopen(ours[2], "rb", buffering=0)
            ours = []
            stdin = await _writer(loop, stdin_pipe)
            stdout = await _reader(loop, stdout_pipe)
            stderr = await _reader(loop, stderr_pipe)
        finally:
            for f in [*theirs, *ours]:
                with contextlib.suppress(OSError):
                    os.close(f)
        return ForkedApp(pid, stdin, stdout, stderr, exited)

    async def _send_fds(self, payload: bytes, fds: list[int]) -> None:
        assert self._sock is not None
        loop = asyncio.get_running_loop()
        while True:
            try:
                socket.send_fds(self._sock, [payload], fds)
                return
            except BlockingIOError:
                writable: asyncio.Future[None] = loop.create_future()
                loop.add_writer(self._sock, writable.set_result, None)
                try:
                    await writable
                finally:
                    loop.remove_writer(self._sock)
            except OSError as e:
                self._pending.pop()
                raise ForkError(str(e)) from None

    async def _read(self) -> None:
        assert self._sock is not None
        loop = asyncio.get_running_loop()
        while True:
            try:
                data = await loop.sock_recv(self._sock, MAX_MESSAGE)
            except OSError:
                data = b""
            if not data:
                break
            try:
                message = json.loads(data)
            except ValueError:
                continue
            if "ready" in message and self._ready is not None and not self._ready.done():
                self.pid = int(message["ready"])
                self._ready.set_result(self.pid)
            elif ("pid" in message or "error" in message) and self._pending:
                reply = self._pending.popleft()
                if "pid" in message:
                    pid = int(message["pid"])
                    ends = self._exits[pid] = loop.create_future()
                    if not reply.done():
                        reply.set_result((pid, ends))
                elif not reply.done():
                    reply.set_exception(ForkError(str(message["error"])))
            elif "exited" in message:
                exited = self._exits.pop(int(message["exited"]), None)
                if exited is not None and not exited.done():
                    exited.set_result(int(message.get("code", -1)))
        self._lost()

    def _lost(self) -> None:
        """The fork server is gone: nothing more can be forked; the tabs it left are
        watched until they end (each quits when its parent is gone)."""
        self._gone = True
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(0)  # never ready: tabs are started afresh
        while self._pending:
            reply = self._pending.popleft()
            if not reply.done():
                reply.set_exception(ForkError("the fork server ended"))
        for pid, exited in list(self._exits.items()):
            task = asyncio.ensure_future(_watch_orphan(pid, exited))
            self._orphans.add(task)
            task.add_done_callback(self._orphans.discard)
        self._exits.clear()

    async def close(self) -> None:
        """End the fork server (and with it any tab still running), bounded."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        self._gone = True
        sock, self._sock = self._sock, None
        if sock is not None:
            sock.close()  # the fork server reads the end of the socket and ends
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), 2 * END_GRACE + 5)
            except TimeoutError:
                self.kill_now()

    def kill_now(self) -> None:
        """The last resort, without a loop."""
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)


async def _watch_orphan(pid: int, exited: asyncio.Future[int]) -> None:
    while _running(pid):
        await asyncio.sleep(0.2)
    if not exited.done():
        exited.set_result(-1)


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie does not: it only waits to be reaped)."""
    if os.path.isdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False
        except (OSError, IndexError):
            pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


async def _reader(loop: asyncio.AbstractEventLoop, pipe: Any) -> asyncio.StreamReader:
    reader = asyncio.StreamReader(loop=loop)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop), pipe)
    return reader


async def _writer(loop: asyncio.AbstractEventLoop, pipe: Any) -> asyncio.StreamWriter:
    transport, protocol = await loop.connect_write_pipe(
        lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader(loop=loop), loop=loop), pipe
    )
    return asyncio.StreamWriter(transport, protocol, None, loop)


if __name__ == "__main__":
    raise SystemExit(run_fork_server(int(sys.argv[1])))
