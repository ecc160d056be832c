"""The post-game review: each human's decisions, biggest loss first, against the coach.

The review (game.review) runs as a game.tasks.Task stepped once per frame, so the screen
shows its progress and never freezes. Then, per reviewed player (a tab each when there are
several): the total expected points lost, the chance to win lost where the coach priced
endgame moves in it (those losses read "-7.5%", in blue or red), the accuracy, how many
decisions could be priced, and the decisions ranked by loss (game.review: the decisions
that lost a chance to win first). A click on a row, or Enter on the highlighted one, opens
the replay paused just before that move; its Back returns here. Esc/Back returns to where
the review was opened from (the results, the records).

Keys: Up/Down choose a row, PgUp/PgDn/Home/End and the wheel scroll, Enter opens, Tab (or
Left/Right) switches player, Esc goes back. Touch: tap a row, drag the list or use the page
buttons to scroll. A list longer than its place says so (arrows and a bar beside it, lit
Page buttons).
"""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.review import Decision, Review, human_seats, review_steps
from game.rules.core import Action, GameState
from game.scenes.tables import StandIn, load_table
from game.tasks import Task
from game.ui import hands, inline, layout, probe, theme
from game.ui.layout import fr
from game.ui.marks import focus_ring
from game.ui.scroll import DRAG, GUTTER, draw_sign
from game.ui.text import draw_text_in, fit_text, fits_whole, text_width
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import Possessive, possessive

# columns: (title, width track, align); on a narrow screen a row takes two lines or more
COLUMNS = (("Loss", 92, "right"), ("Turn", 54, "center"), ("Position", fr(0.8), "left"),
           ("Played", fr(1), "left"), ("Best move", fr(1), "left"))
ROW_TEXT = 16  # dp: the rows' words, never smaller (a row grows a line instead)
# How the rows are written, the one whose rows take the least height (every word whole):
# "wide" (the five cells in one line), "two" (the loss, turn and position over the move
# played and the best move side by side), "stacked" (the move played and the best move each
# on a whole line: a phone)
FORMS = ("wide", "two", "stacked")
WIDE_FROM = 900  # dp: the list's least width for the five cells in a line
HALF_LEAST = 240  # dp: the move played and the best move side by side, each this wide


def table_describer(info: GameInfo, state: GameState):
    """``describe(state, action)`` in the words of the game's own table ("Hold [2 2 5] and
    roll again", "Score Chance")."""
    stub = StandIn(state)
    table = load_table(info.table_module())(stub)

    def describe(position: GameState, action: Action) -> str:
        stub.state = position
        return table.describe_move(action)
    return describe


def loss_text(d: Decision) -> tuple[str, tuple]:
    """The Loss cell: "-4.2" in expected points (red from 5 points), "-7.5%" in chance to win
    (red from 5 percentage points), "best" (in the colour of a gain), or "not priced"."""
    if d.loss is None:
        return "not priced", theme.TEXT_DIM
    if d.is_best:
        return "best", theme.GOOD
    if d.unit == "win":
        return f"-{d.loss * 100:.1f}%", theme.BAD if d.loss >= 0.05 else theme.TEXT
    return f"-{d.loss:,.1f}", theme.BAD if d.loss >= 5 else theme.TEXT


def lost(amount: float) -> str:
    """A loss as a figure: "-4.2", "-1,078.7", and "0.0" for nothing (never "-0.0")."""
    text = f"{amount:,.1f}"
    return text if text == "0.0" else f"-{text}"


def verdict_text(d: Decision, win_note: str | None = None) -> str:
    """A decision's loss in words, for the replay's note (``win_note``: how a chance to win
    lost is measured, when it is not the bare chance; None: the compact form, without it
    and without "on average")."""
    if d.loss is None:
        return "not priced"
    if d.is_best:
        return "the best move"
    if d.unit == "win":
        return f"{d.loss * 100:.1f}% chance of winning lost" + (f", {win_note}" if win_note
                                                                   else "")
    return f"{d.loss:,.1f} points lost" + (" on average" if win_note is not None else "")


class ReviewScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState, hinted: bool = False,
                 seats: list[int] | None = None):
        super().__init__(app)
        self.info = info
        self.state = state  # the finished game
        self.hinted = hinted
        self.seats = human_seats(state) if seats is None else list(seats)
        self.task: Task | None = None
        self.review: Review | None = None
        self.error = ""
        self.tab = 0  # which reviewed player is shown
        self.top = 0  # first row on show
        self.cursor = 0  # the highlighted row (Enter opens it)
        self.hover = -1
        self._press: tuple[tuple[int, int], int] | None = None  # (where, top) of a press
        self.dragging = False
        self.focus = FocusGroup()
        self.regions: dict[str, pygame.Rect] = {}
        self.form, self.narrow_cols = "wide", (92, 54)  # how the rows are written (relayout)
        self.low = False  # a low window: rows and lines closer (relayout)
        self.heights: list[int] = []  # each row's height (device pixels): as its words need
        self.row_h = 1  # a typical row's height (a drag moves a row per row_h)
        if self.seats:
            self._start()

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 24)
        control = layout.touch_size(46)
        n_tabs = len(self.review.seats) if self.review is not None and \
            len(self.review.seats) > 1 else 0
        tabs_h = layout.flow_height(screen.w, [220] * n_tabs, control + 8, gap=8) if n_tabs else 0
        self.switcher = tabs_h > control + 8  # more players than one row holds: ‹ name ›
        if self.switcher:
            tabs_h = control + 8
        back_w = 100 if f.portrait else 140
        # a low window (a phone on its side, 640x360): the lines around the list closer,
        # so that it shows two rows
        self.low = f.short
        line = max(control, 40) if self.low else 48
        title_w = screen.w - theme.px(back_w + 12)
        title, tabs, summary, lst, keys, foot = layout.rows(
            screen, self._title_height(title_w, line), tabs_h,
            self._summary_height(screen.w, 40 if self.low else 50), fr(),
            0 if f.touch else 24, control + 6, gap=6 if self.low else 8)
        title_text, back = layout.cols(title, fr(), back_w, gap=12)
        self.regions = {"title": title_text, "back": back, "tabs": tabs, "summary": summary,
                        "list": lst, "keys": keys, "foot": foot}
        self.head_h = theme.px(24 if self.low else 30)
        self._plan_rows()
        self._buttons()

    def title(self) -> str:
        return f"Review · {self.info.title}" + (" · hints used" if self.hinted else "")

    def _title_height(self, width: int, line: float) -> float:
        """The title's row (dp): ``line``, or two lines where one does not hold it at 18 dp."""
        if fits_whole(self.title(), pygame.Rect(0, 0, width, theme.px(line)), 30, 18, True,
                      display=True):
            return line
        return max(line, theme.dp(fit_text(self.title(), width, 10**6, 18, 18, True, True,
                                           True).height) + 4)

    def _summary_text(self) -> str:
        if self.review is None or not self.review.seats:
            return (f"{self.whose([self.state.seats[s].name for s in self.seats])} decisions, "
                    "priced against the coach's best move" if self.seats else "")
        rev = self.review.seats[self.tab]
        return f"{rev.summary(self.review.win_note)} · against the {self.review.coach_label} bot"

    def _summary_boxes(self, box: pygame.Rect) -> tuple[pygame.Rect | None, pygame.Rect]:
        """(where the reviewed player's name goes, where the summary goes): side by side,
        or on a narrow screen the name over the summary, which then has the whole width."""
        if self.review is None or not self.review.seats:
            return None, box
        px = theme.px
        if theme.dp(box.w) < 560:
            name, rest = layout.rows(box, 30, fr(), gap=2)
            return pygame.Rect(name.x + px(24), name.y, name.w - px(24), name.h), rest
        name = pygame.Rect(box.x + px(24), box.y, min(px(260), box.w // 3), box.h)
        return name, pygame.Rect(name.right + px(14), box.y, box.right - name.right - px(14),
                                 box.h)

    def _summary_height(self, width: int, least: float) -> float:
        """The summary's place (dp): ``least`` where its words fit whole at 13 dp or more,
        else as tall as they need at 16 dp (a phone upright: under the name)."""
        _, rest = self._summary_boxes(pygame.Rect(0, 0, width, theme.px(least)))
        if rest.y == 0 and fits_whole(self._summary_text(), rest, 16, 13):
            return least
        _, rest = self._summary_boxes(pygame.Rect(0, 0, width, theme.px(200)))
        lines = fit_text(self._summary_text(), rest.w, 10**6, 16, 16, wrap=True).height
        return max(least, theme.dp(lines) + 4 + theme.dp(rest.y))

    def _row_width(self) -> int:
        """A row's inside width in device pixels (room kept for the scroll bar)."""
        return self.regions["list"].w - theme.px(16 + GUTTER + 12)

    def _tracks(self, form: str, width: int) -> list[tuple[int, int]]:
        """(x offset, width) of the five cells in a row ``width`` wide: (0, width) for a
        cell that takes a whole line of its own."""
        tracks = [c[1] for c in COLUMNS]
        if form != "wide":  # the loss and the turn as wide as their words: the position's
            tracks[:2] = self.narrow_cols  # dice the more room
        line = pygame.Rect(0, 0, width, 1)
        if form == "wide":
            cells = layout.cols(line, *tracks, gap=10)
        else:
            cells = layout.cols(line, *tracks[:3], gap=10)
            cells += layout.cols(line, fr(), fr(), gap=10) if form == "two" else [line, line]
        return [(c.x, c.w) for c in cells]

    def _heights(self, form: str, d: Decision, tracks) -> list[int]:
        """The height each of a row's five cells needs, in device pixels, whole."""
        texts = self._texts(d, form)
        bold = (True, False, False, False, False)
        return [inline.height_of(t, w, ROW_TEXT, b)
                for t, (_, w), b in zip(texts, tracks, bold, strict=True)]

    @staticmethod
    def _bands(form: str, heights: list[int]) -> list[int]:
        """The heights of a row's lines of cells: one, two or three bands."""
        if form == "wide":
            return [max(heights)]
        top = max(heights[:3])
        if form == "two":
            return [top, max(heights[3:])]
        return [top, heights[3], heights[4]]

    def _plan_rows(self) -> None:
        """Choose the rows' form (``FORMS``: the one whose rows take the least height, the
        first of equals) and each row's height, as its words need: no row loses a word (the
        position's dice and the moves' words wrap where they must)."""
        width = self._row_width()
        rows = self.rows()
        self.narrow_cols = tuple(
            theme.dp(max([text_width(title, 15, True)] +
                         [text_width(self._texts(d, "two")[k], ROW_TEXT, True) for d in rows]))
            + 4 for k, title in enumerate(("Loss", "Turn")))
        line = layout.touch_size(36) + 4
        forms = FORMS if theme.dp(self.regions["list"].w) >= WIDE_FROM else FORMS[1:]
        chosen = None
        for form in forms:
            tracks = self._tracks(form, width)
            if form == "two" and theme.dp(tracks[3][1]) < HALF_LEAST:
                continue  # (halves too narrow: their words in ragged lines)
            least = theme.px(max(line, 36 if form == "wide" else 54 if self.low else 58))
            pad = theme.px(10 if self.low else 14)
            heights = [max(least, sum(self._bands(form, self._heights(form, d, tracks))) + pad)
                       for d in rows]
            if chosen is None or sum(heights) < sum(chosen[1]):
                chosen = (form, heights)
        self.form, self.heights = chosen
        self.row_h = sorted(self.heights)[len(self.heights) // 2] if self.heights else \
            theme.px(36)

    # -- rows of their own heights: which fit the list ------------------------------------
    def _view_h(self) -> int:
        lst = self.regions.get("list")
        return lst.h - self.head_h - theme.px(12) if lst is not None else 0

    def _shown_from(self, top: int) -> int:
        """How many rows from ``top`` the list shows whole (at least one)."""
        room, n = self._view_h(), 0
        for h in self.heights[top:]:
            room -= h
            if room < 0:
                break
            n += 1
        return max(1, n)

    def _first_of_page(self, last: int) -> int:
        """The first row of the page that ends with row ``last`` (the most rows before it
        that fit with it)."""
        room, first = self._view_h() - self.heights[last], last
        while first > 0 and room >= self.heights[first - 1]:
            first -= 1
            room -= self.heights[first]
        return first

    @property
    def rows_per_page(self) -> int:
        """The rows shown whole from the top row on."""
        return self._shown_from(self.top) if self.heights else 1

    # -- the work ---------------------------------------------------------------------------
    def _start(self) -> None:
        self.task = Task(review_steps(self.info, self.state, self.seats,
                                      describe=table_describer(self.info, self.state)))

    def review_everyone(self) -> None:
        """Nobody played by hand: review every seat's play as if a human had made it."""
        self.seats = list(range(len(self.state.seats)))
        self._start()
        self._layout_key = None

    def update(self, dt: float) -> None:
        if self.task is None or self.review is not None or self.error:
            return
        self.app.invalidate()  # the progress bar moves
        if self.task.step():
            if self.task.error is not None:
                self.error = f"The review could not be made ({self.task.error})."
            else:
                self.review = self.task.result
            self._layout_key = None

    @property
    def working(self) -> bool:
        return self.task is not None and self.review is None and not self.error

    def rows(self) -> list[Decision]:
        if self.review is None or not self.review.seats:
            return []
        return self.review.seats[self.tab].ranked()

    # -- buttons ----------------------------------------------------------------------------
    def _buttons(self) -> None:
        if not self.regions:
            return
        r = self.regions
        control = layout.touch_size(46)
        buttons = [Button(layout.centred(r["back"], 140, control), "Back", self.back, size=18,
                          hotkey="Esc")]
        if self.review is not None and len(self.review.seats) > 1:
            seats = self.review.seats
            if self.switcher:  # one player at a time, the arrows go round
                prev, tab, nxt = layout.cols(r["tabs"], control, fr(), control, gap=8)
                places = {self.tab: tab}
                buttons.append(Button(prev, "‹", lambda: self.show_tab(self.tab - 1), size=22,
                                      ident="previous player"))
                buttons.append(Button(nxt, "›", lambda: self.show_tab(self.tab + 1), size=22,
                                      ident="next player"))
            else:
                tabs = layout.flow(r["tabs"], [220] * len(seats), control + 8, gap=8,
                                   align="left")
                places = dict(enumerate(tabs))
            for i, rect in places.items():
                rev = seats[i]
                win = f" · {lost(rev.total_win_loss * 100)}%" if rev.win_priced else ""
                figures = (f"{lost(rev.total_loss)}{win} · {rev.accuracy:.0%}"
                           if rev.accuracy is not None else "not priced")
                buttons.append(Button(rect, rev.name, lambda i=i: self.show_tab(i), size=16,
                                      selected=i == self.tab, ident=f"seat{i}", note=figures))
        if not self.seats:
            buttons.append(Button(layout.centred(r["list"], 340, max(60, control)),
                                  "Review every seat", self.review_everyone, size=20,
                                  hotkey="A"))
        rows = self.rows()
        if rows:
            foot = r["foot"]
            # (each page button at least as wide as its label at 16 dp: the replay's wraps)
            up, down, gap, replay = layout.cols(
                foot, *(fr(0.7, min=theme.dp(text_width(label, 16, True)) + 14)
                        for label in ("Page up", "Page down")), fr(0.1), fr(1.2), gap=8)
            buttons += [
                Button(up, "Page up", lambda: self.page(-1), size=16, hotkey="PgUp",
                       enabled=self.top > 0),
                Button(down, "Page down", lambda: self.page(1), size=16, hotkey="PgDn",
                       enabled=self.top + self.rows_per_page < len(rows)),
                Button(replay, "Replay this moment", lambda: self.open(self.cursor), size=16,
                       hotkey="Enter", wrap=True),
            ]
        self.focus.set(buttons)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.regions["summary"]

    def show_tab(self, index: int) -> None:
        if self.review is None or not self.review.seats:
            return
        self.tab = index % len(self.review.seats)
        self.top = self.cursor = 0
        self._layout_key = None  # (the rows' form and height are this player's)
        self.ensure_layout()
        self.app.invalidate()

    def back(self) -> None:
        if self.task is not None and not self.task.done:
            self.task.cancel()
        self.app.pop()

    # -- moving about -----------------------------------------------------------------------
    def _clamp(self) -> None:
        n = min(len(self.rows()), len(self.heights))
        self.cursor = max(0, min(self.cursor, n - 1))
        self.top = max(0, min(self.top, self._first_of_page(n - 1) if n else 0))
        self._buttons()

    def scroll(self, rows: int) -> None:
        self.top += rows
        self._clamp()
        self.cursor = max(self.top, min(self.cursor, self.top + self.rows_per_page - 1))
        self._clamp()

    def page(self, step: int) -> None:
        """A page down (the first row not shown whole comes to the top) or up (the rows
        before the top row, as many as fit, come into view); the cursor moves as far."""
        if not self.heights:
            return
        was = self.top
        if step > 0:
            self.top += self.rows_per_page
        elif self.top > 0:
            self.top = self._first_of_page(self.top - 1)
        self._clamp()
        self.cursor += self.top - was if self.top != was else step * len(self.heights)
        self._clamp()
        self.cursor = max(self.top, min(self.cursor, self.top + self.rows_per_page - 1))

    def move_cursor(self, step: int) -> None:
        self.cursor += step
        self._clamp()
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows_per_page:
            self.top = self._first_of_page(self.cursor)
        self._clamp()

    def row_at(self, pos) -> int:
        """The index (into ``rows()``) of the row under a point, or -1."""
        x, y = pos
        lst = self.regions.get("list")
        if lst is None:
            return -1
        if not lst.collidepoint(pos):
            return -1
        for i, rect in self.row_rects().items():
            if rect.top <= y < rect.bottom:
                return i
        return -1

    def row_rects(self) -> dict[int, pygame.Rect]:
        """Where each row on show is (the index into ``rows()`` -> its place in the list)."""
        lst = self.regions["list"]
        y, out = lst.y + self.head_h + theme.px(6), {}
        for i in range(self.top, min(len(self.rows()), self.top + self.rows_per_page)):
            out[i] = pygame.Rect(lst.x, y, lst.w, self.heights[i])
            y += self.heights[i]
        return out

    def open(self, index: int) -> None:
        """The replay, paused just before this decision's move."""
        rows = self.rows()
        if not 0 <= index < len(rows):
            self.app.notify("Wait a moment: the review is still being made" if self.working
                            else "There is no decision to replay here")
            return
        d = rows[index]
        self.cursor = index
        name = self.state.seats[d.seat].name
        verdict = verdict_text(d, self.review.win_note if self.review else "")
        marked = d.best is not None and not d.is_best
        note = (f"Move {d.index + 1} ({name}, turn {d.turn}). Played: {d.played_text}. "
                f"Best: {d.best_text}{', in the coach ring' if marked else ''} ({verdict}).")
        short = (f"Move {d.index + 1} ({name}, turn {d.turn}). Played: {d.played_text}. "
                 f"Best: {d.best_text} ({verdict_text(d)}).")  # (a small status place)
        self.app.open("replay", info=self.info, final=self.state, start=d.index, pushed=True,
                      note=note, best=d.best if marked else None, short_note=short)

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif k == pygame.K_a and not self.seats:
                self.review_everyone()
            elif k == pygame.K_TAB or k in (pygame.K_LEFT, pygame.K_RIGHT):
                back = k == pygame.K_LEFT or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.show_tab(self.tab + (-1 if back else 1))
            elif k in (pygame.K_UP, pygame.K_DOWN):
                self.move_cursor(-1 if k == pygame.K_UP else 1)
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.page(-1 if k == pygame.K_PAGEUP else 1)
            elif k in (pygame.K_HOME, pygame.K_END):
                self.move_cursor(-10**6 if k == pygame.K_HOME else 10**6)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.cursor)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            if self._press is not None:  # a drag of the list: a row per row's height
                (_, y0), top = self._press
                dy = event.pos[1] - y0
                if self.dragging or abs(dy) > theme.px(DRAG):
                    self.dragging = True
                    self.top = top - round(dy / self.row_h)
                    self._clamp()
                    self.cursor = max(self.top, min(self.cursor,
                                                    self.top + self.rows_per_page - 1))
                return
            self.focus.handle(event)
            self.hover = self.row_at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.focus.handle(event):
                return
            if self.row_at(event.pos) >= 0:  # a row: opened when let go without a drag
                self._press, self.dragging = (event.pos, self.top), False
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press:
            (pos, top), dragged = self._press, self.dragging
            self._press, self.dragging = None, False
            if not dragged and self.top == top:
                i = self.row_at(pos)
                if i >= 0:
                    self.open(i)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        r = self.regions
        surface.fill(theme.BG)
        draw_text_in(surface, self.title(), r["title"], 30, theme.TEXT, True, "left",
                     min_size=18, wrap=True, display=True)
        if not (self.app.toast and self.app.scene is self):
            self._draw_summary(surface)
        lst = r["list"]
        panel(surface, lst, theme.PANEL, 16, theme.LINE)
        if not self.seats:
            draw_text_in(surface, "Nobody played by hand in this game: nothing to review. "
                         "You can review every seat's play as if a person had made it.",
                         layout.rows(layout.inset(lst, 24), fr(), 80)[0], 20, theme.TEXT,
                         wrap=True, min_size=14)
        elif self.error:
            draw_text_in(surface, self.error, layout.inset(lst, 24), 20, theme.BAD, wrap=True,
                         min_size=14)
        elif self.working:
            self._draw_progress(surface)
        else:
            self._draw_rows(surface)
        if self.rows() and r["keys"].h:
            more = self.review is not None and len(self.review.seats) > 1
            keys = hands.say("Enter on the ringed decision replays that moment · Up/Down, "
                             "PgUp/PgDn: choose" + (" · Tab: next player" if more else ""),
                             "Click a decision to see that moment replayed · the wheel "
                             "scrolls", "Tap a decision to see that moment replayed")
            draw_text_in(surface, keys, r["keys"], 13, theme.TEXT_DIM, min_size=12)
        self.focus.draw(surface)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        box = self.regions["summary"]
        name_box, rest = self._summary_boxes(box)
        if name_box is None:
            draw_text_in(surface, self._summary_text(), rest, 17, theme.TEXT_DIM, align="left",
                         min_size=13, wrap=True)
            return
        rev = self.review.seats[self.tab]
        pygame.draw.circle(surface, theme.player_colour(rev.seat),
                           (box.x + theme.px(9), name_box.centery), theme.px(8))
        drawn = draw_text_in(surface, rev.name, name_box, 22, theme.TEXT, True, "left",
                             min_size=16)
        if rest.y == box.y:  # beside the name: from its end
            rest = pygame.Rect(drawn.right + theme.px(14), rest.y,
                               box.right - drawn.right - theme.px(14), rest.h)
        draw_text_in(surface, self._summary_text(), rest, 16, theme.TEXT, align="left",
                     min_size=13, wrap=True)

    @staticmethod
    def whose(names: list[str], start: bool = True) -> str:
        """"Your", "Ada's", "Your and Ada's", "Ada's and Bram's": whose decisions these are
        (``start``: at the start of a sentence, "Your"; else "your")."""
        return " and ".join(Possessive(n) if i == 0 and start else possessive(n)
                            for i, n in enumerate(names))

    def _draw_progress(self, surface: pygame.Surface) -> None:
        lst = self.regions["list"]
        progress = self.task.progress if self.task else 0.0
        bar = layout.centred(lst, min(700, theme.dp(lst.w) - 40), 26)
        names = [self.state.seats[s].name for s in self.seats]
        who = f"{len(self.seats)} players'" if len(self.seats) > 2 else \
            self.whose(names, start=False)
        draw_text_in(surface, f"Reviewing {who} decisions…",
                     pygame.Rect(lst.x + theme.px(20), bar.y - theme.px(76), lst.w - theme.px(40),
                                 theme.px(60)), 20, theme.TEXT, min_size=14, wrap=True)
        pygame.draw.rect(surface, theme.BG_DARK, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(bar.h, int(bar.w * progress))
        pygame.draw.rect(surface, theme.TEXT, fill, border_radius=bar.h // 2)
        draw_text_in(surface, f"{progress:.0%}", pygame.Rect(bar.x, bar.bottom + theme.px(10),
                                                            bar.w, theme.px(30)),
                     18, theme.TEXT_DIM, min_size=14)

    def _texts(self, d: Decision, form: str | None = None) -> tuple[str, ...]:
        """A row's five cells in words: the loss, the turn, the position, the move played
        and the best move (each said as such when it is not under its column's title)."""
        form = form or self.form
        played = d.played_text if form == "wide" else f"Played: {d.played_text}"
        best = d.best_text if form == "wide" else f"Best: {d.best_text}"
        return loss_text(d)[0], f"{d.turn}", d.position, played, best

    def _cells(self, line: pygame.Rect, d: Decision) -> list[pygame.Rect]:
        """The five cells of a row (``self.form``), each as tall as its words need, the
        row's lines of cells together in the middle of ``line``."""
        tracks = self._tracks(self.form, line.w)
        bands = self._bands(self.form, self._heights(self.form, d, tracks))
        y = line.centery - sum(bands) // 2
        tops = [y + sum(bands[:k]) for k in range(len(bands))]
        band = {"wide": (0, 0, 0, 0, 0), "two": (0, 0, 0, 1, 1),
                "stacked": (0, 0, 0, 1, 2)}[self.form]
        return [pygame.Rect(line.x + x, tops[b], w, bands[b])
                for (x, w), b in zip(tracks, band, strict=True)]

    def _draw_rows(self, surface: pygame.Surface) -> None:
        lst = self.regions["list"]
        px = theme.px
        head = pygame.Rect(lst.x + px(14), lst.y + px(6), lst.w - px(28), self.head_h)
        titles = [c[0] for c in COLUMNS[:5 if self.form == "wide" else 3]]
        head_cells = [pygame.Rect(head.x + x, head.y, w, head.h)
                      for x, w in self._tracks(self.form, head.w)]
        for title, cell, (_, _, align) in zip(titles, head_cells, COLUMNS, strict=False):
            draw_text_in(surface, title, cell, 15, theme.TEXT_DIM, True, align, min_size=12)
        rows = self.rows()
        if not rows:
            draw_text_in(surface, "No decisions to review: every move of this player was the "
                         "only one possible.", layout.inset(lst, 30), 20, theme.TEXT_DIM,
                         wrap=True, min_size=14)
            return
        gutter = px(GUTTER) if sum(self.heights) > self._view_h() else 0
        items = []
        for i, row in self.row_rects().items():
            d, y = rows[i], row.y
            line = pygame.Rect(lst.x + px(8), y, lst.w - px(16) - gutter, row.h - px(4))
            items.append(pygame.Rect(line.x, y, line.w, row.h))
            probe.control(f"decision {i}", line, surface=surface)
            if i == self.cursor:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(8))
                focus_ring(surface, line.inflate(-px(6), -px(6)), 8)
            elif i == self.hover:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(8))
            colour = loss_text(d)[1]
            colours = (colour, theme.TEXT_DIM, theme.TEXT_DIM, theme.TEXT,
                       theme.GOOD if d.is_best or d.played == d.best else theme.TEXT)
            boxes = self._cells(layout.inset(line, x=6), d)
            for k, ((_, _, align), text, c, box) in enumerate(
                    zip(COLUMNS, self._texts(d), colours, boxes, strict=True)):
                if inline.has_pictures(text):  # the dice drawn as dice
                    inline.draw_in(surface, text, box, ROW_TEXT, c, min_size=ROW_TEXT,
                                   align=align)
                else:
                    draw_text_in(surface, text, box, ROW_TEXT, c, k == 0 and d.loss is not None,
                                 align, min_size=ROW_TEXT, wrap=True)
        # more rows than the list shows: arrows and a bar at its right (none when all fit)
        view = pygame.Rect(lst.x + px(8), lst.y + self.head_h + px(6), lst.w - px(10),
                           sum(r.h for r in items))
        draw_sign(surface, "review", view, sum(self.heights), sum(self.heights[:self.top]),
                  theme.PANEL, items, fade=False)
