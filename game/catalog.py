"""The games on offer: what the menu shows, what the simulator accepts, and where each
game's rules, bots and scene configuration live. Adding a game is one entry here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
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
    default: Any = None  # for options the menu holds but the rules do not (e.g. the session)
    names: tuple[tuple[Any, str], ...] = ()  # (value, words) where a value is not for show

    def text(self, value: Any) -> str:
        """A value as the menu shows it: On/Off, a name for a coded value ("Standard" for
        the deck "default"), a number as the rules write it ("10,000")."""
        for coded, words in self.names:
            if coded == value and type(coded) is type(value):
                return words
        if self.kind == "bool":
            return "On" if value else "Off"
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        return str(value)


def module_path(package: str, name: str) -> str:
    """Where a catalog entry's module lives: ``name`` under ``package`` ("yatzy" is
    game.rules.yatzy), or ``name`` itself when it is a whole path (a game kept elsewhere,
    such as a test's)."""
    return name if "." in name else f"{package}.{name}"


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    state_class: str  # "module:Class" under game.rules (or a whole module path, "a.b:Class")
    bot_module: str  # module under game.bots with POLICIES (or a whole module path)
    fixed_options: dict[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    rules_help: str = ""  # name of assets/rules/<name>.txt, or "package:file" (a game's own)
    table: str = ""  # module under game.scenes.tables that configures the play scene (or a
    # whole module path)
    player_counts: tuple[int, ...] = ()  # when not every count from min to max is allowed
    odds: str = ""  # "module:function", the position's odds (game.contract.OddsJob); "": none

    def takes(self, players: int) -> bool:
        """Whether the game can be played by this many players."""
        if self.player_counts:
            return players in self.player_counts
        return self.min_players <= players <= self.max_players

    def players_text(self) -> str:
        if self.player_counts:
            return ", ".join(map(str, self.player_counts[:-1])) + f" or {self.player_counts[-1]}"
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"

    def table_module(self) -> str:
        return self.table or self.bot_module

    def state_type(self):
        module, cls = self.state_class.split(":")
        return getattr(importlib.import_module(module_path("game.rules", module)), cls)

    def odds_job(self):
        """The function giving a position's odds (game.contract.OddsJob), None when the
        game offers none."""
        if not self.odds:
            return None
        module, name = self.odds.split(":")
        return getattr(importlib.import_module(module), name)

    def default_options(self) -> dict[str, Any]:
        opts = {o.key: o.default for o in self.options if o.key == SESSION_OPTION}
        opts.update(self.state_type().DEFAULT_OPTIONS)
        opts.update(self.fixed_options)
        return opts

    def new_game(self, seats, options: dict[str, Any] | None = None, seed: int | None = None):
        merged = {k: v for k, v in (options or {}).items() if k != SESSION_OPTION}
        merged.update(self.fixed_options)
        return self.state_type()(seats, merged, seed)

    def session_rounds(self, options: dict[str, Any] | None) -> int:
        """Games per side asked for by the menu's session option (0: a single game)."""
        value = (options or {}).get(SESSION_OPTION, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def start(self, seats, options: dict[str, Any] | None = None, seed: int | None = None):
        """A new game, or the first game of a new session when the options ask for one:
        returns (state, session or None)."""
        rounds = self.session_rounds(options)
        if not rounds:
            return self.new_game(seats, options, seed), None
        from game.rules.session import Session
        rules = {k: v for k, v in (options or {}).items() if k != SESSION_OPTION}
        session = Session(self.id, seats, rules, rounds, seed if seed is not None else 0)
        return session.current, session


STAKES_OPTIONS = (
    Option("stakes", "Stakes (chips, bets, pot)", "bool",
           help="Everyone bets into a pot; the winner takes it. First-roll Large Straight, "
                "Full House or Yatzy pays 0.5x, 1x or 2x the bet."),
    Option("bet", "Bet per game", "int", choices=(5, 10, 20, 50, 100), shown_if="stakes"),
)

SESSION_OPTION = "session"  # games per side in a session; 0 plays a single game


def session_option(help_text: str) -> Option:
    return Option(SESSION_OPTION, "Session", "int", choices=(0, 1, 2, 3),
                  help=help_text, default=0,
                  names=((0, "one game"), (1, "1 game per side"), (2, "2 games per side"),
                         (3, "3 games per side")))


BOX_ODDS = "game.odds:box_odds_steps"  # the category games' odds: each open box's chance

# Every game on offer, in the order the menu shows them: the one list the rest derives from.
CATALOG: tuple[GameInfo, ...] = (
    GameInfo(
        id="yatzy", title="Yatzy", pitch="Five dice, three rolls, fifteen boxes to fill.",
        min_players=1, max_players=6, state_class="yatzy:YatzyState", bot_module="yatzy",
        fixed_options={"dice": 5}, options=STAKES_OPTIONS, rules_help="yatzy",
        odds=BOX_ODDS),
    GameInfo(
        id="maxi_yatzy", title="Maxi Yatzy",
        pitch="Six dice and twenty boxes: royal, triplets, 4+2.",
        min_players=1, max_players=6, state_class="yatzy:MaxiYatzyState", bot_module="yatzy",
        fixed_options={"dice": 6}, options=STAKES_OPTIONS, rules_help="maxi_yatzy",
        odds=BOX_ODDS),
    GameInfo(
        id="farkle", title="Farkle", pitch="Six dice, press your luck: bank it or risk it all.",
        min_players=1, max_players=8, state_class="farkle:FarkleState", bot_module="farkle",
        options=(
            Option("target", "Target score", "int", choices=(2000, 5000, 10000, 15000, 20000),
                   help="Reaching it starts the last round: everyone else gets one more turn."),
            Option("on_board", "On the board", "bool",
                   help="A player's first bank must reach a minimum."),
            Option("on_board_min", "First bank at least", "int",
                   choices=(300, 350, 500, 750, 1000), shown_if="on_board"),
            Option("min_bank", "Minimum to stop", "bool",
                   help="Once on the board, a player may only bank a turn worth the minimum."),
            Option("min_bank_points", "Stop at least", "int", choices=(200, 300, 350, 400, 500),
                   shown_if="min_bank"),
            Option("three_farkles", "Three farkles: -1,000", "bool",
                   help="Three farkles in a row cost 1,000 points; any bank resets the count."),
            Option("vant_hof", "Van't Hof 6", "bool",
                   help="Six 1s set aside in one turn, across rolls, are worth 3,000 together."),
            Option("piggyback", "Piggybacking", "bool",
                   help="Start your turn on the dice the previous player left, with their "
                        "points."),
            Option("piggyback_credit", "Farkled piggyback pays back", "bool",
                   shown_if="piggyback",
                   help="If a piggybacking turn farkles, the previous player gets the points "
                        "again."),
        ),
        rules_help="farkle", odds="game.farkle_odds:odds_steps"),
    GameInfo(
        id="bona_fortuna", title="Bona Fortuna",
        pitch="Fill two columns, then fight for doubled boxes.",
        min_players=2, max_players=4, state_class="bona_fortuna:BonaFortunaState",
        bot_module="bona_fortuna", rules_help="bona_fortuna", odds=BOX_ODDS),
    GameInfo(
        id="grab_it", title="Grab It!",
        pitch="Twelve shared boxes: what you grab, nobody else gets.",
        min_players=2, max_players=6, state_class="grab_it:GrabItState", bot_module="grab_it",
        options=(
            session_option("One game, or a session of 1 to 3 games per side, the first roller "
                           "moving on each game; most games won takes it."),
        ),
        rules_help="grab_it", player_counts=(2, 3, 4, 6), odds=BOX_ODDS),
    GameInfo(
        id="pirates", title="Pirate Fortune",
        pitch="Eight dice, a Fortune Card, mind the skulls.",
        min_players=1, max_players=4, state_class="pirates:PirateState", bot_module="pirates",
        options=(
            Option("deck", "Fortune deck", "choice", choices=("default", "classic"),
                   names=(("default", "Standard"), ("classic", "Classic")),
                   help="Standard: 35 cards with Storm and Truce; Classic: 35 cards without "
                        "them."),
            Option("negative", "Negative scores", "bool",
                   help="Lost battles, Truces and the Island may take a score below 0."),
            Option("target", "Target score", "int",
                   choices=(3000, 5000, 6000, 8000, 10000, 12000),
                   help="Reaching it starts the last round: everyone else gets one more turn."),
        ),
        rules_help="pirates", odds="game.pirate_odds:odds_steps"),
)

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
