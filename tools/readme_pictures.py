"""The README's pictures: one screenshot of each game, made by the headless demo
(``main.py --demo``) so that they show the game as it is now.

    .venv/bin/python tools/readme_pictures.py            # remakes docs/pictures/*.png
    .venv/bin/python tools/readme_pictures.py --check    # are they what the code draws now?
    .venv/bin/python tools/readme_pictures.py --games farkle,phone --out DIR

Each picture is a fixed moment of a seeded bot game (the frame numbers below), at the
desktop's 1280x720, plus one of a phone held upright, and one composed of three phone
screens of play by link and the daily challenge (``COMPOSED``). The same code gives the same
pictures, pixel for pixel, on any machine: the demo steps a fixed 1/60 s a frame, and each
picture is taken in a process of its own with every other source of chance or time fixed
(the clock that paces the work spread over frames stands still, so that work -- a bot's
tables, an endgame solve -- is done in the frame it starts, as on an infinitely fast
machine; the wall clock shows one fixed date; string hashing is seeded; settings and saves
start empty). Run it after a change a player would see, and commit docs/pictures/ with it.

``--check`` makes every picture again in a temporary folder and compares it, pixel for
pixel, with docs/pictures/; it also says which pictures the README names that are missing
or not made here. It exits 1 when anything differs (the test suite runs it).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
FIXED_DATE = 1_767_225_600.0  # time.time() inside a picture's process: 2026-01-01 00:00 UTC

# name: (game, seed, bot seats, frames into the demo, extra arguments)
PICTURES = {
    "yatzy": ("yatzy", 3, 3, 1473, []),
    "maxi_yatzy": ("maxi_yatzy", 2, 4, 2335, []),
    "farkle": ("farkle", 3, 3, 1015, []),
    "pirates": ("pirates", 4, 3, 1109, []),
    "bona_fortuna": ("bona_fortuna", 2, 3, 2641, []),
    "grab_it": ("grab_it", 5, 4, 1420, []),
    "phone": ("farkle", 5, 3, 911, ["--window", "390x844", "--dpr", "2", "--touch"]),
}


# pictures composed of several screens (name: what they show), made by ``compose``
COMPOSED = {"by_link": "a game by link on phones: the link to send, the link opened "
                       "(the other player's moves shown), a daily challenge's result"}


def compose(name: str, out: Path) -> None:
    """A composed picture: screens of the real app side by side (headless)."""
    import datetime as dt
    import tempfile

    import pygame

    sys.path.insert(0, str(ROOT))
    from game import daily, linkplay, links
    from game.app import App
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.rules.core import Seat
    from tests.ui_driver import frames

    assert name == "by_link"
    day = dt.date(2026, 11, 27)
    daily.today = lambda: day
    shots = []

    def phone(home: str) -> App:
        os.environ["DICE_HARBOR_HOME"] = home
        pygame.quit()
        app = App(sound=False, seed=3, window_size=(390, 844), dpr=2, touch=True)
        app.settings.bot_speed = "normal"
        return app

    def shot(app: App) -> None:
        app.draw()
        shots.append(app.screen.copy())

    info = GAMES["farkle"]
    state = info.new_game([Seat("Ann"), Seat("Ben")], {}, seed=8)
    bot = make_policy(GAMES["farkle"].bot_module, "normal", seed=2)
    while state.turns_played < 5 or state.seats[state.current].name != "Ben":
        state.apply(bot.choose(state))
    with tempfile.TemporaryDirectory() as ann, tempfile.TemporaryDirectory() as ben:
        app = phone(ann)
        links.keep(info, state, mine=[0], site="https://dice-harbor.example/")
        app.show("link_send", info=info, state=state, site="https://dice-harbor.example/")
        frames(app, 2)
        shot(app)
        app = phone(ben)
        app.show("menu")
        linkplay.open_text(app, links.encode(info, state))
        for _ in range(200):  # Ann's turn, shown on Ben's phone
            frames(app)
            if app.scene.animator.busy and len(app.scene.flow.remaining(app.scene.state)) <= 1:
                break
        frames(app, 8)
        shot(app)
        app = phone(ben)
        yatzy = GAMES["yatzy"]
        mine = daily.new_game(yatzy, day, "Ben")
        hard = make_policy(GAMES["yatzy"].bot_module, "normal", seed=5)
        while not mine.is_over():
            mine.apply(hard.choose(mine))
        daily.finish(yatzy, day, mine)
        app.show("daily_result", info=yatzy, day=day, state=mine)
        for _ in range(3000):
            frames(app)
            if app.scene.ready():
                break
        app.scene._layout_key = None
        frames(app)
        app.toast = None
        shot(app)
    gap = 24
    w, h = shots[0].get_size()
    sheet = pygame.Surface((3 * w + 4 * gap, h + 2 * gap))
    sheet.fill((7, 12, 19))
    for k, picture in enumerate(shots):
        sheet.blit(picture, (gap + k * (w + gap), gap))
    small = pygame.transform.smoothscale(sheet, (sheet.get_width() // 2,
                                                 sheet.get_height() // 2))
    pygame.image.save(small, str(out / f"{name}.png"))


def demo_args(name: str, out: Path) -> list[str]:
    """The arguments of ``main.py`` that take picture ``name`` into ``out``."""
    game, seed, players, frames, extra = PICTURES[name]
    return ["--demo", game, "--seed", str(seed), "--players", str(players),
            "--frames", str(frames), "--mute", "--screenshot", str(out / f"{name}.png"),
            *extra]


def command(name: str, out: Path) -> list[str]:
    """The process that takes one picture: this script's ``--take``."""
    return [sys.executable, str(Path(__file__).resolve()), "--take", name, "--out", str(out)]


def take(name: str, out: Path) -> int:
    """Inside the picture's own process: fix the clocks, then run the demo."""
    import asyncio
    import time
    # game.tasks binds time.perf_counter as a Task's clock when it is imported: a clock that
    # stands still makes every Task finish in the frame it starts, whatever the machine's
    # speed or load (with the real clock a bot's first move came some frames later on a
    # busy machine, and the picture showed another moment of the game).
    time.perf_counter = lambda: 0.0
    time.time = lambda: FIXED_DATE
    sys.path.insert(0, str(ROOT))
    if name in COMPOSED:
        compose(name, out)
        return 0
    from game.launcher import main
    return asyncio.run(main(demo_args(name, out)))


def make(names: list[str], out: Path, quiet: bool = False) -> list[str]:
    """Take ``names`` into ``out``, two processes at a time; the errors, one per failure."""
    out.mkdir(parents=True, exist_ok=True)

    def one(name: str) -> str | None:
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       DICE_HARBOR_HOME=home, PYTHONHASHSEED="0")
            done = subprocess.run(command(name, out), env=env, cwd=ROOT, capture_output=True,
                                  text=True, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            return f"{name}: the demo failed (exit {done.returncode}):\n{done.stderr[-2000:]}"
        if not quiet:
            print(out / f"{name}.png")
        return None

    with ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        return [e for e in pool.map(one, names) if e]


def named_in_readme(readme: Path = ROOT / "README.md") -> list[str]:
    """The pictures the README shows (``docs/pictures/NAME.png``)."""
    return re.findall(r"docs/pictures/([a-z_]+)\.png", readme.read_text(encoding="utf-8"))


def differences(a: Path, b: Path) -> str | None:
    """How two pictures differ in their pixels (None: not at all)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    if first.get_size() != second.get_size():
        return f"{first.get_size()} pixels, the code draws {second.get_size()}"
    if pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB"):
        return None
    w, h = first.get_size()
    changed = [(x, y) for y in range(0, h, 2) for x in range(0, w, 2)
               if first.get_at((x, y))[:3] != second.get_at((x, y))[:3]]
    if not changed:
        return "a few pixels differ"
    xs, ys = [p[0] for p in changed], [p[1] for p in changed]
    return (f"about {4 * len(changed)} pixels differ, between ({min(xs)}, {min(ys)}) and "
            f"({max(xs)}, {max(ys)})")


def check(folder: Path, names: list[str]) -> list[str]:
    """What differs between ``folder`` and the pictures the code draws now."""
    readme = named_in_readme()
    problems = [f"docs/pictures/{n}.png is named in the README but not made by this script"
                for n in readme if n not in PICTURES and n not in COMPOSED]
    problems += [f"docs/pictures/{n}.png is named in the README but missing"
                 for n in readme if n in names and not (folder / f"{n}.png").is_file()]
    with tempfile.TemporaryDirectory() as tmp:
        problems += make(names, Path(tmp), quiet=True)
        for name in names:
            kept, made = folder / f"{name}.png", Path(tmp) / f"{name}.png"
            if kept.is_file() and made.is_file():
                how = differences(kept, made)
                if how:
                    shown = kept.relative_to(ROOT) if kept.is_relative_to(ROOT) else kept
                    problems.append(f"{shown} is not what the code draws now ({how}): remake "
                                    f"the pictures with .venv/bin/python "
                                    f"tools/readme_pictures.py")
    if any("not what the code draws" in p for p in problems):
        import pygame
        problems.append(f"(drawn with pygame-ce {pygame.version.ver}; another version may "
                        f"draw text differently)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT,
                        help="the pictures' folder (docs/pictures)")
    parser.add_argument("--games", default="",
                        help=f"only these pictures, comma-separated: "
                             f"{', '.join([*PICTURES, *COMPOSED])}")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; say which pictures differ from what the code draws")
    parser.add_argument("--take", metavar="NAME", help=argparse.SUPPRESS)  # one picture's process
    args = parser.parse_args(argv)
    if args.take:
        return take(args.take, args.out)
    names = [n for n in args.games.split(",") if n] or list(PICTURES) + list(COMPOSED)
    unknown = [n for n in names if n not in PICTURES and n not in COMPOSED]
    if unknown:
        parser.error(f"unknown picture(s) {', '.join(unknown)}; known: "
                     f"{', '.join([*PICTURES, *COMPOSED])}")
    if args.check:
        problems = check(args.out.resolve(), names)
        for line in problems:
            print(line)
        if not problems:
            print(f"all {len(names)} pictures in {args.out} are what the code draws now")
        return 1 if problems else 0
    errors = make(names, args.out.resolve())
    for line in errors:
        print(line, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
