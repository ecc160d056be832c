"""The daily challenge: every game that can be played alone, once a day, on the same dice
for everyone.

No pygame here. The player's local date picks the seed (``seed``), so it works offline
and nothing is sent anywhere; the game is played with duplicate dice (the core's
``duplicate`` mode: a die thrown again takes the next value of its own slot's stream for
that turn and roll, so two players whose holds agree see the same rolls, and Pirate
Fortune's cards come in one order). Today's challenge, yesterday's and those of the week
before can be played; the first try of a day counts (its result, the streak), any further
try is practice. A try someone watched a shared replay of before playing does not count.

At the end: the score, the strongest bot's score on the same dice (``bot_steps``, a
generator for game.tasks), the points the coach says the decisions lost (game.review),
the streak, and a short text to share (``share_text``: a line of squares that shows how
the decisions went, but nothing of the dice, then the score and a link to the game).

What is kept (``storage.DAILY``, read as warily as a save): per game and day, the counted
try (its save while it is played and for the last week once it is over), its result, the
bot's result and the points lost; older days keep their results only, for the streak.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from game import storage, web
from game.bots import make_policy
from game.catalog import GAMES, GameInfo
from game.coach import strongest
from game.rules.core import DUPLICATE, GameState, SaveError, Seat
from game.rules.shared import TargetRace

DAYS_BACK = 7  # yesterday's and the week's before it can still be played
FORMAT = 1
KEEP_DAYS = 400  # days of results kept per game (for the streak)
STRIP = 10  # squares in the shared line
SQUARES = {"best": "🟩", "close": "🟨", "costly": "🟥"}
CLOSE, COSTLY = 1.0, 6.0  # points lost in a tenth of the decisions: close below, costly from
MAX_POINTS = 10**9


# -- the day and its game ----------------------------------------------------------------------
def today() -> dt.date:
    """The player's local date (in the browser the page's clock: the phone's time zone)."""
    if web.in_browser():
        win = web._window()
        try:
            now = win.Date.new()
            return dt.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
        except Exception:  # noqa: BLE001 - no page clock: Python's
            pass
    return dt.date.today()


def days(day: dt.date | None = None) -> list[dt.date]:
    """The days that can be played: today first, then back a week."""
    day = day or today()
    return [day - dt.timedelta(days=k) for k in range(DAYS_BACK + 1)]


def playable(day: dt.date, now: dt.date | None = None) -> bool:
    """Whether a try on ``day`` can count (today or the week before it)."""
    return day in days(now)


def games() -> list[GameInfo]:
    """The games with a daily challenge: every game that can be played alone."""
    return [info for info in GAMES.values() if info.takes(1)]


def seed(info: GameInfo, day: dt.date) -> int:
    """The day's seed for one game: the same on every device and every Python."""
    made = f"dice-harbor daily {day.isoformat()} {info.id}".encode()
    return int.from_bytes(hashlib.sha256(made).digest()[:4], "big") & 0x7FFFFFFF


def options(info: GameInfo) -> dict[str, Any]:
    """The challenge's options: the game's own defaults, with duplicate dice."""
    return {DUPLICATE: True}


def new_game(info: GameInfo, day: dt.date, name: str = "You", bot: str | None = None
             ) -> GameState:
    return info.new_game([Seat(name, bot)], options(info), seed=seed(info, day))


def parse_day(text: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 \
            else None
    except ValueError:
        return None


def check_game(info: GameInfo, day: dt.date, state: GameState) -> str:
    """Why ``state`` is not a daily challenge of ``day`` ("" when it is)."""
    if len(state.seats) != 1:
        return "a daily challenge is played alone"
    want = info.state_type().validate_options({**options(info), **info.fixed_options})
    if state.seed != seed(info, day) or state.options != want:
        return f"its dice are not those of the {info.title} challenge of {day.isoformat()}"
    return ""


def day_words(day: dt.date, now: dt.date | None = None) -> str:
    """"Today", "Yesterday" or "Thu 27 Nov"."""
    now = now or today()
    if day == now:
        return "Today"
    if day == now - dt.timedelta(days=1):
        return "Yesterday"
    return f"{day:%a} {day.day} {day:%b}"


def long_day(day: dt.date) -> str:
    return f"{day:%a} {day.day} {day:%b} {day.year}"


# -- what a try is worth -----------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """A try's result: points (more is better) or, for a race to a target played alone,
    turns (fewer is better)."""

    value: int
    turns: bool  # the value is turns taken (fewer is better)

    def text(self) -> str:
        if self.turns:
            return f"{self.value} turn{'s' if self.value != 1 else ''}"
        return f"{self.value:,} point{'s' if self.value != 1 else ''}"

    def better_than(self, other: Measure) -> bool:
        return self.value < other.value if self.turns else self.value > other.value


def measure(state: GameState) -> Measure:
    """What a finished game played alone scored: turns to the target in a race, else the
    points."""
    if isinstance(state, TargetRace):
        return Measure(int(state.turns_taken(0)), True)
    return Measure(int(state.final_scores()[0]), False)


def bot_steps(info: GameInfo, day: dt.date):
    """The strongest bot's try on the day's dice, as a generator for game.tasks (its
    tables built in pieces first); returns its Measure."""
    label = strongest(info)
    state = new_game(info, day, "Coach", label)
    policy = make_policy(info.bot_module, label, seed=seed(info, day))
    yield 0.0
    for _ in range(20_000):
        if state.is_over():
            return measure(state)
        yield from policy.warm_steps(state)  # (its tables, in pieces: game.contract.Policy)
        state.apply((yield from policy.choose_steps(state)))
        yield 0.0
    raise RuntimeError("the bot's daily game did not end")


def strip(review_seat) -> str:
    """The shared line: ``STRIP`` squares, each a tenth of the decisions in order, green
    where the coach found (nearly) nothing to improve, yellow for a little, red for much.
    It shows how the decisions went, nothing of the dice or of how many turns there were."""
    decisions = list(review_seat.decisions)
    if not decisions:
        return SQUARES["best"] * STRIP
    out = []
    for k in range(STRIP):
        part = decisions[k * len(decisions) // STRIP:(k + 1) * len(decisions) // STRIP]
        lost = sum((d.loss or 0.0) * (100 if d.unit == "win" else 1) for d in part)
        out.append(SQUARES["best"] if lost < CLOSE else
                   SQUARES["close"] if lost < COSTLY else SQUARES["costly"])
    return "".join(out)


def share_text(info: GameInfo, day: dt.date, mine: Measure, bot: Measure | None,
               squares: str, streak: int, link: str) -> str:
    """The text to share: the challenge, the score (and the bot's), the streak, the line of
    squares and the link. Nothing in it tells a die."""
    against = f" (the {_bot_name(info)} bot: {bot.text()})" if bot is not None else ""
    lines = [f"Dice Harbor daily · {info.title} · {long_day(day)}",
             f"{mine.text()}{against}" + (f" · streak {streak}" if streak > 1 else ""),
             squares, link]
    return "\n".join(lines)


def _bot_name(info: GameInfo) -> str:
    return strongest(info)


# -- what is kept ------------------------------------------------------------------------------
@dataclass
class Try:
    """The counted try of one game on one day."""

    save: dict | None  # the game (while played, and for the last week once over)
    result: Measure | None  # None while it is played
    bot: Measure | None
    lost: float | None  # points the coach says the decisions lost
    spoiled: bool  # a shared replay was watched first: it does not count
    when: int

    def to_json(self) -> dict:
        def m(x: Measure | None):
            return None if x is None else [x.value, x.turns]
        return {"save": self.save, "result": m(self.result), "bot": m(self.bot),
                "lost": self.lost, "spoiled": self.spoiled, "when": self.when}

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def counts(self) -> bool:
        return self.done and not self.spoiled


def _measure(value: Any) -> Measure | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[1], bool) \
            or isinstance(value[0], bool) or not isinstance(value[0], int) \
            or not -MAX_POINTS <= value[0] <= MAX_POINTS:
        raise storage.StoreError("a daily result is damaged")
    return Measure(value[0], value[1])


def _try(data: Any) -> Try:
    if not isinstance(data, dict) or set(data) != {"save", "result", "bot", "lost", "spoiled",
                                                   "when"}:
        raise storage.StoreError("a daily try is not one this version wrote")
    save, lost, when = data["save"], data["lost"], data["when"]
    if save is not None and not isinstance(save, dict):
        raise storage.StoreError("a daily try's game is damaged")
    if lost is not None and (isinstance(lost, bool) or not isinstance(lost, int | float)
                             or not 0 <= lost <= MAX_POINTS):
        raise storage.StoreError("a daily try's points lost are damaged")
    if not isinstance(data["spoiled"], bool) or isinstance(when, bool) \
            or not isinstance(when, int) or not 0 <= when < 2**40:
        raise storage.StoreError("a daily try is damaged")
    result = _measure(data["result"])
    if result is None and save is None and not data["spoiled"]:
        raise storage.StoreError("a daily try has neither a game nor a result")
    return Try(save, result, _measure(data["bot"]), lost, data["spoiled"], when)


def read() -> tuple[dict[str, dict[str, Try]], str]:
    """Every kept try: game id -> day ("2026-11-27") -> Try; and a sentence when the
    store was damaged (then it was set aside and starts afresh)."""
    try:
        data = storage.read_json(storage.DAILY)
        if data is None:
            return {}, ""
        if not isinstance(data, dict) or set(data) != {"format", "games"} \
                or data["format"] != FORMAT or not isinstance(data["games"], dict):
            raise storage.StoreError("they are not daily challenges written by this version")
        out: dict[str, dict[str, Try]] = {}
        for game_id, tries in data["games"].items():
            if game_id not in GAMES or not isinstance(tries, dict) or len(tries) > KEEP_DAYS:
                raise storage.StoreError("a game's daily challenges are damaged")
            out[game_id] = {}
            for day, raw in tries.items():
                if parse_day(day) is None:
                    raise storage.StoreError("a daily challenge's day is damaged")
                out[game_id][day] = _try(raw)
        return out, ""
    except SaveError as exc:
        storage.set_aside(storage.DAILY)
        return {}, f"The daily challenges could not be read ({exc}) and start afresh."


def _write(kept: dict[str, dict[str, Try]]) -> bool:
    now = today()
    out: dict[str, dict[str, Any]] = {}
    for game_id, tries in kept.items():
        recent = sorted(tries, reverse=True)[:KEEP_DAYS]
        out[game_id] = {}
        for day in recent:
            t = tries[day]
            parsed = parse_day(day)
            if t.done and parsed is not None and not playable(parsed, now) and t.save:
                t = Try(None, t.result, t.bot, t.lost, t.spoiled, t.when)  # results only
            out[game_id][day] = t.to_json()
    text = json.dumps({"format": FORMAT, "games": out}, separators=(",", ":"),
                      ensure_ascii=False)
    return storage.write_text(storage.DAILY, text)


def get(info: GameInfo, day: dt.date) -> Try | None:
    return read()[0].get(info.id, {}).get(day.isoformat())


def _put(info: GameInfo, day: dt.date, entry: Try) -> bool:
    kept, _ = read()
    kept.setdefault(info.id, {})[day.isoformat()] = entry
    return _write(kept)


def keep_playing(info: GameInfo, day: dt.date, state: GameState) -> bool:
    """The counted try in progress, kept after every move."""
    old = get(info, day)
    spoiled = bool(old and old.spoiled)
    return _put(info, day, Try(state.save(), None, None, None, spoiled, int(time.time())))


def finish(info: GameInfo, day: dt.date, state: GameState) -> Try:
    """The counted try is over: its result kept (the bot's and the coach's come later)."""
    old = get(info, day)
    entry = Try(state.save(), measure(state), old.bot if old else None, None,
                bool(old and old.spoiled), int(time.time()))
    _put(info, day, entry)
    return entry


def note(info: GameInfo, day: dt.date, bot: Measure | None = None,
         lost: float | None = None) -> None:
    """The bot's result or the points lost, worked out after the try, kept with it."""
    old = get(info, day)
    if old is None:
        return
    _put(info, day, Try(old.save, old.result, bot if bot is not None else old.bot,
                        lost if lost is not None else old.lost, old.spoiled, old.when))


def spoil(info: GameInfo, day: dt.date) -> None:
    """A shared replay of the day was watched before playing: the try will not count."""
    old = get(info, day)
    if old is not None and old.done:
        return
    _put(info, day, Try(old.save if old else None, None, None, None, True, int(time.time())))


def load_try(info: GameInfo, day: dt.date, entry: Try) -> GameState | None:
    """The game of a kept try, replayed and checked (None when it has none or it fails)."""
    if entry.save is None:
        return None
    try:
        found, state = storage.decode_game({"game_id": info.id, "save": entry.save})
    except SaveError:
        return None
    return state if not check_game(info, day, state) else None


def streak(info: GameInfo, now: dt.date | None = None) -> int:
    """Days in a row with a counted try, back from today (or from yesterday, while today's
    is still to play)."""
    now = now or today()
    tries = read()[0].get(info.id, {})
    day = now
    if not (tries.get(day.isoformat()) and tries[day.isoformat()].counts):
        day -= dt.timedelta(days=1)
    n = 0
    while (t := tries.get(day.isoformat())) is not None and t.counts:
        n += 1
        day -= dt.timedelta(days=1)
    return n
