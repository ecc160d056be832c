"""Small widgets: text, buttons with keyboard focus, panels. Scenes compose these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import theme


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 22,
              colour=theme.TEXT, bold: bool = False, anchor: str = "topleft",
              display: bool = False) -> pygame.Rect:
    face = theme.display_font(size) if display else theme.font(size, bold)
    image = face.render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    f = theme.font(size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 14,
          border=None) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


@dataclass
class Button:
    """A clickable, focusable button. ``action`` runs on click, tap, Enter or Space."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    size: int = 24
    colour: tuple = theme.BUTTON
    hotkey: str = ""  # shown small under the label, e.g. "Space"
    selected: bool = False  # a toggled-on state (drawn gold)
    tooltip: str = ""
    hovered: bool = field(default=False, repr=False)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.enabled:
            base = theme.BUTTON_OFF
        elif self.selected:
            base = theme.ACCENT_DARK
        elif self.hovered or focused:
            base = theme.BUTTON_HOVER
        else:
            base = self.colour
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, theme.BG_DARK, shadow, border_radius=10)
        pygame.draw.rect(surface, base, self.rect, border_radius=10)
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(6, 6), width=3,
                             border_radius=12)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        cy = self.rect.centery - (7 if self.hotkey else 0)
        draw_text(surface, self.label, (self.rect.centerx, cy), self.size, colour, True, "center")
        if self.hotkey:
            draw_text(surface, self.hotkey, (self.rect.centerx, self.rect.bottom - 12), 14,
                      theme.TEXT_DIM if self.enabled else theme.LINE, False, "center")

    def press(self) -> bool:
        if self.enabled:
            self.action()
            return True
        return False


class FocusGroup:
    """Keyboard navigation over a list of buttons: Tab/arrows move, Enter/Space press.

    Scenes rebuild their buttons freely; focus is remembered by label so it survives."""

    def __init__(self):
        self.buttons: list[Button] = []
        self.index = -1  # -1: nothing focused until the keyboard is used
        self._label = ""

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        if self._label:
            for i, b in enumerate(buttons):
                if b.label == self._label:
                    self.index = i
                    return
        if self.index >= len(buttons):
            self.index = len(buttons) - 1

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.index] if 0 <= self.index < len(self.buttons) else None

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled] or list(range(len(self.buttons)))
        if self.index not in enabled:
            self.index = enabled[0] if step > 0 else enabled[-1]
        else:
            self.index = enabled[(enabled.index(self.index) + step) % len(enabled)]
        self._label = self.buttons[self.index].label

    def move_spatial(self, dx: int, dy: int) -> None:
        """Arrow keys: go to the nearest enabled button in that direction."""
        current = self.focused
        if current is None:
            self.move(1)
            return
        cx, cy = current.rect.center
        best, best_cost = None, None
        for i, b in enumerate(self.buttons):
            if b is current or not b.enabled:
                continue
            ox, oy = b.rect.centerx - cx, b.rect.centery - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy) + abs(oy * dx)
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = i, cost
        if best is not None:
            self.index = best
            self._label = self.buttons[best].label

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keyboard for the buttons. Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hovered = b.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return b.press() or True
            return False
        if event.type == pygame.KEYDOWN:
            shift = event.mod & pygame.KMOD_SHIFT
            if event.key == pygame.K_TAB:
                self.move(-1 if shift else 1)
                return True
            arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                      pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
            if event.key in arrows:
                self.move_spatial(*arrows[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focused:
                return self.focused.press() or True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, focused=b is self.focused)
