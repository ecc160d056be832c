"""The tools the README and DEVELOPING.md name run to the end (briefly): a tool that
crashes is a broken instruction."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
    assert refused.returncode == 2 and "yatzy has none" in refused.stderr
    assert "game with cards (pirates)" in refused.stderr  # (the catalog's, asked)


def test_frame_probe_times_a_bot_game():
    """The probe of issue 24's slow frames plays a bot game and names the pieces of its
    slow frames (the move, the bot's thinking, the draws); odd arguments are refused."""
    import json
    done = run("tools/frame_probe.py", "--game", "farkle", "--frames", "400", "--list")
    assert done.returncode == 0, done.stderr[-2000:]
    head, *slow = done.stdout.strip().splitlines()
    assert head.startswith("400 frames: p50 ") and " over 1.33 ms " in head
    assert int(head.split("; ")[1].split()[0]) == len(slow)
    records = json.loads(run("tools/frame_probe.py", "--game", "farkle", "--frames", "400",
                             "--slow", "1", "--json").stdout)
    assert len(records) == 400
    pieces = {k for _, _, p in records for k in p}
    assert {"scene.update", "scene.act", "scene._bot_decision", "app.draw", "tray.draw",
            "sheet.draw"} <= pieces  # (each wrapped piece is reached in a game)
    assert any("anim" in doing for _, doing, _ in records)
    refused = run("tools/frame_probe.py", "--frames", "0")
    assert refused.returncode == 2 and "must be positive" in refused.stderr


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
    assert set(GAMES) <= pictures  # a picture of each game (test_readme_pictures_... below)
    assert "DEVELOPING.md" in readme and (ROOT / "DEVELOPING.md").is_file()


def test_readme_pictures_are_what_the_code_draws():
    """Issue 22: the pictures came out differently on every run (a bot's first move, its
    tables built as a task within a time budget, came some frames later on a busy
    machine), so nothing held them to the code. Every picture the README names is made
    again and compared pixel for pixel with docs/pictures/. After a change a player sees,
    `.venv/bin/python tools/readme_pictures.py` remakes them (DEVELOPING.md)."""
    done = run("tools/readme_pictures.py", "--check")
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert "are what the code draws now" in done.stdout


def test_readme_pictures_check_names_a_changed_picture(tmp_path):
    """--check is no rubber stamp: one pixel changed in a copy of a picture is found and
    named; the picture is the demo's 1280x720 frame."""
    import shutil

    import pygame
    shutil.copy(ROOT / "docs" / "pictures" / "farkle.png", tmp_path / "farkle.png")
    picture = pygame.image.load(str(tmp_path / "farkle.png"))
    assert picture.get_size() == (1280, 720)
    r, g, b, _ = picture.get_at((641, 361))
    picture.set_at((641, 361), (r ^ 1, g, b))
    pygame.image.save(picture, str(tmp_path / "farkle.png"))
    done = run("tools/readme_pictures.py", "--check", "--games", "farkle", "--out",
               str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr[-2000:]
    assert "farkle.png is not what the code draws now" in done.stdout, done.stdout
    assert "maxi_yatzy" not in done.stdout  # only the pictures asked for


def require(program: str, package: str) -> str:
    """A program a tool needs: a skip with what to install on a developer's machine without
    it, a failure under CI (CI=true: .ci/run installs it first)."""
    import os
    import shutil

    import pytest
    found = shutil.which(program)
    if found is None:
        message = f"{program} is not installed (apt-get install {package})"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI: {message}; .ci/run installs it", pytrace=False)
        pytest.skip(message)
    return found


@pytest.fixture(scope="module")
def make_sounds():
    """tools/make_sounds.py loaded once in this process: its --check is run through its
    ``main`` (the command line's parser and all), and its effects are synthesised once
    for the three tests below (each made them again, 2.4 s apiece, in a process of its
    own; tests/scheduling.py runs the three on one worker); ``effect_samples`` is that one
    synthesis, seeded by the effect's name alone."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_make_sounds_makes_every_committed_sound_again_byte_for_byte(make_sounds, capsys):
    """Issue 22: the tool crashed (fx_record returned nothing), and three committed sounds
    were not what it made (their Ogg serial numbers came from the effect's place in a list
    two branches had both appended to). Every effect is rendered again and compared with
    its file in assets/sounds, and no file there is made by nothing. CI installs the
    encoder, so there this never skips."""
    assert 'missing="$missing vorbis-tools"' in (ROOT / ".ci" / "run").read_text()
    require("oggenc", "vorbis-tools")
    code = make_sounds.main(["--check"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "sounds in" in out and "are as the tool makes them" in out


def test_make_sounds_check_names_what_differs(tmp_path, make_sounds, capsys):
    """--check is not a rubber stamp: a changed byte, a missing file and a file no effect
    makes are each named, and it exits 1."""
    import shutil
    require("oggenc", "vorbis-tools")
    folder = tmp_path / "sounds"
    shutil.copytree(ROOT / "assets" / "sounds", folder)
    damaged = bytearray((folder / "roll.ogg").read_bytes())
    damaged[-10] ^= 0xFF
    (folder / "roll.ogg").write_bytes(bytes(damaged))
    (folder / "win.ogg").unlink()
    (folder / "stray.ogg").write_bytes(b"OggS")
    code = make_sounds.main(["--check", "--out", str(folder)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1, lines
    assert any(line.startswith("roll.ogg differs") for line in lines), lines
    assert any(line.startswith("win.ogg is missing") for line in lines), lines
    assert any(line.startswith("stray.ogg is made by no effect") for line in lines), lines
    assert len(lines) == 3, lines


def test_every_sound_effect_renders(make_sounds):
    """Without the encoder too: every effect gives its samples (fx_record gave None), each
    within full scale, made from a generator seeded by its name alone, and its serial
    number depends on its name alone."""
    import random
    tool = make_sounds
    assert tool.effect_samples("click") == tool.fx_click(random.Random(f"{tool.SEED}:click"))
    played = {p.stem for p in (ROOT / "assets" / "sounds").glob("*.ogg")}
    assert set(tool.EFFECTS) == played
    for name in tool.EFFECTS:
        samples = tool.effect_samples(name)
        assert isinstance(samples, list) and len(samples) > 0.05 * tool.RATE, name
        assert 0.2 < max(abs(s) for s in samples) <= 1.0, name
    serials = {name: tool.serial(name) for name in tool.EFFECTS}
    assert len(set(serials.values())) == len(serials)
    assert tool.serial("roll") == serials["roll"]  # the same wherever "roll" stands


def test_make_icon_makes_the_committed_icons_again(tmp_path):
    """The app icon (128 px) and the page's favicon (64 px, web/build.py's note) are what
    tools/make_icon.py draws, pixel for pixel."""
    import pygame
    for size, committed in ((128, ROOT / "assets" / "icon.png"),
                            (64, ROOT / "web" / "favicon.png")):
        out = tmp_path / f"icon{size}.png"
        done = run("tools/make_icon.py", "--size", str(size), "--out", str(out))
        assert done.returncode == 0, done.stderr[-2000:]
        made, kept = pygame.image.load(str(out)), pygame.image.load(str(committed))
        assert made.get_size() == kept.get_size() == (size, size)
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(kept, "RGBA"), committed
