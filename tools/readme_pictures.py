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


def command(name: str, out: Path) -> list[str]:
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
    args = parser.parse_args(argv)
    if args.check:
        missing = [n for n in named_in_readme() if not (args.out / f"{n}.png").is_file()]
        unknown = [n for n in named_in_readme() if n not in PICTURES]
        for n in missing + unknown:
            print(f"docs/pictures/{n}.png is named in the README but "
                  f"{'not made by this script' if n in unknown else 'missing'}")
        return 1 if missing or unknown else 0
    args.out.mkdir(parents=True, exist_ok=True)
    names = [n for n in args.games.split(",") if n] or list(PICTURES)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DICE_HARBOR_HOME=str(ROOT / "build" / "pictures-home"))
    for name in names:
        subprocess.run(command(name, args.out), check=True, env=env, cwd=ROOT)
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
