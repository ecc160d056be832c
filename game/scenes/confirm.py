"""A yes/no question over the scene below it (Esc or No backs out, Enter on Yes goes on).

Used where an action would throw something away, such as starting a new game over the
saved one. The safe answer (No) has the focus, so Enter alone never throws anything away."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App, Scene
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, dialog_box, panel


class ConfirmScene(Scene):
    overlay = True
    dim_alpha = 170  # the app darkens the scenes under it

    def __init__(self, app: App, title: str, text: str, yes: str, on_yes: Callable[[], None],
                 no: str = "No, go back"):
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.focus = FocusGroup()
        self.yes = Button(pygame.Rect(0, 0, 0, 0), yes, self.accept, size=18,
                          colour=(150, 60, 60), wrap=True, min_size=14)
        self.no = Button(pygame.Rect(0, 0, 0, 0), no, self.app.pop, size=18, hotkey="Esc",
                         wrap=True, min_size=14)
        self.focus.set([self.yes, self.no])
        self.focus.move(1)
        self.focus.move(1)  # No is focused: Enter alone never throws anything away

    def relayout(self) -> None:
        screen = layout.inset(layout.screen_rect(), 12)
        button_h = layout.touch_size(52)
        chrome = 2 * 24 + 46 + button_h + 40 + 3 * 10  # dp: all but the question's words
        self.box = dialog_box(screen, self.text, 17, 14, chrome, 330)  # (its words whole)
        inner = layout.inset(self.box, 24)
        self.title_box, self.text_box, buttons, self.message = layout.rows(
            inner, 46, fr(), button_h, 40, gap=10)
        self.yes.rect, self.no.rect = layout.cols(buttons, fr(), fr(), gap=16)

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        panel(surface, self.box, theme.PANEL, 22, theme.LINE)
        draw_text_in(surface, self.title, self.title_box, 28, theme.TEXT, True, min_size=18)
        draw_text_in(surface, self.text, self.text_box, 17, theme.TEXT, wrap=True, min_size=14)
        self.focus.draw(surface)
