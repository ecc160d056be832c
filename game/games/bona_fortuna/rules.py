"""Bona Fortuna, RULES.md §4: two columns each, then a Doubling Round on shared boxes.

``meld_score(meld, dice)`` is the pure scoring function of API.md; ``BonaFortunaState``
is the whole game.

Phase I (``phase == 1``): a roll-off (one die each, highest starts, tied leaders roll
again; the rounds are kept in ``roll_off`` so the table can show them), then clockwise.
Each player has a Normal and a Doubled column of the nine ``BOXES``; a turn is up to three
rolls with holds and fills exactly one open box of either column with the meld's value
(×2 in the Doubled column), 0 when the dice don't make it. 18 turns each.

Phase II (``phase == 2``), the Doubling Round: the lowest Phase I total starts (ties:
the earlier seat in the Phase I order), then clockwise. One shared board of the nine
boxes (a ``SharedBoard``), values ×2; nine turns in all.

Actions (JSON dicts):

* ``{"kind": "roll", "hold": [positions]}`` -- the first roll of a turn (hold ``[]``) or a
  reroll of the dice not held (at most three rolls a turn).
* ``{"kind": "score", "box": BOX, "column": "normal" | "doubled"}`` -- Phase I, after at
  least one roll. Phase II takes no ``column``. The box ``three_or_full`` also needs
  ``"meld": "three_of_a_kind" | "full_house"``: which of its two melds is written.

Events: ``rolled``; ``scored`` (seat, phase, column, box, meld, points as written, dice,
claimed: Phase II only, True when the box went to the roller, False when it was filled
with 0 for everyone); ``bonus`` (seat, phase, column, group, points); ``phase`` (phase 2,
``totals`` of Phase I by seat, ``starter``, ``order``); ``turn`` (the next player);
``game_over`` (winners, totals).

Where RULES.md leaves room, decided here:

* Phase II's number bonus (40) needs the player to have claimed 6's, 5's and 4's himself
  *and* their doubled sum to reach 90; the other two groups need all three boxes.
* Any player may write 0 into a number box at any time in Phase II (that is how a turn
  with no usable dice ends while the number boxes are open); a 0 anywhere else waits
  until 6's, 5's and 4's are all filled. Choosing Full House for dice that make only
  3 of a Kind is such a 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from game.rules.core import Action, Event, GameState, IllegalAction, best_box
from game.rules.shared import HoldAndRoll, Phases, SharedBoard, roll_off

MELDS = ("five_of_a_kind", "four_of_a_kind", "three_of_a_kind", "full_house", "big_straight",
         "small_straight", "mixed_straight", "sixes", "fives", "fours")
MELD_VALUES = {"five_of_a_kind": 50, "four_of_a_kind": 40, "three_of_a_kind": 15,
               "full_house": 30, "big_straight": 40, "small_straight": 20,
               "mixed_straight": 15}
NUMBER_FACES = {"sixes": 6, "fives": 5, "fours": 4}

# The nine boxes of a column (and of the shared board), in sheet order.
BOXES = ("five_of_a_kind", "four_of_a_kind", "three_or_full", "big_straight",
         "small_straight", "mixed_straight", "sixes", "fives", "fours")
BOX_MELDS = {b: ((b,) if b != "three_or_full" else ("three_of_a_kind", "full_house"))
             for b in BOXES}
GROUPS = {"kinds": BOXES[0:3], "straights": BOXES[3:6], "numbers": BOXES[6:9]}
BOX_GROUP = {b: g for g, boxes in GROUPS.items() for b in boxes}
NUMBER_BOXES = GROUPS["numbers"]
BONUS = {"kinds": 40, "straights": 30, "numbers": 20}  # Phase I, never doubled
NUMBER_TARGET = 45  # Normal column; the Doubled column needs 90 after doubling
COLUMNS = ("normal", "doubled")
MULTIPLIER = {"normal": 1, "doubled": 2}
PHASE2_MULTIPLIER = 2
PHASE1_TURNS = 2 * len(BOXES)  # 18 per player

LABELS = {"five_of_a_kind": "5 of a Kind", "four_of_a_kind": "4 of a Kind",
          "three_or_full": "3 Kind / Full H.", "three_of_a_kind": "3 of a Kind",
          "full_house": "Full House", "big_straight": "Big Straight",
          "small_straight": "Small Straight", "mixed_straight": "Mixed Straight",
          "sixes": "6's", "fives": "5's", "fours": "4's"}
GROUP_LABELS = {"kinds": "Kinds bonus", "straights": "Straights bonus",
                "numbers": "Numbers bonus"}


def _check_dice(dice: Any) -> tuple[int, ...]:
    if isinstance(dice, (str, bytes, dict)) or not hasattr(dice, "__iter__"):
        raise ValueError(f"dice must be a sequence of 5 die values, got {dice!r}"[:200])
    values = list(dice)
    if len(values) != 5:
        raise ValueError(f"expected 5 dice, got {len(values)}: {values!r}"[:200])
    for d in values:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"die value {d!r} is not an int from 1 to 6"[:200])
    return tuple(sorted(values))


@cache
def _meld_sorted(meld: str, dice: tuple[int, ...]) -> int:
    counts = Counter(dice)
    faces = set(counts)
    most = max(counts.values())
    if meld in NUMBER_FACES:
        face = NUMBER_FACES[meld]
        return face * counts[face]
    if meld == "five_of_a_kind":
        fits = most == 5
    elif meld == "four_of_a_kind":
        fits = most >= 4
    elif meld == "three_of_a_kind":
        fits = most >= 3
    elif meld == "full_house":
        fits = sorted(counts.values()) == [2, 3]
    elif meld == "big_straight":
        fits = faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    elif meld == "small_straight":
        fits = any({s, s + 1, s + 2, s + 3} <= faces for s in (1, 2, 3))
    else:  # mixed_straight
        fits = {1, 3, 5} <= faces or {2, 4, 6} <= faces
    return MELD_VALUES[meld] if fits else 0


def meld_score(meld: str, dice: Sequence[int]) -> int:
    """The undoubled value of a meld box for these 5 dice, 0 when they don't make it.
    Raises ValueError naming the bad value for an unknown meld or bad dice."""
    if not isinstance(meld, str) or meld not in MELDS:
        raise ValueError(f"unknown meld {meld!r}; melds: {', '.join(MELDS)}"[:300])
    return _meld_sorted(meld, _check_dice(dice))


def column_bonuses(column: dict[str, int], mult: int) -> dict[str, int]:
    """Phase I bonuses a column has earned so far (group -> points), never doubled.
    ``column`` holds the points as written (already ×mult)."""
    out = {}
    for group in ("kinds", "straights"):
        if all(column.get(b, 0) > 0 for b in GROUPS[group]):
            out[group] = BONUS[group]
    if sum(column.get(b, 0) for b in NUMBER_BOXES) >= NUMBER_TARGET * mult:
        out["numbers"] = BONUS["numbers"]
    return out


def board_bonuses(board: SharedBoard, side: int) -> dict[str, int]:
    """Doubling Round bonuses of ``side``: every box of a group claimed by that side alone
    (the numbers also need 90 or more, doubled), each bonus doubled."""
    out = {}
    for group, boxes in GROUPS.items():
        if all(board.owner(b) == side for b in boxes):
            if group == "numbers" and sum(board.points(side, b) for b in boxes) < \
                    NUMBER_TARGET * PHASE2_MULTIPLIER:
                continue
            out[group] = BONUS[group] * PHASE2_MULTIPLIER
    return out


def score_action(column: str | None, box: str, meld: str) -> Action:
    """The action that fills ``box`` (in ``column``; None: the Doubling Round's board),
    naming the meld only for the box that takes either of two."""
    action: Action = {"kind": "score", "box": box}
    if column is not None:
        action["column"] = column
    if box == "three_or_full":
        action["meld"] = meld
    return action

class BonaFortunaState(Phases, HoldAndRoll, GameState):
    GAME_ID = "bona_fortuna"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    ROLLS_PER_TURN = 3
    ACTIONS = {"roll": ("hold",), "score": ("box", "column", "meld")}


    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]:
        """0 to every box at its best in both columns and on the whole shared board, with
        every bonus: Normal x1, Doubled x2 and the Doubling Round x2 (its bonuses doubled)."""
        boxes = sum(best_box(lambda roll, b=b: max(meld_score(m, roll) for m in BOX_MELDS[b]),
                             5) for b in BOXES)
        bonuses = sum(BONUS.values())
        return 0, (1 + 2 + PHASE2_MULTIPLIER) * boxes + (2 + PHASE2_MULTIPLIER) * bonuses
    def setup(self) -> None:
        self.n_dice = 5
        self.dice: list[int] = []
        self.rolls = 0
        n = len(self.seats)
        starter, rounds = roll_off(self.rng, range(n), 1)
        self.roll_off: list[dict[str, int]] = rounds  # every round: seat (str) -> die
        self.phase1_order: list[int] = []
        self.begin_phase(1, starter)
        self.phase1_order = list(self.order)
        # Phase I sheets: per seat, per column, box -> points as written (×2 when doubled).
        self.sheets: list[dict[str, dict[str, int]]] = [
            {c: {} for c in COLUMNS} for _ in range(n)]
        self.board: dict[str, list] = {}  # the Doubling Round: box -> [seat or None, points]
        self.phase1_totals: list[int] = []

    # -- views for the table and the bots ----------------------------------------------------
    @property
    def shared(self) -> SharedBoard:
        return SharedBoard(BOXES, self.board)

    def open_boxes(self, seat: int | None = None) -> list[tuple[str | None, str]]:
        """(column, box) pairs the player could fill: Phase I both columns, Phase II the
        open shared boxes (column None)."""
        if self.phase == 2:
            return [(None, b) for b in self.shared.open_boxes()]
        sheet = self.sheets[self.current if seat is None else seat]
        return [(c, b) for c in COLUMNS for b in BOXES if b not in sheet[c]]

    def odds_boxes(self) -> list[str]:
        """The boxes the player to act may still fill, in sheet order, each once (Phase I
        has two columns of them): the boxes whose odds the table shows."""
        seen = {box for _, box in self.open_boxes()}
        return [b for b in BOXES if b in seen]

    @classmethod
    def box_made(cls, box: str, dice: tuple[int, ...]) -> bool:
        """Do these sorted dice make ``box`` (3 of a Kind / Full House: either meld)."""
        return any(_meld_sorted(meld, dice) > 0 for meld in BOX_MELDS[box])

    def zero_allowed(self, box: str) -> bool:
        """Phase II: may a 0 be written into ``box`` now? (number boxes always; the others
        once 6's, 5's and 4's are all filled). Phase I: always."""
        if self.phase == 1 or box in NUMBER_BOXES:
            return True
        return all(b in self.board for b in NUMBER_BOXES)

    def multiplier(self, column: str | None) -> int:
        return PHASE2_MULTIPLIER if column is None else MULTIPLIER[column]

    def preview(self) -> dict[tuple[str | None, str, str], int]:
        """What every legal fill would write with the dice now: (column, box, meld) ->
        points (Phase II column None). Empty before the first roll."""
        if not self.dice or self.is_over():
            return {}
        out = {}
        dice = _check_dice(self.dice)  # (once: meld_score checks them at every call)
        for column, box in self.open_boxes():
            for meld in BOX_MELDS[box]:
                pts = _meld_sorted(meld, dice) * self.multiplier(column)
                if pts or self.zero_allowed(box):
                    out[(column, box, meld)] = pts
        return out

    def column_total(self, seat: int, column: str) -> dict[str, Any]:
        sheet = self.sheets[seat][column]
        bonuses = column_bonuses(sheet, MULTIPLIER[column])
        boxes = sum(sheet.values())
        return {"boxes": boxes, "bonuses": bonuses, "total": boxes + sum(bonuses.values()),
                "numbers": sum(sheet.get(b, 0) for b in NUMBER_BOXES),
                "numbers_target": NUMBER_TARGET * MULTIPLIER[column]}

    def round_total(self, seat: int) -> dict[str, Any]:
        board = self.shared
        bonuses = board_bonuses(board, seat)
        boxes = board.total(seat)
        return {"boxes": boxes, "bonuses": bonuses, "total": boxes + sum(bonuses.values())}

    def phase1_total(self, seat: int) -> int:
        return sum(self.column_total(seat, c)["total"] for c in COLUMNS)

    def grand_total(self, seat: int) -> int:
        return self.phase1_total(seat) + self.round_total(seat)["total"]

    def phase1_turns_left(self, seat: int) -> int:
        return sum(len(BOXES) - len(self.sheets[seat][c]) for c in COLUMNS)

    # -- state machine --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        actions = self.roll_actions()
        if self.rolls == 0:
            return actions
        for (column, box, meld) in self.preview():
            actions.append(score_action(column, box, meld))
        return actions

    def _apply(self, action: Action) -> list[Event]:
        if action["kind"] == "roll":
            return self.roll_dice(action.get("hold", []), self.current)
        return self._score(action)

    def _check_score(self, action: Action) -> tuple[str | None, str, str]:
        """(column, box, meld) of a score action, or IllegalAction (nothing changed)."""
        if self.rolls == 0:
            raise IllegalAction("roll the dice before filling a box")
        box, column, meld = action.get("box"), action.get("column"), action.get("meld")
        if not isinstance(box, str) or box not in BOXES:
            raise IllegalAction(f"unknown box {box!r}; boxes: {', '.join(BOXES)}"[:200])
        if self.phase == 1:
            if column not in COLUMNS:
                raise IllegalAction(f"column must be 'normal' or 'doubled', got {column!r}"[:120])
            if box in self.sheets[self.current][column]:
                raise IllegalAction(f"{LABELS[box]} is already filled in the {column} column")
        else:
            if "column" in action:
                raise IllegalAction("the Doubling Round has one shared board: no column")
            if box in self.board:
                raise IllegalAction(f"{LABELS[box]} is already taken in the Doubling Round")
        if box == "three_or_full":
            if meld not in BOX_MELDS[box]:
                raise IllegalAction("say which meld goes into the 3 of a Kind / Full House box: "
                                    f"meld 'three_of_a_kind' or 'full_house', got {meld!r}"[:200])
        elif "meld" in action:
            raise IllegalAction(f"only the 3 of a Kind / Full House box takes a meld, not {box}")
        else:
            meld = box
        if self.phase == 2 and not meld_score(meld, self.dice) and not self.zero_allowed(box):
            raise IllegalAction(f"{LABELS[meld]} would score 0, and a 0 outside 6's, 5's and "
                                "4's waits until those three are filled")
        return column, box, meld

    def _score(self, action: Action) -> list[Event]:
        column, box, meld = self._check_score(action)
        seat = self.current
        points = meld_score(meld, self.dice) * self.multiplier(column)
        events: list[Event] = []
        if self.phase == 1:
            assert column is not None
            before = column_bonuses(self.sheets[seat][column], MULTIPLIER[column])
            self.sheets[seat][column][box] = points
            events.append({"type": "scored", "seat": seat, "phase": 1, "column": column,
                           "box": box, "meld": meld, "points": points, "dice": list(self.dice)})
            after = column_bonuses(self.sheets[seat][column], MULTIPLIER[column])
            events += [{"type": "bonus", "seat": seat, "phase": 1, "column": column,
                        "group": g, "points": p} for g, p in after.items() if g not in before]
        else:
            board = self.shared
            before = board_bonuses(board, seat)
            board.fill(box, seat, points)
            events.append({"type": "scored", "seat": seat, "phase": 2, "column": None,
                           "box": box, "meld": meld, "points": points, "dice": list(self.dice),
                           "claimed": points > 0})
            after = board_bonuses(board, seat)
            events += [{"type": "bonus", "seat": seat, "phase": 2, "column": None,
                        "group": g, "points": p} for g, p in after.items() if g not in before]
        self.reset_dice()
        self.advance_turn()
        if self.phase == 1 and all(self.phase1_turns_left(s) == 0 for s in range(len(self.seats))):
            events.append(self._start_round())
        if self.is_over():
            events.append({"type": "game_over", "winners": self.winners(),
                           "totals": self.final_scores()})
        else:
            events.append({"type": "turn", "seat": self.current, "phase": self.phase})
        return events

    def _start_round(self) -> Event:
        totals = [self.phase1_total(s) for s in range(len(self.seats))]
        self.phase1_totals = totals
        low = min(totals)
        starter = next(s for s in self.phase1_order if totals[s] == low)
        return self.begin_phase(2, starter, totals=totals, name="Doubling Round")

    def is_over(self) -> bool:
        return self.phase == 2 and len(self.board) == len(BOXES)

    def final_scores(self) -> list[float]:
        return [self.grand_total(s) for s in range(len(self.seats))]


__all__ = ["BOXES", "BonaFortunaState", "COLUMNS", "GROUPS", "LABELS", "MELDS", "meld_score"]
