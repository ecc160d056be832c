"""Pig's bots (game.contract.BotModule): hold at a threshold, the hard one at the turn's
best (it values both moves in expected points banked this turn, so the coach can price a
choice)."""

from __future__ import annotations

from functools import cache
from random import Random

from game.bots import every_strength
from game.contract import PolicyBase
from game.rules.core import Action

BEST_HOLD = 20  # at 20 in the pot a roll's expected gain, (20 - pot) / 6, reaches 0


@cache
def turn_value(pot: int, room: int) -> float:
    """Expected points banked this turn from ``pot``, playing best, with ``room`` points
    to the target (a pot that reaches it is held: the game is won)."""
    if pot >= min(BEST_HOLD, room) and pot:
        return float(pot)
    return max(float(pot), roll_value(pot, room))


def roll_value(pot: int, room: int) -> float:
    """Expected points banked this turn after rolling from ``pot``, then playing best."""
    return sum(turn_value(pot + face, room) for face in range(2, 7)) / 6


class _Threshold(PolicyBase):
    hold_at = BEST_HOLD

    def __init__(self, rng: Random):
        self.rng = rng

    def choose(self, state) -> Action:
        pot, room = state.points_at_stake(), state.options["target"] - state.scores[state.current]
        if pot and (pot >= self.hold_at or pot >= room):
            return {"kind": "hold"}
        return {"kind": "roll"}


class EasyPolicy(_Threshold):
    hold_at = 8


class NormalPolicy(_Threshold):
    hold_at = 14


class HardPolicy(_Threshold):
    value_text = "expected {:,.1f} points banked this turn"

    def action_values(self, state) -> list[tuple[Action, float]] | None:
        if state.is_over():
            return None
        pot = state.points_at_stake()
        room = state.options["target"] - state.scores[state.current]
        values = [({"kind": "roll"}, roll_value(pot, room))]
        if pot:
            values.append(({"kind": "hold"}, float(pot)))
        return values

    def choose(self, state) -> Action:
        values = self.action_values(state) or [({"kind": "roll"}, 0.0)]
        return max(values, key=lambda av: av[1])[0]


POLICIES = {"easy": EasyPolicy, "normal": NormalPolicy, "hard": HardPolicy}
strengths = every_strength
