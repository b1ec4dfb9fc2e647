"""Seeded randomness whose whole state is one integer stored in the game state.

SplitMix64: tiny, fast in pure Python, and its state (a 64-bit int) serialises as a
plain JSON number, so a seed plus the action list reproduces a game exactly.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, new state)."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) without modulo bias; returns (value, new state)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = MASK64 - (MASK64 + 1) % n
    while True:
        v, state = next_u64(state)
        if v <= limit:
            return v % n, state


def shuffle(items: list[T], state: int) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state. Each swap is
    ``below(state, i + 1)`` with :func:`next_u64` written out (the hot loop of every
    reshuffle; tests check it against the two functions)."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            state = (state + _GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            v = z ^ (z >> 31)
            if v <= limit:
                break
        j = v % n
        items[i], items[j] = items[j], items[i]
    return state
