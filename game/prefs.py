"""Remembered settings: the bots' pace, mute, and per game the last seats (names, bots)
and rule options. Stored like the records (a file, or localStorage in the browser) and
read back field by field: whatever is damaged falls back to its default, the file is set
aside, and the player is told once."""

from __future__ import annotations

import json
from typing import Any

from game import storage
from game.catalog import GAMES
from game.rules.core import NAME_MAX

FORMAT = 1
FIELDS = ("bot_speed", "muted", "seats", "options", "coach", "odds", "window")


def _seats(game_id: str, value: Any) -> list[dict[str, Any]]:
    from game.bots import policy_names_for
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
    from game.catalog import SESSION_OPTION
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


def decode(data: Any, speeds: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    """The usable settings in ``data`` and the names of the parts that were not."""
    good: dict[str, Any] = {}
    bad: list[str] = []
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return good, ["everything"]
    if data.get("bot_speed") in speeds:
        good["bot_speed"] = data["bot_speed"]
    elif "bot_speed" in data:
        bad.append("bot pace")
    from game.coach import COACH_MODES
    if data.get("coach") in COACH_MODES:
        good["coach"] = data["coach"]
    elif "coach" in data:
        bad.append("coach")
    if isinstance(data.get("odds"), bool):
        good["odds"] = data["odds"]
    elif "odds" in data:
        bad.append("odds")
    window = data.get("window")
    if window is None or (isinstance(window, list) and len(window) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384
            for v in window)):
        good["window"] = window
    else:
        bad.append("window size")
    if isinstance(data.get("muted"), bool):
        good["muted"] = data["muted"]
    elif "muted" in data:
        bad.append("sound")
    for key, check in (("seats", _seats), ("options", _options)):
        value = data.get(key, {})
        if not isinstance(value, dict):
            bad.append(key)
            continue
        kept = {}
        for game_id, entry in list(value.items())[:64]:
            try:
                if game_id in GAMES:
                    kept[game_id] = check(game_id, entry)
            except (ValueError, TypeError, KeyError):
                bad.append(f"{key} of {game_id}"[:40])
        good[key] = kept
    return good, bad


def load_into(settings: Any, speeds: tuple[str, ...]) -> str:
    """Fill ``settings`` from storage; a message for the player when something was wrong."""
    try:
        data = storage.read_json(storage.SETTINGS)
    except storage.StoreError as exc:
        storage.set_aside(storage.SETTINGS)
        return f"Your settings could not be read ({exc}); the defaults are back."
    if data is None:
        return ""
    good, bad = decode(data, speeds)
    for key, value in good.items():
        setattr(settings, key, value)
    if bad:
        storage.set_aside(storage.SETTINGS)
        return "Some settings were damaged and are back to their defaults."
    return ""


def save_from(settings: Any) -> bool:
    data: dict[str, Any] = {"format": FORMAT}
    for key in FIELDS:
        if hasattr(settings, key):
            data[key] = getattr(settings, key)
    try:
        text = json.dumps(data, separators=(",", ":"))
    except (TypeError, ValueError):
        return False
    return storage.write_text(storage.SETTINGS, text)
