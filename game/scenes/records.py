"""Records: for one game at a time, each player's games, wins, best and average score,
and the game's high-score table; and the recent games (the last finished ones, kept whole),
each with its Review and Replay. Left/Right (or the tabs) switch, G shows the recent games,
Esc goes back.

The recent games are checked and replayed from storage a few per frame (game.tasks), so
opening the records never freezes the screen; a damaged one is reported and set aside."""

from __future__ import annotations

import time

import pygame

from game import recent
from game.app import App, Scene
from game.catalog import GAMES
from game.tasks import Task
from game.ui import hands, layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import number

ROWS = 12


class RecordsScene(Scene):
    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_ids = list(GAMES)
        self.index = self.game_ids.index(game_id) if game_id in GAMES else 0
        self.records = app.load_records()
        self.focus = FocusGroup()
        self.recent: list[recent.RecentGame] | None = None  # None while being read
        self.recent_task = Task(recent.load_steps())
        self.regions: dict[str, pygame.Rect] = {}

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 28)
        control = layout.touch_size(44)
        self.tab_w = self._tab_width(screen.w, control)
        tabs_h = layout.flow_height(screen.w, [self.tab_w] * (len(self.game_ids) + 1),
                                    control, gap=8)
        title, tabs, body, self.message, foot = layout.rows(
            screen, 44, tabs_h, fr(), 36, control + 6, gap=10)
        title_text, keys = layout.cols(title, 180, fr(), gap=16)
        self.regions = {"title": title_text, "keys": keys, "tabs": tabs, "body": body,
                        "foot": foot}
        if f.portrait or (theme.dp(body.w) < 760 and not f.short):  # (short: no room for rows)
            players, high = layout.rows(body, fr(1.2), fr(1), gap=12)
        else:
            players, high = layout.cols(body, fr(1.75), fr(1), gap=20)
        self.regions.update(players=players, high=high)
        self.narrow = theme.dp(body.w) < 760
        self.recent_row = theme.px(max(control + 8, 64 if self.narrow else 48))
        self._buttons()

    def _tab_width(self, width: int, control: float) -> float:
        """The tabs' width in dp: 150, narrower when that takes the tabs over more than two
        lines (a small window: so many lines would leave no room for the records), but
        two a line at the least."""
        n = len(self.game_ids) + 1
        if layout.flow_height(width, [150] * n, control, gap=8) <= 2 * control + 8:
            return 150
        per_line = max(2, min(n, int((theme.dp(width) + 8) // 148)))
        return min(150, (theme.dp(width) - 8 * (per_line - 1)) / per_line - 1)  # (rounding)

    @property
    def showing_recent(self) -> bool:
        return self.index == len(self.game_ids)

    @property
    def game_id(self) -> str:
        return self.game_ids[min(self.index, len(self.game_ids) - 1)]

    def _buttons(self) -> None:
        if not self.regions:
            return
        r = self.regions
        control = layout.touch_size(44)
        buttons = []
        tabs = layout.flow(r["tabs"], [self.tab_w] * (len(self.game_ids) + 1), control,
                           gap=8, align="left")
        for i, gid in enumerate(self.game_ids):
            buttons.append(Button(tabs[i], GAMES[gid].title, lambda i=i: self.show(i), size=15,
                                  selected=i == self.index, ident=f"tab {gid}", min_size=13))
        buttons.append(Button(tabs[-1], "Recent games", lambda: self.show(len(self.game_ids)),
                              size=15, selected=self.showing_recent, hotkey="G",
                              ident="tab recent", min_size=13))
        if self.showing_recent and self.recent:
            for i, _ in enumerate(self.recent):
                row = self._recent_rect(i)
                if row is None:
                    break
                _, review, replay = self._recent_cells(row)
                buttons.append(Button(layout.centred(review, 120, control), "Review",
                                      lambda i=i: self.open_review(i), size=15,
                                      ident=f"review{i}"))
                buttons.append(Button(layout.centred(replay, 120, control), "Replay",
                                      lambda i=i: self.open_replay(i), size=15,
                                      ident=f"replay{i}"))
        buttons.append(Button(layout.centred(r["foot"], 180, control), "Back", self.app.pop,
                              hotkey="Esc", size=18))
        self.focus.set(buttons)

    def _recent_rect(self, i: int) -> pygame.Rect | None:
        """Where the recent game ``i`` is listed (None when it does not fit)."""
        body = layout.inset(self.regions["body"], x=10, top=44, bottom=8)
        y = body.y + i * self.recent_row
        if y + self.recent_row > body.bottom:
            return None
        return pygame.Rect(body.x, y, body.w, self.recent_row - theme.px(4))

    def _recent_cells(self, row: pygame.Rect) -> list[pygame.Rect]:
        """(the words, the Review button's place, the Replay button's place)."""
        return layout.cols(row, fr(), 124, 124, gap=8)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def show(self, index: int) -> None:
        self.index = index % (len(self.game_ids) + 1)
        self._buttons()

    # -- the recent games -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.recent is None and self.recent_task.step():
            games, problem = self.recent_task.result or ([], "")
            if self.recent_task.error is not None:  # never expected: the reader catches all
                games, problem = [], f"The recent games could not be read ({self.recent_task.error})."
            self.recent = games
            if problem:
                self.app.notify(problem, theme.BAD, 6)
            self._buttons()
            self.app.invalidate()

    def chosen_row(self) -> int:
        """The recent game the keyboard focus is on (its Review or Replay), else the first."""
        focused = self.focus.focused
        ident = focused.ident if focused is not None else ""
        for prefix in ("review", "replay"):
            if ident.startswith(prefix):
                return int(ident[len(prefix):])
        return 0

    def _recent_game(self, index: int):
        if self.recent is None:
            self.app.notify("Wait a moment: the recent games are being read")
            return None
        if not 0 <= index < len(self.recent):
            self.app.notify("No recent games yet: finish a game to find it here")
            return None
        return self.recent[index]

    def open_review(self, index: int) -> None:
        game = self._recent_game(index)
        if game is not None:
            self.app.open("review", info=game.info, state=game.state, hinted=game.hinted)

    def open_replay(self, index: int) -> None:
        game = self._recent_game(index)
        if game is not None:
            self.app.open("replay", info=game.info, final=game.state, pushed=True)

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                return
            if event.key == pygame.K_g:
                self.show(len(self.game_ids))
                return
            if self.showing_recent and event.key in (pygame.K_v, pygame.K_r):
                row = self.chosen_row()
                (self.open_review if event.key == pygame.K_v else self.open_replay)(row)
                return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        r = self.regions
        surface.fill(theme.BG)
        draw_text_in(surface, "Records", r["title"], 34, theme.TEXT, True, "left",
                     min_size=20, display=True)
        if not theme.metrics.touch and hands.keyboard():  # (the tabs speak for the pointer)
            keys = ("Up/Down: choose · V: review · R: replay · Left/Right: other tab · Esc: back"
                    if self.showing_recent else
                    "Left/Right: other game · G: recent games · Esc: back")
            draw_text_in(surface, keys, r["keys"], 14, theme.TEXT_DIM, align="right",
                         min_size=12, wrap=True)
        if self.showing_recent:
            self._draw_recent(surface)
        else:
            self._draw_players(surface)
            self._draw_high(surface)
        self.focus.draw(surface)

    def _draw_recent(self, surface: pygame.Surface) -> None:
        box = self.regions["body"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        head = pygame.Rect(box.x + px(20), box.y + px(10), box.w - px(40), px(26))
        draw_text_in(surface, "Finished games, newest first: players best first", head, 15,
                     theme.TEXT_DIM, True, "left", min_size=12)
        if self.recent is None:
            progress = self.recent_task.progress
            draw_text_in(surface, f"Reading the recent games… {progress:.0%}",
                         layout.inset(box, 40), 20, theme.TEXT_DIM, min_size=14)
            return
        if not self.recent:
            draw_text_in(surface, f"No recent games yet: the last {recent.KEEP} games you finish "
                         "are kept here, to review and replay.", layout.inset(box, 40), 20,
                         theme.TEXT_DIM, wrap=True, min_size=14)
            return
        chosen = self.chosen_row() if self.focus.focused is not None else -1
        for i, game in enumerate(self.recent):
            row = self._recent_rect(i)
            if row is None:
                break
            if i == chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=px(8))
            when = time.strftime("%d %b %H:%M", time.localtime(game.when)) if game.when \
                else "earlier"
            words = self._recent_cells(row)[0]
            hints = " · hints used" if game.hinted else ""
            if self.narrow:
                top, bottom = layout.rows(words, fr(), fr())
                draw_text_in(surface, f"{game.info.title} · {when}{hints}", top, 15,
                             theme.TEXT_DIM, align="left", min_size=13)
                draw_text_in(surface, game.players(), bottom, 16, theme.TEXT, align="left",
                             min_size=13)
            else:
                when_box, game_box, players_box = layout.cols(words, 130, 150, fr(), gap=10)
                draw_text_in(surface, when, when_box, 15, theme.TEXT_DIM, align="left",
                             min_size=13)
                draw_text_in(surface, game.info.title, game_box, 16, theme.TEXT, align="left",
                             min_size=13)
                draw_text_in(surface, game.players() + hints, players_box, 16, theme.TEXT,
                             align="left", min_size=13, wrap=True)

    def _draw_players(self, surface: pygame.Surface) -> None:
        box = self.regions["players"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        inner = layout.inset(box, x=16, y=10)
        tracks = (fr(min=90), 56, 56, 64, 76, 52)
        titles = ("Player", "Games", "Wins", "Best", "Average", "Hints")
        head = pygame.Rect(inner.x, inner.y, inner.w, px(28))
        rows = self.records.table(self.game_id)
        if not rows:  # (no column titles over nothing)
            draw_text_in(surface, "No games recorded yet: finish a game to see it here.",
                         inner, 18, theme.TEXT_DIM, wrap=True, min_size=14)
            return
        for title, cell in zip(titles, layout.cols(head, *tracks, gap=6), strict=True):
            draw_text_in(surface, title, cell, 14, theme.TEXT_DIM, True,
                         "left" if title == "Player" else "right", min_size=12)
        row_h = px(30)
        room = max(1, (inner.bottom - head.bottom - px(28)) // row_h)
        y = head.bottom + px(6)
        for name, p in rows[:min(ROWS, room)]:
            values = [name, number(p.games), number(p.wins),
                      "-" if p.best is None else number(p.best), number(p.average, 1),
                      number(p.hinted) if p.hinted else ""]
            cells = layout.cols(pygame.Rect(inner.x, y, inner.w, row_h), *tracks, gap=6)
            for i, (text, cell) in enumerate(zip(values, cells, strict=True)):
                draw_text_in(surface, text, cell, 16, theme.TEXT, i == 0,
                             "left" if i == 0 else "right", min_size=16)
            y += row_h
        if len(rows) > min(ROWS, room):
            draw_text_in(surface, f"and {len(rows) - min(ROWS, room)} more",
                         pygame.Rect(inner.x, y, inner.w, px(24)), 14, theme.TEXT_DIM,
                         align="left", min_size=12)

    def _draw_high(self, surface: pygame.Surface) -> None:
        box = self.regions["high"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        inner = layout.inset(box, x=16, y=10)
        draw_text_in(surface, f"High scores · {GAMES[self.game_id].title}",
                     pygame.Rect(inner.x, inner.y, inner.w, px(28)), 15, theme.TEXT_DIM, True,
                     "left", min_size=12)
        high = self.records.high_scores(self.game_id)
        if not high:
            draw_text_in(surface, "None yet", layout.inset(inner, top=34), 18, theme.TEXT_DIM,
                         min_size=14)  # (under its title)
            return
        row_h = px(30)
        room = max(1, (inner.bottom - inner.y - px(34)) // row_h)
        y = inner.y + px(34)
        for i, h in enumerate(high[:room]):
            colour = theme.BEST if i == 0 else theme.TEXT
            place, name, score = layout.cols(pygame.Rect(inner.x, y, inner.w, row_h), 34,
                                             fr(), 120, gap=6)
            draw_text_in(surface, f"{i + 1}.", place, 16, colour, True, "right", min_size=16)
            text = number(h["score"]) + (" (hints)" if h["hinted"] else "")
            draw_text_in(surface, h["name"], name, 16, colour, align="left", min_size=16)
            draw_text_in(surface, text, score, 16, colour, True, "right", min_size=16)
            y += row_h
