"""A memo bounded by the bytes it holds: :class:`BoundedCache`.

The engine and the bots remember pure results by content (a Forest's strengths, a
Help Line's net count, a hidden group): one dict each, read on every legal-action list.
Capped by entry count only, such caches held about 60 MiB in a long ``simulate`` run;
bounded by bytes, a process of any length keeps them to a known, small budget.

A hit costs one dict look-up (``get`` is the dict's own bound method: no Python frame);
only a miss pays for the accounting. When the entries pass the budget, the oldest
quarter of the budget is forgotten in one pass (insertion order, as a dict keeps it):
on the engine's look-ups the reuse is almost all within a game, so first-in first-out
loses next to nothing against least-recently-used, and a hit never has to move an entry.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from itertools import islice
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Bytes each entry is charged for its slot in the dict's table, on top of its key and
# value (8 for the index and 24 for the entry, with the table's spare room: CPython's
# dicts hold 30 to 60 bytes an entry, depending on where they are in their growth).
ENTRY_BYTES = 48
# A tuple of n items takes TUPLE_BYTES + 8 n bytes (``sys.getsizeof``, on 64 bits).
TUPLE_BYTES = 40
FLOAT_BYTES = 24  # a float (``sys.getsizeof(0.0)``): a computed number is its own object
INT_BYTES = 28  # an int past the small ones Python shares (``sys.getsizeof(1000)``)


def tuple_bytes(*tuples: tuple[object, ...]) -> int:
    """The bytes of these tuples' own objects (not of their items)."""
    n = 0
    for t in tuples:
        n += TUPLE_BYTES + 8 * len(t)
    return n


def flat_bytes(key: tuple[object, ...], value: object) -> int:
    """The default ``sizeof`` (inlined by :meth:`BoundedCache.put`): a key that is a
    flat tuple of shared objects (card ids, tree labels, None, small ints), and a value
    that is a flat tuple of shared objects or is itself shared (a small int). By
    ``len``: ``sys.getsizeof`` costs several times more, and every miss pays it."""
    n = TUPLE_BYTES + 8 * len(key)
    if value.__class__ is tuple:
        n += TUPLE_BYTES + 8 * len(value)
    return n


class BoundedCache(Generic[K, V]):
    """A dict from key to a remembered value that never holds more than ``max_bytes``
    (its own accounting: each entry is charged ``sizeof(key, value)``, the bytes of
    the objects it alone holds, plus :data:`ENTRY_BYTES`; ``sizeof`` is by default
    :func:`flat_bytes`, and a cache of other keys or values passes its own).

    Read with ``cache.get(key)`` (``None`` when absent); add with
    ``cache.put(key, value)``, which returns the value remembered. A memo's value for a
    key never changes, so putting a key already there keeps the first value. Values
    must not be None (``get``'s "absent") nor be changed once put (every reader shares
    them)."""

    __slots__ = ("_entries", "_sizeof", "_sizes", "get", "max_bytes", "nbytes")

    def __init__(self, max_bytes: int, sizeof: Callable[[K, V], int] | None = None) -> None:
        if max_bytes <= 0:
            raise ValueError(f"a cache's budget must be positive, not {max_bytes} bytes")
        self.max_bytes = max_bytes
        self.nbytes = 0  # what the entries are charged: at most max_bytes after a put
        self._sizeof = sizeof  # None: flat_bytes, inlined (every miss pays for it)
        self._entries: dict[K, V] = {}
        self._sizes: deque[int] = deque()  # each entry's charge, in the entries' order
        self.get: Callable[[K], V | None] = self._entries.get

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` and return it (or the value already there);
        forget the oldest entries if the budget is passed."""
        entries = self._entries
        n = len(entries)
        found = entries.setdefault(key, value)  # (one hash of the key)
        if len(entries) == n:
            return found
        sizeof = self._sizeof
        if sizeof is None:
            size = ENTRY_BYTES + TUPLE_BYTES + 8 * len(key)  # type: ignore[arg-type]
            if value.__class__ is tuple:
                size += TUPLE_BYTES + 8 * len(value)  # type: ignore[arg-type]
        else:
            size = ENTRY_BYTES + sizeof(key, value)
        self._sizes.append(size)
        self.nbytes += size
        if self.nbytes > self.max_bytes:
            self._forget_oldest()
        return value

    def _forget_oldest(self) -> None:
        """Drop the oldest entries until a quarter of the budget is free (one pass, so
        the cost is spread over the many misses that fill it again)."""
        goal = self.max_bytes - self.max_bytes // 4
        sizes = self._sizes
        left = self.nbytes
        count = 0
        while left > goal:
            left -= sizes.popleft()
            count += 1
        entries = self._entries
        for k in list(islice(entries, count)):
            del entries[k]
        self.nbytes = left

    def clear(self) -> None:
        self._entries.clear()
        self._sizes.clear()
        self.nbytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __repr__(self) -> str:
        return (
            f"BoundedCache({len(self._entries)} entries, {self.nbytes} of {self.max_bytes} bytes)"
        )
