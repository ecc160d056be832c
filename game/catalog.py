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
    rules_help: str = ""  # name of assets/rules/<name>.txt
    table: str = ""  # module under game.scenes.tables that configures the play scene

    def table_module(self) -> str:
        return self.table or self.bot_module

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
    "farkle": GameInfo(
        "farkle", "Farkle", "Six dice, press your luck: bank it or risk it all.", 1, 8,
        "farkle:FarkleState", "farkle", {}, (
        Option("target", "Target score", "int", choices=(2000, 5000, 10000, 15000, 20000),
               help="Reaching it starts the last round: everyone else gets one more turn."),
        Option("on_board", "On the board", "bool",
               help="A player's first bank must reach a minimum."),
        Option("on_board_min", "First bank at least", "int", choices=(300, 350, 500, 750, 1000),
               shown_if="on_board"),
        Option("min_bank", "Minimum to stop", "bool",
               help="Once on the board, a player may only bank a turn worth the minimum."),
        Option("min_bank_points", "Stop at least", "int", choices=(200, 300, 350, 400, 500),
               shown_if="min_bank"),
        Option("three_farkles", "Three farkles: -1000", "bool",
               help="Three farkles in a row cost 1000 points; any bank resets the count."),
        Option("vant_hof", "Van't Hof 6", "bool",
               help="Six 1s set aside in one turn, across rolls, are worth 3000 together."),
        Option("piggyback", "Piggybacking", "bool",
               help="Start your turn on the dice the previous player left, with their points."),
        Option("piggyback_credit", "Farkled piggyback pays back", "bool", shown_if="piggyback",
               help="If a piggybacking turn farkles, the previous player gets the points again."),
        ), "farkle"),
    "bona_fortuna": GameInfo(
        "bona_fortuna", "Bona Fortuna",
        "Fill two columns, then fight for doubled boxes.", 2, 4,
        "bona_fortuna:BonaFortunaState", "bona_fortuna", {}, (), "bona_fortuna"),
}

ALL_GAME_IDS = ("yatzy", "maxi_yatzy", "farkle", "pirates", "bona_fortuna", "grab_it")


def get_game(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; choose one of: {known}") from None
