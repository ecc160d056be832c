"""Command line and start-up: the window with the menu, or a scripted headless demo.

``--demo GAME`` plays GAME with bots in every seat through the real scenes and drawing
code, N frames or until the results are up, and can save the last frame as a PNG."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence

from game import links
from game.catalog import GAMES, SESSION_OPTION
from game.rules.core import Seat

DEMO_DT = 1 / 60  # the demo runs on a fixed clock: the same seed gives the same frames
RESULTS_FRAMES = 90  # frames of the results screen shown before a demo ends by itself
FINAL_FRAMES = 60  # frames of the final sheet before the demo moves on to the results
DEMO_BOTS = ("hard", "normal", "easy")
# The longest names the menu allows (NAME_MAX letters), wide letters and other scripts:
# the demo's way to look at the worst case of every layout.
LONG_NAMES = ["WWWWWWWWWWWWWWWW", "Αλεξάνδρα Παπαδά", "Констанция Щукин", "Séñôrå Ŵøłłęšŧåd",
              "MMMMMMMMMMMMMMMM", "Χαράλαμπος Ωμέγα", "Жозефина Ёлкина", "Ærøskøbing Ågård"]


def prepare_environment(environ=os.environ) -> bool:
    """Before pygame starts: with no display at all, draw headless by itself (the dummy
    driver) rather than failing or crawling; with no sound card, stay quiet (SDL's ALSA
    backend prints a screen of errors when it probes a machine without one). True when
    there is no display to show a window on."""
    if sys.platform == "emscripten":
        return False
    headless = False
    if sys.platform.startswith("linux") and not (environ.get("DISPLAY")
                                                 or environ.get("WAYLAND_DISPLAY")):
        headless = environ.setdefault("SDL_VIDEODRIVER", "dummy") == "dummy"
    if sys.platform.startswith("linux") and "SDL_AUDIODRIVER" not in environ and not (
            os.path.exists("/dev/snd") and any(n.startswith("pcm") for n in os.listdir("/dev/snd"))
            or environ.get("PULSE_SERVER") or os.path.exists(f"/run/user/{os.getuid()}/pulse")):
        environ["SDL_AUDIODRIVER"] = "dummy"
    environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return headless


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        print(f"main.py: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = _Parser(prog="python main.py", description="Dice Harbor")
    parser.add_argument("--demo", metavar="GAME", help="play GAME with bots only, headless-friendly")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, help="stop after N frames (default: game over)")
    parser.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG")
    parser.add_argument("--players", type=int, help="number of bot seats in the demo")
    parser.add_argument("--stats", action="store_true", help="print frame-time figures as JSON")
    parser.add_argument("--mute", action="store_true", help="start without sound")
    parser.add_argument("--long-names", action="store_true",
                        help="demo seats with the longest names the menu allows")
    parser.add_argument("--window", metavar="WxH", help="demo in a window (a page) of this "
                        "size in CSS pixels (default 1280x720)")
    parser.add_argument("--dpr", type=float, metavar="N",
                        help="device pixel ratio: the window is drawn N times larger, as on a "
                        "HiDPI screen or a phone (1 to 4; default 1)")
    parser.add_argument("--touch", action="store_true",
                        help="lay the demo out for touch (44 px targets), as on a phone")
    parser.add_argument("--pace", choices=("slow", "normal", "fast"),
                        help="how long the demo's bots think before each move (default fast)")
    parser.add_argument("--open", metavar="LINK",
                        help="open a game by link (or a daily challenge someone shared)")
    args = parser.parse_args(argv)
    if args.demo is not None and args.demo not in GAMES:
        parser.error(f"unknown game {args.demo!r}; available: {', '.join(GAMES)}")
    if args.frames is not None and args.frames < 1:
        parser.error(f"--frames must be at least 1, got {args.frames}")
    if args.demo is None and (args.frames or args.screenshot or args.stats or args.players
                              or args.long_names or args.window or args.dpr or args.touch
                              or args.pace):
        parser.error("--frames, --screenshot, --players, --stats, --long-names, --window, "
                     "--dpr, --touch and --pace go with --demo GAME")
    if args.open is not None:
        if args.demo is not None:
            parser.error("--open LINK and --demo GAME cannot go together")
        try:
            links.decode(args.open)
        except links.LinkError as exc:  # one sentence, before any window opens
            parser.error(f"--open: {exc}")
    if args.dpr is not None and not 1 <= args.dpr <= 4:
        parser.error(f"--dpr must be between 1 and 4, got {args.dpr:g}")
    if args.window is not None:
        try:
            w, h = (int(v) for v in args.window.lower().split("x"))
            if not (320 <= w <= 4000 and 320 <= h <= 4000):
                raise ValueError
            args.window = (w, h)
        except ValueError:
            parser.error(f"--window must be WIDTHxHEIGHT, each 320 to 4000, got {args.window!r}")
    if args.players is not None and args.demo:
        info = GAMES[args.demo]
        if not info.takes(args.players):
            parser.error(f"{args.demo} takes {info.players_text()} players")
    if args.screenshot:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            parser.error(f"cannot save the screenshot: no folder {folder}")
    return args


def demo_state(game_id: str, seed: int, players: int | None = None, long_names: bool = False):
    info, state, _ = demo_game(game_id, seed, players, long_names)
    return info, state


def demo_game(game_id: str, seed: int, players: int | None = None, long_names: bool = False):
    """The demo's game: the first game of a one-round session for games that have sessions
    (the results then lead to the standings), else a single game. (info, state, session)"""
    info = GAMES[game_id]
    n = players or max(info.min_players, 2)
    n = min(max(n, info.min_players), info.max_players)
    bots = [DEMO_BOTS[i % 3] for i in range(n)]
    if long_names:
        seats = [Seat(name, bot) for name, bot in zip(LONG_NAMES, bots, strict=False)]
    else:
        seats = [Seat(f"{name} ({bot})", bot) for name, bot in
                 zip(["Ada", "Bram", "Cleo", "Dax", "Edda", "Finn", "Gus", "Hana"], bots,
                     strict=False)]
    if any(o.key == SESSION_OPTION for o in info.options):
        state, session = info.start(seats, {SESSION_OPTION: 1}, seed=seed)
        return info, state, session
    return info, info.new_game(seats, seed=seed), None


def run_demo(app, args: argparse.Namespace) -> dict:
    # (pygame, the app and the scenes are imported once a window is to open: a bad argument
    # or link is refused at once, and --help, the simulator's percentile... need none)
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    info, state, session = demo_game(args.demo, args.seed, args.players,
                                     getattr(args, "long_names", False))
    app.settings.bot_speed = getattr(args, "pace", None) or "fast"
    app.show("play", info=info, state=state, autosave=False, session=session)
    frame_ms: list[float] = []
    results_frames = 0
    final_frames = 0
    frame = 0
    skip = getattr(args, "skip", False)  # no waits at all: bots move at once, nothing tumbles
    while app.running:
        start = time.perf_counter()
        if skip and isinstance(app.scene, PlayScene):
            app.scene.fast_forward = True
        app.step(DEMO_DT)
        frame_ms.append((time.perf_counter() - start) * 1000)
        frame += 1
        if isinstance(app.scene, ResultsScene):
            results_frames += 1
        elif isinstance(app.scene, PlayScene) and app.scene.finished:
            final_frames += 1  # the final sheet stays until someone moves on: the demo does
            if final_frames >= FINAL_FRAMES and not args.frames:
                app.scene.show_results()
        if args.frames and frame >= args.frames:
            break
        if not args.frames and results_frames >= RESULTS_FRAMES:
            break
    if args.screenshot:
        import pygame  # (see run_demo)
        app.draw()  # the last frame as it stands, even when nothing moved in it
        pygame.image.save(app.screen, args.screenshot)
    from game.sim import percentile  # (the simulator: not imported by a start that plays)
    return {"game": args.demo, "seed": args.seed, "frames": frame,
            "frame_ms_p50": round(percentile(frame_ms, 0.50), 3),
            "frame_ms_p99": round(percentile(frame_ms, 0.99), 3),
            "game_over": state.is_over(), "scores": state.final_scores()}


async def main(argv: Sequence[str] | None = None) -> int:
    if sys.platform == "emscripten":
        argv = []  # in the browser pygbag fills argv from the page: always start the menu
    args = parse_args(list(argv or []))
    if prepare_environment() and not args.demo:
        print("main.py: no display (DISPLAY and WAYLAND_DISPLAY are unset): the game needs a "
              "window; --demo GAME plays one headless", file=sys.stderr)
        return 2
    from game.app import App  # (pygame and the scenes: see run_demo)
    size = args.window or ((1280, 720) if args.demo else None)
    app = App(sound=not args.mute, window_size=size, dpr=args.dpr,
              touch=True if args.touch else None)
    if args.mute:
        app.sounds.muted = True
    if args.demo:
        stats = run_demo(app, args)
        if args.stats:
            import resource  # (Unix only)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            stats["peak_rss_mb"] = round(peak, 1)
            print(json.dumps(stats))
        import pygame  # (see run_demo)
        pygame.quit()
        return 0
    app.show("menu")
    if args.open:
        from game import linkplay  # (the scenes' side of links: see run_demo)
        linkplay.open_text(app, args.open)
    await app.run()
    return 0
