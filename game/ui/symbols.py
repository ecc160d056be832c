"""Pictures drawn in code: the pirate die faces and the Fortune Card art share them.

Every symbol has its own silhouette (round skull with eye sockets, bird with a hooked beak,
round face with ears, long blade with a cross-guard, coin with a rim, faceted gem), so
they read at a glance without relying on colour. ``draw_symbol(surface, name, rect)``
fits a symbol into ``rect``."""

from __future__ import annotations

import math

import pygame

INK = (28, 30, 38)
BONE = (244, 238, 222)
PARROT = (46, 160, 80)
PARROT_WING = (24, 104, 56)
BEAK = (246, 166, 42)
MONKEY = (140, 88, 48)
MONKEY_FACE = (226, 184, 140)
STEEL = (186, 196, 210)
HILT = (150, 104, 36)
GOLD = (246, 196, 48)
GOLD_DARK = (176, 124, 16)
GEM = (96, 200, 238)
GEM_DARK = (30, 120, 176)
WOOD = (126, 80, 40)
WOOD_DARK = (82, 50, 24)
SEA = (40, 96, 160)
RED = (196, 52, 48)


def _pt(rect: pygame.Rect, x: float, y: float) -> tuple[int, int]:
    """A point in a unit box (0..1) mapped into ``rect``."""
    return (round(rect.x + x * rect.w), round(rect.y + y * rect.h))


def _r(rect: pygame.Rect, k: float) -> int:
    return max(1, round(k * min(rect.w, rect.h)))


def skull(s: pygame.Surface, r: pygame.Rect, colour=BONE, ink=INK) -> None:
    jaw = pygame.Rect(0, 0, _r(r, 0.38), _r(r, 0.26))
    jaw.midtop = _pt(r, 0.5, 0.6)
    edge = max(1, _r(r, 0.03))  # an ink outline: the skull reads on light parchment too
    pygame.draw.circle(s, ink, _pt(r, 0.5, 0.42), _r(r, 0.34) + edge)
    pygame.draw.rect(s, ink, jaw.inflate(2 * edge, 2 * edge), border_radius=_r(r, 0.08))
    pygame.draw.circle(s, colour, _pt(r, 0.5, 0.42), _r(r, 0.34))
    pygame.draw.rect(s, colour, jaw, border_radius=_r(r, 0.06))
    for x in (0.36, 0.64):
        pygame.draw.circle(s, ink, _pt(r, x, 0.44), _r(r, 0.095))
    pygame.draw.polygon(s, ink, [_pt(r, 0.5, 0.55), _pt(r, 0.45, 0.64), _pt(r, 0.55, 0.64)])
    for x in (0.42, 0.5, 0.58):
        pygame.draw.line(s, ink, _pt(r, x, 0.73), _pt(r, x, 0.84), max(1, _r(r, 0.025)))


def parrot(s: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.polygon(s, PARROT_WING, [_pt(r, 0.42, 0.62), _pt(r, 0.3, 0.92),
                                         _pt(r, 0.52, 0.9)])  # tail
    pygame.draw.ellipse(s, PARROT, pygame.Rect(_pt(r, 0.28, 0.36), (_r(r, 0.4), _r(r, 0.42))))
    pygame.draw.ellipse(s, PARROT_WING, pygame.Rect(_pt(r, 0.3, 0.48), (_r(r, 0.26),
                                                                       _r(r, 0.24))))
    pygame.draw.circle(s, PARROT, _pt(r, 0.58, 0.3), _r(r, 0.17))
    pygame.draw.polygon(s, BEAK, [_pt(r, 0.7, 0.24), _pt(r, 0.86, 0.34), _pt(r, 0.72, 0.42)])
    pygame.draw.circle(s, BONE, _pt(r, 0.6, 0.27), _r(r, 0.055))
    pygame.draw.circle(s, INK, _pt(r, 0.61, 0.27), _r(r, 0.03))


def monkey(s: pygame.Surface, r: pygame.Rect) -> None:
    for x in (0.2, 0.8):
        pygame.draw.circle(s, MONKEY, _pt(r, x, 0.44), _r(r, 0.13))
        pygame.draw.circle(s, MONKEY_FACE, _pt(r, x, 0.44), _r(r, 0.07))
    pygame.draw.circle(s, MONKEY, _pt(r, 0.5, 0.48), _r(r, 0.32))
    pygame.draw.ellipse(s, MONKEY_FACE, pygame.Rect(_pt(r, 0.3, 0.38), (_r(r, 0.4), _r(r, 0.24))))
    pygame.draw.ellipse(s, MONKEY_FACE, pygame.Rect(_pt(r, 0.33, 0.55), (_r(r, 0.34), _r(r, 0.2))))
    for x in (0.41, 0.59):
        pygame.draw.circle(s, INK, _pt(r, x, 0.47), _r(r, 0.045))
    pygame.draw.arc(s, INK, pygame.Rect(_pt(r, 0.42, 0.56), (_r(r, 0.16), _r(r, 0.12))),
                    math.pi, 2 * math.pi, max(1, _r(r, 0.025)))


def sword(s: pygame.Surface, r: pygame.Rect) -> None:
    w = max(2, _r(r, 0.09))
    pygame.draw.polygon(s, STEEL, [_pt(r, 0.8, 0.12), _pt(r, 0.86, 0.14), _pt(r, 0.42, 0.6),
                                   _pt(r, 0.36, 0.54)])
    pygame.draw.line(s, INK, _pt(r, 0.81, 0.14), _pt(r, 0.4, 0.56), 1)
    pygame.draw.line(s, HILT, _pt(r, 0.26, 0.5), _pt(r, 0.5, 0.74), w)  # cross-guard
    pygame.draw.line(s, WOOD_DARK, _pt(r, 0.38, 0.62), _pt(r, 0.2, 0.8), w)  # grip
    pygame.draw.circle(s, HILT, _pt(r, 0.18, 0.82), _r(r, 0.07))


def coin(s: pygame.Surface, r: pygame.Rect) -> None:
    centre = _pt(r, 0.5, 0.5)
    pygame.draw.circle(s, GOLD_DARK, centre, _r(r, 0.36))
    pygame.draw.circle(s, GOLD, centre, _r(r, 0.31))
    pygame.draw.circle(s, GOLD_DARK, centre, _r(r, 0.22), max(1, _r(r, 0.035)))
    star = [_pt(r, 0.5 + 0.14 * math.cos(a) * (1 if i % 2 == 0 else 0.45),
                0.5 + 0.14 * math.sin(a) * (1 if i % 2 == 0 else 0.45))
            for i, a in enumerate(-math.pi / 2 + k * math.pi / 5 for k in range(10))]
    pygame.draw.polygon(s, GOLD_DARK, star)


def diamond(s: pygame.Surface, r: pygame.Rect) -> None:
    outline = [_pt(r, 0.26, 0.36), _pt(r, 0.38, 0.22), _pt(r, 0.62, 0.22), _pt(r, 0.74, 0.36),
               _pt(r, 0.5, 0.82)]
    pygame.draw.polygon(s, GEM, outline)
    lw = max(1, _r(r, 0.025))
    pygame.draw.line(s, GEM_DARK, _pt(r, 0.26, 0.36), _pt(r, 0.74, 0.36), lw)
    for top, bottom in ((0.38, 0.42), (0.62, 0.58)):
        pygame.draw.line(s, GEM_DARK, _pt(r, top, 0.22), _pt(r, 0.5 if top < 0.5 else 0.5, 0.36),
                         lw)
        pygame.draw.line(s, GEM_DARK, _pt(r, bottom, 0.36), _pt(r, 0.5, 0.82), lw)
    pygame.draw.polygon(s, GEM_DARK, outline, lw)


def chest(s: pygame.Surface, r: pygame.Rect) -> None:
    body = pygame.Rect(_pt(r, 0.14, 0.46), (_r(r, 0.72), _r(r, 0.36)))
    lid = pygame.Rect(_pt(r, 0.14, 0.26), (_r(r, 0.72), _r(r, 0.26)))
    pygame.draw.ellipse(s, WOOD, lid)
    pygame.draw.rect(s, WOOD, body, border_radius=_r(r, 0.03))
    for x in (0.24, 0.76):
        pygame.draw.line(s, GOLD_DARK, _pt(r, x, 0.3), _pt(r, x, 0.82), max(2, _r(r, 0.05)))
    pygame.draw.line(s, WOOD_DARK, _pt(r, 0.14, 0.48), _pt(r, 0.86, 0.48), max(1, _r(r, 0.03)))
    lock = pygame.Rect(0, 0, _r(r, 0.12), _r(r, 0.14))
    lock.center = _pt(r, 0.5, 0.52)
    pygame.draw.rect(s, GOLD, lock, border_radius=_r(r, 0.02))


def hat(s: pygame.Surface, r: pygame.Rect) -> None:
    """The captain's tricorn with a skull badge."""
    pygame.draw.polygon(s, INK, [_pt(r, 0.06, 0.56), _pt(r, 0.3, 0.24), _pt(r, 0.5, 0.3),
                                 _pt(r, 0.7, 0.24), _pt(r, 0.94, 0.56), _pt(r, 0.5, 0.72)])
    pygame.draw.lines(s, GOLD, True, [_pt(r, 0.06, 0.56), _pt(r, 0.5, 0.72), _pt(r, 0.94, 0.56)],
                      max(1, _r(r, 0.03)))
    skull(s, pygame.Rect(_pt(r, 0.38, 0.3), (_r(r, 0.24), _r(r, 0.24))))


def witch(s: pygame.Surface, r: pygame.Rect) -> None:
    """The sorceress: a pointed hat over a glowing crystal ball."""
    pygame.draw.circle(s, (150, 110, 220), _pt(r, 0.5, 0.66), _r(r, 0.2))
    pygame.draw.circle(s, (220, 200, 255), _pt(r, 0.44, 0.6), _r(r, 0.06))
    base = pygame.Rect(0, 0, _r(r, 0.36), _r(r, 0.08))
    base.midtop = _pt(r, 0.5, 0.84)
    pygame.draw.rect(s, WOOD_DARK, base, border_radius=_r(r, 0.03))
    pygame.draw.polygon(s, (70, 40, 110), [_pt(r, 0.24, 0.4), _pt(r, 0.56, 0.04),
                                           _pt(r, 0.76, 0.4)])
    pygame.draw.ellipse(s, (70, 40, 110), pygame.Rect(_pt(r, 0.14, 0.36), (_r(r, 0.72),
                                                                           _r(r, 0.1))))


def ship(s: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.polygon(s, WOOD, [_pt(r, 0.1, 0.62), _pt(r, 0.9, 0.62), _pt(r, 0.76, 0.8),
                                  _pt(r, 0.24, 0.8)])
    pygame.draw.line(s, WOOD_DARK, _pt(r, 0.5, 0.62), _pt(r, 0.5, 0.12), max(2, _r(r, 0.04)))
    pygame.draw.polygon(s, BONE, [_pt(r, 0.52, 0.16), _pt(r, 0.82, 0.52), _pt(r, 0.52, 0.52)])
    pygame.draw.polygon(s, BONE, [_pt(r, 0.48, 0.22), _pt(r, 0.24, 0.52), _pt(r, 0.48, 0.52)])
    pygame.draw.polygon(s, INK, [_pt(r, 0.5, 0.12), _pt(r, 0.66, 0.16), _pt(r, 0.5, 0.2)])
    for i in range(4):
        x = 0.05 + i * 0.25
        pygame.draw.arc(s, SEA, pygame.Rect(_pt(r, x, 0.8), (_r(r, 0.22), _r(r, 0.12))),
                        0, math.pi, max(1, _r(r, 0.03)))


def storm(s: pygame.Surface, r: pygame.Rect) -> None:
    for x, y, k in ((0.34, 0.32, 0.16), (0.54, 0.26, 0.2), (0.7, 0.34, 0.14), (0.46, 0.38, 0.14)):
        pygame.draw.circle(s, (96, 104, 120), _pt(r, x, y), _r(r, k))
    pygame.draw.polygon(s, GOLD, [_pt(r, 0.52, 0.44), _pt(r, 0.4, 0.66), _pt(r, 0.5, 0.66),
                                  _pt(r, 0.42, 0.88), _pt(r, 0.64, 0.58), _pt(r, 0.54, 0.58),
                                  _pt(r, 0.62, 0.44)])
    for i in range(3):
        x = 0.08 + i * 0.3
        pygame.draw.arc(s, SEA, pygame.Rect(_pt(r, x, 0.84), (_r(r, 0.28), _r(r, 0.12))),
                        0, math.pi, max(1, _r(r, 0.03)))


def flag(s: pygame.Surface, r: pygame.Rect) -> None:
    """Truce: a white flag over a crossed-out sword."""
    sword(s, pygame.Rect(_pt(r, 0.3, 0.35), (_r(r, 0.55), _r(r, 0.55))))
    pygame.draw.line(s, RED, _pt(r, 0.3, 0.4), _pt(r, 0.86, 0.9), max(2, _r(r, 0.05)))
    pygame.draw.line(s, WOOD_DARK, _pt(r, 0.2, 0.08), _pt(r, 0.2, 0.9), max(2, _r(r, 0.04)))
    pygame.draw.polygon(s, (252, 252, 248), [_pt(r, 0.22, 0.1), _pt(r, 0.62, 0.14),
                                             _pt(r, 0.56, 0.26), _pt(r, 0.64, 0.4),
                                             _pt(r, 0.22, 0.38)])
    pygame.draw.polygon(s, INK, [_pt(r, 0.22, 0.1), _pt(r, 0.62, 0.14), _pt(r, 0.56, 0.26),
                                 _pt(r, 0.64, 0.4), _pt(r, 0.22, 0.38)], 1)


SYMBOLS = {"skull": skull, "parrot": parrot, "monkey": monkey, "sword": sword, "gold": coin,
           "diamond": diamond, "chest": chest, "hat": hat, "witch": witch, "ship": ship,
           "storm": storm, "flag": flag}


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    SYMBOLS[name](surface, rect)
