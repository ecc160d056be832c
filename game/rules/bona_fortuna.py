"""Bona Fortuna's rules at their public path: API.md keeps the pure scoring functions
importable from ``game.rules.bona_fortuna``; they and the module's other public names live in
the game's folder (game/games/bona_fortuna/rules.py) and are handed on from here."""

from game.games.bona_fortuna.rules import *  # noqa: F403
from game.games.bona_fortuna.rules import __all__  # noqa: F401
