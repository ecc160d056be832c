"""The browser test's site: the self-hosted site web/build.py builds (web/pyodide.tmpl, the
game's archive, the runtime -- pyodide 0.27.7 from the npm package the pyodide test
installs, and pygame-ce's WebAssembly wheel from the cache -- a manifest and a service
worker), served on 127.0.0.1: the page the README recommends is the page the test plays.

The wheel (``WHEEL`` in web/build.py) is not on PyPI, npm or Debian and is never committed:
it is read from ``$DICE_HARBOR_WASM_CACHE`` (default ``~/.cache/dice-harbor/``), and when it
is not there it is downloaded once from pygbag's CDN and checked against its sha256."""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "web"))
import build  # noqa: E402  (web/build.py)

PYODIDE_DIR = ROOT / "tests" / "pyodide" / "node_modules" / "pyodide"


def cache_dir(environ=os.environ) -> Path:
    return build.cache_dir(environ)


def wheel(environ=os.environ, url: str = build.WHEEL_URL, timeout: float = 60
          ) -> tuple[Path | None, str]:
    """(the cached wheel, "") or (None, one line saying what is missing and how to get it).
    A wheel not in the cache is downloaded from pygbag's CDN; one whose sha256 is not the
    pinned one is refused (and removed). (web/build.py's ``cached_wheel``.)"""
    try:
        return build.cached_wheel(environ, url, timeout), ""
    except build.MirrorError as exc:
        return None, str(exc)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".whl": "application/zip", ".zip": "application/zip"}

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class Site:
    """The self-hosted site exactly as ``web/build.py --pyodide --self-host`` builds it
    (pyodide from the npm package the pyodide test installs, the wheel from its cache),
    served on 127.0.0.1 until ``close``."""

    def __init__(self, folder: Path, wheel_path: Path, pyodide_dir: Path = PYODIDE_DIR):
        self.folder = folder
        build.build_pyodide(folder, self_hosted=True, npm_dir=pyodide_dir,
                            environ={"DICE_HARBOR_WASM_CACHE": str(wheel_path.parent)})
        (folder / "blank.html").write_text('<!doctype html><title>blank</title>'
                                           '<link rel="icon" href="favicon.png">')
        self.origin, self._close = serve(folder)

    @property
    def url(self) -> str:
        return f"{self.origin}/index.html"

    def close(self) -> None:
        self._close()


def serve(folder: Path, handler=_Quiet, port: int = 0) -> tuple[str, object]:
    """``folder`` on 127.0.0.1 (an origin of its own: no service worker there yet; or the
    origin of an earlier ``serve`` closed since, by its ``port``); (origin, close)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                             functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def close():
        server.shutdown()
        server.server_close()
    return f"http://127.0.0.1:{server.server_port}", close
