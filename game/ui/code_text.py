"""Codes drawn in a box: a link is one long word, cut anywhere to fit the box's width."""

from __future__ import annotations

import pygame

from . import theme
from .text import ELLIPSIS, draw_text_in, face_for


def chunked(text: str, face, width: int) -> list[str]:
    """``text`` (a link: one long word) cut into lines no wider than ``width``."""
    lines, line = [], ""
    for ch in text:
        if line and face.size(line + ch)[0] > width:
            lines.append(line)
            line = ""
        line += ch
    return lines + [line] if line else lines


def draw_code(surface: pygame.Surface, text: str, box: pygame.Rect, colour=theme.TEXT) -> None:
    """A link in its box, cut anywhere (it has no spaces) at the largest size that shows
    it whole, else cut short with "…" at the smallest (Copy copies it whole)."""
    for size in (15, 14, 13, 12):
        face = face_for(text, size)
        lines = chunked(text, face, box.w)
        if len(lines) * face.get_height() <= box.h or size == 12:
            keep = max(1, box.h // face.get_height())
            if len(lines) > keep:
                lines = lines[:keep]
                lines[-1] = lines[-1][:-2] + ELLIPSIS
            draw_text_in(surface, "\n".join(lines), box, size, colour, align="left",
                         valign="top", min_size=size, wrap=True)
            return
