"""The start of the self-hosted page (issue 24): pygame's side module fetched and compiled
while pyodide boots, then linked with emscripten's own loader (no wheel, no loadPackage);
pygame's modules and the standard library as bytecode; the page says which way pygame came.
A host that does not call the module a WebAssembly file still starts it (compiled from its
bytes), and a module that is not there is an error in words at the pygame stage. (The
browser tests' site, browser and tabs: tests/browser/conftest.py.)"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import zipfile

from tests.browser import site as site_module
from tests.browser.site import build, serve
from tests.browser.test_browser import LOAD_TIMEOUT, Game, start_yatzy

SITE_PACKAGES = "/lib/python3.12/site-packages"
GAME_FOLDER = "/home/pyodide/dice-harbor"  # (web/pyodide.tmpl)


def test_pygame_is_compiled_while_python_starts_and_the_game_plays(phone, site):
    """The phone's tab (390x844 at ratio 3, touch: tests/browser/conftest.py), as its start
    left it (``at_start``), then restarted at its menu for a turn."""
    g = phone
    start = g.at_start
    assert start["pygame"] == "side module compiled while Python started"
    marks, asked = start["marks"], start["asked"]
    module = [at for path, at in asked if path.startswith(f"/{build.PYGAME_WASM}")]
    assert module and module[0] < marks["python"]  # asked for before Python was up
    assert not [path for path, _ in asked if path.endswith(".whl")]  # no wheel at all
    assert marks["python"] < marks["pygameLinked"] < marks["pygame"] < marks["game"]
    assert marks["pygameCompiled"] < marks["pygameLinked"]
    # Python's import found the module loaded; pygame's modules and the standard
    # library's came as bytecode (none compiled on the player's CPU)
    assert g.py("""
import json, pygame, pygame.base
result = [pygame.base.__file__, pygame.__file__, pygame.sysfont.__file__, json.__file__,
          pygame.font.get_init(), pygame.display.get_init()]
""") == [f"{SITE_PACKAGES}/{build.PYGAME_SIDE_MODULE}", f"{SITE_PACKAGES}/pygame/__init__.pyc",
         f"{SITE_PACKAGES}/pygame/sysfont.pyc", "/lib/python312.zip/json/__init__.pyc", True,
         True]
    # the page unpacked pygame's files and the game's itself (web/pyodide.tmpl:
    # unpackZip): every file of both archives where Python reads it, byte for byte
    want = {}
    for archive, folder in ((build.PYGAME_FILES, SITE_PACKAGES),
                            (build.GAME_ARCHIVE, GAME_FOLDER)):
        with zipfile.ZipFile(site.folder / archive) as z:
            want.update({f"{folder}/{i.filename}": hashlib.sha256(z.read(i)).hexdigest()
                         for i in z.infolist() if not i.is_dir()})
    assert len(want) > 100
    assert g.py(f"""
import hashlib, pathlib
result = {{p: hashlib.sha256(pathlib.Path(p).read_bytes()).hexdigest()
          if pathlib.Path(p).is_file() else None for p in {sorted(want)!r}}}""") == want
    # and the game plays: a turn by taps
    start_yatzy(g)
    g.page.tap(*g.button("Roll"))
    g.wait("app.scene.state.rolls == 1 and not app.scene.busy")
    dice = g.py("result = list(app.scene.state.dice)")
    assert len(dice) == 5 and all(1 <= d <= 6 for d in dice)
    the_screen_shows_the_canvas(g.page)
    unpacking_a_zip(g.page)


def the_screen_shows_the_canvas(page) -> None:
    """What the screen shows (a screenshot) is what the game put on its canvas, after the
    throw's frames presented rectangle by rectangle: the canvas is desynchronized (web/
    pyodide.tmpl), its frames go to the screen without the page's own. Tile by tile, and
    the comparison can fail: the canvas moved by a tile does not match."""
    import pygame
    assert page.js("document.getElementById('canvas').getContext('2d')"
                   ".getContextAttributes().desynchronized") is True
    shot = pygame.image.load(io.BytesIO(base64.b64decode(
        page.call("Page.captureScreenshot", {"format": "png"})["data"])))
    url = page.js("document.getElementById('canvas').toDataURL('image/png')")
    canvas = pygame.transform.smoothscale(
        pygame.image.load(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))), shot.get_size())
    w, h, tile = *shot.get_size(), 36

    def matching(shift: int) -> float:
        same = total = 0
        for y in range(0, h - tile - shift, tile):
            for x in range(0, w - tile, tile):
                a = pygame.transform.average_color(shot, (x, y, tile, tile))[:3]
                b = pygame.transform.average_color(canvas, (x, y + shift, tile, tile))[:3]
                same += all(abs(p - q) <= 12 for p, q in zip(a, b, strict=True))
                total += 1
        return same / total
    assert matching(0) >= 0.97, matching(0)
    assert matching(tile) < 0.9, matching(tile)


def unpacking_a_zip(page) -> None:
    """The page's own unzip (unpackZip) on archives of every kind it may meet: files
    stored and deflated, empty ones, folders in folders, a folder's own entry, names
    beyond ASCII; a name that leads outside the folder is refused, nothing written."""
    files = {"a.txt": b"stored " * 50, "deep/er/b.pyc": bytes(range(256)) * 40,
             "empty": b"", "deep/Dés ☃.txt": b"accents and a snowman"}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("deep/"), b"")
        for n, (name, data) in enumerate(files.items()):
            z.writestr(name, data, zipfile.ZIP_DEFLATED if n % 2 else zipfile.ZIP_STORED)
        z.comment = b"a comment after the directory"
    evil = io.BytesIO()
    with zipfile.ZipFile(evil, "w") as z:
        z.writestr("fine.txt", b"fine")
        z.writestr("../escaped.txt", b"out")

    def unpack(data: bytes, folder: str):
        return page.js(f"""(async () => {{
          const bytes = Uint8Array.from(atob("{base64.b64encode(data).decode()}"),
                                        (c) => c.charCodeAt(0));
          return unpackZip(pyodide, bytes.buffer, "{folder}").then(() => "unpacked",
                                                                  (e) => e.message); }})()""")
    assert unpack(out.getvalue(), "/tmp/unzipped/here") == "unpacked"
    got = page.js(f"""(() => {{ const read = (p) => Array.from(pyodide.FS.readFile(p));
        return Object.fromEntries({json.dumps(list(files))}
          .map((n) => [n, read("/tmp/unzipped/here/" + n)])); }})()""")
    assert {name: bytes(data) for name, data in got.items()} == files
    assert "outside its folder" in unpack(evil.getvalue(), "/tmp/unzipped/evil")
    assert page.js("pyodide.FS.analyzePath('/tmp/unzipped/escaped.txt').exists") is False
    assert page.js("pyodide.FS.analyzePath('/tmp/unzipped/evil/fine.txt').exists") is False


class _NoWasmType(site_module._Quiet):
    """A host that knows nothing of .wasm files (application/octet-stream)."""
    extensions_map = {**site_module._Quiet.extensions_map, ".wasm": "application/octet-stream"}


def test_a_host_without_the_wasm_type_or_the_module_is_handled(browser, site,
                                                               tmp_path):
    folder = tmp_path / "site"
    shutil.copytree(site.folder, folder)
    (folder / f"{build.PYGAME_WASM}.gz").unlink()  # the plain file, as the host labels it
    origin, close = serve(folder, _NoWasmType)
    try:
        here = type("Here", (), {"origin": origin, "url": f"{origin}/index.html"})
        g = Game(browser, here)
        try:
            assert g.page.js("window.diceHarbor.pygame") == \
                "side module compiled while Python started"
            assert g.py("import pygame\nresult = pygame.Rect(1, 2, 3, 4).right") == 4
            problems = g.problems()
        finally:
            g.page.call("Target.closeTarget", {"targetId": g.page.target})
        # (but the gzip copy the page asked for first, as the host has none)
        assert [p for p in problems if f"{build.PYGAME_WASM}.gz" not in p] == [], problems
        # no module at all: the page says so at the pygame stage, not while Python starts
        (folder / build.PYGAME_WASM).unlink()
        page = browser.new_page()
        try:
            page.goto(f"{origin}/index.html")
            page.wait_for("window.diceHarbor && window.diceHarbor.error", LOAD_TIMEOUT)
            text = page.js("document.getElementById('problem-text').innerText")
            assert text.startswith("Dice Harbor could not start (loading pygame)"), text
            assert f"{build.PYGAME_WASM}: 404" in text, text
        finally:
            page.call("Target.closeTarget", {"targetId": page.target})
    finally:
        close()
