"""Yatzy (5 dice, 15 categories) and Maxi Yatzy (6 dice, 20 categories), RULES.md §1.

``score(category, dice)`` is the pure scoring function of API.md; ``YatzyState`` is the
whole game: seats in random order, up to three rolls a turn, one category filled per
turn, bonuses, the optional Stakes rule with chip bankrolls that outlive one game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from game.rules.core import Event, GameState, IllegalAction, best_box, check_dice, rank
from game.rules.shared import RollAndScore

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
CATEGORIES = {
    5: UPPER + ("one_pair", "two_pairs", "three_of_a_kind", "four_of_a_kind",
                "small_straight", "large_straight", "full_house", "chance", "yatzy"),
    6: UPPER + ("one_pair", "two_pairs", "three_pairs", "three_of_a_kind", "four_of_a_kind",
                "five_of_a_kind", "small_straight", "large_straight", "royal", "full_house",
                "two_triplets", "four_and_two", "chance", "yatzy"),
}
LABELS = {
    "ones": "Ones", "twos": "Twos", "threes": "Threes", "fours": "Fours", "fives": "Fives",
    "sixes": "Sixes", "one_pair": "One Pair", "two_pairs": "Two Pairs",
    "three_pairs": "Three Pairs", "three_of_a_kind": "Three of a Kind",
    "four_of_a_kind": "Four of a Kind", "five_of_a_kind": "Five of a Kind",
    "small_straight": "Small Straight", "large_straight": "Large Straight", "royal": "Royal",
    "full_house": "Full House", "two_triplets": "2 x 3 of a Kind", "four_and_two": "4 + 2 of a Kind",
    "chance": "Chance", "yatzy": "Yatzy",
}
UPPER_BONUS = {5: (63, 50), 6: (84, 100)}  # threshold, bonus
YATZY_BONUS = {5: 50, 6: 100}
# Stakes: categories that pay a multiple of the bet from the house when scored off the first roll.
FIRST_ROLL_REWARDS = {"large_straight": 0.5, "full_house": 1.0, "yatzy": 2.0}
START_CHIPS = 1000


def _of_a_kind(counts: Counter, n: int) -> int:
    best = [v for v, c in counts.items() if c >= n]
    return n * max(best) if best else 0


@cache
def _score_sorted(category: str, dice: tuple[int, ...]) -> int:
    n = len(dice)
    counts = Counter(dice)
    total = sum(dice)
    if category in UPPER:
        face = UPPER.index(category) + 1
        return face * counts[face]
    if category == "one_pair":
        return _of_a_kind(counts, 2)
    if category == "two_pairs":
        pairs = sorted((v for v, c in counts.items() if c >= 2), reverse=True)
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if category == "three_pairs":
        return total if sorted(counts.values()) == [2, 2, 2] else 0
    if category == "three_of_a_kind":
        return _of_a_kind(counts, 3)
    if category == "four_of_a_kind":
        return _of_a_kind(counts, 4)
    if category == "five_of_a_kind":
        return _of_a_kind(counts, 5)
    if category == "small_straight":
        return 15 if {1, 2, 3, 4, 5} <= counts.keys() else 0
    if category == "large_straight":
        return 20 if {2, 3, 4, 5, 6} <= counts.keys() else 0
    if category == "royal":
        return 21 if len(counts) == 6 else 0
    if category == "full_house":
        # Three of one value plus two of another; with 6 dice the best such five dice.
        houses = [3 * a + 2 * b for a in counts for b in counts
                  if a != b and counts[a] >= 3 and counts[b] >= 2]
        return max(houses) if houses else 0
    if category == "two_triplets":
        return total if sorted(counts.values()) == [3, 3] else 0
    if category == "four_and_two":
        return total if sorted(counts.values()) == [2, 4] else 0
    if category == "chance":
        return total
    if category == "yatzy":
        return total + YATZY_BONUS[n] if len(counts) == 1 else 0
    raise ValueError(f"unknown category {category!r}")


def score(category: str, dice: Sequence[int]) -> int:
    """Points that ``dice`` (5 or 6; the count picks Yatzy or Maxi Yatzy) score in
    ``category``, 0 when they don't fit. Raises ValueError for bad input."""
    dice = check_dice(dice, (5, 6))
    if category not in CATEGORIES[len(dice)]:
        raise ValueError(f"unknown category {category!r} for {len(dice)} dice")
    return _score_sorted(category, tuple(sorted(dice)))


class YatzyState(RollAndScore, GameState):
    GAME_ID = "yatzy"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 6
    ROLLS_PER_TURN = 3
    DEFAULT_OPTIONS = {"dice": 5, "stakes": False, "bet": 10, "bankrolls": []}
    # The bet is what the menu offers (5 to 100), at most a new bankroll, so that a player
    # who buys back in can always pay it; a bankroll never goes below 0 and stays bounded.
    OPTION_RANGES = {"dice": (5, 5), "bet": (5, 100)}
    MAX_CHIPS = 1_000_000

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        if merged["dice"] not in CATEGORIES:
            raise ValueError(f"dice must be 5 or 6, got {merged['dice']!r}")
        chips = merged["bankrolls"]
        if len(chips) > cls.MAX_PLAYERS or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= cls.MAX_CHIPS
                for c in chips):
            raise ValueError(f"bankrolls must be whole numbers of chips from 0 to "
                             f"{cls.MAX_CHIPS:,}, one per player")
        if chips and not merged["stakes"]:
            raise ValueError("bankrolls go with the Stakes rule, which is off")
        return merged

    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]:
        """0 to every box's best plus the upper bonus (5 dice: 404; 6 dice: 685)."""
        n = (options or {}).get("dice", cls.DEFAULT_OPTIONS["dice"])
        best = sum(best_box(lambda roll, c=c: _score_sorted(c, roll), n) for c in CATEGORIES[n])
        return 0, best + UPPER_BONUS[n][1]

    def setup(self) -> None:
        self.rng.shuffle(self.order)  # seating order is random
        self.n_dice = self.options["dice"]
        self.sheets: list[dict[str, int]] = [{} for _ in self.seats]
        self.dice: list[int] = []
        self.rolls = 0  # rolls used in the current turn
        self.chips: list[int] = []
        self.pot = 0
        self.rebuys: list[int] = []
        if self.options["stakes"]:
            self._collect_bets()

    def _collect_bets(self) -> None:
        bet = self.options["bet"]
        chips = list(self.options["bankrolls"]) or [START_CHIPS] * len(self.seats)
        if len(chips) != len(self.seats):
            raise ValueError(f"bankrolls must have one entry per player: {len(chips)} for "
                             f"{len(self.seats)} players")
        for i, c in enumerate(chips):
            if c < bet:  # a broke player buys back in rather than being left out
                chips[i] = START_CHIPS
                self.rebuys.append(i)
        self.chips = [c - bet for c in chips]
        self.pot = bet * len(self.seats)

    def chip_counts(self) -> list[int]:
        return list(self.chips)

    def next_options(self) -> dict[str, Any]:
        """The chips carry over between games: each player's, as the next bankroll."""
        options = super().next_options()
        if self.chips:
            options["bankrolls"] = [min(c, self.MAX_CHIPS) for c in self.chips]
        return options

    @property
    def categories(self) -> tuple[str, ...]:
        return CATEGORIES[self.n_dice]

    @classmethod
    def box_made(cls, box: str, dice: tuple[int, ...]) -> bool:
        """Do these sorted dice make ``box``: what the rules score it above 0."""
        return _score_sorted(box, dice) > 0

    def open_categories(self, seat: int | None = None) -> list[str]:
        sheet = self.sheets[self.current if seat is None else seat]
        return [c for c in self.categories if c not in sheet]

    def preview(self) -> dict[str, int]:
        """What each open category of the player to act would score with the dice now."""
        if not self.dice:
            return {}
        return {c: score(c, self.dice) for c in self.open_categories()}

    def totals(self, seat: int) -> dict[str, int]:
        sheet = self.sheets[seat]
        upper = sum(sheet.get(c, 0) for c in UPPER)
        threshold, bonus_value = UPPER_BONUS[self.n_dice]
        bonus = bonus_value if upper >= threshold else 0
        lower = sum(v for c, v in sheet.items() if c not in UPPER)
        return {"upper": upper, "bonus": bonus, "bonus_target": threshold, "lower": lower,
                "total": upper + bonus + lower}

    # -- state machine --------------------------------------------------------------------
    def _score(self, category: Any) -> list[Event]:
        if self.rolls == 0:
            raise IllegalAction("roll the dice before scoring")
        if not isinstance(category, str) or category not in self.categories:
            raise IllegalAction(f"unknown category {category!r}"[:80])
        seat = self.current
        if category in self.sheets[seat]:
            raise IllegalAction(f"{LABELS[category]} is already filled")
        points = score(category, self.dice)
        before = self.totals(seat)["bonus"]
        self.sheets[seat][category] = points
        events: list[Event] = [{"type": "scored", "seat": seat, "category": category,
                                "points": points, "dice": list(self.dice)}]
        if self.totals(seat)["bonus"] and not before:
            events.append({"type": "bonus", "seat": seat, "points": self.totals(seat)["bonus"]})
        if self.chips and self.rolls == 1 and points and category in FIRST_ROLL_REWARDS:
            reward = int(self.options["bet"] * FIRST_ROLL_REWARDS[category])
            self.chips[seat] += reward
            events.append({"type": "reward", "seat": seat, "category": category, "chips": reward})
        self.reset_dice()
        self.advance_turn()
        if self.is_over():
            events += self._settle()
        return events

    def _settle(self) -> list[Event]:
        events: list[Event] = [{"type": "game_over", "winners": self.winners()}]
        if self.chips:
            winners = self.winners()
            share = self.pot // len(winners)
            for w in winners:
                self.chips[w] += share
            events.append({"type": "pot", "winners": winners, "chips": share,
                           "house": self.pot - share * len(winners)})
            self.pot = 0
        return events

    def is_over(self) -> bool:
        return all(len(s) == len(self.categories) for s in self.sheets)

    def final_scores(self) -> list[float]:
        return [self.totals(i)["total"] for i in range(len(self.seats))]


class MaxiYatzyState(YatzyState):
    """Maxi Yatzy: the same game with six dice and twenty boxes, under an id of its own
    (the catalog's, its saves', its records'). Saves written before it had one say
    "yatzy" with six dice, and still load."""

    GAME_ID = "maxi_yatzy"
    FORMER_IDS = ("yatzy",)
    DEFAULT_OPTIONS = {**YatzyState.DEFAULT_OPTIONS, "dice": 6}
    OPTION_RANGES = {**YatzyState.OPTION_RANGES, "dice": (6, 6)}


__all__ = ["CATEGORIES", "LABELS", "UPPER", "MaxiYatzyState", "YatzyState", "score", "rank"]
