"""The table every game is played at, and replayed at: dice on a felt tray, the game's
buttons, its score sheet, the move history, and the pacing of what happens.

What differs between games comes from a Table (game.scenes.tables.<game>, which asks this
scene only what tables.base.TableHost declares); who moves comes from the scene built on
this one: the play scene (people and bots), the replay (a saved game's moves) or a lesson.

TableScene composes pieces, one a responsibility, each declaring what it asks of the scene
(its ``Host``):

* game.scenes.table_pacing: the events of each move shown in order, and nothing told
  before it is seen (``act``, ``pending``, ``unseen``/``view_state``);
* game.scenes.table_tray: the dice on the felt, thrown, landing, sliding;
* game.scenes.table_moments: the moments in motion (a score's dice going to their box,
  totals counting, the banners' shake, stamp and rings, sparks, the turn's flourish);
* game.scenes.table_hints: the coach, a slice a frame, and its marks;
* game.scenes.odds_view: the exact odds;
* game.scenes.table_layout: the regions, from the window's size;
* game.scenes.table_input: pointer input routed by region (``Sections``);
* game.scenes.table_chrome: the top bar, the status place, the banners, the tabs;
* game.scenes.table_frames: what a frame draws again and what it keeps;
* game.scenes.table_autosave: the game kept after each move.

The scene keeps the names its pieces' state always had on it (``pending``, ``animator``,
``effects``, ``hint_task``...: properties that read and write the piece), so the scenes
built on it, the tables and the tests read them as before."""

from __future__ import annotations

import dataclasses
from functools import partial
from operator import attrgetter

import pygame

from game.app import App, Scene
from game.bots import make_policy
from game.catalog import GameInfo
from game.rules.core import Action, Event, GameState
from game.scenes.odds_view import OddsView
from game.scenes.table_autosave import Autosave
from game.scenes.table_chrome import Chrome
from game.scenes.table_frames import Frames
from game.scenes.table_hints import Hints
from game.scenes.table_input import TableInput
from game.scenes.table_layout import card_draw_layout, tab_rects, table_layout
from game.scenes.table_moments import Moments
from game.scenes.table_pacing import Pacing
from game.scenes.table_tray import ASIDE_DP, Tray, aside_slots, dice_row
from game.scenes.tables import (
    announces_seating,
    load_table,
    replayed_history,
    seating_text,
)
from game.scenes.tables.base import Banner
from game.tasks import Task
from game.ui import hands, layout, motion, probe, theme
from game.ui.cards import warm_card
from game.ui.dice import ASIDE, face_set, warm_label, warm_sprite
from game.ui.history import History
from game.ui.layout import Sections, fr
from game.ui.moments import travel_sizes
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup
from game.ui.words import possessive

UNDO_GRACE = 1.5  # extra seconds a bot waits after a human's move that can still be undone


def _part(part: str, name: str) -> property:
    """An attribute of one of the scene's parts, read and written by its old name on the
    scene (the play, replay and learn scenes, the tables and the tests use them)."""
    return property(attrgetter(f"{part}.{name}"),  # (in C: two dozen reads a frame)
                    lambda self, value: setattr(getattr(self, part), name, value))


class TableScene(Scene):
    """The shared table: the events of each move shown in order, and the pieces that show
    them (game.scenes.table_*). Subclasses say who moves (``update``), which tools the bar
    holds (``_build_top_buttons``) and what keys do (``handle``). What a game's table may ask
    of it: game.scenes.tables.base.TableHost."""

    coaching = True  # the tables may mention the coach (not in a replay, nor a lesson)
    # the window's form (``relayout``; until the first layout, the widest bar and no pane)
    compact_bar = False
    tabs = False
    pane_toggle = False

    STATUS = 64  # dp: the status place's height where it is fixed (a phone), its least else
    PANE = 190  # dp: the least height of a phone's sheet (every player's score in view)
    TOOLS = True  # a phone upright has a row of tools under the top bar

    def __init__(self, app: App, info: GameInfo, state: GameState, autosave: bool = True,
                 session=None, hinted: bool = False, flow=None):
        super().__init__(app)
        self.info = info
        self.state = state
        self.pacing = Pacing(self)  # the events shown in order (game.scenes.table_pacing)
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
        self.frames = Frames(self)  # what a frame draws again (game.scenes.table_frames)
        self.sheet = ScoreSheet(pygame.Rect(0, 0, 1, 1), label_width=200)
        self.regions: dict[str, pygame.Rect] = {}
        self.saving = Autosave()  # the game kept after each change (game.scenes.table_autosave)
        self._view_key: tuple | None = None
        self._late_at = -1  # the app's frame that last left the sheet late (``draw_owed``)
        self._warmed: tuple | None = None  # the dice whose faces are all made (``warm``)
        self._warm_plan: tuple | None = None  # (those dice, what ``warm`` makes for them)
        self._button_rects: tuple | None = None  # (the actions' place, n, looks), their rects
        self._model: SheetModel | None = None  # the sheet's model last made, and for what
        self._model_key: tuple | None = None  # (``_sheet_model``)
        self.chrome = Chrome(self)  # the bar, the status, banners (game.scenes.table_chrome)
        self.sections = Sections()
        self.input = TableInput(self)  # pointer input by region (game.scenes.table_input)
        self.pane = "sheet"  # on a phone: the sheet or the history under the dice
        self.top_buttons = FocusGroup()
        self.table_buttons = FocusGroup()
        self.bot_plan: tuple[Action, float] | None = None
        self.bot_waited: tuple[tuple, float] = ((), 0.0)  # (position, seconds the bot to
        # move waited for a frame that may work: App.may_work; counted in its pace)
        self.bot_warm: tuple[tuple, Task] | None = None  # (position, a bot's decision)
        self.fast_forward = False
        self.banner: tuple[Banner, float] | None = None
        self.history = History(pygame.Rect(0, 0, 1, 1))
        self.shown_seat = None if state.is_over() else state.current  # whose turn is on screen
        self.hints = Hints(self, hinted)  # the coach (game.scenes.table_hints)
        self.odds = OddsView(self)  # exact odds on a human's turn (O)
        self.table.new_turn()
        self._build_top_buttons()
        if state.actions:  # continued, or a replay opened at a move: its history, whole
            self.history.restore(replayed_history(info, state))
        elif announces_seating(state):
            self._announce_seating()

    # The pacing's, by the names the scene has always had (game.scenes.table_pacing)
    pending = _part("pacing", "pending")
    unseen = _part("pacing", "unseen")
    later = _part("pacing", "later")
    throw = _part("pacing", "throw")
    landing = _part("pacing", "landing")
    card_hidden = _part("pacing", "card_hidden")
    card_flip = _part("pacing", "card_flip")
    scoring = _part("pacing", "scoring")
    flight = _part("pacing", "flight")
    gone = _part("pacing", "gone")
    frozen_sheet = _part("pacing", "frozen_sheet")
    _frozen_hand = _part("pacing", "_frozen_hand")
    _turn_key = _part("pacing", "_turn_key")
    # The tray's (game.scenes.table_tray)
    animator = _part("tray", "animator")
    slides = _part("tray", "slides")
    die_rects = _part("tray", "die_rects")
    die_spots = _part("tray", "die_spots")
    hover_die = _part("tray", "hover_die")
    dice_row = staticmethod(dice_row)
    _aside_slots = staticmethod(aside_slots)
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

    def seat_names(self) -> list[str]:
        """The players' names, as a message too long for its box writes them shorter."""
        return [seat.name for seat in self.state.seats]

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def _announce_seating(self) -> None:
        text = seating_text(self.state)
        self.history.add(text, theme.INFO)
        self.pacing.raise_banner(Banner(text, theme.INFO, "", big=True))

    # -- the events of each move shown in order (game.scenes.table_pacing) -----------------
    def act(self, action: Action) -> bool:
        """Apply an action for the player to act; illegal ones explain themselves. An
        action that throws dice or draws a card leaves the table as it was (``unseen``)
        until they are seen."""
        return self.pacing.act(action)

    def apply_action(self, action: Action) -> list[Event]:
        """The rules apply ``action`` to the game (IllegalAction when they refuse it). A
        lesson (game.scenes.learn) has its dice come up as its script says here."""
        return self.state.apply(action)

    _copy = staticmethod(Pacing.copy)

    def _pump(self) -> None:
        """Show waiting events in order (game.scenes.table_pacing)."""
        self.pacing.pump()

    def _forget_unseen(self) -> None:
        self.pacing.forget_unseen()

    def _scoring_waits(self) -> bool:
        return self.pacing.scoring_waits()

    def _words(self, event: Event) -> None:
        self.pacing.words(event)

    def card_turn(self) -> float | None:
        return self.pacing.card_turn()

    def card_seen(self) -> None:
        self.pacing.card_seen()

    def animate(self, dt: float) -> None:
        """Once a frame: the dice in the air and a card turning over on the felt move on
        (at once when skipping ahead); what they show is revealed when they are seen."""
        self.table.tick(dt)
        if self.fast_forward:
            self.animator.finish()
            self.effects.finish()
            self.slides = {}
        else:
            # A throw started by the frame before, which drew nothing (it did game work:
            # App.worked), is drawn in this frame where that frame left it: no pose of it
            # is missed
            held = self.app.held and self.tray.thrown_at == self.app.frame - 1
            self.animator.update(0.0 if held else dt)
            for ended in self.effects.update(dt):  # (the next frame clears where it was)
                if ended.tray:
                    self.tray.stale = True
            self.moments.find_targets()
        self.tray.watch_slides(dt)
        self.pacing.tick_card(dt)

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

    def _after_change(self) -> None:
        self.pacing.sync_turn()
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
        n = len(specs)
        key = (tuple(area), n, theme.metrics.key)
        if self._button_rects is None or self._button_rects[0] != key:
            widest = 200 if n <= 2 else 160
            room = theme.dp(area.w)
            width = min(widest, (room - 12 * (n - 1)) / n)
            row = layout.centred(area, width * n + 12 * (n - 1), min(60, theme.dp(area.h)))
            self._button_rects = (key, layout.cols(row, *([fr()] * n), gap=12))
        rects = [r.copy() for r in self._button_rects[1]]  # (laid out once: each frame
        # asks, 20 us of a native frame's 175 in ``update``)
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
        return (id(self.state), self.state.action_count)

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

    def draw_owed(self) -> bool:
        """The last frame left parts or the sheet late (it changed much:
        table_frames.SPREAD)."""
        return (self._sheet_late or self.frames._parts_late) \
            and self._late_at == self.app.frame - 1

    def warm(self) -> bool:
        """The faces the dice can show (those a roll now would throw, those they show), at
        the sizes they are drawn at, made before a throw shows them (``dice.warm_sprite``):
        one piece a frame with nothing else to do. The sizes: the felt's now, the felt's
        once a roll lands (fewer dice after some are set aside are larger: Farkle made six
        in the frame of such a throw, 30-60 ms in the page at a phone's CPU), the sides a
        die takes on its way to a box, and, where dice are set aside, their row's. First the
        felt's picture (``Tray.warm_felt``); with the dice, the words under held dice and a
        card game's cards (``_warm_sides``)."""
        sizes = tuple(sorted({r.w for r in self.tray.die_rects}))
        key = (sizes, self.state.action_count, id(self.state))
        if not sizes or not self.regions:
            return False
        if self.tray.warm_felt(self.app.screen):  # (the felt a throw's frames copy)
            return True
        if key == self._warmed:
            return False
        plan = self._warm_plan[1] if self._warm_plan is not None \
            and self._warm_plan[0] == key else None
        if plan is None:  # (worked out once for the dice and the game as they are)
            plan = self._warm_sides(sizes)
            self._warm_plan = (key, plan)
        if any(make() for make in plan):
            return True
        self._warmed = key  # (all made: nothing to ask until the dice or the game change)
        self._warm_plan = None
        return False

    def _warm_sides(self, sizes: tuple) -> list:
        """What ``warm`` makes, in order: each a call that makes the next piece of it not
        made yet (True), else does nothing (False). The dice's sprites (``warm_sprite``:
        the faces, a side, the die's colour, turned or not), the words under dice at rest
        (``warm_label``: the table's ``die_labels``) and a game's cards at the felt's card
        spot and at the card draw's size (``warm_card``)."""
        rolls = [(a, spec) for a in self.state.legal_actions()
                 if (spec := self.state.roll_spec(a)) is not None] \
            if not self.state.is_over() else []
        spec = rolls[0][1] if rolls else None
        values = set(spec.faces if spec is not None and spec.faces else ())
        values |= {v for die in self.table.dice() if die.value is not None
                   for v in face_set(die.value)}
        faces = sorted(values, key=str)
        tray = self.regions.get("tray")
        counts = {(len(self.table.throw_dice(action, rolled.rolled)),
                   bool(self.table.throw_aside(action))) for action, rolled in rolls}
        aside = bool(self.table.aside_dice()) or any(apart for _, apart in counts)
        # (dice set aside leave the felt: the rolls after the next throw fewer)
        later = {(n, True) for n in range(1, max((n for n, _ in counts), default=0))} \
            if aside else set()

        def sides(which) -> list[int]:  # (the felt's sizes for those counts, largest first)
            found = {r.w for n, apart in which for r in self.tray.placed(tray, n, apart)} \
                if tray is not None else set()
            return sorted(found - set(sizes), reverse=True)
        felt = [*sizes, *sides(counts)]

        def sprites(which, colour=theme.DIE, turning=True) -> list:
            return [partial(warm_sprite, faces, size, face=colour, turning=turning)
                    for size in which]

        def words(which) -> list:
            return [partial(warm_label, label, size, mode)
                    for size in which for label, mode in self.table.die_labels]
        # the felt's now (to blit, then to turn: they are thrown) and the words under a die
        # held next; the same once the next roll lands; a card game's cards
        plan = sprites(sizes) + words(sizes) + sprites(felt[len(sizes):]) \
            + words(felt[len(sizes):])
        deck = self.state.CARD_DECK
        spot = self.table.card_spot(tray) if deck is not None and tray is not None else None
        if spot is not None:  # (a card turned over on the felt, and in the card draw: its
            # back and faces there)
            plan.append(partial(warm_card, deck, *spot.size))
            plan.append(partial(warm_card, deck, *card_draw_layout(self.regions,
                                                                   spot).card.size))
        # the row of those set aside (the dice flying there, then at rest); the felt's for
        # the rolls after it; the sides a die takes on its way to a box
        if aside:
            for colour in (theme.DIE, ASIDE):
                plan += sprites([theme.px(ASIDE_DP)], colour, turning=False)
        plan += sprites([size for size in sides(later) if size not in felt])
        plan += sprites(dict.fromkeys(side for size in felt for side in travel_sizes(size)),
                        turning=False)
        return plan

    def may_hold(self) -> bool:
        """Dice in the air are drawn every frame (a throw started in this frame may wait a
        frame: it goes on from where this frame left it, ``animate``)."""
        return not self.animator.busy or self.tray.thrown_at == self.app.frame

    def animating(self) -> bool:
        if self.app.scenes and self.app.scene is not self and self in self.app.scenes:
            return False  # (covered: nothing of it moves until it is on top again)
        return (self.animator.busy or self.card_flip > 0 or self.coach_thinking()
                or self.table.animating() or self.burst.busy or self.flourish.busy
                or self._sheet_late or self.frames._parts_late or self.effects.visible
                or bool(self.slides)
                or bool(self._effect_rects) or self.tray.stale)

    def watch_view(self) -> None:
        """Once a frame: when something on screen changed, the next frame is drawn."""
        key = self.view_key()
        self._view_frame = self.app.frame
        if key != self._view_key:
            self._view_key = key
            self.app.invalidate()
        self.tray.watch_slides(0.0)

    def view_key(self) -> tuple:
        """What the screen shows, in short: when it changes from one frame to the next the
        frame is drawn (otherwise an idle table costs nothing)."""
        sel = self.table.held if self.table.held is not None else self.table.chosen
        return (self.state.action_count, id(self.state), self.busy, self.shown_seat,
                self.banner[0] if self.banner else None, len(self.history.entries),
                self.history.offset, self.current_hint() is not None, self.coach_thinking(),
                id(self.odds.current()), bool(self.odds.lines()), self.fast_forward,
                tuple(sorted(sel)) if sel else (), self.table.cursor,
                self.table.pending_zero, self.frozen_sheet is not None,
                self.bot_plan is not None, self.sheet.page, self.sheet.scroll.offset,
                self.unseen is not None, self.card_hidden, self.landing is not None,
                tuple((b.label, b.enabled) for b in self.table_buttons.buttons),
                self.table.view_key(), hands.mode())

    def draws_as_the_table(self) -> bool:
        """Whether this scene draws what the table draws and no more (a scene built on it,
        a replay or a lesson, that draws more gets whole frames: Frames.draw_changed)."""
        cls = type(self)
        return cls.draw is TableScene.draw and cls._draw_status is TableScene._draw_status

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
                self._late_at = self.app.frame
            self.odds.draw(surface, self.regions["sheet"])
        if "keys" in self.regions and self.regions["keys"].h:
            self.draw_keys(surface)
        if self.hints.draw_marks(surface):
            self._sheet_shown = None  # a gold frame on it: the screen's sheet is not the sheet
        self.frames.draw_effects(surface)
        if surface is self.app.screen:
            self.tray.stale = False
        self.frames.drew_alone()
        self.frames.note_parts(surface)

    def draw_keys(self, surface: pygame.Surface) -> None:
        draw_text_in(surface, self.keys_text(), self.regions["keys"], 13, theme.TEXT_DIM,
                     align="left", min_size=12)

    def draw_changed(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """After a change: only the parts that changed (game.scenes.table_frames)."""
        self.ensure_layout()
        rects = self.frames.draw_changed(surface)
        if self._sheet_late or self.frames._parts_late:
            self._late_at = self.app.frame  # (``draw_owed``)
        return rects

    def _draw_status(self, surface: pygame.Surface) -> None:
        """What to do now, and the coach's advice (the replay and the lesson say more)."""
        self.chrome.status(surface)

    def turn_text(self, width: int | None = None, size: float = 20) -> tuple[str, tuple]:
        return self.chrome.turn_text(width, size)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While only the dice move, only the tray is drawn again (game.scenes.table_frames)."""
        rects = self.frames.draw_moving(surface)
        if rects is not None and (self._sheet_late or self.frames._parts_late):
            self._late_at = self.app.frame  # (``draw_owed``: what is still owed)
        return rects

    def on_screen(self) -> bool:
        return self.frames.on_screen()

    def _sheet_model(self) -> SheetModel:
        """The sheet to show: as it was while the dice fly, with the odds on it; the model
        made for the last frame again while what the screen shows (``view_key``) is the same
        (Bona Fortuna's sheet, with every box's score for the dice, takes 3 ms to make)."""
        frozen = self.frozen_sheet
        if frozen is not None and self._frozen_hand != hands.mode():  # its footer's words
            frozen = self.frozen_sheet = dataclasses.replace(frozen,
                                                             footer=self.table.sheet().footer)
            self._frozen_hand = hands.mode()
        key = self._model_key_now()
        if key == self._model_key and self._model is not None and not probe.recording():
            return self._model  # (a test that reads what is drawn has it made afresh)
        self._model = self.odds.decorate(frozen or self.table.sheet())
        self._model_key = key
        self.sheet.settle(self._model)  # (not changed in place until it is made again)
        return self._model

    def _model_key_now(self) -> tuple:
        """What the sheet's model depends on now (``_sheet_model``): what the screen shows,
        the sheet frozen while dice fly, the hand its words are for, the looks."""
        # (what this frame's ``watch_view`` found, when it ran in this frame)
        fresh = self._view_frame is None or self._view_frame != self.app.frame
        return (self.view_key() if fresh else self._view_key, id(self.frozen_sheet),
                hands.mode(), theme.generation)

    def sheet_before(self) -> SheetModel:
        """The table's sheet for the game as it stands, before a move (what a roll shows
        while its dice fly, ``frozen_sheet``): the model the screen was drawn from when what
        the table shows did not change since and no odds are written on it, else made
        afresh (Bona Fortuna's, every box's score for the dice, is 3 ms of a phone's frame)."""
        if self._model is not None and self.frozen_sheet is None \
                and self._model_key == self._model_key_now() \
                and not self.odds.box_notes() and not probe.recording():
            return self._model
        return self.table.sheet()

    def keys_text(self) -> str:
        """The keys line under the history (a desktop window): what the keys do here, when
        the keyboard is in use; else what the pointer does."""
        return hands.say("Esc menu · F1 rules · H hint · O odds · M sound · F skip bots · "
                         "PgUp/PgDn: history · F11 fullscreen",
                         "The wheel scrolls the move history", "")

    # -- what the scene built on this one provides -----------------------------------------
    def _build_top_buttons(self) -> None:
        """The tools in the top bar."""
