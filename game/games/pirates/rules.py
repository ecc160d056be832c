"""Pirate Fortune, RULES.md §3: eight pirate dice, a Fortune Card each turn, skulls.

``score_turn(faces, card, chest=())`` is the pure scoring function of API.md;
``PirateState`` is the whole game. Dice values are face names (``FACES``); the deck is
data (``DECKS``: counts per card), shuffled from the game's seeded generator.

Actions (JSON dicts):

* ``{"kind": "draw"}`` -- start of a turn: turn over the top Fortune Card (the discards are
  shuffled back first when the pile is empty).
* ``{"kind": "roll"}`` -- after the draw: roll all eight dice.
* ``{"kind": "roll", "dice": [positions]}`` -- reroll these dice: two or more, no skulls,
  none on the treasure chest (Storm: one reroll only).
* ``{"kind": "chest", "dice": [positions]}`` -- Treasure Chest card: the dice on the chest
  are now exactly these (no skulls); free, draws nothing, any number of times.
* ``{"kind": "sorceress"}`` -- Sorceress card, once a turn: reroll one skull die alone.
* ``{"kind": "stop"}`` -- end the turn and score it (on the Island of Skulls: collect the
  penalty; with three skulls and the Sorceress unused: give up and be disqualified).

``legal_actions()`` lists one reroll and one chest move per distinct set of *faces* (the
lowest positions holding them); ``apply`` accepts any positions.

Events: ``reshuffled`` (cards), ``drew`` (card), ``rolled`` (dice, hold, skulls, rolls),
``island`` (skulls), ``sorceress`` (position, face), ``chest`` (dice), ``cursed`` (three
skulls, the Sorceress may still save the turn), then at the end of the turn ``scored``
(points, result, parts, total) with ``island_penalty`` (penalty, totals) on the Island,
``last_round`` (seat, total, still_to_play) / ``play_on`` and ``turn`` / ``game_over``.

Choices where RULES.md leaves room, decided here:

* Seating order is random (from the game's seed), as in Yatzy and Farkle.
* The Sorceress rerolls one skull die on its own (any number of times it is legal: once).
  With three skulls and the Sorceress unused the turn waits: she may act, or the player
  stops and is disqualified. Four or more skulls after a reroll disqualify even with her
  (one skull back still leaves three).
* On the Island the player may stop at any time (rolling never loses a skull); a roll that
  adds no skull, or no two dice left to roll, ends the turn. The card's skulls count. The
  chest has no use there.
* Storm: after its one reroll the turn ends by itself. A turn ends by itself whenever no
  choice is left (disqualified, the Island ends).
* The Island penalty and every score are floored at 0 unless negative scores are allowed.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from functools import cache
from itertools import product
from math import factorial
from typing import Any

from game.rules.core import (
    Action,
    CardDeck,
    CardFace,
    CountingRandom,
    Event,
    GameState,
    IllegalAction,
    RollSpec,
    check_positions,
    roll_outcomes_steps,
)
from game.rules.shared import TargetRace
from game.tasks import run_now

FACES = ("skull", "parrot", "monkey", "sword", "gold", "diamond")
SKULL, PARROT, MONKEY, SWORD, GOLD, DIAMOND = range(6)
N_DICE = 8
CARDS = ("chest", "captain", "sorceress", "sea_battle_2", "sea_battle_3", "sea_battle_4",
         "gold", "diamond", "monkey_business", "skull_1", "skull_2", "storm", "truce")
CARD_NAMES = {
    "chest": "Treasure Chest", "captain": "Captain", "sorceress": "Sorceress",
    "sea_battle_2": "Sea Battle: 2 swords", "sea_battle_3": "Sea Battle: 3 swords",
    "sea_battle_4": "Sea Battle: 4 swords", "gold": "Gold Coin", "diamond": "Diamond",
    "monkey_business": "Monkey Business", "skull_1": "Skull", "skull_2": "Two Skulls",
    "storm": "Storm", "truce": "Truce",
}
CARD_EFFECTS = {
    "chest": "Dice on the chest still score if you are disqualified.",
    "captain": "Everything this turn counts double.",
    "sorceress": "Once this turn, reroll one skull.",
    "sea_battle_2": "Roll 2+ swords: +300. Fail: -300.",
    "sea_battle_3": "Roll 3+ swords: +500. Fail: -500.",
    "sea_battle_4": "Roll 4+ swords: +1,000. Fail: -1,000.",
    "gold": "You start with one gold coin.",
    "diamond": "You start with one diamond.",
    "monkey_business": "Monkeys and parrots count as one kind.",
    "skull_1": "You start with one skull.",
    "skull_2": "You start with two skulls.",
    "storm": "One reroll; only coins and diamonds score, 200 each.",
    "truce": "Every sword at the end costs 1,000.",
}
# How each card looks (game.ui.cards draws it): the name on its face where the whole one is
# long, and its picture, symbols and how many of them (game.contract.CardGame).
CARD_SHORT = {"sea_battle_2": "Sea Battle", "sea_battle_3": "Sea Battle",
              "sea_battle_4": "Sea Battle", "skull_1": "Skull", "skull_2": "Two Skulls",
              "monkey_business": "Monkey Business", "chest": "Treasure Chest"}
CARD_PICTURES: dict[str, tuple[tuple[str, int], ...]] = {
    "chest": (("chest", 1),), "captain": (("hat", 1),), "sorceress": (("witch", 1),),
    "sea_battle_2": (("ship", 1), ("sword", 2)), "sea_battle_3": (("ship", 1), ("sword", 3)),
    "sea_battle_4": (("ship", 1), ("sword", 4)), "gold": (("gold", 1),),
    "diamond": (("diamond", 1),), "monkey_business": (("monkey", 1), ("parrot", 1)),
    "skull_1": (("skull", 1),), "skull_2": (("skull", 2),), "storm": (("storm", 1),),
    "truce": (("flag", 1),),
}
FORTUNE_CARDS = CardDeck("Fortune Card", tuple(
    CardFace(card, CARD_NAMES[card], CARD_SHORT.get(card, CARD_NAMES[card]), CARD_EFFECTS[card],
             CARD_PICTURES[card]) for card in CARDS), back_word="FORTUNE", back_symbol="skull")
DECKS: dict[str, dict[str, int]] = {
    "default": {"chest": 4, "captain": 4, "sorceress": 4, "sea_battle_2": 2,
                "sea_battle_3": 2, "sea_battle_4": 2, "gold": 3, "diamond": 3,
                "monkey_business": 3, "skull_1": 3, "skull_2": 1, "storm": 2, "truce": 2},
    "classic": {"chest": 4, "captain": 4, "sorceress": 4, "sea_battle_2": 2,
                "sea_battle_3": 2, "sea_battle_4": 2, "gold": 4, "diamond": 4,
                "monkey_business": 4, "skull_1": 3, "skull_2": 2},
}
SEA_BATTLES = {"sea_battle_2": (2, 300), "sea_battle_3": (3, 500), "sea_battle_4": (4, 1000)}
CARD_SKULLS = {"skull_1": 1, "skull_2": 2}
SET_POINTS = {3: 100, 4: 200, 5: 500, 6: 1000, 7: 2000, 8: 4000}
FULL_CHEST = 500
STORM_VALUE = 200
TRUCE_COST = 1000
ISLAND_PER_SKULL = 100

Counts = tuple[int, int, int, int, int, int]  # dice per face, in FACES order


def set_points(n: int) -> int:
    """Points for a set of ``n`` identical objects (8 or more: 4000)."""
    return SET_POINTS[min(n, 8)] if n >= 3 else 0


def counts_of(faces: Sequence[str]) -> Counts:
    c = [0] * 6
    for f in faces:
        c[FACES.index(f)] += 1
    return tuple(c)  # type: ignore[return-value]


def island_allowed(card: str) -> bool:
    return card != "storm" and card not in SEA_BATTLES


def _objects(counts: Counts, card: str, battle_won: bool) -> list[tuple[str, int]]:
    """The parts of a scoring (not disqualified) turn: sets, coins and diamonds, Full Chest."""
    kinds = {"parrot": counts[PARROT], "monkey": counts[MONKEY], "sword": counts[SWORD],
             "gold": counts[GOLD], "diamond": counts[DIAMOND]}
    dice = dict(kinds)
    if card == "monkey_business":
        kinds["monkey"] += kinds.pop("parrot")
        dice["monkey"] += dice.pop("parrot")
    if card in ("gold", "diamond"):
        kinds[card] += 1
    parts: list[tuple[str, int]] = []
    for kind, n in kinds.items():
        if n >= 3:
            name = "monkeys & parrots" if kind == "monkey" and card == "monkey_business" else kind
            parts.append((f"{n} x {name}", set_points(n)))
    treasure = kinds["gold"] + kinds["diamond"]
    if treasure:
        parts.append((f"{treasure} coin{'s' if treasure > 1 else ''}/diamond"
                      f"{'s' if treasure > 1 else ''}", 100 * treasure))
    full = counts[SKULL] == 0 and all(
        n == 0 or kinds[k] >= 3 or k in ("gold", "diamond") or (k == "sword" and battle_won)
        for k, n in dice.items())
    if full:
        parts.append(("Full Chest", FULL_CHEST))
    return parts


def turn_parts(counts: Counts, card: str, chest: Counts | None = None
               ) -> tuple[int, str, list[tuple[str, int]]]:
    """How a turn ending on these dice scores: (points, result, parts). ``counts`` covers
    all eight dice (chest included), ``chest`` the dice on the chest. Result is one of
    score, disqualified, battle_lost, truce, storm."""
    skulls = counts[SKULL] + CARD_SKULLS.get(card, 0)
    dead = skulls >= 3
    if card == "truce" and counts[SWORD]:
        n = counts[SWORD]
        return -TRUCE_COST * n, "truce", [(f"Truce: {n} sword{'s' if n > 1 else ''}",
                                            -TRUCE_COST * n)]
    if card in SEA_BATTLES:
        need, bonus = SEA_BATTLES[card]
        if dead or counts[SWORD] < need:
            return -bonus, "battle_lost", [(f"Sea Battle lost ({counts[SWORD]}/{need} swords)",
                                            -bonus)]
    if dead:
        if card == "chest" and chest and any(chest):
            parts = [(f"chest: {label}", p) for label, p in _objects(chest, "", False)
                     if label != "Full Chest"]
            return sum(p for _, p in parts), "disqualified", parts
        return 0, "disqualified", []
    if card == "storm":
        n = counts[GOLD] + counts[DIAMOND]
        return STORM_VALUE * n, "storm", [(f"Storm: {n} coins/diamonds", STORM_VALUE * n)] if n \
            else []
    parts = _objects(counts, card, card in SEA_BATTLES)
    if card in SEA_BATTLES:
        parts.append(("Sea Battle won", SEA_BATTLES[card][1]))
    points = sum(p for _, p in parts)
    if card == "captain":
        parts.append(("Captain: x2", points))
        points *= 2
    return points, "score", parts


def _check_faces(faces: Any, what: str) -> list[str]:
    if isinstance(faces, (str, bytes, dict)) or not hasattr(faces, "__iter__"):
        raise ValueError(f"{what} must be a sequence of face names, got {faces!r}"[:200])
    faces = list(faces)
    for f in faces:
        if f not in FACES:
            raise ValueError(f"unknown face {f!r} in {what}; faces are {' '.join(FACES)}"[:200])
    return faces


def score_turn(faces: Sequence[str], card: str, chest: Sequence[str] = ()) -> int:
    """Points a turn ending with these faces is worth for the roller under ``card``; the
    dice on the treasure chest come separately in ``chest`` (eight dice in all). Negative
    for a lost Sea Battle or a Truce broken; 3+ skulls (card included) score as
    disqualified. ValueError naming the bad value for bad input."""
    if not isinstance(card, str) or card not in CARDS:
        raise ValueError(f"unknown card {card!r}; cards are {' '.join(CARDS)}"[:300])
    faces = _check_faces(faces, "faces")
    chest = _check_faces(chest, "chest")
    if len(faces) + len(chest) != N_DICE:
        raise ValueError(f"expected {N_DICE} dice (faces plus chest), got "
                         f"{len(faces) + len(chest)}: {faces!r} + {chest!r}"[:200])
    if chest and card != "chest":
        raise ValueError(f"dice on the chest {chest!r} need the chest card, not {card!r}")
    if "skull" in chest:
        raise ValueError("a skull ('skull') cannot be on the treasure chest")
    return turn_parts(counts_of(faces + chest), card, counts_of(chest))[0]


# -- chance outcomes -----------------------------------------------------------------------

_REROLLS: dict[int, tuple[tuple[Counts, float], ...]] = {}


def reroll_outcomes(k: int) -> tuple[tuple[Counts, float], ...]:
    """Every outcome of rolling ``k`` dice as face counts (FACES order) with its exact
    probability: the core chance model (``roll_outcomes`` over the six faces) counted per
    face, listed with the counts of parrot..diamond in ascending order (the order the
    bots' tables were built in). Worked out once (``reroll_outcomes_steps``)."""
    known = _REROLLS.get(k)
    return known if known is not None else run_now(reroll_outcomes_steps(k))


def reroll_outcomes_steps(k: int, chunk: int = 32):
    """``reroll_outcomes`` as a generator job, ``chunk`` outcomes a piece (eight dice took
    3 ms at once natively, in a bot's decision under the Storm)."""
    if k not in _REROLLS:
        outcomes = yield from roll_outcomes_steps(k, FACES)
        yield
        out = []
        for i, (multiset, p) in enumerate(outcomes):
            if i % chunk == chunk - 1:
                yield
            out.append((counts_of(multiset), p))
        yield
        _REROLLS.setdefault(k, tuple(sorted(out, key=lambda cp: cp[0][1:])))
    return _REROLLS[k]


@cache
def skull_distribution(k: int) -> tuple[float, ...]:
    """P(exactly j skulls) when rolling ``k`` dice, j = 0..k."""
    return tuple(factorial(k) // (factorial(j) * factorial(k - j)) * 5 ** (k - j) / 6 ** k
                 for j in range(k + 1))


def deck_cards(deck: str) -> list[str]:
    return [card for card, n in DECKS[deck].items() for _ in range(n)]


class PirateState(TargetRace, GameState):
    GAME_ID = "pirates"
    PLAY_ON = True  # Island penalties can pull everyone back under the target
    MIN_PLAYERS = 1
    MAX_PLAYERS = 4
    DEFAULT_OPTIONS = {"deck": "default", "negative": False, "target": 8000}
    OPTION_RANGES = {"target": (1000, 100_000)}
    ACTIONS = {"draw": (), "roll": ("dice",), "chest": ("dice",), "sorceress": (),
               "stop": ()}
    CARD_DECK = FORTUNE_CARDS

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        if merged["deck"] not in DECKS:
            raise ValueError(f"option deck must be one of {', '.join(DECKS)}, "
                             f"got {merged['deck']!r}"[:200])
        return merged

    def setup(self) -> None:
        self.rng.shuffle(self.order)
        n = len(self.seats)
        self.totals: list[int] = [0] * n
        self.history: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.deck: list[str] = deck_cards(self.options["deck"])
        self.rng.shuffle(self.deck)  # the top card is the last one
        self.discard: list[str] = []
        self.card: str | None = None
        self.dice: list[str] = []  # the eight faces, [] before the first roll
        self.chest: list[int] = []  # positions on the treasure chest
        self.rolls = 0  # rolls this turn, the first included
        self.sorceress_used = False
        self.island = False
        self.reset_race()

    # -- what the table, the bots and the coach read -----------------------------------------
    @property
    def drawn(self) -> bool:
        return self.card is not None

    def table_dice(self) -> list[str]:
        return list(self.dice)

    def roll_number(self) -> int:
        return self.rolls

    @property
    def rolled(self) -> bool:
        return bool(self.dice)

    def card_skulls(self) -> int:
        return CARD_SKULLS.get(self.card or "", 0)

    def skulls(self) -> int:
        """Skulls this turn: skull dice plus the card's."""
        return self.dice.count("skull") + self.card_skulls()

    def counts(self) -> Counts:
        return counts_of(self.dice)

    def free_positions(self) -> list[int]:
        """Dice that may be rerolled now: no skulls, none on the chest."""
        return [i for i, f in enumerate(self.dice) if f != "skull" and i not in self.chest]

    def can_sorceress(self) -> bool:
        return (self.card == "sorceress" and not self.sorceress_used and self.rolled
                and "skull" in self.dice and not self.over)

    def cursed(self) -> bool:
        """Three skulls with the Sorceress still able to save the turn."""
        return self.rolled and self.skulls() >= 3 and not self.island

    def can_reroll(self) -> bool:
        if not self.rolled or self.over or self.cursed():
            return False
        if self.card == "storm" and self.rolls >= 2:
            return False
        return len(self.free_positions()) >= 2

    def battle(self) -> tuple[int, int] | None:
        return SEA_BATTLES.get(self.card or "")

    def stop_value(self) -> tuple[int, str, list[tuple[str, int]]]:
        """What stopping now scores for the roller: (points, result, parts)."""
        if self.island:
            return 0, "island", []
        chest = counts_of([self.dice[i] for i in self.chest])
        return turn_parts(self.counts(), self.card or "", chest)

    def island_penalty(self) -> int:
        return ISLAND_PER_SKULL * self.skulls() * (2 if self.card == "captain" else 1)

    def disqualify_chance(self, positions: Sequence[int]) -> float:
        """The exact chance that rerolling these dice ends the turn disqualified (with the
        Sorceress, if she can still act, used at once on a third skull)."""
        if self.island or not positions:
            return 0.0
        need = 3 - self.skulls()  # new skulls that make three
        dist = skull_distribution(len(positions))
        sorceress = self.card == "sorceress" and not self.sorceress_used
        p = 0.0
        for j, pj in enumerate(dist):
            if j > need or (j == need and not sorceress):
                p += pj
            elif j == need:
                p += pj / 6
        return p

    # -- a card draw is a chance node too -----------------------------------------------
    def chance_outcomes(self, action: Action) -> tuple[tuple[tuple, float], ...]:
        """A roll's outcomes (see GameState), or a draw's: each card still to come -- the
        deck, or the discards when the deck is empty and they are shuffled back -- as a
        one-card outcome ``(card,)`` with its exact chance (its copies / the cards)."""
        if action.get("kind") != "draw":
            return super().chance_outcomes(action)
        if self.over or self.drawn:
            return ()
        pile = self.deck or self.discard
        return tuple(((card,), pile.count(card) / len(pile)) for card in sorted(set(pile)))

    def after(self, action: Action, outcome) -> tuple[PirateState, list[Event]]:
        """A roll forced as GameState does; a draw forced to the card ``outcome`` names
        through the real rules: the copy draws (shuffling the discards back first when the
        deck is empty, from the same generator), and the card it turned over changes place
        with ``card`` in the pile, which comes up instead."""
        if action.get("kind") != "draw":
            return super().after(action, outcome)
        outcome = tuple(outcome)
        if len(outcome) != 1 or outcome[0] not in (self.deck or self.discard):
            raise ValueError(f"a draw turns over one card still to come, not {outcome!r}"[:120])
        (card,) = outcome
        rng = self.rng
        self.rng = None  # type: ignore[assignment]  (not deep-copied: copied below)
        try:
            child = copy.deepcopy(self)
        finally:
            self.rng = rng
        child.rng = CountingRandom(0)
        child.rng.setstate(rng.getstate())
        child.rng.draws = rng.draws
        events = child.apply(action)
        drawn = child.card
        if drawn != card:
            child.deck[child.deck.index(card)] = drawn
            child.card = card
            for event in events:
                if event["type"] == "drew":
                    event["card"] = card
        return child, events

    def roll_spec(self, action: Action) -> RollSpec | None:
        """The dice an action throws: all eight first, then the chosen ones (in position
        order), or the first skull die for the Sorceress."""
        kind = action.get("kind")
        if self.over or not self.drawn:
            return None
        if kind == "roll":
            rolled = range(N_DICE) if not self.rolled else sorted(action.get("dice", []))
        elif kind == "sorceress" and self.rolled and "skull" in self.dice:
            rolled = [self.dice.index("skull")]
        else:
            return None
        return RollSpec(tuple(rolled), FACES)

    def turn_results(self, seat: int) -> list[dict[str, Any]]:
        return [h for h in self.history[seat] if h["result"] != "penalised"]

    def turns_taken(self, seat: int) -> int:
        return len(self.turn_results(seat))

    def leader_total(self, exclude: int | None = None) -> int:
        others = [t for i, t in enumerate(self.totals) if i != exclude]
        return max(others) if others else 0

    # -- legal actions ---------------------------------------------------------------------
    def _distinct_subsets(self, positions: list[int], minimum: int) -> list[list[int]]:
        """One list of positions per distinct multiset of faces among ``positions``."""
        by_face: dict[str, list[int]] = {}
        for i in positions:
            by_face.setdefault(self.dice[i], []).append(i)
        groups = list(by_face.values())
        out = []
        for takes in product(*(range(len(g) + 1) for g in groups)):
            if sum(takes) >= minimum:
                out.append(sorted(i for g, t in zip(groups, takes, strict=True) for i in g[:t]))
        return out

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if not self.drawn:
            return [{"kind": "draw"}]
        if not self.rolled:
            return [{"kind": "roll"}]
        actions: list[Action] = [{"kind": "stop"}]
        if self.can_sorceress():
            actions.append({"kind": "sorceress"})
        if self.can_reroll():
            actions += [{"kind": "roll", "dice": d}
                        for d in self._distinct_subsets(self.free_positions(), 2)]
        if self.card == "chest" and not self.island and not self.cursed():
            movable = [i for i, f in enumerate(self.dice) if f != "skull"]
            current = sorted(self.chest)
            actions += [{"kind": "chest", "dice": d}
                        for d in self._distinct_subsets(movable, 0) if d != current]
        return actions

    # -- applying them -----------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind = action["kind"]
        if kind == "draw":
            return self._draw()
        if not self.drawn:
            raise IllegalAction("draw a Fortune Card first")
        if kind == "roll":
            if not self.rolled:
                if action.get("dice", None) not in (None, list(range(N_DICE))):
                    raise IllegalAction("the first roll is all eight dice")
                return self._roll(list(range(N_DICE)))
            if "dice" not in action:
                raise IllegalAction("a reroll needs dice: the positions of the dice to roll")
            return self._reroll(action["dice"])
        if not self.rolled:
            raise IllegalAction("roll the dice first")
        if kind == "chest":
            return self._move_chest(action["dice"] if "dice" in action else None)
        if kind == "sorceress":
            return self._sorceress()
        return self._end_turn()

    def _draw(self) -> list[Event]:
        if self.drawn:
            raise IllegalAction(f"a card is already drawn this turn ({CARD_NAMES[self.card]})")
        events: list[Event] = []
        if not self.deck:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append({"type": "reshuffled", "cards": len(self.deck)})
        self.card = self.deck.pop()
        events.append({"type": "drew", "seat": self.current, "card": self.card,
                       "left": len(self.deck)})
        return events

    def _reroll(self, dice: Any) -> list[Event]:
        if self.island:
            check_positions(dice, N_DICE, "dice")
        if not self.can_reroll():
            if self.cursed():
                raise IllegalAction("three skulls: use the Sorceress or stop")
            if self.card == "storm" and self.rolls >= 2:
                raise IllegalAction("the Storm allows only one reroll: stop to score")
            raise IllegalAction("fewer than two dice can be rolled")
        check_positions(dice, N_DICE, "dice")
        if len(dice) < 2:
            raise IllegalAction("roll at least two dice (a single die may not be rolled)")
        for i in dice:
            if self.dice[i] == "skull":
                raise IllegalAction(f"die {i + 1} is a skull: skulls stay where they are")
            if i in self.chest:
                raise IllegalAction(f"die {i + 1} is on the treasure chest: take it off first")
        return self._roll(sorted(dice))

    def _roll(self, positions: list[int]) -> list[Event]:
        seat = self.current
        before = self.skulls()
        first = not self.rolled
        if first:
            self.dice = [""] * N_DICE
        for i in positions:
            self.dice[i] = FACES[self.rng.randrange(6)]
        self.rolls += 1
        skulls = self.skulls()
        events: list[Event] = [{"type": "rolled", "seat": seat, "dice": list(self.dice),
                                "hold": [i for i in range(N_DICE) if i not in positions],
                                "skulls": skulls, "rolls": self.rolls}]
        if first and skulls >= 4 and island_allowed(self.card or ""):
            self.island = True
            events.append({"type": "island", "seat": seat, "skulls": skulls,
                           "penalty": self.island_penalty()})
        if self.island:
            if not first and skulls == before or len(self.free_positions()) < 2:
                return events + self._end_turn()
            return events
        if skulls >= 3:
            if self.card == "sorceress" and not self.sorceress_used and skulls == 3:
                events.append({"type": "cursed", "seat": seat, "skulls": skulls})
                return events
            return events + self._end_turn()
        if self.card == "storm" and self.rolls >= 2:
            return events + self._end_turn()
        return events

    def _move_chest(self, dice: Any) -> list[Event]:
        if self.card != "chest":
            raise IllegalAction("only the Treasure Chest card has a chest")
        if self.island:
            raise IllegalAction("the chest is no use on the Island of Skulls")
        if self.cursed():
            raise IllegalAction("three skulls: the turn is lost, the chest is scored")
        if dice is None:
            raise IllegalAction("a chest move needs dice: the positions on the chest")
        check_positions(dice, N_DICE, "dice")
        for i in dice:
            if self.dice[i] == "skull":
                raise IllegalAction(f"die {i + 1} is a skull: skulls cannot go on the chest")
        self.chest = sorted(dice)
        return [{"type": "chest", "seat": self.current, "dice": list(self.chest)}]

    def _sorceress(self) -> list[Event]:
        if self.card != "sorceress":
            raise IllegalAction("only the Sorceress card rerolls a skull")
        if self.sorceress_used:
            raise IllegalAction("the Sorceress has already acted this turn")
        if "skull" not in self.dice:
            raise IllegalAction("there is no skull die to reroll")
        i = self.dice.index("skull")
        self.dice[i] = FACES[self.rng.randrange(6)]
        self.sorceress_used = True
        seat = self.current
        events: list[Event] = [{"type": "sorceress", "seat": seat, "position": i,
                                "face": self.dice[i]},
                               {"type": "rolled", "seat": seat, "dice": list(self.dice),
                                "hold": [j for j in range(N_DICE) if j != i],
                                "skulls": self.skulls(), "rolls": self.rolls}]
        if self.skulls() >= 3 and not self.island:
            return events + self._end_turn()
        return events

    # -- ends of turns -----------------------------------------------------------------------
    def _floor(self, seat: int) -> None:
        if not self.options["negative"]:
            self.totals[seat] = max(0, self.totals[seat])

    def _end_turn(self) -> list[Event]:
        seat = self.current
        card = self.card or ""
        events: list[Event] = []
        if self.island:
            penalty = self.island_penalty()
            victims = [s for s in range(len(self.seats)) if s != seat]
            for s in victims:
                self.totals[s] -= penalty
                self._floor(s)
                self.history[s].append({"result": "penalised", "points": -penalty,
                                        "total": self.totals[s], "from": seat})
            self.history[seat].append({"result": "island", "card": card, "points": 0,
                                       "skulls": self.skulls(), "penalty": penalty,
                                       "total": self.totals[seat]})
            events.append({"type": "island_penalty", "seat": seat, "card": card,
                           "skulls": self.skulls(),
                           "penalty": penalty, "victims": victims,
                           "totals": list(self.totals)})
        else:
            points, result, parts = self.stop_value()
            self.totals[seat] += points
            self._floor(seat)
            self.history[seat].append({"result": result, "card": card, "points": points,
                                       "total": self.totals[seat]})
            events.append({"type": "scored", "seat": seat, "card": card, "points": points,
                           "result": result, "parts": [list(p) for p in parts],
                           "total": self.totals[seat], "dice": list(self.dice)})
        self.discard.append(card)
        self.card, self.dice, self.chest = None, [], []
        self.rolls, self.sorceress_used, self.island = 0, False, False
        events += self.pass_turn(seat)
        if self.over:
            events.append({"type": "game_over", "winners": self.winners(),
                           "totals": list(self.totals)})
        else:
            events.append({"type": "turn", "seat": self.current})
        return events

    def is_over(self) -> bool:
        return self.over

    def final_scores(self) -> list[float]:
        return list(self.totals)


__all__ = ["CARDS", "CARD_EFFECTS", "CARD_NAMES", "DECKS", "FACES", "PirateState",
           "reroll_outcomes", "score_turn", "turn_parts"]
