"""The play scene: people and bots at the table (game.scenes.table_view): bots that act at
a readable pace, the coach's hints, undo, the autosave after every move, and the results
when the game is over."""

from __future__ import annotations

import pygame

from game import storage, tasks
from game.scenes.table_view import UNDO_GRACE, TableScene
from game.tasks import Task
from game.ui import hands, layout, theme
from game.ui.layout import fr
from game.ui.widgets import Button


def bot_steps(policy, state):
    """A bot's decision in ``state`` as a generator job (game.tasks): its tables first
    (``warm_steps``), then its choice (``choose_steps``); returns the action, the one
    ``choose`` gives."""
    yield from policy.warm_steps(state)
    yield  # (the choice a piece of its own: in a phone's page the tables' last piece and
    # the choice took 8-9 ms together)
    return (yield from policy.choose_steps(state))


class PlayScene(TableScene):
    def update(self, dt: float) -> None:
        self.animate(dt)
        if self.banner:
            banner, left = self.banner
            self.banner = (banner, left - dt) if left > dt and not self.fast_forward else None
        self._pump()
        self.table.update(dt)  # (after the events: a turn just shown may draw its card)
        self.tick_effects(dt)
        self.note_turn()
        if (self.human_turn and not self.busy and self.app.settings.coach == "always"
                and self.current_hint() is None and self.hint_failed != self._position()
                and not self.hint_refusal()):
            self._show_hint()
        self._step_hint()
        if self.flow is not None and self.flow.update(self, dt):
            pass  # (the flow moves: moves made elsewhere shown, the turn handed on)
        elif not self.human_turn and not self.busy and not self.state.is_over():
            self._drive_bot(dt)
        elif self.human_turn and self.fast_forward:
            self.fast_forward = False  # skipping ahead stops at the next human turn
            self._build_top_buttons()
        self.table_buttons.set(self._table_buttons())
        self.odds.update()
        self.watch_view()

    def _bot_decision(self):
        """The action of the bot to move, once decided; None while it thinks. Its
        policy's ``warm_steps`` (its tables, a Pirate endgame's solve) then its
        ``choose_steps`` run as one task, in what is left of the frame's few milliseconds
        of work (``App.budget_left``: the frame draws nothing else, ``_drive_bot``), so
        neither a first decision nor a long one holds a browser frame. Most positions are
        decided in the frame that asks."""
        policy = self.bots[self.state.current]
        position = self._position()
        if self.bot_warm is None or self.bot_warm[0] != position:
            if self.bot_warm is not None:
                self.bot_warm[1].cancel()
            self.bot_warm = (position, Task(bot_steps(policy, self.state)))
        task = self.bot_warm[1]
        if not task.step(self.app.budget_left(tasks.FRAME_BUDGET)):
            return None
        self.bot_warm = None
        if task.error is not None:  # (then ``choose`` builds what it needs, in this frame)
            return policy.choose(self.state)
        return task.result

    def _drive_bot(self, dt: float) -> None:
        """The bot to move thinks its decision through (a piece a frame), waits its pace,
        then moves. Each is game work (``App.worked``), done in a frame that draws nothing
        else: it waits for a frame that may (``App.may_work``), a frame or two at most;
        skipping ahead never waits."""
        delay = 0.0 if self.fast_forward else self.app.settings.bot_delay
        free = self.fast_forward or self.app.may_work()
        if self.bot_plan is None:
            position = self._position()
            waited = self.bot_waited[1] if self.bot_waited[0] == position else 0.0
            if not free:
                self.bot_waited = (position, waited + dt)
                return
            self.app.worked()
            action = self._bot_decision()
            if action is None:
                return
            self.table.preview_bot(action)
            if not self.fast_forward and self.state.undo_point() is not None:
                delay += UNDO_GRACE  # the human who just moved may still take it back
            # (the frames it waited to think count in its pace: it moves when it would have)
            self.bot_plan = (action, max(0.0, delay - waited))
        action, left = self.bot_plan
        left -= dt
        if (left <= 0 or self.fast_forward) and (self.fast_forward or self.app.may_work()):
            self.act(action)  # (the plan is dropped after: the table as drawn, sheet_before)
            self.bot_plan = None
        else:
            self.bot_plan = (action, left)

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.skip_moments()  # the next input finishes what is moving, then acts
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
        if self.sheet.scroll.pressed and self._pointer_sheet(event):
            return  # a drag of the sheet's rows goes on (and ends) wherever the pointer is
        if self.history.pressed and self.history.pointer(event):
            return  # and so does a drag of the history's lines
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
        elif self.table.browse_key(event):
            self.app.invalidate()  # another player's sheet, also while others play
        elif self.human_turn and not self.busy and self.table.handle_key(event):
            cursor = self.table.cursor
            if cursor:
                if "sheet" not in self.regions:
                    self.show_pane("sheet")
                self.sheet.reveal(cursor)
        elif self.sheet_key(event):
            pass  # Up/Down, Home/End: the sheet's rows scroll
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN) or pygame.K_1 <= event.key <= pygame.K_9:
            if not self.human_turn or self.busy:
                self._not_now()

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
        self._forget_unseen()
        self.shown_seat = self.state.current
        self.table.new_turn()
        self._turn_key = None
        self._after_change()
        self.history.add("Undone: back to before the last move", theme.INFO)
        self.app.sounds.play("click")
        self.app.notify("Undone", theme.INFO)

    def show_results(self) -> None:
        """The game is over and its final sheet was seen: record it, show the results."""
        if self.flow is not None:
            self.flow.results(self)
            return
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
        if self.pane_toggle:
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

    def request_hint(self) -> None:
        """H or the Hint button: the strongest bot's move now, shown on the table."""
        self.hints.request()

    def _show_hint(self) -> None:
        """Start the coach on this position (game.scenes.table_hints)."""
        self.hints.start()

    def _step_hint(self) -> None:
        self.hints.step()

    def _cycle_speed(self) -> None:
        self.app.notify(f"Bot pace: {self.app.settings.next_speed().title()}")
        self.app.save_settings()
        self._build_top_buttons()

    def _toggle_skip(self) -> None:
        self.fast_forward = not self.fast_forward
        on = self.fast_forward
        self.app.notify(lambda: hands.keyed("Skipping ahead to your turn" if on else
                                            "Skipping off: bots play at their pace again", "F"))
        self._build_top_buttons()

    def open_rules(self) -> None:
        self.app.open("rules", info=self.info)

    def open_pause(self) -> None:
        self.app.open("pause", play=self)

