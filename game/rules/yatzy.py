"""Yatzy's and Maxi Yatzy's rules at their public path: API.md keeps the pure scoring functions
importable from ``game.rules.yatzy``; they and the module's other public names live in
the game's folder (game/games/yatzy/rules.py) and are handed on from here."""

from game.games.yatzy.rules import *  # noqa: F403
from game.games.yatzy.rules import __all__  # noqa: F401
