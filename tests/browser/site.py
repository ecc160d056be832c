"""The browser test's site: the page web/build.py writes (web/pyodide.tmpl) with the game's
archive, served on 127.0.0.1 with its runtime -- pyodide 0.27.7 from the npm package the
pyodide test installs, and pygame-ce's WebAssembly wheel from the cache.

The wheel (``WHEEL`` in web/build.py) is not on PyPI, npm or Debian and is never committed:
it is read from ``$DICE_HARBOR_WASM_CACHE`` (default ``~/.cache/dice-harbor/``), and when it
is not there it is downloaded once from pygbag's CDN and checked against its sha256."""

from __future__ import annotations

import functools
import hashlib
import http.server
import os
import shutil
import sys
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402  (web/build.py)

PYODIDE_DIR = ROOT / "tests" / "pyodide" / "node_modules" / "pyodide"


def cache_dir(environ=os.environ) -> Path:
    return Path(environ.get("DICE_HARBOR_WASM_CACHE")
                or Path.home() / ".cache" / "dice-harbor")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def wheel(environ=os.environ, url: str = build.WHEEL_URL, timeout: float = 60
          ) -> tuple[Path | None, str]:
    """(the cached wheel, "") or (None, one line saying what is missing and how to get it).
    A wheel not in the cache is downloaded from pygbag's CDN; one whose sha256 is not the
    pinned one is refused (and removed)."""
    folder = cache_dir(environ)
    path = folder / build.WHEEL
    if not path.is_file():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(".part")
            with urllib.request.urlopen(url, timeout=timeout) as answer, part.open("wb") as out:
                shutil.copyfileobj(answer, out)
            part.replace(path)
        except OSError as exc:
            return None, (f"pygame-ce's WebAssembly wheel is not in {folder} and could not be "
                          f"downloaded from {url} ({exc.__class__.__name__}): put "
                          f"{build.WHEEL} there (or set DICE_HARBOR_WASM_CACHE)")
    if sha256(path) != build.WHEEL_SHA256:
        path.unlink(missing_ok=True)
        return None, (f"{path} is not the pinned build (sha256 {build.WHEEL_SHA256[:8]}…); it "
                      "was removed: put the right file there")
    return path, ""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".whl": "application/zip", ".zip": "application/zip"}
    cached_runtime = False

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        keep = self.cached_runtime and self.path.startswith("/runtime/")
        self.send_header("Cache-Control", "max-age=86400" if keep else "no-store")
        super().end_headers()


class Site:
    """The page and its runtime in a folder, served on 127.0.0.1 until ``close``.

    ``cached_runtime``: the browser may keep the runtime (the pinned pyodide and wheel, which
    never change) between its pages, as a returning player's does: a page then starts on
    about 3 s of CPU instead of 5-6 (the tests, which open a dozen pages). Off, every page
    loads as on a first visit (the benchmarks)."""

    def __init__(self, folder: Path, wheel_path: Path, pyodide_dir: Path = PYODIDE_DIR,
                 cached_runtime: bool = False):
        self.folder = folder
        runtime = folder / "runtime"
        build.write_page(folder, pyodide="runtime/pyodide/", wheel=f"runtime/{build.WHEEL}")
        runtime.mkdir(exist_ok=True)
        (runtime / "pyodide").symlink_to(pyodide_dir, target_is_directory=True)
        (runtime / build.WHEEL).symlink_to(wheel_path)
        (folder / "blank.html").write_text('<!doctype html><title>blank</title>'
                                           '<link rel="icon" href="favicon.png">')
        quiet = type("Quiet", (_Quiet,), {"cached_runtime": cached_runtime})
        handler = functools.partial(quiet, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.server.server_port}"

    @property
    def url(self) -> str:
        return f"{self.origin}/index.html"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
