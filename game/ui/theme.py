"""Colours, sizes and fonts: one place to change how Dice Harbor looks."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
WIDTH, HEIGHT = 1280, 720
FPS = 60

BG = (16, 27, 40)
BG_DARK = (10, 18, 28)
PANEL = (26, 41, 58)
PANEL_LIGHT = (36, 56, 78)
LINE = (58, 82, 108)
FELT = (22, 104, 86)
FELT_DARK = (15, 78, 64)
TEXT = (236, 240, 244)
TEXT_DIM = (150, 166, 184)
TEXT_DARK = (24, 30, 38)
ACCENT = (255, 196, 64)  # gold: held dice, best box, winners
ACCENT_DARK = (196, 140, 24)
GOOD = (96, 210, 140)
BAD = (236, 98, 92)
INFO = (110, 180, 255)
DIE = (248, 244, 234)
DIE_EDGE = (196, 186, 168)
PIP = (30, 34, 44)
BUTTON = (52, 96, 140)
BUTTON_HOVER = (70, 122, 172)
BUTTON_OFF = (48, 60, 74)
PLAYER_COLOURS = [(255, 140, 90), (110, 180, 255), (150, 220, 120), (230, 120, 200),
                  (250, 210, 90), (120, 220, 220), (200, 160, 255), (240, 240, 240)]

_fonts: dict[tuple[int, bool | str], pygame.font.Font] = {}


def _font_file(bold: bool) -> Path | None:
    folder = ASSETS / "fonts"
    if not folder.is_dir():
        return None
    files = sorted(folder.glob("*.ttf")) + sorted(folder.glob("*.otf"))
    want = "bold" if bold else "regular"
    for f in files:
        if want in f.stem.lower() and "italic" not in f.stem.lower():
            return f
    plain = [f for f in files if "italic" not in f.stem.lower()]
    return plain[0] if plain else None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    if key not in _fonts:
        path = _font_file(bold)
        try:
            f = pygame.font.Font(str(path) if path else None, size)
        except (OSError, pygame.error):
            f = pygame.font.Font(None, size)
        if bold and path is None:
            f.set_bold(True)
        _fonts[key] = f
    return _fonts[key]


def display_font(size: int) -> pygame.font.Font:
    """The rounded title face (Quicksand), falling back to the bold UI font."""
    key = (size, "display")
    if key not in _fonts:
        path = ASSETS / "fonts" / "Quicksand-Bold.ttf"
        try:
            _fonts[key] = pygame.font.Font(str(path), size)
        except (OSError, pygame.error, FileNotFoundError):
            _fonts[key] = font(size, True)
    return _fonts[key]


generation = 0  # bumped when fonts are dropped: caches of text layouts key on it


def forget_fonts() -> None:
    global generation
    _fonts.clear()
    generation += 1


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


_glyphs: dict[tuple[str, str], bool] = {}
_MISSING = "\ue000"  # a private-use code point: no font of ours draws it


def _has_glyph(face: pygame.font.Font, key: str, ch: str) -> bool:
    """Whether ``face`` draws ``ch`` as itself rather than as its empty 'missing' box."""
    cache_key = (key, ch)
    if cache_key not in _glyphs:
        if ch.isspace():
            _glyphs[cache_key] = True
        else:
            def ink(text: str) -> bytes:
                return pygame.image.tobytes(face.render(text, True, (255, 255, 255)), "RGBA")
            _glyphs[cache_key] = ink(ch) != ink(_MISSING)
    return _glyphs[cache_key]


def can_draw(text: str) -> bool:
    """True when the UI faces (regular and bold) draw every character of ``text``."""
    return all(_has_glyph(font(24), "regular", ch) and _has_glyph(font(24, True), "bold", ch)
               for ch in text)


def display_covers(text: str) -> bool:
    """True when the rounded title face draws all of ``text`` (it has no Greek or Cyrillic;
    names in other scripts fall back to the bold UI face)."""
    return all(_has_glyph(display_font(24), "display", ch) for ch in text)
