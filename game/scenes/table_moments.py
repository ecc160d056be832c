"""The moments in motion at the table scene (game.ui.moments): a score's dice lifting and
going to their box, the box lit, totals counting, a loss falling out of a total, dice set
aside sliding to their row, what a banner asks of the felt (a shake, a stamp, rings), the
sparks of a celebration and "Your turn, Ann!" over the top bar.

The table scene's pacing says when (a score shown, a banner raised, the dice arrived); this
piece starts what is seen and heard then, and says where a box is on the sheet as last
drawn (``locate``). Nothing here starts while skipping ahead."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.rules.core import Event
from game.scenes.table_tray import aside_slots
from game.scenes.tables.base import Banner, Scoring, Table
from game.ui import motion, theme
from game.ui.celebrate import Burst, TurnFlourish
from game.ui.moments import (
    CountUp,
    Effects,
    Float,
    Lit,
    Marker,
    Rings,
    Shake,
    Stamp,
    Strike,
    Travel,
)
from game.ui.sheet import ScoreSheet
from game.ui.words import number, your_turn


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    die_rects: list[pygame.Rect]
    fast_forward: bool
    pending: list[Event]
    regions: dict[str, pygame.Rect]
    sheet: ScoreSheet
    shown_seat: int | None
    state: Any
    table: Table
    throw: tuple | None  # (positions, the faces they can show, the action)

    def name(self, seat: int) -> str: ...

    def pace(self) -> float: ...


class Moments:
    def __init__(self, scene: Host):
        self.scene = scene
        self.effects = Effects()  # the moments in motion (game.ui.moments)
        self.burst = Burst()  # sparks on the tray for a moment worth celebrating
        self.flourish = TurnFlourish()  # "Your turn, Ann!" over the top bar
        self._flourish_seat = None  # the seat whose turn was last seen starting

    def _reduced(self) -> bool:
        return motion.reduced(self.scene.app.settings)

    def find_targets(self) -> None:
        """A score on its way to a box that was out of view finds it once it is shown."""
        for e in self.effects.items:
            if isinstance(e, Travel) and e.end is None and e.target is not None:
                e.end = self.locate(*e.target)
                if e.end is not None:
                    self.scene.app.invalidate()  # (a whole frame keeps the screen on its way)

    def locate(self, row: str | None, column: int | None) -> pygame.Rect | None:
        """Where a box is on the score sheet as last drawn (device pixels), or None when
        the sheet is not on screen or the box is not in view."""
        if row is None or "sheet" not in self.scene.regions:
            return None
        sheet = self.scene.sheet
        if column is None:
            return sheet.cell_rects.get(row)
        line = sheet.row_rects.get(row) or sheet.line_rects.get(row)
        head = sheet.header_rects.get(column)
        if line is None or head is None:
            return None
        return pygame.Rect(head.x, line.y, head.w, line.h)

    def banner(self, banner: Banner) -> None:
        """What a banner asks of the felt: dice that shake, a stamp, rings round the dice."""
        scene = self.scene
        if "tray" not in scene.regions:
            return
        reduced = self._reduced()
        tray = scene.regions["tray"]
        pace = scene.pace()
        if banner.shake and not reduced:
            self.effects.add(Shake(motion.MOMENT * pace, tray=True, name="shake",
                                   dice=set(range(len(scene.die_rects)))))
        if banner.rings:
            self.effects.add(Rings(motion.MOMENT * pace, tray=True, name="rings",
                                   rects=[r for r in scene.die_rects], colour=banner.colour,
                                   clip=tray))
        if banner.stamp:
            self.effects.add(Stamp(max(motion.MOMENT * 2, 1.2) * pace, tray=True, name="stamp",
                                   text=banner.stamp, at=tray, colour=banner.colour,
                                   reduced=reduced))
        scene.app.invalidate()

    def count_up(self, row: str, column: int, before: int, after: int, colour) -> None:
        """A total on the sheet counts from ``before`` to ``after`` (a turn total growing)."""
        cell = self.locate(row, column)
        if cell is None or before == after or self.scene.fast_forward:
            return
        self.effects.add(CountUp(motion.COUNT * self.scene.pace(), name="count", rect=cell,
                                 start=before, end=after, colour=colour))
        self.scene.app.invalidate()

    def fly(self, scoring: Scoring) -> bool:
        """A score's dice lift and go to its box (the box scrolled into view first). False
        when there is nothing to show going anywhere."""
        scene = self.scene
        if "tray" not in scene.regions:
            return False
        end = self.locate(scoring.row, scoring.column)
        if end is None and scoring.row is not None and "sheet" in scene.regions:
            scene.sheet.reveal(scoring.row)  # (the next frame draws it in view)
        specs = scene.table.dice()
        dice = [(i, specs[i].value, scene.die_rects[i]) for i in scoring.dice
                if i < len(specs) and i < len(scene.die_rects) and specs[i].value is not None]
        if not dice and not scoring.label and end is None and not scoring.changes:
            return False
        pace = scene.pace()
        hold = motion.MOVE * pace
        if scoring.strike:  # a 0: the dice fade where they are, the box is crossed out
            end = None
        travel = Travel((motion.MOVE + motion.TRAVEL) * pace, blocking=True, name="travel",
                        dice=dice, end=end, label=scoring.label, colour=scoring.colour,
                        hold=hold, reduced=self._reduced(), bounds=scene.regions["tray"],
                        target=None if scoring.strike else (scoring.row, scoring.column))
        self.effects.add(travel)
        scene.app.sounds.play("lift")  # (softly: they rise, then go)
        scene.app.invalidate()
        return True

    def arrive(self, scoring: Scoring) -> None:
        """The dice of a score are at its box: the box lights, the totals count to their
        new values."""
        scene = self.scene
        pace = scene.pace()
        box = self.locate(scoring.row, scoring.column)
        if box is not None:
            self.effects.add(Lit(motion.LIT * pace, name="lit", rect=box, colour=scoring.colour))
            if scoring.strike:
                self.effects.add(Strike(motion.MOVE * pace, name="strike", rect=box))
            if scoring.marker and scoring.column is not None:
                head = scene.sheet.header_rects.get(scoring.column)
                if head is not None:
                    scene.app.sounds.play("mark")
                    self.effects.add(Marker(motion.MOMENT * pace, name="marker", start=head,
                                            end=box, colour=scoring.colour,
                                            reduced=self._reduced()))
        for row, column, before, after in scoring.changes:
            cell = self.locate(row, column)
            if cell is None or before == after:
                continue
            self.effects.add(CountUp(motion.COUNT * pace, name="count", rect=cell,
                                     start=before, end=after,
                                     colour=scoring.colour if after >= before else theme.BAD))
            if column != scoring.column or row != scoring.row:
                if after < before:  # a loss: the points fall out of the total
                    self.effects.add(Float(motion.MOMENT * pace * 1.5, name="loss",
                                           text=f"−{number(before - after)}",
                                           at=cell.move(0, cell.h),  # (under the count)
                                           colour=theme.BAD, rise=-22,
                                           reduced=self._reduced()))
        scene.app.invalidate()

    def set_aside(self, event: Event) -> None:
        """Dice set aside before the roll goes on slide to their place in the row of dice
        out of play, their points with them; the turn's total grows when the roll lands."""
        scene = self.scene
        if scene.throw is None or "tray" not in scene.regions or \
                not any(e["type"] == "rolled" for e in scene.pending):
            return  # (a bank: the dice go to the banked score instead)
        specs = scene.table.dice()
        dice = [(i, specs[i].value, scene.die_rects[i]) for i in event.get("positions", [])
                if i < len(specs) and i < len(scene.die_rects) and specs[i].value is not None]
        groups = scene.table.throw_aside(scene.throw[2])
        if not dice or not groups:
            return
        ends = aside_slots(scene.regions["tray"], groups)[-1]
        scene.app.sounds.play("slide")
        self.effects.add(Travel(motion.MOVE * scene.pace(), tray=True, name="aside", dice=dice,
                                ends=ends, label=f"+{number(event['points'])}",
                                colour=scene.table.seat_colour(event["seat"]),
                                reduced=self._reduced(),
                                hidden=False, group=len(groups) - 1))

    def celebrate(self, banner: Banner) -> None:
        """Sparks from the dice on the tray (none while skipping ahead, nor under reduce
        motion: the banner says it)."""
        scene = self.scene
        if scene.fast_forward or "tray" not in scene.regions or self._reduced():
            return
        tray = scene.regions["tray"]
        origins = [((r.centerx - tray.x) / max(1, tray.w), (r.centery - tray.y) / max(1, tray.h))
                   for r in scene.die_rects if tray.colliderect(r)]
        self.burst.start(origins, banner.celebrate)
        scene.app.invalidate()

    def tick(self, dt: float) -> None:
        """Once a frame: the celebration and the turn's flourish move on; the frame after
        one ends is drawn once more (to clear it), then they cost nothing."""
        if self.scene.fast_forward:
            self.burst.stop()
        if self.burst.update(dt) | self.flourish.update(dt):
            self.scene.app.invalidate()

    def note_turn(self) -> None:
        """A person's turn has started on screen (after another player's): "Your turn,
        Ann!" runs over the top bar with a sound, without holding anything up."""
        scene = self.scene
        seat = scene.shown_seat
        if seat == self._flourish_seat:
            return
        before, self._flourish_seat = self._flourish_seat, seat
        if seat is None or scene.fast_forward or not scene.state.seats[seat].is_human:
            return
        humans = sum(1 for s in scene.state.seats if s.is_human)
        if before is None and humans < 2:
            return  # the first turn of a game alone against bots: the seating banner says it
        self.flourish.start(seat, your_turn(scene.name(seat)))
        scene.app.sounds.play("your_turn")
        scene.app.invalidate()
