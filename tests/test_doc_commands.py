"""Every command the docs give works as written (issue 22: a seed hint pytest refused, a
tool that crashed, a table that `-s` did not print, commands that named a folder outside
the repository).

The commands are read from README.md, DEVELOPING.md and the usage lines of the tools'
docstrings: indented lines and `code` spans that start like a command. For each one, every
Python script or module it runs exists and its ``--help`` lists every flag the command
uses; every file of the repository it names exists. The cheap commands then run for real,
as written or with small arguments (the slow ones -- a ten-minute solver, a thousand
games, a browser benchmark -- are checked as far as their arguments)."""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "DEVELOPING.md")
# how a command starts (after an optional `nice -n N` or `VAR=value`)
STARTS = re.compile(r"(\.venv/bin/(python|pip|ruff)\b|python3?\s|pytest\s|tools/\S+\.py|"
                    r"web/\S+\.py|main\.py\s|\.ci/run)")
PREFIX = re.compile(r"^(nice -n \d+ |[A-Z_]+=\S+ )+")


def _spans(text: str) -> list[str]:
    """Indented lines (up to two spaces in a row: a comment or a note follows) and `code`
    spans, whitespace joined."""
    found = [re.split(r"\s{2,}", line.strip())[0] for line in text.splitlines()
             if line.startswith("    ") and line.strip()]
    found += [" ".join(c.split()) for c in re.findall(r"`([^`]+)`", text)]
    return found


def _docstring_usage(path: Path) -> list[str]:
    """A tool's usage lines: its docstring's indented lines that run it."""
    text = path.read_text(encoding="utf-8")
    doc = re.match(r'\s*(?:#![^\n]*\n)?\s*(?:r?""")(.*?)"""', text, re.S)
    return _spans(doc.group(1)) if doc else []


def doc_commands() -> list[tuple[str, str]]:
    """(where, command) for every command the docs give, one per `&&` part."""
    sources = [(doc, _spans((ROOT / doc).read_text(encoding="utf-8"))) for doc in DOCS]
    sources += [(f"tools/{p.name}", _docstring_usage(p)) for p in sorted(ROOT.glob("tools/*.py"))]
    out = []
    for where, spans in sources:
        for span in spans:
            for part in span.split("&&"):
                part = PREFIX.sub("", part.strip()).rstrip("&").strip()
                if STARTS.match(part + " ") and (where, part) not in out:
                    out.append((where, part))
    return out


def target(command: str) -> tuple[list[str], list[str]] | None:
    """What a command runs, as the Python arguments before its own ones (a script path or
    ``-m module``), and its own arguments; None for what is not Python (pip, ruff, .ci)."""
    try:
        words = shlex.split(command.replace("|", " "))  # `a|b` placeholders: one word each
    except ValueError:  # an unpaired quote: the command is checked word by word anyway
        words = command.replace("|", " ").split()
    if words[0].startswith((".venv/bin/pip", ".venv/bin/ruff", ".ci/")):
        return None
    if words[0] in ("python", "python3") or words[0].startswith(".venv/bin/python"):
        words = words[1:]
    elif words[0] == "pytest":
        words = ["-m", "pytest", *words[1:]]
    if words[:2] == ["-m", "venv"]:
        return None
    if words[0] == "-m":
        return words[:2], words[2:]
    return words[:1], words[1:]


def flags(args: list[str]) -> list[str]:
    """The options a command passes: `--name` (before any `=`) and `-x`."""
    out = []
    for word in args:
        word = word.strip("[]")
        if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", word):
            out.append(word.split("=")[0])
    return out


@functools.cache
def help_text(script: tuple[str, ...]) -> str:
    done = subprocess.run([sys.executable, *script, "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 0, f"{' '.join(script)} --help: {done.stderr[-1500:]}"
    return done.stdout


COMMANDS = doc_commands()
SCRIPTS = sorted({tuple(t[0]) for _, c in COMMANDS if (t := target(c))})


def test_the_docs_give_commands():
    """The reader found them: the README's two set-up commands, the tools, the simulator,
    the demo and the pyodide timing run at least."""
    commands = [c for _, c in COMMANDS]
    assert "python3 -m venv .venv" in commands and ".venv/bin/python main.py" in commands
    for script in (("tools/readme_pictures.py",), ("tools/make_sounds.py",), ("main.py",),
                   ("-m", "game.sim"), ("-m", "pytest"), ("web/build.py",)):
        assert script in SCRIPTS, script
    assert len(COMMANDS) > 40


@pytest.mark.parametrize("script", SCRIPTS, ids=" ".join)
def test_every_flag_the_docs_use_is_one_the_script_takes(script):
    """`--help` works (without running the tool: a solver's --help once ran the solver)
    and names every option the docs pass to it, and every repository file they name
    exists."""
    if script[0] != "-m":
        assert (ROOT / script[0]).is_file(), script
    text = help_text(script)
    for where, command in COMMANDS:
        found = target(command)
        if found is None or tuple(found[0]) != script:
            continue
        for flag in flags(found[1]):
            assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", text), \
                f"{where}: `{command}`: {' '.join(script)} takes no {flag}"
        for word in found[1]:
            word = word.strip("[]")
            if re.fullmatch(r"(tests|tools|web|game|docs|assets)/[\w/.-]+\.\w+", word):
                assert (ROOT / word).exists(), f"{where}: `{command}`: no {word}"


def test_no_command_reaches_outside_the_repository():
    """A fresh clone is all a reader has (the README, then a tool's docstring, once said
    `/work/venv/bin/pip install numpy`): no command, and no indented line of the docs or
    of a tool's docstring, names a place outside it."""
    lines = [(doc, line) for doc in DOCS
             for line in (ROOT / doc).read_text(encoding="utf-8").splitlines()
             if line.startswith("    ")]
    lines += [(f"tools/{p.name}", line) for p in ROOT.glob("tools/*.py")
              for line in _docstring_usage(p)]
    for where, command in COMMANDS + lines:
        for outside in ("/work", "/tmp", "/root", "/home", "~/", "../"):
            assert outside not in command, f"{where}: {command}"


def test_the_ci_script_is_there_and_parses():
    script = ROOT / ".ci" / "run"
    assert os.access(script, os.X_OK)
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, env=env)


# The cheap commands, run for real: (what the docs say, what runs here: the same with small
# arguments where the docs' are slow). Each doc command must still be in the docs. (The
# others were run by hand, with small arguments, when these tests were written; the
# screenshots, frame strip, odds timings, sounds and pictures have tests of their own.)
CHEAP = [
    (".venv/bin/python -m game.sim GAME --players P --games N --seed 1 --json",
     ["-m", "game.sim", "yatzy", "--players", "easy,normal", "--games", "2", "--seed", "1",
      "--json"]),
    (".venv/bin/python game/games/bona_fortuna/tools/calibrate_bona.py --phase1 --games 500",
     ["game/games/bona_fortuna/tools/calibrate_bona.py", "--phase1", "--games", "2"]),
    (".venv/bin/python game/games/pirates/tools/pirate_endgame.py --against old|normal --games N --seed S",
     ["game/games/pirates/tools/pirate_endgame.py", "--against", "normal", "--games", "2", "--seed", "21"]),
    (".venv/bin/python tools/hint_timings.py 10", ["tools/hint_timings.py", "1", "pirates"]),
]


@pytest.mark.parametrize("doc_command,args", CHEAP, ids=[" ".join(a[:2]) for _, a in CHEAP])
def test_a_cheap_doc_command_runs(doc_command, args):
    assert doc_command in [c for _, c in COMMANDS], f"the docs no longer say {doc_command}"
    done = run(*args)
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stderr[-2000:]}"
    assert done.stdout.strip(), f"{' '.join(args)} printed nothing"


def test_the_demo_takes_every_option_the_docs_list(tmp_path):
    """main.py --demo with all of its options at once, as the README lists them."""
    shot = tmp_path / "out.png"
    done = run("main.py", "--demo", "farkle", "--seed", "2", "--frames", "40", "--screenshot",
               str(shot), "--players", "3", "--long-names", "--window", "390x844", "--dpr",
               "2", "--touch", "--pace", "slow", "--stats")
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.is_file() and '"frames": 40' in done.stdout


def file_order(ids: list[str]):
    text = (ROOT / "tests" / "test_words.py").read_text(encoding="utf-8")
    return lambda node_id: text.find(f"def {node_id.split('::')[1].split('[')[0]}(")


def test_the_seed_hint_repeats_an_order():
    """pyproject's hint: --randomly-seed=N (the old `-p "randomly_seed=N"` made pytest
    stop with 'Error importing plugin')."""
    hint = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "--randomly-seed=N" in hint and "randomly_seed=N" not in hint
    orders = []
    for seed in (5, 5):
        done = run("-m", "pytest", "-n", "0", "-p", "no:cacheprovider", f"--randomly-seed={seed}",
                   "--collect-only", "tests/test_words.py", timeout=120)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        orders.append([line for line in done.stdout.splitlines() if "::" in line])
    assert orders[0] == orders[1] and len(orders[0]) > 5
    assert orders[0] != sorted(orders[0], key=file_order(orders[0]))  # shuffled, the same way


def test_a_report_a_test_records_is_printed_with_s_under_xdist(tmp_path):
    """`pytest -s tests/test_pyodide.py` printed no timing table on pyproject's two xdist
    workers (a worker's output never reaches the terminal): a table a test records goes
    through the terminal report, with -s, on a worker as in one process, and not without
    -s."""
    (tmp_path / "conftest.py").write_text("from tests.conftest import REPORT, "
                                          "pytest_terminal_summary  # noqa: F401\n")
    (tmp_path / "test_table.py").write_text(
        "from tests.conftest import REPORT\n\n"
        "def test_table(record_property):\n"
        "    record_property(REPORT, 'TIMING TABLE 42')\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    outputs = {}
    for case in (["-n", "1", "-s"], ["-n", "0"]):
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                               "-p", "no:randomly", "--rootdir", str(tmp_path), *case,
                               str(tmp_path)], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        outputs[" ".join(case)] = done.stdout.count("TIMING TABLE 42")
    assert outputs == {"-n 1 -s": 1, "-n 0": 0}


def test_the_readme_says_where_saves_are_kept(monkeypatch, tmp_path):
    """Issue 22: the README did not say where the game keeps its saves. It names the folder
    and the files the game writes, the variable that moves them, and the browser's store,
    as game.storage has them."""
    from game import storage
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    monkeypatch.delenv("DICE_HARBOR_HOME", raising=False)
    folder = storage.folder()
    assert f"`~/{folder.relative_to(Path.home())}/`" in readme
    for name in (storage.AUTOSAVE, storage.RECORDS, storage.RECENT, storage.SETTINGS):
        assert f"`{storage.path_of(name).name}`" in readme, name
    monkeypatch.setenv("DICE_HARBOR_HOME", str(tmp_path))
    assert storage.folder() == tmp_path and "`DICE_HARBOR_HOME`" in readme
    assert "localStorage" in readme and f"`{storage.PREFIX}...`" in readme
