"""Screenshots of the real scenes at any window size, for looking at layouts (and for the
README's pictures).

    python tools/screenshots.py [--out DIR] [--games G,G] [--sizes 390x844r3t,1000x700r1]
                                [--scenes menu,table,results] [--players N]

A size is WIDTHxHEIGHT in CSS pixels, "r" and the device pixel ratio, and "t" for a layout
meant for touch (a phone or a tablet). Every game is seated with the most players and the
longest names the menu allows (``--players`` seats fewer), a human in the first seat; the
table is shown at a position where that human has rolled, and the results after a game
played by bots. Writes DIR/<game>-<scene>-<size>.png.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCENES = ("menu", "table", "results")


def parse_size(text: str) -> tuple[int, int, float, bool]:
    touch = text.endswith("t")
    body = text[:-1] if touch else text
    dims, _, ratio = body.partition("r")
    w, h = (int(v) for v in dims.split("x"))
    return w, h, float(ratio or 1), touch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/dice-harbor-shots"))
    parser.add_argument("--games", default="")
    parser.add_argument("--sizes", default="1280x720r1,390x844r3t,1000x700r1,1280x720r2")
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--players", type=int, default=0)
    args = parser.parse_args(argv)
    import pygame

    from game.app import App
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.launcher import LONG_NAMES
    from game.rules.core import Seat

    games = [g for g in args.games.split(",") if g] or list(GAMES)
    scenes = [s for s in args.scenes.split(",") if s]
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in games:
        info = GAMES[game_id]
        n = min(args.players or info.max_players, info.max_players)
        while not info.takes(n):
            n -= 1
        seats = [Seat(LONG_NAMES[i], None if i == 0 else ("easy", "normal", "hard")[i % 3])
                 for i in range(n)]
        state = info.new_game(seats, seed=11)
        bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
        mid = None
        while not state.is_over():
            if mid is None and state.current == 0 and state.turns_played >= n and (
                    getattr(state, "rolls", 0) or getattr(state, "rolled", False)):
                mid = state.save()
            state.apply(bots[state.current].choose(state))
        final = state.save()
        for spec in args.sizes.split(","):
            size = parse_size(spec)
            pygame.quit()
            app = App(sound=False, seed=5, window_size=size[:2], dpr=size[2], touch=size[3])
            app.settings.bot_speed = "fast"
            for scene in scenes:
                if scene == "menu":
                    app.show("menu", game_id=game_id, seats=seats)
                elif scene == "table":
                    play = app.show("play", info=info, state=info.state_type().load(mid),
                                    autosave=False)
                    for _ in range(60):
                        app.step(1 / 60)
                    play.banner = None
                elif scene == "results":
                    app.show("results", info=info, state=info.state_type().load(final))
                    app.scene.time = 2.0
                app.draw()
                path = args.out / f"{game_id}-{scene}-{spec}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
