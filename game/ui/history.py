"""The move history: every roll, choice and result of every player, newest at the bottom,
scrollable with the wheel, PgUp/PgDn or the two arrow buttons (touch). Lines are wrapped
once when added, so a long game costs nothing per frame."""

from __future__ import annotations

import pygame

from . import theme
from .text import draw_text_in, wrap_lines

SIZE = 16
LINE_H = 20
LIMIT = 3000  # wrapped lines kept; a game of eight players stays far below it


class History:
    def __init__(self, rect: pygame.Rect):
        self.rect = rect
        self.lines: list[tuple[str, tuple]] = []
        self.offset = 0  # lines scrolled up from the newest
        self.up = pygame.Rect(rect.right - 34, rect.y + 6, 28, 28)
        self.down = pygame.Rect(rect.right - 34, rect.bottom - 34, 28, 28)

    @property
    def text_box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 10, self.rect.y + 6, self.rect.w - 54, self.rect.h - 12)

    @property
    def visible(self) -> int:
        return self.text_box.h // LINE_H

    @property
    def max_offset(self) -> int:
        return max(0, len(self.lines) - self.visible)

    def add(self, text: str, colour=theme.TEXT) -> None:
        face = theme.font(SIZE)
        for i, line in enumerate(wrap_lines(face, text, self.text_box.w - 14)):
            self.lines.append((("   " if i else "") + line, colour))
        if self.offset:  # reading older lines: keep them still while new ones arrive
            self.offset = min(self.offset + 1, self.max_offset)
        del self.lines[:-LIMIT]

    def scroll(self, lines: int) -> None:
        """Positive: back in time (up)."""
        self.offset = max(0, min(self.max_offset, self.offset + lines))

    def handle_click(self, pos) -> bool:
        if self.up.collidepoint(pos):
            self.scroll(3)
            return True
        if self.down.collidepoint(pos):
            self.scroll(-3)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_DARK, self.rect, border_radius=12)
        box = self.text_box
        end = len(self.lines) - self.offset
        shown = self.lines[max(0, end - self.visible):end]
        y = box.bottom - len(shown) * LINE_H
        for text, colour in shown:
            draw_text_in(surface, text, pygame.Rect(box.x, y, box.w, LINE_H), SIZE, colour,
                         align="left", min_size=11)
            y += LINE_H
        if not self.lines:
            draw_text_in(surface, "Every move of the game will be listed here.", box, SIZE,
                         theme.TEXT_DIM, align="left")
        for rect, sign, live in ((self.up, -1, self.offset < self.max_offset),
                                 (self.down, 1, self.offset > 0)):
            pygame.draw.rect(surface, theme.PANEL_LIGHT if live else theme.PANEL, rect,
                             border_radius=6)
            cx, cy = rect.center
            pygame.draw.polygon(surface, theme.TEXT if live else theme.LINE,
                                [(cx - 7, cy - 4 * sign), (cx + 7, cy - 4 * sign), (cx, cy + 5 * sign)])
        if self.max_offset:
            track = pygame.Rect(self.up.centerx - 2, self.up.bottom + 6, 4,
                                self.down.y - self.up.bottom - 12)
            knob_h = max(12, track.h * self.visible // len(self.lines))
            top = track.bottom - knob_h - (track.h - knob_h) * self.offset // self.max_offset
            pygame.draw.rect(surface, theme.LINE, (track.x, top, 4, knob_h), border_radius=2)
