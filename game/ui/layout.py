"""Screens are laid out, not pixel-placed: regions from the window's real size.

A scene says what goes where -- a column of rows, a row of columns, with fixed sizes,
weights and minimum sizes, as CSS grid or Godot's containers do -- and this module turns
that into device-pixel rectangles for the window at hand. Sizes are given in design pixels
(dp, ``theme.Metrics``): ``rows(area, 56, fr(1), 60)`` is a 56 dp bar, a stretching middle
and a 60 dp foot, whatever the window.

``form()`` names the shape of the window with a few breakpoints, so a scene can choose a
layout (two columns on a desktop, a column on a phone held upright) the way a LayoutBuilder
does; ``flow`` lays buttons out in lines that wrap; ``Sections`` routes pointer input to
the region under it (as Python Arcade's sections do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from . import theme

# the sizes the layouts hold (app and tests read them here too)
from .sizes import MIN_HEIGHT, MIN_PORTRAIT_HEIGHT, MIN_WIDTH, TWO_COLUMNS, holds, portrait  # noqa: F401


@dataclass(frozen=True)
class Fr:
    """A stretching track: a share ``weight`` of the room left, within [min, max] dp."""

    weight: float = 1.0
    min: float = 0.0
    max: float | None = None


def fr(weight: float = 1.0, min: float = 0.0, max: float | None = None) -> Fr:  # noqa: A002
    return Fr(weight, min, max)


Track = float | int | Fr


def _split(length: int, tracks: Sequence[Track], gap: float) -> list[tuple[int, int]]:
    """(offset, size) in device pixels of each track along a line of ``length``."""
    n = len(tracks)
    if not n:
        return []
    gap_px = theme.px(gap)
    room = length - gap_px * (n - 1)
    sizes: list[float | None] = [None if isinstance(t, Fr) else float(theme.px(t))
                                 for t in tracks]
    fixed = sum(s for s in sizes if s is not None)
    free = [i for i, s in enumerate(sizes) if s is None]
    left = max(0.0, room - fixed)
    # Distribute what is left by weight, as CSS flexbox resolves min and max: clamp every
    # share; if the clamps add room (mins won), freeze the tracks held at their minimum, else
    # those held at their maximum; share what remains among the rest, again.
    while free:
        weight = sum(tracks[i].weight for i in free) or 1.0
        shares = {i: left * tracks[i].weight / weight for i in free}
        clamped = {}
        for i, share in shares.items():
            t = tracks[i]
            lo = float(theme.px(t.min))
            hi = float(theme.px(t.max)) if t.max is not None else None
            clamped[i] = max(lo, share if hi is None else min(hi, share))
        excess = sum(clamped[i] - shares[i] for i in free)
        if abs(excess) < 1e-6:
            for i in free:
                sizes[i] = clamped[i]
            break
        frozen = [i for i in free if (clamped[i] > shares[i]) == (excess > 0)
                  and clamped[i] != shares[i]]
        for i in frozen:
            sizes[i] = clamped[i]
            left = max(0.0, left - clamped[i])
            free.remove(i)
    out, pos, carry = [], 0.0, 0.0
    for s in sizes:
        exact = (s or 0.0) + carry
        whole = int(round(exact))
        carry = exact - whole
        out.append((int(round(pos)), max(0, whole)))
        pos += whole + gap_px
    return out


def rows(area: pygame.Rect, *tracks: Track, gap: float = 0) -> list[pygame.Rect]:
    """``area`` cut into rows, top to bottom."""
    return [pygame.Rect(area.x, area.y + off, area.w, size)
            for off, size in _split(area.h, tracks, gap)]


def cols(area: pygame.Rect, *tracks: Track, gap: float = 0) -> list[pygame.Rect]:
    """``area`` cut into columns, left to right."""
    return [pygame.Rect(area.x + off, area.y, size, area.h)
            for off, size in _split(area.w, tracks, gap)]


def inset(area: pygame.Rect, all_sides: float = 0, *, x: float | None = None,
          y: float | None = None, top: float | None = None, bottom: float | None = None,
          left: float | None = None, right: float | None = None) -> pygame.Rect:
    """``area`` less margins in dp (one for all sides, or per side/axis)."""
    lx = theme.px(left if left is not None else x if x is not None else all_sides)
    rx = theme.px(right if right is not None else x if x is not None else all_sides)
    ty = theme.px(top if top is not None else y if y is not None else all_sides)
    by = theme.px(bottom if bottom is not None else y if y is not None else all_sides)
    return pygame.Rect(area.x + lx, area.y + ty, max(0, area.w - lx - rx),
                       max(0, area.h - ty - by))


def centred(area: pygame.Rect, w: float, h: float) -> pygame.Rect:
    """A box of w x h dp (at most the area) in the middle of ``area``."""
    r = pygame.Rect(0, 0, min(area.w, theme.px(w)), min(area.h, theme.px(h)))
    r.center = area.center
    return r


def take_top(area: pygame.Rect, h: float, gap: float = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the top ``h`` dp of ``area``, the rest below it after ``gap``)."""
    top, rest = rows(area, h, fr(), gap=gap)
    return top, rest


def take_bottom(area: pygame.Rect, h: float, gap: float = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(the bottom ``h`` dp of ``area``, the rest above it)."""
    rest, bottom = rows(area, fr(), h, gap=gap)
    return bottom, rest


def flow(area: pygame.Rect, widths: Sequence[float], height: float, gap: float = 8,
         align: str = "center") -> list[pygame.Rect]:
    """Boxes of the given widths (dp) and one height, in lines that wrap inside ``area``'s
    width; each line aligned left, centre or right. A box wider than the area is narrowed
    to it."""
    gap_px, h = theme.px(gap), theme.px(height)
    lines: list[list[int]] = [[]]
    used = 0
    for w in widths:
        w_px = min(area.w, theme.px(w))
        if lines[-1] and used + gap_px + w_px > area.w:
            lines.append([])
            used = 0
        used += (gap_px if lines[-1] else 0) + w_px
        lines[-1].append(w_px)
    out: list[pygame.Rect] = []
    y = area.y
    for line in lines:
        total = sum(line) + gap_px * (len(line) - 1)
        x = {"left": area.x, "right": area.right - total}.get(align, area.centerx - total // 2)
        for w_px in line:
            out.append(pygame.Rect(x, y, w_px, h))
            x += w_px + gap_px
        y += h + gap_px
    return out


def flow_height(width: int, widths: Sequence[float], height: float, gap: float = 8) -> float:
    """The height in dp that ``flow`` needs for these boxes in ``width`` device pixels."""
    if not widths:
        return 0
    box = pygame.Rect(0, 0, width, 10**6)
    placed = flow(box, widths, height, gap)
    return theme.dp(placed[-1].bottom)


def grid(area: pygame.Rect, n: int, columns: int, cell_h: float, gap: float = 12
         ) -> list[pygame.Rect]:
    """``n`` cells of ``cell_h`` dp in ``columns`` equal columns, row by row."""
    columns = max(1, columns)
    n_rows = (n + columns - 1) // columns
    lines = rows(pygame.Rect(area.x, area.y, area.w, 10**6), *([cell_h] * n_rows), gap=gap)
    out = []
    for r in lines:
        out += cols(r, *([fr()] * columns), gap=gap)
    return out[:n]


def touch_size(dp: float) -> float:
    """A control's side in dp: at least the touch minimum on a layout meant for touch."""
    return max(dp, theme.TOUCH_MIN) if theme.metrics.touch else dp


@dataclass(frozen=True)
class Form:
    """The shape of the window, in dp, with the breakpoints scenes choose layouts by."""

    width: float
    height: float
    touch: bool

    @property
    def portrait(self) -> bool:
        """Taller than wide, or too narrow for two columns side by side (a phone upright,
        a tablet upright)."""
        return portrait(self.width, self.height)

    @property
    def short(self) -> bool:
        """Landscape but low: a phone on its side."""
        return not self.portrait and self.height < 560

    @property
    def narrow(self) -> bool:
        """Landscape but with less width than the desktop design (a small window, a
        tablet on its side)."""
        return not self.portrait and self.width < 1180

    @property
    def name(self) -> str:
        if self.portrait:
            return "portrait"
        if self.short:
            return "short"
        return "narrow" if self.narrow else "wide"


# The smallest window the layouts hold, in dp (CSS pixels: no zoom below 1280x720): 320
# wide and 360 tall, and a one-column layout (``Form.portrait``) 560 tall. Every scene of
# every game passes the checks of tests/test_ui_screens.py at 320x560 (touch, ratio 2) and
# at 640x360; under them touch targets get smaller than a finger (300x568, 360x540, 640x340)
# or the sheet's scroll bar leaves the window (360x500, 639x360). A smaller window shows
# "too small" instead of the scenes (``App``), which wait for it to grow.
def form() -> Form:
    m = theme.metrics
    return Form(m.width, m.height, m.touch)


def screen_rect() -> pygame.Rect:
    return pygame.Rect((0, 0), theme.metrics.size)


class Sections:
    """Pointer input routed by region: each section is a rectangle with a handler; a
    pointer event goes to the topmost section under it (the last one added), and the
    handler says whether it used the event. Keys go to the scene, not to sections."""

    POINTER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
               pygame.MOUSEWHEEL)

    def __init__(self):
        self.items: list[tuple[str, pygame.Rect, Callable[[pygame.event.Event], bool]]] = []
        self.pointer = (-1, -1)

    def clear(self) -> None:
        self.items = []

    def add(self, name: str, rect: pygame.Rect, handler: Callable[[pygame.event.Event], bool]
            ) -> None:
        self.items.append((name, pygame.Rect(rect), handler))

    def at(self, pos) -> str | None:
        for name, rect, _ in reversed(self.items):
            if rect.collidepoint(pos):
                return name
        return None

    def route(self, event: pygame.event.Event) -> bool:
        """Hand a pointer event to the section under it. Motion also reaches every other
        section once (so hover states clear when the pointer leaves them)."""
        if event.type not in self.POINTER:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pointer
        else:
            pos = event.pos
            self.pointer = pos
        if event.type == pygame.MOUSEMOTION:
            used = False
            for _, _, handler in reversed(self.items):
                used = handler(event) or used
            return used
        for _, rect, handler in reversed(self.items):
            if rect.collidepoint(pos) and handler(event):
                return True
        return False


def union(rects: Iterable[pygame.Rect]) -> pygame.Rect | None:
    out = None
    for r in rects:
        out = pygame.Rect(r) if out is None else out.union(r)
    return out
