"""Grab It! at the shared table: the Yatzy turn (hold, roll up to three times, pick a box)
on one shared board, where a box taken by one side is gone for everyone.

The board has a column per side (partners share one, in one colour), then "Now" (what
the dice would score in each open box; the best starred, in gold) and "Deny" (what the
next player would most likely get there when going for it; the biggest a scratch could
take away starred too).

A box grabbed from under an opponent is celebrated ("SNATCHED!"): a grab (points above 0)
of the open box that was the best for the next player, the side to play after the grab —
the box with the highest "Deny" value, what that player would most likely have got there
going for it — while the game goes on (so the opponent really loses it). Sum of Dice, the
box everyone may fill with any dice, does not count."""

from __future__ import annotations

from game.games.grab_it import margins as grab_it_table
from game.games.grab_it.rules import CATEGORIES, LABELS, VALUES, GrabItState
from game.rules.core import Event
from game.scenes.tables.base import Banner, Scoring, dice_text, meld_dice
from game.scenes.tables.category import CategoryTable
from game.ui import theme
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.text import initials
from game.ui.words import number, possessive, says

PARTNERS = "Partners share one column and take turns with the dice."  # (a detail on a phone)
# the boxes' short names, for a sheet whose label column is too narrow for the whole ones
SHORT = {"five_of_a_kind": "5 Kind", "four_of_a_kind": "4 Kind", "three_of_a_kind": "3 Kind",
         "full_house": "Full H.", "high_dice": "High", "two_pair": "2 Pair",
         "odd_flush": "Odd", "even_flush": "Even", "big_straight": "Big Str.",
         "small_straight": "Sm. Str.", "skip_straight": "Skip Str.", "sum": "Sum"}


def row_label(category: str, short: bool = False) -> str:
    """A box's row on the board: its name and its value ("Full House 40"); ``short``: the
    short name ("Full H. 40")."""
    value = VALUES.get(category)
    label = SHORT.get(category, LABELS[category]) if short else LABELS[category]
    return f"{label} {value}" if value else label


class Table(CategoryTable):
    state: GrabItState

    labels = LABELS
    closed_word = "taken"
    zero_done = "cross it out for everyone"

    # -- sides -----------------------------------------------------------------------------
    def side_colour(self, side: int) -> tuple:
        return theme.player_colour(side)

    def seat_colour(self, seat: int) -> tuple:
        return self.side_colour(self.state.side_of(seat))

    def side_label(self, side: int) -> str:
        return self.state.side_name(side)

    def columns(self):
        s = self.state
        sides = list(range(s.n_sides))
        headers = [(self.side_label(k), self.side_colour(k)) for k in sides]
        active = s.side_of(s.current) if not s.is_over() else -1
        return sides, headers, active

    # -- moments ---------------------------------------------------------------------------
    def snatched_from(self, event: Event) -> int | None:
        """The seat a grab took its box from under (see the module's doc), else None. Read
        right after the grab: the board already holds the box, the next player is to act."""
        s = self.state
        category = event["category"]
        if event["points"] <= 0 or category == "sum" or s.is_over():
            return None
        victim = s.current
        if s.side_of(victim) == event["side"]:
            return None
        open_before = set(s.open_categories()) | {category}
        deny = {c: grab_it_table.ALONE[c] for c in open_before}
        return victim if deny[category] >= max(deny.values()) else None

    def scoring(self, events: list[Event], before) -> Scoring | None:
        """A grab: the dice that make it go to the box, the side's marker drops into it and
        the side's total counts up; a scratch crosses the box out for everyone."""
        event = next((e for e in events if e["type"] == "scored"), None)
        if event is None:
            return None
        seat, side, points = event["seat"], event["side"], event["points"]
        dice = meld_dice(event["category"], event["dice"], points) if points else \
            list(range(len(event["dice"])))
        return Scoring(event, seat, dice, event["category"], side, points,
                       label=f"+{points}" if points else "",
                       changes=[("Total", side, before.totals()[side],
                                 self.scene.state.totals()[side])],
                       strike=not points, marker=bool(points), colour=self.side_colour(side))

    def moments(self, events: list[Event]) -> list[Event]:
        out: list[Event] = []
        for event in super().moments(events):
            victim = self.snatched_from(event) if event["type"] == "scored" else None
            if victim is None:
                out.append(event)
                continue
            out.append(dict(event, snatched=True))  # its banner is the moment's
            out.append({"type": "moment", "moment": "snatched", "seat": event["seat"],
                        "victim": victim, "category": event["category"],
                        "points": event["points"]})
        return out

    # -- words -----------------------------------------------------------------------------
    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        if kind == "moment" and event["moment"] == "snatched":
            who, victim = self.scene.name(event["seat"]), self.scene.name(event["victim"])
            return Banner(f"SNATCHED! {says(who, 'grabs')} {LABELS[event['category']]} "
                          f"(+{event['points']}) from under {possessive(victim)} nose",
                          theme.BEST, "celebrate", big=True, celebrate="gold")
        if kind == "moment":
            return self.all_same_banner(event)
        if kind == "scored" and event.get("snatched"):
            return None  # the moment that follows says it
        if kind == "scored":
            who = self.scene.name(event["seat"])
            label = LABELS[event["category"]]
            if event["points"] == 0:
                return Banner(f"{says(who, 'scratches')} {label} for everyone", theme.TEXT_DIM,
                              "scratch")
            if event["category"] == "five_of_a_kind":
                return Banner("BOMB! 5 of a Kind: +70", theme.BEST, "bonus", big=True)
            return Banner(f"{says(who, 'grabs')} {label}: +{event['points']}",
                          self.seat_colour(event["seat"]), "score")
        if kind == "game_over":
            winners = event["winners"]
            names = " and ".join(self.side_label(k) for k in winners)
            single = len(winners) == 1 and len(self.state.sides()[winners[0]]) == 1
            return Banner(f"{says(names, 'wins') if single else names + ' win'}!", theme.BEST, "")
        return None

    def history_line(self, event: Event) -> tuple[str, tuple] | None:
        """Every roll and every box with its dice, in the roller's side colour."""
        if event["type"] not in ("rolled", "scored"):
            return None
        who = self.scene.name(event["seat"])
        colour = self.seat_colour(event["seat"])
        dice = dice_text(event["dice"])
        if event["type"] == "rolled":
            return f"{says(who, 'rolls')} {dice}", colour
        label = LABELS[event["category"]]
        if event["points"] == 0:
            return f"{says(who, 'scratches')} {label} with {dice}: 0 for everyone", colour
        return f"{says(who, 'grabs')} {label} with {dice}: +{event['points']}", colour

    def turn_info(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        left = s.turns_left
        return f"{left} turn{'s' if left > 1 else ''} left"

    def roll_off_text(self) -> str:
        s = self.state
        if not s.roll_off:
            return f"{says(self.scene.name(s.order[0]), 'rolls')} first (the first roller rotates)."
        last = ", ".join(f"{self.scene.name(int(p))} {t}" for p, t in s.roll_off[-1].items())
        again = " (after a tie)" if len(s.roll_off) > 1 else ""
        return f"Roll-off{again}: {last}. {says(self.scene.name(s.order[0]), 'starts')}."

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["Every box is taken or scratched."]
        lines = []
        if s.turns_played == 0 and s.rolls == 0:
            lines.append(self.roll_off_text())
        elif s.n_sides < len(s.seats) and s.rolls == 0:
            lines.append(PARTNERS)
        if not self.scene.human_turn:
            lines.append(f"{says(self.scene.name(s.current), 'is')} thinking…")
        else:
            lines.append(self.turn_prompt("grab"))
        if self.pending_zero:
            lines.append(self.zero_prompt(LABELS[self.pending_zero], "cross it out for everyone"))
        return lines

    def status_details(self) -> list[str | tuple[str, str]]:
        """The partners' reminder goes first where the status has no room for it (a phone
        cut the line after it: 'Tap … with the dice. …')."""
        return [PARTNERS + "\n", self.prompt_forms("grab")]

    # -- the board -------------------------------------------------------------------------
    def deny_values(self) -> dict[str, int]:
        """What the next player would get on average in each open box, going for it."""
        return {c: round(grab_it_table.ALONE[c]) for c in self.state.open_categories()}

    def sheet(self) -> SheetModel:
        s = self.state
        sides, headers, active = self.columns()
        over = s.is_over()
        headers = headers + ([("Taken by", theme.TEXT_DIM)] if over else
                             [("Now", theme.TEXT_DIM), ("Deny", theme.TEXT_DIM)])
        preview = s.preview() if not s.is_over() else {}
        best = max(preview.values(), default=0)
        deny = self.deny_values() if not s.is_over() else {}
        scratchable = {c: v for c, v in deny.items() if preview.get(c, 1) == 0}
        worst = max(scratchable.values(), default=None)
        rows: list[Row] = []
        for cat in CATEGORIES:
            cells = []
            entry = s.board.get(cat)
            for k in sides:
                if entry is None:
                    cells.append(Cell(""))
                elif entry[0] is None:
                    cells.append(Cell("–", theme.LINE))
                elif entry[0] == k:
                    cells.append(Cell(str(entry[1]), self.side_colour(k), True))
                else:
                    cells.append(Cell("0", theme.LINE))
            if entry is not None:
                taker = self.scene.name(s.takers[cat])
                cells.append(Cell("scratched", theme.TEXT_DIM, short="–") if entry[0] is None
                             else Cell(taker, theme.TEXT_DIM, short=initials(taker)))
                if not over:
                    cells.append(Cell(""))
            elif cat in preview:
                v = preview[cat]
                if cat == self.pending_zero:
                    cells.append(Cell("0?", theme.TEXT, True, theme.BAD_FILL, mark="bad"))
                elif v and v == best:
                    cells.append(Cell(str(v), theme.BEST, True, theme.BEST_FILL, mark="best"))
                else:
                    cells.append(Cell(str(v) if v else "·", theme.TEXT_DIM if v else theme.LINE))
                d = deny[cat]
                hot = worst is not None and cat in scratchable and d == worst
                cells.append(Cell(f"~{d}", theme.BEST, True, theme.BEST_FILL, mark="best")
                             if hot else Cell(f"~{d}", theme.TEXT_DIM))
            else:
                cells.append(Cell(""))
                cells.append(Cell(f"~{deny[cat]}" if cat in deny else "", theme.TEXT_DIM))
            rows.append(Row(row_label(cat), cells, key=cat, short=row_label(cat, True),
                            label_colour=theme.TEXT if entry is None else theme.TEXT_DIM))
        totals = s.totals()
        lead = max(totals, default=0)
        rows.append(Row("Total", [Cell(number(t), self.side_colour(k), True,
                                       mark="leader" if t == lead and lead > 0 else None)
                                  for k, t in enumerate(totals)] + [Cell("")] * (len(headers) - len(sides)),
                        kind="total"))
        footer = ("Each box went to one side, or was scratched for everyone" if over else
                  "Star: the most points now, and the scratch that denies most · crown: the leader")
        keep = tuple(range(len(sides), len(headers)))  # Now and Deny (Taken by): always shown
        return SheetModel(headers, rows, active, cursor=self.cursor, footer=footer, keep=keep)
