"""A yes/no question over the scene below it (Esc or No backs out, Enter on Yes goes on).

Used where an action would throw something away, such as starting a new game over the
saved one."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App, Scene
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, dim, panel

BOX = pygame.Rect(390, 200, 500, 300)


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app: App, title: str, text: str, yes: str, on_yes: Callable[[], None],
                 no: str = "No, go back"):
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.focus = FocusGroup()
        x, w = BOX.x + 40, (BOX.w - 100) // 2
        self.focus.set([
            Button(pygame.Rect(x, BOX.bottom - 86, w, 56), yes, self.accept, size=20,
                   colour=(150, 60, 60)),
            Button(pygame.Rect(x + w + 20, BOX.bottom - 86, w, 56), no, self.app.pop, size=20,
                   hotkey="Esc"),
        ])
        self.focus.move(1)
        self.focus.move(1)  # No is focused: Enter alone never throws anything away

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, BOX, theme.PANEL, 22, theme.LINE)
        draw_text_in(surface, self.title, pygame.Rect(BOX.x + 30, BOX.y + 20, BOX.w - 60, 50), 32,
                     theme.ACCENT, True)
        draw_text_in(surface, self.text, pygame.Rect(BOX.x + 30, BOX.y + 80, BOX.w - 60, 110), 19,
                     theme.TEXT_DIM, wrap=True, min_size=14)
        self.focus.draw(surface)
