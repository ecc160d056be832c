"""The move history: every roll, choice and result of every player, newest at the bottom,
scrollable with the wheel, PgUp/PgDn, a drag (a finger) or the two arrow buttons, which are
lit while there is more that way (and a bar between them says where the view is). Entries are kept
whole and wrapped once for the width they are shown at (again only when that changes), so a
long game costs nothing per frame.

An entry is text, with its dice written as "[6 6 4 1]" (``tables.base.dice_text``) or, in
Pirate Fortune, "[3 skulls, 2 coins]": that is what a log or a screen reader gets. Drawn,
each such group is small dice the size of the text (game.ui.inline), wrapping with it."""

from __future__ import annotations

import pygame

from . import inline, probe, theme
from .scroll import DRAG
from .text import draw_text_in

SIZE = 15  # dp
LIMIT = 3000  # entries kept; a game of eight players stays far below it


class HistoryLine(tuple):
    """One drawn line of an entry: unpacks as (text, colour), the text in words (a line
    after an entry's first starts with "   "); ``layout`` is what is drawn."""

    def __new__(cls, text: str, colour: tuple, layout: inline.Line):
        self = super().__new__(cls, (text, colour))
        self.layout = layout
        return self


class History:
    def __init__(self, rect: pygame.Rect):
        self.entries: list[tuple[str, tuple]] = []
        self.offset = 0  # lines scrolled up from the newest
        self._press: tuple[int, int] | None = None  # (y, offset) of a press that may drag
        self._wrapped: list[HistoryLine] = []
        self._wrap_key = None
        self.set_rect(rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        side = theme.px(max(28, theme.TOUCH_MIN if theme.metrics.touch else 28))
        pad = theme.px(6)
        self.up = pygame.Rect(self.rect.right - side - pad, self.rect.y + pad, side, side)
        self.down = pygame.Rect(self.rect.right - side - pad, self.rect.bottom - side - pad,
                                side, side)
        if self.down.top < self.up.bottom:  # a very low history: the arrows side by side
            self.up.right = self.down.left - pad
            self.down.top = self.up.top

    @property
    def line_h(self) -> int:
        return theme.font(SIZE).get_height() + theme.px(2)

    @property
    def text_box(self) -> pygame.Rect:
        pad = theme.px(8)
        return pygame.Rect(self.rect.x + pad + theme.px(2), self.rect.y + theme.px(4),
                           self.up.left - self.rect.x - 2 * pad, self.rect.h - theme.px(8))

    def _style(self) -> inline.Style:
        return inline.style_for(theme.font(SIZE))

    def _wrap(self, text: str, colour) -> list[HistoryLine]:
        style = self._style()
        width = max(1, self.text_box.w - theme.px(16))
        lines = inline.layout(inline.parse(text), width, style,
                              indent=style.face.size("   ")[0])
        return [HistoryLine(("   " if i else "") + line.text, colour, line)
                for i, line in enumerate(lines)]

    @property
    def lines(self) -> list[HistoryLine]:
        """The entries wrapped to the box: (line, colour) with its layout. Wrapped again
        only when the box or the scale changed; a new entry is wrapped when it is added."""
        key = (self.text_box.w, theme.metrics.scale, theme.generation)
        if key != self._wrap_key:
            self._wrapped = [line for text, colour in self.entries
                             for line in self._wrap(text, colour)]
            self._wrap_key = key
        return self._wrapped

    @property
    def visible(self) -> int:
        return max(1, self.text_box.h // self.line_h)

    @property
    def max_offset(self) -> int:
        return max(0, len(self.lines) - self.visible)

    def add(self, text: str, colour=theme.TEXT) -> None:
        lines = self.lines
        new = self._wrap(text, colour)
        self.entries.append((text, colour))
        lines += new
        if len(self.entries) > LIMIT:  # the oldest go (and their lines with them)
            del self.entries[:-LIMIT]
            self._wrap_key = None
        if self.offset:  # reading older lines: keep them still while new ones arrive
            self.offset = min(self.offset + len(new), self.max_offset)

    def restore(self, entries: list[tuple[str, tuple]]) -> None:
        """Start again with these entries (a continued game's history), newest last; they
        are wrapped when first shown."""
        self.entries = list(entries)[-LIMIT:]
        self.offset = 0
        self._wrapped, self._wrap_key = [], None

    def clear(self) -> None:
        self.entries, self.offset = [], 0
        self._wrapped, self._wrap_key = [], None

    def scroll(self, lines: int) -> None:
        """Positive: back in time (up)."""
        self.offset = max(0, min(self.max_offset, self.offset + lines))

    @property
    def pressed(self) -> bool:
        """A press (or a drag) in the history is under way: its motion and release belong
        to it wherever they happen."""
        return self._press is not None

    def pointer(self, event: pygame.event.Event) -> bool:
        """The wheel, the arrows, and a drag of the lines (down: older ones come into
        view). True when the event was used."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.handle_click(event.pos):
                return True
            if self.rect.collidepoint(event.pos):
                self._press = (event.pos[1], self.offset)
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            dy = event.pos[1] - self._press[0]
            if abs(dy) > theme.px(DRAG) or self.offset != self._press[1]:
                self.offset = max(0, min(self.max_offset,
                                         self._press[1] + round(dy / self.line_h)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press:
            self._press = None
            return True
        return False

    def handle_click(self, pos) -> bool:
        if self.up.collidepoint(pos):
            self.scroll(3)
            return True
        if self.down.collidepoint(pos):
            self.scroll(-3)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_DARK, self.rect, border_radius=theme.px(12))
        box = self.text_box
        lines = self.lines
        end = len(lines) - self.offset
        shown = lines[max(0, end - self.visible):end]
        lh = self.line_h
        y = box.bottom - len(shown) * lh
        style = self._style()
        items = []
        for line in shown:
            inline.draw_line(surface, line.layout, box.x, y, lh, SIZE, theme.live(line[1]), style)
            items.append(pygame.Rect(box.x, y, box.w, lh))
            y += lh
        above, below = self.offset < self.max_offset, self.offset > 0
        view = pygame.Rect(box.x, box.bottom - self.visible * lh, box.w, self.visible * lh)
        probe.scroller("history", view, len(lines) * lh, (self.max_offset - self.offset) * lh,
                       tuple(s for s, more in (("above", above), ("below", below)) if more),
                       items)
        if not lines:
            draw_text_in(surface, "Every move of the game will be listed here.", box, SIZE,
                         theme.TEXT_DIM, align="left", valign="top", wrap=True, min_size=13)
        for rect, sign, live in ((self.up, -1, self.offset < self.max_offset),
                                 (self.down, 1, self.offset > 0)):
            pygame.draw.rect(surface, theme.PANEL_LIGHT if live else theme.PANEL, rect,
                             border_radius=theme.px(6))
            cx, cy = rect.center
            a = theme.px(7)
            pygame.draw.polygon(surface, theme.TEXT if live else theme.LINE,
                                [(cx - a, cy - a // 2 * sign), (cx + a, cy - a // 2 * sign),
                                 (cx, cy + (a * 2 // 3) * sign)])
            probe.control(f"history {'up' if sign < 0 else 'down'}", rect, group="history",
                          enabled=live, surface=surface)
        if self.max_offset and self.down.top > self.up.bottom:
            w = max(2, theme.px(4))
            track = pygame.Rect(self.up.centerx - w // 2, self.up.bottom + theme.px(6), w,
                                self.down.y - self.up.bottom - theme.px(12))
            knob_h = max(theme.px(12), track.h * self.visible // len(lines))
            top = track.bottom - knob_h - (track.h - knob_h) * self.offset // self.max_offset
            pygame.draw.rect(surface, theme.LINE, (track.x, top, w, knob_h), border_radius=w)
