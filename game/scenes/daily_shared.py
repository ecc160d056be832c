"""A daily challenge someone shared: their score, their game as a replay, and the day's
challenge to play. Watching their game first shows its dice, so a try of this device not
played yet is offered first; watched before playing, the try is practice."""

from __future__ import annotations

import datetime as dt

import pygame

from game import daily, dailyplay
from game.app import App
from game.catalog import GameInfo
from game.rules.core import GameState
from game.scenes.game_screen import GameScreen
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup
from game.ui.words import says


class DailySharedScene(GameScreen):
    def __init__(self, app: App, info: GameInfo, day: dt.date, state: GameState):
        super().__init__(app)
        self.info, self.day, self.state = info, day, state
        self.name = state.seats[0].name
        self.result = daily.measure(state)
        self.focus = FocusGroup()
        self.rebuild()

    def rebuild(self) -> None:
        entry = daily.get(self.info, self.day)
        self.mine = entry.result if entry is not None and entry.done else None
        self.open = daily.playable(self.day) and self.mine is None
        nothing = pygame.Rect(0, 0, 0, 0)
        buttons = []
        if self.mine is None:
            buttons.append(Button(nothing, "Play the challenge", self.play, size=18,
                                  colour=(40, 130, 90), ident="play", wrap=True, min_size=13))
        buttons.append(Button(nothing, f"Watch {self.name}'s game" if len(self.name) < 12
                              else "Watch their game", self.watch, size=18, ident="watch",
                              wrap=True, min_size=13))
        if self.mine is not None:
            buttons.append(Button(nothing, "Your result", self.my_result, size=18,
                                  ident="mine"))
        buttons.append(Button(nothing, "Menu", self.to_menu, hotkey="Esc", size=18,
                              ident="menu"))
        self.focus.set(buttons)
        self._layout_key = None

    def words(self) -> str:
        scored = f"{says(self.name, 'reached')} the target in {self.result.text()}" \
            if self.result.turns else f"{says(self.name, 'scored')} {self.result.text()}"
        if self.mine is not None:
            return f"{scored}. You: {self.mine.text()} on the same dice."
        if not self.open:
            return (f"{scored}. That day is past the last week: a try on its dice is "
                    "practice.")
        return (f"{scored}. Play it first: their game shows the dice, and a try after "
                "watching it does not count.")

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 12 if f.portrait or f.short else 28)
        area = screen if f.portrait else layout.centred(screen, 820, min(theme.dp(screen.h),
                                                                         520))
        control = layout.touch_size(52)
        widths = [190] * len(self.focus.buttons)
        _, self.title_box, self.text_box, self.message, _, foot, _ = layout.rows(
            area, 0 if f.portrait else fr(1), fr(1, min=60, max=110), fr(1, min=60, max=130),
            44, fr(1), layout.flow_height(area.w, widths, control, gap=10),
            0 if f.portrait else fr(1), gap=10)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=10,
                                                        align="center"), strict=True):
            b.rect = r

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def play(self) -> None:
        dailyplay.play_day(self.app, self.info, self.day)

    def watch(self) -> None:
        if self.mine is None and self.open:
            daily.spoil(self.info, self.day)  # the dice are seen: the try will be practice
            self.rebuild()
        self.app.open("replay", info=self.info, final=self.state, pushed=True)

    def my_result(self) -> None:
        state = dailyplay.counted_game(self.info, self.day)
        if state is None:
            self.app.notify("Your try of that day is no longer kept in full", theme.BAD)
            return
        self.app.show("daily_result", info=self.info, day=self.day, state=state)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, f"{self.name} shared the {self.info.title} daily challenge of "
                     f"{daily.long_day(self.day)}", self.title_box, 30, theme.TEXT, True,
                     min_size=18, wrap=True, display=True)
        draw_text_in(surface, self.words(), self.text_box, 18, theme.TEXT, wrap=True,
                     min_size=13)
        self.focus.draw(surface)
