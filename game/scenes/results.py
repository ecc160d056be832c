"""Results: the ranking, the winner celebrated, play again with the same seats or go back."""

from __future__ import annotations

import math
import random

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.rules.core import GameState
from game.ui import theme
from game.ui.sheet import fit
from game.ui.widgets import Button, FocusGroup, draw_text, panel


class ResultsScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState, session=None):
        super().__init__(app)
        self.info = info
        self.state = state
        self.session = session  # the game.rules.session.Session this game belongs to, if any
        self.ranking = state.side_ranking()  # players alone, or partners together
        self.time = 0.0
        rng = random.Random(state.seed)  # confetti only; never the game's generator
        self.confetti = [(rng.uniform(0, theme.WIDTH), rng.uniform(-700, 0), rng.uniform(60, 160),
                          rng.uniform(0, 6.28), theme.PLAYER_COLOURS[rng.randrange(8)])
                         for _ in range(90)]
        self.focus = FocusGroup()
        first = (Button(pygame.Rect(430, 620, 200, 60), "Standings", self.standings,
                        hotkey="Enter") if session else
                 Button(pygame.Rect(430, 620, 200, 60), "Play again", self.play_again, hotkey="Enter"))
        self.focus.set([
            first,
            Button(pygame.Rect(650, 620, 200, 60), "Menu", self.to_menu, hotkey="Esc"),
        ])
        self.focus.move(1)
        app.sounds.play("win")

    def play_again(self) -> None:
        from game.scenes.play import PlayScene
        options = {k: v for k, v in self.state.options.items() if k not in self.info.fixed_options}
        if getattr(self.state, "chips", None):
            options["bankrolls"] = list(self.state.chips)  # chips carry over between games
        state = self.info.new_game(self.state.seats, options, seed=self.app.new_seed())
        self.app.replace_all(PlayScene(self.app, self.info, state))

    def standings(self) -> None:
        from game.scenes.session import SessionScene
        self.app.replace_all(SessionScene(self.app, self.info, self.session))

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        self.app.replace_all(MenuScene(self.app, self.info.id))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def headline(self) -> str:
        winners = [r for r in self.ranking if r["place"] == 1]
        if len(self.ranking) == 1:
            return f"{winners[0]['name']} scored {self._fmt(winners[0]['score'])}!"
        if len(winners) > 1:
            names = [w["name"] for w in winners]
            joined = " & ".join(names) if all(len(w.get("seats", [0])) == 1 for w in winners) \
                else ", ".join(names[:-1]) + " and " + names[-1]
            return "A tie! " + joined + " share the win"
        return f"{winners[0]['name']} win{'s' if len(winners[0].get('seats', [0])) == 1 else ''}!"

    @staticmethod
    def _fmt(score: float) -> str:
        return str(int(score)) if score == int(score) else f"{score:.1f}"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for x, y0, speed, phase, colour in self.confetti:
            y = (y0 + self.time * speed) % (theme.HEIGHT + 40) - 20
            xx = x + math.sin(self.time * 2 + phase) * 18
            pygame.draw.rect(surface, colour, (xx, y, 8, 12 + 4 * math.sin(phase + self.time * 5)))
        title = f"{self.info.title} - results"
        if self.session:
            title += f" of game {len(self.session.games)} of {self.session.length}"
        draw_text(surface, title, (theme.WIDTH // 2, 50), 26, theme.TEXT_DIM, True, "center")
        size, headline = 56, self.headline()
        while size > 24 and theme.display_font(size).size(headline)[0] > theme.WIDTH - 60:
            size -= 4
        while len(headline) > 8 and theme.display_font(size).size(headline)[0] > theme.WIDTH - 60:
            headline = headline[:-5] + "…!"
        draw_text(surface, headline, (theme.WIDTH // 2, 110), size, theme.ACCENT, True,
                  "center", display=True)
        teams = any(len(r.get("seats", [0])) > 1 for r in self.ranking)
        box = pygame.Rect(0, 0, 820 if teams else 640, 70 + 56 * len(self.ranking))
        box.midtop = (theme.WIDTH // 2, 160)
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        chips = getattr(self.state, "chips", None)
        y = box.y + 30
        draw_text(surface, "Place", (box.x + 40, y), 18, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, "Player", (box.x + 130, y), 18, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, "Score", (box.right - 170 if chips else box.right - 40, y), 18,
                  theme.TEXT_DIM, True, "midright")
        if chips:
            draw_text(surface, "Chips", (box.right - 40, y), 18, theme.TEXT_DIM, True, "midright")
        y += 48
        for r in self.ranking:
            first = r["place"] == 1
            colour = theme.ACCENT if first else theme.TEXT
            if first:
                pygame.draw.rect(surface, (60, 52, 24), (box.x + 12, y - 24, box.w - 24, 48),
                                 border_radius=10)
            draw_text(surface, f"{r['place']}.", (box.x + 40, y), 30, colour, True, "midleft")
            pygame.draw.circle(surface, theme.player_colour(r.get("side", r["seat"])),
                               (box.x + 112, y), 9)
            room = (box.right - 170 if chips else box.right - 40) - 80 - (box.x + 130)
            draw_text(surface, fit(r["name"], 30, room), (box.x + 130, y), 30, colour, first,
                      "midleft")
            draw_text(surface, self._fmt(r["score"]), (box.right - 170 if chips else box.right - 40, y),
                      30, colour, True, "midright")
            if chips:
                draw_text(surface, str(chips[r["seat"]]), (box.right - 40, y), 26, theme.ACCENT,
                          False, "midright")
            y += 56
        self.focus.draw(surface)
