"""Build the browser version of Dice Harbor with pygbag: ``python web/build.py``.

pygbag packs a whole folder (its "app folder") into ``build/web/<folder>.apk``. Pointed
at the repository itself, pygbag 0.9.2 would pack tests/, .ci/, web/, docs and any
node_modules too: it has a fixed ignore list and does not read pygbag.ini (0.9.3+ does,
but 0.9.3's page is broken, see DEVELOPING.md). So this script copies exactly what the game
needs -- main.py, game/ and assets/ -- into a staging folder named ``dice-harbor``, runs
pygbag there with the local page template and icon from web/ (so no CDN is needed to
build), and copies the result to ``build/web``:

    build/web/index.html      the page (from web/dice-harbor.tmpl)
    build/web/favicon.png     the icon (web/favicon.png, made by
                              tools/make_icon.py --size 64 --out web/favicon.png)
    build/web/dice-harbor.apk the game: a zip with main.py, game/ and assets/ under assets/

Serve build/web with any static web server (``python -m http.server -d build/web``). The
runtime itself (CPython for WebAssembly, pygame-ce) is loaded from pygbag's CDN by the
page, so players need to be online; building does not.

    python web/build.py [--out DIR] [--archive] [--keep-stage] [-- PYGBAG_ARGS...]

``--archive`` also writes ``web.zip`` beside DIR (index.html, favicon.png and the apk)
for itch.io. ``--no_opt`` is always passed: otherwise pygbag re-encodes sounds to mono
22 kHz and re-quantises PNGs whenever ffmpeg or pngquant happen to be installed, so the
build would differ from machine to machine. Staging in a temp folder also keeps pygbag
away from the sources: it writes its "-pygbag" variants next to the files it packs, and
runs black over the folder when black is installed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
APP_NAME = "dice-harbor"  # the staging folder's name: pygbag names the apk after it
TITLE = "Dice Harbor"
TEMPLATE = WEB / "dice-harbor.tmpl"
ICON = WEB / "favicon.png"

# What the browser build contains, relative to the repository root.
APP_FILES = ("main.py",)
APP_DIRS = ("game", "assets")
SKIP_DIRS = {"__pycache__", "tools"}  # (a game's tools make its tables: not played)
SKIP_SUFFIXES = {".pyc", ".pyo"}


def stage(root: Path, dest: Path) -> list[str]:
    """Copy the app's files from ``root`` into ``dest``; return their relative paths."""
    copied = []
    for name in APP_FILES:
        src = root / name
        if not src.is_file():
            raise SystemExit(f"web/build.py: {src} is missing: nothing to pack")
        shutil.copy2(src, dest / name)
        copied.append(name)
    for top in APP_DIRS:
        src_top = root / top
        if not src_top.is_dir():
            continue
        for folder, dirnames, filenames in os.walk(src_top):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            rel = Path(folder).relative_to(root)
            (dest / rel).mkdir(parents=True, exist_ok=True)
            for fn in sorted(filenames):
                if Path(fn).suffix in SKIP_SUFFIXES:
                    continue
                shutil.copy2(Path(folder) / fn, dest / rel / fn)
                copied.append((rel / fn).as_posix())
    return copied


# -- the pyodide page: the page the browser test proves -------------------------------------
# pyodide 0.27.7 (CPython 3.12) with the pygame-ce build pygbag's CDN serves for CPython 3.12,
# loaded by web/pyodide.tmpl. A self-hosted site (--self-host) carries that runtime itself,
# taken from what the tests already keep and check (pyodide's npm package in
# tests/pyodide/node_modules, the wheel in the wheel cache), and works offline once loaded.
PYODIDE_VERSION = "0.27.7"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
WHEEL = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_URL = f"https://pygame-web.github.io/cdn/cp312/{WHEEL}"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
# The wheel holds one WebAssembly side module, all of pygame's C code (4.7 MB), and pygame's
# Python files. A self-hosted site carries the two apart: the side module as a .wasm of its
# own, which the page compiles while Python starts (WebAssembly.compileStreaming: the browser
# compiles it on other threads, and keeps the compiled code for the next visit), and the rest
# as a zip the page unpacks into site-packages (pygame's modules as bytecode, as the game's);
# on a phone's CPU, loadPackage spent 2.2 s after Python's start fetching, unpacking and
# compiling the wheel.
PYGAME_SIDE_MODULE = "pygame/base.cpython-312-wasm32-emscripten.so"  # (its path in the wheel)
PYGAME_WASM = "runtime/pygame-ce.wasm"
PYGAME_FILES = "runtime/pygame-ce.zip"
SITE_PACKAGES = "/lib/python3.12/site-packages"  # (pyodide's: where the page unpacks them)
PAGE_TEMPLATE = WEB / "pyodide.tmpl"
WORKER_TEMPLATE = WEB / "sw.js"
GAME_ARCHIVE = "dice-harbor.zip"
# Large data the game reads only when it first needs it (each game folder's data/: the
# expert Yatzy table): left out of the archive the page loads before the first frame, put on
# the site at the same path and fetched from there on first use (game/web.py,
# ``fetch_steps``).
LATER = tuple(sorted(f"{folder.relative_to(ROOT).as_posix()}/"
                     for folder in (ROOT / "game" / "games").glob("*/data") if folder.is_dir()))
# The files of pyodide's npm package the page loads, each with its sha256 (the package
# npm installs for tests/pyodide, package-lock.json pinning its tarball).
NPM_PYODIDE = ROOT / "tests" / "pyodide" / "node_modules" / "pyodide"
PYODIDE_FILES = {
    "pyodide.js": "b4cb23a53aba19c221659b9fb40a2f18281d685691dc06647fb0afd0681baf98",
    "pyodide.asm.js": "6b4c90de5b7172873f04f21884d0e9d2274e305fe32116558fe3e4fbe3618d51",
    "pyodide.asm.wasm": "a50dd1843f805a0b7c45b61037ee0d7b26dfe85efe0e18ef95a34ad24e401f5f",
    "python_stdlib.zip": "16611534726e5d8ac2bd8f926410b2dcb8d6f49aa24913463533b457a2115c16",
    "pyodide-lock.json": "9c45b916001a750f4102fc287494f3eab215909c7535c626a20db80fd6333e2c",
}
# Files that get a gzip copy beside them (FILE.gz) when it saves a tenth or more: the page
# asks for the copy and unpacks it when the host has not (web/pyodide.tmpl), so the copies
# help on every host (README, "In the browser").
PACKED_SUFFIXES = (".wasm", ".js", ".json")
ICONS = {"icons/icon-192.png": WEB / "icon-192.png", "icons/icon-512.png": WEB / "icon-512.png",
         "icons/maskable-512.png": WEB / "maskable-512.png"}
MANIFEST = {
    "name": TITLE, "short_name": TITLE, "start_url": "./", "scope": "./",
    "display": "standalone", "orientation": "any",
    "background_color": "#101b28", "theme_color": "#101b28",
    "description": "Six dice games against strong bots or friends on one screen",
    "icons": [{"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
              {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
              {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png",
               "purpose": "maskable"}],
}


class MirrorError(SystemExit):
    """A runtime file could not be had, or was not the pinned one (one line)."""


def sha256_of(data: bytes) -> str:
    import hashlib
    return hashlib.sha256(data).hexdigest()


def bytecode(folder: Path, shown_as: str = "game", npm_dir: Path = NPM_PYODIDE,
             more: tuple[tuple[Path, str], ...] = ()) -> bool:
    """Compile every .py under ``folder`` to a .pyc beside it with the page's own Python
    (pyodide under Node: web/compile.mjs), so the page imports the game without compiling
    it (on a phone's CPU most of the game's import time, 0.7-1.3 s); False when Node or
    pyodide's npm package is not there (the page then compiles the sources itself).
    ``more``: other (folder, shown as) to compile in the same run (pygame's files).
    A folder compiled before, file for file the same, by the same pyodide and compile.mjs,
    takes its bytecode from the cache (``cached_bytecode``): Node starts only for the
    others (the standard library alone took 3-4 s of CPU a build)."""
    node = shutil.which("node")
    if node is None or not (npm_dir / "pyodide.mjs").is_file():
        return False
    pairs = [(folder, shown_as), *more]
    compiler = compiler_digest(npm_dir)
    keys = [bytecode_key(f, shown, compiler) for f, shown in pairs]
    missing = [(pair, key) for pair, key in zip(pairs, keys, strict=True)
               if not cached_bytecode(pair[0], pair[1], key)]
    if not missing:
        return True
    args = [str(part) for pair, _ in missing for part in pair]
    made = subprocess.run([node, str(WEB / "compile.mjs"), str(npm_dir), *args],
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    if made.returncode != 0:
        raise SystemExit(f"web/build.py: the game's Python did not compile: "
                         f"{made.stderr.strip()[-2000:]}")
    for (f, shown), key in missing:
        keep_bytecode(f, shown, key)
    return True


# -- the bytecode cache: cache_dir()/bytecode/<folder shown as>-<key>.zip, each a folder's
# .pyc files by their paths; the key is every source's path and bytes, where they are shown,
# the compiling Python (pyodide's wasm) and compile.mjs, so a changed file, pyodide or
# compiler is compiled again. The newest KEPT_BYTECODE of a folder are kept.
KEPT_BYTECODE = 3


def _sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if p.is_file())


def compiler_digest(npm_dir: Path = NPM_PYODIDE) -> bytes:
    """What compiles: web/compile.mjs and pyodide's files (its Python is in the wasm)."""
    import hashlib
    digest = hashlib.sha256((WEB / "compile.mjs").read_bytes())
    for name in sorted(PYODIDE_FILES):
        path = npm_dir / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b""))
    return digest.digest()


def bytecode_key(folder: Path, shown_as: str, compiler: bytes) -> str:
    import hashlib
    digest = hashlib.sha256(compiler + shown_as.encode() + b"\0")
    for path in _sources(folder):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def _bytecode_entry(shown_as: str, key: str = "") -> Path:
    import re
    name = re.sub(r"[^A-Za-z0-9]+", "_", shown_as).strip("_") or "root"
    return cache_dir() / "bytecode" / f"{name}-{key or '*'}.zip"


def cached_bytecode(folder: Path, shown_as: str, key: str) -> bool:
    """Put the cached .pyc of each source under ``folder`` beside it; False (nothing
    written) when the cache has not every one of them."""
    import zipfile
    entry = _bytecode_entry(shown_as, key)
    try:
        with zipfile.ZipFile(entry) as z:
            codes = {path: z.read(path.relative_to(folder).as_posix() + "c")
                     for path in _sources(folder)}
    except (OSError, KeyError, zipfile.BadZipFile):
        return False
    for path, code in codes.items():
        path.with_suffix(".pyc").write_bytes(code)
    try:
        os.utime(entry)  # (used: the newest are the ones kept)
    except OSError:
        pass
    return True


def keep_bytecode(folder: Path, shown_as: str, key: str) -> None:
    """The .pyc beside each source under ``folder`` into the cache (written whole, then
    renamed: a build that reads it at the same time sees the old or the new, never a half);
    a cache that cannot be written is only not kept."""
    import zipfile
    entry = _bytecode_entry(shown_as, key)
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        part = entry.with_name(f".{entry.name}.{os.getpid()}")
        with zipfile.ZipFile(part, "w", zipfile.ZIP_STORED) as z:
            for path in _sources(folder):
                z.writestr(path.relative_to(folder).as_posix() + "c",
                           path.with_suffix(".pyc").read_bytes())
        part.replace(entry)
        older = sorted(entry.parent.glob(_bytecode_entry(shown_as).name),
                       key=lambda p: p.stat().st_mtime, reverse=True)[KEPT_BYTECODE:]
        for old in older:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def game_archive(dest: Path, root: Path = ROOT, later: tuple[str, ...] = (),
                 compiled: bool = False, more: tuple[tuple[Path, str], ...] = (),
                 stored: bool = False) -> list[str]:
    """What the page unpacks into the browser's Python: main.py, game/ and assets/ in a
    zip (the same files the pygbag build packs), but for the files under ``later``, which
    are copied beside the archive at their own paths instead; their paths. ``compiled``:
    the game's modules as bytecode for the page's Python (``bytecode``) instead of their
    sources, when it can be made (``more``: other folders compiled in the same run).
    ``stored``: files stored, not deflated (``zip_folder``)."""
    import zipfile
    work = Path(tempfile.mkdtemp(prefix="dice-harbor-stage-"))
    left_out = []
    try:
        files = stage(root, work)
        if compiled and bytecode(work / "game", more=more):
            files = [f"{rel}c" if rel.startswith("game/") and rel.endswith(".py") else rel
                     for rel in files]
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
            for rel in files:
                if rel.startswith(later) and later:
                    left_out.append(rel)
                    (dest.parent / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(work / rel, dest.parent / rel)
                    continue
                info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible
                info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                z.writestr(info, (work / rel).read_bytes())
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return left_out


def unpack_wheel(wheel: Path, folder: Path) -> Path:
    """pygame-ce's wheel unpacked into ``folder``; the side module's path there (checked: a
    WebAssembly module)."""
    import zipfile
    with zipfile.ZipFile(wheel) as z:
        z.extractall(folder)
    side = folder / PYGAME_SIDE_MODULE
    if not side.is_file() or side.read_bytes()[:4] != b"\0asm":
        raise MirrorError(f"web/build.py: {wheel.name} has no WebAssembly module at "
                          f"{PYGAME_SIDE_MODULE}: refused")
    return side


def split_pygame(out: Path, unpacked: Path) -> None:
    """The wheel unpacked in ``unpacked`` as the site carries it: its side module at
    ``PYGAME_WASM``, every other file in the zip ``PYGAME_FILES`` (paths as in
    site-packages; a module compiled to bytecode beside its source goes as the bytecode
    alone)."""
    side = unpacked / PYGAME_SIDE_MODULE
    (out / PYGAME_WASM).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(side, out / PYGAME_WASM)
    zip_folder(out / PYGAME_FILES, unpacked, [p for p in sorted(unpacked.rglob("*"))
                                              if p.is_file() and p != side], stored=True)


def zip_folder(dest: Path, folder: Path, files: list[Path], stored: bool = False) -> None:
    """``files`` (under ``folder``) in the zip ``dest``, reproducibly; a module compiled to
    bytecode beside its source (``bytecode``) goes as the bytecode alone. ``stored``: not
    deflated, for a zip the page unpacks itself (web/pyodide.tmpl: unpackZip, where
    inflating file by file cost more than Python's unzip; the gzip copy of the whole zip,
    ``pack``, makes it as small on the wire)."""
    import zipfile
    written = set()
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for path in files:
            if path.suffix == ".py" and path.with_suffix(".pyc").is_file():
                path = path.with_suffix(".pyc")
            if path in written:  # (the bytecode, listed as well as its source)
                continue
            written.add(path)
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(),
                                   date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())


# pyodide 0.27.7's standard library comes as sources (python_stdlib.zip): every module a
# start imports was compiled on the player's CPU -- pyodide's own boot's, pygame's, the
# game's (on a phone's CPU, seconds). A self-hosted site built with bytecode carries it
# compiled by the same Python instead (in the same place, so pyodide loads it as its own).
STDLIB = "runtime/pyodide/python_stdlib.zip"
STDLIB_SHOWN_AS = "/lib/python312.zip"  # (where pyodide puts it: tracebacks name it)


def compiled_stdlib(out: Path, unpacked: Path) -> None:
    """The standard library unpacked in ``unpacked`` (its modules compiled beside their
    sources) in place of ``out``/STDLIB, its files in their order."""
    import zipfile
    with zipfile.ZipFile(out / STDLIB) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
    zip_folder(out / STDLIB, unpacked, [unpacked / n for n in names])


def pack(folder: Path, names: list[str], suffixes: tuple[str, ...] = PACKED_SUFFIXES
         ) -> list[str]:
    """Write FILE.gz beside each of ``names`` (paths under ``folder``) ending in one of
    ``suffixes`` that gzip makes a tenth smaller or more (reproducible: no time stamp); the
    names that got one."""
    import gzip
    packed = []
    for rel in names:
        if not rel.endswith(suffixes):
            continue
        data = (folder / rel).read_bytes()
        small = gzip.compress(data, 6, mtime=0)
        if len(small) <= 0.9 * len(data):
            (folder / f"{rel}.gz").write_bytes(small)
            packed.append(rel)
    return packed


def write_page(out: Path, pyodide: str = PYODIDE_CDN, wheel: str | None = WHEEL_URL,
               root: Path = ROOT, offline: bool = False, compiled: bool = True,
               pygame: Path | None = None) -> Path:
    """The pyodide page in ``out``: index.html (runtime from ``pyodide`` and ``wheel``,
    URLs or paths relative to the page), its icons and manifest, the game's archive and
    the data it fetches later. ``offline`` (a self-hosted site, its runtime already under
    ``out``): gzip copies of the runtime's large files, and a service worker that keeps
    every file of this version of the site (sw.js: each file's sha256, so a version is
    never mixed with another). ``compiled``: the game as bytecode (``bytecode``), and on a
    self-hosted site pygame's modules and the standard library too (``compiled_stdlib``).
    ``pygame``: pygame-ce's wheel, put on the site split in two (``split_pygame``) and
    loaded from there instead of ``wheel``."""
    import json
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, out / "favicon.png")
    for rel, src in ICONS.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, out / rel)
    (out / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=1), encoding="utf-8")
    work = Path(tempfile.mkdtemp(prefix="dice-harbor-pygame-"))
    try:
        more: tuple[tuple[Path, str], ...] = ()
        if pygame is not None:
            unpack_wheel(pygame, work / "wheel")
            more += ((work / "wheel" / "pygame", f"{SITE_PACKAGES}/pygame"),)
        stdlib = offline and compiled and (out / STDLIB).is_file()
        if stdlib:
            import zipfile
            with zipfile.ZipFile(out / STDLIB) as z:
                z.extractall(work / "stdlib")
            more += ((work / "stdlib", STDLIB_SHOWN_AS),)
        later = game_archive(out / GAME_ARCHIVE, root, LATER, compiled, more, stored=offline)
        if pygame is not None:
            split_pygame(out, work / "wheel")
        if stdlib and any((work / "stdlib").rglob("*.pyc")):
            compiled_stdlib(out, work / "stdlib")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    runtime = sorted(p.relative_to(out).as_posix() for p in (out / "runtime").rglob("*")
                     if p.is_file()) if offline else []
    # (and the stored zips the page unpacks itself: zip_folder)
    packed = pack(out, runtime) + pack(out, [rel for rel in (PYGAME_FILES, GAME_ARCHIVE)
                                              if (out / rel).is_file()], (".zip",)) \
        if offline else []
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()
                   and p.suffix != ".gz")
    entries = [{"path": rel, "sha256": sha256_of((out / rel).read_bytes()),
                "packed": rel in packed, "later": rel in later} for rel in files]
    split = {"module": PYGAME_WASM, "files": PYGAME_FILES, "so": PYGAME_SIDE_MODULE,
             "sitePackages": SITE_PACKAGES}
    config = {"pyodide": pyodide, "wheel": None if pygame is not None else wheel,
              "pygame": split if pygame is not None else None, "game": GAME_ARCHIVE,
              "offline": offline, "packed": packed}
    template = PAGE_TEMPLATE.read_text(encoding="utf-8")
    # the version: every file of the site and the page itself (the service worker's cache
    # is named after it; the page knows its own, window.diceHarbor.version)
    config["version"] = sha256_of((json.dumps(entries) + template + json.dumps(config))
                                  .encode())[:16]
    page = template.replace("__CONFIG__", json.dumps(config))
    (out / "index.html").write_text(page, encoding="utf-8")
    if offline:
        entries.append({"path": "index.html", "sha256": sha256_of(page.encode()),
                        "packed": False, "later": False})
        worker = (WORKER_TEMPLATE.read_text(encoding="utf-8")
                  .replace("__VERSION__", json.dumps(config["version"]))
                  .replace("__FILES__", json.dumps(entries, indent=0)))
        (out / "sw.js").write_text(worker, encoding="utf-8")
    return out


# -- self-hosting: every runtime file the page loads, on the site itself --------------------
NPM_REGISTRY = "https://registry.npmjs.org"
PYGBAG_CDN = "https://pygame-web.github.io/cdn"
# pyodide's npm tarball as package-lock.json pins it (the integrity npm checks): what a
# machine without tests/pyodide/node_modules downloads instead.
PYODIDE_TARBALL = f"pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA512 = ("sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRIS"
                  "eWUBdulEgO26qpSRA==")


def fetch_pinned(url: str, algorithm: str, expected: str, timeout: float = 120) -> bytes:
    """The bytes at ``url`` if their digest is the pinned one; MirrorError otherwise.
    ``expected``: hex, or npm's "sha512-<base64>"."""
    import base64
    import hashlib
    import urllib.request
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            data = answer.read()
    except OSError as exc:
        raise MirrorError(f"web/build.py: cannot download {url} ({exc})") from None
    digest = hashlib.new(algorithm, data)
    if expected.startswith(f"{algorithm}-"):
        ok = base64.b64encode(digest.digest()).decode() == expected.split("-", 1)[1]
    else:
        ok = digest.hexdigest() == expected
    if not ok:
        raise MirrorError(f"web/build.py: {url} is not the pinned file ({algorithm} differs): "
                          "refused")
    return data


def cache_dir(environ=os.environ) -> Path:
    """Where pygame-ce's wasm wheel is kept: $DICE_HARBOR_WASM_CACHE or ~/.cache/dice-harbor."""
    return Path(environ.get("DICE_HARBOR_WASM_CACHE") or Path.home() / ".cache" / "dice-harbor")


def cached_wheel(environ=os.environ, url: str | None = None, timeout: float = 60) -> Path:
    """The wheel from the cache, checked by its sha256; downloaded into the cache first
    when it is not there. MirrorError (one line saying what to do) when it cannot be had or
    is not the pinned build (which is removed)."""
    import urllib.request
    folder = cache_dir(environ)
    path = folder / WHEEL
    url = url or WHEEL_URL
    if not path.is_file():
        part = path.with_suffix(".part")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with urllib.request.urlopen(url, timeout=timeout) as answer, part.open("wb") as f:
                shutil.copyfileobj(answer, f)
            part.replace(path)
        except OSError as exc:
            part.unlink(missing_ok=True)
            raise MirrorError(f"pygame-ce's WebAssembly wheel is not in {folder} and could not "
                              f"be downloaded from {url} ({exc.__class__.__name__}): put "
                              f"{WHEEL} there (or set DICE_HARBOR_WASM_CACHE)") from None
    if sha256_of(path.read_bytes()) != WHEEL_SHA256:
        path.unlink(missing_ok=True)
        raise MirrorError(f"{path} is not the pinned build (sha256 {WHEEL_SHA256[:8]}…); it "
                          "was removed: put the right file there")
    return path


def pyodide_files(npm_dir: Path = NPM_PYODIDE, registry: str = NPM_REGISTRY
                  ) -> dict[str, bytes]:
    """The runtime files of pyodide the page loads, each checked by its sha256: from the
    npm package the tests install when it is there, else from pyodide's npm tarball
    (sha512 pinned as package-lock.json pins it)."""
    out: dict[str, bytes] = {}
    if (npm_dir / "package.json").is_file():
        for name, digest in PYODIDE_FILES.items():
            path = npm_dir / name
            if not path.is_file() or sha256_of(path.read_bytes()) != digest:
                raise MirrorError(f"web/build.py: {path} is not pyodide {PYODIDE_VERSION}'s "
                                  f"(sha256 differs or missing): reinstall it with `npm ci` "
                                  f"in {npm_dir.parent.parent}")
            out[name] = path.read_bytes()
        return out
    import io
    import tarfile
    tarball = fetch_pinned(f"{registry.rstrip('/')}/{PYODIDE_TARBALL}", "sha512",
                           PYODIDE_SHA512)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        for name, digest in PYODIDE_FILES.items():
            member = tar.extractfile(f"package/{name}")
            data = member.read() if member is not None else b""
            if sha256_of(data) != digest:
                raise MirrorError(f"web/build.py: {name} in pyodide's tarball is not the pinned "
                                  "file: refused")
            out[name] = data
    return out


def self_host(out: Path, registry: str = NPM_REGISTRY, cdn: str = PYGBAG_CDN,
              environ=os.environ, npm_dir: Path = NPM_PYODIDE, root: Path = ROOT,
              compiled: bool = True) -> Path:
    """Put every runtime file the pyodide page loads into ``out``/runtime -- pyodide from
    its npm package (``pyodide_files``), pygame-ce's wheel from the cache
    (``cached_wheel``), each checked, the wheel split in two (``split_pygame``) -- and write
    the page to load them from there, with a service worker that keeps them: a static site
    with no third-party host at play time, which works offline once loaded."""
    runtime = out / "runtime"
    files = pyodide_files(npm_dir, registry)
    wheel = cached_wheel(environ, f"{cdn.rstrip('/')}/cp312/{WHEEL}")
    (runtime / "pyodide").mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (runtime / "pyodide" / name).write_bytes(data)
    return write_page(out, pyodide="runtime/pyodide/", wheel=None, root=root,
                      offline=True, compiled=compiled, pygame=wheel)


def whole(site: Path, self_hosted: bool) -> list[str]:
    """What a built site lacks (nothing: it is whole)."""
    need = ["index.html", "favicon.png", GAME_ARCHIVE, "manifest.webmanifest", *ICONS]
    if self_hosted:
        need += ["sw.js", PYGAME_WASM, PYGAME_FILES,
                 *(f"runtime/pyodide/{n}" for n in PYODIDE_FILES)]
    return [rel for rel in need if not (site / rel).is_file()]


def replace_with(out: Path, new: Path) -> None:
    """Put the folder ``new`` where ``out`` is, the old one removed only once the new one
    is in place (a rename each: never a folder half one and half the other)."""
    old = None
    if out.exists() or out.is_symlink():
        old = out.with_name(f".{out.name}-old-{os.getpid()}")
        if old.exists():
            shutil.rmtree(old)
        out.rename(old)
    try:
        new.rename(out)
    except OSError:
        if old is not None:
            old.rename(out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_pyodide(out: Path, self_hosted: bool = False, registry: str = NPM_REGISTRY,
                  cdn: str = PYGBAG_CDN, environ=os.environ, npm_dir: Path = NPM_PYODIDE,
                  root: Path = ROOT, compiled: bool = True) -> Path:
    """Build the pyodide page (``self_hosted``: with its runtime) into a temporary folder
    beside ``out`` and put it in place of ``out`` only when it is whole: a build that fails
    leaves the last one as it was, and nothing half built."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-new-", dir=out.parent))
    work.chmod(0o755)  # (mkdtemp makes it private: a web server must read it)
    try:
        if self_hosted:
            self_host(work, registry, cdn, environ, npm_dir, root, compiled)
        else:
            write_page(work, root=root, compiled=compiled)
        missing = whole(work, self_hosted)
        if missing:
            raise SystemExit(f"web/build.py: the new build lacks {', '.join(missing)}; "
                             f"{out} was left as it was")
        replace_with(out, work)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return out


def pygbag_command(app_dir: Path, archive: bool = False, extra: list[str] | None = None) -> list[str]:
    """The pygbag command line that packs ``app_dir`` offline (it must be the last arg)."""
    cmd = [sys.executable, "-m", "pygbag", "--build", "--no_opt",
           "--template", str(TEMPLATE), "--icon", str(ICON), "--title", TITLE]
    if archive:
        cmd.append("--archive")
    return cmd + list(extra or []) + [str(app_dir)]


def build(out: Path, archive: bool = False, keep_stage: bool = False,
          extra: list[str] | None = None, root: Path = ROOT, timeout: float = 600) -> Path:
    """Build the web version into ``out`` (replacing it) and return it."""
    work = Path(tempfile.mkdtemp(prefix="dice-harbor-web-"))
    try:
        app_dir = work / APP_NAME
        app_dir.mkdir()
        stage(root, app_dir)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        log = work / "pygbag.log"
        with log.open("w", encoding="utf-8") as fh:
            proc = subprocess.run(pygbag_command(app_dir, archive, extra), cwd=work, env=env,
                                  stdin=subprocess.DEVNULL, stdout=fh, stderr=subprocess.STDOUT,
                                  timeout=timeout)
        result = app_dir / "build" / "web"
        apk = result / f"{APP_NAME}.apk"
        if proc.returncode != 0 or not apk.is_file() or not (result / "index.html").is_file():
            sys.stderr.write(log.read_text(encoding="utf-8", errors="replace")[-4000:])
            raise SystemExit(f"web/build.py: pygbag failed (exit {proc.returncode}); "
                             f"log above")
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(result, out)
        shutil.copyfile(log, out.parent / "pygbag.log")
        if archive:
            shutil.copyfile(app_dir / "build" / "web.zip", out.parent / "web.zip")
        return out
    finally:
        if keep_stage:
            print(f"staging folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(prog="python web/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="where the page goes (default: build/web, with --pyodide "
                        "build/web-pyodide)")
    parser.add_argument("--archive", action="store_true", help="also write web.zip beside --out")
    parser.add_argument("--keep-stage", action="store_true", help="keep the staging folder")
    parser.add_argument("--pyodide", action="store_true",
                        help="build the pyodide page instead (the runtime the browser test "
                        "proves; default --out build/web-pyodide)")
    parser.add_argument("--self-host", action="store_true",
                        help="with --pyodide: put every runtime file into the build (pyodide "
                        "from tests/pyodide's npm package, the wheel from the cache; each "
                        "checked), so the site needs no other host and plays offline")
    parser.add_argument("--registry", default=NPM_REGISTRY, help=argparse.SUPPRESS)
    parser.add_argument("--cdn", default=PYGBAG_CDN, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.self_host and not args.pyodide:
        parser.error("--self-host goes with --pyodide")
    if args.pyodide:
        out = (args.out or ROOT / "build" / "web-pyodide").resolve()
        build_pyodide(out, args.self_host, args.registry, args.cdn)
        total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()
                    and p.suffix != ".gz")
        print(f"{out}/index.html: the pyodide page; {total} bytes in all"
              + (" (runtime included)" if args.self_host else ""))
        return 0
    out = build((args.out or ROOT / "build" / "web").resolve(), args.archive, args.keep_stage,
                extra)
    apk = out / f"{APP_NAME}.apk"
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{apk}: {apk.stat().st_size} bytes; {out}: {total} bytes in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
