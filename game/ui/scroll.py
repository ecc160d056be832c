"""A scrolling region: content taller than its place on screen (the menu on a phone, a long
score sheet) moves under a fixed viewport with the wheel, a finger or a mouse drag, the
keyboard (the focused control is scrolled into view) and two small arrow buttons.

Nothing is hidden without a sign: a region whose content does not fit draws one
(``draw_sign``): at each edge with more beyond it, the content fades out and an arrow
points that way, and a bar says where the view is; a region that fits draws none. With
``stops`` (the tops of its rows) the view comes to rest on a row's top, never halfway into
one: the wheel and the keys move from row to row, a drag lets go on the nearest.

A press inside the viewport becomes a click only when it is released without having moved
(a drag scrolls instead), so touch screens can scroll a list of buttons without pressing
one by accident. Content is laid out in its own coordinates (``content`` rects, y from 0);
``to_screen`` places a rect for drawing and hit tests."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import probe, theme

DRAG = 8  # dp a press must move to become a drag
FADE = 22  # dp: how far into the view the content fades at an edge with more beyond it
GUTTER = 12  # dp: the room at the right of a scrolling view for its bar and arrows


class ScrollArea:
    def __init__(self, name: str = "scroll", bg: tuple | None = None):
        self.name = name
        self.bg = bg  # the colour under the view (the fade's), theme.BG when None
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0  # device pixels scrolled down
        self.stops: list[int] = []  # content y's the view rests on (rows' tops), or none
        self._press: tuple[int, int] | None = None
        self._press_offset = 0
        self.dragging = False

    # -- geometry ----------------------------------------------------------------------------
    def set(self, viewport: pygame.Rect, content_h: int, stops: list[int] | None = None
            ) -> None:
        """The view and the content's height; ``stops``: the rows' tops (content y's) the
        view comes to rest on. A view at the end stays at the end (the view shrinks when a
        legend below grows, say a hint worded anew for the hand in use)."""
        at_end = 0 < self.max_offset <= self.offset
        self.viewport = pygame.Rect(viewport)
        self.content_h = max(0, int(content_h))
        if stops is not None:
            self.stops = sorted(set(stops))
        self.offset = self.max_offset if at_end else max(0, min(self.offset, self.max_offset))

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
        """Move the view down by about ``device_px`` (up when negative); with stops it comes
        to rest on the stop nearest there, at least one stop on."""
        target = max(0, min(self.max_offset, self.offset + device_px))
        self.offset = self._rest(target, device_px)

    def _rest(self, target: int, towards: int = 0) -> int:
        """Where the view rests near ``target``: the nearest stop (or the end), at least one
        stop past the view's place in the direction of ``towards``."""
        if not self.stops or target in (0, self.max_offset):
            return target
        ends = [y for y in self.stops if 0 < y < self.max_offset] + [0, self.max_offset]
        if towards > 0:
            ends = [y for y in ends if y > self.offset] or [self.max_offset]
        elif towards < 0:
            ends = [y for y in ends if y < self.offset] or [0]
        return min(ends, key=lambda y: (abs(y - target), y))

    def key(self, event: pygame.event.Event, line: float = 40) -> bool:
        """Up/Down (a row or ``line`` dp), PgUp/PgDn (a view), Home/End; True when the key
        is one of them."""
        page = max(theme.px(line), self.viewport.h - theme.px(line))
        steps = {pygame.K_UP: -theme.px(line), pygame.K_DOWN: theme.px(line),
                 pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_HOME: -10**7, pygame.K_END: 10**7}
        step = steps.get(getattr(event, "key", None))
        if step is None:
            return False
        self.scroll(step)
        return True

    def scroll_to(self, content_rect: pygame.Rect, margin: float = 8) -> None:
        """Scroll the least so that a content rect is in view (with stops, to the stop
        that brings it in)."""
        m = theme.px(margin)
        top, bottom = content_rect.top - m, content_rect.bottom + m
        if top < self.offset:
            self.offset = max(0, top)
            if self.stops:
                self.offset = max([y for y in self.stops if y <= self.offset] or [0])
        elif bottom > self.offset + self.viewport.h:
            self.offset = min(self.max_offset, bottom - self.viewport.h)
            if self.stops and self.offset < self.max_offset:
                self.offset = min([y for y in self.stops if y >= self.offset]
                                  + [self.max_offset])

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
            self.offset = self._rest(self.offset)  # let go: on the nearest row
            return True
        return False

    @property
    def pressed(self) -> bool:
        """A press (or a drag) inside the view is under way: its motion and release belong
        to it wherever they happen."""
        return self._press is not None

    # -- drawing ----------------------------------------------------------------------------
    def draw_bar(self, surface: pygame.Surface, items: list[pygame.Rect] | None = None
                 ) -> None:
        """The sign that the view scrolls (fades, arrows and a bar: ``draw_sign``), only
        when it does; ``items``: the screen rects of the rows drawn (for the tests)."""
        draw_sign(surface, self.name, self.viewport, self.content_h, self.offset,
                  self.bg, items)

    def clip(self, surface: pygame.Surface):
        """``with area.clip(surface):`` draws only inside the viewport."""
        return _Clip(surface, self.viewport)


_fades: dict[tuple, pygame.Surface] = {}


def _fade(w: int, h: int, colour: tuple, down: bool) -> pygame.Surface:
    """A band of ``colour`` going from clear to nearly opaque (towards the bottom when
    ``down``), made once per size."""
    key = (w, h, tuple(colour[:3]), down)
    band = _fades.get(key)
    if band is None:
        if len(_fades) > 32:
            _fades.clear()
        band = pygame.Surface((w, h), pygame.SRCALPHA)
        for y in range(h):
            t = (y + 1) / h if down else (h - y) / h
            band.fill((*colour[:3], int(235 * t * t)), (0, y, w, 1))
        _fades[key] = band
    return band


def draw_sign(surface: pygame.Surface, name: str, viewport: pygame.Rect, content_h: int,
              offset: int, bg: tuple | None = None, items: list[pygame.Rect] | None = None,
              clip: pygame.Rect | None = None, fade: bool = True) -> None:
    """The sign of a scrolling view, drawn over its content: at an edge with more beyond
    it the content fades into ``bg`` and an arrow in the gutter points that way; a bar in
    the gutter says where the view is. Nothing when the content fits. While tests record
    what is drawn, the region is noted (``probe.scroller``) with what it signed, the rows
    drawn (``items``, screen rects) and where they are cut (``clip``, the view by
    default). ``fade`` False: no fades (a view of whole rows that says how many more
    there are in words)."""
    view = pygame.Rect(viewport)
    above = offset > 0
    below = offset + view.h < content_h
    signs = tuple(side for side, more in (("above", above), ("below", below)) if more)
    probe.scroller(name, view, content_h, offset, signs, items or [],
                   view if clip is None else clip)
    if not signs or view.w <= 0 or view.h <= 0:
        return
    px = theme.px
    bg = theme.BG if bg is None else bg
    fade_h = min(px(FADE), view.h // 4) if fade else 0
    if fade_h > 0:
        if above:
            surface.blit(_fade(view.w, fade_h, bg, False), view.topleft)
        if below:
            surface.blit(_fade(view.w, fade_h, bg, True), (view.x, view.bottom - fade_h))
    w = max(2, px(4))
    a = max(3, px(5))  # the arrows' half width
    cx = view.right - px(GUTTER) // 2
    track = pygame.Rect(cx - w // 2, view.y + 2 * a + px(6), w, view.h - 4 * a - px(12))
    for more, y, sign in ((above, view.y + px(3), 1), (below, view.bottom - px(3), -1)):
        colour = theme.TEXT if more else theme.LINE
        tip, base = y, y + sign * (a + a // 2)
        pygame.draw.polygon(surface, colour, [(cx, tip), (cx - a, base), (cx + a, base)])
    if track.h > px(8):
        pygame.draw.rect(surface, theme.BG_DARK, track, border_radius=w // 2)
        h = max(px(16), track.h * view.h // max(1, content_h))
        h = min(h, track.h)
        top = track.y + (track.h - h) * offset // max(1, content_h - view.h)
        pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, top, w, h), border_radius=w // 2)
    gutter = pygame.Rect(view.right - px(GUTTER), view.y, px(GUTTER), view.h)
    probe.control(f"{name} scrollbar", gutter, group=name, region=True)


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
