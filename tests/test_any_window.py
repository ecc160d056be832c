"""Any window, any moment (issue 22): no window size the window system hands us (1x1 to 4K)
and no input at any moment (before a scene's first frame, between resizes, while a task
runs) crashes a scene; below the smallest size the layouts hold (``layout.holds``) the app
says, drawn, that the window is too small, and the game waits exactly as it was: no input
acts on it, and growing the window back shows it as it was.

The sweep walks every scene of every game (the menu, the table mid-turn, Pirate Fortune's
card draw, the pause, the rules, the results, the review, a replay, the records, a
session's standings, a question) through sizes either side of every breakpoint of the
layouts, with keys, clicks, taps and the wheel sent between resizes. Each scene of each game
takes a share of the sizes, so that every scene meets every size over the six games and the
whole costs a few hundred frames."""

from __future__ import annotations

import functools

import pygame
import pytest

from game.app import TOO_SMALL, App
from game.bots import make_policy
from game.catalog import GAMES
from game.launcher import LONG_NAMES
from game.rules.core import Seat
from game.ui import layout, text, theme
from tests.ui_driver import frames

L = layout

# Window sizes in CSS pixels (dp at these sizes) either side of each breakpoint: the
# smallest window the layouts hold, one column or two (Form.portrait), a phone on its side
# (Form.short, under 560 tall), a small window (Form.narrow, under 1180 wide), the menu in
# one column (under 768 wide), the records' narrow form (816), the review's two-line rows
# (948), and the design size where the zoom starts (1280x720).
BREAKPOINTS = [
    (L.MIN_WIDTH - 1, L.MIN_PORTRAIT_HEIGHT), (L.MIN_WIDTH, L.MIN_PORTRAIT_HEIGHT),
    (L.MIN_WIDTH, L.MIN_PORTRAIT_HEIGHT - 1), (L.TWO_COLUMNS - 1, L.MIN_HEIGHT),
    (L.TWO_COLUMNS, L.MIN_HEIGHT), (L.TWO_COLUMNS, L.MIN_HEIGHT - 1), (700, 559), (700, 560),
    (767, 600), (768, 600), (815, 600), (816, 600), (947, 600), (948, 600), (999, 1000),
    (1000, 1000), (1179, 700), (1180, 700), (theme.BASE_W, theme.BASE_H),
    (theme.BASE_W + 1, theme.BASE_H + 1),
]
# ... and sizes in device pixels: nothing, the crashes (a narrow table, the card
# draw in small windows), a phone, a HiDPI window and 4K.
DEVICE = [(1, 1), (60, 720), (600, 360), (320, 320), (500, 320), (1170, 2532), (2560, 1440),
          (3840, 2160)]
FOURK = 3840 * 2160


def walk(dpr: float) -> list[tuple[int, int] | None]:
    """Every size, in device pixels at ``dpr``, in an order that jumps between small and
    large (each resize changes the layout); None for one larger than 4K. The same place in
    the walk is the same size in CSS pixels whatever the ratio."""
    sizes = [(round(w * dpr), round(h * dpr)) for w, h in BREAKPOINTS] + DEVICE
    half = (len(sizes) + 1) // 2
    out = []
    for a, b in zip(sizes[:half], reversed(sizes[half:]), strict=False):
        out += [a, b]
    return [s if s[0] * s[1] <= FOURK else None for s in out]


def too_small_at(size, dpr: float) -> bool:
    return not layout.holds(size[0] / dpr, size[1] / dpr)


# -- input ------------------------------------------------------------------------------------
def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(k: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)


def pointer(pos, touch: bool = False, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=touch)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)


KEYS = [pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB,
        pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_1,
        pygame.K_2, pygame.K_h, pygame.K_o, pygame.K_SPACE, pygame.K_RETURN, pygame.K_f,
        pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_a]


def burst(size, turn: int, navigate: bool = True) -> None:
    """A player's input of every kind at a window of ``size``: keys (``turn`` picks which
    third of them), a click, a tap (SDL's mouse events with ``touch``), the wheel over a
    few places, a drag, typed text; Escape last when ``navigate``."""
    w, h = size
    spots = [(w // 2, h // 2), (w // 4, h // 3), (3 * w // 4, 2 * h // 3), (w - 2, h - 2),
             (1, 1), (w // 3, h - h // 8), (2 * w // 3, h // 8)]
    for k in KEYS[turn % 3::3]:
        press(k)
    post(pygame.TEXTINPUT, text="é")
    pointer(spots[turn % len(spots)])
    pointer(spots[(turn + 3) % len(spots)], touch=True)
    pointer(spots[(turn + 5) % len(spots)], button=3)
    for pos in spots[:3]:
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        post(pygame.MOUSEWHEEL, x=0, y=-3 if turn % 2 else 2, flipped=False, touch=False,
             precise_x=0.0, precise_y=-3.0 if turn % 2 else 2.0)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=5 if turn % 2 else 4, touch=False)
    post(pygame.MOUSEBUTTONDOWN, pos=spots[0], button=1, touch=False)  # a drag
    post(pygame.MOUSEMOTION, pos=spots[1], rel=(1, 1), buttons=(1, 0, 0), touch=False)
    post(pygame.MOUSEBUTTONUP, pos=spots[1], button=1, touch=False)
    post(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0,
         pressure=1.0)
    post(pygame.FINGERUP, touch_id=1, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0, pressure=0.0)
    if navigate:
        press(pygame.K_ESCAPE)


def resize(app: App, size) -> None:
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)


# -- what "the game as it was" means ------------------------------------------------------------
PLAIN = (int, float, str, bool, type(None))


def plain(value, depth: int = 0):
    """``value`` as comparable data: numbers, text, and containers and objects of them
    (pictures, fonts and functions left out)."""
    if isinstance(value, PLAIN):
        return value
    if depth > 3:
        return None
    if isinstance(value, pygame.Rect):
        return tuple(value)
    if isinstance(value, (list, tuple)):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if isinstance(value, dict):
        return {repr(k): plain(v, depth + 1) for k, v in value.items()}
    if hasattr(value, "to_json") and getattr(value, "rng", True) is not None:
        return value.to_json()  # (a game's view without its dice's generator: its fields)
    if hasattr(value, "__dict__") and type(value).__module__.startswith("game."):
        return {k: plain(v, depth + 1) for k, v in vars(value).items()
                if k not in ("app", "scene", "play")}
    return None


def fingerprint(app: App) -> list:
    """Everything the scenes of the app hold (their game, their tables, selections, scroll
    places, timers, tasks' progress), as data."""
    return [(type(s).__name__, id(s), plain(s)) for s in app.scenes]


def games_in(app: App) -> list:
    """The games the scenes hold and what the player chose at the table."""
    out = []
    for s in app.scenes:
        for name in ("state", "final", "session"):
            value = getattr(s, name, None)
            if hasattr(value, "to_json"):
                out.append((name, value.to_json()))
        table = getattr(s, "table", None)
        for name in ("held", "cursor", "chosen", "selection"):
            if hasattr(table, name):
                out.append((name, plain(getattr(table, name))))
        for name in ("seats", "options", "game_id"):
            if hasattr(s, name) and type(s).__name__ == "MenuScene":
                out.append((name, plain(getattr(s, name))))
    return out


def drawn(app: App) -> list[text.Drawn]:
    """What the app draws now (a whole frame, every part drawn afresh: no kept pictures)."""
    from game.ui import probe
    app.invalidate()
    with text.record() as lines, probe.record():
        app.draw()
    wrong = text.not_flat()  # (words written onto a colour that was not all there)
    assert not wrong, "\n".join(wrong)
    return lines


def drawn_texts(app: App) -> list[tuple]:
    return [(d.text, tuple(d.box)) for d in drawn(app)]


# -- the set-ups ------------------------------------------------------------------------------
@functools.cache
def positions(game_id: str) -> tuple[dict, dict]:
    """(a position where the human in seat 0 has rolled and must choose, a finished game):
    the most players with the longest names, played by random bots from a fixed seed."""
    info = GAMES[game_id]
    n = info.max_players
    seats = [Seat(LONG_NAMES[i], None if i == 0 else "random") for i in range(n)]
    bot = make_policy(info.bot_module, "random", seed=3)
    options = {"target": 2000} if game_id in ("farkle", "pirates") else {}  # (shorter)
    state = info.new_game(seats, options, seed=7)
    mid = None
    while not state.is_over():
        if (mid is None and state.current == 0 and state.turns_played >= n
                and (getattr(state, "rolls", None) or getattr(state, "rolled", False))
                and getattr(state, "dice", None)):
            mid = state.save()
        state.apply(bot.choose(state))
    assert mid is not None, game_id
    return mid, state.save()


def scenes_of(app: App, game_id: str):
    """(name, a function that opens the scene over a fresh stack) for every scene a player
    meets in ``game_id``."""
    info = GAMES[game_id]
    mid, final = positions(game_id)
    load = info.state_type().load
    n = info.max_players
    seats = [Seat(LONG_NAMES[i], None if i == 0 else "easy") for i in range(n)]

    def table():
        return app.show("play", info=info, state=load(mid), autosave=False)

    def over_table(name, **kw):
        def open_it():
            play = table()
            return app.open(name, play=play, **kw)
        return open_it

    def results():
        return app.show("results", info=info, state=load(final), news={0: ["new best!"]})

    def review():
        return app.show("review", info=info, state=load(final), seats=list(range(n)))

    def replay():
        state = load(final)
        return app.show("replay", info=info, final=state, start=len(state.actions) // 2)

    def records():
        state = load(final)
        for seat in state.seats:
            seat.bot = None
        app.record_game(game_id, state)
        return app.show("records", game_id=game_id)

    def rules():
        table()
        return app.open("rules", info=info)

    out = [("menu", lambda: app.show("menu", game_id=game_id, seats=seats)),
           ("table", table), ("pause", over_table("pause")), ("rules", rules),
           ("results", results), ("review", review), ("replay", replay),
           ("records", records)]
    if game_id == "pirates":
        out.append(("card draw", over_table("carddraw")))
    if any(o.key == "session" for o in info.options):
        def session():
            from game.rules.session import Session
            s = Session(GAMES[game_id], seats, {}, 2, seed=3)
            bot = make_policy(info.bot_module, "random", seed=1)
            while not s.current.is_over():
                s.current.apply(bot.choose(s.current))
            return app.show("session", info=info, session=s)
        out.append(("session", session))
    # games by link and the daily challenge (issue 25)
    out.append(("link to send", lambda: app.show("link_send", info=info, state=load(mid),
                                                 site="https://example.org/dice-harbor/")))
    out.append(("final link", lambda: app.show("link_send", info=info, state=load(final),
                                               final=True)))
    if game_id == "farkle":
        out.append(("open a link", lambda: app.show("link_open", game_id=game_id)))
    if info.takes(1):
        import datetime as dt

        day = dt.date(2026, 11, 27)
        out.append(("daily challenge", lambda: app.show("daily", game_id=game_id)))
        out.append(("daily result", lambda: app.show("daily_result", info=info, day=day,
                                                      state=daily_try(game_id, day))))
        out.append(("shared daily", lambda: app.show("daily_shared", info=info, day=day,
                                                     state=daily_try(game_id, day))))
    if game_id == "yatzy":
        out.append(("question", lambda: app.show(
            "confirm", title="Replace the saved game?", text="x " * 40, yes="Yes",
            on_yes=lambda: None)))
    return out


@functools.cache
def daily_try(game_id: str, day):
    """A finished try of the daily challenge, played by a random bot (a long name)."""
    from game import daily
    info = GAMES[game_id]
    state = daily.new_game(info, day, LONG_NAMES[1])
    bot = make_policy(info.bot_module, "hard", seed=3)
    while not state.is_over():
        state.apply(bot.choose(state))
    return state


# Per game: the device pixel ratio, touch, and the CSS size each scene opens at.
SCREENS = {"yatzy": (1, False, (1000, 700)), "maxi_yatzy": (2, True, (800, 600)),
           "farkle": (1, False, (1280, 720)), "pirates": (3, True, (390, 844)),
           "bona_fortuna": (1.5, False, (900, 640)), "grab_it": (2, True, (640, 400))}
STRIDE = 5  # each scene of a game meets every STRIDE-th size of the walk


def make_app(dpr: float, touch: bool, home) -> App:
    pygame.quit()
    app = App(sound=False, seed=5, window_size=home, dpr=dpr, touch=touch)
    app.settings.bot_speed = "fast"
    return app


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_scene_survives_every_window_and_any_input(game_id):
    dpr, touch, css = SCREENS[game_id]
    home = (round(css[0] * dpr), round(css[1] * dpr))
    sizes = walk(dpr)
    small = [s for s in sizes if s and too_small_at(s, dpr)]
    g = list(GAMES).index(game_id)
    app = make_app(dpr, touch, css)
    try:
        for si, (name, open_scene) in enumerate(scenes_of(app, game_id)):
            where = f"{game_id}, {name}"
            resize(app, home)
            frames(app)
            open_scene()
            for turn in range(2):  # before its first frame, and during the first ones (an
                burst(home, si + turn, navigate=False)  # overlay's takes three: draw the
                frames(app)  # scene under it, darken it, show)
            stack = list(app.scenes)
            walked = [s for s in sizes[(g + si) % STRIDE::STRIDE] if s]
            for i, size in enumerate(walked):
                if app.scenes != stack:  # it went elsewhere: the scene under test again
                    open_scene()
                    stack = list(app.scenes)
                last = i == len(walked) - 1
                if i % 2:  # input at the old size, then the resize
                    burst(app.screen.get_size(), i + si, navigate=last)
                resize(app, size)
                if not i % 2:  # input at once after a resize, before the new layout is drawn
                    burst(size, i + si, navigate=last)
                frames(app)
                assert app.screen.get_size() == size, where
            # Below the smallest size: "too small", no input acts, and back as it was.
            if app.scenes != stack:
                open_scene()
            resize(app, home)
            frames(app)
            texts = drawn_texts(app)
            before = fingerprint(app)
            tiny = small[(g + si) % len(small)]
            resize(app, tiny)
            burst(tiny, si)
            frames(app)
            notice = drawn(app)
            assert {d.source for d in notice} <= set(TOO_SMALL), (where, tiny, notice)
            if tiny[0] >= 200 * dpr and tiny[1] >= 200 * dpr:  # room to read it all
                for words in TOO_SMALL:
                    assert " ".join(d.text for d in notice if d.source == words) == words
            burst(tiny, si + 1)
            frames(app, 2)
            assert fingerprint(app) == before, f"{where}: input at {tiny} changed the game"
            app.resize(home)  # (what the resize event does; the first frame after it)
            assert drawn_texts(app) == texts, f"{where}: not shown as it was after {tiny}"
    finally:
        pygame.quit()


# -- the cases ----------------------------------------------------------------------------
def start_game(app: App, game_id: str):
    """The menu's Start, as a player clicks it: the play scene (two seats, a bot second)."""
    from tests.ui_driver import button, click
    app.show("menu", game_id=game_id)
    frames(app)
    click(button(app.scene, "Start").rect.center)
    frames(app, 3)
    return app.scene


def test_a_narrow_window_after_a_roll_says_too_small_and_keeps_the_game():
    """Issue 22: a Yatzy game resized to 60x720 after a roll crashed in die_face
    ("Invalid resolution for Surface"). Now the window says it is too small, keys and
    clicks do nothing to the game meanwhile, and at 1280x720 again the table is as it was:
    the same dice, the same die held, the same roll count."""
    app = make_app(1, False, (1280, 720))
    try:
        play = start_game(app, "yatzy")
        press(pygame.K_SPACE)
        frames(app, 90)  # the dice land
        press(pygame.K_1)  # hold the first die
        frames(app, 2)
        assert play.state.rolls == 1 and play.table.held == {0}
        texts = drawn_texts(app)
        before, game = fingerprint(app), games_in(app)
        resize(app, (60, 720))
        frames(app)
        assert {d.source for d in drawn(app)} <= set(TOO_SMALL)
        roll = pygame.Rect(play.table_buttons.buttons[0].rect)
        for k in (pygame.K_SPACE, pygame.K_1, pygame.K_2, pygame.K_RETURN, pygame.K_DOWN):
            press(k)
        pointer((30, 360))
        pointer(roll.center, touch=True)  # where the Roll button was
        frames(app, 30)
        assert fingerprint(app) == before and games_in(app) == game
        app.resize((1280, 720))
        assert drawn_texts(app) == texts
        frames(app)
        assert play.state.rolls == 1 and play.table.held == {0} and app.scene is play
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(600, 360), (320, 320), (400, 320), (500, 320), (600, 320)])
def test_the_card_draw_in_a_small_window_waits_and_draws_when_it_fits(size):
    """Issue 22: Pirate Fortune's card draw crashed in card_back at 600x360, 320x320 and
    400-600 by 320 (Space to draw at 600x360). Those windows now say they are too small,
    Space draws nothing there, and once the window fits Space turns the card over."""
    app = make_app(1, False, (1280, 720))
    try:
        play = start_game(app, "pirates")
        for _ in range(200):  # the card draw opens over the table (after the deal)
            if app.scene is not play:
                break
            frames(app)
        draw = app.scene
        assert type(draw).__name__ == "CardDrawScene" and draw.phase == "wait"
        deck = list(play.state.deck)
        resize(app, size)
        frames(app)
        press(pygame.K_SPACE)
        frames(app, 5)
        assert {d.source for d in drawn(app)} <= set(TOO_SMALL)
        assert draw.phase == "wait" and play.state.deck == deck and app.scene is draw
        resize(app, (1280, 720))
        frames(app)
        press(pygame.K_SPACE)
        frames(app, 5)
        assert draw.phase != "wait" and len(play.state.deck) == len(deck) - 1
    finally:
        pygame.quit()


def test_dice_and_cards_squeezed_to_nothing_are_still_pictures():
    """What the issue's crashes came down to: a die or a card asked for at a size of 0 or
    less (a layout squeezed past its end) is a picture of at least 1x1, never an error."""
    from game.games.pirates.rules import PirateState
    from game.ui.cards import card_back, card_face, draw_card
    from game.ui.dice import die_face
    deck = PirateState.CARD_DECK
    surface = pygame.Surface((50, 50))
    for size in (0, -3, 1):
        assert die_face(3, size).get_size() == (1, 1) or size == 1
        assert die_face("skull", size).get_width() >= 1
        assert card_back(deck, size, size - 4).get_width() >= 1
        assert card_face(deck, "sea_battle_4", size, -size).get_height() >= 1
        draw_card(surface, pygame.Rect(10, 10, size, size - 5), deck, None)
        draw_card(surface, pygame.Rect(10, 10, size, size - 5), deck, "skull_2")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_keys_before_the_tables_first_frame_are_handled(game_id):
    """Issue 22: Down pressed as a game opens, before the play scene had drawn, crashed
    (ScoreSheet had no ``_content_rows``: set only when drawn). Every key, at a position
    where the human must choose, before the first frame: handled or ignored."""
    info = GAMES[game_id]
    mid, _ = positions(game_id)
    app = make_app(1, False, (1280, 720))
    try:
        app.show("play", info=info, state=info.state_type().load(mid), autosave=False)
        for k in KEYS:
            press(k)
        frames(app)
    finally:
        pygame.quit()


@pytest.mark.parametrize("css, dpr", [((L.MIN_WIDTH, L.MIN_PORTRAIT_HEIGHT), 1),
                                      ((L.TWO_COLUMNS, L.MIN_HEIGHT), 1),
                                      ((L.TWO_COLUMNS, L.MIN_HEIGHT), 1.5)])
def test_the_records_fit_the_smallest_windows(css, dpr):
    """Found by the sweep: at 320x560 the records' seven tabs stood one a line and left
    their table no height ("No games recorded yet" and "None yet" over each other); at
    640x360 they took three lines and the table and high scores were stacked in the 70 dp
    left. Now the tabs go two or four a line and a low window keeps the two side by side."""
    from game.ui import probe
    app = make_app(dpr, False, css)
    try:
        app.show("records", game_id="farkle")
        frames(app, 2)
        app.invalidate()
        with text.record() as lines, probe.record() as controls:
            app.draw()
        window = pygame.Rect((0, 0), app.screen.get_size())
        assert not text.overflows(lines)
        assert all(window.contains(d.ink) for d in lines if d.ink.w)
        assert all(window.contains(c.shown) for c in controls)
        for i, a in enumerate(controls):
            assert not any(a.shown.colliderect(b.shown) for b in controls[i + 1:]), a.name
        for name in ("players", "high"):
            assert app.scene.regions[name].h >= 60, (name, app.scene.regions[name])
    finally:
        pygame.quit()
