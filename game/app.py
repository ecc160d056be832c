"""The application: one window, a stack of scenes, one frame at a time.

``App.step`` runs a single frame (events, update, draw) so tests and the demo can drive
the real scenes synchronously; ``App.run`` is the async loop that yields to the browser
every frame (pygbag needs ``await asyncio.sleep(0)``; there are no threads anywhere).
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import time
from collections.abc import Hashable

import pygame

from game import page
from game.catalog import GAMES
from game.coach import COACH_MODES

from . import prefs, web
from .prefs import BOT_SPEEDS  # (the bots' paces; defined with the settings)
from .scenes import scene_class
from .ui import layout, probe, theme, widgets
from .ui.hands import hands
from .ui.sound import Sounds
from .ui.text import draw_text_in, fits_whole


class Settings:
    """What the player chose, kept across games (plain JSON data, so it can be stored): an
    attribute per remembered setting of ``game.prefs.TABLE`` (bot_speed, muted, seats,
    options, coach, odds, window...), at its default until changed or read back."""

    def __init__(self):
        for setting in prefs.TABLE:
            setattr(self, setting.key, setting.fresh())

    def __repr__(self) -> str:
        return f"Settings({vars(self)})"

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]

    def next_speed(self) -> str:
        names = list(BOT_SPEEDS)
        self.bot_speed = names[(names.index(self.bot_speed) + 1) % len(names)]
        return self.bot_speed

    def next_coach(self) -> str:
        self.coach = COACH_MODES[(COACH_MODES.index(self.coach) + 1) % len(COACH_MODES)]
        return self.coach


class Scene:
    """A screen. Overlay scenes (pause) draw on top of the scene below them.

    A scene lays itself out in ``relayout`` from the window's size (``game.ui.layout``),
    which the app calls when the scene is shown and whenever the window changes; it says
    where messages go (``message_rect``) and whether something on it moves by itself
    (``animating``: the app redraws only then, after input, or when told ``invalidate``).
    Scenes never construct each other: they go to one another by name
    (``app.show``/``app.open``, the registry in ``game.scenes``)."""

    overlay = False
    dim_alpha = 0  # an overlay: how dark the app makes the scenes under it
    typing: int | None = None  # the text field that has the keyboard (App.typing), if any

    def __init__(self, app: App):
        self.app = app
        self._layout_key = None

    def ensure_layout(self) -> None:
        """Lay out again if the window changed since the last time."""
        if self._layout_key != theme.metrics.key:
            self._layout_key = theme.metrics.key
            self.relayout()

    def relayout(self) -> None:
        """Compute this scene's regions and controls for the window's size."""

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def animating(self) -> bool:
        """Something on screen moves by itself this frame (dice tumbling, a card turning)."""
        return False

    def draw_owed(self) -> bool:
        """The last frame left part of its picture to this one (a table's score sheet,
        drawn a frame late): this frame draws it, and does no game work that can wait."""
        return False

    def warm(self) -> bool:
        """A frame with nothing to draw and no game work: make one picture this scene will
        soon draw, so that the frame which first draws it does not pay for it (a table's
        dice before its first throw). False when it has none to make."""
        return False

    def may_hold(self) -> bool:
        """Whether the screen may hold its picture a frame longer after a frame of game
        work (``App.worked``): not while something moves that must be drawn every frame
        (dice in the air)."""
        return True

    def on_screen(self) -> bool:
        """The screen shows this scene just as drawing it now would (it drew the last frame
        alone and nothing of it changed or moved since): an overlay opening over it dims
        that picture instead of drawing the scene again."""
        return False

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Redraw only what moves (when nothing else changed since the last frame) and
        return those regions (none: it drew what was owed, and it showed as it was); None:
        the whole scene must be drawn."""
        return None

    def draw_changed(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Something changed: redraw only the parts that show something else than the
        screen does, and return those regions; None: the whole scene must be drawn."""
        return None

    def overlay_parts(self) -> list[tuple[Hashable, pygame.Rect]] | None:
        """An overlay that moves over the kept picture of the scenes under it (a card
        turning over): what drawing it now paints, as (key, rectangle) pairs in the order
        drawn, each rectangle holding every pixel of its part and each key changing
        whenever those pixels would. From one frame to the next the app then restores and
        draws again only where a part came, went or changed (``App._redraw_over``). None:
        the overlay is drawn whole each frame."""
        return None

    def message_rect(self) -> pygame.Rect:
        """Where short messages (toasts) go on this scene: a place of their own that covers
        no control. By default a strip along the bottom of the window."""
        area = layout.inset(layout.screen_rect(), 8)
        return layout.rows(area, layout.fr(), 52)[1]

    def on_resume(self) -> None:
        """Called when a scene above this one was popped."""

    def leave(self) -> None:
        """Called when the scene is left (replaced or popped): it lets go of what it holds
        outside the window (a text field laid over the page)."""


class App:
    """The window, the scene stack and the frame loop.

    The game draws at the window's real pixel size (in the browser: the page's size times
    ``devicePixelRatio``), laid out by each scene for that size; ``theme.metrics`` says how
    many device pixels make a design pixel. ``dpr`` and ``touch`` come from the page in the
    browser; on the desktop they default to 1 and no touch (``--dpr`` in the demo)."""

    current: App | None = None  # the running app (the browser test and tools reach it here)

    def __init__(self, sound: bool = True, window_flags: int | None = None,
                 seed: int | None = None, window_size: tuple[int, int] | None = None,
                 dpr: float | None = None, touch: bool | None = None):
        App.current = self
        # pygame.init() but the mixer: the sounds open the audio device once the first frame
        # is up (in the page it took 0.29 s of a phone's start to the menu, at 4x)
        for part in (pygame.display.init, pygame.joystick.init, pygame.font.init):
            try:
                part()
            except pygame.error:  # (as pygame.init(): a part that cannot start is left out)
                pass
        theme.forget_fonts()  # fonts from an earlier pygame.init() are dead
        pygame.display.set_caption("Dice Harbor")
        self.settings = Settings()
        problem = prefs.load_into(self.settings)
        page = web.page_metrics()
        self.dpr = dpr if dpr is not None else (self.page_ratio(page) if page else 1.0)
        self.touch = touch if touch is not None else (web.coarse_pointer() if page else False)
        self.fixed_size = window_size is not None  # a demo's or a test's window: not remembered
        if window_size is None and page:
            window_size = (round(page[0] * self.dpr), round(page[1] * self.dpr))
        elif window_size is not None:
            window_size = (round(window_size[0] * self.dpr), round(window_size[1] * self.dpr))
        self.window_flags = window_flags
        self.window = self._open_window(window_flags, window_size)
        self.screen = self.window  # drawn at the window's real size: no scaled canvas
        theme.metrics.configure(self.window.get_size(), self.dpr, self.touch)
        hands.start(self.touch)  # until the first input says otherwise
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.sounds = Sounds(sound)
        self.running = True
        self.frame = 0
        self.drawn_frames = 0  # frames actually drawn (idle frames are not)
        self.partial_frames = 0  # of which only the moving part was redrawn
        self.toast: tuple[str, float, tuple] | None = None
        self._toast_words = None  # a toast worded for the hand in use: words it again
        self._dirty = True  # something changed since the last drawn frame
        self._under: pygame.Surface | None = None  # what is under an overlay, dimmed
        self._under_ok = False
        self._under_stage: str | None = None  # "drawn", then "dimmed", not shown yet
        self._staged_at = -10  # the last frame that drew it alone (``_stage_under``)
        # the overlay and its parts (Scene.overlay_parts) the screen shows over ``_under``
        self._over_shown: tuple[Scene, frozenset] | None = None
        self.spreading = False  # drawing a frame the loop steps (a table may spread its work)
        # A frame spends its time on the game or on drawing, not both (``worked``): the
        # frame that did game work, and the frame that draws what it led to
        self._worked_at = -1  # the last frame a scene did game work in
        self._draws_at = -1  # the frame that draws what the frame before it left (``held``)
        self._step_start = time.perf_counter()
        # the sounds decoded in frames with nothing to do, before their first play: in the
        # page (natively one takes about 1 ms, at its first play)
        self.preload_sounds = web.in_browser()
        # a frame after a change draws the tray and one more part of the table, the others
        # in the frames after (game.scenes.table_frames.PARTS_A_FRAME), and a sheet that
        # changed much is painted over a few frames (ScoreSheet.draw's ``spread``): in the
        # page, where each part is 1.5-8 ms at a phone's CPU (natively a frame draws them
        # all in 1 ms)
        self.spread_parts = web.in_browser()
        # the cyclic garbage collector's pauses, in the page: what the start made is frozen
        # once the first frame is up (gc.freeze: a full collection went over it, 82 ms at a
        # phone's CPU, 13-40 ms over a game's objects without it), and a young collection
        # that would come soon is made in a frame with nothing to do rather than in the
        # middle of a busy one (``_tidy``)
        self.tend_garbage = web.in_browser()
        self.screen_serial = 0  # bumped when the window's surface is made anew
        self._since_draw = 0.0
        # Seeds for new games: random for players, fixed for tests and demos.
        self.seeds = random.Random(seed)
        self.records = None  # loaded on first use (game.records.Records)
        if self.settings.muted:
            self.sounds.muted = True
        self.apply_looks()
        if problem:
            self.notify(problem, theme.BAD, 6)

    # -- what lasts between runs -----------------------------------------------------------
    def apply_looks(self) -> None:
        """The settings of how the game looks, sounds and moves, put in force: the palette
        (colour-blind or not), larger text, reduced motion, the effects' volume. Every scene
        is drawn (and laid out, when the text's size changed) anew."""
        s = self.settings
        theme.use_palette("colour_blind" if s.colour_blind else "standard")
        theme.set_large_text(s.large_text)
        theme.set_reduce_motion(s.reduce_motion)
        self.sounds.volume = s.effects_volume
        self.invalidate()

    def save_settings(self) -> None:
        self.settings.muted = self.sounds.muted
        prefs.save_from(self.settings)

    def load_records(self):
        """The records, read once per run; a damaged file is reported and set aside."""
        if self.records is None:
            from game import records  # (not before the menu's first frame, which shows none)
            self.records, problem = records.load()
            if problem:
                self.notify(problem, theme.BAD, 6)
        return self.records

    def record_game(self, game_id: str, state, hinted: bool = False) -> dict[int, list[str]]:
        """Add a finished game to the records (``hinted``: the coach's hints were used);
        the news per seat ("best score yet (was 230)")."""
        from game import records  # (see load_records)
        news = self.load_records().add_game(game_id, state, hinted=hinted)
        records.save(self.records)
        self.remember_game(game_id, state, hinted)
        return news

    def remember_game(self, game_id: str, state, hinted: bool = False) -> None:
        """Keep a finished game whole among the recent ones (for its review and replay)."""
        from game import recent  # (not before the menu's first frame: see load_records)
        problem = recent.remember(recent.RecentGame(GAMES[game_id], state, hinted,
                                                    int(time.time())))
        if problem:
            self.notify(problem, theme.BAD, 6)

    # -- the window --------------------------------------------------------------------------
    @staticmethod
    def _headless() -> bool:
        return os.environ.get("SDL_VIDEODRIVER") == "dummy"

    def _open_window(self, flags: int | None, size: tuple[int, int] | None = None
                     ) -> pygame.Surface:
        """A resizable window at its real size. On the desktop it opens at the size it had
        last time (remembered in the settings), else 1280x720, never larger than the
        desktop; in the browser at the page's size."""
        headless = self._headless()
        if size is None:
            size = tuple(self.settings.window) if self.settings.window else (theme.BASE_W,
                                                                             theme.BASE_H)
            desktops = [] if headless else pygame.display.get_desktop_sizes()
            if desktops:
                size = (min(size[0], desktops[0][0]), min(size[1], desktops[0][1] - 60))
        if flags is None:
            # (in the browser not RESIZABLE: SDL would size the window to the canvas's CSS
            # size, dropping the device pixel ratio; the page's metrics size it instead)
            flags = 0 if headless or web.in_browser() else pygame.RESIZABLE
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error:
            return pygame.display.set_mode(size)

    def resize(self, size: tuple[int, int], dpr: float | None = None) -> None:
        """The window (or the page) changed size: draw at the new size, lay out again."""
        if dpr is not None:
            self.dpr = dpr
        window = pygame.display.get_surface()
        if window is None or window.get_size() != tuple(size):
            flags = 0 if self._headless() or web.in_browser() else pygame.RESIZABLE
            if self.window_flags is not None:
                flags = self.window_flags
            window = pygame.display.set_mode(size, flags)
        self.window = self.screen = window
        self.screen_serial += 1
        theme.metrics.configure(window.get_size(), self.dpr, self.touch)
        if not self.fixed_size and not self.fullscreen and not web.in_browser():
            # (a size the layouts do not hold is not remembered: the next run opens at the
            # last one they did)
            remembered = prefs.SETTINGS["window"].kind.fit(list(window.get_size()))
            if remembered is not None:
                self.settings.window = remembered
                self.save_settings()
        self.invalidate()

    def page_ratio(self, page: tuple[float, float, float]) -> float:
        """The pixel ratio the game draws at on this page (web.render_ratio: the screen's,
        at most 2 unless the player wants the sharpest picture)."""
        return web.render_ratio(page[2], self.settings.sharpest)

    def sharper_possible(self) -> bool:
        """The screen has more pixels than the game draws by default (a phone's ratio 3):
        the sharpest picture is a choice worth offering."""
        page = web.page_metrics()
        return bool(page) and web.render_ratio(page[2], True) > web.render_ratio(page[2])

    def toggle_sharpest(self) -> bool:
        """Draw at the screen's own pixel ratio, or back at most at 2; remembered."""
        self.settings.sharpest = not self.settings.sharpest
        self.save_settings()
        page = web.page_metrics()
        if page:
            ratio = self.page_ratio(page)
            self.resize((round(page[0] * ratio), round(page[1] * ratio)), ratio)
        return self.settings.sharpest

    @property
    def fullscreen(self) -> bool:
        return bool(self.window.get_flags() & pygame.FULLSCREEN)

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen and back to the window's remembered size."""
        if web.in_browser():
            web.toggle_fullscreen()
            return
        if self.fullscreen:
            size = tuple(self.settings.window or (theme.BASE_W, theme.BASE_H))
            self.window = pygame.display.set_mode(size, 0 if self._headless()
                                                  else pygame.RESIZABLE)
        else:
            try:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.notify("Fullscreen is not available here")
                return
        self.screen = self.window
        self.screen_serial += 1
        theme.metrics.configure(self.window.get_size(), self.dpr, self.touch)
        self.invalidate()

    # -- scene stack -----------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def make(self, name: str, **kwargs) -> Scene:
        """A new scene from the registry (game.scenes.SCENES), by name."""
        return scene_class(name)(self, **kwargs)

    def show(self, name: str, **kwargs) -> Scene:
        """Go to the scene ``name``, leaving every other one."""
        scene = self.make(name, **kwargs)
        self.replace_all(scene)
        return scene

    def open(self, name: str, **kwargs) -> Scene:
        """Open the scene ``name`` over the current one (Back returns)."""
        scene = self.make(name, **kwargs)
        self.push(scene)
        return scene

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.ensure_layout()  # laid out when shown: its controls have their places at once
        self.invalidate()

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop().leave()
            self.scene.on_resume()
        self.invalidate()

    back = pop

    def replace_all(self, scene: Scene) -> None:
        for old in self.scenes:
            if old is not scene:
                old.leave()
        self.scenes = [scene]
        scene.ensure_layout()
        self.invalidate()

    def to_menu(self, game_id: str | None = None) -> None:
        """Back to the menu (with ``game_id`` chosen), leaving every scene."""
        self.show("menu", **({"game_id": game_id} if game_id else {}))

    def open_page_link(self) -> None:
        """A game in a link put in the page's address (on loading, or since): open it."""
        link = page.take_link()
        if link:
            from game import linkplay  # (games by link: not before the menu's first frame)
            linkplay.open_text(self, link)

    def new_seed(self) -> int:
        return self.seeds.randrange(2**31)

    def notify(self, text, colour=theme.TEXT, seconds: float = 2.5) -> None:
        """A short message in the scene's message place, over nothing else. ``text`` may
        be a function that words it for the hand in use (game.ui.hands): it is asked again
        when the player changes hands while the message is up."""
        self._toast_words = text if callable(text) else None
        self.toast = (text() if callable(text) else text, seconds, colour)
        self.invalidate()

    def hand_changed(self) -> None:
        """The player changed hands (a tap after the mouse, a key after a tap): every
        scene lays itself out again, its words with it, and a message is worded anew."""
        for scene in self.scenes:
            scene._layout_key = None
        if self.toast and self._toast_words is not None:
            self.toast = (self._toast_words(),) + self.toast[1:]
        self.invalidate()

    def invalidate(self) -> None:
        """Something changed: the next frame is drawn (in full)."""
        self._dirty = True
        self._under_ok, self._under_stage = False, None
        self._over_shown = None

    # -- frames ----------------------------------------------------------------------------
    def typing(self) -> bool:
        """A text field has the keyboard: letters are text, not shortcuts. (``typing`` is
        the index of the seat being named, so seat 0 counts: compare with None.)"""
        return bool(self.scenes) and self.scene.typing is not None

    def handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if web.in_browser():  # SDL reports the canvas's CSS size; the page's metrics rule
                return True
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            if tuple(size) != theme.metrics.size:  # (the surface may already have the size)
                self.resize(size)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.typing():
            muted = self.sounds.toggle_mute()
            self.save_settings()
            self.notify("Sound off (M)" if muted else "Sound on (M)")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        return False

    def step(self, dt: float) -> bool:
        """One frame: input, update, and a draw when something changed. True when the
        frame was drawn."""
        self._step_start = time.perf_counter()
        if self.drawn_frames and self.sounds.closed:  # (the first frame is up: see Sounds)
            self.sounds.open()
        page = web.page_changed()
        if page is not None:  # the page was resized or rotated (the browser)
            ratio = self.page_ratio(page)
            self.resize((round(page[0] * ratio), round(page[1] * ratio)), ratio)
        if self.frame % LINK_POLL == 0 and web.in_browser():
            self.open_page_link()
        for event in pygame.event.get():
            if event.type not in IDLE_EVENTS:
                self._dirty = True
            # (input to a window too small for the game reaches no scene: it changes no hand)
            if not too_small() and hands.observe(event, self.typing()):
                self.hand_changed()
            if not self.handle_global(event) and self.scenes and not too_small():
                self.scene.handle(event)
        if not self.scenes:
            return False
        if too_small():  # the scenes wait, untouched, for a window they fit in
            if not self._dirty:
                self.frame += 1
                return False
            self.draw()
            self.frame += 1
            return True
        self.scene.update(dt)
        if self.toast:
            text, left, colour = self.toast
            self.toast = (text, left - dt, colour) if left > dt else None
            if self.toast is None:
                self._dirty = True
        self._since_draw += dt
        animating = any(s.animating() for s in self.visible_scenes())
        if not (self._dirty or self._since_draw >= IDLE_REDRAW or animating
                or self._under_stage or self.held):
            if self._worked_at != self.frame and not (self.tend_garbage and self._tidy()):
                # (a frame with nothing to do: the garbage that would be collected soon; else
                # a sound, taken from the page or decoded (Sounds.preload), and a picture the
                # scene will draw soon, unless the sound was decoded here: 10-19 ms at a
                # phone's CPU)
                heard = self.preload_sounds and self.sounds.preload()
                if not (heard and self.sounds.decoded_here):
                    self.scene.warm()
            self.frame += 1
            return False
        if self._worked_at == self.frame and not self.held and self._may_hold():
            self._draws_at = self.frame + 1  # (the screen holds its picture 16 ms more)
            self.frame += 1
            return False
        if self._dirty and self._stage_under() or self._dim_under():
            self.frame += 1
            return False
        if not self._dirty and (animating or self._under_stage or self.held) \
                and self.partial_draw():
            self.frame += 1
            return True
        self.spreading = True
        try:
            if not self.changed_draw():
                self.draw(keep_under=True)
        finally:
            self.spreading = False
        self.frame += 1
        return True

    @staticmethod
    def _tidy() -> bool:
        """Collect now the young generation of cyclic garbage whose collection comes soon
        (half way to its threshold; the older first): in the page at a phone's CPU 1-10 ms,
        much of a frame that draws. Not the oldest: over a game's objects 13-40 ms, too
        much for any frame, and rare (it waits for many young collections, and for the
        objects that survived them to be a quarter of the old ones). True when it
        collected."""
        counts, limits = gc.get_count(), gc.get_threshold()
        for generation in (1, 0):
            if limits[generation] and counts[generation] * 2 >= limits[generation]:
                gc.collect(generation)
                return True
        return False

    def _first_up(self) -> None:
        """The first frame is on the screen: the page is told (its loading screen goes),
        and in the page what the start made is frozen (``tend_garbage``)."""
        web.first_frame()
        if self.tend_garbage:
            gc.freeze()

    def worked(self) -> None:
        """A scene did game work in this frame (applied a move, thought a bot's decision
        through a piece, showed dice landing or a score arriving, with their words): the
        frame draws nothing and the next one draws what it led to (``may_hold`` aside), so no
        frame pays for both. Decided by what was done, not by the clock: tests prove it."""
        self._worked_at = self.frame

    def _may_hold(self) -> bool:
        """The frame that did game work may leave its draw to the next: one scene on
        screen that may hold its picture (under an overlay, a card drawn or a pause, the
        frames spread their work their own way: ``_stage_under``)."""
        scenes = self.visible_scenes()
        return len(scenes) == 1 and scenes[0].may_hold()

    @property
    def held(self) -> bool:
        """This frame draws what the frame before it left (it did game work)."""
        return self._draws_at == self.frame

    def may_work(self) -> bool:
        """Whether this frame may do game work that can wait a frame (a bot's decision, its
        move): not when it draws what the frame before left (``held``, a scene's
        ``draw_owed``), nor when game work was done in it already."""
        return self._worked_at != self.frame and self._draws_at != self.frame \
            and not any(s.draw_owed() for s in self.visible_scenes())

    def budget_left(self, budget: float) -> float:
        """What is left of ``budget`` seconds of work for this frame, after what the frame
        has spent so far (its input and update): a task's share of the frame."""
        return max(0.0, budget - (time.perf_counter() - self._step_start))

    def changed_draw(self) -> bool:
        """A frame after a change, the scene alone on screen: the scene draws again only
        what changed (a move changes the tray, a few cells of the sheet, the status), and
        only that is presented. False when it cannot: the frame is drawn whole."""
        scenes = self.visible_scenes()
        if len(scenes) != 1 or self.toast or not self.drawn_frames or too_small() \
                or not (self._dirty or scenes[0].animating()):
            return False
        rects = self.scene.draw_changed(self.screen)
        if rects is None:
            return False
        self._dirty = False
        self._since_draw = 0.0
        self.drawn_frames += 1
        self.partial_frames += 1
        if rects:
            self.present(rects)
        return True

    def _stage_under(self) -> bool:
        """What is under an overlay (a card turning over, a pause) changed: this frame
        draws it into the picture kept of it, the next darkens that picture, the one after
        shows it with the overlay over it (a whole frame at 2560x1440 split in three; the
        screen holds its picture for two frames meanwhile). False when the frame must be
        drawn whole: no overlay that darkens, a frame just before did this already, a test
        reads what is drawn, or the screen shows the scene under it as it is (a whole
        frame then only darkens that picture: cheap)."""
        scenes = self.visible_scenes()
        top = scenes[-1]
        if len(scenes) < 2 or not top.dim_alpha or probe.recording() \
                or not self.drawn_frames or self.frame - self._staged_at <= 2 \
                or self._shown_under(scenes, keep_under=True):
            return False
        if self._under is None or self._under.get_size() != self.screen.get_size():
            self._under = self.screen.copy()
        self._dirty = False
        self._since_draw = 0.0
        for scene in scenes[:-1]:
            scene.ensure_layout()
            scene.draw(self._under)
        self._under_ok, self._under_stage, self._staged_at = True, "drawn", self.frame
        return True

    def _dim_under(self) -> bool:
        """The frame after ``_stage_under``: dim the picture it drew (the screen still
        holds its picture); the next frame shows it."""
        if self._under_stage != "drawn" or self._dirty or not self._under_ok:
            return False
        widgets.dim(self._under, self.visible_scenes()[-1].dim_alpha)
        self._under_stage = "dimmed"
        return True

    def partial_draw(self) -> bool:
        """Only something moving changed: redraw just that. Over an overlay (a card being
        drawn) the dimmed scene under it comes from the picture kept of it; on the table,
        only the tray is drawn while the dice tumble (dirty regions). False when it cannot."""
        scenes = self.visible_scenes()
        if len(scenes) > 1 and self._under is not None and self._under_ok \
                and self._under.get_size() == self.screen.get_size():
            top = scenes[-1]
            if self._redraw_over(top):
                return True
            self.screen.blit(self._under, (0, 0))
            self._under_stage = None
            top.draw(self.screen)
            if self.toast:
                self.draw_toast(self.screen)
            self._over_shown = self._over_parts(top)
            self.present()
            self.drawn_frames += 1
            self.partial_frames += 1
            return True
        if len(scenes) != 1 or self.toast:
            return False
        rects = self.scene.draw_moving(self.screen)
        if rects is None:
            return False
        self.drawn_frames += 1
        self.partial_frames += 1
        if rects:  # (none: what was owed painted nothing new, a sheet drawn late as it was)
            self.present(rects)
        return True

    def _over_parts(self, top: Scene) -> tuple[Scene, frozenset] | None:
        """What the screen shows of the overlay ``top`` just drawn over ``_under`` (its
        parts), or None when that is not known: the overlay gave none, a toast is over it,
        or a test reads what is drawn (each frame drawn whole)."""
        if self.toast or probe.recording():
            return None
        parts = top.overlay_parts()
        return None if parts is None else (top, frozenset((k, tuple(r)) for k, r in parts))

    def _redraw_over(self, top: Scene) -> bool:
        """A frame of an overlay that moves over the picture kept of the scenes under it
        (a card turning over), drawn where it changed only: where a part of it came, went
        or changed since the frame before (``Scene.overlay_parts``), that rectangle (one,
        round them all) is restored from ``_under`` and the overlay drawn again cut to it,
        and only it is presented; nothing when nothing changed. False when the frame must
        show the whole picture: ``_under`` is new (staged), the screen shows something
        else than the overlay's last parts, a toast, a test reading what is drawn."""
        shown = self._over_shown
        if shown is None or shown[0] is not top or self._under_stage is not None:
            return False
        now = self._over_parts(top)
        if now is None:
            return False
        self._over_shown = now
        changed = [pygame.Rect(r) for _, r in shown[1] ^ now[1]]
        area = changed[0].unionall(changed[1:]).clip(self.screen.get_rect()) if changed \
            else None
        if not area:
            return True  # (the screen shows it already)
        self.screen.blit(self._under, area, area)
        clip = self.screen.get_clip()
        self.screen.set_clip(area)
        try:
            top.draw(self.screen)
        finally:
            self.screen.set_clip(clip)
        self.present([area])
        self.drawn_frames += 1
        self.partial_frames += 1
        return True

    def visible_scenes(self) -> list[Scene]:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[first:]

    @property
    def idle(self) -> bool:
        """Nothing moves and nothing changed: the loop may wait longer for input."""
        return not self._dirty and not any(s.animating() for s in self.visible_scenes())

    def draw(self, keep_under: bool = False) -> None:
        """Draw every visible scene, an overlay over the darkened scenes under it.
        ``keep_under``: keep a picture of what is under an overlay, so the overlay's own
        animation (a card turning over) need not draw them again each frame."""
        self._dirty = False
        self._since_draw = 0.0
        if too_small():
            self.draw_too_small(self.screen)
            self.present()
            if not self.drawn_frames:
                self._first_up()
            self.drawn_frames += 1
            return
        scenes = self.visible_scenes()
        top = scenes[-1]
        # An overlay just opened over a scene the screen shows as it is: dim that picture.
        shown = self._shown_under(scenes, keep_under)
        for scene in scenes[:-1]:
            if not shown:
                scene.ensure_layout()
                scene.draw(self.screen)
        if len(scenes) > 1 and top.dim_alpha:
            widgets.dim(self.screen, top.dim_alpha)
            if keep_under:
                self._under_stage = None
                if self._under is None or self._under.get_size() != self.screen.get_size():
                    self._under = self.screen.copy()
                else:
                    self._under.blit(self.screen, (0, 0))
                self._under_ok = True
        top.ensure_layout()
        top.draw(self.screen)
        if self.toast:
            self.draw_toast(self.screen)
        if keep_under:
            self._over_shown = self._over_parts(top) if len(scenes) > 1 and top.dim_alpha \
                else None
        self.present()
        if not self.drawn_frames:
            self._first_up()
        self.drawn_frames += 1

    def _shown_under(self, scenes: list[Scene], keep_under: bool) -> bool:
        """An overlay opens over a scene the screen shows as it is: the frame dims that
        picture rather than draw the scene again."""
        return bool(keep_under and len(scenes) == 2 and scenes[-1].dim_alpha
                    and not probe.recording() and scenes[0].on_screen())

    def draw_too_small(self, surface: pygame.Surface) -> None:
        """What a window smaller than any layout shows: that it is, and how large it must
        be (in CSS pixels, a desktop window's pixels), over nothing of the game."""
        surface.fill(theme.BG)
        area = layout.inset(layout.screen_rect(), 8)
        if not area.w or not area.h:
            return
        title, note = layout.rows(area, layout.fr(2), layout.fr(3), gap=8)
        draw_text_in(surface, TOO_SMALL[0], title, 22, theme.TEXT, True, valign="bottom",
                     min_size=12, wrap=True)
        draw_text_in(surface, TOO_SMALL[1], note, 16, theme.TEXT, valign="top", min_size=12,
                     wrap=True)

    def draw_toast(self, surface: pygame.Surface) -> None:
        text, _, colour = self.toast
        colour = theme.live(colour)  # (in the palette in use)
        area = toast_area(text, self.scene.message_rect())
        pygame.draw.rect(surface, theme.BG_DARK, area, border_radius=theme.px(14))
        pygame.draw.rect(surface, colour, area, width=max(1, theme.px(2)),
                         border_radius=theme.px(14))
        inner = area.inflate(-theme.px(24), -theme.px(6))
        draw_text_in(surface, text, inner, 18, colour, True, min_size=13, wrap=True)

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show what was drawn: ``rects`` of the screen (all of it when None). In the pyodide
        page only those pixels go to the canvas (web.present); elsewhere SDL shows them."""
        if web.present(self.screen, rects):
            return
        if rects is None:
            pygame.display.flip()
        else:
            pygame.display.update(rects)

    async def run(self) -> None:
        while self.running:
            if web.in_browser():
                dt = await web.next_frame(self.idle)
            else:
                dt = self.clock.tick(IDLE_FPS if self.idle else theme.FPS) / 1000
                await asyncio.sleep(0)
            self.step(min(dt, 0.1))
        pygame.quit()


def toast_area(text: str, area: pygame.Rect) -> pygame.Rect:
    """Where a message is drawn: the scene's place for messages, grown where the message
    does not fit it whole (a phone's rules had 26 dp for 'Bot pace: Fast': 'Bot pa…'),
    wider first (as wide as the window allows), then taller, kept in the window. A message
    says its words whole, even over a control for the moment it is shown."""
    screen = layout.inset(layout.screen_rect(), 8)

    def fits(box: pygame.Rect) -> bool:
        return fits_whole(text, box.inflate(-theme.px(24), -theme.px(6)), 18, 13, True)
    if fits(area):
        return area
    grown = pygame.Rect(area)
    grown.w = min(screen.w, max(area.w, theme.px(420)))
    grown.h = max(area.h, theme.px(52))
    while not fits(grown) and grown.h < screen.h // 2:
        grown.h += theme.px(8)
    grown.center = area.center
    return grown.clamp(screen)


LINK_POLL = 15  # frames: how often the browser's address is looked at for a new link


def too_small() -> bool:
    """The window is smaller than any layout holds (``layout.holds``)."""
    return not layout.holds(theme.metrics.width, theme.metrics.height)


TOO_SMALL = ("The window is too small",
             f"Make it at least {layout.MIN_WIDTH} wide and {layout.MIN_PORTRAIT_HEIGHT} "
             f"tall, or {layout.TWO_COLUMNS} wide and {layout.MIN_HEIGHT} tall. Your game "
             f"waits just as it is.")


IDLE_REDRAW = 10.0  # seconds: with nothing changing, a frame is still drawn this often
IDLE_FPS = 30  # input is still read this often while nothing moves (native)
# Events that change nothing on screen by themselves (scenes still get them).
IDLE_EVENTS = {pygame.ACTIVEEVENT, pygame.WINDOWMOVED, pygame.AUDIODEVICEADDED,
               pygame.AUDIODEVICEREMOVED, pygame.KEYUP, pygame.TEXTEDITING}
