"""Between the games of a session: the standings (games won, then points), the score of
every game played, and Next game / Menu (New session once the last game is over)."""

from __future__ import annotations

import pygame

from game.app import App
from game.catalog import GameInfo
from game.rules.session import Session
from game.scenes.game_screen import GameScreen
from game.ui import layout, marks, theme
from game.ui.layout import fr
from game.ui.text import (
    draw_names_shorter,
    draw_text_in,
    fit_text,
    shorten_names,
    text_width,
)
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import number, says, verb


def fmt(value: float) -> str:
    """Games won and points: "2", "1½", "½", "2,150" (thousands separated)."""
    if value == int(value):
        return number(value)
    whole, part = int(value), value - int(value)
    return f"{number(whole) if whole else ''}½" if abs(part - 0.5) < 1e-9 else number(value, 2)


class SessionScene(GameScreen):
    def __init__(self, app: App, info: GameInfo, session: Session):
        super().__init__(app)
        self.info = info
        self.session = session
        self.table = session.standings()
        self.focus = FocusGroup()
        over = session.is_over()
        nothing = pygame.Rect(0, 0, 0, 0)
        self.focus.set([
            Button(nothing, "New session" if over else "Next game",
                   self.new_session if over else self.next_game, hotkey="Enter", size=20),
            Button(nothing, "Menu", self.to_menu, hotkey="Esc", size=20),
        ])
        self.focus.move(1)  # the gold ring starts on the first button
        if over:
            app.sounds.play("win")

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 28)
        control = layout.touch_size(54)
        self.title_box, self.headline_box, body, self.next_box, self.message, foot = layout.rows(
            screen, 34, 56, fr(), 72 if f.portrait else 52, 36, control, gap=8)
        rows = len(self.table)
        # every column on one line where they fit, else each side on two: its place, name,
        # games won and points over the score of each game
        n = self.session.length
        self.two_line = theme.dp(body.w) - 32 < 54 + 22 + 90 + 64 + 80 + 36 * n + 5 * 8
        low = 52 if self.two_line else layout.touch_size(36)
        row_h = min(56 * (2 if self.two_line else 1),
                    max(low, (theme.dp(body.h) - 60) / max(1, rows)))
        self.row_h = theme.px(row_h)
        self.head_h = theme.px(52 if self.two_line else 30)
        self.box = pygame.Rect(body.x, body.y, body.w, min(body.h, theme.px(44) + self.head_h +
                                                          rows * self.row_h))
        if not f.portrait:
            self.box = layout.centred(pygame.Rect(body.x, body.y, body.w, self.box.h), 1040,
                                      theme.dp(self.box.h))
        for b, r in zip(self.focus.buttons, layout.cols(layout.centred(foot, 440, control),
                                                        fr(), fr(), gap=16), strict=True):
            b.rect = r

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    # -- actions ---------------------------------------------------------------------------
    def next_game(self) -> None:
        state = self.session.next_game()
        self.app.show("play", info=self.info, state=state, session=self.session)

    def new_session(self) -> None:
        s = self.session
        session = Session(s.info, s.seats, s.options, s.rounds, seed=self.app.new_seed())
        self.app.show("play", info=self.info, state=session.current, session=session)

    # -- words -----------------------------------------------------------------------------
    def headline(self) -> str:
        top = [r for r in self.table if r["place"] == 1]
        names = " and ".join(r["name"] for r in top)
        plural = len(top) > 1 or len(top[0]["seats"]) > 1
        if self.session.is_over():
            if len(top) > 1:
                return f"Session tied: {names}"
            return f"{names} {'win' if plural else verb(names, 'wins')} the session!"
        if len(top) > 1:
            return "All square" if len(top) == len(self.table) else f"Level at the top: {names}"
        return f"{names} {'lead' if plural else verb(names, 'leads')}"

    def next_line(self) -> str:
        s = self.session
        if s.is_over():
            return f"{s.length} games played. Most games won takes the session; points break a tie."
        k = len(s.games)
        rotates = "first" in s.game_options(k)
        first = s.seats[s.game_options(k)["first"]].name if rotates else ""
        return (f"Next: game {k + 1} of {s.length}" +
                (f", {says(first, 'rolls')} first." if first else ".")
                + " Most games won takes the session; points break a tie.")

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        px = theme.px
        surface.fill(theme.BG)
        s = self.session
        draw_text_in(surface, f"{self.info.title} session - standings after {len(s.finished)} "
                     f"of {s.length} games", self.title_box, 20, theme.TEXT_DIM, True,
                     min_size=14, wrap=True)
        draw_names_shorter(surface, self.headline(), [seat.name for seat in s.seats],
                           self.headline_box, 40, theme.BEST, True, 20, display=True)
        box = self.box
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        results = s.results()
        n_games = s.length
        inner = layout.inset(box, x=16, y=10)
        if self.two_line:  # the games' scores on a line of their own, under the rest
            tracks = [40, 22, fr(min=70), 50, 70]
        else:
            games_w = min(70 * n_games, max(36 * n_games, theme.dp(inner.w) * 0.34))
            tracks = [54, 22, fr(min=90), 64, 80, games_w]
        head = pygame.Rect(inner.x, inner.y, inner.w, self.head_h)

        def split(line: pygame.Rect) -> list[pygame.Rect]:
            """A row's cells: place, dot, name, won, points, and the games' place."""
            if not self.two_line:
                return layout.cols(line, *tracks, gap=8)
            top, bottom = layout.rows(line, fr(), fr())
            return layout.cols(top, *tracks, gap=8) + [bottom]

        cells = split(head)
        side = "Team" if any(len(r["seats"]) > 1 for r in self.table) else "Player"
        for text, cell, align in (("Place", cells[0], "left"), (side, cells[2], "left"),
                                  ("Won", cells[3], "right"), ("Points", cells[4], "right")):
            draw_text_in(surface, text, cell, 15, theme.TEXT_DIM, True, align, min_size=12)
        game_cells = layout.cols(cells[5], *([fr()] * n_games), gap=2)
        for g, cell in enumerate(game_cells):
            draw_text_in(surface, f"G{g + 1}" if cell.w >= px(30) else str(g + 1), cell, 15,
                         theme.TEXT_DIM, True, min_size=12)
        y = head.bottom + px(8)
        size = max(16, min(26, theme.dp(self.row_h) * (0.25 if self.two_line else 0.5)))
        # the names' column at one size (the type scale's: one size a column), the largest
        # at which every name fits; a name still too long ends in "…"
        name_cell = split(pygame.Rect(inner.x, y, inner.w, self.row_h - px(4)))[2]
        name_size = min((fit_text(r["name"], name_cell.w, name_cell.h, size, 16,
                                  bold=True).size for r in self.table), default=size)
        for r in self.table:
            lead = r["place"] == 1
            colour = theme.BEST if lead else theme.TEXT
            line = pygame.Rect(box.x + px(8), y, box.w - px(16), self.row_h - px(4))
            if lead:
                pygame.draw.rect(surface, theme.BEST_FILL, line, border_radius=px(10))
            row = pygame.Rect(inner.x, y, inner.w, self.row_h - px(4))
            cells = split(row)
            drawn = draw_text_in(surface, f"{r['place']}.", cells[0], size, colour, True,
                                 "left", min_size=16)
            if lead:  # the leader's crown after the place
                marks.crown(surface, (drawn.right + px(12), cells[0].centery), px(8))
            marks.seat(surface, r["side"], cells[1].center, px(8))
            room, bold = cells[2].w, lead  # (partners: both names, written shorter)
            name = shorten_names(r["name"], [seat.name for seat in s.seats],
                                 lambda t, room=room, bold=bold: text_width(t, name_size, bold)
                                 <= room)
            draw_text_in(surface, name, cells[2], name_size, colour, lead, "left",
                         min_size=name_size)
            draw_text_in(surface, fmt(r["wins"]), cells[3], size, colour, True, "right",
                         min_size=16)
            draw_text_in(surface, fmt(r["points"]), cells[4], size, colour, False, "right",
                         min_size=16)
            for g, cell in enumerate(layout.cols(cells[5], *([fr()] * n_games), gap=2)):
                if g < len(results):
                    won = r["side"] in results[g]["winners"]
                    draw_text_in(surface, fmt(r["games"][g]), cell, 16,
                                 theme.BEST if won else theme.TEXT_DIM, won, min_size=12)
                else:
                    draw_text_in(surface, "·", cell, 16, theme.LINE, min_size=12)
            y += self.row_h
        draw_text_in(surface, "Bold gold: the game's winner · " + self.next_line(), self.next_box, 16,
                     theme.TEXT, wrap=True, min_size=13)
        self.focus.draw(surface)
