"""The play scene shared by every game: dice on a felt tray, the game's buttons, its
score sheet, bots that act at a readable pace, and feedback for every event.

What differs between games comes from a Table (game.scenes.tables.<game>).

Pacing: ``apply`` returns all of an action's events at once, but the player sees them one
after the other. Events wait in ``pending``: a roll tumbles first, what it led to (a
farkle, a bonus) is announced only once the dice have landed, in a banner beside the dice
(never over them), and the next player's turn starts on screen only after the banner was
shown. Until the dice land the sheet shows how it was before the roll.

Layout (``relayout``, from the window's size): a top bar (whose turn, the tools), the felt
tray with the dice, the game's buttons, the status place (what to do now, the coach, the
banners and messages), the move history and the score sheet. On a wide window the sheet
stands beside the rest; on a phone held upright it comes under the dice, the history a tab
away. Pointer input goes to the region under it (``Sections``)."""

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
from game.ui import layout, probe, theme
from game.ui.dice import DiceAnimator, draw_die, lift
from game.ui.history import History
from game.ui.layout import Sections, fr
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in, ellipsize, text_width
from game.ui.widgets import Button, FocusGroup, draw_text, panel
from game.ui.words import turn_of

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
        self.sheet = ScoreSheet(pygame.Rect(0, 0, 1, 1), label_width=200)
        self.regions: dict[str, pygame.Rect] = {}
        self._view_key: tuple | None = None
        self.sections = Sections()
        self.pane = "sheet"  # on a phone: the sheet or the history under the dice
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
        self.history = History(pygame.Rect(0, 0, 1, 1))
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
        self.app.invalidate()
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
        news: dict[int, list[str]] = {}
        if self.autosave:
            if self.session is not None and not self.session.is_over():
                storage.store(self.info.id, self.state, self.session,  # Continue: standings
                              recorded=True)
            else:
                storage.clear()
            news = self.app.record_game(self.info.id, self.state, hinted=self.hints_used)
        self.app.show("results", info=self.info, state=self.state, news=news,
                      session=self.session, hinted=self.hints_used)

    # -- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        """The regions for the window: see the module's doc. Sizes are in dp."""
        f = layout.form()
        screen = layout.screen_rect()
        control = layout.touch_size(44)
        self.compact_bar = f.narrow or f.short or f.portrait
        tabs = f.portrait or f.short
        r: dict[str, pygame.Rect] = {}
        if f.portrait:  # the tools in a row under the bar, the sheet or history under all
            bar, tools, body = layout.rows(screen, control + 8, control + 8, fr())
            r["bar"], r["tools"] = bar, layout.inset(tools, x=8, bottom=8)
            body = layout.inset(body, x=8, bottom=8)
            tray_h = self.table.tray_height(theme.dp(body.w))
            r["tray"], r["actions"], r["status"], r["pane"] = layout.rows(
                body, fr(4, min=min(tray_h, 150), max=tray_h), control + 4, 64,
                fr(1, min=150), gap=6)
        else:
            bar_h = 48 if f.short else 64
            bar, body = layout.rows(screen, bar_h, fr())
            r["bar"] = bar
            body = layout.inset(body, 8 if f.short else 16)
            left, right = layout.cols(body, fr(1, min=300), fr(1.1 if not f.narrow else 1.05),
                                      gap=10 if f.short else 18)
            if tabs:
                r["tray"], r["actions"], r["status"] = layout.rows(
                    left, fr(1, min=110), control + 2, 64, gap=6)
                r["tabs"], r["pane"] = layout.rows(right, control, fr(), gap=6)
            else:
                keys = 20 if not f.touch else 0
                parts = layout.rows(left, fr(1, min=200), control + 14, fr(0.42, min=80),
                                    fr(0.58, min=90), keys, gap=8)
                r["tray"], r["actions"], r["status"], r["history"], r["keys"] = parts
                r["actions"] = layout.inset(r["actions"], y=4)
                r["sheet"] = right
        if tabs:
            r["sheet" if self.pane == "sheet" else "history"] = r["pane"]
        self.regions = r
        self.tabs = "tabs" in r  # the two tabs over the pane (a phone on its side)
        self.pane_toggle = f.portrait  # one button among the tools (a phone upright)
        self.history.set_rect(r.get("history") or r["pane"])
        self._build_top_buttons()
        self.table_buttons.set(self._table_buttons())
        self._sections()

    def _sections(self) -> None:
        """Which region takes a pointer event (the topmost first)."""
        s = self.sections
        s.clear()
        r = self.regions
        s.add("tray", r["tray"], self._pointer_tray)
        s.add("actions", r["actions"], self.table_buttons.handle)
        if "sheet" in r:
            s.add("sheet", r["sheet"], self._pointer_sheet)
        if "history" in r:
            s.add("history", r["history"], self._pointer_history)
        if self.tabs:
            s.add("tabs", r["tabs"], self._pointer_tabs)
        s.add("bar", r["bar"], self.top_buttons.handle)
        if "tools" in r:
            s.add("tools", r["tools"], self.top_buttons.handle)

    def show_pane(self, pane: str) -> None:
        """On a phone: show the sheet or the move history under the dice."""
        if self.pane != pane:
            self.pane = pane
            self._layout_key = None
            self.ensure_layout()
            self.app.invalidate()

    # -- buttons ---------------------------------------------------------------------------
    def _build_top_buttons(self) -> None:
        if not self.regions:
            return
        speed = self.app.settings.bot_speed.title()
        undo_ok = not self.state.undo_refusal()
        specs = [("Hint", self.request_hint, "H", dict(enabled=self.app.settings.coach != "off",
                                                         ident="hint")),
                 ("Odds", self.odds.toggle, "O", dict(selected=self.odds.on, ident="odds")),
                 ("Undo", self.undo, "Ctrl+Z", dict(enabled=undo_ok, ident="undo"))]
        if not self.compact_bar:
            specs.append((f"Bot pace: {speed}", self._cycle_speed, "", dict(ident="pace")))
        specs.append(("Skip >>", self._toggle_skip, "F", dict(selected=self.fast_forward,
                                                               ident="skip")))
        if getattr(self, "pane_toggle", False):
            other = "history" if self.pane == "sheet" else "sheet"
            specs.append(("History" if other == "history" else "Sheet",
                          lambda other=other: self.show_pane(other), "", dict(ident="pane")))
        if not self.compact_bar:
            specs.append(("?", self.open_rules, "F1", dict(ident="rules")))
        specs.append(("Menu", self.open_pause, "Esc", dict(ident="menu")))
        widths = {"Hint": 72, "Odds": 72, "Undo": 80, "Skip >>": 92, "?": 48, "Menu": 84}
        r = self.regions
        control = layout.touch_size(44)
        if "tools" in r:  # a phone upright: the menu in the bar, the tools in a row under it
            tools = [sp for sp in specs if sp[0] != "Menu"]
            rects = layout.cols(r["tools"], *([fr()] * len(tools)), gap=6)
            menu_rect = layout.cols(layout.inset(r["bar"], x=6, y=4), fr(), 84)[1]
            placed = list(zip(tools, rects, strict=True)) + [(specs[-1], menu_rect)]
        else:
            bar = layout.inset(r["bar"], x=12, y=(theme.dp(r["bar"].h) - control) / 2)
            ws = [widths.get(sp[0], 150) for sp in specs]
            rects = layout.flow(bar, ws, theme.dp(bar.h), gap=8, align="right")
            placed = list(zip(specs, rects, strict=True))
        buttons = []
        for (label, action, key, extra), rect in placed:
            buttons.append(Button(rect, label, action, size=16 if label != "?" else 22,
                                  hotkey=key, min_size=13, **extra))
        self.top_buttons.set(buttons)

    def _table_buttons(self) -> list[Button]:
        area = self.regions.get("actions")
        if area is None:
            return []
        if self.state.is_over():
            rect = layout.centred(area, 260, min(60, theme.dp(area.h)))
            return [Button(rect, "See the results", self.show_results, enabled=not self.busy,
                           size=20, hotkey="Enter", ident="results")]
        specs = self.table.buttons()
        if not specs:
            return []
        widest = 200 if len(specs) <= 2 else 160
        n = len(specs)
        room = theme.dp(area.w)
        width = min(widest, (room - 12 * (n - 1)) / n)
        row = layout.centred(area, width * n + 12 * (n - 1), min(60, theme.dp(area.h)))
        rects = layout.cols(row, *([fr()] * n), gap=12)
        buttons = []
        for spec, rect in zip(specs, rects, strict=True):
            def run(spec=spec):
                if not self.human_turn or self.busy:
                    self._not_now()
                elif spec.action is not None:
                    self.act(spec.action)
                else:
                    self.table.press(spec.key)
            buttons.append(Button(rect, spec.label, run,
                                  enabled=spec.enabled and self.human_turn and not self.busy,
                                  size=20, hotkey=spec.hotkey, min_size=14))
        return buttons

    def _not_now(self) -> None:
        if self.state.is_over():
            self.app.notify("The game is over")
        elif not self.human_turn:
            self.app.notify(f"Wait: it is {self.name(self.state.current)}'s turn (F skips ahead)")

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
        self.app.open("rules", info=self.info)

    def open_pause(self) -> None:
        self.app.open("pause", play=self)

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if (event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.banner is not None
                and self.human_turn):
            self.banner = None  # seen: the player's key or click moves on to their turn
            self._pump()
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_die = next((i for i, r in enumerate(self.die_rects)
                                   if r.collidepoint(event.pos)), -1)
            self.sheet.hover_key = self.sheet.key_at(event.pos) if self.human_turn else None
        if self.sections.route(event):
            return
        if event.type == pygame.MOUSEWHEEL:  # not over the sheet: the history scrolls
            if "history" not in self.regions:
                self.show_pane("history")  # a phone: the wheel looks back in the history
            self.history.scroll(event.y)

    def _key(self, event: pygame.event.Event) -> None:
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
            if "history" not in self.regions:
                self.show_pane("history")
            self.history.scroll(3 if event.key == pygame.K_PAGEUP else -3)
        elif self.finished and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                             pygame.K_SPACE):
            self.show_results()
        elif self.human_turn and not self.busy:
            self.table.handle_key(event)
            cursor = getattr(self.table, "cursor", None)
            if cursor:
                if "sheet" not in self.regions:
                    self.show_pane("sheet")
                self.sheet.reveal(cursor)
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN) or pygame.K_1 <= event.key <= pygame.K_9:
            self._not_now()

    def _pointer_tray(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for i, r in enumerate(self.die_rects):
            if r.collidepoint(event.pos):
                if self.human_turn and not self.busy:
                    self.table.click_die(i)
                    self.app.invalidate()
                else:
                    self._not_now()
                return True
        return self.table.click_tray(event.pos)

    def _pointer_sheet(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self.sheet.wheel(event)
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        step = self.sheet.pager_at(event.pos)
        if step:
            self.sheet.turn_page(step)
            return True
        column = self.sheet.header_at(event.pos)
        if column is not None:
            model = self.table.sheet()
            if 0 <= column < len(model.headers):
                self.app.notify(model.headers[column][0], model.headers[column][1])
            return True
        key = self.sheet.key_at(event.pos)
        if key is None:
            return False
        if self.human_turn and not self.busy:
            self.table.click_row(key)
        else:
            self._not_now()
        return True

    def _pointer_history(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.history.scroll(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.history.handle_click(event.pos)
        return False

    def _pointer_tabs(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for name, rect in self.tab_rects().items():
            if rect.collidepoint(event.pos):
                self.show_pane(name)
                return True
        return False

    def tab_rects(self) -> dict[str, pygame.Rect]:
        if not self.tabs:
            return {}
        sheet, history = layout.cols(self.regions["tabs"], fr(), fr(), gap=6)
        return {"sheet": sheet, "history": history}

    def message_rect(self) -> pygame.Rect:
        """Messages go in the status place under the dice (beside a banner when one is up)."""
        self.ensure_layout()
        status = self.regions["status"]
        if self.banner is not None:
            return layout.rows(status, fr(), fr(), gap=4)[1]
        return status

    def animating(self) -> bool:
        return self.animator.busy or self.coach_thinking() or self.table.animating()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While only the dice move, only the tray is drawn again."""
        if not self.animator.busy or self.coach_thinking() or self.table.animating() \
                or not self.regions:
            return None
        tray = self.regions["tray"]
        area = tray.inflate(theme.px(4), theme.px(4)).clip(surface.get_rect())
        surface.fill(theme.BG, area)
        self._draw_tray(surface)
        self._draw_hint_marks(surface)
        return [area]

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
        self.watch_view()

    def watch_view(self) -> None:
        """Once a frame: when something on screen changed, the next frame is drawn."""
        key = self.view_key()
        if key != self._view_key:
            self._view_key = key
            self.app.invalidate()

    def view_key(self) -> tuple:
        """What the screen shows, in short: when it changes from one frame to the next the
        frame is drawn (otherwise an idle table costs nothing)."""
        sel = getattr(self.table, "held", None)
        if sel is None:
            sel = getattr(self.table, "chosen", None)
        return (len(self.state.actions), id(self.state), self.busy, self.shown_seat,
                self.banner[0] if self.banner else None, len(self.history.entries),
                self.history.offset, self.current_hint() is not None, self.coach_thinking(),
                id(self.odds.current()), bool(self.odds.lines()), self.fast_forward,
                tuple(sorted(sel)) if sel else (), getattr(self.table, "cursor", None),
                getattr(self.table, "pending_zero", None), self.frozen_sheet is not None,
                self.bot_plan is not None, self.sheet.page, self.sheet.scroll.offset,
                tuple((b.label, b.enabled) for b in self.table_buttons.buttons),
                self.table.view_key())

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
        self.ensure_layout()
        surface.fill(theme.BG)
        self._draw_top(surface)
        self._draw_tray(surface)
        self.table_buttons.draw(surface)
        if self.banner:
            self._draw_banner(surface, *self.banner)
        elif not self.app.toast or self.app.scene is not self:
            self._draw_status(surface)
        if self.tabs:
            self._draw_tabs(surface)
        if "history" in self.regions:
            self.history.draw(surface)
        if "sheet" in self.regions:
            area = self.regions["sheet"]
            self.sheet.rect = self.odds.sheet_rect(area)
            self.sheet.draw(surface, self.odds.decorate(self.frozen_sheet or self.table.sheet()))
            self.odds.draw(surface, area)
        if "keys" in self.regions and self.regions["keys"].h:
            keys = ("Esc menu · F1 rules · H hint · O odds · M sound · F skip bots · "
                    "wheel/PgUp: history · F11 fullscreen")
            draw_text_in(surface, keys, self.regions["keys"], 13, theme.TEXT_DIM,
                         align="left", min_size=12)
        self._draw_hint_marks(surface)

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        for name, rect in self.tab_rects().items():
            on = self.pane == name
            pygame.draw.rect(surface, theme.PANEL_LIGHT if on else theme.PANEL, rect,
                             border_radius=theme.px(10))
            if on:
                pygame.draw.rect(surface, theme.ACCENT, rect, width=max(1, theme.px(2)),
                                 border_radius=theme.px(10))
            label = "Score sheet" if name == "sheet" else "Move history"
            draw_text_in(surface, label, rect.inflate(-theme.px(10), 0), 16,
                         theme.ACCENT if on else theme.TEXT, True, min_size=13)
            probe.control(f"tab {name}", rect, surface=surface)

    def _draw_hint_marks(self, surface: pygame.Surface) -> None:
        """The hinted move on the table: a gold ring round each die it names, a gold frame
        round the box it fills."""
        hint = None if self.busy or self.banner else self.current_hint()
        if hint is None:
            return
        dice, key = self.table.hint_marks(hint.action)
        specs = self.table.dice()
        for i in sorted(dice):
            if i < len(self.die_rects):
                mode = specs[i].mode if i < len(specs) else "free"
                ring = self.die_rects[i].move(0, lift(mode, self.die_rects[i]))
                pygame.draw.rect(surface, theme.ACCENT, ring.inflate(theme.px(12), theme.px(12)),
                                 width=max(2, theme.px(3)), border_radius=theme.px(14))
        row = (self.sheet.cell_rects.get(key) or self.sheet.row_rects.get(key)) if key else None
        if row is not None and "sheet" in self.regions:
            pygame.draw.rect(surface, theme.ACCENT, row.inflate(theme.px(4), theme.px(2)),
                             width=max(2, theme.px(3)), border_radius=theme.px(6))

    def turn_text(self, width: int | None = None, size: float = 20) -> tuple[str, tuple]:
        """Whose turn it is, in words; given a width (device px), a name too long for it is
        shortened with "…" so that "'s turn" / "is playing" stays."""
        seat = self.shown_seat
        if seat is None:
            return "Game over", theme.ACCENT
        who = self.name(seat)
        text = turn_of(who) if self.state.seats[seat].is_human else f"{who} is playing"
        if width is not None and who in text and text_width(text, size, True) > width:
            rest = text.replace(who, "", 1)
            room = max(theme.px(30), width - text_width(rest, size, True))
            short = ellipsize(theme.font(size, True), who, room)
            text = text.replace(who, short, 1)
        return text, self.table.seat_colour(seat)

    def _draw_top(self, surface: pygame.Surface) -> None:
        bar = self.regions["bar"]
        pygame.draw.rect(surface, theme.BG_DARK, bar)
        if "tools" in self.regions:
            tools = self.regions["tools"]
            pygame.draw.rect(surface, theme.BG_DARK, (0, bar.bottom, bar.w, tools.bottom + 6 -
                                                      bar.bottom))
        right = min((b.rect.left for b in self.top_buttons.buttons
                     if b.rect.colliderect(bar)), default=bar.right) - theme.px(10)
        area = pygame.Rect(bar.x + theme.px(12), bar.y, right - bar.x - theme.px(12), bar.h)
        if not self.compact_bar:
            title = pygame.Rect(area.x, area.y, min(theme.px(230), area.w // 3), area.h)
            draw_text_in(surface, self.info.title, title, 28, theme.ACCENT, True, "left",
                         min_size=18, display=True)
            area = pygame.Rect(title.right + theme.px(16), area.y, area.right - title.right -
                               theme.px(16), area.h)
        text, colour = self.turn_text(area.w - theme.px(40), 20)
        seat = self.shown_seat
        info = self.table.turn_info() if seat == self.state.current else ""
        mine = seat is not None and self.state.seats[seat].is_human
        dot = theme.px(9)
        if mine:  # your turn: unmistakable, a lit band in your colour
            band = area.inflate(0, -theme.px(14))
            pygame.draw.rect(surface, (48, 44, 28), band, border_radius=theme.px(10))
            pygame.draw.rect(surface, colour, band, width=max(1, theme.px(2)),
                             border_radius=theme.px(10))
        pygame.draw.circle(surface, colour, (area.x + dot + theme.px(6), area.centery), dot)
        words = pygame.Rect(area.x + 2 * dot + theme.px(14), area.y,
                            area.w - 2 * dot - theme.px(20), area.h)
        drawn = draw_text_in(surface, text, words, 20, theme.ACCENT if mine else theme.TEXT,
                             True, "left", min_size=16)
        rest = pygame.Rect(drawn.right + theme.px(14), area.y, words.right - drawn.right -
                           theme.px(14), area.h)
        if info and rest.w > theme.px(60):
            face = theme.font(15)
            if face.size(info)[0] <= rest.w:
                draw_text_in(surface, info, rest, 15, theme.TEXT_DIM, align="left",
                             min_size=15)
        self.top_buttons.draw(surface)

    def _draw_tray(self, surface: pygame.Surface) -> None:
        tray = self.regions["tray"]
        panel(surface, tray, theme.FELT, 22, theme.FELT_DARK)
        self.table.draw_tray(surface, tray)
        dice = self.table.dice()
        placed = self.table.dice_rects(tray, len(dice))
        if not placed:
            placed = self.dice_row(tray, len(dice), bool(self.table.aside_dice()))
        self.die_rects = []
        keys_on = self.human_turn and not theme.metrics.touch
        for i, spec in enumerate(dice):
            rect = placed[i]
            bounce, rotation = self.animator.offset(i)
            value = spec.value if spec.value is None else self.animator.shown(i, spec.value)
            draw_die(surface, rect.move(0, theme.px(bounce)), value, mode=spec.mode,
                     rotation=rotation, label=spec.label,
                     hover=(i == self.hover_die and self.human_turn))
            if spec.mode != "aside" and keys_on:  # its key
                draw_text(surface, str(i + 1), (rect.centerx, rect.top - theme.px(30)), 13,
                          (170, 220, 200), True, "center")
            if spec.mode not in ("aside", "blank"):
                probe.control(f"die {i}", rect, group="dice", surface=surface)
            self.die_rects.append(rect)
        groups = self.table.aside_dice()
        if groups:
            size = theme.px(34)
            gx, gy = tray.x + theme.px(14), tray.bottom - size - theme.px(10)
            label = pygame.Rect(gx, gy - theme.px(20), tray.w - theme.px(28), theme.px(18))
            draw_text_in(surface, self.table.aside_label(), label, 13, (190, 230, 215), True,
                         "left", min_size=12)
            for group in groups:
                for v in group:
                    if gx + size > tray.right - theme.px(8):
                        break
                    draw_die(surface, pygame.Rect(gx, gy, size, size), v, mode="aside")
                    gx += size + theme.px(4)
                gx += theme.px(12)

    def dice_row(self, tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]:
        """The dice in a row in the middle of the tray, or in two rows when one row would
        make them smaller than a finger on a touch layout (or than 36 dp); room is left for
        their keys above and the set-aside dice below."""
        area = layout.inset(tray, x=16, top=34, bottom=64 if aside else 26)
        n = max(1, n)
        gap = theme.px(14)
        floor = theme.px(theme.TOUCH_MIN if theme.metrics.touch else 36)

        def side(per_row: int) -> int:
            lines = (n + per_row - 1) // per_row
            return min(theme.px(84), (area.w - gap * (per_row - 1)) // per_row,
                       (area.h - gap * (lines - 1)) // lines)

        per_row = n
        size = side(n)
        if size < floor and n > 1 and side((n + 1) // 2) > size:
            per_row = (n + 1) // 2
            size = side(per_row)
        lines = (n + per_row - 1) // per_row
        total_h = lines * size + (lines - 1) * gap
        y = area.centery - total_h // 2
        rects = []
        for line in range(lines):
            count = min(per_row, n - line * per_row)
            width = count * size + (count - 1) * gap
            x = area.centerx - width // 2
            for k in range(count):
                rects.append(pygame.Rect(x + k * (size + gap), y + line * (size + gap), size,
                                         size))
        return rects

    def _draw_status(self, surface: pygame.Surface) -> None:
        text = "\n".join(self.table.status())
        hint = self.current_hint()
        area = self.regions["status"].inflate(-theme.px(8), 0)
        if hint is not None or self.coach_thinking():
            if hint is None:
                advice = "Coach is thinking…"
            else:
                advice = self.coach.advice(self.state, hint, self.table) if self.coach else ""
            top, bottom = layout.rows(area, fr(1), fr(1.3), gap=2)
            draw_text_in(surface, text, top, 16, theme.TEXT, align="left", valign="top",
                         min_size=16, wrap=True)
            draw_text_in(surface, advice, bottom, 15, theme.ACCENT, align="left",
                         valign="top", min_size=13, wrap=True)
        else:
            draw_text_in(surface, text, area, 18, theme.TEXT, align="left", valign="top",
                         min_size=16, wrap=True)

    def _draw_banner(self, surface: pygame.Surface, banner: Banner, left: float) -> None:
        """An announcement in the status area, beside the dice and never over them."""
        rect = self.regions["status"]
        if self.app.toast and self.app.scene is self:
            rect = layout.rows(rect, fr(), fr(), gap=4)[0]
        pygame.draw.rect(surface, theme.BG_DARK, rect, border_radius=theme.px(18))
        pygame.draw.rect(surface, banner.colour, rect, width=max(2, theme.px(3)),
                         border_radius=theme.px(18))
        draw_text_in(surface, banner.text, layout.inset(rect, x=14, y=4), 24, banner.colour,
                     True, min_size=16, wrap=True)
