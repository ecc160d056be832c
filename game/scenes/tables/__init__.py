"""Per-game configuration of the shared play scene: one small module per game."""

from __future__ import annotations

import importlib


def load_table(name: str):
    return importlib.import_module(f"game.scenes.tables.{name}").Table


class StandIn:
    """What a table needs from a scene when it draws or words a position outside play (the
    results' final sheet, the review's moves): the state, the names, nobody to act."""

    human_turn = False
    shown_seat = None

    def __init__(self, state):
        self.state = state

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name
