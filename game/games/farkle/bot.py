"""Bots for Farkle.

How the strong bot thinks
-------------------------
Within one turn the only things that matter are the dice in hand ``n`` (1..6) and the
turn total ``t`` (a multiple of 50), so a turn can be solved exactly by dynamic
programming over (n, t):

* ``outcomes(n)`` -- every roll of ``n`` dice as a sorted multiset with its probability,
  reduced to what a decision needs: for each number ``k`` of dice set aside, the most
  points ``k`` dice of that roll can score (more points with the same dice left is always
  better). Rolls with the same menu are merged: 6 dice have 462 rolls but only a few
  dozen menus.
* ``roll_value[n][t]`` -- the expected banked points of rolling ``n`` dice with ``t``
  on the table and then playing on perfectly; ``best = max(bank t (when allowed),
  roll_value)``. Worked out from high totals down (setting dice aside always adds
  points). A table per bank minimum (on the board: 500; minimum to stop: 350), built
  lazily the first time it is needed, in well under a second, then cached.
* ``reach[n][d]`` -- the probability of adding at least ``d`` more points to the turn
  before farkling, playing for exactly that. It drives the last-round turn ("beat the
  leader or lose") and the moment a bank would cross the target.

Starting a turn fresh, perfect play banks 542 points a turn on average under these rules.

``hard`` plays that optimal turn and adjusts it to the game:

* the on-the-board rule (its own table, whose bank minimum is 500) and the minimum bank;
* on its last turn (last round) it plays to beat the best total: it never banks below it,
  and sets dice aside to maximise the chance of getting past it;
* when a bank would cross the target it weighs the chance that the others, each with one
  turn left, beat it (from ``reach``) against pressing on for a safer lead;
* when anyone is close to the target (or a third farkle in a row would cost 1000) the
  bot values the rest of its turn by its chance to win rather than by points: it searches
  the turn as above (up to 3000 points ahead) with a win-chance estimate at every bank
  and farkle, from ``race`` -- a two-player race table over the points both still need,
  built once from the distribution of a turn played for points -- and from ``reach`` for
  the last round. So it takes more risk when behind and less when ahead. These win
  chances are also what ``action_values`` gives the coach there (``value_unit``: "win");
* it piggybacks when the carried points are worth more than a fresh turn (and counts
  the points it would hand back under the credit sub-option).

``normal`` sets dice aside with a rule of thumb (a lone 1 or 5 and more dice to roll over
a handful of points) and banks at fixed totals per dice left; on its last turn it keeps
rolling until it is ahead. ``easy`` plays like a casual player: it sets aside every
scoring die and rolls until the turn reaches a round number it picked for the game (600
to 900), whatever the dice left.
"""

from __future__ import annotations

import math
import random
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from game.bots import every_strength
from game.bots.loading import Lazy
from game.contract import PolicyBase
from game.games.farkle.rules import FarkleState, positions_for, scoring_selections
from game.tasks import run_now

Action = dict[str, Any]
STEP = 50
CAP = 15000  # turn totals above this are extrapolated (the gain of rolling on is constant)
N_DICE = 6


# ---------------------------------------------------------------------------------------
# Turn tables, built once on first use.

@cache
def roll_menus(roll_sorted: tuple[int, ...]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """For a sorted roll: per number of dice set aside, the best (k, points, values)."""
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    for values, points in scoring_selections(roll_sorted):
        k = len(values)
        if k not in best or points > best[k][0]:
            best[k] = (points, values)
    return tuple(sorted((k, p, v) for k, (p, v) in best.items()))


def outcomes(n: int) -> tuple[float, tuple[tuple[tuple[int, int], ...], float]]:
    """(farkle probability, ((menu of (dice left after, points in steps), probability),
    ...)) for a roll of ``n`` dice; dice left after hot dice is 6."""
    return _OUTCOMES.get(n)


def _outcomes_steps(n: int):
    merged: dict[tuple[tuple[int, int], ...], float] = {}
    farkle = 0.0
    total = 6 ** n
    for j, combo in enumerate(combinations_with_replacement(range(1, 7), n)):
        if j % 8 == 7:  # (16 took 0.7-0.95 ms natively, about 20 times that in a phone's page)
            yield
        ways = math.factorial(n)
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        p = ways / total
        menu = tuple((n - k or N_DICE, points // STEP) for k, points, _ in roll_menus(combo))
        if not menu:
            farkle += p
        else:
            merged[menu] = merged.get(menu, 0.0) + p
    return farkle, tuple(merged.items())


_OUTCOMES = Lazy(_outcomes_steps)


def all_outcomes_steps():
    """``outcomes(n)`` for every ``n`` as a generator job; returns them, index = n."""
    out: list = [None]
    for n in range(1, N_DICE + 1):
        out.append((yield from _OUTCOMES.steps(n)))
    return out


class TurnTable:
    """Optimal single-turn play for a bank minimum: ``roll[n][i]`` is the expected banked
    points of rolling ``n`` dice with ``i * 50`` on the table."""

    def __init__(self, minimum: int):
        run_now(self.build_steps(minimum))

    def build_steps(self, minimum: int):
        """Fill the table from high totals down, yielding every few rows."""
        self.minimum = minimum
        size = CAP // STEP + 1
        self.size = size
        roll = [[0.0] * size for _ in range(N_DICE + 1)]
        best = [[0.0] * size for _ in range(N_DICE + 1)]
        self.roll, self.best = roll, best
        tables = yield from all_outcomes_steps()
        self._gain = [0.0] * (N_DICE + 1)
        for i in range(size - 1, -1, -1):
            yield  # (a row: two took 0.6-0.7 ms natively)
            t = i * STEP
            for n in range(1, N_DICE + 1):
                _, menus = tables[n]
                value = 0.0
                for menu, p in menus:
                    value += p * max(self._best(n2, i + s) for n2, s in menu)
                roll[n][i] = value
                best[n][i] = max(value, t) if t >= minimum and t > 0 else value
            if i == size - 1:
                self._gain = [roll[n][i] - t for n in range(N_DICE + 1)]

    def _best(self, n: int, i: int) -> float:
        if i < self.size:
            return self.best[n][i]
        t = i * STEP
        return t + max(0.0, self._gain[n])

    def roll_value(self, n: int, t: int) -> float:
        i = t // STEP
        if i < self.size:
            return self.roll[n][i]
        return t + self._gain[n]

    def value(self, n: int, t: int) -> float:
        """Expected banked points with ``n`` dice in hand and ``t`` on the table, choosing
        between banking (when allowed) and rolling."""
        roll = self.roll_value(n, t)
        return max(roll, t) if t >= self.minimum and t > 0 else roll


def _turn_table_steps(minimum: int):
    table = TurnTable.__new__(TurnTable)
    yield from table.build_steps(minimum)
    return table


_TURN_TABLES = Lazy(_turn_table_steps)


def turn_table(minimum: int) -> TurnTable:
    return _TURN_TABLES.get(max(0, minimum))


def turn_table_steps(minimum: int):
    """``turn_table`` as a generator job (built in pieces if needed)."""
    return _TURN_TABLES.steps(max(0, minimum))


class ReachTable:
    """``p[n][j]``: the chance of adding at least ``j * 50`` points to the turn total with
    ``n`` dice in hand, rolling until there or farkle."""

    def __init__(self, limit: int = CAP):
        run_now(self.build_steps(limit))

    def build_steps(self, limit: int = CAP):
        size = limit // STEP + 1
        self.size = size
        p = [[1.0] * size for _ in range(N_DICE + 1)]
        tables = yield from all_outcomes_steps()
        for j in range(1, size):
            if j % 2 == 0:
                yield
            for n in range(1, N_DICE + 1):
                _, menus = tables[n]
                value = 0.0
                for menu, q in menus:
                    value += q * max(p[n2][j - s] if j > s else 1.0 for n2, s in menu)
                p[n][j] = value
        self.p = p

    def chance(self, n: int, need: int) -> float:
        """P(adding at least ``need`` points with ``n`` dice in hand)."""
        if need <= 0:
            return 1.0
        j = -(-need // STEP)
        if j >= self.size:
            return self.p[n][-1] * 0.5 ** ((j - self.size + 1) / 20)
        return self.p[n][j]


def _reach_steps():
    table = ReachTable.__new__(ReachTable)
    yield from table.build_steps()
    return table


_REACH = Lazy(_reach_steps)


def reach_table() -> ReachTable:
    return _REACH.get()


def turn_distribution() -> tuple[float, ...]:
    """P(a fresh turn played for points banks ``i * 50``), index 0 = farkle."""
    return _DISTRIBUTION.get()


def _distribution_steps():
    table = yield from turn_table_steps(0)
    yield from all_outcomes_steps()
    size = table.size
    mass = [[0.0] * size for _ in range(N_DICE + 1)]
    final = [0.0] * (size + 1)
    mass[N_DICE][0] = 1.0
    for i in range(size):
        if i % 2 == 1:
            yield
        for n in range(1, N_DICE + 1):
            m = mass[n][i]
            if m < 1e-12:
                continue
            farkle, menus = outcomes(n)
            final[0] += m * farkle
            for menu, p in menus:
                n2, s = max(menu, key=lambda o: table._best(o[0], i + o[1]))
                i2 = i + s
                if i2 >= size - 1:
                    final[size - 1] += m * p
                elif table.best[n2][i2] > table.roll[n2][i2]:
                    final[i2] += m * p
                else:
                    mass[n2][i2] += m * p
    return tuple(final[:size])


_DISTRIBUTION = Lazy(_distribution_steps)


RACE_UNIT = 100  # points per cell of the race table


class RaceTable:
    """``w[a][b]``: the chance that the player to move, ``a`` cells of 100 points short of
    the target, beats an opponent ``b`` cells short who moves next (both playing turns for
    points, and the last round played out with ``reach``)."""

    def __init__(self, cells: int):
        run_now(self.build_steps(cells))

    def build_steps(self, cells: int):
        self.cells = cells
        fine = yield from _DISTRIBUTION.steps()
        d: dict[int, float] = {}
        for i, p in enumerate(fine):  # 50-point totals split between neighbouring cells
            if p < 1e-7:
                continue
            lo, odd = divmod(i * STEP, RACE_UNIT)
            if odd:
                d[lo] = d.get(lo, 0.0) + p / 2
                d[lo + 1] = d.get(lo + 1, 0.0) + p / 2
            else:
                d[lo] = d.get(lo, 0.0) + p
        d0 = d.pop(0, 0.0)
        dist = sorted(d.items())
        reach = yield from _REACH.steps()
        beat = [1.0 - reach.chance(N_DICE, k * RACE_UNIT + STEP)
                for k in range(2 * cells + dist[-1][0] + 2)]
        a_max = cells
        w = [[0.0] * (a_max + 1) for _ in range(a_max + 1)]

        def rest(a: int, b: int) -> float:  # the sum over scoring turns of the mover
            total = 0.0
            wb = w[b]
            for x, p in dist:
                if x < a:
                    total += p * (1.0 - wb[a - x])
                else:
                    total += p * beat[b + x - a]
            return total

        for s in range(2, 2 * a_max + 1):
            yield
            for a in range(max(1, s - a_max), min(a_max, s - 1) + 1):
                if a % 8 == 0:
                    yield  # (a whole diagonal took 0.85 ms natively)
                b = s - a
                if a > b:
                    continue
                s_ab = rest(a, b)
                if a == b:
                    w[a][a] = (d0 + s_ab) / (1 + d0)
                    continue
                s_ba = rest(b, a)
                u = (d0 - d0 * d0 - d0 * s_ba + s_ab) / (1 - d0 * d0)
                w[a][b] = u
                w[b][a] = d0 * (1 - u) + s_ba
        self.w = w

    def win(self, a: float, b: float) -> float:
        """Interpolated ``w`` for deficits in points (the mover needs ``a``, the other ``b``)."""
        top = self.cells
        a = min(max(a / RACE_UNIT, 1.0), top)
        b = min(max(b / RACE_UNIT, 1.0), top)
        ia, ib = min(int(a), top - 1), min(int(b), top - 1)
        fa, fb = a - ia, b - ib
        w = self.w
        ia = max(ia, 1)
        ib = max(ib, 1)
        return ((w[ia][ib] * (1 - fa) + w[ia + 1][ib] * fa) * (1 - fb)
                + (w[ia][ib + 1] * (1 - fa) + w[ia + 1][ib + 1] * fa) * fb)


def _race_steps(cells: int):
    table = RaceTable.__new__(RaceTable)
    yield from table.build_steps(cells)
    return table


_RACE = Lazy(_race_steps)


def race_table(cells: int = 100) -> RaceTable:
    return _RACE.get(cells)


# ---------------------------------------------------------------------------------------
# Policies

def _options(state: FarkleState) -> list[tuple[int, int, tuple[int, ...], bool]]:
    """(points, dice left after, values, may bank) per distinct scoring set-aside."""
    result = []
    n = len(state.dice)
    minimum = state.bank_minimum()
    for values, points in scoring_selections(tuple(sorted(state.dice))):
        gain = state._vant_hof_gain(values)
        total = state.turn_total + points + gain
        result.append((points + gain, n - len(values) or N_DICE, values, total >= minimum))
    return result


def _act(state: FarkleState, kind: str, values: tuple[int, ...]) -> Action:
    return {"kind": kind, "set_aside": positions_for(state.dice, values)}


def _my_last_turn(state: FarkleState) -> bool:
    return state.last_round and state.current in state.still_to_play


class _Base(PolicyBase):
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: FarkleState) -> Action:
        if not state.rolled:
            if state.can_piggyback() and self.piggyback(state):
                return {"kind": "piggyback"}
            return {"kind": "roll"}
        return self.decide(state)

    def piggyback(self, state: FarkleState) -> bool:
        return False

    def decide(self, state: FarkleState) -> Action:
        raise NotImplementedError


class EasyPolicy(_Base):
    """A casual player: sets aside every scoring die and keeps rolling until the turn is
    worth a round number it picked for the game (600 to 900), whatever the dice left."""

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.stop = rng.choice((600, 700, 800, 900))

    def decide(self, state: FarkleState) -> Action:
        points, left, values, may_bank = max(_options(state), key=lambda o: (len(o[2]), o[0]))
        if may_bank and state.turn_total + points >= self.stop and left != N_DICE:
            return _act(state, "bank", values)
        return _act(state, "roll", values)

    def piggyback(self, state: FarkleState) -> bool:
        return state.piggy is not None and state.piggy["dice"] >= 4


# dice left -> bank at this turn total or more (normal)
NORMAL_STOP = {1: 300, 2: 300, 3: 350, 4: 500, 5: 1000, 6: 10**9}


class NormalPolicy(_Base):
    """Rules of thumb: set aside everything that scores, except that a roll of loose 1s
    and 5s keeps only its best die when that leaves three or more dice to roll; banks at
    fixed totals per dice left; on its last turn it rolls until ahead of the leader."""

    def decide(self, state: FarkleState) -> Action:
        options = _options(state)
        points, left, values, may_bank = max(options, key=lambda o: (o[0], len(o[2])))
        if set(values) <= {1, 5} and len(values) <= 2 and left != N_DICE:
            single = max((o for o in options if len(o[2]) == 1), key=lambda o: o[0])
            if single[1] >= 3:
                points, left, values, may_bank = single
        total = state.turn_total + points
        if _my_last_turn(state) and state.totals[state.current] + total <= state.leader_total(
                state.current):
            return _act(state, "roll", values)
        if may_bank and total >= NORMAL_STOP[left]:
            # bank with the most points this roll offers
            points, left, values, may_bank = max(
                (o for o in options if o[3]), key=lambda o: o[0])
            return _act(state, "bank", values)
        return _act(state, "roll", values)

    def piggyback(self, state: FarkleState) -> bool:
        offer = state.piggy
        return offer is not None and offer["dice"] >= 3 and offer["points"] >= 300


LATE = 4000  # hard plays for the win, not for points, once anyone is this close to the target
HORIZON = 3000  # how far ahead in one turn the win-chance search looks (points)


class HardPolicy(_Base):
    """Optimal single-turn play, adjusted to the game situation (see the module doc)."""

    value_text = "expected {:,.0f} points banked this turn"

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self._plan: tuple[Any, ...] | None = None  # (key, first index, roll values, bank)

    def warm_steps(self, state: FarkleState):
        """Build the tables a move in ``state`` needs, in pieces (a generator job): the
        turn table, and near the end of a game the reach and race tables."""
        yield from turn_table_steps(state.bank_minimum())
        me = state.current
        late = max(state.totals) + state.turn_total >= state.options["target"] - LATE
        third_farkle = state.options["three_farkles"] and state.farkles_in_row[me] >= 2
        for_the_win = len(state.seats) > 1 and (late or state.last_round or third_farkle)
        if _my_last_turn(state) or for_the_win:
            yield from _REACH.steps()
            yield from _RACE.steps(100)
            if (for_the_win and state.rolled
                    and not (_my_last_turn(state) and len(state.still_to_play) == 1)):
                key, i_now = self._plan_key(state, me)
                if not self._plan_fits(key, i_now):
                    yield from turn_table_steps(state.bank_minimum())
                    self._plan = yield from self._search_steps(state, me, key, i_now)

    def decide(self, state: FarkleState) -> Action:
        options = _options(state)
        me = state.current
        if _my_last_turn(state) and len(state.still_to_play) == 1:
            return self._last_turn(state, options)
        target = state.options["target"]
        late = max(state.totals) + state.turn_total >= target - LATE
        third_farkle = state.options["three_farkles"] and state.farkles_in_row[me] >= 2
        if len(state.seats) > 1 and (late or state.last_round or third_farkle):
            return self._for_the_win(state, options, me)
        table = turn_table(state.bank_minimum())
        t = state.turn_total
        best = None
        for points, left, values, may_bank in options:
            total = t + points
            roll_value = table.roll_value(left, total)
            bank_value = total if may_bank else -1.0
            for kind, value in (("bank", bank_value), ("roll", roll_value)):
                if best is None or value > best[0]:
                    best = (value, kind, values)
        assert best is not None
        return _act(state, best[1], best[2])

    def _start_values(self, state: FarkleState) -> list[tuple[Action, float]] | None:
        """Before the roll, with a piggyback offer: a fresh roll of six dice and the
        piggyback, each with the value ``piggyback`` weighs it by (expected turn points;
        with the credit rule, less what a farkle would hand back); None without one."""
        offer = state.piggy
        if not state.can_piggyback() or offer is None:
            return None
        table = turn_table(state.bank_minimum())
        carried = table.roll_value(offer["dice"], offer["points"])
        if state.options["piggyback_credit"]:
            farkle, _ = outcomes(offer["dice"])
            carried -= farkle * offer["points"]  # what a farkle would hand back
        return [({"kind": "roll"}, table.roll_value(N_DICE, 0)), ({"kind": "piggyback"}, carried)]

    def _plays_for_the_win(self, state: FarkleState) -> bool:
        """Whether ``decide`` values this position by the chance to win (its last turn, a
        close finish, a third farkle) rather than by the points of the turn."""
        me = state.current
        if _my_last_turn(state) and len(state.still_to_play) == 1:
            return True
        late = max(state.totals) + state.turn_total >= state.options["target"] - LATE
        third_farkle = state.options["three_farkles"] and state.farkles_in_row[me] >= 2
        return len(state.seats) > 1 and (late or state.last_round or third_farkle)

    def value_unit(self, state: FarkleState) -> str:
        """What ``action_values`` are in: "points" (expected points banked this turn) or
        "win" (the chance to win the game, 0..1)."""
        return "win" if state.rolled and self._plays_for_the_win(state) else "points"

    def action_values(self, state: FarkleState) -> list[tuple[Action, float]] | None:
        """Each set-aside to bank or roll on with the value ``decide`` weighs it by: its
        expected turn points (the optimal turn table), or, where the game situation (the
        last round, a close finish, a third farkle) makes ``decide`` play for the win, its
        chance to win (``value_unit`` says which). Before the roll: a piggyback offer and a
        fresh roll in expected turn points (None without an offer)."""
        if not state.rolled:
            return self._start_values(state)  # a piggyback offer: priced in points
        me = state.current
        if _my_last_turn(state) and len(state.still_to_play) == 1:
            return self._last_turn_values(state, _options(state))
        if self._plays_for_the_win(state):
            return [(_act(state, kind, values), value)
                    for kind, values, value in self._win_values(state, _options(state), me)]
        table = turn_table(state.bank_minimum())
        out: list[tuple[Action, float]] = []
        for points, left, values, may_bank in _options(state):
            total = state.turn_total + points
            if may_bank:
                out.append((_act(state, "bank", values), float(total)))
            out.append((_act(state, "roll", values), table.roll_value(left, total)))
        return out

    # -- the game situation ----------------------------------------------------------------
    def _win_chance(self, state: FarkleState, me: int, totals: list[int]) -> float:
        """Estimated chance that ``me`` wins once its turn ends with these totals."""
        target = state.options["target"]
        reach = reach_table()
        mine = totals[me]
        chance = 1.0
        if state.last_round:  # ``me`` is playing its last turn; the rest play theirs after
            after = [s for s in state.still_to_play if s != me]
            for s, total in enumerate(totals):
                if s != me and s not in after and total >= mine:
                    return 0.5 ** len(state.seats) if total == mine else 0.0
            for s in after:
                chance *= 1.0 - reach.chance(N_DICE, mine - totals[s] + STEP)
            return chance
        race = race_table()
        for s, total in enumerate(totals):
            if s == me:
                continue
            if mine >= target:  # the last round: each other player gets one turn to beat it
                need = mine - total + STEP
                if not state.on_board[s] and state.options["on_board"]:
                    need = max(need, state.options["on_board_min"])
                chance *= 1.0 - reach.chance(N_DICE, need)
            else:
                chance *= 1.0 - race.win(target - total, target - mine)
        return chance

    def _for_the_win(self, state: FarkleState, options, me: int) -> Action:
        """Search the rest of the turn for the best chance to win (see the module doc)."""
        best = None
        for kind, values, value in self._win_values(state, options, me):
            if best is None or value > best[0] + 1e-12:
                best = (value, kind, values)
        assert best is not None
        return _act(state, best[1], best[2])

    def _win_values(self, state: FarkleState, options, me: int
                    ) -> list[tuple[str, tuple[int, ...], float]]:
        """(kind, values set aside, chance to win) for every legal bank and roll, from the
        win-chance search of the rest of the turn (made now if the plan does not fit)."""
        t = state.turn_total
        key, i_now = self._plan_key(state, me)
        if not self._plan_fits(key, i_now):
            self._plan = run_now(self._search_steps(state, me, key, i_now))
        plan = self._plan
        assert plan is not None
        _, first, roll, bank, beyond = plan
        out = []
        for points, left, values, may_bank in options:
            i = (t + points) // STEP
            k = i - first
            if k < len(bank):
                roll_value, bank_value = roll[left][k], bank[k]
            else:
                roll_value, bank_value = beyond(left, i), beyond(0, i)
            if may_bank:
                out.append(("bank", values, bank_value))
            out.append(("roll", values, roll_value))
        return out

    @staticmethod
    def _plan_key(state: FarkleState, me: int) -> tuple[tuple, int]:
        """What a win-chance plan is for (the turn, the totals...), and the turn total now
        in steps of 50."""
        key = (state.seed, state.options["target"], state.turns_played, me, tuple(state.totals),
               state.bank_minimum(), state.carried, state.farkles_in_row[me])
        return key, state.turn_total // STEP

    def _plan_fits(self, key: tuple, i_now: int) -> bool:
        plan = self._plan
        return plan is not None and plan[0] == key and plan[1] <= i_now <= plan[1] + 20

    def _search_steps(self, state: FarkleState, me: int, key, first: int):
        """The win-chance search of the rest of the turn, a generator job (rows of
        totals between yields); returns the plan."""
        totals = list(state.totals)
        mine = totals[me]
        minimum = state.bank_minimum()
        size = HORIZON // STEP + 1

        def banked(i: int) -> float:
            totals[me] = mine + i * STEP
            value = self._win_chance(state, me, totals)
            totals[me] = mine
            return value

        # a farkle: the turn total is lost (and maybe a penalty, or points handed back)
        after = list(state.totals)
        if state.options["three_farkles"] and state.farkles_in_row[me] >= 2:
            after[me] -= 1000
        if state.carried and state.options["piggyback_credit"] and state.carried_from is not None:
            after[state.carried_from] += state.carried
        farkled = self._win_chance(state, me, after)
        bank = [banked(first + k) if (first + k) * STEP >= minimum and first + k > 0 else -1.0
                for k in range(size)]
        table = turn_table(minimum)
        memo: dict[tuple[int, int], float] = {}

        def beyond(n: int, i: int) -> float:
            """Past the horizon: points play, valued by the win chance of its expectation."""
            if (n, i) not in memo:
                t = i * STEP
                expected = t if n == 0 else table.value(n, t)
                memo[n, i] = banked(round(expected / STEP))
            return memo[n, i]

        roll = [[0.0] * size for _ in range(N_DICE + 1)]
        best = [[0.0] * size for _ in range(N_DICE + 1)]
        menus_by_n = [outcomes(n) if n else (0.0, ()) for n in range(N_DICE + 1)]
        for k in range(size - 1, -1, -1):
            yield  # (a total: two took 0.6-0.9 ms natively, every hard decision in the race)
            for n in range(1, N_DICE + 1):
                farkle, menus = menus_by_n[n]
                value = farkle * farkled
                for menu, p in menus:
                    top = -1.0
                    for n2, s in menu:
                        k2 = k + s
                        v = best[n2][k2] if k2 < size else beyond(n2, first + k2)
                        if v > top:
                            top = v
                    value += p * top
                roll[n][k] = value
                best[n][k] = value if bank[k] < value else bank[k]
        return key, first, roll, bank, beyond

    def _last_turn(self, state: FarkleState, options) -> Action:
        """Beat the best total or lose: never bank below it, play for the chance to pass."""
        me = state.current
        need = state.leader_total(me) - state.totals[me] + STEP  # to be strictly ahead
        need = max(need, state.bank_minimum())
        reach = reach_table()
        t = state.turn_total
        best = None
        for points, left, values, may_bank in options:
            total = t + points
            if may_bank and total >= need:
                value, kind = 1.0 + total / 1e6, "bank"
            else:
                value, kind = reach.chance(left, need - total), "roll"
            if best is None or value > best[0]:
                best = (value, kind, values)
        assert best is not None
        return _act(state, best[1], best[2])

    def _last_turn_values(self, state: FarkleState, options) -> list[tuple[Action, float]]:
        """The chance to win of every move on the last turn of the game, as ``_last_turn``
        sees it: a bank past the best total wins (1), any other bank does not (0: a tie is
        not a win to play for), a roll past it wins unless it farkles, and a roll short of
        it wins with the chance of getting there (``reach``)."""
        me = state.current
        need = state.leader_total(me) - state.totals[me] + STEP
        need = max(need, state.bank_minimum())
        reach = reach_table()
        out: list[tuple[Action, float]] = []
        for points, left, values, may_bank in options:
            total = state.turn_total + points
            if may_bank:
                out.append((_act(state, "bank", values), 1.0 if total >= need else 0.0))
            roll = (1.0 - outcomes(left)[0] if total >= need
                    else reach.chance(left, need - total))
            out.append((_act(state, "roll", values), roll))
        return out

    def piggyback(self, state: FarkleState) -> bool:
        """Start on the previous player's dice when that is worth more than a fresh turn
        (``_start_values``: the coach prices the same two numbers)."""
        values = self._start_values(state)
        return values is not None and values[1][1] > values[0][1]


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy}
strengths = every_strength  # the same bots whatever the options
