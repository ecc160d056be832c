"""Pirate Fortune's odds (game.contract.OddsJob, named by its catalog entry): the chance
that rerolling the chosen dice disqualifies (three skulls; the Sorceress, while she can
act, used at once on a third), and under a Sea Battle card the chance of winning the
battle from here, playing for it perfectly -- an exact solution over skull and sword
counts in fractions (rerolls are unlimited, so the turn may loop). Every number comes
from the engine's chance outcomes (game.odds.chance_steps) and Pirate Fortune's rules."""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from functools import cache
from math import fsum
from typing import Any

from game.games.pirates.rules import FACES, N_DICE, SEA_BATTLES, island_allowed
from game.odds import Odds, chance_steps, percent
from game.rules.core import GameState, roll_outcomes, roll_ways
from game.tasks import run_now


def odds_steps(state: GameState, selection: list[int]) -> Generator[Any, None, Odds]:
    """Pirate Fortune's odds (its catalog entry's ``odds``: game.contract.OddsJob)."""
    out = Odds(state.GAME_ID)
    if state.is_over():
        return out
    if not state.drawn:
        out.lines.append("Draw a Fortune Card: the odds of the roll come with it.")
        return out
    chosen = sorted(set(selection))
    if not state.rolled:
        action: dict[str, Any] | None = {"kind": "roll"}
        what = "First roll of 8 dice"
    elif state.island:
        out.lines.append("On the Island of Skulls a roll cannot disqualify.")
        action = None
    elif state.cursed():
        action = {"kind": "sorceress"}
        what = "The Sorceress's reroll"
    else:
        free = state.free_positions()
        legal = len(chosen) >= 2 and all(i in free for i in chosen)
        if not state.can_reroll():
            action = None
        elif legal:
            action = {"kind": "roll", "dice": chosen}
            what = f"Reroll the {len(chosen)} chosen dice"
        else:
            action = {"kind": "roll", "dice": free}
            what = f"Reroll all {len(free)} free dice"
    if action is not None:
        out.dice = len(state.roll_spec(action).rolled)
        p = yield from disqualify_chance_steps(state, action)
        out.chances["disqualified"] = p
        out.lines.append(f"{what}: disqualified {percent(p)}")
    battle = SEA_BATTLES.get(state.card or "")
    if battle:
        need = battle[0]
        win = yield from battle_chance_steps(state)
        out.chances["battle"] = win
        text = f"Sea Battle ({need} swords): win {percent(win)} playing for it"
        if state.rolled and action is not None and action.get("dice") == chosen:
            sel = yield from battle_chance_steps(state, action)
            out.chances["battle_selected"] = sel
            text += f"; {percent(sel)} with this reroll"
        out.lines.append(text)
    return out


def _skull_risk(state: GameState, new_skulls: int, first: bool) -> float:
    """The chance that a roll which brought ``new_skulls`` ends disqualified: 1 at three
    skulls or more (four or more after the first roll go to the Island where the card
    allows it); at exactly three, with the Sorceress still free to act, only if her reroll
    of one skull shows a skull again (a chance node of one die)."""
    total = state.skulls() + new_skulls
    if total < 3 or (first and total >= 4 and island_allowed(state.card or "")):
        return 0.0
    if total == 3 and state.card == "sorceress" and not state.sorceress_used:
        return fsum(p for o, p in roll_outcomes(1, FACES) if o[0] == "skull")
    return 1.0


def disqualify_chance_steps(state: GameState, action: dict[str, Any]
                            ) -> Generator[Any, None, float]:
    """The exact chance that ``action`` (a roll, or the Sorceress) ends the turn
    disqualified (the Sorceress, when she can still act, used at once on a third skull)."""
    if state.island:
        return 0.0
    if action["kind"] == "sorceress":  # one skull back in the air: a skull again loses
        return (yield from chance_steps(state, action,
                                        lambda o: 1.0 if o[0] == "skull" else 0.0))
    first = not state.rolled
    return (yield from chance_steps(
        state, action, lambda o: _skull_risk(state, sum(1 for f in o if f == "skull"), first)))


def disqualify_chance(state: GameState, action: dict[str, Any]) -> float:
    return run_now(disqualify_chance_steps(state, action))


def battle_chance_steps(state: GameState, action: dict[str, Any] | None = None
                        ) -> Generator[Any, None, float]:
    """Under a Sea Battle card: the chance of ending the turn with the card's swords (and
    fewer than three skulls), stopping as soon as they are there and rerolling for them
    perfectly until then; with ``action``, playing that roll first."""
    need = SEA_BATTLES[state.card][0]
    values = yield from _battle_values_steps(need)
    if not state.rolled or action is not None:
        act = action or {"kind": "roll"}
        kept_skulls = state.dice.count("skull") if state.rolled else 0
        rolled = set(state.roll_spec(act).rolled)
        kept_swords = sum(1 for i, f in enumerate(state.dice) if f == "sword" and i not in rolled)

        def win(o: tuple) -> float:
            k = kept_skulls + o.count("skull")
            s = kept_swords + o.count("sword")
            return float(_battle_value(values, need, k, s))
        return (yield from chance_steps(state, act, win))
    counts = state.counts()
    return float(_battle_value(values, need, counts[0], counts[3]))


def battle_chance(state: GameState, action: dict[str, Any] | None = None) -> float:
    return run_now(battle_chance_steps(state, action))


def _battle_value(values: dict, need: int, skulls: int, swords: int) -> Fraction:
    if skulls >= 3:
        return Fraction(0)
    if swords >= need:
        return Fraction(1)
    return values[(skulls, swords)]


@cache
def _aggregate(m: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Rolling ``m`` pirate dice: (new skulls, new swords, exact chance), from roll_ways."""
    acc: dict[tuple[int, int], int] = {}
    for o, ways in roll_ways(m, FACES):
        key = (o.count("skull"), o.count("sword"))
        acc[key] = acc.get(key, 0) + ways
    total = 6 ** m
    return tuple((a, b, Fraction(w, total)) for (a, b), w in sorted(acc.items()))


_BATTLE_VALUES: dict[int, dict[tuple[int, int], Fraction]] = {}


def _battle_row(values: dict, need: int, skulls: int, s: int, move: tuple[int, int]
                ) -> tuple[dict[int, Fraction], Fraction]:
    """Rerolling ``move`` = (swords, other dice) from (skulls, s swords): coefficients on
    the same skull count's unknowns (swords below need) and the known rest, exactly."""
    swords_out, others_out = move
    coef: dict[int, Fraction] = {}
    const = Fraction(0)
    for a, b, p in _aggregate(swords_out + others_out):
        s2 = s - swords_out + b
        if a:
            const += p * _battle_value(values, need, skulls + a, s2)
        elif s2 >= need:
            const += p
        else:
            coef[s2] = coef.get(s2, Fraction(0)) + p
    return coef, const


def _battle_values_steps(need: int) -> Generator[Any, None, dict[tuple[int, int], Fraction]]:
    """The exact chance of winning a Sea Battle needing ``need`` swords from every
    (skull dice, swords) below it, the other dice free to reroll: policy iteration per
    skull count (more skulls first; a reroll may come back to the same counts, since
    rerolls are unlimited), in fractions. Rerolling a sword only to make up the two dice
    a reroll needs (more would only give swords away)."""
    if need in _BATTLE_VALUES:
        return _BATTLE_VALUES[need]
    for m in range(2, N_DICE + 1):  # the reroll chance nodes, one per frame piece
        _aggregate(m)
        yield
    values: dict[tuple[int, int], Fraction] = {}
    for skulls in (2, 1, 0):
        states = list(range(need))  # swords on the table, all below need
        moves: dict[int, list[tuple[int, int]]] = {}
        for s in states:
            others = N_DICE - skulls - s
            opts = [(0, j) for j in range(2, others + 1)]  # reroll j of the other dice
            if others < 2 and s >= 2 - others:
                opts.append((2 - others, others))
            moves[s] = opts
        rows = {}
        for s in states:
            rows[s] = {m: _battle_row(values, need, skulls, s, m) for m in moves[s]}
            yield
        policy = {s: (moves[s][-1] if moves[s] else None) for s in states}
        none = ({}, Fraction(0))  # no reroll possible: the battle is lost
        while True:
            v = _solve(states, {s: rows[s][policy[s]] if policy[s] else none for s in states})
            yield
            changed = False
            for s in states:
                if policy[s] is None:
                    continue
                worth = {m: _worth(rows[s][m], v) for m in moves[s]}
                best = max(moves[s], key=worth.__getitem__)
                if worth[best] > worth[policy[s]]:
                    policy[s], changed = best, True
            if not changed:
                break
        for s in states:
            values[(skulls, s)] = v[s]
    _BATTLE_VALUES[need] = values
    return values


def _worth(row: tuple[dict[int, Fraction], Fraction], v: dict[int, Fraction]) -> Fraction:
    coef, const = row
    return const + sum((c * v[t] for t, c in coef.items()), Fraction(0))


def _solve(states: list[int], rows: dict[int, tuple[dict[int, Fraction], Fraction]]
           ) -> dict[int, Fraction]:
    """x_s = const_s + sum coef_st x_t, exactly (Gauss-Jordan in fractions)."""
    n = len(states)
    pos = {s: i for i, s in enumerate(states)}
    a = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s, (coef, const) in rows.items():
        i = pos[s]
        a[i][i] += 1
        for t, c in coef.items():
            a[i][pos[t]] -= c
        a[i][n] = const
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return {s: a[pos[s]][n] for s in states}
