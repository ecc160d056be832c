"""Between the games of a session: the standings (games won, then points), the score of
every game played, and Next game / Menu (New session once the last game is over)."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.rules.session import Session
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel

BOX = pygame.Rect(120, 170, 1040, 0)
GAMES_WIDTH = 440  # room for the per-game columns


def fmt(value: float) -> str:
    if value == int(value):
        return str(int(value))
    whole, part = int(value), value - int(value)
    return f"{whole or ''}½" if abs(part - 0.5) < 1e-9 else f"{value:.2f}"


class SessionScene(Scene):
    def __init__(self, app: App, info: GameInfo, session: Session):
        super().__init__(app)
        self.info = info
        self.session = session
        self.table = session.standings()
        self.focus = FocusGroup()
        over = session.is_over()
        self.focus.set([
            Button(pygame.Rect(430, 620, 200, 60), "New session" if over else "Next game",
                   self.new_session if over else self.next_game, hotkey="Enter"),
            Button(pygame.Rect(650, 620, 200, 60), "Menu", self.to_menu, hotkey="Esc"),
        ])
        self.focus.move(1)  # the gold ring starts on the first button
        if over:
            app.sounds.play("win")

    # -- actions ---------------------------------------------------------------------------
    def next_game(self) -> None:
        from game.scenes.play import PlayScene
        state = self.session.next_game()
        self.app.replace_all(PlayScene(self.app, self.info, state, session=self.session))

    def new_session(self) -> None:
        from game.scenes.play import PlayScene
        s = self.session
        session = Session(s.game_id, s.seats, s.options, s.rounds, seed=self.app.new_seed())
        self.app.replace_all(PlayScene(self.app, self.info, session.current, session=session))

    def to_menu(self) -> None:
        self.app.to_menu(self.info.id)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.focus.handle(event)

    # -- words -----------------------------------------------------------------------------
    def headline(self) -> str:
        top = [r for r in self.table if r["place"] == 1]
        names = " and ".join(r["name"] for r in top)
        plural = len(top) > 1 or len(top[0]["seats"]) > 1
        if self.session.is_over():
            if len(top) > 1:
                return f"Session tied: {names}"
            return f"{names} win{'' if plural else 's'} the session!"
        if len(top) > 1:
            return "All square" if len(top) == len(self.table) else f"Level at the top: {names}"
        return f"{names} lead{'' if plural else 's'}"

    def next_line(self) -> str:
        s = self.session
        if s.is_over():
            return f"{s.length} games played. Most games won takes the session; points break a tie."
        k = len(s.games)
        rotates = "first" in s.game_options(k)
        first = s.seats[s.game_options(k)["first"]].name if rotates else ""
        return (f"Next: game {k + 1} of {s.length}" + (f", {first} rolls first." if first else ".")
                + " Most games won takes the session; points break a tie.")

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.session
        draw_text_in(surface, f"{self.info.title} session - standings after {len(s.finished)} "
                     f"of {s.length} games", pygame.Rect(40, 28, theme.WIDTH - 80, 36), 24,
                     theme.TEXT_DIM, True, min_size=14)
        draw_text_in(surface, self.headline(), pygame.Rect(40, 70, theme.WIDTH - 80, 70), 52,
                     theme.ACCENT, True, min_size=22, display=True)
        rows = len(self.table)
        box = BOX.copy()
        box.h = 70 + 56 * rows
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        results = s.results()
        n_games = s.length
        col = max(28, min(70, GAMES_WIDTH // n_games))
        game_size = 20 if col >= 44 else 16
        x_name, x_won, x_points = box.x + 96, box.x + 470, box.x + 570
        x_games = box.right - 20 - col * n_games
        y = box.y + 30
        for text, cell, align in (("Place", pygame.Rect(box.x + 24, y - 14, 64, 28), "left"),
                                  ("Side", pygame.Rect(x_name, y - 14, 200, 28), "left"),
                                  ("Won", pygame.Rect(x_won - 80, y - 14, 80, 28), "right"),
                                  ("Points", pygame.Rect(x_points - 90, y - 14, 90, 28), "right")):
            draw_text_in(surface, text, cell, 18, theme.TEXT_DIM, True, align, min_size=11)
        for g in range(n_games):
            draw_text_in(surface, f"G{g + 1}" if col >= 36 else str(g + 1),
                         pygame.Rect(x_games + g * col, y - 14, col, 28), 16, theme.TEXT_DIM, True,
                         min_size=9)
        y += 48
        for r in self.table:
            lead = r["place"] == 1
            colour = theme.ACCENT if lead else theme.TEXT
            if lead:
                pygame.draw.rect(surface, (60, 52, 24), (box.x + 12, y - 24, box.w - 24, 48),
                                 border_radius=10)
            draw_text_in(surface, f"{r['place']}.", pygame.Rect(box.x + 24, y - 22, 48, 44), 28,
                         colour, True, "left", min_size=12)
            pygame.draw.circle(surface, theme.player_colour(r["side"]), (x_name - 16, y), 9)
            draw_text_in(surface, r["name"], pygame.Rect(x_name, y - 22, x_won - 60 - x_name, 44),
                         26, colour, lead, "left", min_size=12)
            draw_text_in(surface, fmt(r["wins"]), pygame.Rect(x_won - 80, y - 22, 80, 44), 28,
                         colour, True, "right", min_size=12)
            draw_text_in(surface, fmt(r["points"]), pygame.Rect(x_points - 90, y - 22, 90, 44), 26,
                         colour, False, "right", min_size=12)
            for g in range(n_games):
                cx = x_games + g * col + col // 2
                if g < len(results):
                    won = r["side"] in results[g]["winners"]
                    draw_text_in(surface, fmt(r["games"][g]), pygame.Rect(cx - col // 2, y - 20, col,
                                                                          40),
                                 game_size, theme.ACCENT if won else theme.TEXT_DIM, won,
                                 min_size=9)
                else:
                    draw_text_in(surface, "·", pygame.Rect(cx - col // 2, y - 20, col, 40),
                                 game_size, theme.LINE, min_size=9)
            y += 56
        draw_text_in(surface, "Gold: the game's winner",
                     pygame.Rect(box.right - 320, box.bottom + 6, 300, 24), 15, theme.TEXT_DIM,
                     align="right", min_size=11)
        draw_text_in(surface, self.next_line(), pygame.Rect(60, box.bottom + 36, theme.WIDTH - 120,
                                                            56),
                     19, theme.TEXT, wrap=True, min_size=13)
        self.focus.draw(surface)
