"""The pacing of what happens at the table scene: ``apply`` returns all of an action's
events at once, but the player sees them one after the other.

Events wait in ``pending``: a roll is thrown first, what it led to (a farkle, a bonus) is
announced only once the dice have landed, in a banner beside the dice (never over them),
and the next player's turn starts on screen only after the banner was shown. A score's dice
go to their box before its words come (``flight``).

Nothing is told before it is seen: from an action that rolls dice or draws a card until
the dice land (or the card has turned over) the whole table is drawn from the game as it
was before the action (``unseen``, the scene's ``view_state``), and the thrown dice show
only the faces they *can* show; the words, sounds and looks of the result come at the
landing. The table's own bookkeeping of the action (``Table.after_action``) waits for it
too (``later``)."""

from __future__ import annotations

import copy
from typing import Any, Protocol

from game.rules.core import Action, Event, GameState, IllegalAction
from game.scenes.table_moments import Moments
from game.scenes.table_tray import Tray
from game.scenes.tables import history_entries
from game.scenes.tables.base import Banner, Scoring, Table
from game.ui import hands
from game.ui.history import History
from game.ui.sheet import SheetModel

BANNER_SECONDS = {"slow": 2.4, "normal": 1.8, "fast": 1.1}  # how long an announcement stays
CARD_FLIP = 0.6  # seconds: a card drawn with no card scene over the table (a replay) turns
# over on the felt


class Host(Protocol):
    """What the pacing asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    state: GameState
    table: Table
    fast_forward: bool
    banner: tuple[Banner, float] | None  # (the banner up, seconds left)
    shown_seat: int | None
    history: History
    tray: Tray
    moments: Moments

    @property
    def view_state(self) -> GameState: ...

    def apply_action(self, action: Action) -> list[Event]: ...

    def sheet_before(self) -> SheetModel: ...

    def complain(self, text) -> None: ...

    def _after_change(self) -> None: ...

    def _build_top_buttons(self) -> None: ...


class Pacing:
    def __init__(self, scene: Host):
        self.scene = scene
        state = scene.state
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
        self.scoring: Scoring | None = None  # a score waiting to be shown going to its box
        self.flight: Scoring | None = None  # the score whose dice are on their way
        self._score_of: tuple = ([], None)  # (events, the game before): what ``scoring`` read
        self.gone: set[int] = set()  # dice that went to their box: not on the felt any more
        self._turn_key = (state.current, state.turns_played)

    def act(self, action: Action) -> bool:
        """Apply an action for the player to act; illegal ones explain themselves. An
        action that throws dice or draws a card leaves the table as it was (``unseen``)
        until they are seen."""
        scene = self.scene
        table = scene.table
        if self.unseen is not None or self.card_hidden:
            self.settle()  # (a replay stepped on before the last move was all shown)
        seen = self.copy(scene.state) if not scene.fast_forward else None
        try:
            spec = scene.state.roll_spec(action)
        except Exception:  # noqa: BLE001 (an illegal action is refused by apply below)
            spec = None
        # the sheet as it was, shown while the dice of a roll fly (for a roll only: a
        # score's frame made it for nothing; the one the screen was drawn from if it may)
        before = scene.sheet_before() if seen is not None and spec is not None else None
        try:
            events = scene.apply_action(action)
        except IllegalAction as exc:
            scene.complain(str(exc))
            return False
        scene.app.worked()  # (what the move led to is drawn in the next frame)
        events = table.arrange(events)
        kinds = {e["type"] for e in events}
        scoring = table.scoring(events, seen) if seen is not None else None
        hidden = seen is not None and (bool(kinds & {"rolled", "drew"}) or scoring is not None)
        self.scoring = scoring
        self._score_of = (events, seen)  # (asked again when it is shown: the table then)
        if "rolled" in kinds and hidden:
            self.frozen_sheet, self._frozen_hand = before, hands.mode()  # (None: a game
            # whose roll says no dice, ``roll_spec``, shows its sheet as it is)
            rolled = next(e for e in events if e["type"] == "rolled")
            faces = spec.faces if spec else None
            positions = spec.rolled if spec else tuple(table.rolled_positions(rolled))
            self.throw = (tuple(positions), faces, action)
        scene.app.invalidate()
        self.pending += table.moments(events)  # (read from the game as it is now)
        if hidden:
            self.unseen = seen
            self.later.append((action, events))
            if "drew" in kinds:
                self.card_hidden = True
                # no card scene over the table (a replay): the card turns over on the felt
                self.card_flip = CARD_FLIP if scene.app.scene is scene else 0.0
        else:
            table.after_action(action, events)
        scene._after_change()
        self.pump()
        return True

    @staticmethod
    def copy(state: GameState) -> GameState:
        """A copy of the game to draw the table from (its generator left out: it is never
        asked for anything)."""
        rng = state.rng
        state.rng = None  # type: ignore[assignment]
        # The logs of what was played only grow and their entries never change: the copy
        # has lists of its own holding the same entries (a deep copy of an 8-player game's
        # log took milliseconds of the frame that throws the dice).
        memo = {id(log): list(log) for log in state.logs()}
        try:
            return copy.deepcopy(state, memo)
        finally:
            state.rng = rng

    # -- a card drawn --------------------------------------------------------------------------
    def tick_card(self, dt: float) -> None:
        """Once a frame: a card turning over on the felt moves on (at once when skipping
        ahead); its name is seen half-way."""
        if self.card_flip > 0:
            self.card_flip = 0.0 if self.scene.fast_forward else max(0.0, self.card_flip - dt)
            if self.card_hidden and self.card_flip <= CARD_FLIP / 2:
                self.card_seen()

    def card_turn(self) -> float | None:
        """How far a card drawn on the felt has turned over (0 to 1), None when none is."""
        return None if self.card_flip <= 0 else 1 - self.card_flip / CARD_FLIP

    def card_seen(self) -> None:
        """The drawn card has turned over (the card scene, or the felt): its name may be
        shown, on the table and in the history."""
        if self.card_hidden:
            self.card_hidden = False
            self.scene.app.invalidate()
            self.pump()

    # -- what waits, shown -----------------------------------------------------------------
    def settle(self) -> None:
        """Everything still waiting is shown at once, without banners (a replay stepping on
        before the last move had all been shown)."""
        scene = self.scene
        scene.tray.animator.finish()
        scene.moments.effects.finish()
        scene.tray.slides = {}
        self.card_flip = 0.0
        self.card_hidden = False
        scene.banner = None
        skipping, scene.fast_forward = scene.fast_forward, True
        try:
            self.pump()
        finally:
            scene.fast_forward = skipping
        scene.banner = None

    def reveal(self) -> None:
        """The dice have landed or the card has turned over: the table shows the game as
        it is, and the table's bookkeeping of the actions catches up."""
        scene = self.scene
        self.unseen, self.throw = None, None
        later, self.later = self.later, []
        for action, events in later:
            scene.table.after_action(action, events)
        self.sync_turn()
        scene._build_top_buttons()
        scene.app.invalidate()

    def forget_unseen(self) -> None:
        """The game was replaced (undo): nothing waits to be seen any more."""
        scene = self.scene
        self.unseen, self.throw, self.landing, self.later = None, None, None, []
        self.card_hidden, self.card_flip = False, 0.0
        self.scoring, self.flight, self.gone, scene.tray.slides = None, None, set(), {}
        scene.moments.effects.finish()
        scene.tray.animator.finish()

    def sync_turn(self) -> None:
        view = self.scene.view_state
        key = (view.current, view.turns_played)
        if key != self._turn_key:
            self._turn_key = key
            self.scene.table.new_turn()

    def pump(self) -> None:
        """Show waiting events in order; stop while dice are in the air, a drawn card has
        not turned over or a banner is up."""
        scene = self.scene
        animator, effects = scene.tray.animator, scene.moments.effects
        while True:
            if self.landing is not None and not animator.busy:
                self._landed()
            if self.flight is not None and not effects.blocking:
                self._arrived()
            if not self.pending or animator.busy or scene.banner is not None \
                    or effects.blocking:
                break
            if self.pending[0]["type"] == "drew" and self.card_hidden:
                break
            if self.pending[0]["type"] == "turn" and scene.table.hold():
                break  # how the turn ended stays a moment before the next player's turn
            self._show(self.pending.pop(0))
        if self.unseen is not None and self.landing is None and not self.card_hidden \
                and self.flight is None and not self.scoring_waits() \
                and not any(e["type"] in ("rolled", "drew") for e in self.pending):
            self.reveal()
        if not animator.busy and not any(e["type"] == "rolled" for e in self.pending):
            self.frozen_sheet = None  # the dice have landed: the sheet may show the result
        if not self.pending and scene.banner is None and self.unseen is None:
            seat = None if scene.state.is_over() else scene.state.current
            if seat != scene.shown_seat:
                self.gone = set()  # (the dice that went to a box were the last player's)
            scene.shown_seat = seat

    def scoring_waits(self) -> bool:
        """A score is still to be shown going to its box (its event not shown yet)."""
        return self.scoring is not None and any(self._is_scoring(e) for e in self.pending)

    def _is_scoring(self, event: Event) -> bool:
        target = self.scoring.event if self.scoring is not None else None
        return target is not None and event["type"] == target["type"] \
            and event.get("seat") == target.get("seat")

    def _landed(self) -> None:
        """The dice are at rest: what they show is seen now (words, sound, the table)."""
        event, self.landing = self.landing, None
        self.scene.app.worked()  # (never waits: the dice at rest show what they rolled)
        self.scene.tray.land_sound()
        self.reveal()
        self.words(event)

    def _show(self, event: Event) -> None:
        scene = self.scene
        if self._is_scoring(event):
            scoring, self.scoring = self.scoring, None
            scoring = scene.table.scoring(*self._score_of) or scoring  # (where it is on
            scoring.event = event  # screen now; its event as the table arranged it: its words)
            if not scene.fast_forward and scene.moments.fly(scoring):
                self.flight = scoring  # its words wait for the dice to arrive
                return
        if event["type"] == "rolled":
            self.gone = set()  # (the felt's dice are thrown anew)
            scene.app.sounds.play("roll", scene.tray.handful())
            if not scene.fast_forward and self.throw is not None:
                positions, faces, _ = self.throw
                scene.tray.start_throw(positions, faces, event["seat"])
                self.landing = event  # its words wait for the landing
                return
        elif event["type"] == "turn":
            scene.shown_seat = event["seat"]
            self.gone = set()
            scene.table.turn_shown()
        elif event["type"] == "set_aside" and not scene.fast_forward:
            scene.moments.set_aside(event)
        elif event["type"] == "game_over":
            scene.shown_seat = None
        self.words(event)

    def _arrived(self) -> None:
        """The dice of a score are at its box: the table shows the game as it is, the box
        lights, the totals count to their new values."""
        scoring, self.flight = self.flight, None
        self.scene.app.worked()  # (never waits: the dice are at the box)
        self.gone = set(scoring.dice)
        self.reveal()
        self.words(scoring.event)
        if not self.scene.fast_forward:
            self.scene.moments.arrive(scoring)

    def words(self, event: Event) -> None:
        """An event's line in the history, and its banner (with its sound)."""
        scene = self.scene
        for entry in history_entries(scene.table, event):  # (one rule: Continue rewrites
            scene.history.add(*entry)                        # the history with it too)
        banner = scene.table.describe(event)
        if banner:
            if banner.sound:
                scene.app.sounds.play(banner.sound)
            if banner.big:
                self.raise_banner(banner)
            if banner.celebrate:
                scene.moments.celebrate(banner)
            if not scene.fast_forward:
                scene.moments.banner(banner)

    def raise_banner(self, banner: Banner) -> None:
        scene = self.scene
        if not scene.fast_forward:
            scene.banner = (banner, BANNER_SECONDS.get(scene.app.settings.bot_speed, 1.8))
