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

from game import storage
from game.app import App, Scene
from game.bots import make_policy
from game.catalog import GameInfo
from game.rules.core import Action, Event, GameState, IllegalAction
from game.scenes.tables import (
    announces_seating,
    history_entries,
    load_table,
    replayed_history,
    seating_text,
)
from game.scenes.tables.base import Banner, Scoring
from game.tasks import FRAME_BUDGET, Task
from game.ui import hands, inline, layout, marks, motion, probe, theme
from game.ui.celebrate import Burst, TurnFlourish
from game.ui.dice import THROW_SECONDS, DiceAnimator, draw_die
from game.ui.history import History
from game.ui.layout import Sections, fr
from game.ui.moments import (
    CountUp,
    Effects,
    Float,
    Lit,
    Marker,
    Rings,
    Shake,
    Stamp,
    Strike,
    Travel,
)
from game.ui.sheet import RADIUS as SHEET_RADIUS
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in, ellipsize, fits_whole, shorten_names, text_width
from game.ui.widgets import Button, FocusGroup, draw_text, panel
from game.ui.words import number, possessive, says, turn_of, your_turn

SPREAD = True  # a frame that changes the sheet with much else leaves the sheet to the next
UNDO_GRACE = 1.5  # extra seconds a bot waits after a human's move that can still be undone
BANNER_SECONDS = {"slow": 2.4, "normal": 1.8, "fast": 1.1}  # how long an announcement stays
THROW_PACE = {"slow": 1.15, "normal": 1.0, "fast": 0.6}  # the throw's length, by the bot pace
CARD_FLIP = 0.6  # seconds: a card drawn with no card scene over the table (a replay) turns
# over on the felt




class TableScene(Scene):
    """The shared table: layout, drawing, the events of each move shown in order. Subclasses
    say who moves (``update``), which tools the bar holds (``_build_top_buttons``) and what
    keys do (``handle``)."""

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
        self.animator = DiceAnimator()
        self.burst = Burst()  # sparks on the tray for a moment worth celebrating
        self.effects = Effects()  # the moments in motion (game.ui.moments)
        self.scoring: Scoring | None = None  # a score waiting to be shown going to its box
        self.flight: Scoring | None = None  # the score whose dice are on their way
        self._score_of: tuple = ([], None)  # (events, the game before): what ``scoring`` read
        self.gone: set[int] = set()  # dice that went to their box: not on the felt any more
        self.slides: dict[int, list] = {}  # die -> [from, to, seconds gone]: a die moving
        # to another place on the felt (a skull to the skulls, a die onto the chest)
        self._rest: dict[int, tuple] = {}  # die -> (turn, face, where it rests)
        self._rest_key: tuple | None = None
        self._clean: pygame.Surface | None = None  # the screen under the effects
        self._clean_ok = False
        self._effect_rects: list[pygame.Rect] = []  # where the effects drew last frame
        self._tray_stale = False  # an effect on the felt ended: the tray is drawn again
        self._sheet_soiled = False  # the effects drew over the sheet on screen (``_clean``
        # has the sheet as it is under them)
        self.flourish = TurnFlourish()  # "Your turn, Ann!" over the top bar
        # The score sheet as the screen shows it (its picture's key, where, at what size)
        # and whether it is owed to the screen: a frame that changes much leaves the sheet
        # to the next one (SPREAD)
        self._sheet_shown: tuple | None = None
        self._sheet_late = False
        self._screen_mine: int | None = None  # the app's frame this table last drew alone
        self._drawn_view: tuple | None = None  # what it showed then (``_picture_key``)
        self._view_frame: int | None = None  # the app's frame of the last ``watch_view``
        self._felt_picture: tuple | None = None  # (key, the empty felt): ``_felt``
        self._flourish_seat = None  # the seat whose turn was last seen starting
        self.sheet = ScoreSheet(pygame.Rect(0, 0, 1, 1), label_width=200)
        self.regions: dict[str, pygame.Rect] = {}
        self.save_failed = False  # the autosave was refused once (and the player told)
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
        self._frozen_hand = hands.mode()  # the hand its words were for
        self.unseen: GameState | None = None  # the game as last seen, while an action's dice
        # (or card) are not seen yet: what the table is drawn from (``view_state``)
        self.later: list[tuple[Action, list[Event]]] = []  # Table.after_action, at the reveal
        self._landings = 0  # dice landed so far (their sound alternates between two takes)
        self.throw: tuple[tuple[int, ...], tuple, Action] | None = None  # the dice in the air:
        # their positions, the faces they can show, the action that threw them
        self.landing: Event | None = None  # the "rolled" event of the dice in the air
        self.card_hidden = False  # a card was drawn and has not turned over yet
        self.card_flip = 0.0  # seconds left of a card turning over on the felt
        self.die_spots: list[pygame.Rect] = []  # where each die was drawn last (in the air,
        # lifted): what the coach's rings go round
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
        if state.actions:  # continued, or a replay opened at a move: its history, whole
            self.history.restore(replayed_history(info, state))
        elif announces_seating(state):
            self._announce_seating()

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
                    self._tray_stale = True
            self._find_targets()
        self._watch_slides(dt)
        if self.card_flip > 0:
            self.card_flip = 0.0 if self.fast_forward else max(0.0, self.card_flip - dt)
            if self.card_hidden and self.card_flip <= CARD_FLIP / 2:
                self.card_seen()

    def _find_targets(self) -> None:
        """A score on its way to a box that was out of view finds it once it is shown."""
        for e in self.effects.items:
            if isinstance(e, Travel) and e.end is None and e.target is not None:
                e.end = self._locate(*e.target)
                if e.end is not None:
                    self.app.invalidate()  # (a whole frame keeps the screen on its way)

    def _watch_slides(self, dt: float) -> None:
        """A die at rest that the table now places elsewhere on the felt (a skull into the
        skulls' corner, a die onto the chest or back) slides there (``motion.MOVE``); under
        reduce motion, while skipping ahead or at another turn it is there at once."""
        for i in list(self.slides):
            self.slides[i][2] += dt
            if self.slides[i][2] >= self.slides[i][3]:
                del self.slides[i]
                self._tray_stale = True  # (the next frame draws it at rest)
        tray = self.regions.get("tray")
        key = (self._view_key, self.animator.busy, self.landing is None)
        if tray is None or key == self._rest_key:
            return
        self._rest_key = key
        if self.landing is not None and self.animator.busy:
            positions, _, action = self.throw
            specs = self.table.throw_dice(action, positions)
            groups = self.table.throw_aside(action)
        else:
            specs, groups = self.table.dice(), self.table.aside_dice()
        placed = self._placed(tray, len(specs), bool(groups))
        view = self.view_state
        turn = (view.current, view.turns_played, theme.metrics.key, tuple(tray))
        still = self.fast_forward or motion.reduced(self.app.settings)
        rest, moved = {}, []
        for i, spec in enumerate(specs):
            if i >= len(placed):
                break
            rect = placed[i]
            before = self._rest.get(i)
            rest[i] = (turn, spec.value, rect)
            if still or before is None or spec.value is None or i in self.animator.rolling:
                continue
            if before[0] == turn and before[2] != rect and before[1] in (spec.value, None):
                start = self._slide_spot(i) or before[2]
                self.slides[i] = [start, rect, 0.0, motion.MOVE * self.pace()]
                moved.append(spec.value)
        if moved:  # one sound for the dice that move together: a skull's, or a slide
            self.app.sounds.play("skull" if "skull" in moved else "slide")
        self._rest = rest

    def _slide_spot(self, i: int) -> pygame.Rect | None:
        """Where die ``i`` is drawn now while it slides, None when it is not sliding."""
        slide = self.slides.get(i)
        if slide is None:
            return None
        start, end, time, length = slide
        k = motion.ease_in_out(time / length)
        side = round(motion.lerp(start.w, end.w, k))
        step = max(2, theme.px(6))
        side = end.w if abs(side - end.w) < step else max(step, side // step * step)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(motion.lerp(start.centerx, end.centerx, k)),
                       round(motion.lerp(start.centery, end.centery, k)))
        return rect

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
        if self.autosave or self.flow is not None:
            # A finished game stays saved until the results are up: it can still be undone.
            if not self.store_game() and not self.save_failed:
                self.save_failed = True  # said once: the game goes on all the same
                why = storage.blocked(storage.AUTOSAVE) or "the storage refused it"
                self.app.notify(f"This game cannot be saved ({why}); it goes on, but "
                                "Continue will not find it.", theme.BAD, 6)
        self._build_top_buttons()

    def store_game(self) -> bool:
        """Keep the game as it stands: the autosave, or where its flow keeps it."""
        if self.flow is not None:
            return self.flow.store(self)
        return storage.store(self.info.id, self.state, self.session, hinted=self.hints_used)

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

    def _handful(self) -> str:
        """How many dice the throw in hand has, as its sound's take: "1" (one or two), "2"
        (three to five) or "3" (six to eight)."""
        n = len(self.throw[0]) if self.throw is not None else 5
        return "1" if n <= 2 else "2" if n <= 5 else "3"

    def _throw_edge(self, seat: int) -> str:
        """The side of the felt a player throws from: a person at the screen from its
        bottom edge, the bots from the others."""
        if self.state.seats[seat].is_human:
            return "bottom"
        return ("top", "right", "left")[seat % 3]

    def _landed(self) -> None:
        """The dice are at rest: what they show is seen now (words, sound, the table)."""
        event, self.landing = self.landing, None
        self._landings += 1  # (two landings in a row never sound the same)
        self.app.sounds.play("land", f"{self._handful()}{'ab'[self._landings % 2]}")
        self._reveal()
        self._words(event)

    def _show(self, event: Event) -> None:
        if self._is_scoring(event):
            scoring, self.scoring = self.scoring, None
            scoring = self.table.scoring(*self._score_of) or scoring  # (where it is on screen
            scoring.event = event  # now; its event as the table arranged it: its words)
            if not self.fast_forward and self._fly(scoring):
                self.flight = scoring  # its words wait for the dice to arrive
                return
        if event["type"] == "rolled":
            self.gone = set()  # (the felt's dice are thrown anew)
            self.app.sounds.play("roll", self._handful())
            if not self.fast_forward and self.throw is not None:
                positions, faces, _ = self.throw
                pace = THROW_PACE.get(self.app.settings.bot_speed, 1.0)
                if motion.reduced(self.app.settings):  # no tumbling: they land where they rest
                    self.animator.start(positions, faces, self._throw_edge(event["seat"]),
                                        motion.MOVE * pace, still=True)
                else:
                    self.animator.start(positions, faces, self._throw_edge(event["seat"]),
                                        THROW_SECONDS * pace)
                self.landing = event  # its words wait for the landing
                return
        elif event["type"] == "turn":
            self.shown_seat = event["seat"]
            self.gone = set()
            self.table.turn_shown()
        elif event["type"] == "set_aside" and not self.fast_forward:
            self._set_aside(event)
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
                self._celebrate(banner)
            if not self.fast_forward:
                self._moment_effects(banner)

    # -- moments in motion (game.ui.moments) -------------------------------------------------
    def pace(self) -> float:
        return motion.pace(self.app.settings)

    def _moment_effects(self, banner: Banner) -> None:
        """What a banner asks of the felt: dice that shake, a stamp, rings round the dice."""
        if "tray" not in self.regions:
            return
        reduced = motion.reduced(self.app.settings)
        tray = self.regions["tray"]
        pace = self.pace()
        if banner.shake and not reduced:
            self.effects.add(Shake(motion.MOMENT * pace, tray=True, name="shake",
                                   dice=set(range(len(self.die_rects)))))
        if banner.rings:
            self.effects.add(Rings(motion.MOMENT * pace, tray=True, name="rings",
                                   rects=[r for r in self.die_rects], colour=banner.colour,
                                   clip=tray))
        if banner.stamp:
            self.effects.add(Stamp(max(motion.MOMENT * 2, 1.2) * pace, tray=True, name="stamp",
                                   text=banner.stamp, at=tray, colour=banner.colour,
                                   reduced=reduced))
        self.app.invalidate()

    def count_up(self, row: str, column: int, before: int, after: int, colour) -> None:
        """A total on the sheet counts from ``before`` to ``after`` (a turn total growing)."""
        cell = self._locate(row, column)
        if cell is None or before == after or self.fast_forward:
            return
        self.effects.add(CountUp(motion.COUNT * self.pace(), name="count", rect=cell,
                                 start=before, end=after, colour=colour))
        self.app.invalidate()

    def _locate(self, row: str | None, column: int | None) -> pygame.Rect | None:
        """Where a box is on the score sheet as last drawn (device pixels), or None when
        the sheet is not on screen or the box is not in view."""
        if row is None or "sheet" not in self.regions:
            return None
        sheet = self.sheet
        if column is None:
            return sheet.cell_rects.get(row)
        line = sheet.row_rects.get(row) or sheet.line_rects.get(row)
        head = sheet.header_rects.get(column)
        if line is None or head is None:
            return None
        return pygame.Rect(head.x, line.y, head.w, line.h)

    def _fly(self, scoring: Scoring) -> bool:
        """A score's dice lift and go to its box (the box scrolled into view first). False
        when there is nothing to show going anywhere."""
        if "tray" not in self.regions:
            return False
        end = self._locate(scoring.row, scoring.column)
        if end is None and scoring.row is not None and "sheet" in self.regions:
            self.sheet.reveal(scoring.row)  # (the next frame draws it in view)
        specs = self.table.dice()
        dice = [(i, specs[i].value, self.die_rects[i]) for i in scoring.dice
                if i < len(specs) and i < len(self.die_rects) and specs[i].value is not None]
        if not dice and not scoring.label and end is None and not scoring.changes:
            return False
        pace = self.pace()
        hold = motion.MOVE * pace
        if scoring.strike:  # a 0: the dice fade where they are, the box is crossed out
            end = None
        travel = Travel((motion.MOVE + motion.TRAVEL) * pace, blocking=True, name="travel",
                        dice=dice, end=end, label=scoring.label, colour=scoring.colour,
                        hold=hold, reduced=motion.reduced(self.app.settings),
                        target=None if scoring.strike else (scoring.row, scoring.column))
        self.effects.add(travel)
        self.app.sounds.play("lift")  # (softly: they rise, then go)
        self.app.invalidate()
        return True

    def _arrived(self) -> None:
        """The dice of a score are at its box: the table shows the game as it is, the box
        lights, the totals count to their new values."""
        scoring, self.flight = self.flight, None
        self.gone = set(scoring.dice)
        self._reveal()
        self._words(scoring.event)
        if self.fast_forward:
            return
        pace = self.pace()
        box = self._locate(scoring.row, scoring.column)
        if box is not None:
            self.effects.add(Lit(motion.LIT * pace, name="lit", rect=box, colour=scoring.colour))
            if scoring.strike:
                self.effects.add(Strike(motion.MOVE * pace, name="strike", rect=box))
            if scoring.marker and scoring.column is not None:
                head = self.sheet.header_rects.get(scoring.column)
                if head is not None:
                    self.app.sounds.play("mark")
                    self.effects.add(Marker(motion.MOMENT * pace, name="marker", start=head,
                                            end=box, colour=scoring.colour,
                                            reduced=motion.reduced(self.app.settings)))
        for row, column, before, after in scoring.changes:
            cell = self._locate(row, column)
            if cell is None or before == after:
                continue
            self.effects.add(CountUp(motion.COUNT * pace, name="count", rect=cell,
                                     start=before, end=after,
                                     colour=scoring.colour if after >= before else theme.BAD))
            if column != scoring.column or row != scoring.row:
                if after < before:  # a loss: the points fall out of the total
                    self.effects.add(Float(motion.MOMENT * pace * 1.5, name="loss",
                                           text=f"−{number(before - after)}",
                                           at=cell.move(0, cell.h),  # (under the count)
                                           colour=theme.BAD, rise=-22,
                                           reduced=motion.reduced(self.app.settings)))
        self.app.invalidate()

    def _celebrate(self, banner: Banner) -> None:
        """Sparks from the dice on the tray (none while skipping ahead, nor under reduce
        motion: the banner says it)."""
        if self.fast_forward or "tray" not in self.regions or motion.reduced(self.app.settings):
            return
        tray = self.regions["tray"]
        origins = [((r.centerx - tray.x) / max(1, tray.w), (r.centery - tray.y) / max(1, tray.h))
                   for r in self.die_rects if tray.colliderect(r)]
        self.burst.start(origins, banner.celebrate)
        self.app.invalidate()

    def tick_effects(self, dt: float) -> None:
        """Once a frame: the celebration and the turn's flourish move on; the frame after
        one ends is drawn once more (to clear it), then they cost nothing."""
        if self.fast_forward:
            self.burst.stop()
        if self.burst.update(dt) | self.flourish.update(dt):
            self.app.invalidate()

    def note_turn(self) -> None:
        """A person's turn has started on screen (after another player's): "Your turn,
        Ann!" runs over the top bar with a sound, without holding anything up."""
        seat = self.shown_seat
        if seat == self._flourish_seat:
            return
        before, self._flourish_seat = self._flourish_seat, seat
        if seat is None or self.fast_forward or not self.state.seats[seat].is_human:
            return
        humans = sum(1 for s in self.state.seats if s.is_human)
        if before is None and humans < 2:
            return  # the first turn of a game alone against bots: the seating banner says it
        self.flourish.start(seat, your_turn(self.name(seat)))
        self.app.sounds.play("your_turn")
        self.app.invalidate()

    def _raise_banner(self, banner: Banner) -> None:
        if not self.fast_forward:
            self.banner = (banner, BANNER_SECONDS.get(self.app.settings.bot_speed, 1.8))

    def relayout(self) -> None:
        """The regions for the window: see the module's doc. Sizes are in dp."""
        # A moment under way was placed in the old window (a total counting in a cell that
        # is elsewhere now): it ends at once, as on an input, the whole frame drawn anew
        self.skip_moments()
        self._effect_rects = []
        f = layout.form()
        screen = layout.screen_rect()
        control = layout.touch_size(44)
        self.compact_bar = f.narrow or f.short or f.portrait
        tabs = f.portrait or f.short
        r: dict[str, pygame.Rect] = {}
        if f.portrait:  # the tools in a row under the bar (a few: in it), the sheet or history
            if self.TOOLS:  # under all
                bar, tools, body = layout.rows(screen, control + 8, control + 8, fr())
                r["tools"] = layout.inset(tools, x=8, bottom=8)
            else:
                bar, body = layout.rows(screen, control + 8, fr())
            r["bar"] = bar
            body = layout.inset(body, x=8, bottom=8)
            tray_h = self.table.tray_height(theme.dp(body.w))
            r["tray"], r["actions"], r["status"], r["pane"] = layout.rows(
                body, fr(4, min=min(tray_h, 150), max=tray_h), control + 4, self.STATUS,
                fr(1, min=self.PANE), gap=6)
        else:
            bar_h = 48 if f.short else 64
            bar, body = layout.rows(screen, bar_h, fr())
            r["bar"] = bar
            body = layout.inset(body, 8 if f.short else 16)
            left, right = layout.cols(body, fr(1, min=300), fr(1.1 if not f.narrow else 1.05),
                                      gap=10 if f.short else 18)
            if tabs:
                r["tray"], r["actions"], r["status"] = layout.rows(
                    left, fr(1, min=110), control + 2, self.STATUS, gap=6)
                r["tabs"], r["pane"] = layout.rows(right, control, fr(), gap=6)
            else:
                keys = 20 if not f.touch else 0
                parts = layout.rows(left, fr(1, min=200), control + 14,
                                    fr(0.42, min=self.STATUS + 16),
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
        if (self.hint is not None and self.hint[0] == self._position() and self.human_turn
                and self.app.settings.coach != "off"):
            return self.hint[1]
        return None

    def coach_thinking(self) -> bool:
        """The coach is working on a hint for this very position."""
        return self.hint_task is not None and self.hint_task[0] == self._position()

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
        """The wheel and a drag of the rows scroll the sheet; a tap (a press let go where it
        was made) pages, names a player or chooses a box."""
        if self.sheet.pointer(event, self._tap_sheet):
            self.app.invalidate()
            return True
        return False

    def sheet_key(self, event: pygame.event.Event) -> bool:
        """Up/Down and Home/End scroll the sheet's rows when they do not all fit (PgUp/PgDn
        are the history's); on a phone the sheet comes up under the dice first."""
        if event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END):
            return False
        if "sheet" not in self.regions:
            if self.pane_toggle or self.tabs:
                self.show_pane("sheet")
                self.app.invalidate()
                return True
            return False
        if self.sheet.key(event):
            self.app.invalidate()
            return True
        return False

    def _tap_sheet(self, event: pygame.event.Event) -> bool:
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
        if self.table.browse_row(key):
            self.app.invalidate()
        elif self.human_turn and not self.busy:
            self.table.click_row(key)
        else:
            self._not_now()
        return True

    def _pointer_history(self, event: pygame.event.Event) -> bool:
        return self.history.pointer(event)

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
        if self.app.scenes and self.app.scene is not self and self in self.app.scenes:
            return False  # (covered: nothing of it moves until it is on top again)
        return (self.animator.busy or self.card_flip > 0 or self.coach_thinking()
                or self.table.animating() or self.burst.busy or self.flourish.busy
                or self._sheet_late or self.effects.visible or bool(self.slides)
                or bool(self._effect_rects) or self._tray_stale)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While only the dice (or a celebration's sparks) move, only the tray is drawn
        again; a sheet left late by the last frame is drawn alone."""
        if self.card_flip > 0 or self.coach_thinking() or self.table.animating() \
                or self.flourish.busy or not self.regions:
            return None
        flying = bool(self._effect_rects) or bool(self.effects.reach(tray=False))
        if flying and (not self._clean_ok or self._clean is None
                       or self._clean.get_size() != surface.get_size()):
            return None  # (no picture of the screen under them: a whole frame)
        rects = []
        for r in self._effect_rects:  # where the effects were: the screen under them again
            surface.blit(self._clean, r, r)
            rects.append(r)
        if self._sheet_late:
            if "sheet" not in self.regions or self._hint_shown() is not None:
                return None
            model = self._sheet_model()
            area = self.sheet.rect.clip(surface.get_rect())
            surface.fill(theme.BG, area)  # (under its rounded corners)
            self._draw_sheet(surface, model)
            rects.append(area)
            if flying:
                self._keep_clean(surface, area)
        if self.animator.busy or self.burst.busy or self.slides or self._tray_stale or \
                self.effects.area(tray=True) or self.effects.shaking():
            self._tray_stale = False
            tray, area = self.regions["tray"], self._tray_area(surface)
            surface.blit(self._felt(surface, area, tray), area)
            self._draw_tray(surface, felt=False)
            self.burst.draw(surface, tray)
            if self._draw_hint_marks(surface) or area.colliderect(self.sheet.rect):
                self._sheet_shown = None
            rects.append(area)
            if flying:
                self._keep_clean(surface, area)
        if flying:
            self._draw_effects(surface, keep=False)
            rects += self._effect_rects
        if rects:
            self._drew_alone()
        return rects or None

    def _keep_clean(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """``area`` was drawn again under the effects: the picture kept under them takes it
        where they may go (not the whole of a sheet redrawn: a pass over half a 4K frame)."""
        for r in self.effects.reach(tray=False) + self._effect_rects:
            part = r.clip(area)
            if part.w and part.h:
                self._clean.blit(surface, part, part)

    def _draw_effects(self, surface: pygame.Surface, keep: bool = True) -> None:
        """The effects that leave the tray, over everything (``keep``: a whole frame keeps a
        picture of the screen under them first, so the next frames redraw only where they
        were and are)."""
        mine = surface is getattr(self.app, "screen", None) and not probe.recording()
        if keep and mine:
            reach = self.effects.reach(tray=False)
            if reach:  # the screen under them, where they may go (a pass over that only)
                if self._clean is None or self._clean.get_size() != surface.get_size():
                    self._clean = pygame.Surface(surface.get_size(), 0, surface)
                region = reach[0].unionall(reach[1:]).clip(surface.get_rect())
                self._clean.blit(surface, region, region)
            self._clean_ok = bool(reach)
        self.effects.draw(surface, tray=False)
        rects = [r.clip(surface.get_rect()) for r in self.effects.area(tray=False)]
        soiled = any(r.colliderect(self.sheet.rect) for r in rects)
        if mine or not keep:
            self._effect_rects = rects
            self._sheet_soiled = soiled  # (the screen's sheet has them over it)
        elif soiled:
            self._sheet_shown = None

    def watch_view(self) -> None:
        """Once a frame: when something on screen changed, the next frame is drawn."""
        key = self.view_key()
        self._view_frame = getattr(self.app, "frame", None)
        if key != self._view_key:
            self._view_key = key
            self.app.invalidate()
        self._watch_slides(0.0)

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
            mode = self._sheet_mode(surface, model)
        if mode != "draw" and self._sheet_soiled:  # the sheet as it is under the effects
            for r in self._effect_rects:
                surface.blit(self._clean, r, r)
        self._fill_background(surface, whole_sheet=mode != "draw")
        self._draw_top(surface)
        self._draw_tray(surface)
        self.burst.draw(surface, self.regions["tray"])
        self.table_buttons.draw(surface)
        if self.banner:
            self._draw_banner(surface, *self.banner)
        elif not self.app.toast or self.app.scene is not self:
            self._draw_status(surface)
        if self.tabs:
            self._draw_tabs(surface)
        if "history" in self.regions:
            self.history.draw(surface)
        if model is not None:
            if mode == "draw":
                self._draw_sheet(surface, model)
            else:  # "keep": the screen shows it already; "late": the next frame draws it
                self._sheet_late = mode == "late"
            self.odds.draw(surface, self.regions["sheet"])
        if "keys" in self.regions and self.regions["keys"].h:
            draw_text_in(surface, self.keys_text(), self.regions["keys"], 13, theme.TEXT_DIM,
                         align="left", min_size=12)
        if self._draw_hint_marks(surface):
            self._sheet_shown = None  # a gold frame on it: the screen's sheet is not the sheet
        self._draw_effects(surface)
        if surface is getattr(self.app, "screen", None):
            self._tray_stale = False
        self._drew_alone()

    def _drew_alone(self) -> None:
        """The frame being drawn is this table's alone (no overlay, no message): the next
        frame may keep what it left on the screen."""
        app = self.app
        alone = app.visible_scenes() == [self] and not app.toast
        self._screen_mine = getattr(app, "drawn_frames", None) if alone else None
        self._drawn_view = self._picture_key() if alone else None
        if not alone:
            self._sheet_shown = None

    def _picture_key(self) -> tuple:
        """What the table's picture depends on: what it shows (``view_key``), where the
        pointer and the keyboard's focus are, and the window's surface."""
        pointer = (self.hover_die, self.sheet.hover_key, self.pane,
                   tuple((row.index, tuple(b.hovered for b in row.buttons))
                         for row in (self.top_buttons, self.table_buttons)))
        # (what this frame's ``watch_view`` found, when it ran in this frame: 0.2 ms less)
        fresh = self._view_frame is None or self._view_frame != getattr(self.app, "frame", 0)
        return (self.view_key() if fresh else self._view_key, pointer, id(self.app.screen),
                getattr(self.app, "screen_serial", 0), theme.generation, theme.metrics.key)

    def on_screen(self) -> bool:
        app = self.app
        return (self._screen_mine is not None and self._screen_mine == app.drawn_frames - 1
                and not self.animating() and self._drawn_view == self._picture_key())

    def _sheet_model(self) -> SheetModel:
        """The sheet to show: as it was while the dice fly, with the odds on it."""
        frozen = self.frozen_sheet
        if frozen is not None and self._frozen_hand != hands.mode():  # its footer's words
            frozen = self.frozen_sheet = dataclasses.replace(frozen,
                                                             footer=self.table.sheet().footer)
            self._frozen_hand = hands.mode()
        return self.odds.decorate(frozen or self.table.sheet())

    def _sheet_signature(self, surface: pygame.Surface, model: SheetModel) -> tuple:
        return (self.sheet._key(model), tuple(self.sheet.rect), surface.get_size(), id(surface),
                theme.generation, getattr(self.app, "screen_serial", 0))

    def _draw_sheet(self, surface: pygame.Surface, model: SheetModel) -> None:
        self.sheet.draw(surface, model)
        self._sheet_shown = self._sheet_signature(surface, model)
        self._sheet_late = False

    def _sheet_mode(self, surface: pygame.Surface, model: SheetModel) -> str:
        """How this frame treats the score sheet: "draw" it; "keep" what the screen shows
        (the same sheet, where it was: nothing drew over it since); or leave it "late" to
        the next frame (it changed, with much else: a whole redraw at 2560x1440 is split in
        two, the sheet a frame, 16 ms, after the rest). Only in the frames the app steps
        (``App.spreading``) with the table alone on screen, no message, no gold hint."""
        app = self.app
        if probe.recording():
            return "draw"  # (a test reads what is drawn: all of it)
        if not SPREAD or not getattr(app, "spreading", False) or app.toast \
                or app.visible_scenes() != [self] or self._hint_shown() is not None \
                or self._screen_mine is None or self._screen_mine != app.drawn_frames - 1:
            return "draw"  # (the last frame was not this table's alone: its pixels are not)
        shown = self._sheet_shown
        now = self._sheet_signature(surface, model)
        if shown is None or shown[1:] != now[1:]:
            return "draw"
        if self._sheet_soiled and (not self._clean_ok or self._clean is None
                                   or self._clean.get_size() != surface.get_size()):
            return "draw"  # (the effects over it, and no picture of it without them)
        if shown[0] == now[0]:
            return "keep"
        return "draw" if self._sheet_late else "late"

    def _fill_background(self, surface: pygame.Surface, whole_sheet: bool = False) -> None:
        """The background, except the band of the sheet's panel that the sheet paints whole
        (its rows between the rounded corners): a third of a 2560x1440 frame not filled
        twice. ``whole_sheet``: the sheet is not drawn in this frame: its pixels, corners
        and all, stay as they are."""
        band = None
        if "sheet" in self.regions:
            band = self.sheet.rect if whole_sheet else \
                self.sheet.rect.inflate(0, -2 * theme.px(SHEET_RADIUS))
        if band is None or band.h <= 0 or band.w <= 0 or \
                not surface.get_rect().contains(band):
            surface.fill(theme.BG)
            return
        w, h = surface.get_size()
        surface.fill(theme.BG, (0, 0, w, band.top))
        surface.fill(theme.BG, (0, band.bottom, w, h - band.bottom))
        surface.fill(theme.BG, (0, band.top, band.left, band.h))
        surface.fill(theme.BG, (band.right, band.top, w - band.right, band.h))

    def keys_text(self) -> str:
        """The keys line under the history (a desktop window): what the keys do here, when
        the keyboard is in use; else what the pointer does."""
        return hands.say("Esc menu · F1 rules · H hint · O odds · M sound · F skip bots · "
                         "PgUp/PgDn: history · F11 fullscreen",
                         "The wheel scrolls the move history", "")

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        for name, rect in self.tab_rects().items():
            on = self.pane == name
            pygame.draw.rect(surface, theme.PANEL_LIGHT if on else theme.PANEL, rect,
                             border_radius=theme.px(10))
            if on:  # the pane shown: a light frame (and its fill)
                pygame.draw.rect(surface, theme.TEXT, rect, width=max(1, theme.px(2)),
                                 border_radius=theme.px(10))
            label = "Score sheet" if name == "sheet" else "Move history"
            draw_text_in(surface, label, rect.inflate(-theme.px(10), 0), 16,
                         theme.TEXT if on else theme.TEXT_DIM, True, min_size=13)
            probe.control(f"tab {name}", rect, surface=surface)

    def _hint_shown(self):
        """The coach's hint as the table shows it (its marks), or None: none while the dice
        fly or a banner is up."""
        return None if self.busy or self.banner else self.current_hint()

    def _draw_hint_marks(self, surface: pygame.Surface) -> bool:
        """The hinted move on the table: the coach's dashed ring round each die it names (the
        first tagged "Coach") and round the box it fills. True when a frame was drawn on the
        sheet."""
        hint = self._hint_shown()
        if hint is None:
            return False
        dice, key = self.table.hint_marks(hint.action)
        for n, i in enumerate(sorted(dice)):
            if i < len(self.die_spots):  # round the die where it was drawn: lifted, in the air
                ring = self.die_spots[i].inflate(theme.px(12), theme.px(12))
                marks.coach_ring(surface, ring, tag=n == 0)
                probe.shown("hint ring", i, ring)
        row = (self.sheet.cell_rects.get(key) or self.sheet.row_rects.get(key)) if key else None
        if row is not None and "sheet" in self.regions:
            marks.coach_ring(surface, row.inflate(theme.px(4), theme.px(2)))
            return True
        return False

    def turn_text(self, width: int | None = None, size: float = 20) -> tuple[str, tuple]:
        """Whose turn it is, in words; given a width (device px), a name too long for it is
        shortened with "…" so that "'s turn" / "is playing" stays."""
        seat = self.shown_seat
        if seat is None:
            return "Game over", theme.TEXT
        who = self.name(seat)
        text = turn_of(who) if self.state.seats[seat].is_human else f"{says(who, 'is')} playing"
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
            draw_text_in(surface, self.info.title, title, 28, theme.TEXT, True, "left",
                         min_size=18, display=True)
            area = pygame.Rect(title.right + theme.px(16), area.y, area.right - title.right -
                               theme.px(16), area.h)
        text, colour = self.turn_text(area.w - theme.px(40), 20)
        seat = self.shown_seat
        info = self.table.turn_info() if seat == self.view_state.current else ""
        mine = seat is not None and self.state.seats[seat].is_human
        dot = theme.px(9)
        if mine:  # your turn: unmistakable, a lit band in your colour
            band = area.inflate(0, -theme.px(14))
            pygame.draw.rect(surface, theme.mix(colour, theme.BG_DARK, 0.2), band,
                             border_radius=theme.px(10))
            pygame.draw.rect(surface, colour, band, width=max(1, theme.px(2)),
                             border_radius=theme.px(10))
            if self.flourish.busy and self.flourish.seat == seat:
                self.flourish.draw(surface, band, colour)
                text = self.flourish.text
        if seat is not None:  # the seat's marker: its shape says whose turn without colour
            side = getattr(self.view_state, "side_of", lambda s: s)(seat)  # (partners': one)
            marks.seat(surface, side, (area.x + dot + theme.px(6), area.centery), dot, colour)
        words = pygame.Rect(area.x + 2 * dot + theme.px(14), area.y,
                            area.w - 2 * dot - theme.px(20), area.h)
        drawn = draw_text_in(surface, text, words, 20, theme.TEXT, True, "left", min_size=16)
        rest = pygame.Rect(drawn.right + theme.px(14), area.y, words.right - drawn.right -
                           theme.px(14), area.h)
        if info and rest.w > theme.px(60):
            face = theme.font(15)
            if face.size(info)[0] <= rest.w:
                draw_text_in(surface, info, rest, 15, theme.TEXT_DIM, align="left",
                             min_size=15)
        self.top_buttons.draw(surface)

    def _felt(self, surface: pygame.Surface, area: pygame.Rect,
              tray: pygame.Rect) -> pygame.Surface:
        """The empty felt over the background in ``area``, as a picture: a frame that draws
        only the tray while dice tumble copies it rather than fill and paint it (on a phone
        at ratio 3 that took a fifth of the browser's frame)."""
        key = (tuple(area), tuple(tray), surface.get_bitsize(), surface.get_masks(),
               theme.metrics.key)
        if self._felt_picture is None or self._felt_picture[0] != key:
            picture = pygame.Surface(area.size, 0, surface)
            picture.fill(theme.BG)
            panel(picture, tray.move(-area.x, -area.y), theme.FELT, 22, theme.FELT_DARK)
            self._felt_picture = (key, picture)
        return self._felt_picture[1]

    def _draw_tray(self, surface: pygame.Surface, felt: bool = True) -> None:
        """The tray: its felt (unless ``felt`` is False: it is there already), what the game
        shows on it, and the dice."""
        tray = self.regions["tray"]
        clip = surface.get_clip()
        surface.set_clip(self._tray_area(surface).clip(clip))
        try:
            self._draw_tray_inside(surface, tray, felt)
            self.effects.draw(surface, tray=True)  # (a stamp, rings: inside the felt)
        finally:
            surface.set_clip(clip)

    def _tray_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The tray and a little round it: what a frame that draws only the tray draws. A
        die tumbling at the edge (turned, its corners out) is cut there, in every frame
        alike, rather than leave corners behind it outside."""
        return self.regions["tray"].inflate(theme.px(4), theme.px(4)).clip(surface.get_rect())

    def _draw_tray_inside(self, surface: pygame.Surface, tray: pygame.Rect, felt: bool) -> None:
        if felt:
            panel(surface, tray, theme.FELT, 22, theme.FELT_DARK)
        self.table.draw_tray(surface, tray)
        throw = self.throw if self.landing is not None and self.animator.busy else None
        if throw is not None:  # the dice in the air: nothing yet of how they land
            positions, _, action = throw
            dice = self.table.throw_dice(action, positions)
            groups = self.table.throw_aside(action)
        else:
            dice, groups = self.table.dice(), self.table.aside_dice()
        placed = self._placed(tray, len(dice), bool(groups))
        self.die_rects, self.die_spots = [], []
        keys_on = self.human_turn and not self.handing_over and not theme.metrics.touch \
            and hands.keys_shown()
        felt = tray.inflate(-theme.px(8), -theme.px(8))
        away = self.effects.hidden() | self.gone  # (drawn on their way, or gone to the box)
        for i, spec in enumerate(dice):
            rect = placed[i]
            if i in away:
                self.die_rects.append(rect)
                self.die_spots.append(rect)
                continue
            spot, rotation, rise = self.animator.place(i, rect, felt)
            sliding = self._slide_spot(i)
            if sliding is not None:
                spot = sliding
            dx, dy = self.effects.offset(i)
            if dx or dy:
                spot = spot.move(dx, dy)
            value = self.animator.shown(i, spec.value)
            drawn = draw_die(surface, spot, value, mode=spec.mode, rotation=rotation,
                             label=spec.label, rise=rise,
                             hover=(i == self.hover_die and self.human_turn))
            moving = spot != rect or rise
            if spec.mode not in ("aside", "dead") and keys_on and not moving:  # its key
                draw_text(surface, str(i + 1), (rect.centerx, rect.top - theme.px(30)), 13,
                          theme.FELT_TEXT, True, "center")
            if spec.mode not in ("aside", "blank", "dead"):
                probe.control(f"die {i}", rect, group="dice", surface=surface)
            self.die_rects.append(rect)
            self.die_spots.append(drawn)
        if groups:
            size = theme.px(34)
            gx, gy = tray.x + theme.px(14), tray.bottom - size - theme.px(10)
            label = pygame.Rect(gx, gy - theme.px(20), tray.w - theme.px(28), theme.px(18))
            draw_text_in(surface, self.table.aside_label(), label, 13, theme.FELT_TEXT, True,
                         "left", min_size=12)
            coming = self.effects.hidden_groups()  # (still on their way there)
            for k, (group, slots) in enumerate(zip(groups, self._aside_slots(tray, groups),
                                                   strict=True)):
                if k not in coming:
                    for v, slot in zip(group, slots, strict=False):
                        draw_die(surface, slot, v, mode="aside")

    def _aside_slots(self, tray: pygame.Rect, groups: list[list]) -> list[list[pygame.Rect]]:
        """Where each die set aside earlier this turn sits, group by group, along the
        bottom of the tray (as many as fit)."""
        size = theme.px(34)
        gx, gy = tray.x + theme.px(14), tray.bottom - size - theme.px(10)
        out = []
        for group in groups:
            slots = []
            for _ in group:
                if gx + size > tray.right - theme.px(8):
                    break
                slots.append(pygame.Rect(gx, gy, size, size))
                gx += size + theme.px(4)
            gx += theme.px(12)
            out.append(slots)
        return out

    def _set_aside(self, event: Event) -> None:
        """Dice set aside before the roll goes on slide to their place in the row of dice
        out of play, their points with them; the turn's total grows when the roll lands."""
        if self.throw is None or "tray" not in self.regions or \
                not any(e["type"] == "rolled" for e in self.pending):
            return  # (a bank: the dice go to the banked score instead)
        specs = self.table.dice()
        dice = [(i, specs[i].value, self.die_rects[i]) for i in event.get("positions", [])
                if i < len(specs) and i < len(self.die_rects) and specs[i].value is not None]
        groups = self.table.throw_aside(self.throw[2])
        if not dice or not groups:
            return
        ends = self._aside_slots(self.regions["tray"], groups)[-1]
        self.app.sounds.play("slide")
        self.effects.add(Travel(motion.MOVE * self.pace(), tray=True, name="aside", dice=dice,
                                ends=ends, label=f"+{number(event['points'])}",
                                colour=self.table.seat_colour(event["seat"]),
                                reduced=motion.reduced(self.app.settings),
                                hidden=False, group=len(groups) - 1))

    def _placed(self, tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]:
        """Where ``n`` dice rest on the felt: where the game puts them, else in a row."""
        return self.table.dice_rects(tray, n) or self.dice_row(tray, n, aside)

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
        if self.handing_over:
            return  # (the status is the next player's: the top bar does not name them yet)
        text = "\n".join(self.table.status())
        hint = self.current_hint()
        area = self.regions["status"].inflate(-theme.px(8), 0)
        if hint is not None or self.coach_thinking():
            if hint is None:
                advice = "Coach is thinking…"
            else:
                advice = self.coach.advice(self.state, hint, self.table) if self.coach else ""
            top, bottom = layout.rows(area, fr(1), fr(1.3), gap=2)
            inline.draw_in(surface, text, top, 16, theme.TEXT, min_size=16, align="left",
                           valign="top", names=self.seat_names(),
                           drops=self.table.status_details())
            inline.draw_in(surface, advice, bottom, 15, theme.COACH, min_size=13,
                           align="left", valign="top",  # (its dice drawn as dice)
                           names=self.seat_names())
        else:
            inline.draw_in(surface, text, area, 18, theme.TEXT, min_size=16, align="left",
                           valign="top", names=self.seat_names(),
                           drops=self.table.status_details())

    def _draw_banner(self, surface: pygame.Surface, banner: Banner, left: float) -> None:
        """An announcement in the status area, beside the dice and never over them."""
        rect = self.regions["status"]
        banner = dataclasses.replace(banner, colour=theme.live(banner.colour))  # (the palette
        # in use: a banner raised before the palette changed)
        if self.app.toast and self.app.scene is self:
            rect = layout.rows(rect, fr(), fr(), gap=4)[0]
        if banner.celebrate:  # a moment: a tinted card, a double frame, stars, display type
            tint = tuple(int(d * 0.7 + c * 0.3)
                         for d, c in zip(theme.BG_DARK[:3], banner.colour[:3], strict=True))
            pygame.draw.rect(surface, tint, rect, border_radius=theme.px(18))
            pygame.draw.rect(surface, banner.colour, rect, width=max(2, theme.px(4)),
                             border_radius=theme.px(18))
            pygame.draw.rect(surface, banner.colour, rect.inflate(-theme.px(10), -theme.px(10)),
                             width=max(1, theme.px(1)), border_radius=theme.px(14))
            for x in (rect.x + theme.px(24), rect.right - theme.px(24)):
                r = theme.px(7)
                y = rect.centery
                pygame.draw.polygon(surface, banner.colour, [
                    (x, y - 2 * r), (x + r // 2, y - r // 2), (x + 2 * r, y),
                    (x + r // 2, y + r // 2), (x, y + 2 * r), (x - r // 2, y + r // 2),
                    (x - 2 * r, y), (x - r // 2, y - r // 2)])
            words = layout.inset(rect, x=44, y=6)
            if inline.has_pictures(banner.text):  # its dice drawn as dice
                inline.draw_in(surface, banner.text, words, 26, banner.colour, True, 16,
                               names=self.seat_names())
            else:  # (too long for its box: the names shorter, not the words)
                said = shorten_names(banner.text, self.seat_names(), lambda t: fits_whole(
                    t, words, 26, 16, True, display=True))
                draw_text_in(surface, said, words, 26, banner.colour, True, min_size=16,
                             wrap=True, display=True)
            return
        pygame.draw.rect(surface, theme.BG_DARK, rect, border_radius=theme.px(18))
        pygame.draw.rect(surface, banner.colour, rect, width=max(2, theme.px(3)),
                         border_radius=theme.px(18))
        inline.draw_in(surface, banner.text, layout.inset(rect, x=14, y=4), 24, banner.colour,
                       True, min_size=16, names=self.seat_names())
    # -- what the scene built on this one provides -----------------------------------------
    def _build_top_buttons(self) -> None:
        """The tools in the top bar."""
