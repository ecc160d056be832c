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
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel

PLAYERS_BOX = pygame.Rect(40, 150, 760, 470)
HIGH_BOX = pygame.Rect(820, 150, 420, 470)
ROWS = 12
RECENT_BOX = pygame.Rect(40, 150, 1200, 470)
RECENT_ROW = 42


class RecordsScene(Scene):
    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_ids = list(GAMES)
        self.index = self.game_ids.index(game_id) if game_id in GAMES else 0
        self.records = app.load_records()
        self.focus = FocusGroup()
        self.recent: list[recent.RecentGame] | None = None  # None while being read
        self.recent_task = Task(recent.load_steps())
        self._buttons()

    @property
    def showing_recent(self) -> bool:
        return self.index == len(self.game_ids)

    @property
    def game_id(self) -> str:
        return self.game_ids[min(self.index, len(self.game_ids) - 1)]

    def _buttons(self) -> None:
        buttons = []
        tabs = len(self.game_ids) + 1
        width = min(200, (theme.WIDTH - 80) // tabs - 10)
        for i, gid in enumerate(self.game_ids):
            buttons.append(Button(pygame.Rect(40 + i * (width + 10), 84, width, 44),
                                  GAMES[gid].title, lambda i=i: self.show(i), size=18,
                                  selected=i == self.index))
        buttons.append(Button(pygame.Rect(40 + len(self.game_ids) * (width + 10), 84, width, 44),
                              "Recent games", lambda: self.show(len(self.game_ids)), size=18,
                              selected=self.showing_recent, hotkey="G"))
        if self.showing_recent and self.recent:
            y = RECENT_BOX.y + 50
            for i, _ in enumerate(self.recent):
                buttons.append(Button(pygame.Rect(RECENT_BOX.right - 250, y + 2, 120,
                                                  RECENT_ROW - 6), "Review",
                                      lambda i=i: self.open_review(i), size=17,
                                      ident=f"review{i}"))
                buttons.append(Button(pygame.Rect(RECENT_BOX.right - 122, y + 2, 108,
                                                  RECENT_ROW - 6), "Replay",
                                      lambda i=i: self.open_replay(i), size=17,
                                      ident=f"replay{i}"))
                y += RECENT_ROW
        buttons.append(Button(pygame.Rect(theme.WIDTH // 2 - 90, 640, 180, 56), "Back",
                              self.app.pop, hotkey="Esc"))
        self.focus.set(buttons)

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
            from game.scenes.review import ReviewScene
            self.app.push(ReviewScene(self.app, game.info, game.state, hinted=game.hinted))

    def open_replay(self, index: int) -> None:
        game = self._recent_game(index)
        if game is not None:
            from game.scenes.replay import ReplayScene
            self.app.push(ReplayScene(self.app, game.info, game.state, pushed=True))

    def handle(self, event: pygame.event.Event) -> None:
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
        surface.fill(theme.BG)
        draw_text(surface, "Records", (40, 44), 40, theme.ACCENT, True, "midleft", display=True)
        keys = ("Up/Down: choose · V: review · R: replay · Left/Right: other tab · Esc: back"
                if self.showing_recent else "Left/Right: other game · G: recent games · Esc: back")
        draw_text_in(surface, keys, pygame.Rect(420, 30, theme.WIDTH - 460, 36), 16,
                     theme.TEXT_DIM, align="right", min_size=11)
        if self.showing_recent:
            self._draw_recent(surface)
        else:
            self._draw_players(surface)
            self._draw_high(surface)
        self.focus.draw(surface)

    def _draw_recent(self, surface: pygame.Surface) -> None:
        box = RECENT_BOX
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        head = box.y + 14
        for label, x, w in (("Finished", box.x + 20, 150), ("Game", box.x + 180, 170),
                            ("Players, best first", box.x + 360, 520),
                            ("Hints", box.x + 890, 60)):
            draw_text_in(surface, label, pygame.Rect(x, head, w, 28), 18, theme.TEXT_DIM, True,
                         "left", min_size=11)
        if self.recent is None:
            progress = self.recent_task.progress
            draw_text_in(surface, f"Reading the recent games… {progress:.0%}",
                         box.inflate(-80, -200), 22, theme.TEXT_DIM, min_size=12)
            return
        if not self.recent:
            draw_text_in(surface, f"No recent games yet: the last {recent.KEEP} games you finish "
                         "are kept here, to review and replay.", box.inflate(-80, -200), 22,
                         theme.TEXT_DIM, wrap=True, min_size=12)
            return
        y = box.y + 50
        chosen = self.chosen_row() if self.focus.focused is not None else -1
        for i, game in enumerate(self.recent):
            line = pygame.Rect(box.x + 10, y, box.w - 20, RECENT_ROW - 2)
            if i == chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, line, border_radius=8)
            when = time.strftime("%d %b %H:%M", time.localtime(game.when)) if game.when \
                else "earlier"
            cells = ((when, box.x + 20, 150, theme.TEXT_DIM),
                     (game.info.title, box.x + 180, 170, theme.TEXT),
                     (game.players(), box.x + 360, 520, theme.TEXT),
                     ("yes" if game.hinted else "", box.x + 890, 60, theme.ACCENT))
            for text, x, w, colour in cells:
                draw_text_in(surface, text, pygame.Rect(x, y, w, RECENT_ROW - 2), 18, colour,
                             align="left", min_size=10, wrap=x == box.x + 360)
            y += RECENT_ROW

    def _draw_players(self, surface: pygame.Surface) -> None:
        box = PLAYERS_BOX
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        cols = [("Player", box.x + 24, "midleft"), ("Games", box.x + 370, "midright"),
                ("Wins", box.x + 460, "midright"), ("Best", box.x + 560, "midright"),
                ("Average", box.x + 680, "midright"), ("Hints", box.right - 20, "midright")]
        y = box.y + 28
        for label, x, anchor in cols:
            draw_text(surface, label, (x, y), 18, theme.TEXT_DIM, True, anchor)
        rows = self.records.table(self.game_id)
        if not rows:
            draw_text(surface, "No games recorded yet: finish a game to see it here.",
                      (box.centerx, box.centery), 20, theme.TEXT_DIM, False, "center")
            return
        y += 40
        for name, p in rows[:ROWS]:
            values = [name, str(p.games), str(p.wins), str(p.best),
                      f"{p.average:.1f}", str(p.hinted) if p.hinted else ""]
            for (_, x, anchor), text in zip(cols, values, strict=True):
                if anchor == "midleft":  # the name: its column up to the Games figures
                    cell = pygame.Rect(x, y - 15, 260, 30)
                    draw_text_in(surface, text, cell, 20, theme.TEXT, True, "left", min_size=12)
                else:
                    cell = pygame.Rect(x - 60, y - 15, 60, 30)
                    draw_text_in(surface, text, cell, 20, theme.TEXT, False, "right", min_size=12)
            y += 34
        if len(rows) > ROWS:
            draw_text(surface, f"and {len(rows) - ROWS} more", (box.x + 24, y), 16,
                      theme.TEXT_DIM, False, "midleft")

    def _draw_high(self, surface: pygame.Surface) -> None:
        box = HIGH_BOX
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        draw_text(surface, f"High scores · {GAMES[self.game_id].title}", (box.x + 24, box.y + 28),
                  18, theme.TEXT_DIM, True, "midleft")
        high = self.records.high_scores(self.game_id)
        if not high:
            draw_text(surface, "None yet", (box.centerx, box.centery), 20, theme.TEXT_DIM, False,
                      "center")
            return
        y = box.y + 68
        for i, h in enumerate(high):
            colour = theme.ACCENT if i == 0 else theme.TEXT
            draw_text(surface, f"{i + 1}.", (box.x + 44, y), 20, colour, True, "midright")
            score = str(h["score"]) + (" (hints)" if h["hinted"] else "")
            draw_text_in(surface, h["name"], pygame.Rect(box.x + 58, y - 15, 210, 30), 20, colour,
                         align="left", min_size=12)
            draw_text_in(surface, score, pygame.Rect(box.right - 144, y - 15, 120, 30), 20, colour,
                         True, "right", min_size=12)
            y += 38
