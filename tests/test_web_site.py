"""web/build.py --pyodide --self-host: a site built from what is cached and checked (pyodide
from the npm package the tests install, pygame-ce's wheel from the wheel cache), built in a
folder of its own and put in place of the last build only when it is whole; gzip copies of
the runtime's large files; a service worker that lists every file of its version with its
sha256; the large data left out of the archive the page loads at start. (The pygbag build:
tests/test_web_build.py.)"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402  (web/build.py)
from tests.browser.test_site import stand_in  # noqa: E402, F401  (a fixture)

DEAD = "http://127.0.0.1:9"
NPM_STDLIB = build.NPM_PYODIDE / "python_stdlib.zip"  # nothing listens there: a build that downloads fails


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    """A stand-in npm package and wheel cache, small files whose sha256 are the pins."""
    npm = tmp_path / "node_modules" / "pyodide"
    npm.mkdir(parents=True)
    (npm / "package.json").write_text('{"name": "pyodide", "version": "0.27.7"}')
    files = {name: (f"{name} " * 4000).encode() for name in build.PYODIDE_FILES}
    files["python_stdlib.zip"] = bytes(range(256)) * 40  # (barely compressible: no copy)
    for name, data in files.items():
        (npm / name).write_bytes(data)
    monkeypatch.setattr(build, "PYODIDE_FILES", {n: digest(d) for n, d in files.items()})
    cache = tmp_path / "cache"
    cache.mkdir()
    wheel = small_wheel()
    (cache / build.WHEEL).write_bytes(wheel)
    monkeypatch.setattr(build, "WHEEL_SHA256", digest(wheel))
    return {"npm": npm, "files": files, "cache": cache, "wheel": wheel,
            "environ": {"DICE_HARBOR_WASM_CACHE": str(cache)}}


SIDE_MODULE = b"\0asm\1\0\0\0" + b"pygame's C code, as far as these tests know" * 50


def small_wheel() -> bytes:
    """A wheel laid out as pygame-ce's: its one side module and pygame's Python files."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        z.writestr(build.PYGAME_SIDE_MODULE, SIDE_MODULE)
        z.writestr("pygame/__init__.py", "from pygame.base import *\n")
        z.writestr("pygame/freesansbold.ttf", b"a font")
        z.writestr("pygame_ce-2.5.7.dev1.dist-info/WHEEL", "Wheel-Version: 1.0\n")
    return data.getvalue()


def make(out: Path, runtime: dict, **kwargs) -> Path:
    args = dict(self_hosted=True, registry=DEAD, cdn=DEAD, environ=runtime["environ"],
                npm_dir=runtime["npm"], compiled=False)  # (bytecode: the last test)
    args.update(kwargs)
    return build.build_pyodide(out, **args)


def config_of(site: Path) -> dict:
    page = (site / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r"const CONFIG = (\{.*?\});", page).group(1))


def worker_files(site: Path) -> list[dict]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))


def test_a_self_hosted_site_is_built_from_the_cache_without_a_network(tmp_path, runtime):
    site = make(tmp_path / "site", runtime)
    for name, data in runtime["files"].items():
        assert (site / "runtime" / "pyodide" / name).read_bytes() == data
    # pygame's wheel split in two: its side module as a .wasm the page compiles while
    # Python starts, the rest in a zip laid out as in site-packages
    assert config_of(site)["pygame"] == {"module": build.PYGAME_WASM, "files": build.PYGAME_FILES,
                                         "so": build.PYGAME_SIDE_MODULE,
                                         "sitePackages": "/lib/python3.12/site-packages"}
    assert config_of(site)["wheel"] is None and not (site / "runtime" / build.WHEEL).exists()
    assert (site / build.PYGAME_WASM).read_bytes() == SIDE_MODULE
    assert build.PYGAME_WASM.endswith(".wasm")  # (a static host says application/wasm)
    with zipfile.ZipFile(site / build.PYGAME_FILES) as z:
        assert sorted(z.namelist()) == ["pygame/__init__.py", "pygame/freesansbold.ttf",
                                        "pygame_ce-2.5.7.dev1.dist-info/WHEEL"]
    # gzip copies of what gzip makes smaller, each the file itself once unpacked
    packed = config_of(site)["packed"]
    assert "runtime/pyodide/pyodide.asm.wasm" in packed and build.PYGAME_WASM in packed
    assert "runtime/pyodide/python_stdlib.zip" not in packed
    # the zips the page unpacks itself are stored (it inflates none of their files), gzip
    # packing each whole
    assert build.PYGAME_FILES in packed and build.GAME_ARCHIVE in packed
    for rel in (build.PYGAME_FILES, build.GAME_ARCHIVE):
        with zipfile.ZipFile(site / rel) as z:
            assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}, rel
    for rel in packed:
        assert gzip.decompress((site / f"{rel}.gz").read_bytes()) == (site / rel).read_bytes()
    # the service worker lists every file of the site (but its gzip copies and itself) with
    # its sha256, so it can keep a version whole
    listed = {f["path"]: f for f in worker_files(site)}
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()
               and p.suffix != ".gz" and p.name != "sw.js"}
    assert "index.html" in on_disk and "runtime/pyodide/pyodide.asm.wasm" in on_disk
    assert {build.PYGAME_WASM, build.PYGAME_FILES} <= on_disk  # kept for offline, pinned
    assert set(listed) == on_disk
    for rel, entry in listed.items():
        assert entry["sha256"] == digest((site / rel).read_bytes()), rel
        assert entry["packed"] == (rel in packed)
    # the expert's table is left out of the archive the page loads first, and on the site
    later = "game/games/yatzy/data/yatzy_expert.bin"
    assert (site / later).read_bytes() == (ROOT / later).read_bytes() and listed[later]["later"]
    with zipfile.ZipFile(site / build.GAME_ARCHIVE) as z:
        names = set(z.namelist())
    assert {"main.py", "game/app.py", "game/web.py", "assets/fonts/OpenSans-Regular.ttf"} <= names
    assert not [n for n in names if n.startswith("game/bots/data/")]
    # installable: a manifest whose icons are on the site
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])


def test_a_wheel_without_its_side_module_is_refused(tmp_path, runtime, monkeypatch):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        z.writestr("pygame/__init__.py", "")
    (runtime["cache"] / build.WHEEL).write_bytes(data.getvalue())
    monkeypatch.setattr(build, "WHEEL_SHA256", digest(data.getvalue()))
    with pytest.raises(build.MirrorError, match="has no WebAssembly module at pygame/base"):
        make(tmp_path / "site", runtime)
    assert leftovers(tmp_path) == []


def test_the_version_changes_with_any_file_and_only_then(tmp_path, runtime):
    def version(site):
        found = re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text()).group(1)
        assert config_of(site)["version"] == found  # the page knows its version
        return found
    one, two = make(tmp_path / "one", runtime), make(tmp_path / "two", runtime)
    assert version(one) == version(two)  # reproducible
    (runtime["npm"] / "pyodide.js").write_bytes(b"changed")
    build.PYODIDE_FILES["pyodide.js"] = digest(b"changed")
    assert version(make(tmp_path / "three", runtime)) != version(one)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_a_failed_build_leaves_the_last_one_as_it_was(tmp_path, runtime):
    site = make(tmp_path / "site", runtime)
    (site / "mark").write_text("the last build")
    before = sorted(p.relative_to(site).as_posix() for p in site.rglob("*"))
    (runtime["cache"] / build.WHEEL).unlink()  # no wheel, and no network to fetch it from
    with pytest.raises(build.MirrorError) as failure:
        make(tmp_path / "site", runtime)
    message = str(failure.value)
    assert "\n" not in message and str(runtime["cache"]) in message and build.WHEEL in message
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*")) == before
    assert (site / "mark").read_text() == "the last build"
    assert leftovers(tmp_path) == []  # nothing half built beside it


def test_a_runtime_file_that_is_not_the_pinned_one_is_refused(tmp_path, runtime):
    site = make(tmp_path / "site", runtime)
    (runtime["cache"] / build.WHEEL).write_bytes(b"PK something else")
    with pytest.raises(build.MirrorError, match="not the pinned build"):
        make(site, runtime)
    assert not (runtime["cache"] / build.WHEEL).exists()  # removed from the cache
    (runtime["cache"] / build.WHEEL).write_bytes(runtime["wheel"])
    (runtime["npm"] / "pyodide.asm.wasm").write_bytes(b"tampered")
    with pytest.raises(build.MirrorError, match="pyodide.asm.wasm is not pyodide") as failure:
        make(site, runtime)
    assert "npm ci" in str(failure.value) and "\n" not in str(failure.value)
    assert (site / "index.html").is_file() and leftovers(tmp_path) == []


def test_without_the_cache_the_runtime_is_downloaded_and_checked(tmp_path, runtime, stand_in,  # noqa: F811
                                                                monkeypatch):
    folder, url = stand_in
    tarball = io.BytesIO()
    with tarfile.open(fileobj=tarball, mode="w:gz") as tar:
        for name, data in runtime["files"].items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    (folder / "pyodide" / "-").mkdir(parents=True)
    (folder / build.PYODIDE_TARBALL).write_bytes(tarball.getvalue())
    import base64
    monkeypatch.setattr(build, "PYODIDE_SHA512", "sha512-" + base64.b64encode(
        hashlib.sha512(tarball.getvalue()).digest()).decode())
    (folder / "cp312").mkdir()
    (folder / "cp312" / build.WHEEL).write_bytes(runtime["wheel"])
    cache = tmp_path / "empty-cache"
    site = make(tmp_path / "site", runtime, registry=url, cdn=url,
                environ={"DICE_HARBOR_WASM_CACHE": str(cache)},
                npm_dir=tmp_path / "no-node-modules")
    assert (site / "runtime" / "pyodide" / "pyodide.asm.wasm").read_bytes() == \
        runtime["files"]["pyodide.asm.wasm"]
    assert (cache / build.WHEEL).read_bytes() == runtime["wheel"]  # kept for the next build
    monkeypatch.setattr(build, "PYODIDE_SHA512", "sha512-" + base64.b64encode(b"x" * 64).decode())
    with pytest.raises(build.MirrorError, match="is not the pinned file"):
        make(site, runtime, registry=url, cdn=url, npm_dir=tmp_path / "no-node-modules")
    assert (site / "index.html").is_file()


def test_the_command_a_newcomer_runs_uses_the_cache(tmp_path):
    """`python web/build.py --pyodide --self-host`, as DEVELOPING.md gives it, with the real
    npm package and wheel and every other host out of reach."""
    from tests.browser.site import wheel
    from tests.test_pyodide import ensure_pyodide, require_node
    _, npm = require_node()
    ensure_pyodide(npm)
    path, problem = wheel()
    if path is None:
        from tests.browser.test_browser import _missing
        _missing(problem)
    out = tmp_path / "web-pyodide"
    env = {"DICE_HARBOR_WASM_CACHE": str(path.parent), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    made = subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--pyodide",
                           "--self-host", "--out", str(out), "--registry", DEAD, "--cdn", DEAD],
                          capture_output=True, text=True, timeout=300, env=env)
    assert made.returncode == 0, made.stderr
    assert "the pyodide page" in made.stdout
    assert not build.whole(out, True)
    # pygame-ce's wheel split: its side module byte for byte, the rest as bytecode
    with zipfile.ZipFile(path) as wheel_zip:
        assert (out / build.PYGAME_WASM).read_bytes() == wheel_zip.read(build.PYGAME_SIDE_MODULE)
        in_wheel = set(wheel_zip.namelist()) - {build.PYGAME_SIDE_MODULE}
    with zipfile.ZipFile(out / build.PYGAME_FILES) as z:
        names = set(z.namelist())
        code = z.read("pygame/__init__.pyc")
    assert names == {n + "c" if n.endswith(".py") else n for n in in_wheel}
    assert b"/lib/python3.12/site-packages/pygame/__init__.py" in code
    # pyodide's standard library, its sources compiled by the same Python, in its place
    with zipfile.ZipFile(NPM_STDLIB) as z:
        sources = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(out / build.STDLIB) as z:
        names = set(z.namelist())
        code = z.read("json/__init__.pyc")
    assert sources and names >= {n + "c" for n in sources} and not names & sources
    assert b"/lib/python312.zip/json/__init__.py" in code
    # the game as bytecode of the page's Python (3.12: pyodide 0.27.7), not as sources
    with zipfile.ZipFile(out / build.GAME_ARCHIVE) as z:
        names = set(z.namelist())
        code = z.read("game/app.pyc")
        magic = code[:4]
    assert b"/home/pyodide/dice-harbor/game/app.py" in code  # where tracebacks say it is
    assert "main.py" in names and "game/app.pyc" in names and "game/web.pyc" in names
    assert not [n for n in names if n.startswith("game/") and n.endswith(".py")]
    import importlib.util
    assert magic != importlib.util.MAGIC_NUMBER or sys.version_info[:2] == (3, 12)
    assert magic == (3531).to_bytes(2, "little") + b"\r\n"  # CPython 3.12's bytecode


def test_bytecode_is_kept_and_compiled_again_only_when_its_sources_or_compiler_change(
        tmp_path, monkeypatch):
    """Each folder's bytecode is kept in the cache (the standard library's took 3-4 s of CPU
    a build, pyodide under Node): the same sources by the same compiler start no Node and
    give the same bytes; a changed or added file, another pyodide or a damaged entry is
    compiled again, and only that folder. (Node here is a stand-in that compiles natively;
    the real one: test_the_command_a_newcomer_runs_uses_the_cache.)"""
    import py_compile
    npm = tmp_path / "npm"
    npm.mkdir()
    (npm / "pyodide.mjs").write_text("// pyodide")
    (npm / "pyodide.asm.wasm").write_bytes(b"\0asm one")
    monkeypatch.setenv("DICE_HARBOR_WASM_CACHE", str(tmp_path / "cache"))
    started = []

    def node(command, **kwargs):
        pairs = command[3:]
        started.append(pairs[1::2])
        for folder, shown in zip(pairs[::2], pairs[1::2], strict=True):
            for path in Path(folder).rglob("*.py"):
                py_compile.compile(str(path), cfile=f"{path}c", dfile=f"{shown}/{path.name}",
                                   doraise=True, invalidation_mode=py_compile.PycInvalidationMode
                                   .UNCHECKED_HASH)
        return subprocess.CompletedProcess(command, 0, "", "")
    monkeypatch.setattr(build.shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.setattr(build.subprocess, "run", node)
    sources = {"game": {"a.py": "A = 1\n", "sub/b.py": "B = 2\n"}, "lib": {"c.py": "C = 3\n"}}
    builds = iter(range(100))

    def compiled() -> dict:
        """A build's fresh copy of the sources compiled; {path: bytecode}."""
        top = tmp_path / f"build{next(builds)}"
        for folder, files in sources.items():
            for rel, text in files.items():
                (top / folder / rel).parent.mkdir(parents=True, exist_ok=True)
                (top / folder / rel).write_text(text)
        assert build.bytecode(top / "game", "game", npm, more=((top / "lib", "/lib"),))
        return {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted(top.rglob("*.pyc"))}

    first = compiled()
    assert started == [["game", "/lib"]]
    assert set(first) == {"game/a.pyc", "game/sub/b.pyc", "lib/c.pyc"}
    assert compiled() == first and started == [["game", "/lib"]]  # from the cache: no Node
    sources["game"]["sub/b.py"] = "B = 20\n"
    changed = compiled()
    assert started[-1] == ["game"]  # (the other folder from the cache)
    assert changed["lib/c.pyc"] == first["lib/c.pyc"] and changed["game/sub/b.pyc"] != first[
        "game/sub/b.pyc"]
    sources["lib"]["d.py"] = "D = 4\n"
    assert set(compiled()) == {"game/a.pyc", "game/sub/b.pyc", "lib/c.pyc", "lib/d.pyc"}
    assert started[-1] == ["/lib"]
    (npm / "pyodide.asm.wasm").write_bytes(b"\0asm two")  # another Python compiles
    compiled()
    assert started[-1] == ["game", "/lib"]
    for entry in (tmp_path / "cache" / "bytecode").glob("game-*.zip"):
        entry.write_bytes(entry.read_bytes()[:100])  # damaged
    again = compiled()
    assert started[-1] == ["game"] and len(started) == 5
    assert again["game/sub/b.pyc"] == changed["game/sub/b.pyc"]


def test_the_menu_starts_without_the_simulator(tmp_path):
    """A start that plays imports what the menu uses and no more: the simulator (argparse's
    tables, statistics, every bot list) is the demo's alone. (In the browser each module
    costs its import on a phone's CPU before the first frame.)"""
    code = """
import json, sys
from game.launcher import main
from game.app import App
app = App(sound=False)
app.show("menu")
app.step(1 / 60)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("game"))))
"""
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "DICE_HARBOR_HOME": str(tmp_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    imported = json.loads(done.stdout.strip().splitlines()[-1])
    assert "game.scenes.menu" in imported and "game.sim" not in imported
    assert not [m for m in imported if m.startswith(("game.scenes.play", "game.odds",
                                                     "game.review"))]


# What the menu's first frame does without (issue 24: on a phone's CPU main() to the first
# frame was 0.9-2.0 s, half of it imports): games by link (links' hashlib, zlib, base64;
# linkplay, dailyplay, daily), records, recent games, the lessons, the other games' engines
# (the first start's settings checked each game's empty options with its engine), argparse
# (a start with no arguments builds no parser) and hashlib.
DEFERRED = ["game.links", "game.linkplay", "game.dailyplay", "game.daily", "game.recent",
            "game.records", "game.lessons", "game.games.yatzy.lesson", "game.games.farkle.rules",
            "game.games.pirates.rules", "game.games.grab_it.rules",
            "game.games.bona_fortuna.rules", "argparse", "hashlib"]
FIRST_FRAME = """
import asyncio, json, sys
from game.app import App

async def first_frame(self):  # (the loop's first frame, then the modules it needed)
    self.step(1 / 60)
    print(json.dumps({"modules": sorted(sys.modules), "scene": type(self.scene).__name__,
                      "toast": self.toast and self.toast[0]}))
App.run = first_frame
from game.launcher import main
asyncio.run(main(sys.argv[1:]))
"""


def first_frame(home, *argv: str) -> dict:
    """``python main.py ARGV``'s first frame in a fresh process (the window SDL's dummy)."""
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "DISPLAY": ":dummy", "DICE_HARBOR_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME, *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_menus_first_frame_imports_only_what_it_shows(tmp_path):
    """main() to the menu's first frame, as the page runs it, on a first visit and on the
    next (the settings then saved): none of DEFERRED is imported, and the menu is drawn."""
    for visit in ("first", "next"):
        shown = first_frame(tmp_path)
        assert shown["scene"] == "MenuScene", visit
        assert [m for m in DEFERRED if m in shown["modules"]] == [], visit
        assert "game.games.yatzy.rules" in shown["modules"]  # (the chosen game's: its bots)
    assert (tmp_path / "settings.json").is_file()  # (the lesson proposed: remembered)


def test_a_link_on_the_command_line_opens_its_game_in_a_fresh_start(tmp_path):
    """--open LINK: game.links and game.linkplay, imported only then, open the game."""
    from game.catalog import GAMES
    from game.links import encode
    from game.rules.core import Seat
    info = GAMES["farkle"]
    state = info.new_game([Seat("Ann"), Seat("Ben")], seed=4)
    shown = first_frame(tmp_path, "--open", encode(info, state))
    assert shown["scene"] in ("PlayScene", "LinkOpenScene"), shown["scene"]
    assert "game.links" in shown["modules"] and "game.linkplay" in shown["modules"]
    shown = first_frame(tmp_path / "other", "--mute")  # (arguments: the parser is built)
    assert shown["scene"] == "MenuScene" and "argparse" in shown["modules"]
