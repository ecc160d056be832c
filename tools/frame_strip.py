"""Frame strips: every few frames of a throw of the dice (or of a Fortune Card's draw, or
of a score going to the sheet) as one picture, to look at what the table shows while the
dice fly and after they land.

    .venv/bin/python tools/frame_strip.py [--game yatzy] [--draw | --score]
                                          [--size 1280x720r1] [--every 3] [--count 16]
                                          [--out build/strips]

The game is seated as tools/screenshots.py seats it (the most players, the longest names, a
person first) at the start of that person's turn; the roll is pressed with Space as a
player presses it (``--draw``: Pirate Fortune's card is drawn with Space). ``--score``: the
person rolls, and once the dice have landed scores as a player would -- the box worth the
most clicked on the sheet (Yatzy, Maxi Yatzy, Grab It!, Bona Fortuna), every scoring die
picked and banked (Farkle: A, then B), or Enter to stop (Pirate Fortune) -- and the strip
starts at that input. Frames are stepped at 60 per second; each tile is labelled with its
time. Writes OUT/<game>-<throw|draw|score>-<size>.png.
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

from tools.screenshots import long_seats, parse_size  # noqa: E402

DT = 1 / 60


def turn_start(game_id: str):
    """A save at the start of the person's (seat 0's) first turn after a whole round."""
    from game.bots import make_policy
    from game.catalog import GAMES
    info = GAMES[game_id]
    seats = long_seats(game_id, levels=("normal",))
    n = len(seats)
    options = {"on_board": False} if game_id == "farkle" else None  # (any bank will do)
    state = info.new_game(seats, seed=11, options=options)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
    while True:
        fresh = state.current == 0 and not getattr(state, "rolls", 0) and not getattr(
            state, "rolled", False) and state.turns_played >= n
        if fresh and (game_id != "pirates" or state.card is None):
            return state.save()
        state.apply(bots[state.current].choose(state))


def score_input(app, play) -> None:
    """The person's scoring input once the dice have landed (see the module's doc)."""
    import pygame

    from tests.ui_driver import click, key, sheet_spot
    game_id = play.info.id
    if game_id == "farkle":
        key(pygame.K_a)
        key(pygame.K_b)
        return
    if game_id == "pirates":
        key(pygame.K_RETURN)
        return
    preview = play.state.preview()
    if game_id == "bona_fortuna":
        from game.games.bona_fortuna.table import target_key
        column, box, _ = max(preview, key=lambda k: preview[k])
        click(sheet_spot(app, play, target_key(column, box)))
        return
    click(sheet_spot(app, play, max(preview, key=lambda k: preview[k])))


def film(game_id: str, draw: bool, size: str, every: int, count: int, score: bool = False):
    """The frames (surfaces) from the key press on, every ``every`` frames."""
    import pygame

    from game.app import App
    from game.catalog import GAMES
    w, h, ratio, touch = parse_size(size)
    app = App(sound=False, seed=5, window_size=(w, h), dpr=ratio, touch=touch)
    app.settings.bot_speed = "normal"
    info = GAMES[game_id]
    app.show("play", info=info, state=info.state_type().load(turn_start(game_id)),
             autosave=False)
    for _ in range(90):  # the turn's banner and, in Pirate Fortune, the card scene come up
        app.step(DT)
    def space():
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                             unicode=" ", scancode=0))
    if game_id == "pirates" and not draw:  # the card first: drawn, read, put down
        for _ in range(2):
            space()
            for _ in range(70):
                app.step(DT)
    space()  # the throw (or the draw)
    if score:
        for _ in range(120):  # the dice land and what they show is told
            app.step(DT)
        play = app.scenes[0]
        play.banner = None  # (a moment the roll was: seen)
        score_input(app, play)
    shots = []
    for frame in range(every * count):
        app.step(DT)
        if frame % every == 0:
            app.draw()
            shots.append((frame * DT, app.screen.copy()))
    return shots


def strip(shots, columns: int = 4):
    """The frames as one picture, a quarter of their size each, labelled with their time."""
    import pygame
    pygame.font.init()
    font = pygame.font.Font(None, 28)
    w, h = shots[0][1].get_size()
    scale = 0.5 if w <= 1400 else 0.25
    tw, th = int(w * scale), int(h * scale)
    rows = (len(shots) + columns - 1) // columns
    out = pygame.Surface((columns * (tw + 6) + 6, rows * (th + 6) + 6))
    out.fill((60, 60, 60))
    for i, (t, shot) in enumerate(shots):
        x, y = 6 + (i % columns) * (tw + 6), 6 + (i // columns) * (th + 6)
        out.blit(pygame.transform.smoothscale(shot, (tw, th)), (x, y))
        label = font.render(f"{t * 1000:.0f} ms", True, (255, 255, 0), (0, 0, 0))
        out.blit(label, (x + 4, y + th - label.get_height() - 4))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yatzy")
    parser.add_argument("--draw", action="store_true",
                        help="Pirate Fortune: film the card's draw instead of a throw")
    parser.add_argument("--score", action="store_true",
                        help="film the person's score going to the sheet after the throw")
    parser.add_argument("--size", default="1280x720r1")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--count", type=int, default=16)
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parent.parent / "build" / "strips")
    args = parser.parse_args(argv)
    from game.catalog import GAMES
    if args.game not in GAMES:
        parser.error(f"no game {args.game!r}; the games: {', '.join(GAMES)}")
    if args.draw and args.game != "pirates":
        parser.error("--draw is for Pirate Fortune (--game pirates): only it draws cards")
    import pygame
    shots = film(args.game, args.draw, args.size, max(1, args.every), max(1, args.count),
                 score=args.score)
    args.out.mkdir(parents=True, exist_ok=True)
    what = "draw" if args.draw else "score" if args.score else "throw"
    path = args.out / f"{args.game}-{what}-{args.size}.png"
    pygame.image.save(strip(shots), str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
