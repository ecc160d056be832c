"""The table's moments in motion: dice that fly to the box they fill, a box that lights up,
a total that counts up, a 0 crossed out, dice that shake when they fail, points that rise
and fall, a stamp for a turn lost.

Each is an ``Effect`` with a start, a length (game.ui.motion's scale) and a picture for
any moment of it; ``Effects`` holds those on screen. They are purely visual: they never
touch the game, use no random generator, and draw what they are given (pictures of dice,
rectangles on the screen in device pixels). Some hold the table up (``blocking``: the dice
of a score are seen going to their box before the next player's turn comes); the others
play on over whatever comes next. The next input finishes them all (``finish``), and under
"reduce motion" what would travel fades out where it was and in where it goes.

Where they draw: an effect says which part of the screen it covers now (``area``); one
that stays inside the felt tray says so (``tray``), so the table can redraw only the tray
while it plays, and the others only where they were and are (game.scenes.table_view)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from . import motion, probe, theme
from .dice import die_sprite, draw_die
from .text import draw_text_in, face_for, fit_text
from .words import number


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    rects = [r for r in rects if r is not None and r.w > 0 and r.h > 0]
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


def _quantise(side: float) -> int:
    """A die's side while it shrinks or grows on the way: a few sizes only (each size is a
    picture of its own, made once)."""
    step = max(2, theme.px(6))
    return max(step, int(round(side / step)) * step)


def travel_sizes(side: int) -> list[int]:
    """The sides a die of ``side`` may take on its way to a box (``Travel``), largest first:
    the table makes their pictures before a score flies (``TableScene.warm``)."""
    return sorted({_quantise(s) for s in range(theme.px(14), side + 1)}, reverse=True)


def _text(text: str, size: float, colour, bold: bool = True) -> pygame.Surface:
    face = theme.font(size, bold)
    return face.render(text, True, colour)


@dataclass
class Effect:
    duration: float
    delay: float = 0.0  # seconds before it starts (it draws nothing meanwhile)
    blocking: bool = False  # the table waits for it before showing what comes next
    tray: bool = False  # drawn inside the felt tray only
    name: str = ""  # what it shows, for tests ("travel", "lit", "count", "strike", ...)
    time: float = 0.0
    drawn: int = 0  # frames it was drawn in (tests look that it was seen)

    @property
    def done(self) -> bool:
        return self.time >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.time >= self.delay

    @property
    def t(self) -> float:
        """How far along it is, 0 to 1."""
        if self.duration <= 0:
            return 1.0
        return motion.clamp((self.time - self.delay) / self.duration)

    def update(self, dt: float) -> None:
        self.time += dt

    def finish(self) -> None:
        self.time = self.delay + self.duration

    def area(self) -> pygame.Rect | None:
        """Where it draws now (device pixels); None: nowhere."""
        return None

    def reach(self) -> pygame.Rect | None:
        """Everywhere it may draw from now to its end (the screen under it is kept there)."""
        return self.area()

    def draw(self, surface: pygame.Surface) -> None: ...

    # what an effect may ask of the tray while it plays
    def hides(self) -> set[int]:
        """Dice (by position) the tray does not draw: this effect draws them."""
        return set()

    def offset(self, index: int) -> tuple[int, int]:
        return (0, 0)


@dataclass
class Travel(Effect):
    """Dice (and the points they make) going to their box: first ``hold`` seconds lifted
    in place with a ring round them (the dice that count), then flying to ``end``, shrinking
    to fit it. Under reduce motion they fade out where they are while the points fade in
    at the box."""

    dice: list[tuple[int, object, pygame.Rect]] = field(default_factory=list)  # (position,
    # face, where it is now)
    end: pygame.Rect | None = None  # the box; None: the points rise from the dice and fade
    label: str = ""  # "+25"
    colour: tuple = theme.TEXT
    hold: float = 0.0
    reduced: bool = False
    hidden: bool = True  # the tray leaves the travelling dice to this effect
    target: tuple | None = None  # (row, column) of the box on the sheet, to find it again
    ends: list[pygame.Rect] | None = None  # a place for each die (dice set aside in a row)
    group: int | None = None  # the group of dice set aside the tray leaves to this effect
    bounds: pygame.Rect | None = None  # the felt: points that rise from the dice (no box to
    # go to) stay inside it, never over the buttons or the bar above the tray

    def __post_init__(self):
        self._label = _text(self.label, 22, self.colour) if self.label else None
        self._last: pygame.Rect | None = None

    def hides(self) -> set[int]:
        return {i for i, _, _ in self.dice} if self.hidden and not self.done else set()

    def _flight(self) -> float:
        """0 while the dice are held up in place, then 0 to 1 on their way."""
        if self.duration <= self.hold:
            return 1.0
        return motion.clamp((self.time - self.delay - self.hold) / (self.duration - self.hold))

    def _spots(self) -> list[tuple[object, pygame.Rect, int]]:
        """Each die's face, where it is now and how opaque (0-255)."""
        k = self._flight()
        out = []
        n = max(1, len(self.dice))
        for j, (_, face, start) in enumerate(self.dice):
            if self.reduced or (self.end is None and not self.ends):
                alpha = int(255 * (1 - k))
                out.append((face, start.move(0, -theme.px(6)), alpha))
                continue
            kj = motion.ease_in_out(motion.clamp(k * 1.25 - 0.25 * j / n))  # one after another
            end = self.ends[j] if self.ends and j < len(self.ends) else self.end
            if end is None:  # (no place left for it in a full row: it fades where it is)
                out.append((face, start.move(0, -theme.px(6)), int(255 * (1 - k))))
                continue
            goal = end.w if self.ends else max(theme.px(14), end.h * 0.8)
            side = _quantise(motion.lerp(start.w, goal, kj)) if kj < 1 else round(goal)
            cx = motion.lerp(start.centerx, end.centerx, kj)
            cy = motion.lerp(start.centery, end.centery, kj)
            cy -= math.sin(math.pi * kj) * theme.px(40)  # an arc, not a slide
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(cx), round(cy))
            if kj == 0:
                rect = start.move(0, -theme.px(10))  # lifted in place
            fading = kj >= 0.92 and not self.ends  # (into a box; dice set aside stay)
            out.append((face, rect, int(255 * (1 - kj) / 0.08) if fading else 255))
        return out

    def _label_spot(self) -> tuple[pygame.Rect, int] | None:
        if self._label is None:
            return None
        k = self._flight()
        goal = self.end if self.end is not None else _union(self.ends or [])
        starts = [r for _, _, r in self.dice]
        base = _union(starts)
        w, h = self._label.get_size()
        if base is None:
            base = goal or pygame.Rect(0, 0, 0, 0)
        origin = (base.centerx, base.top - h // 2 - theme.px(8))
        if goal is None or self.reduced:
            if self.reduced and goal is not None:  # fades in beside the box
                rect = pygame.Rect(0, 0, w, h)
                rect.midright = (goal.left - theme.px(4), goal.centery)
                return rect, int(255 * k) if k > 0 else 0
            rise = theme.px(30)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (origin[0], round(origin[1] - rise * motion.ease_out(k)))
            if self.bounds is not None:  # (a low felt: the rise starts lower, over the dice)
                highest = origin[1] - h // 2 - rise  # its top at the end of the rise
                rect.move_ip(0, max(0, self.bounds.top + theme.px(4) - highest))
                rect.clamp_ip(self.bounds)
            return rect, int(255 * min(1.0, 2 * (1 - k))) if self.started else 0
        e = motion.ease_in_out(k)
        rect = pygame.Rect(0, 0, w, h)
        end_y = goal.centery if self.end is not None else goal.top - h // 2
        rect.center = (round(motion.lerp(origin[0], goal.centerx, e)),
                       round(motion.lerp(origin[1], end_y, e)
                             - math.sin(math.pi * e) * theme.px(40)))
        return rect, 255 if e < 0.9 else int(255 * (1 - e) / 0.1)

    def reach(self) -> pygame.Rect | None:
        if self.done:
            return None
        grow = theme.px(24)
        rects = [r.inflate(grow, grow) for _, _, r in self.dice]
        rects += [r.inflate(grow, grow) for r in ([self.end] if self.end else []) +
                  (self.ends or [])]
        rects += [r.move(0, -theme.px(16)) for r in list(rects)]  # lifted
        if self._label is not None:
            w, h = self._label.get_size()
            rects += [r.inflate(w, 2 * h + theme.px(40)) for r in list(rects)]  # its rise
        if self.end is not None or self.ends:  # the arc over the way
            rects += [r.move(0, -theme.px(44)) for r in list(rects)]
        return _union(rects)

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        rects = [r.inflate(theme.px(20), theme.px(20)) for _, r, _ in self._spots()]
        spot = self._label_spot()
        if spot is not None:
            rects.append(spot[0])
        return _union(rects)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        held = self._flight() == 0
        for face, rect, alpha in self._spots():
            if alpha <= 0:
                continue
            if held and not self.reduced:  # the dice that count: lifted, a ring round them
                ring = rect.inflate(theme.px(14), theme.px(14))
                pygame.draw.rect(surface, self.colour, ring, width=max(2, theme.px(3)),
                                 border_radius=ring.w // 4)
            if alpha >= 255:
                draw_die(surface, rect, face, mode="free")
            else:
                sprite = die_sprite(face, rect.w).copy()
                sprite.set_alpha(alpha)
                surface.blit(sprite, rect)
            probe.shown("travel die", face, rect)
        spot = self._label_spot()
        if spot is not None and spot[1] > 0:
            image = self._label
            if spot[1] < 255:
                image = image.copy()
                image.set_alpha(spot[1])
            surface.blit(image, spot[0])
            probe.shown("travel points", self.label, spot[0])


@dataclass
class Lit(Effect):
    """A box just filled lights up in its player's colour and fades (the small flourish of
    an ordinary score)."""

    rect: pygame.Rect = field(default_factory=pygame.Rect)
    colour: tuple = theme.TEXT

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        return self.rect.inflate(theme.px(14), theme.px(14))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        glow = 1 - motion.ease_out(self.t) * 0.85
        grow = int(theme.px(6) * (1 - self.t))
        width = max(2, int(theme.px(4) * glow))
        pygame.draw.rect(surface, self.colour, self.rect.inflate(grow * 2, grow * 2), width=width,
                         border_radius=theme.px(8))
        probe.shown("lit", None, self.rect)


@dataclass
class Marker(Effect):
    """A shared board's owner marker (a dot in the side's colour) sliding from the side's
    name down into the box it took, settling with a little bounce."""

    start: pygame.Rect = field(default_factory=pygame.Rect)
    end: pygame.Rect = field(default_factory=pygame.Rect)
    colour: tuple = theme.TEXT
    reduced: bool = False

    def _spot(self) -> tuple[tuple[int, int], int]:
        r = max(3, min(self.end.h // 4, theme.px(7)))
        goal = (self.end.right - r - theme.px(5), self.end.centery)
        if self.reduced:
            return goal, r
        k = motion.ease_back(self.t)
        return (round(motion.lerp(self.start.centerx, goal[0], k)),
                round(motion.lerp(self.start.centery, goal[1], k))), r

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        (x, y), r = self._spot()
        return pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6)

    def reach(self) -> pygame.Rect | None:
        if self.done:
            return None
        return self.start.union(self.end).inflate(self.end.h * 2, self.end.h * 2)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        (x, y), r = self._spot()
        pygame.draw.circle(surface, theme.BG_DARK, (x, y), r + 2)
        pygame.draw.circle(surface, self.colour, (x, y), r)
        probe.shown("marker", None, pygame.Rect(x - r, y - r, 2 * r, 2 * r))


@dataclass
class CountUp(Effect):
    """A total ticking up (or down) to its new value, on a chip over its cell."""

    rect: pygame.Rect = field(default_factory=pygame.Rect)
    start: int = 0
    end: int = 0
    colour: tuple = theme.TEXT
    size: float = 18

    def value(self) -> int:
        return round(motion.lerp(self.start, self.end, motion.ease_out(self.t)))

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        return self.rect.inflate(theme.px(6), theme.px(4))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        chip = self.rect.inflate(theme.px(2), 0)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, chip, border_radius=theme.px(6))
        pygame.draw.rect(surface, self.colour, chip, width=max(1, theme.px(2)),
                         border_radius=theme.px(6))
        draw_text_in(surface, number(self.value()), chip.inflate(-theme.px(4), 0), self.size,
                     self.colour, True, min_size=12, bg=theme.PANEL_LIGHT,
                     flat=chip.inflate(-2 * theme.px(6), -2 * max(1, theme.px(2))))


@dataclass
class Strike(Effect):
    """A 0 written in a box: a stroke crosses it, left to right."""

    rect: pygame.Rect = field(default_factory=pygame.Rect)
    colour: tuple = theme.TEXT_DIM

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        return self.rect.inflate(theme.px(6), theme.px(6))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        r = self.rect.inflate(-theme.px(10), -theme.px(8))
        k = motion.ease_out(self.t)
        end = (round(motion.lerp(r.left, r.right, k)), round(motion.lerp(r.bottom, r.top, k)))
        pygame.draw.line(surface, self.colour, r.bottomleft, end, max(2, theme.px(3)))
        probe.shown("strike", None, self.rect)


@dataclass
class Shake(Effect):
    """Dice that failed shake (a farkle, a third skull); none under reduce motion."""

    dice: set[int] = field(default_factory=set)
    amplitude: float = 7.0  # dp

    def offset(self, index: int) -> tuple[int, int]:
        if index not in self.dice or not self.started or self.done:
            return (0, 0)
        decay = (1 - self.t) ** 1.5
        phase = self.time * 38 + index * 1.7
        return (round(math.sin(phase) * theme.px(self.amplitude) * decay), 0)


@dataclass
class Rings(Effect):
    """Rings opening round some dice or boxes (hot dice coming back, a Doubling Round)."""

    rects: list[pygame.Rect] = field(default_factory=list)
    colour: tuple = theme.TEXT
    clip: pygame.Rect | None = None

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        grow = theme.px(30)
        return _union([r.inflate(2 * grow, 2 * grow) for r in self.rects])

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        k = motion.ease_out(self.t)
        grow = int(theme.px(28) * k)
        width = max(1, int(theme.px(5) * (1 - k)))
        old = surface.get_clip()
        if self.clip is not None:
            surface.set_clip(self.clip.clip(old) if old else self.clip)
        for r in self.rects:
            pygame.draw.rect(surface, self.colour, r.inflate(2 * grow, 2 * grow), width=width,
                             border_radius=r.w // 4 + grow)
        surface.set_clip(old)
        probe.shown("rings", len(self.rects), self.area())


@dataclass
class Float(Effect):
    """Points that rise out of a place (+25) or sink from it (-400), and fade."""

    text: str = ""
    at: pygame.Rect = field(default_factory=pygame.Rect)
    colour: tuple = theme.TEXT
    rise: float = 26.0  # dp, upwards (negative: downwards)
    size: float = 20
    reduced: bool = False

    def __post_init__(self):
        self._image = _text(self.text, self.size, self.colour)

    def _spot(self) -> pygame.Rect:
        rect = self._image.get_rect()
        lift = 0 if self.reduced else theme.px(self.rise) * motion.ease_out(self.t)
        rect.center = (self.at.centerx, round(self.at.centery - lift))
        return rect

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        return self._spot().inflate(theme.px(4), theme.px(4))

    def reach(self) -> pygame.Rect | None:
        if self.done:
            return None
        spot = self._image.get_rect(center=self.at.center)
        lift = theme.px(abs(self.rise))
        return spot.inflate(theme.px(14), 2 * lift + theme.px(10))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        alpha = int(255 * min(1.0, 3 * (1 - self.t)))
        image = self._image
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        spot = self._spot()
        plate = spot.inflate(theme.px(10), theme.px(4))
        pygame.draw.rect(surface, theme.BG_DARK, plate, border_radius=theme.px(8))
        surface.blit(image, spot)
        probe.shown("float", self.text, spot)


@dataclass
class Stamp(Effect):
    """A word stamped over the felt (DISQUALIFIED, DOUBLING ROUND): it drops in large and
    settles, stays, then fades; under reduce motion it only fades in and out."""

    text: str = ""
    at: pygame.Rect = field(default_factory=pygame.Rect)  # the felt
    colour: tuple = theme.BAD
    reduced: bool = False
    sub: str = ""  # a smaller line under it

    def __post_init__(self):
        self._image = None

    def _picture(self) -> pygame.Surface:
        if self._image is None:
            size = max(22.0, min(56.0, theme.dp(self.at.h) * 0.32))
            fitted = fit_text(self.text, int(self.at.w * 0.8), int(self.at.h * 0.5), size, 16,
                              True, False, True)
            big = face_for(self.text, fitted.size, True, True).render(self.text, True,
                                                                      self.colour)
            small = _text(self.sub, max(14.0, fitted.size * 0.4), theme.TEXT) if self.sub else None
            pad = theme.px(14)
            w = max(big.get_width(), small.get_width() if small else 0) + 2 * pad
            h = big.get_height() + (small.get_height() if small else 0) + pad
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(image, (*theme.BG_DARK, 235), image.get_rect(),
                             border_radius=theme.px(14))
            pygame.draw.rect(image, self.colour, image.get_rect(), width=max(2, theme.px(4)),
                             border_radius=theme.px(14))
            image.blit(big, big.get_rect(midtop=(w // 2, pad // 2)))
            if small:
                image.blit(small, small.get_rect(midtop=(w // 2, pad // 2 + big.get_height())))
            self._image = image
        return self._image

    def _spot(self) -> tuple[pygame.Surface, pygame.Rect]:
        image = self._picture()
        t = self.time - self.delay
        if not self.reduced and t < motion.MOVE:  # drops in, a little larger, and settles
            k = motion.ease_back(t / motion.MOVE)
            scale = 1.6 - 0.6 * k
            w, h = image.get_size()
            image = pygame.transform.scale(image, (max(1, int(w * scale)),  # (a smooth
                                                   max(1, int(h * scale))))  # one: 17 ms at 4K)
        rect = image.get_rect(center=self.at.center)
        return image, rect

    def area(self) -> pygame.Rect | None:
        if not self.started or self.done:
            return None
        image = self._picture()
        w, h = image.get_size()
        return pygame.Rect(0, 0, int(w * 1.7), int(h * 1.7)).move(
            self.at.centerx - int(w * 0.85), self.at.centery - int(h * 0.85)).clip(self.at)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        self.drawn += 1
        image, rect = self._spot()
        left = self.delay + self.duration - self.time
        fade_in = (self.time - self.delay) / motion.PRESS
        alpha = int(255 * motion.clamp(min(fade_in if self.reduced else 1.0,
                                           left / motion.MOVE)))
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        old = surface.get_clip()
        surface.set_clip(self.at.clip(old) if old else self.at)
        surface.blit(image, rect)
        surface.set_clip(old)
        probe.shown("stamp", self.text, rect)


class Effects:
    """The effects on screen now, in the order they were started."""

    def __init__(self):
        self.items: list[Effect] = []
        self.started: list[str] = []  # the names of every effect started (tests read them)
        self._areas: list[pygame.Rect] = []  # where they drew in the last frame

    def add(self, effect: Effect) -> Effect:
        self.items.append(effect)
        self.started = (self.started + [effect.name or type(effect).__name__.lower()])[-80:]
        return effect

    @property
    def busy(self) -> bool:
        return bool(self.items)

    @property
    def blocking(self) -> bool:
        return any(e.blocking and not e.done for e in self.items)

    @property
    def visible(self) -> bool:
        """Something of them is on screen (a travel of nothing, a pause, draws nothing)."""
        return any(e.tray or e.reach() is not None for e in self.items)

    @property
    def tray_only(self) -> bool:
        """Every effect on screen stays inside the tray."""
        return all(e.tray for e in self.items)

    def update(self, dt: float) -> list[Effect]:
        """Advance by ``dt``; the effects that ended (the next frame draws where they were
        once more, to clear them)."""
        if not self.items:
            return []
        for e in self.items:
            e.update(dt)
        ended = [e for e in self.items if e.done]
        if ended:
            self.items = [e for e in self.items if not e.done]
        return ended

    def finish(self) -> None:
        """Everything at its end at once (the next input, skipping ahead)."""
        for e in self.items:
            e.finish()
        self.items = []

    def hidden(self) -> set[int]:
        out: set[int] = set()
        for e in self.items:
            out |= e.hides()
        return out

    def hidden_groups(self) -> set[int]:
        """Groups of dice set aside that are still on their way to their place."""
        return {e.group for e in self.items
                if isinstance(e, Travel) and e.group is not None and not e.done}

    def offset(self, index: int) -> tuple[int, int]:
        x = y = 0
        for e in self.items:
            dx, dy = e.offset(index)
            x, y = x + dx, y + dy
        return x, y

    def shaking(self) -> bool:
        return any(isinstance(e, Shake) and e.started and not e.done for e in self.items)

    def area(self, tray: bool | None = None) -> list[pygame.Rect]:
        """Where the effects draw now (those inside the tray or the others, or all)."""
        out = []
        for e in self.items:
            if tray is not None and e.tray != tray:
                continue
            a = e.area()
            if a is not None:
                out.append(a)
        return out

    def reach(self, tray: bool | None = None) -> list[pygame.Rect]:
        """Where the effects may draw from now to their ends."""
        out = []
        for e in self.items:
            if tray is not None and e.tray != tray:
                continue
            r = e.reach()
            if r is not None:
                out.append(r)
        return out

    def draw(self, surface: pygame.Surface, tray: bool | None = None) -> None:
        for e in self.items:
            if tray is None or e.tray == tray:
                e.draw(surface)
