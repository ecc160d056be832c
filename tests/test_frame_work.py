"""A frame spends its time on the game or on drawing, not both (issue 24's App.step p99).

Game work (a move applied, a piece of a bot's decision, the dice's landing or a score's
arrival shown with their words and history) is said by the scene that does it
(``App.worked``); the app then leaves that frame's draw to the next one, which draws what it
led to and does no game work that can wait (``App.may_work``). Dice in the air are drawn
every frame all the same (``Scene.may_hold``), and a throw started by a frame that drew
nothing goes on from where that frame left it. The rule is decided by what was done, never
by the clock: these tests hold whatever the machine's speed."""

from __future__ import annotations

import pygame
import pytest

from game import odds, tasks
from game.app import App, Scene
from game.catalog import GAMES
from game.rules.core import Seat
from tests.ui_driver import DT, undrawn

GAME_IDS = list(GAMES)


class Worker(Scene):
    """A scene that does game work in the frames it is told, and draws a changed picture
    after each."""

    def __init__(self, app, moving=False):
        super().__init__(app)
        self.work_in: set[int] = set()
        self.think_in: set[int] = set()  # game work that changes nothing on screen
        self.moving = moving
        self.drawn = 0
        self.free: list[bool] = []

    def update(self, dt):
        self.free.append(self.app.may_work())
        if self.app.frame in self.work_in | self.think_in:
            self.app.worked()
        if self.app.frame in self.work_in:
            self.app.invalidate()

    def animating(self):
        return self.moving

    def may_hold(self):
        return not self.moving

    def draw(self, surface):
        self.drawn += 1
        surface.fill((self.drawn % 255, 0, 0))


def new_app() -> App:
    pygame.quit()
    return App(sound=False, seed=1, window_size=(640, 480))


def test_a_frame_that_did_game_work_leaves_its_draw_to_the_next():
    app = new_app()
    scene = Worker(app)
    app.replace_all(scene)
    assert app.step(DT)  # (the first frame)
    scene.work_in = {app.frame, app.frame + 3}
    drawn = [app.step(DT) for _ in range(6)]
    assert drawn == [False, True, False, False, True, False]
    # the frame after a frame of work draws it and may do no game work that can wait
    assert scene.free[-6:] == [True, False, True, True, False, True]


def test_what_moves_every_frame_is_drawn_in_the_frame_of_the_work():
    app = new_app()
    scene = Worker(app, moving=True)
    app.replace_all(scene)
    app.step(DT)
    scene.work_in = {app.frame}
    assert [app.step(DT) for _ in range(3)] == [True, True, True]


def bots_play(game_id: str, frames: int, size=(390, 844), dpr=2.0):
    """A game of two bots at the normal pace, frame by frame: per frame, whether game work
    was done in it, whether it was drawn, whether the table was alone on screen, whether
    dice were in the air at its end and whether a throw started in it."""
    pygame.quit()
    app = App(sound=False, seed=2, window_size=size, dpr=dpr, touch=True)
    app.settings.bot_speed = "normal"
    info = GAMES[game_id]
    state = info.new_game([Seat("Ada", "hard"), Seat("Bram", "normal")], seed=2)
    play = app.show("play", info=info, state=state, autosave=False)
    worked, bot = [], []
    mark, think, act = app.worked, play._bot_decision, play.act

    def noted():
        worked.append(app.frame)
        mark()

    def thinking():
        bot.append(app.frame)
        return think()

    def moving(action):
        bot.append(app.frame)
        return act(action)
    app.worked, play._bot_decision, play.act = noted, thinking, moving
    out = []
    for _ in range(frames):
        frame = app.frame
        late = play.frames._sheet_late
        drawn = app.step(DT)
        out.append({"work": frame in worked, "drawn": drawn, "late": late, "bot": frame in bot,
                    "alone": app.visible_scenes() == [play],
                    "flying": play.animator.busy, "threw": play.tray.thrown_at == frame,
                    "t": play.animator.time})
        if play.state.is_over() and not play.busy:
            break
    assert any(f["threw"] for f in out) and sum(f["work"] for f in out) >= 5
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_frame_of_a_bots_game_both_works_and_draws(game_id):
    frames = bots_play(game_id, 900)
    both = [i for i, f in enumerate(frames) if f["work"] and f["drawn"] and f["alone"]]
    assert both == [], f"frames that did game work and drew: {both[:10]}"
    # a frame that draws the sheet the frame before left late: no bot's thinking nor move
    assert not [i for i, f in enumerate(frames) if f["late"] and f["bot"] and f["alone"]]
    assert any(f["late"] for f in frames) and any(f["bot"] for f in frames)
    # each frame of work is drawn by the next frame (or needed no drawing)
    for i, f in enumerate(frames[:-1]):
        if f["work"] and f["alone"] and frames[i + 1]["alone"]:
            assert not frames[i + 1]["work"] or not frames[i + 1]["drawn"], i


@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_dice_in_the_air_are_drawn_every_frame(game_id):
    frames = bots_play(game_id, 900)
    throws = 0
    for i, f in enumerate(frames):
        if f["flying"] and f["alone"] and not f["threw"]:
            assert f["drawn"], f"frame {i}: dice in the air not drawn"
        throws += f["threw"]
    assert throws >= 3


def test_a_held_throw_goes_on_from_where_its_frame_left_it():
    """The frame that throws draws nothing (it applied the move); the next frame shows the
    dice where that frame left them, so no pose of the throw is skipped."""
    frames = bots_play("yatzy", 400)
    i = next(i for i, f in enumerate(frames) if f["threw"] and f["alone"])
    assert frames[i]["work"] and not frames[i]["drawn"]
    assert frames[i + 1]["drawn"] and frames[i + 1]["flying"]
    assert frames[i + 1]["t"] == frames[i]["t"] and frames[i + 2]["t"] > frames[i]["t"]


@pytest.mark.parametrize("game_id", ["bona_fortuna", "yatzy"])
def test_a_roll_freezes_the_sheet_the_screen_was_drawn_from(game_id):
    """While a roll's dice fly the sheet shows the game as it was: the model the screen was
    drawn from (Bona Fortuna's, every box's score for the dice, is 3 ms of a phone's frame
    to make), not one made again in the frame of the move, and the same as one made afresh."""
    pygame.quit()
    app = App(sound=False, seed=2, window_size=(390, 844), dpr=2.0, touch=True)
    info = GAMES[game_id]
    state = info.new_game([Seat("Ada", "hard"), Seat("Bram", "normal")], seed=2)
    play = app.show("play", info=info, state=state, autosave=False)
    make, apply, act = play.table.sheet, play.apply_action, play.pacing.act
    made, fresh, acting = [], [], []

    def sheet():
        if acting:
            made.append(len(play.state.actions))
        return make()

    def applying(action):
        fresh.append(make())  # (the sheet of the game before the move, made afresh)
        return apply(action)

    def moving(action):
        acting.append(action)
        try:
            return act(action)
        finally:
            acting.clear()
    play.table.sheet, play.apply_action, play.pacing.act = sheet, applying, moving
    rolls = 0
    for _ in range(900):
        moves = len(fresh)
        app.step(DT)
        if len(fresh) > moves and play.frozen_sheet is not None:
            assert play.frozen_sheet == fresh[-1]
            rolls += 1
    assert rolls >= 3 and made == []
    play.table.sheet = make
    with undrawn(app):  # the game goes on, no frame draws: the model drawn last is stale
        for _ in range(300):
            app.step(DT)
            if play.frozen_sheet is None:
                assert play.sheet_before() == make()


def page_app(scene_class):
    """An app with sound that preloads its sounds as in the page, ``scene_class`` on it,
    one frame stepped."""
    pygame.quit()
    app = App(sound=True, seed=1, window_size=(640, 480))
    app.preload_sounds = True
    scene = scene_class(app)
    app.replace_all(scene)
    app.step(DT)
    return app, scene


def test_in_the_page_sounds_are_decoded_in_frames_with_nothing_else_to_do():
    """A sound decoded at its first play costs that frame its time (the first roll's, the
    first landing's: about 10 ms each in a phone's page): the page decodes them one a frame
    in frames that draw nothing and do no game work, the throws' and landings' first."""
    app, scene = page_app(Worker)
    sounds = app.sounds
    assert sounds.available  # (SDL's dummy audio device: tests/conftest.py)
    files = len(sounds._files)
    scene.work_in, scene.think_in = {app.frame}, {app.frame + 2}
    app.step(DT)  # game work: nothing decoded
    assert sounds._cache == {}
    app.step(DT)  # drawn: nothing decoded
    assert sounds._cache == {}
    assert not app.step(DT)  # game work (a bot thinking), nothing to draw: nothing decoded
    assert sounds._cache == {}
    app.step(DT)
    assert list(sounds._cache) == ["land"]
    for _ in range(files + 3):
        app.step(DT)
    assert len(sounds._cache) == files
    first = sorted(n for n in sounds._files if n.startswith(("land", "roll")))
    assert len(first) >= 4 and list(sounds._cache)[:len(first)] == first
    played = sounds._cache["roll_2"]
    sounds.play("roll", "2")
    assert sounds._cache["roll_2"] is played


def test_where_the_page_decodes_sounds_the_game_only_takes_its_samples(monkeypatch):
    """Issue 24: decoding a sound in the page's WebAssembly took 9.5-19 ms of a frame at a
    phone's CPU. Where the page decodes them itself (game/web.py: decode_sounds; the
    browser test proves the page's), the first idle frame asks it for every sound and the
    later ones take one it has decoded each, decoding nothing; a sound played before its
    samples came is decoded at once as before, one the page could not decode here."""
    from game import web
    from game.ui import sound as sound_module
    pygame.quit()
    app = App(sound=True, seed=1, window_size=(640, 480))
    sounds = app.sounds
    assert sounds.open()
    asked: list = []
    ready: list = []
    monkeypatch.setattr(web, "decode_sounds", lambda paths, mixer: asked.append(
        (list(paths), mixer)) or True)
    monkeypatch.setattr(web, "decoded_sound", lambda: ready.pop(0) if ready else None)
    loads: list = []
    load = sound_module.Sounds._load
    monkeypatch.setattr(sound_module.Sounds, "_load",
                        lambda self, name: loads.append(name) or load(self, name))
    files = sorted(sounds._files)
    assert sounds.preload() and sounds.preload()
    assert len(asked) == 1 and sorted(asked[0][0]) == files  # every sound, asked once
    assert asked[0][0][0].startswith(("land", "roll")) and asked[0][1] == pygame.mixer.get_init()
    assert sounds._cache == {} and loads == []  # nothing decoded while the page decodes
    sounds.play("click")  # before its samples came: decoded at once
    assert loads == ["click"]
    raw = {n: pygame.mixer.Sound(str(sound_module.ASSETS / "sounds" / f"{n}.ogg")).get_raw()
           for n in files}
    ready += [(n, None if n == "bank" else raw[n]) for n in files]  # (bank: the page failed)
    for _ in files:
        assert sounds.preload()
    assert sorted(sounds._cache) == files and loads == ["click", "bank"]
    assert sounds.from_page == set(files) - {"click", "bank"}
    assert all(sounds._cache[n].get_raw() == raw[n] for n in files)
    assert not sounds.preload()  # (all there)


class Warming(Worker):
    """A scene with pictures to make before it draws them (``Scene.warm``): the frames it
    was asked in."""

    def __init__(self, app):
        super().__init__(app)
        self.warmed: list[int] = []

    def warm(self):
        self.warmed.append(self.app.frame)
        return True


def test_an_idle_frame_takes_a_sound_from_the_page_and_warms_the_scene(monkeypatch):
    """A frame with nothing to do takes a sound the page decoded (cheap) and lets the scene
    make a picture (``Scene.warm``: a die's, 5 ms at a phone's CPU); a frame that decoded a
    sound itself (10-19 ms there) lets the scene wait: the first roll's sound came after the
    dice's pictures once (42 ms at its first play), and the sprites are not left for last."""
    from game import web
    app, scene = page_app(Warming)
    sounds = app.sounds
    assert sounds.open()
    ready = [(n, None) for n in sorted(sounds._files)]  # (None: the page could not)
    monkeypatch.setattr(web, "decode_sounds", lambda paths, mixer: True)
    monkeypatch.setattr(web, "decoded_sound", lambda: ready.pop(0) if ready else None)
    ready[:3] = [(n, pygame.mixer.Sound(str(sounds_path(n))).get_raw()) for n, _ in ready[:3]]
    scene.warmed.clear()
    first = app.frame
    for _ in range(4):
        app.step(DT)
    # three sounds taken (the first frame asks the page too), each frame with a picture;
    # then one the page could not decode, decoded here: no picture in that frame
    assert len(sounds._cache) == 4 and scene.warmed == [first, first + 1, first + 2], \
        (len(sounds._cache), first, scene.warmed)
    assert sounds.decoded_here


def test_in_the_page_an_idle_frame_collects_the_garbage_due_soon_and_does_nothing_else(
        monkeypatch):
    """In the page the cyclic garbage collector's pauses are the frame's (a young
    generation 1-10 ms at a phone's CPU): a frame with nothing to do collects the young
    generation whose collection comes soon (half way to its threshold, the older first), and
    then neither takes a sound nor warms a picture; never the oldest (13-40 ms: too much for
    any frame); a frame that draws or works never collects; with nothing due, an idle frame
    warms as before. Natively it never collects (``App.tend_garbage``)."""
    import gc
    app, scene = page_app(Warming)
    app.tend_garbage = True
    app.preload_sounds = False  # (their own test: a sound decoded here lets warm wait)
    collected = []
    own = gc.collect
    monkeypatch.setattr(gc, "collect", lambda generation=2: collected.append(
        (app.frame, generation)) or own(generation))
    limits = gc.get_threshold()
    counts = [0, 0, 0]
    monkeypatch.setattr(gc, "get_count", lambda: tuple(counts))
    for _ in range(3):  # (until the frames are idle)
        app.step(DT)
    scene.warmed.clear()
    first = app.frame
    app.step(DT)  # (nothing due: a picture warmed)
    counts[0] = (limits[0] + 1) // 2  # (the young generation half way to its threshold)
    app.step(DT)
    counts[1] = (limits[1] + 1) // 2  # (the older first; the oldest never)
    counts[2] = limits[2]
    app.step(DT)
    counts[0] = counts[1] = 0
    app.step(DT)  # (only the oldest due: a picture warmed)
    assert collected == [(first + 1, 0), (first + 2, 1)], collected
    assert scene.warmed == [first, first + 3], scene.warmed  # (none in a frame that
    # collected)
    counts[0] = counts[1] = limits[0]  # (due, but the frames are busy)
    scene.work_in = {app.frame}
    app.step(DT)  # (game work)
    app.invalidate()
    assert app.step(DT)  # (drawn)
    assert collected == [(first + 1, 0), (first + 2, 1)], collected
    app.tend_garbage = False  # (natively)
    app.step(DT)
    assert collected == [(first + 1, 0), (first + 2, 1)], collected


def test_in_the_page_what_the_start_made_is_frozen_once_the_first_frame_is_up():
    """A full collection went over every object the start made (modules, fonts, the
    menu): 82 ms at a phone's CPU in the page, 13 ms once they are frozen (gc.freeze)
    when the first frame is on the screen. Natively nothing is frozen (the tests make
    hundreds of apps)."""
    import gc
    pygame.quit()
    assert gc.get_freeze_count() == 0
    try:
        for page in (False, True):
            app = App(sound=False, seed=1, window_size=(640, 480))
            app.tend_garbage = page
            app.replace_all(Warming(app))
            assert gc.get_freeze_count() == 0
            assert app.step(DT) and app.drawn_frames == 1
            assert (gc.get_freeze_count() > 0) == page
            pygame.quit()
    finally:
        gc.unfreeze()


def sounds_path(name):
    from game.ui import sound as sound_module
    return sound_module.ASSETS / "sounds" / f"{name}.ogg"


@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_the_coach_thinks_in_frames_that_draw_nothing_else(game_id):
    """On a person's turn with the coach always on, each slice of its work is game work:
    while it thinks (its marks move), the frames that work draw nothing, the hint comes."""
    pygame.quit()
    app = App(sound=False, seed=2, window_size=(390, 844), dpr=2.0, touch=True)
    app.settings.coach = "always"
    info = GAMES[game_id]
    state = info.new_game([Seat("You"), Seat("Ada", "normal")], seed=4)
    play = app.show("play", info=info, state=state, autosave=False)
    play.hints.hint_budget = 1e-9  # (a slice a frame: the coach's work spread over frames)
    worked, mark = [], app.worked

    def noted():
        worked.append(app.frame)
        mark()
    app.worked = noted
    thought = both = 0
    for _ in range(3000):
        frame, thinking = app.frame, play.coach_thinking()
        drawn = app.step(DT)
        alone = app.visible_scenes() == [play]
        thought += thinking and frame in worked
        both += frame in worked and drawn and alone
        if play.current_hint() is not None and thought:
            break
    assert play.current_hint() is not None and thought >= 2 and both == 0


def test_the_odds_are_worked_out_in_frames_that_draw_nothing_else():
    """On a person's turn with the odds on (O), each slice of their working out is game
    work: the frames that work draw nothing, the odds come."""
    pygame.quit()
    app = App(sound=False, seed=2, window_size=(1280, 720))
    info = GAMES["yatzy"]
    play = app.show("play", info=info, state=info.new_game([Seat("You")], seed=4),
                    autosave=False)
    worked, mark = [], app.worked

    def noted():
        worked.append(app.frame)
        mark()
    app.worked = noted
    app.step(DT)
    play.act(play.table.roll_action())  # (dice on the table: odds of the next roll)
    while play.busy:
        app.step(DT)
    real = tasks.Task.step
    tasks.Task.step = lambda task, budget=0: real(task, 0.0)  # (a piece a frame)
    odds._BOX_VALUES.clear()  # (the boxes' values another test worked out: made anew)
    try:
        play.odds.toggle()
        both = slices = 0
        for _ in range(5000):
            frame, working = app.frame, play.odds.current() is None
            drawn = app.step(DT)
            slices += working and frame in worked
            both += frame in worked and drawn
            if play.odds.current() is not None:
                break
    finally:
        tasks.Task.step = real
    assert play.odds.current() is not None and slices >= 2 and both == 0


def moves_at(game_id: str, rule: bool, frames: int = 1500) -> list[int]:
    """The frames at which the bots of a game move, with the rule or without it (no frame
    holds its draw, every frame may work); their thinking done in the frame it starts."""
    pygame.quit()
    app = App(sound=False, seed=2, window_size=(390, 844), dpr=2.0, touch=True)
    app.settings.bot_speed = "normal"
    if not rule:
        app.worked, app.may_work = (lambda: None), (lambda: True)
    info = GAMES[game_id]
    state = info.new_game([Seat("Ada", "hard"), Seat("Bram", "normal")], seed=2)
    play = app.show("play", info=info, state=state, autosave=False)
    at, act = [], play.act

    def moving(action):
        at.append(app.frame)
        return act(action)
    play.act = moving
    real = tasks.Task.step
    tasks.Task.step = lambda task, budget=0: real(task, 60.0)
    try:
        for _ in range(frames):
            app.step(DT)
    finally:
        tasks.Task.step = real
    return at


@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_the_bots_keep_their_pace(game_id):
    """The frames a bot waits to think (a frame that draws what the last one left) count in
    its pace: each move comes when it came without the rule, give or take the frame its
    throw's first pose waits and the frame of its landing."""
    now, before = moves_at(game_id, True), moves_at(game_id, False)
    assert len(now) >= 12
    gaps = [b - a for a, b in zip(now, now[1:], strict=False)]
    gaps_before = [b - a for a, b in zip(before, before[1:], strict=False)]
    for i, (gap, was) in enumerate(zip(gaps, gaps_before, strict=False)):
        assert abs(gap - was) <= 2, (i, gaps[:i + 1], gaps_before[:i + 1])
