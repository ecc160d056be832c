"""Pig's rules: a state machine like every game's (game.contract.GameRules).

Each turn the player rolls one die as often as they like: a 2 to 6 adds to the turn's
points (``pot``), a 1 ends the turn with nothing; holding adds the pot to the player's
score and passes the turn. The first to reach the target wins at once.

Actions: ``{"kind": "roll"}``, ``{"kind": "hold"}`` (only with points in the pot).
Events: ``rolled`` (seat, dice: [face]), ``pigged`` (seat, lost), ``held`` (seat, points,
score), then ``turn`` (seat) or ``game_over`` (winners, scores).

Its names are its own on purpose (``face``, ``pot``, ``scores``): no other game's
attribute names, so shared code that probes for ``dice``, ``rolls`` or ``turn_total``
instead of asking the contract shows up here."""

from __future__ import annotations

from typing import Any

from game.rules.core import Action, Event, GameState, IllegalAction, RollSpec


class PigState(GameState):
    GAME_ID = "pig"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    DEFAULT_OPTIONS = {"target": 50}
    OPTION_RANGES = {"target": (10, 1000)}
    ACTIONS = {"roll": (), "hold": ()}
    POSITION_FIELDS = ()

    def setup(self) -> None:
        self.rng.shuffle(self.order)
        n = len(self.seats)
        self.scores: list[int] = [0] * n
        self.face: int | None = None  # the die on the table this turn (None: not rolled)
        self.pot = 0  # points gathered this turn, lost on a 1
        self.log: list[list[dict[str, Any]]] = [[] for _ in range(n)]  # each seat's turns
        self.over = False

    @classmethod
    def score_range(cls, options: dict[str, Any] | None = None) -> tuple[int, int]:
        return (0, 1000 + 5)  # (one under the highest target, plus a six)

    # -- the contract's facts
    def table_dice(self) -> list[int]:
        return [] if self.face is None else [self.face]

    def roll_number(self) -> int:
        return 0

    def points_at_stake(self) -> int:
        return self.pot

    def roll_spec(self, action: Action) -> RollSpec | None:
        return RollSpec((0,)) if action.get("kind") == "roll" else None

    def turn_results(self, seat: int) -> list[dict[str, Any]]:
        return list(self.log[seat])

    # -- play
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [{"kind": "roll"}] + ([{"kind": "hold"}] if self.pot else [])

    def _apply(self, action: Action) -> list[Event]:
        seat = self.current
        if action["kind"] == "hold":
            if not self.pot:
                raise IllegalAction("nothing to hold yet: roll first")
            points = self.pot
            self.scores[seat] += points
            self.log[seat].append({"result": "hold", "points": points,
                                   "total": self.scores[seat]})
            events: list[Event] = [{"type": "held", "seat": seat, "points": points,
                                    "score": self.scores[seat]}]
            return events + self._end_turn()
        self.face = self.rng.randint(1, 6)
        events = [{"type": "rolled", "seat": seat, "dice": [self.face], "pot": self.pot}]
        if self.face == 1:
            lost, self.pot = self.pot, 0
            self.log[seat].append({"result": "pig", "points": 0, "lost": lost,
                                   "total": self.scores[seat]})
            return events + [{"type": "pigged", "seat": seat, "lost": lost}] + self._end_turn()
        self.pot += self.face
        return events

    def _end_turn(self) -> list[Event]:
        self.pot = 0
        self.face = None
        if max(self.scores) >= self.options["target"]:
            self.over = True
            return [{"type": "game_over", "winners": self.winners(),
                     "scores": list(self.scores)}]
        self.advance_turn()
        return [{"type": "turn", "seat": self.current}]

    def is_over(self) -> bool:
        return self.over

    def final_scores(self) -> list[float]:
        return list(self.scores)
