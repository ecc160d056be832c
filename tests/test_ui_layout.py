"""Layout: every text of every scene stays in its box with the most players and the longest
names the menu allows (wide letters, Greek, Cyrillic, accents); the fonts draw those
scripts; a window of any size shows the whole canvas."""

import os

import pygame
import pytest

from game.app import App, Letterbox
from game.catalog import GAMES
from game.launcher import LONG_NAMES
from game.rules.core import NAME_MAX, Seat
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.play import STATUS, PlayScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.tables.base import Banner
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


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_scene_keeps_its_text_inside_with_max_players_and_long_names(app, game_id):
    info = GAMES[game_id]
    n = info.max_players
    menu = app.scene
    click(button(menu, info.title).rect.center)
    frames(app)
    menu.seats = long_seats(n)
    for opt in info.options:  # every option on, so every sub-option shows
        if opt.kind == "bool":
            menu.options[game_id][opt.key] = True
    menu.rebuild()
    frames(app)
    assert_fits(app, "menu")
    for b in menu.focus.buttons:  # tooltips (the Stakes one is three lines) fit too
        menu.focus._label = b.ident or b.label
        menu.focus.set(menu.focus.buttons)
        assert_fits(app, f"menu tooltip of {b.label}")
    menu.typing = 0
    menu.rebuild()
    assert_fits(app, "menu while typing")
    menu.typing = None

    options = {"target": 2000} if game_id == "farkle" else {}
    state = info.new_game([Seat(s.name, "hard") for s in long_seats(n)], options, seed=5)
    play = PlayScene(app, info, state, autosave=False)
    app.replace_all(play)
    frames(app)
    assert_fits(app, "play at the start (seating banner)")
    for step in range(20000):
        frames(app)
        play.fast_forward = step > 900  # a while at the bots' pace (banners), then skip
        if step % 97 == 0:
            assert_fits(app, f"play, frame {step}")
        if play.finished:
            break
    assert play.finished
    assert_fits(app, "play, final sheet")
    everyone = ", ".join(s.name for s in state.seats)
    play.banner = (Banner(f"LAST ROUND! {state.seats[0].name} reached 10000. Still to play: "
                          f"{everyone}", theme.ACCENT, big=True), 1.0)
    assert_fits(app, "play, the longest banner")
    play.banner = None
    app.push(PauseScene(app, play))
    assert_fits(app, "pause")
    app.push(RulesScene(app, info))
    assert_fits(app, "rules")
    app.pop()
    app.pop()
    app.notify("Could not continue: the saved game cannot be read (it is not valid UTF-8 "
               "text). It was moved to /home/someone/.local/share/dice-harbor/autosave."
               "damaged.json, where it can be looked at.", theme.BAD)
    assert_fits(app, "a long message")
    app.toast = None
    app.replace_all(ResultsScene(app, info, state))
    frames(app)
    assert_fits(app, "results")
    results = app.scene
    buttons_top = min(b.rect.top for b in results.focus.buttons)
    from game.scenes.results import RANKING, SHEET
    assert RANKING.bottom <= buttons_top and SHEET.bottom <= buttons_top  # nothing hidden
    app.push(ConfirmScene(app, "Replace the saved game?", "x " * 60, "Yes", lambda: None))
    assert_fits(app, "confirm")
    app.pop()
    from game.scenes.records import RecordsScene
    bots = [seat.bot for seat in state.seats]
    for seat in state.seats:  # only human seats are recorded: count them all as human once
        seat.bot = None
    app.record_game(game_id, state)  # the long names in the records and high scores
    for seat, bot in zip(state.seats, bots, strict=True):
        seat.bot = bot
    app.push(RecordsScene(app, game_id))
    assert len(app.scene.records.table(game_id)) == n
    frames(app)
    assert_fits(app, "records")
    key(pygame.K_g)  # the recent games: this one, with every long name and score
    for _ in range(100):
        frames(app)
        if app.scene.recent is not None:
            break
    assert app.scene.recent and len(app.scene.recent[0].state.seats) == n
    assert_fits(app, "records, recent games")
    app.pop()
    from game.scenes.review import ReviewScene
    review = ReviewScene(app, info, state, hinted=True, seats=list(range(n)))  # as if human
    app.push(review)
    frames(app)
    assert_fits(app, "review in progress")
    for _ in range(3000):
        frames(app)
        if review.review is not None:
            break
    assert review.review is not None and len(review.review.seats) == n
    for tab in range(n):  # every player's tab, its first page and its last
        review.show_tab(tab)
        assert_fits(app, f"review of seat {tab}")
        review.move_cursor(10**6)
        assert_fits(app, f"review of seat {tab}, last page")
    review.show_tab(0)
    if review.rows():
        review.open(0)
        frames(app)
        assert_fits(app, "replay at a reviewed moment")
        app.pop()
    app.pop()
    from game.scenes.replay import ReplayScene
    replay = ReplayScene(app, info, state)
    app.replace_all(replay)
    for step in range(600):
        frames(app)
        if step % 150 == 0:
            assert_fits(app, f"replay, frame {step}")


def test_fit_text_shrinks_then_wraps_then_cuts():
    pygame.init()
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


def test_letterbox_shows_the_whole_canvas_in_a_1000x700_window():
    box = Letterbox((1000, 700))
    assert pygame.Rect(0, 0, 1000, 700).contains(box.rect)
    assert box.rect.w == 1000 and box.rect.h == 562  # 16:9 kept, bars above and below
    assert box.to_window((0, 0)) == box.rect.topleft
    corner = box.to_window((1280, 720))
    assert abs(corner[0] - box.rect.right) <= 1 and abs(corner[1] - box.rect.bottom) <= 1
    assert box.to_canvas(box.to_window((1215, 34))) in ((1215, 34), (1214, 34), (1215, 33),
                                                        (1214, 33))
    tall = Letterbox((600, 900))  # bars on the other sides
    assert tall.rect.w == 600 and tall.rect.x == 0 and tall.rect.y > 0


def test_a_1000x700_window_draws_everything_and_maps_clicks():
    pygame.quit()
    app = App(sound=False, seed=1, window_size=(1000, 700))
    try:
        assert app.window.get_size() == (1000, 700) and app.screen.get_size() == (1280, 720)
        app.push(MenuScene(app))
        frames(app)
        box = app.letterbox
        app.screen.fill((255, 0, 0))
        app.present()
        for corner in ((0, 0), (1279, 0), (0, 719), (1279, 719)):  # every corner is on screen
            x, y = box.to_window(corner)
            r, g, b = app.window.get_at((min(x, 999), min(y, 699)))[:3]
            assert r > 200 and g < 40 and b < 40, corner
        assert app.window.get_at((500, 10))[:3] == (0, 0, 0)  # the bar above
        start = button(app.scene, "Start").rect.center
        click(box.to_window(start))  # a click in window pixels reaches the canvas button
        frames(app)
        assert isinstance(app.scene, PlayScene)
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
        assert all(not STATUS.colliderect(r) for r in play.die_rects)
    finally:
        pygame.quit()


REAL_WINDOW = """
import os

import pygame
from game.app import App
from game.scenes.menu import MenuScene
app = App(sound=False)
app.push(MenuScene(app))
pygame.Window.from_display_module().size = (1000, 700)
for _ in range(30):
    app.step(1 / 60)
    pygame.time.wait(10)
print(app.window.get_size(), tuple(app.letterbox.rect))
"""


def test_a_real_window_made_smaller_shows_the_whole_canvas(tmp_path):
    """Under a real X server (Xvfb, when installed): the window resized to 1000x700 is
    letterboxed, not cropped (pygame.SCALED would refuse to go below 1280x720)."""
    import shutil
    import subprocess
    import sys
    import time
    if shutil.which("Xvfb") is None:
        message = "Xvfb is not installed (apt-get install xvfb)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI: {message}; .ci/run installs it")  # CI never passes without it
        pytest.skip(message)
    server = subprocess.Popen(["Xvfb", ":97", "-screen", "0", "1600x1000x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        env = dict(os.environ, DISPLAY=":97", SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        out = subprocess.run([sys.executable, "-c", REAL_WINDOW], cwd=root, env=env,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "(1000, 700) (0, 69, 1000, 562)"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_whole_bot_games_with_long_names_never_draw_text_outside_its_box(game_id):
    """Every moment of a whole game, not only chosen ones: the most players, the longest
    names, bots in every seat; every 11th frame is drawn with the text recorder on."""
    from game.launcher import LONG_NAMES
    info = GAMES[game_id]
    app = new_app()
    seats = [Seat(LONG_NAMES[i % len(LONG_NAMES)], ("easy", "normal", "hard")[i % 3])
             for i in range(info.max_players)]
    state = info.new_game(seats, seed=3)
    app.replace_all(PlayScene(app, info, state, autosave=False))
    checked = 0
    for f in range(40_000):
        app.step(1 / 60)
        if f % 11 == 0:
            assert_fits(app, f"{game_id} frame {f}")
            checked += 1
        if state.is_over() and not app.scene.busy:
            break
    assert state.is_over() and checked > 50
