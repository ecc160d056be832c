"""Bots for Pirate Fortune.

How the strong bot thinks
-------------------------
``game.games.pirates.solver`` solves a single turn exactly for every Fortune Card: the
expected points ``W`` of every keep (which dice to leave, the rest rerolled), at every
number of skulls, with the Sorceress available or not (value iteration to a fixed point;
a reroll can come back to where it started). The table ships as
``pirates_values.py`` (10,416 numbers, 73 KB, made in about 16 s by
``python game/games/pirates/tools/make_pirate_tables.py``); the Storm, one reroll only, is solved on the spot.
Played perfectly a turn is worth 636.7 points on average over the default deck.

``hard`` plays that optimal turn: stop, or the keep with the best ``W``, or the Sorceress
now; with the Treasure Chest it first puts every kept die on the chest. On the Island it
never stops early, so the others lose as much as possible.

In the endgame it plays for the win instead (``goal``): on its own turn of the last round,
and whenever stopping now would reach the target. There the turn is solved again, exactly,
for a utility of its final points (``game.games.pirates.reach``: the same positions and
dynamics, value iteration with the reroll's expectation taken one die at a time, 10-30 ms
natively per card, in pieces for the coach via ``warm_steps``):

* last turn: the chance to win with that final total -- 0 under anyone who has played
  out, a tie shared (1/k, as the simulator counts it), times, for each player still to
  play after it, the chance that their one turn does not pass it;
* a stop that reaches the target: the chance that nobody passes the total with their one
  turn of the last round; ending under the target (a bust, a lost battle) is valued by a
  rough race estimate (``race_chance``: the opponent reaching the target next turn and my
  one reply, else my reaching it and their reply, else a normal-like curve over the turns
  each still needs).

An opponent's one turn is a hard player's turn played to pass: the exact chance that a
fresh turn reaches a need, averaged over the deck (``pirates_reach_values``, shipped).
Simplifications: Island penalties during the last round and a round that leaves everyone
under the target are left out; several opponents count as independent. Every move is
priced in that chance to win (``value_unit`` "win", ``action_values``: stop, each reroll,
the chest move, the Sorceress, the Storm's reroll), and the move is the best of them.
Outside the endgame the moves are exactly those of the bot before (``OldHardPolicy``,
kept for comparisons, whose endgame was a rule: never stop behind on the last turn, stop
at the target with a 1500 lead).

``normal`` knows the scores and the same tables but plays cautiously: it stops once the
points in hand are within 15% of what rolling on is worth, keeps the chest empty and only
calls the Sorceress to undo a third skull. ``easy`` plays like ``normal`` but chooses its
dice as if every card were the plain one (it knows how dice score, not how the card
changes the risk) and stops when its points reach 75% of what rolling on would be worth.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from game.bots import every_strength
from game.contract import PolicyBase
from game.games.pirates.reach import (
    MAX_NEED,
    OFFSET,
    STEP,
    Utility,
    reach_table,
    reach_table_steps,
    solved_for,
    utility_value,
)
from game.games.pirates.reach import storm_keep as reach_storm_keep
from game.games.pirates.reach_values import DECK_REACH
from game.games.pirates.rules import FACES, PirateState, reroll_outcomes_steps
from game.games.pirates.solver import (
    EPS,
    Multi,
    best_keep,
    sorceress_now,
    stop_points,
    storm_best,
    storm_keep,
    storm_value,
    sub_multisets,
    table_card,
    w_keys,
)
from game.games.pirates.values import TABLES

Action = dict[str, Any]


@cache
def w_table(card: str) -> dict[tuple[int, int, Multi], float]:
    """W for the card's table, built from the shipped numbers on first use."""
    values = TABLES[card]
    return {key: v / 10 for key, v in zip(w_keys(card), values, strict=True)}


def nonskull(state: PirateState) -> Multi:
    c = state.counts()
    return c[1:]  # type: ignore[return-value]


def position(state: PirateState) -> tuple[str, int, Multi, int]:
    """What the tables need: the card's table, skull dice, the other dice, Sorceress left."""
    a = 1 if state.card == "sorceress" and not state.sorceress_used else 0
    return table_card(state.card or ""), state.dice.count("skull"), nonskull(state), a


def keep_positions(state: PirateState, keep: Multi) -> list[int]:
    """Positions holding the multiset ``keep`` (dice already on the chest first)."""
    want = {FACES[f + 1]: n for f, n in enumerate(keep) if n}
    order = sorted((i for i, f in enumerate(state.dice) if f != "skull"),
                   key=lambda i: (i not in state.chest, i))
    kept = []
    for i in order:
        face = state.dice[i]
        if want.get(face, 0) > 0:
            want[face] -= 1
            kept.append(i)
    return sorted(kept)


class _Base(PolicyBase):
    TABLE = ""  # the card's own table; "plain" ignores the card when choosing dice

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: PirateState) -> Action:
        if not state.drawn:
            return {"kind": "draw"}
        if not state.rolled:
            return {"kind": "roll"}
        if state.island:
            return self.island(state)
        if state.cursed():
            return {"kind": "sorceress"} if state.can_sorceress() else {"kind": "stop"}
        return self.turn(state)

    def choose_steps(self, state: PirateState):
        """``choose`` with what it first builds (the card's table, the Storm's keeps)
        built a piece at a time: a keep a piece under the Storm, the card's table (the
        same pure caches ``choose`` fills, so the same action)."""
        if state.drawn and state.rolled and not state.island and not state.cursed():
            if state.card == "storm" and state.can_reroll():
                s, m = state.dice.count("skull"), nonskull(state)
                for r in range(2, sum(m) + 1):
                    yield
                    yield from reroll_outcomes_steps(r)
                for k in sub_multisets(m):
                    if sum(m) - sum(k) >= 2:
                        yield
                        storm_keep(s, m, k)
            elif state.card != "storm":
                yield
                w_table(self.TABLE or position(state)[0])
        yield
        return self.choose(state)

    def island(self, state: PirateState) -> Action:
        if state.can_reroll():
            return {"kind": "roll", "dice": state.free_positions()}
        return {"kind": "stop"}

    def reroll_keeping(self, state: PirateState, keep: Multi, use_chest: bool) -> Action:
        kept = keep_positions(state, keep)
        if state.card == "chest" and (use_chest or state.chest):
            target = kept if use_chest else []
            if sorted(state.chest) != target:
                return {"kind": "chest", "dice": target}
        return {"kind": "roll", "dice": [i for i, f in enumerate(state.dice)
                                         if f != "skull" and i not in kept]}

    def storm(self, state: PirateState) -> Action:
        if not state.can_reroll():
            return {"kind": "stop"}
        keep = storm_best(state.dice.count("skull"), nonskull(state))[1]
        return {"kind": "stop"} if keep is None else self.reroll_keeping(state, keep, False)

    def turn(self, state: PirateState) -> Action:
        raise NotImplementedError


class HardPolicy(_Base):
    """The exact single-turn optimum per card, bent by the state of the game: in the
    endgame (its last turn, a stop that reaches the target) it plays for the chance to win
    (see the module doc). ``ENDGAME = False`` gives the bot as it was before (a crude rule
    there), kept for comparisons (game/games/pirates/tools/pirate_endgame.py)."""

    value_text = "expected {:,.0f} points this turn"
    ENDGAME = True

    def turn(self, state: PirateState) -> Action:
        if self.ENDGAME:
            goal = self.goal(state)
            if goal is not None:
                return self._best_for_goal(state, goal)
        if state.card == "storm":
            return self.storm(state)
        card, s, m, a = position(state)
        w = w_table(card)
        go, keep = best_keep(s, m, a, w)
        options: list[tuple[float, str]] = [(stop_points(card, s, m), "stop")]
        if keep is not None:
            options.append((go, "roll"))
        if state.can_sorceress() and a:
            options.append((sorceress_now(card, s, m, w), "sorceress"))
        forced = "" if self.ENDGAME else self.situation(state)
        if forced == "stop" or len(options) == 1:
            return {"kind": "stop"}
        if forced == "go":
            options = options[1:]
        choice = max(options, key=lambda o: o[0] + (EPS if o[1] == "stop" else 0))[1]
        if choice == "roll":
            return self.reroll_keeping(state, keep, True)
        return {"kind": choice}

    # -- the endgame: the chance to win ------------------------------------------------------
    def goal(self, state: PirateState) -> Utility | None:
        """The win chance per final points of this turn, where the game (not the turn's
        points) decides: its own turn of the last round, or a stop that would reach the
        target. None elsewhere (and before the roll, on the Island, at a cursed third
        skull, alone at the table)."""
        if (len(state.seats) == 1 or not state.rolled or state.island or state.cursed()
                or state.over):
            return None
        me = state.current
        if state.last_round:
            return last_turn_utility(state, me) if me in state.still_to_play else None
        if state.totals[me] + state.stop_value()[0] >= state.options["target"]:
            return trigger_utility(state, me)
        return None

    def value_unit(self, state: PirateState) -> str:
        """What ``action_values`` are in: "points" (expected points this turn) or "win"
        (the chance to win the game, 0..1, in the endgame)."""
        return "win" if self.ENDGAME and self.goal(state) is not None else "points"

    def warm_steps(self, state: PirateState):
        """Solve the endgame turn a move in ``state`` needs, in pieces (a generator job)."""
        goal = self.goal(state) if self.ENDGAME else None
        if goal is not None and state.card != "storm":
            card, s, _, a = position(state)
            yield from reach_table_steps(*solved_for(state.card or "", goal), a, s)

    def _best_for_goal(self, state: PirateState, goal: Utility) -> Action:
        values = self.goal_values(state, goal)
        best = max(v for _, v in values)
        return next(a for a, v in values if v == best)

    def goal_values(self, state: PirateState, goal: Utility) -> list[tuple[Action, float]]:
        """Every move with its chance to win under ``goal`` (the utility of the turn's
        final points), in the order ``turn`` breaks ties: stop first, then the rerolls
        (each keep; under the Treasure Chest the keeps whose dice are on the chest, and
        the chest move that starts the best one), then the Sorceress."""
        s, m = state.dice.count("skull"), nonskull(state)
        out: list[tuple[Action, float]] = [
            ({"kind": "stop"}, utility_value(goal, state.stop_value()[0]))]
        if state.card == "storm":
            if state.can_reroll():
                out += [(self.reroll_keeping(state, k, False), reach_storm_keep(s, k, goal))
                        for k in sub_multisets(m) if sum(m) - sum(k) >= 2]
            return out
        a = 1 if state.card == "sorceress" and not state.sorceress_used else 0
        table = reach_table(*solved_for(state.card or "", goal), a, s)
        chest = sorted(state.chest)
        best: tuple[float, Multi] | None = None
        if state.can_reroll():
            for k in sub_multisets(m):
                if sum(m) - sum(k) < 2:
                    continue
                value = table.keep(a, s, k)
                if best is None or value > best[0]:
                    best = (value, k)
                kept = keep_positions(state, k)
                if state.card == "chest" and kept != chest:
                    continue  # kept dice go on the chest first: priced as the chest move
                out.append(({"kind": "roll", "dice": [i for i, f in enumerate(state.dice)
                                                      if f != "skull" and i not in kept]},
                            value))
        if best is not None and state.card == "chest":
            move = self.reroll_keeping(state, best[1], True)
            if move["kind"] == "chest":
                out.append((move, best[0]))
        if state.can_sorceress() and a:
            out.append(({"kind": "sorceress"}, table.sorceress(s, m)))
        return out

    def action_values(self, state: PirateState) -> list[tuple[Action, float]] | None:
        """Every move ``turn`` could make with the value it weighs it by: in the endgame
        (``value_unit`` "win") its chance to win (``goal_values``); elsewhere its expected
        turn points: stop, every reroll (each set of dice kept, from the exact tables), the
        Sorceress, and under the Treasure Chest the chest move its best reroll starts
        with; under the Storm its one reroll, every keep. None before the roll, on the
        Island and at a cursed third skull (and, for the old bot, where its crude endgame
        rule decides alone)."""
        if not state.drawn or not state.rolled or state.island or state.cursed():
            return None
        if self.ENDGAME:
            goal = self.goal(state)
            if goal is not None:
                values = self.goal_values(state, goal)
                return values if len(values) > 1 else None
        elif self.situation(state):
            return None
        s, m = state.dice.count("skull"), nonskull(state)
        if state.card == "storm":
            if not state.can_reroll():
                return None
            return [({"kind": "stop"}, float(storm_value(s, m, True)))] + [
                (self.reroll_keeping(state, k, False), storm_keep(s, m, k))
                for k in sub_multisets(m) if sum(m) - sum(k) >= 2]
        card, s, m, a = position(state)
        w = w_table(card)
        out: list[tuple[Action, float]] = [({"kind": "stop"}, float(stop_points(card, s, m)))]
        chest = sorted(state.chest)
        for k in sub_multisets(m):
            if sum(m) - sum(k) < 2:
                continue
            kept = keep_positions(state, k)
            if state.card == "chest" and kept != chest:
                continue  # the tables keep the kept dice on the chest: priced as a chest move
            out.append(({"kind": "roll", "dice": [i for i, f in enumerate(state.dice)
                                                  if f != "skull" and i not in kept]},
                        w[(a, s, k)]))
        go, keep = best_keep(s, m, a, w)
        if keep is not None:
            best = self.reroll_keeping(state, keep, True)
            if best["kind"] == "chest":
                out.append((best, go))
        if state.can_sorceress() and a:
            out.append(({"kind": "sorceress"}, sorceress_now(card, s, m, w)))
        return out

    def situation(self, state: PirateState) -> str:
        """The old bot's endgame rule (``ENDGAME = False``): "stop" or "go" when the game,
        not the turn, decides; "" otherwise."""
        if len(state.seats) == 1:
            return ""
        seat = state.current
        mine = state.totals[seat]
        points = state.stop_value()[0] * 1
        leader = state.leader_total(seat)
        target = state.options["target"]
        if state.last_round:
            others_after = [x for x in state.still_to_play if x != seat]
            if mine + points <= leader:
                return "go"  # stopping now loses for sure
            if not others_after:
                return "stop"  # ahead and nobody plays after: the game is won
            return ""
        if mine + points >= target and mine + points - leader >= 1500:
            return "stop"
        return ""


class OldHardPolicy(HardPolicy):
    """The hard bot before its endgame (for comparisons only, not offered in the game)."""

    ENDGAME = False


# -- the win chance of a turn's final points ---------------------------------------------

def opponent_passes(lead: int, deck: str) -> float:
    """The chance that an opponent with one turn left (a hard player playing to pass)
    ends strictly above a total ``lead`` points above theirs: a fresh turn reaching
    ``lead + 100`` (the exact threshold turns, averaged over the deck)."""
    need = lead + STEP
    if need <= 0:
        return 1.0
    chances = DECK_REACH[deck]
    return chances[min(need // STEP, len(chances)) - 1]


def _final(state: PirateState, total: int) -> int:
    return total if state.options["negative"] else max(0, total)


def _utility(win) -> Utility:
    """The tuple of ``win(p)`` for the turn's points p = -8000, -7900, ... (trimmed)."""
    u = [win((i - OFFSET) * STEP) for i in range(OFFSET + MAX_NEED // STEP + 1)]
    while len(u) > OFFSET + 1 and u[-1] == u[-2]:
        u.pop()
    return tuple(u)


def last_turn_utility(state: PirateState, me: int) -> Utility:
    """My last turn: the win chance if the turn ends with p points. Whoever has played
    out must be passed (a tie is a shared win: it counts 1/k, as the simulator counts it);
    each player still to play after me passes my total with ``opponent_passes``. (Island
    penalties of those still to play, and a round that leaves everyone under the target,
    are left out.)"""
    mine = state.totals[me]
    deck = state.options["deck"]
    done = [t for s, t in enumerate(state.totals) if s != me and s not in state.still_to_play]
    after = [state.totals[s] for s in state.still_to_play if s != me]
    best = max(done) if done else None

    def win(p: int) -> float:
        total = _final(state, mine + p)
        chance = 1.0
        if best is not None:
            if total < best:
                return 0.0
            if total == best:
                chance = 1.0 / (1 + done.count(best))
        for other in after:
            chance *= 1.0 - opponent_passes(total - other, deck)
        return chance

    return _utility(win)


TURN_MEAN = 637.0  # points of an optimal turn on average (pirates_solver.deck_average)
TURN_SPREAD = 700.0  # a rough spread of one turn's points, for the race estimate
TURN_MEAN_CUBED = TURN_MEAN * TURN_MEAN * TURN_MEAN


def race_chance(mine: int, other: int, target: int, deck: str = "default") -> float:
    """A rough chance to win a race to ``target`` from ``mine`` against ``other``, who
    plays next. Their next turn reaches the target with the deck chance (they then end
    ``OVERSHOOT`` over it, and I get one turn to pass them); if not, my next turn reaches
    it with the deck chance (and they get one turn to pass me); if neither, a curve: turns
    needed ~ points short / the mean turn, their spread ~ the square root, a normal-like
    shape made with square roots only (no libm: CPython and the browser agree to the
    bit). Gains short of the target are left out of the two turns looked at."""
    a, b = max(target - mine, 0), max(target - other, 0)
    lead_turns = (b - a) / TURN_MEAN - 0.5  # they move first
    spread = math.sqrt((a + b) * TURN_SPREAD * TURN_SPREAD / TURN_MEAN_CUBED + 0.5)
    z = 1.2 * lead_turns / spread
    race = 0.5 + 0.5 * z / math.sqrt(1.0 + z * z)
    if not RACE_REPLY:
        return race
    they_reach = opponent_passes(b - STEP, deck)  # at least b this turn
    reply = opponent_passes(target + OVERSHOOT - mine, deck)  # I pass them in one turn
    if RACE_REPLY == 2:  # and if they do not, my turn: I reach it, then their reply
        i_reach = opponent_passes(a - STEP, deck)
        they_pass = opponent_passes(target + OVERSHOOT - other, deck)
        race = i_reach * (1.0 - they_pass) + (1.0 - i_reach) * race
    return they_reach * reply + (1.0 - they_reach) * race


RACE_REPLY = 2  # 0: the curve alone; 1: their next turn first; 2: and then mine
OVERSHOOT = 400


def trigger_utility(state: PirateState, me: int) -> Utility:
    """A turn whose stop would reach the target: ending at the target or over it starts
    the last round, and then each other player passes my total with ``opponent_passes``;
    ending under it (a bust, a lost Sea Battle) goes on with the race (``race_chance``
    against each)."""
    mine = state.totals[me]
    deck = state.options["deck"]
    target = state.options["target"]
    others = [t for s, t in enumerate(state.totals) if s != me]

    def win(p: int) -> float:
        total = _final(state, mine + p)
        chance = 1.0
        for other in others:
            if total >= target:
                chance *= 1.0 - opponent_passes(total - other, deck)
            else:
                chance *= race_chance(total, other, target, deck)
        return chance

    return _utility(win)


class NormalPolicy(_Base):
    """The tables, played cautiously: stops early, no chest, the Sorceress only to save."""

    CAUTION = 0.85
    TABLE = ""  # the card's own table; "plain" ignores the card when choosing dice

    def turn(self, state: PirateState) -> Action:
        if state.card == "storm":
            return self.storm(state)
        card, s, m, a = position(state)
        stop = stop_points(card, s, m)
        go, keep = best_keep(s, m, a if not self.TABLE else 0, w_table(self.TABLE or card))
        if keep is None or (stop > 0 and stop >= self.CAUTION * go):
            return {"kind": "stop"}
        return self.reroll_keeping(state, keep, False)


class EasyPolicy(NormalPolicy):
    """Knows how dice score, not what the card does to the risk: it keeps dice by the
    plain table whatever the card, and stops even earlier."""

    CAUTION = 0.75
    TABLE = "plain"


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy}
strengths = every_strength  # the same bots whatever the options
