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
