"""Bots for Pirate Fortune.

How the strong bot thinks
-------------------------
``game.bots.pirates_solver`` solves a single turn exactly for every Fortune Card: the
expected points ``W`` of every keep (which dice to leave, the rest rerolled), at every
number of skulls, with the Sorceress available or not (value iteration to a fixed point;
a reroll can come back to where it started). The table ships as
``pirates_values.py`` (10,416 numbers, 73 KB, made in about 16 s by
``python tools/make_pirate_tables.py``); the Storm, one reroll only, is solved on the spot.
Played perfectly a turn is worth 636.7 points on average over the default deck.

``hard`` plays that optimal turn: stop, or the keep with the best ``W``, or the Sorceress
now; with the Treasure Chest it first puts every kept die on the chest. It also plays
the situation: on its turn of the last round it never stops short of the leader (and
stops as soon as it is ahead when nobody plays after it); when stopping would reach the
target with a lead it takes the points; and on the Island it never stops early, so the
leader loses as much as possible.

``normal`` knows the scores and the same tables but plays cautiously: it stops once the
points in hand are within 15% of what rolling on is worth, keeps the chest empty and only
calls the Sorceress to undo a third skull. ``easy`` plays like ``normal`` but chooses its
dice as if every card were the plain one (it knows how dice score, not how the card
changes the risk) and stops when its points reach 75% of what rolling on would be worth.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from game.bots.pirates_solver import (
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
from game.bots.pirates_values import TABLES
from game.rules.pirates import FACES, PirateState

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


class _Base:
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
    """The exact single-turn optimum per card, bent by the state of the game."""

    value_text = "expected {:.0f} points this turn"

    def turn(self, state: PirateState) -> Action:
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
        forced = self.situation(state)
        if forced == "stop" or len(options) == 1:
            return {"kind": "stop"}
        if forced == "go":
            options = options[1:]
        choice = max(options, key=lambda o: o[0] + (EPS if o[1] == "stop" else 0))[1]
        if choice == "roll":
            return self.reroll_keeping(state, keep, True)
        return {"kind": choice}

    def action_values(self, state: PirateState) -> list[tuple[Action, float]] | None:
        """Every move ``turn`` could make with its expected turn points: stop, every reroll
        (each set of dice kept, from the exact tables), the Sorceress, and under the
        Treasure Chest the chest move its best reroll starts with; under the Storm its one
        reroll, every keep. None where the game situation decides alone (the last round,
        a forced stop), on the Island and at a cursed third skull."""
        if (not state.drawn or not state.rolled or state.island or state.cursed()
                or self.situation(state)):
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
        """"stop" or "go" when the game, not the turn, decides; "" otherwise."""
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
