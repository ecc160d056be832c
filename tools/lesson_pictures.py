"""Every step of a lesson (Learn to play), as the player sees it, for looking at it from
start to end: each step's screen once the table waits for the player, and one contact
sheet of them all.

    .venv/bin/python tools/lesson_pictures.py [--out DIR] [--games G,G] [--sizes 390x844r3t,1280x720r1]

A size is WIDTHxHEIGHT in CSS pixels, "r" and the device pixel ratio, and "t" for a layout
meant for touch, where the lesson is played by taps (else by clicks). Writes
DIR/<game>-<size>/NN.png (a step's screen; the card draw's screens too) and
DIR/<game>-<size>.png (all of them side by side); DIR is build/lessons by default.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools.screenshots import parse_size  # noqa: E402


def contact_sheet(pictures, path: Path, per_row: int = 6) -> None:
    """The pictures side by side, a third of their size, in rows of ``per_row``."""
    import pygame
    w, h = pictures[0].get_size()
    scale = min(1.0, 520 / max(w, h))
    tw, th = int(w * scale), int(h * scale)
    cols = min(per_row, len(pictures))
    rows = (len(pictures) + cols - 1) // cols
    sheet = pygame.Surface((cols * tw + (cols - 1) * 8, rows * th + (rows - 1) * 8))
    sheet.fill((255, 255, 255))
    for i, picture in enumerate(pictures):
        sheet.blit(pygame.transform.smoothscale(picture, (tw, th)),
                   ((i % cols) * (tw + 8), (i // cols) * (th + 8)))
    pygame.image.save(sheet, str(path))


def pictures_of(game_id: str, size, out: Path) -> Path:
    """Play the lesson of ``game_id`` at ``size``; each step's screen to ``out``."""
    import pygame

    from game.app import App
    from game.catalog import GAMES
    from tests.lesson_driver import do_step, ended, settle
    from tests.ui_driver import frames
    w, h, dpr, touch = size
    pygame.quit()
    app = App(sound=False, seed=1, window_size=(w, h), dpr=dpr, touch=touch)
    app.settings.bot_speed = "fast"
    app.show("learn", info=GAMES[game_id])
    frames(app)
    out.mkdir(parents=True, exist_ok=True)
    shots = []
    for n in range(80):
        settle(app, drawn=True)
        frames(app, 60)  # the pointer's bounce is over
        app.invalidate()
        frames(app)
        shots.append(app.screen.copy())
        pygame.image.save(shots[-1], str(out / f"{n:02d}.png"))
        if ended(app):
            break
        do_step(app, "touch" if touch else "mouse")
    sheet = out.with_suffix(".png")
    contact_sheet(shots, sheet)
    pygame.quit()
    return sheet


def main(argv=None) -> int:
    from game.catalog import GAMES
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "lessons"),
                        help="the folder to write to (default build/lessons)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"comma-separated, from: {', '.join(GAMES)}")
    parser.add_argument("--sizes", default="390x844r3t,1280x720r1",
                        help="comma-separated sizes, e.g. 390x844r3t,1280x720r1")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    try:
        sizes = [(text, parse_size(text)) for text in args.sizes.split(",") if text]
    except ValueError:
        parser.error(f"a size is WIDTHxHEIGHT, then rN and t if wanted, not {args.sizes!r}")
    os.environ["DICE_HARBOR_HOME"] = tempfile.mkdtemp(prefix="lesson-pictures-")  # (its own)
    for game_id in games:
        for text, size in sizes:
            sheet = pictures_of(game_id, size, Path(args.out) / f"{game_id}-{text}")
            print(sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
