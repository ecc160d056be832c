"""What tests look at besides text: the controls a scene drew (buttons, dice, sheet rows),
so a test can check that no two overlap, none leaves the window, and touch layouts give
each one a finger's room. Off unless a test switches it on with ``record()``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from . import text

_controls: list[Control] | None = None


@dataclass(frozen=True)
class Control:
    """A control as drawn in a frame, for the tests that read the screen."""
    name: str
    rect: pygame.Rect  # the whole control
    group: str = ""  # controls of one group may touch (the cells of one sheet row)
    enabled: bool = True
    shown: pygame.Rect | None = None  # the part of it drawn (inside a scrolling view)
    region: bool = False  # not pressed but kept clear all the same (the odds, a scroll bar)


def control(name: str, rect: pygame.Rect, group: str = "", enabled: bool = True,
            surface: pygame.Surface | None = None, region: bool = False) -> None:
    """Note a control drawn at ``rect`` (on ``surface``: only its part inside the surface's
    clip counts as shown; a control clipped away entirely is not noted)."""
    if _controls is None:
        return
    rect = pygame.Rect(rect)
    shown = rect.clip(surface.get_clip()) if surface is not None else rect
    if shown.w and shown.h:
        _controls.append(Control(name, rect, group, enabled, shown, region))


def recording() -> bool:
    """Whether a test reads what is drawn (texts or controls): then everything is drawn
    afresh, nothing kept from an earlier frame."""
    return _controls is not None or text._recorded is not None or _scrollers is not None


def covered() -> None:
    """An overlay dimmed everything drawn so far: those controls cannot be reached now."""
    if _controls is not None:
        _controls.clear()


@contextmanager
def record() -> Iterator[list[Control]]:
    global _controls
    saved, _controls = _controls, []
    try:
        yield _controls
    finally:
        _controls = saved


_shown: list[tuple[str, object, pygame.Rect]] | None = None


def shown(kind: str, what, rect: pygame.Rect) -> None:
    """Note a picture that tells something (a card face, a die's face) while recording."""
    if _shown is not None:
        _shown.append((kind, what, pygame.Rect(rect)))


@contextmanager
def record_shown() -> Iterator[list[tuple[str, object, pygame.Rect]]]:
    global _shown
    saved, _shown = _shown, []
    try:
        yield _shown
    finally:
        _shown = saved


@dataclass
class Scroller:
    """A scrolling region as drawn: its view, the content's height and how far it is
    scrolled, the signs it drew ("above", "below": more that way) and the screen rects of
    the rows (lines, buttons) it drew in the view."""
    name: str
    viewport: pygame.Rect
    content_h: int
    offset: int
    signs: tuple[str, ...]
    items: list[pygame.Rect]
    clip: pygame.Rect  # where the rows are cut off (the view, or less)

    @property
    def scrolls(self) -> bool:
        return self.content_h > self.viewport.h


_scrollers: list[Scroller] | None = None


def scroller(name: str, viewport: pygame.Rect, content_h: int, offset: int,
             signs: tuple[str, ...], items: list[pygame.Rect],
             clip: pygame.Rect | None = None) -> None:
    """Note a scrolling region drawn (``game.ui.scroll.draw_sign`` does)."""
    if _scrollers is not None:
        _scrollers.append(Scroller(name, pygame.Rect(viewport), content_h, offset,
                                   tuple(signs), [pygame.Rect(r) for r in items],
                                   pygame.Rect(viewport if clip is None else clip)))


@contextmanager
def record_scrollers() -> Iterator[list[Scroller]]:
    global _scrollers
    saved, _scrollers = _scrollers, []
    try:
        yield _scrollers
    finally:
        _scrollers = saved
