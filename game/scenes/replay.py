"""Watch a finished game again, move by move, at any speed: the play scene driven by the
game's own saved moves (a new game from the same seed replays them exactly).

From the results it replaces them and goes back to them; opened over another scene (the
review, the records: ``pushed=True``) it goes back to that one. ``start`` opens it paused
at the position before that move (the first ``start`` moves replayed at once), where N
steps one move and Space plays on; ``note`` says on the table what happened there."""

from __future__ import annotations

import dataclasses

import pygame

from game.app import App
from game.catalog import GameInfo
from game.coach import Hint
from game.rules.core import GameState
from game.scenes.table_view import TableScene
from game.ui import hands, inline, layout, theme
from game.ui.layout import fr
from game.ui.text import draw_text_in, text_width
from game.ui.widgets import Button

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
BASE_DELAY = 0.8  # seconds between moves at 1x


class ReplayScene(TableScene):
    coaching = False  # no hints in a replay: the tables leave the coach out of their footers
    count_below = False  # how far the replay is: under the dice (a narrow row of tools)

    def __init__(self, app: App, info: GameInfo, final: GameState,
                 news: dict[int, list[str]] | None = None, session=None, hinted: bool = False,
                 start: int = 0, pushed: bool = False, note: str = "",
                 best: dict | None = None, short_note: str = ""):
        self.final = final
        self.hinted_game = hinted  # handed back to the results
        self.news = news or {}
        self.script = final.actions
        self.start_index = self.step_index = max(0, min(start, len(self.script)))
        self.pushed = pushed  # Back pops back to the scene below (the review, the records)
        self.note = note  # shown on the table while at the start position
        self.short_note = short_note  # its compact form, for a status place too small
        self.best = best  # the coach's move there, marked as a hint while at the start
        self.speed = 1
        self.paused = self.step_index > 0  # opened at a chosen moment: wait there
        self.end_wait = 2.0
        begin = type(final).replay(final.seats, final.options, final.seed,
                                   self.script[:self.step_index])
        super().__init__(app, info, begin, autosave=False, session=session)
        self.sheet.interactive = False  # nobody chooses a box in a replay
        self.bots = {}
        if self.paused and self.step_index < len(self.script):
            self.table.preview_bot(self.script[self.step_index])  # the move about to be made
            self.history.add(f"The game just before move {self.step_index + 1} of "
                             f"{len(self.script)}", theme.INFO)

    @property
    def human_turn(self) -> bool:
        return False  # nobody plays: input goes to the replay controls

    def request_hint(self) -> None:
        self.app.notify("No hints in a replay: the coach helps on your own turn")

    def current_hint(self):
        """At the reviewed moment: the best move there, marked on the table like a hint
        (the coach's dashed rings round its dice and round its box)."""
        if self.best is not None and self.step_index == self.start_index and self.paused:
            return Hint(self.best, None, None, "review")
        return None

    def keys_text(self) -> str:
        return hands.say("Space pause/play · N step · +/- speed · Esc back · M sound · "
                         "PgUp/PgDn: history · F11 fullscreen",
                         "The wheel scrolls the move history", "")

    def _sheet_model(self):
        """The sheet as it stood at the move on show; its footer says what the replay
        does (nobody chooses a box in a replay)."""
        model = super()._sheet_model()
        at = f"Replay · {self._played()}"
        return dataclasses.replace(model, footer=at + hands.say(
            " · N: step · Space: pause or play on", " · Step, Pause and the speed are above"))

    def _speed_label(self, short: bool = False) -> str:
        value = SPEEDS[self.speed]
        return f"{value:g}x" if short else f"Speed {value:g}x"

    def _specs(self, short: bool) -> list[tuple]:
        """The controls: (label, action, key, width in the bar, enabled, ident). ``short``:
        the compact form of a narrow row of tools ("−", "1x", "+"; how far the replay is
        goes under the dice, ``count_below``)."""
        slower, faster = ("−", "+") if short else ("Slower", "Faster")
        specs = [("Step", self.step_once, "N", 72, self.step_index < len(self.script), "Step"),
                 (slower, lambda: self.change_speed(-1), "-", 84, self.speed > 0, "Slower"),
                 (self._speed_label(short), lambda: None, "" if short else self._played(), 116,
                  True, "speed"),
                 (faster, lambda: self.change_speed(1), "+", 84, self.speed < len(SPEEDS) - 1,
                  "Faster"),
                 ("Resume" if self.paused else "Pause", self.toggle_pause, "Space", 92, True,
                  "pause"),
                 ("Back", self.back, "Esc", 80, True, "Back")]
        if self.pane_toggle:
            other = "history" if self.pane == "sheet" else "sheet"
            specs.insert(-1, ("History" if other == "history" else "Sheet",
                              lambda other=other: self.show_pane(other), "", 80, True, "pane"))
        return specs

    @staticmethod
    def _least(label: str, note: str) -> float:
        """A button's least width (dp) that writes its label (at 13 dp) and its note whole."""
        return theme.dp(max(text_width(label, 13, True), text_width(note, 12))) + 16

    def _build_top_buttons(self) -> None:
        if not self.regions:
            return
        r = self.regions
        control = layout.touch_size(44)
        self.count_below = False
        specs = self._specs(short=False)
        if "tools" in r:  # a row of tools under the bar: the compact form where it is narrow
            room = theme.dp(r["tools"].w) - 6 * (len(specs) - 2)
            if sum(self._least(label, key if ident == "speed" else "")
                   for label, _, key, _, _, ident in specs[:-1]) > room:
                specs, self.count_below = self._specs(short=True), True
            rects = layout.cols(r["tools"], *(
                fr(least, min=max(least, control)) for least in (  # (a longer label,
                    self._least(label, key if ident == "speed" else "")  # a wider button)
                    for label, _, key, _, _, ident in specs[:-1])), gap=6)
            rects.append(layout.cols(layout.inset(r["bar"], x=6, y=4), fr(), 84)[1])
        else:
            bar = layout.inset(r["bar"], x=12, y=(theme.dp(r["bar"].h) - control) / 2)
            rects = layout.flow(bar, [w for _, _, _, w, _, _ in specs], theme.dp(bar.h), gap=8,
                                align="right")
        self.top_buttons.set([  # (how far the replay is: said under the speed, not a key)
            Button(rect, label, action, size=16 if ident not in ("Slower", "Faster") or
                   label[0].isalpha() else 22, hotkey="" if ident == "speed" else key,
                   note=key if ident == "speed" else "", enabled=enabled, min_size=13,
                   ident=ident)
            for (label, action, key, _, enabled, ident), rect in zip(specs, rects, strict=True)])

    def _played(self) -> str:
        """How far the replay is, as every line of it says it: moves played so far."""
        return f"{self.step_index} of {len(self.script)} played"

    def change_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self.fast_forward = SPEEDS[self.speed] >= 4.0  # no tumbling at high speed
        self._build_top_buttons()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._build_top_buttons()

    def step_once(self) -> None:
        """N / Step: pause, and make the next move at once (what it leads to is shown)."""
        if self.step_index >= len(self.script):
            self.app.notify("That was the last move of the game")
            return
        self.paused = True
        self.banner, self.bot_plan = None, None
        self.step_index += 1
        self.act(self.script[self.step_index - 1])
        self._build_top_buttons()

    def back(self) -> None:
        if self.pushed:
            self.app.pop()
            return
        self.app.show("results", info=self.info, state=self.final, news=self.news,
                      session=self.session, hinted=self.hinted_game)

    def show_results(self) -> None:
        self.back()

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_SPACE:
                self.toggle_pause()
            elif event.key == pygame.K_n:
                self.step_once()
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHT):
                self.change_speed(1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFT):
                self.change_speed(-1)
            else:
                self.sheet_key(event)
            return
        if "sheet" in self.regions and event.type in (pygame.MOUSEBUTTONDOWN,
                                                      pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            on_sheet = hasattr(event, "pos") and self.sheet.rect.collidepoint(event.pos)
            if (self.sheet.scroll.pressed or (on_sheet and event.type != pygame.MOUSEMOTION)) \
                    and self.sheet.pointer(event, self._tap_replay_sheet):
                self.app.invalidate()
                return  # the sheet's rows dragged, its pages turned (nothing is played)
        if self.history.pressed and self.history.pointer(event):
            return  # a drag of the history's lines
        if "history" in self.regions and event.type == pygame.MOUSEBUTTONDOWN and \
                self.history.rect.collidepoint(event.pos) and self.history.pointer(event):
            return  # its arrows, or the start of a drag
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.sections.pointer = event.pos  # (where the wheel scrolls)
            self.top_buttons.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.tabs:
            self._pointer_tabs(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.sections.route(event)

    def _tap_replay_sheet(self, event: pygame.event.Event) -> bool:
        """A tap on the replay's sheet: its page buttons (a replay chooses no box)."""
        step = self.sheet.pager_at(event.pos)
        if step:
            self.sheet.turn_page(step)
        return bool(step)

    def update(self, dt: float) -> None:
        self._update(dt)
        self.watch_view()

    def view_key(self) -> tuple:
        return super().view_key() + (self.step_index, self.paused, self.speed)

    def _update(self, dt: float) -> None:
        self.table_buttons.set([])
        if self.paused:
            self.animate(dt)  # a stepped move still lands and shows what it led to
            self.tick_effects(dt)
            self._pump()
            return
        scaled = dt * SPEEDS[self.speed]
        self.animate(scaled)
        self.tick_effects(scaled)
        if self.banner:
            banner, left = self.banner
            self.banner = (banner, left - scaled) if left > scaled else None
        self._pump()
        if self.busy:
            return
        if self.state.is_over():
            self.end_wait -= scaled  # the final sheet stays a moment, then the results
            if self.end_wait <= 0:
                self.back()
        else:
            self._drive_bot(dt)

    def _draw_status(self, surface: pygame.Surface) -> None:
        if not (self.note and self.step_index == self.start_index):
            super()._draw_status(surface)
            return
        rect = self.regions["status"]  # the reviewed moment: what was played, what was best
        pygame.draw.rect(surface, theme.BG_DARK, rect, border_radius=theme.px(14))
        pygame.draw.rect(surface, theme.COACH, rect, width=max(1, theme.px(2)),
                         border_radius=theme.px(14))
        keys = hands.say("  (N: step · Space: play on · Esc: back)",
                         "  (Step or Resume to go on)")
        box = layout.inset(rect, x=12, y=4)
        forms = [self.note + keys, self.note] + ([self.short_note] if self.short_note else [])
        text = next((t for t in forms if inline.fits(t, box, 15, min_size=13)), forms[-1])
        inline.draw_in(surface, text, box, 15, theme.COACH, min_size=13, align="left",
                       names=[seat.name for seat in self.state.seats])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.count_below and "actions" in self.regions:
            self._draw_count(surface, self.regions["actions"])

    def _draw_count(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """How far the replay is, under the dice (where a game's buttons would be: a replay
        has none): "13 of 43 played" over a bar that fills as it goes."""
        words, bar = layout.rows(layout.inset(area, x=12, y=2), fr(), 6, gap=4)
        draw_text_in(surface, self._played(), words, 15, theme.TEXT_DIM, min_size=13)
        pygame.draw.rect(surface, theme.BG_DARK, bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = round(bar.w * self.step_index / max(1, len(self.script)))
        if done.w:
            pygame.draw.rect(surface, theme.TEXT_DIM, done, border_radius=bar.h // 2)

    def _drive_bot(self, dt: float) -> None:
        if self.step_index >= len(self.script):
            return
        if self.bot_plan is None:
            action = self.script[self.step_index]
            self.table.preview_bot(action)
            self.bot_plan = (action, BASE_DELAY)
        action, left = self.bot_plan
        left -= dt * SPEEDS[self.speed]
        if left > 0 or not self.app.may_work():  # (a move is game work: App.worked)
            self.bot_plan = (action, left)
            return
        self.bot_plan = None
        self.step_index += 1
        self.act(action)
