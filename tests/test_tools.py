"""The tools the README and DEVELOPING.md name run to the end (briefly): a tool that
crashes is a broken instruction."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def test_odds_timings_runs():
    """It crashed: AttributeError: 'Lazy' object has no attribute 'clear'."""
    done = run("tools/odds_timings.py", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "grab_it" in done.stdout and "first pass" in done.stdout


def test_screenshots_writes_pictures(tmp_path):
    done = run("tools/screenshots.py", "--games", "farkle", "--sizes", "390x844r3t",
               "--scenes", "menu,table", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "farkle-menu-390x844r3t.png", "farkle-table-390x844r3t.png"]


def test_frame_strip_films_a_throw(tmp_path):
    """The strip's first tile has the dice in the air, its last the dice landed: they
    differ in the tray; and --draw refuses a game that draws no cards, in words."""
    import pygame
    done = run("tools/frame_strip.py", "--game", "yatzy", "--count", "8", "--every", "6",
               "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    picture = pygame.image.load(str(tmp_path / "yatzy-throw-1280x720r1.png"))
    assert picture.get_size() == (4 * (640 + 6) + 6, 2 * (360 + 6) + 6)
    first = pygame.Rect(6, 6, 640, 360)
    last = pygame.Rect(6 + 3 * 646, 6 + 366, 640, 360)
    tray = pygame.Rect(10, 40, 300, 120)  # the felt, in a tile's coordinates
    a = picture.subsurface(first).subsurface(tray)
    b = picture.subsurface(last).subsurface(tray)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    refused = run("tools/frame_strip.py", "--game", "yatzy", "--draw", "--out", str(tmp_path))
    assert refused.returncode == 2 and "only it draws cards" in refused.stderr


def test_the_readme_is_a_page_for_players():
    """Issue 17: the README was 7,500 words of coach internals and benchmark tables. It is a
    page for players now: the two commands first, a picture of each game, the controls, the
    features in a sentence each; the internals live in DEVELOPING.md."""
    import re

    from game.catalog import GAMES
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [line.strip() for line in readme.splitlines() if line.startswith("    ")]
    assert blocks[0] == ("python3 -m venv .venv && .venv/bin/pip install -e . && "
                         ".venv/bin/python main.py")
    assert blocks[1].startswith("python3 -m venv .venv && .venv/bin/pip install -e '.[dev]'")
    assert len(readme.split()) < 2500
    for word in ("Bellman", "p99", "value iteration", "dynamic programming", "Task"):
        assert word not in readme, word
    pictures = set(re.findall(r"docs/pictures/([a-z_]+)\.png", readme))
    assert set(GAMES) <= pictures  # a picture of each game
    done = run("tools/readme_pictures.py", "--check")
    assert done.returncode == 0, done.stdout  # every picture named is made and committed
    assert "DEVELOPING.md" in readme and (ROOT / "DEVELOPING.md").is_file()


def test_no_command_names_a_path_outside_the_repository():
    """Commands in the docs run from a fresh clone: none reaches outside it (the README once
    said `/work/venv/bin/pip install numpy`)."""
    import re
    for doc in ("README.md", "DEVELOPING.md"):
        for line in (ROOT / doc).read_text(encoding="utf-8").splitlines():
            commands = [line.strip()] if line.startswith("    ") else []
            commands += [c for c in re.findall(r"`([^`]+)`", line)
                         if c.startswith((".venv", "python", "nice", "tools/"))]
            for command in commands:
                for outside in ("/work", "/tmp", "/root", "/home", "~/", "../"):
                    assert outside not in command, f"{doc}: {command}"


def test_readme_pictures_are_made_by_the_demo(tmp_path):
    done = run("tools/readme_pictures.py", "--games", "farkle", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    import pygame
    picture = pygame.image.load(str(tmp_path / "farkle.png"))
    assert picture.get_size() == (1280, 720)
