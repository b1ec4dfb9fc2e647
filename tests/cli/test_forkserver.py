"""The fork server of ``living-forest serve`` (for the memory per tab): it forks the
command line with a tab's arguments, pipes and environment; reports how each ended;
and ends, with whatever it still runs, when the server closes its socket."""

from __future__ import annotations

import asyncio
import json
import os
import socket
from pathlib import Path

import pytest

from living_forest import forkserver

pytestmark = pytest.mark.skipif(not forkserver.available(), reason="POSIX fork")

DEADLINE = 120.0  # seconds: only a hang reaches it


def _running(pid: int) -> bool:
    return forkserver._running(pid)


async def _started(tmp_path: Path) -> forkserver.ForkServer:
    env = {**os.environ, "LIVING_FOREST_DATA_DIR": str(tmp_path / "data")}
    forks = forkserver.ForkServer(env)
    await forks.start()
    assert await forks.wait_ready() and forks.pid is not None
    return forks


def test_a_forked_command_gets_its_arguments_pipes_and_environment(tmp_path: Path) -> None:
    async def run() -> None:
        forks = await _started(tmp_path)
        try:
            env = {**os.environ, "LIVING_FOREST_DATA_DIR": str(tmp_path / "mine")}
            done = await forks.spawn(["--version"], env)
            out = await asyncio.wait_for(done.stdout.read(), DEADLINE)
            assert await asyncio.wait_for(done.wait(), DEADLINE) == 0
            assert out.decode().startswith("living-forest ")
            assert done.returncode == 0

            bad = await forks.spawn(["--no-such-option"], env)
            err = await asyncio.wait_for(bad.stderr.read(), DEADLINE)
            assert await asyncio.wait_for(bad.wait(), DEADLINE) == 2
            assert b"--no-such-option" in err and b"Traceback" not in err
        finally:
            await forks.close()
        assert forks.pid is not None and not _running(forks.pid)

    asyncio.run(run())


def test_the_fork_server_ends_with_the_server_and_ends_what_it_runs(tmp_path: Path) -> None:
    """The server's end of the socket closes (as when the server is killed): a tab's
    app still running (here: waiting on its input) is ended, and so is the fork
    server."""

    async def run() -> None:
        forks = await _started(tmp_path)
        env = {**os.environ, "LIVING_FOREST_DATA_DIR": str(tmp_path)}
        # `simulate` of many games runs for a long while: a stand-in for a tab's app.
        tab = await forks.spawn(["simulate", "--games", "100000000"], env)
        assert _running(tab.pid)
        assert os.getpgid(tab.pid) == tab.pid  # a session of its own: ended as one
        assert forks.pid is not None
        server = forks.pid
        await forks.close()
        end = asyncio.get_running_loop().time() + DEADLINE
        while _running(tab.pid) or _running(server):
            assert asyncio.get_running_loop().time() < end, "still running"
            await asyncio.sleep(0.1)

    asyncio.run(run())


def test_a_tab_that_ends_at_once_still_gets_its_exit_code() -> None:
    """The fork server's "pid" and "exited" messages for a tab that ended at once (as
    ``--version`` does) can both be read before the spawning task runs again: the tab
    still gets its exit code (the pid's entry was gone: a KeyError under load). Here a
    stand-in fork server sends the two messages together."""

    async def run() -> None:
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        forks = forkserver.ForkServer({})
        ours.setblocking(False)
        forks._sock = ours
        forks._ready = loop.create_future()
        forks._ready.set_result(1)
        forks._reader = asyncio.create_task(forks._read())

        def stand_in() -> None:
            _data, fds, _flags, _addr = socket.recv_fds(theirs, forkserver.MAX_MESSAGE, 3)
            for f in fds:
                os.close(f)
            theirs.send(json.dumps({"pid": 4242}).encode())
            theirs.send(json.dumps({"exited": 4242, "code": 7}).encode())

        server = loop.run_in_executor(None, stand_in)
        try:
            app = await asyncio.wait_for(forks.spawn(["--version"], {}), DEADLINE)
            await asyncio.wait_for(server, DEADLINE)
            assert app.pid == 4242
            assert await asyncio.wait_for(app.wait(), DEADLINE) == 7
        finally:
            forks._reader.cancel()
            ours.close()
            theirs.close()

    asyncio.run(run())
