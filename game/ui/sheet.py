"""A score table widget: a label column and one column per player, clickable rows.

Games describe what to show as a ``SheetModel``; the widget lays it out for the room it has,
draws it and turns a click into the row's (or the cell's) key. Every game's sheet, board
and results use it.

How it fits any window, without shrinking text below what a player reads: the body is one
size throughout (16 dp at least, larger when there is room), the same for labels and
numbers; rows are as tall as that text needs, or 44 dp where they are tapped on a touch
layout. When the rows do not fit, the middle of the sheet scrolls (wheel, finger drag,
keys, keyboard cursor) and says so (``scroll.draw_sign``: fades and arrows at the edges with
more beyond, a bar), while the names above and the totals (rows of kind "total") at the top
and the bottom stay; the view rests on a row's top. Columns are as narrow as their texts
need (a finger's width only where a cell is tapped), and the labels take the room left: a
label that does not fit takes its short form (``Row.short``), and only then ends in "…".
When the players' columns still do not fit, the sheet keeps the player to act and the
viewer in view and pages through the others (the ‹ › buttons in the header corner, or a tap
on a name), and the scores of the players paged out stay in view on a line of their own
(``strip``); a name that does not fit its column is shortened to its initials, the full
name a tap away.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import accumulate

import pygame

from . import probe, theme
from .marks import focus_ring, focus_ring_area, icon
from .scroll import GUTTER, ScrollArea, draw_sign
from .text import draw_text_in, ellipsize, fit_text, initials, text_width

BODY = 16  # dp: the sheet's numbers and labels are never smaller
RADIUS = 14  # dp: the panel's corners (every pixel between them is the sheet's)
HEADER = 15  # dp: the names above the columns (two lines where they need them)
NOTE = 13  # dp: the odds beside a label
STRIP = 15  # dp: the scores of the players whose columns are paged out
MORE = 13  # dp: "▲ 3 more  ▼ 2 more" under the rows that scroll
# A draw that may spread what changed over frames (``ScoreSheet.draw``'s ``spread``) paints
# SPREAD_FIRST of the elements that changed (top first), then the next draws SPREAD_A_DRAW
# each, until none is left. In the page at a phone's CPU an element painted is 0.3-1 ms and
# the first draw lists them all besides (3-7 ms); the turn passing changes 15-30: half of
# them in one frame was most of the frames over 16 ms while bots play (issue 24). The first
# draw only lists them, and paints what lies where something is gone (no hole): three
# painted besides made those frames 10-14 ms, the slowest of a game after a scroll's. A
# draw that finds no more than SPREAD_FEW changed paints them.
SPREAD_FIRST = 0
SPREAD_FEW = 2
SPREAD_A_DRAW = 5
UNFINISHED = "a sheet painted in part"  # (the first item of what such a screen is known by)
VACATED = (UNFINISHED, "where the rows left")  # (what the screen shows there: ``_shifted``)


def mark_room(size: float) -> int:
    """Device pixels a cell's mark takes before its text (at the sheet's size ``size``)."""
    return theme.px(max(15, theme.text_size(size) * 1.05))


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
    mark: str | None = None  # a shape before the text (game.ui.marks.icon): "best", "leader",
    # "good", "bad", "coach": the meaning's second cue beside its colour
    short: str = ""  # a shorter form of ``text`` for a column too narrow for it
    strike: bool = False  # a box crossed out (a 0 written in it): a stroke through it


@dataclass
class Row:
    label: str
    cells: list[Cell]
    key: str | None = None  # set when clicking the row means something (a category)
    kind: str = "normal"  # normal | sum | total | foot (kept under the totals: chips)
    label_colour: tuple = theme.TEXT
    box: str | None = None  # the game's box this row stands for, when not ``key``
    note: str = ""  # a small text at the right of the label (the odds of making the box)
    note_colour: tuple = theme.ODDS
    short: str = ""  # the label's short form, for a label column too narrow for ``label``


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


def _minus(part: pygame.Rect, boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    """What of ``part`` none of ``boxes`` covers, as rectangles."""
    parts = [part]
    for box in boxes:
        out = []
        for p in parts:
            c = p.clip(box)
            if not c.w or not c.h:
                out.append(p)
                continue
            if c.top > p.top:
                out.append(pygame.Rect(p.x, p.y, p.w, c.top - p.top))
            if c.bottom < p.bottom:
                out.append(pygame.Rect(p.x, c.bottom, p.w, p.bottom - c.bottom))
            if c.left > p.left:
                out.append(pygame.Rect(p.x, c.y, c.left - p.x, c.h))
            if c.right < p.right:
                out.append(pygame.Rect(c.right, c.y, p.right - c.right, c.h))
        parts = out
    return parts


def _ring(rect: pygame.Rect) -> pygame.Rect:
    """Where the keyboard's focus ring round ``rect`` (a row, a cell) paints: it may
    reach past them (drawn inside them by 4 dp)."""
    return focus_ring_area(rect.inflate(-theme.px(8), -theme.px(8)))


# Widths measured for the sheet's labels and columns, by what they hold (a sheet drawn again
# after a move measures again only the column whose texts changed)
_widths_kept: dict[tuple, object] = {}


def _keep_width(key: tuple, value) -> None:
    if len(_widths_kept) > 4000:
        _widths_kept.clear()
    _widths_kept[key] = value


@dataclass
class ScoreSheet:
    rect: pygame.Rect
    label_width: int = 200  # dp, the most the label column takes (less when labels are short)
    hover_key: str | None = None
    row_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    line_rects: dict[str, pygame.Rect] = field(default_factory=dict)  # every row in view, by
    # its label and its box (a score's moment finds its box and its total there)
    cell_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    header_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    page: int = 0  # which of the other players are in view when not all fit
    scroll: ScrollArea = field(default_factory=lambda: ScrollArea("sheet"))
    pager: dict[str, pygame.Rect] = field(default_factory=dict)
    touch_rows: bool = True  # rows that are tapped get the touch minimum height on touch layouts
    interactive: bool = True  # rows and cells can be chosen (not on the results' final sheet)
    _picture: pygame.Surface | None = field(default=None, repr=False)
    _row_step: int = field(default=24, repr=False)  # device px: the tallest scrolling row
    # widths measured for the model being laid out (kept for one draw)
    _measured: dict = field(default_factory=dict, repr=False)
    # the rows' places in the scrolled content (drawn): none before the first draw
    _content_rows: dict[str, pygame.Rect] = field(default_factory=dict, repr=False)
    _revealing: str | None = field(default=None, repr=False)  # a row to bring into view
    _picture_key: tuple | None = field(default=None, repr=False)
    # pictures of the cells and labels painted in this draw, and of those painted before,
    # the least lately used forgotten first (``_kept``)
    _cells: dict = field(default_factory=dict, repr=False)
    _cells_before: dict = field(default_factory=dict, repr=False)
    # what each element of the sheet painted (``_element``): in the draw under way, for
    # the picture kept, for the sheet the screen shows (its picture's key, the elements)
    _elements: dict = field(default_factory=dict, repr=False)
    _picture_elements: tuple | None = field(default=None, repr=False)
    _shown_elements: tuple | None = field(default=None, repr=False)
    _diff: dict | None = field(default=None, repr=False)
    _earlier: list = field(default_factory=list, repr=False)
    _overflow: list = field(default_factory=list, repr=False)  # focus rings past their box
    _band: tuple | None = field(default=None, repr=False)  # where the rows scroll (``_paint``)
    # the model not changed in place until another is settled (``settle``): [the model, its
    # part of the key, what was measured of it, the looks it was measured in]
    _settled: list | None = field(default=None, repr=False)
    # the last layout (``_layout``) and what it was worked out from; rows' heights by size
    _layout_kept: tuple | None = field(default=None, repr=False)
    _consulted: dict | None = field(default=None, repr=False)
    _heights_kept: dict = field(default_factory=dict, repr=False)
    # a draw that painted part of what changed (``spread``): whether the screen shows the
    # sheet in part, what it is known by (``shown_key``: ``over`` for the next draw), and
    # what the next draw needs to paint the rest without listing the elements again
    unfinished: bool = field(default=False, repr=False)
    shown_key: tuple | None = field(default=None, repr=False)
    _pending: tuple | None = field(default=None, repr=False)
    _deferred: list = field(default_factory=list, repr=False)
    _gone_kept: dict = field(default_factory=dict, repr=False)
    _fresh: set = field(default_factory=set, repr=False)  # (idents painted in this draw)
    _listed: list = field(default_factory=list, repr=False)
    _serial: int = field(default=0, repr=False)

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
        """The wheel over the sheet scrolls its rows (when they do not all fit): a row or
        two a notch."""
        if self.scroll.scrolls:
            self.scroll.scroll(-event.y * theme.px(40))
            return True
        return False

    def pointer(self, event: pygame.event.Event, click) -> bool:
        """Wheel, press, drag and release over the sheet: the wheel and a drag of the rows
        scroll them; a press released where it started reaches ``click`` (as a
        MOUSEBUTTONDOWN there). True when the event was used."""
        if event.type == pygame.MOUSEWHEEL:
            return self.wheel(event)
        if self.scroll.pressed or (event.type == pygame.MOUSEBUTTONDOWN
                                   and self.scroll.scrolls
                                   and self.scroll.viewport.collidepoint(event.pos)):
            return self.scroll.handle(event, click)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return click(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Up/Down a row, PgUp/PgDn a view, Home/End: the rows scroll (when they do not all
        fit). True when the key scrolled them."""
        if not self.scroll.scrolls:
            return False
        return self.scroll.key(event, theme.dp(self._row_step))

    def reveal(self, key: str) -> None:
        """Scroll so that the row of ``key`` (a row key or a cell key) is in view."""
        rect = self._content_rows.get(key)
        if rect is not None:
            self.scroll.scroll_to(rect, 0)
        self._revealing = key  # (again once laid out: the rows' room may change by then)

    # -- sizes -----------------------------------------------------------------------------
    def _heights(self, size: float) -> tuple[int, int]:
        """A row's height at ``size``, and a clickable row's (a finger's height where the
        sheet is tapped)."""
        key = (size, self.interactive, self.touch_rows, theme.metrics.key, theme.generation)
        known = self._heights_kept.get(key)
        if known is not None:
            return known
        h = theme.font(size, True).get_height() + theme.px(2)
        if self.interactive and self.touch_rows and theme.metrics.touch:
            known = h, max(h, theme.px(theme.TOUCH_MIN))
        else:
            known = h, h
        if len(self._heights_kept) > 64:
            self._heights_kept.clear()
        self._heights_kept[key] = known
        return known

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

    @staticmethod
    def _note_width(model: SheetModel) -> int:
        """The odds' column beside the labels: as wide as the widest odds written
        (">99.9%"), none without odds."""
        if not any(r.note for r in model.rows):
            return 0
        return text_width(">99.9%", NOTE, True) + theme.px(12)  # (in its badge)

    def _label_need(self, model: SheetModel, size: float, short: bool = False) -> int:
        """The label column's width for every label whole (in its short form where it has
        one, with ``short``), the odds beside it included."""
        known = self._measured.get(("labels", id(model), size, short))
        if known is not None:
            return known
        px = theme.px
        note = self._note_width(model) + px(4)
        labels = tuple((r.short if short and r.short else r.label, bool(r.note))
                       for r in model.rows)
        # (the same labels as in an earlier draw: the width measured then)
        kept = ("labels", labels, size, theme.metrics.key, theme.generation)
        widest = _widths_kept.get(kept)
        if widest is None:
            widest = max((text_width(label, size) + (note if noted else 0)
                          for label, noted in labels), default=px(60))
            _keep_width(kept, widest)
        self._measured[("labels", id(model), size, short)] = widest + px(16)
        return widest + px(16)

    def _column_widths(self, model: SheetModel, size: float) -> tuple[list[int], list[int]]:
        """The least width of each column (its widest text with its mark, a long word such
        as a taker's name counted as at most 64 dp: it ends in "…" rather than widen its
        column; a finger's width where a cell of it is tapped on a touch layout), and the
        width its widest text wants whole."""
        known = self._measured.get(("columns", id(model), size))
        if known is None:
            known = self._measure_columns(model, size)
        if self._consulted is not None:  # (a layout under way: what it depends on)
            self._consulted[size] = known
        return known

    def _measure_columns(self, model: SheetModel, size: float) -> tuple[list[int], list[int]]:
        """``_column_widths`` measured."""
        px = theme.px
        columns = self._measured.get(("texts", id(model)))
        if columns is None:  # each column's distinct texts, and whether a cell is tapped
            columns = [(set(), False) for _ in model.headers]
            for r in model.rows:
                for c, cell in enumerate(r.cells[:len(columns)]):
                    texts, tapped = columns[c]
                    if cell.text:
                        texts.add((cell.text, bool(cell.mark)))
                    if cell.key and not tapped:
                        columns[c] = (texts, True)
            columns = [(frozenset(texts), tapped) for texts, tapped in columns]
            self._measured[("texts", id(model))] = columns
        least, want = [], []
        for texts, tapped in columns:
            # (a column whose texts are those of an earlier draw: its widths measured then)
            kept = ("column", texts, tapped, size, theme.metrics.key, theme.generation)
            widths = _widths_kept.get(kept)
            if widths is None:
                cap, room = px(64), mark_room(size)
                measured = [(text_width(t, size, True), room if marked else 0)
                            for t, marked in texts]
                widest = max((min(w, cap) + m for w, m in measured), default=px(20))
                whole = max((w + m for w, m in measured), default=px(20))
                floor = px(theme.TOUCH_MIN + 6) if tapped and theme.metrics.touch else px(40)
                widths = (max(widest + px(10), floor), max(whole + px(10), widest + px(10),
                                                           floor))
                _keep_width(kept, widths)
            least.append(widths[0])
            want.append(widths[1])
        for c in self._label_columns(model):  # a word above a column ("Now", "Deny", "Up")
            # is read whole, never cut to initials as a name is: its longest word sets the
            # column's least width (the header breaks only between words)
            word = max((text_width(w, HEADER, True) for w in str(model.headers[c][0]).split()),
                       default=0) + px(12)  # (the header's box: the cell's insets)
            least[c] = max(least[c], word)
            want[c] = max(want[c], least[c])
        self._measured[("columns", id(model), size)] = (least, want)
        return least, want

    @staticmethod
    def _label_columns(model: SheetModel) -> list[int]:
        """The columns headed by a word, not a player's name: the fixed ones and those kept."""
        n = len(model.headers)
        return sorted({c for c in range(min(model.fixed_columns, n))}
                      | {c for c in model.keep if 0 <= c < n})

    def _columns(self, model: SheetModel, width: int, size: float
                 ) -> tuple[int, list[int], dict[int, int]]:
        """(label column width, the model columns shown, each shown column's width), in
        device pixels. The columns get what their texts need first, then the labels (whole,
        else in their short forms), then the columns share what is left."""
        px = theme.px
        n = len(model.headers)
        label_w = min(self._label_need(model, size), px(self.label_width), int(width * 0.42))
        label_w = max(label_w, min(px(90), int(width * 0.3)))
        least, want = self._column_widths(model, size)
        room = width - label_w
        if sum(least) <= room:
            shown = list(range(n))
        else:
            # Not every column fits: the fixed ones, the player to act, the viewer, then
            # others page by page.
            min_col = max(least, default=px(40))
            fits = max(1, room // max(1, min_col))
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
            shown = sorted(shown)
            if sum(least[c] for c in shown) > room:  # (uniform columns, as many as fit)
                least = [min_col] * n
        spare = room - sum(least[c] for c in shown)
        for need in (self._label_need(model, size), self._label_need(model, size, True)):
            if label_w < need <= label_w + spare:  # the labels whole: from the spare room
                spare -= need - label_w
                label_w = need
                break
        else:
            if spare > 0 and label_w < self._label_need(model, size, True):
                grow = min(spare, self._label_need(model, size, True) - label_w)
                label_w, spare = label_w + grow, spare - grow
        widths = {c: least[c] for c in shown}
        short = {c: want[c] - least[c] for c in shown if want[c] > least[c]}
        if short and spare > 0:  # a long word in a column: more of it whole
            share = min(1.0, spare / sum(short.values()))
            for c, missing in short.items():
                widths[c] += int(missing * share)
                spare -= int(missing * share)
        for c in shown:
            widths[c] += spare // max(1, len(shown))
        return label_w, shown, widths

    def least_height(self, model: SheetModel, width: int, n_rows: int = 3) -> int:
        """The least height (device px) at which the sheet shows, ``width`` wide, its
        names, its totals, the scores of players paged out, ``n_rows`` of the rows that
        scroll and the line saying how many more there are: what a panel sharing its
        place (the odds) leaves it."""
        px = theme.px
        self._measured = {}
        inner_w = width - px(16)
        label_w, shown, col_w = self._columns(model, inner_w - px(GUTTER), BODY)
        head = self._header_height(model, inner_w, BODY, max(1, len(model.headers)),
                                   min(col_w.values(), default=px(40)))
        if len(shown) < len(model.headers) and theme.metrics.touch:
            head = max(head, px(theme.TOUCH_MIN + 4))
        pinned = [r for r in model.rows if r.kind in ("total", "foot")]
        rows = self._rows_height(BODY, pinned) + self._rows_height(
            BODY, [r for r in model.rows if r.kind not in ("total", "foot")][:n_rows])
        strip = 0
        if len(shown) < len(model.headers):
            lines = self._strip_lines(self._strip(model, shown), inner_w - px(8))
            strip = len(lines) * (theme.font(STRIP, True).get_height() + px(2)) + px(6)
        return px(12) + head + rows + strip + theme.font(MORE, True).get_height()

    def _strip(self, model: SheetModel, shown: list[int]) -> list[tuple[str, tuple, str]]:
        """The scores of the players whose columns are paged out: (name, colour, score)
        from the sheet's total row (the last row of kind "total")."""
        total = next((r for r in reversed(model.rows) if r.kind == "total"), None)
        if total is None or len(shown) == len(model.headers):
            return []
        out = []
        for c, header in enumerate(model.headers):
            if c in shown or c in model.keep or c < model.fixed_columns \
                    or c >= len(total.cells) or not total.cells[c].text:
                continue
            out.append((header[0], header[1], total.cells[c].text))
        return out

    def _strip_lines(self, entries: list[tuple[str, tuple, str]], width: int, label: str = ""
                     ) -> list[list[tuple[str, str, tuple, int]]]:
        """The strip's entries ("ЖЁ 650", in the player's colour; ``label`` first, when it
        stands for its total row) flowed into lines of ``width``: (name, text, colour,
        width) each, the name "" for the label."""
        px = theme.px
        lines: list[list[tuple[str, str, tuple, int]]] = [[]]
        used = 0
        if label:
            w = text_width(label, STRIP, True)
            lines[-1].append(("", label, theme.TEXT, w))
            used = w + px(14)
        for name, colour, score in entries:
            words = f"{initials(name)} {score}"
            w = px(14) + text_width(words, STRIP, True)
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0
            lines[-1].append((name, words, colour, w))
            used += w + px(14)
        return [line for line in lines if line]

    # -- drawing ---------------------------------------------------------------------------
    def settle(self, model: SheetModel) -> None:
        """``model`` will not be changed in place until another is settled (the table's,
        made again only when what the table shows changes: ``TableScene._sheet_model``):
        its part of the key (``_key``) and what is measured of it are worked out once, not
        in every frame that asks (the frame of a sheet left late asked three times). A model
        that is not settled is read afresh each time."""
        self._settled = [model, None, {}, (theme.metrics.key, theme.generation)]

    def _settled_memo(self, model: SheetModel) -> list | None:
        """The memo of ``model`` when it is the settled one (``settle``), its measures
        forgotten when the looks changed."""
        settled = self._settled
        if settled is None or settled[0] is not model:
            return None
        looks = (theme.metrics.key, theme.generation)
        if settled[3] != looks:
            settled[2], settled[3] = {}, looks
        return settled

    @staticmethod
    def _model_key(model: SheetModel) -> tuple:
        """Everything of ``model`` the sheet's picture depends on."""
        rows = tuple((r.label, r.short, r.kind, r.key, r.note, r.label_colour, r.note_colour,
                      tuple((c.text, c.short, c.colour, c.bold, c.fill, c.key, c.mark,
                             c.strike)
                            for c in r.cells))
                     for r in model.rows)
        return (rows, tuple(tuple(h) for h in model.headers), model.active_column,
                model.cursor, model.footer, model.corner, model.viewer, model.fixed_columns,
                model.keep)

    def _key(self, model: SheetModel) -> tuple:
        """Everything the sheet's picture depends on."""
        settled = self._settled_memo(model)
        if settled is None:
            part = self._model_key(model)
        else:
            if settled[1] is None:
                settled[1] = self._model_key(model)
            part = settled[1]
        return (part, tuple(self.rect), self.hover_key, self.page, self.scroll.offset,
                self.interactive, self.touch_rows, self.label_width, theme.metrics.key,
                theme.generation)

    def draw(self, surface: pygame.Surface, model: SheetModel,
             over: tuple | None = None, spread: bool = False) -> list[pygame.Rect] | None:
        """Draw the sheet; a sheet that shows the same as last time is its picture again
        (a frame of a 4K window redraws a big table in one blit). ``over``: the caller knows
        that ``surface`` shows, where the sheet is, the sheet whose picture's key (``_key``)
        that is: only what differs from it is painted again (a move changes a few cells),
        and the rectangles painted are returned (None: all of the sheet). While tests record
        what is drawn, it is always drawn afresh.

        ``spread``: over the sheet shown, when more elements changed than ``SPREAD_FEW``
        (the turn passing lights one column and unlights another), paint the first
        ``SPREAD_FIRST`` of them and leave the others to the next draws (``unfinished``);
        the screen is then known by ``shown_key``, the others recorded as not painted, and
        the next draw over it paints the next ``SPREAD_A_DRAW`` of them (without listing the
        elements again while the sheet is the same), or all that are left when it is not
        spread. Never where the rows scrolled or the columns paged since the sheet shown
        (``_view``): the rows painted first would show beside the rows they pushed on;
        unless the rows in view are moved where they are now (``_shifted``): then those that
        came into view are spread so (blank meanwhile)."""
        key = self._key(model)
        recording = probe.recording()
        pending = self._pending
        if not recording:  # (a test's whole redraw on a surface of its own leaves it)
            self._pending = None
        self.unfinished, self._deferred, self.shown_key = False, [], key
        self._gone_kept, self._fresh = {}, set()
        if (not recording and key == self._picture_key and self._picture is not None
                and surface.get_rect().contains(self.rect)):
            surface.blit(self._picture, self.rect)
            self._shown_elements = self._picture_elements
            return None
        inside = surface.get_rect().contains(self.rect) and self.rect.w and self.rect.h
        before = self._shown_elements
        # (not while a test notes the scores shown: an element not painted notes nothing)
        diff = not recording and probe._shown is None and inside and over is not None \
            and before is not None \
            and before[0] == over and before[2] == tuple(self.rect)
        offset = self.scroll.offset
        # over a sheet painted in part: the rest (spread again when much is left), from
        # the elements listed then while the sheet is the same (its key: the same view);
        # else what differs, at once (spread only where the view is the same, ``_draw``)
        finishing = diff and before[0][:1] == (UNFINISHED,)
        fresh = self._fresh
        if finishing and pending is not None and pending[0] == before[0] \
                and pending[1] == key and pending[2] is surface:
            painted = self._finish(surface, pending, before[1], spread)
            fresh = pending[6] | self._fresh  # (painted in each draw of it so far)
        else:
            painted = self._draw(surface, model, before[1] if diff else None,
                                 spread and diff and not finishing, before if diff else None)
        if painted is None:  # (what was there before did not fit what is now: all again)
            self._draw(surface, model)
        if self.scroll.offset != offset:  # (a row revealed once laid out: scrolled)
            key = self._key(model)
        shown, elements = key, self._elements
        if self._deferred and painted is not None:  # (the others: not painted, for the next)
            self._serial += 1
            shown = (UNFINISHED, self._serial)
            elements = dict(elements)
            for ident in self._deferred:
                elements[ident] = None
            elements.update(self._gone_kept)  # (still there: cleared by the next draw)
            self._pending = (shown, key, surface, self._listed, self._elements, self._overflow,
                             fresh)
            self.unfinished = True
        self.shown_key = shown
        if inside:
            if over is not None and painted is not None and self._picture is not None \
                    and self._picture_key == over:
                for r in painted:  # (into the picture kept, where it was painted again)
                    self._picture.blit(surface, r.move(-self.rect.x, -self.rect.y), r)
            elif self._picture is not None and self._picture.get_size() == self.rect.size:
                # into the picture kept (a new 4K-sized surface each time is slower)
                self._picture.blit(surface, (0, 0), self.rect)
            else:
                self._picture = surface.subsurface(self.rect).copy()
            self._picture_key = shown
            if not recording:
                self._picture_elements = self._shown_elements = (shown, elements,
                                                                 tuple(self.rect),
                                                                 self._view(), self._band)
        return painted

    def _view(self) -> tuple:
        """Which rows and columns are in view: where the rows are scrolled, the page."""
        return (self.scroll.offset, self.page)

    def _finish(self, surface: pygame.Surface, pending: tuple, diff: dict,
                spread: bool = False) -> list[pygame.Rect] | None:
        """Over the sheet a draw painted in part (``pending``: the sheet the same since),
        paint the elements it left, from its list of them (``spread``: the next of them
        when many are left)."""
        self._earlier, self._elements, self._overflow = pending[3], pending[4], pending[5]
        self._listed = pending[3]  # (for a draw after this one, when it leaves some again)
        try:
            return self._paint_changed(surface, diff, spread, fresh=pending[6])
        finally:
            self._earlier = []

    def _element(self, surface: pygame.Surface, box: pygame.Rect, key: tuple, paint,
                 covers: bool = False, kept: tuple | None = None,
                 at: tuple | None = None) -> None:
        """One thing the sheet paints in ``box`` (nothing else paints there, but a line
        over a row's edge that ``covers`` its box whole), known by ``key``. Drawn over what
        the screen showed (``_diff``: the elements drawn then), it is painted again only
        where its key changed or something painted again under it. ``kept``: ``paint``
        paints the picture kept for that key where there is one (``_kept``). ``at``: the
        surface's clip and it as a tuple, when the caller has them (a row's elements)."""
        clip, where = at if at is not None else (surface.get_clip(), None)
        ident = (tuple(box), where or tuple(clip))
        self._elements[ident] = key
        if self._diff is None:
            paint()
        else:  # (painted, or not, once all are known: ``_paint_changed``)
            self._earlier.append((ident, box, clip, key, paint, covers, kept))

    def _paint_changed(self, surface: pygame.Surface, diff: dict, spread: bool = False,
                       fresh: set | None = None) -> list[pygame.Rect] | None:
        """Over the sheet the screen shows (its elements ``diff``), paint what is not as it
        was: where an element was and is no more, the panel's colour; every element whose
        key changed, that is new, or that lies where something was painted again. An
        element painted again over the panel's colour where it overlaps one painted before
        it (a row's line under the scroll's sign, a focus ring over the next row) has that
        part painted again in the whole sheet's order. None when most of the sheet moved
        (a column widened): painting it whole is then cheaper.

        ``spread``: of those changed, when more than ``SPREAD_FEW``, all but the first
        ``SPREAD_FIRST`` (in a draw after the first, ``fresh``: ``SPREAD_A_DRAW``) and the
        rest of the row of the last of them are left (``_deferred``), but those where
        something is gone, and their rows (cleared now: no hole, nothing of it left in
        view); when most of it moved, what is gone stays as it is instead (``_gone_kept``)
        until the next. ``fresh``: a draw after the first (the elements those before
        painted): where something is gone, only what no element paints is the panel's
        colour, and those painted then are not painted again; what lies under what is gone
        is painted now, or with its row when that is left (recorded as not painted), so
        nothing gone is kept for the draw after it. What says where the view is (the
        scroll's sign, the count of rows out of view) is never left; where the rows left
        in a scroll (``VACATED``, ``_shifted``) is cleared but no hole: the rows that came
        there may be left, blank meanwhile."""
        elements = self._earlier
        now = self._elements
        gone = [ident for ident in diff if ident not in now]
        later: set = set()
        if spread:  # (what says where the view is, the scroll's sign and the count of
            # rows out of view: painted with it, never left)
            changed = [i for i, (ident, _, _, key, *_) in enumerate(elements)
                       if diff.get(ident) != key and key[:1] not in (("sign",), ("more",))]
            cut = SPREAD_FIRST if fresh is None else SPREAD_A_DRAW
            if fresh is None and len(changed) <= SPREAD_FEW:
                cut = len(changed)  # (a few: now, not a frame later)
            while 0 < cut < len(changed) and \
                    elements[changed[cut]][1].top == elements[changed[cut - 1]][1].top:
                cut += 1  # (a row whole: never a lit row's ring half gone for a frame)
            later = set(changed[cut:])
        moved = len(gone) > len(elements) // 2  # (most of it: a column widened)
        if not later and fresh is None and moved:
            return None
        clip = surface.get_clip()
        done: list = []
        stale: list = []  # (what is gone, where elements not painted since may lie)
        keep = bool(later) and fresh is None and moved  # (what is gone stays, but where
        # no element will paint)
        if keep:
            self._gone_kept = {ident: diff[ident] for ident in gone}
        only = fresh is not None or keep  # (cleared but where no element paints, or will)
        boxes = [box.clip(where) for _, box, where, *_ in elements] if only else []
        holes: list = []  # (cleared where something was; not where the rows left, blank
        # until the rows that came there are painted: ``_shifted``)
        for box, where in gone:
            part = pygame.Rect(box).clip(where)
            if not part.w or not part.h:
                continue
            if diff[(box, where)] != VACATED:
                holes.append(part)
            stale.append(part)
            for piece in _minus(part, [boxes[j] for j in part.collidelistall(boxes)]) \
                    if only else (part,):
                surface.set_clip(piece)
                surface.fill(theme.PANEL, piece)
                done.append(piece)
        if later and not only:  # (a few gone, cleared now: what lies there is
            # painted now too, and the rest of its row)
            cleared = {box.top for _, box, *_ in elements if box.collidelist(holes) >= 0}
            later = {i for i in later if elements[i][1].top not in cleared}
        # (the rows left: what lies where something is gone is painted with its row, in
        # a later draw; nothing is cleared there meanwhile)
        late_rows = {elements[i][1].top for i in later} if only else set()
        boxes = []
        cells, before = self._cells, self._cells_before
        for i, (ident, box, where, key, paint, covers, kept) in enumerate(elements):
            boxes.append(box)
            if i in later:
                self._deferred.append(ident)
                continue
            if diff.get(ident) == key and (not done or box.collidelist(done) < 0) and (
                    fresh is None or ident in fresh or box.collidelist(stale) < 0):
                if kept is not None and kept not in cells:  # (still shown: its picture is
                    # one of this draw's, not the first forgotten)
                    picture = before.get(kept)
                    if picture is not None:
                        cells[kept] = picture
                continue
            if box.top in late_rows:
                self._deferred.append(ident)
                continue
            surface.set_clip(where)
            if not covers and self._picture_of(kept, box) is None:
                surface.fill(theme.PANEL, box)  # (a picture kept covers it all: not twice)
            paint()
            self._fresh.add(ident)
            if not covers:  # (what it overlaps of those before it, again in order)
                for j in box.collidelistall(boxes[:i]):
                    part = boxes[j].clip(box).clip(where)
                    if not part.w or not part.h:
                        continue
                    surface.set_clip(part)
                    surface.fill(theme.PANEL, part)
                    for _, other, at, _, again, _, _ in elements[:i + 1]:
                        if other.colliderect(part):  # (each as far as its clip went)
                            surface.set_clip(part.clip(at))
                            again()
            shown = box.clip(where)
            if shown.w and shown.h:
                done.append(shown)
        surface.set_clip(clip)
        return done

    def _draw(self, surface: pygame.Surface, model: SheetModel,
              diff: dict | None = None, spread: bool = False, shown: tuple | None = None
              ) -> list[pygame.Rect] | None:
        """Paint the sheet: whole, or with ``diff`` (the elements the screen shows, by
        ``_element``) only what changed; the rectangles painted (None with ``diff`` when the
        elements are not those shown: nothing can be kept). ``shown``: what the screen
        shows is known by (``_shown_elements``): where the rows scrolled since, the rows in
        view both then and now are moved (``_shifted``), not painted again."""
        settled = self._settled_memo(model)  # (what was measured of it, kept)
        self._measured = {} if settled is None else settled[2]
        self._keep_cells()
        self._diff, self._elements, self._earlier, self._overflow = diff, {}, [], []
        try:
            clip = surface.get_clip()
            view = self._view()
            self._paint(surface, model)
            if diff is None:
                return [self.rect.copy()]
            shifted = self._shifted(surface, diff, shown) if shown is not None else None
            if shifted is not None:
                diff = shifted[0]
            # (rows scrolled since the sheet shown, before ``draw`` or by a row revealed
            # once laid out: all at once, as ``draw`` says, unless those in view moved)
            still = shifted is not None or self._view() == (view if shown is None
                                                            else shown[3])
            painted = self._paint_changed(surface, diff, spread and still)
            if painted is not None and shifted is not None:
                painted.insert(0, shifted[1])
            if painted is None:  # (most of it moved: all of it, from the elements listed,
                # not listed again)
                pygame.draw.rect(surface, theme.PANEL, self.rect,
                                 border_radius=theme.px(RADIUS))
                for _, _, where, _, paint, _, _ in self._earlier:
                    surface.set_clip(where)
                    paint()
                surface.set_clip(clip)
                return [self.rect.copy()]
            return painted
        finally:
            self._diff, self._listed, self._earlier = None, self._earlier, []

    def _shifted(self, surface: pygame.Surface, diff: dict, shown: tuple
                 ) -> tuple[dict, pygame.Rect] | None:
        """Where the rows scrolled since the sheet the screen shows (``shown``: its elements
        ``diff``, its view, the band its rows scroll in), the band's pixels moved by as
        much, from the picture kept of that sheet, and ``diff`` as the screen is then: the
        rows still whole in view where they are now; where no row was in view (the strip
        the rows left, and what an element of another clip painted inside the band, moved
        with it) something gone, cleared; an element of another clip that painted inside
        the band, not there (painted again). A scroll painted every row in view again:
        20-30 ms in the page at a phone's CPU, of the slowest frames while bots play. None
        (nothing moved) where the rows did not scroll, or the page or the band is not the
        same, or they moved a band or more, or the picture is not of that sheet."""
        if shown[4] is None or shown[4] != self._band:
            return None
        (offset, page), where = shown[3], shown[4]
        delta = self.scroll.offset - offset
        band = pygame.Rect(where)
        if not delta or page != self.page or abs(delta) >= band.h \
                or self._picture is None or self._picture_key != shown[0] \
                or self._picture.get_size() != self.rect.size:
            return None
        clip = surface.get_clip()
        surface.set_clip(band)
        surface.blit(self._picture, (self.rect.x, self.rect.y - delta))
        surface.set_clip(clip)
        left = pygame.Rect(band.x, band.bottom - delta if delta > 0 else band.top, band.w,
                           abs(delta))  # (the strip the rows left: nothing moved into it)
        vacated = [left]
        moved: dict = {}
        for (box, at), key in diff.items():
            if at == where:
                continue
            drawn = pygame.Rect(box).clip(at).clip(band)
            if drawn.w and drawn.h:  # (painted inside the band, moved with it: cleared)
                stray = drawn.move(0, -delta).clip(band)
                if stray.w and stray.h:
                    vacated.append(stray)
            else:
                moved[(box, at)] = key
        for (box, at), key in diff.items():  # (the rows: where they are now; one over
            # what is cleared is painted again, ``_paint_changed``)
            there = pygame.Rect(box).move(0, -delta)
            if at == where and there.colliderect(band):
                moved[(tuple(there), at)] = key
        for part in vacated:
            moved[(tuple(part), where)] = VACATED  # (gone: cleared)
        return moved, band

    def _layout(self, model: SheetModel, inner: pygame.Rect) -> tuple:
        """The sheet's sizes in ``inner`` (``_lay_out``): the last layout again while all it
        was worked out from is the same: the rows, the names, the footer, the room and the
        looks, and its columns' widths (not their texts: a sheet after a move, a score
        written in a column that keeps its width, is laid out as before). Paged, the
        player to act, the viewer and the scores paged out count too."""
        base = (tuple(inner), self.label_width, self.interactive, self.touch_rows,
                theme.metrics.key, theme.generation, self._layout_sig(model))
        kept = self._layout_kept
        if kept is not None and not probe.recording():  # (a test reads it: afresh)
            was, page, consulted, paging, page_after, layout = kept
            if was == base and page == self.page \
                    and (paging is None or paging == self._paging_key(model)) \
                    and all(self._column_widths(model, s) == w for s, w in consulted.items()):
                self.page = page_after
                return layout
        page = self.page
        self._consulted = {}
        try:
            layout = self._lay_out(model, inner)
            consulted = self._consulted
        finally:
            self._consulted = None
        paging = self._paging_key(model) if layout[6] else None
        self._layout_kept = (base, page, consulted, paging, self.page, layout)
        return layout

    def _layout_sig(self, model: SheetModel) -> tuple:
        """What of ``model`` its layout depends on, but its columns' texts (their widths
        are compared) and what paging depends on (``_paging_key``)."""
        settled = self._settled_memo(model)
        if settled is not None and "layout" in settled[2]:
            return settled[2]["layout"]
        sig = (tuple(tuple(h) for h in model.headers),
               tuple((r.label, r.short, bool(r.note), r.kind, self._clickable(r))
                     for r in model.rows),
               model.footer, model.fixed_columns, model.keep)
        if settled is not None:
            settled[2]["layout"] = sig
        return sig

    @staticmethod
    def _paging_key(model: SheetModel) -> tuple:
        """What a layout that pages its columns depends on beside ``_layout_sig``: the
        columns kept in view and the scores of those paged out."""
        scored = next((r for r in reversed(model.rows) if r.kind == "total"), None)
        return (model.active_column, model.viewer,
                tuple(c.text for c in scored.cells) if scored is not None else None)

    def _lay_out(self, model: SheetModel, inner: pygame.Rect) -> tuple:
        """(body size, footer height, label column width, columns shown, their widths,
        header height, paged, the strip's lines, its height, the total row dropped for
        it), in device pixels."""
        px = theme.px
        footer_h = 0
        if model.footer:
            footer_h = fit_text(model.footer, inner.w, px(40), 13, 12, wrap=True).height + px(4)
        n_cols = max(1, len(model.headers))
        # The body's size: the largest from 20 dp down to 16 at which every row and every
        # column fits; else the smallest at which the columns fit (the rows scroll, as many
        # in view as can be); else 16.
        size, columns_only = BODY, None
        # (rows that do not fit at 16 fit at no size, the names' height being the same at
        # every size: with every column in at 20 and at 16, the sizes between need no
        # layout of the columns; a phone's sheet, which scrolls, is laid out twice, not 5)
        if self._header_height(model, inner.w, BODY, n_cols) + \
                self._rows_height(BODY, model.rows) > inner.h - footer_h \
                and len(self._columns(model, inner.w - px(10), 20)[1]) == n_cols \
                and len(self._columns(model, inner.w - px(10), BODY)[1]) == n_cols:
            size = BODY
        else:
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
        bar = px(GUTTER) if head_guess + rows_h > inner.h - footer_h else 0
        scored = next((r for r in reversed(model.rows) if r.kind == "total"), None)
        for _ in range(2):  # (again with room for the scroll's sign when the rows turn out
            # not to fit beside a taller header or the line of the players paged out)
            label_w, shown, col_w = self._columns(model, inner.w - bar, size)
            paged = len(shown) < len(model.headers)
            head_h = self._header_height(model, inner.w, size, n_cols,
                                         min(col_w.values(), default=px(40)))
            if paged and theme.metrics.touch:  # the page buttons are tapped
                head_h = max(head_h, px(theme.TOUCH_MIN + 4))
            entries = self._strip(model, shown) if paged else []
            # a total row with nothing in the columns shown gives its place to the strip
            dropped = bool(entries) and not any(c < len(scored.cells) and scored.cells[c].text
                                                for c in shown)
            strip = self._strip_lines(entries, inner.w - px(8),
                                      scored.label if dropped else "")
            strip_h = len(strip) * (theme.font(STRIP, True).get_height() + px(2))
            strip_h += px(6) if strip else 0
            if bar or head_h + rows_h + strip_h <= inner.h - footer_h:
                break
            bar = px(GUTTER)
        return size, footer_h, label_w, shown, col_w, head_h, paged, strip, strip_h, dropped

    def _paint(self, surface: pygame.Surface, model: SheetModel) -> None:
        px = theme.px
        if self._diff is None:
            pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=px(RADIUS))
        inner = self.rect.inflate(-px(16), -px(12))
        self.row_rects, self.cell_rects, self.header_rects, self.pager = {}, {}, {}, {}
        self.line_rects = {}
        self._content_rows = {}
        self._band = None
        if inner.h < px(60):  # no room for a sheet at all (never at a supported size)
            return
        scored = next((r for r in reversed(model.rows) if r.kind == "total"), None)
        size, footer_h, label_w, shown, col_w, head_h, paged, strip, strip_h, dropped = \
            self._layout(model, inner)
        x0 = inner.x
        col_x, x = {}, x0 + label_w
        for c in shown:
            col_x[c] = x
            x += col_w[c]
        y = inner.y
        self.header_rects, self.pager = {}, {}
        words = self._label_columns(model)
        # The header: player names, the active player's lit.
        looks = (theme.generation, theme.metrics.key)
        for c in shown:
            name, colour = model.headers[c][:2]
            cell = pygame.Rect(col_x[c] + px(2), y, col_w[c] - px(4), head_h - px(2))
            self.header_rects[c] = cell

            def header(c=c, name=name, colour=colour, cell=cell) -> None:
                if c == model.active_column:
                    pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=px(8))
                    pygame.draw.rect(surface, colour, cell, width=max(1, px(2)),
                                     border_radius=px(8))
                box = cell.inflate(-px(8), -px(4))
                draw_text_in(surface, name if c in words else
                             self._header_text(name, box.w, box.h), box, HEADER, colour, True,
                             min_size=HEADER, wrap=True)
            self._element(surface, cell, ("header", name, tuple(colour), c in words,
                                          c == model.active_column, looks), header)
        corner = pygame.Rect(x0, y, label_w - px(6), head_h - px(2))
        if paged:
            prev, nxt = corner.copy(), corner.copy()
            w = min(px(44), corner.w // 2 - px(2))
            prev.w = nxt.w = w
            nxt.right = corner.right
            self.pager = {"prev": prev, "next": nxt}
            hidden = len(model.headers) - len(shown)

            def pager(y=y) -> None:
                for name, r in self.pager.items():
                    pygame.draw.rect(surface, theme.BUTTON, r, border_radius=px(8))
                    draw_text_in(surface, "‹" if name == "prev" else "›", r, 22, theme.TEXT,
                                 True, min_size=16)
                draw_text_in(surface, f"+{hidden}", pygame.Rect(prev.right, y,
                                                                nxt.x - prev.right, corner.h),
                             16, theme.TEXT_DIM, True, min_size=16)
            self._element(surface, corner, ("pager", hidden, tuple(prev), tuple(nxt), looks),
                          pager)
            for name, r in self.pager.items():
                probe.control(f"sheet {name}", r, surface=surface)
        elif model.corner:
            self._element(surface, corner, ("corner", model.corner, looks), lambda: draw_text_in(
                surface, model.corner, corner.inflate(-px(4), 0), HEADER, theme.TEXT_DIM, True,
                "left", min_size=HEADER, wrap=True))
        y += head_h
        # Rows: the totals at the top and the bottom stay; the rest scroll when they do not
        # fit (and say so). The scores of players paged out (``strip``) come under their
        # total row; a total row with nothing in the columns shown gives its place to them.
        body = pygame.Rect(inner.x, y, inner.w, inner.bottom - footer_h - y)
        top_pinned, pinned = [], []
        for row in model.rows:
            if row.kind != "total" or len(top_pinned) == len(model.rows) - 1:
                break
            top_pinned.append(row)
        for row in reversed(model.rows[len(top_pinned):]):
            if row.kind not in ("total", "foot"):
                break
            pinned.insert(0, row)
        middle = model.rows[len(top_pinned):len(model.rows) - len(pinned)]
        strip_top = bool(strip) and any(r is scored for r in top_pinned)
        if dropped:
            top_pinned = [r for r in top_pinned if r is not scored]
            pinned = [r for r in pinned if r is not scored]
            middle = [r for r in middle if r is not scored]
        heights = [self._row_height(size, r) for r in middle]
        pinned_h = self._rows_height(size, pinned) + self._rows_height(size, top_pinned) + \
            (strip_h if strip else 0)
        if footer_h and sum(heights) > body.h - pinned_h:
            # rows scroll: the footer (a legend) only where it leaves three of them in view
            least = sum(heights[:3]) + theme.font(MORE, True).get_height()
            if body.h - pinned_h < least:
                body.h += footer_h
                footer_h = 0
        args = (model, size, label_w, col_x, col_w, shown)
        for row in top_pinned:
            h = self._row_height(size, row)
            self._draw_row(surface, row, y, h, *args, self.rect)
            y += h
        strip_box = None
        if strip and strip_top:
            strip_box = pygame.Rect(inner.x, y + px(4), inner.w, strip_h - px(6))
            self._strip_element(surface, strip, strip_box)
            y += strip_h
        pinned_h = self._rows_height(size, pinned) + (0 if not strip or strip_top else strip_h)
        full = pygame.Rect(body.x, y, body.w, max(0, body.bottom - pinned_h - y))
        tops = [0, *accumulate(heights)]
        content_h = tops.pop()
        # the rows that scroll, and under them the line that says how many more there are
        more_h = theme.font(MORE, True).get_height() if content_h > full.h else 0
        room = pygame.Rect(full.x, full.y, full.w, max(0, full.h - more_h))
        self._row_step = max(heights, default=px(24))
        self.scroll.bg = theme.PANEL
        self.scroll.set(room, content_h, tops)
        if self._revealing is not None:  # (revealed before this layout: its room now)
            for row, h, cy in zip(middle, heights, tops, strict=True):
                if self._revealing in [row.key] + [c.key for c in row.cells]:
                    self.scroll.scroll_to(pygame.Rect(0, cy, room.w, h), 0)
            self._revealing = None
        # whole rows only: the view ends with the last row that fits whole
        offset = self.scroll.offset
        view_h = room.h
        if more_h:  # (none whole: a row cut by no more than its bottom margin, else none,
            # rather than a row's words cut through: 'To target' at 360x640's results)
            first = next((t + h - offset for t, h in zip(tops, heights, strict=True)
                          if t + h > offset), room.h)
            view_h = max((t + h - offset for t, h in zip(tops, heights, strict=True)
                          if offset < t + h <= offset + room.h),
                         default=room.h if first - px(2) <= room.h else 0)
        view = pygame.Rect(full.x, full.y, full.w, view_h)
        self.row_rects, self.cell_rects = {}, {}
        self._content_rows = {}
        items = []
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        self._band = tuple(surface.get_clip())
        for row, h, cy in zip(middle, heights, tops, strict=True):
            content = pygame.Rect(0, cy, view.w, h)
            for key in [row.key] + [c.key for c in row.cells]:
                if key:
                    self._content_rows[key] = content
            top = view.y + cy - self.scroll.offset
            if top + h > view.y and top < view.bottom:
                self._draw_row(surface, row, top, h, *args, view)
                items.append(pygame.Rect(view.x, top, view.w, h))
        surface.set_clip(full.clip(clip))
        if offset > 0 or offset + room.h < content_h:  # (the sign: in the gutter)
            gutter = pygame.Rect(room.right - px(GUTTER), room.y, px(GUTTER), room.h)
            self._element(surface, gutter, ("sign", content_h, offset, tuple(room), looks),
                          lambda: draw_sign(surface, self.scroll.name, room, content_h, offset,
                                            theme.PANEL, items, clip=view, fade=False))
        else:  # (none; what tests read of the view)
            draw_sign(surface, self.scroll.name, room, content_h, offset, theme.PANEL, items,
                      clip=view, fade=False)
        surface.set_clip(clip)
        # how many rows are out of view (a row cut by no more than its bottom margin, when
        # none fits whole, is in view); said under the rows once the totals are drawn
        above = sum(1 for t in tops if t < offset)
        below = sum(1 for t, h in zip(tops, heights, strict=True)
                    if t + h - px(2) > offset + view.h)
        y = full.bottom
        for row in pinned:
            h = self._row_height(size, row)
            self._draw_row(surface, row, y, h, *args, self.rect)
            y += h
        if strip and not strip_top:
            strip_box = pygame.Rect(inner.x, y + px(4), inner.w, strip_h - px(6))
            self._strip_element(surface, strip, strip_box)
        if more_h:
            band = pygame.Rect(full.x, room.bottom, full.w - px(GUTTER), more_h)
            if full.h < more_h and strip_box is not None:
                # no room under the rows (a small phone, larger text, the odds): the count
                # goes at the end of the last line of scores, where there is room for it
                line_h = theme.font(STRIP, True).get_height() + px(2)
                used = sum(w + px(14) for *_, w in strip[-1]) + px(8)
                band = pygame.Rect(strip_box.x + used, strip_box.y + (len(strip) - 1) * line_h,
                                   strip_box.w - used, line_h)
            self._element(surface, band, ("more", above, below, looks),
                          lambda: self.draw_more(surface, band, above, below))
        if model.footer and footer_h:
            foot = pygame.Rect(inner.x, inner.bottom - footer_h, inner.w, footer_h)
            self._element(surface, foot, ("footer", model.footer, looks), lambda: draw_text_in(
                surface, model.footer, foot, 13, theme.TEXT_DIM, wrap=True, min_size=12))

    @staticmethod
    def draw_more(surface: pygame.Surface, band: pygame.Rect, above: int, below: int) -> None:
        """How many rows are out of view above and below ("▲ 3 more  ▼ 2 more"), at the
        right under the rows."""
        px = theme.px
        a = max(3, px(4))
        x = band.right - px(4)
        for n, sign in ((below, -1), (above, 1)):
            if not n:
                continue
            words = f"{n} more"
            w = text_width(words, MORE, True)
            draw_text_in(surface, words, pygame.Rect(x - w, band.y, w, band.h), MORE,
                         theme.TEXT_DIM, True, "right", min_size=MORE)
            x -= w + px(6)
            cy = band.centery
            tip, base = cy - sign * a, cy + sign * a
            pygame.draw.polygon(surface, theme.TEXT_DIM, [(x - a, tip), (x - 2 * a, base),
                                                          (x, base)])
            x -= 2 * a + px(14)

    def _strip_element(self, surface: pygame.Surface, lines, box: pygame.Rect) -> None:
        """The strip of scores (``_draw_strip``) as an element: its line over it too."""
        px = theme.px
        area = pygame.Rect(box.x, box.y - px(3), box.w + 1, box.h + px(3))
        self._element(surface, area, ("strip", tuple(tuple(line) for line in lines),
                                      theme.generation, theme.metrics.key),
                      lambda: self._draw_strip(surface, lines, box))

    def _draw_strip(self, surface: pygame.Surface, lines, box: pygame.Rect) -> None:
        """The scores of the players paged out, a dot in their colour before each."""
        px = theme.px
        line_h = theme.font(STRIP, True).get_height() + px(2)
        pygame.draw.line(surface, theme.LINE, (box.x, box.y - px(3)), (box.right, box.y - px(3)))
        for i, line in enumerate(lines):
            x, y = box.x + px(4), box.y + i * line_h
            for name, words, colour, w in line:
                if not name:  # the total row's label
                    draw_text_in(surface, words, pygame.Rect(x, y, w, line_h), STRIP, colour,
                                 True, "left", min_size=STRIP)
                    x += w + px(14)
                    continue
                pygame.draw.circle(surface, colour, (x + px(5), y + line_h // 2), px(4))
                spot = pygame.Rect(x + px(14), y, w - px(14), line_h)
                draw_text_in(surface, words, spot, STRIP, colour, True, "left",
                             min_size=STRIP)
                probe.shown("score", (name, words.rsplit(" ", 1)[1]), spot)
                x += w + px(14)

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
        the header has, broken only between words), else without the bots' strengths in
        brackets ("Ada & Cleo"), else its initials: every name in the
        header row is drawn at one size, none shrunk, none broken inside a word (the full
        name is a tap away)."""
        plain = " ".join(re.sub(r"\([^()]*\)", " ", name).split())  # "Ada (hard)": "Ada"
        for form in dict.fromkeys((name, plain)):  # (a bot's strength is in its tooltip)
            if not form:
                continue
            fitted = fit_text(form, width, height, HEADER, HEADER, bold=True, wrap=True)
            if " ".join(fitted.lines).split() == form.split() and fitted.width <= width:
                return form
        return initials(plain or name)

    def _label_text(self, row: Row, size: float, room: int) -> str:
        """The label whole when it fits ``room``, else its short form (if it has one)."""
        if row.short and text_width(row.label, size) > room:
            return row.short
        return row.label

    def _kept(self, surface: pygame.Surface, key: tuple | None, box: pygame.Rect, paint) -> None:
        """``paint`` paints ``box`` (over the panel's colour, nothing else under it), or the
        picture kept of what it painted for ``key`` in this draw or the last (None: paint
        it afresh, keep nothing). A sheet drawn again after a move paints again only the
        cells and labels that changed."""
        if not self._keepable(key, box):
            paint()
            return
        picture = self._cells.get(key) or self._cells_before.get(key)
        if picture is not None:
            surface.blit(picture, box)
            self._cells[key] = picture
            return
        paint()
        if surface.get_clip().contains(box) and box.w > 0 and box.h > 0:
            picture = pygame.Surface(box.size, 0, surface)
            picture.blit(surface, (0, 0), box)
            self._cells[key] = picture

    def _keepable(self, key: tuple | None, box: pygame.Rect) -> bool:
        """A picture may be kept for ``key`` in ``box``: it has a key, and no focus ring
        reaches into it (then it is not over the plain panel)."""
        return key is not None and not (self._overflow and box.collidelist(self._overflow) >= 0)

    def _picture_of(self, key: tuple | None, box: pygame.Rect) -> pygame.Surface | None:
        """The picture ``_kept`` paints for ``key`` in ``box`` (it covers the box), if any."""
        if not self._keepable(key, box):
            return None
        return self._cells.get(key) or self._cells_before.get(key)

    def _keep_cells(self) -> None:
        """A draw begins: the pictures of the last one join those painted before (the
        last used the last forgotten), as many as one and a half draws' and a few more. A
        column lit for the player to act, and unlit when the turn passes, is lit again a
        turn later: its cells' pictures of then are painted again, not their texts."""
        before = self._cells_before
        for key, picture in self._cells.items():
            before.pop(key, None)
            before[key] = picture
        room = len(self._cells) * 3 // 2 + 32
        if len(before) > room:
            for key in list(before)[:len(before) - room]:
                del before[key]
        self._cells = {}

    def _ring_over(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` with the focus ring round it, noted where the ring reaches past it (a
        row's ring over the next row's top at some ratios: no picture kept is blitted
        there, ``_kept``)."""
        ring = _ring(rect)
        if not rect.contains(ring):
            self._overflow.append(ring)
        return rect.union(ring)

    def _draw_row(self, surface, row, y, h, model, size, label_w, col_x, col_w, shown,
                  area) -> None:
        px = theme.px
        x0 = self.rect.x + px(8)
        right = max((col_x[c] + col_w[c] for c in shown), default=x0 + label_w)
        line = pygame.Rect(x0, y, right - x0, h)
        clip = surface.get_clip()  # (the same for all the row's elements)
        at = (clip, tuple(clip))
        if row.kind in ("sum", "total"):  # (its line paints every pixel of its box)
            self._element(surface, pygame.Rect(x0, y - 1, line.w + 1, 1), ("line",),
                          lambda: pygame.draw.line(surface, theme.LINE, (x0, y - 1),
                                                   (line.right, y - 1), 1), covers=True, at=at)
        lit = bool(row.key and (row.key == self.hover_key or row.key == model.cursor))
        # (pictures kept only over the plain panel, while no test reads what is drawn)
        keep = not lit and not probe.recording()
        looks = (size, h, theme.generation, theme.metrics.key)
        bold = row.kind == "total"
        note_w = self._note_width(model) if row.note else 0

        def label() -> None:
            if row.note:  # a chance: a neutral badge with its % sign (never a player's colour)
                badge = pygame.Rect(x0 + label_w - note_w - px(4), y + px(2), note_w,
                                    h - px(6))
                if "%" in row.note:
                    pygame.draw.rect(surface, theme.BG_DARK, badge, border_radius=badge.h // 2)
                draw_text_in(surface, row.note, badge.inflate(-px(8), 0), NOTE, row.note_colour,
                             True, "right", min_size=12)
            room = label_w - px(10) - (note_w + px(4) if note_w else 0)
            words = pygame.Rect(x0 + px(6), y, room, h - px(2))
            # (written onto the ground it knows, copied, not blended: in the page the
            # blitter has no SIMD; a lit row's rounded ends are left of it; not under a ring)
            draw_text_in(surface, self._label_text(row, size, room), words, size,
                         row.label_colour, bold, "left", min_size=size,
                         bg=None if row.key is not None and row.key == model.cursor else
                         theme.PANEL_LIGHT if lit else theme.PANEL, flat=words)
        label_key = ("label", row.label, row.short, tuple(row.label_colour), row.note,
                     tuple(row.note_colour), bold, label_w, note_w, looks)
        label_box = pygame.Rect(x0, y, label_w, h)
        cells = []  # (key, box, paint, picture's key)
        for c in shown:
            if c >= len(row.cells):
                continue
            cell = row.cells[c]
            box = pygame.Rect(col_x[c] + px(2), y, col_w[c] - px(4), h)
            if cell.key and self.interactive:
                visible = box.clip(area)
                if visible.h >= box.h // 2:
                    self.cell_rects[cell.key] = box
                    probe.control(f"cell {cell.key}", box, group=f"row {row.label}",
                                  surface=surface)
            marked = bool(cell.key and self.interactive and cell.key in (model.cursor,
                                                                          self.hover_key))

            def paint(cell=cell, box=box, c=c, marked=marked) -> None:
                ground, flat = theme.PANEL, box
                if lit:  # (inside the lit row's rounded ends)
                    ground, flat = theme.PANEL_LIGHT, box.inflate(-2 * px(6), 0)
                if c == model.active_column:
                    pygame.draw.rect(surface, (32, 50, 70), box)
                    ground = (32, 50, 70)
                if cell.fill:
                    inside = box.inflate(-px(4), -px(4))
                    pygame.draw.rect(surface, cell.fill, inside, border_radius=px(6))
                    ground, flat = cell.fill, inside.inflate(-2 * px(6), 0)
                if marked or (lit and row.key == model.cursor):
                    ground = None  # (a ring or an outline over it: blended)
                if cell.key and self.interactive:
                    if cell.key == model.cursor:  # the keyboard's cursor: the focus ring
                        focus_ring(surface, box.inflate(-px(8), -px(8)), 6)
                    elif cell.key == self.hover_key:
                        pygame.draw.rect(surface, theme.TEXT, box.inflate(-px(2), 0),
                                         width=max(1, px(1)), border_radius=px(6))
                text_box = box.inflate(-px(4), 0)
                words = cell.text  # (its short form where the column is too narrow for it)
                if cell.short and text_width(words, size, cell.bold or bold) > text_box.w - (
                        mark_room(size) if cell.mark else 0):
                    words = cell.short
                if cell.mark and words:
                    room = mark_room(size)
                    drawn = text_width(words, size, cell.bold or bold)
                    left = max(text_box.x, text_box.centerx - (drawn + room) // 2)
                    icon(surface, cell.mark, (left + room // 2 - px(1), box.centery),
                         room * 0.42)
                    text_box = pygame.Rect(left + room, box.y, text_box.right - left - room,
                                           box.h)
                if words:  # (written onto its ground, copied: see the label's)
                    draw_text_in(surface, words, text_box, size, cell.colour,
                                 cell.bold or bold, "left" if cell.mark else "center",
                                 min_size=size, bg=ground, flat=flat.clip(text_box))
                if cell.strike:
                    stroke = box.inflate(-px(10), -px(8))
                    pygame.draw.line(surface, cell.colour, stroke.bottomleft, stroke.topright,
                                     max(1, px(2)))
            key = ("cell", cell.text, cell.short, tuple(cell.colour), cell.bold,
                   tuple(cell.fill) if cell.fill else None, cell.mark, cell.strike,
                   c == model.active_column, bold, box.size, looks)
            place = box
            if marked and cell.key == model.cursor:
                place = self._ring_over(box)
            cells.append((key + (marked and (cell.key == model.cursor,
                                             cell.key == self.hover_key),),
                          place, paint, key if keep and not marked else None))
            if bold and cell.text:
                probe.shown("score", (model.headers[c][0], cell.text), box)
        if lit:  # the row lit under the pointer or the keyboard's cursor: one element
            def whole() -> None:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(6))
                if row.key == model.cursor:  # the keyboard's cursor: the focus ring
                    focus_ring(surface, line.inflate(-px(8), -px(8)), 6)
                label()
                for _, _, paint, _ in cells:
                    paint()
            self._element(surface, self._ring_over(line) if row.key == model.cursor else line,
                          ("lit", row.key == model.cursor, label_key,
                           tuple((key, tuple(box)) for key, box, _, _ in cells)), whole, at=at)
        else:
            self._element(surface, label_box, label_key, lambda: self._kept(
                surface, label_key if keep else None, label_box, label),
                kept=label_key if keep else None, at=at)
            for key, place, paint, picture in cells:
                self._element(surface, place, key, lambda place=place, paint=paint,
                              picture=picture: self._kept(surface, picture, place, paint),
                              kept=picture, at=at)
        if line.clip(area).h >= line.h // 2:
            self.line_rects[row.label] = line
            if row.box:
                self.line_rects.setdefault(row.box, line)
        if row.key and self.interactive:
            visible = line.clip(area)
            if visible.h >= line.h // 2:
                self.row_rects[row.key] = line
                if not any(c.key for c in row.cells):
                    probe.control(f"row {row.key}", line, surface=surface)
