"""Pig at the shared table (game.scenes.tables.base.Table, talking to its scene through
TableHost): one die on the felt, Roll and Hold, a sheet of scores and turns."""

from __future__ import annotations

import pygame

from game.rules.core import Action, Event
from game.scenes.tables.base import Banner, ButtonSpec, DieSpec, Scoring, leader_cell
from game.scenes.tables.base import Table as BaseTable
from game.ui import hands, theme
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.words import number, says, signed


class Table(BaseTable):
    def __init__(self, scene):
        super().__init__(scene)
        self.lost_face: int | None = None  # the 1 that ended a turn, shown until the next roll

    def dice(self) -> list[DieSpec]:
        face = self.state.face
        if face is not None:
            return [DieSpec(face, "free")]
        if self.lost_face is not None:
            return [DieSpec(self.lost_face, "dead")]
        return [DieSpec(None, "blank")]

    def view_key(self) -> tuple:
        return (self.lost_face,)

    def buttons(self) -> list[ButtonSpec]:
        s = self.state
        return [ButtonSpec("Roll", {"kind": "roll"}, hotkey="Space"),
                ButtonSpec(f"Hold {number(s.pot)}", {"kind": "hold"}, enabled=s.pot > 0,
                           hotkey="Enter")]

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_SPACE, pygame.K_r):
            self.scene.act({"kind": "roll"})
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.scene.act({"kind": "hold"})
        else:
            return False
        return True

    def describe_move(self, action: Action) -> str:
        return "Roll the die" if action["kind"] == "roll" else "Hold the points"

    def after_action(self, action: Action, events: list[Event]) -> None:
        lost = next((e for e in events if e["type"] == "pigged"), None)
        self.lost_face = 1 if lost else None

    def scoring(self, events: list[Event], before) -> Scoring | None:
        event = next((e for e in events if e["type"] == "held"), None)
        if event is None:
            return None
        seat = event["seat"]
        column = self.columns()[0].index(seat)
        return Scoring(event, seat, [], "Score", column, event["points"],
                       label=f"+{number(event['points'])}",
                       changes=[("Score", column, before.scores[seat], event["score"])],
                       colour=self.seat_colour(seat))

    def total_row(self) -> str:
        return "Score"

    def describe(self, event: Event) -> Banner | None:
        who = self.scene.name(event["seat"]) if "seat" in event else ""
        if event["type"] == "pigged":
            lost = f": {number(event['lost'])} points lost" if event["lost"] else ""
            return Banner(f"A 1! {says(who, 'scores')} nothing this turn{lost}", theme.BAD,
                          "farkle", big=True, shake=True)
        if event["type"] == "held":
            return Banner(f"{says(who, 'holds')} {number(event['points'])} "
                          f"(score {number(event['score'])})",
                          theme.player_colour(event["seat"]), "bank")
        return None

    def turn_info(self) -> str:
        s = self.state
        return "" if s.is_over() else f"pot {number(s.pot)}"

    progress = BaseTable.race_progress

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["The game is over."]
        if not self.scene.human_turn:
            return [f"{says(self.scene.name(s.current), 'is')} thinking…"]
        if s.pot:
            return [f"Pot {number(s.pot)}: " + hands.say("Space rolls on, Enter holds.",
                                                          "Roll on, or Hold.")]
        return [hands.say("Press Space to roll.", "Click Roll to start your turn.")]

    def sheet(self) -> SheetModel:
        s = self.state
        seats, headers, active = self.columns()
        scores = [s.scores[i] for i in seats]
        rows = [Row("Score", [leader_cell(number(v), v, scores) for v in scores], kind="total"),
                Row("Pot", [Cell(number(s.pot) if i == s.current and not s.is_over() else "",
                                 theme.TEXT, True) for i in seats])]
        rows += self.turn_rows(seats, lambda r: Cell(signed(r["points"]), theme.GOOD)
                               if r["result"] == "hold" else Cell("a 1", theme.BAD, mark="bad"))
        return SheetModel(headers, rows, active,
                          footer=f"First to {number(s.options['target'])} wins")
