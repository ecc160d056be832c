"""Grab It!'s rules at their public path: API.md keeps the pure scoring functions
importable from ``game.rules.grab_it``; they and the module's other public names live in
the game's folder (game/games/grab_it/rules.py) and are handed on from here."""

from game.games.grab_it.rules import *  # noqa: F403
from game.games.grab_it.rules import __all__  # noqa: F401
