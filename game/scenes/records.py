"""Records: for one game at a time, each player's games, wins, best and average score,
and the game's high-score table; and the recent games (the last finished ones, kept whole),
each with its Review and Replay. Left/Right (or the tabs) switch, G shows the recent games,
Esc goes back. A list longer than its panel scrolls (wheel, drag, PgUp/PgDn/Home/End; in the
recent games the focused row comes into view) and says so with arrows and a bar.

The recent games are checked and replayed from storage a few per frame (game.tasks), so
opening the records never freezes the screen; a damaged one is reported and set aside."""

from __future__ import annotations

import time

import pygame

from game import recent
from game.app import App, Scene
from game.catalog import GAMES
from game.tasks import Task
from game.ui import hands, layout, theme
from game.ui.layout import fr
from game.ui.scroll import GUTTER, ScrollArea
from game.ui.text import draw_text_in, fewer_to_fit, fits_whole, text_width
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import number

PLAYER_TRACKS = (fr(min=90), 56, 56, 64, 76, 52)  # dp: the players' table's columns
PLAYER_WIDTH = 90 + 56 + 56 + 64 + 76 + 52 + 5 * 6  # dp they take on one line


class RecordsScene(Scene):
    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_ids = list(GAMES)
        self.index = self.game_ids.index(game_id) if game_id in GAMES else 0
        self.records = app.load_records()
        self.focus = FocusGroup()
        self.recent: list[recent.RecentGame] | None = None  # None while being read
        self.recent_task = Task(recent.load_steps())
        self.regions: dict[str, pygame.Rect] = {}
        # the lists, each scrolling in its panel: the players, the high scores, the recent
        self.areas = {name: ScrollArea(name) for name in ("players", "high scores", "recent")}
        self.content: dict[int, pygame.Rect] = {}  # id(a recent game's button) -> its place
        self.pointer = (-1, -1)  # where the pointer was last (the wheel scrolls the list there)

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 28)
        control = layout.touch_size(44)
        self.tab_w = self._tab_width(screen.w, control)
        tabs_h = layout.flow_height(screen.w, [self.tab_w] * (len(self.game_ids) + 1),
                                    control, gap=8)
        title, tabs, body, self.message, foot = layout.rows(
            screen, 44, tabs_h, fr(), 36, control + 6, gap=10)
        title_text, keys = layout.cols(title, 180, fr(), gap=16)
        self.regions = {"title": title_text, "keys": keys, "tabs": tabs, "body": body,
                        "foot": foot}
        if f.portrait or (theme.dp(body.w) < 760 and not f.short):  # (short: no room for rows)
            players, high = layout.rows(body, fr(1.2), fr(1), gap=12)
        else:
            players, high = layout.cols(body, fr(1.75), fr(1), gap=20)
        self.regions.update(players=players, high=high)
        self.narrow = theme.dp(body.w) < 760
        # a recent game a row; on a narrow screen its words over its two buttons (beside
        # them, its players would be cut to "1. Player 1…")
        self.recent_row = theme.px(64 + control + 12 if self.narrow else max(control + 8, 48))
        # the players' table on one line a player where its columns fit, else on two
        self.two_line = theme.dp(players.w) - 32 - GUTTER < PLAYER_WIDTH
        self.row_h = theme.px(30)
        self.player_row = theme.px(54 if self.two_line else 30)
        self._set_areas()
        self._buttons()

    def _set_areas(self) -> None:
        """The lists' views (whole rows) and their lengths, for what is shown now."""
        px = theme.px
        players = layout.inset(self.regions["players"], x=16, y=10)
        top = players.y + px(28) + px(6)
        view = pygame.Rect(players.x, top, players.w, players.bottom - top)
        view.h = max(self.player_row, view.h // self.player_row * self.player_row)
        rows = len(self.records.table(self.game_id))
        self.areas["players"].set(view, rows * self.player_row,
                                  [i * self.player_row for i in range(rows)])
        high = layout.inset(self.regions["high"], x=16, y=10)
        view = pygame.Rect(high.x, high.y + px(34), high.w, high.h - px(34))
        view.h = max(self.row_h, view.h // self.row_h * self.row_h)
        rows = len(self.records.high_scores(self.game_id))
        self.areas["high scores"].set(view, rows * self.row_h,
                                      [i * self.row_h for i in range(rows)])
        body = layout.inset(self.regions["body"], x=10, top=44, bottom=8)
        if not self.narrow:  # (whole rows; a phone's tall rows fill the panel and fade out)
            body.h = max(self.recent_row, body.h // self.recent_row * self.recent_row)
        rows = len(self.recent or [])
        self.areas["recent"].set(body, rows * self.recent_row,
                                 [i * self.recent_row for i in range(rows)])
        for area in self.areas.values():
            area.bg = theme.PANEL

    def _tab_width(self, width: int, control: float) -> float:
        """The tabs' width in dp: 150, narrower when that takes the tabs over more than two
        lines (a small window: so many lines would leave no room for the records), but
        two a line at the least."""
        n = len(self.game_ids) + 1
        if layout.flow_height(width, [150] * n, control, gap=8) <= 2 * control + 8:
            return 150
        per_line = max(2, min(n, int((theme.dp(width) + 8) // 148)))
        return min(150, (theme.dp(width) - 8 * (per_line - 1)) / per_line - 1)  # (rounding)

    @property
    def showing_recent(self) -> bool:
        return self.index == len(self.game_ids)

    @property
    def game_id(self) -> str:
        return self.game_ids[min(self.index, len(self.game_ids) - 1)]

    def _buttons(self) -> None:
        if not self.regions:
            return
        r = self.regions
        control = layout.touch_size(44)
        buttons = []
        tabs = layout.flow(r["tabs"], [self.tab_w] * (len(self.game_ids) + 1), control,
                           gap=8, align="left")
        for i, gid in enumerate(self.game_ids):
            buttons.append(Button(tabs[i], GAMES[gid].title, lambda i=i: self.show(i), size=15,
                                  selected=i == self.index, ident=f"tab {gid}", min_size=13))
        buttons.append(Button(tabs[-1], "Recent games", lambda: self.show(len(self.game_ids)),
                              size=15, selected=self.showing_recent, hotkey="G",
                              ident="tab recent", min_size=13))
        self.content = {}
        if self.showing_recent and self.recent:
            for i, _ in enumerate(self.recent):
                row = self._recent_rect(i, content=True)
                _, review, replay = self._recent_cells(row)
                for cell, label, act in ((review, "Review", self.open_review),
                                         (replay, "Replay", self.open_replay)):
                    b = Button(layout.centred(cell, 120, control), label,
                               lambda i=i, act=act: act(i), size=15,
                               ident=f"{label.lower()}{i}")
                    self.content[id(b)] = b.rect.move(-self.areas["recent"].viewport.x,
                                                      -self.areas["recent"].viewport.y)
                    buttons.append(b)
        buttons.append(Button(layout.centred(r["foot"], 180, control), "Back", self.app.pop,
                              hotkey="Esc", size=18))
        self.focus.set(buttons)
        self._place()

    def _place(self) -> None:
        """Put the recent games' buttons where the list's scroll shows them."""
        for b in self.focus.buttons:
            if id(b) in self.content:
                b.rect = self.areas["recent"].to_screen(self.content[id(b)])

    def _recent_rect(self, i: int, content: bool = False) -> pygame.Rect:
        """Where the recent game ``i`` is listed: on the screen as the list is scrolled now
        (in the list's own coordinates with ``content``), the room for the list's sign left
        at its right."""
        area = self.areas["recent"]
        row = pygame.Rect(area.viewport.x, area.viewport.y + i * self.recent_row,
                          area.viewport.w - theme.px(GUTTER), self.recent_row - theme.px(4))
        return row if content else row.move(0, -area.offset)

    def _recent_cells(self, row: pygame.Rect) -> list[pygame.Rect]:
        """(the words, the Review button's place, the Replay button's place)."""
        if self.narrow:
            words, buttons = layout.rows(row, fr(), layout.touch_size(44) + 4, gap=4)
            return [words, *layout.cols(buttons, fr(), 124, 124, gap=8)[1:]]
        return layout.cols(row, fr(), 124, 124, gap=8)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def show(self, index: int) -> None:
        self.index = index % (len(self.game_ids) + 1)
        for area in self.areas.values():
            area.offset = 0
        if self.regions:
            self._set_areas()
        self._buttons()

    # -- the recent games -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.recent is None and self.recent_task.step():
            games, problem = self.recent_task.result or ([], "")
            if self.recent_task.error is not None:  # never expected: the reader catches all
                games, problem = [], f"The recent games could not be read ({self.recent_task.error})."
            self.recent = games
            if problem:
                self.app.notify(problem, theme.BAD, 6)
            if self.regions:
                self._set_areas()
            self._buttons()
            self.app.invalidate()

    def chosen_row(self) -> int:
        """The recent game the keyboard focus is on (its Review or Replay), else the first."""
        focused = self.focus.focused
        ident = focused.ident if focused is not None else ""
        for prefix in ("review", "replay"):
            if ident.startswith(prefix):
                return int(ident[len(prefix):])
        return 0

    def _recent_game(self, index: int):
        if self.recent is None:
            self.app.notify("Wait a moment: the recent games are being read")
            return None
        if not 0 <= index < len(self.recent):
            self.app.notify("No recent games yet: finish a game to find it here")
            return None
        return self.recent[index]

    def open_review(self, index: int) -> None:
        game = self._recent_game(index)
        if game is not None:
            self.app.open("review", info=game.info, state=game.state, hinted=game.hinted)

    def open_replay(self, index: int) -> None:
        game = self._recent_game(index)
        if game is not None:
            self.app.open("replay", info=game.info, final=game.state, pushed=True)

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                return
            if event.key == pygame.K_g:
                self.show(len(self.game_ids))
                return
            if self.showing_recent and event.key in (pygame.K_v, pygame.K_r):
                row = self.chosen_row()
                (self.open_review if event.key == pygame.K_v else self.open_replay)(row)
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
                for area in self.shown_areas():
                    area.key(event)
                self._place()
                return
            self.focus.handle(event)
            focused = self.focus.focused
            if focused is not None and id(focused) in self.content:  # into view
                self.areas["recent"].scroll_to(self.content[id(focused)], 0)
                self._place()
            return
        if hasattr(event, "pos"):
            self.pointer = event.pos
        for area in self.shown_areas():
            if area.pressed or (area.viewport.collidepoint(self.pointer)
                                and event.type != pygame.MOUSEMOTION):
                if area.handle(event, self._click):
                    self._place()
                    return
        if event.type == pygame.MOUSEWHEEL:  # not over a list: the one that scrolls
            for area in self.shown_areas():
                if area.scrolls:
                    area.handle(event, self._click)
                    self._place()
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and self.showing_recent:
            recent = self.areas["recent"].viewport
            if not recent.collidepoint(event.pos):  # (not a recent game's button scrolled away)
                for b in self.focus.buttons:
                    if id(b) not in self.content and b.rect.collidepoint(event.pos):
                        b.click(event.pos)
                        return
                return
        self.focus.handle(event)

    def shown_areas(self) -> list[ScrollArea]:
        """The lists on show."""
        if self.showing_recent:
            return [self.areas["recent"]]
        return [self.areas["players"], self.areas["high scores"]]

    def _click(self, event: pygame.event.Event) -> bool:
        """A press let go without a drag in a list: a recent game's button under it."""
        for b in self.focus.buttons:
            if id(b) in self.content and b.rect.collidepoint(event.pos):
                b.click(event.pos)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        r = self.regions
        surface.fill(theme.BG)
        draw_text_in(surface, "Records", r["title"], 34, theme.TEXT, True, "left",
                     min_size=20, display=True)
        if not theme.metrics.touch and hands.keyboard():  # (the tabs speak for the pointer)
            keys = ("Up/Down: choose · V: review · R: replay · Left/Right: other tab · Esc: back"
                    if self.showing_recent else
                    "Left/Right: other game · G: recent games · Esc: back")
            if any(area.scrolls for area in self.shown_areas()):
                keys += " · PgUp/PgDn: scroll"
            draw_text_in(surface, keys, r["keys"], 14, theme.TEXT_DIM, align="right",
                         min_size=12, wrap=True)
        if self.showing_recent:
            self._draw_recent(surface)
        else:
            self._draw_players(surface)
            self._draw_high(surface)
        recent = self.areas["recent"]
        for b in self.focus.buttons:
            if id(b) not in self.content:
                b.draw(surface, focused=b is self.focus.focused)
            elif b.rect.colliderect(recent.viewport):
                with recent.clip(surface):
                    b.draw(surface, focused=b is self.focus.focused)

    def _draw_recent(self, surface: pygame.Surface) -> None:
        box = self.regions["body"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        head = pygame.Rect(box.x + px(20), box.y + px(10), box.w - px(40), px(26))
        draw_text_in(surface, "Finished games, newest first: players best first", head, 15,
                     theme.TEXT_DIM, True, "left", min_size=12)
        if self.recent is None:
            progress = self.recent_task.progress
            draw_text_in(surface, f"Reading the recent games… {progress:.0%}",
                         layout.inset(box, 40), 20, theme.TEXT_DIM, min_size=14)
            return
        if not self.recent:
            draw_text_in(surface, f"No recent games yet: the last {recent.KEEP} games you finish "
                         "are kept here, to review and replay.", layout.inset(box, 40), 20,
                         theme.TEXT_DIM, wrap=True, min_size=14)
            return
        chosen = self.chosen_row() if self.focus.focused is not None else -1
        area = self.areas["recent"]
        items = []
        clip = surface.get_clip()
        surface.set_clip(area.viewport.clip(clip))
        for i, game in enumerate(self.recent):
            row = self._recent_rect(i)
            if not row.colliderect(area.viewport):
                continue
            items.append(row)
            if i == chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=px(8))
            when = time.strftime("%d %b %H:%M", time.localtime(game.when)) if game.when \
                else "earlier"
            words = self._recent_cells(row)[0]
            hints = " · hints used" if game.hinted else ""
            if self.narrow:
                top, bottom = layout.rows(words, fr(), fr())
                draw_text_in(surface, f"{game.info.title} · {when}{hints}", top, 15,
                             theme.TEXT_DIM, align="left", min_size=13)
                draw_text_in(surface, players_line(game, bottom, 16, 13), bottom, 16,
                             theme.TEXT, align="left", min_size=13)
            else:
                when_box, game_box, players_box = layout.cols(words, 130, 150, fr(), gap=10)
                draw_text_in(surface, when, when_box, 15, theme.TEXT_DIM, align="left",
                             min_size=13)
                draw_text_in(surface, game.info.title, game_box, 16, theme.TEXT, align="left",
                             min_size=13)
                draw_text_in(surface, players_line(game, players_box, 16, 13, hints, True),
                             players_box, 16, theme.TEXT, align="left", min_size=13, wrap=True)
        surface.set_clip(clip)
        area.draw_bar(surface, items)

    def _draw_players(self, surface: pygame.Surface) -> None:
        """Each player's games, wins, best and average: a row each, or on a narrow panel
        (a phone) two lines each, the name over the figures."""
        box = self.regions["players"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        inner = layout.inset(box, x=16, y=10)
        area = self.areas["players"]
        width = inner.w - (px(GUTTER) if area.scrolls else 0)
        titles = ("Player", "Games", "Wins", "Best", "Average", "Hints")
        if self.two_line:
            tracks: tuple = (fr(),) * 5
            titles = titles[1:]
        else:
            tracks = PLAYER_TRACKS
        head = pygame.Rect(inner.x, inner.y, width, px(28))
        rows = self.records.table(self.game_id)
        if not rows:  # (no column titles over nothing)
            draw_text_in(surface, "No games recorded yet: finish a game to see it here.",
                         inner, 18, theme.TEXT_DIM, wrap=True, min_size=14)
            return
        for title, cell in zip(titles, layout.cols(head, *tracks, gap=6), strict=True):
            draw_text_in(surface, title, cell, 14, theme.TEXT_DIM, True,
                         "left" if title == "Player" else "right", min_size=12)
        row_h = self.player_row
        items = []
        with area.clip(surface):
            for k, (name, p) in enumerate(rows):
                y = area.viewport.y + k * row_h - area.offset
                if y + row_h <= area.viewport.y or y >= area.viewport.bottom:
                    continue
                values = [name, number(p.games), number(p.wins),
                          "-" if p.best is None else number(p.best), number(p.average, 1),
                          number(p.hinted) if p.hinted else ""]
                line = pygame.Rect(inner.x, y, width, row_h)
                if self.two_line:
                    top, line = layout.rows(line, fr(), fr())
                    draw_text_in(surface, name, top, 16, theme.TEXT, True, "left",
                                 min_size=16)
                    values = values[1:]
                cells = layout.cols(line, *tracks, gap=6)
                for i, (text, cell) in enumerate(zip(values, cells, strict=True)):
                    first = i == 0 and not self.two_line
                    draw_text_in(surface, text, cell, 16, theme.TEXT, first,
                                 "left" if first else "right", min_size=16)
                items.append(pygame.Rect(inner.x, y, width, row_h))
        area.draw_bar(surface, items)

    def _draw_high(self, surface: pygame.Surface) -> None:
        box = self.regions["high"]
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        inner = layout.inset(box, x=16, y=10)
        draw_text_in(surface, f"High scores · {GAMES[self.game_id].title}",
                     pygame.Rect(inner.x, inner.y, inner.w, px(28)), 15, theme.TEXT_DIM, True,
                     "left", min_size=12)
        high = self.records.high_scores(self.game_id)
        if not high:
            draw_text_in(surface, "None yet", layout.inset(inner, top=34), 18, theme.TEXT_DIM,
                         min_size=14)  # (under its title)
            return
        area = self.areas["high scores"]
        row_h = self.row_h
        width = inner.w - (px(GUTTER) if area.scrolls else 0)
        items = []
        with area.clip(surface):
            for i, h in enumerate(high):
                y = area.viewport.y + i * row_h - area.offset
                if y + row_h <= area.viewport.y or y >= area.viewport.bottom:
                    continue
                colour = theme.BEST if i == 0 else theme.TEXT
                place, name, score = layout.cols(pygame.Rect(inner.x, y, width, row_h), 34,
                                                 fr(), 120, gap=6)
                draw_text_in(surface, f"{i + 1}.", place, 16, colour, True, "right",
                             min_size=16)
                text = number(h["score"]) + (" (hints)" if h["hinted"] else "")
                draw_text_in(surface, h["name"], name, 16, colour, align="left", min_size=16)
                draw_text_in(surface, text, score, 16, colour, True, "right", min_size=16)
                items.append(pygame.Rect(inner.x, y, width, row_h))
        area.draw_bar(surface, items)


def players_line(game, box: pygame.Rect, size: float, min_size: float, suffix: str = "",
                 wrap: bool = False) -> str:
    """A recent game's players and scores in ``box`` (on one line, or wrapped), then
    ``suffix``: the names written shorter (then as initials) before any is left out, then
    the first places and how many more ("1. Ada 212 · 2. MM 198 · 6 more"): never a line
    cut in the middle of a name."""
    def fits(t: str) -> bool:
        return fits_whole(t, box, size, min_size) if wrap else \
            text_width(t, min_size) <= box.w
    return fewer_to_fit(lambda first: game.players(first) + suffix, len(game.state.seats),
                        game.names(), fits)
