"""Layout: every text of every scene stays in its box with the most players and the longest
names the menu allows (wide letters, Greek, Cyrillic, accents); the fonts draw those
scripts; a window of any size shows the whole canvas."""

import os

import pygame
import pytest

from game.app import App
from game.catalog import GAMES
from game.launcher import LONG_NAMES
from game.rules.core import NAME_MAX, Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.ui import text, theme
from tests.ui_driver import button, click, frames, key, new_app, type_text


def assert_fits(app, what: str) -> None:
    with text.record() as drawn:
        app.draw()
    assert drawn, f"{what}: nothing was drawn"
    bad = text.overflows(drawn)
    assert not bad, f"{what}: " + "; ".join(bad[:5])


def long_seats(n: int) -> list[Seat]:
    return [Seat(LONG_NAMES[i], None if i == 0 else ("easy", "normal", "hard")[i % 3])
            for i in range(n)]


def test_long_names_are_the_longest_allowed_and_drawable():
    pygame.init()
    theme.forget_fonts()
    assert all(len(n) <= NAME_MAX for n in LONG_NAMES)
    assert any(len(n) == NAME_MAX and n.upper() == n for n in LONG_NAMES)  # wide capitals
    for name in LONG_NAMES:  # Latin, Greek and Cyrillic are drawn, never as empty boxes
        assert theme.can_draw(name), name
    assert not theme.can_draw("中")  # a script our fonts lack is known as such


def test_the_title_face_draws_every_printable_ascii_character():
    """display_covers says yes to printable ASCII without drawing it (the check drew two
    texts a letter, a quarter of a second of a phone's start): the face does draw it all."""
    pygame.init()
    theme.forget_fonts()
    assert (theme.ASSETS / "fonts" / "Quicksand-Bold.ttf").is_file()  # (not a fallback)
    face = theme._display_device(24)
    missing = [ch for ch in map(chr, range(32, 127)) if not theme._has_glyph(face, "display", ch)]
    assert missing == []
    assert theme.display_covers("Dice Harbor") and not theme.display_covers("Ωμέγα")


def test_fit_text_shrinks_then_wraps_then_cuts():
    pygame.init()
    theme.metrics.configure((theme.BASE_W, theme.BASE_H))  # (not a phone's, left by another test)
    theme.forget_fonts()
    box_w = 120
    small = text.fit_text("WWWWWWWWWWWWWWWW", box_w, 30, 22, 12, bold=True)
    assert small.size < 22 and small.width <= box_w
    wrapped = text.fit_text("one two three four five six", 120, 80, 20, 14, wrap=True)
    assert len(wrapped.lines) > 1 and wrapped.height <= 80 and wrapped.width <= 120
    cut = text.fit_text("word " * 200, 200, 40, 20, 12, wrap=True)
    assert cut.height <= 40 and cut.lines[-1].endswith(text.ELLIPSIS)


def test_a_name_the_fonts_cannot_draw_is_refused_while_typing(app):
    menu = app.scene
    click(button(menu, "You").rect.center)
    frames(app)
    type_text("Zoë中Ω")
    frames(app)
    assert menu.seats[0].name == "YouZoëΩ"
    assert app.toast and "cannot be shown" in app.toast[0]
    type_text("x" * 30)
    frames(app)
    assert len(menu.seats[0].name) == NAME_MAX
    assert "at most" in app.toast[0]


def test_a_1000x700_window_is_drawn_at_its_size_and_laid_out_for_it():
    pygame.quit()
    app = App(sound=False, seed=1, window_size=(1000, 700))
    try:
        assert app.window.get_size() == (1000, 700) and app.screen is app.window
        app.show("menu")
        frames(app)
        start = button(app.scene, "Start")
        assert app.screen.get_rect().contains(start.rect)
        click(start.rect.center)  # a click in window pixels reaches the button
        frames(app)
        assert isinstance(app.scene, PlayScene)
        play = app.scene
        assert all(app.screen.get_rect().contains(r) for r in play.regions.values())
    finally:
        pygame.quit()


def test_a_resized_window_is_laid_out_again():
    """The same scene in a new window size: its controls move into the new window."""
    pygame.quit()
    app = App(sound=False, seed=1, window_size=(1280, 720))
    try:
        app.show("menu")
        frames(app)
        before = button(app.scene, "Start").rect.copy()
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=900, size=(700, 900)))
        frames(app)
        after = button(app.scene, "Start").rect
        assert app.screen.get_size() == (700, 900)
        assert after != before and pygame.Rect(0, 0, 700, 900).contains(after)
    finally:
        pygame.quit()


def test_the_banner_sits_beside_the_dice():
    app = new_app()
    try:
        app.push(MenuScene(app))
        app.scene.start()
        frames(app)
        play = app.scene
        assert play.banner is not None and "Seating order" in play.banner[0].text
        frames(app)
        status = play.regions["status"]
        assert play.die_rects and all(not status.colliderect(r) for r in play.die_rects)
    finally:
        pygame.quit()


REAL_WINDOW = """
import os

import pygame
from game.app import App
app = App(sound=False)
app.show("menu")
pygame.Window.from_display_module().size = (1000, 700)
for _ in range(30):
    app.step(1 / 60)
    pygame.time.wait(10)
start = [b for b in app.scene.focus.buttons if b.label == "Start"][0]
print(app.window.get_size(), app.screen.get_size(), pygame.Rect(0, 0, 1000, 700).contains(start.rect))
"""


def test_a_real_window_made_smaller_is_laid_out_again(tmp_path):
    """Under a real X server (Xvfb, when installed): the window resized to 1000x700 is drawn
    at 1000x700 and the menu laid out for it (pygame.SCALED would refuse to go below
    1280x720)."""
    import shutil
    import subprocess
    import sys
    if shutil.which("Xvfb") is None:
        message = "Xvfb is not installed (apt-get install xvfb)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI: {message}; .ci/run installs it")  # CI never passes without it
        pytest.skip(message)
    from tests.processes import started
    # -displayfd: Xvfb picks a free display and says which once it is ready
    with started(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1000x24"],
                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as server:
        display = server.stdout.readline().strip()
        assert display.isdigit(), "Xvfb did not start"
        env = dict(os.environ, DISPLAY=f":{display}", SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        out = subprocess.run([sys.executable, "-c", REAL_WINDOW], cwd=root, env=env,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "(1000, 700) (1000, 700) True"


SCREEN_OF = {"yatzy": (1280, 720, 1, False), "maxi_yatzy": (844, 390, 3, True),
             "farkle": (390, 844, 3, True), "pirates": (1000, 700, 1, False),
             "bona_fortuna": (360, 640, 2, True), "grab_it": (1920, 1080, 1, False)}
WHOLE_GAMES = [(game_id, SCREEN_OF[game_id]) for game_id in GAMES]  # each on its own screen


@pytest.mark.parametrize("game_id,size", WHOLE_GAMES, ids=[g for g, _ in WHOLE_GAMES])
def test_whole_bot_games_with_long_names_fit_every_frame(game_id, size):
    """Every moment of a whole game, not only chosen ones: the most players, the longest
    names, bots in every seat, each game on another kind of screen; every 11th frame is
    checked as the screens test checks its scenes. (The check draws the whole screen
    afresh: the loop's own drawing is left out, ui_driver.undrawn, as what it drew
    between two checks is not looked at.)"""
    from game.launcher import LONG_NAMES
    from tests.test_ui_screens import Screen, make_app
    from tests.ui_driver import undrawn
    info = GAMES[game_id]
    app = make_app(size)
    seats = [Seat(LONG_NAMES[i % len(LONG_NAMES)], ("easy", "normal", "hard")[i % 3])
             for i in range(info.max_players)]
    state = info.new_game(seats, seed=3)
    app.show("play", info=info, state=state, autosave=False)
    checked = 0
    try:
        for f in range(40_000):
            with undrawn(app):
                app.step(1 / 60)
            if f % 11 == 0:
                Screen(app, size, f"{game_id} frame {f}").check()
                checked += 1
            if state.is_over() and not app.scene.busy:
                break
            if f > 600:
                app.scene.fast_forward = True  # a while at the bots' pace, then skip
        assert state.is_over() and checked > 50
    finally:
        pygame.quit()


def test_an_idle_screen_is_not_drawn_again_and_moving_dice_redraw_only_the_tray():
    """Idle costs nothing: with nothing moving the frames are not drawn (but once a second);
    while only dice tumble only the tray is drawn again; a change is drawn at once."""
    app = new_app()
    try:
        app.show("menu")
        frames(app, 2)
        before = app.drawn_frames
        from game.app import IDLE_REDRAW
        idle = int(IDLE_REDRAW * 60)
        frames(app, idle - 10)  # a menu nobody touches
        assert app.drawn_frames == before
        frames(app, 20)  # the safety redraw, every IDLE_REDRAW seconds
        assert app.drawn_frames == before + 1
        click(button(app.scene, "Start").rect.center)
        frames(app)
        play = app.scene
        assert isinstance(play, PlayScene) and app.drawn_frames > before + 1
        play.banner = None
        frames(app, 2)
        drawn, partial = app.drawn_frames, app.partial_frames
        key(pygame.K_SPACE)  # roll: the dice tumble
        frames(app)
        assert play.animator.busy
        frames(app, 10)
        assert app.partial_frames - partial >= 8  # the tumble: the tray alone
        assert app.drawn_frames - drawn >= 10
        for _ in range(120):
            frames(app)
            if not play.busy:
                break
        frames(app, 2)
        settled = app.drawn_frames
        frames(app, 20)  # the dice have landed and nobody moves: nothing to draw
        assert app.drawn_frames == settled
        key(pygame.K_1)  # a held die is drawn at once
        frames(app)
        assert app.drawn_frames == settled + 1 and 0 in play.table.held
    finally:
        pygame.quit()


def test_on_a_phone_start_starts_and_the_menu_scrolls_under_its_footer():
    """The menu on a phone held upright scrolls under a fixed footer; a tap on Start starts
    the game (not a button of the body scrolled under the footer), a drag scrolls the body
    and presses nothing, and a tap on a button in view presses it."""
    pygame.quit()
    app = App(sound=False, seed=1, window_size=(390, 844), dpr=3, touch=True)
    try:
        app.show("menu", game_id="farkle")
        frames(app)
        menu = app.scene
        assert menu.body.scrolls
        start = button(menu, "Start")
        hidden = [b for b in menu.body_buttons if b.rect.colliderect(start.rect)]
        assert hidden, "the test wants a body button scrolled under the footer"
        options = dict(menu.options["farkle"])
        x, y = start.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        frames(app)
        assert isinstance(app.scene, PlayScene) and menu.options["farkle"] == options
        app.show("menu", game_id="farkle")
        frames(app)
        menu = app.scene
        top = menu.body.viewport.centery
        for kind, y in ((pygame.MOUSEBUTTONDOWN, top + 300), (pygame.MOUSEMOTION, top),
                        (pygame.MOUSEBUTTONUP, top)):
            data = {"pos": (menu.body.viewport.centerx, y), "button": 1}
            if kind == pygame.MOUSEMOTION:
                data.update(rel=(0, -300), buttons=(1, 0, 0))
            pygame.event.post(pygame.event.Event(kind, data))
        frames(app)
        assert menu.body.offset > 0 and isinstance(app.scene, type(menu))
        menu.body.scroll(-10**6)
        menu._place()
        records = button(menu, "Records")
        click(records.rect.center)
        frames(app)
        assert type(app.scene).__name__ == "RecordsScene"
    finally:
        pygame.quit()
