"""The README's pictures: one screenshot of each game, made by the headless demo
(``main.py --demo``) so that they show the game as it is now.

    python tools/readme_pictures.py [--out docs/pictures] [--games G,G] [--check]

Each picture is a fixed moment of a seeded bot game (the frame numbers below), at the
desktop's 1280x720, plus one of a phone held upright. Run it after a change a player would
see, and commit the pictures with it. ``--check`` only says which pictures the README
names that are missing (the test suite runs that).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"

# name: (game, seed, bot seats, frames into the demo, extra arguments)
PICTURES = {
    "yatzy": ("yatzy", 3, 3, 1500, []),
    "maxi_yatzy": ("maxi_yatzy", 2, 4, 2300, []),
    "farkle": ("farkle", 3, 3, 1000, []),
    "pirates": ("pirates", 4, 3, 1200, []),
    "bona_fortuna": ("bona_fortuna", 2, 3, 2600, []),
    "grab_it": ("grab_it", 5, 4, 1400, []),
    "phone": ("farkle", 5, 3, 900, ["--window", "390x844", "--dpr", "2", "--touch"]),
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
    bot = make_policy("farkle", "normal", seed=2)
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
            if app.scene.animator.busy and len(app.scene.flow.script) <= 1:
                break
        frames(app, 8)
        shot(app)
        app = phone(ben)
        yatzy = GAMES["yatzy"]
        mine = daily.new_game(yatzy, day, "Ben")
        hard = make_policy("yatzy", "normal", seed=5)
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


def command(name: str, out: Path) -> list[str]:
    if name in COMPOSED:
        return [sys.executable, str(Path(__file__).resolve()), "--compose", name, "--out",
                str(out)]
    game, seed, players, frames, extra = PICTURES[name]
    return [sys.executable, str(ROOT / "main.py"), "--demo", game, "--seed", str(seed),
            "--players", str(players), "--frames", str(frames), "--mute",
            "--screenshot", str(out / f"{name}.png"), *extra]


def named_in_readme(readme: Path = ROOT / "README.md") -> list[str]:
    """The pictures the README shows (``docs/pictures/NAME.png``)."""
    return re.findall(r"docs/pictures/([a-z_]+)\.png", readme.read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--games", default="", help="only these pictures (names above)")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--compose", help=argparse.SUPPRESS)  # (one composed picture, here)
    args = parser.parse_args(argv)
    if args.compose:
        compose(args.compose, args.out)
        return 0
    if args.check:
        missing = [n for n in named_in_readme() if not (args.out / f"{n}.png").is_file()]
        unknown = [n for n in named_in_readme() if n not in PICTURES and n not in COMPOSED]
        for n in missing + unknown:
            print(f"docs/pictures/{n}.png is named in the README but "
                  f"{'not made by this script' if n in unknown else 'missing'}")
        return 1 if missing or unknown else 0
    args.out.mkdir(parents=True, exist_ok=True)
    names = [n for n in args.games.split(",") if n] or list(PICTURES) + list(COMPOSED)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DICE_HARBOR_HOME=str(ROOT / "build" / "pictures-home"))
    for name in names:
        subprocess.run(command(name, args.out), check=True, env=env, cwd=ROOT)
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
