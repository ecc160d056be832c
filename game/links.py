"""A game in a link: a whole game (its seats, options, seed and moves) in a short, URL-safe
text that friends pass back and forth, and the games by link kept on this device.

No pygame here. A link is ``<site>#dh1.<code>``: the page's address (or nothing), then, in
the fragment (which no server and no log ever sees), ``dh`` and the link format, a dot and
the code: the game, zlib-compressed, in URL-safe base64 without padding. The marker keeps
clear of the page runtimes' own use of the URL (pygbag opens its debug mode for a fragment
``#debug`` and turns query arguments into environment variables; the page moves the
fragment aside before pygbag reads it, see web/).

What is compressed: a JSON header (the game's id in the catalog, the seats, the options
that differ from the rules' defaults, the seed, the save's fingerprint and, for the daily
challenge, its day), a zero byte, then the moves. A move is one number, its place among
the position's legal moves plus one (the rules list them: a game of four Yatzy players is
a few hundred bytes), or 0 and the move spelled out by the kinds and fields the game
declares (``ACTIONS``) where it is not among them (Pirate Fortune's rerolls name dice by
position, the legal list by face).

A link is checked exactly as a save is: bounded in size before anything is decoded, every
field checked, then its moves replayed through the rules and the result compared with its
fingerprint (``storage.decode_game``, the autosave's own check). Whatever is wrong gets one
sentence (``LinkError``) and changes nothing.

The games by link on this device (``storage.LINKS``, a JSON file or a localStorage key)
keep each game's save, the seats this device has played, and the site its links go to; the
menu lists those in progress with whose turn it is.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import time
import zlib
from dataclasses import dataclass
from typing import Any

from game import storage
from game.catalog import GAMES, GameInfo
from game.rules.core import MAX_ACTIONS, SAVE_FORMAT, GameState, SaveError, Seat, bounded
from game.tasks import run_now

LINK_FORMAT = 1
MARK = "dh"  # a code is MARK, the link format, "." and the compressed game
PREFIX = f"{MARK}{LINK_FORMAT}."
MAX_TEXT = 20_000  # characters of a link (a whole Farkle game of eight is about 500)
MAX_RAW = 300_000  # bytes the code may unpack to
MAX_SITE = 300
KEEP = 30  # games by link kept on this device (the oldest go first)
STORE_FORMAT = 1
_CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")
_SITE = re.compile(r"https?://[^\s#]{1,290}")
_TRAILING = ".,;:!?)]}>'\"”’»"  # punctuation a chat may put after a link


class LinkError(SaveError):
    """A link that cannot be opened; the message is one sentence for the player."""


@dataclass
class Link:
    info: GameInfo
    state: GameState
    site: str = ""  # the address the link was made on, "" when none was given
    day: str = ""  # the daily challenge's day ("2026-11-27"), "" for a game by link

    @property
    def id(self) -> str:
        return game_key(self.info, self.state)


def game_key(info: GameInfo, state: GameState) -> str:
    """What one game by link is, whatever its position: the game, seats, options and seed."""
    made = json.dumps([info.id, [[s.name, s.bot] for s in state.seats],
                       sorted(state.options.items()), state.seed],
                      separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(made.encode()).hexdigest()[:20]


# -- numbers and moves as bytes ----------------------------------------------------------------
def _varint(value: int, out: bytearray) -> None:
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def done(self) -> bool:
        return self.at >= len(self.data)

    def varint(self) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data) or shift > 35:
                raise LinkError("This link is damaged: it was cut short or changed.")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def take(self, n: int) -> bytes:
        if n > len(self.data) - self.at:
            raise LinkError("This link is damaged: it was cut short or changed.")
        self.at += n
        return self.data[self.at - n:self.at]


def _positions(value: Any) -> bool:
    """A list the mask form keeps exactly: distinct dice positions 0..62 in rising order."""
    return (isinstance(value, list) and all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 63 for i in value)
        and value == sorted(set(value)))


def _spell(cls: type[GameState], action: dict, out: bytearray) -> None:
    """A move that is not among the legal ones listed: its kind and each declared field."""
    kinds = list(cls.ACTIONS)
    _varint(kinds.index(action["kind"]), out)
    for name in cls.ACTIONS[action["kind"]]:
        if name not in action:
            out.append(0)
        elif _positions(action[name]):
            out.append(1)
            _varint(sum(1 << i for i in action[name]), out)
        else:
            raw = json.dumps(action[name], separators=(",", ":"), ensure_ascii=False).encode()
            out.append(2)
            _varint(len(raw), out)
            out += raw


def _read_spelled(cls: type[GameState], reader: _Reader) -> dict:
    kinds = list(cls.ACTIONS)
    index = reader.varint()
    if index >= len(kinds):
        raise LinkError("This link is damaged: it names a move this game does not have.")
    action: dict[str, Any] = {"kind": kinds[index]}
    for name in cls.ACTIONS[kinds[index]]:
        tag = reader.varint()
        if tag == 1:
            mask = reader.varint()
            action[name] = [i for i in range(63) if mask >> i & 1]
        elif tag == 2:
            try:
                action[name] = json.loads(reader.take(reader.varint()).decode("utf-8"))
            except (ValueError, RecursionError):
                raise LinkError("This link is damaged: a move in it is unreadable.") from None
        elif tag != 0:
            raise LinkError("This link is damaged: a move in it is unreadable.")
    return action


# -- encoding ----------------------------------------------------------------------------------
def encode(info: GameInfo, state: GameState, day: str = "") -> str:
    """The code of ``state`` (``dh1.…``): the game and its moves, compressed."""
    return run_now(encode_steps(info, state, day))


def encode_steps(info: GameInfo, state: GameState, day: str = ""):
    """``encode`` as a generator for game.tasks (a scene makes a long game's link a few
    milliseconds a frame): it yields its progress and returns the code."""
    cls = type(state)
    defaults = cls.DEFAULT_OPTIONS
    header: dict[str, Any] = {
        "g": info.id, "s": [[s.name, s.bot] for s in state.seats],
        "o": {k: v for k, v in state.options.items() if k not in defaults or defaults[k] != v},
        "r": state.seed, "d": state.digest()}
    if day:
        header["day"] = day
    out = bytearray(json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode())
    out.append(0)
    replay = cls.replay(state.seats, state.options, state.seed, [])
    actions = state.actions
    for i, action in enumerate(actions):
        if i % 16 == 15:
            yield i / len(actions)
        legal = replay.legal_actions()
        if action in legal:
            _varint(legal.index(action) + 1, out)
        else:
            out.append(0)
            _spell(cls, action, out)
        replay.apply(action)
    packed = zlib.compress(bytes(out), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def link_text(code: str, site: str = "") -> str:
    """The link as it is sent: the site's address and the code in its fragment (the code
    alone when there is no site to point at)."""
    return f"{site}#{code}" if site else code


def site_of(address: str) -> str:
    """A page's address as links point at it ("" when it is not an http(s) address)."""
    address = (address or "").split("#", 1)[0].strip()
    return address if _SITE.fullmatch(address) else ""


# -- decoding ----------------------------------------------------------------------------------
def split(text: Any) -> tuple[str, str]:
    """(site, code) of a link as pasted (surrounding spaces, quotes and a chat's trailing
    punctuation dropped); LinkError when it cannot be one of ours."""
    if not isinstance(text, str):
        raise LinkError("This is not a Dice Harbor link.")
    if len(text) > MAX_TEXT:
        raise LinkError(f"This is too long to be a Dice Harbor link (more than "
                        f"{MAX_TEXT:,} characters).")
    text = text.strip().strip("<>\"'")
    site, _, code = text.rpartition("#")
    code = code.strip().rstrip(_TRAILING)
    if not code.startswith(MARK) or "." not in code:
        raise LinkError("This is not a Dice Harbor link (its code should start with "
                        f"{PREFIX!r}).")
    version = code[len(MARK):code.index(".")]
    if version != str(LINK_FORMAT):
        if version.isdigit():
            raise LinkError(f"This link was made by another version of Dice Harbor (link "
                            f"format {bounded(version, 8)}; this one reads {LINK_FORMAT}).")
        raise LinkError("This is not a Dice Harbor link.")
    return site_of(site), code


def _unpack(code: str) -> tuple[dict, bytes]:
    body = code[len(PREFIX):]
    if not body or not _CODE_CHARS.fullmatch(body) or len(body) % 4 == 1:
        raise LinkError("This link is damaged: it has characters no link has, or was cut "
                        "short.")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise LinkError("This link is damaged: it was cut short or changed.") from None
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(packed, MAX_RAW)
    except zlib.error:
        raise LinkError("This link is damaged: it was cut short or changed.") from None
    if unpack.unconsumed_tail:
        raise LinkError("This link unpacks to more than any game holds.")
    if not unpack.eof or unpack.unused_data:
        raise LinkError("This link is damaged: it was cut short or changed.")
    head, sep, moves = raw.partition(b"\0")
    if not sep:
        raise LinkError("This link is damaged: it was cut short or changed.")
    try:
        header = json.loads(head.decode("utf-8"))
    except (ValueError, RecursionError):
        raise LinkError("This link is damaged: its game cannot be read.") from None
    if not isinstance(header, dict) or not {"g", "s", "o", "r", "d"} <= set(header) \
            or set(header) - {"g", "s", "o", "r", "d", "day"}:
        raise LinkError("This link is damaged: its game cannot be read.")
    return header, moves


def decode(text: Any) -> Link:
    """The game a link holds, replayed through the rules and checked like a save;
    LinkError (one sentence) for anything else."""
    site, code = split(text)
    header, moves = _unpack(code)
    game_id, seats, options = header["g"], header["s"], header["o"]
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise LinkError(f"This link is for a game this version does not have "
                        f"({bounded(repr(str(game_id)), 24)}).")
    info = GAMES[game_id]
    cls = info.state_type()
    if not isinstance(seats, list) or not all(
            isinstance(s, list) and len(s) == 2 for s in seats) or not isinstance(options, dict):
        raise LinkError("This link is damaged: its seats or options cannot be read.")
    day = header.get("day", "")
    if not isinstance(day, str) or len(day) > 10:
        raise LinkError("This link is damaged: its day cannot be read.")
    save_seats = [{"name": name, "bot": bot} for name, bot in seats]
    try:
        start = cls.replay([_seat(s) for s in save_seats], options, _seed(header["r"]), [])
    except SaveError as exc:
        raise LinkError(f"This link cannot be opened: {_sentence(exc)}.") from None
    actions = _moves(cls, start, moves)
    save = {"format": SAVE_FORMAT, "game": cls.GAME_ID, "seats": save_seats,
            "options": options, "seed": header["r"], "actions": actions,
            "digest": header["d"]}
    try:
        info, state = storage.decode_game({"game_id": game_id, "save": save})
    except SaveError as exc:
        raise LinkError(f"This link cannot be opened: {_sentence(exc)}.") from None
    return Link(info, state, site, day)


def _seat(data: dict):
    return Seat.from_json(data)


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise LinkError("This link is damaged: its seed is not a whole number from 0 to 2^63.")
    return value


def _moves(cls: type[GameState], state: GameState, data: bytes) -> list[dict]:
    """The moves of a link, read against the legal moves of each position in turn."""
    reader = _Reader(data)
    actions: list[dict] = []
    while not reader.done():
        if len(actions) >= MAX_ACTIONS:
            raise LinkError(f"This link has more than {MAX_ACTIONS:,} moves: no game does.")
        number = reader.varint()
        if number:
            legal = state.legal_actions()
            if number > len(legal):
                raise LinkError(f"This link is damaged: move {len(actions) + 1} is not one "
                                "the game allows there.")
            action = legal[number - 1]
        else:
            action = _read_spelled(cls, reader)
        try:
            state.apply(action)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            raise LinkError(f"This link cannot be opened: move {len(actions) + 1} is not "
                            f"legal ({_sentence(exc)}).") from None
        actions.append(action)
    return actions


def _sentence(exc: Exception) -> str:
    """A save's refusal as the reason in a link's one sentence (no closing full stop)."""
    text = bounded(str(exc), 180).rstrip(".")
    for save_words, link_words in (("the save's ", "the link's "),
                                   ("the saved game", "the game the link names"),
                                   ("the save ", "the link ")):
        text = text.replace(save_words, link_words)
    return text


# -- the games by link on this device ----------------------------------------------------------
@dataclass
class Entry:
    """A game by link as this device keeps it (its save not replayed yet)."""

    id: str
    game_id: str
    save: dict
    mine: list[int]  # the seats this device has played
    site: str
    updated: int  # unix seconds
    recorded: bool  # finished and in this device's records
    turn: int | None  # whose turn it is (None: over)

    def to_json(self) -> dict:
        return {"id": self.id, "game_id": self.game_id, "save": self.save, "mine": self.mine,
                "site": self.site, "updated": self.updated, "recorded": self.recorded,
                "turn": self.turn}

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.save["seats"]]

    @property
    def moves(self) -> int:
        return len(self.save["actions"])

    @property
    def over(self) -> bool:
        return self.turn is None


def _entry(data: Any) -> Entry:
    """One stored game by link, checked field by field (its moves are replayed when it is
    opened); StoreError naming the first problem."""
    fields = {"id", "game_id", "save", "mine", "site", "updated", "recorded", "turn"}
    if not isinstance(data, dict) or set(data) != fields:
        raise storage.StoreError("a game by link is not one this version wrote")
    save, mine, turn = data["save"], data["mine"], data["turn"]
    if not isinstance(data["id"], str) or not 1 <= len(data["id"]) <= 40:
        raise storage.StoreError("a game by link has a damaged name")
    if data["game_id"] not in GAMES:
        raise storage.StoreError("a game by link is for a game this version does not have")
    if not isinstance(save, dict) or not isinstance(save.get("seats"), list) \
            or not isinstance(save.get("actions"), list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) for s in save["seats"]):
        raise storage.StoreError("a game by link has a damaged save")
    n = len(save["seats"])
    if not isinstance(mine, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in mine):
        raise storage.StoreError("a game by link has damaged seats")
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)
                             or not 0 <= turn < n):
        raise storage.StoreError("a game by link has a damaged turn")
    if not isinstance(data["site"], str) or len(data["site"]) > MAX_SITE \
            or not isinstance(data["recorded"], bool):
        raise storage.StoreError("a game by link is damaged")
    updated = data["updated"]
    if isinstance(updated, bool) or not isinstance(updated, int) or not 0 <= updated < 2**40:
        raise storage.StoreError("a game by link has a damaged date")
    return Entry(data["id"], data["game_id"], save, sorted(set(mine)), data["site"], updated,
                 data["recorded"], turn)


def entries() -> tuple[list[Entry], str]:
    """The games by link kept here, newest first, and a sentence when the store was damaged
    (then it was set aside and only the good entries were kept)."""
    try:
        data = storage.read_json(storage.LINKS)
        if data is None:
            return [], ""
        if not isinstance(data, dict) or set(data) != {"format", "games"} \
                or data["format"] != STORE_FORMAT or not isinstance(data["games"], list) \
                or len(data["games"]) > KEEP:
            raise storage.StoreError("they are not games by link written by this version")
    except SaveError as exc:
        storage.set_aside(storage.LINKS)
        return [], f"The games by link could not be read ({exc}) and start afresh."
    good, problems = [], []
    for raw in data["games"]:
        try:
            good.append(_entry(raw))
        except SaveError as exc:
            problems.append(str(exc))
    if problems:
        storage.set_aside(storage.LINKS)
        _write(good)
        return good, (f"{len(problems)} game{'s' if len(problems) > 1 else ''} by link could "
                      f"not be read ({problems[0]}) and {'were' if len(problems) > 1 else 'was'}"
                      " set aside.")
    return good, ""


def _write(kept: list[Entry]) -> bool:
    kept = kept[:KEEP]
    limit = storage.MAX_BYTES[storage.LINKS]
    while True:
        text = json.dumps({"format": STORE_FORMAT, "games": [e.to_json() for e in kept]},
                          separators=(",", ":"), ensure_ascii=False)
        if len(text.encode()) <= limit or not kept:
            return storage.write_text(storage.LINKS, text)
        kept = kept[:-1]  # the oldest go first


def find(game: str) -> Entry | None:
    return next((e for e in entries()[0] if e.id == game), None)


def keep(info: GameInfo, state: GameState, mine=(), site: str = "",
         recorded: bool | None = None) -> bool:
    """Keep (or update) this game by link, first in the list; ``mine``: seats this device
    plays (added to those it had); the site and the records mark are kept unless given."""
    game = game_key(info, state)
    found, _ = entries()
    old = next((e for e in found if e.id == game), None)
    rest = [e for e in found if e.id != game]
    seats = sorted(set(mine) | set(old.mine if old else ()))
    entry = Entry(game, info.id, state.save(), seats,
                  site or (old.site if old else ""), int(time.time()),
                  recorded if recorded is not None else bool(old and old.recorded),
                  None if state.is_over() else state.current)
    return _write([entry] + rest)


def forget(game: str) -> bool:
    found, _ = entries()
    return _write([e for e in found if e.id != game])


def load(entry: Entry) -> tuple[GameInfo, GameState]:
    """A kept game by link replayed and checked like a save; SaveError saying why not."""
    info, state = storage.decode_game({"game_id": entry.game_id, "save": entry.save})
    if game_key(info, state) != entry.id:
        raise storage.StoreError("it is not the game its name says")
    return info, state


def in_progress() -> list[Entry]:
    """The games by link on this device not over yet, the most recently played first."""
    return [e for e in entries()[0] if not e.over]


def last_site() -> str:
    """The site the last link opened here pointed at ("" when none did)."""
    return next((e.site for e in entries()[0] if e.site), "")
