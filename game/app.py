"""The application: one window, a stack of scenes, one frame at a time.

``App.step`` runs a single frame (events, update, draw) so tests and the demo can drive
the real scenes synchronously; ``App.run`` is the async loop that yields to the browser
every frame (pygbag needs ``await asyncio.sleep(0)``; there are no threads anywhere).
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass

import pygame

from . import prefs
from .ui import theme
from .ui.sound import Sounds

BOT_SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3}  # seconds a bot "thinks" per action


@dataclass
class Settings:
    bot_speed: str = "normal"
    muted: bool = False

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]

    def next_speed(self) -> str:
        names = list(BOT_SPEEDS)
        self.bot_speed = names[(names.index(self.bot_speed) + 1) % len(names)]
        return self.bot_speed


class Scene:
    """A screen. Overlay scenes (pause) draw on top of the scene below them."""

    overlay = False

    def __init__(self, app: App):
        self.app = app

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_resume(self) -> None:
        """Called when a scene above this one was popped."""


class App:
    def __init__(self, sound: bool = True, window_flags: int | None = None,
                 seed: int | None = None):
        pygame.init()
        theme.forget_fonts()  # fonts from an earlier pygame.init() are dead
        pygame.display.set_caption("Dice Harbor")
        self.screen = self._open_window(window_flags)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.settings = Settings()
        self.sounds = Sounds(sound)
        self.running = True
        self.frame = 0
        self.toast: tuple[str, float, tuple] | None = None
        # Seeds for new games: random for players, fixed for tests and demos.
        self.seeds = random.Random(seed)
        self.records = None  # loaded on first use (game.records.Records)
        problem = prefs.load_into(self.settings, tuple(BOT_SPEEDS))
        if getattr(self.settings, "muted", False):
            self.sounds.muted = True
        if problem:
            self.notify(problem, theme.BAD, 6)

    # -- what lasts between runs -----------------------------------------------------------
    def save_settings(self) -> None:
        self.settings.muted = self.sounds.muted
        prefs.save_from(self.settings)

    def load_records(self):
        """The records, read once per run; a damaged file is reported and set aside."""
        if self.records is None:
            from game import records
            self.records, problem = records.load()
            if problem:
                self.notify(problem, theme.BAD, 6)
        return self.records

    def record_game(self, game_id: str, state) -> dict[int, list[str]]:
        """Add a finished game to the records; the news per seat ("new best!")."""
        from game import records
        news = self.load_records().add_game(game_id, state)
        records.save(self.records)
        return news

    @staticmethod
    def _open_window(flags: int | None) -> pygame.Surface:
        size = (theme.WIDTH, theme.HEIGHT)
        if flags is None:
            # SCALED keeps a 1280x720 logical canvas and maps the mouse for any window size
            # (the headless dummy driver has no renderer to scale with).
            headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
            flags = 0 if headless else pygame.SCALED | pygame.RESIZABLE
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error:
            return pygame.display.set_mode(size)

    # -- scene stack -----------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()
            self.scene.on_resume()

    def replace_all(self, scene: Scene) -> None:
        self.scenes = [scene]

    def new_seed(self) -> int:
        return self.seeds.randrange(2**31)

    def notify(self, text: str, colour=theme.TEXT, seconds: float = 2.5) -> None:
        """A short message at the bottom of the screen, over any scene."""
        self.toast = (text, seconds, colour)

    # -- frames ----------------------------------------------------------------------------
    def handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not getattr(
                self.scene, "typing", False):
            muted = self.sounds.toggle_mute()
            self.save_settings()
            self.notify("Sound off (M)" if muted else "Sound on (M)")
            return True
        return False

    def step(self, dt: float) -> None:
        for event in pygame.event.get():
            if not self.handle_global(event) and self.scenes:
                self.scene.handle(event)
        if not self.scenes:
            return
        self.scene.update(dt)
        if self.toast:
            text, left, colour = self.toast
            self.toast = (text, left - dt, colour) if left > dt else None
        self.draw()
        self.frame += 1

    def draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        if self.toast:
            from .ui.widgets import draw_text
            text, _, colour = self.toast
            image = pygame.Rect(0, 0, theme.font(20).size(text)[0] + 40, 40)
            image.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 16)
            pygame.draw.rect(self.screen, theme.BG_DARK, image, border_radius=20)
            draw_text(self.screen, text, image.center, 20, colour, True, "center")
        pygame.display.flip()

    async def run(self) -> None:
        while self.running:
            dt = self.clock.tick(theme.FPS) / 1000
            self.step(min(dt, 0.1))
            await asyncio.sleep(0)
        pygame.quit()
