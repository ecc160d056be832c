"""A scrolling region: content taller than its place on screen (the menu on a phone, a long
score sheet) moves under a fixed viewport with the wheel, a finger or a mouse drag, the
keyboard (the focused control is scrolled into view) and two small arrow buttons.

A press inside the viewport becomes a click only when it is released without having moved
(a drag scrolls instead), so touch screens can scroll a list of buttons without pressing
one by accident. Content is laid out in its own coordinates (``content`` rects, y from 0);
``to_screen`` places a rect for drawing and hit tests."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import probe, theme

DRAG = 8  # dp a press must move to become a drag


class ScrollArea:
    def __init__(self, name: str = "scroll"):
        self.name = name
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0  # device pixels scrolled down
        self._press: tuple[int, int] | None = None
        self._press_offset = 0
        self.dragging = False

    # -- geometry ----------------------------------------------------------------------------
    def set(self, viewport: pygame.Rect, content_h: int) -> None:
        self.viewport = pygame.Rect(viewport)
        self.content_h = max(0, int(content_h))
        self.offset = max(0, min(self.offset, self.max_offset))

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.viewport.h)

    @property
    def scrolls(self) -> bool:
        return self.max_offset > 0

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """A content rect (y from the top of the content) where it is drawn now."""
        return pygame.Rect(rect).move(self.viewport.x, self.viewport.y - self.offset)

    def visible(self, screen_rect: pygame.Rect) -> bool:
        """Whether a (screen) rect is wholly inside the viewport."""
        return self.viewport.contains(screen_rect)

    def scroll(self, device_px: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + device_px))

    def scroll_to(self, content_rect: pygame.Rect, margin: float = 8) -> None:
        """Scroll the least so that a content rect is in view."""
        m = theme.px(margin)
        top, bottom = content_rect.top - m, content_rect.bottom + m
        if top < self.offset:
            self.offset = max(0, top)
        elif bottom > self.offset + self.viewport.h:
            self.offset = min(self.max_offset, bottom - self.viewport.h)

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, click: Callable[[pygame.event.Event], bool]
               ) -> bool:
        """Wheel and drags scroll; a press released without a drag reaches ``click`` as a
        MOUSEBUTTONDOWN at the press's place. True when the event was used."""
        if event.type == pygame.MOUSEWHEEL:
            if not self.scrolls:
                return False
            self.scroll(-event.y * theme.px(48))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.viewport.collidepoint(event.pos):
                return False
            if not self.scrolls:
                return click(event)
            self._press, self._press_offset, self.dragging = event.pos, self.offset, False
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            dy = event.pos[1] - self._press[1]
            if self.dragging or abs(dy) > theme.px(DRAG):
                self.dragging = True
                self.offset = max(0, min(self.max_offset, self._press_offset - dy))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            press, dragged = self._press, self.dragging
            self._press, self.dragging = None, False
            if not dragged:
                return click(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw_bar(self, surface: pygame.Surface) -> None:
        """A thin bar at the right edge saying where the view is (only when it scrolls)."""
        if not self.scrolls:
            return
        w = max(2, theme.px(4))
        track = pygame.Rect(self.viewport.right - w - theme.px(2), self.viewport.y + theme.px(4),
                            w, self.viewport.h - theme.px(8))
        pygame.draw.rect(surface, theme.BG_DARK, track, border_radius=w // 2)
        h = max(theme.px(24), track.h * self.viewport.h // max(1, self.content_h))
        top = track.y + (track.h - h) * self.offset // max(1, self.max_offset)
        pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, top, w, h), border_radius=w // 2)
        probe.control(f"{self.name} scrollbar", track, group=self.name, region=True)

    def clip(self, surface: pygame.Surface):
        """``with area.clip(surface):`` draws only inside the viewport."""
        return _Clip(surface, self.viewport)


class _Clip:
    def __init__(self, surface: pygame.Surface, rect: pygame.Rect):
        self.surface, self.rect = surface, rect

    def __enter__(self):
        self.saved = self.surface.get_clip()
        self.surface.set_clip(self.rect.clip(self.saved))
        return self

    def __exit__(self, *exc):
        self.surface.set_clip(self.saved)
        return False
