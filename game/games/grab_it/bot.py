"""Bots for Grab It!: every box a player fills is one the others can no longer have.

All three strengths play the turn exactly with ``game.bots.turn_search`` (the best dice to
hold with two rerolls left, then one, or stop); they differ in what they value at the
end of the turn:

* ``easy`` chases one box at a time: after each roll it picks the open box with the
  best outlook on its own and holds the dice for that box only; when it stops it takes
  whatever scores most right now.
* ``normal`` plays the best expected score of the current turn: a box is worth its
  points now, nothing more (among boxes scoring the same it takes the one worth least
  when chased alone, so a 0 goes where it hurts least).
* ``hard`` plays the exact margin-maximising policy: a box is worth its points *plus*
  ``X[filled boxes after it]``, what the rest of the game is worth as a margin to the
  side that has just moved, solved for all 4,096 sets of filled boxes by
  game/games/grab_it/tools/make_grab_it_table.py (shipped as game/games/grab_it/margins.py, 20 kB). So it weighs
  taking 20 points now against leaving the box for the next player, and scratches where
  the others would have scored most. With three sides the margin is "mine minus the mean
  of the others". Near the end it plays to win instead: on the last turn of the game it
  maximises the chance of finishing on top (ties count half), and with two sides and two
  turns left it also counts the last player's best chance to catch up (exact, from the
  shipped one-turn odds). The margin stays in the sum at 1 point per 1 % of a win, so it
  neither throws away points in a game that is won or lost anyway nor risks a sure win
  for a few points. In the last game of a two-side session "winning" means winning the
  session: the game tells the bot the standings before it (the ``standing`` option a
  session sets), and a lead that wins the session on games or on total points is what
  it plays for -- losing the game by 4 can be enough, or winning it can be all that counts.

Partnerships change nothing here: a team is a side, and turns alternate between sides
exactly as with 2 or 3 players alone.
"""

from __future__ import annotations

import base64
import random
import sys
import zlib
from array import array
from collections.abc import Callable
from functools import cache
from typing import Any

from game.bots import every_strength
from game.bots.turn_search import TurnPlan, holds_for, score_tables, tables
from game.contract import PolicyBase
from game.games.grab_it import margins as table
from game.games.grab_it.rules import CATEGORIES, VALUES, score
from game.tasks import run_now

Action = dict[str, Any]
INDEX = {c: i for i, c in enumerate(CATEGORIES)}


def box_scores() -> dict[str, list[int]]:
    """Each box's score of every five-dice multiset (in tables(5) order)."""
    return _BOX_SCORES.get()


_BOX_SCORES = score_tables(CATEGORIES, score)


@cache
def x_table(sides: int) -> list[float]:
    """The shipped margin values for ``sides`` sides (2 or 3), in points."""
    raw = zlib.decompress(base64.b64decode("".join(table.X_TABLES[sides])))
    ints = array("h")
    ints.frombytes(raw)
    if sys.byteorder == "big":
        ints.byteswap()
    return [v / table.SCALE for v in ints]


@cache
def alone_plan(category: str) -> TurnPlan:
    """The turn played for one box only (what ``easy`` chases)."""
    return TurnPlan(5, [float(s) for s in box_scores()[category]])


def board_mask(state) -> int:
    return sum(1 << INDEX[c] for c in state.board)


def game_outcome(lead: float) -> float:
    """What finishing a two-side game ``lead`` points ahead is worth: 1, a tie 1/2, or 0."""
    return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0


def session_outcome(standing: list[int], me: int) -> Callable[[float], float]:
    """In the last game of a two-side session: what finishing it ``lead`` points ahead is
    worth to side ``me`` for the session (most games won, then total points)."""
    wins = standing[1 + 2 * me] - standing[3 - 2 * me]  # in sixths of a game
    points = standing[2 + 2 * me] - standing[4 - 2 * me]

    def outcome(lead: float) -> float:
        after = wins + (6 if lead > 0 else -6 if lead < 0 else 0)
        if after:
            return 1.0 if after > 0 else 0.0
        return game_outcome(points + lead)

    return outcome


def last_player_wins(box: str, lead: int, outcome: Callable[[float], float] = game_outcome
                     ) -> float:
    """The last player's best expected ``outcome`` of their final lead when only ``box``
    is left and they are ``lead`` points ahead (negative: behind)."""
    if box == "sum":
        # outcome steps up once (no tie possible) or twice in a row (a tie in between)
        reach = [lead + s for s in range(5, 31)]
        half = next((d for d in reach if outcome(d) >= 0.5), None)
        if half is None:
            return outcome(reach[-1])
        whole = next((d for d in reach if outcome(d) >= 1.0), None)
        need = half - lead  # the sum that reaches the first step
        if whole == half + 1:  # P(sum > need) + P(sum == need) / 2
            return table.SUM_WIN[need] if need >= 4 else 1.0
        low = outcome(reach[0])
        if need <= 5:
            return max(low, outcome(half))
        return low + (outcome(half) - low) * table.SUM_REACH[need]
    base, made = outcome(lead), outcome(lead + VALUES[box])
    return base + table.P_MAKE[box] * (made - base)


def share(mine: int, others: list[int]) -> float:
    """1 for finishing alone on top, 1/k for a k-way tie on top, else 0."""
    top = max(others)
    if mine > top:
        return 1.0
    if mine < top:
        return 0.0
    return 1.0 / (1 + others.count(top))


class _Turn:
    """One turn's plan: per-box values of every end multiset, their max, the search; in a
    race to win also each box's bare chance to win (``wins``), to price moves by."""

    def __init__(self, values: dict[str, list[float]],
                 wins: dict[str, list[float]] | None = None):
        self.values = values
        self.wins = wins
        cols = list(values.values())
        end = list(map(max, *cols)) if len(cols) > 1 else list(cols[0])
        self.plan = TurnPlan(5, end)
        self._end_win: list[float] | None = None
        self._mid_win: list[float] | None = None

    def best_box(self, dice: list[int]) -> str:
        """The box worth most with these dice; among equals, the one worth least when
        chased alone (so a 0 goes where it costs least)."""
        di = tables(5).index[tuple(sorted(dice))]
        return self._best_at(di)

    def _best_at(self, di: int) -> str:
        return max(self.values, key=lambda c: (self.values[c][di], -table.ALONE[c]))

    # -- the chance to win of every move, the turn played on as this plan plays it ----------
    @property
    def end_win(self) -> list[float]:
        """Per end multiset: the chance to win of the box ``best_box`` fills there."""
        if self._end_win is None:
            assert self.wins is not None
            n = len(tables(5).dice)
            self._end_win = [self.wins[self._best_at(di)][di] for di in range(n)]
        return self._end_win

    def mid_win_steps(self, chunk: int = 128):
        """Per multiset with one reroll left: the chance to win when the plan plays it (holds
        as ``TurnPlan.hold`` does, or stops), a generator job (``chunk`` keeps a piece)."""
        if self._mid_win is not None:
            return self._mid_win
        t, end, end_win = self.plan.t, self.plan.end, self.end_win
        k1: dict[int, float] = {}
        k1_win: dict[int, float] = {}
        for start in range(0, len(t.keeps), chunk):
            yield
            part = range(start, min(start + chunk, len(t.keeps)))
            k1.update(t.expect(end, part))
            yield
            k1_win.update(t.expect(end_win, part))
        yield
        mid = []
        for di, subs in enumerate(t.subkeeps):
            full = t.full_keep[di]
            best = None  # the first best keep, as ranked_keeps' stable sort puts it first
            for k in subs:
                if k != full and (best is None or k1[k] > k1[best]):
                    best = k
            play = best is not None and k1[best] > end[di] + 1e-9
            mid.append(k1_win[best] if play else end_win[di])
        if self._mid_win is None:
            self._mid_win = mid
        return self._mid_win

    def win_values(self, dice: list[int], rerolls: int) -> list[tuple[Action, float]]:
        """Every keep to reroll and every open box with its chance to win, the rest of the
        turn played as this plan plays it."""
        t = tables(5)
        di = t.index[tuple(sorted(dice))]
        out: list[tuple[Action, float]] = []
        if rerolls > 0:
            after = run_now(self.mid_win_steps()) if rerolls >= 2 else self.end_win
            full = t.full_keep[di]
            subs = [k for k in t.subkeeps[di] if k != full]
            ev = t.expect(after, subs)
            out += [({"kind": "roll", "hold": holds_for(dice, t.keeps[k])}, ev[k]) for k in subs]
            out.append(({"kind": "roll", "hold": list(range(len(dice)))}, after[di]))
        assert self.wins is not None
        out += [({"kind": "score", "category": c}, w[di]) for c, w in self.wins.items()]
        return out


class _Base(PolicyBase):
    def __init__(self, rng: random.Random):
        self.rng = rng
        self._key: Any = None
        self._turn: _Turn | None = None

    def box_values(self, state) -> dict[str, list[float]]:
        raise NotImplementedError

    def box_parts(self, state) -> tuple[dict[str, list[float]], dict[str, list[float]] | None]:
        """``box_values`` and, where they are chances to win, the bare chance in them."""
        return self.box_values(state), None

    def turn(self, state) -> _Turn:
        key = (state.seed, len(state.seats), tuple(sorted(state.board)), state.turns_played,
               tuple(state.totals()))
        if key != self._key or self._turn is None:
            self._key, self._turn = key, _Turn(*self.box_parts(state))
        return self._turn

    def choose(self, state) -> Action:
        return run_now(self.choose_steps(state))

    def choose_steps(self, state):
        """``choose`` as a generator job (the holds weighed in pieces: ``hold_steps``)."""
        if state.rolls == 0:
            return {"kind": "roll", "hold": []}
        rerolls = state.ROLLS_PER_TURN - state.rolls
        hold = yield from self.hold_steps(state, rerolls)
        if hold is not None:
            return {"kind": "roll", "hold": hold}
        return {"kind": "score", "category": self.turn(state).best_box(state.dice)}

    def hold(self, state, rerolls: int) -> list[int] | None:
        return run_now(self.hold_steps(state, rerolls))

    def hold_steps(self, state, rerolls: int):
        """The dice to hold for the next reroll (None: score now), as a generator job."""
        return self.turn(state).plan.hold(state.dice, rerolls)
        yield  # (a generator all the same)

    def warm_steps(self, state):
        """Build the tables a move in ``state`` needs, in pieces (a generator job), then
        this turn's values and its reroll plan, a piece each."""
        yield from _BOX_SCORES.steps()
        if state.rolls and not state.is_over():
            yield
            plan = self.turn(state).plan
            if state.ROLLS_PER_TURN - state.rolls >= 2:
                yield from plan.mid_steps()
                if not self.in_points(state):  # the chance to win of every keep, in pieces
                    yield from self.turn(state).mid_win_steps()

    def in_points(self, state) -> bool:
        """Whether ``box_values`` are points (else chances to win, see ``value_unit``)."""
        return True

    def value_unit(self, state) -> str:
        """What ``action_values`` are in: "points" (the expected final margin for ``hard``)
        or, in the race of the last turns, "win" (see ``action_values``)."""
        return "points" if self.in_points(state) else "win"

    def action_values(self, state) -> list[tuple[Action, float]] | None:
        """Every keep to reroll and every open box with the value ``choose`` weighs it by;
        None before the roll. In points: the expected final margin for ``hard``. In the
        race to win (``value_unit`` "win"), ``choose`` weighs the chance to win plus
        ``margin_weight`` per point of margin; those values come moved by one constant so
        that the move ``choose`` makes reads as its bare chance to win (the rest of the
        turn played as ``choose`` plays it): the differences -- what a move costs -- are
        the bot's own, a chance to win with a point of margin counted as 1 %."""
        if state.rolls == 0:
            return None
        turn = self.turn(state)
        t = tables(5)
        di = t.index[tuple(sorted(state.dice))]
        out: list[tuple[Action, float]] = []
        rerolls = state.ROLLS_PER_TURN - state.rolls
        if rerolls > 0:
            ranked, ev = turn.plan.ranked_keeps(state.dice, rerolls)
            out += [({"kind": "roll", "hold": holds_for(state.dice, t.keeps[k])}, ev[k])
                    for k in ranked]
            # holding every die and rolling only spends a roll: the same dice, one less
            wasted = turn.plan.mid[di] if rerolls >= 2 else turn.plan.end[di]
            out.append(({"kind": "roll", "hold": list(range(len(state.dice)))}, wasted))
        out += [({"kind": "score", "category": c}, v[di]) for c, v in turn.values.items()]
        if self.in_points(state):
            return out

        def key(action: Action) -> tuple:
            held = tuple(sorted(state.dice[i] for i in action.get("hold", [])))
            return action["kind"], action.get("category"), held
        bare = {key(a): v for a, v in turn.win_values(state.dice, rerolls)}
        chosen = key(self.choose(state))
        shift = next(v for a, v in out if key(a) == chosen) - bare[chosen]
        return [(a, v - shift) for a, v in out]


class NormalPolicy(_Base):
    """The best expected score of this turn, exact over the three rolls."""

    def box_values(self, state) -> dict[str, list[float]]:
        scores = box_scores()
        return {c: scores[c] for c in state.open_categories()}


class EasyPolicy(NormalPolicy):
    """Chases one box at a time, then takes the most points on offer."""

    def warm_steps(self, state):
        """``NormalPolicy``'s, then the plan of each open box chased alone, in pieces (its
        first decision built them all at once: 6.5 ms natively)."""
        yield from super().warm_steps(state)
        if state.rolls and not state.is_over() and state.ROLLS_PER_TURN - state.rolls >= 2:
            for c in state.open_categories():
                yield
                yield from alone_plan(c).mid_steps()

    def hold_steps(self, state, rerolls: int):
        """The box to chase weighed a box a piece (all at once took 0.5-1 ms natively)."""
        if rerolls <= 0:
            return None
        di = tables(5).index[tuple(sorted(state.dice))]
        best, best_value = None, None
        for c in state.open_categories():
            yield
            plan = alone_plan(c)
            ranked, ev = plan.ranked_keeps(state.dice, rerolls)
            value = max(ev[ranked[0]], plan.end[di])
            if best_value is None or value > best_value:
                best, best_value = c, value
        return alone_plan(best).hold(state.dice, rerolls)


class HardPolicy(_Base):
    """The exact margin-optimal policy, playing to win over the last turns."""

    margin_weight = 0.01  # over the last turns: P(win) + this x margin (1 point = 1 %)
    win_cost_note = "each point you win or lose by counts as 1%"  # how race costs are made

    def in_points(self, state) -> bool:
        left = len(state.open_categories())
        return left > 2 if state.n_sides == 2 else left > 1

    def box_values(self, state) -> dict[str, list[float]]:
        return self.box_parts(state)[0]

    def box_parts(self, state) -> tuple[dict[str, list[float]], dict[str, list[float]] | None]:
        scores = box_scores()
        open_boxes = state.open_categories()
        sides = state.n_sides
        x = x_table(sides)
        mask = board_mask(state)
        margin = {c: [s + x[mask | 1 << INDEX[c]] for s in scores[c]] for c in open_boxes}
        totals = state.totals()
        me = state.side_of(state.current)
        mine = totals[me]
        others = [t for k, t in enumerate(totals) if k != me]
        left = len(open_boxes)
        w = self.margin_weight
        wins: dict[str, list[float]] | None = None
        if sides == 2:
            standing = state.options["standing"]
            outcome = (session_outcome(standing, me) if standing and standing[0] == 0
                       else game_outcome)
            lead = mine - others[0]
            if left == 1:
                (c,) = open_boxes
                wins = {c: [outcome(lead + s) for s in scores[c]]}
            elif left == 2:
                def theirs(d: float) -> float:  # the other side's view of the same outcome
                    return 1.0 - outcome(-d)
                wins = {}
                for c in open_boxes:
                    (rest,) = [b for b in open_boxes if b != c]
                    win = {s: 1.0 - last_player_wins(rest, -(lead + s), theirs)
                           for s in set(scores[c])}
                    wins[c] = [win[s] for s in scores[c]]
        elif left == 1:
            (c,) = open_boxes
            wins = {c: [share(mine + s, others) for s in scores[c]]}
        if wins is None:
            return margin, None
        return {c: [p + w * m for p, m in zip(wins[c], margin[c], strict=True)]
                for c in wins}, wins


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy}
strengths = every_strength  # the same bots whatever the options
