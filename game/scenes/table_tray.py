"""The felt tray of the table scene: the dice on it, thrown, tumbling, landing, sliding to
another place on the felt, and the dice set aside along its bottom.

The table scene says when dice are thrown (``start_throw``) and what the game shows (its
Table: ``dice``, ``aside_dice``, ``throw_dice``...); the tray draws them where they rest or
tumble, remembers where each die was drawn (``die_rects``: where it rests, what a click
hits; ``die_spots``: where it was drawn, lifted or in the air, what the coach's rings go
round), and moves a die at rest that the game now places elsewhere (``slides``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.rules.core import Event
from game.scenes.tables.base import Table
from game.ui import hands, layout, motion, probe, theme
from game.ui.dice import THROW_SECONDS, DiceAnimator, draw_die
from game.ui.moments import Effects
from game.ui.text import draw_text_in
from game.ui.widgets import draw_text, panel

THROW_PACE = {"slow": 1.15, "normal": 1.0, "fast": 0.6}  # the throw's length, by the bot pace
LINE_GAP = 34  # dp between two lines of dice with keys: the upper dice's words ("CHOSEN")
# under them, clear of the lower dice lifted when held, and the lower dice's keys


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    _view_key: tuple | None
    _view_frame: int | None
    app: Any  # game.app.App
    effects: Effects
    fast_forward: bool
    gone: set[int]
    handing_over: bool
    human_turn: bool
    landing: Event | None
    regions: dict[str, pygame.Rect]
    state: Any
    table: Table
    throw: tuple | None  # (positions, the faces they can show, the action)
    view_state: Any

    def pace(self) -> float: ...

    def view_key(self) -> tuple: ...


class Tray:
    def __init__(self, scene: Host):
        self.scene = scene
        self.animator = DiceAnimator()
        self.slides: dict[int, list] = {}  # die -> [from, to, seconds gone]: a die moving
        # to another place on the felt (a skull to the skulls, a die onto the chest)
        self._rest: dict[int, tuple] = {}  # die -> (turn, face, where it rests)
        self._rest_key: tuple | None = None
        self._felt_picture: tuple | None = None  # (key, the empty felt): ``felt``
        self._dressed: tuple | None = None  # (key, the felt with what the game shows on it
        # under the dice): ``draw_alone``
        self._landings = 0  # dice landed so far (their sound alternates between two takes)
        self.stale = False  # an effect on the felt ended: the tray is drawn again
        self.thrown_at = -1  # the app's frame in which the last throw started
        self.die_rects: list[pygame.Rect] = []
        self.die_spots: list[pygame.Rect] = []  # where each die was drawn last (in the air,
        # lifted): what the coach's rings go round
        self.hover_die = -1

    # -- the throw ---------------------------------------------------------------------------
    def handful(self) -> str:
        """How many dice the throw in hand has, as its sound's take: "1" (one or two), "2"
        (three to five) or "3" (six to eight)."""
        throw = self.scene.throw
        n = len(throw[0]) if throw is not None else 5
        return "1" if n <= 2 else "2" if n <= 5 else "3"

    def throw_edge(self, seat: int) -> str:
        """The side of the felt a player throws from: a person at the screen from its
        bottom edge, the bots from the others."""
        if self.scene.state.seats[seat].is_human:
            return "bottom"
        return ("top", "right", "left")[seat % 3]

    def start_throw(self, positions, faces, seat: int) -> None:
        """The dice at ``positions`` are thrown by ``seat``, showing only ``faces`` (the
        faces they can show) until they land; under reduce motion they land where they rest."""
        settings = self.scene.app.settings
        pace = THROW_PACE.get(settings.bot_speed, 1.0)
        self.thrown_at = self.scene.app.frame
        if motion.reduced(settings):  # no tumbling: they land where they rest
            self.animator.start(positions, faces, self.throw_edge(seat), motion.MOVE * pace,
                                still=True)
        else:
            self.animator.start(positions, faces, self.throw_edge(seat), THROW_SECONDS * pace)

    def land_sound(self) -> None:
        """The dice are at rest: their sound (two landings in a row never sound the same)."""
        self._landings += 1
        self.scene.app.sounds.play("land", f"{self.handful()}{'ab'[self._landings % 2]}")

    # -- dice that slide on the felt ---------------------------------------------------------
    def watch_slides(self, dt: float) -> None:
        """A die at rest that the table now places elsewhere on the felt (a skull into the
        skulls' corner, a die onto the chest or back) slides there (``motion.MOVE``); under
        reduce motion, while skipping ahead or at another turn it is there at once."""
        scene = self.scene
        for i in list(self.slides):
            self.slides[i][2] += dt
            if self.slides[i][2] >= self.slides[i][3]:
                del self.slides[i]
                self.stale = True  # (the next frame draws it at rest)
        tray = scene.regions.get("tray")
        key = (scene._view_key, self.animator.busy, scene.landing is None)
        if tray is None or key == self._rest_key:
            return
        self._rest_key = key
        if scene.landing is not None and self.animator.busy:
            positions, _, action = scene.throw
            specs = scene.table.throw_dice(action, positions)
            groups = scene.table.throw_aside(action)
        else:
            specs, groups = scene.table.dice(), scene.table.aside_dice()
        placed = self.placed(tray, len(specs), bool(groups))
        view = scene.view_state
        turn = (view.current, view.turns_played, theme.metrics.key, tuple(tray))
        still = scene.fast_forward or motion.reduced(scene.app.settings)
        rest, moved = {}, []
        for i, spec in enumerate(specs):
            if i >= len(placed):
                break
            rect = placed[i]
            before = self._rest.get(i)
            rest[i] = (turn, spec.value, rect)
            if still or before is None or spec.value is None or i in self.animator.rolling:
                continue
            if before[0] == turn and before[2] != rect and before[1] in (spec.value, None):
                start = self.slide_spot(i) or before[2]
                self.slides[i] = [start, rect, 0.0, motion.MOVE * scene.pace()]
                moved.append(spec.value)
        if moved:  # one sound for the dice that move together: a skull's, or a slide
            scene.app.sounds.play("skull" if "skull" in moved else "slide")
        self._rest = rest

    def slide_spot(self, i: int) -> pygame.Rect | None:
        """Where die ``i`` is drawn now while it slides, None when it is not sliding."""
        slide = self.slides.get(i)
        if slide is None:
            return None
        start, end, time, length = slide
        k = motion.ease_in_out(time / length)
        side = round(motion.lerp(start.w, end.w, k))
        step = max(2, theme.px(6))
        side = end.w if abs(side - end.w) < step else max(step, side // step * step)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(motion.lerp(start.centerx, end.centerx, k)),
                       round(motion.lerp(start.centery, end.centery, k)))
        return rect

    # -- drawing -----------------------------------------------------------------------------
    def felt(self, surface: pygame.Surface, area: pygame.Rect,
             tray: pygame.Rect) -> pygame.Surface:
        """The empty felt over the background in ``area``, as a picture: a frame that draws
        only the tray while dice tumble copies it rather than fill and paint it (on a phone
        at ratio 3 that took a fifth of the browser's frame)."""
        key = (tuple(area), tuple(tray), surface.get_bitsize(), surface.get_masks(),
               theme.metrics.key, theme.generation)
        if self._felt_picture is None or self._felt_picture[0] != key:
            picture = pygame.Surface(area.size, 0, surface)
            picture.fill(theme.BG)
            panel(picture, tray.move(-area.x, -area.y), theme.FELT, 22, theme.FELT_DARK)
            self._felt_picture = (key, picture)
        return self._felt_picture[1]

    def warm_felt(self, surface: pygame.Surface) -> bool:
        """Make the felt's picture (``felt``) for ``surface`` when it is not made yet, before
        a throw's first frame needs it (in the page 11 ms at a phone's CPU); True when made."""
        tray = self.scene.regions.get("tray")
        if tray is None:
            return False
        before = self._felt_picture
        return self.felt(surface, self.area(surface), tray) is not (
            before[1] if before is not None else None)

    def draw(self, surface: pygame.Surface, felt: bool = True, dressed: bool = False) -> None:
        """The tray: its felt (unless ``felt`` is False: it is there already), what the game
        shows on it (unless ``dressed``: that too), and the dice."""
        tray = self.scene.regions["tray"]
        clip = surface.get_clip()
        surface.set_clip(self.area(surface).clip(clip))
        try:
            self._draw_inside(surface, tray, felt, dressed)
            self.scene.effects.draw(surface, tray=True)  # (a stamp, rings: inside the felt)
        finally:
            surface.set_clip(clip)

    def draw_alone(self, surface: pygame.Surface) -> pygame.Rect:
        """The tray drawn again alone (a frame while dice tumble): the felt as the game
        dresses it under the dice (Pirate Fortune's card, zones and counts; Farkle's strip
        and marks) is a picture kept while what the table shows is the same (``view_key``
        and the table's ``tray_key``), then the dice. Where it painted."""
        scene = self.scene
        tray = scene.regions["tray"]
        area = self.area(surface)
        dress = scene.table.tray_key()
        if dress is None or probe.recording() or probe._shown is not None:
            surface.blit(self.felt(surface, area, tray), area)  # (drawn each time)
            self.draw(surface, felt=False)
            return area
        app = scene.app
        view = scene._view_key if scene._view_frame == app.frame else scene.view_key()
        key = (tuple(area), tuple(tray), id(surface), surface.get_size(), theme.metrics.key,
               theme.generation, view, dress)
        if self._dressed is None or self._dressed[0] != key:
            surface.blit(self.felt(surface, area, tray), area)
            clip = surface.get_clip()
            surface.set_clip(area.clip(clip))
            try:
                scene.table.draw_tray(surface, tray)
            finally:
                surface.set_clip(clip)
            kept = self._dressed[1] if self._dressed is not None else None
            if kept is None or kept.get_size() != area.size:
                kept = pygame.Surface(area.size, 0, surface)
            kept.blit(surface, (0, 0), area)
            self._dressed = (key, kept)
        else:
            surface.blit(self._dressed[1], area)
        self.draw(surface, felt=False, dressed=True)
        return area

    def area(self, surface: pygame.Surface) -> pygame.Rect:
        """The tray and a little round it: what a frame that draws only the tray draws. A
        die tumbling at the edge (turned, its corners out) is cut there, in every frame
        alike, rather than leave corners behind it outside."""
        return self.scene.regions["tray"].inflate(theme.px(4), theme.px(4)).clip(
            surface.get_rect())

    def _draw_inside(self, surface: pygame.Surface, tray: pygame.Rect, felt: bool,
                     dressed: bool = False) -> None:
        scene = self.scene
        if felt:
            panel(surface, tray, theme.FELT, 22, theme.FELT_DARK)
        if not dressed:
            scene.table.draw_tray(surface, tray)
        throw = scene.throw if scene.landing is not None and self.animator.busy else None
        if throw is not None:  # the dice in the air: nothing yet of how they land
            positions, _, action = throw
            dice = scene.table.throw_dice(action, positions)
            groups = scene.table.throw_aside(action)
        else:
            dice, groups = scene.table.dice(), scene.table.aside_dice()
        placed = self.placed(tray, len(dice), bool(groups))
        self.die_rects, self.die_spots = [], []
        keys_on = scene.human_turn and not scene.handing_over and not theme.metrics.touch \
            and hands.keys_shown()
        felt = tray.inflate(-theme.px(8), -theme.px(8))
        away = scene.effects.hidden() | scene.gone  # (drawn on their way, or gone to the box)
        for i, spec in enumerate(dice):
            rect = placed[i]
            if i in away:
                self.die_rects.append(rect)
                self.die_spots.append(rect)
                continue
            spot, rotation, rise = self.animator.place(i, rect, felt)
            sliding = self.slide_spot(i)
            if sliding is not None:
                spot = sliding
            dx, dy = scene.effects.offset(i)
            if dx or dy:
                spot = spot.move(dx, dy)
            value = self.animator.shown(i, spec.value)
            above = theme.metrics.touch and any(r.top >= rect.bottom for r in placed)
            drawn = draw_die(surface, spot, value, mode=spec.mode, rotation=rotation,
                             label=spec.label, rise=rise, label_above=above,
                             hover=(i == self.hover_die and scene.human_turn))
            moving = spot != rect or rise
            if spec.mode not in ("aside", "dead") and keys_on and not moving:  # its key
                # above the die; a lower line's in the gap at its left (above it are the
                # upper dice's words)
                lower = any(r.bottom <= rect.top for r in placed)
                at = ((rect.left - theme.px(7), rect.centery) if lower else
                      (rect.centerx, rect.top - theme.px(30)))
                draw_text(surface, str(i + 1), at, 13, theme.FELT_TEXT, True, "center")
            if spec.mode not in ("aside", "blank", "dead"):
                probe.control(f"die {i}", rect, group="dice", surface=surface)
            self.die_rects.append(rect)
            self.die_spots.append(drawn)
        if groups:
            size = theme.px(ASIDE_DP)
            gx, gy = tray.x + theme.px(14), tray.bottom - size - theme.px(10)
            label = pygame.Rect(gx, gy - theme.px(20), tray.w - theme.px(28), theme.px(18))
            draw_text_in(surface, scene.table.aside_label(), label, 13, theme.FELT_TEXT, True,
                         "left", min_size=12)
            coming = scene.effects.hidden_groups()  # (still on their way there)
            for k, (group, slots) in enumerate(zip(groups, aside_slots(tray, groups),
                                                   strict=True)):
                if k not in coming:
                    for v, slot in zip(group, slots, strict=False):
                        draw_die(surface, slot, v, mode="aside")

    def placed(self, tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]:
        """Where ``n`` dice rest on the felt: where the game puts them, else in a row."""
        return self.scene.table.dice_rects(tray, n) or dice_row(tray, n, aside)


ASIDE_DP = 34  # a die set aside: its side, along the bottom of the tray


def aside_slots(tray: pygame.Rect, groups: list[list]) -> list[list[pygame.Rect]]:
    """Where each die set aside earlier this turn sits, group by group, along the bottom of
    the tray (as many as fit)."""
    size = theme.px(ASIDE_DP)
    gx, gy = tray.x + theme.px(14), tray.bottom - size - theme.px(10)
    out = []
    for group in groups:
        slots = []
        for _ in group:
            if gx + size > tray.right - theme.px(8):
                break
            slots.append(pygame.Rect(gx, gy, size, size))
            gx += size + theme.px(4)
        gx += theme.px(12)
        out.append(slots)
    return out


def dice_row(tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]:
    """The dice in a row in the middle of the tray, or in two rows when one row would make
    them smaller than a finger on a touch layout (or than 36 dp); room is left for their
    keys above and the set-aside dice below."""
    area = layout.inset(tray, x=16, top=34, bottom=64 if aside else 26)
    n = max(1, n)
    gap = theme.px(14)
    floor = theme.px(theme.TOUCH_MIN if theme.metrics.touch else 36)
    # two lines with keys: room between them for the upper dice's words ("CHOSEN") and
    # the lower dice's keys (on touch, without keys, the upper words go above their dice)
    line_gap = gap if theme.metrics.touch else theme.px(LINE_GAP)

    def side(per_row: int) -> int:
        lines = (n + per_row - 1) // per_row
        between = gap if lines == 1 else line_gap
        return min(theme.px(84), (area.w - gap * (per_row - 1)) // per_row,
                   (area.h - between * (lines - 1)) // lines)

    per_row = n
    size = side(n)
    if size < floor and n > 1 and side((n + 1) // 2) > size:
        per_row = (n + 1) // 2
        size = side(per_row)
    lines = (n + per_row - 1) // per_row
    if lines == 1:
        line_gap = gap
    elif line_gap > gap and size < floor:  # (the dice at their least before the room)
        line_gap = max(gap, (area.h - lines * floor) // (lines - 1))
        size = min(side(per_row), max(size, (area.h - line_gap * (lines - 1)) // lines))
    total_h = lines * size + (lines - 1) * line_gap
    y = area.centery - total_h // 2
    rects = []
    for line in range(lines):
        count = min(per_row, n - line * per_row)
        width = count * size + (count - 1) * gap
        x = area.centerx - width // 2
        for k in range(count):
            rects.append(pygame.Rect(x + k * (size + gap), y + line * (size + line_gap), size,
                                     size))
    return rects
