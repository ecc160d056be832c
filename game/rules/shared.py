"""Pieces that several games share, so that a new game composes them instead of copying.

* ``HoldAndRoll`` -- the Yatzy-style turn: up to N rolls, hold any dice between rolls
  (Yatzy, Maxi Yatzy, Bona Fortuna, Grab It!).
* ``roll_off`` -- who starts: everyone rolls, highest starts, tied leaders roll again.
* ``SharedBoard`` -- boxes that only one side can score: the first to fill a box takes it
  and every other side gets 0 there (Bona Fortuna's Doubling Round, Grab It!).
* ``TargetRace`` -- the race to a target score: reaching it starts the last round, in which
  everyone else has one more turn (Farkle, Pirate Fortune).

Everything here is plain JSON data on the game state, like the rest of a rules engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .core import Action, Event, IllegalAction, RollSpec, check_positions, roll


class HoldAndRoll:
    """Mixin for a GameState whose turn is: roll all dice, then up to ``ROLLS_PER_TURN - 1``
    rerolls of the dice not held. Uses ``self.dice`` (list, [] before the first roll),
    ``self.rolls`` (rolls used this turn) and ``self.n_dice``; call ``reset_dice()`` at the
    end of a turn. Actions: ``{"kind": "roll", "hold": [positions]}``."""

    ROLLS_PER_TURN = 3
    dice: list[int]
    rolls: int
    n_dice: int
    rng: random.Random

    def reset_dice(self) -> None:
        self.dice, self.rolls = [], 0

    def table_dice(self) -> list[Any]:
        return list(self.dice)

    def roll_number(self) -> int:
        return self.rolls

    @property
    def rolls_left(self) -> int:
        return self.ROLLS_PER_TURN - self.rolls

    def roll_actions(self) -> list[Action]:
        """The legal roll actions now: one plain roll before the first, every hold after."""
        if self.rolls == 0:
            return [{"kind": "roll", "hold": []}]
        if self.rolls >= self.ROLLS_PER_TURN:
            return []
        return [{"kind": "roll", "hold": [i for i in range(self.n_dice) if mask >> i & 1]}
                for mask in range(1 << self.n_dice)]

    def roll_spec(self, action: Action) -> RollSpec | None:
        """A roll throws the dice not held (all of them first); every die is drawn, the held
        ones' draws are thrown away (as ``roll_dice`` does)."""
        if action.get("kind") != "roll" or self.rolls >= self.ROLLS_PER_TURN:
            return None
        hold = set(action.get("hold", [])) if self.rolls else set()
        return RollSpec(tuple(i for i in range(self.n_dice) if i not in hold),
                        drawn=tuple(range(self.n_dice)))

    def roll_dice(self, hold: Any, seat: int) -> list[Event]:
        """Roll every die not in ``hold``; IllegalAction (nothing changed) when not allowed."""
        if self.rolls >= self.ROLLS_PER_TURN:
            raise IllegalAction("no rolls left this turn: choose a box")
        check_positions(hold, self.n_dice, "hold")
        if self.rolls == 0 and hold:
            raise IllegalAction("nothing to hold before the first roll")
        fresh = roll(self.rng, self.n_dice)
        self.dice = [self.dice[i] if i in hold else fresh[i] for i in range(self.n_dice)]
        self.rolls += 1
        return [{"type": "rolled", "seat": seat, "dice": list(self.dice),
                 "hold": sorted(hold), "rolls_left": self.rolls_left}]


class RollAndScore(HoldAndRoll):
    """Mixin for the category games whose turn is hold-and-roll, then one box filled:
    actions ``{"kind": "roll", "hold": [...]}`` and ``{"kind": "score", "category": box}``.
    The game provides ``open_categories()`` (the boxes the player to act may fill),
    ``_score(category)`` and ``is_over()``."""

    ACTIONS = {"roll": ("hold",), "score": ("category",)}

    def open_categories(self) -> list[str]:
        raise NotImplementedError

    def odds_boxes(self) -> list[str]:
        """The boxes whose odds the table shows (game.contract.BoxOdds): the open ones."""
        return list(self.open_categories())

    def _score(self, category: Any) -> list[Event]:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.rolls == 0:
            return self.roll_actions()
        return self.roll_actions() + [{"kind": "score", "category": c}
                                      for c in self.open_categories()]

    def _apply(self, action: Action) -> list[Event]:
        if action["kind"] == "roll":
            return self.roll_dice(action.get("hold", []), self.current)
        return self._score(action.get("category"))


def roll_off(rng: random.Random, players: Sequence[int], dice_each: int = 1
             ) -> tuple[int, list[dict[str, int]]]:
    """Everyone in ``players`` rolls ``dice_each`` dice; the highest total starts; tied
    leaders roll again. Returns the starter and every round's rolls (player -> total) so
    the table can show the roll-off as it happened."""
    contenders = list(players)
    rounds: list[dict[str, int]] = []
    while True:
        totals = {p: sum(roll(rng, dice_each)) for p in contenders}
        rounds.append({str(p): t for p, t in totals.items()})
        best = max(totals.values())
        contenders = [p for p in contenders if totals[p] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


class TargetRace:
    """Mixin for a GameState racing to ``options["target"]`` with ``totals`` per seat.

    The first player at or over the target starts the last round: every other player has
    exactly one more turn (``still_to_play``, in playing order), then the game is over.
    Alone, reaching the target ends the game. With ``PLAY_ON`` (scores can fall, as with
    Pirate Fortune's Island), a last round after which nobody is at the target any more
    ends in a ``play_on`` event instead, and the race goes on. Uses ``last_round``,
    ``triggered_by``, ``still_to_play`` and ``over``; call ``reset_race()`` in setup."""

    PLAY_ON = False
    totals: list[int]
    options: dict[str, Any]
    order: list[int]
    turn: int
    last_round: bool
    triggered_by: int | None
    still_to_play: list[int]
    over: bool

    def reset_race(self) -> None:
        self.last_round = False
        self.triggered_by = None
        self.still_to_play = []
        self.over = False

    def pass_turn(self, seat: int) -> list[Event]:
        """``seat`` has finished its turn: the last round's bookkeeping, then the next
        player to act (``advance_turn``, skipping whoever has played out)."""
        events: list[Event] = []
        n = len(self.order)
        target = self.options["target"]
        if self.last_round and seat in self.still_to_play:
            self.still_to_play.remove(seat)
        if n == 1:
            if self.totals[seat] >= target:
                self.over = True
        elif not self.last_round:
            reached = [s for s in self.order if self.totals[s] >= target]
            if reached:
                trigger = seat if seat in reached else max(reached, key=lambda s: self.totals[s])
                self.last_round = True
                self.triggered_by = trigger
                upcoming = [self.order[(self.turn + k) % n] for k in range(1, n + 1)]
                self.still_to_play = [s for s in upcoming if s != trigger]
                events.append({"type": "last_round", "seat": trigger,
                               "total": self.totals[trigger],
                               "still_to_play": list(self.still_to_play)})
        self.advance_turn()  # type: ignore[attr-defined]
        if self.last_round:
            if self.still_to_play:
                while self.order[self.turn] not in self.still_to_play:  # played out: skip
                    self.turn = (self.turn + 1) % n
            elif not self.PLAY_ON or max(self.totals) >= target:
                self.over = True
            else:  # everyone fell back under the target during the round
                self.last_round, self.triggered_by = False, None
                events.append({"type": "play_on", "target": target,
                               "totals": list(self.totals)})
        return events


class SharedBoard:
    """Boxes shared by every side: filling one claims it for one side (its points) and
    gives every other side 0 there; a 0 fills it for everyone. Stored as plain JSON in
    ``data``: box -> [side, points], side None when the box was scratched for all."""

    def __init__(self, boxes: Sequence[str], data: dict[str, list] | None = None):
        self.boxes = tuple(boxes)
        self.data: dict[str, list] = data if data is not None else {}

    def is_open(self, box: str) -> bool:
        return box in self.boxes and box not in self.data

    def open_boxes(self) -> list[str]:
        return [b for b in self.boxes if b not in self.data]

    def is_full(self) -> bool:
        return len(self.data) == len(self.boxes)

    def fill(self, box: str, side: int, points: int) -> None:
        """Fill ``box`` for ``side``: claimed with ``points`` > 0, scratched for all at 0."""
        if box not in self.boxes:
            raise IllegalAction(f"unknown box {box!r}"[:80])
        if box in self.data:
            raise IllegalAction(f"{box} is already filled")
        self.data[box] = [side if points > 0 else None, points]

    def owner(self, box: str) -> int | None:
        entry = self.data.get(box)
        return entry[0] if entry else None

    def points(self, side: int, box: str) -> int:
        """What ``side`` has in ``box``: its points if it claimed it, else 0."""
        entry = self.data.get(box)
        return entry[1] if entry and entry[0] == side else 0

    def total(self, side: int) -> int:
        return sum(p for s, p in self.data.values() if s == side)

    def claimed_by(self, side: int) -> list[str]:
        return [b for b in self.boxes if self.owner(b) == side]


def clockwise(n_seats: int, starter: int) -> list[int]:
    """Seat indices in playing order, ``starter`` first, then round the table."""
    return [(starter + k) % n_seats for k in range(n_seats)]


class Phases:
    """Mixin for a GameState played in phases (Bona Fortuna's Phase I and Doubling
    Round): ``self.phase`` is part of the state, and a new phase reseats the turn order
    and is announced by one ``phase`` event that carries whatever the game wants to show
    (totals so far, why this player starts)."""

    phase: int
    order: list[int]
    turn: int
    seats: list

    def begin_phase(self, phase: int, starter: int, **info: Any) -> Event:
        self.phase = phase
        self.order = clockwise(len(self.seats), starter)
        self.turn = 0
        return {"type": "phase", "phase": phase, "starter": starter,
                "order": list(self.order), **info}
