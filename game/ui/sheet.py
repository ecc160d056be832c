"""A score table widget: a label column and one column per player, clickable rows.

Games describe what to show as a ``SheetModel``; the widget lays it out for the room it has,
draws it and turns a click into the row's (or the cell's) key. Every game's sheet, board
and results use it.

How it fits any window, without shrinking text below what a player reads: the body is one
size throughout (16 dp at least, larger when there is room), the same for labels and
numbers; rows are as tall as that text needs, or 44 dp where they are tapped on a touch
layout. When the rows do not fit, the middle of the sheet scrolls (wheel, finger, keyboard
cursor) while the names above and the totals below stay. When the players' columns do not
fit, the sheet keeps the player to act and the viewer in view and pages through the others
(the ‹ › buttons in the header corner, or a tap on a name); a name that does not fit its
column is shortened to its initials, the full name a tap away.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import probe, theme
from .marks import focus_ring, icon
from .scroll import ScrollArea
from .text import draw_text_in, ellipsize, fit_text, text_width

BODY = 16  # dp: the sheet's numbers and labels are never smaller
RADIUS = 14  # dp: the panel's corners (every pixel between them is the sheet's)
HEADER = 15  # dp: the names above the columns (two lines where they need them)


def mark_room(size: float) -> int:
    """Device pixels a cell's mark takes before its text (at the sheet's size ``size``)."""
    return theme.px(max(15, theme.text_size(size) * 1.05))


def fit(text: str, size: int, width: int) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` pixels in the bold face."""
    return ellipsize(theme.font(size, True), text, width)


def initials(name: str) -> str:
    """"Ada Lovelace" -> "AL", "Констанция Щукин" -> "КЩ", "Bram" -> "Br"; the letters
    as the name has them ("åsa märta" -> "åm"): a name is never re-cased."""
    words = [w for w in name.replace("(", " ").replace(")", " ").split() if w[0].isalnum()]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return words[0][0] + words[1][0] if words[1][0].isalpha() else words[0][:2]


@dataclass
class Cell:
    text: str = ""
    colour: tuple = theme.TEXT
    bold: bool = False
    fill: tuple | None = None
    key: str | None = None  # set when clicking this one cell means something (a box of a column)
    mark: str | None = None  # a shape before the text (game.ui.marks.icon): "best", "leader",
    # "good", "bad", "coach": the meaning's second cue beside its colour


@dataclass
class Row:
    label: str
    cells: list[Cell]
    key: str | None = None  # set when clicking the row means something (a category)
    kind: str = "normal"  # normal | sum | total
    label_colour: tuple = theme.TEXT
    box: str | None = None  # the game's box this row stands for, when not ``key``
    note: str = ""  # a small text at the right of the label (the odds of making the box)
    note_colour: tuple = theme.ODDS


@dataclass
class SheetModel:
    headers: list[tuple]  # (name, colour) per column; a third item True: a human's column
    rows: list[Row]
    active_column: int = -1  # the player to act: their column is lit
    cursor: str | None = None  # keyboard cursor (a row key)
    footer: str = ""
    corner: str = ""  # text above the label column (whose sheet this is)
    viewer: int = -1  # the column of the human looking at the sheet (kept in view)
    fixed_columns: int = 0  # the first n columns are not players and always shown
    keep: tuple[int, ...] = ()  # more columns always shown (a board's "Now" and "Deny")


@dataclass
class ScoreSheet:
    rect: pygame.Rect
    label_width: int = 200  # dp, the most the label column takes (less when labels are short)
    hover_key: str | None = None
    row_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    cell_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    header_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    page: int = 0  # which of the other players are in view when not all fit
    scroll: ScrollArea = field(default_factory=lambda: ScrollArea("sheet"))
    pager: dict[str, pygame.Rect] = field(default_factory=dict)
    touch_rows: bool = True  # rows that are tapped get the touch minimum height on touch layouts
    interactive: bool = True  # rows and cells can be chosen (not on the results' final sheet)
    _picture: pygame.Surface | None = field(default=None, repr=False)
    # the rows' places in the scrolled content (drawn): none before the first draw
    _content_rows: dict[str, pygame.Rect] = field(default_factory=dict, repr=False)
    _picture_key: tuple | None = field(default=None, repr=False)

    # -- input ---------------------------------------------------------------------------
    def key_at(self, pos) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        for key, r in self.cell_rects.items():  # a clickable cell wins over its row
            if r.collidepoint(pos):
                return key
        for key, r in self.row_rects.items():
            if r.collidepoint(pos):
                return key
        return None

    def header_at(self, pos) -> int | None:
        """The model column whose name is under ``pos``."""
        for c, r in self.header_rects.items():
            if r.collidepoint(pos):
                return c
        return None

    def pager_at(self, pos) -> int:
        """-1 / +1 when ``pos`` is on the page buttons, else 0."""
        for name, r in self.pager.items():
            if r.collidepoint(pos):
                return -1 if name == "prev" else 1
        return 0

    def turn_page(self, step: int) -> None:
        self.page += step

    def wheel(self, event: pygame.event.Event) -> bool:
        """The wheel over the sheet scrolls its rows (when they do not all fit)."""
        if self.scroll.scrolls:
            self.scroll.scroll(-event.y * theme.px(40))
            return True
        return False

    def reveal(self, key: str) -> None:
        """Scroll so that the row of ``key`` (a row key or a cell key) is in view."""
        rect = self._content_rows.get(key)
        if rect is not None:
            self.scroll.scroll_to(rect, 0)

    # -- sizes -----------------------------------------------------------------------------
    def _heights(self, size: float) -> tuple[int, int]:
        """A row's height at ``size``, and a clickable row's (a finger's height where the
        sheet is tapped)."""
        h = theme.font(size, True).get_height() + theme.px(2)
        if self.interactive and self.touch_rows and theme.metrics.touch:
            return h, max(h, theme.px(theme.TOUCH_MIN))
        return h, h

    @staticmethod
    def _clickable(row: Row) -> bool:
        return row.key is not None or any(c.key for c in row.cells)

    def _row_height(self, size: float, row: Row) -> int:
        h, tall = self._heights(size)
        return tall if tall != h and self._clickable(row) else h

    def _rows_height(self, size: float, rows: list[Row]) -> int:
        """The rows' heights summed (as ``_row_height`` gives each, in one pass)."""
        h, tall = self._heights(size)
        if tall == h:
            return h * len(rows)
        clickable = sum(1 for r in rows if self._clickable(r))
        return tall * clickable + h * (len(rows) - clickable)

    def _label_size(self, model: SheetModel, size: float, row_h: int) -> float:
        """The labels' size: the sheet's size (one size per row); a label too long for its
        column ends with "…" rather than shrinking alone."""
        return size

    def _columns(self, model: SheetModel, width: int, size: float) -> tuple[int, list[int]]:
        """(label column width, the model columns shown), all in device pixels."""
        px = theme.px
        n = len(model.headers)
        widest = max((text_width(r.label, size) + (px(50) if r.note else 0)
                      for r in model.rows), default=px(60))
        label_w = min(widest + px(14), px(self.label_width), int(width * 0.42))
        label_w = max(label_w, min(px(90), int(width * 0.3)))
        # (a long word in a cell, a taker's name, ends in "…" rather than widening its column)
        texts = {(c.text, bool(c.mark and c.text)) for r in model.rows for c in r.cells}
        widest_cell = max((min(text_width(t, size, True), px(64)) + (mark_room(size) if m else 0)
                           for t, m in texts), default=px(20))
        min_col = max(widest_cell + px(10), px(theme.TOUCH_MIN + 6 if theme.metrics.touch else 40))
        room = width - label_w
        fits = max(1, room // max(1, min_col))
        if fits >= n:
            return label_w, list(range(n))
        # Not every column fits: the fixed ones, the player to act, the viewer, then others
        # page by page.
        must = list(range(min(model.fixed_columns, n))) + [c for c in model.keep if c < n]
        viewer = model.viewer if model.viewer >= 0 else next(
            (c for c, h in enumerate(model.headers) if len(h) > 2 and h[2]), -1)
        for c in (model.active_column, viewer):
            if 0 <= c < n and c not in must:
                must.append(c)
        others = [c for c in range(n) if c not in must]
        slots = max(0, fits - len(must))
        if slots == 0 or not others:
            shown = must[:max(1, fits)]
        else:
            pages = (len(others) + slots - 1) // slots
            self.page %= pages
            shown = must + others[self.page * slots:(self.page + 1) * slots]
        return label_w, sorted(shown)

    # -- drawing ---------------------------------------------------------------------------
    def _key(self, model: SheetModel) -> tuple:
        """Everything the sheet's picture depends on."""
        rows = tuple((r.label, r.kind, r.key, r.note, r.label_colour, r.note_colour,
                      tuple((c.text, c.colour, c.bold, c.fill, c.key, c.mark) for c in r.cells))
                     for r in model.rows)
        return (rows, tuple(tuple(h) for h in model.headers), model.active_column,
                model.cursor, model.footer, model.corner, model.viewer, model.fixed_columns,
                model.keep, tuple(self.rect), self.hover_key, self.page, self.scroll.offset,
                self.interactive, self.touch_rows, self.label_width, theme.metrics.key,
                theme.generation)

    def draw(self, surface: pygame.Surface, model: SheetModel) -> None:
        """Draw the sheet; a sheet that shows the same as last time is its picture again
        (a frame of a 4K window redraws a big table in one blit). While tests record what
        is drawn, it is always drawn afresh."""
        key = self._key(model)
        if (not probe.recording() and key == self._picture_key and self._picture is not None
                and surface.get_rect().contains(self.rect)):
            surface.blit(self._picture, self.rect)
            return
        self._draw(surface, model)
        if surface.get_rect().contains(self.rect) and self.rect.w and self.rect.h:
            if self._picture is not None and self._picture.get_size() == self.rect.size:
                # into the picture kept (a new 4K-sized surface each time is slower)
                self._picture.blit(surface, (0, 0), self.rect)
            else:
                self._picture = surface.subsurface(self.rect).copy()
            self._picture_key = key

    def _draw(self, surface: pygame.Surface, model: SheetModel) -> None:
        px = theme.px
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=px(RADIUS))
        inner = self.rect.inflate(-px(16), -px(12))
        self.row_rects, self.cell_rects, self.header_rects, self.pager = {}, {}, {}, {}
        self._content_rows = {}
        if inner.h < px(60):  # no room for a sheet at all (never at a supported size)
            return
        footer_h = 0
        if model.footer:
            footer_h = fit_text(model.footer, inner.w, px(40), 13, 12, wrap=True).height + px(4)
        n_cols = max(1, len(model.headers))
        # The body's size: the largest from 20 dp down to 16 at which every row and every
        # column fits; else the smallest at which the columns fit (the rows scroll, as many
        # in view as can be); else 16.
        size, columns_only = BODY, None
        for s in (20, 19, 18, 17, 16):
            head_h = self._header_height(model, inner.w, s, n_cols)
            need = head_h + self._rows_height(s, model.rows)
            all_columns = len(self._columns(model, inner.w - px(10), s)[1]) == n_cols
            if all_columns and need <= inner.h - footer_h:
                size = s
                break
            if all_columns:
                columns_only = s
        else:
            size = columns_only or BODY
        head_guess = self._header_height(model, inner.w, size, n_cols)
        rows_h = self._rows_height(size, model.rows)
        bar = theme.px(10) if head_guess + rows_h > inner.h - footer_h else 0
        label_w, shown = self._columns(model, inner.w - bar, size)
        paged = len(shown) < len(model.headers)
        col_w = (inner.w - bar - label_w) // max(1, len(shown))
        head_h = self._header_height(model, inner.w, size, n_cols, col_w)
        if paged and theme.metrics.touch:  # the page buttons are tapped
            head_h = max(head_h, px(theme.TOUCH_MIN + 4))
        x0 = inner.x
        col_x = {c: x0 + label_w + i * col_w for i, c in enumerate(shown)}
        y = inner.y
        self.header_rects, self.pager = {}, {}
        # The header: player names, the active player's lit.
        for c in shown:
            name, colour = model.headers[c][:2]
            cell = pygame.Rect(col_x[c] + px(2), y, col_w - px(4), head_h - px(2))
            self.header_rects[c] = cell
            if c == model.active_column:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=px(8))
                pygame.draw.rect(surface, colour, cell, width=max(1, px(2)), border_radius=px(8))
            box = cell.inflate(-px(8), -px(4))
            draw_text_in(surface, self._header_text(name, box.w, box.h), box, HEADER, colour,
                         True, min_size=HEADER, wrap=True)
        corner = pygame.Rect(x0, y, label_w - px(6), head_h - px(2))
        if paged:
            prev, nxt = corner.copy(), corner.copy()
            w = min(px(44), corner.w // 2 - px(2))
            prev.w = nxt.w = w
            nxt.right = corner.right
            self.pager = {"prev": prev, "next": nxt}
            for name, r in self.pager.items():
                pygame.draw.rect(surface, theme.BUTTON, r, border_radius=px(8))
                draw_text_in(surface, "‹" if name == "prev" else "›", r, 22, theme.TEXT, True,
                             min_size=16)
                probe.control(f"sheet {name}", r, surface=surface)
            hidden = len(model.headers) - len(shown)
            draw_text_in(surface, f"+{hidden}", pygame.Rect(prev.right, y, nxt.x - prev.right,
                                                            corner.h), 16, theme.TEXT_DIM,
                         True, min_size=16)
        elif model.corner:
            draw_text_in(surface, model.corner, corner.inflate(-px(4), 0), HEADER,
                         theme.TEXT_DIM, True, "left", min_size=HEADER, wrap=True)
        y += head_h
        # Rows: the totals at the bottom stay; the rest scroll when they do not fit.
        body = pygame.Rect(inner.x, y, inner.w, inner.bottom - footer_h - y)
        pinned = []
        for row in reversed(model.rows):
            if row.kind != "total":
                break
            pinned.insert(0, row)
        middle = model.rows[:len(model.rows) - len(pinned)]
        pinned_h = self._rows_height(size, pinned)
        view = pygame.Rect(body.x, body.y, body.w, body.h - pinned_h)
        heights = [self._row_height(size, r) for r in middle]
        self.scroll.set(view, sum(heights))
        self.row_rects, self.cell_rects = {}, {}
        self._content_rows: dict[str, pygame.Rect] = {}
        self._content_top = {}
        cy = 0
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        for row, h in zip(middle, heights, strict=True):
            content = pygame.Rect(0, cy, view.w, h)
            for key in [row.key] + [c.key for c in row.cells]:
                if key:
                    self._content_rows[key] = content
            top = view.y + cy - self.scroll.offset
            if top + h > view.y and top < view.bottom:
                self._draw_row(surface, model, row, top, h, size, label_w, col_x, col_w, shown,
                               view)
            cy += h
        surface.set_clip(clip)
        if model.cursor and model.cursor in self._content_rows and self.scroll.scrolls:
            pass  # the keyboard cursor is kept in view by the scene (reveal)
        self.scroll.draw_bar(surface)
        y = view.bottom
        for row in pinned:
            h = self._row_height(size, row)
            self._draw_row(surface, model, row, y, h, size, label_w, col_x, col_w, shown,
                           self.rect)
            y += h
        if model.footer:
            draw_text_in(surface, model.footer, pygame.Rect(inner.x, inner.bottom - footer_h,
                                                            inner.w, footer_h),
                         13, theme.TEXT_DIM, wrap=True, min_size=12)

    def _header_height(self, model: SheetModel, width: int, size: float, n: int,
                       col_w: int | None = None) -> int:
        """One line of names when every name fits its column on one line, else two."""
        face = theme.font(HEADER, True)
        line = face.get_height()
        if col_w is None:
            col_w = (width - theme.px(self.label_width)) // max(1, n)
        one = all(text_width(h[0], HEADER, True) <= col_w - theme.px(12) for h in model.headers)
        return line + theme.px(8) if one else 2 * line + theme.px(8)

    @staticmethod
    def _header_text(name: str, width: int, height: int) -> str:
        """The name when it fits its column whole at the header's size (on up to the lines
        the header has, broken only between words), else its initials: every name in the
        header row is drawn at one size, none shrunk, none broken inside a word (the full
        name is a tap away)."""
        fitted = fit_text(name, width, height, HEADER, HEADER, bold=True, wrap=True)
        whole = " ".join(fitted.lines).split() == name.split() and fitted.width <= width
        return name if whole else initials(name)

    def _draw_row(self, surface, model, row, y, h, size, label_w, col_x, col_w, shown,
                  area) -> None:
        px = theme.px
        x0 = self.rect.x + px(8)
        right = max(col_x.values(), default=x0 + label_w) + col_w
        line = pygame.Rect(x0, y, right - x0, h)
        if row.kind in ("sum", "total"):
            pygame.draw.line(surface, theme.LINE, (x0, y - 1), (line.right, y - 1), 1)
        if row.key and (row.key == self.hover_key or row.key == model.cursor):
            pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(6))
            if row.key == model.cursor:  # the keyboard's cursor: the focus ring
                focus_ring(surface, line.inflate(-px(8), -px(8)), 6)
        bold = row.kind == "total"
        note_w = px(48) if row.note else 0
        if row.note:  # a chance: a neutral badge with its % sign (never a player's colour)
            badge = pygame.Rect(x0 + label_w - note_w - px(4), y + px(2), note_w, h - px(6))
            if "%" in row.note:
                pygame.draw.rect(surface, theme.BG_DARK, badge, border_radius=badge.h // 2)
            draw_text_in(surface, row.note, badge.inflate(-px(8), 0), 13, row.note_colour,
                         True, "right", min_size=12)
        draw_text_in(surface, row.label, pygame.Rect(x0 + px(6), y, label_w - px(10) - note_w,
                                                     h - px(2)),
                     size, row.label_colour, bold, "left", min_size=size)
        for c in shown:
            if c >= len(row.cells):
                continue
            cell = row.cells[c]
            box = pygame.Rect(col_x[c] + px(2), y, col_w - px(4), h)
            if c == model.active_column:
                pygame.draw.rect(surface, (32, 50, 70), box)
            if cell.fill:
                pygame.draw.rect(surface, cell.fill, box.inflate(-px(4), -px(4)),
                                 border_radius=px(6))
            if cell.key and self.interactive:
                visible = box.clip(area)
                if visible.h >= box.h // 2:
                    self.cell_rects[cell.key] = box
                    probe.control(f"cell {cell.key}", box, group=f"row {row.label}",
                                  surface=surface)
                if cell.key == model.cursor:  # the keyboard's cursor: the focus ring
                    focus_ring(surface, box.inflate(-px(8), -px(8)), 6)
                elif cell.key == self.hover_key:
                    pygame.draw.rect(surface, theme.TEXT, box.inflate(-px(2), 0),
                                     width=max(1, px(1)), border_radius=px(6))
            text_box = box.inflate(-px(4), 0)
            if cell.mark and cell.text:
                room = mark_room(size)
                drawn = text_width(cell.text, size, cell.bold or bold) if cell.text else 0
                left = max(text_box.x, text_box.centerx - (drawn + room) // 2)
                icon(surface, cell.mark, (left + room // 2 - px(1), box.centery), room * 0.42)
                text_box = pygame.Rect(left + room, box.y, text_box.right - left - room, box.h)
            if cell.text:
                draw_text_in(surface, cell.text, text_box, size, cell.colour,
                             cell.bold or bold, "left" if cell.mark else "center",
                             min_size=size)
        if row.key and self.interactive:
            visible = line.clip(area)
            if visible.h >= line.h // 2:
                self.row_rects[row.key] = line
                if not any(c.key for c in row.cells):
                    probe.control(f"row {row.key}", line, surface=surface)
