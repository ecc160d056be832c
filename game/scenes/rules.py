"""Rules help, in the project's own words, from assets/rules/<game>.txt; scrollable."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.ui import theme
from game.ui.widgets import Button, FocusGroup, draw_text, panel, wrap

BOX = pygame.Rect(140, 80, 1000, 560)


def load_rules(name: str) -> str:
    path = theme.ASSETS / "rules" / f"{name}.txt"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules\nThe rules text for this game is missing ({path.name})."


def layout(text: str, width: int) -> list[tuple[str, int, bool, tuple]]:
    """Lines ready to draw: (text, size, bold, colour); '# ' heads, '- ' bullets."""
    out: list[tuple[str, int, bool, tuple]] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            out.append(("", 10, False, theme.TEXT))
        elif line.startswith("# "):
            out.append((line[2:], 28, True, theme.ACCENT))
        elif line.startswith("- "):
            parts = wrap(line[2:], 21, width - 30)
            out += [(("•  " if i == 0 else "    ") + p, 21, False, theme.TEXT) for i, p in enumerate(parts)]
        else:
            out += [(p, 21, False, theme.TEXT) for p in wrap(line, 21, width)]
    return out


class RulesScene(Scene):
    def __init__(self, app: App, info: GameInfo):
        super().__init__(app)
        self.info = info
        self.lines = layout(load_rules(info.rules_help or info.id), BOX.w - 80)
        self.scroll = 0
        self.focus = FocusGroup()
        self.focus.set([Button(pygame.Rect(BOX.centerx - 90, BOX.bottom + 14, 180, 52), "Back",
                               self.app.pop, hotkey="Esc")])

    @property
    def max_scroll(self) -> int:
        height = sum(26 if size < 25 else 40 for _, size, _, _ in self.lines)
        return max(0, height - (BOX.h - 60))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -400,
                     pygame.K_PAGEDOWN: 400, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll = max(0, min(self.max_scroll, self.scroll + steps[event.key]))
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_RETURN):
                self.app.pop()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * 50))
            return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        draw_text(surface, f"How to play {self.info.title}", (theme.WIDTH // 2, 42), 34,
                  theme.TEXT, True, "center")
        panel(surface, BOX, theme.PANEL, 18, theme.LINE)
        clip = surface.get_clip()
        surface.set_clip(BOX.inflate(-20, -20))
        y = BOX.y + 30 - self.scroll
        for text, size, bold, colour in self.lines:
            if text and BOX.y - 40 < y < BOX.bottom:
                draw_text(surface, text, (BOX.x + 40, y), size, colour, bold)
            y += 26 if size < 25 else 40
        surface.set_clip(clip)
        if self.max_scroll:
            bar = BOX.h - 40
            knob = max(40, bar * (BOX.h - 60) // (BOX.h - 60 + self.max_scroll))
            top = BOX.y + 20 + (bar - knob) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.LINE, (BOX.right - 14, top, 6, knob), border_radius=3)
            draw_text(surface, "Scroll: wheel, arrows, PgUp/PgDn", (BOX.right, BOX.bottom + 40), 15,
                      theme.TEXT_DIM, False, "midright")
        self.focus.draw(surface)
