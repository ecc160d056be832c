"""Results: the ranking, the winner celebrated, play again with the same seats or go back."""

from __future__ import annotations

import math
import random

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.rules.core import GameState
from game.ui import theme
from game.ui.widgets import Button, FocusGroup, draw_text, panel


class ResultsScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState,
                 news: dict[int, list[str]] | None = None):
        super().__init__(app)
        self.info = info
        self.state = state
        self.news = news or {}  # per seat: "new best!", "high score #3" (from the records)
        self.ranking = state.ranking()
        self.time = 0.0
        rng = random.Random(state.seed)  # confetti only; never the game's generator
        self.confetti = [(rng.uniform(0, theme.WIDTH), rng.uniform(-700, 0), rng.uniform(60, 160),
                          rng.uniform(0, 6.28), theme.PLAYER_COLOURS[rng.randrange(8)])
                         for _ in range(90)]
        self.focus = FocusGroup()
        self.focus.set([
            Button(pygame.Rect(210, 620, 200, 60), "Replay", self.replay, hotkey="R"),
            Button(pygame.Rect(430, 620, 200, 60), "Play again", self.play_again, hotkey="Enter"),
            Button(pygame.Rect(650, 620, 200, 60), "Menu", self.to_menu, hotkey="Esc"),
            Button(pygame.Rect(870, 620, 200, 60), "Records", self.show_records, hotkey="T"),
        ])
        self.focus.move(1)
        self.focus.move(1)
        app.sounds.play("win")

    def play_again(self) -> None:
        from game.scenes.play import PlayScene
        options = {k: v for k, v in self.state.options.items() if k not in self.info.fixed_options}
        if getattr(self.state, "chips", None):
            options["bankrolls"] = list(self.state.chips)  # chips carry over between games
        state = self.info.new_game(self.state.seats, options, seed=self.app.new_seed())
        self.app.replace_all(PlayScene(self.app, self.info, state))

    def replay(self) -> None:
        from game.scenes.replay import ReplayScene
        self.app.replace_all(ReplayScene(self.app, self.info, self.state, self.news))

    def show_records(self) -> None:
        from game.scenes.records import RecordsScene
        self.app.push(RecordsScene(self.app, self.info.id))

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        self.app.replace_all(MenuScene(self.app, self.info.id))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.replay()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self.show_records()
            return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def headline(self) -> str:
        winners = [r for r in self.ranking if r["place"] == 1]
        if len(self.ranking) == 1:
            return f"{winners[0]['name']} scored {self._fmt(winners[0]['score'])}!"
        if len(winners) > 1:
            return "A tie! " + " & ".join(w["name"] for w in winners) + " share the win"
        return f"{winners[0]['name']} wins!"

    @staticmethod
    def _fmt(score: float) -> str:
        return str(int(score)) if score == int(score) else f"{score:.1f}"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for x, y0, speed, phase, colour in self.confetti:
            y = (y0 + self.time * speed) % (theme.HEIGHT + 40) - 20
            xx = x + math.sin(self.time * 2 + phase) * 18
            pygame.draw.rect(surface, colour, (xx, y, 8, 12 + 4 * math.sin(phase + self.time * 5)))
        draw_text(surface, f"{self.info.title} - results", (theme.WIDTH // 2, 50), 26,
                  theme.TEXT_DIM, True, "center")
        draw_text(surface, self.headline(), (theme.WIDTH // 2, 110), 56, theme.ACCENT, True, "center",
                  display=True)
        box = pygame.Rect(0, 0, 640, 70 + 56 * len(self.ranking))
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
            pygame.draw.circle(surface, theme.player_colour(r["seat"]), (box.x + 112, y), 9)
            name_rect = draw_text(surface, r["name"], (box.x + 130, y), 30, colour, first, "midleft")
            news = self.news.get(r["seat"])
            if news:
                draw_text(surface, ", ".join(news), (name_rect.right + 14, y + 2), 18, theme.GOOD,
                          True, "midleft")
            draw_text(surface, self._fmt(r["score"]), (box.right - 170 if chips else box.right - 40, y),
                      30, colour, True, "midright")
            if chips:
                draw_text(surface, str(chips[r["seat"]]), (box.right - 40, y), 26, theme.ACCENT,
                          False, "midright")
            y += 56
        self.focus.draw(surface)
