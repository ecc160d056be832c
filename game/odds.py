"""Exact odds for the position on the table, in every game, from the rules' chance model.

Each game names its odds in its catalog entry (``odds``: a game.contract.OddsJob); this
module holds what they share and the category games' odds, which ask the game only what
game.contract.BoxOdds declares (no pygame, no numpy: it runs in the browser). Every number
comes from ``state.chance_outcomes(action)`` -- the engine's own list of what a roll can
show, with exact multinomial probabilities (``game.rules.core.roll_outcomes``) -- and the
rules' own scoring functions; nothing is simulated:

* the category games (Yatzy, Maxi Yatzy, Bona Fortuna, Grab It!): for every box the player
  to act can still fill, the chance of *making* it (the dice score it above 0; Bona
  Fortuna's 3 of a Kind / Full House box: either meld) by the end of the turn, playing the
  rest of the turn for that box: the next roll throws the dice not held, then the best
  holds. That is the exact hold-and-roll turn search (``game.bots.turn_search``, whose
  tables come from the same chance model) with end values 1 (made) and 0;
* Farkle (game.games.farkle.odds): the chance that the next roll farkles and that it is hot
  dice (every rolled die scores), with the number of dice the current set-aside leaves;
* Pirate Fortune (game.games.pirates.odds): the chance that rerolling the chosen dice
  disqualifies, and under a Sea Battle card the chance of winning the battle from here.

``odds_steps(state, selection)`` is a generator (``game.tasks``): it yields between boxes
so the browser keeps drawing; ``odds(state, selection)`` runs it at once. ``selection`` is
what the player has chosen but not played yet: the held dice (category games), the dice
to set aside (Farkle), the dice to reroll (Pirate Fortune).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from math import fsum
from typing import Any

from game.bots.turn_search import tables, tables_steps
from game.catalog import BOX_ODDS, GAMES, GameInfo
from game.contract import BoxOdds, Odds, OddsJob
from game.rules.core import GameState
from game.tasks import run_now


def shows_boxes(info: GameInfo) -> bool:
    """Whether a game's odds are the chances of its open boxes (the sheet shows them)."""
    return info.odds == BOX_ODDS


# The games whose sheet shows each box's chance (as the table scene asks it today).
CATEGORY_GAMES = tuple(info.id for info in GAMES.values() if shows_boxes(info))


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


def odds_job(state: GameState) -> OddsJob:
    """The odds job the game of ``state`` names in its catalog entry; ValueError for a
    game that offers no odds."""
    info = GAMES.get(state.GAME_ID)
    job = info.odds_job() if info is not None else None
    if job is None:
        raise ValueError(f"no odds for {state.GAME_ID!r}")
    return job


def odds_steps(state: GameState, selection: Sequence[int] = ()) -> Generator[Any, None, Odds]:
    """The odds of the position (see the module's doc), as a ``game.tasks`` job."""
    return (yield from odds_job(state)(state, list(selection)))


def odds(state: GameState, selection: Sequence[int] = ()) -> Odds:
    return run_now(odds_steps(state, selection))


def _game_id(state: GameState) -> str:
    """(The table scene's name for ``state.GAME_ID``, from when Maxi Yatzy had none.)"""
    return state.GAME_ID


# -- the category games (game.contract.BoxOdds) --------------------------------------------

def _box_rules(game: str) -> type[BoxOdds]:
    return GAMES[game].state_type()


def made(game: str, box: str, dice: tuple[int, ...]) -> bool:
    """Do these sorted dice make ``box``: what the rules score it above 0."""
    return _box_rules(game).box_made(box, dice)


def open_boxes(state: BoxOdds, game: str = "") -> list[str]:
    """The boxes the player to act may still fill, in sheet order, each once."""
    return state.odds_boxes()


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
            box_made = _box_rules(game).box_made
            values = []
            for start in range(0, len(dice), 120):
                values += [1.0 if box_made(box, d) else 0.0 for d in dice[start:start + 120]]
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
        return 1.0 if state.box_made(box, tuple(sorted(state.dice))) else 0.0
    after = yield from box_values_steps(game, n, box, per_turn - rolls - 1)
    keep = () if rolls == 0 else tuple(sorted(state.dice[i] for i in set(held)))
    k = t.keep_index[keep]
    return t.expect(after, [k])[k]


def box_chance(state: GameState, game: str, box: str, held: Sequence[int]) -> float:
    return run_now(box_chance_steps(state, game, box, held))


def box_odds_steps(state: BoxOdds, selection: list[int]) -> Generator[Any, None, Odds]:
    """A category game's odds (game.contract.OddsJob): each open box's chance, the dice in
    ``selection`` held."""
    return (yield from _box_odds(state, state.GAME_ID, selection))


def _box_odds(state: GameState, game: str, held: list[int]) -> Generator[Any, None, Odds]:
    out = Odds(game)
    if state.is_over():
        return out
    boxes = state.odds_boxes()
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

