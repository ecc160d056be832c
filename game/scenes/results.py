"""Results: the ranking, the winner celebrated, each player's final sheet or board beside
it, play again with the same seats or go back."""

from __future__ import annotations

import math
import random

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.rules.core import GameState
from game.rules.shared import TargetRace
from game.scenes.tables import StandIn, load_table
from game.ui import layout, theme
from game.ui.layout import fr
from game.ui.sheet import ScoreSheet
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import count, number, says

CONFETTI_SECONDS = 6.0  # the confetti falls once, then the screen is still


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
        self.sheet = ScoreSheet(pygame.Rect(0, 0, 1, 1), label_width=180)
        self.sheet.interactive = False  # nothing to choose on a finished sheet
        self.time = 0.0
        rng = random.Random(state.seed)  # confetti only; never the game's generator
        # (x as a share of the width, start height in dp above the top, speed dp/s, phase)
        self.confetti = [(rng.random(), rng.uniform(20, 700), rng.uniform(140, 260),
                          rng.uniform(0, 6.28), theme.PLAYER_COLOURS[rng.randrange(8)])
                         for _ in range(90)]
        self.focus = FocusGroup()
        nothing = pygame.Rect(0, 0, 0, 0)
        self.focus.set([
            Button(nothing, "Replay", self.replay, hotkey="R", size=18),
            Button(nothing, "Review", self.show_review, hotkey="V", size=18),
            Button(nothing, "Standings", self.standings, hotkey="Enter", size=18)
            if session else
            Button(nothing, "Play again", self.play_again, hotkey="Enter", size=18),
            Button(nothing, "Menu", self.to_menu, hotkey="Esc", size=18),
            Button(nothing, "Records", self.show_records, hotkey="T", size=18),
        ])
        for _ in range(3):  # the focus starts on Play again (Standings)
            self.focus.move(1)
        app.sounds.play("win")

    def relayout(self) -> None:
        """Title and headline on top; the ranking and the final sheet side by side (one
        above the other on a phone held upright), each filling its half; the buttons at the
        foot, in one row where they fit."""
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 24)
        control = layout.touch_size(52)
        widths = [140] * len(self.focus.buttons)
        foot_h = layout.flow_height(screen.w, widths, control, gap=10)
        if f.short:  # a phone on its side: one line of title, messages over it
            top, body, foot = layout.rows(screen, 44, fr(), foot_h, gap=8)
            self.headline_box, self.title_box = layout.cols(top, fr(1.4), fr(1), gap=12)
            self.message = top
        else:
            self.title_box, self.headline_box, body, self.message, foot = layout.rows(
                screen, 34, 60, fr(), 40, foot_h, gap=8)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=10),
                        strict=True):
            b.rect = r
        n = len(self.ranking)
        if f.portrait:
            rank_h = min(theme.dp(body.h) * 0.45, 50 + n * 52)
            self.ranking_box, self.sheet_box = layout.rows(body, rank_h, fr(), gap=10)
        else:
            self.ranking_box, self.sheet_box = layout.cols(body, fr(0.8, min=280), fr(1.2),
                                                           gap=18)
        self.sheet.rect = self.sheet_box

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def animating(self) -> bool:
        return self.time < CONFETTI_SECONDS

    def play_again(self) -> None:
        options = {k: v for k, v in self.state.options.items() if k not in self.info.fixed_options}
        if getattr(self.state, "chips", None):  # chips carry over between games
            cap = self.info.state_type().MAX_CHIPS
            options["bankrolls"] = [min(c, cap) for c in self.state.chips]
        state = self.info.new_game(self.state.seats, options, seed=self.app.new_seed())
        self.app.show("play", info=self.info, state=state)

    def standings(self) -> None:
        self.app.show("session", info=self.info, session=self.session)

    def replay(self) -> None:
        self.app.show("replay", info=self.info, final=self.state, news=self.news,
                      session=self.session, hinted=self.hinted)

    def show_review(self) -> None:
        """V / Review: each human's decisions priced against the coach's best move."""
        self.app.open("review", info=self.info, state=self.state, hinted=self.hinted)

    def show_records(self) -> None:
        self.app.open("records", game_id=self.info.id)

    def to_menu(self) -> None:
        self.app.to_menu(self.info.id)

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            step = self.sheet.pager_at(event.pos)
            if step:  # the other players' columns of a sheet too wide for the window
                self.sheet.turn_page(step)
                self.app.invalidate()
                return
        if event.type == pygame.MOUSEWHEEL and self.sheet.wheel(event):
            return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def headline(self) -> str:
        winners = [r for r in self.ranking if r["place"] == 1]
        if len(self.ranking) == 1:  # solo: what solo play is about
            name = winners[0]["name"]
            if isinstance(self.state, TargetRace):  # reach the target in as few turns as you can
                target = number(self.state.options["target"])
                turns = count(self.state.turns_taken(winners[0]["seat"]), "turn")
                return f"{says(name, 'reached')} {target} in {turns}!"
            return f"{says(name, 'scored')} {self._fmt(winners[0]['score'])}!"
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
        return number(score)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        self._draw_confetti(surface)
        title = f"{self.info.title} - results"
        if self.session:
            title += f" of game {len(self.session.games)} of {self.session.length}"
        if self.hinted:
            title += " · hints used"
        if not (self.app.toast and self.message.colliderect(self.headline_box)):
            draw_text_in(surface, title, self.title_box, 20, theme.TEXT_DIM, True, min_size=14,
                         wrap=True)
            draw_text_in(surface, self.headline(), self.headline_box, 44, theme.ACCENT, True,
                         min_size=20, display=True)
        self._draw_ranking(surface)
        self.sheet.draw(surface, self.table.sheet())
        self.focus.draw(surface)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti falls once, behind everything and never across the title or the
        headline."""
        if self.time >= CONFETTI_SECONDS:
            return
        w, h = surface.get_size()
        keep_out = (self.title_box.union(self.headline_box), self.ranking_box, self.sheet_box)
        piece_w, piece_h = theme.px(8), theme.px(12)
        for x, start, speed, phase, colour in self.confetti:
            y = theme.px(self.time * speed - start)
            if y < -piece_h or y > h:
                continue
            xx = x * w + math.sin(self.time * 2 + phase) * theme.px(18)
            piece = pygame.Rect(int(xx), y, piece_w,
                                piece_h + int(theme.px(4) * math.sin(phase + self.time * 5)))
            if any(piece.colliderect(r) for r in keep_out):
                continue
            pygame.draw.rect(surface, colour, piece)

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        """Place, side, score (and chips) for each player or team, rows filling the panel:
        with two players each row is large."""
        box = self.ranking_box
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        chips = getattr(self.state, "chips", None)
        inner = layout.inset(box, x=14, y=10)
        head, body = layout.rows(inner, 26, fr(), gap=6)
        n = max(1, len(self.ranking))
        row_h = max(min(body.h // n, px(110)), px(26))
        size = max(18, min(34, theme.dp(row_h) * 0.42))
        tracks = [46 if size < 26 else 60, 24, fr(), 110 if size >= 26 else 84]
        if chips:
            tracks.append(90)
        who = "Team" if any(len(r["seats"]) > 1 for r in self.ranking) else "Player"
        titles = ["Place", "", who, "Score"] + (["Chips"] if chips else [])
        for title, cell in zip(titles, layout.cols(head, *tracks, gap=6), strict=True):
            if title:
                draw_text_in(surface, title, cell, 15, theme.TEXT_DIM, True,
                             "right" if title in ("Score", "Chips") else "left", min_size=12)
        y = body.y
        for r in self.ranking:
            first = r["place"] == 1
            colour = theme.ACCENT if first else theme.TEXT
            line = pygame.Rect(box.x + px(8), y, box.w - px(16), row_h - px(4))
            if first:
                pygame.draw.rect(surface, (60, 52, 24), line, border_radius=px(10))
            cells = layout.cols(pygame.Rect(inner.x, y, inner.w, row_h - px(4)), *tracks, gap=6)
            draw_text_in(surface, f"{r['place']}.", cells[0], size, colour, True, "left",
                         min_size=16)
            pygame.draw.circle(surface, theme.player_colour(r["side"]), cells[1].center, px(8))
            name_box = cells[2]
            news = self.news.get(r["seat"])
            if news and row_h >= px(48):  # "new best!" from the records, under the name
                name_box, news_box = layout.rows(name_box, fr(3), fr(2))
                draw_text_in(surface, ", ".join(news), news_box, 14, theme.GOOD, True, "left",
                             min_size=12)
            draw_text_in(surface, r["name"], name_box, size, colour, first, "left",
                         min_size=16)
            draw_text_in(surface, self._fmt(r["score"]), cells[3], size, colour, True, "right",
                         min_size=16)
            if chips:
                draw_text_in(surface, number(chips[r["seat"]]), cells[4], max(16, size - 4),
                             theme.ACCENT, False, "right", min_size=16)
            y += row_h
