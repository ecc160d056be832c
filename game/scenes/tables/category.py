"""The table of a category game (Yatzy, Maxi Yatzy, Grab It!): hold dice, roll up to the
game's number of times, then write the dice into one open box of the sheet.

What every such game does alike lives here (the keyboard cursor over the open boxes, a box
that scores 0 asking for a second click, the coach's box, a bot's choice shown before it is
made); a game's table adds its sheet, its words and its moments. A game states what closes a
box in ``closed_word`` ("filled": a box of one's own sheet; "taken": a box of the shared
board) and what a 0 does in ``zero_done``."""

from __future__ import annotations

import pygame

from game.rules.core import Action, Event
from game.scenes.tables.base import ButtonSpec, DieSpec, HoldTable, dice_text
from game.ui import hands, theme


class CategoryTable(HoldTable):
    labels: dict[str, str] = {}  # each box's name
    die_labels = (("HELD", "held"),)
    closed_word = "filled"  # "{box} is already filled"
    zero_done = "cross it out"  # "{box} scores 0: click it again to cross it out"

    def box_label(self, key: str) -> str:
        return self.labels.get(key, key)

    def footer(self) -> str:
        zero = hands.say("Enter twice on a 0 crosses it out", "a 0 needs a second click")
        if not self.scene.coaching or self.scene.app.settings.coach == "off":
            return zero[:1].upper() + zero[1:]
        hint = hands.say(" (H for a hint)", "")
        return f"Dashed ring: the coach's box{hint} · {zero}"

    def coach_box(self) -> str | None:
        """The box the coach's hint for this position fills, if a hint is on show and
        fills one now (a hint to roll again marks dice, not a box)."""
        hint = self.scene.current_hint()
        if hint is None or hint.action.get("kind") != "score":
            return None
        return hint.action.get("category")

    def new_turn(self) -> None:
        self.held: set[int] = set()
        self.pending_zero: str | None = None  # a box waiting for the confirming second click
        self.cursor: str | None = None

    # -- input -----------------------------------------------------------------------------
    def click_row(self, key: str) -> None:
        s = self.state
        if s.rolls == 0:
            self.scene.complain("Roll the dice before choosing a box")
            return
        label = self.box_label(key)
        if key not in s.open_categories():
            self.scene.complain(f"{label} is already {self.closed_word}")
            return
        self.cursor = key
        if s.preview().get(key, 0) == 0 and self.pending_zero != key:
            self.pending_zero = key
            self.scene.app.notify(lambda: self.zero_prompt(label, self.zero_done), theme.INFO)
            return
        self.scene.act({"kind": "score", "category": key})

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.state.rolls:
            self.move_cursor(-1 if event.key == pygame.K_UP else 1)
            return True
        return super().handle_key(event)

    def score_points(self, action: Action) -> int | None:
        s = self.state
        return s.preview().get(action.get("category")) if s.rolls and not s.is_over() else None

    def selected(self) -> tuple[str, list[Action]] | None:
        s = self.state
        if not s.rolls or s.is_over():
            return None
        if self.cursor in s.open_categories():
            return f"{self.box_label(self.cursor)} now", [{"kind": "score",
                                                          "category": self.cursor}]
        if s.rolls >= s.ROLLS_PER_TURN:
            return None
        held = dice_text([s.dice[i] for i in sorted(self.held)])
        return (f"Holding {held}" if self.held else "Rerolling all"), [self.roll_action()]

    def move_cursor(self, step: int) -> None:
        open_boxes = self.state.open_categories()
        if not open_boxes:
            return
        if self.cursor not in open_boxes:
            self.cursor = open_boxes[0 if step > 0 else -1]
        else:
            i = (open_boxes.index(self.cursor) + step) % len(open_boxes)
            self.cursor = open_boxes[i]
        self.pending_zero = None

    # -- the flow --------------------------------------------------------------------------
    def preview_bot(self, action: Action) -> None:
        if action["kind"] == "roll":
            self.held = set(action.get("hold", []))
        elif action["kind"] == "score":
            self.cursor = action["category"]

    def after_action(self, action: Action, events: list[Event]) -> None:
        self.pending_zero = None
        if action["kind"] == "roll":
            self.cursor = None

    # -- drawing ---------------------------------------------------------------------------
    def dice(self) -> list[DieSpec]:
        s = self.state
        if not s.dice:
            return [DieSpec(None, "blank") for _ in range(s.n_dice)]
        return [DieSpec(v, "held" if i in self.held else "free", "HELD" if i in self.held else "")
                for i, v in enumerate(s.dice)]

    def buttons(self) -> list[ButtonSpec]:
        return [self.roll_button()]
