"""The game itself in a real browser: headless Chromium, pyodide 0.27.7 and the pygame-ce
build pygbag's CDN serves, the real main.py, game/ and assets/ as web/build.py stages them,
driven with real mouse, keyboard and touch input over the Chrome DevTools Protocol.

Needs Chromium (Debian's ``chromium``), Node.js and npm (for the pinned pyodide, as the
pyodide test) and the wheel in its cache (tests/browser/site.py). Without them it skips with
one line saying what is missing; under CI (CI=true, as .ci/run sets) it fails instead.
"""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.catalog import GAMES
from tests.browser.cdp import Browser, CDPError
from tests.browser.site import Site, serve, wheel

LOAD_TIMEOUT = 120


# Web Audio, watched: every AudioContext made and the loudest sample SDL wrote (measured
# after SDL's own onaudioprocess handler has filled each buffer).
AUDIO_PROBE = """
(() => {
  window.__audio = { contexts: [], peak: 0, buffers: 0 };
  const Original = window.AudioContext || window.webkitAudioContext;
  if (!Original) return;
  const handler = Object.getOwnPropertyDescriptor(ScriptProcessorNode.prototype,
                                                  "onaudioprocess");
  class Watched extends Original {
    constructor(...args) { super(...args); window.__audio.contexts.push(this); }
    createScriptProcessor(...args) {
      const node = super.createScriptProcessor(...args);
      Object.defineProperty(node, "onaudioprocess", {
        get() { return handler.get.call(node); },
        set(f) {
          handler.set.call(node, (event) => {
            f(event);
            const out = event.outputBuffer;
            for (let c = 0; c < out.numberOfChannels; c++) {
              const data = out.getChannelData(c);
              for (let i = 0; i < data.length; i++) {
                const v = Math.abs(data[i]);
                if (v > window.__audio.peak) window.__audio.peak = v;
              }
            }
            window.__audio.buffers++;
          });
        } });
      return node;
    }
  }
  window.AudioContext = Watched; window.webkitAudioContext = Watched;
})();
"""


def page_python(page, code: str, timeout: float = 600):
    """Run Python in the game's page (``app`` is the running App); the value it leaves in
    ``result``, through JSON."""
    text = page.js("pyodide.runPython(" + json.dumps(
        "import json\nfrom game.app import App\napp = App.current\n" + code
        + "\njson.dumps(result)") + ")", timeout=timeout)
    return json.loads(text)


class Game:
    """The game in one tab: load it, look at it through its own Python, and play."""

    def __init__(self, browser: Browser, site: Site, width=1280, height=720, ratio=1.0,
                 touch=False, storage: dict | None = None, address: str | None = None,
                 watch: str = ""):
        self.site = site
        self.address = address  # the page's address when not the site's (a link in it)
        self.page = browser.new_page()
        for script in (AUDIO_PROBE, watch):
            if script:
                self.page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        self.size = (width, height, ratio, touch)
        self.page.viewport(width, height, ratio, mobile=touch, touch=touch)
        self.ratio = ratio  # device pixels of the game's screen per CSS pixel (after load: its own)
        self.seen = (0, 0)  # the page's errors and console lines before this test's (shared)
        self.page.goto(f"{site.origin}/blank.html")  # the origin, to set its storage first
        self.page.wait_for("document.readyState === 'complete'")
        self.set_storage(storage)
        self.load()

    def set_storage(self, storage: dict | None) -> None:
        self.page.js("localStorage.clear(); sessionStorage.clear()")
        for key, value in (storage or {}).items():
            self.page.js(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")

    def load(self, reload: bool = False) -> None:
        if reload:
            self.page.reload()
            time.sleep(0.3)
        else:
            self.page.goto(self.address or self.site.url)
        self.page.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                           "window.diceHarbor.error)", LOAD_TIMEOUT)
        error = self.page.js("window.diceHarbor.error")
        assert not error, error
        self.page.js("window.diceHarbor.present0 = window.diceHarbor.present")  # (restart)
        self.ratio = self.py("result = app.dpr")  # (the render ratio: at most 2 on a phone)

    def py(self, code: str):
        """Run Python in the page; the value of its last line ``result = ...`` as JSON."""
        return page_python(self.page, code)

    def frames(self, seconds: float = 0.3) -> None:
        time.sleep(seconds)

    def scene(self) -> str:
        return self.py("result = type(app.scene).__name__")

    def button(self, label: str) -> tuple[float, float]:
        """The CSS point at the middle of the scene's button whose label starts so."""
        centre = self.py(f"""
groups = [getattr(app.scene, n) for n in ("focus", "top_buttons", "table_buttons")
          if hasattr(app.scene, n)]
found = [b for g in groups for b in g.buttons if b.label.startswith({label!r})]
result = list(found[0].rect.center) if found else None""")
        assert centre, f"no button {label!r} on {self.scene()}"
        return centre[0] / self.ratio, centre[1] / self.ratio

    def wait(self, condition: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while not self.py(f"result = bool({condition})"):
            assert time.monotonic() < end, f"timed out waiting for {condition}"
            time.sleep(0.1)

    def problems(self) -> list[str]:
        """What went wrong in the page since this test began: errors, tracebacks."""
        self.page.pump()
        errors, console = self.seen
        return self.page.errors[errors:] + [text for level, text in self.page.console[console:]
                                            if "Traceback" in text or level == "error"]

    def restart(self, storage: dict | None = None, keep_storage: bool = False) -> None:
        """The game as a new visit to the page starts it, without starting Python again (a
        page's start is most of a browser test's time): the page at its own size, its
        storage cleared (or set to ``storage``, or kept), then a new App, made and run as
        the page's start makes and runs it (``main``), on the same Python and pygame. What
        a new App does not make anew (the modules' own state, the page's script) is the
        page's: the tests that look at the page's start (the loading screen, what the
        archive holds) read what it left (LOADING_WATCH, ``at_start``). A page a test left
        broken is started again whole."""
        width, height, ratio, touch = self.size
        try:
            # the tab in front: a tab behind another answers input only after seconds
            self.page.call("Page.bringToFront")
            self.page.viewport(width, height, ratio, mobile=touch, touch=touch)
            self.page.wait_for(f"innerWidth === {width} && innerHeight === {height} && "
                               f"devicePixelRatio === {ratio}", 10)
            self.stop()
            old = self.py("from game import web\nweb._present = None\nresult = id(app)")
            self.page.js("window.diceHarbor.present = window.diceHarbor.present0 || "
                         "window.diceHarbor.present")  # (a test that watched it)
            if not keep_storage:
                self.set_storage(storage)
            self.page.js("window.diceHarbor.link = ''")
            self.page.js("(() => { pyodide.runPythonAsync('from game.launcher import main\\n"
                         "await main([])').catch((e) => console.error('the game stopped', "
                         "String(e))); return 0; })()")
            self.wait(f"id(app) != {old} and type(app.scene).__name__ == 'MenuScene' and "
                      "app.drawn_frames > 0", 30)
        except (CDPError, AssertionError):  # (a page a test left broken: a new start)
            self.page.goto(f"{self.site.origin}/blank.html")
            self.page.wait_for("document.readyState === 'complete'")
            if not keep_storage:
                self.set_storage(storage)
            self.load()
        self.ratio = self.py("result = app.dpr")
        self.page.pump()
        self.seen = (len(self.page.errors), len(self.page.console))

    def stop(self) -> None:
        """The App's loop ended, as the page's unload would end it (so a tab kept for later
        tests does nothing meanwhile, and writes nothing in the storage that the origin's
        tabs share); pygame.quit, which the loop calls as it ends, is left out: in pyodide
        it breaks the runtime for good."""
        if self.py("result = app.running"):
            self.py(STOP)
            self.wait("__import__('builtins').dh_ended", 10)
            self.py("import builtins, pygame\npygame.quit = builtins.dh_quit\nresult = 0")

    def close(self) -> None:
        problems = self.problems()
        self.page.call("Target.closeTarget", {"targetId": self.page.target})
        assert not problems, problems


STOP = """
import builtins, pygame
builtins.dh_quit, builtins.dh_ended = pygame.quit, False
pygame.quit = lambda: setattr(builtins, "dh_ended", True)
app.running = False
result = 0"""


@pytest.fixture
def game(browser, site):
    opened: list[Game] = []

    def make(**kwargs) -> Game:
        g = Game(browser, site, **kwargs)
        opened.append(g)
        return g
    make.site = site
    yield make
    for g in opened:
        g.close()


def restarted(tab: Game):
    tab.restart()
    yield tab
    problems = tab.problems()
    tab.stop()
    assert not problems, problems


# (The two tabs the tests share, desktop_tab and phone_tab, and the fixtures that restart
# them, desktop and phone: tests/browser/conftest.py.)


def png_tiles(data: bytes, rect: tuple[int, int, int, int], tile: int = 16) -> list[tuple]:
    import io
    surface = pygame.image.load(io.BytesIO(data))
    x0, y0, w, h = rect
    return [tuple(pygame.transform.average_color(surface, (x, y, tile, tile))[:3])
            for y in range(y0, y0 + h - tile + 1, tile) for x in range(x0, x0 + w - tile + 1, tile)]


def native_menu_png(tmp_path) -> bytes:
    from game.app import App
    pygame.quit()
    app = App(sound=False, window_size=(1280, 720))
    app.show("menu")
    app.step(1 / 60)
    app.draw()
    path = tmp_path / "native.png"
    pygame.image.save(app.screen, str(path))
    pygame.quit()
    return path.read_bytes()


def test_the_menu_draws_as_it_does_natively(desktop, tmp_path):
    g = desktop
    import base64
    browser_png = base64.b64decode(g.page.call("Page.captureScreenshot",
                                               {"format": "png"})["data"])
    native = native_menu_png(tmp_path)
    regions = {"title": (24, 24, 400, 80), "cards": (24, 148, 692, 260),
               "players": (744, 120, 512, 240), "start": (756, 632, 500, 64)}
    for name, rect in regions.items():
        a, b = png_tiles(browser_png, rect), png_tiles(native, rect)
        close = sum(all(abs(p - q) <= 24 for p, q in zip(s, t, strict=True))
                    for s, t in zip(a, b, strict=True))
        assert close >= 0.9 * len(a), f"{name}: {close} of {len(a)} tiles match"
        # ... and the comparison can fail: the region beside it (above, or below at the top;
        # a shift of a few pixels stays inside a large plain button) does not match
        x, y, w, h = rect
        beside = png_tiles(native, (x, y - h if y >= h else y + h, w, h))
        near = sum(all(abs(p - q) <= 24 for p, q in zip(s, t, strict=True))
                   for s, t in zip(a, beside, strict=True))
        assert near < 0.9 * len(a) or name == "players", f"{name}: a move not seen"


# A bot seated first (the seats are drawn at random) plays its turn skipped, as the Skip
# button would: none of these tests looks at a bot's pace.
SKIP_A_FIRST_BOT = """
if not app.scene.human_turn:
    app.scene.fast_forward = True
result = 0"""


def start_yatzy(g: Game) -> None:
    g.page.click(*g.button("Start"))
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    g.wait("app.scene.banner is None or app.scene.human_turn")
    g.page.click(20, 300)  # the seating banner, seen: a click moves on
    g.py(SKIP_A_FIRST_BOT)
    g.wait("app.scene.human_turn and not app.scene.busy")


def test_a_yatzy_turn_with_the_mouse_and_one_with_the_keyboard(desktop):
    g = desktop
    start_yatzy(g)
    assert g.py("result = app.scene.state.rolls") == 0
    g.page.click(*g.button("Roll"))  # the mouse: roll, hold a die, roll again, score
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    hand = "from game.ui import hands\nresult = [hands.mode(), app.scene.table.status()[0]]"
    assert g.py(hand) == ["mouse", "2 rolls left. Click dice to hold them, or click a box to "
                                   "score it."]  # (the page's clicks speak of clicks)
    die = g.py("result = list(app.scene.die_rects[0].center)")
    g.page.click(die[0] / g.ratio, die[1] / g.ratio)
    g.wait("0 in app.scene.table.held")
    g.page.click(*g.button("Roll again"))
    g.wait("app.scene.state.rolls == 2 and not app.scene.busy")
    row = g.py("""
key = app.scene.state.open_categories()[-1]
app.scene.sheet.reveal(key)
app.draw()
result = [key, list(app.scene.sheet.row_rects[key].center)]""")
    for _ in range(2):  # a box that scores 0 asks for a second click
        g.page.click(row[1][0] / g.ratio, row[1][1] / g.ratio)
        g.frames(0.3)
        if g.py(f"result = {row[0]!r} in app.scene.state.sheets[0]"):
            break
    assert g.py(f"result = {row[0]!r} in app.scene.state.sheets[0]")
    g.py("app.scene.fast_forward = True\nresult = 0")  # the bot's turn, skipped
    g.wait("app.scene.human_turn and not app.scene.busy and app.scene.state.rolls == 0", 60)
    g.page.key("Space")  # the keyboard: roll, hold die 2, roll, pick a box with arrows, Enter
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    assert g.py(hand)[0] == "keyboard" and "Press 1-5 to hold dice" in g.py(hand)[1]
    g.page.key("2")
    g.wait("1 in app.scene.table.held")
    g.page.key("Space")
    g.wait("app.scene.state.rolls == 2 and not app.scene.busy")
    filled = g.py("result = len(app.scene.state.sheets[0])")
    g.page.key("ArrowDown")
    g.wait("app.scene.table.cursor is not None")
    for _ in range(2):
        g.page.key("Enter")
        g.frames(0.3)
    assert g.py("result = len(app.scene.state.sheets[0])") == filled + 1


def test_a_phone_plays_a_turn_by_taps_alone(phone):
    g = phone
    # drawn at ratio 2 (web.render_ratio), not the phone's 3: 780x1688 pixels for 390x844
    assert g.py("result = [list(app.screen.get_size()), app.touch]") == [[780, 1688], True]
    # (the page's economies: the parts after a change spread over frames, a card on the
    # move scaled by the nearest pixel, the garbage tended: what the start made frozen)
    assert g.py("import gc\nfrom game.ui import cards\nresult = [app.spread_parts, "
                "cards.SMOOTH_MOVING, app.tend_garbage, gc.get_freeze_count() > 1000]"
                ) == [True, False, True, True]
    assert g.page.js("[document.getElementById('canvas').width, "
                     "document.getElementById('canvas').height]") == [780, 1688]
    g.page.tap(*g.button("Start"))
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    g.page.tap(195, 600)  # the seating banner, seen
    g.py(SKIP_A_FIRST_BOT)
    g.wait("app.scene.human_turn and not app.scene.busy")
    g.page.tap(*g.button("Roll"))
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    hand = "from game.ui import hands\nresult = [hands.mode(), app.scene.table.status()[0]]"
    assert g.py(hand) == ["touch", "2 rolls left. Tap dice to hold them, or tap a box to "
                                   "score it."]  # (the page's taps speak of taps)
    die = g.py("result = list(app.scene.die_rects[2].center)")
    g.page.tap(die[0] / g.ratio, die[1] / g.ratio)
    g.wait("2 in app.scene.table.held")
    key = g.py("result = app.scene.state.open_categories()[0]")
    spot = g.py(f"app.scene.sheet.reveal({key!r})\napp.draw()\n"
                f"result = list(app.scene.sheet.row_rects[{key!r}].center)")
    for _ in range(2):
        g.page.tap(spot[0] / g.ratio, spot[1] / g.ratio)
        g.frames(0.3)
        if g.py(f"result = {key!r} in app.scene.state.sheets[0]"):
            break
    assert g.py(f"result = {key!r} in app.scene.state.sheets[0]")
    assert g.py(hand)[0] == "touch"  # (no mouse event the page made of a tap took over)


def test_a_phone_takes_the_lesson_it_is_proposed_by_taps(phone):
    """Learn to play in the browser: the menu proposes Yatzy's lesson, a tap takes it, the
    dice land as the lesson prepared them (the engine's chance model, forced, in pyodide),
    taps where the table points go on, and Skip lesson goes back to the menu."""
    g = phone
    g.page.tap(*g.button("Teach me"))
    g.wait("type(app.scene).__name__ == 'LearnScene' and app.scene.shown == app.scene.at")

    def tap_target() -> None:
        g.wait("app.scene.shown == app.scene.at and not app.scene.busy and "
               "app.scene._targets()")
        spot = g.py("result = list(app.scene._targets()[0].center)")
        g.page.tap(spot[0] / g.ratio, spot[1] / g.ratio)
        g.frames(0.2)
    tap_target()  # Roll
    g.wait("app.scene.at == 1 and not app.scene.busy")
    assert g.py("result = app.scene.state.dice") == [5, 2, 5, 3, 5]
    for _ in range(3):  # the three 5s
        tap_target()
    g.wait("app.scene.at == 2")
    assert g.py("result = sorted(app.scene.table.held)") == [0, 2, 4]
    g.page.tap(*g.button("Skip lesson"))
    g.wait("type(app.scene).__name__ == 'MenuScene'")
    assert g.py("result = [app.scene.offer, app.settings.lessons.get('yatzy')]") == [None, True]


def test_the_sharpest_picture_is_a_choice_that_is_kept(phone):
    """On a screen of ratio 3 the game draws at 2 unless the player asks Settings for the
    sharpest picture: then at 3, and so from the next start on."""
    g = phone
    start_yatzy(g)
    g.page.key("Escape")
    g.wait("type(app.scene).__name__ == 'PauseScene'")
    g.page.tap(*g.button("Settings"))
    g.wait("type(app.scene).__name__ == 'SettingsScene'")
    g.page.tap(*g.button("Sharpest picture: Off"))
    g.wait("app.screen.get_size() == (1170, 2532)")
    g.frames(0.3)
    assert g.page.js("[document.getElementById('canvas').width, "
                     "document.getElementById('canvas').height]") == [1170, 2532]
    assert g.py("result = [b.label for b in app.scene.focus.buttons "
                "if b.ident == 'sharpest']") == ["Sharpest picture: On"]
    assert json.loads(g.page.js("localStorage.getItem('dice-harbor-settings')"))["sharpest"]
    g.restart(keep_storage=True)  # the next start (the App's, which reads the settings)
    assert g.py("result = [list(app.screen.get_size()), app.dpr]") == [[1170, 2532], 3]
    assert g.ratio == 3
    # a screen with no more pixels than the game draws offers no such choice
    g.page.viewport(1280, 720, 1)
    g.wait("app.screen.get_size() == (1280, 720)")
    assert g.py("result = app.sharper_possible()") is False
    g.page.viewport(390, 844, 3, mobile=True, touch=True)
    g.wait("app.screen.get_size() == (1170, 2532)")
    assert g.py("result = app.sharper_possible()") is True


BOT_GAMES = list(GAMES)


@pytest.fixture(scope="module")
def bots_in_browser(desktop_tab) -> dict:
    """Each game played by bots in the browser, all in the desktop's tab (a page's start
    costs more CPU than a game), each from the menu the one before went back to: {game:
    [its scores, whether it was over]}."""
    g = desktop_tab
    g.restart()
    played = {}
    try:
        for game_id in BOT_GAMES:
            played[game_id] = g.py(f"""
from argparse import Namespace
from game.launcher import run_demo
args = Namespace(demo={game_id!r}, seed=7, players=None, long_names=False, frames=None,
                 screenshot=None, skip=True)
stats = run_demo(app, args)
app.to_menu()
result = [stats["scores"], stats["game_over"]]""")
    finally:
        problems = g.problems()
        g.stop()
    assert not problems, problems  # (no console errors)
    return played


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_every_game_played_by_bots_scores_as_natively(bots_in_browser, game_id):
    from argparse import Namespace

    from game.app import App
    from game.launcher import run_demo
    pygame.quit()
    app = App(sound=False, window_size=(1280, 720))
    stats = run_demo(app, Namespace(demo=game_id, seed=7, players=None, long_names=False,
                                    frames=None, screenshot=None, skip=True))
    pygame.quit()
    assert bots_in_browser[game_id] == [stats["scores"], True]


def test_a_game_by_link_opens_from_the_address_and_sends_the_next_link(game, desktop):
    """A link in the page's address opens the game (the moves since the player's last turn
    shown, skipped with F); a turn played with real clicks; the next link read from the
    clipboard and from the page's text field, put in the address of the other player's
    device (the desktop's tab, at its menu), where the game stands as it was sent."""
    from game import links
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES["yatzy"]
    state = info.new_game([Seat("Ann"), Seat("Ben")], seed=21)
    bot = make_policy(GAMES["yatzy"].bot_module, "normal", seed=1)
    while state.turns_played < 1 or state.seats[state.current].name != "Ben":
        state.apply(bot.choose(state))  # Ann has played (and Ben, if he was first)
    code = links.encode(info, state)
    g = game(address=f"{browser_site(game)}#{code}")
    assert g.page.js("location.hash") == ""  # the link left the address (no reload re-opens it)
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    assert g.py("result = [s.name for s in app.scene.state.seats]") == ["Ann", "Ben"]
    g.page.key("f")  # skip the moves shown
    g.wait("app.scene.human_turn and not app.scene.busy", 60)
    assert g.py("result = app.scene.state.digest()") == state.digest()
    g.page.click(*g.button("Roll"))  # Ben's turn, with the mouse: roll, then a box
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    row = g.py("""
key = app.scene.state.open_categories()[0]
app.scene.sheet.reveal(key)
app.draw()
result = [key, list(app.scene.sheet.row_rects[key].center)]""")
    for _ in range(2):  # a box that scores 0 asks for a second click
        g.page.click(row[1][0] / g.ratio, row[1][1] / g.ratio)
        g.frames(0.3)
        if g.py(f"result = {row[0]!r} in app.scene.state.sheets[1]"):
            break
    g.wait("type(app.scene).__name__ == 'LinkSendScene' and app.scene.link", 30)
    g.frames(0.3)  # (the page's field takes the link when the scene is laid out again)
    assert g.py("result = app.scene.title()") == "Send this link to Ann"
    in_page = g.page.js("document.getElementById('dh-link').value")
    assert in_page == g.py("result = app.scene.link") and in_page.startswith(g.site.origin)
    g.page.call("Browser.grantPermissions", {"origin": g.site.origin, "permissions": [
        "clipboardReadWrite", "clipboardSanitizedWrite"]})
    g.py("app.toast = None\nresult = 0")
    g.page.click(*g.button("Copy"))
    g.wait("app.scene.copying.waiting is None and app.toast is not None", 20)
    assert g.py("result = app.toast[0]") == "Copied: paste it in a message to Ann"
    assert g.page.js("navigator.clipboard.readText()") == in_page
    moves = g.py("result = len(app.scene.state.actions)")
    other = desktop  # Ann's device: the origin's storage, which Ben's tab shares, cleared
    other.restart()  # (nothing of the game), the game started anew at its menu
    other.page.goto(in_page)  # (the page's own address but for the link: the game takes it)
    other.wait("type(app.scene).__name__ == 'PlayScene'")
    other.wait("app.scene.human_turn and not app.scene.busy", 90)
    assert other.py("result = [len(app.scene.state.actions), app.scene.flow.viewer, "
                    "app.scene.state.seats[app.scene.state.current].name]") == [moves, 0, "Ann"]


def test_open_a_link_takes_a_pasted_link_in_the_pages_field(desktop):
    """The menu's Open a link: a text field of the page over the canvas (paste works as
    anywhere); a damaged link gets one sentence and changes nothing; a good one opens."""
    from game import links
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES["farkle"]
    state = info.new_game([Seat("Ann"), Seat("Ben")], seed=5)
    code = links.encode(info, state)
    g = desktop
    g.page.click(*g.button("Open a link"))
    g.wait("type(app.scene).__name__ == 'LinkOpenScene' and app.scene.in_page")
    box = g.page.js("(() => { const r = document.getElementById('dh-open')"
                    ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    g.page.click(*box)  # the field takes the keyboard
    g.page.call("Input.insertText", {"text": code[:-12]})
    g.page.key("Enter")
    g.wait("app.toast is not None", 20)
    assert g.py("result = app.toast[0]") == \
        "This link is damaged: it was cut short or changed."
    assert g.scene() == "LinkOpenScene"
    assert g.page.js("localStorage.getItem('dice-harbor-links')") is None
    g.page.js("document.getElementById('dh-open').value = ''")
    g.page.click(*box)
    g.page.call("Input.insertText", {"text": f"{g.site.url}#{code}"})
    g.page.key("Enter")
    g.wait("type(app.scene).__name__ == 'PlayScene'", 30)
    assert g.page.js("document.getElementById('dh-open')") is None  # the field went with it
    assert g.py("result = app.scene.state.seed") == 5


def browser_site(game_factory) -> str:
    return game_factory.site.url


def test_saves_and_records_survive_a_reload_and_continue_resumes(desktop):
    g = desktop
    start_yatzy(g)
    g.page.key("Space")
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    moves = g.py("result = len(app.scene.state.actions)")
    g.py("""
from game.catalog import GAMES
from game.sim import play_game
done = play_game("farkle", ["easy", "easy"], seed=3)
done.seats[0].bot = None
app.record_game("farkle", done)
result = 0""")
    stored = g.page.js("Object.keys(localStorage).sort()")
    assert {"dice-harbor-autosave", "dice-harbor-records"} <= set(stored)
    g.load(reload=True)
    assert g.scene() == "MenuScene"
    assert g.py("from game import records\nr, problem = records.load()\n"
                "result = [problem, len(r.table('farkle'))]") == ["", 1]
    g.page.click(*g.button("Continue"))
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    assert g.py("result = [len(app.scene.state.actions), app.scene.state.rolls]") == [moves, 1]


def test_damaged_storage_is_set_aside_with_one_sentence(desktop):
    g = desktop  # started again with this in its storage: the App reads it as it starts
    g.restart(storage={"dice-harbor-settings": '{"format": 1, "bot_speed": "warp"}',
                       "dice-harbor-autosave": '{"game_id": "yatzy", "save": [1, 2'})
    assert g.py("result = app.toast[0] if app.toast else ''") == \
        "Some settings were damaged and are back to their defaults."
    assert g.page.js("localStorage.getItem('dice-harbor-settings.damaged')") is not None
    g.page.click(*g.button("Continue"))
    g.frames(0.5)
    message = g.py("result = app.toast[0] if app.toast else ''")
    assert message.startswith("The saved game cannot be continued") and \
        message.endswith("It was set aside.")
    assert g.page.js("localStorage.getItem('dice-harbor-autosave')") is None
    assert g.page.js("localStorage.getItem('dice-harbor-autosave.damaged')") is not None
    assert g.py("result = app.scene.has_save") is False


def test_resizing_the_page_resizes_the_game(desktop):
    g = desktop  # (1280x720 at ratio 1)
    # the page's count of its resizes tells the game (game/web.py: page_changed), not the
    # check of its metrics every PAGE_CHECK frames, turned off here
    g.py("from game import web\nweb.PAGE_CHECK = 10 ** 9\nresult = 0")
    try:
        count = g.page.js("window.diceHarbor.resized")
        g.page.viewport(700, 900, 1)  # resized
        g.wait("app.screen.get_size() == (700, 900)")
        g.page.viewport(700, 900, 2)  # then its pixel ratio alone
        g.ratio = 2
        g.wait("app.screen.get_size() == (1400, 1800)")
        g.frames(0.3)  # a frame to be laid out again
        assert g.page.js("[document.getElementById('canvas').width, "
                         "document.getElementById('canvas').height]") == [1400, 1800]
        x, y = g.button("Start")
        assert 0 < x < 700 and 0 < y < 900  # laid out again for the new page
        assert g.page.js("window.diceHarbor.resized") > count
    finally:
        g.py("from game import web\nweb.PAGE_CHECK = 60\nresult = 0")


def test_sound_starts_after_the_first_click(game):
    """Silence until the player clicks; then Web Audio runs and the click is heard (the
    samples SDL writes are not silent)."""
    g = game()
    g.frames(1.0)
    assert g.page.js("window.__audio.peak") == 0  # nothing sounds before a click
    assert g.py("result = app.sounds.available and not app.sounds.muted")
    g.page.click(*g.button("Farkle"))  # choosing a game clicks
    g.wait("app.scene.game_id == 'farkle'")
    assert g.py("result = app.sounds.played[-1]") == "click"
    g.page.wait_for("window.__audio.contexts.some(c => c.state === 'running')", 10)
    g.page.click(*g.button("Yatzy"))
    g.page.wait_for("window.__audio.peak > 0.01", 10)


def test_the_page_decodes_the_sounds_as_the_game_would(desktop):
    """Issue 24: decoding a sound in the game's WebAssembly took 9.5-19 ms of a frame at a
    phone's CPU. The page decodes them (the browser's decoder, off the frames) and the
    game makes each Sound of its samples (game/ui/sound.py: preload): every sound, each
    as long as the file and with its samples, as SDL_mixer decodes the file in the page."""
    g = desktop
    g.wait("len(app.sounds._cache) == len(app.sounds._files)", 60)  # (idle frames at the menu)
    found = g.py("""
import array, pygame
from game.ui.theme import ASSETS
s = app.sounds
result = {"files": sorted(s._files), "from_page": sorted(s.from_page), "sounds": []}
for name in sorted(s._files):
    page = array.array("h", s._cache[name].get_raw())
    wasm = array.array("h", pygame.mixer.Sound(str(ASSETS / "sounds" / f"{name}.ogg")).get_raw())
    n = min(len(page), len(wasm))
    body = n - 2 * 128 * pygame.mixer.get_init()[2]  # (all but the last 128 samples)
    result["sounds"].append([name, len(page), len(wasm), max(map(abs, wasm)),
                             max(abs(page[i] - wasm[i]) for i in range(body)),
                             max(abs(page[i] - wasm[i]) for i in range(body, n))])
""")
    assert len(found["files"]) >= 30 and found["from_page"] == found["files"]
    for name, page, wasm, peak, body, end in found["sounds"]:
        assert page == wasm, (name, page, wasm)  # as long (samples, both channels)
        assert peak > 5000 and body <= 4, (name, body, peak)  # the same samples, give or take
        assert end <= 160, (name, end)  # (the last 128, its fade's end: silence here)


# -- presenting: only what changed reaches the canvas, and all of it -----------------------
def _source(*functions) -> str:
    import inspect
    return "\n".join(inspect.getsource(f) for f in functions)


BOTS_GAME = """
import js
from game.catalog import GAMES
from game.rules.core import Seat
info = GAMES[{game_id!r}]
app.settings.bot_speed = "fast"
play = app.show("play", info=info, state=info.new_game([Seat("Ada", "normal"), Seat("Bram", "normal")],
                                                      seed=3), autosave=False)
"""


def canvas_check(g: Game, game_id: str, steps: int, card: bool) -> dict:
    """Step a game of two bots in the page ``steps`` frames and, after every frame it
    shows, compare the canvas with the screen the game drew, and with a whole redraw: on
    the table after a frame that drew only the tray, under a Fortune Card after every frame
    (as tests/test_redraw.py and tests/test_overlay_frames.py do natively for the screen)."""
    from tests.test_overlay_frames import whole_redraw
    from tests.test_redraw import drawn_afresh, stale_parts, table_redrawn
    return g.py("""
import pygame
from contextlib import contextmanager
from collections.abc import Iterator
""" + _source(drawn_afresh, stale_parts, table_redrawn, whole_redraw) + BOTS_GAME.format(game_id=game_id)
        + f"""
from game.scenes.carddraw import CardDrawScene
canvas = js.document.getElementById("canvas").getContext("2d")
def on_canvas():
    w, h = app.screen.get_size()
    return canvas.getImageData(0, 0, w, h).data.to_bytes()
out = {{"shown": 0, "partial": 0, "card": 0, "bad": None}}
for _ in range({steps}):
    drawn, partial = app.drawn_frames, app.partial_frames
    app.step(1 / 60)
    if app.drawn_frames == drawn:
        continue
    out["shown"] += 1
    shown = on_canvas()
    if shown != pygame.image.tobytes(app.screen, "RGBA"):
        out["bad"] = f"frame {{app.frame}}: the canvas is not the screen"
        break
    if {card!r}:
        if not isinstance(app.scene, CardDrawScene):
            continue
        fresh = whole_redraw(app)
        out["card"] += 1
    elif app.partial_frames > partial and len(app.visible_scenes()) == 1:
        fresh = table_redrawn(app.scene, app.screen)
        out["partial"] += 1
        stale = ([app.scene.sheet.rect] if app.scene._sheet_late else []) + \
            stale_parts(app.scene, app.screen)
        if stale:  # (a frame after a move left the sheet, or parts, to the next ones: the
            # canvas is the screen, above; their own check is tests/test_redraw.py)
            masked = app.screen.copy()
            for picture in (masked, fresh):
                for area in stale:
                    picture.fill((1, 254, 3), area)
            shown = pygame.image.tobytes(masked, "RGBA")
    else:
        continue
    if shown != pygame.image.tobytes(fresh, "RGBA"):
        out["bad"] = f"frame {{app.frame}}: the canvas is not a whole redraw"
        break
result = out""")


def test_every_frame_of_a_throw_reaches_the_canvas_whole(phone):
    """While dice tumble only the tray's rectangles go to the canvas (web.present); after
    every frame the canvas must be what a whole redraw of the table gives."""
    g = phone
    out = canvas_check(g, "farkle", 420, card=False)
    assert out["bad"] is None, out["bad"]
    assert out["partial"] > 60 and out["shown"] > out["partial"], out


def test_every_frame_under_a_card_reaches_the_canvas_whole(desktop):
    g = desktop
    out = canvas_check(g, "pirates", 700, card=True)
    assert out["bad"] is None, out["bad"]
    assert out["card"] > 40, out


def test_only_the_changed_rectangles_are_put_on_the_canvas(phone):
    """The page's present() gets exactly the rectangles the table redrew while dice
    tumble (the saving this is all about; neighbours as their union where one put of it
    costs less, web.merged), and the whole screen after a whole frame."""
    g = phone
    g.page.js("""(() => { const put = window.diceHarbor.present; window.__puts = [];
      window.diceHarbor.present = (...a) => { window.__puts.push(a.slice(3)); put(...a); }; })()""")
    out = g.py(BOTS_GAME.format(game_id="yatzy") + """
from game import web
web._present = None  # (found again: the watched one)
redrawn = []
own = {name: getattr(play, name) for name in ("draw_moving", "draw_changed")}
def watching(name):
    def watched(surface):
        rects = own[name](surface)
        redrawn.append(rects)
        return rects
    return watched
for name in own:  # (the dice tumbling: the tray; a move: the parts that changed)
    setattr(play, name, watching(name))
screen = app.screen.get_rect()
def puts():
    return [list(p) for p in js.window.__puts.to_py()]
out = {"partial": 0, "whole": 0, "bad": None}
for _ in range(240):
    frames, partial, before = app.drawn_frames, app.partial_frames, len(puts())
    redrawn.clear()
    app.step(1 / 60)
    new = puts()[before:]
    if app.drawn_frames == frames:
        if new:
            out["bad"] = f"frame {app.frame}: nothing drawn, {new} put"
        continue
    if app.partial_frames > partial:
        want = [list(r) for r in web.merged([screen.clip(r) for r in redrawn[-1] or []])]
        out["partial"] += 1
        if new != want or [0, 0, screen.w, screen.h] in new:
            out["bad"] = f"frame {app.frame}: put {new}, the table redrew {want}"
    else:
        out["whole"] += 1
        if new != [[0, 0, screen.w, screen.h]]:
            out["bad"] = f"frame {app.frame}: a whole frame put {new}"
    if out["bad"]:
        break
for name, method in own.items():
    setattr(play, name, method)
result = out""")
    assert out["bad"] is None, out["bad"]
    assert out["partial"] > 30 and out["whole"] > 0, out


# -- the loading screen ---------------------------------------------------------------------
LOADING_WATCH = """
window.__loading = { seen: [], hiddenAt: null, atFirstPaint: null };
document.addEventListener("DOMContentLoaded", () => {
  const loading = document.getElementById("loading");
  const visible = () => !loading.hidden && getComputedStyle(loading).display !== "none";
  window.__loading.atStart = { visible: visible(), text: loading.innerText,
                               bar: document.getElementById("fill").getAnimations()
                                 .map((a) => a.playState) };
  window.__loading.seen.push(document.getElementById("stage").textContent);
  new MutationObserver(() => {
    const stage = document.getElementById("stage").textContent;
    const seen = window.__loading.seen;
    if (seen[seen.length - 1] !== stage) seen.push(stage);
    if (!visible() && window.__loading.hiddenAt === null) {
      window.__loading.hiddenAt = performance.now();
      window.__loading.firstFrame = window.diceHarbor.firstFrame;  // (as it was then: the
      window.__loading.focused = document.activeElement.id;       // tab's tests go on in it)
    }
  }).observe(loading, { subtree: true, childList: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") {
        window.__loading.atFirstPaint = { time: entry.startTime, visible: visible() };
      }
    }
  }).observe({ type: "paint", buffered: true });
});
"""


def test_the_loading_screen_shows_each_stage_until_the_first_frame(phone_tab):
    """The phone's tab, watched from its start (LOADING_WATCH): what its last start showed
    until its first frame."""
    page = phone_tab.page
    watched = page.js("window.__loading")
    first = watched["firstFrame"]
    start = watched["atStart"]
    assert start["visible"] and "Dice Harbor" in start["text"] and "Step 1 of 3" in start["text"]
    assert start["bar"] == ["running"]  # the bar creeps on from the start
    assert watched["atFirstPaint"]["visible"] and watched["atFirstPaint"]["time"] < first
    assert watched["seen"] == ["Starting Python…", "Loading pygame…", "Loading the game…"]
    assert watched["hiddenAt"] is not None and watched["hiddenAt"] >= first
    assert page.js("document.getElementById('loading').hidden") is True
    assert watched["focused"] == "canvas"  # keys go to the game


def test_a_failure_while_loading_is_shown_in_words_on_the_page(browser, site, tmp_path):
    import shutil

    from tests.browser.site import build
    folder = tmp_path / "site"
    shutil.copytree(site.folder, folder)
    origin, close = serve(folder)
    page = browser.new_page()
    try:
        for missing, stage in ((build.PYGAME_FILES, "loading pygame"),
                               (build.GAME_ARCHIVE, "loading the game")):
            (folder / missing).rename(folder / "aside")
            (folder / f"{missing}.gz").rename(folder / "aside.gz")  # (and its gzip copy)
            page.goto(f"{origin}/index.html")
            page.wait_for("window.diceHarbor && window.diceHarbor.error", LOAD_TIMEOUT)
            text = page.js("document.getElementById('problem-text').innerText")
            assert page.js("!document.getElementById('problem').hidden && "
                           "!document.getElementById('loading').hidden")
            assert text.startswith(f"Dice Harbor could not start ({stage})"), text
            assert "Reload the page to try again" in text
            if missing == build.GAME_ARCHIVE:
                assert f"{build.GAME_ARCHIVE}: 404" in text, text
            (folder / "aside").rename(folder / missing)
            (folder / "aside.gz").rename(folder / f"{missing}.gz")
    finally:
        page.call("Target.closeTarget", {"targetId": page.target})
        close()


# -- less before the first frame ------------------------------------------------------------
def test_the_expert_table_is_fetched_when_first_needed(desktop):
    """The expert's table is not in the archive the page loads at start: a task that needs
    it waits over frames while it is fetched (the frame goes on), then it is read as
    natively; code that cannot wait gets it at once."""
    g = desktop
    assert g.at_start == [False, True]  # (as the page started, before any test)
    assert g.py("""
import builtins
from game.games.yatzy import expert_table as yatzy_table
from game.tasks import Task
yatzy_table.PATH.unlink(missing_ok=True)  # (an earlier test in this page may have needed it)
yatzy_table._TABLE = None
builtins.fetching = Task(yatzy_table.table_steps())
result = [builtins.fetching.step()]""") == [False]  # waiting for it
    for _ in range(200):
        if g.py("import builtins\nresult = builtins.fetching.step()"):
            break
        time.sleep(0.05)
    from game.games.yatzy import expert_table as yatzy_table
    native = yatzy_table.value(yatzy_table.CATS, 0)  # (the mean of optimal play: about 256.4)
    assert g.py("""
import builtins
from game.games.yatzy import expert_table as yatzy_table
task = builtins.fetching
result = [task.done, task.error is None, task.slices > 1, yatzy_table.PATH.exists(),
          yatzy_table.value(yatzy_table.CATS, 0)]""") == [True, True, True, True, native]
    # an expert plays with it
    g.py("""
from game.catalog import GAMES
from game.rules.core import Seat
info = GAMES["yatzy"]
app.settings.bot_speed = "fast"
play = app.show("play", info=info, state=info.new_game([Seat("Ada", "expert"), Seat("You")],
                                                      seed=5), autosave=False)
play.banner = None
result = 0""")
    g.wait("app.scene.state.actions", 60)
    # code that cannot wait for a frame gets it at once (a synchronous request)
    assert g.py("""
from game.games.yatzy import expert_table as yatzy_table
yatzy_table.PATH.unlink()
yatzy_table._TABLE = None
result = [yatzy_table.value(yatzy_table.CATS, 0), yatzy_table.PATH.stat().st_size]
""") == [native, yatzy_table.PATH.stat().st_size]


# -- installable, offline, one version at a time --------------------------------------------
def started(tab) -> None:
    tab.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                 "window.diceHarbor.error)", LOAD_TIMEOUT)
    assert not tab.js("window.diceHarbor.error")


def kept_for_offline(tab) -> None:
    """The service worker of the page's version is active with every file kept."""
    tab.wait_for("navigator.serviceWorker.ready.then(r => !!r.active)", 120)
    version = tab.js("window.diceHarbor.version")
    tab.wait_for(f"caches.keys().then(k => k.includes('dice-harbor-{version}'))", 60)


def test_the_site_installs_plays_offline_and_takes_a_new_version_whole(site, tmp_path):
    """The site installs and is kept whole for offline play: with the site gone the game
    starts again from what was kept (and fetches later what it fetches later). A version
    found while the game runs is installed in the background; the next visit moves to it
    before loading anything: each visit is one version, never a mix. (One test: the visit
    that starts offline is the one served by the worker before the new version.)"""
    import shutil
    import urllib.parse

    from tests.browser.site import ROOT, build
    root = tmp_path / "root"
    root.mkdir()
    for name in ("main.py", "game", "assets"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, root / name)
    wheel_dir = {"DICE_HARBOR_WASM_CACHE": str(wheel()[0].parent)}
    folder = tmp_path / "site"

    def release(mark: str) -> None:
        # (a file of the game's archive: the game's own files unchanged, so their bytecode
        # comes from the build's cache, as the session's site's, and no Node starts)
        (root / "assets" / "release.txt").write_text(mark, encoding="utf-8")
        build.build_pyodide(folder, self_hosted=True, environ=wheel_dir, root=root)

    def seen(tab) -> list:
        return [tab.js("window.diceHarbor.version"), tab.js(
            "pyodide.runPython('open(\"/home/pyodide/dice-harbor/assets/release.txt\").read()')"),
            tab.js("navigator.serviceWorker.controller && "
                   "new URL(navigator.serviceWorker.controller.scriptURL).pathname")]

    release("one")
    one = build_version(folder)
    origin, close = serve(folder)
    try:
        # every host but this one is unreachable: the game must start from the site alone
        with Browser(extra_flags=["--host-resolver-rules=MAP * ~NOTFOUND , "
                                  "EXCLUDE 127.0.0.1"]) as b:
            tab = b.new_page(f"{origin}/index.html")
            started(tab)
            manifest = tab.call("Page.getAppManifest")
            assert not manifest.get("errors"), manifest.get("errors")
            kept_for_offline(tab)
            assert tab.call("Page.getInstallabilityErrors")["installabilityErrors"] == []
            close()  # the site goes away: the game starts again from what was kept
            tab.reload()
            time.sleep(0.5)
            started(tab)
            assert seen(tab) == [one, "one", "/sw.js"]  # served by the worker, version one
            assert tab.js("fetch('game/games/yatzy/data/yatzy_expert.bin')"
                          ".then(r => r.arrayBuffer()).then(b => b.byteLength)") == 623152
            tab.pump()  # (what is fetched later, too)
            assert not [e for e in tab.errors if "127.0.0.1" not in e], tab.errors
            offline = len(tab.errors)
            origin, close = serve(folder, port=urllib.parse.urlsplit(origin).port)  # back
            release("two")
            two = build_version(folder)
            assert two != one
            tab.reload()  # this visit finds version two: still wholly one, two installs
            time.sleep(0.5)
            started(tab)
            assert seen(tab)[:2] == [one, "one"]
            tab.wait_for("navigator.serviceWorker.getRegistration()"
                         ".then(r => !!(r && r.waiting))", 120)
            tab.reload()  # the next visit: wholly two
            time.sleep(0.5)
            started(tab)
            assert seen(tab)[:2] == [two, "two"]
            tab.wait_for(f"caches.keys().then(k => k.length === 1 && k[0] === "
                         f"'dice-harbor-{two}')", 30)
            tab.pump()
            assert not tab.errors[offline:], tab.errors[offline:]
    finally:
        close()


def build_version(folder) -> str:
    import re
    return re.search(r'const VERSION = "(\w+)";', (folder / "sw.js").read_text()).group(1)
