"""A score table widget: a label column and one column per player, clickable rows.

Games describe what to show as a ``SheetModel``; the widget only lays it out, draws it
and turns a click into the row's key. Yatzy's sheet, Farkle's board and the later
category games all use it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import theme
from .text import draw_text_in, ellipsize, fit_text


def fit(text: str, size: int, width: int) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` pixels in the bold face."""
    return ellipsize(theme.font(size, True), text, width)


@dataclass
class Cell:
    text: str = ""
    colour: tuple = theme.TEXT
    bold: bool = False
    fill: tuple | None = None
    key: str | None = None  # set when clicking this one cell means something (a box of a column)


@dataclass
class Row:
    label: str
    cells: list[Cell]
    key: str | None = None  # set when clicking the row means something (a category)
    kind: str = "normal"  # normal | sum | total
    label_colour: tuple = theme.TEXT
    box: str | None = None  # the game's box this row stands for, when not ``key``
    note: str = ""  # a small text at the right of the label (the odds of making the box)
    note_colour: tuple = theme.INFO


@dataclass
class SheetModel:
    headers: list[tuple[str, tuple]]  # (player name, colour), one per column
    rows: list[Row]
    active_column: int = -1  # the player to act: their column is lit
    cursor: str | None = None  # keyboard cursor (a row key)
    footer: str = ""
    corner: str = ""  # text above the label column (whose sheet this is)


@dataclass
class ScoreSheet:
    rect: pygame.Rect
    label_width: int = 200
    hover_key: str | None = None
    row_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    cell_rects: dict[str, pygame.Rect] = field(default_factory=dict)

    def key_at(self, pos) -> str | None:
        for key, r in self.cell_rects.items():  # a clickable cell wins over its row
            if r.collidepoint(pos):
                return key
        for key, r in self.row_rects.items():
            if r.collidepoint(pos):
                return key
        return None

    def _note_width(self, row) -> int:
        return min(58, self.label_width // 3 + 6) if row.note else 0

    def _label_size(self, model: SheetModel, size: int, row_h: int) -> int:
        """One size for the row labels: the largest at which every label fits, but never
        more than 4 below the sheet's size (a longer label shrinks on its own), so the
        labels of one sheet look alike instead of each one its own size."""
        fitted = size
        for row in model.rows:
            width = self.label_width - 12 - self._note_width(row)
            fitted = min(fitted, fit_text(row.label, width, row_h - 2, size, 10,
                                          row.kind == "total").size)
        return max(fitted, size - 4)

    def draw(self, surface: pygame.Surface, model: SheetModel) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=14)
        n_cols = max(1, len(model.headers))
        footer_h = 26 if model.footer else 0
        n_rows = len(model.rows) + 2  # the header takes two rows' height: names may wrap
        row_h = min(38, (self.rect.h - 12 - footer_h) // n_rows)
        size = max(12, min(22, row_h - 8))
        x0 = self.rect.x + 10
        col_w = (self.rect.w - 20 - self.label_width) // n_cols
        y = self.rect.y + 6
        # Header: player names, the active player's lit.
        for c, (name, colour) in enumerate(model.headers):
            cx = x0 + self.label_width + c * col_w
            cell = pygame.Rect(cx + 2, y, col_w - 4, 2 * row_h - 2)
            if c == model.active_column:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=8)
                pygame.draw.rect(surface, colour, cell, width=2, border_radius=8)
            draw_text_in(surface, name, cell.inflate(-8, -4), size - 1, colour, True,
                         min_size=10, wrap=True)
        if model.corner:
            draw_text_in(surface, model.corner, pygame.Rect(x0 + 8, y, self.label_width - 12,
                                                            2 * row_h - 2),
                         size - 1, theme.TEXT_DIM, True, "left", min_size=10)
        y += 2 * row_h
        self.row_rects = {}
        self.cell_rects = {}
        label_size = self._label_size(model, size, row_h)
        for row in model.rows:
            line = pygame.Rect(x0, y, self.rect.w - 20, row_h - 2)
            if row.kind in ("sum", "total"):
                pygame.draw.line(surface, theme.LINE, (x0, y - 1), (line.right, y - 1), 1)
            if row.key and (row.key == self.hover_key or row.key == model.cursor):
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=6)
                if row.key == model.cursor:
                    pygame.draw.rect(surface, theme.INFO, line, width=2, border_radius=6)
            bold = row.kind == "total"
            note_w = self._note_width(row)
            if row.note:
                draw_text_in(surface, row.note, pygame.Rect(x0 + self.label_width - note_w - 2,
                                                            y, note_w, row_h - 2),
                             max(11, size - 5), row.note_colour, True, "right", min_size=9)
            draw_text_in(surface, row.label, pygame.Rect(x0 + 8, y, self.label_width - 12 - note_w,
                                                         row_h - 2),
                         label_size, row.label_colour, bold, "left", min_size=10)
            for c, cell in enumerate(row.cells):
                cx = x0 + self.label_width + c * col_w
                box = pygame.Rect(cx + 2, y, col_w - 4, row_h - 2)
                if c == model.active_column:
                    pygame.draw.rect(surface, (32, 50, 70), box)
                if cell.fill:
                    pygame.draw.rect(surface, cell.fill, box.inflate(-4, -2), border_radius=6)
                if cell.key:
                    self.cell_rects[cell.key] = box
                    if cell.key == self.hover_key or cell.key == model.cursor:
                        pygame.draw.rect(surface, theme.INFO, box.inflate(-2, 0), width=2,
                                         border_radius=6)
                if cell.text:
                    draw_text_in(surface, cell.text, box.inflate(-4, 0), size, cell.colour,
                                 cell.bold or bold, min_size=9)
            if row.key:
                self.row_rects[row.key] = line
            y += row_h
        if model.footer:
            draw_text_in(surface, model.footer, pygame.Rect(self.rect.x + 10, self.rect.bottom - 26,
                                                            self.rect.w - 20, 22),
                         16, theme.TEXT_DIM, min_size=11)
