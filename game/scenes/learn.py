"""Learn to play: a short guided game at the real table (game.lessons holds the scripts).

The lesson is the play scene with a script: the player ("You") against one bot, every roll
prepared -- made by the rules engine with its outcome forced through the engine's chance
model (``GameState.after``), so the table shows what the rules really do with those dice.
The status place under the dice becomes the lesson's: the rule that matters now and the
one thing to do next, worded for the hand in use; the table points at the dice, the
button or the box to use. Only the expected move goes on: another move, or a die chosen
that the step does not ask for, is put back with a one-line correction. The other player's
turn is scripted too, and plays at the bots' pace.

Skippable at every step (Skip lesson, Escape): back to the menu. At the end, a real game
against a bot (started as the menu starts one) or the menu. No save, no records, no undo,
no hints: the lesson is not a game that counts."""

from __future__ import annotations

import math

import pygame

from game import lessons
from game.app import App, Scene
from game.catalog import GameInfo
from game.contract import PolicyBase
from game.lessons import Lesson, Step, matches
from game.rules.core import Action, Event, GameState, Seat
from game.scenes import scene_class
from game.ui import layout, probe, theme
from game.ui.hands import hands, keys_shown
from game.ui.layout import fr
from game.ui.text import draw_text_in, face_for, wrap_lines
from game.ui.widgets import Button, FocusGroup, dialog_box, panel
from game.ui.words import possessive

PLAYER = "You"
# The lesson's pointer: a notice (INFO), drawn as corner marks round what to use (no other
# mark of the table has that shape: focus is a double ring, the coach's a dashed one) and an
# arrow at the button to press; dark edges keep it clear on the felt and on the sheet.
POINTER = theme.INFO
POINTER_EDGE = theme.BG_DARK
BOUNCE = 0.9  # seconds the pointer bounces when a step begins (then it stands still)
SIZES = (18, 16)  # dp: the lesson's words, the largest that fits the place (type scale)


def lesson_game(info: GameInfo, lesson: Lesson) -> GameState:
    """The lesson's game: the player and the bot, on the first seed whose seating (or
    roll-off) has the player start."""
    seats = [Seat(PLAYER), Seat(lesson.bot, "normal")]
    for seed in range(1000):
        state = info.new_game(seats, dict(lesson.options), seed)
        if state.current == 0:
            return state
    raise ValueError(f"no seed lets the player start {info.title}")  # (never: half do)


# The lesson is the play scene with a script, built on it by name (game.scenes: no scene
# module imports another).
PlayScene = scene_class("play")


class Script(PolicyBase):
    """The bot's policy in a lesson: the move its step says, nothing else (no tables to
    warm, no values: ``PolicyBase``)."""

    def __init__(self, scene: LearnScene):
        self.scene = scene

    def choose(self, state) -> Action:
        step = self.scene.step
        return dict(step.moves[self.scene.bot_moves][0])


class LearnScene(PlayScene):
    coaching = False  # the tables leave the coach out of their footers
    TOOLS = False  # the rules and Skip lesson: both in the top bar of a phone
    RULE = 104  # dp: a phone on its side: the rule over the sheet, the instruction by the dice
    PANE = 150  # dp: a lesson's sheet of two players gives room to its taller status (the
    # dice stay 44 CSS px for a finger on a 360x640 phone)

    @property
    def STATUS(self) -> float:  # noqa: N802 (TableScene's setting)
        """Room for the rule and the instruction under the dice; on a phone on its side
        (whose tray has no height to spare) the instruction alone, the rule going over the
        sheet."""
        return 64 if layout.form().short else 128

    def __init__(self, app: App, info: GameInfo):
        self.lesson = lessons.lesson_for(info.id)
        if self.lesson is None:
            raise ValueError(f"{info.title} has no lesson")
        self.at = 0  # the step being played
        self.shown = -1  # the step on screen (a step shows once the table has settled)
        self.bot_moves = 0  # the bot's moves made in its step
        self.correction = ""  # the last correction, until the next step or a right move
        self.forced: tuple | None = None  # what the move being applied shows
        self.since = 0.0  # seconds since the step was shown (the pointer's bounce)
        self._ruled = False  # laid out with room for a rule over the sheet
        self._revealed: tuple | None = None  # the step and layout a box was brought into view for
        super().__init__(app, info, lesson_game(info, self.lesson), autosave=False)
        self.bots = {seat: Script(self) for seat in self.bots}
        self.odds.wanted = lambda: False  # no odds (and no coach, ``_show_hint``): the lesson
        # itself says what to do
        table_update = self.table.update

        def update(dt: float) -> None:  # a table starts things of its own (a card to draw)
            if self.step is not None and self.step.kind in ("do", "bot"):  # only for a move
                table_update(dt)
        self.table.update = update
        # the top bar says how far the lesson is, not how far its game is
        self.table.turn_info = self.progress
        if not app.settings.lessons.get(info.id):  # taken: never proposed again
            app.settings.lessons[info.id] = True
            app.save_settings()

    # -- the script ------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.at] if self.at < len(steps) else None

    @property
    def showing(self) -> Step | None:
        """The step whose words the player sees."""
        steps = self.lesson.steps
        return steps[self.shown] if 0 <= self.shown < len(steps) else None

    def progress(self) -> str:
        """How far the lesson is (the top bar's words beside whose turn it is)."""
        total = len(self.lesson.steps)
        return f"lesson, step {min(max(self.shown, 0), total - 1) + 1} of {total}"

    def advance(self) -> None:
        self.at += 1
        self.bot_moves = 0
        self.correction = ""
        self.app.invalidate()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since += dt
        if self.shown != self.at and not self.busy and self.unseen is None:
            self.shown = self.at
            self.since = 0.0
            self.correction = ""
            self.app.toast = None  # (a message about the last step: not this one's)
            if "tabs" in self.regions and bool(self.showing and self.showing.rule) != \
                    self._ruled:
                self._layout_key = None  # a phone on its side: room for the rule, or not
                self.ensure_layout()
            self._step_shown()
            self._build_top_buttons()
            self.app.invalidate()
            if self.showing is not None and self.showing.kind == "end":
                self.app.open("lesson_end", lesson=self)

    def _step_shown(self) -> None:
        """A step comes on screen: its box in view, a choice it asks for already made goes
        on at once (held dice stay held from roll to roll)."""
        step = self.showing
        if step is None:
            return
        key = self._box()
        if key is not None:
            if "sheet" not in self.regions:  # (a phone: the sheet or the history under it)
                self.show_pane("sheet")
            self.sheet.reveal(key)
        if step.kind == "pick" and self._chosen() == set(step.dice):
            self.advance()

    def on_resume(self) -> None:
        """Back from the rules or the end card: the end card again while the lesson is at
        its end (Back from the rules over it)."""
        step = self.showing
        if step is not None and step.kind == "end" and self.app.scene is self:
            self.app.open("lesson_end", lesson=self)

    def correct(self, text: str | lessons.Words = "") -> None:
        """A move the step does not ask for: put back, and said in one line."""
        step = self.showing or self.step
        if not text and step is not None:
            text = step.wrong or step.say
        self.correction = lessons.words(text)
        self.app.sounds.play("error")
        self.app.invalidate()

    def complain(self, text: str) -> None:
        """The table's own refusals ("Skulls stay where they are") become the lesson's one
        line: what to do now."""
        self.correct()

    # -- moves -----------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        step = self.step
        if step is None or (self.shown != self.at and self.human_turn):
            return False  # (a move while the last one is still being shown)
        if not self.human_turn:  # the bot: its scripted moves, in order
            if step.kind != "bot" or self.bot_moves >= len(step.moves):
                return False
            move, shows = step.moves[self.bot_moves]
            if not matches(move, action) or not self._apply_forced(action, shows):
                return False
            self.bot_moves += 1
            if self.bot_moves == len(step.moves):
                self.advance()
            return True
        if step.kind != "do" or not matches(step.move, action):
            self.correct()
            return False
        if not self._apply_forced(action, step.shows):
            return False
        self.advance()
        return True

    def _apply_forced(self, action: Action, shows: tuple) -> bool:
        self.forced = shows
        try:
            return super().act(action)
        finally:
            self.forced = None

    def apply_action(self, action: Action) -> list[Event]:
        """The move through the rules, its roll (or card) showing what the script says:
        the engine's own chance model forced to that outcome (``GameState.after``)."""
        shows = self.forced
        spec = self.state.roll_spec(action)
        if spec is not None:
            outcome = [shows[i] for i in spec.rolled]
        elif shows:  # a card drawn: the one named
            outcome = list(shows)
        else:
            return self.state.apply(action)
        self.state, events = self.state.after(action, outcome)
        return events

    def _drive_bot(self, dt: float) -> None:
        step = self.step
        if step is not None and step.kind == "bot" and self.bot_moves < len(step.moves):
            super()._drive_bot(dt)

    # -- choices: dice chosen, a box about to be crossed out ------------------------------------
    def _chosen(self) -> set[int]:
        return set(self.table.odds_selection())

    def _check_choice(self, chosen: set[int], zero) -> None:
        """After an input that changed what is chosen: a choice the step asks for stays (and
        the step goes on once all of it is made), any other is put back."""
        step = self.showing
        now = self._chosen()
        if now != chosen:
            changed = now ^ chosen
            if step is not None and step.kind == "pick" and changed <= set(step.dice):
                if now == set(step.dice):
                    self.advance()
                return
            self.table.set_selection(chosen)
            self.correct()
            return
        pending = self.table.pending_zero
        if pending != zero and pending is not None and pending != self._box():
            self.table.pending_zero = zero  # (a 0 box chosen once: not the one to cross out)
            self.correct()

    def _box(self) -> str | None:
        """The sheet's box the step is about: the box its move fills, or the one it names."""
        step = self.showing
        if step is None:
            return None
        if step.kind == "do" and step.move.get("kind") == "score":
            return self.table.hint_marks(step.move)[1]
        return step.point

    # -- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        step = self.showing
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.skip()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                    step is not None and step.kind in ("read", "end") and self.shown == self.at:
                self.go_on()
                return
            if event.key in (pygame.K_h, pygame.K_o, pygame.K_f) or (
                    event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
                self.correct("The lesson shows every move: hints, odds, undo and skipping "
                             "ahead come in a real game.")
                return
        chosen = self._chosen()
        zero = self.table.pending_zero
        moves = self.state.action_count
        super().handle(event)
        if self.state.action_count == moves and self.human_turn and not self.busy:
            self._check_choice(chosen, zero)

    def go_on(self) -> None:
        """Got it (a read step), or the real game (the end)."""
        step = self.showing
        if step is None or self.shown != self.at:
            return
        if step.kind == "read":
            self.advance()
        elif step.kind == "end":
            self.play_real()

    def skip(self) -> None:
        """Leave the lesson: the menu, this game chosen."""
        self.app.to_menu(self.info.id)

    def play_real(self) -> None:
        """A real game: the menu's seats for this game (by default you against a bot),
        started as the menu starts one (asking first over a saved game)."""
        menu = self.app.show("menu", game_id=self.info.id)
        menu.start()

    def open_pause(self) -> None:  # Escape over the card draw too
        self.skip()

    def open_rules(self) -> None:
        self.app.open("rules", info=self.info, learn=False)

    def undo(self) -> None:
        self.correct("The lesson shows every move: undo comes in a real game.")

    def _not_now(self) -> None:  # (no skipping ahead in a lesson: F is not offered)
        if not self.view_state.is_over() and not self.human_turn:
            self.app.notify(f"Wait: it is {possessive(self.name(self.view_state.current))} "
                            "turn")

    def _show_hint(self) -> None:  # (the coach set to "always" waits for a real game)
        return

    def request_hint(self) -> None:
        self.correct("The lesson shows every move: hints come in a real game.")

    def show_results(self) -> None:  # (a lesson never reaches the end of its game)
        self.skip()

    # -- what the table shows ------------------------------------------------------------------
    def relayout(self) -> None:
        """The table's layout; on a phone on its side the lesson's rule over the sheet (the
        score sheet and move history under it)."""
        super().relayout()
        r = self.regions
        step = self.showing
        self._ruled = step is not None and bool(step.rule)
        if "tabs" not in r or not self._ruled:  # (no rule: the sheet keeps the room)
            return
        column = r["tabs"].union(r["pane"])
        r["lesson"], r["tabs"], r["pane"] = layout.rows(column, self.RULE, layout.touch_size(44),
                                                        fr(), gap=6)
        r["sheet" if self.pane == "sheet" else "history"] = r["pane"]
        self.history.set_rect(r.get("history") or r["pane"])
        self._sections()

    def keys_text(self) -> str:
        return "Esc skip the lesson · F1 rules · M sound · F11 fullscreen"

    def _build_top_buttons(self) -> None:
        if not self.regions:
            return
        r = self.regions
        control = layout.touch_size(44)
        rules = ("Rules", self.open_rules, "F1", "rules", 84)
        skip = ("Skip lesson", self.skip, "Esc", "skip", 132)
        if layout.form().portrait:  # a phone upright: both at the bar's end
            _, *rects = layout.cols(layout.inset(r["bar"], x=6, y=4), fr(), 70, 108, gap=6)
            placed = list(zip((rules, skip), rects, strict=True))
        else:
            bar = layout.inset(r["bar"], x=12, y=(theme.dp(r["bar"].h) - control) / 2)
            rects = layout.flow(bar, [rules[4], skip[4]], theme.dp(bar.h), gap=8, align="right")
            placed = list(zip((rules, skip), rects, strict=True))
        keys = keys_shown()  # (laid out again when the hand changes: App.hand_changed)
        self.top_buttons.set([Button(rect, label, action, size=16, min_size=13, ident=ident,
                                     hotkey=key if keys else "")
                              for (label, action, key, ident, _), rect in placed])

    def _table_buttons(self) -> list[Button]:
        step = self.showing
        area = self.regions.get("actions")
        if area is None or step is None or step.kind not in ("read", "end") or self.busy:
            return super()._table_buttons()
        if step.kind == "end":
            return []  # (the end card has them)
        keys = keys_shown()
        rect = layout.centred(area, min(200, theme.dp(area.w)), min(60, theme.dp(area.h)))
        return [Button(rect, "Got it", self.go_on, size=20, min_size=14, ident="got it",
                       hotkey="Enter" if keys else "")]

    def view_key(self) -> tuple:
        return super().view_key() + (self.at, self.shown, self.correction, hands.mode)

    def animating(self) -> bool:
        return super().animating() or (self._pointing() and self.since < BOUNCE)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.banner is None and not self.busy:
            self._draw_pointer(surface)
        key = self._box()
        if key is not None and "sheet" in self.regions and not (
                self.sheet.cell_rects.get(key) or self.sheet.row_rects.get(key)):
            tried = (self.shown, theme.metrics.key, tuple(self.sheet.rect))
            if self._revealed != tried:  # (once a layout: the sheet's view is new)
                self._revealed = tried
                self.sheet.reveal(key)  # the box the step is about, into view
                self.app.invalidate()

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The lesson's place under the dice: the step's rule and what to do now (or what
        was wrong about the last move); on a phone on its side the rule over the sheet."""
        step = self.showing
        area = self.regions["status"]
        rule = self.regions.get("lesson")
        for box in (area, rule):
            if box is not None:
                panel(surface, box, theme.BG_DARK, 14, theme.LINE)
        if step is None:
            return
        parts = [(step.rule, theme.TEXT, True)] if step.rule else []
        if rule is not None:
            self._draw_parts(surface, layout.inset(rule, x=12, y=6), parts)
            parts = []
        if self.correction:
            parts.append((self.correction, theme.BAD, True))
        elif step.kind == "end" and self.app.scene is not self:
            parts.append(("The lesson is over.", theme.TEXT, False))  # (its end card over
            # the table says the last words; cut here under it on a phone on its side)
        else:
            parts.append((lessons.words(step.say), theme.INFO if step.rule else theme.TEXT,
                          False))
        self._draw_parts(surface, layout.inset(area, x=12, y=6), parts)

    @staticmethod
    def _draw_parts(surface: pygame.Surface, box: pygame.Rect, parts) -> None:
        """Paragraphs one under the other, all at the largest size of ``SIZES`` at which they
        fit ``box`` whole, wrapped (with larger text on, one step up where that fits too)."""
        if not parts:
            return
        gap = theme.px(4)

        def height(text: str, size: float, bold: bool, larger: bool | None) -> int:
            face = face_for(text, size, bold, larger=larger)
            return len(wrap_lines(face, text, box.w)) * face.get_height()
        for larger in (None, False):  # (None: as the setting says; False: the standard size)
            for size in SIZES:
                heights = [height(text, size, bold, larger) for text, _, bold in parts]
                if sum(heights) + gap * (len(parts) - 1) <= box.h:
                    break
            else:
                continue
            break
        y = box.y
        for (text, colour, bold), h in zip(parts, heights, strict=True):
            h = min(h, box.bottom - y)
            draw_text_in(surface, text, pygame.Rect(box.x, y, box.w, h), size, colour, bold,
                         "left", "top", min_size=size, wrap=True)
            y += h + gap

    # -- the pointer -----------------------------------------------------------------------------
    def _pointing(self) -> bool:
        return bool(self._targets())

    def _targets(self) -> list[pygame.Rect]:
        """What the step points at: the dice to choose; the box its move fills, else the
        button of its move; the box it explains and the button that goes on."""
        step = self.showing
        if step is None or self.shown != self.at or not (
                self.human_turn or step.kind in ("read", "end")):
            return []
        if step.kind == "pick":
            spots = self.die_spots or self.die_rects
            chosen = self._chosen()
            return [spots[i] for i in step.dice if i < len(spots) and i not in chosen]
        key = self._box()
        rect = (self.sheet.cell_rects.get(key) or self.sheet.row_rects.get(key)) \
            if key is not None and "sheet" in self.regions else None
        box = [rect] if rect is not None else []
        if step.kind in ("read", "end"):
            return box + [b.rect for b in self.table_buttons.buttons[:1]]
        if box or step.kind != "do":
            return box
        kind = step.move.get("kind")
        for spec, button in zip(self.table.buttons(), self.table_buttons.buttons, strict=False):
            if spec.action is not None and spec.action.get("kind") == kind:
                return [button.rect]
        return []

    def _draw_pointer(self, surface: pygame.Surface) -> None:
        """A ring round each thing to use (bouncing a moment when the step begins), and an
        arrow at the button to press, from its left."""
        targets = self._targets()
        if not targets:
            return
        px = theme.px
        t = min(self.since, BOUNCE)
        lift = round(px(6) * abs(math.sin(t / BOUNCE * 3 * math.pi)) * (1 - t / BOUNCE))
        for rect in targets:
            ring = rect.inflate(px(12) + 2 * lift, px(12) + 2 * lift)
            corners(surface, ring, max(2, px(4)))
            probe.shown("lesson pointer", None, ring)
        button = next((b.rect for b in self.table_buttons.buttons if b.rect == targets[-1]),
                      None)
        if button is not None:
            size = px(14)
            tip = (button.left - px(12) - lift, button.centery)
            room = pygame.Rect(tip[0] - 2 * size, tip[1] - size, 2 * size, 2 * size)
            if room.left > self.regions["actions"].left and not any(
                    b.rect.colliderect(room) for b in self.table_buttons.buttons):
                arrow = [tip, (tip[0] - 2 * size, tip[1] - size), (tip[0] - 2 * size,
                                                                   tip[1] + size)]
                pygame.draw.polygon(surface, POINTER, arrow)
                pygame.draw.polygon(surface, POINTER_EDGE, arrow, width=max(1, px(2)))
        sheet = self.sheet.rect if "sheet" in self.regions else None
        if sheet is not None and any(r.inflate(px(30), px(30)).colliderect(sheet)
                                     for r in targets):
            self._sheet_shown = None  # drawn over the sheet: the screen's sheet is not the sheet


def corners(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """Corner marks round ``rect``: an L at each corner, light on a dark edge."""
    arm = max(width * 2, min(rect.w, rect.h) // 3)
    for colour, grow in ((POINTER_EDGE, width), (POINTER, 0)):
        r = rect.inflate(grow, grow)
        w = width + grow
        for (x, y), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right, r.top), (-1, 1)),
                                 ((r.left, r.bottom), (1, -1)),
                                 ((r.right, r.bottom), (-1, -1))):
            x0 = x if dx > 0 else x - w
            y0 = y if dy > 0 else y - w
            pygame.draw.rect(surface, colour, (x0 if dx > 0 else x - arm, y0, arm, w))
            pygame.draw.rect(surface, colour, (x0, y0 if dy > 0 else y - arm, w, arm))


class LessonEndScene(Scene):
    """The end of a lesson: what was learnt, then a real game or the menu (over the table,
    darkened)."""

    overlay = True
    dim_alpha = 170

    def __init__(self, app: App, lesson: LearnScene):
        super().__init__(app)
        self.lesson = lesson
        self.focus = FocusGroup()
        self.play = Button(pygame.Rect(0, 0, 0, 0), "Play a game", lesson.play_real, size=20,
                           colour=(40, 130, 90), ident="play", min_size=14)
        self.menu = Button(pygame.Rect(0, 0, 0, 0), "Menu", lesson.skip, size=20, ident="menu",
                           min_size=14)
        self.focus.set([self.play, self.menu])
        self.focus.move(1)  # Enter plays

    def relayout(self) -> None:
        screen = layout.inset(layout.screen_rect(), 12)
        h = layout.touch_size(52)
        self.box = dialog_box(screen, self._words(), 18, 15, 2 * 24 + 46 + h + 36 + 3 * 10,
                              340)  # (its words whole)
        self._laid = self._words()
        inner = layout.inset(self.box, 24)
        self.title_box, self.text_box, buttons, self.message = layout.rows(
            inner, 46, fr(), h, 36, gap=10)
        self.play.rect, self.menu.rect = layout.cols(buttons, fr(1.3), fr(), gap=16)
        self._hotkeys()

    def _words(self) -> str:
        step = self.lesson.showing
        text = lessons.words(step.say) if step is not None else ""
        return f"{text} Now a real game, or back to the menu?"

    def _hotkeys(self) -> None:
        keys = keys_shown()
        self.play.hotkey, self.menu.hotkey = ("Enter", "Esc") if keys else ("", "")

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.lesson.skip()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.lesson.open_rules()
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        self._hotkeys()
        panel(surface, self.box, theme.PANEL, 18, theme.INFO)
        info = self.lesson.info
        mark = "" if info.title.endswith("!") else "!"  # (not "Grab It!!")
        draw_text_in(surface, f"You can play {info.title}{mark}", self.title_box, 28, theme.TEXT,
                     True, min_size=18, display=True)
        if self._words() != self._laid:  # (laid out for other words: as large as these need)
            self.relayout()
        draw_text_in(surface, self._words(), self.text_box, 18, theme.TEXT, min_size=15,
                     wrap=True)
        self.focus.draw(surface)
