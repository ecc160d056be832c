"""The coach at the table scene: a hint asked for (H, the Hint button, or by itself when the
coach is set to "always"), worked out a slice a frame (a game.tasks.Task, so a browser frame
never waits for it), shown on the table (the coach's dashed rings round the dice and the
box it names, its advice in the status place) and the game marked as hinted (saved with it:
a continued game keeps its mark).

A hint belongs to one position (``TableScene._position``): a task for a position that has
gone is dropped, a hint for another position is not shown."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.catalog import GameInfo
from game.coach import Coach
from game.scenes.tables.base import Table
from game.tasks import FRAME_BUDGET, Task
from game.ui import marks, probe, theme
from game.ui.sheet import ScoreSheet
from game.ui.words import possessive


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    autosave: bool
    banner: tuple | None
    busy: bool
    die_spots: list[pygame.Rect]
    flow: Any
    human_turn: bool
    info: GameInfo
    regions: dict[str, pygame.Rect]
    sheet: ScoreSheet
    state: Any
    table: Table

    def _position(self) -> tuple: ...

    def _show_hint(self) -> None: ...

    def coach_thinking(self) -> bool: ...

    def complain(self, text) -> None: ...

    def current_hint(self) -> Any: ...

    def hint_refusal(self) -> str: ...

    def name(self, seat: int) -> str: ...

    def store_game(self) -> bool: ...


class Hints:
    def __init__(self, scene: Host, hinted: bool):
        self.scene = scene
        self.coach = None  # a game.coach.Coach, made on the first hint
        self.hint = None  # (the position it is for, the Hint) while one is shown
        self.hint_task = None  # (the position, a game.tasks.Task) while the coach thinks
        self.hint_budget = FRAME_BUDGET  # seconds of coach work per frame
        self.hint_failed = None  # the position the coach failed on ("always" asks once)
        self.hints_used = hinted  # a hint was shown to a human in this game (kept over undo,
        # saved with the game: a continued game keeps its mark)

    def current(self):
        """The hint on show for this very position, or None."""
        scene = self.scene
        if (self.hint is not None and self.hint[0] == scene._position() and scene.human_turn
                and scene.app.settings.coach != "off"):
            return self.hint[1]
        return None

    def thinking(self) -> bool:
        """The coach is working on a hint for this very position."""
        return self.hint_task is not None and self.hint_task[0] == self.scene._position()

    # -- asking, and the coach's work --------------------------------------------------------
    def request(self) -> None:
        """H or the Hint button: the strongest bot's move now, shown on the table."""
        scene = self.scene
        app = scene.app
        if scene.hint_refusal():
            app.notify(scene.hint_refusal())
        elif app.settings.coach == "off":
            app.notify("The coach is off: switch it on in the menu (Coach)")
        elif scene.state.is_over():
            app.notify("The game is over: no more hints")
        elif not scene.human_turn:
            app.notify("Hints are for your own turn: it is "
                       f"{possessive(scene.name(scene.state.current))} turn")
        elif scene.busy:
            app.notify("Wait for the dice to land, then ask again")
        else:
            scene._show_hint()

    def start(self) -> None:
        """Start the coach on this position (a task spread over frames, see ``step``); the
        hint is shown when it is done."""
        scene = self.scene
        if scene.current_hint() is not None:
            self.mark()
        elif not scene.coach_thinking():
            self.hint_task = (scene._position(), Task(self._steps(scene.state)))

    def _steps(self, state):
        if self.coach is None:
            yield
            self.coach = Coach(self.scene.info, seed=state.seed)  # imports the bot's module
        return (yield from self.coach.hint_steps(state))

    def step(self) -> None:
        """One frame's slice of the coach's work; a task for a position that has gone is
        dropped, a finished one shows its hint. A slice is game work (``App.worked``): in a
        frame that draws nothing else, waiting a frame when this one may not (``may_work``)."""
        if self.hint_task is None:
            return
        scene = self.scene
        position, task = self.hint_task
        if (position != scene._position() or not scene.human_turn
                or scene.app.settings.coach == "off"):
            task.cancel()
            self.hint_task = None
            return
        app = scene.app
        if not app.may_work():
            return
        app.worked()
        if not task.step(app.budget_left(self.hint_budget)):
            return
        self.hint_task = None
        if task.error is not None:
            self.hint_failed = position
            scene.complain("The coach could not help here: no hint for this position")
        else:
            self.hint = (position, task.result)
            self.mark()

    def mark(self) -> None:
        """A hint was shown: the game is marked so (saved at once, even before a move)."""
        scene = self.scene
        was, self.hints_used = self.hints_used, True
        if not was and (scene.autosave or scene.flow is not None):
            scene.store_game()

    # -- on the table ------------------------------------------------------------------------
    def shown(self):
        """The coach's hint as the table shows it (its marks), or None: none while the dice
        fly or a banner is up."""
        scene = self.scene
        return None if scene.busy or scene.banner else scene.current_hint()

    def draw_marks(self, surface: pygame.Surface) -> bool:
        """The hinted move on the table: the coach's dashed ring round each die it names (the
        first tagged "Coach") and round the box it fills. True when a frame was drawn on the
        sheet."""
        hint = self.shown()
        if hint is None:
            return False
        scene = self.scene
        dice, key = scene.table.hint_marks(hint.action)
        for n, i in enumerate(sorted(dice)):
            if i < len(scene.die_spots):  # round the die where it was drawn: lifted, in the air
                ring = scene.die_spots[i].inflate(theme.px(12), theme.px(12))
                marks.coach_ring(surface, ring, tag=n == 0)
                probe.shown("hint ring", i, ring)
        sheet = scene.sheet
        row = (sheet.cell_rects.get(key) or sheet.row_rects.get(key)) if key else None
        if row is not None and "sheet" in scene.regions:
            marks.coach_ring(surface, row.inflate(theme.px(4), theme.px(2)))
            return True
        return False
