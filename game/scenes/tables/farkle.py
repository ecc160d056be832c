"""Farkle at the shared table: pick scoring dice to set aside, then roll on or bank."""

from __future__ import annotations

import pygame

from game.rules.core import Action, Event
from game.rules.farkle import FarkleState
from game.scenes.tables.base import Banner, ButtonSpec, DieSpec, dice_text
from game.scenes.tables.base import Table as BaseTable
from game.ui import theme
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.words import Possessive, count, number, says, signed, turn_of, verb

HISTORY_ROWS = 9
LEADER = (92, 74, 20)


class Table(BaseTable):
    state: FarkleState

    def __init__(self, scene):
        super().__init__(scene)
        self.farkled: list[int] = []  # the roll that farkled, kept on screen until the next
        self.farkled_by: int | None = None  # whose roll it was

    def new_turn(self) -> None:
        self.chosen: set[int] = set()

    def has_aside(self) -> bool:
        return True

    def view_key(self) -> tuple:
        return (tuple(self.farkled), self.farkled_by)

    # -- what pressing things does ---------------------------------------------------------
    def selection(self):
        return self.state.selection_score(sorted(self.chosen))

    def preview(self) -> dict:
        """The engine's numbers for the dice chosen now (points, Van't Hof, turn total,
        whether banking is allowed): the buttons never add these up themselves."""
        return self.state.set_aside_preview(sorted(self.chosen))

    def roll_action(self) -> Action:
        if not self.state.rolled:
            return {"kind": "roll"}
        return {"kind": "roll", "set_aside": sorted(self.chosen)}

    def bank_action(self) -> Action:
        return {"kind": "bank", "set_aside": sorted(self.chosen)}

    def selected(self) -> tuple[str, list[Action]] | None:
        s = self.state
        if not s.rolled or not self.chosen:
            return None
        shown = dice_text([s.dice[i] for i in sorted(self.chosen) if i < len(s.dice)])
        return f"Setting aside {shown}", [self.roll_action(), self.bank_action()]

    def click_die(self, index: int) -> None:
        if not self.state.rolled:
            self.scene.complain("Roll first: then pick the scoring dice to set aside")
            return
        if index >= len(self.state.dice):
            return
        self.chosen ^= {index}
        self.scene.app.sounds.play("hold")

    def choose_best(self) -> None:
        """Select every scoring die (the biggest set-aside); a shortcut, not advice."""
        options = self.state.scoring_options()
        if options:
            best = max(options, key=lambda o: (len(o["dice"]), o["points"]))
            self.chosen = set(best["positions"])

    def handle_key(self, event: pygame.event.Event) -> bool:
        if pygame.K_1 <= event.key <= pygame.K_6 or pygame.K_KP1 <= event.key <= pygame.K_KP6:
            base = pygame.K_1 if event.key <= pygame.K_6 else pygame.K_KP1
            self.click_die(event.key - base)
        elif event.key in (pygame.K_SPACE, pygame.K_r):
            self.scene.act(self.roll_action())
        elif event.key in (pygame.K_b, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.state.rolled:
                self.scene.act(self.bank_action())
            else:
                self.scene.complain("Roll first: there is nothing to bank yet")
        elif event.key == pygame.K_p:
            self.scene.act({"kind": "piggyback"})
        elif event.key == pygame.K_a:
            self.choose_best()
        else:
            return False
        return True

    def press(self, key: str) -> None:
        if key == "all":
            self.choose_best()

    # -- the flow --------------------------------------------------------------------------
    def preview_bot(self, action: Action) -> None:
        self.chosen = set(action.get("set_aside", []))

    def after_action(self, action: Action, events: list[Event]) -> None:
        self.chosen = set()
        farkle = next((e for e in events if e["type"] == "farkle"), None)
        self.farkled = list(farkle["dice"]) if farkle else []
        self.farkled_by = farkle["seat"] if farkle else None

    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        who = self.scene.name(event["seat"]) if "seat" in event else ""
        if kind == "farkle":
            lost = f", {number(event['lost'])} points lost" if event["lost"] else ""
            return Banner(f"FARKLE! {says(who, 'scores')} nothing with "
                          f"{dice_text(event['dice'])}{lost}", theme.BAD, "farkle", big=True)
        if kind == "penalty":
            return Banner(f"Three farkles in a row: {says(who, 'loses')} 1,000", theme.BAD, "error",
                          big=True)
        if kind == "hot_dice":
            return Banner(f"HOT DICE! {says(who, 'may')} roll all six again", theme.ACCENT,
                          "hot_dice", big=True)
        if kind == "vant_hof":
            return Banner(f"Van't Hof 6! {Possessive(who)} 1s are worth 3,000", theme.ACCENT,
                          "bonus", big=True)
        if kind == "banked":
            extra = f" and {verb(who, 'is')} on the board" if event.get("on_the_board") and \
                self.state.options["on_board"] else ""
            return Banner(f"{says(who, 'banks')} {number(event['points'])}{extra} "
                          f"(total {number(event['total'])})",
                          theme.GOOD, "score")
        if kind == "piggyback":
            return Banner(f"{says(who, 'piggybacks')} on {number(event['points'])} points",
                          theme.INFO,
                          "click")
        if kind == "piggyback_credit":
            return Banner(f"{says(who, 'gets')} {number(event['points'])} back from the farkled "
                          "piggyback",
                          theme.INFO, "score")
        return self.race_banner(event)

    def history_line(self, event: Event) -> tuple[str, tuple] | None:
        if event["type"] == "set_aside":
            seat = event["seat"]
            return (f"   {says(self.scene.name(seat), 'sets')} aside {dice_text(event['dice'])}: "
                    f"{signed(event['points'])} (turn {number(event['turn_total'])})",
                    theme.player_colour(seat))
        return super().history_line(event)

    # -- drawing ---------------------------------------------------------------------------
    def dice(self) -> list[DieSpec]:
        s = self.state
        if s.rolled:
            return [DieSpec(v, "chosen" if i in self.chosen else "free",
                            "SET ASIDE" if i in self.chosen else "") for i, v in enumerate(s.dice)]
        if self.farkled:
            return [DieSpec(v, "free", "") for v in self.farkled]
        return [DieSpec(None, "blank") for _ in range(s.dice_left)]

    def aside_dice(self) -> list[list[int]]:
        return [g["dice"] for g in self.state.groups]

    def buttons(self) -> list[ButtonSpec]:
        s = self.state
        if not s.rolled:
            specs = [ButtonSpec(f"Roll {count(s.dice_left, 'die', 'dice')}", {"kind": "roll"},
                                hotkey="Space")]
            if s.can_piggyback():
                p = s.piggy
                specs.append(ButtonSpec(f"Piggyback {count(p['dice'], 'die', 'dice')}", {"kind": "piggyback"},
                                        hotkey=f"P · {number(p['points'])} pts"))
            return specs
        p = self.preview()
        left = len(s.dice) - len(self.chosen)
        roll_label = ("Hot dice: roll 6" if p["can_roll"] and left == 0
                      else f"Roll {count(left or 6, 'die', 'dice')}")
        return [ButtonSpec(roll_label, self.roll_action(), enabled=p["can_roll"], hotkey="Space"),
                ButtonSpec(f"Bank {number(p['turn_total'])}", self.bank_action(), enabled=p["can_bank"],
                           hotkey="B / Enter"),
                ButtonSpec("Pick all", None, enabled=True, hotkey="A", key="all")]

    def turn_info(self) -> str:
        s = self.state
        return "" if s.is_over() else self.race_info(f"turn total {number(s.turn_total)}")

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["The game is over."]
        lines = []
        human = self.scene.human_turn
        if not human:
            lines.append(f"{says(self.scene.name(s.current), 'is')} thinking…")
        elif s.rolled:
            p = self.preview()
            if not self.chosen:
                lines.append("Click scoring dice (or press 1-6) to set them aside; A picks all.")
            elif p["can_roll"]:
                extra = f" + Van't Hof {number(p['vant_hof'])}" if p["vant_hof"] else ""
                lines.append(f"Selected: {number(p['points'])} points{extra}. Turn total would "
                             f"be {number(p['turn_total'])}.")
            else:
                lines.append(f"Not allowed: {p['reason']}.")
        elif self.farkled and self.farkled_by is not None:
            lines.append(f"{says(self.scene.name(self.farkled_by), 'farkled')} with "
                         f"{dice_text(self.farkled)}. {turn_of(self.scene.name(s.current))}: roll!")
        else:
            lines.append("Roll to start your turn (Space).")
        minimum = s.bank_minimum()
        if minimum and not s.on_board[s.current]:
            lines.append(f"Not on the board yet: the first bank needs {number(minimum)}.")
        elif minimum:
            lines.append(f"Minimum bank: {number(minimum)}.")
        if s.last_round:
            still = ", ".join(self.scene.name(x) for x in s.still_to_play)
            lines.append(f"Last round - still to play: {still}. Beat {number(s.leader_total(s.current))}!")
        return lines

    @staticmethod
    def _turn_cell(r: dict) -> Cell:
        if r["result"] == "farkle":
            return Cell(number(r["points"]) if r["points"] < 0 else "farkle", theme.BAD)
        return Cell(signed(r["points"]), theme.GOOD)

    def sheet(self) -> SheetModel:
        s = self.state
        seats, headers, active = self.columns()
        lead = max(s.totals)
        rows = [Row("Banked", [Cell(number(s.totals[i]), theme.ACCENT if s.totals[i] == lead and lead
                                    else theme.TEXT, True, LEADER if s.totals[i] == lead and lead
                                    else None) for i in seats], kind="total"),
                Row("To target", [Cell(number(max(0, s.options["target"] - s.totals[i])),
                                       theme.TEXT_DIM) for i in seats]),
                Row("This turn", [Cell(number(s.turn_total) if i == s.current and not s.is_over()
                                       and i == getattr(self.scene, "shown_seat", i)
                                       else "", theme.INFO, True) for i in seats])]
        if s.options["on_board"]:
            rows.append(Row("On the board", [Cell("yes" if s.on_board[i] else "not yet",
                                                  theme.GOOD if s.on_board[i] else theme.TEXT_DIM)
                                             for i in seats]))
        if s.options["three_farkles"]:
            rows.append(Row("Farkles in a row", [Cell(str(s.farkles_in_row[i]),
                                                      theme.BAD if s.farkles_in_row[i] == 2
                                                      else theme.TEXT_DIM) for i in seats]))
        rows += self.turn_rows(seats, self._turn_cell, HISTORY_ROWS)
        footer = (f"Solo: reach {number(s.options['target'])} in as few turns as you can"
                  if len(s.seats) == 1 else
                  f"First to {number(s.options['target'])} starts the last round · gold: the leader")
        return SheetModel(headers, rows, active, footer=footer)
