"""Bona Fortuna at the shared table: hold and roll, fill a box of the Normal or Doubled
column in Phase I, then fight for the shared boxes of the Doubling Round.

The sheet shows one player's sheet in full (a person's own: the person to act, and while
bots play the person who played last, so your sheet stays where it is; or whoever you pick
with Tab or a click on their name, until your next turn) and the others compactly: per box the sum of their two
columns, and everyone's column totals, bonuses and (in Phase II) round share below. In
the Doubling Round it shows the shared board: who took which box and for how much."""

from __future__ import annotations

import pygame

from game.games.bona_fortuna.rules import (
    BOX_MELDS,
    BOXES,
    COLUMNS,
    GROUP_LABELS,
    GROUPS,
    LABELS,
    NUMBER_BOXES,
    BonaFortunaState,
    score_action,
)
from game.rules.core import Action, Event
from game.scenes.tables.base import (
    Banner,
    ButtonSpec,
    DieSpec,
    Scoring,
    dice_text,
    leader_cell,
    meld_dice,
)
from game.scenes.tables.base import HoldTable as BaseTable
from game.ui import hands, theme
from game.ui.sheet import HEADER, Cell, Row, SheetModel
from game.ui.words import number, possessive, says, verb

TAKEN = (30, 44, 60)
COLUMN_TITLES = {"normal": "Normal", "doubled": "Doubled x2"}
SHORT_MELD = {"three_of_a_kind": "3K", "full_house": "FH"}
# the boxes' short names, for a sheet whose label column is too narrow for the whole ones
SHORT = {"five_of_a_kind": "5 Kind", "four_of_a_kind": "4 Kind", "three_or_full": "3K / FH",
         "three_of_a_kind": "3 Kind", "full_house": "Full H.", "big_straight": "Big Str.",
         "small_straight": "Sm. Str.", "mixed_straight": "Mixed Str."}
BONUS_ROWS = {"kinds": "Bonus (40)", "straights": "Bonus (30)", "numbers": "Bonus 45/90"}
ROUND_BONUS_ROWS = {"kinds": "Bonus (80)", "straights": "Bonus (60)", "numbers": "Bonus (40)"}
LABEL_WIDTH = 165


def target_key(column: str | None, box: str) -> str:
    return f"{column or 'board'}:{box}"


def parse_key(key: str) -> tuple[str | None, str] | None:
    column, _, box = key.partition(":")
    if box not in BOXES or column not in ("board", *COLUMNS):
        return None
    return (None if column == "board" else column), box


ZERO_RULE = ("A 0 goes only into 6's, 5's or 4's until all three are filled.",
             "A 0 only in 6's, 5's or 4's for now.")  # (and its compact form)

class Table(BaseTable):
    state: BonaFortunaState
    die_labels = (("HELD", "held"),)  # (and the roll-off's names, at the start)

    def __init__(self, scene):
        super().__init__(scene)
        self.viewing: int | None = None  # a seat whose sheet the player chose to look at
        self.home: int | None = None  # the person whose sheet stays shown while bots play
        self._announced = False
        self._previewed: tuple | None = None  # (the game, its position, its preview)

    def new_turn(self) -> None:
        self.held: set[int] = set()
        self.pending_zero: str | None = None  # a target waiting for the confirming click
        self.asking: tuple[str | None, str] | None = None  # 3K or Full House? (column, box)
        self.cursor: str | None = None
        s = self.state
        if s.is_over() or s.seats[s.current].is_human:
            self.viewing = None  # a person's turn: their own sheet again
        if not s.is_over() and s.seats[s.current].is_human:
            self.home = s.current
        history = self.scene.history
        if not self._announced and s.turns_played == 0 and s.rolls == 0 and not s.is_over() \
                and history is not None:
            self._announced = True  # the roll-off, once, before the scene's seating banner
            history.add(self.roll_off_text(), theme.INFO)

    # -- helpers ---------------------------------------------------------------------------
    @property
    def focus(self) -> int:
        """The seat whose Phase I sheet is shown in full: the one chosen with Tab, else the
        home seat."""
        return self.viewing if self.viewing is not None else self.home_seat()

    def home_seat(self) -> int:
        """The sheet shown unless another is chosen: the player to act when a person is,
        and while bots play the person who played last (at the start, the first person in
        the playing order); with no person at the table, the player to act."""
        s = self.state
        if s.is_over():
            return s.order[0]
        if s.seats[s.current].is_human:
            return s.current
        if self.home is not None and s.seats[self.home].is_human:
            return self.home
        return next((x for x in s.order if s.seats[x].is_human), s.current)

    def roll_off_text(self) -> str:
        s = self.state
        rounds = []
        for r in s.roll_off:
            rounds.append(", ".join(f"{self.scene.name(int(k))} {v}" for k, v in r.items()))
        tie = " (tie, rolled again)" if len(s.roll_off) > 1 else ""
        return f"Roll-off{tie}: " + " / ".join(rounds)

    def _preview(self) -> dict:
        """The game's ``preview`` for the position the table shows, worked out once for it
        (a sheet asks it for each of its 22 boxes: 12 ms of a phone's frame, 22 times)."""
        s = self.state
        key = (s.action_count, tuple(s.dice), s.rolls, s.phase, s.current)
        kept = self._previewed
        if kept is None or kept[0] is not s or kept[1] != key:
            kept = self._previewed = (s, key, s.preview())  # (the game held: its id stays its)
        return kept[2]

    def options_for(self, column: str | None, box: str) -> dict[str, int]:
        """meld -> points for a target with the dice now (legal choices only)."""
        preview = self._preview()
        return {m: preview[(column, box, m)] for m in BOX_MELDS[box]
                if (column, box, m) in preview}

    def best_target(self) -> str | None:
        """The box (as a sheet key) of the coach's hint on show for this position, if it
        fills one now: the coach's cell. One adviser, as in Yatzy: no cell is the coach's
        while the coach is off or not asked, or when its hint is to roll again."""
        s = self.state
        if not s.dice or s.is_over():
            return None
        hint = self.scene.current_hint()
        if hint is None or hint.action.get("kind") != "score":
            return None
        return target_key(hint.action.get("column"), hint.action["box"])

    def coach_note(self, rest: str) -> str:
        """A footer: the word on the coach's cell (when the coach is on), then ``rest``."""
        if not self.scene.coaching or self.scene.app.settings.coach == "off":
            return rest[:1].upper() + rest[1:]
        return f"Dashed ring: the coach's box · {rest}"

    def selected(self) -> tuple[str, list[Action]] | None:
        """The box under the cursor (each meld it may take: the coach prices the best),
        else the dice held for a reroll; None before the roll or with no roll left and no
        box chosen."""
        s = self.state
        if not s.rolls or s.is_over() or self.viewing is not None:
            return None
        target = parse_key(self.cursor) if self.cursor else None
        if target is not None and target in s.open_boxes():
            column, box = target
            actions: list[Action] = []
            for meld in self.options_for(column, box):
                actions.append(score_action(column, box, meld))
            if actions:
                where = f" ({COLUMN_TITLES[column]})" if column else ""
                return f"{LABELS[box]}{where} now", actions
        if s.rolls >= s.ROLLS_PER_TURN:
            return None
        held = dice_text([s.dice[i] for i in sorted(self.held)])
        return (f"Holding {held}" if self.held else "Rerolling all"), [self.roll_action()]

    def targets(self) -> list[str]:
        """Open targets in the order the keyboard cursor walks them."""
        s = self.state
        if s.is_over():
            return []
        return [target_key(c, b) for c, b in s.open_boxes()]

    # -- input -----------------------------------------------------------------------------
    def browse_row(self, key: str) -> bool:
        """A click on another player's column: their sheet (at any time)."""
        if not key.startswith("seat:"):
            return False
        self.view_seat(int(key.split(":")[1]))
        return True

    def browse_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab: the next (previous) player's sheet, at any time."""
        if event.key != pygame.K_TAB:
            return False
        self.cycle_view(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        return True

    def click_row(self, key: str) -> None:
        s = self.state
        if self.browse_row(key):
            return
        target = parse_key(key)
        if target is None:
            return
        column, box = target
        if self.viewing is not None:
            self.viewing = None
            self.scene.app.notify("Back to the board: choose again", theme.INFO)
            return
        if s.rolls == 0:
            self.scene.complain("Roll the dice before choosing a box")
            return
        if (column, box) not in s.open_boxes():
            where = "in the Doubling Round" if column is None else f"in your {column} column"
            self.scene.complain(f"{LABELS[box]} is already filled {where}")
            return
        self.cursor = key
        options = self.options_for(column, box)
        if not options:
            self.scene.complain(f"{LABELS[box]} would score 0: in the Doubling Round a 0 goes "
                                "only into 6's, 5's or 4's until all three are filled")
            return
        positive = {m: p for m, p in options.items() if p}
        if len(positive) > 1:  # 3 of a Kind or Full House: both fit, the player says which
            self.asking = (column, box)
            self.pending_zero = None
            self.scene.app.notify(lambda: hands.keyed("3 of a Kind or Full House? Choose below",
                                                      "T / H"), theme.INFO)
            return
        meld = next(iter(positive)) if positive else next(iter(options))
        if not positive and self.pending_zero != key:
            self.pending_zero = key
            self.scene.app.notify(lambda: self.zero_prompt(LABELS[box], "write the 0"),
                                  theme.INFO)
            return
        self.fill(column, box, meld)

    def fill(self, column: str | None, box: str, meld: str) -> None:
        self.asking = None
        self.scene.act(score_action(column, box, meld))

    def press(self, key: str) -> None:
        if key == "cancel":
            self.asking = None
        elif key in BOX_MELDS["three_or_full"] and self.asking:
            column, box = self.asking
            self.fill(column, box, key)

    def view_seat(self, seat: int | None) -> None:
        """Show this seat's Phase I sheet (None: the usual view)."""
        s = self.state
        self.viewing = None if seat is None or (s.phase == 1 and seat == self.home_seat()) \
            else seat
        self.pending_zero = None

    def cycle_view(self, step: int) -> None:
        s = self.state
        views: list[int | None] = list(s.order) if s.phase == 1 else [None, *s.phase1_order]
        now = self.focus if s.phase == 1 else self.viewing
        self.view_seat(views[(views.index(now) + step) % len(views)])

    def handle_key(self, event: pygame.event.Event) -> bool:
        s = self.state
        if self.asking and event.key in (pygame.K_t, pygame.K_h, pygame.K_BACKSPACE):
            self.press({pygame.K_t: "three_of_a_kind", pygame.K_h: "full_house"}.get(
                event.key, "cancel"))
            return True
        if event.key == pygame.K_SPACE:
            self.asking = None
        if self.browse_key(event):
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and s.rolls:
            self.move_cursor(event.key)
            return True
        return super().handle_key(event)

    def move_cursor(self, key: int) -> None:
        self.viewing = None
        open_keys = self.targets()
        if not open_keys:
            return
        if self.cursor not in open_keys:
            best = self.best_target()
            self.cursor = best if best in open_keys else open_keys[0]
            return
        column, box = parse_key(self.cursor)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and column is not None:
            other = COLUMNS[1 - COLUMNS.index(column)]
            if target_key(other, box) in open_keys:
                self.cursor = target_key(other, box)
            return
        step = -1 if key == pygame.K_UP else 1
        same = [k for k in open_keys if k.split(":")[0] == (column or "board")]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) or not same:
            same = open_keys
        i = (same.index(self.cursor) + step) % len(same) if self.cursor in same else 0
        self.cursor = same[i]
        self.pending_zero = None

    # -- the flow --------------------------------------------------------------------------
    def hint_marks(self, action: Action) -> tuple[set[int], str | None]:
        if action["kind"] == "score":
            return set(), target_key(action.get("column"), action["box"])
        return set(action.get("hold", [])), None

    def describe_move(self, action: Action) -> str:
        if action["kind"] == "score":
            where = f" ({COLUMN_TITLES[action['column']]})" if action.get("column") else ""
            meld = action.get("meld")  # the 3 of a Kind / Full House box: which one
            s = self.state
            zero = s.rolls and not s.is_over() and s.preview().get(
                (action.get("column"), action["box"], meld)) == 0
            if zero:
                return (f"Write 0 in {LABELS[action['box']]}{where}" if action.get("column")
                        else f"Cross out {LABELS[action['box']]} (0)")
            return f"Score {LABELS[meld if meld in LABELS else action['box']]}{where}"
        return super().describe_move(action)

    def preview_bot(self, action: Action) -> None:
        if action["kind"] == "roll":
            self.held = set(action.get("hold", []))
        elif action["kind"] == "score":
            self.cursor = target_key(action.get("column"), action["box"])

    def after_action(self, action: Action, events: list[Event]) -> None:
        self.pending_zero = None
        self.asking = None
        if action["kind"] == "roll":
            self.cursor = None

    def scoring(self, events: list[Event], before) -> Scoring | None:
        """A box filled: the dice that make it go to the box of the sheet on show (the
        player's column, or their summary column when another sheet is shown; in the
        Doubling Round the shared board, where the owner's marker drops in), and the total
        counts up; a 0 crosses the box out."""
        event = next((e for e in events if e["type"] == "scored"), None)
        if event is None:
            return None
        seat, points = event["seat"], event["points"]
        after = self.scene.state
        dice = meld_dice(event["meld"], event["dice"], points) if points else \
            list(range(len(event["dice"])))
        label = f"+{points}" if points else ""
        colour = theme.player_colour(seat)
        if event["phase"] == 2:
            column = 1 + list(self.state.phase1_order).index(seat)
            return Scoring(event, seat, dice, event["box"], 0, points, label=label,
                           changes=[("Grand total", column, before.grand_total(seat),
                                     after.grand_total(seat))],
                           strike=not points, marker=bool(points), colour=colour)
        if self.state.phase == 2 and self.viewing is None:
            return Scoring(event, seat, dice, None, None, points, label=label, colour=colour)
        focus = self.focus
        if seat == focus:
            column, total_column = COLUMNS.index(event["column"]), 0
        else:
            column = total_column = 2 + self._others().index(seat)
        return Scoring(event, seat, dice, event["box"], column, points, label=label,
                       changes=[("Phase I total", total_column, before.phase1_total(seat),
                                 after.phase1_total(seat))],
                       strike=not points, colour=colour)

    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        who = self.scene.name(event["seat"]) if "seat" in event and event["seat"] is not None \
            else ""
        if kind == "moment":
            return self.all_same_banner(event)
        if kind == "scored":
            label = LABELS[event["meld"]]
            pts = event["points"]
            if event["phase"] == 1:
                where = COLUMN_TITLES[event["column"]].split()[0]
                if not pts:
                    return Banner(f"{who} wrote 0 in {LABELS[event['box']]} ({where})",
                                  theme.TEXT_DIM, "scratch")
                if event["meld"] == "five_of_a_kind":
                    return Banner(f"5 of a Kind! {who} +{pts}", theme.BEST, "bonus", big=True)
                return Banner(f"{who}: {pts} for {label} ({where})",
                              theme.player_colour(event["seat"]), "score")
            if not pts:
                return Banner(f"{who} scratched {LABELS[event['box']]} for everyone",
                              theme.TEXT_DIM, "scratch")
            return Banner(f"{says(who, 'takes')} {label}: {pts}",
                          theme.player_colour(event["seat"]), "score",
                          big=pts >= 80)
        if kind == "bonus":
            where = COLUMN_TITLES[event["column"]].split()[0] if event["column"] else \
                "Doubling Round"
            return Banner(f"{GROUP_LABELS[event['group']]} for {who}! +{event['points']} "
                          f"({where})", theme.BEST, "bonus", big=True)
        if kind == "phase":
            starter = self.scene.name(event["starter"])
            return Banner(f"Doubling Round! {says(starter, 'starts')} (lowest Phase I total)",
                          theme.BEST, "doubling", big=True, stamp="DOUBLING ROUND",
                          rings=True)
        return None

    def history_line(self, event: Event) -> tuple[str, tuple] | None:
        if event["type"] == "phase":
            totals = " · ".join(f"{self.scene.name(x)} {number(event['totals'][x])}"
                                for x in self.state.phase1_order)
            return (f"Phase I totals: {totals}. Doubling Round: "
                    f"{says(self.scene.name(event['starter']), 'starts')} (lowest).",
                    theme.INFO)
        return super().history_line(event)

    # -- drawing ---------------------------------------------------------------------------
    def view_key(self) -> tuple:
        return (self.viewing, self.asking)

    def dice(self) -> list[DieSpec]:
        s = self.state
        if not s.dice:
            if s.turns_played == 0 and not s.is_over():  # show the roll-off at the start
                last = s.roll_off[-1]
                return [DieSpec(v, "held" if int(k) == s.current else "free",
                                self.scene.name(int(k))) for k, v in last.items()]
            return [DieSpec(None, "blank") for _ in range(s.n_dice)]
        return [DieSpec(v, "held" if i in self.held else "free", "HELD" if i in self.held else "")
                for i, v in enumerate(s.dice)]

    def buttons(self) -> list[ButtonSpec]:
        if self.asking:
            column, box = self.asking
            opts = self.options_for(column, box)
            return [ButtonSpec(f"3 of a Kind: {opts.get('three_of_a_kind', 0)}", None,
                               key="three_of_a_kind", hotkey="T"),
                    ButtonSpec(f"Full House: {opts.get('full_house', 0)}", None,
                               key="full_house", hotkey="H"),
                    ButtonSpec("Cancel", None, hotkey="Backspace", key="cancel")]
        return [self.roll_button()]

    def turn_info(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        if s.phase == 1:
            k = 2 * len(BOXES) - s.phase1_turns_left(s.current) + 1
            return f"Phase I · turn {k} of {2 * len(BOXES)}"
        return f"Doubling Round · box {len(s.board) + 1} of {len(BOXES)}"

    def status_details(self) -> list[str | tuple[str, str]]:
        """Compact forms for a phone's status: the prompt in few words, the Doubling
        Round's rule for 0s shorter (the status ended '…tap an open box to fill it.' cut)."""
        s = self.state
        box = "a box of either column" if s.phase == 1 else "an open box"
        return [self.prompt_forms("fill", box), ZERO_RULE,
                (" (Tab: next player).", "."), (" (click a name for another).", "."),
                (" (tap a name for another).", ".")]

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["Every box is filled."]
        lines = []
        if s.turns_played == 0 and s.rolls == 0:
            who = self.scene.name(s.current)
            lines.append(f"Roll-off (the dice above): {who} rolled highest and "
                         f"{verb(who, 'plays')} first.")
        if s.phase == 2 and len(s.board) == 0 and s.rolls == 0:
            who = self.scene.name(s.current)
            lines.append(f"Doubling Round: {who} had the lowest Phase I total and "
                         f"{verb(who, 'starts')}. Every box x2, one owner per box.")
        if not self.scene.human_turn:
            lines.append(f"{says(self.scene.name(s.current), 'is')} thinking…")
        elif self.asking:
            lines.append(hands.say("Both fit: write 3 of a Kind (T) or Full House (H)?",
                                   "Both fit: click 3 of a Kind or Full House below."))
        else:
            lines.append(self.turn_prompt("fill", "a box of either column" if s.phase == 1
                                          else "an open box"))
        if self.pending_zero:
            _, box = parse_key(self.pending_zero)
            lines.append(self.zero_prompt(LABELS[box], "write the 0"))
        if s.phase == 2 and not all(b in s.board for b in NUMBER_BOXES):
            lines.append(ZERO_RULE[0])
        if self.viewing is not None:
            lines.append(f"Viewing {possessive(self.scene.name(self.viewing))} sheet " +
                         hands.say("(Tab: next player).", "(click a name for another)."))
        return lines

    # -- the sheet -------------------------------------------------------------------------
    def preview_cell(self, column: str | None, box: str, best: str | None) -> Cell:
        key = target_key(column, box)
        options = self.options_for(column, box)
        if not options:
            return Cell("-", theme.LINE, key=key)
        if key == self.pending_zero:
            return Cell("0?", theme.TEXT, True, theme.BAD_FILL, key=key, mark="bad")
        positive = [p for p in options.values() if p]
        if len(positive) > 1:
            text = "/".join(str(p) for p in positive)
        else:
            text = str(max(options.values()))
        top = max(options.values())
        if key == best and top:
            return Cell(text, theme.COACH, True, theme.COACH_FILL, key=key)
        return Cell(text if top else "·", theme.TEXT_DIM if top else theme.LINE, key=key)

    def sheet(self) -> SheetModel:
        widget = self.scene.sheet  # (None at a stand-in: the results scene has its own)
        if widget is not None:
            widget.label_width = LABEL_WIDTH  # short labels leave room for 5 columns
        if self.state.phase == 2 and self.viewing is None:
            return self.round_sheet()
        return self.phase1_sheet()

    def _others(self) -> list[int]:
        s = self.state
        return [x for x in s.order if x != self.focus]

    def _phase1_box_rows(self, rows: list[Row], focus: int, others: list[int],
                         live: bool, totals) -> None:
        s = self.state
        best = self.best_target() if live else None
        for box in BOXES:
            cells = []
            for column in COLUMNS:
                sheet = s.sheets[focus][column]
                if box in sheet:
                    v = sheet[box]
                    cells.append(Cell(str(v), theme.TEXT if v else theme.TEXT_DIM,
                                      strike=not v))
                elif live:
                    cells.append(self.preview_cell(column, box, best))
                else:
                    cells.append(Cell(""))
            for x in others:
                filled = [s.sheets[x][c][box] for c in COLUMNS if box in s.sheets[x][c]]
                text = str(sum(filled)) if filled else ""
                cells.append(Cell(text, theme.TEXT if len(filled) == 2 else theme.TEXT_DIM,
                                  key=f"seat:{x}"))
            rows.append(Row(LABELS[box], cells, box=box, short=SHORT.get(box, "")))
            group = next((g for g, boxes in GROUPS.items() if boxes[-1] == box), None)
            if group:
                rows.append(self._bonus_row(group, focus, others, totals))

    def _bonus_row(self, group: str, focus: int, others: list[int], totals) -> Row:
        s = self.state
        cells = []
        for column in COLUMNS:
            t = totals(focus, column)
            if group in t["bonuses"]:
                cells.append(Cell(f"+{t['bonuses'][group]}", theme.GOOD, True))
            elif group == "numbers":
                cells.append(Cell(f"{t['numbers']}/{t['numbers_target']}", theme.TEXT_DIM))
            else:
                dead = any(s.sheets[focus][column].get(b, 1) == 0 for b in GROUPS[group])
                cells.append(Cell("x" if dead else "", theme.BAD, mark="bad"))
        for x in others:
            got = sum(totals(x, c)["bonuses"].get(group, 0) for c in COLUMNS)
            cells.append(Cell(f"+{got}" if got else "", theme.GOOD, True, key=f"seat:{x}"))
        return Row(BONUS_ROWS[group], cells, kind="sum", label_colour=theme.TEXT_DIM)

    def column_titles(self) -> list[str]:
        """"Normal" / "Doubled" when they fit the sheet's columns at the most players, else
        "×1" / "×2": the same words whatever the number of players."""
        n_columns = 2 + 3  # (the two columns and the others' of a table of four)
        sheet = self.scene.sheet
        if sheet is None:
            return [COLUMN_TITLES[c].split()[0] for c in COLUMNS]
        width = (sheet.rect.w - theme.px(20) - theme.px(sheet.label_width)) // n_columns \
            - theme.px(12)
        face = theme.font(HEADER, True)  # (the header's own size: the same word at 2 and 4)
        if all(face.size(COLUMN_TITLES[c].split()[0])[0] <= width for c in COLUMNS):
            return [COLUMN_TITLES[c].split()[0] for c in COLUMNS]
        return ["×1", "×2"]

    def phase1_sheet(self) -> SheetModel:
        s = self.state
        focus = self.focus
        others = self._others()
        live = s.phase == 1 and focus == s.current and not s.is_over() and bool(s.dice)
        colour = theme.player_colour(focus)
        headers = [(t, colour) for t in self.column_titles()]
        headers += [(s.seats[x].name, theme.player_colour(x)) for x in others]
        rows: list[Row] = []
        kept: dict = {}

        def totals(seat: int, column: str) -> dict:  # (each column's once a sheet: the
            if (seat, column) not in kept:            # rows ask them 30 times)
                kept[seat, column] = s.column_total(seat, column)
            return kept[seat, column]
        self._phase1_box_rows(rows, focus, others, live, totals)
        for column in COLUMNS:
            cells = []
            for c in COLUMNS:
                t = totals(focus, c)["total"]
                cells.append(Cell(number(t) if c == column else "", theme.TEXT, True))
            cells += [Cell(number(totals(x, column)["total"]), theme.TEXT_DIM,
                           key=f"seat:{x}") for x in others]
            rows.append(Row(f"{COLUMN_TITLES[column].split()[0]} total", cells, kind="sum"))
        everyone = [sum(totals(x, c)["total"] for c in COLUMNS) for x in range(len(s.seats))]
        rows.append(Row("Phase I total", [leader_cell(number(everyone[focus]),
                                                      everyone[focus], everyone),
                                          Cell("")] +
                        [leader_cell(number(everyone[x]), everyone[x], everyone,
                                     key=f"seat:{x}") for x in others],
                        kind="total"))
        active = 2 + others.index(s.current) if s.current in others and \
            not s.is_over() else -1
        corner = s.seats[focus].name
        footer = (self.coach_note(hands.say("Enter twice on a 0 writes it",
                                            "a 0 needs a second click"))
                  if live else hands.say("Tab: look at another player's sheet",
                                         "Click a name: look at another player's sheet"))
        return SheetModel(headers, rows, active, cursor=self.cursor if live else None,
                          footer=footer, corner=corner, fixed_columns=2)

    def round_sheet(self) -> SheetModel:
        s = self.state
        board = s.shared
        seats = list(s.phase1_order)
        live = not s.is_over() and bool(s.dice)
        best = self.best_target() if live else None
        headers = [("Board", theme.TEXT)] + [(s.seats[x].name, theme.player_colour(x))
                                                  for x in seats]
        rows: list[Row] = []
        for box in BOXES:
            if box in s.board:
                owner, pts = s.board[box]
                if owner is None:
                    first = Cell("0", theme.TEXT_DIM)
                else:
                    meld = SHORT_MELD.get("full_house" if pts == 60 else "three_of_a_kind", "") \
                        if box == "three_or_full" else ""
                    first = Cell(f"{pts}{' ' + meld if meld else ''}",  # (and its owner's marker)
                                 theme.player_colour(owner), True, TAKEN, mark=f"seat:{owner}")
            elif live:
                first = self.preview_cell(None, box, best)
            else:
                first = Cell("open", theme.LINE)
            cells = [first]
            for x in seats:
                if box not in s.board:
                    cells.append(Cell("", key=f"seat:{x}"))
                else:
                    got = board.points(x, box)
                    cells.append(Cell(str(got), theme.player_colour(x) if got else theme.LINE,
                                      bool(got), key=f"seat:{x}"))
            rows.append(Row(LABELS[box], cells, box=box, short=SHORT.get(box, "")))
            group = next((g for g, boxes in GROUPS.items() if boxes[-1] == box), None)
            if group:
                bonus_cells = [Cell("")]
                for x in seats:
                    got = s.round_total(x)["bonuses"].get(group, 0)
                    bonus_cells.append(Cell(f"+{got}" if got else "", theme.GOOD, True))
                rows.append(Row(ROUND_BONUS_ROWS[group], bonus_cells, kind="sum",
                                label_colour=theme.TEXT_DIM))
        rows.append(Row("Round share", [Cell("")] + [
            Cell(number(s.round_total(x)["total"]), theme.TEXT, True) for x in seats], kind="sum"))
        rows.append(Row("Phase I", [Cell("")] + [
            Cell(number(s.phase1_total(x)), theme.TEXT_DIM) for x in seats]))
        totals = [s.grand_total(x) for x in seats]
        rows.append(Row("Grand total", [Cell("")] + [leader_cell(number(t), t, totals)
                                                     for t in totals], kind="total"))
        active = -1 if s.is_over() else 1 + seats.index(s.current)
        sheets = hands.say("Tab: Phase I sheets", "click a name: Phase I sheets")
        footer = (self.coach_note(hands.say("Enter twice on a 0 writes it",
                                            "a 0 needs a second click") + f" · {sheets}") if live
                  else f"Each box has one owner, values x2 · {sheets}")
        return SheetModel(headers, rows, active, cursor=self.cursor if live else None,
                          footer=footer, corner="Doubling ×2", fixed_columns=1)
