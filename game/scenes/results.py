"""Results: the ranking, the winner celebrated, each player's final sheet or board beside
it, play again with the same seats or go back."""

from __future__ import annotations

import math
import random

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.rules.core import GameState
from game.scenes.tables import StandIn, load_table
from game.ui import theme
from game.ui.sheet import ScoreSheet
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel
from game.ui.words import says

RANKING = pygame.Rect(30, 100, 520, 510)
SHEET = pygame.Rect(570, 100, 690, 510)


class ResultsScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState,
                 news: dict[int, list[str]] | None = None, session=None, hinted: bool = False):
        super().__init__(app)
        self.hinted = hinted  # the coach's hints were used in this game
        self.info = info
        self.state = state
        self.news = news or {}  # per seat: "new best!", "high score #3" (from the records)
        self.session = session  # the game.rules.session.Session this game belongs to, if any
        self.ranking = state.side_ranking()  # players alone, or partners together
        self.table = load_table(info.table_module())(StandIn(state))
        self.table.new_turn()
        self.sheet = ScoreSheet(SHEET.copy(), label_width=170 if len(state.seats) <= 4 else 130)
        self.time = 0.0
        rng = random.Random(state.seed)  # confetti only; never the game's generator
        self.confetti = [(rng.uniform(0, theme.WIDTH), rng.uniform(-700, 0), rng.uniform(60, 160),
                          rng.uniform(0, 6.28), theme.PLAYER_COLOURS[rng.randrange(8)])
                         for _ in range(90)]
        self.focus = FocusGroup()
        x = [137 + i * 204 for i in range(5)]  # five buttons of 190 in a row, centred
        self.focus.set([
            Button(pygame.Rect(x[0], 636, 190, 60), "Replay", self.replay, hotkey="R"),
            Button(pygame.Rect(x[1], 636, 190, 60), "Review", self.show_review, hotkey="V"),
            Button(pygame.Rect(x[2], 636, 190, 60), "Standings", self.standings, hotkey="Enter")
            if session else
            Button(pygame.Rect(x[2], 636, 190, 60), "Play again", self.play_again, hotkey="Enter"),
            Button(pygame.Rect(x[3], 636, 190, 60), "Menu", self.to_menu, hotkey="Esc"),
            Button(pygame.Rect(x[4], 636, 190, 60), "Records", self.show_records, hotkey="T"),
        ])
        for _ in range(3):  # the focus starts on Play again (Standings)
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

    def replay(self) -> None:
        from game.scenes.replay import ReplayScene
        self.app.replace_all(ReplayScene(self.app, self.info, self.state, self.news,
                                         self.session, hinted=self.hinted))

    def show_review(self) -> None:
        """V / Review: each human's decisions priced against the coach's best move."""
        from game.scenes.review import ReviewScene
        self.app.push(ReviewScene(self.app, self.info, self.state, hinted=self.hinted))

    def show_records(self) -> None:
        from game.scenes.records import RecordsScene
        self.app.push(RecordsScene(self.app, self.info.id))

    def to_menu(self) -> None:
        self.app.to_menu(self.info.id)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.replay()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.show_review()
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
            return f"{says(winners[0]['name'], 'scored')} {self._fmt(winners[0]['score'])}!"
        if len(winners) > 1:
            names = [w["name"] for w in winners]
            joined = " & ".join(names) if all(len(w["seats"]) == 1 for w in winners) \
                else ", ".join(names[:-1]) + " and " + names[-1]
            return "A tie! " + joined + " share the win"
        if len(winners[0]["seats"]) > 1:  # partners
            return f"{winners[0]['name']} win!"
        return f"{says(winners[0]['name'], 'wins')}!"

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
        if self.hinted:
            title += " · hints used"
        draw_text_in(surface, title, pygame.Rect(40, 8, theme.WIDTH - 80, 32), 22,
                     theme.TEXT_DIM, True, min_size=14)
        draw_text_in(surface, self.headline(), pygame.Rect(40, 38, theme.WIDTH - 80, 58), 50,
                     theme.ACCENT, True, min_size=22, display=True)
        self._draw_ranking(surface)
        self.sheet.draw(surface, self.table.sheet())
        self.focus.draw(surface)

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        box = RANKING
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        chips = getattr(self.state, "chips", None)
        row_h = min(56, (box.h - 60) // max(1, len(self.ranking)))
        size = min(30, row_h - 16)
        score_x = box.right - (150 if chips else 24)
        y = box.y + 26
        draw_text(surface, "Place", (box.x + 20, y), 18, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, "Player", (box.x + 100, y), 18, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, "Score", (score_x, y), 18, theme.TEXT_DIM, True, "midright")
        if chips:
            draw_text(surface, "Chips", (box.right - 24, y), 18, theme.TEXT_DIM, True, "midright")
        y = box.y + 50
        for r in self.ranking:
            first = r["place"] == 1
            colour = theme.ACCENT if first else theme.TEXT
            line = pygame.Rect(box.x + 12, y, box.w - 24, row_h - 4)
            if first:
                pygame.draw.rect(surface, (60, 52, 24), line, border_radius=10)
            draw_text_in(surface, f"{r['place']}.", pygame.Rect(box.x + 20, y, 50, row_h - 4), size,
                         colour, True, "left")
            pygame.draw.circle(surface, theme.player_colour(r["side"]), (box.x + 84, line.centery), 8)
            name_right = score_x - 110
            name_box = pygame.Rect(box.x + 100, y, name_right - box.x - 100, row_h - 4)
            news = self.news.get(r["seat"])
            if news and row_h >= 40:  # "new best!" from the records, under the name
                name_box.h = (row_h - 4) * 3 // 5
                draw_text_in(surface, ", ".join(news), pygame.Rect(name_box.x, name_box.bottom,
                                                                   name_box.w, row_h - 4 - name_box.h),
                             15, theme.GOOD, True, "left", min_size=10)
            draw_text_in(surface, r["name"], name_box, size, colour, first, "left", min_size=12)
            draw_text_in(surface, self._fmt(r["score"]), pygame.Rect(score_x - 100, y, 100, row_h - 4),
                         size, colour, True, "right")
            if chips:
                draw_text_in(surface, str(chips[r["seat"]]),
                             pygame.Rect(box.right - 124, y, 100, row_h - 4), size - 4,
                             theme.ACCENT, False, "right")
            y += row_h
