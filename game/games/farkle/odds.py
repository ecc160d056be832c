"""Farkle's odds (game.contract.OddsJob, named by its catalog entry): the chance that the
next roll farkles (no die scores) and that it is hot dice (every rolled die scores), with
the number of dice the current set-aside leaves in hand; before a set-aside that can roll,
the farkle chance of every number of dice. Exact, from the engine's chance outcomes
(game.odds.chance_steps) and Farkle's own scoring."""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from math import fsum
from typing import Any

from game.games.farkle.rules import _has_score_sorted, _split
from game.odds import Odds, chance_steps, percent
from game.rules.core import GameState, roll_outcomes
from game.tasks import run_now


def farkle_chances_steps(state: GameState, action: dict[str, Any]
                        ) -> Generator[Any, None, tuple[float, float]]:
    """(farkle, hot dice) for the roll ``action`` makes: no die scores / every die scores."""
    farkle = yield from chance_steps(state, action,
                                     lambda o: 0.0 if _has_score_sorted(o) else 1.0)
    hot = yield from chance_steps(state, action, lambda o: 1.0 if _split(o).points else 0.0)
    return farkle, hot


def farkle_chances(state: GameState, action: dict[str, Any]) -> tuple[float, float]:
    return run_now(farkle_chances_steps(state, action))


def odds_steps(state: GameState, selection: list[int]) -> Generator[Any, None, Odds]:
    """Farkle's odds (its catalog entry's ``odds``: game.contract.OddsJob)."""
    out = Odds(state.GAME_ID)
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
    return fsum(p for o, p in roll_outcomes(n) if not _has_score_sorted(o))
