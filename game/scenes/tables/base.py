"""What a game tells the shared play scene: its dice, its buttons, its sheet, its words.

The play scene owns the loop, bots, animation, sound and errors; a Table subclass only
maps the game's state to things to draw and the player's input to actions."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, Protocol

import pygame

from game.rules.core import Action, Event
from game.ui import hands, theme
from game.ui.dice import die_index_for_key
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.words import count, number, says


@dataclass
class DieSpec:
    value: int | None  # None: not rolled yet
    mode: str = "free"  # free | held | chosen | aside | blank
    label: str = ""


@dataclass
class ButtonSpec:
    label: str
    action: Action | None  # what pressing it does (None: a table-local effect via `key`)
    enabled: bool = True
    hotkey: str = ""
    key: str = ""


@dataclass
class Banner:
    text: str
    colour: tuple = (236, 240, 244)
    sound: str = ""
    big: bool = False  # a centre-screen announcement rather than a status line
    celebrate: str = ""  # a moment: sparks on the tray in this style ("gold", "skulls")
    shake: bool = False  # the dice on the felt shake (they failed: a farkle, a third skull)
    stamp: str = ""  # a word stamped over the felt (DISQUALIFIED, DOUBLING ROUND)
    rings: bool = False  # rings open round every die (hot dice: all six come back)


@dataclass
class Scoring:
    """A score landing on the sheet (``Table.scoring``), shown as a moment: the dice that
    make it (``dice``, by position on the felt) lift and travel to the box with the points
    (``label``), the box lights in the player's colour, and each total in ``changes``
    counts to its new value. ``event`` is the event it shows (its words come when the dice
    arrive). A box is found on the sheet by its row (a row's key, box or label) and its
    column (the model's column index; None: ``row`` is a cell's key)."""

    event: Event
    seat: int
    dice: list[int]
    row: str | None
    column: int | None
    points: int
    label: str = ""
    changes: list[tuple[str, int, int, int]] = dc_field(default_factory=list)  # (row, column,
    # from, to): totals that count up (or down) once the dice are there
    strike: bool = False  # a 0 written: the box is crossed out
    marker: bool = False  # the owner's marker slides into the box (a shared board)
    colour: tuple = theme.TEXT  # the player's (the side's) colour: the box lights in it


class TableHost(Protocol):
    """What a Table may ask of the scene it sits at (``Table.scene``), and nothing more.

    Every host answers every member: the table scene (game.scenes.table_view) with the
    game in play, and the stand-ins that word or draw a position outside play
    (game.scenes.tables.StandIn and Rewind: the results' sheet, the review, the menu's
    progress, the replayed history) with inert defaults -- no app, no coach, no regions, no
    sheet widget, nothing moving, no hint, no card turning -- so a table asks directly and
    never probes for a member. Ask ``coaching`` before ``app``: a stand-in has no app."""

    state: Any  # the game as it is (``Table.state``: as the player may see it)
    human_turn: bool  # a person at this screen is to move, and may
    shown_seat: int | None  # whose turn the screen shows (None: the game is over)

    def name(self, seat: int) -> str: ...

    # -- the table scene's (a stand-in's inert default after each)
    app: Any  # game.app.App: its sounds, messages (notify), settings, scenes (open); None
    view_state: Any  # the game as the player may see it (before dice have landed); None
    fast_forward: bool  # skipping ahead to the next person's turn; a Rewind: True
    busy: bool  # something is still being shown (dice, a card, a banner); False
    dice_moving: bool  # dice in the air, or a roll not shown yet; False
    regions: dict[str, pygame.Rect]  # where the tray, the sheet... are (device px); {}
    sheet: Any  # the score sheet as drawn (game.ui.sheet.ScoreSheet); None
    history: Any  # the move history (game.ui.history.History; ``add``); None (a Rewind:
    # its entries)
    coaching: bool  # the coach may be mentioned (False in a replay, a lesson, a stand-in)

    def act(self, action: Action) -> bool: ...  # False: nothing applied

    def complain(self, text) -> None: ...

    def current_hint(self) -> Any: ...  # the hint on show for this position; None

    def count_up(self, row: str, column: int, before: int, after: int, colour) -> None: ...

    def card_turn(self) -> float | None: ...  # a card turning over on the felt; None

    def dice_row(self, tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]: ...  # []


class Table:
    """Base: override what differs. ``self.scene`` gives access to state and helpers."""

    # What the player has chosen at this table and not played yet, read by the play scene
    # (what to redraw, the sheet's row to reveal), the odds and the lessons; None where the
    # game has no such thing (each table sets its own in ``new_turn``).
    held: set[int] | None = None  # dice held for the next roll (the hold-and-roll games)
    chosen: set[int] | None = None  # dice chosen to set aside or reroll
    cursor: str | None = None  # the sheet's key under the keyboard cursor
    pending_zero: Any = None  # a box chosen once that would score 0 (a second choice confirms)
    # The words this game writes under a die (``DieSpec.label``) and the die's mode then:
    # laid out before a die first shows one (``TableScene.warm``)
    die_labels: tuple[tuple[str, str], ...] = ()

    def __init__(self, scene: TableHost):
        self.scene = scene

    @property
    def state(self) -> Any:
        """The game as the player may see it: at the play scene, before an action whose
        dice have not landed (or card not turned over), the game as it was before it."""
        view = self.scene.view_state
        return self.scene.state if view is None else view

    # -- drawing ---------------------------------------------------------------------------
    def dice(self) -> list[DieSpec]:
        return []

    def aside_dice(self) -> list[list[int]]:
        """Groups of dice already out of play this turn (drawn apart, small)."""
        return []

    def buttons(self) -> list[ButtonSpec]:
        return []

    def sheet(self) -> SheetModel:
        raise NotImplementedError

    def columns(self) -> tuple[list[int], list[tuple[str, tuple]], int]:
        """Sheet columns in playing order: seat indices, (name, colour) headers, and the
        column of the player to act (-1 once the game is over)."""
        s = self.state
        seats = list(s.order)
        headers = [(s.seats[i].name, theme.player_colour(i), s.seats[i].is_human) for i in seats]
        shown = self.scene.shown_seat
        return seats, headers, (seats.index(shown) if shown is not None else -1)

    def seat_colour(self, seat: int) -> tuple:
        """The colour that marks a seat (partners may share one)."""
        return theme.player_colour(seat)

    def dice_rects(self, tray: pygame.Rect, n: int) -> list[pygame.Rect] | None:
        """Where each die goes on the tray; None: the usual centred row."""
        return None

    def tray_height(self, width: float) -> float:
        """The tray's height in dp for a tray ``width`` dp wide when the layout asks (a phone
        held upright): room for a row of dice (two rows of many on a narrow tray), their keys,
        and the dice set aside."""
        n = max(1, self.dice_count())
        size = min(84, (width - 32 - 14 * (n - 1)) / n)
        rows = 1
        if size < (theme.TOUCH_MIN if theme.metrics.touch else 36) and n > 1:
            rows, size = 2, min(84, (width - 32 - 14 * ((n + 1) // 2 - 1)) / ((n + 1) // 2))
        aside = 64 if self.has_aside() else 26
        return 34 + rows * size + (rows - 1) * 14 + aside

    def dice_count(self) -> int:
        """How many dice the tray makes room for: those on the felt now, unless the game
        always throws a set number (``HoldTable``)."""
        return len(self.dice())

    def has_aside(self) -> bool:
        """Whether this game ever sets dice aside on the tray (room is kept for them)."""
        return False

    def aside_label(self) -> str:
        """The words over the dice already out of play this turn."""
        return "Set aside earlier this turn:"

    def card_spot(self, tray: pygame.Rect) -> pygame.Rect | None:
        """Where a game with cards (game.contract.CardGame) keeps its deck on the felt (the
        card draw lights it there); None: no cards."""
        return None

    def click_tray(self, pos) -> bool:
        """A click on the felt but not on a die (a card, a deck); True when it meant something."""
        return False

    def animating(self) -> bool:
        """Something on the table moves by itself (the play scene then redraws every frame)."""
        return False

    def view_key(self) -> tuple:
        """What the table shows beyond the state and the selection (a game's own marks), so
        the play scene knows when to draw again."""
        return ()

    def draw_tray(self, surface: pygame.Surface, tray: pygame.Rect) -> None:
        """Extra things on the felt, under the dice (a card, a chest, zones)."""

    def tray_key(self) -> tuple | None:
        """What ``draw_tray`` draws depends on besides what the scene's ``view_key`` says
        the screen shows (a card turning over: how far): while both stay the same, a frame
        that draws the tray alone (dice tumbling) keeps the felt as dressed then. None:
        it cannot be told, the felt is dressed again in every such frame."""
        return ()

    def turn_rows(self, seats: list[int], cell) -> list[Row]:
        """The sheet's "Turns" count and every turn, newest first (the sheet scrolls down to
        the first): one row per turn, ``cell(result)`` for each player's entry of
        ``state.turn_results(seat)``."""
        s = self.state
        results = {i: s.turn_results(i) for i in seats}
        rows = [Row("Turns", [Cell(str(len(results[i])), theme.TEXT_DIM) for i in seats],
                    kind="sum")]
        played = max((len(r) for r in results.values()), default=0)
        for turn in range(played, 0, -1):
            cells = []
            for i in seats:
                mine = results[i]
                cells.append(cell(mine[turn - 1]) if turn <= len(mine) else Cell(""))
            rows.append(Row(f"Turn {turn}", cells, label_colour=theme.TEXT_DIM))
        return rows

    def status(self) -> list[str]:
        """Lines under the dice: what the player can do now, totals of the turn."""
        return []

    def status_details(self) -> list[str | tuple[str, str]]:
        """Parts of ``status``'s lines a place too small for them may leave out (a score's
        breakdown), or pairs (words, a compact form of them) it may write instead: the
        rest is said whole."""
        return []

    def turn_info(self) -> str:
        return ""

    def progress(self) -> str:
        """Where the game stands, in the words its table shows ("turn 2 of 15"): what the
        menu says of a saved game. A race (Farkle, Pirate Fortune) gives the scores."""
        return self.turn_info()

    def race_progress(self) -> str:
        """A race's standing: every player's score, in seat order ("You 3,450 · Ada
        5,200"), and the last round when it is on."""
        scores = self.state.final_scores()
        return self.race_info(" · ".join(f"{self.scene.name(i)} {number(v)}"
                                         for i, v in enumerate(scores)))

    def race_banner(self, event: Event) -> Banner | None:
        """A race to a target's announcements (Farkle, Pirate Fortune): the last round, and
        play going on when the round ends with nobody at the target (a penalty or a lost
        Island took the leader back under it)."""
        if event["type"] == "last_round":
            who = self.scene.name(event["seat"])
            still = ", ".join(self.scene.name(x) for x in event["still_to_play"])
            return Banner(f"LAST ROUND! {says(who, 'reached')} {number(event['total'])}. "
                          f"Still to play: {still}", theme.BEST, "bonus", big=True)
        if event["type"] == "play_on":
            return Banner(f"Nobody holds {number(event['target'])} after the round: play on!",
                          theme.INFO, "bonus", big=True)
        return None

    def race_info(self, text: str) -> str:
        """A race to a target's turn line (Farkle, Pirate Fortune): ``text``, and the last
        round when it is on."""
        return f"{text} · LAST ROUND" if self.last_round() else text

    def last_round(self) -> bool:
        """A race to a target: its last round is on (someone reached the target)."""
        return False

    # -- input -----------------------------------------------------------------------------
    def click_die(self, index: int) -> None: ...

    def click_row(self, key: str) -> None: ...

    def press(self, key: str) -> None:
        """A table-local button (ButtonSpec.key)."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        return False

    def browse_key(self, event: pygame.event.Event) -> bool:
        """A key that only changes what is shown (another player's sheet), taken at any
        time, also while others play; True when it was one."""
        return False

    def browse_row(self, key: str) -> bool:
        """A click on the sheet that only changes what is shown, taken at any time; True
        when it was one."""
        return False

    # -- the flow of the game --------------------------------------------------------------
    def new_turn(self) -> None:
        """The player to act changed: clear selections."""

    def update(self, dt: float) -> None:
        """Once a frame while the play scene is on top (before bots act)."""

    def tick(self, dt: float) -> None:
        """Once a frame, at play and in replays: the table's own timers (its pause)."""

    def hold(self) -> bool:
        """True while the table shows something that players and bots wait for."""
        return False

    def preview_bot(self, action: Action) -> None:
        """Show what a bot is about to do (its held dice, its chosen box) before it does it."""

    # -- the coach (game.coach) -------------------------------------------------------------
    def box_label(self, key: str) -> str:
        """A sheet key as the player reads it."""
        return key.replace("_", " ").title()

    def hint_marks(self, action: Action) -> tuple[set[int], str | None]:
        """Where the table shows a hinted move: the dice it names (by position: held, set
        aside, rerolled or put on the chest) and the sheet row it fills, if any."""
        dice: set[int] = set()
        for field in ("hold", "set_aside", "dice"):
            if isinstance(action.get(field), list):
                dice |= set(action[field])
        return dice, action.get("category") or action.get("box")

    def describe_move(self, action: Action) -> str:
        """A move in words ("Hold [2 2 5] and roll again", "Score Chance")."""
        faces = self.state.table_dice()

        def named(field: str) -> str:
            return dice_text([faces[i] for i in action.get(field, []) if i < len(faces)])

        kind = action["kind"]
        if kind == "roll" and "hold" in action:
            if not self.state.roll_number():
                return "Roll the dice"
            return f"Hold {named('hold')} and roll again" if action["hold"] else \
                "Roll all the dice again"
        if kind in ("roll", "bank") and "set_aside" in action:
            return f"Set aside {named('set_aside')} and " + ("roll on" if kind == "roll"
                                                             else "bank the points")
        if kind == "roll" and "dice" in action:
            return f"Reroll {named('dice')}"
        if kind == "score":
            key = self.hint_marks(action)[1]
            if key and self.score_points(action) == 0:
                return f"Cross out {self.box_label(key)} (0)"
            return f"Score {self.box_label(key)}" if key else "Score"
        return {"roll": "Roll the dice", "stop": "Stop and score", "bank": "Bank the points"
                }.get(kind, kind.replace("_", " ").title())  # (a game words its own moves)

    def score_points(self, action: Action) -> int | None:
        """What the scoring move ``action`` writes with the dice now (None: not known)."""
        return None

    def odds_selection(self) -> list[int]:
        """The dice the player has chosen but not played yet (held, to set aside, to
        reroll): the odds (game.odds) follow them."""
        chosen = self.held if self.held is not None else self.chosen
        return sorted(chosen or ())

    def set_selection(self, dice) -> None:
        """Choose exactly these dice (what ``odds_selection`` reads): a lesson puts back a
        choice its step does not ask for."""
        if self.held is not None:
            self.held = set(dice)
        elif self.chosen is not None:
            self.chosen = set(dice)

    def selected(self) -> tuple[str, list[Action]] | None:
        """The move the player has selected but not made yet, in words, and the actions it
        may become (the coach prices the best of them); None when nothing is selected."""
        return None

    def after_action(self, action: Action, events: list[Event]) -> None: ...

    def arrange(self, events: list[Event]) -> list[Event]:
        """An action's events in the order they are shown: what a roll led to comes after
        the roll (its dice are seen landing first)."""
        return events

    def throw_dice(self, action: Action, rolled: tuple[int, ...]) -> list[DieSpec]:
        """The dice on the felt while ``action`` throws the dice at positions ``rolled``:
        the others as they were, the thrown ones in the air (no value: what they will show
        is not known on screen until they land). Drawn from the game as it was before the
        action, so nothing here can tell how they land."""
        specs = self.dice()
        n = max(len(specs), max(rolled, default=-1) + 1)
        if all(i in rolled for i in range(n)):  # all of them: a fresh throw
            n = max(rolled, default=-1) + 1
        return [DieSpec(None, "free") if i in rolled or i >= len(specs) else specs[i]
                for i in range(n)]

    def throw_aside(self, action: Action) -> list[list[int]]:
        """The dice set aside while ``action``'s dice are in the air."""
        return self.aside_dice()

    def turn_shown(self) -> None:
        """The next player's turn is on screen: the last turn's dice leave the felt."""

    def moments(self, events: list[Event]) -> list[Event]:
        """The events to show for an action: the engine's, with the table's own "moment"
        events put in where something worth celebrating happened (a Yatzy rolled, a box
        grabbed from under an opponent). A moment is shown like any event, in order:
        after the dice it follows have landed; ``describe`` gives its banner."""
        return list(events)

    def scoring(self, events: list[Event], before: Any) -> Scoring | None:
        """The score among an action's ``events`` that lands on the sheet, None when none
        does (games with boxes, banks or turn scores say where it lands). ``before`` is the
        game as it was before the action, ``self.scene.state`` as it is after; the sheet on
        screen is the one ``self.state`` gives (asked when the score is about to be shown,
        the table drawn from the game before the action)."""
        return None

    def total_row(self) -> str:
        """The label of the sheet's row of totals (what counts up after a score)."""
        return "Total"

    def rolled_positions(self, event: Event) -> list[int]:
        """Which dice tumble for a 'rolled' event."""
        hold = set(event.get("hold", []))
        return [i for i in range(len(event.get("dice", []))) if i not in hold]

    def describe(self, event: Event) -> Banner | None:
        return None

    def history_line(self, event: Event) -> tuple[str, tuple] | None:
        """The move history's line for an event ((text, colour), None to use the banner's
        words). Rolls are listed with their dice for every game."""
        if event["type"] == "rolled":
            seat = event["seat"]
            return (f"{says(self.scene.name(seat), 'rolls')} {dice_text(event['dice'])}",
                    theme.player_colour(seat))
        return None


FACE_BOXES = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
KINDS = {"one_pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4, "five_of_a_kind": 5}
PAIRS = {"two_pair": 2, "two_pairs": 2, "three_pairs": 3}


def meld_dice(meld: str, dice: list, points: int) -> list[int]:
    """The positions of the dice that make ``points`` in the box (or meld) ``meld``: the
    dice of its face for a number box, the n of a kind, the pairs; every die for a whole
    hand (a straight, a full house, a chance, a Yatzy); none for a 0."""
    if not points:
        return []
    if meld in FACE_BOXES:
        return [i for i, v in enumerate(dice) if v == FACE_BOXES[meld]]
    counts = {v: dice.count(v) for v in set(dice)}
    if meld in KINDS:
        n = KINDS[meld]
        faces = sorted((v for v, c in counts.items() if c >= n), reverse=True)
        if not faces:
            return list(range(len(dice)))
        face = next((v for v in faces if n * v == points), faces[0])
        return [i for i, v in enumerate(dice) if v == face][:n]
    if meld in PAIRS:
        faces = sorted((v for v, c in counts.items() if c >= 2), reverse=True)[:PAIRS[meld]]
        out: list[int] = []
        for face in faces:
            out += [i for i, v in enumerate(dice) if v == face][:2]
        return sorted(out) or list(range(len(dice)))
    return list(range(len(dice)))


def leader_cell(text: str, value: float, values: list, key: str | None = None) -> Cell:
    """A total on the sheet: the leader's (the highest, above 0, among several players)
    bold in the leader's gold with a crown; the others bold in the text's colour."""
    lead = max(values, default=0)
    if len(values) > 1 and lead > 0 and value == lead:
        return Cell(text, theme.BEST, True, key=key, mark="leader")
    return Cell(text, theme.TEXT, True, key=key)


def dice_text(dice) -> str:
    """Dice as the history writes them: [1 3 5]."""
    return "[" + " ".join(str(d) for d in dice) + "]"


class HoldTable(Table):
    """A table for the hold-and-roll games (game.rules.shared.HoldAndRoll): a click or a
    key on a die holds or releases it between rolls; the roll action holds those dice.
    Subclasses reset ``held`` (and ``pending_zero``) in ``new_turn``."""

    held: set[int]

    def dice_count(self) -> int:
        return self.state.n_dice

    def roll_action(self) -> Action:
        return {"kind": "roll", "hold": sorted(self.held) if self.state.rolls else []}

    def moments(self, events: list[Event]) -> list[Event]:
        """A roll that shows every die the same (a Yatzy, Maxi Yatzy's six of a kind, 5 of a
        Kind) is a moment, right after the roll (a roll that threw no die is not)."""
        out: list[Event] = []
        for event in events:
            out.append(event)
            dice = event.get("dice") or []
            if (event["type"] == "rolled" and len(dice) == self.state.n_dice
                    and len(set(dice)) == 1 and len(event.get("hold", [])) < len(dice)):
                out.append({"type": "moment", "moment": "all_same", "seat": event["seat"],
                            "dice": list(dice)})
        return out

    def all_same_banner(self, event: Event) -> Banner:
        """The banner of a roll with every die the same (each game names it)."""
        who = self.scene.name(event["seat"])
        return Banner(f"{len(event['dice'])} OF A KIND! {says(who, 'rolls')} "
                      f"{dice_text(event['dice'])}", theme.BEST, "celebrate", big=True,
                      celebrate="gold")

    def turn_prompt(self, verb: str, box: str = "a box") -> str:
        """What a person does now, in one sentence for the hand in use: roll; hold dice
        or ``verb`` ``box`` ("score", "a box"); with no roll left, ``verb`` a box."""
        s = self.state
        left = s.ROLLS_PER_TURN - s.rolls
        if s.rolls == 0:
            return hands.say("Press Space to roll the dice.", "Click Roll to throw the dice.")
        if left:
            rolls = f"{count(left, 'roll')} left"
            return hands.say(f"{rolls}. Press 1-{s.n_dice} to hold dice, or the arrows and "
                             f"Enter to {verb} {box}.",
                             f"{rolls}. Click dice to hold them, or click {box} to {verb} it.")
        return hands.say(f"No rolls left: choose {box} with the arrows and press Enter to "
                         f"{verb} it.", f"No rolls left: click {box} to {verb} it.")

    def turn_prompt_short(self, verb: str) -> str:
        """``turn_prompt`` in a few words, for a status with no room for the sentence."""
        s = self.state
        left = s.ROLLS_PER_TURN - s.rolls
        if s.rolls == 0:
            return hands.say("Space: roll the dice.", "Click Roll.")
        if left:
            rolls = f"{count(left, 'roll')} left"
            return hands.say(f"{rolls}: 1-{s.n_dice} hold, Enter to {verb}.",
                             f"{rolls}: hold dice or {verb} a box.")
        return hands.say(f"No rolls left: Enter to {verb} a box.",
                         f"No rolls left: {verb} a box.")

    def prompt_forms(self, verb: str, box: str = "a box") -> tuple[str, str]:
        """The turn's prompt and its compact form (a status detail: ``status_details``)."""
        return self.turn_prompt(verb, box), self.turn_prompt_short(verb)

    def zero_prompt(self, label: str, done: str = "cross it out") -> str:
        """A box chosen once that would score 0: how to confirm (``done``)."""
        return hands.say(f"{label} scores 0: press Enter again to {done}.",
                         f"{label} scores 0: click it again to {done}.")

    def roll_button(self) -> ButtonSpec:
        """Roll, then "Roll again (n)" while rolls are left."""
        s = self.state
        left = s.ROLLS_PER_TURN - s.rolls
        label = "Roll" if s.rolls == 0 else f"Roll again ({left})" if left else "No rolls left"
        return ButtonSpec(label, self.roll_action(), enabled=left > 0, hotkey="Space")

    def click_die(self, index: int) -> None:
        s = self.state
        if s.rolls == 0:
            self.scene.complain("Roll first: there is nothing to hold yet")
        elif s.rolls >= s.ROLLS_PER_TURN:
            self.scene.complain("No rolls left: choose a box on the sheet")
        elif index < s.n_dice:
            self.held ^= {index}
            self.pending_zero = None
            self.scene.app.sounds.play("hold")

    def handle_key(self, event: pygame.event.Event) -> bool:
        """1-n (or the keypad) hold a die, Space rolls, Enter fills the box under the
        keyboard cursor (or rolls when there is none). Tables handle their own keys first."""
        s = self.state
        index = die_index_for_key(event.key, s.n_dice)
        if index is not None:
            self.click_die(index)
            return True
        if event.key == pygame.K_SPACE:
            self.scene.act(self.roll_action())
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.cursor and s.rolls:
                self.click_row(self.cursor)
            else:
                self.scene.act(self.roll_action())
            return True
        return False
