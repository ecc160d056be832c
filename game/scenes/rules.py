"""Rules help, in the project's own words, from assets/rules/<game>.txt; scrollable with
the wheel, a finger, the arrows and PgUp/PgDn."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.scroll import ScrollArea
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel, wrap

HEAD, BODY = 24, 17  # dp


def load_rules(name: str) -> str:
    path = theme.ASSETS / "rules" / f"{name}.txt"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules\nThe rules text for this game is missing ({path.name})."


def layout_text(text: str, width: int) -> list[tuple[str, float, bool, tuple]]:
    """Lines ready to draw: (text, size in dp, bold, colour); '# ' heads, '- ' bullets;
    ``width`` in device pixels."""
    out: list[tuple[str, float, bool, tuple]] = []
    indent = theme.px(26)
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            out.append(("", 8, False, theme.TEXT))
        elif line.startswith("# "):
            out += [(p, HEAD, True, theme.ACCENT) for p in wrap(line[2:], HEAD, width, True)]
        elif line.startswith("- "):
            parts = wrap(line[2:], BODY, width - indent)
            out += [(("•  " if i == 0 else "    ") + p, BODY, False, theme.TEXT)
                    for i, p in enumerate(parts)]
        else:
            out += [(p, BODY, False, theme.TEXT) for p in wrap(line, BODY, width)]
    return out


def line_height(size: float) -> int:
    return theme.px(size * 1.45)


class RulesScene(Scene):
    def __init__(self, app: App, info: GameInfo):
        super().__init__(app)
        self.info = info
        self.text = load_rules(info.rules_help or info.id)
        self.area = ScrollArea("rules")
        self.focus = FocusGroup()
        self.back = Button(pygame.Rect(0, 0, 0, 0), "Back", self.app.pop, hotkey="Esc", size=20)
        self.focus.set([self.back])

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 24)
        button_h = layout.touch_size(50)
        self.title, box, foot = layout.rows(screen, 44, fr(), button_h + 8, gap=10)
        self.box = box if f.portrait else layout.centred(box, 1000, 10**5)
        self.back.rect = layout.centred(foot, 200, button_h)
        self.message = layout.cols(foot, fr(), 220, fr(), gap=10)[0]
        viewport = layout.inset(self.box, 16)
        self.lines = layout_text(self.text, viewport.w - theme.px(14))
        self.area.set(viewport, sum(line_height(size) for _, size, _, _ in self.lines))

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            page = self.area.viewport.h - theme.px(40)
            steps = {pygame.K_UP: -theme.px(40), pygame.K_DOWN: theme.px(40),
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_HOME: -10**7,
                     pygame.K_END: 10**7}
            if event.key in steps:
                self.area.scroll(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_RETURN):
                self.app.pop()
            return
        if self.area.handle(event, lambda e: False):
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, f"How to play {self.info.title}", self.title, 28, theme.TEXT,
                     True, min_size=18)
        panel(surface, self.box, theme.PANEL, 18, theme.LINE)
        with self.area.clip(surface):
            y = self.area.viewport.y - self.area.offset
            for text, size, bold, colour in self.lines:
                h = line_height(size)
                if text and y + h > self.area.viewport.y and y < self.area.viewport.bottom:
                    draw_text(surface, text, (self.area.viewport.x, y + h // 2), size, colour,
                              bold, "midleft")
                y += h
        self.area.draw_bar(surface)
        if self.area.scrolls and not theme.metrics.touch and self.app.toast is None:
            draw_text_in(surface, "Scroll: wheel, arrows, PgUp/PgDn", self.message, 14,
                         theme.TEXT_DIM, align="left", min_size=12)
        self.focus.draw(surface)
