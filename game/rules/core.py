"""The shared core of every rules engine.

A game is a state machine in the OpenSpiel style: a state lists its legal actions,
applies one (rolling dice itself from its own seeded ``random.Random``), reports when
it is over and ranks the players. Actions are small JSON-friendly dicts such as
``{"kind": "roll", "hold": [0, 2]}`` so that saves, bots, tests and the UI speak the
same language. ``apply`` returns a list of event dicts ("rolled", "scored", ...) that
the front end turns into animation and sound; the engine itself keeps no UI state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

Action = dict[str, Any]
Event = dict[str, Any]

SAVE_FORMAT = 1
DIE_FACES = (1, 2, 3, 4, 5, 6)


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


def rng_state_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_state_from_json(data: list) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def rank(scores: Sequence[float]) -> list[int]:
    """Competition ranking, 1 = best; equal scores share a place (1, 1, 3)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


class GameState:
    """Base class of every game's state.

    Subclasses set ``GAME_ID``, ``MIN_PLAYERS`` and ``MAX_PLAYERS``, build their
    attributes in ``setup()`` (plain JSON data only: ints, strs, lists, dicts) and
    implement ``legal_actions``, ``_apply``, ``is_over`` and ``final_scores``.
    Turn order is ``order`` (seat indices) with ``turn`` pointing into it.
    """

    GAME_ID: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 6
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {}

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
        self.rng = random.Random(self.seed)
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

    # -- shared behaviour ----------------------------------------------------------------
    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - set(cls.DEFAULT_OPTIONS)
        if unknown:
            raise ValueError(f"unknown option(s) for {cls.GAME_ID}: {', '.join(sorted(unknown))}")
        merged = dict(cls.DEFAULT_OPTIONS)
        for key, value in options.items():
            default = cls.DEFAULT_OPTIONS[key]
            if isinstance(default, bool) != isinstance(value, bool) or (
                    not isinstance(value, type(default)) and not (
                        isinstance(default, float) and isinstance(value, int))):
                raise ValueError(f"option {key} must be {type(default).__name__}, got {value!r}")
            merged[key] = value
        return merged

    @property
    def current(self) -> int:
        """Seat index of the player to act."""
        return self.order[self.turn]

    def advance_turn(self) -> None:
        """End the current turn: every game calls this once per finished turn."""
        self.turn = (self.turn + 1) % len(self.order)
        self.turns_played += 1

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened. Illegal actions raise
        IllegalAction and change nothing."""
        if not isinstance(action, dict) or "kind" not in action:
            raise IllegalAction(f"an action is a dict with a 'kind', got {action!r}")
        if self.is_over():
            raise IllegalAction("the game is over")
        return self._apply(action)

    def ranking(self) -> list[dict[str, Any]]:
        """Players best first: seat, name, score and place (ties share a place)."""
        scores = self.final_scores()
        places = rank(scores)
        rows = [{"seat": i, "name": self.seats[i].name, "score": scores[i], "place": places[i]}
                for i in range(len(self.seats))]
        return sorted(rows, key=lambda r: (r["place"], self.order.index(r["seat"])))

    def winners(self) -> list[int]:
        return sorted(r["seat"] for r in self.ranking() if r["place"] == 1)

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k not in ("rng", "seats")}
        return {"format": SAVE_FORMAT, "game": self.GAME_ID,
                "seats": [asdict(s) for s in self.seats],
                "rng": rng_state_to_json(self.rng), "state": json.loads(json.dumps(data))}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        try:
            if data.get("format") != SAVE_FORMAT:
                raise SaveError(f"unsupported save format {data.get('format')!r}")
            if data.get("game") != cls.GAME_ID:
                raise SaveError(f"this save is for {data.get('game')!r}, not {cls.GAME_ID!r}")
            seats = [Seat(**s) for s in data["seats"]]
            # A fresh game with the same seats and options tells which fields must be there.
            reference = cls(seats, data["state"]["options"], seed=0)
            state = data["state"]
            missing = set(reference.__dict__) - {"rng", "seats"} - set(state)
            if missing:
                raise SaveError(f"save is missing {', '.join(sorted(missing))}")
            obj = cls.__new__(cls)
            obj.__dict__.update(state)
            obj.seats = seats
            obj.rng = rng_state_from_json(data["rng"])
            obj.check_invariants()
            return obj
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveError(f"corrupt save: {exc}") from exc

    @classmethod
    def from_json(cls, text: str) -> GameState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"save is not valid JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise SaveError("save is not a JSON object")
        return cls.from_dict(data)

    def check_invariants(self) -> None:
        """Raise ValueError when loaded data cannot be a real game (overridden per game)."""
        if sorted(self.order) != list(range(len(self.seats))):
            raise ValueError("turn order does not match the seats")
        if not 0 <= self.turn < len(self.order):
            raise ValueError("turn pointer out of range")
