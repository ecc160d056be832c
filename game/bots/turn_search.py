"""The exact search over a hold-and-roll turn, shared by the category games' bots.

A turn of up to three rolls with holds is a small game that can be solved exactly: the
dice only matter as a sorted multiset (252 of them for five dice, 462 for six), so a bot
gives a value to every way the turn can end (``end[d]``) and works backwards:

* ``keep1[k]`` -- the exact expected ``end`` when the dice ``k`` are kept and the others
  are rolled once more (every outcome multiset times its probability);
* ``mid[d] = max(keep1[k] for every sub-multiset k of d)`` -- keeping all of ``d`` means
  stopping now, so stopping early is just one more keep;
* one roll earlier, the same over ``mid``.

``Tables`` holds the multisets and the keep -> outcome transitions (built once per dice
count, lazily and in pieces, from the rules' own chance model
``game.rules.core.roll_outcomes``); ``TurnPlan`` runs the recursion for one set of end values and answers
"which dice to hold now". Expectations are summed with ``math.fsum`` (correctly rounded)
because ``sum`` of floats changed in Python 3.12: pyodide must play bit-for-bit the same
games as CPython 3.11. No numpy: it must run in the browser's Python.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement, product
from math import fsum
from operator import mul

from game.bots.loading import Lazy
from game.rules.core import roll_outcomes_steps
from game.tasks import run_now


class Tables:
    """Multisets and keep -> outcome transitions for n dice."""

    def __init__(self, n: int):
        run_now(self.build_steps(n))

    @classmethod
    def steps(cls, n: int):
        """A new table built in pieces: a generator job that returns it."""
        self = cls.__new__(cls)
        yield from self.build_steps(n)
        return self

    def build_steps(self, n: int):
        """Fill the table, yielding between pieces of about a tenth of a millisecond (a
        millisecond natively is 15-20 in a phone's browser: a frame)."""
        self.n = n
        self.dice = list(combinations_with_replacement(range(1, 7), n))
        self.index = {d: i for i, d in enumerate(self.dice)}
        self.keeps = [k for r in range(n + 1) for k in combinations_with_replacement(range(1, 7), r)]
        self.keep_index = {k: i for i, k in enumerate(self.keeps)}
        # For each keep: the outcome dice indices and their probabilities.
        self.out_idx: list[list[int]] = []
        self.out_p: list[list[float]] = []
        rolls = {}
        for r in range(n + 1):  # the core chance model (in pieces: 1 ms for six dice)
            yield
            rolls[r] = yield from roll_outcomes_steps(r)
        yield
        work = 0  # outcomes done since the last yield
        for k in self.keeps:
            idx, ps = [], []
            for o, p in rolls[n - len(k)]:
                work += 1
                if work > 50:
                    work = 0
                    yield
                idx.append(self.index[tuple(sorted(k + o))])
                ps.append(p)
            self.out_idx.append(idx)
            self.out_p.append(ps)
        # For each dice multiset: the keep indices of its distinct sub-multisets.
        self.subkeeps: list[list[int]] = []
        for j, d in enumerate(self.dice):
            if j % 2 == 1:
                yield
            counts = sorted(Counter(d).items())
            subs = []
            for take in product(*(range(c + 1) for _, c in counts)):
                keep = tuple(v for (v, _), t in zip(counts, take, strict=True) for _ in range(t))
                subs.append(self.keep_index[keep])
            self.subkeeps.append(sorted(subs))
        self.full_keep = [self.keep_index[d] for d in self.dice]
        self.first_roll_p = self.out_p[self.keep_index[()]]  # P(d) for a roll of all dice

    def expect(self, values: Sequence[float], keeps: Sequence[int] | None = None
               ) -> dict[int, float]:
        """Expected ``values`` after rolling the dice not kept, for the given keeps."""
        out_idx, out_p = self.out_idx, self.out_p
        get = values.__getitem__
        todo = range(len(self.keeps)) if keeps is None else keeps
        return {k: fsum(map(mul, out_p[k], map(get, out_idx[k]))) for k in todo}

    def best_over_keeps(self, values: Sequence[float]) -> list[float]:
        """``mid``: for each multiset, the best expected ``values`` over its keeps (one
        reroll left, stopping included)."""
        k1 = self.expect(values)
        get = k1.__getitem__
        return [max(map(get, subs)) for subs in self.subkeeps]

    def best_over_keeps_steps(self, values: Sequence[float], chunk: int = 24):
        """``best_over_keeps`` as a generator job: ``chunk`` keeps at a time, then
        ``chunk`` multisets' best at a time (the same numbers: each keep's expectation is
        its own ``fsum``, each multiset's best its own ``max``)."""
        k1: dict[int, float] = {}
        for start in range(0, len(self.keeps), chunk):
            yield
            k1.update(self.expect(values, range(start, min(start + chunk, len(self.keeps)))))
        get = k1.__getitem__
        out: list[float] = []
        for start in range(0, len(self.subkeeps), chunk):
            yield
            out += [max(map(get, subs)) for subs in self.subkeeps[start:start + chunk]]
        return out


_TABLES = Lazy(Tables.steps)


def tables(n: int) -> Tables:
    """The tables for ``n`` dice, built on first use (``tables_steps``: in pieces)."""
    return _TABLES.get(n)


def tables_steps(n: int):
    """``tables(n)`` as a generator job that builds it in pieces if needed."""
    return _TABLES.steps(n)


def score_tables(names: Sequence[str], score) -> Lazy:
    """``{name: [score(name, dice) for every five-dice multiset, in tables(5) order]}``,
    built once on first use (a box per piece with ``steps``): the category games' score
    of each box for each roll (a box took up to 1.1 ms natively, 25 ms in a phone's page: 16 rolls a piece)."""
    def build():
        dice = (yield from tables_steps(5)).dice
        out = {}
        for name in names:
            column: list = []
            for start in range(0, len(dice), 16):
                yield
                column += [score(name, d) for d in dice[start:start + 16]]
            out[name] = column
        return out
    return Lazy(build)


def holds_for(dice: Sequence[int], keep: Sequence[int]) -> list[int]:
    """Dice positions that keep exactly the multiset ``keep``."""
    want = Counter(keep)
    hold = []
    for i, v in enumerate(dice):
        if want[v] > 0:
            want[v] -= 1
            hold.append(i)
    return hold


class TurnPlan:
    """The exact play of one turn for the end values ``end`` (one per multiset)."""

    def __init__(self, n: int, end: Sequence[float]):
        self.t = tables(n)
        self.end = list(end)
        self._mid: list[float] | None = None

    @property
    def mid(self) -> list[float]:
        if self._mid is None:
            self._mid = self.t.best_over_keeps(self.end)
        return self._mid

    def mid_steps(self):
        """``mid`` worked out in pieces (a generator job), if not yet done."""
        if self._mid is None:
            mid = yield from self.t.best_over_keeps_steps(self.end)
            if self._mid is None:
                self._mid = mid
        return self._mid

    def value(self) -> float:
        """The expected end value of the whole turn, before its first roll."""
        start = self.t.best_over_keeps(self.mid)
        return fsum(map(mul, self.t.first_roll_p, start))

    def ranked_keeps(self, dice: Sequence[int], rerolls_left: int) -> tuple[list[int], dict]:
        """The keeps of ``dice`` other than keeping all, best first, and their values."""
        t = self.t
        di = t.index[tuple(sorted(dice))]
        values = self.mid if rerolls_left >= 2 else self.end
        full = t.full_keep[di]
        subs = [k for k in t.subkeeps[di] if k != full]
        ev = t.expect(values, subs)
        return sorted(subs, key=ev.__getitem__, reverse=True), ev

    def hold(self, dice: Sequence[int], rerolls_left: int) -> list[int] | None:
        """The dice positions to hold for the best reroll, or None to stop and score now."""
        if rerolls_left <= 0:
            return None
        ranked, ev = self.ranked_keeps(dice, rerolls_left)
        di = self.t.index[tuple(sorted(dice))]
        if ev[ranked[0]] > self.end[di] + 1e-9:
            return holds_for(dice, self.t.keeps[ranked[0]])
        return None
