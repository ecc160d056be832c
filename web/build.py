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
SKIP_DIRS = {"__pycache__"}
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


# -- the pyodide page ------------------------------------------------------------------------
# The runtime the browser test proves: pyodide 0.27.7 (CPython 3.12) with the pygame-ce
# build pygbag's CDN serves for CPython 3.12, loaded by web/pyodide.tmpl.
PYODIDE_VERSION = "0.27.7"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
WHEEL = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_URL = f"https://pygame-web.github.io/cdn/cp312/{WHEEL}"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
PAGE_TEMPLATE = WEB / "pyodide.tmpl"
GAME_ARCHIVE = "dice-harbor.zip"


def game_archive(dest: Path, root: Path = ROOT) -> Path:
    """What the page unpacks into the browser's Python: main.py, game/ and assets/ in a
    zip (the same files the pygbag build packs)."""
    import zipfile
    work = Path(tempfile.mkdtemp(prefix="dice-harbor-stage-"))
    try:
        files = stage(root, work)
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
            for rel in files:
                info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, (work / rel).read_bytes())
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return dest


def write_page(out: Path, pyodide: str = PYODIDE_CDN, wheel: str = WHEEL_URL,
               root: Path = ROOT, offline: bool = False) -> Path:
    """The pyodide page in ``out``: index.html (runtime from ``pyodide`` and ``wheel``,
    URLs or paths relative to the page), favicon.png and the game's archive; ``offline``
    adds a service worker that keeps every file once loaded (a self-hosted site)."""
    import json
    out.mkdir(parents=True, exist_ok=True)
    config = {"pyodide": pyodide, "wheel": wheel, "game": GAME_ARCHIVE, "offline": offline}
    page = PAGE_TEMPLATE.read_text(encoding="utf-8").replace("__CONFIG__", json.dumps(config))
    (out / "index.html").write_text(page, encoding="utf-8")
    shutil.copyfile(ICON, out / "favicon.png")
    game_archive(out / GAME_ARCHIVE, root)
    if offline:  # the service worker keeps every file of the site, the runtime included
        files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
        worker = (WEB / "sw.js").read_text(encoding="utf-8")
        (out / "sw.js").write_text(worker.replace("__FILES__", json.dumps(["./"] + files)),
                                   encoding="utf-8")
    return out


# -- self-hosting: every runtime file the page loads, on the site itself --------------------
NPM_REGISTRY = "https://registry.npmjs.org"
PYGBAG_CDN = "https://pygame-web.github.io/cdn"
# pyodide's npm tarball, as package-lock.json pins it (the integrity npm checks), and the files
# of it the page loads.
PYODIDE_TARBALL = f"pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA512 = ("sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRIS"
                  "eWUBdulEgO26qpSRA==")
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


class MirrorError(SystemExit):
    """A runtime file could not be had, or was not the pinned one (one line)."""


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


def self_host(out: Path, registry: str = NPM_REGISTRY, cdn: str = PYGBAG_CDN) -> Path:
    """Download every runtime file the pyodide page loads -- pyodide from its npm tarball
    (sha512 pinned as package-lock.json pins it), pygame-ce's wheel from pygbag's CDN
    (sha256 pinned) -- into ``out``/runtime, and write the page to load them from there,
    with a service worker that keeps them: a static site with no third-party host at play
    time, which works offline once loaded."""
    import io
    import tarfile
    tarball = fetch_pinned(f"{registry.rstrip('/')}/{PYODIDE_TARBALL}", "sha512",
                           PYODIDE_SHA512)
    runtime = out / "runtime"
    (runtime / "pyodide").mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise MirrorError(f"web/build.py: {name} is missing from pyodide's tarball")
            (runtime / "pyodide" / name).write_bytes(member.read())
    wheel = fetch_pinned(f"{cdn.rstrip('/')}/cp312/{WHEEL}", "sha256", WHEEL_SHA256)
    (runtime / WHEEL).write_bytes(wheel)
    return write_page(out, pyodide="runtime/pyodide/", wheel=f"runtime/{WHEEL}", offline=True)


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
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "web",
                        help="where the page goes (default: build/web)")
    parser.add_argument("--archive", action="store_true", help="also write web.zip beside --out")
    parser.add_argument("--keep-stage", action="store_true", help="keep the staging folder")
    parser.add_argument("--pyodide", action="store_true",
                        help="build the pyodide page instead (the runtime the browser test "
                        "proves; default --out build/web-pyodide)")
    parser.add_argument("--self-host", action="store_true",
                        help="with --pyodide: download every runtime file into the build "
                        "(pinned, checked) so the site needs no other host")
    parser.add_argument("--registry", default=NPM_REGISTRY, help=argparse.SUPPRESS)
    parser.add_argument("--cdn", default=PYGBAG_CDN, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.self_host and not args.pyodide:
        parser.error("--self-host goes with --pyodide")
    if args.pyodide:
        out = (args.out if "--out" in argv else ROOT / "build" / "web-pyodide").resolve()
        if out.exists():
            shutil.rmtree(out)
        if args.self_host:
            self_host(out, args.registry, args.cdn)
        else:
            write_page(out)
        total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"{out}/index.html: the pyodide page; {total} bytes in all"
              + (" (runtime included)" if args.self_host else ""))
        return 0
    out = build(args.out.resolve(), args.archive, args.keep_stage, extra)
    apk = out / f"{APP_NAME}.apk"
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{apk}: {apk.stat().st_size} bytes; {out}: {total} bytes in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
