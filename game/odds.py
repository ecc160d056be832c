"""Exact odds for the position on the table, in every game, from the rules' chance model.

One piece for all six games (no pygame, no numpy: it runs in the browser). Every number
comes from ``state.chance_outcomes(action)`` -- the engine's own list of what a roll can
show, with exact multinomial probabilities (``game.rules.core.roll_outcomes``) -- and the
rules' own scoring functions; nothing is simulated:

* the category games (Yatzy, Maxi Yatzy, Bona Fortuna, Grab It!): for every box the player
  to act can still fill, the chance of *making* it (the dice score it above 0; Bona
  Fortuna's 3 of a Kind / Full House box: either meld) by the end of the turn, playing the
  rest of the turn for that box: the next roll throws the dice not held, then the best
  holds. That is the exact hold-and-roll turn search (``game.bots.turn_search``, whose
  tables come from the same chance model) with end values 1 (made) and 0;
* Farkle: the chance that the next roll farkles and that it is hot dice (every rolled die
  scores), with the number of dice the current set-aside leaves in hand;
* Pirate Fortune: the chance that rerolling the chosen dice disqualifies (three skulls,
  the Sorceress used at once on a third), and under a Sea Battle card the chance of
  winning the battle from here, playing for it perfectly (an exact solution over skull and
  sword counts in fractions: rerolls are unlimited, so the turn may loop).

``odds_steps(state, selection)`` is a generator (``game.tasks``): it yields between boxes
so the browser keeps drawing; ``odds(state, selection)`` runs it at once. ``selection`` is
what the player has chosen but not played yet: the held dice (category games), the dice
to set aside (Farkle), the dice to reroll (Pirate Fortune).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import fsum
from typing import Any

from game.bots.turn_search import tables, tables_steps
from game.rules.core import GameState, roll_outcomes, roll_ways
from game.tasks import run_now

CATEGORY_GAMES = ("yatzy", "maxi_yatzy", "bona_fortuna", "grab_it")


@dataclass
class Odds:
    """What ``odds_steps`` finds. ``boxes``: box -> chance of making it this turn (category
    games); ``chances``: named chances (Farkle ``farkle``, ``hot_dice``, per dice count
    ``farkle_<n>``; Pirate Fortune ``disqualified``, ``battle``, ``battle_selected``);
    ``lines``: the same in words, for the table; ``dice``: how many dice the roll throws."""

    game: str
    boxes: dict[str, float] = field(default_factory=dict)
    chances: dict[str, float] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    dice: int = 0


def percent(p: float) -> str:
    """A chance as the table writes it: 0% and 100% only when exact, else one decimal
    (never rounded to a false certainty)."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    text = f"{100 * p:.1f}"
    if text == "0.0":
        return "<0.1%"
    if text == "100.0":
        return ">99.9%"
    return f"{text}%"


# -- the generic piece: a chance node of the engine, weighed ------------------------------

def chance_steps(state: GameState, action: dict[str, Any],
                 event: Callable[[tuple], float], chunk: int = 150
                 ) -> Generator[Any, None, float]:
    """The exact chance of ``event`` when ``action`` is played: the sum (``fsum``: the same
    in every Python) over the engine's chance outcomes of their probability times
    ``event(outcome)`` (1 / 0, or itself a chance when another chance node follows),
    yielding every ``chunk`` outcomes."""
    terms = []
    for i, (outcome, p) in enumerate(state.chance_outcomes(action)):
        terms.append(p * event(outcome))
        if i % chunk == chunk - 1:
            yield
    return fsum(terms)


def chance(state: GameState, action: dict[str, Any],
           event: Callable[[tuple], float]) -> float:
    return run_now(chance_steps(state, action, event))


def odds_steps(state: GameState, selection: Sequence[int] = ()) -> Generator[Any, None, Odds]:
    """The odds of the position (see the module's doc), as a ``game.tasks`` job."""
    game = _game_id(state)
    if game in CATEGORY_GAMES:
        return (yield from _box_odds(state, game, list(selection)))
    if game == "farkle":
        return (yield from _farkle_odds(state, list(selection)))
    if game == "pirates":
        return (yield from _pirate_odds(state, list(selection)))
    raise ValueError(f"no odds for {game!r}")


def odds(state: GameState, selection: Sequence[int] = ()) -> Odds:
    return run_now(odds_steps(state, selection))


def _game_id(state: GameState) -> str:
    if state.GAME_ID == "yatzy" and getattr(state, "n_dice", 5) == 6:
        return "maxi_yatzy"
    return state.GAME_ID


# -- the category games --------------------------------------------------------------------

def made(game: str, box: str, dice: tuple[int, ...]) -> bool:
    """Do these sorted dice make ``box``: what the rules score it above 0."""
    if game in ("yatzy", "maxi_yatzy"):
        from game.rules.yatzy import _score_sorted
        return _score_sorted(box, dice) > 0
    if game == "grab_it":
        from game.rules.grab_it import _score_sorted as grab_score
        return grab_score(box, dice) > 0
    from game.rules.bona_fortuna import BOX_MELDS, _meld_sorted
    return any(_meld_sorted(meld, dice) > 0 for meld in BOX_MELDS[box])


def open_boxes(state: GameState, game: str) -> list[str]:
    """The boxes the player to act may still fill, in sheet order, each once."""
    if game == "bona_fortuna":
        seen: list[str] = []
        for _, box in state.open_boxes():
            if box not in seen:
                seen.append(box)
        from game.rules.bona_fortuna import BOXES
        return [b for b in BOXES if b in seen]
    return list(state.open_categories())


_BOX_VALUES: dict[tuple[str, int, str, int], list[float]] = {}


def box_values_steps(game: str, n: int, box: str, rerolls: int
                     ) -> Generator[Any, None, list[float]]:
    """For every multiset of ``n`` dice (``tables(n).dice`` order): the chance of making
    ``box`` from it with ``rerolls`` rerolls left, holding the best dice each time. Built
    once per box (a few frames), then kept."""
    key = (game, n, box, rerolls)
    if key not in _BOX_VALUES:
        if rerolls == 0:
            dice = tables(n).dice
            values = []
            for start in range(0, len(dice), 120):
                values += [1.0 if made(game, box, d) else 0.0 for d in dice[start:start + 120]]
                yield
        else:
            below = yield from box_values_steps(game, n, box, rerolls - 1)
            values = yield from tables(n).best_over_keeps_steps(below)
        _BOX_VALUES[key] = values
    return _BOX_VALUES[key]


def box_values(game: str, n: int, box: str, rerolls: int) -> list[float]:
    return run_now(box_values_steps(game, n, box, rerolls))


def box_chance_steps(state: GameState, game: str, box: str, held: Sequence[int]
                     ) -> Generator[Any, None, float]:
    """The chance of making ``box`` by the end of the turn: before the first roll, from
    scratch; after it, rolling the dice not in ``held`` now, then the best holds; with no
    rolls left, whether the dice make it."""
    n, rolls, per_turn = state.n_dice, state.rolls, state.ROLLS_PER_TURN
    t = tables(n)
    if rolls >= per_turn:
        return 1.0 if made(game, box, tuple(sorted(state.dice))) else 0.0
    after = yield from box_values_steps(game, n, box, per_turn - rolls - 1)
    keep = () if rolls == 0 else tuple(sorted(state.dice[i] for i in set(held)))
    k = t.keep_index[keep]
    return t.expect(after, [k])[k]


def box_chance(state: GameState, game: str, box: str, held: Sequence[int]) -> float:
    return run_now(box_chance_steps(state, game, box, held))


def _box_odds(state: GameState, game: str, held: list[int]) -> Generator[Any, None, Odds]:
    out = Odds(game)
    if state.is_over():
        return out
    boxes = open_boxes(state, game)
    rolls = state.rolls
    yield from tables_steps(state.n_dice)  # built on first use, over a few frames
    out.dice = state.n_dice if rolls == 0 else state.n_dice - len(set(held))
    for i, box in enumerate(boxes):
        steps = box_chance_steps(state, game, box, held)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                out.boxes[box] = done.value
                break
            yield i / len(boxes)  # a table is being built: a safe point to pause
    if rolls == 0:
        out.lines.append("Chance to make each open box this turn, playing for it")
    elif rolls >= state.ROLLS_PER_TURN:
        out.lines.append("No rolls left: 100% where the dice make the box")
    elif out.dice == 0:
        out.lines.append("Holding every die: the chance to make each box, rolling on for it")
    elif out.dice == state.n_dice:
        out.lines.append(f"Chance to make each box rolling all {out.dice} dice again, then "
                         "playing for it (hold dice to see theirs)")
    else:
        out.lines.append(f"Chance to make each box rolling the {out.dice} "
                         f"{'die' if out.dice == 1 else 'dice'} not held, then playing for it")
    return out


# -- Farkle --------------------------------------------------------------------------------

def farkle_chances_steps(state: GameState, action: dict[str, Any]
                        ) -> Generator[Any, None, tuple[float, float]]:
    """(farkle, hot dice) for the roll ``action`` makes: no die scores / every die scores."""
    from game.rules.farkle import _has_score_sorted, _split
    farkle = yield from chance_steps(state, action,
                                     lambda o: 0.0 if _has_score_sorted(o) else 1.0)
    hot = yield from chance_steps(state, action, lambda o: 1.0 if _split(o).points else 0.0)
    return farkle, hot


def farkle_chances(state: GameState, action: dict[str, Any]) -> tuple[float, float]:
    return run_now(farkle_chances_steps(state, action))


def _farkle_odds(state: GameState, selection: list[int]) -> Generator[Any, None, Odds]:
    out = Odds("farkle")
    if state.is_over():
        return out
    if not state.rolled:
        action = {"kind": "roll"}
    else:
        preview = state.set_aside_preview(selection)
        if not preview["can_roll"]:
            out.lines.append("Farkle chance by dice rolled: " + " · ".join(
                f"{n}: {percent(_farkle_by_count(n))}" for n in range(6, 0, -1)))
            for n in range(1, 7):
                out.chances[f"farkle_{n}"] = _farkle_by_count(n)
            out.lines.append("Choose scoring dice to see the odds of your next roll.")
            return out
        action = {"kind": "roll", "set_aside": sorted(selection)}
    n = len(state.roll_spec(action).rolled)
    farkle, hot = yield from farkle_chances_steps(state, action)
    out.dice, out.chances["farkle"], out.chances["hot_dice"] = n, farkle, hot
    out.lines.append(f"Next roll of {n} dice: farkle {percent(farkle)} · hot dice "
                     f"{percent(hot)}")
    if not state.rolled and state.can_piggyback():
        pig = {"kind": "piggyback"}
        pf, ph = yield from farkle_chances_steps(state, pig)
        k = len(state.roll_spec(pig).rolled)
        out.chances["piggyback_farkle"], out.chances["piggyback_hot_dice"] = pf, ph
        out.lines.append(f"Piggyback on {k} {'die' if k == 1 else 'dice'}: farkle "
                         f"{percent(pf)} · hot dice {percent(ph)}")
    return out


@cache
def _farkle_by_count(n: int) -> float:
    from game.rules.farkle import _has_score_sorted
    return fsum(p for o, p in roll_outcomes(n) if not _has_score_sorted(o))


# -- Pirate Fortune ------------------------------------------------------------------------

def _pirate_odds(state: GameState, selection: list[int]) -> Generator[Any, None, Odds]:
    from game.rules.pirates import SEA_BATTLES
    out = Odds("pirates")
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
    from game.rules.pirates import FACES, island_allowed
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
    from game.rules.pirates import SEA_BATTLES
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
    from game.rules.pirates import FACES
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
    from game.rules.pirates import N_DICE
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
