"""The game itself in a real browser: headless Chromium, pyodide 0.27.7 and the pygame-ce
build pygbag's CDN serves, the real main.py, game/ and assets/ as web/build.py stages them,
driven with real mouse, keyboard and touch input over the Chrome DevTools Protocol.

Needs Chromium (Debian's ``chromium``), Node.js and npm (for the pinned pyodide, as the
pyodide test) and the wheel in its cache (tests/browser/site.py). Without them it skips with
one line saying what is missing; under CI (CI=true, as .ci/run sets) it fails instead.
"""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from tests.browser.cdp import Browser, find_chromium
from tests.browser.site import Site, wheel

LOAD_TIMEOUT = 120


def _missing(message: str):
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI: {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if find_chromium() is None:
        _missing("Chromium is not installed (apt-get install chromium); .ci/run installs it")
    from tests.test_pyodide import ensure_pyodide, require_node
    _, npm = require_node()
    ensure_pyodide(npm)
    path, problem = wheel()
    if path is None:
        _missing(problem)
    s = Site(tmp_path_factory.mktemp("site"), path, cached_runtime=True)
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser(site):
    b = Browser(extra_flags=["--autoplay-policy=user-gesture-required",
                             "--disable-audio-output"])  # (sound rendered, never played)
    yield b
    b.close()


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


class Game:
    """The game in one tab: load it, look at it through its own Python, and play."""

    def __init__(self, browser: Browser, site: Site, width=1280, height=720, ratio=1.0,
                 touch=False, storage: dict | None = None):
        self.site = site
        self.page = browser.new_page()
        self.page.call("Page.addScriptToEvaluateOnNewDocument", {"source": AUDIO_PROBE})
        self.page.viewport(width, height, ratio, mobile=touch, touch=touch)
        self.ratio = ratio
        self.page.goto(f"{site.origin}/blank.html")  # the origin, to set its storage first
        self.page.wait_for("document.readyState === 'complete'")
        self.page.js("localStorage.clear()")
        for key, value in (storage or {}).items():
            self.page.js(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
        self.load()

    def load(self, reload: bool = False) -> None:
        if reload:
            self.page.reload()
            time.sleep(0.3)
        else:
            self.page.goto(self.site.url)
        self.page.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                           "window.diceHarbor.error)", LOAD_TIMEOUT)
        error = self.page.js("window.diceHarbor.error")
        assert not error, error

    def py(self, code: str):
        """Run Python in the page; the value of its last line ``result = ...`` as JSON."""
        text = self.page.js("pyodide.runPython(" + json.dumps(
            "import json\nfrom game.app import App\napp = App.current\n" + code
            + "\njson.dumps(result)") + ")", timeout=600)
        return json.loads(text)

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
        self.page.pump()
        return self.page.errors + [text for level, text in self.page.console
                                   if "Traceback" in text or level == "error"]

    def close(self) -> None:
        problems = self.problems()
        self.page.call("Target.closeTarget", {"targetId": self.page.target})
        assert not problems, problems


@pytest.fixture
def game(browser, site):
    opened: list[Game] = []

    def make(**kwargs) -> Game:
        g = Game(browser, site, **kwargs)
        opened.append(g)
        return g
    yield make
    for g in opened:
        g.close()


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


def test_the_menu_draws_as_it_does_natively(game, tmp_path):
    g = game()
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
        # ... and the comparison can fail: the same region shifted does not match
        shifted = png_tiles(native, (rect[0] + 40, rect[1] + 30, rect[2] - 40, rect[3] - 30))
        near = sum(all(abs(p - q) <= 24 for p, q in zip(s, t, strict=False))
                   for s, t in zip(png_tiles(browser_png, (rect[0], rect[1], rect[2] - 40,
                                                            rect[3] - 30)), shifted,
                                   strict=False))
        assert near < 0.9 * len(shifted) or name == "players", f"{name}: shift not seen"


def start_yatzy(g: Game) -> None:
    g.page.click(*g.button("Start"))
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    g.wait("app.scene.banner is None or app.scene.human_turn")
    g.page.click(20, 300)  # the seating banner, seen: a click moves on
    g.wait("app.scene.human_turn and not app.scene.busy")


def test_a_yatzy_turn_with_the_mouse_and_one_with_the_keyboard(game):
    g = game()
    start_yatzy(g)
    assert g.py("result = app.scene.state.rolls") == 0
    g.page.click(*g.button("Roll"))  # the mouse: roll, hold a die, roll again, score
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
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


def test_a_phone_plays_a_turn_by_taps_alone(game):
    g = game(width=390, height=844, ratio=3, touch=True)
    assert g.py("result = [list(app.screen.get_size()), app.touch]") == [[1170, 2532], True]
    g.page.tap(*g.button("Start"))
    g.wait("type(app.scene).__name__ == 'PlayScene'")
    g.page.tap(195, 600)  # the seating banner, seen
    g.wait("app.scene.human_turn and not app.scene.busy")
    g.page.tap(*g.button("Roll"))
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    die = g.py("result = list(app.scene.die_rects[2].center)")
    g.page.tap(die[0] / 3, die[1] / 3)
    g.wait("2 in app.scene.table.held")
    key = g.py("result = app.scene.state.open_categories()[0]")
    spot = g.py(f"app.scene.sheet.reveal({key!r})\napp.draw()\n"
                f"result = list(app.scene.sheet.row_rects[{key!r}].center)")
    for _ in range(2):
        g.page.tap(spot[0] / 3, spot[1] / 3)
        g.frames(0.3)
        if g.py(f"result = {key!r} in app.scene.state.sheets[0]"):
            break
    assert g.py(f"result = {key!r} in app.scene.state.sheets[0]")


BOT_GAMES = ["yatzy", "maxi_yatzy", "farkle", "pirates", "bona_fortuna", "grab_it"]


@pytest.fixture(scope="module")
def bots_in_browser(browser, site) -> dict:
    """Each game played by bots in the browser, all in one tab (a page's start costs more
    CPU than a game), each from the menu the one before went back to: {game: [its scores,
    whether it was over]}."""
    g = Game(browser, site)
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
        g.close()  # (no console errors)
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


def test_saves_and_records_survive_a_reload_and_continue_resumes(game):
    g = game()
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


def test_damaged_storage_is_set_aside_with_one_sentence(game):
    g = game(storage={"dice-harbor-settings": '{"format": 1, "bot_speed": "warp"}',
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


def test_resizing_the_page_resizes_the_game(game):
    g = game(width=1280, height=720, ratio=1)
    g.page.viewport(700, 900, 2)
    g.ratio = 2
    g.wait("app.screen.get_size() == (1400, 1800)")
    g.frames(0.3)  # a frame to be laid out again
    assert g.page.js("[document.getElementById('canvas').width, "
                     "document.getElementById('canvas').height]") == [1400, 1800]
    x, y = g.button("Start")
    assert 0 < x < 700 and 0 < y < 900  # laid out again for the new page


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


# -- self-hosting ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def mirror(site, tmp_path_factory):
    """A local stand-in for the npm registry and pygbag's CDN: pyodide's real npm tarball
    (``npm pack``, from npm's cache or the registry) and the cached wheel, at the paths the
    real hosts serve them."""
    import functools
    import http.server
    import shutil
    import subprocess
    import threading

    from tests.browser.site import build, wheel
    root = tmp_path_factory.mktemp("mirror")
    (root / "pyodide" / "-").mkdir(parents=True)
    (root / "cp312").mkdir()
    proc = subprocess.run(["npm", "pack", f"pyodide@{build.PYODIDE_VERSION}", "--prefer-offline",
                           "--pack-destination", str(root / "pyodide" / "-")],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    shutil.copyfile(wheel()[0], root / "cp312" / build.WHEEL)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def build_self_hosted(mirror_url: str, out):
    import subprocess
    import sys

    from tests.browser.site import ROOT
    return subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--pyodide",
                           "--self-host", "--registry", mirror_url, "--cdn", mirror_url,
                           "--out", str(out)], capture_output=True, text=True, timeout=600)


def test_a_self_hosted_site_needs_no_other_host_and_plays_offline(mirror, tmp_path):
    import functools
    import http.server
    import threading
    root, url = mirror
    out = tmp_path / "site"
    made = build_self_hosted(url, out)
    assert made.returncode == 0, made.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "jsdelivr" not in page and "github.io" not in page and "runtime/pyodide/" in page
    assert (out / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_port}"
    # every host but this one is unreachable: the game must start from the site alone
    with Browser(extra_flags=["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]) as b:
        tab = b.new_page(f"{origin}/index.html")
        tab.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                     "window.diceHarbor.error)", LOAD_TIMEOUT)
        assert not tab.js("window.diceHarbor.error")
        tab.wait_for("navigator.serviceWorker.controller !== null || "
                     "navigator.serviceWorker.ready.then(() => true)", 30)
        tab.wait_for("caches.open('dice-harbor-v1').then(c => c.keys()).then(k => k.length > 8)",
                     60)
        server.shutdown()  # the site goes away: the game starts again from what was kept
        server.server_close()
        tab.reload()
        time.sleep(0.5)
        tab.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                     "window.diceHarbor.error)", LOAD_TIMEOUT)
        assert not tab.js("window.diceHarbor.error")
        tab.pump()
        assert not [e for e in tab.errors if "127.0.0.1" not in e], tab.errors


def test_self_hosting_refuses_a_runtime_file_that_is_not_the_pinned_one(mirror, tmp_path):
    from tests.browser.site import build
    root, url = mirror
    wheel_file = root / "cp312" / build.WHEEL
    good = wheel_file.read_bytes()
    try:
        wheel_file.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))  # one bit off
        made = build_self_hosted(url, tmp_path / "site")
    finally:
        wheel_file.write_bytes(good)
    assert made.returncode != 0
    lines = [line for line in made.stderr.strip().splitlines() if line]
    assert len(lines) == 1 and "is not the pinned file" in lines[0] and build.WHEEL in lines[0]
