"""Bots for Bona Fortuna: two columns in Phase I, then the Doubling Round's contest.

How they think
--------------
A turn is solved exactly like a Yatzy turn (``game.bots.turn_search``: the 252
sorted five-dice multisets and every keep): each way the turn can end is valued by the
best box to fill with those dice, and the rerolls are planned backwards from there
(``hard`` sees both rerolls; ``normal`` and ``easy`` plan one reroll at a time).

What differs is the value of filling a box.

Phase I (``hard``): points written (×2 in the Doubled column) minus 0.75 x what the box is
still worth open -- ``E[column][box]``, the average it ends with in self-play, by how many of
the player's turns are left (a 5 of a Kind box is worth fishing for with 18 turns ahead,
not with two) -- plus the change in each bonus's odds: the kinds and straights bonuses
need every box of the group above 0 (``Q``, the chance an open box still ends above 0),
the numbers bonus an exact little sum over the open number boxes (``COUNTS``, how many
dice of its face a box ends with). So a Big Straight goes where it is worth more than the
box usually scores, and a 0 lands where it costs the least, bonuses included. (The full
weight on ``E`` is the textbook choice, but self-play fixed points of these tables undervalue
keeping boxes open; 0.5-0.8 play best, measured over 200-game Phase I runs.)
``normal`` uses one average per box for the whole phase at 0.1 weight and half the bonus
weight; ``easy`` takes the most points now and keeps the wrong dice a quarter of the time.

Phase II (``hard``) is a contest over nine boxes: a box's value is its doubled points,
plus ``TAKE`` times what the box is usually worth (taking it denies it to everyone),
plus a Phase II bonus it completes or keeps in reach for the bot, plus the bonus it
denies an opponent who holds the rest of the group. A 0 is chosen (once 6's, 5's and
4's are filled) when denying a valuable box beats the best positive score.
``normal`` takes the most doubled points and completes its own bonuses; ``easy`` only
the most points.

Phase II values use ``hit_chance(box)``: the exact chance that a turn aimed at that box
alone makes it (5 of a Kind 4.6 %, Big Straight 26 %, Mixed Straight 79 %), computed with
the same turn tables at first use.

The calibration tables (``E``, ``Q``, ``COUNTS``: 2 columns x 9 boxes x 6 stages, about 250
numbers) are measured by ``game/games/bona_fortuna/tools/calibrate_bona.py`` from self-play of ``hard``.
Every float sum uses ``math.fsum`` or a fixed order so that pyodide plays the same games.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb, fsum
from typing import Any

from game.bots import every_strength
from game.bots.loading import Lazy
from game.bots.turn_search import TurnPlan, holds_for, score_tables, tables, tables_steps
from game.contract import PolicyBase
from game.games.bona_fortuna.rules import (
    BONUS,
    BOX_GROUP,
    BOX_MELDS,
    BOXES,
    COLUMNS,
    GROUPS,
    MELDS,
    MULTIPLIER,
    NUMBER_BOXES,
    NUMBER_FACES,
    NUMBER_TARGET,
    PHASE2_MULTIPLIER,
    meld_score,
)
from game.tasks import run_now

Action = dict[str, Any]
NEG = -1e9

# ---------------------------------------------------------------------------------------
# Calibration (game/games/bona_fortuna/tools/calibrate_bona.py; self-play of hard, 2 players).
# STAGES: a stage index from the turns the player has left in Phase I (after this one).
STAGE_EDGES = (3, 6, 9, 12, 15)  # turns left <= 3: stage 0, ... > 15: stage 5

# Mean undoubled points a box ends with while it is still open (E), the chance it ends
# above 0 (Q), by column and stage; how many dice of its face a number box ends with.
# BEGIN CALIBRATION
E = {
    "normal": {
        "five_of_a_kind": [2.76, 3.02, 2.98, 3.42, 4.0, 4.0],
        "four_of_a_kind": [17.88, 24.45, 28.27, 30.67, 31.34, 31.45],
        "three_or_full": [16.73, 19.81, 21.32, 21.25, 20.84, 20.44],
        "big_straight": [21.84, 26.9, 29.13, 31.13, 32.17, 32.35],
        "small_straight": [18.12, 18.87, 19.15, 19.32, 19.39, 19.4],
        "mixed_straight": [14.32, 14.63, 14.76, 14.81, 14.85, 14.85],
        "sixes": [14.1, 13.63, 13.83, 13.81, 13.73, 13.67],
        "fives": [10.62, 10.93, 11.13, 11.06, 11.01, 11.0],
        "fours": [7.78, 8.02, 7.94, 7.97, 8.03, 8.03],
    },
    "doubled": {
        "five_of_a_kind": [4.08, 8.84, 12.7, 15.99, 19.12, 20.62],
        "four_of_a_kind": [26.05, 33.1, 36.39, 38.05, 38.97, 39.25],
        "three_or_full": [24.81, 24.81, 27.04, 27.87, 28.58, 28.86],
        "big_straight": [26.06, 31.93, 34.89, 37.1, 38.34, 38.85],
        "small_straight": [20.0, 20.0, 20.0, 20.0, 20.0, 20.0],
        "mixed_straight": [15.0, 15.0, 15.0, 15.0, 15.0, 15.0],
        "sixes": [16.51, 17.41, 18.35, 18.76, 18.87, 18.83],
        "fives": [13.15, 14.12, 14.57, 15.08, 15.21, 15.2],
        "fours": [10.18, 10.84, 11.15, 11.11, 11.01, 10.93],
    },
}
Q = {
    "normal": {
        "five_of_a_kind": [0.055, 0.06, 0.06, 0.068, 0.08, 0.08],
        "four_of_a_kind": [0.447, 0.611, 0.707, 0.767, 0.784, 0.786],
        "three_or_full": [0.821, 0.9, 0.94, 0.957, 0.965, 0.968],
        "big_straight": [0.546, 0.672, 0.728, 0.778, 0.804, 0.809],
        "small_straight": [0.906, 0.944, 0.957, 0.966, 0.969, 0.97],
        "mixed_straight": [0.955, 0.976, 0.984, 0.988, 0.99, 0.99],
        "sixes": [0.977, 0.965, 0.975, 0.98, 0.982, 0.983],
        "fives": [0.938, 0.956, 0.967, 0.971, 0.973, 0.974],
        "fours": [0.905, 0.915, 0.931, 0.937, 0.939, 0.939],
    },
    "doubled": {
        "five_of_a_kind": [0.082, 0.177, 0.254, 0.32, 0.382, 0.412],
        "four_of_a_kind": [0.651, 0.828, 0.91, 0.951, 0.974, 0.981],
        "three_or_full": [0.975, 0.975, 0.991, 0.995, 0.997, 0.998],
        "big_straight": [0.652, 0.798, 0.872, 0.927, 0.958, 0.971],
        "small_straight": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
        "mixed_straight": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
        "sixes": [0.977, 0.989, 0.993, 0.995, 0.996, 0.996],
        "fives": [0.978, 0.989, 0.993, 0.995, 0.996, 0.996],
        "fours": [0.97, 0.983, 0.989, 0.991, 0.993, 0.994],
    },
}
COUNTS = {"normal": [0.035, 0.175, 0.45, 0.277, 0.061, 0.003], "doubled": [0.005, 0.017, 0.185, 0.594, 0.195, 0.004]}
# END CALIBRATION

# Phase II: how much of a box's usual value taking it is worth (denial net of the bot's
# own later chance), and the chance the bot gets a given open box of a group it leads.
TAKE = 0.25
OWN_REACH = 0.5  # the bot's chance to land a box before an opponent denies it: h * this


def stage(turns_left: int) -> int:
    return sum(1 for edge in STAGE_EDGES if turns_left > edge)


# ---------------------------------------------------------------------------------------
# Dice tables


def meld_table() -> dict[str, list[int]]:
    """Undoubled meld value of every sorted five-dice multiset (tables(5).dice order)."""
    return _MELD_TABLE.get()


_MELD_TABLE = score_tables(MELDS, meld_score)


def hit_chance(box: str) -> float:
    """Exact chance that a turn aimed at ``box`` alone makes it score (three rolls)."""
    return _HIT_CHANCE.get(box)


def _hit_chance_steps(box: str):
    """``hit_chance`` as a generator job, in pieces (a box took 1.2-1.9 ms natively, the
    Doubling Round's first decision all eleven at once): the best over the keeps of the
    last roll, then of the one before."""
    t = yield from tables_steps(5)
    ms = yield from _MELD_TABLE.steps()
    melds = BOX_MELDS[box]
    yield
    end = [1.0 if any(ms[m][i] for m in melds) else 0.0 for i in range(len(t.dice))]
    mid = yield from t.best_over_keeps_steps(end)
    first = yield from t.best_over_keeps_steps(mid)
    return t.expect(first, [t.keep_index[()]])[t.keep_index[()]]


_HIT_CHANCE = Lazy(_hit_chance_steps)


@cache
def hunt_chance(current: int, faces: tuple[int, ...]) -> float:
    """Chance that three-roll hunts for each of ``faces`` all land (at least one die) and
    bring the undoubled number sum from ``current`` to 45: each die ends on the face
    with chance 1 - (5/6)^3, independently."""
    if not faces:
        return 1.0 if current >= NUMBER_TARGET else 0.0
    face, rest = faces[0], faces[1:]
    total = 0.0
    for k in range(1, 6):  # P(k) = C(5,k) 91^k 125^(5-k) / 216^5, exact integers (pyodide)
        pk = comb(5, k) * 91 ** k * 125 ** (5 - k) / 216 ** 5
        total += pk * hunt_chance(min(NUMBER_TARGET, current + face * k), rest)
    return total


@cache
def box_worth(box: str) -> float:
    """Doubled points a Phase II box is worth to a player who aims at it (value x chance;
    number boxes: the average of a three-roll hunt for that face, about 2.1 dice)."""
    if box in NUMBER_FACES:
        return PHASE2_MULTIPLIER * NUMBER_FACES[box] * 2.1
    value = max(meld_score(m, d) for m in BOX_MELDS[box] for d in tables(5).dice)
    return PHASE2_MULTIPLIER * value * hit_chance(box)


def _fsum_product(values: list[float]) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out


@cache
def numbers_chance(mult_target: int, current: int, faces: tuple[int, ...],
                   dist: tuple[float, ...]) -> float:
    """P(current + sum of face * k over the open faces reaches the target), undoubled."""
    if current >= mult_target:
        return 1.0
    if not faces:
        return 0.0
    face, rest = faces[0], faces[1:]
    total = 0.0
    for k, p in enumerate(dist):
        if p:
            total += p * numbers_chance(mult_target, min(mult_target, current + face * k),
                                        rest, dist)
    return total


# ---------------------------------------------------------------------------------------
# Policies


class _Policy(PolicyBase):
    lookahead = 2  # rerolls planned exactly
    sloppiness = 0.0  # chance of keeping the second-best dice
    # Phase I
    staged = True  # E and Q by stage (else the whole-phase value)
    future_scale = 0.75  # weight of what an open box is still worth (0: greedy)
    bonus_weight = 1.0
    # Phase II
    take = TAKE
    own_bonus = True
    deny_bonus = True

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._key: Any = None
        self._turn: dict[str, Any] = {}

    # -- Phase I ------------------------------------------------------------------------
    def _phase1_placements(self, state) -> list[tuple[Action, list[float]]]:
        return run_now(self._phase1_placements_steps(state))

    def _phase1_placements_steps(self, state):
        """``_phase1_placements`` as a generator job, a box of a column a piece."""
        seat = state.current
        ms = meld_table()
        left = state.phase1_turns_left(seat) - 1
        st = stage(left) if self.staged else len(STAGE_EDGES)
        out = []
        for column in COLUMNS:
            mult = MULTIPLIER[column]
            sheet = state.sheets[seat][column]
            open_boxes = [b for b in BOXES if b not in sheet]
            if not open_boxes:
                continue
            bonus_now = {g: self._group_chance(column, g, sheet, open_boxes, st)
                         for g in GROUPS}
            for box in open_boxes:
                yield
                e = E[column][box][st] * mult * self.future_scale
                group = BOX_GROUP[box]
                others = [b for b in open_boxes if b != box]
                for meld in BOX_MELDS[box]:
                    raw = ms[meld]
                    adj: dict[int, float] = {}
                    for pts in set(raw):
                        written = pts * mult
                        new_sheet = dict(sheet)
                        new_sheet[box] = written
                        after = self._group_chance(column, group, new_sheet, others, st)
                        gain = (after - bonus_now[group]) * BONUS[group] * self.bonus_weight
                        adj[pts] = written - e + gain
                    action = {"kind": "score", "box": box, "column": column}
                    if box == "three_or_full":
                        action["meld"] = meld
                    out.append((action, [adj[p] for p in raw]))
        return out

    def _group_chance(self, column: str, group: str, sheet: dict[str, int],
                      open_boxes: list[str], st: int) -> float:
        boxes = GROUPS[group]
        open_in = [b for b in boxes if b in open_boxes]
        if group == "numbers":
            current = sum(sheet.get(b, 0) for b in boxes) // MULTIPLIER[column]
            faces = tuple(NUMBER_FACES[b] for b in open_in)
            return numbers_chance(NUMBER_TARGET, min(current, NUMBER_TARGET), faces,
                                  tuple(COUNTS[column]))
        if any(sheet.get(b, 1) == 0 for b in boxes):
            return 0.0
        return _fsum_product([Q[column][b][st] for b in open_in])

    # -- Phase II -----------------------------------------------------------------------
    def _phase2_placements(self, state) -> list[tuple[Action, list[float]]]:
        return run_now(self._phase2_placements_steps(state))

    def _phase2_placements_steps(self, state):
        """``_phase2_placements`` as a generator job, a box a piece."""
        seat = state.current
        board = state.shared
        ms = meld_table()
        numbers_done = all(b in state.board for b in NUMBER_BOXES)
        n_opp = len(state.seats) - 1
        deny_w = 1.0 if n_opp == 1 else 0.6
        out = []
        for box in board.open_boxes():
            yield
            group = BOX_GROUP[box]
            base = self.take * box_worth(box)
            if self.deny_bonus:
                base += deny_w * fsum(self._potential(state, o, group, None)
                                      for o in range(len(state.seats)) if o != seat)
            mine_before = self._potential(state, seat, group, None) if self.own_bonus else 0.0
            for meld in BOX_MELDS[box]:
                raw = ms[meld]
                adj: dict[int, float] = {}
                for pts in set(raw):
                    written = pts * PHASE2_MULTIPLIER
                    if not written and box not in NUMBER_BOXES and not numbers_done:
                        adj[pts] = NEG  # the 0 rule
                        continue
                    value = written + base
                    if self.own_bonus:
                        mine = self._potential(state, seat, group, (box, written))
                        value += mine - mine_before
                    adj[pts] = value
                action = {"kind": "score", "box": box}
                if box == "three_or_full":
                    action["meld"] = meld
                out.append((action, [adj[p] for p in raw]))
        return out

    def _potential(self, state, side: int, group: str, fill: tuple[str, int] | None) -> float:
        """What the group's Phase II bonus is worth to ``side`` (bonus x chance), after
        the box ``fill`` = (box, points) is filled by the player to act."""
        me = state.current
        points: dict[str, int] = {}
        owners: dict[str, int | None] = {}
        for b in GROUPS[group]:
            if b in state.board:
                owners[b], points[b] = state.board[b][0], state.board[b][1]
        if fill is not None:
            b, pts = fill
            owners[b], points[b] = (me if pts > 0 else None), pts
        if any(owners.get(b, side) != side for b in GROUPS[group]):
            return 0.0
        mine = [b for b in GROUPS[group] if b in owners]
        if not mine:
            return 0.0
        open_in = [b for b in GROUPS[group] if b not in owners]
        bonus = BONUS[group] * PHASE2_MULTIPLIER
        # An opponent moves next and lands a box with its aimed-turn chance; the bot
        # itself gets there only if nobody denies the box first.
        reach = 1.0 if side != me else OWN_REACH
        if group == "numbers":  # every box claimed and 90 or more in all, doubled
            have = sum(points[b] for b in mine) // PHASE2_MULTIPLIER
            faces = tuple(NUMBER_FACES[b] for b in open_in)
            return bonus * reach ** len(open_in) * hunt_chance(min(have, NUMBER_TARGET), faces)
        return bonus * _fsum_product([hit_chance(b) * reach for b in open_in])

    # -- the turn -----------------------------------------------------------------------
    def warm_steps(self, state):
        """Build the tables a move in ``state`` needs, in pieces (a generator job): the
        dice and meld tables, in the Doubling Round each box's hit chance."""
        yield from _MELD_TABLE.steps()
        if state.phase == 2:
            for box in BOXES:
                yield from _HIT_CHANCE.steps(box)
                yield
                box_worth(box)
        if state.rolls and not state.is_over():
            plan = (yield from self._plan_steps(state))["plan"]
            if state.ROLLS_PER_TURN - state.rolls >= 2 and self.lookahead >= 2:
                yield from plan.mid_steps()

    def _plan(self, state) -> dict[str, Any]:
        return run_now(self._plan_steps(state))

    def _plan_steps(self, state):
        """``_plan`` as a generator job: the placements a box a piece, then the best of
        them for each roll."""
        key = (state.phase, state.current, state.turns_played)
        if key != self._key:
            places = yield from (self._phase1_placements_steps(state) if state.phase == 1
                                 else self._phase2_placements_steps(state))
            yield
            arrays = [v for _, v in places]
            end = list(map(max, *arrays)) if len(arrays) > 1 else list(arrays[0])
            self._key = key
            self._turn = {"places": places, "end": end, "plan": TurnPlan(5, end)}
        return self._turn

    def choose(self, state) -> Action:
        if state.rolls == 0:
            return {"kind": "roll", "hold": []}
        t = tables(5)
        turn = self._plan(state)
        di = t.index[tuple(sorted(state.dice))]
        rerolls_left = state.ROLLS_PER_TURN - state.rolls
        if rerolls_left > 0:
            planned = rerolls_left if self.lookahead >= 2 else 1  # 1: as if the last reroll
            ranked, ev = turn["plan"].ranked_keeps(state.dice, planned)
            best = ranked[0]
            if self.sloppiness and len(ranked) > 1 and self.rng.random() < self.sloppiness:
                best = ranked[1]
            if ev[best] > turn["end"][di] + 1e-9:
                return {"kind": "roll", "hold": holds_for(state.dice, t.keeps[best])}
        return self.best_fill(state)

    def action_values(self, state) -> list[tuple[Action, float]] | None:
        """Every move ``choose`` weighs, valued as it weighs them (so its move is the
        largest): each keep to reroll (the expected value of the turn's end, playing on
        as this policy does) and each box / column / meld to fill now. The unit is the
        policy's box value in points: the points written, less what the box is usually
        still worth open, plus the bonus odds it moves (Phase II: what taking the box
        denies too), so only differences between moves mean points. A fill the rules
        forbid (a 0 before 6's, 5's and 4's in Phase II) is not listed. None before the
        turn's first roll (there is only one move)."""
        if state.rolls == 0:
            return None
        t = tables(5)
        turn = self._plan(state)
        di = t.index[tuple(sorted(state.dice))]
        out: list[tuple[Action, float]] = []
        rerolls_left = state.ROLLS_PER_TURN - state.rolls
        if rerolls_left > 0:
            planned = rerolls_left if self.lookahead >= 2 else 1
            plan = turn["plan"]
            ranked, ev = plan.ranked_keeps(state.dice, planned)
            out += [({"kind": "roll", "hold": holds_for(state.dice, t.keeps[k])}, ev[k])
                    for k in ranked]
            # Holding all five and rolling is legal too: a wasted roll, the same dice with
            # one roll fewer.
            same = plan.mid if planned >= 2 else plan.end
            out.append(({"kind": "roll", "hold": list(range(len(state.dice)))}, same[di]))
        out += [(dict(action), values[di]) for action, values in turn["places"]
                if values[di] > NEG / 2]
        return out

    def best_fill(self, state) -> Action:
        """The box this policy would fill with the dice now (no reroll): the table's advice."""
        di = tables(5).index[tuple(sorted(state.dice))]
        action, _ = max(self._plan(state)["places"], key=lambda p: p[1][di])
        return dict(action)


class HardPolicy(_Policy):
    """Both rerolls planned, stage-aware box values and bonus odds, the Phase II contest."""

    value_text = None  # (its values weigh boxes against their usual worth: not for a player)


class NormalPolicy(_Policy):
    """One reroll at a time, one value per box, half the bonus weight; Phase II: most
    points plus its own bonuses."""

    lookahead = 1
    staged = False
    future_scale = 0.1
    bonus_weight = 0.5
    take = 0.0
    deny_bonus = False


class EasyPolicy(_Policy):
    """The most points now, one reroll at a time, now and then the wrong dice kept."""

    lookahead = 1
    staged = False
    future_scale = 0.0
    bonus_weight = 0.0
    take = 0.0
    own_bonus = False
    deny_bonus = False
    sloppiness = 0.25


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy}
strengths = every_strength  # the same bots whatever the options
