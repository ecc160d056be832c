"""Drawing dice: ivory faces with pips or pictures, held/selected/set-aside looks, the
throw (dice coming in from the thrower's edge of the felt, hopping and settling), and the
number keys that pick a die.

Face sets: a die value is an int 1..6 (pips) or a face name of another set in
``FACE_SETS`` (Pirate Fortune: skull parrot monkey sword gold diamond, drawn by
game.ui.symbols). Drawing, the throw and the keys work the same for every set."""

from __future__ import annotations

import math
import random

import pygame

from . import marks, probe, theme
from .symbols import draw_symbol
from .text import draw_text_in, fits_whole
from .text import warm as text_warm
from .widgets import draw_text

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}

FACE_SETS: dict[str, tuple] = {
    "pips": (1, 2, 3, 4, 5, 6),
    "pirate": ("skull", "parrot", "monkey", "sword", "gold", "diamond"),
}
SKULL_FACE = (44, 44, 52)  # a skull die is dark: it stands out without its colour too
DEAD = (150, 150, 146)  # the face of a die whose roll failed (a farkle): greyed
ASIDE = (214, 208, 196)  # a die out of play this turn (set aside)
LABEL, LABEL_LEAST = 13, 12  # dp: the word under a die (``draw_die``, ``warm_label``)

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
    """A die's face ``size`` device pixels wide (cached per size; at least 1)."""
    size = max(1, int(size))
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
            colour = RED_PIP if value == 1 and size > 40 else pip
            pygame.draw.circle(surf, colour, centre, r + (max(1, size // 40) if value == 1 else 0))
        _cache[key] = surf
    return _cache[key]


# Colours a die never shows: the first free one marks a die sprite's transparent pixels.
KEYS = ((255, 0, 255), (0, 255, 255), (255, 255, 0), (1, 2, 3))
_sprites: dict[tuple, list] = {}  # (``_made``)


RED_PIP = (200, 40, 40)  # a large die's one
_ENCODE = pygame.Surface((1, 1))  # (a blit onto it encodes a sprite, ``die_sprite``)


def _sprite_key(value, size: int, face, window: pygame.Surface | None) -> tuple:
    """What a die's sprite is kept by (``_sprites``): its face, size, colour and the
    window's pixel format it is in."""
    fmt = (window.get_bitsize(), window.get_masks()) if window is not None else None
    return (value, size, face, fmt)


def die_sprite(value: int | str, size: int, face=theme.DIE,
               turning: bool = False) -> pygame.Surface:
    """``die_face`` as the table blits it: opaque, its corners marked by a colour key, in the
    window's pixel format. A face's pixels are all or nothing (no half transparent edge), so
    it looks the same, but the browser's pygame blits a keyed picture six to eight times
    faster than one with an alpha channel (a phone at ratio 3 spent half of each frame of a
    throw blitting five dice). ``turning``: the copy to turn (the one to blit as it is is
    run-length encoded, which a turn would have to undo), a byte a pixel where the face's
    few colours allow (``_paletted``)."""
    window = pygame.display.get_surface()
    pair = _made(value, size, face, window)
    if turning and pair[2] is not None:
        _to_turn(pair)
    return pair[1] if turning else pair[0]


def _made(value, size: int, face, window: pygame.Surface | None) -> list:
    """The sprites of a face (``die_sprite``), made when not yet: [the one to blit, the one
    to turn, None] or, before the one to turn is made from the keyed picture (``_to_turn``),
    [the one to blit, the keyed picture, the colours of its palette]."""
    key = _sprite_key(value, size, face, window)
    pair = _sprites.get(key)
    if pair is None:
        if len(_sprites) > 200:
            _sprites.clear()
        picture = die_face(value, size, face=face)
        keyed = _keyed(picture, window)
        if keyed is None:
            pair = [picture, picture, None]
        else:
            still = keyed.copy()
            still.set_colorkey(keyed.get_colorkey(), pygame.RLEACCEL)
            _ENCODE.blit(still, (0, 0))  # (run-length encoded now, not at its first blit on
            # the table: in the page 1-2 ms a face at a phone's CPU, the dice landing)
            pair = [still, keyed, (keyed.get_colorkey(), theme.DIE_EDGE, face, theme.PIP,
                                   RED_PIP)]
        _sprites[key] = pair
    return pair


def _to_turn(pair: list) -> None:
    """The sprite to turn of ``pair`` (``_made``) made from its keyed picture."""
    pair[1] = _paletted(pair[1], pair[2]) or pair[1]
    pair[2] = None


def _paletted(keyed: pygame.Surface, colours) -> pygame.Surface | None:
    """``keyed`` as a surface of a byte a pixel whose palette is ``colours`` (its key first),
    when those are all its colours (the pixels are the same), else None. A die turned every
    frame of a throw is turned and blitted about four times faster so in the page at a
    phone's CPU (0.2 ms against 0.8 a die, the median): a quarter of the bytes to move, and
    a keyed blit from a palette is a lookup."""
    colours = list(dict.fromkeys(tuple(c)[:3] for c in colours))
    w, h = keyed.get_size()
    small = pygame.Surface((w, h), 0, 8)
    small.set_palette(colours + [colours[0]] * (256 - len(colours)))
    # (each pixel is one of them, exactly: the count of those found is all of them; the
    # picture compared as bytes was half of the time, 2-4 ms in the page)
    found_all = pygame.mask.from_threshold(keyed, colours[0], (1, 1, 1, 255)).count()
    for colour in colours[1:]:  # (index 0, the key, where none of them is)
        found = pygame.mask.from_threshold(keyed, colour, (1, 1, 1, 255))
        count = found.count()
        if count:
            found.to_surface(small, setcolor=colour, unsetcolor=None)
            found_all += count
    if found_all != w * h:
        return None  # (a colour not in ``colours``: drawn with more, a symbol's)
    small.set_colorkey(0)
    return small


def warm_sprite(values, size: int, face=theme.DIE, turning: bool = True) -> bool:
    """Make the next piece of the sprites of ``values`` at ``size`` not made yet: a face's
    sprite to blit, or (``turning``: dice thrown at that size turn) its sprite to turn
    (``die_sprite``; in the page 3-10 ms each at a phone's CPU: a throw showing six faces
    for the first time spent 34 ms on them in one frame). False when all are made."""
    window = pygame.display.get_surface()
    for value in values:
        pair = _sprites.get(_sprite_key(value, size, face, window))
        if pair is None:
            _made(value, size, face, window)
            return True
        if turning and pair[2] is not None:
            _to_turn(pair)
            return True
    return False


def _keyed(picture: pygame.Surface, window: pygame.Surface | None) -> pygame.Surface | None:
    """``picture`` opaque with a colour key for its transparent pixels; None when some pixel
    is half transparent or every key colour is in it."""
    w, h = picture.get_size()
    opaque = pygame.mask.from_surface(picture, 254).count()  # (alpha 255)
    clear = w * h - pygame.mask.from_surface(picture, 0).count()  # (alpha 0)
    if opaque + clear != w * h:
        return None
    for colour in KEYS:
        keyed = pygame.Surface((w, h), 0, window) if window is not None else \
            pygame.Surface((w, h))
        keyed.fill(colour)
        keyed.blit(picture, (0, 0))
        if pygame.mask.from_threshold(keyed, colour, (1, 1, 1, 255)).count() == clear:
            keyed.set_colorkey(colour)
            return keyed
    return None


THROW_SECONDS = 0.7  # from the throw until every die rests (the bot pace may shorten it)
FLICKER = 0.07  # seconds a tumbling die shows one face
EDGES = ("bottom", "top", "left", "right")


class DiceAnimator:
    """Throws the dice just rolled: each comes in from the thrower's edge of the felt,
    hops and spins towards its place, and all of them come to rest there together, at the
    end of ``duration`` (the landing: only then may anything show what they rolled).

    Purely visual: it uses its own random generator, never the game's, and nothing it does
    depends on the faces the dice will show (it is given the faces a die *can* show).

    With "reduce motion" on (``still``) the dice do not travel, spin or hop: each waits at
    its place, face unknown, for a short moment, then shows what it rolled."""

    STILL = 0.3  # seconds a still throw lasts (reduce motion)

    DURATION = THROW_SECONDS

    def __init__(self, seed: int = 7):
        self.rng = random.Random(seed)
        self.rolling: set[int] = set()
        self.time = 0.0
        self.duration = 0.0
        self.edge = "bottom"
        self.face_set: tuple = FACE_SETS["pips"]
        self.faces: dict[int, int] = {}
        self.paths: dict[int, tuple[float, float, float, int, float]] = {}
        self.still = False  # reduce motion: the dice wait face down where they rest

    def start(self, positions, faces: tuple | None = None, edge: str = "bottom",
              duration: float | None = None, still: bool | None = None) -> None:
        """Throw the dice at ``positions`` (their faces from ``faces``) from ``edge`` of the
        felt; they rest after ``duration`` seconds. ``still``: without motion (by default
        as the "reduce motion" setting says)."""
        self.rolling = set(positions)
        self.face_set = tuple(faces) if faces else FACE_SETS["pips"]
        self.edge = edge if edge in EDGES else "bottom"
        self.duration = self.DURATION if duration is None else max(0.05, duration)
        self.still = theme.reduce_motion() if still is None else bool(still)
        if self.still:
            self.duration = min(self.duration, self.STILL)
        self.time = 0.0
        rng = self.rng
        # per die: when it leaves the hand (a fraction of the throw), where along the edge,
        # how far it spins (degrees), how many hops, how high (a fraction of its side)
        self.paths = {i: (rng.uniform(0.0, 0.18), rng.uniform(-0.3, 0.3),
                          rng.choice((-1, 1)) * rng.uniform(300, 620), rng.choice((2, 3)),
                          rng.uniform(0.45, 0.8))
                      for i in sorted(self.rolling)}
        self._shuffle()

    @property
    def busy(self) -> bool:
        return bool(self.rolling) and self.time < self.duration

    @property
    def time_left(self) -> float:
        return max(0.0, self.duration - self.time) if self.rolling else 0.0

    def finish(self) -> None:
        """Every die at rest at once (skipping ahead)."""
        self.time = self.duration
        self.rolling = set()

    def _shuffle(self) -> None:
        n = len(self.face_set)
        self.faces = {i: self.rng.randrange(n) for i in sorted(self.rolling)}

    def update(self, dt: float) -> None:
        if not self.busy:
            self.rolling = set()
            return
        before = int(self.time / FLICKER)
        self.time = min(self.duration, self.time + dt)
        if int(self.time / FLICKER) != before and not self.still:
            self._shuffle()
        if self.time >= self.duration:
            self.rolling = set()

    def progress(self, index: int) -> float:
        """How far die ``index`` is on its way: 0 still in the hand, 1 at rest."""
        if index not in self.rolling or not self.busy:
            return 1.0
        leave = self.paths[index][0] * self.duration
        return max(0.0, min(1.0, (self.time - leave) / max(1e-6, self.duration - leave)))

    def shown(self, index: int, value):
        """What die ``index`` shows now: while it is thrown a random face of the set it
        was thrown with, whatever it will show (``value``, None while unknown)."""
        if index not in self.rolling or not self.busy:
            return value
        if self.still:
            return None  # (not known yet: no face flickers by)
        return self.face_set[self.faces.get(index, 0) % len(self.face_set)]

    def place(self, index: int, rect: pygame.Rect, area: pygame.Rect
              ) -> tuple[pygame.Rect, float, int]:
        """Where die ``index``, which rests at ``rect``, is on the felt ``area`` now: its
        spot on the felt (kept inside ``area``), its rotation in degrees and how high it is
        off the felt (device pixels)."""
        if index not in self.rolling or not self.busy or self.still:
            return rect, 0.0, 0
        _, along, spin, hops, height = self.paths[index]
        p = self.progress(index)
        half = rect.w // 2
        room = area.inflate(-2 * half, -2 * half) if area.w > rect.w and area.h > rect.h \
            else pygame.Rect(area.center, (0, 0))
        if self.edge in ("bottom", "top"):
            sx = room.centerx + along * room.w
            sy = room.bottom if self.edge == "bottom" else room.top
        else:
            sy = room.centery + along * room.h
            sx = room.left if self.edge == "left" else room.right
        ease = 1 - (1 - p) ** 3  # fast out of the hand, slowing down to rest
        x = sx + (rect.centerx - sx) * ease
        y = sy + (rect.centery - sy) * ease
        spot = rect.copy()
        spot.center = (round(x), round(y))
        spot.clamp_ip(area)
        rise = int(abs(math.sin(math.pi * hops * p)) * (1 - p) ** 1.5 * height * rect.h)
        rise = max(0, min(rise, spot.top - area.top))  # never off the felt
        return spot, spin * (1 - ease), rise


def lift(mode: str, rect: pygame.Rect) -> int:
    """How far (device pixels, upwards is negative) a die is drawn lifted: held and chosen
    dice rise off the felt."""
    return -max(2, rect.h // 6) if mode in ("held", "chosen") else 0


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int | None, *,
             mode: str = "free", rotation: float = 0.0, label: str = "", focused: bool = False,
             hover: bool = False, rise: int = 0, label_above: bool = False) -> pygame.Rect:
    """mode: free (rollable), held (kept: lifted, on a plate), chosen (to set aside: the same),
    aside (already out of play), dead (a roll that failed: greyed), blank (not rolled yet).
    ``rect`` in device pixels: its
    spot on the felt, where its shadow falls; ``rise``: how high it is off the felt (a die
    in the air). Returns where the die itself was drawn (lifted, in the air)."""
    r = rect.move(0, lift(mode, rect) - rise)
    edge = max(2, rect.w // 14)
    shadow = pygame.Rect(0, 0, rect.w - edge * 2, max(4, rect.h // 6))
    shadow.midtop = (rect.centerx, rect.bottom - edge)
    pygame.draw.ellipse(surface, theme.FELT_DARK, shadow)
    if mode in ("held", "chosen"):  # kept: lifted, on a plate (a cue in any colour vision)
        plate = r.inflate(edge * 3, edge * 3)
        pygame.draw.rect(surface, theme.HELD, plate, border_radius=rect.w // 5)
        pygame.draw.rect(surface, theme.BG_DARK, plate, width=max(1, edge // 2),
                         border_radius=rect.w // 5)
    if value is None:
        pygame.draw.rect(surface, theme.FELT_DARK, r, width=max(2, edge), border_radius=rect.w // 6)
        draw_text(surface, "?", r.center, max(theme.FONT_FLOOR, theme.dp(rect.w) / 2),
                  theme.FELT, True, "center")
    else:
        colour = ASIDE if mode == "aside" else DEAD if mode == "dead" else theme.DIE
        face = die_sprite(value, rect.w, face=colour, turning=bool(rotation))
        if rotation:
            face = pygame.transform.rotate(face, rotation)
        surface.blit(face, face.get_rect(center=r.center))
    if hover and mode not in ("aside", "blank", "dead"):
        pygame.draw.rect(surface, theme.TEXT, r.inflate(edge * 2, edge * 2), width=max(1, edge // 2),
                         border_radius=rect.w // 5)
    if focused:
        marks.focus_ring(surface, r.inflate(edge * 4, edge * 4), theme.dp(rect.w // 4))
    probe.shown("die", value, r)
    if label:  # under the die, as wide as the die and a little more; a long name ends in "…"
        colour = _label_colour(mode)
        box = _label_box(rect.w)
        if label_above:  # (an upper line of dice: under it are the lower dice)
            box.midbottom = (r.centerx, min(r.top, rect.top) - theme.px(3))
        else:
            box.midtop = (rect.centerx, rect.bottom + theme.px(3))
        if mode in ("held", "chosen") and not fits_whole(label, box, LABEL, LABEL_LEAST, True):
            # (a die too small for its word: "CHOS…" under a 33 dp die) a tick says it
            probe.shown("die label", label, box)
            marks.tick(surface, box.center, theme.px(6), colour)
        else:
            draw_text_in(surface, label, box, LABEL, colour, True, min_size=LABEL_LEAST)
    return r


def _label_colour(mode: str) -> tuple:
    """The colour of the word under a die (``draw_die``'s ``label``)."""
    return theme.HELD if mode in ("held", "chosen") else theme.TEXT_DIM


def _label_box(side: int) -> pygame.Rect:
    """The box of the word under a die of ``side`` (``draw_die``), at the origin."""
    return pygame.Rect(0, 0, side + side // 3, theme.px(18))


def warm_label(label: str, side: int, mode: str = "held") -> bool:
    """Lay out the word under a die of ``side`` in ``mode`` (a held die's "HELD") and make
    its picture as ``draw_die`` draws it, drawing nothing (``text.warm``): True when it was
    not made yet."""
    box, colour, made = _label_box(side), _label_colour(mode), False
    if mode in ("held", "chosen"):  # (whether it fits whole, wrapped: else a tick says it)
        made = text_warm(label, box, LABEL, colour, True, min_size=LABEL_LEAST, wrap=True)
        if not fits_whole(label, box, LABEL, LABEL_LEAST, True):
            return made
    return text_warm(label, box, LABEL, colour, True, min_size=LABEL_LEAST) or made
