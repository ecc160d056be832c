"""Records: per game and per player name, games, wins, best and average score, and a
high-score table per game. Kept as JSON (a file on the desktop, localStorage in the
browser) and read back as warily as a save: every field is checked, and a file that
fails any check is set aside with a message while the records start afresh.

Only human seats are recorded: the records are the players' own. A shared first place
counts as a win for everyone in it. Games in which the coach's hints were used are
counted (``hinted``) and their scores marked in the high-score table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game import storage
from game.catalog import GAMES
from game.rules.core import NAME_MAX, GameState, format_problem
from game.ui.words import number

FORMAT = 1
HIGH_SCORES = 10  # rows of each game's high-score table
MAX_NAMES = 500  # players remembered per game
MAX_COUNT = 10**9
MAX_POINTS = 10**12


@dataclass
class PlayerRecord:
    games: int = 0
    wins: int = 0
    best: int | None = None
    total: int = 0
    hinted: int = 0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


@dataclass
class GameRecords:
    players: dict[str, PlayerRecord] = field(default_factory=dict)
    high: list[dict[str, Any]] = field(default_factory=list)  # name, score, hinted


def _count(value: Any, what: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise storage.StoreError(f"{what} is not a whole number from {low} to {high}")
    return value


def _name(value: Any) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= NAME_MAX or not value.isprintable():
        raise storage.StoreError(f"a player name is not 1 to {NAME_MAX} printable characters")
    return value


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 21st."""
    end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{end}"


def _title(game_id: str) -> str:
    """A game as a message names it: "Maxi Yatzy" (not "maxi_yatzy")."""
    info = GAMES.get(game_id)
    return info.title if info is not None else "a game Dice Harbor does not have"


def check_whole(game_id: str, record: GameRecords) -> None:
    """The records of one game checked as a whole, not field by field: a known game, every
    best a score the game can end with, averages between the lowest score and the best,
    high scores in order, each of a player with a record and no better than their best;
    StoreError (one sentence) at the first contradiction."""
    info = GAMES.get(game_id)
    if info is None:
        raise storage.StoreError("they name a game Dice Harbor does not have")
    low, high = info.state_type().score_range(info.fixed_options)

    def contradiction(what: str) -> storage.StoreError:
        return storage.StoreError(f"the records of {info.title} contradict themselves "
                                  f"({what})")

    for p in record.players.values():
        if p.best is None:
            continue
        if not low <= p.best <= high:
            raise contradiction(f"a best of {p.best:,}, which no game can score")
        if not low * p.games <= p.total <= p.best * p.games:
            raise contradiction("an average above its best" if p.total > p.best * p.games
                                else "an average below any score")
    scores = [h["score"] for h in record.high]
    if scores != sorted(scores, reverse=True):
        raise contradiction("high scores out of order")
    for name in {h["name"] for h in record.high}:
        p = record.players.get(name)
        mine = [h for h in record.high if h["name"] == name]
        if p is None or p.best is None:
            raise contradiction("a high score of a name with no record")
        if any(h["score"] > p.best for h in mine):
            raise contradiction("a high score above its player's best")
        if len(mine) > p.games or sum(h["hinted"] for h in mine) > p.hinted:
            raise contradiction("more high scores than games played")


class Records:
    def __init__(self, games: dict[str, GameRecords] | None = None):
        self.games: dict[str, GameRecords] = games or {}

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "games": {
            gid: {"players": {name: {"games": p.games, "wins": p.wins, "best": p.best,
                                     "total": p.total, "hinted": p.hinted}
                              for name, p in g.players.items()},
                  "high": [dict(h) for h in g.high]}
            for gid, g in self.games.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Records:
        """Records checked field by field; StoreError naming the first problem."""
        if not isinstance(data, dict):
            raise storage.StoreError("they are not records written by Dice Harbor")
        if data.get("format") != FORMAT or isinstance(data.get("format"), bool):
            raise storage.StoreError(format_problem("the file", data.get("format"), FORMAT))
        if set(data) != {"format", "games"}:
            raise storage.StoreError("they have fields no version of Dice Harbor writes")
        games = data["games"]
        if not isinstance(games, dict) or len(games) > 64:
            raise storage.StoreError("the list of games is damaged")
        out: dict[str, GameRecords] = {}
        for gid, g in games.items():
            if not isinstance(gid, str) or not 1 <= len(gid) <= 40 or not gid.isidentifier():
                raise storage.StoreError("a game name is damaged")
            title = _title(gid)  # (in a message: the game's title, not its key)
            if not isinstance(g, dict) or set(g) != {"players", "high"}:
                raise storage.StoreError(f"the records of {title} are damaged")
            players, high = g["players"], g["high"]
            if not isinstance(players, dict) or len(players) > MAX_NAMES:
                raise storage.StoreError(f"the players of {title} are damaged")
            if not isinstance(high, list) or len(high) > HIGH_SCORES:
                raise storage.StoreError(f"the high scores of {title} are damaged")
            record = GameRecords()
            for name, p in players.items():
                _name(name)
                if not isinstance(p, dict) or set(p) != {"games", "wins", "best", "total",
                                                         "hinted"}:
                    raise storage.StoreError(f"the record of a player of {title} is damaged")
                games_played = _count(p["games"], "games played")
                best = None if p["best"] is None else _count(p["best"], "a best score",
                                                              -MAX_POINTS, MAX_POINTS)
                entry = PlayerRecord(games_played, _count(p["wins"], "wins", 0, games_played),
                                     best, _count(p["total"], "a total", -MAX_POINTS * 1000,
                                                  MAX_POINTS * 1000),
                                     _count(p["hinted"], "hinted games", 0, games_played))
                if (best is None) != (games_played == 0):
                    raise storage.StoreError(f"a best score of {title} does not fit its games")
                record.players[name] = entry
            for h in high:
                if not isinstance(h, dict) or set(h) != {"name", "score", "hinted"} or \
                        not isinstance(h["hinted"], bool):
                    raise storage.StoreError(f"a high score of {title} is damaged")
                record.high.append({"name": _name(h["name"]),
                                    "score": _count(h["score"], "a high score", -MAX_POINTS,
                                                    MAX_POINTS), "hinted": h["hinted"]})
            check_whole(gid, record)
            out[gid] = record
        return cls(out)

    # -- updating --------------------------------------------------------------------------
    def add_game(self, game_id: str, state: GameState, hinted: bool = False) -> dict[int, list[str]]:
        """Record a finished game; returns the news per seat, each saying what it is a
        record of (shown with the game's results: "best score yet (was 230)", "2nd in the
        high scores"). Only what beats an earlier game is news: a first game sets no
        record, nor does a score that only fills an empty place of the high scores."""
        record = self.games.setdefault(game_id, GameRecords())
        earlier = [h["score"] for h in record.high]
        winners = set(state.winners())
        scores = state.final_scores()
        news: dict[int, list[str]] = {}
        entries: dict[int, dict[str, Any]] = {}  # this game's own rows of the table
        for seat, s in enumerate(state.seats):
            if not s.is_human:
                continue
            score = int(scores[seat])
            p = record.players.get(s.name)
            if p is None:
                if len(record.players) >= MAX_NAMES:
                    continue  # keep the file bounded: the oldest names stay
                p = record.players[s.name] = PlayerRecord()
            lines = []
            if p.best is not None and score > p.best:
                lines.append(f"best score yet (was {number(p.best)})")
            p.games += 1
            p.wins += seat in winners
            p.total += score
            p.hinted += hinted
            p.best = score if p.best is None else max(p.best, score)
            entries[seat] = {"name": s.name, "score": score, "hinted": hinted}
            record.high.append(entries[seat])
            news[seat] = lines
        record.high.sort(key=lambda h: -h["score"])  # stable: earlier games keep their place
        del record.high[HIGH_SCORES:]
        for seat, lines in news.items():
            score = int(scores[seat])
            place = next((i for i, h in enumerate(record.high) if h is entries[seat]), None)
            if place is not None and any(score > e for e in earlier):
                lines.append("top of the high scores" if place == 0 else
                             f"{ordinal(place + 1)} in the high scores")
        return news

    def table(self, game_id: str) -> list[tuple[str, PlayerRecord]]:
        """Players of one game, most wins first, then best score."""
        record = self.games.get(game_id)
        if not record:
            return []
        return sorted(record.players.items(),
                      key=lambda kv: (-kv[1].wins, -(kv[1].best or 0), kv[0]))

    def high_scores(self, game_id: str) -> list[dict[str, Any]]:
        record = self.games.get(game_id)
        return [dict(h) for h in record.high] if record else []


def load() -> tuple[Records, str]:
    """The stored records, and a message when they could not be read (then they were
    set aside and the records start empty)."""
    try:
        data = storage.read_json(storage.RECORDS)
        return (Records() if data is None else Records.from_json(data)), ""
    except storage.StoreError as exc:
        storage.set_aside(storage.RECORDS)
        return Records(), f"The records could not be read ({exc}) and start afresh."


def save(records: Records) -> bool:
    return storage.write_text(storage.RECORDS, json.dumps(records.to_json(),
                                                          separators=(",", ":")))
