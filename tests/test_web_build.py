"""The browser build: pygbag packs main.py, game/ and assets/ (and nothing else) offline.

Runs web/build.py (the project's pygbag step, see DEVELOPING.md, "Web build") on a copy of the
working tree in a temp folder, so the repository's own build/ is never touched, with
every proxy pointed at a closed port so that any attempt to reach pygbag's CDN fails
instead of hanging. Decoys (a .venv, node_modules, a stale build/, docs) are planted in
the copy to prove they stay out of the archive.
"""

from __future__ import annotations

import ast
import configparser
import importlib.metadata
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = "dice-harbor"
PYGBAG_VERSION = "0.9.2"  # pinned in pyproject.toml; its CDN path is archives/0.9/
RUNTIME_CDN = "https://pygame-web.github.io/archives/0.9/"
BUILD_TIMEOUT = 300  # seconds; the pack itself takes about one

# Copied from the repository into the temp tree (everything else that is tracked too,
# so the build has to leave it out by itself), minus what is never part of a checkout.
NOT_COPIED = {".git", ".venv", "venv", "build", "dist", "node_modules", "__pycache__",
              ".pytest_cache", ".ruff_cache", ".hypothesis"}
DECOYS = (".venv/lib/decoy.py", "node_modules/decoy/index.js", "tests/pyodide/node_modules/x.js",
          "build/stale/main.py", "docs/decoy.md", ".ci/decoy.sh", "web/decoy.txt")
FORBIDDEN_TOPS = {"tests", ".ci", ".venv", "venv", "node_modules", "build", "web", "docs",
                  "tools", ".git", ".github", "shared"}


def app_files(root: Path) -> set[str]:
    """What the web archive must hold: main.py and every file under game/ and assets/ but
    a game's tools (they make its tables)."""
    found = {"main.py"} if (root / "main.py").is_file() else set()
    for top in ("game", "assets"):
        for path in (root / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc" \
                    and "tools" not in path.parts:
                found.add(path.relative_to(root).as_posix())
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    try:
        installed = importlib.metadata.version("pygbag")
    except importlib.metadata.PackageNotFoundError:
        pytest.fail(f"pygbag is not installed: pip install pygbag=={PYGBAG_VERSION} "
                    "(or pip install -e '.[dev]')")
    assert installed == PYGBAG_VERSION, (
        f"pygbag {installed} is installed, the project pins {PYGBAG_VERSION}: "
        "web/dice-harbor.tmpl and the CDN path were checked against that version only")

    tree = tmp_path_factory.mktemp("web") / "checkout"
    shutil.copytree(ROOT, tree, ignore=lambda d, names: [n for n in names if n in NOT_COPIED])
    for decoy in DECOYS:
        (tree / decoy).parent.mkdir(parents=True, exist_ok=True)
        (tree / decoy).write_text("# must not be packed\n")

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONDONTWRITEBYTECODE="1")
    dead = "http://127.0.0.1:9"  # offline: any download attempt fails at once
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        env[var] = dead
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    proc = subprocess.run([sys.executable, "web/build.py", "--archive"], cwd=tree, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT)
    assert proc.returncode == 0, f"web/build.py failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return tree


def apk_names(tree: Path) -> list[str]:
    with zipfile.ZipFile(tree / "build" / "web" / f"{APP}.apk") as zf:
        return zf.namelist()


def test_build_writes_the_page_icon_and_archive(built):
    web = built / "build" / "web"
    assert sorted(p.name for p in web.iterdir()) == ["dice-harbor.apk", "favicon.png", "index.html"]
    assert (web / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()
    with zipfile.ZipFile(built / "build" / "web.zip") as zf:
        assert sorted(zf.namelist()) == ["dice-harbor.apk", "favicon.png", "index.html"]


def test_archive_holds_exactly_main_game_and_assets(built):
    names = apk_names(built)
    # pygbag puts the app folder under "assets/" inside the archive
    assert all(n.startswith("assets/") for n in names), names
    packed = [n.removeprefix("assets/") for n in names]
    assert len(packed) == len(set(packed))
    expected = app_files(ROOT)
    assert "main.py" in expected, "main.py is missing from the repository"
    assert set(packed) == expected
    for must in ("main.py", "game/__init__.py", "game/rules/core.py", "game/games/yatzy/rules.py",
                 "game/bots/__init__.py", "game/sim.py", "game/catalog.py",
                 "game/games/yatzy/data/yatzy_expert.bin"):
        assert must in packed
    assert any(n.startswith("game/bots/") and n != "game/bots/__init__.py" for n in packed)
    assets = sorted(n for n in packed if n.startswith("assets/"))
    assert assets == sorted(n for n in expected if n.startswith("assets/"))


def test_archive_leaves_out_tests_ci_tools_and_caches(built):
    packed = [n.removeprefix("assets/") for n in apk_names(built)]
    tops = {n.split("/", 1)[0] for n in packed}
    assert tops <= {"main.py", "game", "assets"}, tops
    assert not tops & FORBIDDEN_TOPS
    for name in packed:
        assert "node_modules" not in name and "__pycache__" not in name and "decoy" not in name
        assert not name.endswith((".pyc", ".ini", ".toml", ".tmpl"))
    # a game's own tools (they make its tables, with numpy) stay home
    assert list((ROOT / "game" / "games" / "pirates" / "tools").glob("make_*.py"))
    assert not [n for n in packed if "/tools/" in n]


def test_archive_files_are_the_sources_unchanged(built):
    """--no_opt: no re-encoded sounds, no quantised PNGs, no black, whatever is installed."""
    with zipfile.ZipFile(built / "build" / "web" / f"{APP}.apk") as zf:
        for name in zf.namelist():
            rel = name.removeprefix("assets/")
            assert zf.read(name) == (ROOT / rel).read_bytes(), rel


def test_page_loads_the_pinned_runtime_and_this_archive(built):
    html = (built / "build" / "web" / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter" not in html
    assert f'src="{RUNTIME_CDN}pythons.js"' in html
    assert f'src="{RUNTIME_CDN}browserfs.min.js"' in html  # the file 0.9.3's CDN lacks
    assert f'cdn : "{RUNTIME_CDN}"' in html
    assert f'MM.prepare("{APP}.apk"' in html
    assert "<title>Dice Harbor</title>" in html
    assert 'data-python="python3.12"' in html


def tracked_top_dirs() -> set[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return {line.split("/", 1)[0] for line in out if "/" in line}


def test_pygbag_ini_keeps_every_other_folder_out():
    """pygbag 0.9.3+ read pygbag.ini when run on the repository root: it must list every
    tracked top-level folder but game/ and assets/, in the form 0.9.3 expects."""
    parser = configparser.ConfigParser(inline_comment_prefixes=";")
    parser.read(ROOT / "pygbag.ini", encoding="utf-8")
    dirs = ast.literal_eval(parser["DEPENDENCIES"]["ignoreDirs"])
    files = ast.literal_eval(parser["DEPENDENCIES"]["ignoreFiles"])
    assert isinstance(dirs, list) and isinstance(files, list)
    for entry in dirs + files:
        assert isinstance(entry, str) and " " not in entry, entry
    assert all(d.startswith("/") for d in dirs), dirs
    assert "/game" not in dirs and "/assets" not in dirs and "main.py" not in files
    missing = tracked_top_dirs() - {"game", "assets"} - {d[1:] for d in dirs}
    assert not missing, f"add {sorted('/' + m for m in missing)} to ignoreDirs in pygbag.ini"
