"""Pig's odds (game.contract.OddsJob): the chance that the next roll is a 1 and loses the
pot, from the engine's own chance outcomes."""

from __future__ import annotations

from game.odds import Odds, chance_steps, percent


def odds_steps(state, selection):
    out = Odds(state.GAME_ID)
    if state.is_over():
        return out
    lose = yield from chance_steps(state, {"kind": "roll"}, lambda o: 1.0 if o == (1,) else 0.0)
    out.dice, out.chances["lose_pot"] = 1, lose
    out.lines.append(f"Next roll: a 1 loses the pot {percent(lose)}")
    return out
