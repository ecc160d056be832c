"""What Dice Harbor keeps between runs: the game in progress, the records and the settings.

A JSON file each on the desktop (``~/.local/share/dice-harbor/<name>.json``), a
localStorage key each in the browser under pygbag. Nothing read back is trusted: every
read is bounded in size, decoded strictly, parsed with every parser error caught, and
then checked field by field by its owner. What cannot be used is set aside (kept for
inspection under ``<name>.damaged.json``), reported in one readable sentence, and never
stops the game from starting.

The game in progress is stored as what made it (``GameState.save()``: seats, options,
seed and moves) and loaded by replaying the moves through the rules.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from game.bots import policy_names_for
from game.catalog import GAMES, GameInfo
from game.rules.core import GameState, SaveError
from game.rules.session import Session
from game.web import missing as web_missing

PREFIX = "dice-harbor-"
AUTOSAVE, RECORDS, SETTINGS = "autosave", "records", "settings"
RECENT = "recent"  # the last finished games, whole (game.recent)
LINKS, DAILY = "links", "daily"  # games by link (game.links), daily challenges (game.daily)
MAX_BYTES = {AUTOSAVE: 1_000_000, RECORDS: 1_000_000, SETTINGS: 200_000, RECENT: 1_500_000,
             LINKS: 1_000_000, DAILY: 1_000_000}


class StoreError(SaveError):
    """Stored data that cannot be used; the message is meant for the player."""


def _browser_storage():
    if sys.platform != "emscripten":
        return None
    try:
        import platform  # pygbag's bridge to the page (window, localStorage)
        return platform.window.localStorage
    except (ImportError, AttributeError):
        return None


def folder() -> Path:
    home = os.environ.get("DICE_HARBOR_HOME")
    return Path(home) if home else Path.home() / ".local" / "share" / "dice-harbor"


def path_of(name: str) -> Path:
    return folder() / f"{name}.json"


def save_path() -> Path:
    """The autosave file on the desktop."""
    return path_of(AUTOSAVE)


# -- raw text, bounded -------------------------------------------------------------------
def write_text(name: str, text: str | None) -> bool:
    """Store (or with None remove) one item; False when the medium refuses (a full or
    read-only disk, a full localStorage): the game goes on either way."""
    try:
        web = _browser_storage()
        if web is not None:
            web.removeItem(PREFIX + name) if text is None else web.setItem(PREFIX + name, text)
            return True
        path = path_of(name)
        if text is None:
            path.unlink(missing_ok=True)
            return True
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)  # atomic: a crash mid-write never leaves half a file
        return True
    except Exception:  # noqa: BLE001 - storage trouble of any kind must not stop a game
        return False


def read_text(name: str) -> str | None:
    """The stored text, None when there is none; StoreError when it cannot be text."""
    limit = MAX_BYTES[name]
    web = _browser_storage()
    if web is not None:
        try:
            text = web.getItem(PREFIX + name)
        except Exception as exc:  # noqa: BLE001 - the page's storage may refuse access
            raise StoreError("the browser's storage cannot be read") from exc
        if web_missing(text) or text == "":
            return None  # (a missing key: None, or pyodide's jsnull; never "damaged")
        if not isinstance(text, str) or len(text) > limit:
            raise StoreError(f"it is larger than {limit // 1000} kB")
        return text
    path = path_of(name)
    try:
        if not path.exists():
            return None
        if not path.is_file():
            raise StoreError("it is not a file")
        if path.stat().st_size > limit:
            raise StoreError(f"it is larger than {limit // 1000} kB")
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise StoreError(f"it cannot be read ({exc.strerror or 'input/output error'})") from exc
    if len(raw) > limit:
        raise StoreError(f"it is larger than {limit // 1000} kB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StoreError("it is not text written by Dice Harbor") from None
    return text or None


def parse(text: str) -> Any:
    """JSON, with every way a parser can fail (syntax, huge numbers, deep nesting)
    turned into StoreError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise StoreError("it is nested too deeply to be ours") from None
    except (ValueError, TypeError, OverflowError, MemoryError):
        raise StoreError("it is not in the format Dice Harbor writes") from None


def read_json(name: str) -> Any:
    """Stored JSON data, None when there is none; StoreError when it cannot be read."""
    text = read_text(name)
    return None if text is None else parse(text)


def stored(name: str) -> bool:
    """Whether anything is stored under ``name``, readable or not: False only where
    ``read_text`` would say None without a doubt (so a reader of it, and its import, can
    wait until there is something to read)."""
    web = _browser_storage()
    if web is not None:
        try:
            text = web.getItem(PREFIX + name)
        except Exception:  # noqa: BLE001 - refused: the reader says so
            return True
        return not (web_missing(text) or text == "")
    return os.path.lexists(path_of(name))


def exists(name: str) -> bool:
    """Whether something that may be read is stored under ``name`` (a folder where a file
    should be is not: it is never offered)."""
    web = _browser_storage()
    try:
        if web is not None:
            text = web.getItem(PREFIX + name)
            return not web_missing(text) and bool(text)
        return path_of(name).is_file()
    except Exception:  # noqa: BLE001
        return False


def set_aside(name: str) -> str:
    """Move unusable stored data out of the way (kept for inspection) and say where."""
    web = _browser_storage()
    if web is not None:
        try:
            text = web.getItem(PREFIX + name)
            if web_missing(text):
                return "the browser's storage"
            web.setItem(PREFIX + name + ".damaged", text if isinstance(text, str) else "")
            web.removeItem(PREFIX + name)
        except Exception:  # noqa: BLE001
            pass
        return "the browser's storage"
    path = path_of(name)
    target = path.with_name(f"{name}.damaged.json")
    try:
        if path.is_dir():  # a folder where the file should be: moved aside whole, under a
            n = 1  # name not yet taken (it may hold anything: nothing is deleted)
            while target.exists():
                n += 1
                target = path.with_name(f"{name}.damaged-{n}.json")
            path.rename(target)
        elif path.exists():
            path.replace(target)
    except OSError:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass
    return str(target)


def blocked(name: str) -> str:
    """Why ``name`` cannot be stored at all ("" when it can): on the desktop, something that
    is not a file stands in its place and could not be moved aside."""
    if _browser_storage() is not None:
        return ""
    path = path_of(name)
    if path.exists() and not path.is_file():
        return f"{path} is not a file and could not be moved aside"
    return ""


def repair_autosave() -> str:
    """Before the menu offers Continue: an autosave that is not a file (a folder left
    there) is moved aside, so that Continue is not offered for it and new games are saved
    again. The sentence to tell the player, or ""."""
    if _browser_storage() is not None:
        return ""
    path = path_of(AUTOSAVE)
    if not path.exists() or path.is_file():
        return ""
    where = set_aside(AUTOSAVE)
    problem = blocked(AUTOSAVE)
    if problem:
        return f"Games cannot be saved: {problem}."
    return f"The saved game was not a file; it was moved aside to {where}."


# -- the game in progress --------------------------------------------------------------
MARKS = ("hinted", "recorded")  # flags kept beside the saved game, present only when true


def store(game_id: str, state: GameState, session=None, hinted: bool = False,
          recorded: bool = False) -> bool:
    """Save the game in progress (after every move); a game of a session saves the whole
    session (its finished games and this one). ``hinted``: the coach's hints were used in
    the game in progress (kept as ``"hinted": true``; absent means unhinted). ``recorded``:
    the session's last game is over and already in the records (its results were shown),
    so Continue goes on to the standings; a finished game without it still shows its
    final sheet and results, and is recorded then."""
    data: dict[str, Any] = ({"game_id": game_id, "session": session.to_json()}
                            if session is not None else {"game_id": game_id, "save": state.save()})
    if hinted:
        data["hinted"] = True
    if recorded:
        data["recorded"] = True
    return write_text(AUTOSAVE, json.dumps(data, separators=(",", ":")))


def clear() -> None:
    write_text(AUTOSAVE, None)


def has_save() -> bool:
    return exists(AUTOSAVE)


def load() -> tuple[GameInfo, GameState]:
    """The saved game rebuilt by replaying its moves, or SaveError with a message a
    player can read. (A saved session: ``load_any``.)"""
    info, state, _ = load_any()
    return info, state


def load_any():
    """(info, state, session or None): the saved game, or the saved session and its game
    in progress; SaveError with a readable message for anything else."""
    info, state, session, _ = load_marked()
    return info, state, session


def load_marked():
    """``load_any`` and whether hints were used in the game in progress:
    (info, state, session or None, hinted)."""
    info, state, session, marks = load_marks()
    return info, state, session, "hinted" in marks


def load_marks():
    """``load_any`` and the marks kept beside the game (a set of ``MARKS``):
    (info, state, session or None, marks). A save without a mark (older versions) lacks
    it; a mark that is not ``true`` is refused like any other damage."""
    data = read_json(AUTOSAVE)
    if data is None:
        raise StoreError("there is no saved game")
    marks = set()
    if isinstance(data, dict):
        data = dict(data)
        for mark in MARKS:
            if mark in data:
                if data.pop(mark) is not True:
                    raise StoreError(f"its {'hints' if mark == 'hinted' else mark} mark is damaged")
                marks.add(mark)
    if isinstance(data, dict) and set(data) == {"game_id", "session"}:
        return (*decode_session(data), marks)
    info, state = decode_game(data)
    return info, state, None, marks


def _check_bots(seats: Any, info: GameInfo) -> None:
    if isinstance(seats, list):
        for seat in seats:
            bot = seat.get("bot") if isinstance(seat, dict) else None
            if bot is not None and bot not in policy_names_for(info):
                raise StoreError(f"it names a computer player this version does not have "
                                 f"({str(bot)[:20]!r})")


def _game_info(game_id: Any) -> GameInfo:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise StoreError(f"it is for a game this version does not have ({str(game_id)[:24]!r})")
    return GAMES[game_id]


def decode_session(data: Any):
    """``{"game_id": ..., "session": Session.to_json()}`` checked, every game replayed."""
    info = _game_info(data.get("game_id"))
    raw = data["session"]
    if isinstance(raw, dict):
        if raw.get("game") != info.id:
            raise StoreError("its session is for another game")
        _check_bots(raw.get("seats"), info)
    session = Session.from_json(raw, GAMES)
    return info, session.current, session


def decode_game(data: Any) -> tuple[GameInfo, GameState]:
    """``{"game_id": ..., "save": GameState.save()}`` checked and replayed."""
    if not isinstance(data, dict) or set(data) != {"game_id", "save"}:
        raise StoreError("it is not a saved game")
    info = _game_info(data["game_id"])
    save = data["save"]
    if isinstance(save, dict):
        _check_bots(save.get("seats"), info)
        _check_fixed(save.get("options"), info)  # (before the replay: the plainer reason)
    state = info.state_type().load(save)
    _check_fixed(state.options, info)
    return info, state


def _check_fixed(options: Any, info: GameInfo) -> None:
    """A save whose options say another game (five dice for Maxi Yatzy) is refused as such."""
    if not isinstance(options, dict):
        return
    for key, value in info.fixed_options.items():
        if key in options and options[key] != value:
            raise StoreError(f"it is not a {info.title} game ({key} is "
                             f"{repr(options[key])[:20]})")
