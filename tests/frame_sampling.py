"""Which frames a frame-by-frame check looks at, when looking costs a whole redraw.

A check that compares what the loop drew with what a whole redraw gives looks at every
frame where something changed (what the caller's key says: the game, a scroll, a page,
the hand, the window, a moment starting or ending), at the ``after`` frames that follow
each, and at every ``every``-th frame otherwise. A region the loop leaves stale stays
stale until a whole redraw, so a sampled frame still finds it; the frames that change
something, where a dirty rectangle is most often forgotten, are all looked at."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

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


_copies: dict[int, tuple[bytearray, bytearray]] = {}  # (kept: a copy this size is a memcpy)


def _stored(surface, rows: slice, into: bytearray) -> bytearray:
    memoryview(into)[:] = memoryview(surface.get_view("1")).cast("B")[rows]
    return into


def same_pixels(a, b, area=None) -> bool:
    """Whether surfaces ``a`` and ``b`` show the same colours (within ``area``, a rectangle
    of both): ``pygame.image.tobytes(..., "RGB")`` compared, at a fifth of its cost. The
    pixels' memory is compared first (the rows ``area`` spans, as stored: no conversion,
    copied into buffers kept from one call to the next); where it is equal the colours
    are; only where it is not (a pixel differs, or only the byte no colour uses, or the
    rows' other pixels) are the colours themselves compared."""
    if (a.get_size() == b.get_size() and a.get_pitch() == b.get_pitch()
            and a.get_bitsize() == b.get_bitsize() and a.get_masks() == b.get_masks()):
        pitch = a.get_pitch()
        rows = slice(0, pitch * a.get_height()) if area is None else \
            slice(area.top * pitch, area.bottom * pitch)
        size = rows.stop - rows.start
        if size not in _copies:
            if len(_copies) > 8:
                _copies.clear()
            _copies[size] = bytearray(size), bytearray(size)
        mine, theirs = _copies[size]
        if _stored(a, rows, mine) == _stored(b, rows, theirs):
            return True
    if area is not None:
        a, b = a.subsurface(area), b.subsurface(area)
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
