"""Learn to play: a short guided game of each game, as data.

A lesson is a script of steps that a game's catalog entry names (``lesson``; each game's
lesson is in its folder, ``lesson_for(id)`` finds it);
one shared scene runs every lesson (game.scenes.learn). Each step says what the player
does next and, the first time a rule matters, the rule; the table points at the dice, the
button or the box to use, and only the expected move goes on:

* ``pick``: choose these dice (hold them, set them aside, pick them for a reroll: whatever
  choosing a die means in this game);
* ``do``: make this move (the fields given must match; a roll shows ``shows``);
* ``read``: read it, then go on (a rule, what a bot just did);
* ``bot``: the other player's turn, its moves given (a roll shows what is given);
* ``end``: what was learnt; then a real game, or the menu.

The dice are prepared, not faked: a move's roll is made by the rules engine with its
outcome forced through the engine's chance model (``GameState.after``), so the table shows
exactly what the rules do with those dice. ``shows`` is the dice as they lie after the roll
(a drawn card: its name), so a script reads as the table looks.

Words follow the hand that plays (``say``): the keys with a keyboard, "click" with a mouse,
"tap" after a touch."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from game.catalog import GAMES
from game.ui import hands

Action = dict[str, Any]

# -- the hand that plays: every word of a lesson goes through ``say`` (game.ui.hands) -----------
say = hands.say


@dataclass(frozen=True)
class Say:
    """Words for each hand (see ``say``)."""

    keys: str
    click: str
    tap: str | None = None

    def __str__(self) -> str:
        return say(self.keys, self.click, self.tap)


Words = str | Say


def words(text: Words) -> str:
    return str(text)


# -- a lesson's steps ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    kind: str  # pick | do | read | bot | end
    say: Words  # what to do now, one sentence
    rule: str = ""  # a rule, explained here because it matters now
    move: Action | None = None  # do: the move that goes on (its fields must match)
    dice: tuple[int, ...] = ()  # pick: the dice to choose, by position
    shows: tuple = ()  # do: what the move's roll shows (the dice after it; a card's name)
    point: str | None = None  # read: a box of the sheet to point at
    wrong: Words = ""  # the correction after another move (default: the instruction)
    moves: tuple[tuple[Action, tuple], ...] = ()  # bot: its moves and what each shows


def pick(dice: tuple[int, ...], text: Words, rule: str = "", wrong: Words = "") -> Step:
    return Step("pick", text, rule, dice=tuple(dice), wrong=wrong)


def do(move: Action, text: Words, rule: str = "", shows: tuple = (), wrong: Words = "") -> Step:
    return Step("do", text, rule, move=move, shows=tuple(shows), wrong=wrong)


def read(text: Words, rule: str = "", point: str | None = None) -> Step:
    return Step("read", text, rule, point=point)


def bot(text: Words, *moves: tuple[Action, tuple], rule: str = "") -> Step:
    return Step("bot", text, rule, moves=tuple((m, tuple(s)) for m, s in moves))


def end(text: Words, rule: str = "") -> Step:
    return Step("end", text, rule)


@dataclass(frozen=True)
class Lesson:
    game: str  # the catalog entry it teaches
    steps: tuple[Step, ...]
    bot: str = "Ada"  # the other player's name
    options: dict[str, Any] = field(default_factory=dict)  # rule options of the lesson's game


def matches(expected: Action, action: Action) -> bool:
    """Whether ``action`` is the move ``expected`` asks for: the same kind, and every field
    ``expected`` gives the same (lists of dice as sets)."""
    if action.get("kind") != expected.get("kind"):
        return False
    for key, want in expected.items():
        got = action.get(key)
        if isinstance(want, list):
            if not isinstance(got, list) or sorted(got) != sorted(want):
                return False
        elif got != want:
            return False
    return True


def roll(*dice) -> Action:
    """A Yatzy-style roll holding these dice (none: the first roll of a turn)."""
    return {"kind": "roll", "hold": list(dice)}


ROLL = {"kind": "roll"}
ENTER_GOT_IT = Say("Press Enter to go on.", "Click Got it to go on.")

def keep(what: str, keys: str = "press Space", click: str = "click Roll again") -> Say:
    """The correction of a roll step: keep what is held, then roll."""
    return Say(f"Keep {what} held and {keys}.", f"Keep {what} held and {click}.")


def lesson_for(game_id: str) -> Lesson | None:
    """The lesson a game's catalog entry names (``lesson``: "module:NAME", in its folder),
    None when it has none."""
    info = GAMES.get(game_id)
    if info is None or not info.lesson:
        return None
    module, name = info.lesson.split(":")
    return getattr(importlib.import_module(module), name)
