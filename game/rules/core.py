"""The shared core of every rules engine.

A game is a state machine in the OpenSpiel style: a state lists its legal actions,
applies one (rolling dice itself from its own seeded ``random.Random``), reports when
it is over and ranks the players. Actions are small JSON-friendly dicts such as
``{"kind": "roll", "hold": [0, 2]}`` so that saves, bots, tests and the UI speak the
same language. ``apply`` returns a list of event dicts ("rolled", "scored", ...) that
the front end turns into animation and sound; the engine itself keeps no UI state.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, ClassVar

from game.tasks import run_now

Action = dict[str, Any]
Event = dict[str, Any]

SAVE_FORMAT = 2  # 2: a save is seats, options, seed and the actions, replayed on load
DIE_FACES = (1, 2, 3, 4, 5, 6)
NAME_MAX = 16  # longest seat name, in characters (the menu caps typing there too)
MAX_ACTIONS = 10_000  # far more moves than any real game takes; a longer save is refused


# Modes of the core that every game takes as an option, kept in a game's options only when on,
# so that an ordinary game's options, saves and fingerprints stay what they always were.
# "duplicate": duplicate dice (the daily challenge). A die thrown in round k (turns played //
# players), by the r-th roll of the turn, in position p shows a face that only the seed, k, r
# and p decide, whatever was rolled before: two players whose holds agree see the same dice.
# Everything else that is random (a shuffled deck, the seating, a roll-off) still comes from
# the game's generator, which the dice then leave alone: Fortune Cards come in one order.
DUPLICATE = "duplicate"
CORE_OPTIONS = (DUPLICATE,)


def duplicate_face(seed: int, round_: int, roll_: int, slot: int, faces: int) -> int:
    """The index of the face a die in position ``slot`` shows when the ``roll_``-th roll of
    a turn in round ``round_`` throws it, in a duplicate-dice game with this seed: the same
    on every machine and Python (a SHA-256, not the generator)."""
    import hashlib  # (not before the menu's first frame, which draws no game)
    digest = hashlib.sha256(f"dice-harbor duplicate {seed} {round_} {roll_} {slot}".encode())
    return int.from_bytes(digest.digest()[:8], "big") % faces


# Races to a target (Farkle, Pirate Fortune) have no exact highest or lowest score -- a turn
# of hot dice can go on -- but no game comes near this: a final score past it is damage.
RACE_BOUND = 1_000_000


def bounded(text: str, limit: int = 200) -> str:
    """A message cut to ``limit`` characters (with "…"): whatever the input it quotes, a
    refusal stays one short sentence."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def shown(value: Any, limit: int = 24) -> str:
    """A stored value as a message can quote it: short, and saying what kind it is when
    that is the problem ("the text '2'", "a list")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {bounded(repr(value), limit)}"
    if isinstance(value, int | float):
        return bounded(repr(value), limit)
    if value is None:
        return "empty"
    return {list: "a list", dict: "a group of fields"}.get(type(value), "something else")


def format_problem(what: str, value: Any, expected: int) -> str:
    """Why ``value`` is not the format ``expected`` (a whole number), in one sentence that
    says what is wrong with it: another version's number, or no version number at all."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (f"{what} was written by another version of Dice Harbor (format {value}; "
                f"this one reads format {expected})")
    if value is None:
        return f"{what} has no format number"
    return f"{what} has {shown(value)} where a format number should be"


def best_box(scorer, n_dice: int) -> int:
    """The most ``scorer(sorted dice)`` gives for any roll of ``n_dice`` dice."""
    return max(scorer(roll) for roll in combinations_with_replacement(range(1, 7), n_dice))


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is left unchanged."""


class SaveError(ValueError):
    """A save file that cannot be turned back into a game."""


NAME_MAX = 16  # characters in a seat's name: the menu stops typing there, saves check it


@dataclass
class Seat:
    """One place at the table: a name, and the bot policy that plays it (None = human)."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """A seat read from a save: ``{"name": str, "bot": str | None}``, checked."""
        if not isinstance(data, dict) or set(data) - {"name", "bot"}:
            raise SaveError("a seat must be {\"name\": ..., \"bot\": ...}")
        name, bot = data.get("name"), data.get("bot")
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX or not name.isprintable():
            raise SaveError(f"a player name must be 1 to {NAME_MAX} printable characters")
        if bot is not None and (not isinstance(bot, str) or not 1 <= len(bot) <= 20):
            raise SaveError("a seat's bot must be a policy name or null")
        return cls(name, bot)


def check_dice(dice: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Validate dice for a scoring function: the right count, ints 1..6."""
    dice = list(dice)
    if len(dice) not in counts:
        want = " or ".join(str(c) for c in counts)
        raise ValueError(f"expected {want} dice, got {len(dice)}: {dice!r}")
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"die value {d!r} is not an int from 1 to 6")
    return dice


def roll(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


class CountingRandom(random.Random):
    """The game's generator. It counts its draws so that the core can tell whether an
    action brought anything new to light (dice, a card): undo never crosses such an
    action, so it cannot be used to peek at the dice."""

    def __init__(self, seed: int):
        self.draws = 0
        super().__init__(seed)

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


# -- the chance model: what a roll can show, and how likely ------------------------------------

Outcome = tuple  # a roll's result as a sorted multiset of faces (in the faces' order)


@cache
def roll_ways(n: int, faces: tuple = DIE_FACES) -> tuple[tuple[Outcome, int], ...]:
    """Every result of rolling ``n`` fair dice with these ``faces`` as a sorted multiset (in
    ``combinations_with_replacement`` order) with the number of ordered rolls that show it,
    ``n! / (c1! c2! ...)``, out of ``len(faces) ** n``: the one chance model of every game."""
    return tuple((multiset, _ways(multiset)) for multiset in combinations_with_replacement(faces, n))


def _ways(multiset: Outcome) -> int:
    """The ordered rolls that show ``multiset``: ``n! / (c1! c2! ...)``."""
    ways = factorial(len(multiset))
    for c in Counter(multiset).values():
        ways //= factorial(c)
    return ways


_OUTCOMES: dict[tuple[int, tuple], tuple[tuple[Outcome, float], ...]] = {}


def roll_outcomes(n: int, faces: tuple = DIE_FACES) -> tuple[tuple[Outcome, float], ...]:
    """``roll_ways`` as probabilities (ways / len(faces)**n, one exact division each): what
    the engines' ``chance_outcomes``, the bots' turn tables, Pirate Fortune's reroll odds
    and game.odds read. Worked out once (``roll_outcomes_steps``)."""
    known = _OUTCOMES.get((n, faces))
    return known if known is not None else run_now(roll_outcomes_steps(n, faces))


def roll_outcomes_steps(n: int, faces: tuple = DIE_FACES, chunk: int = 16):
    """``roll_outcomes`` as a generator job (game.tasks) that yields every ``chunk``
    multisets: a bot's first decision builds it so (eight dice, 1,287 multisets, took 2 ms
    natively in one piece: a frame and more of a phone's page, where this code runs about
    20 times slower than natively)."""
    key = (n, faces)
    if key not in _OUTCOMES:
        total = len(faces) ** n
        out = []
        for i, multiset in enumerate(combinations_with_replacement(faces, n)):
            if i % chunk == chunk - 1:
                yield
            out.append((multiset, _ways(multiset) / total))
        _OUTCOMES.setdefault(key, tuple(out))
    return _OUTCOMES[key]


@dataclass(frozen=True)
class RollSpec:
    """What a roll action draws: the dice positions that get fresh faces (``rolled``, in
    order), the faces each shows with equal chance, and the positions in the order the
    engine draws them from its generator (``drawn``; a held die may be drawn and thrown
    away, as the Yatzy-style roll does), default ``rolled``."""

    rolled: tuple[int, ...]
    faces: tuple = DIE_FACES
    drawn: tuple[int, ...] | None = None

    @property
    def draw_order(self) -> tuple[int, ...]:
        return self.rolled if self.drawn is None else self.drawn


@dataclass(frozen=True)
class CardFace:
    """A card as the players see it (game.ui.cards draws it; game.contract.CardGame): its
    id (what the rules, events and saves name it), its name, the name written on its face
    (shorter where the whole one is long), its effect in a sentence, and its picture:
    symbols (game.ui.symbols' names) and how many of each, the first the largest."""

    id: str
    name: str
    short: str
    effect: str
    picture: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class CardDeck:
    """A game's cards as the players see them: every card's face, and the back they share
    (a word and a symbol). ``title`` is what one card is called ("Fortune Card")."""

    title: str
    faces: tuple[CardFace, ...]
    back_word: str
    back_symbol: str

    def face(self, card: str) -> CardFace:
        """The face of the card ``card`` (KeyError for a card not in this deck)."""
        for face in self.faces:
            if face.id == card:
                return face
        raise KeyError(card)

    def __contains__(self, card: object) -> bool:
        return any(face.id == card for face in self.faces)


class ForcedRandom(CountingRandom):
    """A generator that hands out given face indices instead of random ones: how
    ``GameState.after`` makes the engine roll a chosen outcome. ``randint(a, b)`` gives
    ``a + index``, ``randrange(n)`` gives ``index``; anything else, or one draw too many,
    raises (the engine drew something the roll's ``RollSpec`` does not describe)."""

    def __init__(self, indices: Sequence[int]):
        super().__init__(0)
        self._queue = list(indices)

    def _next(self, size: int) -> int:
        if not self._queue:
            raise RuntimeError("the engine drew more than the forced outcome gives")
        index = self._queue.pop(0)
        if not 0 <= index < size:
            raise RuntimeError(f"forced face {index} out of range for a draw of {size}")
        self.draws += 1
        return index

    def randint(self, a: int, b: int) -> int:
        return a + self._next(b - a + 1)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is not None or step != 1:
            raise RuntimeError("a forced roll only draws randrange(n)")
        return self._next(start)

    def random(self) -> float:
        raise RuntimeError("a forced roll draws dice only")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("a forced roll draws dice only")


def check_positions(value: Any, n: int, field: str) -> list[int]:
    """An action's list of dice positions: distinct ints 0..n-1, else IllegalAction."""
    if not isinstance(value, list) or len(value) > n or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n for i in value):
        raise IllegalAction(f"{field} must be a list of dice positions 0 to {n - 1}, "
                            f"got {value!r}"[:200])
    if len(set(value)) != len(value):
        raise IllegalAction(f"a die is listed twice in {field}: {value!r}")
    return value


def rank(scores: Sequence[float]) -> list[int]:
    """Competition ranking, 1 = best; equal scores share a place (1, 1, 3)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


class GameState:
    """Base class of every game's state.

    Subclasses set ``GAME_ID``, ``MIN_PLAYERS``, ``MAX_PLAYERS`` and ``ACTIONS`` (each
    action kind with the fields it may carry), build their attributes in ``setup()``
    (plain JSON data only: ints, strs, lists, dicts) and implement ``legal_actions``,
    ``_apply``, ``is_over`` and ``final_scores``. Every random draw comes from
    ``self.rng``. Turn order is ``order`` (seat indices) with ``turn`` pointing into it.

    A game is what made it: seats, options, seed and the actions applied (``save()``).
    Loading (``load()``) replays those actions through the rules, so a position that
    cannot arise in play cannot be loaded. Attributes whose names start with ``_`` are
    bookkeeping, not game state.
    """

    GAME_ID: ClassVar[str] = ""  # the game's one id: its catalog entry, saves, records, links
    # Ids this game's saves carried before it had its own (Maxi Yatzy's were "yatzy"): a save
    # naming one, its fingerprint made under it, still loads.
    FORMER_IDS: ClassVar[tuple[str, ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 6
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {}
    # Numeric options' allowed ranges (inclusive): a save cannot smuggle in 10**100.
    OPTION_RANGES: ClassVar[dict[str, tuple[int, int]]] = {}
    ACTIONS: ClassVar[dict[str, tuple[str, ...]]] = {}  # kind -> optional fields
    CARD_DECK: ClassVar[CardDeck | None] = None  # a game with cards: how they look

    def __init__(self, seats: Sequence[Seat], options: dict[str, Any] | None = None,
                 seed: int | None = None):
        seats = [s if isinstance(s, Seat) else Seat(**s) for s in seats]
        if not self.MIN_PLAYERS <= len(seats) <= self.MAX_PLAYERS:
            raise ValueError(
                f"{self.GAME_ID} needs {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, "
                f"got {len(seats)}")
        self.seats = seats
        self.options = self.validate_options(options or {})
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = CountingRandom(self.seed)
        self._log: list[Action] = []  # every action applied, in order
        self._actors: list[int] = []  # the seat that made each
        self._drew: list[bool] = []  # whether each drew from self.rng (rolled, shuffled)
        self._rolls_in_turn = (0, 0)  # (turns played, rolls so far in that turn): duplicate dice
        self.order = list(range(len(seats)))
        self.turn = 0
        self.turns_played = 0  # completed turns, all players together
        self.setup()

    # -- to be provided by each game ---------------------------------------------------
    def setup(self) -> None:
        """Build the initial state (seating, sheets, first draws) from self.rng."""

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def final_scores(self) -> list[float]:
        """Each seat's score, by seat index (what ranking compares)."""
        raise NotImplementedError

    # The lowest and highest final score any game of this kind can end with, over every
    # option: what records are checked against (a best no game can score is damage).
    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]:
        return (-RACE_BOUND, RACE_BOUND)

    # -- what shared code reads of a position (game.contract.GameRules) -------------------
    # Action fields that name dice by their positions on the table (a move key, the words
    # of a move): holding either of two equal dice is the same move.
    POSITION_FIELDS: ClassVar[tuple[str, ...]] = ("hold", "set_aside", "dice")

    def table_dice(self) -> list[Any]:
        """The dice on the table now, by position (faces as the rules name them); [] when
        none are (before the first roll, or a game without dice)."""
        return []

    def roll_number(self) -> int:
        """Which roll of the turn the dice on the table come from (1 for the first); 0
        before the first roll, or where the game does not count its rolls."""
        return 0

    def points_at_stake(self) -> int:
        """The points the player to act has gathered this turn and could still lose (a
        press-your-luck turn's total); 0 where a turn puts nothing at risk."""
        return 0

    def chip_counts(self) -> list[int]:
        """The chips each seat holds, by seat (a game played for stakes: the results show
        them); [] where the game is played for no chips."""
        return []

    def next_options(self) -> dict[str, Any]:
        """The options of the next game with the same players (the results' Play again):
        this game's, and what carries over from it (a bankroll)."""
        return dict(self.options)

    def roll_spec(self, action: Action) -> RollSpec | None:
        """The dice ``action`` would roll now (see RollSpec), None when it rolls none. Each
        game that rolls dice says so here; the chance model below needs nothing else."""
        return None

    # -- the chance model (OpenSpiel's chance nodes) ---------------------------------------
    def chance_outcomes(self, action: Action) -> tuple[tuple[Outcome, float], ...]:
        """What rolling ``action``'s dice can show: sorted multisets of the rolled dice's
        faces with their exact probabilities (summing to 1); empty when it rolls nothing."""
        spec = self.roll_spec(action)
        if spec is None:
            return ()
        return roll_outcomes(len(spec.rolled), spec.faces)

    def after(self, action: Action, outcome: Sequence[Any]) -> tuple[GameState, list[Event]]:
        """A copy of this game with ``action`` applied and its dice showing ``outcome`` (one
        face per rolled position, in ``roll_spec(action).rolled`` order; a multiset from
        ``chance_outcomes`` lands in that order), and the events it led to. The game itself
        is untouched; the copy's generator is where this game's is, so it can go on."""
        spec = self.roll_spec(action)
        rolled = spec.rolled if spec else ()
        if len(outcome) != len(rolled):
            raise ValueError(f"{len(rolled)} dice are rolled, the outcome has {len(outcome)}")
        face_of = dict(zip(rolled, outcome, strict=True))
        indices = [spec.faces.index(face_of[i]) if i in face_of else 0
                   for i in spec.draw_order] if spec else []
        rng = self.rng
        self.rng = None  # type: ignore[assignment]  (not copied: replaced below)
        try:
            child = copy.deepcopy(self)
        finally:
            self.rng = rng
        child.rng = ForcedRandom(indices)
        child.rng.draws = rng.draws
        events = child.apply(action)
        if child.rng._queue:
            raise RuntimeError(f"the engine drew {len(indices) - len(child.rng._queue)} of "
                               f"{len(indices)} forced faces")
        draws = child.rng.draws
        child.rng = CountingRandom(0)
        child.rng.setstate(rng.getstate())
        child.rng.draws = draws
        return child, events

    # -- shared behaviour ----------------------------------------------------------------
    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        core = {k: options[k] for k in CORE_OPTIONS if k in options}
        options = {k: v for k, v in options.items() if k not in CORE_OPTIONS}
        for key, value in core.items():  # a core mode is on, or absent
            if value is not True:
                raise ValueError(f"option {key} must be on when it is given, not {shown(value)}")
        unknown = set(options) - set(cls.DEFAULT_OPTIONS)
        if unknown:
            names = ", ".join(sorted(str(u) for u in unknown))
            raise ValueError(bounded(f"unknown option(s) for {cls.GAME_ID}: {names}"))
        merged = dict(cls.DEFAULT_OPTIONS)
        for key, value in options.items():
            default = cls.DEFAULT_OPTIONS[key]
            if isinstance(default, bool) != isinstance(value, bool) or (
                    not isinstance(value, type(default)) and not (
                        isinstance(default, float) and isinstance(value, int))):
                kind = {bool: "on or off", int: "a whole number", str: "a name",
                        list: "a list"}.get(type(default), type(default).__name__)
                raise ValueError(f"option {key} must be {kind}, not {shown(value)}")
            low, high = cls.OPTION_RANGES.get(key, (None, None))
            if low is not None and not low <= value <= high:
                allowed = low if low == high else f"{low} to {high}"
                raise ValueError(f"option {key} must be {allowed}, not {shown(value)}")
            merged[key] = value
        merged.update(core)
        return merged

    @property
    def current(self) -> int:
        """Seat index of the player to act."""
        return self.order[self.turn]

    def advance_turn(self) -> None:
        """End the current turn: every game calls this once per finished turn."""
        self.turn = (self.turn + 1) % len(self.order)
        self.turns_played += 1

    def check_action(self, action: Any) -> Action:
        """The action's shape, the same for every game: a dict with a known ``kind`` and
        only the fields that kind takes. Returns a JSON-clean copy; IllegalAction else."""
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict with a 'kind', got {action!r}"[:200])
        kind = action.get("kind")
        if not isinstance(kind, str) or kind not in self.ACTIONS:
            known = ", ".join(repr(k) for k in self.ACTIONS)
            raise IllegalAction(f"unknown action {kind!r}"[:80] + f": {self.GAME_ID} knows {known}")
        extra = set(action) - {"kind"} - set(self.ACTIONS[kind])
        if extra:
            names = ", ".join(sorted(bounded(repr(str(e)), 30) for e in extra))
            raise IllegalAction(bounded(f"unexpected field(s) in a {kind!r} action: {names}"))
        try:
            return json.loads(json.dumps(action))
        except (TypeError, ValueError, RecursionError) as exc:
            raise IllegalAction(f"an action must be plain JSON data: {exc}"[:200]) from None

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened. Illegal actions raise
        IllegalAction and change nothing."""
        clean = self.check_action(action)
        if self.is_over():
            raise IllegalAction("the game is over")
        actor, draws = self.current, self.rng.draws
        rolls = self._duplicate_rolls(clean)
        try:
            events = self._apply(clean) if rolls is None else self._apply_duplicate(clean, rolls)
        except IllegalAction as exc:  # one short sentence, whatever the action held
            raise IllegalAction(bounded(str(exc))) from None
        if rolls is not None:
            self._rolls_in_turn = rolls
        self._log.append(clean)
        self._actors.append(actor)
        self._drew.append(self.rng.draws != draws)
        return events

    def _duplicate_rolls(self, action: Action) -> tuple[int, int] | None:
        """In a duplicate-dice game, for an action that rolls: (turns played, rolls in the
        turn once it is made); None otherwise (the generator rolls, as in any game)."""
        if not self.options.get(DUPLICATE):
            return None
        try:
            spec = self.roll_spec(action)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            spec = None  # (a malformed action: the rules refuse it)
        if spec is None:
            return None
        turn, rolls = self._rolls_in_turn
        return self.turns_played, (rolls if turn == self.turns_played else 0) + 1

    def _apply_duplicate(self, action: Action, rolls: tuple[int, int]) -> list[Event]:
        """``_apply`` with the dice of ``action`` taken from their slots' streams (see
        DUPLICATE) instead of the generator. A forced roll (``after``) stays as forced."""
        real = self.rng
        if isinstance(real, ForcedRandom):
            return self._apply(action)
        spec = self.roll_spec(action)
        round_ = rolls[0] // max(1, len(self.order))
        forced = ForcedRandom([duplicate_face(self.seed, round_, rolls[1], slot, len(spec.faces))
                               for slot in spec.draw_order])
        forced.draws = real.draws
        self.rng = forced
        try:
            events = self._apply(action)
        finally:
            self.rng = real
        real.draws = forced.draws
        if forced._queue:
            raise RuntimeError(f"{self.GAME_ID} drew fewer dice than its roll_spec says")
        return events

    def ranking(self) -> list[dict[str, Any]]:
        """Players best first: seat, name, score and place (ties share a place)."""
        scores = self.final_scores()
        places = rank(scores)
        rows = [{"seat": i, "name": self.seats[i].name, "score": scores[i], "place": places[i]}
                for i in range(len(self.seats))]
        return sorted(rows, key=lambda r: (r["place"], self.order.index(r["seat"])))

    def winners(self) -> list[int]:
        return sorted(r["seat"] for r in self.ranking() if r["place"] == 1)

    # -- sides: players alone, or partnerships sharing one score --------------------------
    @classmethod
    def sides_for(cls, players: int) -> list[list[int]]:
        """How a table of ``players`` seats splits into sides. By default every seat is its
        own side; a game with partnerships overrides this (and gives partners the same
        ``final_scores``)."""
        return [[i] for i in range(players)]

    def sides(self) -> list[list[int]]:
        """The seats grouped into sides (``sides_for`` this table)."""
        return type(self).sides_for(len(self.seats))

    def side_of(self, seat: int) -> int:
        return next(k for k, side in enumerate(self.sides()) if seat in side)

    def side_name(self, side: int, joiner: str = " & ") -> str:
        return joiner.join(self.seats[i].name for i in self.sides()[side])

    def side_scores(self) -> list[float]:
        """Each side's score: the final score of its first seat (partners share one)."""
        scores = self.final_scores()
        return [scores[side[0]] for side in self.sides()]

    def side_ranking(self) -> list[dict[str, Any]]:
        """Sides best first: side, seats, name ("Ada & Cleo"), score and place (ties share
        a place). With every seat its own side this is ``ranking()`` with a side index."""
        scores = self.side_scores()
        places = rank(scores)
        sides = self.sides()
        rows = [{"side": k, "seats": list(side), "seat": side[0], "name": self.side_name(k),
                 "score": scores[k], "place": places[k]} for k, side in enumerate(sides)]
        first = {k: min(self.order.index(s) for s in side) for k, side in enumerate(sides)}
        return sorted(rows, key=lambda r: (r["place"], first[r["side"]]))

    def winning_sides(self) -> list[int]:
        return sorted(r["side"] for r in self.side_ranking() if r["place"] == 1)

    # -- history: saves, replays, undo ---------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        """Every action applied so far (copies), oldest first."""
        return [dict(a) for a in self._log]

    @property
    def action_count(self) -> int:
        """How many actions were applied so far (``len(actions)``, nothing copied: the
        table asks in every frame, and a long game's copies were 15 us of each natively)."""
        return len(self._log)

    def logs(self) -> tuple[list, ...]:
        """The lists that record what was played (the actions, who made them, which drew):
        they only grow and their entries never change, so a copy of the game may hold
        copies of these lists that share their entries (game.scenes.table_pacing)."""
        return self._log, self._actors, self._drew

    @property
    def actors(self) -> list[int]:
        """The seat that made each action applied so far, oldest first."""
        return list(self._actors)

    def to_dict(self, game_id: str | None = None) -> dict[str, Any]:
        """The whole game state as JSON data (what the digest covers); not a save.
        ``game_id``: the id it is written under (default ``GAME_ID``; a former id for the
        fingerprint an older save carries)."""
        data = {k: v for k, v in self.__dict__.items()
                if k not in ("rng", "seats") and not k.startswith("_")}
        return {"game": game_id or self.GAME_ID, "seats": [asdict(s) for s in self.seats],
                "rng": list(self.rng.getstate()[1]), "state": json.loads(json.dumps(data))}

    def to_json(self, game_id: str | None = None) -> str:
        return json.dumps(self.to_dict(game_id), separators=(",", ":"), sort_keys=True)

    def digest(self, game_id: str | None = None) -> str:
        """A fingerprint of the state: a save whose replay gives another game is refused."""
        import hashlib  # (see the duplicate dice above)
        return hashlib.sha256(self.to_json(game_id).encode()).hexdigest()[:32]

    def fingerprint_matches(self, digest: str) -> bool:
        """Whether ``digest`` is this state's fingerprint under its id or a former one (a
        save or a link made before the game had an id of its own)."""
        return any(self.digest(gid) == digest for gid in (self.GAME_ID, *self.FORMER_IDS))

    def save(self) -> dict[str, Any]:
        """What made this game: replaying ``actions`` on a new game with these seats,
        options and seed gives it back exactly (``load``)."""
        return {"format": SAVE_FORMAT, "game": self.GAME_ID,
                "seats": [asdict(s) for s in self.seats], "options": dict(self.options),
                "seed": self.seed, "actions": self.actions, "digest": self.digest()}

    @classmethod
    def replay(cls, seats: Sequence[Seat], options: dict[str, Any], seed: int,
               actions: Sequence[Any]) -> GameState:
        """A new game with these seats, options and seed, with ``actions`` applied through
        the rules. SaveError (with the move's number) when any of them is not legal."""
        try:
            state = cls(seats, options, seed)
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"the game cannot be set up: {exc}"[:300]) from None
        for i, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise SaveError(f"move {i + 1} is not legal: {exc}"[:300]) from None
            except (ValueError, TypeError, KeyError, IndexError, AttributeError,
                    RecursionError, OverflowError) as exc:  # a rules bug must not crash a load
                raise SaveError(f"move {i + 1} cannot be played ({exc})"[:300]) from None
        return state

    @classmethod
    def load(cls, data: Any) -> GameState:
        """The game a ``save()`` describes, rebuilt by replaying its actions; SaveError
        with a readable message for anything else (wrong shape, sizes, illegal moves,
        a replay that does not end where the save says)."""
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        extra = set(data) - {"format", "game", "seats", "options", "seed", "actions", "digest"}
        if extra:
            raise SaveError(f"the save has fields no version writes: {sorted(map(str, extra))}"[:200])
        fmt = data.get("format")
        if fmt != SAVE_FORMAT or isinstance(fmt, bool):
            raise SaveError(format_problem("the save", fmt, SAVE_FORMAT))
        if data.get("game") != cls.GAME_ID and data.get("game") not in cls.FORMER_IDS:
            raise SaveError(f"the save is for {str(data.get('game'))[:40]!r}, not {cls.GAME_ID}")
        seats, options = data.get("seats"), data.get("options")
        seed, actions, digest = data.get("seed"), data.get("actions"), data.get("digest")
        if not isinstance(seats, list) or not cls.MIN_PLAYERS <= len(seats) <= cls.MAX_PLAYERS:
            raise SaveError(f"a {cls.GAME_ID} save needs {cls.MIN_PLAYERS} to "
                            f"{cls.MAX_PLAYERS} seats")
        if not isinstance(options, dict) or len(options) > 64:
            raise SaveError("the save's options are not a JSON object")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise SaveError("the save's seed is not a whole number from 0 to 2^63")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise SaveError(f"the save's moves are not a list of at most {MAX_ACTIONS}")
        if not isinstance(digest, str) or len(digest) > 64:
            raise SaveError("the save has no fingerprint")
        try:
            cls.validate_options(options)
        except (ValueError, TypeError) as exc:
            raise SaveError(f"the save's options are wrong: {exc}"[:300]) from None
        state = cls.replay([Seat.from_json(s) for s in seats], options, seed, actions)
        if not state.fingerprint_matches(digest):
            raise SaveError("replaying the save's moves does not give the saved game "
                            "(edited, or written by another version)")
        return state

    def undo_refusal(self) -> str:
        """Why the last decision cannot be undone now ("" when it can).

        Only a human's own last decision can be undone, and only when it drew nothing
        (no dice rolled, no card drawn): undo never crosses a roll, so it cannot be used
        to peek at the dice. With several people at one screen, once another person is to
        move, the move is theirs to keep (only the player who made a decision takes it
        back; while a bot is to move it still can be)."""
        if not self._log:
            return "there is nothing to undo yet"
        actor = self.seats[self._actors[-1]]
        if not actor.is_human:
            # (a bot may keep the name "You": "the last move was You's" would not read)
            return ("the last move was a bot's" if actor.name.strip().casefold() == "you" else
                    f"the last move was {actor.name}'s")
        if self._drew[-1]:
            return "undo cannot take back a roll: those dice have been seen"
        if not self.is_over():
            now = self.seats[self.current]
            if now.is_human and now is not actor and now.name != actor.name:
                # hot seat: the player to move now may not take back someone else's move
                return (f"the turn has passed to {now.name}: only {actor.name} could take "
                        "that back")
        return ""

    def undo_point(self) -> int | None:
        """How many actions the game keeps when the last decision is undone, or None."""
        return None if self.undo_refusal() else len(self._log) - 1

    def rewound(self, keep: int) -> GameState:
        """This game as it was after its first ``keep`` actions (a replay from the seed)."""
        return type(self).replay(self.seats, self.options, self.seed, self._log[:keep])
