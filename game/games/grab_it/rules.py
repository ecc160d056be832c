"""Grab It!, RULES.md §5: twelve boxes that only one player (or team) can score.

``score(category, dice)`` is the pure scoring function of API.md; ``GrabItState`` is the
whole game: 2 or 3 players alone or 4 or 6 in partnerships of two sitting opposite
(seats 0+2 and 1+3; 0+3, 1+4 and 2+5), a roll-off for the first roller (two dice each,
ties roll again) unless the ``first`` option names the seat (a session rotates it), then
clockwise. A turn is up to three rolls with holds (``RollAndScore``) and fills one open box
of the shared board (``SharedBoard``): the roller's side takes its value, or it is
scratched with 0 for everyone. Twelve turns make a game.

Actions: ``{"kind": "roll", "hold": [positions]}`` and ``{"kind": "score", "category": c}``.
Events: ``rolled`` (dice, hold, rolls_left), ``scored`` (seat, side, category, points,
dice, turns_left), then ``game_over`` (winning sides, side scores).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from game.rules.core import Event, GameState, IllegalAction, best_box, check_dice
from game.rules.shared import RollAndScore, SharedBoard, roll_off

CATEGORIES = ("five_of_a_kind", "four_of_a_kind", "full_house", "high_dice",
              "three_of_a_kind", "two_pair", "odd_flush", "even_flush", "big_straight",
              "small_straight", "skip_straight", "sum")
LABELS = {
    "five_of_a_kind": "5 of a Kind", "four_of_a_kind": "4 of a Kind",
    "full_house": "Full House", "high_dice": "High Dice", "three_of_a_kind": "3 of a Kind",
    "two_pair": "Two Pair", "odd_flush": "Odd Flush", "even_flush": "Even Flush",
    "big_straight": "Big Straight", "small_straight": "Small Straight",
    "skip_straight": "Skip Straight", "sum": "Sum of Dice",
}
VALUES = {  # fixed values; "sum" scores the dice
    "five_of_a_kind": 70, "four_of_a_kind": 50, "full_house": 40, "high_dice": 40,
    "three_of_a_kind": 30, "two_pair": 20, "odd_flush": 30, "even_flush": 30,
    "big_straight": 50, "small_straight": 40, "skip_straight": 20,
}
PLAYER_COUNTS = (2, 3, 4, 6)
SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
BIG_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
SKIP_RUNS = ({1, 3, 5}, {2, 4, 6})


def _makes(category: str, dice: tuple[int, ...]) -> bool:
    counts = Counter(dice)
    faces = set(dice)
    most = max(counts.values())
    if category == "five_of_a_kind":
        return most == 5
    if category == "four_of_a_kind":
        return most >= 4
    if category == "three_of_a_kind":
        return most >= 3
    if category == "full_house":  # three of one value and two of another
        return sorted(counts.values()) == [2, 3]
    if category == "two_pair":  # two different values, two or more of each
        return sum(1 for c in counts.values() if c >= 2) >= 2
    if category == "high_dice":
        return min(dice) >= 4
    if category == "odd_flush":
        return all(d % 2 for d in dice)
    if category == "even_flush":
        return not any(d % 2 for d in dice)
    if category == "big_straight":
        return faces in BIG_RUNS
    if category == "small_straight":
        return any(run <= faces for run in SMALL_RUNS)
    if category == "skip_straight":
        return any(run <= faces for run in SKIP_RUNS)
    raise ValueError(f"unknown category {category!r}")


@cache
def _score_sorted(category: str, dice: tuple[int, ...]) -> int:
    if category == "sum":
        return sum(dice)
    return VALUES[category] if _makes(category, dice) else 0


def score(category: str, dice: Sequence[int]) -> int:
    """Points that five ``dice`` score in ``category``, 0 when they don't make it.
    Raises ValueError naming the bad value for an unknown category or bad dice."""
    if not isinstance(category, str) or category not in LABELS:
        raise ValueError(f"unknown category {category!r}; Grab It! has: {', '.join(CATEGORIES)}")
    return _score_sorted(category, tuple(sorted(check_dice(dice, (5,)))))


def partnership_sides(players: int) -> list[list[int]]:
    """Sides for a table of ``players``: alone with 2 or 3, partners opposite with 4 or 6."""
    if players in (4, 6):
        half = players // 2
        return [[k, k + half] for k in range(half)]
    return [[i] for i in range(players)]


class GrabItState(RollAndScore, GameState):
    GAME_ID = "grab_it"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    ROLLS_PER_TURN = 3
    # first: the first roller's seat (-1: a roll-off decides). standing: in a session, the
    # games still to come after this one, then each side's games won (x6, so a win shared
    # by 2 or 3 stays whole) and points so far -- what a bot needs to play for the session.
    DEFAULT_OPTIONS = {"first": -1, "standing": []}
    OPTION_RANGES = {"first": (-1, 5)}
    MAX_STANDING = 10**6

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        standing = merged["standing"]
        if len(standing) > 7 or len(standing) % 2 == 0 and standing or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= cls.MAX_STANDING
                for v in standing):
            raise ValueError("standing must be [games left, then 6 x wins and points per side]")
        return merged

    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]:
        """0 to every box's best (one side grabs all twelve)."""
        return 0, sum(best_box(lambda roll, c=c: _score_sorted(c, roll), 5) for c in CATEGORIES)

    def setup(self) -> None:
        n = len(self.seats)
        if n not in PLAYER_COUNTS:
            raise ValueError(f"Grab It! takes 2 or 3 players, or 4 or 6 in partnerships; got {n}")
        first = self.options["first"]
        if first >= n:
            raise ValueError(f"option first must be a seat from 0 to {n - 1}, got {first}")
        standing = self.options["standing"]
        if standing and len(standing) != 1 + 2 * len(partnership_sides(n)):
            raise ValueError(f"standing needs 2 numbers for each of the {len(partnership_sides(n))} "
                             f"sides after the games left")
        self.n_dice = 5
        self.reset_dice()
        self.roll_off: list[dict[str, int]] = []  # each round of the roll-off, seat -> total
        if first < 0:
            first, self.roll_off = roll_off(self.rng, range(n), 2)
        self.order = [(first + k) % n for k in range(n)]
        self.board: dict[str, list] = {}  # box -> [side or None, points] (SharedBoard data)
        self.takers: dict[str, int] = {}  # box -> the seat that filled it

    # -- queries --------------------------------------------------------------------------
    @property
    def shared(self) -> SharedBoard:
        return SharedBoard(CATEGORIES, self.board)

    @classmethod
    def sides_for(cls, players: int) -> list[list[int]]:
        return partnership_sides(players)

    @property
    def n_sides(self) -> int:
        return len(self.seats) if len(self.seats) <= 3 else len(self.seats) // 2

    def side_of(self, seat: int) -> int:
        return seat % self.n_sides

    def open_categories(self) -> list[str]:
        return [c for c in CATEGORIES if c not in self.board]

    @classmethod
    def box_made(cls, box: str, dice: tuple[int, ...]) -> bool:
        """Do these sorted dice make ``box``: what the rules score it above 0."""
        return _score_sorted(box, dice) > 0

    @property
    def turns_left(self) -> int:
        return len(CATEGORIES) - len(self.board)

    def totals(self) -> list[int]:
        """Each side's points so far."""
        board = self.shared
        return [board.total(k) for k in range(self.n_sides)]

    def preview(self) -> dict[str, int]:
        """What each open box would score with the dice now."""
        if not self.dice:
            return {}
        key = tuple(sorted(self.dice))
        return {c: _score_sorted(c, key) for c in self.open_categories()}

    # -- state machine --------------------------------------------------------------------
    def _score(self, category: Any) -> list[Event]:
        if self.rolls == 0:
            raise IllegalAction("roll the dice before choosing a box")
        if not isinstance(category, str) or category not in LABELS:
            raise IllegalAction(f"unknown category {category!r}"[:80])
        if category in self.board:
            raise IllegalAction(f"{LABELS[category]} is already filled")
        seat, side = self.current, self.side_of(self.current)
        points = _score_sorted(category, tuple(sorted(self.dice)))
        self.shared.fill(category, side, points)
        self.takers[category] = seat
        events: list[Event] = [{"type": "scored", "seat": seat, "side": side,
                                "category": category, "points": points,
                                "dice": list(self.dice), "turns_left": self.turns_left}]
        self.reset_dice()
        self.advance_turn()
        if self.is_over():
            events.append({"type": "game_over", "winners": self.winning_sides(),
                           "scores": self.side_scores()})
        return events

    def is_over(self) -> bool:
        return len(self.board) == len(CATEGORIES)

    def final_scores(self) -> list[float]:
        """Each seat's score: its side's total (partners share one score)."""
        totals = self.totals()
        return [totals[self.side_of(i)] for i in range(len(self.seats))]


__all__ = ["CATEGORIES", "LABELS", "VALUES", "GrabItState", "partnership_sides", "score"]
