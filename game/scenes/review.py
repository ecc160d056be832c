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
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import Possessive, possessive

# columns: (title, width track, align); on a narrow screen a row takes two lines
COLUMNS = (("Loss", 92, "right"), ("Turn", 54, "center"), ("Position", fr(0.8), "left"),
           ("Played", fr(1), "left"), ("Best move", fr(1), "left"))


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


def verdict_text(d: Decision, win_note: str = "") -> str:
    """A decision's loss in words, for the replay's note (``win_note``: how a chance to win
    lost is measured, when it is not the bare chance)."""
    if d.loss is None:
        return "not priced"
    if d.is_best:
        return "the best move"
    if d.unit == "win":
        return f"{d.loss * 100:.1f}% chance of winning lost" + (f", {win_note}" if win_note
                                                                   else "")
    return f"{d.loss:,.1f} points lost on average"


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
        self.rows_per_page = 8
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
        self.two_line = theme.dp(screen.w) < 900
        title, tabs, summary, lst, keys, foot = layout.rows(
            screen, 48, tabs_h, 50, fr(), 0 if f.touch else 24, control + 6, gap=8)
        title_text, back = layout.cols(title, fr(), 140, gap=12)
        self.regions = {"title": title_text, "back": back, "tabs": tabs, "summary": summary,
                        "list": lst, "keys": keys, "foot": foot}
        self.head_h = theme.px(30)
        self.row_h = theme.px(max(layout.touch_size(36) + 4, 58 if self.two_line else 36))
        self.rows_per_page = max(1, (lst.h - self.head_h - theme.px(12)) // self.row_h)
        self._buttons()

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
            up, down, gap, replay = layout.cols(foot, fr(0.7), fr(0.7), fr(0.1), fr(1.2), gap=8)
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
        self._buttons()
        self.app.invalidate()

    def back(self) -> None:
        if self.task is not None and not self.task.done:
            self.task.cancel()
        self.app.pop()

    # -- moving about -----------------------------------------------------------------------
    def _clamp(self) -> None:
        n = len(self.rows())
        self.cursor = max(0, min(self.cursor, n - 1))
        self.top = max(0, min(self.top, n - self.rows_per_page))
        self._buttons()

    def scroll(self, rows: int) -> None:
        self.top += rows
        self._clamp()
        self.cursor = max(self.top, min(self.cursor, self.top + self.rows_per_page - 1))
        self._clamp()

    def page(self, step: int) -> None:
        self.top += step * self.rows_per_page
        self.cursor += step * self.rows_per_page
        self._clamp()

    def move_cursor(self, step: int) -> None:
        self.cursor += step
        self._clamp()
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows_per_page:
            self.top = self.cursor - self.rows_per_page + 1
        self._clamp()

    def row_at(self, pos) -> int:
        """The index (into ``rows()``) of the row under a point, or -1."""
        x, y = pos
        lst = self.regions.get("list")
        if lst is None:
            return -1
        first = lst.y + self.head_h + theme.px(6)
        if not lst.collidepoint(pos) or y < first:
            return -1
        i = self.top + (y - first) // self.row_h
        return i if (y - first) // self.row_h < self.rows_per_page and i < len(self.rows()) \
            else -1

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
        self.app.open("replay", info=self.info, final=self.state, start=d.index, pushed=True,
                      note=note, best=d.best if marked else None)

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
        title = f"Review · {self.info.title}" + (" · hints used" if self.hinted else "")
        draw_text_in(surface, title, r["title"], 30, theme.TEXT, True, "left", min_size=18,
                     display=True)
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
        if self.review is None or not self.review.seats:
            text = (f"{self.whose([self.state.seats[s].name for s in self.seats])} decisions, "
                    "priced against the coach's best move" if self.seats else "")
            draw_text_in(surface, text, box, 17, theme.TEXT_DIM, align="left", min_size=13,
                         wrap=True)
            return
        rev = self.review.seats[self.tab]
        colour = theme.player_colour(rev.seat)
        pygame.draw.circle(surface, colour, (box.x + theme.px(9), box.centery), theme.px(8))
        name_box = pygame.Rect(box.x + theme.px(24), box.y, min(theme.px(260), box.w // 3),
                               box.h)
        drawn = draw_text_in(surface, rev.name, name_box, 22, theme.TEXT, True, "left",
                             min_size=16)
        rest = pygame.Rect(drawn.right + theme.px(14), box.y, box.right - drawn.right -
                           theme.px(14), box.h)
        text = f"{rev.summary(self.review.win_note)} · against the {self.review.coach_label} bot"
        draw_text_in(surface, text, rest, 16, theme.TEXT, align="left", min_size=13, wrap=True)

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

    def _cells(self, line: pygame.Rect) -> list[pygame.Rect]:
        """The five cells of a row: one line on a wide screen, two on a narrow one (the
        loss, turn and position over the move played and the best one)."""
        tracks = [c[1] for c in COLUMNS]
        if not self.two_line:
            return layout.cols(line, *tracks, gap=10)
        top, bottom = layout.rows(line, fr(), fr(), gap=0)
        loss, turn, position = layout.cols(top, *tracks[:3], gap=10)
        played, best = layout.cols(bottom, fr(), fr(), gap=10)
        return [loss, turn, position, played, best]

    def _draw_rows(self, surface: pygame.Surface) -> None:
        lst = self.regions["list"]
        px = theme.px
        head = pygame.Rect(lst.x + px(14), lst.y + px(6), lst.w - px(28), self.head_h)
        if self.two_line:
            head_cells = layout.cols(head, *[c[1] for c in COLUMNS[:3]], gap=10)
            titles = [c[0] for c in COLUMNS[:3]]
        else:
            head_cells = layout.cols(head, *[c[1] for c in COLUMNS], gap=10)
            titles = [c[0] for c in COLUMNS]
        for title, cell, (_, _, align) in zip(titles, head_cells, COLUMNS, strict=False):
            draw_text_in(surface, title, cell, 15, theme.TEXT_DIM, True, align, min_size=12)
        rows = self.rows()
        if not rows:
            draw_text_in(surface, "No decisions to review: every move of this player was the "
                         "only one possible.", layout.inset(lst, 30), 20, theme.TEXT_DIM,
                         wrap=True, min_size=14)
            return
        y = lst.y + self.head_h + px(6)
        per = self.rows_per_page
        gutter = px(GUTTER) if len(rows) > per else 0
        items = []
        for i in range(self.top, min(len(rows), self.top + self.rows_per_page)):
            d = rows[i]
            line = pygame.Rect(lst.x + px(8), y, lst.w - px(16) - gutter, self.row_h - px(4))
            items.append(pygame.Rect(line.x, y, line.w, self.row_h))
            probe.control(f"decision {i}", line, surface=surface)
            if i == self.cursor:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(8))
                focus_ring(surface, line.inflate(-px(6), -px(6)), 8)
            elif i == self.hover:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=px(8))
            loss, colour = loss_text(d)
            played = d.played_text if not self.two_line else f"Played: {d.played_text}"
            best = d.best_text if not self.two_line else f"Best: {d.best_text}"
            cells = (loss, f"{d.turn}", d.position, played, best)
            colours = (colour, theme.TEXT_DIM, theme.TEXT_DIM, theme.TEXT,
                       theme.GOOD if d.is_best or d.played == d.best else theme.TEXT)
            boxes = self._cells(layout.inset(line, x=6))
            for (_, _, align), text, c, box in zip(COLUMNS, cells, colours, boxes, strict=True):
                if inline.has_pictures(text):  # the dice drawn as dice
                    inline.draw_in(surface, text, box, 16, c, min_size=16, align=align)
                else:
                    draw_text_in(surface, text, box, 16, c, c is colour and d.loss is not None,
                                 align, min_size=16)
            y += self.row_h
        # more rows than the list shows: arrows and a bar at its right (none when all fit)
        view = pygame.Rect(lst.x + px(8), lst.y + self.head_h + px(6), lst.w - px(10),
                           per * self.row_h)
        draw_sign(surface, "review", view, len(rows) * self.row_h, self.top * self.row_h,
                  theme.PANEL, items, fade=False)
