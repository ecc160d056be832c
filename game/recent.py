"""The last few finished games, kept whole so they can be reviewed and replayed later.

Stored beside the records (a JSON file on the desktop, a localStorage key in the browser)
as ``{"format": 1, "games": [entry, ...]}``, newest first, each entry
``{"game_id", "save": GameState.save(), "hinted": bool, "when": unix seconds}``. At most
``KEEP`` games and ``storage.MAX_BYTES["recent"]`` bytes: the oldest go first.

Read back as warily as the autosave: every entry is checked field by field and its moves
replayed through the rules (it must give back a finished game with the saved fingerprint).
A damaged entry is dropped with a one-sentence message, the stored text set aside for
inspection and the good entries written back; nothing here ever stops the app.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game import storage
from game.catalog import GameInfo
from game.rules.core import GameState, SaveError
from game.tasks import run_now

FORMAT = 1
KEEP = 10  # finished games kept
MAX_WHEN = 2**40  # seconds: far beyond any real clock, below any float trouble


@dataclass
class RecentGame:
    info: GameInfo
    state: GameState  # the finished game, replayed from its save
    hinted: bool  # the coach's hints were used in it
    when: int  # when it finished, unix seconds (0: unknown)

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.info.id, "save": self.state.save(), "hinted": self.hinted,
                "when": self.when}

    def players(self, first: int | None = None) -> str:
        """"1. Ada 212 · 2. Bot 1 198": the players best first, with their scores; with
        ``first``, only so many of them and how many more there are ("· 5 more")."""
        ranking = self.state.ranking()
        shown = ranking if first is None else ranking[:first]
        more = len(ranking) - len(shown)
        return " · ".join(f"{r['place']}. {r['name']} {_points(r['score'])}"
                          for r in shown) + (f" · {more} more" if more else "")

    def names(self) -> list[str]:
        return [seat.name for seat in self.state.seats]


def _points(score: float) -> str:
    """A score as the rules write it: "212", "12,250", "12.5"."""
    return f"{int(score):,}" if score == int(score) else f"{score:,.1f}"


def decode_entry(data: Any) -> RecentGame:
    """One stored entry checked and replayed; StoreError (or SaveError) saying why not."""
    if not isinstance(data, dict) or set(data) != {"game_id", "save", "hinted", "when"}:
        raise storage.StoreError("it is not a finished game written by this version")
    hinted, when = data["hinted"], data["when"]
    if not isinstance(hinted, bool):
        raise storage.StoreError("its hints mark is damaged")
    if isinstance(when, bool) or not isinstance(when, int) or not 0 <= when < MAX_WHEN:
        raise storage.StoreError("its date is damaged")
    info, state = storage.decode_game({"game_id": data["game_id"], "save": data["save"]})
    if not state.is_over():
        raise storage.StoreError("its game is not finished")
    return RecentGame(info, state, hinted, when)


def read_raw() -> tuple[list[Any], str]:
    """The stored entries unchecked (each is checked when read with ``load_steps``), and a
    message when the store as a whole is damaged (then it was set aside: none are kept)."""
    try:
        data = storage.read_json(storage.RECENT)
        if data is None:
            return [], ""
        if not isinstance(data, dict) or set(data) != {"format", "games"} or \
                data["format"] != FORMAT or not isinstance(data["games"], list):
            raise storage.StoreError("they are not recent games written by this version")
        if len(data["games"]) > KEEP:
            raise storage.StoreError(f"there are more than {KEEP} of them")
        return list(data["games"]), ""
    except SaveError as exc:  # StoreError too
        storage.set_aside(storage.RECENT)
        return [], f"The recent games could not be read ({exc}) and start afresh."


def _write(entries: list[Any]) -> bool:
    limit = storage.MAX_BYTES[storage.RECENT]
    entries = list(entries[:KEEP])
    while True:
        text = json.dumps({"format": FORMAT, "games": entries}, separators=(",", ":"))
        if len(text) <= limit or not entries:
            return storage.write_text(storage.RECENT, text)
        entries.pop()  # the oldest go first


def remember(game: RecentGame) -> str:
    """Put a finished game first among the stored ones (the oldest beyond ``KEEP``, or
    beyond the size limit, dropped). The older entries are not replayed here (that is
    ``load_steps``' work, spread over frames); returns a message if the store was damaged."""
    entries, problem = read_raw()
    _write([game.to_json()] + entries)
    return problem


def load_steps():
    """The stored games, newest first, checked and replayed one per step (a generator for
    game.tasks: it yields its progress and returns ``(games, message)``). Damaged entries
    are dropped and the store set aside and written back without them."""
    entries, problem = read_raw()
    yield 0.0
    games: list[RecentGame] = []
    kept: list[Any] = []
    problems: list[str] = []
    for i, entry in enumerate(entries):
        try:
            games.append(decode_entry(entry))
            kept.append(entry)
        except SaveError as exc:  # StoreError too
            problems.append(str(exc))
        yield (i + 1) / len(entries)
    if problems:
        storage.set_aside(storage.RECENT)
        _write(kept)
        n = len(problems)
        which = "A recent game" if n == 1 else f"{n} recent games"
        problem = (f"{which} could not be read ({problems[0]}) and "
                   f"{'was' if n == 1 else 'were'} set aside.")
    return games, problem


def load() -> tuple[list[RecentGame], str]:
    """``load_steps`` at once (tests, tools)."""
    return run_now(load_steps())
