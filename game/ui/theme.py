"""Colours, sizes and fonts: one place to change how Dice Harbor looks."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
BASE_W, BASE_H = 1280, 720  # the design size: a bigger window zooms the whole design
FPS = 60
FONT_FLOOR = 12  # no text is drawn under 12 CSS px (test_ui_screens checks it)
TOUCH_MIN = 44  # a touch target is at least 44x44 CSS px on layouts meant for touch

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



class Metrics:
    """The window in the units the design is written in.

    Scenes are laid out in *design pixels* (dp): a CSS pixel of the page (a pixel of a
    desktop window at ratio 1), times ``zoom`` when the window is larger than the 1280x720
    design in both directions, so a 1920x1080 window shows the same layout 1.5 times larger,
    drawn sharp. ``scale`` device pixels make one dp (``dpr * zoom``); ``px(v)`` converts.
    ``touch`` says the layout is meant for fingers (44 dp targets)."""

    def __init__(self):
        self.configure((BASE_W, BASE_H))

    def configure(self, size: tuple[int, int], dpr: float = 1.0, touch: bool = False) -> None:
        self.size = (max(1, int(size[0])), max(1, int(size[1])))  # device pixels
        self.dpr = max(0.5, float(dpr))
        css_w, css_h = self.size[0] / self.dpr, self.size[1] / self.dpr
        self.zoom = max(1.0, min(css_w / BASE_W, css_h / BASE_H))
        self.scale = self.dpr * self.zoom
        self.touch = bool(touch)
        self.key = (self.size, self.scale, self.touch)  # layouts cache on this

    @property
    def width(self) -> float:
        """The window's width in dp."""
        return self.size[0] / self.scale

    @property
    def height(self) -> float:
        return self.size[1] / self.scale

    def px(self, dp: float) -> int:
        return int(round(dp * self.scale))


metrics = Metrics()


def px(dp: float) -> int:
    """Design pixels to device pixels at the current window's scale."""
    return metrics.px(dp)


def dp(device: float) -> float:
    """Device pixels to design pixels."""
    return device / metrics.scale


_fonts: dict[tuple[int, bool | str], pygame.font.Font] = {}


_font_files: dict[bool, Path | None] = {}


def _font_file(bold: bool) -> Path | None:
    """The UI face's file, looked up once (a look through the folder for each new size was
    a quarter of the browser's first frame on a phone's CPU)."""
    if bold not in _font_files:
        _font_files[bold] = _find_font_file(bold)
    return _font_files[bold]


def _find_font_file(bold: bool) -> Path | None:
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


def font(size: float, bold: bool = False) -> pygame.font.Font:
    """The UI face at ``size`` design pixels (drawn at the window's real resolution)."""
    return device_font(px(size), bold)


def device_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI face at ``size`` device pixels."""
    size = max(1, size)
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


def display_font(size: float) -> pygame.font.Font:
    """The rounded title face (Quicksand) at ``size`` dp, falling back to the bold UI font."""
    return _display_device(max(1, px(size)))


generation = 0  # bumped when fonts are dropped: caches of text layouts key on it


def forget_fonts() -> None:
    global generation
    _fonts.clear()
    _font_files.clear()
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
    return all(_has_glyph(device_font(24), "regular", ch)
               and _has_glyph(device_font(24, True), "bold", ch) for ch in text)


def display_covers(text: str) -> bool:
    """True when the rounded title face draws all of ``text`` (it has no Greek or Cyrillic;
    names in other scripts fall back to the bold UI face)."""
    return all(_has_glyph(_display_device(24), "display", ch) for ch in text)


def _display_device(size: int) -> pygame.font.Font:
    key = (size, "display")
    if key not in _fonts:
        try:
            _fonts[key] = pygame.font.Font(str(ASSETS / "fonts" / "Quicksand-Bold.ttf"), size)
        except (OSError, pygame.error, FileNotFoundError):
            _fonts[key] = device_font(size, True)
    return _fonts[key]
