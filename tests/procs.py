"""What Linux's /proc says of a process: its state, parent and CPU time, the live
processes below it, its memory. One reading of ``/proc/PID/stat`` for the tests and the
benchmarks (``bench/serve.py``) that watch processes."""

from __future__ import annotations

import contextlib
import os
import socket
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


def stat(pid: int) -> list[str]:
    """``/proc/PID/stat``'s fields after the command's name (which may hold spaces and
    parentheses): ``[0]`` the state (``Z`` a zombie), ``[1]`` the parent, ``[11]`` and
    ``[12]`` the user and system CPU time in clock ticks. Raises OSError when the
    process is gone."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs: neither gone nor a zombie nobody has reaped yet."""
    try:
        return stat(pid)[0] != "Z"
    except (OSError, IndexError):
        return False


def parent(pid: int) -> int:
    """``pid``'s parent. Raises OSError when the process is gone."""
    return int(stat(pid)[1])


def cpu_seconds(pid: int) -> float | None:
    """The CPU time ``pid`` has used so far, or None where that cannot be read or the
    process has ended."""
    try:
        fields = stat(pid)
        if fields[0] == "Z":
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (zombies not counted: they hold nothing)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = stat(int(entry.name))
                if fields[0] != "Z":
                    children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def fork_server(server: int) -> set[int]:
    """``living-forest serve``'s fork server (``python -m living_forest.forkserver``),
    once started: the tabs' apps are forked from it."""
    found = set()
    for p in descendants(server):
        with contextlib.suppress(OSError, IndexError, ValueError):
            cmdline = Path(f"/proc/{p}/cmdline").read_bytes()
            if parent(p) == server and b"living_forest.forkserver" in cmdline:
                found.add(p)
    return found


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (another process may take it before it is used)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening_ports(pid: int) -> set[int]:
    """The TCP ports ``pid`` itself listens on (IPv4 or IPv6, any address): a port some
    other process took in the meantime is not among them. Empty when ``pid`` is gone."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return set()
    inodes = set()
    for fd in fds:
        with contextlib.suppress(OSError):
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
            if link.startswith("socket:["):
                inodes.add(link[len("socket:[") : -1])
    ports = set()
    for table in ("tcp", "tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
                fields = line.split()
                # local address (hex address:port), remote, state (0A: LISTEN), ..., inode
                if len(fields) > 9 and fields[3] == "0A" and fields[9] in inodes:
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def memory_kib(pid: int) -> dict[str, int]:
    """A process's memory in KiB: resident (``Rss``), its share of what it shares
    (``Pss``) and its own (``Private``); zeros for a process that is gone."""
    out = {"Rss": 0, "Pss": 0, "Private": 0}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _sep, rest = line.partition(":")
            if key in ("Rss", "Pss"):
                out[key] = int(rest.split()[0])
            elif key in ("Private_Clean", "Private_Dirty"):
                out["Private"] += int(rest.split()[0])
    return out
