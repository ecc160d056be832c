"""The play scene shared by every game: dice on a felt tray, the game's buttons, its
score sheet, bots that act at a readable pace, and feedback for every event.

What differs between games comes from a Table (game.scenes.tables.<game>)."""

from __future__ import annotations

import pygame

from game import storage
from game.app import App, Scene
from game.bots import make_policy
from game.catalog import GameInfo
from game.rules.core import Action, Event, GameState, IllegalAction
from game.scenes.tables import load_table
from game.scenes.tables.base import Banner
from game.ui import theme
from game.ui.dice import DiceAnimator, draw_die
from game.ui.sheet import ScoreSheet
from game.ui.widgets import Button, FocusGroup, draw_text, panel, wrap

TRAY = pygame.Rect(24, 76, 604, 300)
SHEET = pygame.Rect(648, 72, 612, 636)
END_PAUSE = 1.6  # seconds to look at the final sheet before the results


class PlayScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState, autosave: bool = True):
        super().__init__(app)
        self.info = info
        self.state = state
        self.autosave = autosave
        self.table = load_table(info.table_module())(self)
        self.bots = {i: make_policy(info.bot_module, seat.bot, seed=state.seed * 7 + i)
                     for i, seat in enumerate(state.seats) if seat.bot}
        self.animator = DiceAnimator()
        self.sheet = ScoreSheet(SHEET.copy(), label_width=190)
        self.top_buttons = FocusGroup()
        self.table_buttons = FocusGroup()
        self.die_rects: list[pygame.Rect] = []
        self.hover_die = -1
        self.bot_plan: tuple[Action, float] | None = None
        self.fast_forward = False
        self.banner: tuple[Banner, float] | None = None
        self.log: list[tuple[str, tuple]] = []
        self.end_timer: float | None = END_PAUSE if state.is_over() else None
        self._turn_key = (state.current, state.turns_played)
        self.table.new_turn()
        self._build_top_buttons()

    # -- helpers used by tables ------------------------------------------------------------
    @property
    def human_turn(self) -> bool:
        return not self.state.is_over() and self.state.seats[self.state.current].is_human

    @property
    def busy(self) -> bool:
        return self.animator.busy or self.end_timer is not None or self.table.hold()

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def act(self, action: Action) -> bool:
        """Apply an action for the player to act; illegal ones explain themselves."""
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self.complain(str(exc))
            return False
        self._show(events)
        self.table.after_action(action, events)
        key = (self.state.current, self.state.turns_played)
        if key != self._turn_key:
            self._turn_key = key
            self.table.new_turn()
        if self.state.is_over():
            self.end_timer = END_PAUSE
            if self.autosave:
                storage.clear()
        elif self.autosave:
            storage.store(self.info.id, self.state)
        return True

    def complain(self, text: str) -> None:
        self.app.sounds.play("error")
        self.app.notify(text[:1].upper() + text[1:], theme.BAD)

    def _show(self, events: list[Event]) -> None:
        for event in events:
            if event["type"] == "rolled":
                self.app.sounds.play("roll")
                if not self.fast_forward:
                    self.animator.start(self.table.rolled_positions(event))
            banner = self.table.describe(event)
            if banner:
                if banner.sound:
                    self.app.sounds.play(banner.sound)
                self.log = (self.log + [(banner.text, banner.colour)])[-4:]
                if banner.big and not self.fast_forward:
                    self.banner = (banner, 1.6)

    # -- buttons ---------------------------------------------------------------------------
    def _build_top_buttons(self) -> None:
        speed = self.app.settings.bot_speed.title()
        self.top_buttons.set([
            Button(pygame.Rect(830, 12, 150, 44), f"Bots: {speed}", self._cycle_speed, size=18),
            Button(pygame.Rect(990, 12, 110, 44), "Skip >>", self._toggle_skip, size=18,
                   selected=self.fast_forward, hotkey=""),
            Button(pygame.Rect(1110, 12, 50, 44), "?", self.open_rules, size=24),
            Button(pygame.Rect(1170, 12, 90, 44), "Menu", self.open_pause, size=20),
        ])

    def _cycle_speed(self) -> None:
        self.app.notify(f"Bot speed: {self.app.settings.next_speed()}")
        self._build_top_buttons()

    def _toggle_skip(self) -> None:
        self.fast_forward = not self.fast_forward
        self.app.notify("Skipping ahead to your turn (F)" if self.fast_forward
                        else "Bots at normal pace (F)")
        self._build_top_buttons()

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.info))

    def open_pause(self) -> None:
        from game.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def _table_buttons(self) -> list[Button]:
        specs = self.table.buttons()
        buttons = []
        width = 200 if len(specs) <= 2 else 150
        x = TRAY.centerx - (len(specs) * (width + 16) - 16) // 2
        for spec in specs:
            def run(spec=spec):
                if not self.human_turn or self.busy:
                    self._not_now()
                elif spec.action is not None:
                    self.act(spec.action)
                else:
                    self.table.press(spec.key)
            buttons.append(Button(pygame.Rect(x, TRAY.bottom + 18, width, 60), spec.label, run,
                                  enabled=spec.enabled and self.human_turn and not self.busy,
                                  size=24, hotkey=spec.hotkey))
            x += width + 16
        return buttons

    def _not_now(self) -> None:
        if self.state.is_over():
            self.app.notify("The game is over")
        elif not self.human_turn:
            self.app.notify(f"Wait: it is {self.name(self.state.current)}'s turn (F skips ahead)")

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key == pygame.K_F1 or event.unicode == "?":
                self.open_rules()
            elif event.key == pygame.K_f:
                self._toggle_skip()
            elif self.human_turn and not self.busy:
                self.table.handle_key(event)
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN) or pygame.K_1 <= event.key <= pygame.K_9:
                self._not_now()
            return
        if event.type == pygame.MOUSEMOTION:
            self.top_buttons.handle(event)
            self.table_buttons.handle(event)
            self.hover_die = next((i for i, r in enumerate(self.die_rects)
                                   if r.collidepoint(event.pos)), -1)
            self.sheet.hover_key = self.sheet.key_at(event.pos) if self.human_turn else None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.top_buttons.handle(event):
                return
            if self.table_buttons.handle(event):
                return
            for i, r in enumerate(self.die_rects):
                if r.collidepoint(event.pos):
                    if self.human_turn and not self.busy:
                        self.table.click_die(i)
                    else:
                        self._not_now()
                    return
            key = self.sheet.key_at(event.pos)
            if key is not None:
                if self.human_turn and not self.busy:
                    self.table.click_row(key)
                else:
                    self._not_now()

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.table.update(dt)
        if self.banner:
            banner, left = self.banner
            self.banner = (banner, left - dt) if left > dt else None
        if self.end_timer is not None:
            self.end_timer -= dt if not self.fast_forward else 1.0
            if self.end_timer <= 0:
                from game.scenes.results import ResultsScene
                self.app.replace_all(ResultsScene(self.app, self.info, self.state))
            return
        if not self.human_turn and not self.animator.busy and not self.table.hold():
            self._drive_bot(dt)
        elif self.human_turn and self.fast_forward:
            self.fast_forward = False  # skipping ahead stops at the next human turn
            self._build_top_buttons()
        self.table_buttons.set(self._table_buttons())

    def _drive_bot(self, dt: float) -> None:
        delay = 0.0 if self.fast_forward else self.app.settings.bot_delay
        if self.bot_plan is None:
            action = self.bots[self.state.current].choose(self.state)
            self.table.preview_bot(action)
            self.bot_plan = (action, delay)
        action, left = self.bot_plan
        left -= dt
        if left <= 0 or self.fast_forward:
            self.bot_plan = None
            self.act(action)
        else:
            self.bot_plan = (action, left)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self._draw_top(surface)
        self._draw_tray(surface)
        self.table_buttons.draw(surface)
        self._draw_status(surface)
        self.sheet.draw(surface, self.table.sheet())
        if self.banner:
            self._draw_banner(surface, *self.banner)

    def _draw_top(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_DARK, (0, 0, theme.WIDTH, 64))
        draw_text(surface, self.info.title, (24, 32), 32, theme.ACCENT, True, "midleft",
                  display=True)
        if self.state.is_over():
            text, colour = "Game over", theme.ACCENT
        else:
            seat = self.state.current
            who = self.name(seat)
            text = f"{who}'s turn" if self.state.seats[seat].is_human else f"{who} is playing"
            colour = theme.player_colour(seat)
        info = self.table.turn_info()
        x = 300
        pygame.draw.circle(surface, colour, (x, 32), 9)
        r = draw_text(surface, text, (x + 18, 32), 24, theme.TEXT, True, "midleft")
        if info:
            draw_text(surface, info, (r.right + 18, 33), 18, theme.TEXT_DIM, False, "midleft")
        self.top_buttons.draw(surface)

    def _draw_tray(self, surface: pygame.Surface) -> None:
        panel(surface, TRAY, theme.FELT, 22, theme.FELT_DARK)
        self.table.draw_tray(surface, TRAY)
        dice = self.table.dice()
        n = max(1, len(dice))
        size = 88 if n <= 5 else 78 if n <= 6 else 62
        gap = (TRAY.w - 40 - n * size) // max(1, n - 1) if n > 1 else 0
        gap = min(gap, 30)
        total = n * size + (n - 1) * gap
        x = TRAY.centerx - total // 2
        y = TRAY.centery - size // 2 - (24 if self.table.aside_dice() else 6)
        placed = self.table.dice_rects(TRAY, len(dice))
        self.die_rects = []
        for i, spec in enumerate(dice):
            rect = placed[i] if placed else pygame.Rect(x + i * (size + gap), y, size, size)
            bounce, rotation = self.animator.offset(i)
            value = spec.value if spec.value is None else self.animator.shown(i, spec.value)
            draw_die(surface, rect.move(0, bounce), value, mode=spec.mode, rotation=rotation,
                     label=spec.label, hover=(i == self.hover_die and self.human_turn))
            if spec.mode != "aside":  # dice out of play take no key
                draw_text(surface, str(i + 1), (rect.centerx, rect.bottom + 12 if placed
                                                 else TRAY.y + 22), 15, theme.FELT_DARK if
                          not self.human_turn else (170, 220, 200), True, "center")
            self.die_rects.append(rect)
        groups = self.table.aside_dice()
        if groups:
            gx, gy = TRAY.x + 20, TRAY.bottom - 62
            draw_text(surface, "Set aside:", (gx, gy - 14), 16, (190, 230, 215), True, "midleft")
            for group in groups:
                for v in group:
                    draw_die(surface, pygame.Rect(gx, gy, 40, 40), v, mode="aside")
                    gx += 44
                gx += 14

    def _draw_status(self, surface: pygame.Surface) -> None:
        y = TRAY.bottom + 96
        for line in self.table.status():
            for part in wrap(line, 20, TRAY.w):
                draw_text(surface, part, (TRAY.x + 4, y), 20, theme.TEXT, False)
                y += 26
        y = max(y + 8, 600)
        for text, colour in self.log[-3:]:
            draw_text(surface, text, (TRAY.x + 4, y), 18, colour, False)
            y += 24
        hint = "Esc menu · F1 rules · M sound · F skip bots"
        draw_text(surface, hint, (TRAY.x + 4, theme.HEIGHT - 14), 15, theme.TEXT_DIM, False,
                  "midleft")

    def _draw_banner(self, surface: pygame.Surface, banner: Banner, left: float) -> None:
        rect = pygame.Rect(0, 0, 560, 120)
        rect.center = (TRAY.centerx, TRAY.centery + 10)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = int(235 * min(1.0, left / 0.3))
        pygame.draw.rect(shade, (*theme.BG_DARK, alpha), shade.get_rect(), border_radius=24)
        surface.blit(shade, rect)
        pygame.draw.rect(surface, banner.colour, rect, width=4, border_radius=24)
        lines = wrap(banner.text, 36, rect.w - 40, True)
        y = rect.centery - (len(lines) - 1) * 22
        for line in lines:
            draw_text(surface, line, (rect.centerx, y), 36, banner.colour, True, "center")
            y += 44
