"""Yatzy and Maxi Yatzy at the shared table: hold dice, roll up to three times, fill a box."""

from __future__ import annotations

from game.games.yatzy.rules import LABELS, UPPER, YatzyState
from game.rules.core import Event
from game.scenes.tables.base import Banner, Scoring, dice_text, leader_cell, meld_dice
from game.scenes.tables.category import CategoryTable
from game.ui import theme
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.words import number, says

# the boxes' short names, for a sheet whose label column is too narrow for the whole ones
SHORT = {"two_pairs": "2 Pairs", "three_pairs": "3 Pairs", "three_of_a_kind": "3 of a Kind",
         "four_of_a_kind": "4 of a Kind", "five_of_a_kind": "5 of a Kind",
         "small_straight": "Sm. Straight", "large_straight": "Lg. Straight",
         "two_triplets": "2 x 3 Kind", "four_and_two": "4 + 2 Kind"}


class Table(CategoryTable):
    """The sheet's only advice is the coach's: the box of the hint on show (its dashed ring), none
    while the coach is off or not asked (the cells preview each box's points, no more)."""

    state: YatzyState

    labels = LABELS

    # -- the flow --------------------------------------------------------------------------
    def scoring(self, events: list[Event], before) -> Scoring | None:
        """A box filled: the dice that make it go to the player's box, the total counts
        up; a 0 crosses the box out."""
        event = next((e for e in events if e["type"] == "scored"), None)
        if event is None:
            return None
        seat, points = event["seat"], event["points"]
        column = self.columns()[0].index(seat)
        dice = meld_dice(event["category"], event["dice"], points) if points else \
            list(range(len(event["dice"])))
        return Scoring(event, seat, dice, event["category"], column, points,
                       label=f"+{points}" if points else "",
                       changes=[("Total", column, before.totals(seat)["total"],
                                 self.scene.state.totals(seat)["total"])],
                       strike=not points, colour=self.seat_colour(seat))

    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        who = self.scene.name(event["seat"]) if "seat" in event else ""
        if kind == "moment":
            return self.all_same_banner(event)
        if kind == "scored":
            label = LABELS[event["category"]]
            dice = dice_text(event["dice"])
            if event["points"] == 0:
                return Banner(f"{who} scratched {label} with {dice}", theme.TEXT_DIM, "scratch")
            if event["category"] == "yatzy":
                return Banner(f"YATZY! {who} +{event['points']}", theme.BEST, "bonus", big=True)
            return Banner(f"{who}: {event['points']} in {label} with {dice}",
                          self.seat_colour(event["seat"]), "score")
        if kind == "bonus":
            return Banner(f"Upper bonus for {who}! +{event['points']}", theme.BEST, "bonus",
                          big=True)
        if kind == "reward":
            return Banner(f"First-roll {LABELS[event['category']]}! {says(who, 'wins')} "
                          f"{number(event['chips'])} chips", theme.BEST, "bonus", big=True)
        if kind == "pot":
            names = [self.scene.name(w) for w in event["winners"]]
            takers = says(names[0], "takes") if len(names) == 1 else \
                " and ".join(names) + " take"
            each = " each" if len(names) > 1 else ""
            house = f" ({number(event['house'])} to the house)" if event["house"] else ""
            return Banner(f"The pot: {takers} {number(event['chips'])} chips{each}{house}",
                          theme.BEST, "bonus")
        return None

    def all_same_banner(self, event: Event) -> Banner:
        """A Yatzy rolled (all five dice the same; all six in Maxi Yatzy)."""
        name = "MAXI YATZY" if len(event["dice"]) == 6 else "YATZY"
        who = self.scene.name(event["seat"])
        return Banner(f"{name}! {says(who, 'rolls')} {dice_text(event['dice'])}", theme.BEST,
                      "celebrate", big=True, celebrate="gold")

    # -- drawing ---------------------------------------------------------------------------
    def turn_info(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        filled = len(s.sheets[s.current])
        return f"turn {filled + 1} of {len(s.categories)}"

    def status_details(self) -> list[str | tuple[str, str]]:
        """The prompt's compact form, for a status with no room for the sentence."""
        return [self.prompt_forms("score")]

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["Every box is filled."]
        lines = []
        if not self.scene.human_turn:
            lines.append(f"{says(self.scene.name(s.current), 'is')} thinking…")
        else:
            lines.append(self.turn_prompt("score"))
        if self.pending_zero:
            lines.append(self.zero_prompt(LABELS[self.pending_zero]))
        if s.chips:
            lines.append(f"Pot: {number(s.pot)} chips · bet {number(s.options['bet'])}")
        return lines

    def sheet(self) -> SheetModel:
        s = self.state
        seats, headers, active = self.columns()
        preview = s.preview() if not s.is_over() else {}
        best_box = self.coach_box() if preview else None
        rows: list[Row] = []
        for cat in s.categories:
            cells = []
            for i in seats:
                if cat in s.sheets[i]:
                    v = s.sheets[i][cat]
                    cells.append(Cell(str(v), theme.TEXT if v else theme.TEXT_DIM,
                                      strike=not v))
                elif i == s.current and cat in preview:
                    v = preview[cat]
                    if cat == self.pending_zero:
                        cells.append(Cell("0?", theme.TEXT, True, theme.BAD_FILL, mark="bad"))
                    elif cat == best_box:
                        cells.append(Cell(str(v), theme.COACH, True, theme.COACH_FILL))
                    else:  # what the box would score: a preview, dimmer than what is written
                        cells.append(Cell(str(v) if v else "·", theme.TEXT_DIM if v else theme.LINE))
                else:
                    cells.append(Cell(""))
            rows.append(Row(LABELS[cat], cells, key=cat, short=SHORT.get(cat, "")))
            if cat == UPPER[-1]:
                sums = []
                bonuses = []
                for i in seats:
                    t = s.totals(i)
                    done = t["upper"] >= t["bonus_target"]
                    sums.append(Cell(f"{t['upper']}/{t['bonus_target']}",
                                     theme.GOOD if done else theme.TEXT_DIM, done,
                                     mark="good" if done else None))
                    bonuses.append(Cell(f"+{t['bonus']}" if t["bonus"] else "", theme.GOOD, True))
                rows.append(Row("Upper sum", sums, kind="sum", label_colour=theme.TEXT_DIM))
                rows.append(Row("Bonus", bonuses, label_colour=theme.TEXT_DIM))
        totals = [s.totals(i)["total"] for i in seats]
        rows.append(Row("Total", [leader_cell(number(t), t, totals) for t in totals],
                        kind="total"))
        if s.chips:
            rows.append(Row("Chips", [Cell(number(s.chips[i]), theme.TEXT) for i in seats],
                            kind="foot"))
        return SheetModel(headers, rows, active, cursor=self.cursor,
                          footer="Final sheet" if s.is_over() else
                          self.footer())
