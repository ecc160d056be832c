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
Left/Right) switches player, Esc goes back. Touch: tap a row, the page buttons scroll.
"""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.review import Decision, Review, human_seats, review_steps
from game.rules.core import Action, GameState
from game.scenes.tables import StandIn, load_table
from game.tasks import Task
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel

LIST = pygame.Rect(30, 168, 1220, 464)
HEAD_H = 34
ROW_H = 38
ROWS = (LIST.h - HEAD_H - 12) // ROW_H  # rows on one page
# columns: (title, left edge on the canvas, width, align)
COLUMNS = (("Loss", 44, 96, "right"), ("Turn", 156, 64, "center"), ("Position", 232, 256, "left"),
           ("Played", 500, 360, "left"), ("Best move", 872, 364, "left"))


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
    """The Loss cell: "-4.2" in expected points (gold, red from 5 points), "-7.5%" in chance
    to win (blue, red from 5 percentage points), "best", or "not priced"."""
    if d.loss is None:
        return "not priced", theme.TEXT_DIM
    if d.is_best:
        return "best", theme.GOOD
    if d.unit == "win":
        return f"-{d.loss * 100:.1f}%", theme.BAD if d.loss >= 0.05 else theme.INFO
    return f"-{d.loss:.1f}", theme.BAD if d.loss >= 5 else theme.ACCENT


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
    return f"{d.loss:.1f} points lost on average"


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
        self.focus = FocusGroup()
        if self.seats:
            self._start()
        self._buttons()

    # -- the work ---------------------------------------------------------------------------
    def _start(self) -> None:
        self.task = Task(review_steps(self.info, self.state, self.seats,
                                      describe=table_describer(self.info, self.state)))

    def review_everyone(self) -> None:
        """Nobody played by hand: review every seat's play as if a human had made it."""
        self.seats = list(range(len(self.state.seats)))
        self._start()
        self._buttons()

    def update(self, dt: float) -> None:
        if self.task is None or self.review is not None or self.error:
            return
        if self.task.step():
            if self.task.error is not None:
                self.error = f"The review could not be made ({self.task.error})."
            else:
                self.review = self.task.result
            self._buttons()

    @property
    def working(self) -> bool:
        return self.task is not None and self.review is None and not self.error

    def rows(self) -> list[Decision]:
        if self.review is None or not self.review.seats:
            return []
        return self.review.seats[self.tab].ranked()

    # -- buttons ----------------------------------------------------------------------------
    def _buttons(self) -> None:
        buttons = [Button(pygame.Rect(1110, 10, 150, 46), "Back", self.back, size=20,
                          hotkey="Esc")]
        if self.review is not None and len(self.review.seats) > 1:
            n = len(self.review.seats)
            width = min(240, (LIST.w - (n - 1) * 8) // n)
            for i, r in enumerate(self.review.seats):
                win = f" · -{r.total_win_loss * 100:.1f}%" if r.win_priced else ""
                figures = (f"-{r.total_loss:.1f}{win} · {r.accuracy:.0%}"
                           if r.accuracy is not None else "not priced")
                buttons.append(Button(pygame.Rect(LIST.x + i * (width + 8), 62, width, 46),
                                      r.name, lambda i=i: self.show_tab(i), size=18,
                                      selected=i == self.tab, ident=f"seat{i}", hotkey=figures))
        if not self.seats:
            buttons.append(Button(pygame.Rect(theme.WIDTH // 2 - 170, LIST.centery + 40, 340, 60),
                                  "Review every seat", self.review_everyone, size=22,
                                  hotkey="A"))
        rows = self.rows()
        if rows:
            y = LIST.bottom + 26
            buttons += [
                Button(pygame.Rect(LIST.x, y, 170, 52), "Page up", lambda: self.page(-1),
                       size=18, hotkey="PgUp", enabled=self.top > 0),
                Button(pygame.Rect(LIST.x + 180, y, 170, 52), "Page down", lambda: self.page(1),
                       size=18, hotkey="PgDn", enabled=self.top + ROWS < len(rows)),
                Button(pygame.Rect(LIST.right - 260, y, 260, 52), "Replay this moment",
                       lambda: self.open(self.cursor), size=18, hotkey="Enter"),
            ]
        self.focus.set(buttons)

    def show_tab(self, index: int) -> None:
        if self.review is None or not self.review.seats:
            return
        self.tab = index % len(self.review.seats)
        self.top = self.cursor = 0
        self._buttons()

    def back(self) -> None:
        if self.task is not None and not self.task.done:
            self.task.cancel()
        self.app.pop()

    # -- moving about -----------------------------------------------------------------------
    def _clamp(self) -> None:
        n = len(self.rows())
        self.cursor = max(0, min(self.cursor, n - 1))
        self.top = max(0, min(self.top, n - ROWS))
        self._buttons()

    def scroll(self, rows: int) -> None:
        self.top += rows
        self._clamp()
        self.cursor = max(self.top, min(self.cursor, self.top + ROWS - 1))
        self._clamp()

    def page(self, step: int) -> None:
        self.top += step * ROWS
        self.cursor += step * ROWS
        self._clamp()

    def move_cursor(self, step: int) -> None:
        self.cursor += step
        self._clamp()
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + ROWS:
            self.top = self.cursor - ROWS + 1
        self._clamp()

    def row_at(self, pos) -> int:
        """The index (into ``rows()``) of the row under a point, or -1."""
        x, y = pos
        first = LIST.y + HEAD_H + 6
        if not LIST.collidepoint(pos) or y < first:
            return -1
        i = self.top + (y - first) // ROW_H
        return i if (y - first) // ROW_H < ROWS and i < len(self.rows()) else -1

    def open(self, index: int) -> None:
        """The replay, paused just before this decision's move."""
        rows = self.rows()
        if not 0 <= index < len(rows):
            self.app.notify("Wait a moment: the review is still being made" if self.working
                            else "There is no decision to replay here")
            return
        d = rows[index]
        self.cursor = index
        from game.scenes.replay import ReplayScene
        name = self.state.seats[d.seat].name
        verdict = verdict_text(d, self.review.win_note if self.review else "")
        marked = d.best is not None and not d.is_best
        note = (f"Move {d.index + 1} ({name}, turn {d.turn}): played {d.played_text}; "
                f"best was {d.best_text}{', in gold' if marked else ''} ({verdict}).")
        self.app.push(ReplayScene(self.app, self.info, self.state, start=d.index, pushed=True,
                                  note=note, best=d.best if marked else None))

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
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
            self.focus.handle(event)
            self.hover = self.row_at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.focus.handle(event):
                return
            i = self.row_at(event.pos)
            if i >= 0:
                self.open(i)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        title = f"Review · {self.info.title}" + (" · hints used" if self.hinted else "")
        draw_text_in(surface, title, pygame.Rect(30, 8, 1060, 50), 34, theme.ACCENT, True,
                     "left", min_size=16, display=True)
        self._draw_summary(surface)
        panel(surface, LIST, theme.PANEL, 16, theme.LINE)
        if not self.seats:
            draw_text_in(surface, "Nobody played by hand in this game: nothing to review. "
                         "You can review every seat's play as if a person had made it.",
                         pygame.Rect(LIST.x + 40, LIST.y + 40, LIST.w - 80, 120), 24,
                         theme.TEXT, wrap=True, min_size=14)
        elif self.error:
            draw_text_in(surface, self.error, LIST.inflate(-80, -80), 22, theme.BAD, wrap=True,
                         min_size=12)
        elif self.working:
            self._draw_progress(surface)
        else:
            self._draw_rows(surface)
        if self.rows():
            keys = ("Click a decision, or Enter on the gold one, to see that moment replayed · "
                    "Up/Down, PgUp/PgDn, wheel: scroll")
            if self.review is not None and len(self.review.seats) > 1:
                keys += " · Tab: next player"
            draw_text_in(surface, keys, pygame.Rect(LIST.x + 370, LIST.bottom + 24, LIST.w - 650,
                                                    56), 16, theme.TEXT_DIM, min_size=11,
                         wrap=True)
        self.focus.draw(surface)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(30, 112, 1220, 50)
        if self.review is None or not self.review.seats:
            who = ", ".join(self.state.seats[s].name for s in self.seats)
            text = (f"Decisions of {who}, priced against the coach's best move"
                    if self.seats else "")
            draw_text_in(surface, text, box, 20, theme.TEXT_DIM, align="left", min_size=11,
                         wrap=True)
            return
        r = self.review.seats[self.tab]
        colour = theme.player_colour(r.seat)
        pygame.draw.circle(surface, colour, (box.x + 9, box.centery), 8)
        name_box = pygame.Rect(box.x + 24, box.y, 300, box.h)
        drawn = draw_text_in(surface, r.name, name_box, 26, theme.TEXT, True, "left",
                             min_size=12)
        rest = pygame.Rect(drawn.right + 18, box.y, box.right - drawn.right - 18, box.h)
        text = f"{r.summary(self.review.win_note)} · against the {self.review.coach_label} bot"
        draw_text_in(surface, text, rest, 20, theme.TEXT, align="left", min_size=11, wrap=True)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        progress = self.task.progress if self.task else 0.0
        bar = pygame.Rect(0, 0, 700, 26)
        bar.center = LIST.center
        who = " and ".join(self.state.seats[s].name for s in self.seats[:2])
        if len(self.seats) > 2:
            who = f"{len(self.seats)} players"
        draw_text_in(surface, f"Reviewing the decisions of {who}…",
                     pygame.Rect(LIST.x + 40, bar.y - 70, LIST.w - 80, 50), 24, theme.TEXT,
                     min_size=12)
        pygame.draw.rect(surface, theme.BG_DARK, bar, border_radius=13)
        fill = bar.copy()
        fill.w = max(26, int(bar.w * progress))
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=13)
        draw_text_in(surface, f"{progress:.0%}", pygame.Rect(bar.x, bar.bottom + 10, bar.w, 30),
                     20, theme.TEXT_DIM)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        y = LIST.y + 6
        for title, x, w, align in COLUMNS:
            draw_text_in(surface, title, pygame.Rect(x, y, w, HEAD_H), 17,
                         theme.TEXT_DIM, True, align, min_size=11)
        rows = self.rows()
        if not rows:
            draw_text_in(surface, "No decisions to review: every move of this player was the "
                         "only one possible.", LIST.inflate(-80, -120), 22, theme.TEXT_DIM,
                         wrap=True, min_size=12)
            return
        y = LIST.y + HEAD_H + 6
        for i in range(self.top, min(len(rows), self.top + ROWS)):
            d = rows[i]
            line = pygame.Rect(LIST.x + 8, y, LIST.w - 16, ROW_H - 4)
            if i == self.cursor:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=8)
                pygame.draw.rect(surface, theme.ACCENT, line, width=2, border_radius=8)
            elif i == self.hover:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=8)
            loss, colour = loss_text(d)
            cells = (loss, f"{d.turn}", d.position, d.played_text, d.best_text)
            colours = (colour, theme.TEXT_DIM, theme.TEXT_DIM, theme.TEXT,
                       theme.GOOD if d.is_best or d.played == d.best else theme.TEXT)
            for (_, x, w, align), text, c in zip(COLUMNS, cells, colours, strict=True):
                draw_text_in(surface, text, pygame.Rect(x, y, w, ROW_H - 4), 18,
                             c, c is colour and d.loss is not None, align, min_size=10)
            y += ROW_H
        if len(rows) > ROWS:  # where the page is in the list
            track = pygame.Rect(LIST.right - 10, LIST.y + HEAD_H + 6, 4, ROWS * ROW_H)
            pygame.draw.rect(surface, theme.BG_DARK, track, border_radius=2)
            h = max(20, track.h * ROWS // len(rows))
            top = track.y + (track.h - h) * self.top // max(1, len(rows) - ROWS)
            pygame.draw.rect(surface, theme.LINE, (track.x, top, 4, h), border_radius=2)
