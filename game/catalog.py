"""The games on offer: what the menu shows, what the simulator accepts, and where each
game's rules, bots and scene configuration live. Each game is a folder under game/games
whose ``__init__`` holds its entries (``ENTRIES``, game.entry.GameInfo: data with named
fields); adding a game is its folder and one line in ``GAME_FOLDERS``."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from game.entry import (  # noqa: F401  (handed on: what the shared code imports from here)
    BOX_ODDS,
    SESSION_OPTION,
    GameInfo,
    Option,
    module_path,
    session_option,
)

# The game folders (packages), in the order the menu shows their games.
GAME_FOLDERS = ("game.games.yatzy", "game.games.farkle", "game.games.bona_fortuna",
                "game.games.grab_it", "game.games.pirates")

# Every game on offer, in the order the menu shows them: the one list the rest derives from.
CATALOG: tuple[GameInfo, ...] = tuple(
    entry for folder in GAME_FOLDERS for entry in importlib.import_module(folder).ENTRIES)

GAMES: dict[str, GameInfo] = {info.id: info for info in CATALOG}
ALL_GAME_IDS: tuple[str, ...] = tuple(GAMES)


def get_game(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; choose one of: {known}") from None


@contextmanager
def offered(info: GameInfo) -> Iterator[GameInfo]:
    """``info`` on offer, after the catalog's games, while the ``with`` lasts: a game kept
    outside game/ (a test's) that the menu, saves, records, the coach, the odds and the
    simulator then find as they find any other; withdrawn afterwards."""
    if info.id in GAMES:
        raise ValueError(f"a game {info.id!r} is already on offer")
    GAMES[info.id] = info
    try:
        yield info
    finally:
        del GAMES[info.id]
