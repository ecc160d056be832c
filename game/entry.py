"""A catalog entry: what a game declares about itself, as data with named fields.

Each game's folder (``game/games/<family>/__init__.py``) holds its entries (``ENTRIES``)
made of these; ``game.catalog`` collects them. Plain Python, no pygame: the entries are
read before any game's rules, bots or table are imported (each is imported when first
asked for, by its module's name).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.session import Session


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
    """Where a catalog entry's module lives: ``name`` in the game's folder ``package``
    ("rules" in game.games.yatzy is game.games.yatzy.rules), or ``name`` itself when it
    is a whole path (a module kept elsewhere, such as the shared box odds or a test's)."""
    return name if "." in name or not package else f"{package}.{name}"


@dataclass(frozen=True)
class GameInfo:
    """A game's catalog entry: what the shared code asks of it (its modules by path)."""
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    state_class: str  # "module:Class", the module in ``package`` or a whole path ("a.b:Class")
    bot_module: str  # the module with POLICIES, in ``package`` or a whole path
    fixed_options: dict[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    rules_help: str = ""  # the rules text: a file in the game's folder (or a whole path)
    table: str = ""  # the module that configures the play scene, in ``package`` or whole
    player_counts: tuple[int, ...] = ()  # when not every count from min to max is allowed
    odds: str = ""  # "module:function", the position's odds (game.contract.OddsJob); "": none
    lesson: str = ""  # "module:NAME", its Learn to play script (game.lessons.Lesson); "": none
    package: str = ""  # the game's folder (its __init__'s __name__): where its modules are

    def __post_init__(self):
        # every module named by its whole path from here on (what make_policy, the tables and
        # the tests are handed)
        def whole(name: str) -> str:
            return module_path(self.package, name) if name else name

        module, _, cls = self.state_class.partition(":")
        object.__setattr__(self, "state_class", f"{whole(module)}:{cls}")
        object.__setattr__(self, "bot_module", whole(self.bot_module))
        object.__setattr__(self, "table", whole(self.table))
        for name in ("odds", "lesson"):
            if getattr(self, name):
                module, _, attr = getattr(self, name).partition(":")
                object.__setattr__(self, name, f"{whole(module)}:{attr}")

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
        return getattr(importlib.import_module(module), cls)

    def odds_job(self):
        """The function giving a position's odds (game.contract.OddsJob), None when the
        game offers none."""
        if not self.odds:
            return None
        module, name = self.odds.split(":")
        return getattr(importlib.import_module(module), name)

    def rules_path(self) -> Path:
        """The rules text the Rules screen shows: ``rules_help``, a file in the game's
        folder, or "package:file" (a file beside the modules of a game kept elsewhere)."""
        package, _, name = (self.rules_help or f"{self.id}.txt").rpartition(":")
        package = package or self.package
        if not package:
            return Path(name)
        return Path(importlib.import_module(package).__file__).resolve().parent / name

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
        rules = {k: v for k, v in (options or {}).items() if k != SESSION_OPTION}
        session = Session(self, seats, rules, rounds, seed if seed is not None else 0)
        return session.current, session


SESSION_OPTION = "session"  # games per side in a session; 0 plays a single game


def session_option(help_text: str) -> Option:
    return Option(SESSION_OPTION, "Session", "int", choices=(0, 1, 2, 3),
                  help=help_text, default=0,
                  names=((0, "one game"), (1, "1 game per side"), (2, "2 games per side"),
                         (3, "3 games per side")))


BOX_ODDS = "game.odds:box_odds_steps"  # the category games' odds: each open box's chance
