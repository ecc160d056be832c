"""Farkle at the shared table: pick scoring dice to set aside, then roll on or bank.

Once a roll has landed, the dice that can score carry a mark under them; a die that
can never score in this roll is refused when pressed (nothing changes, the message says
why). The dice chosen now are lifted and labelled CHOSEN; those set aside earlier in the
turn sit small in their own dark tray, "out of play". When Roll or Bank is off, the status
says why."""

from __future__ import annotations

import pygame

from game.games.farkle.rules import FarkleState
from game.rules.core import Action, Event
from game.scenes.tables.base import (
    Banner,
    ButtonSpec,
    DieSpec,
    Scoring,
    dice_text,
    leader_cell,
)
from game.scenes.tables.base import Table as BaseTable
from game.ui import hands, theme
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.words import Possessive, count, number, says, signed, turn_of, verb

SCORING_MARK = theme.INFO  # the mark under a die that can be set aside (a neutral bar)
OUT_OF_PLAY = (20, 66, 46)  # the dark strip of the dice set aside earlier this turn
ASIDE_GAP = 22  # dp between the dice in play and that strip: their labels and marks


class Table(BaseTable):
    state: FarkleState
    die_labels = (("CHOSEN", "chosen"),)

    def __init__(self, scene):
        super().__init__(scene)
        self.farkled: list[int] = []  # the roll that farkled, kept on screen until the next
        self.farkled_by: int | None = None  # whose roll it was
        self.swept = False  # the farkled dice left the felt when the next turn came on screen

    def new_turn(self) -> None:
        self.chosen: set[int] = set()

    def has_aside(self) -> bool:
        return True

    def tray_height(self, width: float) -> float:
        return super().tray_height(width) + ASIDE_GAP

    def dice_rects(self, tray: pygame.Rect, n: int) -> list[pygame.Rect] | None:
        """The usual row, raised above the strip of dice out of play when there is one, so
        that the CHOSEN labels and the scoring marks stay clear of it."""
        if not self.aside_dice():
            return None
        room = pygame.Rect(tray.x, tray.y, tray.w, tray.h - theme.px(ASIDE_GAP))
        return self.scene.dice_row(room, n, True)

    def view_key(self) -> tuple:
        return (tuple(self.farkled), self.farkled_by, self.swept)

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
        s = self.state
        if not s.rolled:
            self.scene.complain("Roll first: then pick the scoring dice to set aside")
            return
        if index >= len(s.dice):
            return
        if index not in self.chosen and index not in s.scoring_positions():
            self.scene.complain(self.refusal(index))  # refused: nothing changes
            return
        self.chosen ^= {index}
        self.scene.app.sounds.play("hold")

    def refusal(self, index: int) -> str:
        """Why die ``index`` of this roll cannot be set aside, in words."""
        return (f"A {self.state.dice[index]} scores nothing on its own: set aside 1s, 5s or "
                "a scoring group")

    def scoring_marks(self) -> set[int]:
        """The dice marked as able to score: those of the roll waiting for a choice, once
        it has landed (never while the dice still tumble)."""
        if self.scene.dice_moving:
            return set()
        return self.state.scoring_positions()

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

    def scoring(self, events: list[Event], before) -> Scoring | None:
        """A bank: the dice set aside with it and the turn's points go to the player's
        banked score, which counts up."""
        event = next((e for e in events if e["type"] == "banked"), None)
        if event is None:
            return None
        seat = event["seat"]
        aside = next((e for e in events if e["type"] == "set_aside"), None)
        column = self.columns()[0].index(seat)
        return Scoring(event, seat, list(aside["positions"]) if aside else [], "Banked", column,
                       event["points"], label=f"+{number(event['points'])}",
                       changes=[("Banked", column, before.totals[seat], event["total"])],
                       colour=self.seat_colour(seat))

    def after_action(self, action: Action, events: list[Event]) -> None:
        aside = next((e for e in events if e["type"] == "set_aside"), None)
        if aside is not None and not any(e["type"] == "banked" for e in events):
            column = self.columns()[0].index(aside["seat"])  # the turn total grows
            self.scene.count_up("This turn", column, aside["turn_total"] - aside["points"],
                     aside["turn_total"], self.seat_colour(aside["seat"]))
        self.chosen = set()
        farkle = next((e for e in events if e["type"] == "farkle"), None)
        self.farkled = list(farkle["dice"]) if farkle else []
        self.farkled_by = farkle["seat"] if farkle else None
        self.swept = False

    def turn_shown(self) -> None:
        self.swept = True  # the farkled dice are not the next player's

    def throw_dice(self, action: Action, rolled: tuple[int, ...]) -> list[DieSpec]:
        """The dice still in hand are thrown (the ones set aside are with the others)."""
        return [DieSpec(None, "free") for _ in rolled]

    def throw_aside(self, action: Action) -> list[list[int]]:
        s = self.state
        groups = self.aside_dice()
        chosen = [s.dice[i] for i in action.get("set_aside", []) if i < len(s.dice)] \
            if s.rolled else []
        return groups + [sorted(chosen)] if chosen else groups

    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        who = self.scene.name(event["seat"]) if "seat" in event else ""
        if kind == "farkle":
            lost = f", {number(event['lost'])} points lost" if event["lost"] else ""
            return Banner(f"FARKLE! {says(who, 'scores')} nothing with "
                          f"{dice_text(event['dice'])}{lost}", theme.BAD, "farkle", big=True,
                          shake=True)
        if kind == "penalty":
            return Banner(f"Three farkles in a row: {says(who, 'loses')} 1,000", theme.BAD, "error",
                          big=True)
        if kind == "hot_dice":
            return Banner(f"HOT DICE! Every die scored: {says(who, 'may')} roll all six again",
                          theme.BEST, "hot_dice", big=True, celebrate="gold", rings=True)
        if kind == "vant_hof":
            return Banner(f"Van't Hof 6! {Possessive(who)} 1s are worth 3,000", theme.BEST,
                          "bonus", big=True)
        if kind == "banked":
            extra = f" and {verb(who, 'is')} on the board" if event.get("on_the_board") and \
                self.state.options["on_board"] else ""
            return Banner(f"{says(who, 'banks')} {number(event['points'])}{extra} "
                          f"(total {number(event['total'])})",
                          theme.player_colour(event["seat"]), "bank")
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
                    f"{signed(event['points'])} (turn total {number(event['turn_total'])})",
                    theme.player_colour(seat))
        return super().history_line(event)

    # -- drawing ---------------------------------------------------------------------------
    def dice(self) -> list[DieSpec]:
        s = self.state
        if s.rolled:
            return [DieSpec(v, "chosen" if i in self.chosen else "free",
                            "CHOSEN" if i in self.chosen else "") for i, v in enumerate(s.dice)]
        if self.farkled and not self.swept:  # the roll that failed: greyed
            return [DieSpec(v, "dead", "") for v in self.farkled]
        return [DieSpec(None, "blank") for _ in range(s.dice_left)]

    def aside_dice(self) -> list[list[int]]:
        return [g["dice"] for g in self.state.groups]

    def aside_label(self) -> str:
        points = sum(g["points"] for g in self.state.groups)
        return f"Out of play: scored earlier this turn ({points:+,})"

    def draw_tray(self, surface: pygame.Surface, tray: pygame.Rect) -> None:
        """Under the dice: the dark strip of the dice already out of play, and the
        marks under the dice of this roll that can score."""
        px = theme.px
        groups = self.aside_dice()
        if groups:
            n = sum(len(g) for g in groups)
            width = px(14) + n * px(38) + len(groups) * px(12) + px(8)
            width = max(width, px(300))
            strip = pygame.Rect(tray.x + px(6), tray.bottom - px(68),
                                min(width, tray.w - px(12)), px(62))
            pygame.draw.rect(surface, OUT_OF_PLAY, strip, border_radius=px(10))
        marks = self.scoring_marks()
        if not marks or not self.state.rolled:
            return
        dice = self.dice()
        placed = self.dice_rects(tray, len(dice)) or self.scene.dice_row(tray, len(dice),
                                                                          False)
        for i in sorted(marks):
            if i < len(placed) and i not in self.chosen:
                r = placed[i]
                bar = pygame.Rect(0, 0, max(px(10), r.w * 2 // 5), max(3, px(5)))
                bar.midtop = (r.centerx, r.bottom + px(7))
                pygame.draw.rect(surface, SCORING_MARK, bar, border_radius=bar.h // 2)

    def buttons(self) -> list[ButtonSpec]:
        s = self.state
        if not s.rolled:
            specs = [ButtonSpec(f"Roll {count(s.dice_left, 'die', 'dice')}", {"kind": "roll"},
                                hotkey="Space")]
            if s.can_piggyback():
                p = s.piggy
                specs.append(ButtonSpec(f"Piggyback {number(p['points'])} "
                                        f"({count(p['dice'], 'die', 'dice')})",
                                        {"kind": "piggyback"}, hotkey="P"))
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

    def last_round(self) -> bool:
        return self.state.last_round

    def describe_move(self, action: Action) -> str:
        return "Take over the dice" if action["kind"] == "piggyback" else \
            super().describe_move(action)

    progress = BaseTable.race_progress

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
                lines.append(self._pick_line()[0])
            elif p["can_roll"] and not p["can_bank"]:
                why = "to get on the board" if not s.on_board[s.current] else "to stop"
                lines.append(f"Selected: {p['points']} points, turn total {p['turn_total']}. "
                             f"Bank is off: {p['minimum']} needed {why}.")
                return lines + self._last_round_line()
            elif p["can_roll"]:
                extra = f" + Van't Hof {number(p['vant_hof'])}" if p["vant_hof"] else ""
                lines.append(f"Selected: {number(p['points'])} points{extra}. Turn total would "
                             f"be {number(p['turn_total'])}.")
            elif set(self.chosen) <= s.scoring_positions():
                shown = dice_text([s.dice[i] for i in sorted(self.chosen)])
                verb = "scores" if len(self.chosen) == 1 else "score"
                lines.append(f"Roll and Bank wait: {shown} {verb} only as part of a group; "
                             "choose the rest of it.")
            else:
                lines.append(f"Roll and Bank are off: {p['reason']} (set aside 1s, 5s or a "
                             "scoring group).")
        elif self.farkled and self.farkled_by is not None:
            lines.append(f"{says(self.scene.name(self.farkled_by), 'farkled')} with "
                         f"{dice_text(self.farkled)}. {turn_of(self.scene.name(s.current))}: roll!")
        else:
            lines.append(hands.say("Press Space to roll.", "Click Roll to start your turn."))
        minimum = s.bank_minimum()
        if minimum and not s.on_board[s.current]:
            lines.append(f"Not on the board yet: the first bank needs {number(minimum)}.")
        elif minimum:
            lines.append(f"Minimum bank: {number(minimum)}.")
        return lines + self._last_round_line()

    def _pick_line(self) -> tuple[str, str]:
        """What to do with a roll before any die is picked, and its compact form."""
        n = len(self.state.dice)
        keys = "1" if n == 1 else f"1-{n}"
        return (hands.say(f"Roll and Bank wait until you pick scoring dice: {keys} (marked), "
                          "A for all.", "Roll and Bank wait until you pick scoring dice: "
                          "click them (marked) or Pick all."),
                hands.say(f"Pick scoring dice: {keys}, A: all.", "Pick scoring dice."))

    def status_details(self) -> list[str | tuple[str, str]]:
        """The status's compact forms, for a small window's two lines ('Roll and Bank wait
        until you pick scoring dice: click them (marked) or …' at 640x360)."""
        return [self._pick_line(),
                ("Not on the board yet: the first bank needs ", "First bank: at least "),
                (" points, turn total ", ", turn total "), ("Bank is off: ", "Bank: "),
                (" needed to get on the board.", " to get on."), (" needed to stop.", " to stop."),
                (" points. Turn total would be ", ", turn total "),
                " (set aside 1s, 5s or a scoring group)"]

    def _last_round_line(self) -> list[str]:
        s = self.state
        if not s.last_round:
            return []
        still = ", ".join(self.scene.name(x) for x in s.still_to_play)
        return [f"Last round - still to play: {still}. Beat "
                f"{number(s.leader_total(s.current))}!"]

    @staticmethod
    def _turn_cell(r: dict) -> Cell:
        if r["result"] == "farkle":
            return Cell(number(r["points"]) if r["points"] < 0 else "farkle", theme.BAD,
                        mark="bad")
        return Cell(signed(r["points"]), theme.GOOD, mark="good")

    def sheet(self) -> SheetModel:
        s = self.state
        seats, headers, active = self.columns()
        banked = [s.totals[i] for i in seats]
        rows = [Row("Banked", [leader_cell(number(t), t, banked) for t in banked], kind="total"),
                Row("To target", [Cell(number(max(0, s.options["target"] - s.totals[i])),
                                       theme.TEXT_DIM) for i in seats]),
                Row("This turn", [Cell(number(s.turn_total) if i == s.current and not s.is_over()
                                       and i == self.scene.shown_seat
                                       else "", theme.TEXT, True) for i in seats])]
        if s.options["on_board"]:
            rows.append(Row("On the board", [Cell("yes" if s.on_board[i] else "not yet",
                                                  theme.TEXT if s.on_board[i] else theme.TEXT_DIM)
                                             for i in seats]))
        if s.options["three_farkles"]:
            rows.append(Row("Farkles in a row", [Cell(str(s.farkles_in_row[i]), theme.BAD, True,
                                                      mark="bad") if s.farkles_in_row[i] == 2
                                                 else Cell(str(s.farkles_in_row[i]),
                                                           theme.TEXT_DIM) for i in seats]))
        rows += self.turn_rows(seats, self._turn_cell)
        footer = (f"Solo: reach {number(s.options['target'])} in as few turns as you can"
                  if len(s.seats) == 1 else
                  f"First to {number(s.options['target'])} starts the last round · crown: the leader")
        return SheetModel(headers, rows, active, footer=footer)
