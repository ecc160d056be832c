"""Pirate Fortune's turn played for a goal rather than for points (no pygame, no numpy).

``pirates_solver`` maximises a turn's expected points. In an endgame what matters is not
the points but what they do to the chance to win: on its last turn a player needs to pass
the leader, and a stop that reaches the target hands every other player one turn to beat
it. This module solves one turn exactly for any *utility* of the turn's final points, a
non-decreasing function ``u`` (a chance to win given the points the turn ends with):

* the threshold ``reach(card, need)``: ``u(p) = 1 if p >= need else 0``, so the value is
  the exact maximum probability of ending the turn with at least ``need`` points;
* any other non-decreasing utility (the bot's win chance per final total).

Same positions and dynamics as ``pirates_solver``: ``s`` skull dice, the multiset ``M``
of the other dice, the Sorceress still able to act (``a``); keeps ``K`` (at least two
dice rerolled), skulls lock, three skulls disqualify (the Treasure Chest scores the kept
dice, which are on the chest; a Sea Battle costs its bonus; a Truce 1000 per sword
showing), the Sorceress rerolls one skull once (also the third), the Captain doubles the
points (solved on the plain table with ``u(2p)``), the Storm allows one reroll and is
solved on the spot.

How it is solved: value iteration, layer by layer (skull dice only increase, so the
layer with the most skulls is solved first), with the expectation over a reroll computed
one die at a time: ``G(s, K)`` -- the expected value of rolling the ``8 - s - |K|`` dice
that are not skulls and not in ``K`` -- is ``(G(s + 1, K) + sum over faces f of
G(s, K + f)) / 6`` (a skull moves to the next layer or ends the turn), and ``G(s, M) =
V(s, M)`` once all eight dice are down. The best keep inside ``M`` comes from
``B(s, K)``, the best ``G`` of any sub-multiset of ``K``. So one sweep costs a few
thousand operations instead of the 66,000 transitions of the plain enumeration; sweeps
repeat until no value moves by more than ``TOL``. A solve is a generator job that yields
every few hundred operations; a whole card takes 10-30 ms natively, and a position
solves only the layers it can still reach (as many skull dice or more).

Utilities are tuples: ``u[i]`` is the utility of ending the turn with ``(i - OFFSET) *
100`` points (every score is a multiple of 100), clamped at both ends.
"""

from __future__ import annotations

from itertools import product
from math import factorial

from game.games.pirates.rules import (
    CARD_SKULLS,
    DECKS,
    DIAMOND,
    GOLD,
    N_DICE,
    SEA_BATTLES,
    SKULL,
    SWORD,
    island_allowed,
    reroll_outcomes,
    turn_parts,
)
from game.games.pirates.solver import NONSKULL, Multi, rules_card, stop_points, table_card
from game.tasks import run_now

OFFSET = 80  # u[0] is the utility of -8000 points (a Truce with eight swords)
TOL = 1e-9  # value iteration stops when no value moves more than this
STEP = 100
MAX_NEED = 11000  # the shipped deck chances go this far (a Captain can double 5400)
Utility = tuple[float, ...]

# -- every multiset of at most eight non-skull dice, by index ------------------------------
_SETS: list[Multi] = sorted((m for m in product(range(N_DICE + 1), repeat=NONSKULL)
                             if sum(m) <= N_DICE), key=lambda m: (sum(m), m))
INDEX: dict[Multi, int] = {m: i for i, m in enumerate(_SETS)}
SIZE = [sum(m) for m in _SETS]
BY_SIZE: list[list[int]] = [[i for i, m in enumerate(_SETS) if sum(m) == k]
                            for k in range(N_DICE + 1)]


def _plus(m: Multi, f: int) -> Multi:
    return tuple(c + (j == f) for j, c in enumerate(m))  # type: ignore[return-value]


UP: list[tuple[int, ...]] = [tuple(INDEX[_plus(m, f)] for f in range(NONSKULL))
                             if sum(m) < N_DICE else () for m in _SETS]
DOWN: list[tuple[int, ...]] = [tuple(INDEX[tuple(c - (j == f) for j, c in enumerate(m))]
                                     for f in range(NONSKULL) if m[f]) for m in _SETS]
# the sub-multisets of M with two dice fewer (a keep that rerolls exactly two: B covers less)
DROP2: list[tuple[int, ...]] = [tuple(sorted({d2 for d1 in DOWN[i] for d2 in DOWN[d1]}))
                                for i in range(len(_SETS))]


def utility_value(u: Utility, points: int) -> float:
    i = points // STEP + OFFSET
    return u[0] if i < 0 else u[-1] if i >= len(u) else u[i]


def threshold(need: int) -> Utility:
    """The utility of "at least ``need`` points" (need a multiple of 100)."""
    top = max(need // STEP + OFFSET, 0)
    return (0.0,) * top + (1.0,)


def doubled(u: Utility) -> Utility:
    """``u(2p)``: the Captain's utility on the plain table."""
    size = (len(u) - OFFSET + 1) // 2 + OFFSET + 1
    return tuple(utility_value(u, 2 * (i - OFFSET) * STEP) for i in range(size))


def _chest_points(k: Multi) -> int:
    return turn_parts((3, *k), "chest", (0, *k))[0]


class ReachTable:
    """The solved turn of one table card for one utility: ``keep(a, s, K)`` (the value of
    keeping ``K`` and rerolling the rest), ``position(a, s, M)`` (playing on perfectly)
    and ``stop(s, M)``, all in the utility's unit (for the Captain: of the doubled
    points)."""

    def __init__(self, card: str, u: Utility):
        self.card = card  # a table card (pirates_solver.TABLE_CARDS)
        self.u = u
        self.cs = CARD_SKULLS.get(rules_card(card), 0)
        self.smax = 2 - self.cs
        self.u0 = utility_value(u, 0)
        self.G: dict[tuple[int, int], list[float]] = {}
        self.V: dict[tuple[int, int], list[float]] = {}
        self.sorc: dict[int, list[float]] = {}  # s -> the Sorceress now, per M

    # -- reading -------------------------------------------------------------------------
    def stop(self, s: int, m: Multi) -> float:
        return utility_value(self.u, stop_points(self.card, s, m))

    def keep(self, a: int, s: int, k: Multi) -> float:
        i = INDEX[k]
        value = self.G[a, s][i]
        if self.card == "chest":
            value += self._death_chance(s, N_DICE - s - SIZE[i]) * utility_value(
                self.u, _chest_points(k))
        return value

    def sorceress(self, s: int, m: Multi) -> float:
        return self.sorc[s][INDEX[m]]

    def position(self, a: int, s: int, m: Multi) -> float:
        return self.V[a, s][INDEX[m]]

    def rescue(self, m: Multi) -> float:
        """Three skulls with the Sorceress, before she acts (or the stop)."""
        return self.G[1, 3][INDEX[m]]

    # -- solving -------------------------------------------------------------------------
    def _death_chance(self, s: int, r: int) -> float:
        """P(the skulls reach three) rolling ``r`` dice at ``s`` skull dice (no Sorceress)."""
        need = 3 - self.cs - s
        p = 0.0
        for out, q in reroll_outcomes(r):
            if out[SKULL] >= need:
                p += q
        return p

    def _death(self, k: int, rest: int) -> float:
        """Disqualified with dice ``k`` down and ``rest`` still rolling (the chest's part
        is added by ``keep``)."""
        card = self.card
        if card == "chest":
            return 0.0
        if card == "truce":
            swords = _SETS[k][SWORD - 1]
            total = 0.0
            for out, q in reroll_outcomes(rest):
                total += q * utility_value(self.u, -1000 * (swords + out[SWORD]))
            return total
        if card in SEA_BATTLES:
            return utility_value(self.u, -SEA_BATTLES[card][1])
        return self.u0

    def _fill_g_steps(self, a: int, s: int, v: list[float]):
        """G of layer ``s`` from the layer's V (the layers above are solved): a generator
        job, a size of keep a piece (the layer of no skull dice took 1.8 ms at once)."""
        g = [0.0] * len(_SETS)
        n = N_DICE - s
        for i in BY_SIZE[n]:
            g[i] = v[i]
        nxt = s + 1
        if nxt + self.cs <= 2:
            above: list[float] | None = self.G[a, nxt]
        elif a and nxt == 3:
            above = self.G[1, 3]
        else:
            above = None
        for size in range(n - 1, -1, -1):
            yield
            rest = n - size - 1
            for i in BY_SIZE[size]:
                up = UP[i]
                skull = above[i] if above is not None else self._death(i, rest)
                g[i] = (skull + g[up[0]] + g[up[1]] + g[up[2]] + g[up[3]] + g[up[4]]) / 6
        return g

    def steps(self, a: int = 0, lowest: int = 0):
        """Solve (a generator job: yields between pieces of a few ms) what a position with
        ``lowest`` skull dice and the Sorceress ``a`` needs: the layers of ``lowest``
        skull dice or more (with the Sorceress, those without her one lower too). Layers
        solved before are kept."""
        card = self.card
        if card != "sorceress":
            a = 0
        for s in range(self.smax, max(lowest - a, 0) - 1, -1):
            if (0, s) not in self.V:
                yield from self._layer(0, s)
        if a:
            if (1, 3) not in self.G:
                yield from self._cursed_layer()
            for s in range(self.smax, lowest - 1, -1):
                if (1, s) not in self.V:
                    if s >= 1:
                        self.sorc[s] = self._sorceress_now(s)
                    yield from self._layer(1, s)
        return self

    def _sorceress_now(self, s: int) -> list[float]:
        v0, below = self.V[0, s], self.V[0, s - 1]
        out = [0.0] * len(_SETS)
        for i in BY_SIZE[N_DICE - s]:
            up = UP[i]
            out[i] = (v0[i] + below[up[0]] + below[up[1]] + below[up[2]] + below[up[3]]
                      + below[up[4]]) / 6
        return out

    def _cursed_layer(self):
        """G[1, 3]: three skulls with the Sorceress unused (a fourth ends the turn)."""
        v2 = self.V[0, 2]
        g = [0.0] * len(_SETS)
        n = N_DICE - 3
        for i in BY_SIZE[n]:
            up = UP[i]
            save = (self.u0 + v2[up[0]] + v2[up[1]] + v2[up[2]] + v2[up[3]] + v2[up[4]]) / 6
            g[i] = max(self.u0, save)
        for size in range(n - 1, -1, -1):
            for i in BY_SIZE[size]:
                up = UP[i]
                g[i] = (self.u0 + g[up[0]] + g[up[1]] + g[up[2]] + g[up[3]] + g[up[4]]) / 6
        self.G[1, 3] = g
        yield

    def _layer(self, a: int, s: int):
        n = N_DICE - s
        positions = BY_SIZE[n]
        stops = [0.0] * len(_SETS)
        for j, i in enumerate(positions):  # (a layer's stops took 1.8 ms at once)
            if j % 16 == 15:
                yield
            stops[i] = utility_value(self.u, stop_points(self.card, s, _SETS[i]))
        floor = list(stops)
        if a and s >= 1:
            sorc = self.sorc[s]
            for i in positions:
                if sorc[i] > floor[i]:
                    floor[i] = sorc[i]
        chest = self.card == "chest"
        extra = [0.0] * len(_SETS)
        if chest:
            for size in range(n - 1):
                p = self._death_chance(s, n - size)
                for i in BY_SIZE[size]:
                    extra[i] = p * utility_value(self.u, _chest_points(_SETS[i]))
                yield
        v = list(floor)
        yield
        while True:
            g = yield from self._fill_g_steps(a, s, v)
            yield
            best = [0.0] * len(_SETS)  # B: the best keep among the sub-multisets
            for size in range(n - 1):
                for i in BY_SIZE[size]:
                    b = g[i] + extra[i]
                    for d in DOWN[i]:
                        if best[d] > b:
                            b = best[d]
                    best[i] = b
            delta = 0.0
            for i in positions:
                x = floor[i]
                for d in DROP2[i]:
                    if best[d] > x:
                        x = best[d]
                change = x - v[i]
                if change > delta:
                    delta = change
                elif -change > delta:
                    delta = -change
                v[i] = x
            yield
            if delta < TOL:
                break
        g = yield from self._fill_g_steps(a, s, v)
        self.V[a, s], self.G[a, s] = v, g  # (together: a job cancelled leaves neither)


_TABLES: dict[tuple[str, Utility], ReachTable] = {}
KEEP = 32  # solved tables kept (a game needs one per endgame turn)


def reach_table_steps(card: str, u: Utility, a: int = 0, lowest: int = 0):
    """The table of a table card for a utility, solved as far as a position with
    ``lowest`` skull dice and the Sorceress ``a`` needs: a generator job (solving only
    what is missing)."""
    table = _TABLES.get((card, u))
    if table is None:
        if len(_TABLES) >= KEEP:
            _TABLES.clear()
        table = _TABLES.setdefault((card, u), ReachTable(card, u))
    yield from table.steps(a, lowest)
    return table


def reach_table(card: str, u: Utility, a: int = 0, lowest: int = 0) -> ReachTable:
    """``reach_table_steps`` at once."""
    return run_now(reach_table_steps(card, u, a, lowest))


def solved_for(card: str, u: Utility) -> tuple[str, Utility]:
    """The table card and utility that a rules card's turn is solved with (the Captain:
    the plain table, the utility of doubled points)."""
    return table_card(card), doubled(u) if card == "captain" else u


# -- the Storm: one reroll, solved on the spot -----------------------------------------------
def storm_stop(m: Multi, u: Utility) -> float:
    return utility_value(u, 200 * (m[GOLD - 1] + m[DIAMOND - 1]))


def _storm_roll(s: int, kept: int, r: int, u: Utility) -> float:
    """Rolling ``r`` dice at ``s`` skulls with ``kept`` coins/diamonds kept: each die is a
    skull (1/6), a coin or diamond (2/6) or nothing (3/6); three skulls score nothing."""
    value = 0.0
    u0 = utility_value(u, 0)
    for j in range(r + 1):
        for t in range(r - j + 1):
            o = r - j - t
            p = factorial(r) // (factorial(j) * factorial(t) * factorial(o)) * 2 ** t * 3 ** o
            value += p * (u0 if s + j >= 3 else utility_value(u, 200 * (kept + t)))
    return value / 6 ** r


def storm_keep(s: int, k: Multi, u: Utility) -> float:
    """Keeping ``k`` (the rest rerolled) under the Storm."""
    return _storm_roll(s, k[GOLD - 1] + k[DIAMOND - 1], N_DICE - s - sum(k), u)


def storm_position(s: int, m: Multi, u: Utility) -> float:
    """Before the Storm's one reroll: the best of stopping and every keep (a keep is worth
    only its coins/diamonds and how many dice it rolls)."""
    best = storm_stop(m, u)
    treasure = m[GOLD - 1] + m[DIAMOND - 1]
    rest = sum(m) - treasure
    for t in range(treasure + 1):
        for n in range(rest + 1):
            r = sum(m) - t - n
            if r >= 2:
                v = _storm_roll(s, t, r, u)
                if v > best:
                    best = v
    return best


# -- a whole turn from the first roll ----------------------------------------------------
def first_roll_steps(card: str, u: Utility):
    """The value of a whole turn under ``card`` (a rules card), played for ``u`` from the
    first roll: a generator job (the table is solved first if needed). The Island of
    Skulls counts as 0 points for the roller."""
    if card == "storm":
        total = 0.0
        for j, (out, p) in enumerate(reroll_outcomes(N_DICE)):
            if j % 64 == 63:
                yield
            faces: Multi = out[1:]  # type: ignore[assignment]
            total += p * (utility_value(u, 0) if out[SKULL] >= 3
                          else storm_position(out[SKULL], faces, u))
        return total
    tcard, tu = solved_for(card, u)
    cs = CARD_SKULLS.get(card, 0)
    a = 1 if card == "sorceress" else 0
    table = yield from reach_table_steps(tcard, tu, a, 0)
    total = 0.0
    for out, p in reroll_outcomes(N_DICE):
        faces = out[1:]  # type: ignore[assignment]
        skulls = cs + out[SKULL]
        if skulls >= 4 and island_allowed(card):
            v = table.u0
        elif skulls >= 3:
            if a and skulls == 3:
                v = table.rescue(faces)
            elif tcard == "truce":
                v = utility_value(tu, -1000 * faces[SWORD - 1])
            elif tcard in SEA_BATTLES:
                v = utility_value(tu, -SEA_BATTLES[tcard][1])
            else:
                v = table.u0
        else:
            v = table.position(a, out[SKULL], faces)
        total += p * v
    return total


def deck_reach_steps(need: int, deck: str = "default"):
    """The chance that a whole fresh turn, played to reach ``need`` points, does: the
    average over the deck's cards (a generator job)."""
    cards = DECKS[deck]
    u = threshold(need)
    total = 0.0
    for card, n in cards.items():
        total += n * (yield from first_roll_steps(card, u))
    return total / sum(cards.values())
