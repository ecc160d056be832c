"""Keeps the game in progress across restarts: a JSON file on the desktop, the browser's
localStorage under pygbag. A save that cannot be read is set aside, never silently lost."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from game.catalog import GAMES, GameInfo
from game.rules.core import GameState, SaveError

KEY = "dice-harbor-autosave"


def _browser_storage():
    if sys.platform != "emscripten":
        return None
    try:
        import platform  # pygbag's bridge to the page (window, localStorage)
        return platform.window.localStorage
    except (ImportError, AttributeError):
        return None


def save_path() -> Path:
    home = os.environ.get("DICE_HARBOR_HOME")
    base = Path(home) if home else Path.home() / ".local" / "share" / "dice-harbor"
    return base / "autosave.json"


def _write(text: str | None) -> None:
    web = _browser_storage()
    if web is not None:
        web.removeItem(KEY) if text is None else web.setItem(KEY, text)
        return
    path = save_path()
    if text is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)  # atomic: a crash mid-write never leaves half a save


def _read() -> str | None:
    web = _browser_storage()
    if web is not None:
        return web.getItem(KEY)
    path = save_path()
    return path.read_text(encoding="utf-8") if path.exists() else None


def store(game_id: str, state: GameState) -> None:
    try:
        _write(json.dumps({"game_id": game_id, "save": state.save()}))
    except OSError:
        pass  # a read-only disk must not stop the game


def clear() -> None:
    try:
        _write(None)
    except OSError:
        pass


def has_save() -> bool:
    try:
        return bool(_read())
    except OSError:
        return False


def load() -> tuple[GameInfo, GameState]:
    """The saved game, or SaveError with a message a player can read."""
    try:
        text = _read()
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"the save file cannot be read: {exc}") from exc
    if not text:
        raise SaveError("there is no saved game")
    try:
        data = json.loads(text)
        info = GAMES[data["game_id"]]
        return info, info.state_type().load(data["save"])
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"the saved game is damaged ({exc.__class__.__name__})") from exc


def set_aside() -> str:
    """Move an unreadable save out of the way (kept for inspection) and say where."""
    web = _browser_storage()
    text = _read()
    if web is not None:
        web.setItem(KEY + "-damaged", text or "")
        web.removeItem(KEY)
        return "browser storage"
    path = save_path()
    target = path.with_name("autosave.damaged.json")
    if path.exists():
        path.replace(target)
    return str(target)
