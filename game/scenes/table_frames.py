"""What the table scene's frames draw again, and what they keep (the table scene's ``draw``
and ``draw_moving``; game.app asks ``on_screen``).

An idle table costs nothing: a frame is drawn only when what it shows changed. While only
the dice (or a celebration's sparks) move, only the tray is drawn again. The moments that
leave the tray (a score's dice on their way to the sheet, a total counting) are drawn over
everything, with a picture of the screen under them kept (``_clean``), so the next frames
redraw only where they were and are. The score sheet is kept on screen while it does not
change, and a frame that changes it with much else leaves it to the next one (``SPREAD``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.scenes.table_hints import Hints
from game.scenes.table_tray import Tray
from game.scenes.tables.base import Table
from game.ui import hands, probe, theme
from game.ui.celebrate import Burst, TurnFlourish
from game.ui.dice import DiceAnimator
from game.ui.moments import Effects
from game.ui.sheet import RADIUS as SHEET_RADIUS
from game.ui.sheet import ScoreSheet, SheetModel
from game.ui.widgets import FocusGroup

SPREAD = True  # a frame that changes the sheet with much else leaves the sheet to the next
# Where the app spreads them (``App.spread_parts``: in the page), a frame after a change
# draws the tray and at most this many other parts that changed (the top bar, the buttons,
# the status...); the others are owed to the next frames, then the sheet. A score arriving
# changes all of them: at a phone's CPU in the page each is 1.5-8 ms, and the frame that
# drew them all took 14-24 ms.
PARTS_A_FRAME = 1
OWED_A_FRAME = 2  # and the frames after it, at most this many of those owed
FIRST = ("status", "top", "actions", "history", "keys")  # which first: what happened


def _split(parts: dict, most: int) -> tuple[dict, dict]:
    """``parts`` as (the first ``most`` of them in the order of ``FIRST``, the others)."""
    order = sorted(parts, key=FIRST.index)
    return ({name: parts[name] for name in order[:most]},
            {name: parts[name] for name in order[most:]})


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    _view_key: tuple | None
    animator: DiceAnimator
    app: Any  # game.app.App
    burst: Burst
    card_flip: float
    effects: Effects
    flourish: TurnFlourish
    hints: Hints
    hover_die: int
    pane: str
    regions: dict[str, pygame.Rect]
    sheet: ScoreSheet
    slides: dict[int, list]
    table: Table
    table_buttons: FocusGroup
    top_buttons: FocusGroup
    tray: Tray

    def _sheet_model(self) -> SheetModel: ...

    def animating(self) -> bool: ...

    def draws_as_the_table(self) -> bool: ...

    def coach_thinking(self) -> bool: ...

    def view_key(self) -> tuple: ...


class Frames:
    def __init__(self, scene: Host):
        self.scene = scene
        self._clean: pygame.Surface | None = None  # the screen under the effects
        self._clean_ok = False
        self._effect_rects: list[pygame.Rect] = []  # where the effects drew last frame
        self._sheet_soiled = False  # the effects drew over the sheet on screen (``_clean``
        # has the sheet as it is under them)
        # The score sheet as the screen shows it (its picture's key, where, at what size)
        # and whether it is owed to the screen: a frame that changes much leaves the sheet
        # to the next one (SPREAD)
        self._sheet_shown: tuple | None = None
        self._sheet_late = False
        self._left_in_part = False  # a sheet painted in part left late once more (``sheet_mode``)
        self._screen_mine: int | None = None  # the app's frame this table last drew alone
        self._drawn_view: tuple | None = None  # what it showed then (``picture_key``)
        self._view_frame: int | None = None  # the app's frame of the last ``watch_view``
        # What each part of the table showed when the screen last had it drawn, and where
        # (``regions``): a frame after a move draws again only the parts that changed
        self._parts_shown: dict[str, tuple[tuple, pygame.Rect]] | None = None
        self._parts_frame: tuple | None = None  # the frame's window, looks and layout
        self._parts_late = False  # parts that changed are owed to the next frame (SPREAD)

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While only the dice (or a celebration's sparks) move, only the tray is drawn
        again; a sheet left late by the last frame is drawn alone."""
        scene = self.scene
        if scene.card_flip > 0 or scene.coach_thinking() or scene.table.animating() \
                or scene.flourish.busy or not scene.regions:
            return None
        effects = scene.effects
        flying = bool(self._effect_rects) or bool(effects.area(tray=False))
        if self._sheet_late and ("sheet" not in scene.regions
                                 or scene.hints.shown() is not None):
            return None
        if self._effect_rects and not self._clean_ready(surface):
            return None  # (no picture of the screen under them: a whole frame)
        owed = self._owed_parts(surface) if self._parts_late else None
        if self._parts_late and owed is None:
            return None  # (what they show cannot be told now: a whole frame)
        rects = self._unflown(surface)
        late = self._sheet_late
        if owed is not None:  # (the parts owed, then the sheet in the frame after)
            now, later = _split(owed, OWED_A_FRAME)
            rects += self._draw_parts(surface, now)
            self._parts_shown = {**self._parts_shown, **now}
            self._parts_late = bool(later)
            if late and not later and "sheet" in scene.regions:
                scene._sheet_model()  # (made now, kept for the frame that draws the sheet:
                # in the page 1-3 ms of that frame)
        elif late:  # (painted over the sheet shown, it may paint nothing: the frame is done;
            # when much changed, in the page, the first of it, the rest in the next frames:
            # ``draw_sheet``)
            rects += self._redraw_sheet(surface, scene._sheet_model(),
                                        spread=SPREAD and scene.app.spread_parts
                                        and not probe.recording())
        tray = scene.tray
        if scene.animator.busy or scene.burst.busy or scene.slides or tray.stale or \
                effects.area(tray=True) or effects.shaking():
            rects.append(self._redraw_tray(surface))
        if flying:
            rects += self._fly(surface)
        else:
            self._clean_ok = False
        done = bool(rects) or late or owed is not None  # (owed: it may paint nothing new)
        if done:
            self.drew_alone()
        return rects if done else None

    def _redraw_sheet(self, surface: pygame.Surface, model: SheetModel,
                      spread: bool = False) -> list[pygame.Rect]:
        """The sheet drawn again alone: over the sheet the screen shows, only what changed
        (``spread``: it may leave part of it to the next frames, ``draw_sheet``); else all of
        it over the background under its rounded corners. Where it painted."""
        area = self.scene.sheet.rect.clip(surface.get_rect())
        over = self.sheet_over(surface, model)
        if not over:
            surface.fill(theme.BG, area)
        painted = self.draw_sheet(surface, model, over, spread)
        return painted if over and painted is not None else [area]

    def _redraw_tray(self, surface: pygame.Surface) -> pygame.Rect:
        """The tray drawn again alone (its empty felt from its picture, the dice, the
        sparks over it); where it painted."""
        scene = self.scene
        tray = scene.tray
        tray.stale = False
        felt = scene.regions["tray"]
        area = tray.draw_alone(surface)
        scene.burst.draw(surface, felt)
        if scene.hints.draw_marks(surface) or area.colliderect(scene.sheet.rect):
            self._sheet_shown = None
        return area

    # -- the effects out of the tray over a frame drawn in part -----------------------------
    # ``_clean`` holds the screen as it is under them where they drew last (kept in that
    # frame, before they drew). A frame drawn in part puts the screen back there
    # (``_unflown``), draws what changed, and ``_fly`` keeps the screen where they draw now
    # and draws them: a copy of the places they cover, nothing of what changed under them.
    def _clean_ready(self, surface: pygame.Surface) -> bool:
        """``_clean`` holds the screen under the effects where they were last drawn."""
        return self._clean_ok and self._clean is not None \
            and self._clean.get_size() == surface.get_size()

    def _unflown(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The screen under where the effects drew last frame, again (``_clean_ready``):
        where it drew."""
        for r in self._effect_rects:
            surface.blit(self._clean, r, r)
        self._sheet_soiled = False
        return list(self._effect_rects)

    def _fly(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The screen is as it is without the effects (where they were put back, what
        changed drawn again): ``_clean`` takes it where they draw now, and they are drawn
        over it. Where they drew."""
        if self._clean is None or self._clean.get_size() != surface.get_size():
            self._clean = pygame.Surface(surface.get_size(), 0, surface)
        bounds = surface.get_rect()
        for r in self.scene.effects.area(tray=False):
            r = r.clip(bounds)
            if r.w and r.h:
                self._clean.blit(surface, r, r)
        self._clean_ok = True
        self.draw_effects(surface, keep=False)
        return self._effect_rects

    def draw_effects(self, surface: pygame.Surface, keep: bool = True) -> None:
        """The effects that leave the tray, over everything (``keep``: a whole frame keeps a
        picture of the screen under them first, so the next frames redraw only where they
        were and are)."""
        scene = self.scene
        effects = scene.effects
        mine = surface is scene.app.screen and not probe.recording()
        if keep and mine:
            self._clean_ok = False
            if effects.area(tray=False):
                self._fly(surface)
                return
        effects.draw(surface, tray=False)
        rects = [r.clip(surface.get_rect()) for r in effects.area(tray=False)]
        soiled = any(r.colliderect(scene.sheet.rect) for r in rects)
        if mine or not keep:
            self._effect_rects = rects
            self._sheet_soiled = soiled  # (the screen's sheet has them over it)
        elif soiled:
            self._sheet_shown = None

    def unsoil(self, surface: pygame.Surface) -> None:
        """The sheet kept on screen as it is under the effects (they drew over it)."""
        if self._sheet_soiled:
            for r in self._effect_rects:
                surface.blit(self._clean, r, r)

    def drew_alone(self) -> None:
        """The frame being drawn is this table's alone (no overlay, no message): the next
        frame may keep what it left on the screen."""
        scene = self.scene
        app = scene.app
        alone = app.visible_scenes() == [scene] and not app.toast
        self._screen_mine = app.drawn_frames if alone else None
        self._drawn_view = self.picture_key() if alone else None
        if not alone:
            self._sheet_shown = None

    def picture_key(self) -> tuple:
        """What the table's picture depends on: what it shows (``view_key``), where the
        pointer and the keyboard's focus are, and the window's surface."""
        scene = self.scene
        pointer = (scene.hover_die, scene.sheet.hover_key, scene.pane,
                   tuple((row.index, tuple(b.hovered for b in row.buttons))
                         for row in (scene.top_buttons, scene.table_buttons)))
        # (what this frame's ``watch_view`` found, when it ran in this frame: 0.2 ms less)
        fresh = self._view_frame is None or self._view_frame != scene.app.frame
        return (scene.view_key() if fresh else scene._view_key, pointer, id(scene.app.screen),
                scene.app.screen_serial, theme.generation, theme.metrics.key)

    def on_screen(self) -> bool:
        app = self.scene.app
        return (self._screen_mine is not None and self._screen_mine == app.drawn_frames - 1
                and not self.scene.animating() and self._drawn_view == self.picture_key())

    def _sheet_signature(self, surface: pygame.Surface, model: SheetModel) -> tuple:
        scene = self.scene
        return (scene.sheet._key(model), tuple(scene.sheet.rect), surface.get_size(),
                id(surface), theme.generation, scene.app.screen_serial)

    def sheet_over(self, surface: pygame.Surface, model: SheetModel) -> bool:
        """The screen shows the sheet as last drawn, where it is drawn now (this table's
        last frame, the same window and looks): drawn again, it paints only what changed."""
        shown = self._sheet_shown
        return shown is not None and surface is self.scene.app.screen \
            and self._screen_mine is not None \
            and self._screen_mine == self.scene.app.drawn_frames - 1 \
            and shown[1:] == self._sheet_signature(surface, model)[1:]

    def draw_sheet(self, surface: pygame.Surface, model: SheetModel,
                   over: bool = False, spread: bool = False) -> list[pygame.Rect] | None:
        """The sheet (``over``: over the sheet the screen shows, ``sheet_over``: only what
        changed is painted, and returned; None: all of it). ``spread``: when much changed,
        the sheet may paint the first of it and leave the rest to the next frames (the sheet
        is late again until it is whole: ``ScoreSheet.draw``)."""
        sheet = self.scene.sheet
        shown = self._sheet_shown[0] if over and self._sheet_shown is not None else None
        painted = sheet.draw(surface, model, over=shown, spread=spread)
        self._sheet_shown = (sheet.shown_key,) + self._sheet_signature(surface, model)[1:]
        self._sheet_late = sheet.unfinished  # (the next frame owes it: ``draw_owed``)
        self._left_in_part = False
        return painted

    def sheet_mode(self, surface: pygame.Surface, model: SheetModel) -> str:
        """How this frame treats the score sheet: "draw" it; "keep" what the screen shows
        (the same sheet, where it was: nothing drew over it since); or leave it "late" to
        the next frame (it changed, with much else: a whole redraw at 2560x1440 is split in
        two, the sheet a frame, 16 ms, after the rest). Only in the frames the app steps
        (``App.spreading``) with the table alone on screen, no message, no gold hint."""
        scene = self.scene
        app = scene.app
        if probe.recording():
            return "draw"  # (a test reads what is drawn: all of it)
        if not SPREAD or not app.spreading or app.toast \
                or app.visible_scenes() != [scene] or scene.hints.shown() is not None \
                or self._screen_mine is None or self._screen_mine != app.drawn_frames - 1:
            return "draw"  # (the last frame was not this table's alone: its pixels are not)
        shown = self._sheet_shown
        now = self._sheet_signature(surface, model)
        if shown is None or shown[1:] != now[1:]:
            return "draw"
        if self._sheet_soiled and (not self._clean_ok or self._clean is None
                                   or self._clean.get_size() != surface.get_size()):
            return "draw"  # (the effects over it, and no picture of it without them)
        if shown[0] == now[0]:
            return "keep"
        if self._sheet_late and scene.sheet.unfinished and not self._left_in_part:
            self._left_in_part = True  # (painted in part, as the screen shows: the rest in
            # the frame after this one, alone, not with the other parts that changed now)
            return "late"
        return "draw" if self._sheet_late else "late"

    def fill_background(self, surface: pygame.Surface, whole_sheet: bool = False) -> None:
        """The background, except the band of the sheet's panel that the sheet paints whole
        (its rows between the rounded corners): a third of a 2560x1440 frame not filled
        twice. ``whole_sheet``: the sheet is not drawn in this frame: its pixels, corners
        and all, stay as they are."""
        scene = self.scene
        band = None
        if "sheet" in scene.regions:
            band = scene.sheet.rect if whole_sheet else \
                scene.sheet.rect.inflate(0, -2 * theme.px(SHEET_RADIUS))
        if band is None or band.h <= 0 or band.w <= 0 or \
                not surface.get_rect().contains(band):
            surface.fill(theme.BG)
            return
        w, h = surface.get_size()
        surface.fill(theme.BG, (0, 0, w, band.top))
        surface.fill(theme.BG, (0, band.bottom, w, h - band.bottom))
        surface.fill(theme.BG, (0, band.top, band.left, band.h))
        surface.fill(theme.BG, (band.right, band.top, w - band.right, band.h))

    # -- a frame that draws only the parts that changed (``draw_changed``) -----------------
    def _frame_key(self, surface: pygame.Surface) -> tuple:
        """What every part's picture depends on alike: the window's surface, the looks, the
        hand in use and the layout."""
        scene = self.scene
        return (id(surface), surface.get_size(), scene.app.screen_serial, theme.generation,
                theme.metrics.key, hands.mode(), scene.pane, scene.tabs, scene.compact_bar,
                tuple((k, tuple(r)) for k, r in scene.regions.items()))

    def parts(self, surface: pygame.Surface) -> dict[str, tuple[tuple, pygame.Rect]] | None:
        """The table's parts outside the tray and the sheet, each as (what it shows, where
        it paints): the top bar, the buttons under the dice, the status place, the move
        history, the keys line. None when a part cannot be told in short (its picture
        could not be kept) or two parts' places overlap."""
        scene = self.scene
        top_key = scene.chrome._top_key(surface)
        top = scene.chrome._top_area(surface) if top_key is not None else None
        if top is None:
            return None
        focused = scene.table_buttons.focused
        buttons = scene.table_buttons.buttons
        actions = pygame.Rect(0, 0, 0, 0)
        for b in buttons:
            shape = b.area(b is focused)
            actions = actions.union(shape) if actions.w else shape
        out = {"top": (top_key, top),
               "actions": ((tuple(b.look(b is focused) for b in buttons),),
                           actions.clip(surface.get_rect()))}
        banner = scene.banner
        hint = scene.current_hint()
        out["status"] = ((id(banner[0]) if banner else None, scene.handing_over,
                          tuple(scene.table.status()), repr(scene.table.status_details()),
                          id(hint) if hint is not None else None, scene.coach_thinking(),
                          tuple(scene.seat_names())), scene.regions["status"])
        if "history" in scene.regions:
            history = scene.history
            out["history"] = ((len(history.entries), history.entries[-1:], history.offset,
                               id(history.entries)), history.rect.copy())
        keys = scene.regions.get("keys")
        if keys is not None and keys.h:
            out["keys"] = ((scene.keys_text(),), keys)
        places = [r for _, r in out.values() if r.w and r.h]
        places.append(scene.tray.area(surface))
        if "sheet" in scene.regions:
            places.append(scene.regions["sheet"])
        if scene.tabs:
            places += list(scene.tab_rects().values())
        for i, r in enumerate(places):
            if r.collidelist(places[i + 1:]) >= 0:
                return None
        return out

    def note_parts(self, surface: pygame.Surface) -> None:
        """A whole frame was drawn on the window: what its parts show now."""
        scene = self.scene
        if surface is not scene.app.screen or probe.recording():
            return
        self._parts_shown = self.parts(surface)
        self._parts_frame = self._frame_key(surface)
        self._parts_late = False
        if self._clean is None or self._clean.get_size() != surface.get_size():
            # (made with the whole frame, not in the first frame a moment flies)
            self._clean = pygame.Surface(surface.get_size(), 0, surface)

    def draw_changed(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Something changed (a move, a pointer over a button): draw again only the parts of
        the table that show something else than the screen does (the tray always, the sheet
        as ``sheet_mode`` says), each over the background as a whole frame paints it, and
        return where it drew; the effects out of the tray (a score's dice flying to the
        sheet, a total counting) over them, from the picture of the screen kept under them.
        None when a whole frame must be drawn: the screen does not hold this table's last
        frame, the window, looks or layout changed, something else moves over the parts
        (the coach's marks, the odds, a card turning over, the turn's flourish), or a scene
        built on this one draws more."""
        scene = self.scene
        app = scene.app
        # Effects out of the tray (a score's dice on their way to the sheet, a total
        # counting) go over what changed, as in ``draw_moving``: the screen under where they
        # were comes back from ``_clean``, the parts are drawn again under them, and they
        # are drawn over it all (``_fly``).
        if self._effect_rects and not self._clean_ready(surface):
            return None  # (no picture of the screen under them: a whole frame)
        parts = self._parts_now(surface)
        if parts is None:
            return None
        flying = bool(self._effect_rects) or bool(scene.effects.area(tray=False))
        rects = self._unflown(surface)
        changed = self._changed(parts)
        owed = {}
        if SPREAD and app.spreading and app.spread_parts:
            changed, owed = _split(changed, PARTS_A_FRAME)
        rects += self._draw_parts(surface, changed)
        rects.append(self._redraw_tray(surface))  # (it changes in nearly every such frame)
        if "sheet" in scene.regions:
            scene.sheet.rect = scene.odds.sheet_rect(scene.regions["sheet"])
            if owed:  # (after the parts owed: what it shows is asked then)
                self._sheet_late = True
            else:
                model = scene._sheet_model()
                mode = self.sheet_mode(surface, model)
                if mode == "draw":
                    rects += self._redraw_sheet(surface, model)
                else:
                    self._sheet_late = mode == "late"
        if flying:
            rects += self._fly(surface)
        else:
            self._clean_ok = False
        self._parts_shown = {**parts, **{name: self._parts_shown[name] for name in owed}}
        self._parts_late = bool(owed)
        self.drew_alone()
        return rects

    def _owed_parts(self, surface: pygame.Surface) -> dict[str, tuple[tuple, pygame.Rect]] | None:
        """The parts the last frame left owed (``_parts_late``), as they are now, when the
        screen holds that frame (``_parts_now``): they are drawn as ``draw_changed`` would.
        None: a whole frame."""
        parts = self._parts_now(surface)
        return None if parts is None else self._changed(parts)

    def _parts_now(self, surface: pygame.Surface) -> dict[str, tuple[tuple, pygame.Rect]] | None:
        """The parts (``parts``) when a frame may draw again only those that changed: the
        screen holds this table's last frame, in the same window, looks and layout, nothing
        else moves over the parts (the coach's marks, the odds, a card turning over, the
        turn's flourish) and no scene built on this one draws more. None: a whole frame."""
        scene = self.scene
        app = scene.app
        if probe.recording() or not scene.draws_as_the_table() or not scene.regions \
                or self._parts_shown is None or self._screen_mine is None \
                or self._screen_mine != app.drawn_frames - 1 \
                or self._parts_frame != self._frame_key(surface) \
                or scene.card_flip > 0 or scene.coach_thinking() or scene.table.animating() \
                or scene.flourish.busy or scene.hints.shown() is not None \
                or scene.odds.lines():
            return None
        parts = self.parts(surface)
        return parts if parts is not None and parts.keys() == self._parts_shown.keys() \
            else None

    def _changed(self, parts: dict[str, tuple[tuple, pygame.Rect]]
                 ) -> dict[str, tuple[tuple, pygame.Rect]]:
        """Those of ``parts`` that show something else, or elsewhere, than the screen has."""
        return {name: part for name, part in parts.items() if part != self._parts_shown[name]}

    def _draw_parts(self, surface: pygame.Surface,
                    parts: dict[str, tuple[tuple, pygame.Rect]]) -> list[pygame.Rect]:
        """Draw again those of ``parts`` that show something else than the screen has of
        them (``_parts_shown``), each over the background where it was and is; where."""
        scene = self.scene
        rects = []
        for name, (key, area) in parts.items():
            before_key, before = self._parts_shown[name]
            if key == before_key and area == before:
                continue
            place = area.union(before) if before.w and area.w else (area if area.w else before)
            if place.w and place.h:
                surface.fill(theme.BG, place)
                rects.append(place)
            if name == "top":
                scene.chrome.top(surface)
            elif name == "actions":
                scene.table_buttons.draw(surface)
            elif name == "status":
                if scene.banner:
                    scene.chrome.banner(surface, *scene.banner)
                else:
                    scene._draw_status(surface)
            elif name == "history":
                scene.history.draw(surface)
            elif name == "keys":
                scene.draw_keys(surface)
        return rects
