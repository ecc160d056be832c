"""Pirate Fortune's rules at their public path: API.md keeps the pure scoring functions
importable from ``game.rules.pirates``; they and the module's other public names live in
the game's folder (game/games/pirates/rules.py) and are handed on from here."""

from game.games.pirates.rules import *  # noqa: F403
from game.games.pirates.rules import __all__  # noqa: F401
