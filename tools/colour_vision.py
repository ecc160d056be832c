"""Colour vision: how a colour looks to someone with a colour vision deficiency, and how far
apart two colours look (pure Python, no pygame: the tests and the tools use it).

- ``simulate(rgb, kind)``: Machado, Oliveira and Fernandes (2009), "A Physiologically-based
  Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)), the matrices for
  protanopia, deuteranopia and tritanopia at severity 1.0, applied to linear sRGB.
- ``delta_e(a, b)``: CIEDE2000 between two sRGB colours (D65, CIE 1976 L*a*b*), as written
  out by Sharma, Wu and Dalal (2005), "The CIEDE2000 Color-Difference Formula:
  Implementation Notes, Supplementary Test Data, and Mathematical Observations".

    python tools/colour_vision.py               # the palettes' closest pairs, per vision
    python tools/colour_vision.py [PNG ...]     # writes each PNG as each deficiency sees it
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

MACHADO = {  # severity 1.0, linear sRGB in, linear sRGB out
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal",) + tuple(MACHADO)


def to_linear(c: float) -> float:
    """One sRGB channel (0-255) as linear light (0-1)."""
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(v: float) -> float:
    """Linear light (0-1, clipped) as an sRGB channel (0-255, not rounded)."""
    v = min(1.0, max(0.0, v))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(rgb, kind: str) -> tuple[int, int, int]:
    """``rgb`` as seen with ``kind`` (a key of MACHADO, or "normal")."""
    if kind == "normal":
        return tuple(int(c) for c in rgb[:3])
    m = MACHADO[kind]
    lin = [to_linear(c) for c in rgb[:3]]
    return tuple(int(round(from_linear(sum(row[i] * lin[i] for i in range(3))))) for row in m)


def luminance(rgb) -> float:
    """Relative luminance (WCAG 2)."""
    r, g, b = (to_linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


_WHITE = (0.95047, 1.0, 1.08883)  # D65


def lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb[:3])
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference of two L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(c_bar7 / (c_bar7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    c_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6))
         - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * c_bar
    sh = 1 + 0.015 * c_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                     + rt * (dc / sc) * (dhh / sh))


def delta_e(a, b, vision: str = "normal") -> float:
    """CIEDE2000 between sRGB colours ``a`` and ``b`` as seen with ``vision``."""
    return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))


def closest(colours: dict[str, tuple], others: dict[str, tuple] | None = None,
            visions=VISIONS) -> tuple[float, str, str, str]:
    """The closest pair (ΔE00, first, second, vision): among ``colours``, or, given
    ``others``, between one of ``colours`` and one of ``others``."""
    best = (math.inf, "", "", "")
    names = list(colours)
    for vision in visions:
        if others is None:
            pairs = [(a, b, colours[a], colours[b]) for i, a in enumerate(names)
                     for b in names[i + 1:]]
        else:
            pairs = [(a, b, colours[a], others[b]) for a in names for b in others]
        for a, b, ca, cb in pairs:
            d = delta_e(ca, cb, vision)
            if d < best[0]:
                best = (d, a, b, vision)
    return best


def simulate_picture(path: Path) -> list[Path]:
    """Write ``path``'s PNG as seen with each deficiency beside it (name-protanopia.png...)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    picture = pygame.image.load(str(path))
    w, h = picture.get_size()
    raw = pygame.image.tobytes(picture, "RGB")
    out = []
    for kind in MACHADO:
        seen: dict[bytes, bytes] = {}
        pixels = bytearray(len(raw))
        for i in range(0, len(raw), 3):
            key = raw[i:i + 3]
            new = seen.get(key)
            if new is None:
                new = seen[key] = bytes(simulate(tuple(key), kind))
            pixels[i:i + 3] = new
        target = path.with_name(f"{path.stem}-{kind}.png")
        pygame.image.save(pygame.image.frombytes(bytes(pixels), (w, h), "RGB"), str(target))
        out.append(target)
    return out


def report() -> list[str]:
    """The design system's colours: the closest pairs that must be told apart."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game.ui import theme
    lines = []
    for name in theme.PALETTES:
        pal = theme.PALETTES[name]
        players = {f"player {i + 1}": c for i, c in enumerate(pal.players)}
        meanings = dict(pal.meanings)
        for vision in VISIONS:
            d, a, b, _ = closest(players, visions=(vision,))
            lines.append(f"{name:>12} {vision:>12}: players' closest pair {a} / {b}: {d:.1f}")
        d, a, b, v = closest(meanings, players)
        lines.append(f"{name:>12}: a meaning closest to a player: {a} / {b} ({v}): {d:.1f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pictures", nargs="*", type=Path,
                        help="PNG screenshots to write as each deficiency sees them (beside "
                             "each: NAME-protanopia.png, ...); none: the palettes' closest pairs")
    args = parser.parse_args(argv)
    if not args.pictures:
        print("\n".join(report()))
    for picture in args.pictures:
        if not picture.is_file():
            parser.error(f"no picture {picture}")
        for written in simulate_picture(picture):
            print(written)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
