"""Benchmarks of the game natively and in a real browser (headless Chromium, pyodide 0.27.7,
pygame-ce's wasm build: the browser test's setup): time to the first frame, frame times while
bots play, the CPU an idle menu and an idle human's turn use, frames per second while dice
tumble, and the bots' decision times in the browser. Figures, not pass/fail.

    .venv/bin/python tools/browser_bench.py [--native] [--browser] [--seconds 20]   # prints JSON

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
        "frames_2560x1440": {g: native_frames(g, "1280x720", 2, n) for g, n in
                             (("yatzy", 6), ("farkle", 8), ("pirates", 4),
                              ("bona_fortuna", 4), ("grab_it", 6), ("maxi_yatzy", 6))},
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
from game.sim import run
result = {}
for game in ("yatzy", "maxi_yatzy", "farkle", "pirates", "bona_fortuna", "grab_it"):
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", action="store_true")
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args(argv)
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
