"""Bot tables built once on first use, at once or in pieces over frames.

A bot's tables (the dice transitions, Farkle's turn table, the Yatzy expert values) take
from a few to a few dozen milliseconds to build natively, several times that in the
browser. A bot that needs one now builds it at once (``Lazy.get``); the coach, which may
be the first to need it, builds it as a generator job (``Lazy.steps``, run by a
game.tasks.Task) that yields between small pieces, so the first hint never freezes a
frame. Both give the same object: the builder is one generator, run to its end by
``get`` and a piece per ``next`` by ``steps``. No pygame, no threads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from game.tasks import Steps, run_now

T = TypeVar("T")

class Lazy(Generic[T]):
    """Values of ``build(*key)`` (a generator that returns the value), each built once."""

    def __init__(self, build: Callable[..., Steps[T]]):
        self.build = build
        self.built: dict[Hashable, T] = {}

    def get(self, *key: Hashable) -> T:
        """The value for ``key``, built at once if it is not there yet."""
        value = self.built.get(key)
        if value is None:
            value = self.built.setdefault(key, run_now(self.build(*key)))
        return value

    def steps(self, *key: Hashable) -> Steps[T]:
        """The value for ``key`` as a generator job: built in pieces if it is not there
        yet (a job cancelled half way leaves nothing behind)."""
        value = self.built.get(key)
        if value is None:
            value = yield from self.build(*key)
            value = self.built.setdefault(key, value)
        return value

    def cache_clear(self) -> None:
        self.built.clear()
