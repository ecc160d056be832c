"""Screenshots of the real scenes at any window size, for looking at layouts (the
README's pictures are tools/readme_pictures.py's).

    .venv/bin/python tools/screenshots.py [--out DIR] [--games G,G] [--sizes 390x844r3t,1000x700r1]
                                [--scenes menu,table,results] [--players N]
                                [--looks colour_blind,large_text,reduce_motion]
                                [--hand touch|keyboard|mouse]

A size is WIDTHxHEIGHT in CSS pixels, "r" and the device pixel ratio, and "t" for a layout
meant for touch (a phone or a tablet). Every game is seated with the most players and the
longest names the menu allows (``--players`` seats fewer), a human in the first seat; the
table is shown at a position where that human has rolled, and the results after a game
played by bots. Writes DIR/<game>-<scene>-<size>.png; with ``--browser`` the same screens in headless
Chromium (as the browser test runs the game: tests/browser/), DIR/browser-<game>-....png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# An empty home of its own, as the README's pictures have: the screens drawn are the same on
# every machine, and nothing they remember (a lesson proposed by the menu) reaches the
# player's own settings.
os.environ["DICE_HARBOR_HOME"] = tempfile.mkdtemp(prefix="dice-harbor-shots-")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCENES = ("menu", "table", "results", "hint", "pause", "settings")


def parse_size(text: str) -> tuple[int, int, float, bool]:
    touch = text.endswith("t")
    body = text[:-1] if touch else text
    dims, _, ratio = body.partition("r")
    w, h = (int(v) for v in dims.split("x"))
    return w, h, float(ratio or 1), touch


def long_seats(game_id: str, players: int = 0, levels=("easy", "normal", "hard")):
    """The most seats the game takes (or ``players``), with the longest names, a human
    first, the bots at ``levels`` in turn."""
    from game.catalog import GAMES
    from game.launcher import LONG_NAMES
    from game.rules.core import Seat
    info = GAMES[game_id]
    n = min(players or info.max_players, info.max_players)
    while not info.takes(n):
        n -= 1
    return [Seat(LONG_NAMES[i], None if i == 0 else levels[i % len(levels)])
            for i in range(n)]


def seated(game_id: str, players: int = 0):
    """The seats (the most the game takes, or ``players``; the longest names, a human first)
    and two saves: a position where that human has rolled, and the finished game."""
    from game.bots import make_policy
    from game.catalog import GAMES
    info = GAMES[game_id]
    seats = long_seats(game_id, players)
    n = len(seats)
    state = info.new_game(seats, seed=11)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
    mid = None
    while not state.is_over():
        if mid is None and state.current == 0 and state.turns_played >= n and (
                getattr(state, "rolls", 0) or getattr(state, "rolled", False)):
            mid = state.save()
        state.apply(bots[state.current].choose(state))
    return [{"name": s.name, "bot": s.bot} for s in seats], mid, state.save()


def stage(app, game_id: str, scene: str, seats: list, mid: dict, final: dict) -> None:
    """Show ``scene`` of the game in ``app`` as the screenshot has it (also run in the
    browser's page, so it imports what it needs)."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES[game_id]
    if scene == "menu":
        app.show("menu", game_id=game_id, seats=[Seat.from_json(s) for s in seats])
    elif scene == "table":
        play = app.show("play", info=info, state=info.state_type().load(mid), autosave=False)
        for _ in range(60):
            app.step(1 / 60)
        play.banner = None
    elif scene == "results":
        app.show("results", info=info, state=info.state_type().load(final))
        app.scene.time = 2.0
    elif scene == "hint":  # the table with the coach's hint on show, the keyboard in use
        play = app.show("play", info=info, state=info.state_type().load(mid), autosave=False)
        for _ in range(60):
            app.step(1 / 60)
        play.banner = None
        play.request_hint()
        for _ in range(600):
            app.step(1 / 60)
            if play.current_hint() is not None:
                break
        play.top_buttons.index = 0  # (the keyboard's focus ring on the first tool)
    elif scene in ("pause", "settings"):
        play = app.show("play", info=info, state=info.state_type().load(mid), autosave=False)
        for _ in range(60):
            app.step(1 / 60)
        play.banner = None
        app.open("pause", play=play)
        if scene == "settings":
            app.scene.settings()
            app.scene.focus.index = 3
    app.draw()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parent.parent / "build" / "shots")
    parser.add_argument("--games", default="")
    parser.add_argument("--sizes", default="1280x720r1,390x844r3t,1000x700r1,1280x720r2")
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--looks", default="",
                        help="settings to switch on: colour_blind, large_text, reduce_motion")
    parser.add_argument("--hand", choices=("touch", "keyboard", "mouse"), default=None,
                        help="word the prompts for this hand (game.ui.hands); by default the "
                             "page's: touch on a 't' size, else a mouse")
    parser.add_argument("--browser", action="store_true",
                        help="in headless Chromium (pyodide and pygame-ce's wasm build, as the "
                             "browser test runs it) instead of natively")
    args = parser.parse_args(argv)
    from game.catalog import GAMES

    games = [g for g in args.games.split(",") if g] or list(GAMES)
    scenes = [s for s in args.scenes.split(",") if s]
    args.out.mkdir(parents=True, exist_ok=True)
    if args.browser:
        return in_browser(args, games, scenes)
    import pygame

    from game.app import App
    for game_id in games:
        seats, mid, final = seated(game_id, args.players)
        for spec in args.sizes.split(","):
            size = parse_size(spec)
            pygame.quit()
            app = App(sound=False, seed=5, window_size=size[:2], dpr=size[2], touch=size[3])
            app.settings.bot_speed = "fast"
            looks = [k for k in args.looks.split(",") if k]
            for key in looks:
                setattr(app.settings, key, True)
            app.apply_looks()
            tag = "".join(f"-{k}" for k in looks)
            if args.hand:
                from game.ui.hands import hands
                hands.use(args.hand)
                tag += f"-{args.hand}"
            for scene in scenes:
                stage(app, game_id, scene, seats, mid, final)
                path = args.out / f"{game_id}-{scene}-{spec}{tag}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
    return 0


def in_browser(args, games: list[str], scenes: list[str]) -> int:
    """The same screens in a real browser page: the page's own screenshot of each."""
    import base64
    import inspect
    import json
    import tempfile

    from tests.browser.cdp import Browser
    from tests.browser.site import Site, wheel
    from tests.browser.test_browser import Game
    path, problem = wheel()
    if path is None:
        print(problem, file=sys.stderr)
        return 2
    site = Site(Path(tempfile.mkdtemp(prefix="dice-harbor-shots-site-")), path)
    try:
        with Browser(extra_flags=["--disable-audio-output"]) as b:
            for spec in args.sizes.split(","):
                w, h, ratio, touch = parse_size(spec)
                g = Game(b, site, width=w, height=h, ratio=ratio, touch=touch)
                g.py(inspect.getsource(stage) + "\nresult = 0")
                for game_id in games:
                    seats, mid, final = seated(game_id, args.players)
                    for scene in scenes:
                        g.py(f"stage(app, {game_id!r}, {scene!r}, "
                             f"json.loads({json.dumps(json.dumps(seats))}), "
                             f"json.loads({json.dumps(json.dumps(mid))}), "
                             f"json.loads({json.dumps(json.dumps(final))}))\nresult = 0")
                        time.sleep(0.3)  # the page shows the frame
                        shot = g.page.call("Page.captureScreenshot", {"format": "png"})
                        out = args.out / f"browser-{game_id}-{scene}-{spec}.png"
                        out.write_bytes(base64.b64decode(shot["data"]))
                        print(out)
                g.close()
    finally:
        site.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
