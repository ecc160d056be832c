"""Esc during a game: resume, rules, the bots' pace, or quit to the menu (asks first)."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in, text_width
from game.ui.widgets import Button, FocusGroup, panel


class PauseScene(Scene):
    overlay = True
    dim_alpha = 170  # the app darkens the scenes under it

    def __init__(self, app: App, play):
        super().__init__(app)
        self.play = play
        self.confirming = False
        self.focus = FocusGroup()
        self._buttons()

    def _buttons(self) -> None:
        if self.confirming:
            self.focus.set([
                Button(pygame.Rect(0, 0, 0, 0), "Yes, quit to the menu", self.quit,
                       colour=(150, 60, 60), size=18, wrap=True),
                Button(pygame.Rect(0, 0, 0, 0), "No, keep playing", self.cancel, size=18,
                       hotkey="Esc"),
            ])
            self.focus.index = 1  # the safe answer has the focus
        else:
            pace = self.app.settings.bot_speed.title()
            self.focus.set([
                Button(pygame.Rect(0, 0, 0, 0), "Resume", self.app.pop, hotkey="Esc", size=20),
                Button(pygame.Rect(0, 0, 0, 0), "Rules", self.rules, hotkey="F1", size=20),
                Button(pygame.Rect(0, 0, 0, 0), "Settings", self.settings, size=20),
                Button(pygame.Rect(0, 0, 0, 0), f"Bot pace: {pace}", self.pace, size=20,
                       ident="pace"),
                Button(pygame.Rect(0, 0, 0, 0), "Leave full screen" if self.app.fullscreen
                       else "Full screen", self.fullscreen, hotkey="F11", size=20,
                       ident="fullscreen"),
                Button(pygame.Rect(0, 0, 0, 0), "Quit to menu", self.ask, size=20),
            ])
            self.focus.index = 0
        self.focus._label = ""
        self._layout_key = None

    def relayout(self) -> None:
        screen = layout.inset(layout.screen_rect(), 12)
        n = len(self.focus.buttons)
        button_h = layout.touch_size(50)
        text_h = 64 if self.confirming else 0
        height = 70 + text_h + n * (button_h + 12) + 30 + 48
        columns = 1 if height <= theme.dp(screen.h) else 2  # (a short window: two columns)
        lines = -(-n // columns)
        height = 70 + text_h + lines * (button_h + 12) + 30 + 48
        self.box = layout.centred(screen, 420 if columns == 1 else 700, height)
        inner = layout.inset(self.box, 24)
        tracks = [52] + ([text_h] if text_h else []) + [button_h] * lines + [fr()]
        parts = layout.rows(inner, *tracks, gap=12)
        self.title_box = parts[0]
        self.text_box = parts[1] if text_h else None
        places = parts[1 + bool(text_h):1 + bool(text_h) + lines]
        if columns > 1:
            places = [cell for r in places for cell in layout.cols(r, fr(), fr(), gap=12)]
        for b, r in zip(self.focus.buttons, places, strict=False):
            b.rect = layout.centred(r, 320, button_h)
        self.message = parts[-1]

    def rules(self) -> None:
        self.app.open("rules", info=self.play.info)

    def settings(self) -> None:
        """Colours, motion, text size, sound (the same screen as the menu's)."""
        self.app.open("settings")

    def pace(self) -> None:
        self.play._cycle_speed()
        self._buttons()

    def fullscreen(self) -> None:
        """The window fills the screen, or goes back to its size (F11 anywhere)."""
        self.app.toggle_fullscreen()
        self._buttons()
        self.focus.index = next(i for i, b in enumerate(self.focus.buttons)
                                if b.ident == "fullscreen")

    def ask(self) -> None:
        self.confirming = True
        self._buttons()

    def cancel(self) -> None:
        self.confirming = False
        self._buttons()

    def quit(self) -> None:
        flow = self.play.flow  # (a game by link, a daily: kept elsewhere)
        self.app.to_menu(self.play.info.id)
        self.app.notify(flow.quit_note if flow is not None else
                        "Your game is saved: Continue it from the menu", theme.INFO)

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel() if self.confirming else self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        panel(surface, self.box, theme.PANEL, 22, theme.LINE)
        title = f"Quit this {self.play.info.title} game?" if self.confirming else "Paused"
        if text_width(title, 20, True) > self.title_box.w:
            title = "Quit this game?"  # (a phone: 'Quit this Pirate Fortune ga…')
        draw_text_in(surface, title, self.title_box, 30, theme.TEXT, True, min_size=20)
        if self.text_box is not None:
            flow = self.play.flow
            draw_text_in(surface, flow.kept if flow is not None else
                         "It stays saved: Continue it from the menu. Starting a new "
                         "game replaces it.", self.text_box, 16, theme.TEXT_DIM, wrap=True,
                         min_size=13)
        self.focus.draw(surface)
