"""Which frames a frame-by-frame check looks at, when looking costs a whole redraw.

A check that compares what the loop drew with what a whole redraw gives looks at every
frame where something changed (what the caller's key says: the game, a scroll, a page,
the hand, the window, a moment starting or ending), at the ``after`` frames that follow
each, and at every ``every``-th frame otherwise. A region the loop leaves stale stays
stale until a whole redraw, so a sampled frame still finds it; the frames that change
something, where a dirty rectangle is most often forgotten, are all looked at."""

from __future__ import annotations

from collections.abc import Hashable

_NONE = object()


class Sampled:
    def __init__(self, every: int = 4, after: int = 2):
        self.every, self.after = every, after
        self._key: Hashable = _NONE
        self._left = 0  # frames still to look at after the last change
        self.frames = self.looked = 0

    def __call__(self, key: Hashable) -> bool:
        """This frame's key (for every frame the check could look at, looked at or not):
        whether to look at it."""
        self.frames += 1
        if key != self._key:
            self._key = key
            self._left = self.after + 1
        if self._left:
            self._left -= 1
            look = True
        else:
            look = self.frames % self.every == 0
        self.looked += look
        return look
