"""The game contract: every question the shared code asks a game, with what it returns.

A game is a catalog entry (``game.catalog.GameInfo``: data with named fields, among them
where its pieces live), a rules state class (``GameRules``), its bots (``BotModule``,
``Policy``) and,
when the table offers odds, an odds job (``OddsJob``). The shared pieces -- the odds, the
coach, the review, records, saves, links, the simulator -- find a game through the catalog
and ask it only what is declared here: none branches on a game's id, probes a state or a
bot for attributes, or imports a game's private names (tests/test_contract.py checks that
every game keeps this contract and that the shared modules keep to it).

Plain Python, no pygame (it runs in the browser's Python with the rules and the bots).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Protocol, runtime_checkable

from game.rules.core import Action, CardDeck, Event, GameState, Outcome, RollSpec, Seat

UNITS = ("points", "win")  # what a policy's action values are in
WIN_TEXT = "expected {:.0%} chance to win"  # a "win" value in words, unless the policy words it


@runtime_checkable
class GameRules(Protocol):
    """A game's state, as ``game.rules.core.GameState`` provides it (each game's class
    derives from it and overrides what its game needs). ``state_class`` in the catalog
    names it; ``GAME_ID`` is the catalog's id."""

    GAME_ID: ClassVar[str]  # the game's one id: catalog, saves, records, links
    FORMER_IDS: ClassVar[tuple[str, ...]]  # ids its older saves carry (they still load)
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]]  # every rule option and its default
    ACTIONS: ClassVar[dict[str, tuple[str, ...]]]  # action kind -> the fields it may carry
    POSITION_FIELDS: ClassVar[tuple[str, ...]]  # action fields naming dice by position
    CARD_DECK: ClassVar[CardDeck | None]  # its cards' faces and back (CardGame); None: no cards
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    order: list[int]  # seats in turn order
    turns_played: int

    @property
    def current(self) -> int: ...  # the seat to act

    # the game, move by move
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action) -> list[Event]: ...
    def is_over(self) -> bool: ...
    def final_scores(self) -> list[float]: ...  # by seat
    def winning_sides(self) -> list[int]: ...
    def sides(self) -> list[list[int]]: ...  # seats playing together (one each, or teams)
    def side_of(self, seat: int) -> int: ...
    def side_scores(self) -> list[float]: ...

    # chance, as explicit outcomes (what the odds weigh)
    def roll_spec(self, action: Action) -> RollSpec | None: ...  # the dice it would roll
    def chance_outcomes(self, action: Action) -> tuple[tuple[Outcome, float], ...]: ...

    # what made the game: saves, replays, undo
    @property
    def actions(self) -> list[Action]: ...
    @property
    def actors(self) -> list[int]: ...  # the seat that made each action
    def logs(self) -> tuple[list, ...]: ...  # what was played: lists that only grow
    def save(self) -> dict[str, Any]: ...
    @classmethod
    def load(cls, data: Any) -> GameState: ...
    @classmethod
    def replay(cls, seats: Sequence[Seat], options: dict[str, Any], seed: int,
               actions: Sequence[Any]) -> GameState: ...
    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]: ...
    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]: ...

    # the position in a few facts (move keys, the review's words)
    def table_dice(self) -> list[Any]: ...  # dice on the table by position, [] when none
    def roll_number(self) -> int: ...  # which roll of the turn they come from, 0: none
    def points_at_stake(self) -> int: ...  # points this turn could still lose, 0: none
    def chip_counts(self) -> list[int]: ...  # chips each seat holds, []: played for none
    def next_options(self) -> dict[str, Any]: ...  # a next game's options (Play again)


@runtime_checkable
class BoxOdds(GameRules, Protocol):
    """A category game whose odds are the chances of making each open box this turn
    (``game.odds.box_odds_steps``): hold-and-roll turns of ``n_dice`` dice, up to
    ``ROLLS_PER_TURN`` rolls (``game.rules.shared.HoldAndRoll``)."""

    ROLLS_PER_TURN: ClassVar[int]
    n_dice: int
    dice: list[int]
    rolls: int  # rolls used this turn

    def odds_boxes(self) -> list[str]: ...  # open boxes, in sheet order, each once
    @classmethod
    def box_made(cls, box: str, dice: tuple[int, ...]) -> bool: ...  # sorted dice score it


@dataclass
class Odds:
    """What an odds job finds (game.odds hands it on). ``boxes``: box -> chance of making
    it this turn (category games); ``chances``: named chances (Farkle ``farkle``,
    ``hot_dice``, per dice count ``farkle_<n>``; Pirate Fortune ``disqualified``,
    ``battle``, ``battle_selected``); ``lines``: the same in words, for the table;
    ``dice``: how many dice the roll throws."""

    game: str
    boxes: dict[str, float] = field(default_factory=dict)
    chances: dict[str, float] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    dice: int = 0
@runtime_checkable
class CardGame(GameRules, Protocol):
    """A game in which the player to act draws a card (game.scenes.carddraw shows it; the
    rules screen draws ``{card:<id>}``): ``CARD_DECK`` says how each card looks, the state
    what the deck holds. ``{"kind": "draw"}`` draws the top card (reshuffling the discards
    into an empty deck), legal while ``drawn`` is False."""

    CARD_DECK: ClassVar[CardDeck]
    card: str | None  # the card drawn this turn (its id), None before the draw
    deck: list[str]  # the cards still to draw
    discard: list[str]  # the cards played, shuffled back when the deck runs out
    drawn: bool  # this turn's card has been drawn


# The odds of a position (``odds`` in the catalog names it, "module:function"): a generator
# job for game.tasks, yielding between pieces of work and returning an Odds;
# ``selection`` is what the player has chosen but not played (dice held, set aside, to
# reroll). A game without one offers no odds.
OddsJob = Callable[[GameState, list[int]], Generator[Any, None, Odds]]


@runtime_checkable
class Policy(Protocol):
    """A bot (``game.bots.<module>.POLICIES[strength](rng)``). ``choose`` is all a bot
    must do; the coach asks the rest, which ``PolicyBase`` answers for a bot that does not
    value moves."""

    value_text: str | None  # how to read a "points" value ("expected {:,.1f} ..."), or None
    win_value_text: str  # how to read a "win" value (a chance to win, 0..1)
    win_cost_note: str | None  # what a chance-to-win cost measures, if not the bare chance

    def choose(self, state: GameState) -> Action: ...

    # ``choose`` as a generator job (game.tasks): the same action, in pieces a frame may
    # share (a long decision yields between its candidates); the play scene, the coach and
    # the daily ask this, the simulator ``choose``
    def choose_steps(self, state: GameState) -> Generator[Any, None, Action]: ...

    def warm_steps(self, state: GameState) -> Iterator[Any]: ...  # its tables, in pieces

    def action_values(self, state: GameState) -> list[tuple[Action, float]] | None: ...

    def value_unit(self, state: GameState) -> str: ...  # one of UNITS


class BotModule(Protocol):
    """A game's bots: the module ``bot_module`` names in the catalog (under game.bots)."""

    POLICIES: dict[str, Callable[[Random], Policy]]  # strength -> the policy's class

    def strengths(self, options: dict[str, Any]) -> tuple[str, ...]: ...  # weakest first


class PolicyBase:
    """What a bot answers the coach unless it says more: no tables to build, no values
    (the hint is the move alone), values in points, plain words."""

    value_text: str | None = None
    win_value_text: str = WIN_TEXT
    win_cost_note: str | None = None

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError

    def choose_steps(self, state: GameState) -> Generator[Any, None, Action]:
        """``choose`` in one piece (a bot whose decisions are long says more)."""
        return self.choose(state)
        yield  # (a generator all the same)

    def warm_steps(self, state: GameState) -> Iterator[Any]:
        return
        yield  # (a generator that builds nothing)

    def action_values(self, state: GameState) -> list[tuple[Action, float]] | None:
        return None

    def value_unit(self, state: GameState) -> str:
        return "points"
