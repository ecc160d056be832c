"""Frame strips: every few frames of a throw of the dice (or of a Fortune Card's draw, or
of a score going to the sheet) as one picture, to look at what the table shows while the
dice fly and after they land.

    .venv/bin/python tools/frame_strip.py [--game yatzy] [--draw | --score]
                                          [--size 1280x720r1] [--every 3] [--count 16]
                                          [--out build/strips]

The game is seated as tools/screenshots.py seats it (the most players, the longest names, a
person first) at the start of that person's turn; the roll is pressed with Space as a
player presses it (``--draw``, for a game with cards such as Pirate Fortune: the card is
drawn with Space; in a throw's strip it is drawn and put down first). ``--score``: the
person rolls, and once the dice have landed makes the move that adds the most to their
score, as a player would: its box clicked on the sheet (Yatzy, Maxi Yatzy, Grab It!, Bona
Fortuna), or its dice clicked and its button pressed (Farkle's bank, Pirate Fortune's
stop) -- and the strip starts at that input. The tool knows no game: it asks the catalog,
the contract (game.contract) and the game's table. Frames are stepped at 60 per second; each tile is labelled with its
time. Writes OUT/<game>-<throw|draw|score>-<size>.png.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.contract import CardGame  # noqa: E402
from tools.screenshots import long_seats, parse_size  # noqa: E402

DT = 1 / 60


def turn_start(game_id: str, options=None):
    """A save at the start of the person's (seat 0's) first turn after a whole round."""
    from game.bots import make_policy
    from game.catalog import GAMES
    info = GAMES[game_id]
    seats = long_seats(game_id, levels=("normal",))
    n = len(seats)
    state = info.new_game(seats, seed=11, options=options)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
    while True:
        fresh = state.current == 0 and not state.table_dice() and not state.roll_number() \
            and state.turns_played >= n and not (isinstance(state, CardGame) and state.drawn)
        if fresh:
            return state.save()
        state.apply(bots[state.current].choose(state))


def best_score(state):
    """The move of the player to act that adds the most to their score now (None: none
    does): each legal move that rolls nothing, tried on a copy of the game."""
    seat, now = state.current, state.final_scores()[state.current]
    best, gain = None, 0
    for action in state.legal_actions():
        if state.roll_spec(action) is not None:
            continue
        after = type(state).replay(state.seats, state.options, state.seed, state.actions)
        after.apply(action)
        if after.final_scores()[seat] - now > gain:
            best, gain = action, after.final_scores()[seat] - now
    return best


def score_input(app, play) -> None:
    """The person's scoring input once the dice have landed (see the module's doc): the
    best scoring move's box clicked on the sheet, or its dice clicked and then its button
    (where the table marks a move: ``hint_marks``, as the coach's rings do)."""
    from tests.ui_driver import click, sheet_spot
    action = best_score(play.state)
    if action is None:
        raise SystemExit(f"{play.info.id}: nothing to score after this throw")
    dice, row = play.table.hint_marks(action)
    if row is not None:
        click(sheet_spot(app, play, row))
        return
    for i in sorted(dice):
        click(play.die_rects[i].center)
        app.step(DT)
    app.step(DT)  # (the buttons follow the dice chosen)
    specs = play.table.buttons()
    index = next(i for i, spec in enumerate(specs) if spec.action == action)
    click(play.table_buttons.buttons[index].rect.center)


def film(game_id: str, draw: bool, size: str, every: int, count: int, score: bool = False,
         options=None):
    """The frames (surfaces) from the key press on, every ``every`` frames."""
    import pygame

    from game.app import App
    from game.catalog import GAMES
    w, h, ratio, touch = parse_size(size)
    app = App(sound=False, seed=5, window_size=(w, h), dpr=ratio, touch=touch)
    app.settings.bot_speed = "normal"
    info = GAMES[game_id]
    app.show("play", info=info, state=info.state_type().load(turn_start(game_id, options)),
             autosave=False)
    for _ in range(90):  # the turn's banner and, in Pirate Fortune, the card scene come up
        app.step(DT)
    def space():
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                             unicode=" ", scancode=0))
    if info.state_type().CARD_DECK is not None and not draw:  # the card first: drawn, read,
        # put down
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
                        help="a game with cards (Pirate Fortune): film the card's draw "
                             "instead of a throw")
    parser.add_argument("--score", action="store_true",
                        help="film the person's score going to the sheet after the throw")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help="a rule option of the game (Farkle's score strip: "
                             "on_board=false, so that any bank will do)")
    parser.add_argument("--size", default="1280x720r1")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--count", type=int, default=16)
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parent.parent / "build" / "strips")
    args = parser.parse_args(argv)
    from game.catalog import GAMES
    if args.game not in GAMES:
        parser.error(f"no game {args.game!r}; the games: {', '.join(GAMES)}")
    if args.draw and GAMES[args.game].state_type().CARD_DECK is None:
        cards = [g for g, info in GAMES.items() if info.state_type().CARD_DECK is not None]
        parser.error(f"--draw is for a game with cards ({', '.join(cards)}): "
                     f"{args.game} has none")
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            parser.error(f"--option {item!r}: the value must be JSON (true, 500, \"classic\")")
    import pygame
    shots = film(args.game, args.draw, args.size, max(1, args.every), max(1, args.count),
                 score=args.score, options=options or None)
    args.out.mkdir(parents=True, exist_ok=True)
    what = "draw" if args.draw else "score" if args.score else "throw"
    path = args.out / f"{args.game}-{what}-{args.size}.png"
    pygame.image.save(strip(shots), str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
