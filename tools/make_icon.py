#!/usr/bin/env python3
"""Draw Dice Harbor's app icon (assets/icon.png, 128x128) with pygame, headless.

An ivory die showing five pips, slightly tilted, with a soft shadow, on a rounded
deep-teal-to-navy square.  Drawn at 4x size and smooth-scaled down for clean edges.

Usage (from the repository root)::

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_icon.py [--size 128] [--out PATH] [--maskable]

The web page's icons come from it too: ``--size 64 --out web/favicon.png``, ``--size 192 --out
web/icon-192.png``, ``--size 512 --out web/icon-512.png`` and ``--size 512 --maskable --out
web/maskable-512.png``.
"""

from __future__ import annotations

import argparse
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "assets", "icon.png")

TEAL = (22, 112, 122)
NAVY = (14, 36, 68)
IVORY = (250, 244, 226)
IVORY_SHADE = (226, 214, 186)
PIP = (24, 44, 70)
SS = 4  # supersampling factor


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, size, size), border_radius=radius)
    return mask


def background(size: int, radius: float = 0.22) -> pygame.Surface:
    """Rounded square with a diagonal teal-to-navy gradient and a faint top sheen."""
    grad = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        # diagonal gradient approximated per row with a horizontal blend
        t_row = y / (size - 1)
        left = lerp(TEAL, NAVY, 0.15 + 0.6 * t_row)
        right = lerp(TEAL, NAVY, 0.45 + 0.55 * t_row)
        row = pygame.Surface((size, 1), pygame.SRCALPHA)
        for x in range(0, size, SS):
            c = lerp(left, right, x / (size - 1))
            row.fill((*c, 255), (x, 0, SS, 1))
        grad.blit(row, (0, y))
    # a faint light ring near the top, like light on water
    sheen = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(
        sheen, (255, 255, 255, 18), (-size * 0.3, -size * 0.75, size * 1.6, size * 1.2)
    )
    grad.blit(sheen, (0, 0))
    # three gentle wave lines at the bottom (the harbour)
    waves = pygame.Surface((size, size), pygame.SRCALPHA)
    for k, alpha in enumerate((34, 24, 16)):
        y0 = size * (0.80 + 0.065 * k)
        pts = []
        for i in range(0, 41):
            x = size * i / 40
            y = y0 + size * 0.014 * math.sin(i / 40 * math.tau * 2.5 + k)
            pts.append((x, y))
        pygame.draw.lines(waves, (255, 255, 255, alpha), False, pts, max(1, size // 90))
    grad.blit(waves, (0, 0))
    mask = rounded_mask(size, int(size * radius))
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return grad


def die_face(side: int) -> pygame.Surface:
    """An ivory die face showing five, with a subtle bevel."""
    face = pygame.Surface((side, side), pygame.SRCALPHA)
    r = int(side * 0.2)
    pygame.draw.rect(face, IVORY_SHADE, (0, 0, side, side), border_radius=r)
    inset = int(side * 0.045)
    # lighter top-left body over the darker rim gives a bevel
    pygame.draw.rect(
        face,
        IVORY,
        (inset // 2, inset // 2, side - inset * 3 // 2, side - inset * 3 // 2),
        border_radius=r,
    )
    pip_r = int(side * 0.092)
    c = side / 2
    d = side * 0.26
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        x = c + dx * d - inset * 0.25
        y = c + dy * d - inset * 0.25
        pygame.draw.circle(
            face, lerp(PIP, IVORY_SHADE, 0.55), (x + side * 0.012, y + side * 0.015), pip_r
        )
        pygame.draw.circle(face, PIP, (x, y), pip_r)
    return face


def shadow(side: int, blur_steps: int = 10) -> pygame.Surface:
    pad = side // 4
    surf = pygame.Surface((side + 2 * pad, side + 2 * pad), pygame.SRCALPHA)
    r = int(side * 0.2)
    for k in range(blur_steps):
        grow = int(pad * (1 - k / blur_steps))
        rect = pygame.Rect(pad - grow, pad - grow, side + 2 * grow, side + 2 * grow)
        pygame.draw.rect(surf, (0, 8, 20, 14), rect, border_radius=r + grow)
    return surf


def make_icon(size: int, maskable: bool = False) -> pygame.Surface:
    """The icon; ``maskable``: a square to the edges with the die inside the middle 80 %
    circle, for a phone's home screen to cut to its own shape (a web app's manifest)."""
    big = size * SS
    radius = 0.0 if maskable else 0.22
    canvas = background(big, radius)
    side = int(big * (0.42 if maskable else 0.56))
    angle = -12
    sh = pygame.transform.rotate(shadow(side), angle)
    face = pygame.transform.rotate(die_face(side), angle)
    cx, cy = big / 2, big * 0.47
    canvas.blit(sh, sh.get_rect(center=(cx + big * 0.035, cy + big * 0.06)))
    canvas.blit(face, face.get_rect(center=(cx, cy)))
    # keep everything inside the rounded square
    canvas.blit(rounded_mask(big, int(big * radius)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(canvas, (size, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=128)
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--maskable", action="store_true",
                        help="square to the edges, the die in the middle 80%% (web/maskable-512.png)")
    args = parser.parse_args(argv)
    pygame.init()
    icon = make_icon(args.size, args.maskable)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    pygame.image.save(icon, args.out)
    print(f"{args.out}: {args.size}x{args.size}, {os.path.getsize(args.out)} bytes")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
