"""The games on offer: what the menu shows, what the simulator accepts, and where each
game's rules, bots and scene configuration live. Adding a game is one entry here."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """A rule option as the menu shows it. ``kind`` is "bool", "int" or "choice"."""

    key: str
    label: str
    kind: str
    choices: tuple[Any, ...] = ()  # for "choice"; for "int" the values the menu steps through
    help: str = ""
    shown_if: str | None = None  # key of a bool option that must be on for this to matter


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    state_class: str  # "module:Class" under game.rules
    bot_module: str  # module under game.bots with POLICIES
    fixed_options: dict[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    rules_help: str = ""  # key into game.ui.rules_text

    def state_type(self):
        module, cls = self.state_class.split(":")
        return getattr(importlib.import_module(f"game.rules.{module}"), cls)

    def default_options(self) -> dict[str, Any]:
        opts = dict(self.state_type().DEFAULT_OPTIONS)
        opts.update(self.fixed_options)
        return opts

    def new_game(self, seats, options: dict[str, Any] | None = None, seed: int | None = None):
        merged = dict(options or {})
        merged.update(self.fixed_options)
        return self.state_type()(seats, merged, seed)


STAKES_OPTIONS = (
    Option("stakes", "Stakes (chips, bets, pot)", "bool",
           help="Everyone bets into a pot; the winner takes it. First-roll Large Straight, "
                "Full House or Yatzy pays 0.5x, 1x or 2x the bet."),
    Option("bet", "Bet per game", "int", choices=(5, 10, 20, 50, 100), shown_if="stakes"),
)

GAMES: dict[str, GameInfo] = {
    "yatzy": GameInfo(
        "yatzy", "Yatzy", "Five dice, three rolls, fifteen boxes to fill.", 1, 6,
        "yatzy:YatzyState", "yatzy", {"dice": 5}, STAKES_OPTIONS, "yatzy"),
    "maxi_yatzy": GameInfo(
        "maxi_yatzy", "Maxi Yatzy", "Six dice and twenty boxes: royal, triplets, 4+2.", 1, 6,
        "yatzy:YatzyState", "yatzy", {"dice": 6}, STAKES_OPTIONS, "maxi_yatzy"),
}

ALL_GAME_IDS = ("yatzy", "maxi_yatzy", "farkle", "pirates", "bona_fortuna", "grab_it")


def get_game(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; choose one of: {known}") from None
