"""Benchmarks of the game natively and in a real browser (headless Chromium, pyodide 0.27.7,
pygame-ce's wasm build: the browser test's setup): time to the first frame, frame times while
bots play, the CPU an idle menu and an idle human's turn use, frames per second while dice
tumble, and the bots' decision times in the browser. Figures, not pass/fail.

    .venv/bin/python tools/browser_bench.py [--native] [--browser] [--seconds 20] [--json]
    .venv/bin/python tools/browser_bench.py --throttle 4 --throttle 1 [--runs 3] [--seconds 20]
                     [--sizes 390x844r3,1280x720] [--compare CHECKOUT] [--sharpest] [--json]

Both print JSON; with ``--throttle`` a table unless ``--json``. ``--throttle`` measures what
issue 24 asks for, with the page's CPU slowed as a phone's: time to the loading screen,
pyodide's own boot and the first frame after it (cold, in a fresh browser; warm, the same
browser again), bytes on a cold start as sent and unpacked, frames per second while dice
tumble and App.step p50/p99 while bots play, each as min / median / max of ``--runs`` runs
with the machine's load beside them. ``--compare`` takes turns with another checkout (``git
worktree add build/old main``), so a before and an after are measured in the same minutes.

Natively the app runs its real loop (Clock.tick pacing) with SDL's dummy video driver; CPU is
the process's own CPU time. In the browser CPU is the page's main-thread task time
(Performance.getMetrics TaskDuration), where the game runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DICE_HARBOR_HOME", tempfile.mkdtemp(prefix="dice-harbor-bench-"))

from game.catalog import GAMES  # noqa: E402


def percentile(values, q):
    from game.sim import percentile as p
    return round(p(values, q), 3)


def human_to_move():
    """A Yatzy game where the human is to move, the dice rolled, nothing moving."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "normal")], seed=1)
    if state.seats[state.current].bot:
        state = info.new_game([Seat("Ada", "normal"), Seat("You")], seed=1)
    assert not state.seats[state.current].bot
    state.apply({"kind": "roll", "hold": []})
    return state


def _source(function) -> str:
    import inspect
    return inspect.getsource(function)


# -- native ---------------------------------------------------------------------------------
def native_first_frame(runs: int = 3) -> float:
    """Wall time of `main.py --demo yatzy --frames 1`: the interpreter, the imports, the
    window and one frame (ms, median of ``runs``)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--demo", "yatzy", "--frames",
                        "1", "--mute"], cwd=ROOT, capture_output=True, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return round(sorted(times)[len(times) // 2], 1)


def native_idle_cpu(scene: str, seconds: float, size=(1280, 720), dpr=1.0) -> float:
    """Percent of one core the real loop uses for ``seconds`` on an untouched scene: the menu,
    or a human's turn with the dice rolled (nothing moving)."""
    import pygame

    from game.app import App
    from game.catalog import GAMES
    pygame.quit()
    app = App(sound=False, window_size=size, dpr=dpr)
    if scene == "menu":
        app.show("menu")
    else:
        state = human_to_move()
        play = app.show("play", info=GAMES["yatzy"], state=state, autosave=False)
        play.banner = None

    async def stop_after():
        await asyncio.sleep(seconds)
        app.running = False

    async def both():
        await asyncio.gather(app.run(), stop_after())

    cpu, wall = time.process_time(), time.perf_counter()
    asyncio.run(both())
    return round(100 * (time.process_time() - cpu) / (time.perf_counter() - wall), 1)


def native_frames(game: str, window: str, dpr: float, players: int | None = None) -> dict:
    args = [sys.executable, str(ROOT / "main.py"), "--demo", game, "--stats", "--mute",
            "--window", window, "--dpr", str(dpr), "--long-names"]
    if players:
        args += ["--players", str(players)]
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    stats = json.loads(out.strip().splitlines()[-1])
    return {k: stats[k] for k in ("frame_ms_p50", "frame_ms_p99", "peak_rss_mb", "frames")}


def native(seconds: float) -> dict:
    return {
        "first_frame_ms": native_first_frame(),
        "idle_menu_cpu_pct": native_idle_cpu("menu", seconds),
        "idle_turn_cpu_pct": native_idle_cpu("turn", seconds),
        "idle_turn_cpu_pct_2560x1440": native_idle_cpu("turn", seconds, (1280, 720), 2.0),
        "frames_2560x1440": {g: native_frames(g, "1280x720", 2, info.max_players)
                             for g, info in GAMES.items()},  # each game at its fullest table
    }


# -- the browser ----------------------------------------------------------------------------
def browser(seconds: float) -> dict:
    from tests.browser.cdp import Browser
    from tests.browser.site import Site, wheel
    from tests.browser.test_browser import Game
    path, problem = wheel()
    if path is None:
        raise SystemExit(problem)
    site = Site(Path(tempfile.mkdtemp(prefix="dice-harbor-bench-site-")), path)
    out: dict = {}
    try:
        with Browser(extra_flags=["--disable-audio-output"]) as b:
            for name, (w, h, ratio, touch) in (("1280x720", (1280, 720, 1, False)),
                                               ("390x844r3", (390, 844, 3, True))):
                g = Game(b, site, width=w, height=h, ratio=ratio, touch=touch)
                first = g.page.js("window.diceHarbor.firstFrame")
                figures = {"first_frame_ms": round(first, 1),
                           "idle_menu_cpu_pct": page_cpu(g, seconds)}
                g.py(_source(human_to_move) + """
from game.catalog import GAMES
play = app.show("play", info=GAMES["yatzy"], state=human_to_move(), autosave=False)
play.banner = None
result = 0""")
                figures["idle_turn_cpu_pct"] = page_cpu(g, seconds)
                figures["bots_playing"] = page_frames(g, seconds)
                out[name] = figures
            g = Game(b, site)
            out["decision_ms"] = g.py("""
from game.catalog import GAMES
from game.sim import run
result = {}
for game in GAMES:
    r = run(game, ["hard", "hard"], games=8, seed=1, progress=False)
    result[game] = {"p50": r["players"][0]["decision_ms_p50"],
                    "p99": max(p["decision_ms_p99"] for p in r["players"])}""")
    finally:
        site.close()
    return out


def page_cpu(g, seconds: float) -> float:
    """Percent of one core the page's main thread worked over ``seconds``."""
    def task_seconds():
        metrics = g.page.call("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "TaskDuration")
    g.page.call("Performance.enable")
    time.sleep(1.0)  # let what was going on settle
    before, start = task_seconds(), time.monotonic()
    time.sleep(seconds)
    used, wall = task_seconds() - before, time.monotonic() - start
    return round(100 * used / wall, 1)


def page_frames(g, seconds: float) -> dict:
    """Bots playing at the normal pace: the game's own frame times (App.step) and frames
    per second while dice tumble."""
    g.py("""
import time
from game.catalog import GAMES
from game.rules.core import Seat
info = GAMES["yatzy"]
state = info.new_game([Seat("Ada", "hard"), Seat("Bram", "normal")], seed=2)
play = app.show("play", info=info, state=state, autosave=False)
app.settings.bot_speed = "normal"
BENCH = {"steps": [], "tumbling": []}
original = app.step
def timed(dt, original=original):
    start = time.perf_counter()
    drawn = original(dt)
    BENCH["steps"].append((time.perf_counter() - start) * 1000)
    scene = app.scene
    if getattr(scene, "animator", None) is not None and scene.animator.busy:
        BENCH["tumbling"].append((time.perf_counter(), drawn))
    return drawn
app.step = timed
import builtins
builtins.BENCH = BENCH
result = 0""")
    time.sleep(seconds)
    return g.py("""
import builtins
from game.sim import percentile
b = builtins.BENCH
app.step = type(app).step.__get__(app)
steps, tumbling = b["steps"], b["tumbling"]
span = (tumbling[-1][0] - tumbling[0][0]) if len(tumbling) > 1 else 0
drawn = sum(1 for _, d in tumbling if d)
# frames per second while dice tumble: frames drawn during tumbles / the time they lasted
gaps = [b2[0] - b1[0] for b1, b2 in zip(tumbling, tumbling[1:]) if b2[0] - b1[0] < 0.1]
result = {"frames": len(steps), "step_ms_p50": round(percentile(steps, 0.5), 2),
          "step_ms_p99": round(percentile(steps, 0.99), 2),
          "tumbling_fps": round(len(gaps) / sum(gaps), 1) if gaps else None}""")


# -- a phone's CPU: the start and the frames (issue 24) --------------------------------------
# At the sizes of a phone held upright (390x844 CSS pixels, ratio 3, touch) and of a laptop
# (1280x720), with the page's CPU slowed ``--throttle`` times (Chromium's
# Emulation.setCPUThrottlingRate; 4 is what Lighthouse uses for a mid-range phone), on the
# site web/build.py --pyodide --self-host builds, served as a static host serves it
# (Cache-Control: max-age=600, as GitHub Pages; no compression on the fly).
PAGE_SIZES = {"390x844r3": (390, 844, 3, True), "1280x720": (1280, 720, 1, False)}
# Times pyodide's own boot (loadPyodide, from its call to its answer) on any page, the
# pages before this one included, and the first paint.
BOOT_WATCH = """
window.__bench = { boot: null, fcp: null };
(() => {
  let kept;  // (pyodide.js sets it three times: the function, its module, the function)
  Object.defineProperty(window, "loadPyodide", { configurable: true,
    get() { return kept; },
    set(load) {
      kept = typeof load !== "function" ? load : async (...args) => {
        const start = performance.now();
        const answer = await load(...args);
        window.__bench.boot = [start, performance.now()];
        return answer;
      };
    } });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "first-contentful-paint") window.__bench.fcp = e.startTime;
    }
  }).observe({ type: "paint", buffered: true });
})();
"""


def load_build_module(root: Path):
    """web/build.py of the checkout at ``root`` (another commit's, for a comparison)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"build_{abs(hash(str(root)))}",
                                                  root / "web" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_site(root: Path, folder: Path) -> Path:
    """The self-hosted site of the checkout at ``root`` (its page, its game), with the
    runtime the tests keep. A checkout from before web/build.py built from the cache gets
    its page and archive with the same runtime beside them."""
    import shutil

    from tests.browser.site import PYODIDE_DIR, wheel
    path, problem = wheel()
    if path is None:
        raise SystemExit(problem)
    mod = load_build_module(root)
    if hasattr(mod, "build_pyodide"):
        mod.build_pyodide(folder, self_hosted=True, npm_dir=PYODIDE_DIR,
                          environ={"DICE_HARBOR_WASM_CACHE": str(path.parent)})
    else:
        mod.write_page(folder, pyodide="runtime/pyodide/", wheel=f"runtime/{mod.WHEEL}",
                       root=root)
        shutil.copytree(PYODIDE_DIR, folder / "runtime" / "pyodide")
        shutil.copyfile(path, folder / "runtime" / mod.WHEEL)
    return folder


def static_host(folder: Path):
    """``folder`` served as a static host serves it; (origin, close)."""
    import http.server

    from tests.browser.site import serve

    class Host(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".whl": "application/zip",
                          ".zip": "application/zip", ".gz": "application/gzip",
                          ".webmanifest": "application/manifest+json"}

        def log_message(self, *args) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "max-age=600")
            super().end_headers()

    return serve(folder, Host)


class PagePython:
    """Python in a bench page (as the browser test's Game.py)."""

    def __init__(self, page):
        self.page = page

    def py(self, code: str):
        from tests.browser.test_browser import page_python
        return page_python(self.page, code, timeout=900)


def started(page, timeout: float = 600) -> dict:
    page.wait_for("window.diceHarbor && (window.diceHarbor.firstFrame || "
                  "window.diceHarbor.error)", timeout, every=0.25)
    error = page.js("window.diceHarbor.error")
    if error:
        raise SystemExit(f"the page did not start: {error}")
    return page.js("({first: window.diceHarbor.firstFrame, boot: window.__bench.boot, "
                   "fcp: window.__bench.fcp, "
                   # (a page before the marks, --compare'd: no main() figure)
                   "game: (window.diceHarbor.marks || {}).game})")


def cold_bytes(page, folder: Path) -> tuple[int, int]:
    """(bytes on the wire, bytes the page got once unpacked) of its requests so far: a
    FILE.gz the page unpacks itself counts as FILE's size."""
    from urllib.parse import urlparse
    page.pump()
    wire, decoded, urls = {}, {}, {}
    for event in page.network:
        params = event.get("params", {})
        ident = params.get("requestId")
        if event["method"] == "Network.responseReceived":
            urls[ident] = params["response"]["url"]
        elif event["method"] == "Network.loadingFinished":
            wire[ident] = params.get("encodedDataLength", 0)
        elif event["method"] == "Network.dataReceived":
            decoded[ident] = decoded.get(ident, 0) + params.get("dataLength", 0)
    unpacked = 0
    for ident in list(wire):
        url = urlparse(urls.get(ident, ""))
        if url.scheme not in ("http", "https"):  # (a blob: the page made of what it fetched)
            del wire[ident]
            continue
        path = url.path.lstrip("/")
        plain = folder / path.removesuffix(".gz")
        unpacked += plain.stat().st_size if path.endswith(".gz") and plain.is_file() \
            else decoded.get(ident, 0)
    return sum(wire.values()), unpacked


def one_run(origin: str, folder: Path, size: tuple, throttle: float, seconds: float,
            sharpest: bool = False) -> dict:
    """A cold start in a fresh browser, a warm one (the same profile: its HTTP cache, the
    service worker where the site has one), then bots playing Yatzy for ``seconds``."""
    from tests.browser.cdp import Browser
    w, h, ratio, touch = size
    load = [round(os.getloadavg()[0], 2)]
    with Browser(extra_flags=["--disable-audio-output"]) as b:
        page = b.new_page()
        page.call("Network.enable")
        page.call("Page.addScriptToEvaluateOnNewDocument", {"source": BOOT_WATCH + (
            "localStorage.setItem('dice-harbor-settings', '{\"format\": 1, \"sharpest\": true}');"
            if sharpest else "")})
        page.viewport(w, h, ratio, mobile=touch, touch=touch)
        page.call("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(f"{origin}/index.html")
        cold = started(page)
        wire, decoded = cold_bytes(page, folder)
        if page.js("!!document.querySelector('link[rel=manifest]') && "
                   "'serviceWorker' in navigator && !!window.diceHarbor.version"):
            page.wait_for("navigator.serviceWorker.ready.then(r => !!r.active)", 600, 0.5)
            version = page.js("window.diceHarbor.version")
            page.wait_for(f"caches.keys().then(k => k.includes('dice-harbor-{version}'))",
                          600, 0.5)
        else:
            time.sleep(2)
        page.reload()
        time.sleep(0.5)
        warm = started(page)
        frames = page_frames(PagePython(page), seconds)
        load.append(round(os.getloadavg()[0], 2))
    return {"loading_screen_ms": cold["fcp"],
            "boot_cold_ms": cold["boot"][1] - cold["boot"][0],
            "first_frame_cold_ms": cold["first"],
            "after_boot_cold_ms": cold["first"] - cold["boot"][1],
            "main_cold_ms": cold["first"] - cold["game"] if cold.get("game") else None,
            "boot_warm_ms": warm["boot"][1] - warm["boot"][0],
            "first_frame_warm_ms": warm["first"],
            "after_boot_warm_ms": warm["first"] - warm["boot"][1],
            "main_warm_ms": warm["first"] - warm["game"] if warm.get("game") else None,
            "cold_bytes_wire": wire, "cold_bytes_decoded": decoded,
            "tumbling_fps": frames["tumbling_fps"], "step_ms_p50": frames["step_ms_p50"],
            "step_ms_p99": frames["step_ms_p99"], "load_1min": load}


FIGURES = [("loading_screen_ms", "time to the loading screen (first paint), ms"),
           ("boot_cold_ms", "pyodide's own boot, cold, ms"),
           ("after_boot_cold_ms", "first frame after the boot, cold, ms"),
           ("main_cold_ms", "of which main() to its first frame, cold, ms"),
           ("first_frame_cold_ms", "first frame, cold, ms"),
           ("boot_warm_ms", "pyodide's own boot, warm, ms"),
           ("after_boot_warm_ms", "first frame after the boot, warm, ms"),
           ("main_warm_ms", "of which main() to its first frame, warm, ms"),
           ("first_frame_warm_ms", "first frame, warm, ms"),
           ("cold_bytes_wire", "bytes on a cold start, as sent"),
           ("cold_bytes_decoded", "bytes on a cold start, unpacked"),
           ("tumbling_fps", "frames per second while dice tumble"),
           ("step_ms_p50", "App.step p50 while bots play, ms"),
           ("step_ms_p99", "App.step p99 while bots play, ms")]


def spread(values: list) -> str:
    values = sorted(v for v in values if v is not None)
    if not values:
        return "-"
    def show(v):
        return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.1f}"
    return f"{show(values[0])} / {show(values[len(values) // 2])} / {show(values[-1])}"


def phone(throttles: list[float], sizes: list[str], runs: int, seconds: float,
          variants: dict[str, tuple[Path, bool]]) -> dict:
    """Every figure of issue 24 for each variant (a label: a checkout and whether the
    sharpest picture is on), ``runs`` times, the variants taking turns in the same
    minutes, first one first, then the other (the second of a pair had the slower boot in
    most pairs when the order was always the same)."""
    import shutil
    sites, built = {}, {}
    for label, (root, sharpest) in variants.items():
        if root not in built:
            folder = Path(tempfile.mkdtemp(prefix="dice-harbor-bench-"))
            bench_site(root, folder / "site")
            built[root] = (folder, *static_host(folder / "site"))
        sites[label] = (*built[root], sharpest)
    out: dict = {}
    try:
        for throttle in throttles:
            for size in sizes:
                for run in range(runs):
                    turn = list(sites.items())
                    for label, (folder, origin, _, sharpest) in turn[::-1] if run % 2 else turn:
                        figures = one_run(origin, folder / "site", PAGE_SIZES[size], throttle,
                                          seconds, sharpest)
                        key = f"{label} throttle {throttle:g}x {size}"
                        out.setdefault(key, []).append(figures)
                        print(f"{key} run {run + 1}: {json.dumps(figures)}", file=sys.stderr,
                              flush=True)
    finally:
        for folder, _, close in built.values():
            close()
            shutil.rmtree(folder, ignore_errors=True)
    return out


def report(results: dict) -> str:
    lines = []
    for key, runs in results.items():
        lines.append(f"{key} ({len(runs)} runs: min / median / max; 1-min load at the start "
                     f"and end of each run: {', '.join('-'.join(map(str, r['load_1min'])) for r in runs)})")
        for name, text in FIGURES:
            lines.append(f"  {text:<46} {spread([r[name] for r in runs])}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", action="store_true")
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--throttle", type=float, action="append", metavar="RATE",
                        help="the start and the frames with the page's CPU slowed RATE times "
                        "(repeatable: --throttle 4 --throttle 1), at --sizes")
    parser.add_argument("--sizes", default="390x844r3,1280x720",
                        help=f"with --throttle: of {', '.join(PAGE_SIZES)}")
    parser.add_argument("--runs", type=int, default=3, help="with --throttle: runs of each")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="with --throttle: also measure the checkout at CHECKOUT (another "
                        "commit: git worktree add), taking turns with this one")
    parser.add_argument("--sharpest", action="store_true",
                        help="with --throttle: also with the 'sharpest picture' setting on "
                        "(the screen's own pixel ratio, 3 at 390x844r3, instead of at most 2)")
    parser.add_argument("--json", action="store_true", help="print JSON, not a table")
    args = parser.parse_args(argv)
    if args.throttle:
        variants = {"this": (ROOT, False)}
        if args.compare:
            variants = {"compared": (args.compare.resolve(), False), **variants}
        if args.sharpest:
            variants["this, sharpest picture"] = (ROOT, True)
        results = phone(args.throttle, [s for s in args.sizes.split(",") if s], args.runs,
                        args.seconds, variants)
        print(json.dumps(results, indent=1) if args.json else report(results))
        return 0
    both = not (args.native or args.browser)
    result = {}
    if args.native or both:
        result["native"] = native(args.seconds)
    if args.browser or both:
        result["browser"] = browser(args.seconds)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
