"""Esc during a game: resume, rules, or quit to the menu (asks first)."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.ui import theme
from game.ui.widgets import Button, FocusGroup, dim, draw_text, panel

BOX = pygame.Rect(440, 170, 400, 380)


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: App, play):
        super().__init__(app)
        self.play = play
        self.confirming = False
        self.focus = FocusGroup()
        self._buttons()

    def _buttons(self) -> None:
        x, w = BOX.x + 60, BOX.w - 120
        if self.confirming:
            self.focus.set([
                Button(pygame.Rect(x, BOX.y + 200, w, 56), "Yes, quit", self.quit, colour=(150, 60, 60)),
                Button(pygame.Rect(x, BOX.y + 270, w, 56), "No, keep playing", self.cancel),
            ])
        else:
            self.focus.set([
                Button(pygame.Rect(x, BOX.y + 100, w, 56), "Resume", self.app.pop, hotkey="Esc"),
                Button(pygame.Rect(x, BOX.y + 170, w, 56), "Rules", self.rules, hotkey="F1"),
                Button(pygame.Rect(x, BOX.y + 240, w, 56), "Quit to menu", self.ask),
            ])
        self.focus.index = -1
        self.focus._label = ""
        self.focus.move(1)

    def rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.play.info))

    def ask(self) -> None:
        self.confirming = True
        self._buttons()

    def cancel(self) -> None:
        self.confirming = False
        self._buttons()

    def quit(self) -> None:
        self.app.to_menu(self.play.info.id)
        self.app.notify("Your game is saved: Continue it from the menu", theme.INFO)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel() if self.confirming else self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
            return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, BOX, theme.PANEL, 22, theme.LINE)
        title = "Quit this game?" if self.confirming else "Paused"
        draw_text(surface, title, (BOX.centerx, BOX.y + 50), 36, theme.ACCENT, True, "center")
        if self.confirming:
            draw_text(surface, "It stays saved: Continue it from the menu.",
                      (BOX.centerx, BOX.y + 120), 18, theme.TEXT_DIM, False, "center")
            draw_text(surface, "Starting a new game replaces it.", (BOX.centerx, BOX.y + 146), 18,
                      theme.TEXT_DIM, False, "center")
        self.focus.draw(surface)
