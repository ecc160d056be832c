"""Drawing dice: ivory faces with pips or pictures, held/selected/set-aside looks, a
tumbling animation, and the number keys that pick a die.

Face sets: a die value is an int 1..6 (pips) or a face name of another set in
``FACE_SETS`` (Pirate Fortune: skull parrot monkey sword gold diamond, drawn by
game.ui.symbols). Drawing, the tumble and the keys work the same for every set."""

from __future__ import annotations

import math
import random

import pygame

from . import theme
from .symbols import draw_symbol
from .text import draw_text_in
from .widgets import draw_text

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}

FACE_SETS: dict[str, tuple] = {
    "pips": (1, 2, 3, 4, 5, 6),
    "pirate": ("skull", "parrot", "monkey", "sword", "gold", "diamond"),
}
SKULL_FACE = (44, 44, 52)  # a skull die is dark: it stands out without its colour too

_cache: dict[tuple, pygame.Surface] = {}


def face_set(value) -> tuple:
    """The face set a die value belongs to."""
    return FACE_SETS["pirate"] if isinstance(value, str) else FACE_SETS["pips"]


def die_index_for_key(key: int, n: int) -> int | None:
    """The die (0-based) that number key ``key`` (1-9 or keypad) picks among ``n`` dice."""
    for base in (pygame.K_1, pygame.K_KP1):
        if base <= key < base + min(n, 9):
            return key - base
    return None


def _picture_face(value: str, size: int, face) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size // 6
    pygame.draw.rect(surf, theme.DIE_EDGE, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-4, -6).move(0, -2)
    pygame.draw.rect(surf, SKULL_FACE if value == "skull" else face, inner, border_radius=radius)
    draw_symbol(surf, value, inner.inflate(-size // 8, -size // 8))
    return surf


def die_face(value: int | str, size: int, face=theme.DIE, pip=theme.PIP) -> pygame.Surface:
    """A die's face ``size`` device pixels wide (cached per size)."""
    key = (value, size, face, pip)
    if key not in _cache and isinstance(value, str):
        _cache[key] = _picture_face(value, size, face)
    if key not in _cache:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = size // 6
        pygame.draw.rect(surf, theme.DIE_EDGE, surf.get_rect(), border_radius=radius)
        rim = max(2, size // 22)
        pygame.draw.rect(surf, face, surf.get_rect().inflate(-rim, -rim - rim // 2).move(
            0, -rim // 2), border_radius=radius)
        r = max(2, size // 11)
        off = size * 0.27
        for px, py in PIPS[value]:
            centre = (size / 2 + px * off, size / 2 + py * off - 1)
            colour = (200, 40, 40) if value == 1 and size > 40 else pip
            pygame.draw.circle(surf, colour, centre, r + (max(1, size // 40) if value == 1 else 0))
        _cache[key] = surf
    return _cache[key]


class DiceAnimator:
    """Tumbles the dice that were just rolled for a short moment before they settle.

    Purely visual: it uses its own random generator, never the game's."""

    DURATION = 0.55

    def __init__(self):
        self.rng = random.Random(7)
        self.rolling: set[int] = set()
        self.time_left = 0.0
        self.faces: dict[int, int] = {}

    def start(self, positions) -> None:
        self.rolling = set(positions)
        self.time_left = self.DURATION
        self._shuffle()

    @property
    def busy(self) -> bool:
        return self.time_left > 0

    def _shuffle(self) -> None:
        self.faces = {i: self.rng.randint(1, 6) for i in self.rolling}

    def update(self, dt: float) -> None:
        if self.time_left > 0:
            before = int(self.time_left / 0.07)
            self.time_left = max(0.0, self.time_left - dt)
            if int(self.time_left / 0.07) != before:
                self._shuffle()
            if self.time_left == 0:
                self.rolling = set()

    def shown(self, index: int, value):
        """What die ``index`` shows now: a random face of its own set while it tumbles."""
        if index not in self.rolling or not self.busy:
            return value
        return face_set(value)[self.faces.get(index, 1) - 1]

    def offset(self, index: int) -> tuple[int, float]:
        """(vertical bounce in px, rotation in degrees) for a tumbling die."""
        if index not in self.rolling or not self.busy:
            return 0, 0.0
        t = self.time_left / self.DURATION
        bounce = int(-abs(math.sin(t * math.pi * 3 + index)) * 26 * t)
        return bounce, math.sin(t * 9 + index * 1.7) * 35 * t


def lift(mode: str, rect: pygame.Rect) -> int:
    """How far (device pixels, upwards is negative) a die is drawn lifted: held and chosen
    dice rise off the felt."""
    return -max(2, rect.h // 6) if mode in ("held", "chosen") else 0


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int | None, *,
             mode: str = "free", rotation: float = 0.0, label: str = "", focused: bool = False,
             hover: bool = False) -> None:
    """mode: free (rollable), held (kept: gold, lifted), chosen (selected to set aside),
    aside (already out of play), blank (not rolled yet). ``rect`` in device pixels."""
    r = rect.move(0, lift(mode, rect))
    edge = max(2, rect.w // 14)
    shadow = pygame.Rect(0, 0, rect.w - edge * 2, max(4, rect.h // 6))
    shadow.midtop = (rect.centerx, rect.bottom - edge)
    pygame.draw.ellipse(surface, theme.FELT_DARK, shadow)
    if mode in ("held", "chosen"):
        glow = theme.ACCENT if mode == "held" else theme.GOOD
        pygame.draw.rect(surface, glow, r.inflate(edge * 3, edge * 3), border_radius=rect.w // 5)
    if value is None:
        pygame.draw.rect(surface, theme.FELT_DARK, r, width=max(2, edge), border_radius=rect.w // 6)
        draw_text(surface, "?", r.center, max(theme.FONT_FLOOR, theme.dp(rect.w) / 2),
                  theme.FELT, True, "center")
    else:
        face = die_face(value, rect.w, face=(214, 208, 196) if mode == "aside" else theme.DIE)
        if rotation:
            face = pygame.transform.rotate(face, rotation)
        surface.blit(face, face.get_rect(center=r.center))
    if hover and mode not in ("aside", "blank"):
        pygame.draw.rect(surface, theme.TEXT, r.inflate(edge * 2, edge * 2), width=max(1, edge // 2),
                         border_radius=rect.w // 5)
    if focused:
        pygame.draw.rect(surface, theme.INFO, r.inflate(edge * 4, edge * 4), width=max(2, edge),
                         border_radius=rect.w // 4)
    if label:  # under the die, as wide as the die and a little more; a long name ends in "…"
        colour = theme.ACCENT if mode == "held" else theme.GOOD if mode == "chosen" else theme.TEXT_DIM
        box = pygame.Rect(0, 0, rect.w + rect.w // 3, theme.px(18))
        box.midtop = (rect.centerx, rect.bottom + theme.px(3))
        draw_text_in(surface, label, box, 13, colour, True, min_size=12)
