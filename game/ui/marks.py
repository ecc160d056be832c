"""The design system's shapes: the second cue beside every colour that means something.

A colour is never the only sign of a meaning (theme.py lists the meanings): each has a
shape of its own, drawn here, so a player who cannot tell two colours apart (or sees the
screen in greyscale) loses nothing:

- a seat marker per player (circle, square, triangle, diamond, star...), where colour alone
  would say whose it is;
- held dice: a plate under the die, which is lifted off the felt (dice.draw_die);
- the coach: a dashed ring with a "Coach" tag;
- the best box now and the leader: a star and a crown, beside bold figures;
- good and bad: a plus and a minus in a disc;
- keyboard focus: a double ring (light outside, dark inside), unlike every other ring.
"""

from __future__ import annotations

import math

import pygame

from . import theme
from .text import draw_text_in

SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross", "ring", "down")


def seat_shape(seat: int) -> str:
    """The marker shape of seat ``seat`` (a side's in a game of partners)."""
    return SHAPES[seat % len(SHAPES)]


def _polygon(centre, radius: float, corners: int, turn: float = -90.0,
             inner: float | None = None) -> list[tuple[float, float]]:
    """A regular polygon's (or a star's, with ``inner``) points round ``centre``."""
    cx, cy = centre
    points = []
    steps = corners * (2 if inner else 1)
    for k in range(steps):
        r = radius if not inner or k % 2 == 0 else radius * inner
        a = math.radians(turn + 360 * k / steps)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def shape(surface: pygame.Surface, name: str, centre, radius: float, colour,
          outline: tuple | None = None) -> pygame.Rect:
    """One of SHAPES, ``radius`` device pixels from its centre to its tips (each shape looks
    about as big as a circle of that radius), with a thin dark ``outline`` when given."""
    cx, cy = centre
    r = max(2.0, float(radius))
    if name in ("circle", "ring"):
        points = None
    elif name == "square":
        s = r * 0.86
        points = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    elif name == "triangle":
        points = _polygon((cx, cy + r * 0.12), r * 1.12, 3)
    elif name == "diamond":
        points = _polygon(centre, r * 1.12, 4)
    elif name == "down":  # a triangle pointing down
        points = _polygon((cx, cy - r * 0.12), r * 1.12, 3, turn=90)
    elif name == "star":
        points = _polygon(centre, r * 1.18, 5, inner=0.48)
    elif name == "cross":
        t = r * 0.4
        points = [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t),
                  (cx + r, cy + t), (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r),
                  (cx - t, cy + t), (cx - r, cy + t), (cx - r, cy - t), (cx - t, cy - t)]
    else:
        raise ValueError(f"no shape {name!r}")
    if points is None and name == "ring":  # a circle with a hole
        rect = pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(r),
                                  max(2, round(r * 0.45)))
        if outline:
            pygame.draw.circle(surface, outline, (round(cx), round(cy)), round(r),
                               max(1, round(r / 6)))
        return rect
    if points is None:
        rect = pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(r))
        if outline:
            pygame.draw.circle(surface, outline, (round(cx), round(cy)), round(r),
                               max(1, round(r / 6)))
        return rect
    rect = pygame.draw.polygon(surface, colour, points)
    if outline:
        pygame.draw.polygon(surface, outline, points, max(1, round(r / 6)))
    return rect


def seat(surface: pygame.Surface, seat_index: int, centre, radius: float,
         colour: tuple | None = None) -> pygame.Rect:
    """Seat ``seat_index``'s marker: its shape in its colour (``colour``: a side's)."""
    return shape(surface, seat_shape(seat_index), centre, radius,
                 colour or theme.player_colour(seat_index), outline=theme.BG_DARK)


def star(surface: pygame.Surface, centre, radius: float, colour=None) -> pygame.Rect:
    """The best box now: a five-pointed star."""
    return pygame.draw.polygon(surface, colour or theme.BEST,
                               _polygon(centre, radius, 5, inner=0.45))


def tick(surface: pygame.Surface, centre, radius: float, colour) -> pygame.Rect:
    """A tick: what a die's word ("CHOSEN") says where the die is too small for the word."""
    cx, cy = centre
    r = max(4.0, radius)
    points = [(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.7)]
    return pygame.draw.lines(surface, colour, False, points, max(2, round(r * 0.4)))


def crown(surface: pygame.Surface, centre, radius: float, colour=None) -> pygame.Rect:
    """The leader: a crown (three points over a band)."""
    cx, cy = centre
    w, h = radius * 1.1, radius * 0.9
    points = [(cx - w, cy + h * 0.7), (cx - w, cy - h * 0.55), (cx - w * 0.5, cy),
              (cx, cy - h), (cx + w * 0.5, cy), (cx + w, cy - h * 0.55), (cx + w, cy + h * 0.7)]
    return pygame.draw.polygon(surface, colour or theme.BEST, points)


def sign(surface: pygame.Surface, centre, radius: float, good: bool,
         colour=None) -> pygame.Rect:
    """Gain or loss: a disc with a plus (good) or a minus (bad) cut out of it."""
    colour = colour or (theme.GOOD if good else theme.BAD)
    cx, cy = round(centre[0]), round(centre[1])
    r = max(4, round(radius))
    rect = pygame.draw.circle(surface, colour, (cx, cy), r)
    t = max(2, round(r * 0.34))  # the bar's thickness
    arm = max(2, round(r * 0.62))  # half its length
    bar = pygame.Rect(0, 0, 2 * arm, t)
    bar.center = (cx, cy)
    pygame.draw.rect(surface, theme.BG_DARK, bar)
    if good:
        bar = pygame.Rect(0, 0, t, 2 * arm)
        bar.center = (cx, cy)
        pygame.draw.rect(surface, theme.BG_DARK, bar)
    return rect


def icon(surface: pygame.Surface, name: str, centre, radius: float) -> pygame.Rect:
    """A mark by name, as a sheet's cell asks for it: "best", "leader", "good", "bad",
    "coach" or a seat ("seat:3")."""
    if name == "best":
        return star(surface, centre, radius)
    if name == "leader":
        return crown(surface, centre, radius)
    if name in ("good", "bad"):
        return sign(surface, centre, radius * 0.9, name == "good")
    if name == "coach":
        return shape(surface, "circle", centre, radius * 0.5, theme.COACH)
    if name.startswith("seat:"):
        index = int(name[5:])
        return seat(surface, index, centre, radius * 0.8)
    raise ValueError(f"no mark {name!r}")


def dashed_rect(surface: pygame.Surface, colour, rect: pygame.Rect, width: int,
                dash: int, radius: int = 0) -> None:
    """A dashed frame along ``rect`` (its corners cut square; ``radius`` leaves them out)."""
    gap = dash
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    inset = min(radius, rect.w // 2, rect.h // 2) // 2
    for (ax, ay, bx, by) in ((x0 + inset, y0, x1 - inset, y0), (x1, y0 + inset, x1, y1 - inset),
                             (x1 - inset, y1, x0 + inset, y1), (x0, y1 - inset, x0, y0 + inset)):
        length = math.hypot(bx - ax, by - ay)
        if length <= 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        at = 0.0
        while at < length:
            end = min(length, at + dash)
            pygame.draw.line(surface, colour, (ax + ux * at, ay + uy * at),
                             (ax + ux * end, ay + uy * end), width)
            at = end + gap


def coach_ring(surface: pygame.Surface, rect: pygame.Rect, tag: bool = True) -> pygame.Rect:
    """The coach's advice round ``rect``: a dashed ring in the coach's colour and, with
    ``tag``, the word "Coach" on its top edge. Returns the ring's rectangle."""
    width = max(2, theme.px(3))
    dashed_rect(surface, theme.COACH, rect, width, max(4, theme.px(7)), theme.px(10))
    if tag:
        label = pygame.Rect(0, 0, theme.px(46), theme.px(17))
        label.midleft = (rect.x + theme.px(8), rect.top)
        pygame.draw.rect(surface, theme.COACH, label, border_radius=label.h // 2)
        draw_text_in(surface, "Coach", label, 12, theme.BG_DARK, True, min_size=12)
    return rect


def focus_ring_area(rect: pygame.Rect) -> pygame.Rect:
    """Where ``focus_ring`` round ``rect`` paints: it reaches past ``rect``."""
    w = max(2, theme.px(2))
    return rect.inflate(4 * w, 4 * w)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: float = 12) -> pygame.Rect:
    """Keyboard focus round ``rect``: a double ring, light outside and dark inside, that no
    other mark has and that shows on every ground (felt, panel, button). Returns its
    outer rectangle (``focus_ring_area``)."""
    w = max(2, theme.px(2))
    outer = focus_ring_area(rect)
    pygame.draw.rect(surface, theme.BG_DARK, rect.inflate(2 * w, 2 * w), width=w,
                     border_radius=theme.px(radius))
    pygame.draw.rect(surface, theme.FOCUS, outer, width=w, border_radius=theme.px(radius + 2))
    return outer
