"""The daily challenge: a game that can be played alone, today's challenge and the week's
before it, each with its result or what is left to do, and the game's streak."""

from __future__ import annotations

import datetime as dt

import pygame

from game import daily, dailyplay
from game.app import App
from game.catalog import GAMES, GameInfo
from game.scenes.game_screen import GameScreen
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup
from game.ui.words import count


class DailyScene(GameScreen):
    def __init__(self, app: App, game_id: str | None = None):
        super().__init__(app)
        offered = daily.games()
        self.games = offered
        chosen = GAMES.get(game_id or "")
        self.info: GameInfo = chosen if chosen in offered else offered[0]
        self.focus = FocusGroup()
        self.now = daily.today()
        tries, problem = daily.read()
        if problem:
            app.notify(problem, theme.BAD, 6)
        self.tries = tries

    def choose(self, info: GameInfo) -> None:
        self.info = info
        self.app.sounds.play("click")
        self._layout_key = None
        self.ensure_layout()

    # -- words -------------------------------------------------------------------------------
    def row_text(self, day: dt.date, compact: bool = False) -> str:
        entry = self.tries.get(self.info.id, {}).get(day.isoformat())
        when = daily.day_words(day, self.now)
        if compact:  # a narrow cell: the day and the result in few words
            when = when if when in ("Today", "Yesterday") else f"{day:%a} {day.day}"
            if entry is None or (not entry.done and entry.save is None):
                return f"{when}: play"
            if not entry.done:
                return f"{when}: go on"
            bot = f" · bot {entry.bot.value:,}" if entry.bot else ""
            return f"{when}: {entry.result.value:,}{bot}"
        if when in ("Today", "Yesterday"):
            when += f", {day:%a} {day.day} {day:%b}"
        if entry is None:
            return f"{when}: play"
        if entry.done:
            bot = f" (the bot: {entry.bot.text()})" if entry.bot else ""
            tag = " · did not count" if entry.spoiled else ""
            return f"{when}: {entry.result.text()}{bot}{tag}"
        if entry.save is not None:
            return f"{when}: go on with your try"
        return f"{when}: play (practice: a shared game was watched first)"

    def streak_text(self) -> str:
        n = daily.streak(self.info, self.now)
        if not n:
            return "No streak yet: play today's challenge to start one."
        return f"Streak: {count(n, 'day')} in a row."

    # -- layout ------------------------------------------------------------------------------
    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 28)
        area = screen if f.portrait else layout.centred(screen, 980, theme.dp(screen.h))
        control = layout.touch_size(44)
        tabs_h = layout.flow_height(area.w, [150] * len(self.games), control, gap=8)
        (self.title_box, self.sub_box, tabs, self.streak_box, body, self.message,
         foot) = layout.rows(area, 44 if f.short else 52, 0 if f.short else 40, tabs_h, 30,
                             fr(), 40, control, gap=6)
        buttons = []
        for info, rect in zip(self.games, layout.flow(tabs, [150] * len(self.games), control,
                                                      gap=8, align="center"), strict=True):
            buttons.append(Button(rect, info.title, lambda i=info: self.choose(i), size=17,
                                  selected=info is self.info, ident=f"game {info.id}",
                                  min_size=13))
        days = daily.days(self.now)
        columns = 1  # as many columns as it takes to show every day at a touch's height
        while columns < 4 and (-(-len(days) // columns) * (control + 6) > theme.dp(body.h)
                               or theme.dp(body.w) >= 900 * columns) \
                and theme.dp(body.w) / (columns + 1) >= 150:
            columns += 1
        compact = theme.dp(body.w) / columns < 330
        rows = -(-len(days) // columns)
        row_h = max(control, min(56, (theme.dp(body.h) - 6 * (rows - 1)) / rows))
        cells = layout.grid(body, len(days), columns, row_h, gap=6)
        for day, rect in zip(days, cells, strict=True):
            entry = self.tries.get(self.info.id, {}).get(day.isoformat())
            done = entry is not None and entry.done
            buttons.append(Button(rect, self.row_text(day, compact), lambda d=day: self.open_day(d),
                                  size=16, min_size=13, wrap=True, ident=f"day {day}",
                                  colour=(60, 110, 90) if done else theme.BUTTON))
        self.menu_button = Button(layout.centred(foot, 220, control), "Menu", self.to_menu,
                                  hotkey="Esc", size=18, ident="menu")
        buttons.append(self.menu_button)
        self.focus.set(buttons)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    # -- actions -----------------------------------------------------------------------------
    def open_day(self, day: dt.date) -> None:
        entry = daily.get(self.info, day)
        if entry is not None and entry.done:
            state = dailyplay.counted_game(self.info, day)
            if state is not None:
                self.app.show("daily_result", info=self.info, day=day, state=state,
                              counted=True)
                return
        dailyplay.play_day(self.app, self.info, day)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, "Daily challenge", self.title_box, 36, theme.TEXT, True,
                     min_size=20, display=True)
        if self.sub_box.h:
            draw_text_in(surface, "The same dice for everyone, from the date. One try a day "
                         "counts; later tries are practice.", self.sub_box, 16,
                         theme.TEXT_DIM, wrap=True, min_size=13)
        draw_text_in(surface, self.streak_text(), self.streak_box, 17, theme.TEXT, True,
                     min_size=13)
        self.focus.draw(surface)
