"""Colours, sizes and fonts: one place to change how Dice Harbor looks."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
generation = 0  # bumped when fonts or colours change: caches of text and pictures key on it
BASE_W, BASE_H = 1280, 720  # the design size: a bigger window zooms the whole design
FPS = 60
FONT_FLOOR = 12  # no text is drawn under 12 CSS px (test_ui_screens checks it)
# The type scale (dp): every text is drawn at one of these sizes, the largest at or under the
# size its place asks for; with "larger text" on, one step up. (A row or a column of the
# sheet has one size: text_size maps each asked size to one of these.)
TYPE_SCALE = (12, 14, 16, 18, 20, 24, 28, 34, 40, 48, 56, 64)
TOUCH_MIN = 44  # a touch target is at least 44x44 CSS px on layouts meant for touch

BG = (16, 27, 40)
BG_DARK = (10, 18, 28)
PANEL = (26, 41, 58)
PANEL_LIGHT = (36, 56, 78)
LINE = (58, 82, 108)
FELT = (22, 104, 86)
FELT_DARK = (15, 78, 64)
FELT_TEXT = (214, 232, 224)  # words on the felt (a die's key, the dice set aside)
TEXT = (236, 240, 244)
TEXT_DIM = (150, 166, 184)
TEXT_DARK = (24, 30, 38)
DIE = (248, 244, 234)
DIE_EDGE = (196, 186, 168)
PIP = (30, 34, 44)
BUTTON = (52, 96, 140)
BUTTON_HOVER = (66, 116, 164)
BUTTON_OFF = (48, 60, 74)

# -- The design system: scenes ask for a meaning, never for a colour. -----------------------
# One meaning per colour, and beside every colour a second cue (game.ui.marks draws them):
#
#   player 1-8   that player and nothing else   a seat marker shape per player
#   HELD         dice the player keeps          lifted off the felt, on a plate, "HELD"
#   COACH        the coach's advice             a dashed ring, the word "Coach"
#   BEST         the best box now, the leader,  bold, a star (best) or a crown (leader)
#                the winner, a rare moment
#   ODDS         a chance                       a neutral badge with a % sign
#   GOOD / BAD   a gain / a loss                a + / − sign (and a disc with it)
#   FOCUS        keyboard focus                 a double ring, light outside, dark inside
#   INFO         a notice, with no other meaning
#
# The neutral ones are the same in every palette; the others come from the palette in use
# (``use_palette``): the standard one, or the one for colour-blind players. Their distances
# under protanopia, deuteranopia and tritanopia are checked by tests/test_colours.py.
HELD = (252, 250, 242)  # the plate under a kept die: light, like the die lifted off it
FOCUS = (250, 252, 255)
ODDS = (220, 220, 224)
INFO = (206, 206, 210)
ON = (40, 108, 98)  # a switch that is on: its fill (its label says "On" too)
BRAND = (255, 196, 64)  # the name "Dice Harbor" in the menu: a logo, not a meaning


@dataclass(frozen=True)
class Palette:
    """The colours that carry a meaning. ``players``: the eight seats' colours."""

    name: str
    label: str  # as the settings name it
    players: tuple[tuple[int, int, int], ...]
    best: tuple[int, int, int]
    good: tuple[int, int, int]
    bad: tuple[int, int, int]
    coach: tuple[int, int, int]

    @property
    def meanings(self) -> dict[str, tuple[int, int, int]]:
        """Every colour with a meaning besides the players', by name (the neutral ones
        too: a player colour must not be taken for them either)."""
        return {"best": self.best, "good": self.good, "bad": self.bad, "coach": self.coach,
                "held": HELD, "focus": FOCUS, "odds": ODDS, "info": INFO, "text": TEXT,
                "text dim": TEXT_DIM}


PALETTES = {
    # Found by search (tools/colour_vision.py measures them): eight seats that stay apart
    # under protanopia, deuteranopia and tritanopia, round the hues of the meanings.
    "standard": Palette(
        "standard", "Standard",
        players=((230, 136, 50), (110, 179, 234), (189, 243, 98), (248, 68, 177),
                 (76, 223, 208), (119, 137, 222), (233, 181, 166), (172, 222, 253)),
        best=(236, 178, 6), good=(97, 210, 134), bad=(234, 101, 86), coach=(193, 111, 255)),
    # Farther apart still under each colour vision deficiency (the seats by lightness as much
    # as by hue; gains blue-green against an orange loss), less like the usual colours.
    "colour_blind": Palette(
        "colour_blind", "Colour-blind safe",
        players=((63, 151, 253), (251, 249, 99), (239, 94, 122), (244, 204, 254),
                 (220, 243, 186), (241, 167, 184), (177, 127, 169), (148, 158, 2)),
        best=(238, 204, 109), good=(99, 221, 206), bad=(243, 141, 104), coach=(184, 166, 229)),
}
palette = PALETTES["standard"]
PLAYER_COLOURS: list[tuple[int, int, int]] = list(palette.players)
BEST = palette.best
GOOD = palette.good
BAD = palette.bad
COACH = palette.coach


def mix(colour, ground=PANEL, amount: float = 0.3) -> tuple[int, int, int]:
    """``amount`` of ``colour`` over ``ground``: the dark fill behind a bright mark."""
    return tuple(int(g + (c - g) * amount) for c, g in zip(colour[:3], ground[:3], strict=True))


BEST_FILL = mix(BEST)
COACH_FILL = mix(COACH, amount=0.25)
BAD_FILL = mix(BAD, amount=0.35)


def use_palette(name: str) -> None:
    """Draw with the palette ``name`` from now on (a key of PALETTES)."""
    global palette, BEST, GOOD, BAD, COACH, BEST_FILL, COACH_FILL, BAD_FILL, generation
    palette = PALETTES.get(name, PALETTES["standard"])
    PLAYER_COLOURS[:] = palette.players
    BEST, GOOD, BAD, COACH = palette.best, palette.good, palette.bad, palette.coach
    BEST_FILL, COACH_FILL, BAD_FILL = mix(BEST), mix(COACH, amount=0.25), mix(BAD, amount=0.35)
    generation += 1  # (pictures of the sheet and of text keep their colours: drawn anew)


def live(colour):
    """``colour`` as the palette in use draws it: a meaning's or a player's colour of any
    palette (kept in a history written before the palette changed) becomes this palette's
    colour for that meaning; any other colour is itself."""
    key = tuple(colour[:3]) if colour is not None else None
    for pal in PALETTES.values():
        if pal is palette:
            continue
        if key in pal.players:
            return palette.players[pal.players.index(key)]
        for name in ("best", "good", "bad", "coach"):
            if key == getattr(pal, name):
                return getattr(palette, name)
    return colour


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
        self.memo: dict[float, int] = {}  # ``px`` of the values asked at this scale
        self.touch = bool(touch)
        self.key = (self.size, self.scale, self.touch, self.large_text)  # layouts cache on this

    large_text = False  # "larger text": every size one step up the type scale (set_large_text)

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
    """Design pixels to device pixels at the current window's scale (as ``Metrics.px``;
    each value worked out once a scale: a frame asks a few dozen values thousands of
    times, a sheet drawn after a move about 800)."""
    memo = metrics.memo
    device = memo.get(dp)
    if device is None:
        if len(memo) > 4000:
            memo.clear()
        device = memo[dp] = metrics.px(dp)
    return device


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
    # (the names listed, not globbed: a glob compiles a regular expression a pattern)
    names = os.listdir(folder)
    files = [folder / n for ext in (".ttf", ".otf") for n in sorted(names) if n.endswith(ext)]
    want = "bold" if bold else "regular"
    for f in files:
        if want in f.stem.lower() and "italic" not in f.stem.lower():
            return f
    plain = [f for f in files if "italic" not in f.stem.lower()]
    return plain[0] if plain else None


_reduce_motion = False


def set_reduce_motion(on: bool) -> None:
    """"Reduce motion": dice land without tumbling, no sparks, confetti or shaking; what moves
    fades or appears instead (``app.settings.reduce_motion`` is the remembered setting)."""
    global _reduce_motion
    _reduce_motion = bool(on)


def reduce_motion() -> bool:
    return _reduce_motion


def text_size(size: float, larger: bool | None = None) -> float:
    """The size (dp) a text asked at ``size`` is drawn at: the type scale's largest size at
    or under it (never under the smallest), one step up with larger text on (``larger``:
    as if it were on or off)."""
    large = metrics.large_text if larger is None else larger
    key = (size, large)
    found = _text_sizes.get(key)
    if found is None:  # (asked a few hundred times a frame: worked out once a size)
        steps = TYPE_SCALE
        at = max((i for i, s in enumerate(steps) if s <= size + 1e-6), default=0)
        if large:
            at = min(at + 1, len(steps) - 1)
        if len(_text_sizes) > 4000:
            _text_sizes.clear()
        found = _text_sizes[key] = steps[at]
    return found


_text_sizes: dict[tuple[float, bool], int] = {}


def set_large_text(on: bool) -> None:
    """Larger text on or off: every text one step up the type scale; scenes lay out anew."""
    if bool(on) != metrics.large_text:
        metrics.large_text = bool(on)
        metrics.configure(metrics.size, metrics.dpr, metrics.touch)
        forget_fonts()


def font(size: float, bold: bool = False, larger: bool | None = None) -> pygame.font.Font:
    """The UI face for a text asked at ``size`` design pixels (drawn at the window's real
    resolution, at its size on the type scale; ``larger``: see ``text_size``)."""
    return device_font(px(text_size(size, larger)), bold)


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


def display_font(size: float, larger: bool | None = None) -> pygame.font.Font:
    """The rounded title face (Quicksand) at ``size`` dp (on the type scale), falling back to
    the bold UI font."""
    return _display_device(max(1, px(text_size(size, larger))))




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
            missing = _missing_ink.get(key)
            if missing is None or missing[0] is not face:  # (drawn once a face, not a glyph)
                missing = _missing_ink[key] = (face, ink(_MISSING))
            _glyphs[cache_key] = ink(ch) != missing[1]
    return _glyphs[cache_key]


_missing_ink: dict[str, tuple[pygame.font.Font, bytes]] = {}  # key -> (face, its empty box)


def can_draw(text: str) -> bool:
    """True when the UI faces (regular and bold) draw every character of ``text``."""
    return all(_has_glyph(device_font(24), "regular", ch)
               and _has_glyph(device_font(24, True), "bold", ch) for ch in text)


def display_covers(text: str) -> bool:
    """True when the rounded title face draws all of ``text`` (it has no Greek or Cyrillic;
    names in other scripts fall back to the bold UI face)."""
    if text.isascii() and text.isprintable():  # (it draws every printable ASCII character:
        return True  # tests/test_ui_layout.py checks each; checking drew a quarter second of
    return all(_has_glyph(_display_device(24), "display", ch) for ch in text)  # a phone's start)


def _display_device(size: int) -> pygame.font.Font:
    key = (size, "display")
    if key not in _fonts:
        try:
            _fonts[key] = pygame.font.Font(str(ASSETS / "fonts" / "Quicksand-Bold.ttf"), size)
        except (OSError, pygame.error, FileNotFoundError):
            _fonts[key] = device_font(size, True)
    return _fonts[key]
