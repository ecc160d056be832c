"""The play scene shared by every game: dice on a felt tray, the game's buttons, its
score sheet, bots that act at a readable pace, and feedback for every event.

What differs between games comes from a Table (game.scenes.tables.<game>).

Pacing: ``apply`` returns all of an action's events at once, but the player sees them one
after the other. Events wait in ``pending``: a roll tumbles first, what it led to (a
farkle, a bonus) is announced only once the dice have landed, in a banner beside the dice
(never over them), and the next player's turn starts on screen only after the banner was
shown. Until the dice land the sheet shows how it was before the roll."""

from __future__ import annotations

import pygame

from game import storage
from game.app import App, Scene
from game.bots import make_policy
from game.catalog import GameInfo
from game.rules.core import Action, Event, GameState, IllegalAction
from game.scenes.tables import load_table
from game.scenes.tables.base import Banner
from game.tasks import FRAME_BUDGET, Task
from game.ui import theme
from game.ui.dice import DiceAnimator, draw_die
from game.ui.history import History
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel
from game.ui.words import turn_of

TRAY = pygame.Rect(24, 76, 604, 300)
SHEET = pygame.Rect(648, 72, 612, 636)
STATUS = pygame.Rect(24, 466, 604, 80)  # what to do now; the banner takes this place
HISTORY = pygame.Rect(24, 552, 604, 148)
BANNER_SECONDS = {"slow": 2.4, "normal": 1.8, "fast": 1.1}  # how long an announcement stays
UNDO_GRACE = 1.5  # extra seconds a bot waits after a human's move that can still be undone


class PlayScene(Scene):
    def __init__(self, app: App, info: GameInfo, state: GameState, autosave: bool = True,
                 session=None, hinted: bool = False):
        super().__init__(app)
        self.info = info
        self.state = state
        self.autosave = autosave
        self.session = session  # a game.rules.session.Session when this game is part of one
        self.table = load_table(info.table_module())(self)
        self.bots = {i: make_policy(info.bot_module, seat.bot, seed=state.seed * 7 + i)
                     for i, seat in enumerate(state.seats) if seat.bot}
        self.animator = DiceAnimator()
        self.sheet = ScoreSheet(SHEET.copy(), label_width=190 if len(state.seats) <= 4 else 140)
        self.top_buttons = FocusGroup()
        self.table_buttons = FocusGroup()
        self.die_rects: list[pygame.Rect] = []
        self.hover_die = -1
        self.bot_plan: tuple[Action, float] | None = None
        self.bot_warm: tuple[tuple, Task] | None = None  # (position, a bot's table building)
        self.fast_forward = False
        self.banner: tuple[Banner, float] | None = None
        self.pending: list[Event] = []  # events of the last action not shown yet
        self.frozen_sheet: SheetModel | None = None  # the sheet before a roll, until it lands
        self.history = History(HISTORY.copy())
        self.shown_seat = None if state.is_over() else state.current  # whose turn is on screen
        self._turn_key = (state.current, state.turns_played)
        self.coach = None  # a game.coach.Coach, made on the first hint
        self.hint = None  # (the position it is for, the Hint) while one is shown
        self.hint_task = None  # (the position, a game.tasks.Task) while the coach thinks
        self.hint_budget = FRAME_BUDGET  # seconds of coach work per frame
        self.hint_failed = None  # the position the coach failed on ("always" asks once)
        self.hints_used = hinted  # a hint was shown to a human in this game (kept over undo,
        # saved with the game: a continued game keeps its mark)
        from game.scenes.odds_view import OddsView
        self.odds = OddsView(self)  # exact odds on a human's turn (O)
        self.table.new_turn()
        self._build_top_buttons()
        if state.turns_played == 0 and not state.is_over() and not getattr(state, "dice", None):
            self._announce_seating()

    # -- helpers used by tables ------------------------------------------------------------
    @property
    def human_turn(self) -> bool:
        return not self.state.is_over() and self.state.seats[self.state.current].is_human

    @property
    def busy(self) -> bool:
        """Something is still being shown: dice tumbling, events waiting, a banner up, or
        the table's own pause (a card about to be drawn)."""
        return (self.animator.busy or bool(self.pending) or self.banner is not None
                or self.table.hold())

    @property
    def finished(self) -> bool:
        """The game is over and everything about it has been shown: the final sheet stays
        until the player moves on to the results."""
        return self.state.is_over() and not self.busy

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def _announce_seating(self) -> None:
        order = [self.name(s) for s in self.state.order]
        text = "Seating order: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(order))
        self.history.add(text, theme.INFO)
        self._raise_banner(Banner(text, theme.INFO, "", big=True))

    def act(self, action: Action) -> bool:
        """Apply an action for the player to act; illegal ones explain themselves."""
        before = self.table.sheet()
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self.complain(str(exc))
            return False
        if any(e["type"] == "rolled" for e in events) and not self.fast_forward:
            self.frozen_sheet = before
        self.pending += events
        self.table.after_action(action, events)
        self._after_change()
        self._pump()
        return True

    def _after_change(self) -> None:
        key = (self.state.current, self.state.turns_played)
        if key != self._turn_key:
            self._turn_key = key
            self.table.new_turn()
        if self.autosave:
            # A finished game stays saved until the results are up: it can still be undone.
            storage.store(self.info.id, self.state, self.session, hinted=self.hints_used)
        self._build_top_buttons()

    def undo(self) -> None:
        """Take back the human's last decision (Ctrl+Z / the Undo button): a replay of the
        game without it, so nothing can be undone across a roll."""
        why = self.state.undo_refusal()
        if why:
            self.complain(f"Cannot undo: {why}")
            return
        self.bot_plan = None  # a bot that was about to answer waits for the new position
        self.state = self.state.rewound(self.state.undo_point())
        self.pending, self.banner, self.frozen_sheet = [], None, None
        self.shown_seat = self.state.current
        self.table.new_turn()
        self._turn_key = None
        self._after_change()
        self.history.add("Undone: back to before the last move", theme.INFO)
        self.app.sounds.play("click")
        self.app.notify("Undone", theme.INFO)

    def complain(self, text: str) -> None:
        self.app.sounds.play("error")
        self.app.notify(text[:1].upper() + text[1:], theme.BAD)

    def _pump(self) -> None:
        """Show waiting events in order; stop while dice tumble or a banner is up."""
        while self.pending and not self.animator.busy and self.banner is None:
            self._show(self.pending.pop(0))
        if not self.animator.busy and not any(e["type"] == "rolled" for e in self.pending):
            self.frozen_sheet = None  # the dice have landed: the sheet may show the result
        if not self.pending and self.banner is None:
            self.shown_seat = None if self.state.is_over() else self.state.current

    def _show(self, event: Event) -> None:
        if event["type"] == "rolled":
            self.app.sounds.play("roll")
            if not self.fast_forward:
                self.animator.start(self.table.rolled_positions(event))
        elif event["type"] == "turn":
            self.shown_seat = event["seat"]
        elif event["type"] == "game_over":
            self.shown_seat = None
        line = self.table.history_line(event)
        if line:
            self.history.add(*line)
        banner = self.table.describe(event)
        if banner:
            if banner.sound:
                self.app.sounds.play(banner.sound)
            if not line:
                self.history.add(banner.text, banner.colour)
            if banner.big:
                self._raise_banner(banner)

    def _raise_banner(self, banner: Banner) -> None:
        if not self.fast_forward:
            self.banner = (banner, BANNER_SECONDS.get(self.app.settings.bot_speed, 1.8))

    def show_results(self) -> None:
        """The game is over and its final sheet was seen: record it, show the results."""
        from game.scenes.results import ResultsScene
        news: dict[int, list[str]] = {}
        if self.autosave:
            if self.session is not None and not self.session.is_over():
                storage.store(self.info.id, self.state, self.session,  # Continue: standings
                              recorded=True)
            else:
                storage.clear()
            news = self.app.record_game(self.info.id, self.state, hinted=self.hints_used)
        self.app.replace_all(ResultsScene(self.app, self.info, self.state, news, self.session,
                                          hinted=self.hints_used))

    # -- buttons ---------------------------------------------------------------------------
    def _build_top_buttons(self) -> None:
        speed = self.app.settings.bot_speed.title()
        self.top_buttons.set([
            Button(pygame.Rect(570, 12, 74, 44), "Hint", self.request_hint, size=18,
                   hotkey="H", enabled=self.app.settings.coach != "off", ident="hint"),
            Button(pygame.Rect(652, 12, 74, 44), "Odds", self.odds.toggle, size=18, hotkey="O",
                   selected=self.odds.on, ident="odds"),
            Button(pygame.Rect(734, 12, 90, 44), "Undo", self.undo, size=18, hotkey="Ctrl+Z",
                   enabled=not self.state.undo_refusal()),
            Button(pygame.Rect(832, 12, 160, 44), f"Bot pace: {speed}", self._cycle_speed,
                   size=18, ident="pace"),
            Button(pygame.Rect(1000, 12, 100, 44), "Skip >>", self._toggle_skip, size=18,
                   selected=self.fast_forward, hotkey=""),
            Button(pygame.Rect(1110, 12, 50, 44), "?", self.open_rules, size=24),
            Button(pygame.Rect(1170, 12, 90, 44), "Menu", self.open_pause, size=20),
        ])

    # -- the coach ---------------------------------------------------------------------------
    def _position(self) -> tuple:
        return (id(self.state), len(self.state.actions))

    def current_hint(self):
        """The hint on show for this very position, or None."""
        if (self.hint is not None and self.hint[0] == self._position() and self.human_turn
                and self.app.settings.coach != "off"):
            return self.hint[1]
        return None

    def request_hint(self) -> None:
        """H or the Hint button: the strongest bot's move now, shown on the table."""
        if self.app.settings.coach == "off":
            self.app.notify("The coach is off: switch it on in the menu (Coach)")
        elif self.state.is_over():
            self.app.notify("The game is over: no more hints")
        elif not self.human_turn:
            self.app.notify(f"Hints are for your own turn: it is {self.name(self.state.current)}'s"
                            " turn")
        elif self.busy:
            self.app.notify("Wait for the dice to land, then ask again")
        else:
            self._show_hint()

    def _show_hint(self) -> None:
        """Start the coach on this position (a task spread over frames, see
        ``_step_hint``); the hint is shown when it is done."""
        if self.current_hint() is not None:
            self._mark_hinted()
        elif not self.coach_thinking():
            self.hint_task = (self._position(), Task(self._hint_steps(self.state)))

    def _hint_steps(self, state):
        if self.coach is None:
            from game.coach import Coach
            yield
            self.coach = Coach(self.info, seed=state.seed)  # imports the bot's module
        return (yield from self.coach.hint_steps(state))

    def coach_thinking(self) -> bool:
        """The coach is working on a hint for this very position."""
        return self.hint_task is not None and self.hint_task[0] == self._position()

    def _step_hint(self) -> None:
        """One frame's slice of the coach's work; a task for a position that has gone is
        dropped, a finished one shows its hint."""
        if self.hint_task is None:
            return
        position, task = self.hint_task
        if (position != self._position() or not self.human_turn
                or self.app.settings.coach == "off"):
            task.cancel()
            self.hint_task = None
            return
        if not task.step(self.hint_budget):
            return
        self.hint_task = None
        if task.error is not None:
            self.hint_failed = position
            self.complain(f"The coach could not help here ({type(task.error).__name__})")
        else:
            self.hint = (position, task.result)
            self._mark_hinted()

    def _mark_hinted(self) -> None:
        """A hint was shown: the game is marked so (saved at once, even before a move)."""
        if not self.hints_used and self.autosave:
            storage.store(self.info.id, self.state, self.session, hinted=True)
        self.hints_used = True

    def _cycle_speed(self) -> None:
        self.app.notify(f"Bot pace: {self.app.settings.next_speed()}")
        self.app.save_settings()
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
        if self.state.is_over():
            return [Button(pygame.Rect(TRAY.centerx - 130, TRAY.bottom + 18, 260, 60),
                           "See the results", self.show_results, enabled=not self.busy,
                           size=24, hotkey="Enter")]
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
        if (event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.banner is not None
                and self.human_turn):
            self.banner = None  # seen: the player's key or click moves on to their turn
            self._pump()
        if event.type == pygame.MOUSEWHEEL:
            self.history.scroll(event.y)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
            elif event.key == pygame.K_F1 or event.unicode == "?":
                self.open_rules()
            elif event.key == pygame.K_f:
                self._toggle_skip()
            elif event.key == pygame.K_o:
                self.odds.toggle()
            elif event.key == pygame.K_h and not (self.human_turn and not self.busy
                                                  and self.table.handle_key(event)):
                self.request_hint()  # (a table asking a question may take H first)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.history.scroll(3 if event.key == pygame.K_PAGEUP else -3)
            elif self.finished and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                 pygame.K_SPACE):
                self.show_results()
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
            if self.history.handle_click(event.pos):
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
            self.banner = (banner, left - dt) if left > dt and not self.fast_forward else None
        self._pump()
        if (self.human_turn and not self.busy and self.app.settings.coach == "always"
                and self.current_hint() is None and self.hint_failed != self._position()):
            self._show_hint()
        self._step_hint()
        if not self.human_turn and not self.busy and not self.state.is_over():
            self._drive_bot(dt)
        elif self.human_turn and self.fast_forward:
            self.fast_forward = False  # skipping ahead stops at the next human turn
            self._build_top_buttons()
        self.table_buttons.set(self._table_buttons())
        self.odds.update()

    def _bot_ready(self) -> bool:
        """Whether the bot to move has what it needs to decide at once: a policy with
        ``warm_steps`` (its tables, a Pirate endgame's solve) builds them first as a task,
        a few milliseconds a frame, so a first decision never holds a browser frame. Most
        positions need nothing new and are ready in the same frame."""
        policy = self.bots[self.state.current]
        warm = getattr(policy, "warm_steps", None)
        if warm is None:
            return True
        position = self._position()
        if self.bot_warm is None or self.bot_warm[0] != position:
            if self.bot_warm is not None:
                self.bot_warm[1].cancel()
            self.bot_warm = (position, Task(warm(self.state)))
        if not self.bot_warm[1].step():
            return False
        self.bot_warm = None  # done (or failed: then ``choose`` builds what it needs)
        return True

    def _drive_bot(self, dt: float) -> None:
        delay = 0.0 if self.fast_forward else self.app.settings.bot_delay
        if self.bot_plan is None:
            if not self._bot_ready():
                return
            action = self.bots[self.state.current].choose(self.state)
            self.table.preview_bot(action)
            if not self.fast_forward and self.state.undo_point() is not None:
                delay += UNDO_GRACE  # the human who just moved may still take it back
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
        if self.banner:
            self._draw_banner(surface, *self.banner)
        else:
            self._draw_status(surface)
        self.history.draw(surface)
        self.sheet.rect = self.odds.sheet_rect(SHEET)
        self.sheet.draw(surface, self.odds.decorate(self.frozen_sheet or self.table.sheet()))
        self.odds.draw(surface, SHEET)
        self._draw_hint_marks(surface)

    def _draw_hint_marks(self, surface: pygame.Surface) -> None:
        """The hinted move on the table: a gold ring round each die it names, a gold frame
        round the box it fills."""
        hint = None if self.busy or self.banner else self.current_hint()
        if hint is None:
            return
        dice, key = self.table.hint_marks(hint.action)
        for i in sorted(dice):
            if i < len(self.die_rects):
                pygame.draw.rect(surface, theme.ACCENT, self.die_rects[i].inflate(12, 12),
                                 width=3, border_radius=14)
        row = (self.sheet.cell_rects.get(key) or self.sheet.row_rects.get(key)) if key else None
        if row is not None:
            pygame.draw.rect(surface, theme.ACCENT, row.inflate(4, 2), width=3, border_radius=6)

    def _draw_top(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BG_DARK, (0, 0, theme.WIDTH, 64))
        draw_text_in(surface, self.info.title, pygame.Rect(24, 8, 230, 48), 32, theme.ACCENT,
                     True, "left", display=True)
        seat = self.shown_seat
        if seat is None:
            text, colour = "Game over", theme.ACCENT
        else:
            who = self.name(seat)
            text = turn_of(who) if self.state.seats[seat].is_human else f"{who} is playing"
            colour = self.table.seat_colour(seat)
        info = self.table.turn_info() if seat == self.state.current else ""
        x = 270
        right = min((b.rect.left for b in self.top_buttons.buttons), default=theme.WIDTH) - 10
        pygame.draw.circle(surface, colour, (x, 32), 9)
        r = draw_text_in(surface, text, pygame.Rect(x + 16, 8, min(300, right - x - 16), 48), 24,
                         theme.TEXT, True, "left", min_size=14)
        if info and right - r.right > 40:
            draw_text_in(surface, info, pygame.Rect(r.right + 14, 8, right - r.right - 14, 48), 18,
                         theme.TEXT_DIM, align="left", min_size=12, wrap=True)
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
                          not self.human_turn else (170, 220, 200), True, "center")  # its key
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
        text = "\n".join(self.table.status())
        hint = self.current_hint()
        area = STATUS.inflate(-8, 0)
        if hint is not None or self.coach_thinking():
            top = pygame.Rect(area.x, area.y, area.w, 34)
            draw_text_in(surface, text, top, 18, theme.TEXT, align="left", valign="top",
                         min_size=11, wrap=True)
            if hint is None:
                advice = "Coach is thinking…"
            else:
                advice = self.coach.advice(self.state, hint, self.table) if self.coach else ""
            draw_text_in(surface, advice, pygame.Rect(area.x, top.bottom + 2, area.w,
                                                      area.h - top.h - 2), 16, theme.ACCENT,
                         align="left", valign="top", min_size=10, wrap=True)
        else:
            draw_text_in(surface, text, area, 20, theme.TEXT, align="left", valign="top",
                         min_size=13, wrap=True)
        keys = "Esc menu · F1 rules · H hint · O odds · M sound · F skip bots · wheel/PgUp: history"
        draw_text_in(surface, keys, pygame.Rect(TRAY.x + 4, theme.HEIGHT - 20, TRAY.w, 20), 14,
                     theme.TEXT_DIM, align="left", min_size=11)

    def _draw_banner(self, surface: pygame.Surface, banner: Banner, left: float) -> None:
        """An announcement in the status area, beside the dice and never over them."""
        rect = STATUS.inflate(0, 4)
        pygame.draw.rect(surface, theme.BG_DARK, rect, border_radius=18)
        pygame.draw.rect(surface, banner.colour, rect, width=3, border_radius=18)
        draw_text_in(surface, banner.text, rect.inflate(-28, -10), 30, banner.colour, True,
                     min_size=14, wrap=True)
