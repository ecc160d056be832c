"""The post-game review: each human's decisions priced against the coach's best move.

A finished game is what made it (seats, options, seed, moves), so the review replays it
from the seed and, at every decision a reviewed seat made (a position with more than one
legal move), asks the coach (game.coach: the game's strongest policy) for its hint on the
position before the move and prices the move actually played with ``Hint.cost``, in the
hint's unit: the expected points it lost against the best move, or -- where the strongest
bot plays for the win rather than for points (Farkle near the end, its last round or a
third farkle; Pirate Fortune's last turn and target-reaching stops; Grab It!'s last
boxes) -- the chance to win it lost (``unit`` "win", 0..1);
0 for a move as good as the best, and None where the coach cannot price moves there
(Pirate Fortune's Island and a cursed third skull).

Figures per reviewed seat:

- **total loss**: the sum of the priced decisions' losses in points;
- **total win loss**: the sum of the losses in chance to win (0.12: 12 percentage points);
- **accuracy**: the share of priced decisions (of either unit) that were best moves: a
  points loss below ``BEST_MARGIN`` (as far as the rounding of one decimal shows), a win
  chance loss below ``WIN_MARGIN`` (half a percentage point); None when none was priced;
- **priced**: how many decisions could be priced at all ("41 of 52 decisions priced").

Ranking (``SeatReview.ranked``): points and win chance are not the same currency, so the
decisions that lost a chance to win (at least ``WIN_MARGIN``) come first, biggest first --
they are the endgame's decisive moments -- then every other priced decision by its loss
(a best win-unit decision counts as 0 there), then the unpriced ones; ties in game order.

The work is a generator (``review_steps``) that yields a progress figure (0..1) after every
move, for a game.tasks.Task to spread over frames; ``review`` runs it at once. Pure Python:
no pygame, so the words for moves come from a ``describe(state, action)`` callable the
caller may pass (the play scene's tables know the game's words; ``plain_move`` is the
fallback).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game.coach import Coach
from game.rules.core import Action, GameState
from game.tasks import run_now

BEST_MARGIN = 0.05  # a decision losing less points than this counts as a best move
WIN_MARGIN = 0.005  # ... or less chance to win than this (half a percentage point)

Describe = Callable[[GameState, Action], str]


@dataclass
class Decision:
    index: int  # the move's place in the game: the position before it follows ``index`` moves
    seat: int
    turn: int  # the seat's own turn, counted from 1
    position: str  # the position in words (the dice, the roll)
    played: Action
    best: Action
    played_text: str
    best_text: str
    loss: float | None  # lost against the best move, in ``unit``; None: not priced
    unit: str = "points"  # "points" (expected points) or "win" (chance to win, 0..1)

    @property
    def priced(self) -> bool:
        return self.loss is not None

    @property
    def is_best(self) -> bool:
        margin = WIN_MARGIN if self.unit == "win" else BEST_MARGIN
        return self.loss is not None and self.loss < margin

    @property
    def lost_win(self) -> bool:
        """Whether this decision lost a chance to win (at least ``WIN_MARGIN``)."""
        return self.unit == "win" and not self.is_best and self.loss is not None


@dataclass
class SeatReview:
    seat: int
    name: str
    decisions: list[Decision] = field(default_factory=list)  # in the order they were made

    @property
    def priced(self) -> int:
        return sum(d.priced for d in self.decisions)

    @property
    def total_loss(self) -> float:
        """Expected points lost over the decisions priced in points."""
        return sum(d.loss for d in self.decisions if d.loss is not None and d.unit != "win")

    @property
    def total_win_loss(self) -> float:
        """Chance to win lost over the decisions priced in it (0.12: 12 percentage points)."""
        return sum(d.loss for d in self.decisions if d.loss is not None and d.unit == "win")

    @property
    def win_priced(self) -> int:
        """How many decisions were priced in chance to win."""
        return sum(d.priced and d.unit == "win" for d in self.decisions)

    @property
    def best_moves(self) -> int:
        return sum(d.is_best for d in self.decisions)

    @property
    def accuracy(self) -> float | None:
        """The share (0..1) of priced decisions that were best moves; None if none priced."""
        return self.best_moves / self.priced if self.priced else None

    def ranked(self) -> list[Decision]:
        """Decisions that lost a chance to win first (biggest first), then the other priced
        ones by loss (a best win-unit one as 0), then the unpriced; ties in game order."""
        def key(d: Decision):
            if d.loss is None:
                return (2, 0.0, d.index)
            if d.lost_win:
                return (0, -d.loss, d.index)
            return (1, -(d.loss if d.unit != "win" else 0.0), d.index)
        return sorted(self.decisions, key=key)

    def summary(self, win_note: str = "") -> str:
        """One line: "12.4 points lost · 3.5% win chance lost · accuracy 78% (65 of 83 best
        moves) · 83 of 83 decisions priced" (the win chance part when any was priced)."""
        n = len(self.decisions)
        if not n:
            return "no decisions to review"
        if not self.priced:
            return f"{n} decision{'s' if n != 1 else ''}, none priced: the coach cannot price " \
                   "moves in this game"
        acc = self.accuracy or 0.0
        note = f" ({win_note})" if win_note else ""
        win = (f"{self.total_win_loss * 100:.1f}% win chance lost{note} · " if self.win_priced
               else "")
        return (f"{self.total_loss:,.1f} points lost · {win}accuracy {acc:.0%} "
                f"({self.best_moves} of {self.priced} best moves) · "
                f"{self.priced} of {n} decisions priced")


@dataclass
class Review:
    game_id: str
    coach_label: str  # the strength the moves were priced against ("expert", "hard")
    seats: list[SeatReview]
    moves: int  # moves in the game
    win_note: str = ""  # how the coach's chance-to-win losses are measured, if not bare

    def seat(self, seat: int) -> SeatReview:
        return next(r for r in self.seats if r.seat == seat)


def plain_move(state: GameState, action: Action) -> str:
    """A move in plain words without the game's table: its kind and what it names."""
    dice = state.table_dice()
    words = [str(action.get("kind", "?")).replace("_", " ").capitalize()]
    for key, value in action.items():
        if key == "kind":
            continue
        if key in state.POSITION_FIELDS and isinstance(value, list):
            faces = [str(dice[i]) for i in value if isinstance(i, int) and 0 <= i < len(dice)]
            words.append(f"{key.replace('_', ' ')} [{' '.join(faces)}]")
        else:
            words.append(f"{key.replace('_', ' ')} {value}")
    return " ".join(words)


def position_text(state: GameState) -> str:
    """The position in a few words: the dice on the table, the roll, points at stake."""
    parts = []
    dice = state.table_dice()
    if dice:
        parts.append("[" + " ".join(str(d) for d in dice) + "]")
    rolls = state.roll_number()
    if rolls > 0:
        parts.append(f"after roll {rolls}")
    at_stake = state.points_at_stake()
    if at_stake > 0:
        parts.append(f"{at_stake:,} on the table")
    return ", ".join(parts) if parts else "start of the turn"


def human_seats(state: GameState) -> list[int]:
    return [i for i, s in enumerate(state.seats) if s.is_human]


def _as_state(info, game: GameState | dict[str, Any]) -> GameState:
    if isinstance(game, GameState):
        return game
    return info.state_type().load(game)  # SaveError with a readable message if damaged


def _hint_steps(coach: Coach, state: GameState, progress: float):
    """The coach's hint on ``state``, in pieces (``Coach.hint_steps``: its first hint may
    load a bot's tables); yields ``progress`` between pieces."""
    job = coach.hint_steps(state)
    while True:
        try:
            next(job)
        except StopIteration as stop:
            return stop.value
        yield progress


def review_steps(info, game: GameState | dict[str, Any], seats: Iterable[int] | None = None,
                 describe: Describe | None = None, coach: Coach | None = None):
    """The review of ``game`` (a state, finished or not, or its ``save()``), as a generator:
    it yields its progress (0..1) after every move and returns a :class:`Review`.

    ``seats``: the seats to review (default: the human ones; pass others to review a bot's
    play "as if" a human had made it). ``describe(state, action)``: a move in words for
    the position ``state`` (default ``plain_move``). ``coach``: one to reuse; by default a
    new Coach for the whole review, so its policy's caches serve every decision."""
    final = _as_state(info, game)
    wanted = sorted(set(human_seats(final) if seats is None else seats))
    if any(not 0 <= s < len(final.seats) for s in wanted):
        raise ValueError(f"no such seat among {len(final.seats)}: {wanted}")
    words = describe or plain_move
    reviews = {s: SeatReview(s, final.seats[s].name) for s in wanted}
    actions, actors = final.actions, final.actors
    state = type(final).replay(final.seats, final.options, final.seed, [])
    coach = coach or (Coach(info, seed=final.seed) if wanted else None)
    turns = [0] * len(final.seats)
    turn_key = None
    for i, (action, actor) in enumerate(zip(actions, actors, strict=True)):
        key = (state.current, state.turns_played)
        if key != turn_key:  # a new turn starts for the player to act
            turn_key = key
            turns[state.current] += 1
        if actor in reviews and coach is not None and len(state.legal_actions()) > 1:
            hint = yield from _hint_steps(coach, state, i / max(1, len(actions)))
            loss = hint.cost(state, action)
            reviews[actor].decisions.append(Decision(
                i, actor, turns[actor], position_text(state), dict(action), dict(hint.action),
                words(state, action), words(state, hint.action), loss, hint.unit))
        state.apply(action)
        yield (i + 1) / max(1, len(actions))
    note = coach.policy.win_cost_note if coach is not None else None
    return Review(info.id, coach.label if coach is not None else "", [reviews[s] for s in wanted],
                  len(actions), note or "")


def review(info, game, seats=None, describe=None) -> Review:
    """The review at once (tests, tools)."""
    return run_now(review_steps(info, game, seats, describe))
