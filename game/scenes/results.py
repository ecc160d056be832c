"""Results: the ranking, the winner celebrated, each player's final sheet or board beside
it, play again with the same seats or go back.

The standings panel is as large as its rows (large rows for a few players) and the final
sheet takes the rest. A new record (the records' "best score yet (was 230)", "2nd in the
high scores") gets a moment of its own: a card in its own place under the standings, shown
a beat after the results with a sound. Confetti falls once, behind everything and never
across a text or a panel (``confetti_rects``), and only for what it celebrates: a person's
own win or a new record (``cheers``); when a bot wins the results come with a quieter sound
and no confetti, and none falls under "reduce motion"."""

from __future__ import annotations

import math
import random

import pygame

from game.app import App
from game.catalog import GameInfo
from game.rules.core import GameState
from game.rules.shared import TargetRace
from game.scenes.game_screen import GameScreen
from game.scenes.tables import StandIn, load_table
from game.ui import layout, marks, probe, theme
from game.ui.celebrate import colours as celebration_colours
from game.ui.layout import fr
from game.ui.scroll import ScrollArea
from game.ui.sheet import ScoreSheet
from game.ui.text import (
    draw_names_shorter,
    draw_text_in,
    fewer_to_fit,
    shorten_names,
    text_width,
)
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import count, number, says

CONFETTI_SECONDS = 6.0  # the confetti falls once, then the screen is still
RECORD_AT = 0.9  # seconds: the new record is announced (card and sound) after the results
RECORD_POP = 0.35  # seconds the card takes to arrive
RECORD_H = 84  # dp: the new record's card at least, beside the sheet
TEAM_SIZE = 22  # px: partners' names at most (a line each: more of a long name shows)
LINE = 1.4  # a line of text is about this many times its size high, accents included
SHEET_MIN = 150  # dp: the final sheet under the standings on a phone at least (a header and
# a few rows): the standings take the rest, every row whole where they can, and scroll with
# a sign where they cannot (eight players on a small phone)
BUTTON_W = 140  # dp: the buttons' width


class ResultsScene(GameScreen):
    def __init__(self, app: App, info: GameInfo, state: GameState,
                 news: dict[int, list[str]] | None = None, session=None, hinted: bool = False):
        super().__init__(app)
        self.hinted = hinted  # the coach's hints were used in this game
        self.info = info
        self.state = state
        self.news = news or {}  # per seat: "best score yet (was 230)" (from the records)
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
                          rng.uniform(0, 6.28), rng.randrange(4))  # (a shade of the gold)
                         for _ in range(90)]
        if not self.cheers():  # (and none falls under reduce motion: ``confetti_rects``)
            self.confetti = []
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
        self.record_box = pygame.Rect(0, 0, 0, 0)
        self.row_h = theme.px(52)
        self.rank_compact = False  # the standings take tighter margins (crowded panel)
        # the standings' rows, scrolling (with a sign) where the panel cannot hold them all
        self.rank_scroll = ScrollArea("standings", bg=theme.PANEL)
        self.pointer_at = (-1, -1)
        self.celebrated = False  # the new record was announced (its sound played)
        app.sounds.play("win" if self.cheers() else "game_over")

    # -- what there is to show -------------------------------------------------------------
    def cheers(self) -> bool:
        """Whether the results celebrate (confetti, the fanfare): a person at the table won
        (alone, shared or with a partner), or set a new record. A bot's win is told, not
        cheered."""
        won = any(self.state.seats[seat].is_human for r in self.ranking if r["place"] == 1
                  for seat in r["seats"])
        return won or bool(self.records())

    def records(self) -> list[tuple[str, str]]:
        """The new records of this game, per player in ranking order: (name, what)."""
        out = []
        for r in self.ranking:
            for seat in r["seats"]:
                news = self.news.get(seat)
                if news:
                    out.append((self.state.seats[seat].name, ", ".join(news)))
        return out

    def record_shown(self) -> float:
        """How far the new record's card has arrived (0: not yet, 1: all there)."""
        if not self.records() or self.time < RECORD_AT:
            return 0.0
        if theme.reduce_motion():
            return 1.0  # (there at once: no pop)
        return min(1.0, (self.time - RECORD_AT) / RECORD_POP)

    def _partners(self) -> int:
        """The most names a row of the standings carries (two for teams of partners)."""
        return max((len(r["seats"]) for r in self.ranking), default=1)

    def _lowest_row(self) -> float:
        """The lowest a standings row may be, in dp: one name at 16 px, or one line of
        16 px a partner (accents over capitals and descenders included)."""
        partners = self._partners()
        return 26 if partners == 1 else partners * 16 * LINE + 4

    @staticmethod
    def _chrome(compact: bool) -> tuple[int, int, int]:
        """The standings panel's margin above and below, its column titles' height and the
        gap under them, in dp (tighter in a crowded panel)."""
        return (6, 20, 2) if compact else (10, 26, 6)

    def _ranking_height(self, rows: float) -> float:
        """The standings panel's height in dp with rows ``rows`` dp high."""
        margin, head, gap = self._chrome(False)
        return 2 * margin + head + gap + max(1, len(self.ranking)) * rows + 4

    def _ranking_width(self, size: float) -> float:
        """The standings panel's width in dp: place, dot, the longest name at ``size`` (as
        far as it goes), the score and the chips."""
        if self._partners() > 1:  # a partner a line, at the partners' size
            names = [self.state.seats[i].name for r in self.ranking for i in r["seats"]]
            size = min(size, TEAM_SIZE)
        else:
            names = [r["name"] for r in self.ranking]
        widest = max((theme.dp(text_width(name, size, True)) for name in names), default=120)
        chips = 90 + 6 if self.state.chip_counts() else 0
        return 28 + 16 + 60 + 24 + min(max(widest, 140), 340) + 110 + chips + 18

    def _score_width(self, size: float) -> float:
        """The score column's width in dp: its title or the widest score, whichever is
        wider (the room it does not need goes to the names)."""
        widest = max((theme.dp(text_width(self._fmt(r["score"]), size, True))
                      for r in self.ranking), default=0)
        return max(theme.dp(text_width("Score", 15, True)), widest) + 6

    def relayout(self) -> None:
        """Title and headline on top; the standings (as tall as their rows, large rows for a
        few players) with the new record's card under them, and the final sheet taking the
        rest beside them (under them on a phone held upright); the buttons at the foot, in
        one row where they fit."""
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 24)
        control = layout.touch_size(52)
        widths = self._button_widths(screen.w)
        foot_h = layout.flow_height(screen.w, widths, control, gap=10)
        if f.short:  # a phone on its side: one line of title, messages over it
            top, body, foot = layout.rows(screen, 44, fr(), foot_h, gap=8)
            self.headline_box, self.title_box = layout.cols(top, fr(1.4), fr(1), gap=12)
            self.message = top
        else:  # (a message covers the headline while it is shown: the sheet has the room)
            self.title_box, self.headline_box, body, foot = layout.rows(
                screen, 34, 60, fr(), foot_h, gap=8)
            self.message = layout.centred(self.headline_box, 900, 48)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=10),
                        strict=True):
            b.rect = r
        n = max(1, len(self.ranking))
        rows = 72 if n <= 2 else 64 if n <= 4 else 52
        low = self._lowest_row()
        record = bool(self.records())
        nothing = pygame.Rect(body.x, body.y, 0, 0)
        lines = min(3, len(self.records()))
        card_h = 34 + 22 * lines + 14  # dp: "New record!" and a line per player
        if f.portrait:
            card = card_h if record else 0
            rank_h = min(theme.dp(body.h) * 0.45, self._ranking_height(min(rows, 52)))
            # every row whole before the sheet (which scrolls) gets the rest
            rank_h = max(rank_h, min(self._ranking_height(low), theme.dp(body.h) - SHEET_MIN))
            if card and theme.dp(body.h) - rank_h - card - 20 < SHEET_MIN:
                card = 0  # no room for the card: the title says it instead
            if card:
                self.ranking_box, self.record_box, self.sheet_box = layout.rows(
                    body, rank_h, card, fr(), gap=10)
            else:
                self.ranking_box, self.sheet_box = layout.rows(body, rank_h, fr(), gap=10)
                self.record_box = nothing
        else:
            size = max(18, min(34, rows * 0.42))
            left_w = min(self._ranking_width(size), theme.dp(body.w) * 0.42)
            left, self.sheet_box = layout.cols(body, max(280, left_w), fr(), gap=18)
            card = max(RECORD_H, card_h) if record else 0
            room = theme.dp(left.h) - (card + 10 if card else 0)
            if card and room < self._ranking_height(low):
                card, room = 0, theme.dp(left.h)  # no room for the card: said in the title
            rank_h = min(room, self._ranking_height(rows))
            if card:
                self.ranking_box, self.record_box, _ = layout.rows(left, rank_h, card, fr(),
                                                                   gap=10)
            else:
                self.ranking_box, _ = layout.rows(left, rank_h, fr())
                self.record_box = nothing
        # a crowded panel (eight players on a phone on its side) takes tighter margins and
        # titles rather than rows too low for their text
        self.rank_compact = theme.dp(self.ranking_box.h) < self._ranking_height(low) - 0.5
        margin, head, gap = self._chrome(self.rank_compact)
        inner_h = self.ranking_box.h - theme.px(2 * margin + head + gap + 4)
        self.row_h = max(theme.px(low), min(theme.px(110), inner_h // n))
        view = self._rows_box()
        if n * self.row_h > view.h:  # a view of whole rows (the sign counts the others)
            whole = max(self.row_h, view.h // self.row_h * self.row_h)
            if f.portrait and view.h > whole:  # the room under the last whole row: the sheet's
                spare = view.h - whole
                self.ranking_box.h -= spare
                for box in (self.record_box, self.sheet_box):
                    if box.h and box.y > self.ranking_box.y:
                        box.y -= spare
                self.sheet_box.h += spare
            view.h = whole
        self.rank_scroll.set(view, n * self.row_h, [i * self.row_h for i in range(n)])
        self.sheet.rect = self.sheet_box

    def _button_widths(self, width: int) -> list[float]:
        """The buttons' widths in dp: 140 each where that takes no more lines than
        narrower ones would; else as many to a line as their labels allow, alike (a phone
        has three to a line rather than two, a 640x360 window all five in one: the room
        goes to the standings and the sheet)."""
        n = len(self.focus.buttons)
        wide = [BUTTON_W] * n
        need = max(theme.dp(text_width(b.label, b.size, True)) for b in self.focus.buttons)
        need = max(need + 13, layout.touch_size(0))  # (the label inside its 6 dp margins)
        lines_wide = self._lines(width, wide)
        for per_line in range(n, 0, -1):
            w = min(BUTTON_W, (theme.dp(width) - 10 * (per_line - 1)) / per_line - 0.5)
            if w >= need and self._lines(width, [w] * n) < lines_wide:
                return [w] * n
        return wide

    @staticmethod
    def _lines(width: int, widths: list[float]) -> int:
        return round((layout.flow_height(width, widths, 10, gap=10) + 10) / 20)

    def _rows_box(self) -> pygame.Rect:
        """Where the standings' rows are, under their column titles (their view when they
        scroll)."""
        margin, head_h, gap = self._chrome(self.rank_compact)
        inner = layout.inset(self.ranking_box, x=14, y=margin)
        rows_box = layout.rows(inner, head_h, fr(), gap=gap)[1]
        return pygame.Rect(self.ranking_box.x, rows_box.y, self.ranking_box.w,
                           max(0, min(rows_box.h, self.ranking_box.bottom - rows_box.y
                                      - theme.px(4))))

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def animating(self) -> bool:
        if self.confetti and not theme.reduce_motion():
            return self.time < CONFETTI_SECONDS
        return bool(self.records()) and self.time < RECORD_AT + RECORD_POP + 0.1

    def play_again(self) -> None:
        options = {k: v for k, v in self.state.next_options().items()
                   if k not in self.info.fixed_options}  # (what carries over: the game says)
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

    def keys(self, event: pygame.event.Event) -> dict:
        # (the standings' and the final sheet's rows, when they do not all fit)
        paging = dict.fromkeys((pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END),
                               lambda: self._page(event))
        return {pygame.K_r: self.replay, pygame.K_v: self.show_review,
                pygame.K_t: self.show_records, **paging}

    def _page(self, event: pygame.event.Event) -> None:
        """Page keys scroll the standings first when they do not all fit (down to their
        last place), then the final sheet; going up, the sheet first, then the standings."""
        ranking = self.rank_scroll
        down = event.key in (pygame.K_PAGEDOWN, pygame.K_END)
        if ranking.scrolls and (ranking.offset < ranking.max_offset if down else
                                self.sheet.scroll.offset == 0 and ranking.offset > 0):
            ranking.key(event, theme.dp(self.row_h))
        else:
            self.sheet.key(event)
        self.app.invalidate()

    def pointer(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.pointer_at = event.pos  # (where the wheel turns: it has no place of its own)
        on_ranking = self.rank_scroll.viewport.collidepoint(self.pointer_at)
        if self.rank_scroll.scrolls and (self.rank_scroll.pressed or on_ranking and (
                event.type in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN))):
            if self.rank_scroll.handle(event, lambda _e: True):
                self.app.invalidate()
                return True
        on_sheet = hasattr(event, "pos") and self.sheet.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL or self.sheet.scroll.pressed or (
                on_sheet and event.type == pygame.MOUSEBUTTONDOWN):
            if self.sheet.pointer(event, self._tap_sheet):
                self.app.invalidate()
                return True
        return False

    def _tap_sheet(self, event: pygame.event.Event) -> bool:
        """A tap on the final sheet: its page buttons (the other players' columns of a
        sheet too wide for the window)."""
        step = self.sheet.pager_at(event.pos)
        if step:
            self.sheet.turn_page(step)
        return bool(step)

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.celebrated and self.record_shown() > 0:
            self.celebrated = True  # the new record's moment: its card arrives, its sound
            self.app.sounds.play("record")

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
        if self.records() and not self.record_box.w and self.record_shown():
            title += " · new record!"
        if not (self.app.toast and self.message.colliderect(self.headline_box)):
            draw_text_in(surface, title, self.title_box, 20, theme.TEXT_DIM, True, min_size=14,
                         wrap=True)
            names = [seat.name for seat in self.state.seats]
            draw_names_shorter(surface, self.headline(), names, self.headline_box, 44,
                               theme.BEST, True, 20, display=True)
        self._draw_ranking(surface)
        self._draw_record(surface)
        self.sheet.draw(surface, self.table.sheet())
        self.focus.draw(surface)

    def keep_out(self) -> list[pygame.Rect]:
        """Where confetti never falls: the title and the headline, the panels, the new
        record's card, the buttons, and the place of messages while one is shown."""
        boxes = [self.title_box, self.headline_box, self.ranking_box, self.sheet_box,
                 self.record_box] + [b.rect for b in self.focus.buttons]
        if self.app.toast:
            boxes.append(self.message)
        return [b.inflate(theme.px(6), theme.px(6)) for b in boxes if b.w and b.h]

    def confetti_rects(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, tuple]]:
        """The pieces of confetti in the air now, on a window of ``size``: (rect, colour),
        none of them over a text or a panel (a piece passing behind one is not drawn)."""
        if self.time >= CONFETTI_SECONDS or theme.reduce_motion():
            return []
        w, h = size
        keep_out = self.keep_out()
        piece_w, piece_h = theme.px(8), theme.px(12)
        out = []
        shades = celebration_colours()
        for x, start, speed, phase, shade in self.confetti:
            colour = shades[shade % len(shades)]
            y = theme.px(self.time * speed - start)
            if y < -piece_h or y > h:
                continue
            xx = x * w + math.sin(self.time * 2 + phase) * theme.px(18)
            piece = pygame.Rect(int(xx), y, piece_w,
                                piece_h + int(theme.px(4) * math.sin(phase + self.time * 5)))
            if piece.collidelist(keep_out) < 0:
                out.append((piece, colour))
        return out

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti falls once, behind everything and never across a text or a panel."""
        for piece, colour in self.confetti_rects(surface.get_size()):
            pygame.draw.rect(surface, colour, piece)
            probe.shown("confetti", colour, piece)

    def _draw_record(self, surface: pygame.Surface) -> None:
        """The new record's card: a gold star and who set what record, arriving with a pop
        a beat after the results (the sound plays then); its place is kept from the start,
        so nothing moves or is covered when it comes."""
        box = self.record_box
        shown = self.record_shown()
        if not box.w or not shown:
            return
        px = theme.px
        grow = 1 + 0.12 * math.sin(math.pi * shown) if shown < 1 and \
            not theme.reduce_motion() else 1.0
        card = box.inflate(-int(box.w * (1 - shown) * 0.3), -int(box.h * (1 - shown) * 0.3))
        panel(surface, card, theme.BEST_FILL, 16, theme.BEST)
        star_side = min(card.h - px(16), px(56))
        star = pygame.Rect(card.x + px(12), card.centery - star_side // 2, star_side,
                           star_side)
        spin = self.time * 40 if self.time < CONFETTI_SECONDS and \
            not theme.reduce_motion() else 0
        _star(surface, star.center, star_side / 2 * min(1.0, grow), theme.BEST, spin)
        words = pygame.Rect(star.right + px(12), card.y + px(6),
                            card.right - star.right - px(24), card.h - px(12))
        records = self.records()
        lines = [f"{name}: {what}" for name, what in records[:3]]
        if len(records) > 3:
            lines[-1] += f" (+{len(records) - 3} more)"
        head, rest = layout.rows(words, fr(34, max=40), fr(22 * len(lines)), gap=2)
        draw_text_in(surface, "New record!", head, 26, theme.BEST, True, "left",
                     min_size=16, display=True)
        for line, row in zip(lines, layout.rows(rest, *[fr()] * len(lines)), strict=True):
            draw_text_in(surface, _fitted_record(line, row), row, 16, theme.TEXT, True, "left",
                         min_size=12)
            # (a line a player: a long one shrinks, then says fewer of its records whole)

    def _draw_ranking(self, surface: pygame.Surface) -> None:
        """Place, side, score (and chips) for each player or team, rows filling the panel:
        with two players each row is large."""
        box = self.ranking_box
        px = theme.px
        panel(surface, box, theme.PANEL, 18, theme.LINE)
        chips = self.state.chip_counts()
        margin, head_h, gap = self._chrome(self.rank_compact)
        inner = layout.inset(box, x=14, y=margin)
        head = layout.rows(inner, head_h, fr(), gap=gap)[0]
        row_h = self.row_h
        # 18 px and up; 16 in the lowest rows, so that accents and descenders stay in them
        size = max(16 if theme.dp(row_h) < 30 else 18, min(34, theme.dp(row_h) * 0.42))
        tracks = [46 if size < 26 else 60, 24, fr(), self._score_width(size)]
        if chips:
            tracks.append(90)
        partners = self._partners()
        teams = partners > 1
        who = "Team" if teams else "Player"
        # one size for the whole column: a line a partner fits a row (with its accents)
        row_dp = theme.dp(row_h) - 4
        team_size = max(16, min(size, TEAM_SIZE, row_dp / partners / LINE))
        titles = ["Place", "", who, "Score"] + (["Chips"] if chips else [])
        for title, cell in zip(titles, layout.cols(head, *tracks, gap=6), strict=True):
            if title:
                draw_text_in(surface, title, cell, 15, theme.TEXT_DIM, True,
                             "right" if title in ("Score", "Chips") else "left", min_size=12)
        view = self.rank_scroll
        y = view.viewport.y - view.offset
        items = []  # (the rows drawn, for the scroll sign's record)
        with view.clip(surface):
            for r in self.ranking:
                if y + row_h <= view.viewport.y or y >= view.viewport.bottom:
                    y += row_h  # (out of view)
                    continue
                items.append(pygame.Rect(view.viewport.x, y, view.viewport.w, row_h))
                first = r["place"] == 1
                colour = theme.BEST if first else theme.TEXT
                line = pygame.Rect(box.x + px(8), y, box.w - px(16), row_h - px(4))
                if first:
                    pygame.draw.rect(surface, theme.BEST_FILL, line, border_radius=px(10))
                cells = layout.cols(pygame.Rect(inner.x, y, inner.w, row_h - px(4)), *tracks, gap=6)
                drawn = draw_text_in(surface, f"{r['place']}.", cells[0], size, colour, True,
                                     "left", min_size=16)
                if first:  # the winner's crown after the place
                    marks.crown(surface, (min(drawn.right + px(12), cells[0].right - px(8)),
                                          cells[0].centery), px(8))
                marks.seat(surface, r["side"], cells[1].center, px(8))
                name_box = cells[2]
                news = self.news.get(r["seat"])
                if teams:  # the news under the partners where a row has the room for them
                    news = news if row_dp >= partners * team_size * LINE + 14 * LINE else None
                if news and row_h >= px(48):  # a record from the records, under the name
                    name_box, news_box = (layout.rows(name_box, fr(3), fr(2)) if not teams else
                                          layout.rows(name_box, fr(partners * team_size),
                                                      fr(14)))
                    said = next((", ".join(news[:k]) for k in range(len(news), 0, -1)
                                 if text_width(", ".join(news[:k]), 12, True) <= news_box.w),
                                "")  # (as many of its news as hold whole; the card says all)
                    draw_text_in(surface, said, news_box, 14, theme.GOOD, True, "left",
                                 min_size=12)
                if teams:  # one partner a line (each shortened with "…" when it must be)
                    names = [self.state.seats[i].name for i in r["seats"]]
                    halves = layout.rows(name_box, *([fr()] * len(names)))
                    for k, (who_, half) in enumerate(zip(names, halves, strict=True)):
                        words_ = who_ + (" &" if k < len(names) - 1 else "")
                        room, bold = half.w, first  # (the name shorter, its '&' kept)
                        words_ = shorten_names(words_, [who_], lambda t, room=room, bold=bold:
                                               text_width(t, team_size, bold) <= room)
                        draw_text_in(surface, words_, half, team_size, colour, first, "left",
                                     min_size=team_size)
                else:  # one size for the column: a long name ends in "…", never shrunk
                    draw_text_in(surface, r["name"], name_box, size, colour, first, "left",
                                 min_size=size)
                draw_text_in(surface, self._fmt(r["score"]), cells[3], size, colour, True, "right",
                             min_size=16)
                if chips:
                    draw_text_in(surface, number(chips[r["seat"]]), cells[4], max(16, size - 4),
                                 theme.TEXT, False, "right", min_size=16)
                y += row_h
        view.draw_bar(surface, items)
        if view.scrolls:  # how many places are out of view, after the column's title
            above = sum(1 for k in range(len(self.ranking))
                        if k * row_h < view.offset)
            below = sum(1 for k in range(len(self.ranking))
                        if (k + 1) * row_h > view.offset + view.viewport.h)
            cells = layout.cols(head, *tracks, gap=6)
            ScoreSheet.draw_more(surface, cells[2], above, below)


def _fitted_record(line: str, row: pygame.Rect) -> str:
    """A new record's line ("Ada: best score yet (was 61), top of the high scores") as it
    holds whole on one line of ``row``: the name shorter, then the first of its records and
    how many more ("(+1)"), never a record cut in its middle."""
    name, _, what = line.partition(": ")
    items = what.split(", ")

    def form(k: int) -> str:
        return f"{name}: {', '.join(items[:k])}" + (f" (+{len(items) - k})"
                                                     if k < len(items) else "")
    return fewer_to_fit(form, len(items), [name],
                        lambda t: text_width(t, 12, True) <= row.w)


def _star(surface: pygame.Surface, centre, radius: float, colour, turn: float = 0.0) -> None:
    """A five-pointed star, ``turn`` degrees round."""
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = math.radians(turn + k * 36 - 90)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    if radius >= 2:
        pygame.draw.polygon(surface, colour, points)
