"""The coach: the move the strongest bot makes now, and what other moves cost against it.

One piece for every game (no pygame here). A hint asks the game's strongest policy
(``expert`` where the game offers it, else ``hard``) for its move; where that policy values
the alternatives anyway (``action_values(state)``: the Yatzy turn search, Farkle's optimal
turn table, Pirate Fortune's value tables, Bona Fortuna's box values, Grab It!'s margin
table) the hint also carries the value of every move it weighed, so the player's own
selection can be priced ("costs 4.2 points on average"). Where the policy plays for the
win rather than for points (a Farkle endgame: its win-chance search; a Pirate Fortune
endgame: its turn solved for the win; Grab It!'s last boxes) its values are chances to win, 0..1, and the policy's ``value_unit(state)`` says
"win": the hint carries that ``unit``, ``Hint.cost`` is then a chance to win lost (0.075:
7.5 percentage points) and the advice reads "expected 61% chance to win ... costs 7.5%
chance of winning" (plus the policy's ``win_cost_note`` where its measure is not the bare
chance: Grab It!'s race counts a point of margin as 1%). So moves are priced everywhere a
policy prices them, in points or in chance to win. Where it does not (Pirate Fortune's
Island and a cursed third skull) or there is one move only (the first roll of a turn), the
hint is the move alone, and says so.

``hint`` gives a hint at once (tests, the post-game review). ``hint_steps`` gives the same
hint as a generator job for a game.tasks.Task, so that the play scene spreads it over
frames: first the tables the policy needs (its ``warm_steps``, built in pieces: the first
hint of a game may have to build them), then the move, then the values, a piece each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.bots import make_policy, strengths_for
from game.contract import UNITS, Policy
from game.rules.core import Action, GameState

COACH_MODES = ("off", "request", "always")
COACH_LABELS = {"off": "Off", "request": "On request", "always": "Always"}


@dataclass
class Hint:
    """The coach's advice for a position."""
    action: Action  # the strongest policy's move now
    value: float | None  # its value, when the policy values moves
    values: list[tuple[Action, float]] | None  # every move it weighed, with its value
    label: str  # the strength that gave it ("expert", "hard")
    value_text: str | None = None  # how to read ``value`` ("expected {:.1f} ..."), if at all
    unit: str = "points"  # what values are in: "points", or "win" (a chance to win, 0..1)
    # the values by move_key for the dice last priced against (cost)
    _priced: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def cost(self, state, action: Action | None) -> float | None:
        """How much worse ``action`` is than the hinted move (0 for an equal move), in the
        hint's ``unit`` (points, or a chance to win: 0.075 is 7.5 percentage points), or
        None when it cannot be priced."""
        if action is None or self.values is None or self.value is None:
            return None
        key = move_key(state, action)
        # the first value of each move, keyed once for all the moves priced on these dice
        # (the review and the tests price every move: a search through the list for each
        # was quadratic); move_key reads no more of the state than these
        dice = (type(state), tuple(map(str, state.table_dice())), id(self.values),
                len(self.values))
        try:
            priced = self._priced.get(dice)
            if priced is None:
                priced = {}
                for other, value in self.values:
                    priced.setdefault(move_key(state, other), value)
                self._priced = {dice: priced}
            value = priced.get(key)
        except TypeError:  # a move with a field no key can hold (a dict): one by one
            value = next((v for other, v in self.values if move_key(state, other) == key),
                         None)
        return None if value is None else max(0.0, self.value - value)


def move_key(state: GameState, action: Action) -> tuple:
    """An action as a comparable key: dice named by their faces, not their positions, so
    holding either of two equal dice is the same move."""
    dice = state.table_dice()
    items = []
    for k, v in sorted(action.items()):
        if k in state.POSITION_FIELDS and isinstance(v, list) and all(
                isinstance(i, int) and 0 <= i < len(dice) for i in v):
            v = tuple(sorted(map(str, (dice[i] for i in v))))
        elif isinstance(v, list):
            v = tuple(v)
        items.append((k, v))
    return tuple(items)


def strongest(info) -> str:
    """The strength hints come from: the last (strongest) one the game offers."""
    return strengths_for(info)[-1]


class Coach:
    """Hints for one game; keeps its policy (and the policy's caches) between hints."""

    def __init__(self, info, seed: int = 0):
        self.info = info
        self.label = strongest(info)
        self.policy: Policy = make_policy(info.bot_module, self.label, seed=seed)

    def hint(self, state) -> Hint:
        """The hint for ``state`` now (every table it needs built at once)."""
        action = self.policy.choose(state)
        return self._hint(state, action, self.policy.action_values(state))

    def hint_steps(self, state):
        """``hint(state)`` as a generator job (game.tasks.Task): yields between the table
        loads, the move and the values; returns the Hint. ``state`` must not change
        while it runs (the play scene cancels the task when the position moves on)."""
        yield  # (a piece of its own: making the coach may have imported the bot)
        if not state.is_over():
            yield from self.policy.warm_steps(state)
        yield
        action = yield from self.policy.choose_steps(state)
        yield
        return self._hint(state, action, self.policy.action_values(state))

    def unit(self, state) -> str:
        """The unit of the policy's values in ``state``: "points" unless it says "win"."""
        unit = self.policy.value_unit(state)
        assert unit in UNITS, unit
        return unit

    def _hint(self, state, action: Action, values) -> Hint:
        value = None
        if values:
            key = move_key(state, action)
            value = next((v for a, v in values if move_key(state, a) == key), None)
            if value is None:  # the move is not among those valued: show the move alone
                values = None
        unit = self.unit(state) if value is not None else "points"
        text = None
        if value is not None:
            text = self.policy.win_value_text if unit == "win" else self.policy.value_text
        return Hint(action, value, values or None, self.label, text, unit)

    def advice(self, state, hint: Hint, table) -> str:
        """The hint in words for the table ``table`` (a game.scenes.tables Table): the move,
        its value, and what the player's selected move costs against it."""
        text = f"Coach ({hint.label} bot): {table.describe_move(hint.action)}"
        if hint.value_text:
            text += f", {hint.value_text.format(hint.value)}"
        text += "."
        chosen = table.selected()
        if hint.values is None:
            return text + (" (The only move now.)" if len(state.legal_actions()) <= 1 else "")
        if chosen is not None:
            words, actions = chosen
            costs = [c for c in (hint.cost(state, a) for a in actions) if c is not None]
            if costs:
                cost = min(costs)
                text += f" Your choice ({words}) {cost_words(cost, hint.unit)}"
                note = self.policy.win_cost_note
                if hint.unit == "win" and note and cost * 100 >= 0.05:
                    text += f" ({note})"
                text += "."
        return text


def cost_words(cost: float, unit: str = "points") -> str:
    """What a move costs in words: "costs 4.2 points on average", "costs 7.5% chance of
    winning" (percentage points, for the "win" unit), or "is as good" when it rounds to 0."""
    if unit == "win":
        return f"costs {cost * 100:.1f}% chance of winning" if cost * 100 >= 0.05 else "is as good"
    return f"costs {cost:,.1f} points on average" if cost >= 0.05 else "is as good"


def hint(info, state) -> Hint:
    """One hint with a fresh coach (the play scene keeps a Coach instead)."""
    return Coach(info).hint(state)
