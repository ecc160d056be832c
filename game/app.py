"""The application: one window, a stack of scenes, one frame at a time.

``App.step`` runs a single frame (events, update, draw) so tests and the demo can drive
the real scenes synchronously; ``App.run`` is the async loop that yields to the browser
every frame (pygbag needs ``await asyncio.sleep(0)``; there are no threads anywhere).
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass, field

import pygame

from . import prefs
from .ui import theme
from .ui.sound import Sounds

BOT_SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3}  # seconds a bot "thinks" per action


@dataclass
class Settings:
    """What the player chose, kept across games (plain JSON data, so it can be stored)."""

    bot_speed: str = "normal"
    muted: bool = False
    seats: dict[str, list[dict]] = field(default_factory=dict)  # game id -> [{name, bot}]
    options: dict[str, dict] = field(default_factory=dict)  # game id -> {option: value}
    coach: str = "request"  # hints: off | request (H / the Hint button) | always shown
    odds: bool = False  # exact odds shown on a human's turn (O / the Odds button)

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]

    def next_speed(self) -> str:
        names = list(BOT_SPEEDS)
        self.bot_speed = names[(names.index(self.bot_speed) + 1) % len(names)]
        return self.bot_speed

    def next_coach(self) -> str:
        from game.coach import COACH_MODES
        self.coach = COACH_MODES[(COACH_MODES.index(self.coach) + 1) % len(COACH_MODES)]
        return self.coach


class Letterbox:
    """Where the fixed 1280x720 canvas goes in a window of any size: scaled by one factor
    to fit, centred, with bars on the two sides that are too long. Pointer positions map
    back to canvas coordinates, so scenes never see the window's size."""

    def __init__(self, window: tuple[int, int], canvas: tuple[int, int] = (theme.WIDTH, theme.HEIGHT)):
        self.window = (max(1, window[0]), max(1, window[1]))
        self.canvas = canvas
        self.scale = min(self.window[0] / canvas[0], self.window[1] / canvas[1])
        w, h = round(canvas[0] * self.scale), round(canvas[1] * self.scale)
        self.rect = pygame.Rect((self.window[0] - w) // 2, (self.window[1] - h) // 2, w, h)

    @property
    def identity(self) -> bool:
        return self.window == self.canvas

    def to_canvas(self, pos) -> tuple[int, int]:
        x = (pos[0] - self.rect.x) / self.scale
        y = (pos[1] - self.rect.y) / self.scale
        return (min(self.canvas[0] - 1, max(0, int(x))), min(self.canvas[1] - 1, max(0, int(y))))

    def to_window(self, pos) -> tuple[int, int]:
        return (self.rect.x + int(pos[0] * self.scale), self.rect.y + int(pos[1] * self.scale))


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
                 seed: int | None = None, window_size: tuple[int, int] | None = None):
        pygame.init()
        theme.forget_fonts()  # fonts from an earlier pygame.init() are dead
        pygame.display.set_caption("Dice Harbor")
        self.window = self._open_window(window_flags, window_size)
        self.letterbox = Letterbox(self.window.get_size())
        # Scenes draw on a 1280x720 canvas; present() scales it into the window.
        self.screen = self.window if self.letterbox.identity else pygame.Surface(self.letterbox.canvas)
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

    def record_game(self, game_id: str, state, hinted: bool = False) -> dict[int, list[str]]:
        """Add a finished game to the records (``hinted``: the coach's hints were used);
        the news per seat ("new best!")."""
        from game import records
        news = self.load_records().add_game(game_id, state, hinted=hinted)
        records.save(self.records)
        self.remember_game(game_id, state, hinted)
        return news

    def remember_game(self, game_id: str, state, hinted: bool = False) -> None:
        """Keep a finished game whole among the recent ones (for its review and replay)."""
        import time

        from game import recent
        from game.catalog import GAMES
        problem = recent.remember(recent.RecentGame(GAMES[game_id], state, hinted,
                                                    int(time.time())))
        if problem:
            self.notify(problem, theme.BAD, 6)

    @staticmethod
    def _open_window(flags: int | None, size: tuple[int, int] | None = None) -> pygame.Surface:
        """A resizable window. Not pygame.SCALED: it sets the window's minimum size to the
        canvas (checked under Xvfb: a SCALED|RESIZABLE 1280x720 window refuses 1000x700 and
        reports minimum_size (1280, 720)), so on a smaller screen, or when the window manager
        forces a smaller window, part of the 1280x720 picture lies outside what is shown
        (the Menu and ? buttons, the left of the tray). Scaling the canvas ourselves
        (Letterbox) shows all of it in a window of any size; the window opens smaller than
        1280x720 when the desktop is."""
        headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        if size is None:
            size = (theme.WIDTH, theme.HEIGHT)
            desktops = [] if headless else pygame.display.get_desktop_sizes()
            if desktops and (desktops[0][0] < size[0] or desktops[0][1] < size[1] + 60):
                size = Letterbox((desktops[0][0], desktops[0][1] - 60)).rect.size
        if flags is None:
            flags = 0 if headless else pygame.RESIZABLE
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error:
            return pygame.display.set_mode(size)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: fit the canvas to it (called on VIDEORESIZE too)."""
        window = pygame.display.get_surface()
        if window is None or window.get_size() != tuple(size):
            window = pygame.display.set_mode(size, pygame.RESIZABLE if
                                             os.environ.get("SDL_VIDEODRIVER") != "dummy" else 0)
        self.window = window
        self.letterbox = Letterbox(window.get_size())
        if self.letterbox.identity:
            self.screen = window
        elif self.screen is window:
            self.screen = pygame.Surface(self.letterbox.canvas)

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

    def to_menu(self, game_id: str | None = None) -> None:
        """Back to the menu (with ``game_id`` chosen), leaving every scene."""
        from .scenes.menu import MenuScene
        self.replace_all(MenuScene(self, game_id) if game_id else MenuScene(self))

    def new_seed(self) -> int:
        return self.seeds.randrange(2**31)

    def notify(self, text: str, colour=theme.TEXT, seconds: float = 2.5) -> None:
        """A short message at the bottom of the screen, over any scene."""
        self.toast = (text, seconds, colour)

    # -- frames ----------------------------------------------------------------------------
    def typing(self) -> bool:
        """A text field has the keyboard: letters are text, not shortcuts. (``typing`` is
        the index of the seat being named, so seat 0 counts: compare with None.)"""
        return bool(self.scenes) and getattr(self.scene, "typing", None) is not None

    def handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.resize(size)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.typing():
            muted = self.sounds.toggle_mute()
            self.save_settings()
            self.notify("Sound off (M)" if muted else "Sound on (M)")
            return True
        return False

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """Pointer events in canvas coordinates, whatever the window's size."""
        if self.letterbox.identity or not hasattr(event, "pos"):
            return event
        data = dict(event.dict)
        data["pos"] = self.letterbox.to_canvas(event.pos)
        if "rel" in data:
            data["rel"] = (round(data["rel"][0] / self.letterbox.scale),
                           round(data["rel"][1] / self.letterbox.scale))
        return pygame.event.Event(event.type, data)

    def step(self, dt: float) -> None:
        for event in pygame.event.get():
            event = self.to_canvas(event)
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
            from .ui.text import fit_text
            from .ui.widgets import draw_text_in
            text, _, colour = self.toast
            fitted = fit_text(text, theme.WIDTH - 120, 56, 20, 14, True, wrap=True)
            box = pygame.Rect(0, 0, fitted.width + 40, fitted.height + 14)
            box.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 16)
            pygame.draw.rect(self.screen, theme.BG_DARK, box, border_radius=20)
            draw_text_in(self.screen, text, box.inflate(-40, -14), 20, colour, True,
                         min_size=14, wrap=True)
        self.present()

    def present(self) -> None:
        if self.screen is not self.window:
            self.window.fill((0, 0, 0))
            scaled = pygame.transform.smoothscale(self.screen, self.letterbox.rect.size)
            self.window.blit(scaled, self.letterbox.rect)
        pygame.display.flip()

    async def run(self) -> None:
        while self.running:
            dt = self.clock.tick(theme.FPS) / 1000
            self.step(min(dt, 0.1))
            await asyncio.sleep(0)
        pygame.quit()
