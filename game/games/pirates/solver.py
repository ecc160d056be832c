"""The exact single-turn solver of Pirate Fortune, per Fortune Card (no pygame, no numpy).

A turn's position is, for the decision that matters, the number ``s`` of skull dice, the
multiset ``M`` of the other dice (counts of parrot, monkey, sword, gold, diamond) and, with
the Sorceress, whether she can still act (``a``). Which dice a player keeps is a
sub-multiset ``K`` of ``M`` (at least two dice must be rolled); the rest are rerolled.

* ``W[a, s, K]`` -- the expected points of keeping ``K`` and rerolling the other
  ``8 - s - |K|`` dice, then playing on perfectly;
* ``V[a, s, M] = max(stop(s, M), max over K of W[a, s, K], Sorceress now)``.

A reroll can leave the position where it was, so the tables are the fixed point of
value iteration (to 1e-6 points). Dying (three skulls) is worth what the card says: 0,
minus the battle bonus, the chest's dice (the player puts every kept die on the chest
before rolling: the chest's score only grows with more dice), or 1000 per sword showing
under a Truce. With the Sorceress a third skull can be rerolled once.

The shipped table ``pirates_values.py`` holds ``W`` for every card (Captain uses the
plain table, doubled; Storm, with a single reroll, is solved on the spot) in tenths of a
point, in the order ``w_keys(card)`` lists. ``python game/games/pirates/tools/make_pirate_tables.py`` makes it.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from game.games.pirates.rules import (
    CARD_SKULLS,
    DECKS,
    GOLD,
    N_DICE,
    SEA_BATTLES,
    SWORD,
    island_allowed,
    reroll_outcomes,
    turn_parts,
)

NONSKULL = 5  # parrot, monkey, sword, gold, diamond
EPS = 1e-9  # ties between keeps go to the first one listed
TABLE_CARDS = ("plain", "chest", "sorceress", "sea_battle_2", "sea_battle_3", "sea_battle_4",
               "gold", "diamond", "monkey_business", "skull_1", "skull_2", "truce")
Multi = tuple[int, int, int, int, int]


@cache
def multisets(size: int) -> tuple[Multi, ...]:
    """Every multiset of ``size`` non-skull dice, in a fixed order: the counts in ascending
    order (as ``product(range(size + 1), repeat=NONSKULL)`` lists them), made one count at
    a time rather than filtered out of every product (six dice: 3 ms natively, of a bot's
    first decision)."""
    return tuple(_counts(size, NONSKULL))


def _counts(size: int, parts: int):
    if parts == 1:
        yield (size,)
        return
    for first in range(size + 1):
        for rest in _counts(size - first, parts - 1):
            yield (first, *rest)


@cache
def sub_multisets(m: Multi) -> tuple[Multi, ...]:
    return tuple(product(*(range(c + 1) for c in m)))  # type: ignore[return-value]


def add(a: Multi, b: Multi) -> Multi:
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def table_card(card: str) -> str:
    return "plain" if card in ("captain", "") else card


def rules_card(card: str) -> str:
    return "" if card == "plain" else card


def max_dice_skulls(card: str) -> int:
    """Skull dice a live position can have under ``card`` (three skulls in all end it)."""
    return 2 - CARD_SKULLS.get(rules_card(card), 0)


def w_keys(card: str) -> list[tuple[int, int, Multi]]:
    """The (a, s, K) of the shipped W table of ``card``, in order."""
    keys = []
    for a in ((0, 1) if card == "sorceress" else (0,)):
        for s in range(max_dice_skulls(card) + 1):
            for k in range(N_DICE - s - 1):
                keys += [(a, s, m) for m in multisets(k)]
    return keys


@cache
def stop_points(card: str, s: int, m: Multi) -> int:
    return turn_parts((s, *m), rules_card(card))[0]


def death_value(card: str, kept: Multi, rolled: Multi) -> float:
    """What a disqualified turn is worth: kept dice are on the chest (Treasure Chest)."""
    card = rules_card(card)
    if card == "chest":
        return turn_parts((3, *kept), "chest", (0, *kept))[0]
    if card == "truce":
        return -1000 * (kept[SWORD - 1] + rolled[SWORD - 1])
    if card in SEA_BATTLES:
        return -SEA_BATTLES[card][1]
    return 0


def best_keep(s: int, m: Multi, a: int, w: dict) -> tuple[float, Multi | None]:
    """The keep with the highest W and its W (-inf, None: fewer than two dice to roll)."""
    best, keep = float("-inf"), None
    if sum(m) >= 2:
        for k in sub_multisets(m):
            if sum(m) - sum(k) >= 2:
                v = w[(a, s, k)]
                if v > best + EPS:
                    best, keep = v, k
    return best, keep


def stop_or_keep(card: str, s: int, m: Multi, a: int, w: dict) -> float:
    """V from W: the better of stopping and the best keep (not the Sorceress)."""
    return max(stop_points(card, s, m), best_keep(s, m, a, w)[0])


def sorceress_now(card: str, s: int, m: Multi, w: dict) -> float:
    """Expected value of rerolling one skull die now (then playing on without her)."""
    value = stop_or_keep(card, s, m, 0, w) / 6
    for f in range(NONSKULL):
        unit = tuple(1 if i == f else 0 for i in range(NONSKULL))
        value += stop_or_keep(card, s - 1, add(m, unit), 0, w) / 6  # type: ignore[arg-type]
    return value


def value(card: str, s: int, m: Multi, a: int, w: dict) -> float:
    best = stop_or_keep(card, s, m, a, w)
    if a and s >= 1:
        best = max(best, sorceress_now(card, s, m, w))
    return best


def solve(card: str, tol: float = 1e-6) -> dict[tuple[int, int, Multi], float]:
    """W for ``card`` by value iteration: the layer without the Sorceress first."""
    cs = CARD_SKULLS.get(rules_card(card), 0)
    w: dict[tuple[int, int, Multi], float] = {}
    for a in ((0, 1) if card == "sorceress" else (0,)):
        keys = [key for key in w_keys(card) if key[0] == a]
        # transitions: (probability, next (s, M) or None, constant)
        trans: dict[tuple, list[tuple[float, tuple | None, float]]] = {}
        for key in keys:
            _, s, k = key
            r = N_DICE - s - sum(k)
            rows = []
            for out, p in reroll_outcomes(r):
                faces: Multi = out[1:]  # type: ignore[assignment]
                total = cs + s + out[0]
                if total >= 3:
                    if a and total == 3:
                        rows.append((p, ("sorc", add(k, faces)), 0.0))
                    else:
                        rows.append((p, None, death_value(card, k, faces)))
                else:
                    rows.append((p, (s + out[0], add(k, faces)), 0.0))
            trans[key] = rows
        for key in keys:
            w[key] = 0.0
        while True:
            v_cache: dict = {}
            new = {}
            for key in keys:
                total = 0.0
                for p, nxt, const in trans[key]:
                    if nxt is None:
                        total += p * const
                        continue
                    if nxt not in v_cache:
                        v_cache[nxt] = (_rescue(card, nxt[1], w) if nxt[0] == "sorc"
                                        else value(card, nxt[0], nxt[1], a, w))
                    total += p * v_cache[nxt]
                new[key] = total
            delta = max(abs(new[k] - w[k]) for k in keys)
            w.update(new)
            if delta < tol:
                break
    return w


def _rescue(card: str, m: Multi, w: dict) -> float:
    """Three skulls with the Sorceress: one skull rerolled; a skull again ends the turn."""
    total = 0.0
    for f in range(NONSKULL):
        unit = tuple(1 if i == f else 0 for i in range(NONSKULL))
        total += stop_or_keep(card, 2, add(m, unit), 0, w) / 6  # type: ignore[arg-type]
    return total


def storm_best(s: int, m: Multi) -> tuple[float, Multi | None]:
    """Storm, before its one reroll: the value of stopping or of the best keep, and that
    keep (None: stop)."""
    best, keep = storm_value(s, m, True), None
    for k in sub_multisets(m):
        if sum(m) - sum(k) >= 2:
            v = storm_keep(s, m, k)
            if v > best + EPS:
                best, keep = v, k
    return best, keep


def storm_value(s: int, m: Multi, rerolled: bool) -> float:
    """Storm: the points in hand after the reroll, else the best of stopping and rerolling."""
    if rerolled or s >= 3:
        return 0 if s >= 3 else 200 * (m[GOLD - 1] + m[GOLD])
    return storm_best(s, m)[0]


@cache
def storm_keep(s: int, m: Multi, k: Multi) -> float:
    r = sum(m) - sum(k)
    value = 0.0
    for out, p in reroll_outcomes(r):
        if s + out[0] < 3:
            value += p * 200 * (k[GOLD - 1] + k[GOLD] + out[GOLD] + out[GOLD + 1])
    return value


def first_roll_value(card: str, w: dict) -> float:
    """Expected points of a whole turn under ``card`` played perfectly (Island: 0)."""
    tcard = table_card(card)
    cs = CARD_SKULLS.get(card, 0)
    a = 1 if card == "sorceress" else 0
    total = 0.0
    for out, p in reroll_outcomes(N_DICE):
        faces: Multi = out[1:]  # type: ignore[assignment]
        skulls = cs + out[0]
        if card == "storm":
            v = storm_value(out[0], faces, False)
        elif skulls >= 4 and island_allowed(card):
            v = 0.0
        elif skulls >= 3:
            v = _rescue(tcard, faces, w) if a and skulls == 3 else \
                death_value(tcard, (0,) * NONSKULL, faces)  # type: ignore[arg-type]
        else:
            v = value(tcard, out[0], faces, a, w)
        total += p * v
    return total * (2 if card == "captain" else 1)


def deck_average(tables: dict[str, dict], deck: str = "default") -> float:
    cards = DECKS[deck]
    return sum(n * first_roll_value(c, tables.get(table_card(c), {}))
               for c, n in cards.items()) / sum(cards.values())
