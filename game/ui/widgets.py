"""Small widgets: text, buttons with keyboard focus, panels. Scenes compose these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import hands, probe, theme
from .marks import focus_ring, focus_ring_area
from .text import draw_text_in, face_for, fits_whole, note_free_text, text_width, wrap_lines


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 22,
              colour=theme.TEXT, bold: bool = False, anchor: str = "topleft",
              display: bool = False) -> pygame.Rect:
    """Fixed words at a point (titles, hints; ``size`` in dp). Anything that can grow
    (names, scores, messages) goes through ``draw_text_in`` with its box instead."""
    face = face_for(text, size, bold, display)
    image = face.render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    note_free_text(text, image, rect, surface, size)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    return [line for line in wrap_lines(theme.font(size, bold), text, width) if line]


def dialog_box(screen: pygame.Rect, text: str, size: float, min_size: float, chrome: float,
               height: float, pad: float = 24) -> pygame.Rect:
    """A dialog's box in the middle of ``screen``: 520 dp wide and ``height`` dp high where
    its words (``text`` at ``size`` down to ``min_size``, in the box less ``pad`` each side
    and ``chrome`` dp of title and buttons) hold whole; else wider where the screen allows
    (a phone on its side has width to spare, not height), then taller."""
    for width in (520, 640, 760):
        w = min(width, theme.dp(screen.w))
        text_h = height - chrome
        while text_h + chrome <= theme.dp(screen.h) and not fits_whole(
                text, pygame.Rect(0, 0, theme.px(w - 2 * pad), theme.px(text_h)), size,
                min_size):
            text_h += 10
        if text_h + chrome <= theme.dp(screen.h) or w >= theme.dp(screen.w):
            break
    box = pygame.Rect(0, 0, min(screen.w, theme.px(w)),
                      min(screen.h, theme.px(text_h + chrome)))
    box.center = screen.center
    return box


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: float = 14,
          border=None) -> None:
    """A rounded box (``radius`` in dp) with an optional border."""
    r = theme.px(radius)
    pygame.draw.rect(surface, colour, rect, border_radius=r)
    if border:
        pygame.draw.rect(surface, border, rect, width=max(1, theme.px(2)), border_radius=r)


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
    note: str = ""  # words shown small under the label whatever the hand (not a key)
    selected: bool = False  # a toggled-on state (drawn in the colour of a switch that is on)
    tooltip: str = ""
    step: Callable[[int], None] | None = None  # a number: -1/+1 by Left/Right or a half click
    ident: str = ""  # what keyboard focus remembers when the label changes ("" = the label)
    wrap: bool = False  # a long label may take two lines (options, names) before shrinking
    hovered: bool = field(default=False, repr=False)

    min_size: float = 14  # the label's smallest size (dp)

    def look(self, focused: bool = False) -> tuple:
        """Everything its picture depends on (a picture kept of it is good while this is)."""
        return (tuple(self.rect), self.label, self.enabled, self.selected, self.hovered,
                focused, tuple(self.colour), self.hotkey, self.note, self.size, self.min_size,
                self.wrap, self.step is not None)

    def area(self, focused: bool = False) -> pygame.Rect:
        """Where it paints, its shadow included (and the keyboard's focus ring round it,
        which reaches past both)."""
        area = self.rect.union(self.rect.move(0, theme.px(3)))  # (as ``draw`` paints it)
        if focused:
            area.union_ip(focus_ring_area(self.rect))
        return area

    def show_hotkey(self) -> bool:
        """The key is written under the label when there is room and a keyboard is likely
        (not on a layout for touch, nor after a touch)."""
        return bool(self.hotkey) and not theme.metrics.touch and hands.keys_shown() and \
            self.rect.h >= theme.font(self.size).get_height() + theme.font(12).get_height()

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        probe.control(self.ident or self.label, self.rect, enabled=self.enabled, surface=surface)
        if not self.enabled:
            base = theme.BUTTON_OFF
        elif self.selected:
            base = theme.ON
        elif self.hovered or focused:
            base = theme.BUTTON_HOVER
        else:
            base = self.colour
        radius = theme.px(10)
        shadow = self.rect.move(0, theme.px(3))
        pygame.draw.rect(surface, theme.BG_DARK, shadow, border_radius=radius)
        pygame.draw.rect(surface, base, self.rect, border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, 10)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        inner = self.rect.inflate(-theme.px(12), -theme.px(4))
        flat = self.rect.inflate(-2 * radius, 0)  # (all ``base``: its corners left out)
        room = theme.font(self.size).get_height() + theme.font(12).get_height()
        under = self.note if self.note and self.rect.h >= room else \
            self.hotkey if self.show_hotkey() else ""
        key_h = max(theme.px(16), theme.font(12).get_height())
        if under and under == self.hotkey and not self._label_fits(
                pygame.Rect(inner.x, inner.y, inner.w, inner.h - key_h)):
            under = ""  # the label before its key ('Hot dice: …' over 'Space' at 640x360)
        if under:
            label_box = pygame.Rect(inner.x, inner.y, inner.w, inner.h - key_h)
            draw_text_in(surface, under, pygame.Rect(inner.x, inner.bottom - key_h,
                                                     inner.w, key_h),
                         12, theme.TEXT_DIM if self.enabled else theme.LINE, min_size=12,
                         bg=base, flat=flat)
        else:
            label_box = inner
        if self.step is not None:  # a number: arrows on both halves say it steps both ways
            for text, anchor in (("‹", "midleft"), ("›", "midright")):
                pos = getattr(inner, anchor)
                draw_text(surface, text, pos, self.size + 6, colour, True, anchor)
            label_box = label_box.inflate(-theme.px(36), 0)
        draw_text_in(surface, self.label, label_box, self.size, colour, True,
                     min_size=min(self.size, self.min_size), wrap=self.wrap, bg=base, flat=flat)

    def _label_fits(self, box: pygame.Rect) -> bool:
        """Whether the label is written whole in ``box`` (on two lines where it wraps)."""
        size = min(self.size, self.min_size)
        if self.wrap:
            return fits_whole(self.label, box, self.size, size, True)
        return text_width(self.label, size, True) <= box.w and \
            theme.font(size, True).get_height() <= box.h

    def press(self) -> bool:
        if self.enabled:
            self.action()
            return True
        return False

    def click(self, pos) -> bool:
        """A click or tap: a number steps down on its left half and up on its right half."""
        if self.step is not None and self.enabled:
            self.step(-1 if pos[0] < self.rect.centerx else 1)
            return True
        return self.press()


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
                if (b.ident or b.label) == self._label:
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
        self._label = self.buttons[self.index].ident or self.buttons[self.index].label

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
            self._label = self.buttons[best].ident or self.buttons[best].label

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keyboard for the buttons. Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hovered = b.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return b.click(event.pos) or True
            return False
        if event.type == pygame.KEYDOWN:
            shift = event.mod & pygame.KMOD_SHIFT
            if event.key == pygame.K_TAB:
                self.move(-1 if shift else 1)
                return True
            arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                      pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
            focused = self.focused
            if (event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None
                    and focused.step is not None and focused.enabled):
                focused.step(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key in arrows:
                self.move_spatial(*arrows[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focused:
                return self.focused.press() or True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, focused=b is self.focused)


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole screen under an overlay (pause, a question, the card draw): what is
    under it cannot be pressed now."""
    probe.covered()
    shade = _shade(surface, alpha)
    surface.blit(shade, (0, 0))


_shades: dict[tuple, pygame.Surface] = {}


def _shade(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    """The shade laid over ``surface``: one colour, opaque, blended by a surface alpha of
    ``alpha``, in ``surface``'s format. (A shade with an alpha in every pixel blended the
    same colours, within one step, but took 80 ms at 780x1688 in the page at a phone's CPU,
    pygame's per-pixel blitter having no SIMD in WebAssembly; this one 12 ms.)"""
    key = (surface.get_size(), surface.get_bitsize(), surface.get_masks(), alpha)
    if key not in _shades:
        _shades.clear()
        shade = pygame.Surface(surface.get_size()).convert(surface)
        shade.fill((5, 10, 16))
        shade.set_alpha(alpha)
        _shades[key] = shade
    return _shades[key]
