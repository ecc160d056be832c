"""Where a frame's time goes while bots play (issue 24's App.step p99 at a phone's CPU): the
time of every App.step and of the table's pieces inside it (the move, the bot's thinking,
the parts drawn, the sheet, the effects, presenting), natively or in the page.

    .venv/bin/python tools/frame_probe.py [--game yatzy] [--frames 3000] [--slow 12] [--list]
    .venv/bin/python tools/frame_probe.py --page [--game yatzy] [--seconds 25] [--throttle 4]
                     [--list] [--checkout CHECKOUT]

Two bots (hard and normal, seed 2) play at the normal pace at 390x844 drawn at ratio 2, as
``browser_bench.py`` plays them. It prints the frames, their p50 and p99 and how many took
longer than the page's 16 ms; ``--list`` prints each of those with what the table was doing
(late: a sheet left to the next frame; effects: a score's dice flying outside the tray;
soiled: they drew over the sheet; anim: dice tumbling; the name of a scene over the table)
and its costliest pieces (a piece's time includes the pieces it calls).

Natively the time is each step's CPU time (``time.thread_time``: a loaded machine barely
moves it) and a native millisecond is taken as ``--slow`` (12) milliseconds of the page at
4x: frames over 16 / 12 ms are counted, and the bots' thinking budget a frame (game.tasks.
FRAME_BUDGET) is divided by it, so their decisions spread over frames as they do in the page.
``--page`` runs the same in headless Chromium (the browser test's pyodide page, CPU slowed
``--throttle`` times, 390x844 ratio 3 with touch) and counts frames over 16 ms of the page's
clock (its wall clock: a loaded machine makes it longer). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# (the bench's environment too: SDL's dummy drivers, a home of its own for the settings)
from tools.browser_bench import (  # noqa: E402
    BOOT_WATCH,
    PAGE_SIZES,
    PagePython,
    bench_site,
    started,
    static_host,
)

FRAME_MS = 16.0  # the page's frame: 60 a second

# The pieces timed, by where they are reached from the app: (the scene's part, methods)
PIECES = {
    "": ("update", "act", "apply_action", "_after_change", "_pump", "_drive_bot",
         "_bot_decision", "watch_view", "_sheet_model", "draw", "draw_changed", "draw_moving"),
    "pacing": ("copy", "pump", "reveal", "_show", "_landed", "_arrived", "words"),
    "table": ("sheet", "scoring", "moments", "preview_bot", "update", "after_action"),
    "tray": ("start_throw", "draw"),
    "frames": ("_redraw_sheet", "_redraw_tray", "draw_effects", "parts"),
    "sheet": ("draw",),
    "chrome": ("top", "status", "banner"),
    "moments": ("fly", "arrive", "celebrate"),
    "effects": ("draw",),
    "history": ("draw", "add"),
    "table_buttons": ("draw",),
}
APP_PIECES = ("partial_draw", "changed_draw", "draw", "present")


def probe(app, clock, budget_scale: float = 1.0) -> list:
    """Time every step of ``app`` (its table scene on top) and its pieces from now on; the
    list it returns fills with (step ms, what the table was doing, {piece: ms}). Also sent
    to the page as source: self-contained."""
    import game.tasks as tasks
    if budget_scale != 1.0:  # (the bots' thinking spread as at a slower CPU)
        tasks.FRAME_BUDGET /= budget_scale
        import game.scenes.table_hints as hints
        hints.FRAME_BUDGET = tasks.FRAME_BUDGET
        step = tasks.Task.step

        def scaled(self, budget=None, step=step):
            return step(self, tasks.FRAME_BUDGET if budget is None
                        else min(budget, tasks.FRAME_BUDGET))
        tasks.Task.step = scaled
    scene = app.scene
    now: dict = {}

    def timed(owner, name, label):
        original = getattr(owner, name)

        def piece(*args, **kwargs):
            start = clock()
            try:
                return original(*args, **kwargs)
            finally:
                now[label] = now.get(label, 0.0) + (clock() - start) * 1000
        setattr(owner, name, piece)
    for part, names in PIECES.items():
        owner = getattr(scene, part) if part else scene
        for name in names:
            if hasattr(owner, name):
                timed(owner, name, f"{part or 'scene'}.{name}")
    for name in APP_PIECES:
        timed(app, name, f"app.{name}")

    def doing() -> list:
        f = scene.frames
        out = [tag for tag, on in (
            ("late", f._sheet_late), ("effects", bool(scene.effects.reach(tray=False))),
            ("soiled", f._sheet_soiled), ("anim", scene.animator.busy),
            ("card", scene.card_flip > 0)) if on]
        return out + ([type(app.scene).__name__] if app.scene is not scene else [])
    records: list = []
    step = app.step

    def probed(dt):
        before = doing()
        now.clear()
        start = clock()
        drawn = step(dt)
        records.append((round((clock() - start) * 1000, 3), before,
                        {k: round(v, 3) for k, v in now.items() if v >= 0.005}))
        return drawn
    app.step = probed
    return records


def new_game(game_id: str):
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES[game_id]
    return info, info.new_game([Seat("Ada", "hard"), Seat("Bram", "normal")], seed=2)


def native(game_id: str, frames: int, slow: float) -> tuple[list, float]:
    from game.app import App
    app = App(sound=False, window_size=(390, 844), dpr=2.0, touch=True)
    app.spread_parts = True  # (as in the page: the parts after a change over the next frames)
    info, state = new_game(game_id)
    app.show("play", info=info, state=state, autosave=False)
    app.settings.bot_speed = "normal"
    scene = app.scene
    records = probe(app, time.thread_time, slow)
    for _ in range(frames):
        app.step(1 / 30)
        if scene not in app.scenes:  # (the game is over: its results)
            break
    return records, FRAME_MS / slow


def page(game_id: str, seconds: float, throttle: float, checkout: Path) -> tuple[list, float]:
    import inspect

    from tests.browser.cdp import Browser
    folder = Path(tempfile.mkdtemp(prefix="dice-harbor-probe-"))
    bench_site(checkout, folder / "site")
    origin, close = static_host(folder / "site")
    w, h, ratio, touch = PAGE_SIZES["390x844r3"]
    try:
        with Browser(extra_flags=["--disable-audio-output"]) as b:
            tab = b.new_page()
            tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": BOOT_WATCH})
            tab.viewport(w, h, ratio, mobile=touch, touch=touch)
            tab.call("Emulation.setCPUThrottlingRate", {"rate": throttle})
            tab.goto(f"{origin}/index.html")
            started(tab)
            g = PagePython(tab)
            g.py("import time, builtins\n" + inspect.getsource(new_game) + PIECES_SOURCE +
                 inspect.getsource(probe) +
                 f"info, state = new_game({game_id!r})\n"
                 "app.show('play', info=info, state=state, autosave=False)\n"
                 "app.settings.bot_speed = 'normal'\n"
                 "builtins.PROBED = probe(app, time.perf_counter)\nresult = 0")
            time.sleep(seconds)
            records = g.py("import builtins\nresult = builtins.PROBED[:]")
    finally:
        close()
    return records, FRAME_MS


PIECES_SOURCE = f"PIECES = {PIECES!r}\nAPP_PIECES = {APP_PIECES!r}\n"


def percentile(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0.0


def report(records: list, limit: float, listing: bool) -> str:
    steps = [r[0] for r in records]
    over = [r for r in records if r[0] > limit]
    lines = [f"{len(records)} frames: p50 {percentile(steps, 0.5):.2f} ms, p99 "
             f"{percentile(steps, 0.99):.2f} ms; {len(over)} over {limit:.2f} ms "
             f"({100 * len(over) / max(1, len(records)):.1f}%)"]
    if listing:
        for ms, doing, pieces in over:
            top = sorted(pieces.items(), key=lambda kv: -kv[1])[:8]
            lines.append(f"{ms:8.2f} {','.join(doing) or '-':<24} "
                         + " ".join(f"{k}={v:.2f}" for k, v in top))
    return "\n".join(lines)


def main(argv=None) -> int:
    from game.catalog import GAMES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yatzy", choices=list(GAMES))
    parser.add_argument("--frames", type=int, default=3000, help="natively: frames played")
    parser.add_argument("--slow", type=float, default=12.0,
                        help="natively: page milliseconds at 4x in a native one")
    parser.add_argument("--page", action="store_true", help="in headless Chromium")
    parser.add_argument("--seconds", type=float, default=25.0, help="in the page: how long")
    parser.add_argument("--throttle", type=float, default=4.0, help="in the page: CPU slowdown")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="in the page: the checkout whose site is built (another commit)")
    parser.add_argument("--list", action="store_true", help="each slow frame and its pieces")
    parser.add_argument("--json", action="store_true", help="the records as JSON")
    args = parser.parse_args(argv)
    if args.frames < 1 or args.slow <= 0 or args.seconds <= 0 or args.throttle < 1:
        parser.error("--frames, --slow, --seconds and --throttle must be positive "
                     "(--throttle at least 1)")
    if args.page:
        records, limit = page(args.game, args.seconds, args.throttle, args.checkout.resolve())
    else:
        records, limit = native(args.game, args.frames, args.slow)
    print(json.dumps(records) if args.json else report(records, limit, args.list))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
