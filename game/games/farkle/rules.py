"""Farkle, RULES.md §2: six dice, press your luck, every house rule of the sheet.

``score_selection(dice)`` and ``has_score(roll)`` are the pure scoring functions of API.md;
``FarkleState`` is the whole game.

Actions (JSON dicts). Setting dice aside is folded into the roll / bank that follows it,
so a decision is always one action and ``legal_actions()`` stays small:

* ``{"kind": "roll"}`` -- at the start of a turn: roll six fresh dice.
* ``{"kind": "piggyback"}`` -- at the start of a turn, only with the piggybacking option:
  roll the dice the previous player left unrolled when banking, carrying on from that
  player's banked turn total.
* ``{"kind": "roll", "set_aside": [positions]}`` -- after a scoring roll: set these dice of
  the current roll aside (all must score, at least one), then roll the dice still in hand
  (all six again when every die has been set aside: hot dice).
* ``{"kind": "bank", "set_aside": [positions]}`` -- after a scoring roll: set these dice
  aside and bank the turn total (refused below the on-the-board / minimum-bank amount).

Positions index ``state.dice`` (the current roll). ``legal_actions()`` lists one action per
distinct set of *values* (the lowest positions holding them); ``apply`` accepts any
positions that hold the same values. A roll that does not score is a farkle and ends the
turn at once, so the player never has to "confirm" a farkle.

Events (``apply`` returns them in order): ``rolled`` (dice, fresh, piggyback),
``set_aside`` (dice, points, turn_total), ``vant_hof``, ``hot_dice``, ``farkle`` (lost,
in_a_row), ``penalty``, ``piggyback`` (from, dice, points), ``piggyback_credit``,
``banked`` (points, total, on_the_board), ``last_round`` (seat, total, still_to_play),
then ``turn`` (the next player, can_piggyback) or ``game_over`` (winners, totals).

Choices where RULES.md leaves room, decided here:

* Seating order is random (from the game's seed), as in Yatzy.
* Van't Hof 6 counts 1s scored as 1s (single 1s and sets of 1s), not 1s inside a straight,
  three pairs, 4+2 or two triplets. When the sixth such 1 of a turn is set aside, the 1s
  of that turn so far are worth 3000 in total instead of what they scored (never less
  than they scored); 1s set aside later in the same turn (after hot dice) score normally.
* Piggybacking needs at least one unrolled die (after a bank on hot dice there is nothing
  to piggyback) and two or more players. The carried total counts toward the piggybacker's
  on-the-board and minimum-bank amounts; it is not the piggybacker's own 1s for Van't Hof.
* The three-farkle penalty applies on or off the board (the only way a total goes below
  zero); a piggybacking farkle counts as a farkle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from game.rules.core import Action, Event, GameState, IllegalAction, RollSpec, roll
from game.rules.shared import TargetRace

SINGLES = {1: 100, 5: 50}
TRIPLES = {1: 300, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
N_OF_A_KIND = {4: 1000, 5: 2000, 6: 3000}
STRAIGHT = THREE_PAIRS = FOUR_AND_PAIR = 1500
TWO_TRIPLETS = 2500
VANT_HOF = 3000
FARKLE_PENALTY = 1000
N_DICE = 6


def _check(dice: Any, what: str = "dice") -> tuple[int, ...]:
    """ValueError naming the bad value unless ``dice`` is 1 to 6 ints from 1 to 6."""
    if isinstance(dice, (str, bytes, dict)) or not hasattr(dice, "__iter__"):
        raise ValueError(f"{what} must be a sequence of die values, got {dice!r}")
    values = list(dice)
    if not 1 <= len(values) <= N_DICE:
        raise ValueError(f"expected 1 to 6 {what}, got {len(values)}: {values!r}")
    for d in values:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"die value {d!r} is not an int from 1 to 6")
    return tuple(sorted(values))


def _same_value_score(value: int, count: int) -> int | None:
    """Best points for ``count`` dice all showing ``value``, None if they can't all score."""
    best = None
    single = SINGLES.get(value)
    for singles in range(count + 1):
        if singles and single is None:
            break
        rest = count - singles
        if rest == 0:
            group = 0
        elif rest == 3:
            group = TRIPLES[value]
        elif rest >= 4:
            group = N_OF_A_KIND[rest]
        else:
            continue
        points = singles * (single or 0) + group
        if best is None or points > best:
            best = points
    return best


class Split(NamedTuple):
    """How a selection scores: its points, and the 1s scored as 1s (for Van't Hof 6)."""

    points: int
    ones: int  # 1s scored as single 1s or sets of 1s
    ones_points: int  # what those 1s scored


@cache
def _split(dice: tuple[int, ...]) -> Split:
    counts = Counter(dice)
    points, ones, ones_points = 0, 0, 0
    for value, count in counts.items():
        part = _same_value_score(value, count)
        if part is None:
            points = 0
            break
        points += part
        if value == 1:
            ones, ones_points = count, part
    if len(dice) == N_DICE:  # six-dice combinations: the whole roll is one group
        shape = sorted(counts.values())
        combo = 0
        if len(counts) == 6:
            combo = STRAIGHT
        elif shape == [3, 3]:
            combo = TWO_TRIPLETS
        elif shape == [2, 4]:
            combo = FOUR_AND_PAIR
        elif shape == [2, 2, 2]:
            combo = THREE_PAIRS
        if combo > points:
            return Split(combo, 0, 0)
    if points == 0:
        return Split(0, 0, 0)
    return Split(points, ones, ones_points)


def score_selection(dice: Sequence[int]) -> int:
    """Points for setting aside exactly these dice (1 to 6) from one roll: the best split
    into scoring groups, 0 when any die in it would not score. ValueError on bad input."""
    return _split(_check(dice)).points


def _has_score_sorted(dice: tuple[int, ...]) -> bool:
    counts = Counter(dice)
    if 1 in counts or 5 in counts or max(counts.values()) >= 3:
        return True
    return len(dice) == N_DICE and (len(counts) == 6 or sorted(counts.values()) == [2, 2, 2])


def has_score(roll: Sequence[int]) -> bool:
    """False exactly when the roll (1 to 6 dice) is a farkle. ValueError on bad input."""
    return _has_score_sorted(_check(roll, "dice in a roll"))


@cache
def scoring_selections(roll_sorted: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct scoring selection (sorted values, points) from a sorted roll,
    biggest first."""
    seen: dict[tuple[int, ...], int] = {}
    for size in range(len(roll_sorted), 0, -1):
        for combo in combinations(roll_sorted, size):
            if combo not in seen:
                points = _split(combo).points
                if points:
                    seen[combo] = points
    return tuple(seen.items())


def _non_scoring_reason(values: Sequence[int]) -> str:
    counts = Counter(values)
    bad = [v for v in sorted(counts) if v not in SINGLES and counts[v] < 3]
    names = [f"the {v}" if counts[v] == 1 else f"the {v}s" for v in bad]
    if not names:  # only reachable with a six-dice shape that is not a combination
        return "these dice do not score together"
    verb = "does" if len(names) == 1 and counts[bad[0]] == 1 else "do"
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} {verb} not score"


class Selection(NamedTuple):
    """What ``selection_score`` says: points (0 when invalid) and why it is invalid."""

    points: int
    reason: str  # "" when the selection may be set aside

    @property
    def ok(self) -> bool:
        return not self.reason


def positions_for(roll_values: Sequence[int], values: Sequence[int]) -> list[int]:
    """The lowest positions of ``roll_values`` that hold ``values`` (a sub-multiset)."""
    taken: list[int] = []
    for v in values:
        taken.append(next(i for i, d in enumerate(roll_values) if d == v and i not in taken))
    return sorted(taken)


class FarkleState(TargetRace, GameState):
    GAME_ID = "farkle"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 8
    DEFAULT_OPTIONS = {
        "target": 10000,
        "on_board": True,
        "on_board_min": 500,
        "min_bank": False,
        "min_bank_points": 350,
        "three_farkles": False,
        "vant_hof": False,
        "piggyback": False,
        "piggyback_credit": False,
    }
    OPTION_RANGES = {"target": (50, 100_000), "on_board_min": (0, 100_000),
                     "min_bank_points": (0, 100_000)}
    ACTIONS = {"roll": ("set_aside",), "bank": ("set_aside",), "piggyback": ()}

    def setup(self) -> None:
        self.rng.shuffle(self.order)
        n = len(self.seats)
        self.totals: list[int] = [0] * n
        self.on_board: list[bool] = [False] * n
        self.farkles_in_row: list[int] = [0] * n
        self.history: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.dice: list[int] = []  # the current roll, waiting for a set-aside; [] at turn start
        self.groups: list[dict[str, Any]] = []  # set aside this turn: {"dice", "points"}
        self.turn_total = 0
        self.dice_left = N_DICE  # dice the next roll of this turn throws
        self.unrolled = 0  # dice in hand after the last set-aside (0 on hot dice)
        self.carried = 0  # piggybacked points in turn_total
        self.carried_from: int | None = None
        self.ones = 0  # Van't Hof 6: 1s scored as 1s this turn, and what they scored
        self.ones_points = 0
        self.vant_hof_done = False
        self.piggy: dict[str, int] | None = None  # the offer left by the previous turn
        self.reset_race()

    # -- helpers for the UI and the bots -----------------------------------------------
    def table_dice(self) -> list[int]:
        return list(self.dice)

    def points_at_stake(self) -> int:
        return self.turn_total

    @property
    def rolled(self) -> bool:
        """True when the current roll waits for a set-aside (else: start of a turn)."""
        return bool(self.dice)

    def bank_minimum(self, seat: int | None = None) -> int:
        """The smallest turn total ``seat`` may bank now (0 when there is no minimum)."""
        seat = self.current if seat is None else seat
        if not self.on_board[seat]:
            return self.options["on_board_min"] if self.options["on_board"] else 0
        return self.options["min_bank_points"] if self.options["min_bank"] else 0

    def can_piggyback(self) -> bool:
        return (not self.over and not self.rolled and self.options["piggyback"]
                and len(self.seats) > 1 and self.piggy is not None and self.piggy["dice"] > 0)

    def selection_score(self, positions: Sequence[int]) -> Selection:
        """Points for setting aside these positions of the current roll, with the reason
        when they may not be set aside ("the 3 does not score")."""
        if not self.rolled:
            return Selection(0, "roll the dice first")
        if isinstance(positions, (str, bytes)) or not hasattr(positions, "__iter__"):
            return Selection(0, f"set_aside must be a list of dice positions, got {positions!r}")
        positions = list(positions)
        if not positions:
            return Selection(0, "set aside at least one scoring die")
        for p in positions:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.dice):
                return Selection(0, f"position {p!r} is not a die of this roll "
                                    f"(0 to {len(self.dice) - 1})")
        if len(set(positions)) != len(positions):
            return Selection(0, f"a die is listed twice in {positions!r}")
        values = [self.dice[p] for p in positions]
        points = score_selection(values)
        if not points:
            return Selection(0, _non_scoring_reason(values))
        return Selection(points, "")

    def set_aside_preview(self, positions: Sequence[int]) -> dict[str, Any]:
        """What setting these positions aside would do, as the rules count it: the dice's
        points, the Van't Hof 6 gain, the turn total after, the bank minimum and whether
        banking (and rolling on) would be allowed. The table shows these numbers rather
        than adding them up itself."""
        selection = self.selection_score(positions)
        minimum = self.bank_minimum() if not self.over else 0
        if not selection.ok:
            return {"points": 0, "vant_hof": 0, "turn_total": self.turn_total,
                    "minimum": minimum, "can_roll": False, "can_bank": False,
                    "reason": selection.reason, "dice_left": len(self.dice)}
        gain = self._vant_hof_gain([self.dice[p] for p in positions])
        total = self.turn_total + selection.points + gain
        left = len(self.dice) - len(list(positions))
        return {"points": selection.points, "vant_hof": gain, "turn_total": total,
                "minimum": minimum, "can_roll": True, "can_bank": total >= minimum,
                "reason": "", "dice_left": left or N_DICE}

    def roll_spec(self, action: Action) -> RollSpec | None:
        """The dice the next roll throws: six at the start of a turn, the offer's dice when
        piggybacking, after a set-aside the dice still in hand (six again on hot dice)."""
        kind = action.get("kind")
        if self.over or kind == "bank":
            return None
        if kind == "piggyback":
            n = self.piggy["dice"] if self.can_piggyback() and self.piggy else 0
        elif not self.rolled:
            n = N_DICE
        else:
            n = (len(self.dice) - len(action.get("set_aside", []))) or N_DICE
        return RollSpec(tuple(range(n))) if n > 0 else None

    def scoring_options(self) -> list[dict[str, Any]]:
        """Every distinct scoring set-aside of the current roll: positions, values, points."""
        if not self.rolled:
            return []
        return [{"positions": positions_for(self.dice, values), "dice": list(values),
                 "points": points}
                for values, points in scoring_selections(tuple(sorted(self.dice)))]

    def scoring_positions(self) -> set[int]:
        """The positions of the current roll that can be part of some scoring set-aside (a
        1, a 5, a die of a three-or-more of a kind, of a six-dice combination); the others
        can never be set aside from this roll."""
        if not self.rolled:
            return set()
        values = {v for combo, _ in scoring_selections(tuple(sorted(self.dice))) for v in combo}
        return {i for i, v in enumerate(self.dice) if v in values}

    def turn_results(self, seat: int) -> list[dict[str, Any]]:
        """The finished turns of ``seat`` (banks and farkles, credits left out)."""
        return [h for h in self.history[seat] if h["result"] in ("bank", "farkle")]

    def turns_taken(self, seat: int) -> int:
        return len(self.turn_results(seat))

    def leader_total(self, exclude: int | None = None) -> int:
        others = [t for i, t in enumerate(self.totals) if i != exclude]
        return max(others) if others else 0

    def summary(self) -> dict[str, Any]:
        """Everything the table shows, as one dict."""
        return {"current": self.current, "dice": list(self.dice), "rolled": self.rolled,
                "groups": [dict(g) for g in self.groups], "turn_total": self.turn_total,
                "dice_left": self.dice_left, "carried": self.carried,
                "totals": list(self.totals), "on_board": list(self.on_board),
                "farkles_in_row": list(self.farkles_in_row),
                "bank_minimum": self.bank_minimum(), "can_piggyback": self.can_piggyback(),
                "piggy": dict(self.piggy) if self.piggy else None,
                "last_round": self.last_round, "still_to_play": list(self.still_to_play),
                "target": self.options["target"], "over": self.over}

    # -- state machine --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if not self.rolled:
            actions: list[Action] = [{"kind": "roll"}]
            if self.can_piggyback():
                actions.append({"kind": "piggyback"})
            return actions
        minimum = self.bank_minimum()
        actions = []
        for values, points in scoring_selections(tuple(sorted(self.dice))):
            positions = positions_for(self.dice, values)
            actions.append({"kind": "roll", "set_aside": positions})
            if self.turn_total + points + self._vant_hof_gain(values) >= minimum:
                actions.append({"kind": "bank", "set_aside": positions})
        return actions

    def _apply(self, action: Action) -> list[Event]:
        kind = action["kind"]
        if kind == "piggyback":
            return self._piggyback()
        if not self.rolled:
            if kind == "bank":
                raise IllegalAction("nothing to bank yet: roll the dice first")
            if action.get("set_aside", []) != []:
                raise IllegalAction("nothing to set aside yet: roll the dice first")
            self.piggy = None
            return self._roll(fresh=True)
        if "set_aside" not in action:
            raise IllegalAction(f"{kind} after a roll needs set_aside: the positions of the "
                                "scoring dice to keep")
        events = self._set_aside(action["set_aside"], bank=kind == "bank")
        if kind == "bank":
            return events + self._bank()
        return events + self._roll(fresh=False)

    def _vant_hof_gain(self, values: Sequence[int]) -> int:
        """Extra points Van't Hof 6 would add if ``values`` were set aside now."""
        if not self.options["vant_hof"] or self.vant_hof_done:
            return 0
        split = _split(tuple(sorted(values)))
        if self.ones + split.ones < 6:
            return 0
        return max(0, VANT_HOF - (self.ones_points + split.ones_points))

    def _set_aside(self, positions: Any, bank: bool) -> list[Event]:
        selection = self.selection_score(positions)
        if not selection.ok:
            raise IllegalAction(f"cannot set those dice aside: {selection.reason}")
        values = [self.dice[p] for p in positions]
        gain = self._vant_hof_gain(values)
        total = self.turn_total + selection.points + gain
        minimum = self.bank_minimum()
        if bank and total < minimum:
            why = "to get on the board" if not self.on_board[self.current] else "to stop"
            raise IllegalAction(f"you need at least {minimum:,} this turn {why}; "
                                f"the turn total would be {total:,}")
        seat = self.current
        events: list[Event] = [{"type": "set_aside", "seat": seat, "dice": sorted(values),
                                "positions": sorted(positions), "points": selection.points,
                                "turn_total": self.turn_total + selection.points}]
        self.groups.append({"dice": sorted(values), "points": selection.points})
        self.turn_total += selection.points
        if self.options["vant_hof"] and not self.vant_hof_done:
            split = _split(tuple(sorted(values)))
            self.ones += split.ones
            self.ones_points += split.ones_points
            if self.ones >= 6:
                self.vant_hof_done = True
                self.turn_total += gain
                events.append({"type": "vant_hof", "seat": seat, "points": VANT_HOF,
                               "gain": gain, "turn_total": self.turn_total})
        left = len(self.dice) - len(values)
        self.unrolled = left
        self.dice = []
        if left == 0:
            self.dice_left = N_DICE
            events.append({"type": "hot_dice", "seat": seat, "turn_total": self.turn_total})
        else:
            self.dice_left = left
        return events

    def _roll(self, fresh: bool, piggyback: bool = False) -> list[Event]:
        seat = self.current
        if fresh:
            self.dice_left = N_DICE
        self.dice = roll(self.rng, self.dice_left)
        events: list[Event] = [{"type": "rolled", "seat": seat, "dice": list(self.dice),
                                "fresh": fresh, "piggyback": piggyback,
                                "turn_total": self.turn_total}]
        if has_score(self.dice):
            return events
        return events + self._farkle()

    def _piggyback(self) -> list[Event]:
        if not self.options["piggyback"]:
            raise IllegalAction("piggybacking is not in play (an option of this game)")
        if self.rolled:
            raise IllegalAction("piggybacking is only possible at the start of a turn")
        if not self.can_piggyback():
            raise IllegalAction("nothing to piggyback on: the previous player did not bank "
                                "with dice left unrolled")
        offer = self.piggy
        assert offer is not None
        self.piggy = None
        self.carried = offer["points"]
        self.carried_from = offer["seat"]
        self.turn_total = offer["points"]
        self.dice_left = offer["dice"]
        events: list[Event] = [{"type": "piggyback", "seat": self.current,
                                "from": offer["seat"], "dice": offer["dice"],
                                "points": offer["points"]}]
        return events + self._roll(fresh=False, piggyback=True)

    # -- ends of turns --------------------------------------------------------------------
    def _bank(self) -> list[Event]:
        seat = self.current
        points = self.turn_total
        self.totals[seat] += points
        first = not self.on_board[seat]
        self.on_board[seat] = True
        self.farkles_in_row[seat] = 0
        entry = {"result": "bank", "points": points, "total": self.totals[seat]}
        if self.carried:
            entry["carried"] = self.carried
        self.history[seat].append(entry)
        events: list[Event] = [{"type": "banked", "seat": seat, "points": points,
                                "total": self.totals[seat], "on_the_board": first}]
        offer = {"seat": seat, "dice": self.unrolled, "points": points}
        return events + self._end_turn(offer)

    def _farkle(self) -> list[Event]:
        seat = self.current
        lost = self.turn_total
        self.farkles_in_row[seat] += 1
        events: list[Event] = [{"type": "farkle", "seat": seat, "dice": list(self.dice),
                                "lost": lost, "in_a_row": self.farkles_in_row[seat]}]
        entry: dict[str, Any] = {"result": "farkle", "points": 0, "lost": lost}
        if self.options["three_farkles"] and self.farkles_in_row[seat] >= 3:
            self.totals[seat] -= FARKLE_PENALTY
            self.farkles_in_row[seat] = 0
            entry["points"] = -FARKLE_PENALTY
            events.append({"type": "penalty", "seat": seat, "points": -FARKLE_PENALTY,
                           "total": self.totals[seat]})
        entry["total"] = self.totals[seat]
        if self.carried:
            entry["carried"] = self.carried
        self.history[seat].append(entry)
        if self.carried and self.options["piggyback_credit"] and self.carried_from is not None:
            giver = self.carried_from
            self.totals[giver] += self.carried
            self.history[giver].append({"result": "credit", "points": self.carried,
                                        "total": self.totals[giver], "from": seat})
            events.append({"type": "piggyback_credit", "seat": giver, "points": self.carried,
                           "total": self.totals[giver], "from": seat})
        return events + self._end_turn(None)

    def _end_turn(self, offer: dict[str, int] | None) -> list[Event]:
        self.dice, self.groups = [], []
        self.turn_total, self.dice_left, self.carried, self.carried_from = 0, N_DICE, 0, None
        self.ones, self.ones_points, self.vant_hof_done = 0, 0, False
        self.unrolled = 0
        self.piggy = offer
        events = self.pass_turn(self.current)
        if self.over:
            self.piggy = None
            events.append({"type": "game_over", "winners": self.winners(),
                           "totals": list(self.totals)})
        else:
            events.append({"type": "turn", "seat": self.current,
                           "can_piggyback": self.can_piggyback()})
        return events

    def is_over(self) -> bool:
        return self.over

    def final_scores(self) -> list[float]:
        return list(self.totals)


__all__ = ["FarkleState", "Selection", "has_score", "score_selection", "scoring_selections",
           "positions_for"]
