"""The table's short visual flourishes: a burst of sparks on the felt when something worth
celebrating happens (a Yatzy, hot dice, a full chest, the Island of Skulls, a box grabbed
from under an opponent), and the glow that runs over the top bar when a person's turn
starts.

Both are purely visual and last about a second: they use their own random generator
(never the game's), they are advanced by the scene's ``update`` with the frame's time, and
once they are done they draw nothing and cost nothing (``busy`` is False, so the table
stops asking for frames). A burst draws only inside the rectangle it is given (the tray),
so it never covers the buttons, the sheet or the move history."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from . import theme

STYLES = ("gold", "skulls")  # "gold" for good fortune, "skulls" for the Island


def colours(style: str = "gold") -> tuple[tuple[int, int, int], ...]:
    """A burst's (and confetti's) colours: shades of the moment's gold, or of the colour of
    a loss and bone for the Island; never a player's colour (those mean a player)."""
    if style == "skulls":
        return (theme.BAD, theme.mix(theme.BAD, theme.BG_DARK, 0.6), (236, 226, 214),
                (90, 84, 96))
    white = (255, 255, 255)
    return (theme.BEST, theme.mix(theme.BEST, white, 0.7), theme.mix(theme.BEST, white, 0.9),
            theme.mix(theme.BEST, theme.BG_DARK, 0.75))


@dataclass
class Spark:
    origin: tuple[float, float]  # where it starts, as a fraction of the area (0..1, 0..1)
    angle: float  # radians
    speed: float  # area heights per second
    size: float  # dp
    colour: tuple
    delay: float  # seconds after the start before it appears


class Burst:
    """Sparks flying out from the dice (or the middle of the tray) and fading, with a ring
    that opens from the centre: ``DURATION`` seconds."""

    DURATION = 1.1

    def __init__(self, seed: int = 17):
        self.rng = random.Random(seed)
        self.time_left = 0.0
        self.style = ""
        self.sparks: list[Spark] = []
        self.starts = 0  # how many bursts were started (tests count them)

    @property
    def busy(self) -> bool:
        return self.time_left > 0

    def start(self, origins: list[tuple[float, float]], style: str = "gold") -> None:
        """Sparks from each origin (fractions of the area: (0.5, 0.5) is its middle); none
        with "reduce motion" on (the banner says it still)."""
        if theme.reduce_motion():
            self.stop()
            return
        self.style = style if style in STYLES else "gold"
        palette = colours(self.style)
        origins = origins or [(0.5, 0.5)]
        per = max(6, 48 // len(origins))
        self.sparks = []
        for origin in origins:
            for _ in range(per):
                self.sparks.append(Spark(
                    origin, self.rng.uniform(0, math.tau), self.rng.uniform(0.35, 1.1),
                    self.rng.uniform(2.5, 5.5), self.rng.choice(palette),
                    self.rng.uniform(0, 0.18)))
        self.time_left = self.DURATION
        self.starts += 1

    def stop(self) -> None:
        self.time_left = 0.0
        self.sparks = []

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True on the frame the burst ends (draw once more to
        clear it)."""
        if self.time_left <= 0:
            return False
        self.time_left = max(0.0, self.time_left - dt)
        if self.time_left == 0:
            self.sparks = []
            return True
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The sparks, clipped to ``area`` (device pixels)."""
        if not self.busy or area.w <= 0 or area.h <= 0:
            return
        t = self.DURATION - self.time_left
        old_clip = surface.get_clip()
        surface.set_clip(area.clip(old_clip) if old_clip else area)
        try:
            palette = colours(self.style)
            fall = 0.9 if self.style == "gold" else -0.5  # embers of the Island rise
            if t < 0.45:  # the ring, opening from the middle of the area
                k = t / 0.45
                radius = int(theme.px(20) + k * max(area.w, area.h) * 0.45)
                width = max(1, int(theme.px(6) * (1 - k)))
                pygame.draw.circle(surface, palette[0], area.center, radius, width)
            for s in self.sparks:
                age = t - s.delay
                if age <= 0:
                    continue
                life = 1 - age / (self.DURATION - s.delay)
                if life <= 0:
                    continue
                dist = s.speed * age * area.h
                x = area.x + s.origin[0] * area.w + math.cos(s.angle) * dist
                y = (area.y + s.origin[1] * area.h + math.sin(s.angle) * dist
                     + fall * area.h * age * age)
                r = max(1, int(theme.px(s.size) * life))
                colour = s.colour
                if r >= 3:  # a four-pointed star
                    pts = [(x, y - 2 * r), (x + r * 0.45, y - r * 0.45), (x + 2 * r, y),
                           (x + r * 0.45, y + r * 0.45), (x, y + 2 * r),
                           (x - r * 0.45, y + r * 0.45), (x - 2 * r, y),
                           (x - r * 0.45, y - r * 0.45)]
                    pygame.draw.polygon(surface, colour, pts)
                else:
                    pygame.draw.circle(surface, colour, (int(x), int(y)), r)
        finally:
            surface.set_clip(old_clip)


class TurnFlourish:
    """"Your turn, Ann!": a light that sweeps once over the lit band of the top bar and a
    glow that fades, ``DURATION`` seconds; it never stops the player from moving."""

    DURATION = 1.4

    def __init__(self):
        self.time_left = 0.0
        self.text = ""
        self.seat: int | None = None

    @property
    def busy(self) -> bool:
        return self.time_left > 0

    def start(self, seat: int, text: str) -> None:
        self.seat, self.text, self.time_left = seat, text, self.DURATION

    def stop(self) -> None:
        self.time_left = 0.0

    def update(self, dt: float) -> bool:
        """Advance by ``dt``; True on the frame it ends (draw once more to clear it)."""
        if self.time_left <= 0:
            return False
        self.time_left = max(0.0, self.time_left - dt)
        return self.time_left == 0

    def draw(self, surface: pygame.Surface, band: pygame.Rect, colour: tuple) -> None:
        """Over the band (device pixels): a soft halo and a bright sweep, clipped to it."""
        if not self.busy:
            return
        if theme.reduce_motion():  # a still frame round the band: no sweep, no fading glow
            pygame.draw.rect(surface, colour, band.inflate(theme.px(4), theme.px(4)),
                             width=max(1, theme.px(3)), border_radius=theme.px(12))
            return
        k = 1 - self.time_left / self.DURATION  # 0 -> 1
        glow = 1 - k
        width = max(1, int(theme.px(2) + theme.px(4) * glow))
        halo = band.inflate(int(theme.px(6) * glow), int(theme.px(4) * glow))
        pygame.draw.rect(surface, colour, halo, width=width, border_radius=theme.px(12))
        if k >= 1 / 1.3 or band.w <= 0 or band.h <= 0:
            return
        x = int((band.w + theme.px(80)) * k * 1.3) - theme.px(40)
        shine = (*(min(255, c + 70) for c in colour[:3]), 110)
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        pts = [(x - theme.px(30), band.h), (x + theme.px(6), 0), (x + theme.px(34), 0),
               (x - theme.px(2), band.h)]
        pygame.draw.polygon(layer, shine, pts)
        surface.blit(layer, band.topleft)
