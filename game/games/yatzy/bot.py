"""Bots for Yatzy (5 dice) and Maxi Yatzy (6 dice).

How the strong bots think
-------------------------
A turn is a small game of its own that can be solved exactly: after the first roll there
are at most two rerolls, and the dice only matter as a sorted multiset (252 of them for
five dice, 462 for six). So ``normal`` and ``hard`` value every way the turn can end,
then work backwards:

* ``end[d]`` — the best thing to do with final dice ``d``: over the open categories,
  ``points + future(sheet after scoring)``;
* ``keep1[k]`` — the exact expected ``end`` when the dice ``k`` are kept and the others
  are rolled once more (the sum over every outcome multiset times its probability);
* ``mid[d] = max(keep1[k] for every sub-multiset k of d)`` — keeping all of ``d`` means
  stopping now, so stopping early is just one more keep;
* ``keep2[k]`` — the same expectation one roll earlier, over ``mid``.

The transition tables (keep multiset -> outcome indices and probabilities, shared with the
other category games in ``game.bots.turn_search``) are built once per dice count, lazily, and the whole turn costs a few thousand multiply-adds done in C
through ``map``: a few milliseconds in CPython, no numpy needed (it must run in pyodide).
Expectations are summed with ``math.fsum`` (correctly rounded) because ``sum`` of floats
changed in Python 3.12: pyodide must play bit-for-bit the same games as CPython 3.11.

What remains is ``future``: how much an open category is still worth, which is what makes
a bot scratch Ones rather than Chance, or save Sixes for sixes. The exact answer is the
value of the whole solitaire game (2^15 sheets x 64 upper totals): ``expert`` reads it from
a precomputed table (five dice only, see game/games/yatzy/expert_table.py and
game/games/yatzy/tools/make_yatzy_table.py). The other strengths approximate it as

    future(open, upper) = sum(E[c] for c in open) + bonus * P(bonus | upper, open upper boxes)

``E[c]`` is what category ``c`` ends up scoring on average in self-play when it is still
open (for ``hard`` with five dice, split by how many boxes are left: Yatzy is worth ~28
with the whole game ahead and ~4 with one turn left), and ``P`` is an exact little DP
over the open upper boxes, each modelled by the distribution of how many of its face end
up in it. All of these numbers were measured in self-play, a few rounds of "play,
measure, refit" until they settled. So the bot weighs "points now minus what this box is
usually still worth" and knows how much each upper box moves the bonus chances; scratching
Ones or a late Yatzy, or saving Chance, falls out of that comparison. With exact turn
play on top this scores about 252 in five-dice Yatzy, against ~256 for perfect play.

Strengths: ``hard`` uses all of the above. ``normal`` runs the same exact search but
plans each reroll as if it were the last, values the upper bonus at 40 % and uses one
average per box for the whole game. ``easy`` plays like a casual player: it takes
whatever scores most right now (no thought for what a box is worth later or for the
bonus), plans one reroll at a time and now and then keeps the second-best dice.
``expert`` (five dice) is the same search with the exact future: optimal solitaire play.
Measured over 1000 seeded games: hard ~252, normal ~235, easy ~202; expert ~256 (10,000).
"""

from __future__ import annotations

import random
from functools import cache
from math import fsum
from typing import Any

from game.bots.loading import Lazy
from game.bots.turn_search import Tables as DiceTables
from game.bots.turn_search import holds_for
from game.contract import PolicyBase
from game.games.yatzy.rules import CATEGORIES, UPPER, UPPER_BONUS, score
from game.tasks import run_now

Action = dict[str, Any]

# ---------------------------------------------------------------------------------------
# Calibrated parameters (self-play of the hard bot; see the module docstring).

# Average score of each category while it is still open.
EXPECTED: dict[int, dict[str, float]] = {
    5: {"ones": 2.1, "twos": 5.2, "threes": 8.6, "fours": 11.9, "fives": 15.4, "sixes": 18.6,
        "one_pair": 10.8, "two_pairs": 17.9, "three_of_a_kind": 14.5, "four_of_a_kind": 9.8,
        "small_straight": 3.0, "large_straight": 6.9, "full_house": 16.6, "chance": 23.2,
        "yatzy": 18.4},
    6: {"ones": 2.9, "twos": 6.7, "threes": 10.8, "fours": 14.8, "fives": 18.8, "sixes": 22.7,
        "one_pair": 10.5, "two_pairs": 19.5, "three_pairs": 14.5, "three_of_a_kind": 16.0,
        "four_of_a_kind": 16.4, "five_of_a_kind": 3.8, "small_straight": 9.1,
        "large_straight": 13.7, "royal": 7.9, "full_house": 24.0, "two_triplets": 9.3,
        "four_and_two": 13.8, "chance": 27.5, "yatzy": 19.0},
}

# Hard, five dice: the same averages split by how many boxes stay open after the turn
# (index = boxes left); late in the game a box is worth less, since fewer turns can
# fish for it (Yatzy: about 28 with 15 turns ahead, 4 with one).
EXPECTED_LEFT: dict[int, dict[str, list[float]]] = {
    5: {
        "ones": [0.0, 1.9, 1.8, 1.7, 1.7, 1.6, 1.7, 1.8, 1.8, 1.9, 1.9, 2.0, 2.0, 2.1, 2.1, 2.1],
        "twos": [0.0, 4.9, 4.6, 4.6, 4.7, 4.8, 4.9, 5.0, 5.1, 5.2, 5.3, 5.4, 5.5, 5.5, 5.6, 5.6],
        "threes": [0.0, 6.8, 7.2, 7.5, 7.7, 7.9, 8.1, 8.3, 8.5, 8.6, 8.8, 8.9, 9.0, 9.1, 9.1, 9.2],
        "fours": [0.0, 9.9, 10.2, 10.5, 10.9, 11.2, 11.5, 11.7, 11.8, 12.0, 12.2, 12.3, 12.5, 12.6, 12.7, 12.7],
        "fives": [0.0, 11.5, 12.4, 13.0, 13.5, 13.9, 14.4, 14.7, 15.1, 15.2, 15.4, 15.6, 15.8, 16.0, 16.1, 16.2],
        "sixes": [0.0, 13.8, 15.2, 16.0, 16.9, 17.4, 17.8, 18.2, 18.4, 18.7, 19.0, 19.2, 19.4, 19.7, 20.0, 20.2],
        "one_pair": [0.0, 11.1, 10.9, 11.0, 11.0, 11.0, 11.0, 11.1, 11.0, 11.0, 11.1, 11.1, 11.1, 11.1, 11.1, 11.1],
        "two_pairs": [0.0, 12.8, 14.4, 15.7, 16.4, 16.9, 17.3, 17.5, 17.8, 18.1, 18.3, 18.5, 18.7, 18.8, 19.0, 19.1],
        "three_of_a_kind": [0.0, 11.1, 11.7, 12.4, 13.0, 13.4, 13.8, 14.3, 14.5, 14.8, 15.1, 15.3, 15.5, 15.8, 16.0, 16.2],
        "four_of_a_kind": [0.0, 5.5, 6.5, 7.3, 8.1, 9.1, 9.7, 10.3, 10.9, 11.3, 11.7, 11.9, 12.1, 12.2, 12.3, 12.3],
        "small_straight": [0.0, 3.0, 2.8, 2.8, 2.6, 2.8, 2.9, 2.9, 2.8, 2.8, 2.7, 2.8, 2.8, 2.9, 2.9, 3.1],
        "large_straight": [0.0, 5.4, 5.9, 5.4, 5.5, 5.9, 5.7, 5.8, 6.1, 6.6, 7.0, 7.6, 8.1, 8.6, 9.0, 9.4],
        "full_house": [0.0, 8.1, 10.2, 11.5, 13.0, 14.1, 15.0, 16.0, 16.9, 17.6, 18.2, 18.8, 19.1, 19.4, 19.8, 20.1],
        "chance": [0.0, 23.3, 23.6, 23.6, 23.5, 23.3, 23.3, 23.2, 23.2, 23.1, 23.1, 23.1, 23.1, 23.2, 23.3, 23.4],
        "yatzy": [0.0, 4.2, 4.3, 5.4, 6.6, 8.2, 10.2, 12.2, 14.4, 16.5, 18.4, 20.5, 22.4, 24.1, 25.8, 27.9],
    },
}

# Distribution of the number of dice of its face that an upper box ends up with.
COUNT_DIST: dict[int, list[float]] = {
    5: [0.025, 0.068, 0.140, 0.455, 0.299, 0.013],
    6: [0.013, 0.037, 0.075, 0.173, 0.468, 0.228, 0.005],
}


# ---------------------------------------------------------------------------------------
# Dice tables, built once per dice count on first use.


class Tables(DiceTables):
    """The shared multiset tables plus each category's score of every multiset."""

    def build_steps(self, n: int):
        yield from super().build_steps(n)
        self.scores: dict[str, list[int]] = {}
        for c in CATEGORIES[n]:
            scores: list[int] = []
            for start in range(0, len(self.dice), 16):  # (64 took 5-9 ms in a phone's page)
                yield
                scores += [score(c, d) for d in self.dice[start:start + 16]]
            self.scores[c] = scores


_TABLES = Lazy(Tables.steps)


def tables(n: int) -> Tables:
    return _TABLES.get(n)


@cache
def bonus_chance(n: int, dist: tuple[float, ...], upper: int, faces: frozenset[int]) -> float:
    """P(upper section reaches the bonus), each open face j adding j * k with P(k)=dist[k]."""
    threshold = UPPER_BONUS[n][0]
    if upper >= threshold:
        return 1.0
    if not faces:
        return 0.0
    j = min(faces)
    rest = faces - {j}
    return fsum(p * bonus_chance(n, dist, min(threshold, upper + j * k), rest)
               for k, p in enumerate(dist) if p)


_BONUS_WARM: set[tuple] = set()  # (n, dist, faces) whose every upper total is cached


def bonus_chance_steps(n: int, dist: tuple[float, ...], faces: frozenset[int]):
    """``bonus_chance`` for ``faces`` and every upper total, cached in pieces (a generator
    job): the sets its recursion reaches (``faces`` less its smallest, again and again)
    from the smallest up, four upper totals a piece (eight took 5-7 ms in a phone's page),
    so that no call recurses deeper than one cached level. The same numbers: the cache of the same pure function."""
    threshold = UPPER_BONUS[n][0]
    order = sorted(faces)
    for i in range(len(order) - 1, -1, -1):
        suffix = frozenset(order[i:])
        if (n, dist, suffix) in _BONUS_WARM:
            continue
        for low in range(0, threshold + 1, 4):
            yield
            for upper in range(low, min(low + 4, threshold + 1)):
                bonus_chance(n, dist, upper, suffix)
        _BONUS_WARM.add((n, dist, suffix))


# ---------------------------------------------------------------------------------------
# Policies


class _Base(PolicyBase):
    def __init__(self, rng: random.Random):
        self.rng = rng

    @staticmethod
    def _info(state) -> tuple[int, list[str], int]:
        seat = state.current
        return state.n_dice, state.open_categories(), state.totals(seat)["upper"]


class SearchPolicy(_Base):
    """Exact expectimax over the turn; what the sheet left behind is worth comes from
    ``category_values`` (calibrated estimates here, the exact table for ``expert``)."""

    lookahead = 2  # rerolls planned exactly
    bonus_weight = 1.0
    expected_scale = 1.0  # how much an open box is worth keeping for later (1 = calibrated)
    sloppiness = 0.0  # chance of keeping the second-best dice instead of the best
    expected = EXPECTED
    expected_left: dict[int, dict[str, list[float]]] = {}  # by boxes left open, when known
    count_dist = COUNT_DIST
    value_text: str | None = None  # what an action value means (None: only differences)

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self._cache_key: Any = None
        self._cache: dict[str, Any] = {}

    def warm_steps(self, state):
        """Build the tables a move in ``state`` needs, in pieces (a generator job), so
        that ``choose`` finds them ready."""
        yield from _TABLES.steps(state.n_dice)
        if not state.is_over():
            yield from self._future_steps(state)
            yield from self._turn_steps(state)

    def _future_steps(self, state):
        """Load what ``category_values`` reads for ``state`` (nothing here)."""
        return
        yield  # (a generator all the same)

    def _turn_steps(self, state):
        """The turn's values (then the next reroll's), a piece each, ready for ``choose``."""
        if state.is_over() or not state.rolls:
            return
        turn = yield from self._turn_steps_values(state)
        if state.ROLLS_PER_TURN - state.rolls >= 2 and self.lookahead >= 2 and "mid" not in turn:
            mid = yield from tables(state.n_dice).best_over_keeps_steps(turn["end"])
            turn.setdefault("mid", mid)

    # values of finishing the turn with each dice multiset, per category
    def category_values(self, n: int, open_cats: list[str], upper: int) -> dict[str, list[float]]:
        """For each open category, the value of scoring it with each dice multiset of
        ``tables(n).dice``: its points plus what the sheet left behind is worth (only
        differences between values matter, so any constant offset is fine)."""
        return run_now(self.category_values_steps(n, open_cats, upper))

    def category_values_steps(self, n: int, open_cats: list[str], upper: int):
        """``category_values`` as a generator job, a category a piece."""
        yield
        t = tables(n)
        threshold, bonus = UPPER_BONUS[n]
        exp = self.expected[n]
        by_left = self.expected_left.get(n)
        left = len(open_cats) - 1  # boxes still open after this turn
        dist = tuple(self.count_dist[n])
        upper = min(upper, threshold)
        faces = frozenset(UPPER.index(c) + 1 for c in open_cats if c in UPPER)
        w = bonus * self.bonus_weight
        yield from bonus_chance_steps(n, dist, faces)
        for c in open_cats:
            if c in UPPER:
                yield from bonus_chance_steps(n, dist, faces - {UPPER.index(c) + 1})
        base = w * bonus_chance(n, dist, upper, faces)
        out = {}
        for c in open_cats:
            yield
            scores = t.scores[c]
            e = (by_left[c][left] if by_left else exp[c]) * self.expected_scale
            if c in UPPER:
                rest = faces - {UPPER.index(c) + 1}
                adj = {s: s - e + w * bonus_chance(n, dist, min(threshold, upper + s), rest)
                       for s in set(scores)}
                out[c] = [adj[s] for s in scores]
            else:
                off = base - e
                out[c] = [s + off for s in scores]
        return out

    def _turn(self, state) -> dict[str, Any]:
        return run_now(self._turn_steps_values(state))

    def _turn_steps_values(self, state):
        """``_turn`` as a generator job: the categories' values a category a piece, then
        the best of them for each multiset."""
        n, open_cats, upper = self._info(state)
        key = (n, tuple(open_cats), upper)
        if key != self._cache_key:
            vals = yield from self.category_values_steps(n, open_cats, upper)
            yield
            self._cache_key = key
            self._cache = {"cat": vals, "end": list(map(max, *vals.values()))
                           if len(vals) > 1 else list(next(iter(vals.values())))}
        return self._cache

    def _mid(self, n: int, turn: dict[str, Any]) -> list[float]:
        if "mid" not in turn:
            t = tables(n)
            k1 = t.expect(turn["end"])
            get = k1.__getitem__
            turn["mid"] = [max(map(get, subs)) for subs in t.subkeeps]
        return turn["mid"]

    def choose(self, state) -> Action:
        if state.rolls == 0:
            return {"kind": "roll", "hold": []}
        n = state.n_dice
        t = tables(n)
        turn = self._turn(state)
        dice = tuple(sorted(state.dice))
        di = t.index[dice]
        rerolls_left = state.ROLLS_PER_TURN - state.rolls
        if rerolls_left > 0:
            if rerolls_left >= 2 and self.lookahead >= 2:
                values = self._mid(n, turn)
            else:
                values = turn["end"]
            full = t.full_keep[di]
            subs = [k for k in t.subkeeps[di] if k != full]
            ev = t.expect(values, subs)
            ranked = sorted(subs, key=ev.__getitem__, reverse=True)
            best = ranked[0]
            if self.sloppiness and len(ranked) > 1 and self.rng.random() < self.sloppiness:
                best = ranked[1]
            if ev[best] > turn["end"][di] + 1e-9:  # else stop: score these dice now
                return {"kind": "roll", "hold": holds_for(state.dice, t.keeps[best])}
        cats = turn["cat"]
        best_c = max(cats, key=lambda c: cats[c][di])
        return {"kind": "score", "category": best_c}

    def action_values(self, state) -> list[tuple[Action, float]] | None:
        """Every distinct move now with the value ``choose`` gives it (the same search, so
        ``choose`` picks the largest): each keep to reroll, each open box to score. For
        ``expert`` the value is the expected rest of the game's score; for the others it
        has an arbitrary offset, so only differences mean points. None before the roll."""
        if state.rolls == 0:
            return None
        n = state.n_dice
        t = tables(n)
        turn = self._turn(state)
        di = t.index[tuple(sorted(state.dice))]
        out: list[tuple[Action, float]] = []
        rerolls_left = state.ROLLS_PER_TURN - state.rolls
        if rerolls_left > 0:
            values = self._mid(n, turn) if rerolls_left >= 2 and self.lookahead >= 2 \
                else turn["end"]
            full = t.full_keep[di]
            subs = [k for k in t.subkeeps[di] if k != full]
            ev = t.expect(values, subs)
            out += [({"kind": "roll", "hold": holds_for(state.dice, t.keeps[k])}, ev[k])
                    for k in subs]
        cats = turn["cat"]
        out += [({"kind": "score", "category": c}, cats[c][di]) for c in cats]
        return out


class HardPolicy(SearchPolicy):
    """The full turn search with the stage-aware box values."""

    expected_left = EXPECTED_LEFT


class NormalPolicy(SearchPolicy):
    """Plans each reroll as if it were the last and undervalues the upper bonus."""

    lookahead = 1
    bonus_weight = 0.4


class EasyPolicy(SearchPolicy):
    """A casual player: takes the most points now, plans one reroll at a time, ignores the
    bonus race and now and then keeps the wrong dice."""

    lookahead = 1
    bonus_weight = 0.0
    expected_scale = 0.0
    sloppiness = 0.1


class ExpertPolicy(SearchPolicy):
    """Optimal solitaire play (five dice only): the same turn search, with the exact value
    of the state left behind read from the precomputed table (game/games/yatzy/expert_table.py):
    scoring ``c`` with dice ``d`` is worth ``points + V(open - c, upper after c)``. So every
    decision maximises the expected final score; the mean is about 256.4."""

    value_text = "expected {:,.1f} more points this game"

    def _future_steps(self, state):
        """The exact table's layout, then the values of each sheet one box from now
        (their patterns of open upper boxes), a pattern at a time."""
        if state.n_dice != 5:
            return
        yield
        # (the expert's table, 600 kB fetched in the browser, and its reader are loaded when
        # the expert first plays: not at the browser's start; the import a piece of its own)
        from game.games.yatzy import expert_table as yatzy_table

        yield
        table = yield from yatzy_table.table_steps()
        n, open_cats, _ = self._info(state)
        mask = yatzy_table.mask_of(open_cats)
        # the patterns (open upper boxes) of every sheet one box from now
        rests = {mask & ~yatzy_table.BIT[c] for c in open_cats}
        for pattern in sorted({rest & 63 for rest in rests if rest}):
            yield
            yield from table.pattern_steps(pattern)

    def category_values_steps(self, n: int, open_cats: list[str], upper: int):
        if n != 5:
            raise ValueError("the expert bot plays five-dice Yatzy only")
        yield
        from game.games.yatzy import expert_table as yatzy_table  # (see _future_steps)

        table = yatzy_table.table()
        mask = yatzy_table.mask_of(open_cats)
        scores = tables(n).scores
        out = {}
        for c in open_cats:
            yield
            rest = mask & ~yatzy_table.BIT[c]
            if c in UPPER:
                after = {s: s + table.value(rest, upper + s) for s in set(scores[c])}
                out[c] = [after[s] for s in scores[c]]
            else:
                off = table.value(rest, upper)
                out[c] = [s + off for s in scores[c]]
        return out


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy,
            "expert": ExpertPolicy}


def strengths(options: dict[str, Any]) -> tuple[str, ...]:
    """The strengths on offer for a game with these options: ``expert`` only for five dice
    (its table is for five-dice Yatzy)."""
    base = ("easy", "normal", "hard")
    return base + ("expert",) if options.get("dice") == 5 else base
