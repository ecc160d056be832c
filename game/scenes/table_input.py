"""Pointer input at the table scene, routed by the region under it (``Sections``, in the
manner of Python Arcade's sections): a die or the felt, the game's buttons, the score sheet
(scrolled by the wheel or a drag, a tap pages, names a player or chooses a box), the move
history, the tabs over a phone's pane, the tools of the top bar. A move made at the wrong
time is refused with the reason (the scene's ``_not_now``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.scenes.tables.base import Table
from game.ui.history import History
from game.ui.layout import Sections
from game.ui.sheet import ScoreSheet
from game.ui.widgets import FocusGroup


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    busy: bool
    die_rects: list[pygame.Rect]
    history: History
    human_turn: bool
    pane_toggle: bool
    regions: dict[str, pygame.Rect]
    sections: Sections
    sheet: ScoreSheet
    table: Table
    table_buttons: FocusGroup
    tabs: bool
    top_buttons: FocusGroup

    def _not_now(self) -> None: ...

    def show_pane(self, pane: str) -> None: ...

    def tab_rects(self) -> dict[str, pygame.Rect]: ...


class TableInput:
    def __init__(self, scene: Host):
        self.scene = scene

    def route(self) -> None:
        """Which region takes a pointer event (the topmost first)."""
        scene = self.scene
        s = scene.sections
        s.clear()
        r = scene.regions
        s.add("tray", r["tray"], self.tray)
        s.add("actions", r["actions"], scene.table_buttons.handle)
        if "sheet" in r:
            s.add("sheet", r["sheet"], self.sheet)
        if "history" in r:
            s.add("history", r["history"], self.history)
        if scene.tabs:
            s.add("tabs", r["tabs"], self.tabs)
        s.add("bar", r["bar"], scene.top_buttons.handle)
        if "tools" in r:
            s.add("tools", r["tools"], scene.top_buttons.handle)

    def tray(self, event: pygame.event.Event) -> bool:
        """A click on a die holds or chooses it (on a person's turn, nothing being shown);
        elsewhere on the felt the game says what it does."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        scene = self.scene
        for i, r in enumerate(scene.die_rects):
            if r.collidepoint(event.pos):
                if scene.human_turn and not scene.busy:
                    scene.table.click_die(i)
                    scene.app.invalidate()
                else:
                    scene._not_now()
                return True
        return scene.table.click_tray(event.pos)

    def sheet(self, event: pygame.event.Event) -> bool:
        """The wheel and a drag of the rows scroll the sheet; a tap (a press let go where it
        was made) pages, names a player or chooses a box."""
        if self.scene.sheet.pointer(event, self.tap_sheet):
            self.scene.app.invalidate()
            return True
        return False

    def sheet_key(self, event: pygame.event.Event) -> bool:
        """Up/Down and Home/End scroll the sheet's rows when they do not all fit (PgUp/PgDn
        are the history's); on a phone the sheet comes up under the dice first."""
        if event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END):
            return False
        scene = self.scene
        if "sheet" not in scene.regions:
            if scene.pane_toggle or scene.tabs:
                scene.show_pane("sheet")
                scene.app.invalidate()
                return True
            return False
        if scene.sheet.key(event):
            scene.app.invalidate()
            return True
        return False

    def tap_sheet(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        scene = self.scene
        sheet = scene.sheet
        step = sheet.pager_at(event.pos)
        if step:
            sheet.turn_page(step)
            return True
        column = sheet.header_at(event.pos)
        if column is not None:
            model = scene.table.sheet()
            if 0 <= column < len(model.headers):
                scene.app.notify(model.headers[column][0], model.headers[column][1])
            return True
        key = sheet.key_at(event.pos)
        if key is None:
            return False
        if scene.table.browse_row(key):
            scene.app.invalidate()
        elif scene.human_turn and not scene.busy:
            scene.table.click_row(key)
        else:
            scene._not_now()
        return True

    def history(self, event: pygame.event.Event) -> bool:
        return self.scene.history.pointer(event)

    def tabs(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for name, rect in self.scene.tab_rects().items():
            if rect.collidepoint(event.pos):
                self.scene.show_pane(name)
                return True
        return False
