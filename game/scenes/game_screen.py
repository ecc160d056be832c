"""A screen about one game with buttons (results, session standings, the daily challenge's
screens, the link to send): Esc takes the player back to that game's menu, the screen's
own shortcut keys are a table (``keys``), a pointer may be routed first (``pointer``),
and the rest goes to its buttons (``focus``). Not a scene of its own: the scenes built on
it are registered by name in ``game.scenes``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import Scene
from game.catalog import GameInfo
from game.ui.widgets import FocusGroup


class GameScreen(Scene):
    info: GameInfo
    focus: FocusGroup

    def to_menu(self) -> None:
        self.app.to_menu(self.info.id)

    def keys(self, event: pygame.event.Event) -> dict[int, Callable[[], object]]:
        """The screen's shortcut keys besides Esc: key -> what it does."""
        return {}

    def pointer(self, event: pygame.event.Event) -> bool:
        """A pointer event the screen takes before its buttons; True when taken."""
        return False

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            action = {pygame.K_ESCAPE: self.to_menu, **self.keys(event)}.get(event.key)
            if action is not None:
                action()
                return
        if not self.pointer(event):
            self.focus.handle(event)
