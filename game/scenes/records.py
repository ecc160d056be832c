"""Records: for one game at a time, each player's games, wins, best and average score,
and the game's high-score table. Left/Right (or the game tabs) switch games, Esc goes back."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GAMES
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel

PLAYERS_BOX = pygame.Rect(40, 150, 760, 470)
HIGH_BOX = pygame.Rect(820, 150, 420, 470)
ROWS = 12


class RecordsScene(Scene):
    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_ids = list(GAMES)
        self.index = self.game_ids.index(game_id) if game_id in GAMES else 0
        self.records = app.load_records()
        self.focus = FocusGroup()
        self._buttons()

    @property
    def game_id(self) -> str:
        return self.game_ids[self.index]

    def _buttons(self) -> None:
        buttons = []
        width = min(200, (theme.WIDTH - 80) // len(self.game_ids) - 10)
        for i, gid in enumerate(self.game_ids):
            buttons.append(Button(pygame.Rect(40 + i * (width + 10), 84, width, 44),
                                  GAMES[gid].title, lambda i=i: self.show(i), size=18,
                                  selected=i == self.index))
        buttons.append(Button(pygame.Rect(theme.WIDTH // 2 - 90, 640, 180, 56), "Back",
                              self.app.pop, hotkey="Esc"))
        self.focus.set(buttons)

    def show(self, index: int) -> None:
        self.index = index % len(self.game_ids)
        self._buttons()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Records", (40, 44), 40, theme.ACCENT, True, "midleft", display=True)
        draw_text(surface, "Left/Right: other game · Esc: back", (theme.WIDTH - 40, 48), 16,
                  theme.TEXT_DIM, False, "midright")
        self._draw_players(surface)
        self._draw_high(surface)
        self.focus.draw(surface)

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
