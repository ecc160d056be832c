"""The table every game is played at, and replayed at: dice on a felt tray, the game's
buttons, its score sheet, the move history, and the pacing of what happens.

What differs between games comes from a Table (game.scenes.tables.<game>); who moves comes
from the scene built on this one: the play scene (people and bots) or the replay (a saved
game's moves).

Pacing: ``apply`` returns all of an action's events at once, but the player sees them one
after the other. Events wait in ``pending``: a roll is thrown first, what it led to (a
farkle, a bonus) is announced only once the dice have landed, in a banner beside the dice
(never over them), and the next player's turn starts on screen only after the banner was
shown.

Nothing is told before it is seen: from an action that rolls dice or draws a card until
the dice land (or the card has turned over) the whole table -- sheet, status, top bar,
buttons, history, the dice held or set aside -- is drawn from the game as it was before
the action (``unseen``, see ``view_state``), and the thrown dice show only the faces they
*can* show; the words, sounds and looks of the result come at the landing. The table's
own bookkeeping of the action (``Table.after_action``) waits for it too.

Layout (``relayout``, from the window's size): a top bar (whose turn, the tools), the felt
tray with the dice, the game's buttons, the status place (what to do now, the coach, the
banners and messages), the move history and the score sheet. On a wide window the sheet
stands beside the rest; on a phone held upright it comes under the dice, the history a
button away. Pointer input goes to the region under it (``Sections``)."""

from __future__ import annotations

import copy
import dataclasses

import pygame

from game.app import App, Scene
from game.bots import make_policy
from game.catalog import GameInfo
from game.rules.core import Action, Event, GameState, IllegalAction
from game.scenes.odds_view import OddsView
from game.scenes.table_autosave import Autosave
from game.scenes.table_chrome import Chrome
from game.scenes.table_frames import Frames
from game.scenes.table_hints import Hints
from game.scenes.table_input import TableInput
from game.scenes.table_layout import tab_rects, table_layout
from game.scenes.table_moments import Moments
from game.scenes.table_tray import Tray, aside_slots, dice_row
from game.scenes.tables import (
    announces_seating,
    history_entries,
    load_table,
    replayed_history,
    seating_text,
)
from game.scenes.tables.base import Banner, Scoring
from game.tasks import Task
from game.ui import hands, layout, motion, theme
from game.ui.history import History
from game.ui.layout import Sections, fr
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup
from game.ui.words import possessive

UNDO_GRACE = 1.5  # extra seconds a bot waits after a human's move that can still be undone
BANNER_SECONDS = {"slow": 2.4, "normal": 1.8, "fast": 1.1}  # how long an announcement stays
CARD_FLIP = 0.6  # seconds: a card drawn with no card scene over the table (a replay) turns
# over on the felt


def _part(part: str, name: str) -> property:
    """An attribute of one of the scene's parts, read and written by its old name on the
    scene (the play, replay and learn scenes, the tables and the tests use them)."""
    return property(lambda self: getattr(getattr(self, part), name),
                    lambda self, value: setattr(getattr(self, part), name, value))


class TableScene(Scene):
    """The shared table: the events of each move shown in order, and the pieces that show
    them (game.scenes.table_*). Subclasses say who moves (``update``), which tools the bar
    holds (``_build_top_buttons``) and what keys do (``handle``). What a game's table may ask
    of it: game.scenes.tables.base.TableHost."""

    coaching = True  # the tables may mention the coach (not in a replay, nor a lesson)

    STATUS = 64  # dp: the status place's height where it is fixed (a phone), its least else
    PANE = 190  # dp: the least height of a phone's sheet (every player's score in view)
    TOOLS = True  # a phone upright has a row of tools under the top bar

    def __init__(self, app: App, info: GameInfo, state: GameState, autosave: bool = True,
                 session=None, hinted: bool = False, flow=None):
        super().__init__(app)
        self.info = info
        self.state = state
        self.autosave = autosave
        # A game played another way than at one screen (by link, a daily challenge): its
        # flow keeps it, may show moves first, refuse hints and lead to its own end (see
        # game.linkplay.LinkFlow, game.dailyplay.DailyFlow); None: the autosave and results.
        self.flow = flow
        self.session = session  # a game.rules.session.Session when this game is part of one
        self.table = load_table(info.table_module())(self)
        self.bots = {i: make_policy(info.bot_module, seat.bot, seed=state.seed * 7 + i)
                     for i, seat in enumerate(state.seats) if seat.bot}
        self.tray = Tray(self)  # the dice on the felt (game.scenes.table_tray)
        self.moments = Moments(self)  # the moments in motion (game.scenes.table_moments)
        self.scoring: Scoring | None = None  # a score waiting to be shown going to its box
        self.flight: Scoring | None = None  # the score whose dice are on their way
        self._score_of: tuple = ([], None)  # (events, the game before): what ``scoring`` read
        self.gone: set[int] = set()  # dice that went to their box: not on the felt any more
        self.frames = Frames(self)  # what a frame draws again (game.scenes.table_frames)
        self.sheet = ScoreSheet(pygame.Rect(0, 0, 1, 1), label_width=200)
        self.regions: dict[str, pygame.Rect] = {}
        self.saving = Autosave()  # the game kept after each change (game.scenes.table_autosave)
        self._view_key: tuple | None = None
        self.chrome = Chrome(self)  # the bar, the status, banners (game.scenes.table_chrome)
        self.sections = Sections()
        self.input = TableInput(self)  # pointer input by region (game.scenes.table_input)
        self.pane = "sheet"  # on a phone: the sheet or the history under the dice
        self.top_buttons = FocusGroup()
        self.table_buttons = FocusGroup()
        self.bot_plan: tuple[Action, float] | None = None
        self.bot_warm: tuple[tuple, Task] | None = None  # (position, a bot's table building)
        self.fast_forward = False
        self.banner: tuple[Banner, float] | None = None
        self.pending: list[Event] = []  # events of the last action not shown yet
        self.frozen_sheet: SheetModel | None = None  # the sheet before a roll, until it lands
        self._frozen_hand = hands.mode()  # the hand its words were for
        self.unseen: GameState | None = None  # the game as last seen, while an action's dice
        # (or card) are not seen yet: what the table is drawn from (``view_state``)
        self.later: list[tuple[Action, list[Event]]] = []  # Table.after_action, at the reveal
        self.throw: tuple[tuple[int, ...], tuple, Action] | None = None  # the dice in the air:
        # their positions, the faces they can show, the action that threw them
        self.landing: Event | None = None  # the "rolled" event of the dice in the air
        self.card_hidden = False  # a card was drawn and has not turned over yet
        self.card_flip = 0.0  # seconds left of a card turning over on the felt
        self.history = History(pygame.Rect(0, 0, 1, 1))
        self.shown_seat = None if state.is_over() else state.current  # whose turn is on screen
        self._turn_key = (state.current, state.turns_played)
        self.hints = Hints(self, hinted)  # the coach (game.scenes.table_hints)
        self.odds = OddsView(self)  # exact odds on a human's turn (O)
        self.table.new_turn()
        self._build_top_buttons()
        if state.actions:  # continued, or a replay opened at a move: its history, whole
            self.history.restore(replayed_history(info, state))
        elif announces_seating(state):
            self._announce_seating()

    # The tray's, by the names the scene has always had (game.scenes.table_tray)
    animator = _part("tray", "animator")
    slides = _part("tray", "slides")
    die_rects = _part("tray", "die_rects")
    die_spots = _part("tray", "die_spots")
    hover_die = _part("tray", "hover_die")
    dice_row = staticmethod(dice_row)
    # What the frames keep (game.scenes.table_frames)
    _sheet_shown = _part("frames", "_sheet_shown")
    _sheet_late = _part("frames", "_sheet_late")
    _screen_mine = _part("frames", "_screen_mine")
    _drawn_view = _part("frames", "_drawn_view")
    _view_frame = _part("frames", "_view_frame")
    _effect_rects = _part("frames", "_effect_rects")
    # The coach's (game.scenes.table_hints)
    coach = _part("hints", "coach")
    hint = _part("hints", "hint")
    hint_task = _part("hints", "hint_task")
    hint_budget = _part("hints", "hint_budget")
    hint_failed = _part("hints", "hint_failed")
    hints_used = _part("hints", "hints_used")
    # The moments' (game.scenes.table_moments)
    effects = _part("moments", "effects")
    burst = _part("moments", "burst")
    flourish = _part("moments", "flourish")
    _aside_slots = staticmethod(aside_slots)

    @property
    def view_state(self) -> GameState:
        """The game as the player may see it now: before an action whose dice have not
        landed (or whose card has not turned over), the game as it was before it."""
        return self.unseen if self.unseen is not None else self.state

    @property
    def human_turn(self) -> bool:
        view = self.view_state
        if self.flow is not None and self.flow.watching(self):
            return False  # (moves made elsewhere are being shown)
        return not view.is_over() and view.seats[view.current].is_human

    @property
    def handing_over(self) -> bool:
        """The game has passed to the next player but the table still shows the last
        player's turn (its end is being shown): nothing is said yet of the next turn."""
        view = self.view_state
        return self.shown_seat is not None and not view.is_over() and \
            self.shown_seat != view.current

    @property
    def busy(self) -> bool:
        """Something is still being shown: dice in the air, a card not turned over, events
        waiting, a banner up, or the table's own pause (a card about to be drawn)."""
        return (self.animator.busy or bool(self.pending) or self.banner is not None
                or self.unseen is not None or self.card_hidden or self.table.hold())

    @property
    def dice_moving(self) -> bool:
        """Dice in the air, or a roll not shown yet (what a table asks before it marks the
        dice that can score)."""
        return self.animator.busy or any(e["type"] == "rolled" for e in self.pending)

    @property
    def finished(self) -> bool:
        """The game is over and everything about it has been shown: the final sheet stays
        until the player moves on to the results."""
        return self.state.is_over() and not self.busy

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def _announce_seating(self) -> None:
        text = seating_text(self.state)
        self.history.add(text, theme.INFO)
        self._raise_banner(Banner(text, theme.INFO, "", big=True))

    def act(self, action: Action) -> bool:
        """Apply an action for the player to act; illegal ones explain themselves. An
        action that throws dice or draws a card leaves the table as it was (``unseen``)
        until they are seen."""
        if self.unseen is not None or self.card_hidden:
            self._settle()  # (a replay stepped on before the last move was all shown)
        before = self.table.sheet()
        seen = self._copy(self.state) if not self.fast_forward else None
        try:
            spec = self.state.roll_spec(action)
        except Exception:  # noqa: BLE001 (an illegal action is refused by apply below)
            spec = None
        try:
            events = self.apply_action(action)
        except IllegalAction as exc:
            self.complain(str(exc))
            return False
        events = self.table.arrange(events)
        kinds = {e["type"] for e in events}
        scoring = self.table.scoring(events, seen) if seen is not None else None
        hidden = seen is not None and (bool(kinds & {"rolled", "drew"}) or scoring is not None)
        self.scoring = scoring
        self._score_of = (events, seen)  # (asked again when it is shown: the table then)
        if "rolled" in kinds and hidden:
            self.frozen_sheet, self._frozen_hand = before, hands.mode()
            rolled = next(e for e in events if e["type"] == "rolled")
            faces = spec.faces if spec else None
            positions = spec.rolled if spec else tuple(self.table.rolled_positions(rolled))
            self.throw = (tuple(positions), faces, action)
        self.app.invalidate()
        self.pending += self.table.moments(events)  # (read from the game as it is now)
        if hidden:
            self.unseen = seen
            self.later.append((action, events))
            if "drew" in kinds:
                self.card_hidden = True
                # no card scene over the table (a replay): the card turns over on the felt
                self.card_flip = CARD_FLIP if self.app.scene is self else 0.0
        else:
            self.table.after_action(action, events)
        self._after_change()
        self._pump()
        return True

    def apply_action(self, action: Action) -> list[Event]:
        """The rules apply ``action`` to the game (IllegalAction when they refuse it). A
        lesson (game.scenes.learn) has its dice come up as its script says here."""
        return self.state.apply(action)

    @staticmethod
    def _copy(state: GameState) -> GameState:
        """A copy of the game to draw the table from (its generator left out: it is never
        asked for anything)."""
        rng = state.rng
        state.rng = None  # type: ignore[assignment]
        # The logs of what was played only grow and their entries never change: the copy
        # has lists of its own holding the same entries (a deep copy of an 8-player game's
        # log took milliseconds of the frame that throws the dice).
        memo = {id(log): list(log) for log in (getattr(state, name, None) for name in
                                               ("_log", "_actors", "_drew"))
                if isinstance(log, list)}
        try:
            return copy.deepcopy(state, memo)
        finally:
            state.rng = rng

    def animate(self, dt: float) -> None:
        """Once a frame: the dice in the air and a card turning over on the felt move on
        (at once when skipping ahead); what they show is revealed when they are seen."""
        self.table.tick(dt)
        if self.fast_forward:
            self.animator.finish()
            self.effects.finish()
            self.slides = {}
        else:
            self.animator.update(dt)
            for ended in self.effects.update(dt):  # (the next frame clears where it was)
                if ended.tray:
                    self.tray.stale = True
            self.moments.find_targets()
        self.tray.watch_slides(dt)
        if self.card_flip > 0:
            self.card_flip = 0.0 if self.fast_forward else max(0.0, self.card_flip - dt)
            if self.card_hidden and self.card_flip <= CARD_FLIP / 2:
                self.card_seen()

    def skip_moments(self) -> bool:
        """The next input finishes every animation on screen at once (the dice in the air
        are left alone: a throw is not an animation to skip). True when one was running."""
        running = self.effects.busy or bool(self.slides)
        for _ in range(3):  # (what the end of one led to, too: a box lit, a total counted)
            if not (self.effects.busy or self.slides):
                break
            self.effects.finish()
            self.slides = {}
            self.app.invalidate()
            self._pump()
        return running

    def card_turn(self) -> float | None:
        """How far a card drawn on the felt has turned over (0 to 1), None when none is."""
        return None if self.card_flip <= 0 else 1 - self.card_flip / CARD_FLIP

    def card_seen(self) -> None:
        """The drawn card has turned over (the card scene, or the felt): its name may be
        shown, on the table and in the history."""
        if self.card_hidden:
            self.card_hidden = False
            self.app.invalidate()
            self._pump()

    def _settle(self) -> None:
        """Everything still waiting is shown at once, without banners (a replay stepping on
        before the last move had all been shown)."""
        self.animator.finish()
        self.effects.finish()
        self.slides = {}
        self.card_flip = 0.0
        self.card_hidden = False
        self.banner = None
        skipping, self.fast_forward = self.fast_forward, True
        try:
            self._pump()
        finally:
            self.fast_forward = skipping
        self.banner = None

    def _reveal(self) -> None:
        """The dice have landed or the card has turned over: the table shows the game as
        it is, and the table's bookkeeping of the actions catches up."""
        self.unseen, self.throw = None, None
        later, self.later = self.later, []
        for action, events in later:
            self.table.after_action(action, events)
        self._sync_turn()
        self._build_top_buttons()
        self.app.invalidate()

    def _forget_unseen(self) -> None:
        """The game was replaced (undo): nothing waits to be seen any more."""
        self.unseen, self.throw, self.landing, self.later = None, None, None, []
        self.card_hidden, self.card_flip = False, 0.0
        self.scoring, self.flight, self.gone, self.slides = None, None, set(), {}
        self.effects.finish()
        self.animator.finish()

    def _sync_turn(self) -> None:
        view = self.view_state
        key = (view.current, view.turns_played)
        if key != self._turn_key:
            self._turn_key = key
            self.table.new_turn()

    def _after_change(self) -> None:
        self._sync_turn()
        self.saving.keep(self)
        self._build_top_buttons()

    def store_game(self) -> bool:
        """Keep the game as it stands: the autosave, or where its flow keeps it."""
        return self.saving.store(self)

    def complain(self, text) -> None:
        """A refusal, as a sentence (its first letter capital, unless it starts with a
        player's name: a name is never re-cased). ``text`` may be a function that words it
        for the hand in use (game.ui.hands)."""
        self.app.sounds.play("error")
        names = [s.name for s in self.state.seats if s.name]

        def words() -> str:
            said = text() if callable(text) else text
            return said if any(said.startswith(n) for n in names) else \
                said[:1].upper() + said[1:]
        self.app.notify(words, theme.BAD)

    def _pump(self) -> None:
        """Show waiting events in order; stop while dice are in the air, a drawn card has
        not turned over or a banner is up."""
        while True:
            if self.landing is not None and not self.animator.busy:
                self._landed()
            if self.flight is not None and not self.effects.blocking:
                self._arrived()
            if not self.pending or self.animator.busy or self.banner is not None \
                    or self.effects.blocking:
                break
            if self.pending[0]["type"] == "drew" and self.card_hidden:
                break
            if self.pending[0]["type"] == "turn" and self.table.hold():
                break  # how the turn ended stays a moment before the next player's turn
            self._show(self.pending.pop(0))
        if self.unseen is not None and self.landing is None and not self.card_hidden \
                and self.flight is None and not self._scoring_waits() \
                and not any(e["type"] in ("rolled", "drew") for e in self.pending):
            self._reveal()
        if not self.animator.busy and not any(e["type"] == "rolled" for e in self.pending):
            self.frozen_sheet = None  # the dice have landed: the sheet may show the result
        if not self.pending and self.banner is None and self.unseen is None:
            seat = None if self.state.is_over() else self.state.current
            if seat != self.shown_seat:
                self.gone = set()  # (the dice that went to a box were the last player's)
            self.shown_seat = seat

    def _scoring_waits(self) -> bool:
        """A score is still to be shown going to its box (its event not shown yet)."""
        return self.scoring is not None and any(self._is_scoring(e) for e in self.pending)

    def _is_scoring(self, event: Event) -> bool:
        target = self.scoring.event if self.scoring is not None else None
        return target is not None and event["type"] == target["type"] \
            and event.get("seat") == target.get("seat")

    def _landed(self) -> None:
        """The dice are at rest: what they show is seen now (words, sound, the table)."""
        event, self.landing = self.landing, None
        self.tray.land_sound()
        self._reveal()
        self._words(event)

    def _show(self, event: Event) -> None:
        if self._is_scoring(event):
            scoring, self.scoring = self.scoring, None
            scoring = self.table.scoring(*self._score_of) or scoring  # (where it is on screen
            scoring.event = event  # now; its event as the table arranged it: its words)
            if not self.fast_forward and self.moments.fly(scoring):
                self.flight = scoring  # its words wait for the dice to arrive
                return
        if event["type"] == "rolled":
            self.gone = set()  # (the felt's dice are thrown anew)
            self.app.sounds.play("roll", self.tray.handful())
            if not self.fast_forward and self.throw is not None:
                positions, faces, _ = self.throw
                self.tray.start_throw(positions, faces, event["seat"])
                self.landing = event  # its words wait for the landing
                return
        elif event["type"] == "turn":
            self.shown_seat = event["seat"]
            self.gone = set()
            self.table.turn_shown()
        elif event["type"] == "set_aside" and not self.fast_forward:
            self.moments.set_aside(event)
        elif event["type"] == "game_over":
            self.shown_seat = None
        self._words(event)

    def _words(self, event: Event) -> None:
        """An event's line in the history, and its banner (with its sound)."""
        for entry in history_entries(self.table, event):  # (one rule: Continue rewrites
            self.history.add(*entry)                       # the history with it too)
        banner = self.table.describe(event)
        if banner:
            if banner.sound:
                self.app.sounds.play(banner.sound)
            if banner.big:
                self._raise_banner(banner)
            if banner.celebrate:
                self.moments.celebrate(banner)
            if not self.fast_forward:
                self.moments.banner(banner)

    # -- moments in motion (game.scenes.table_moments) ------------------------------------
    def pace(self) -> float:
        return motion.pace(self.app.settings)

    def count_up(self, row: str, column: int, before: int, after: int, colour) -> None:
        """A total on the sheet counts from ``before`` to ``after`` (a turn total growing)."""
        self.moments.count_up(row, column, before, after, colour)

    def _locate(self, row: str | None, column: int | None) -> pygame.Rect | None:
        return self.moments.locate(row, column)

    def tick_effects(self, dt: float) -> None:
        self.moments.tick(dt)

    def note_turn(self) -> None:
        self.moments.note_turn()

    def _arrived(self) -> None:
        """The dice of a score are at its box: the table shows the game as it is, the box
        lights, the totals count to their new values."""
        scoring, self.flight = self.flight, None
        self.gone = set(scoring.dice)
        self._reveal()
        self._words(scoring.event)
        if not self.fast_forward:
            self.moments.arrive(scoring)

    def _raise_banner(self, banner: Banner) -> None:
        if not self.fast_forward:
            self.banner = (banner, BANNER_SECONDS.get(self.app.settings.bot_speed, 1.8))

    def relayout(self) -> None:
        """The regions for the window (game.scenes.table_layout)."""
        # A moment under way was placed in the old window (a total counting in a cell that
        # is elsewhere now): it ends at once, as on an input, the whole frame drawn anew
        self.skip_moments()
        self._effect_rects = []
        laid = table_layout(self.table, self.pane, self.STATUS, self.PANE, self.TOOLS)
        self.regions = r = laid.regions
        self.compact_bar, self.tabs, self.pane_toggle = laid.compact_bar, laid.tabs, \
            laid.pane_toggle
        self.history.set_rect(r.get("history") or r["pane"])
        self._build_top_buttons()
        self.table_buttons.set(self._table_buttons())
        self._sections()

    def _sections(self) -> None:
        self.input.route()

    def _pointer_sheet(self, event: pygame.event.Event) -> bool:
        return self.input.sheet(event)

    def _pointer_tabs(self, event: pygame.event.Event) -> bool:
        return self.input.tabs(event)

    def sheet_key(self, event: pygame.event.Event) -> bool:
        return self.input.sheet_key(event)

    def show_pane(self, pane: str) -> None:
        """On a phone: show the sheet or the move history under the dice."""
        if self.pane != pane:
            self.pane = pane
            self._layout_key = None
            self.ensure_layout()
            self.app.invalidate()

    def _table_buttons(self) -> list[Button]:
        area = self.regions.get("actions")
        if area is None:
            return []
        if self.view_state.is_over():
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
                                  size=20, hotkey=spec.hotkey, min_size=14, wrap=True))
        return buttons  # (a long label takes two lines before it is cut: "Hot dice: roll 6")

    def _not_now(self) -> None:
        view = self.view_state
        if view.is_over():
            self.app.notify("The game is over")
        elif not self.human_turn:
            turn = f"Wait: it is {possessive(self.name(view.current))} turn"
            self.app.notify(lambda: hands.say(f"{turn} (F skips ahead)", f"{turn} (Skip >> "
                                              "skips ahead)"))

    def _position(self) -> tuple:
        return (id(self.state), len(self.state.actions))

    def current_hint(self):
        """The hint on show for this very position, or None."""
        return self.hints.current()

    def hint_refusal(self) -> str:
        """Why the coach may not help in this game ("" when it may): its flow's say."""
        return self.flow.hint_refusal(self) if self.flow is not None else ""

    def coach_thinking(self) -> bool:
        """The coach is working on a hint for this very position."""
        return self.hints.thinking()

    def tab_rects(self) -> dict[str, pygame.Rect]:
        return tab_rects(self.regions["tabs"]) if self.tabs else {}

    def message_rect(self) -> pygame.Rect:
        """Messages go in the status place under the dice (beside a banner when one is up)."""
        self.ensure_layout()
        status = self.regions["status"]
        if self.banner is not None:
            return layout.rows(status, fr(), fr(), gap=4)[1]
        return status

    def animating(self) -> bool:
        if self.app.scenes and self.app.scene is not self and self in self.app.scenes:
            return False  # (covered: nothing of it moves until it is on top again)
        return (self.animator.busy or self.card_flip > 0 or self.coach_thinking()
                or self.table.animating() or self.burst.busy or self.flourish.busy
                or self._sheet_late or self.effects.visible or bool(self.slides)
                or bool(self._effect_rects) or self.tray.stale)

    def watch_view(self) -> None:
        """Once a frame: when something on screen changed, the next frame is drawn."""
        key = self.view_key()
        self._view_frame = getattr(self.app, "frame", None)
        if key != self._view_key:
            self._view_key = key
            self.app.invalidate()
        self.tray.watch_slides(0.0)

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
                self.unseen is not None, self.card_hidden, self.landing is not None,
                tuple((b.label, b.enabled) for b in self.table_buttons.buttons),
                self.table.view_key(), hands.mode())

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        model, mode = None, "draw"
        if "sheet" in self.regions:
            self.sheet.rect = self.odds.sheet_rect(self.regions["sheet"])
            model = self._sheet_model()
            mode = self.frames.sheet_mode(surface, model)
        if mode != "draw":  # the sheet as it is under the effects
            self.frames.unsoil(surface)
        self.frames.fill_background(surface, whole_sheet=mode != "draw")
        self.chrome.top(surface)
        self.tray.draw(surface)
        self.burst.draw(surface, self.regions["tray"])
        self.table_buttons.draw(surface)
        if self.banner:
            self.chrome.banner(surface, *self.banner)
        elif not self.app.toast or self.app.scene is not self:
            self._draw_status(surface)
        if self.tabs:
            self.chrome.tabs(surface)
        if "history" in self.regions:
            self.history.draw(surface)
        if model is not None:
            if mode == "draw":
                self.frames.draw_sheet(surface, model)
            else:  # "keep": the screen shows it already; "late": the next frame draws it
                self._sheet_late = mode == "late"
            self.odds.draw(surface, self.regions["sheet"])
        if "keys" in self.regions and self.regions["keys"].h:
            draw_text_in(surface, self.keys_text(), self.regions["keys"], 13, theme.TEXT_DIM,
                         align="left", min_size=12)
        if self.hints.draw_marks(surface):
            self._sheet_shown = None  # a gold frame on it: the screen's sheet is not the sheet
        self.frames.draw_effects(surface)
        if surface is getattr(self.app, "screen", None):
            self.tray.stale = False
        self.frames.drew_alone()

    def _draw_status(self, surface: pygame.Surface) -> None:
        """What to do now, and the coach's advice (the replay and the lesson say more)."""
        self.chrome.status(surface)

    def turn_text(self, width: int | None = None, size: float = 20) -> tuple[str, tuple]:
        return self.chrome.turn_text(width, size)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While only the dice move, only the tray is drawn again (game.scenes.table_frames)."""
        return self.frames.draw_moving(surface)

    def on_screen(self) -> bool:
        return self.frames.on_screen()

    def _sheet_model(self) -> SheetModel:
        """The sheet to show: as it was while the dice fly, with the odds on it."""
        frozen = self.frozen_sheet
        if frozen is not None and self._frozen_hand != hands.mode():  # its footer's words
            frozen = self.frozen_sheet = dataclasses.replace(frozen,
                                                             footer=self.table.sheet().footer)
            self._frozen_hand = hands.mode()
        return self.odds.decorate(frozen or self.table.sheet())

    def keys_text(self) -> str:
        """The keys line under the history (a desktop window): what the keys do here, when
        the keyboard is in use; else what the pointer does."""
        return hands.say("Esc menu · F1 rules · H hint · O odds · M sound · F skip bots · "
                         "PgUp/PgDn: history · F11 fullscreen",
                         "The wheel scrolls the move history", "")

    # -- what the scene built on this one provides -----------------------------------------
    def _build_top_buttons(self) -> None:
        """The tools in the top bar."""
