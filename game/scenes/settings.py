"""Settings: how the game looks, moves and sounds, for every player (from the menu and from
the pause menu; mouse, touch and keyboard alike).

- Colours: the standard palette, or one made for colour-blind players (theme.PALETTES);
  every mark keeps its shape in both.
- Reduce motion: dice land without tumbling; no sparks, confetti or shaking.
- Larger text: every text one step up the type scale.
- Sound effects: their volume, 0-100 % by tens (Left/Right, or a click on either half);
  and the sound on or off (M anywhere).
- Sharpest picture (in the browser, on a screen with more pixels than the game draws by
  default: a phone's ratio 3): draw at all of them (game.web.render_ratio).

A change is in force at once, over the scene below, and remembered (game.prefs)."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.ui import hands, layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel

VOLUME_STEP = 10


def on_off(value: bool) -> str:
    return "On" if value else "Off"


class SettingsScene(Scene):
    overlay = True
    dim_alpha = 170  # the app darkens the scenes under it

    TIPS = {
        "colours": "Colours made to stay apart with protanopia, deuteranopia or tritanopia; "
                   "every mark keeps its shape either way",
        "motion": "Dice land without tumbling; no sparks, confetti or shaking",
        "text": "Every text one size larger",
        "volume": "The sound effects' volume (Left/Right steps it)",
        "sound": "All sound on or off (M anywhere)",
        "sharpest": "Draw at the screen's full resolution: sharper, but more work for a phone",
        "back": "Back to where you were (Esc)",
    }
    POINTER_TIPS = {  # (a mouse's or a finger's: no keys; "click" is "tap" after a touch)
        "volume": "The sound effects' volume: click the left half for less, the right for more",
        "sound": "All sound on or off",
        "back": "Back to where you were",
    }

    def tip(self, ident: str) -> str:
        """A setting's tip for the hand in use (game.ui.hands)."""
        if hands.keyboard() or ident not in self.POINTER_TIPS:
            return self.TIPS[ident]
        return hands.point(self.POINTER_TIPS[ident])

    def __init__(self, app: App):
        super().__init__(app)
        self.focus = FocusGroup()
        self._buttons()
        self.focus.index = 0

    # -- the settings --------------------------------------------------------------------
    def _buttons(self) -> None:
        s = self.app.settings
        volume = s.effects_volume
        size = 18
        tips = {ident: self.tip(ident) for ident in self.TIPS}
        nothing = pygame.Rect(0, 0, 0, 0)
        self.focus.set([
            Button(nothing, "Colours: " + ("Colour-blind safe" if s.colour_blind else "Standard"),
                   self.toggle_colours, size=size, selected=s.colour_blind, ident="colours",
                   wrap=True, tooltip=tips["colours"]),
            Button(nothing, f"Reduce motion: {on_off(s.reduce_motion)}", self.toggle_motion,
                   size=size, selected=s.reduce_motion, ident="motion", wrap=True,
                   tooltip=tips["motion"]),
            Button(nothing, f"Larger text: {on_off(s.large_text)}", self.toggle_text,
                   size=size, selected=s.large_text, ident="text", wrap=True,
                   tooltip=tips["text"]),
            Button(nothing, f"Sound effects: {volume}%" if volume else "Sound effects: silent",
                   lambda: self.step_volume(1 if volume < 100 else -100), size=size,
                   step=self.step_volume, ident="volume", wrap=True,
                   tooltip=tips["volume"]),
            Button(nothing, f"Sound: {on_off(not self.app.sounds.muted)}", self.toggle_sound,
                   size=size, selected=not self.app.sounds.muted, ident="sound", wrap=True,
                   tooltip=tips["sound"]),
            *([Button(nothing, f"Sharpest picture: {on_off(s.sharpest)}", self.toggle_sharpest,
                      size=size, selected=s.sharpest, ident="sharpest", wrap=True,
                      tooltip=tips["sharpest"])] if self.app.sharper_possible() else []),
            Button(nothing, "Back", self.app.pop, hotkey="Esc", size=size, ident="back",
                   tooltip=tips["back"]),
        ])
        self._layout_key = None

    def changed(self) -> None:
        """A setting changed: in force now, remembered, the buttons say so."""
        self.app.apply_looks()
        self.app.save_settings()
        self._buttons()

    def toggle_colours(self) -> None:
        self.app.settings.colour_blind = not self.app.settings.colour_blind
        self.changed()

    def toggle_motion(self) -> None:
        self.app.settings.reduce_motion = not self.app.settings.reduce_motion
        self.changed()

    def toggle_text(self) -> None:
        self.app.settings.large_text = not self.app.settings.large_text
        self.changed()

    def step_volume(self, step: int) -> None:
        s = self.app.settings
        s.effects_volume = max(0, min(100, s.effects_volume + step * VOLUME_STEP))
        self.changed()
        self.app.sounds.play("click")  # (heard at the new volume)

    def toggle_sharpest(self) -> None:
        """Draw at the screen's own pixel ratio, or at most at 2 (the window is made anew:
        this screen is laid out again for it)."""
        self.app.toggle_sharpest()
        self._buttons()
        self.focus.index = next(i for i, b in enumerate(self.focus.buttons)
                                if b.ident == "sharpest")

    def toggle_sound(self) -> None:
        self.app.sounds.toggle_mute()
        self.changed()

    # -- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        screen = layout.inset(layout.screen_rect(), 12)
        buttons = self.focus.buttons
        button_h = layout.touch_size(48)
        gap = 10
        room = theme.dp(screen.h) - 52 - 56 - 48
        per_column = max(1, int((room + gap) // (button_h + gap)))
        columns = 1 if per_column >= len(buttons) else 2
        per_column = -(-len(buttons) // columns)
        width = min(theme.dp(screen.w), 440 if columns == 1 else 760)
        height = 52 + 56 + per_column * (button_h + gap) + 48
        self.box = layout.centred(screen, width, min(height, theme.dp(screen.h)))
        inner = layout.inset(self.box, 20)
        self.title_box, grid, self.tip_box = layout.rows(inner, 44, fr(), 52, gap=6)
        cells = layout.grid(grid, len(buttons), columns, button_h, gap=gap)
        for b, cell in zip(buttons, cells, strict=True):
            b.rect = cell
            b.tooltip = self.tip(b.ident)  # (laid out again when the hand changes)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.tip_box

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        panel(surface, self.box, theme.PANEL, 22, theme.LINE)
        draw_text_in(surface, "Settings", self.title_box, 30, theme.TEXT, True, min_size=20,
                     display=True)
        self.focus.draw(surface)
        if self.app.toast is None:
            focused = self.focus.focused
            hovered = next((b for b in self.focus.buttons if b.hovered), None)
            tip = (hovered or focused).tooltip if (hovered or focused) else \
                "Kept for next time"
            draw_text_in(surface, tip, self.tip_box, 15, theme.TEXT_DIM, wrap=True,
                         min_size=12)
