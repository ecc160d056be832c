"""Remembered settings: the bots' pace, mute, the coach, the odds, the window's size, and
per game the last seats (names, bots) and rule options. Stored like the records (a file,
or localStorage in the browser) and read back field by field: whatever is damaged falls
back to its default, the file is set aside, and the player is told once.

``TABLE`` defines each setting once (default, range or choices); reading the file, writing
it and the app setting a value (``SETTINGS["window"].kind.fit``) all go by it, so the game
never writes what it would refuse to read."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game import storage
from game.bots import policy_names_for
from game.catalog import GAMES, SESSION_OPTION
from game.coach import COACH_MODES
from game.rules.core import NAME_MAX
from game.ui.sizes import holds

FORMAT = 1
BOT_SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3}  # seconds a bot "thinks" per action
WINDOW_MAX = 16384  # device pixels a side: no real screen is larger


class Flag:
    """True or False."""

    def check(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError("not true or false")
        return value


class Choice:
    """One of ``choices`` (a tuple, or a function that gives it: a list kept elsewhere)."""

    def __init__(self, choices: tuple | Callable[[], tuple]):
        self.choices = choices

    def check(self, value: Any) -> Any:
        choices = self.choices() if callable(self.choices) else self.choices
        if isinstance(value, bool) or value not in choices:
            raise ValueError("not a choice")
        return value


class Whole:
    """A whole number from ``low`` to ``high``; ``fit`` brings one into that range."""

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def check(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) \
                or not self.low <= value <= self.high:
            raise ValueError("out of range")
        return value

    def fit(self, value: int) -> int:
        return max(self.low, min(self.high, int(value)))


class WindowSize:
    """The desktop window's last size in device pixels, [width, height]: one the layouts
    hold (``sizes.holds``, at the desktop's ratio of 1) and a screen can show; or None
    (never resized: the default size)."""

    def check(self, value: Any) -> Any:
        if value is None:
            return None
        if not (isinstance(value, list | tuple) and len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and v <= WINDOW_MAX
                for v in value) and holds(*value)):
            raise ValueError("not a window size")
        return list(value)

    def fit(self, value: Any) -> Any:
        """``value`` when it can be kept, else None (not remembered)."""
        try:
            return self.check(value)
        except ValueError:
            return None


class PerGame:
    """Per game id an entry ``check(game_id, entry)`` accepts; the games not in the catalog
    are dropped, each damaged entry named."""

    def __init__(self, check: Callable[[str, Any], Any]):
        self.entry = check

    def read(self, value: Any, name: str) -> tuple[Any, list[str]]:
        if not isinstance(value, dict):
            return {}, [name]
        kept, bad = {}, []
        for game_id, entry in list(value.items())[:64]:
            try:
                if game_id in GAMES:
                    kept[game_id] = self.entry(game_id, entry)
            except (ValueError, TypeError, KeyError):
                bad.append(f"{name} of {game_id}"[:40])
        return kept, bad

    def check(self, value: Any) -> Any:
        kept, bad = self.read(value, "")
        if bad:
            raise ValueError("damaged entries")
        return kept


@dataclass(frozen=True)
class Setting:
    """One remembered setting: its key in the file (and attribute of ``app.Settings``), its
    name when it is damaged, its default, and what it may be (``kind.check`` returns the
    value or raises ValueError). The same check reads it and writes it."""

    key: str
    name: str
    default: Any
    kind: Flag | Choice | Whole | WindowSize | PerGame

    def fresh(self) -> Any:
        """The default (a new one when it is a container)."""
        return copy.deepcopy(self.default)


def _coach_modes() -> tuple[str, ...]:
    return COACH_MODES


def _seats(game_id: str, value: Any) -> list[dict[str, Any]]:
    info = GAMES[game_id]
    if not isinstance(value, list) or not info.min_players <= len(value) <= info.max_players:
        raise ValueError("seats")
    out = []
    for seat in value:
        if not isinstance(seat, dict) or set(seat) != {"name", "bot"}:
            raise ValueError("seat")
        name, bot = seat["name"], seat["bot"]
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX or not name.isprintable():
            raise ValueError("name")
        if bot is not None and bot not in policy_names_for(info):
            raise ValueError("bot")
        out.append({"name": name, "bot": bot})
    return out


def _options(game_id: str, value: Any) -> dict[str, Any]:
    """A game's remembered options: the ones its menu shows, each a value the menu offers
    or the engine takes (a session's games per side is the menu's, not the engine's)."""
    info = GAMES[game_id]
    if not isinstance(value, dict) or set(value) & set(info.fixed_options):
        raise ValueError("options")
    shown = {o.key: o for o in info.options}
    if set(value) - set(shown):
        raise ValueError("options")
    rules = {k: v for k, v in value.items() if k != SESSION_OPTION}
    if SESSION_OPTION in value and (isinstance(value[SESSION_OPTION], bool) or
                                    value[SESSION_OPTION] not in shown[SESSION_OPTION].choices):
        raise ValueError("session")
    info.state_type().validate_options({**rules, **info.fixed_options})
    return dict(value)


def _lesson(game_id: str, value: Any) -> bool:
    """Whether the game's lesson (Learn to play) was proposed: then never again unasked."""
    return Flag().check(value)


# Every remembered setting, one line each: what is stored is what these checks allow, both
# when the file is read and when it is written. A new setting is a line here.
TABLE = (
    Setting("bot_speed", "bot pace", "normal", Choice(tuple(BOT_SPEEDS))),
    Setting("muted", "sound", False, Flag()),
    Setting("seats", "seats", {}, PerGame(_seats)),  # game id -> [{name, bot}]
    Setting("options", "options", {}, PerGame(_options)),  # game id -> {option: value}
    Setting("coach", "coach", "request", Choice(_coach_modes)),  # off | request | always
    Setting("odds", "odds", False, Flag()),  # exact odds shown on a human's turn
    Setting("window", "window size", None, WindowSize()),  # the desktop window's last size
    Setting("colour_blind", "colours", False, Flag()),  # the palette for colour-blind players
    Setting("reduce_motion", "reduce motion", False, Flag()),  # no tumbling, confetti, shakes
    Setting("large_text", "larger text", False, Flag()),  # every text one step up the scale
    Setting("effects_volume", "effects volume", 100, Whole(0, 100)),  # sound effects, percent
    Setting("sharpest", "picture", False, Flag()),  # the browser: the screen's own pixel ratio
    Setting("lessons", "lessons", {}, PerGame(_lesson)),  # game id -> its lesson was proposed
)
SETTINGS = {s.key: s for s in TABLE}
FIELDS = tuple(SETTINGS)


def read(setting: Setting, value: Any) -> tuple[Any, list[str]]:
    """(``value`` as it may be kept, or ``MISSING``; the names of what was wrong in it)."""
    if isinstance(setting.kind, PerGame):
        return setting.kind.read(value, setting.name)
    try:
        return setting.kind.check(value), []
    except (ValueError, TypeError):
        return MISSING, [setting.name]


MISSING = object()


def decode(data: Any) -> tuple[dict[str, Any], list[str]]:
    """The usable settings in ``data`` and the names of the parts that were not."""
    good: dict[str, Any] = {}
    bad: list[str] = []
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return good, ["everything"]
    for setting in TABLE:
        if setting.key not in data:
            continue
        value, wrong = read(setting, data[setting.key])
        if value is not MISSING:
            good[setting.key] = value
        bad += wrong
    return good, bad


def load_into(settings: Any) -> str:
    """Fill ``settings`` from storage; a message for the player when something was wrong."""
    try:
        data = storage.read_json(storage.SETTINGS)
    except storage.StoreError as exc:
        storage.set_aside(storage.SETTINGS)
        return f"Your settings could not be read ({exc}); the defaults are back."
    if data is None:
        return ""
    good, bad = decode(data)
    for key, value in good.items():
        setattr(settings, key, value)
    if bad:
        storage.set_aside(storage.SETTINGS)
        return "Some settings were damaged and are back to their defaults."
    return ""


def save_from(settings: Any) -> bool:
    """Store ``settings`` (each attribute the table names), writing only what reading it
    back accepts: a value out of its range is left out (its default comes back)."""
    data: dict[str, Any] = {"format": FORMAT}
    for setting in TABLE:
        if hasattr(settings, setting.key):
            value, _ = read(setting, getattr(settings, setting.key))
            if value is not MISSING:
                data[setting.key] = value
    try:
        text = json.dumps(data, separators=(",", ":"))
    except (TypeError, ValueError):
        return False
    return storage.write_text(storage.SETTINGS, text)
