"""Farkle's rules at their public path: API.md keeps the pure scoring functions
importable from ``game.rules.farkle``; they and the module's other public names live in
the game's folder (game/games/farkle/rules.py) and are handed on from here."""

from game.games.farkle.rules import *  # noqa: F403
from game.games.farkle.rules import __all__  # noqa: F401
