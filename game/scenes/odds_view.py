"""The exact odds (game.odds) on the play scene, for a human's own turn.

O or the Odds button switches them on and off (remembered in the settings). While on, and
only on a human's turn with the dice at rest (never in a replay, never on a bot's turn),
the odds of the position and of the player's current selection are worked out through a
``game.tasks.Task`` a few milliseconds per frame ("…" until they are ready) and shown:

* category games: a small percentage beside each open box on the sheet (the chance to make
  it this turn), and one line under the sheet saying what the numbers assume;
* Farkle and Pirate Fortune: a line or two under the sheet (farkle / hot dice on the next
  roll; disqualification on the reroll, the Sea Battle).
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game import tasks
from game.catalog import GameInfo
from game.odds import Odds, odds_steps, percent, shows_boxes
from game.scenes.tables.base import Table
from game.tasks import Task
from game.ui import hands, probe, theme
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.text import draw_text_in, wrap_lines

WAITING = "…"
LINE = 15  # dp: the size of the odds' words


class Host(Protocol):
    """What the odds ask of the table scene they are shown at (game.scenes.table_view)."""

    app: Any  # game.app.App
    busy: bool
    human_turn: bool
    info: GameInfo
    sheet: ScoreSheet
    state: Any
    table: Table

    def _build_top_buttons(self) -> None: ...


class OddsView:
    def __init__(self, scene: Host):
        self.scene = scene
        self.task: Task[Odds] | None = None
        self.key: tuple | None = None
        self.result: Odds | None = None
        self._least: tuple[tuple | None, int] = (None, 0)  # (its key, the sheet's least)

    @property
    def on(self) -> bool:
        return bool(self.scene.app.settings.odds)

    @property
    def category(self) -> bool:
        return shows_boxes(self.scene.info)  # (asked of the entry: a game added later too)

    def toggle(self) -> None:
        """O / the Odds button."""
        settings = self.scene.app.settings
        settings.odds = not self.on
        self.scene.app.save_settings()
        if self.on:
            where = "on the sheet" if self.category else "under the sheet"
            self.scene.app.notify(lambda: hands.keyed("Odds on", "O") +
                                  f": exact chances {where}, on your turns")
        else:
            self.scene.app.notify(lambda: hands.keyed("Odds off", "O"))
        self.scene._build_top_buttons()

    def wanted(self) -> bool:
        """Shown now: switched on, a human's turn, the dice at rest."""
        scene = self.scene
        return self.on and scene.human_turn and not scene.busy

    def position_key(self) -> tuple:
        state = self.scene.state
        return (id(state), state.action_count, tuple(self.scene.table.odds_selection()))

    def update(self) -> None:
        """Once a frame: start the odds of a new position or selection, work on them."""
        if not self.wanted():
            if self.task is not None:
                self.task.cancel()
            self.task, self.key, self.result = None, None, None
            return
        key = self.position_key()
        if key != self.key:
            if self.task is not None:
                self.task.cancel()
            self.key, self.result = key, None
            self.task = Task(odds_steps(self.scene.state, list(key[2])))
        app = self.scene.app
        if self.task is not None and not self.task.done and app.may_work():
            app.worked()  # (game work: in a frame that draws nothing else, App.worked)
            self.task.step(app.budget_left(tasks.FRAME_BUDGET))
        if self.task is not None and self.task.done:
            self.result = self.task.result if self.task.error is None else None

    def current(self) -> Odds | None:
        """The odds of exactly what is on the table now, or None (off, or still working)."""
        if self.wanted() and self.key == self.position_key():
            return self.result
        return None

    # -- drawing -----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The words under the sheet ("…" while working; nothing when hidden)."""
        if not self.wanted():
            return []
        odds = self.current()
        if odds is None:
            failed = self.task is not None and self.task.done and self.task.error is not None
            return ["Odds could not be worked out here." if failed else f"Odds: working {WAITING}"]
        return list(odds.lines)

    def box_notes(self) -> dict[str, str]:
        """Category games: box -> the percentage shown beside it."""
        if not self.category or not self.wanted():
            return {}
        odds = self.current()
        if odds is None:
            return {b: WAITING for b in self.scene.state.odds_boxes()}  # (contract.BoxOdds)
        return {b: percent(p) for b, p in odds.boxes.items()}

    def decorate(self, model: SheetModel) -> SheetModel:
        notes = self.box_notes()
        for row in model.rows:
            box = row.box or row.key
            if box in notes:
                row.note = notes[box]
        return model

    def _wrapped(self, width: int) -> list[tuple[str, bool]]:
        """The lines wrapped to the box's width at the odds' size: (line, bold)."""
        out = []
        for i, line in enumerate(self.lines()):
            bold = i == 0 and not self.category
            for part in wrap_lines(theme.font(LINE, bold), line, width):
                out.append((part, bold))
        return out

    def _text_width(self, full: pygame.Rect) -> int:
        return full.w - theme.px(88)

    def _shown(self, full: pygame.Rect) -> list[tuple[str, bool]]:
        """The wrapped lines that fit: the odds take at most 40% of the sheet's place, and
        never what the sheet needs at least (its names and every player's score: on a
        phone the sheet keeps the rest); the last line kept ends with "…" when some do
        not."""
        lines = self._wrapped(self._text_width(full))
        line_h = theme.font(LINE).get_height() + theme.px(2)
        left = full.h - theme.px(16)
        if lines and len(lines) > 1:
            left -= self._sheet_least(full)
        room = max(1, int((min(full.h * 0.4, left) - theme.px(10)) // line_h))
        if len(lines) > room:
            lines = lines[:room]
            text, bold = lines[-1]
            lines[-1] = (text.rstrip(" .") + " …", bold)
        return lines

    def _sheet_least(self, full: pygame.Rect) -> int:
        """What the sheet needs at least of the place it shares (``least_height``), worked
        out once a position and size."""
        scene = self.scene
        key = (self.position_key(), full.size, scene.sheet.page, theme.metrics.key,
               theme.generation)
        if self._least[0] != key:
            self._least = (key, scene.sheet.least_height(scene.table.sheet(), full.w))
        return self._least[1]

    def panel_height(self, full: pygame.Rect | None = None) -> int:
        """Device pixels the odds box takes at the bottom of the sheet's place."""
        if not self.lines():
            return 0
        n = len(self._shown(full)) if full is not None else len(self.lines())
        return theme.px(10) + (theme.font(LINE).get_height() + theme.px(2)) * n

    def sheet_rect(self, full: pygame.Rect) -> pygame.Rect:
        """The sheet's area: the full panel, less the odds box at its bottom when shown."""
        h = self.panel_height(full)
        return full.copy() if not h else pygame.Rect(full.x, full.y, full.w,
                                                     full.h - h - theme.px(6))

    def draw(self, surface: pygame.Surface, full: pygame.Rect) -> None:
        if not self.lines():
            return
        h = self.panel_height(full)
        box = pygame.Rect(full.x, full.bottom - h, full.w, h)
        probe.control("odds", box, group="odds", surface=surface, region=True)
        pygame.draw.rect(surface, theme.BG_DARK, box, border_radius=theme.px(12))
        pygame.draw.rect(surface, theme.ODDS, box, width=max(1, theme.px(2)),
                         border_radius=theme.px(12))
        line_h = theme.font(LINE).get_height() + theme.px(2)
        tag = pygame.Rect(box.x + theme.px(10), box.y + theme.px(5), theme.px(64), line_h)
        draw_text_in(surface, "ODDS %", tag, 14, theme.ODDS, True, "left", min_size=12)
        for i, (line, bold) in enumerate(self._shown(full)):
            row = pygame.Rect(box.x + theme.px(78), box.y + theme.px(5) + line_h * i,
                              self._text_width(full), line_h)
            draw_text_in(surface, line, row, LINE, theme.TEXT, bold, "left", min_size=LINE)
