"""The rules and bots in a browser's Python: pyodide (CPython for WebAssembly) under Node.

The same driver script plays the same seeded games with game.sim.play_game in native
CPython and in pyodide, where only game/__init__.py, catalog.py, sim.py, rules/ and
bots/ (with the expert's table, bots/data/yatzy_expert.bin) exist (no pygame): every final score, winner, turn count and the hash of the
final saved state must match exactly. Decision times in both are reported, not asserted:
`.venv/bin/python -m pytest -s tests/test_pyodide.py` prints the tables at the end of the
run, through pytest's terminal report, so under xdist's workers as well as with -n 0 (which
is faster: each xdist worker that runs a test of this module runs the drivers itself).

pyodide comes from the npm registry, pinned in tests/pyodide/package.json and
package-lock.json; it is installed into tests/pyodide/node_modules (git-ignored) on first
use and loads offline afterwards. Skipped only when node or npm is not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import catalog
from tests.conftest import REPORT

ROOT = Path(__file__).resolve().parent.parent
RUNNER_DIR = Path(__file__).resolve().parent / "pyodide"
NPM_TIMEOUT = 240
RUN_TIMEOUT = 300  # (both drivers, on a busy machine)
MARKER = "DICE_HARBOR_RESULTS "

GAMES = tuple(catalog.GAMES)
POLICIES = ("easy", "normal", "hard", "random")
SEEDS = (1, 2, 3)
MIXED_SEEDS = (11, 12)
EXPERT_SEEDS = (1, 2, 3)  # expert plays five-dice Yatzy only (its table is staged too)


def cases() -> list[dict]:
    out = []
    for game in GAMES:
        for policy in POLICIES:
            for seed in SEEDS:
                out.append({"id": f"{game}-{policy}-{seed}", "game": game,
                            "policies": [policy, policy], "seed": seed})
        for seed in MIXED_SEEDS:
            out.append({"id": f"{game}-mixed-{seed}", "game": game,
                        "policies": list(POLICIES), "seed": seed})
    for seed in EXPERT_SEEDS:
        out.append({"id": f"yatzy-expert-{seed}", "game": "yatzy",
                    "policies": ["expert", "expert"], "seed": seed})
    out.append({"id": "yatzy-expert-mixed", "game": "yatzy",
                "policies": ["expert", "hard", "normal"], "seed": 13})
    return out


DRIVER = '''\
"""Play the seeded games in CASES with game.sim.play_game and print the outcomes."""
import hashlib
import importlib.util
import json
import os
import platform
import statistics
import sys
import time

# What the runner copied, before anything is imported from it (an import would write its
# __pycache__ there), and whether pygame can be found: in pyodide, /app (natively none).
print("PROBE " + json.dumps({"pygame": importlib.util.find_spec("pygame") is not None,
                             "files": sorted(os.path.relpath(os.path.join(d, f), "/app")
                                             for d, _, fs in os.walk("/app/game")
                                             for f in fs)}))

from game.games.yatzy import expert_table as yatzy_table
from game.sim import play_game

CASES = json.loads(%r)
ODDS_SEEDS = {"farkle": [1, 2], "pirates": [1, 2, 3]}  # seeds of the positions; others: [1]

load_started = time.perf_counter()
table = yatzy_table.table()  # the expert's table, as its first decision opens it
table_load_ms = (time.perf_counter() - load_started) * 1000
load_started = time.perf_counter()
table.load_all()  # unpacking all 64 streams (a game unpacks them as it needs them)
table_unpack_ms = (time.perf_counter() - load_started) * 1000

results = {}
per_policy = {}
started = time.perf_counter()
for case in CASES:
    timings = [[] for _ in case["policies"]]
    state = play_game(case["game"], case["policies"], case["seed"], None, timings)
    results[case["id"]] = {
        "scores": state.final_scores(),
        "winners": state.winners(),
        "turns": state.turns_played,
        "state_sha256": hashlib.sha256(state.to_json().encode()).hexdigest(),
    }
    for policy, seat_times in zip(case["policies"], timings):
        per_policy.setdefault(policy, []).extend(seat_times)
timing = {p: {"decisions": len(t), "median_ms": statistics.median(t) * 1000,
              "mean_ms": statistics.fmean(t) * 1000, "max_ms": max(t) * 1000}
          for p, t in per_policy.items()}
seconds = time.perf_counter() - started

# Exact odds (game.odds) at positions of seeded games, with the bot's selection: the
# numbers must be the same as native; timed cold (tables built) and warm.
from game import odds as odds_mod
from game.games.pirates import odds as pirate_odds
from game.bots import make_policy, turn_search
from game.catalog import GAMES
from game.rules.core import Seat


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_timed(steps):
    longest = 0.0
    start = time.perf_counter()
    while True:
        before = time.perf_counter()
        try:
            next(steps)
        except StopIteration as stop:
            longest = max(longest, time.perf_counter() - before)
            return stop.value, (time.perf_counter() - start) * 1000, longest * 1000
        longest = max(longest, time.perf_counter() - before)


odds_results, odds_timing = {}, {}
for game_id in GAMES:
    seeds = ODDS_SEEDS.get(game_id, [1])
    positions = []
    for seed in seeds:
        info = GAMES[game_id]
        state = info.new_game([Seat("A", "hard"), Seat("B", "hard")], {}, seed=seed)
        bots = [make_policy(info.bot_module, "hard", seed=seed + i) for i in range(2)]
        step = 0
        while not state.is_over() and step < 240:
            action = bots[state.current].choose(state)
            if step %% 3 == 0:
                chosen = action.get("hold") or action.get("set_aside") or action.get("dice")
                positions.append((state.rewound(len(state.actions)), list(chosen or [])))
            state.apply(action)
            step += 1
    turn_search._TABLES.cache_clear()
    odds_mod._BOX_VALUES.clear()
    pirate_odds._BATTLE_VALUES.clear()
    cold = [run_timed(odds_mod.odds_steps(s, sel)) for s, sel in positions]
    warm = [run_timed(odds_mod.odds_steps(s, sel)) for s, sel in positions]
    odds_results[game_id] = [[sorted(o.boxes.items()), sorted(o.chances.items()), o.lines]
                             for o, _, _ in warm]
    times = [t for _, t, _ in warm]
    odds_timing[game_id] = {"positions": len(times), "p50_ms": quantile(times, 0.5),
                            "p99_ms": quantile(times, 0.99), "max_ms": max(times),
                            "piece_ms": max(p for _, _, p in warm),
                            "cold_max_ms": max(t for _, t, _ in cold),
                            "cold_piece_ms": max(p for _, _, p in cold)}

print("%s" + json.dumps({
    "python": sys.version.split()[0], "platform": sys.platform, "machine": platform.machine(),
    "seconds": seconds, "results": results, "timing": timing,
    "table_load_ms": table_load_ms, "table_unpack_ms": table_unpack_ms,
    "odds": odds_results, "odds_timing": odds_timing}))
'''


def require_node(which=shutil.which, environ=os.environ) -> tuple[str, str]:
    """node and npm, or a skip on a developer's machine without them. Under CI (CI=true,
    as .ci/run sets it) a missing Node.js is a failure: CI must not pass without the
    browser check (.ci/run installs nodejs and npm first)."""
    node, npm = which("node"), which("npm")
    if node is None or npm is None:
        message = "node and npm are needed to run pyodide (apt-get install nodejs npm)"
        if environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI: {message}")
        pytest.skip(message)
    return node, npm


def installed_pyodide_version() -> str | None:
    meta = RUNNER_DIR / "node_modules" / "pyodide" / "package.json"
    if not meta.is_file():
        return None
    return json.loads(meta.read_text(encoding="utf-8")).get("version")


def ensure_pyodide(npm: str) -> str:
    """Install the pinned pyodide into tests/pyodide/node_modules unless it is there (one
    installer at a time: the pyodide and browser tests may ask at once on two workers)."""
    import fcntl
    with open(RUNNER_DIR / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _ensure_pyodide(npm)


def _ensure_pyodide(npm: str) -> str:
    wanted = json.loads((RUNNER_DIR / "package.json").read_text(encoding="utf-8"))[
        "dependencies"]["pyodide"]
    if installed_pyodide_version() != wanted:
        command = "ci" if (RUNNER_DIR / "package-lock.json").is_file() else "install"
        proc = subprocess.run([npm, command, "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=RUNNER_DIR, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=NPM_TIMEOUT)
        assert proc.returncode == 0, f"npm {command} failed:\n{proc.stdout}\n{proc.stderr}"
    assert installed_pyodide_version() == wanted
    return wanted


def parse(stdout: str, where: str, marker: str = MARKER) -> dict:
    for line in stdout.splitlines():
        if line.startswith(marker):
            return json.loads(line[len(marker):])
    raise AssertionError(f"no results from {where}:\n{stdout[-3000:]}")


# Both drivers (the games' and the hints', HINT_DRIVER below) run in one Python, each as
# __main__ with the game's modules imported afresh, as a new interpreter would give them
# (their tables and caches built again): one pyodide started under Node instead of two (a
# start is about 3 s of CPU), and one native Python.
BOTH = '''\
"""Run each driver in turn as __main__, the game's modules imported afresh for each."""
import sys

for name, source in %r:
    for module in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
        del sys.modules[module]
    exec(compile(source, name, "exec"), {"__name__": "__main__"})
'''


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict:
    node, npm = require_node()
    version = ensure_pyodide(npm)
    driver = tmp_path_factory.mktemp("pyodide") / "drivers.py"
    driver.write_text(BOTH % ([
        ("driver.py", DRIVER % (json.dumps(cases()), MARKER)),
        ("hints.py", HINT_DRIVER % (json.dumps(HINT_GAMES), HINT_POSITIONS, HINT_MARKER))],),
        encoding="utf-8")

    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    native = subprocess.run([sys.executable, str(driver)], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=RUN_TIMEOUT)
    assert native.returncode == 0, f"native driver failed:\n{native.stderr[-3000:]}"

    wasm = subprocess.run([node, str(RUNNER_DIR / "run.mjs"), str(ROOT), str(driver)],
                          cwd=RUNNER_DIR, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=RUN_TIMEOUT)
    assert wasm.returncode == 0, f"pyodide run failed:\n{wasm.stdout[-2000:]}\n{wasm.stderr[-3000:]}"

    result = {"native": parse(native.stdout, "native CPython"),
              "pyodide": parse(wasm.stdout, "pyodide"), "pyodide_version": version,
              "pyodide_log": wasm.stderr.strip(),
              "pyodide_probe": parse(wasm.stdout, "pyodide's probe", "PROBE "),
              "hints": {"native": parse(native.stdout, "native CPython's hints", HINT_MARKER),
                        "pyodide": parse(wasm.stdout, "pyodide's hints", HINT_MARKER)}}
    return result


def report(result: dict) -> str:
    """The timing table of the games (shown at the end of a run with -s)."""
    nat, web = result["native"], result["pyodide"]
    lines = [f"\npyodide {result['pyodide_version']} (Python {web['python']}, {web['platform']}) "
             f"vs native CPython {nat['python']}: {len(nat['results'])} games in "
             f"{web['seconds']:.2f} s vs {nat['seconds']:.2f} s "
             f"({web['seconds'] / max(nat['seconds'], 1e-9):.1f}x)",
             f"  {result['pyodide_log']}",
             f"  expert Yatzy table opened in {nat['table_load_ms']:.0f} ms native, "
             f"{web['table_load_ms']:.0f} ms in pyodide; all of it unpacked in "
             f"{nat['table_unpack_ms']:.0f} ms native, {web['table_unpack_ms']:.0f} ms in pyodide",
             f"  {'policy':<8} {'decisions':>9} {'native ms (median/mean)':>24} "
             f"{'pyodide ms (median/mean)':>25} {'slowdown':>9}"]
    for policy in POLICIES + ("expert",):
        n, w = nat["timing"].get(policy), web["timing"].get(policy)
        if not n or not w:
            continue
        lines.append(f"  {policy:<8} {n['decisions']:>9} "
                     f"{n['median_ms']:>11.3f} / {n['mean_ms']:>8.3f}  "
                     f"{w['median_ms']:>12.3f} / {w['mean_ms']:>8.3f}  "
                     f"{w['mean_ms'] / max(n['mean_ms'], 1e-9):>8.1f}x")
    lines.append("  odds (game.odds, one position run to its end): p50 / p99 / longest piece "
                 "between yields, warm | first pass with tables built: max / longest piece")
    for game, w in web.get("odds_timing", {}).items():
        n = nat["odds_timing"][game]
        lines.append(f"  {game:<13} {w['positions']:>4} positions  native "
                     f"{n['p50_ms']:.2f} / {n['p99_ms']:.2f} / {n['piece_ms']:.2f} ms | "
                     f"{n['cold_max_ms']:.0f} / {n['cold_piece_ms']:.1f} ms   pyodide "
                     f"{w['p50_ms']:.2f} / {w['p99_ms']:.2f} / {w['piece_ms']:.2f} ms | "
                     f"{w['cold_max_ms']:.0f} / {w['cold_piece_ms']:.1f} ms")
    return "\n".join(lines)


def test_pyodide_is_webassembly_python(runs, record_property):
    record_property(REPORT, report(runs))  # tests/conftest.py prints it under -s
    web = runs["pyodide"]
    assert web["platform"] == "emscripten"
    assert tuple(int(x) for x in web["python"].split(".")[:2]) >= (3, 11)
    assert set(web["results"]) == {c["id"] for c in cases()}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("policy", POLICIES)
def test_same_games_as_native(runs, game, policy):
    ids = [c["id"] for c in cases() if c["game"] == game and policy in c["policies"]]
    assert ids
    for case_id in ids:
        native = runs["native"]["results"][case_id]
        wasm = runs["pyodide"]["results"][case_id]
        assert wasm == native, textwrap.dedent(f"""
            {case_id}: pyodide and native CPython played different games
              native:  {native}
              pyodide: {wasm}""")


def test_expert_plays_the_same_games_as_native(runs):
    ids = [c["id"] for c in cases() if "expert" in c["policies"]]
    assert len(ids) == len(EXPERT_SEEDS) + 1
    for case_id in ids:
        assert runs["pyodide"]["results"][case_id] == runs["native"]["results"][case_id], case_id


@pytest.mark.parametrize("game", GAMES)
def test_odds_are_the_same_in_pyodide(runs, game):
    """game.odds in the browser's Python gives every position the very same numbers."""
    native, wasm = runs["native"]["odds"][game], runs["pyodide"]["odds"][game]
    assert len(native) >= 10 and any(boxes or chances for boxes, chances, _ in native)
    assert wasm == native


def test_runner_copies_only_pure_modules(runs):
    """Inside pyodide there is no pygame, and no scene or ui module was copied over (the
    driver's first lines look, before it imports anything: one pyodide started, not two)."""
    found = runs["pyodide_probe"]
    assert found["pygame"] is False
    tops = {f.split("/")[1] for f in found["files"] if f.count("/") > 1}
    assert tops <= {"rules", "bots", "games"}, tops
    assert not [f for f in found["files"] if f.endswith("/table.py")]  # (the games' scenes)
    assert "game/sim.py" in found["files"] and "game/games/yatzy/rules.py" in found["files"]
    assert "game/odds.py" in found["files"] and "game/tasks.py" in found["files"]
    assert {"game/contract.py", "game/games/farkle/odds.py", "game/games/pirates/odds.py"} <= set(found["files"])
    assert "game/games/yatzy/data/yatzy_expert.bin" in found["files"]


def test_missing_node_fails_under_ci_and_skips_elsewhere():
    absent = {"node": None, "npm": None}.get
    with pytest.raises(pytest.fail.Exception):
        require_node(absent, {"CI": "true"})
    with pytest.raises(pytest.skip.Exception):
        require_node(absent, {})


def test_ci_script_installs_node_and_runs_the_readme_command():
    script = (ROOT / ".ci" / "run").read_text()
    assert "CI=true" in script and "apt-get install" in script and "nodejs npm" in script
    readme = (ROOT / "README.md").read_text()
    command = next(line.strip() for line in readme.splitlines()
                   if line.strip().startswith("python3 -m venv") and "[dev]" in line)
    assert command in script


# -- the coach's hints in pyodide ------------------------------------------------------------

HINT_GAMES = GAMES
HINT_POSITIONS = 40  # per game: every third decision of seeded games of random players
HINT_MARKER = "DICE_HARBOR_HINTS "

HINT_DRIVER = '''\
"""The coach's hint for seeded positions of every game, run as the play scene runs it (a
game.tasks.Task with the frame budget): the move, its value, every move's value, and
the time each hint took. The positions come from random players, who build no table: the
game's first hint builds the tables its hints need (but those shared with a game before
it in GAME_IDS: Grab It! finds Bona Fortuna's dice tables built)."""
import json
import time

from game.bots import make_policy
from game.catalog import GAMES
from game.coach import Coach
from game.rules.core import Seat
from game.tasks import Task

GAME_IDS = json.loads(%r)
POSITIONS = %d


def positions(game_id):
    info = GAMES[game_id]
    out = []
    for g in range(10):
        seats = [Seat("P1", "random"), Seat("P2", "random")]
        state = info.new_game(seats, None, seed=200 + g)
        bots = [make_policy(info.bot_module, s.bot, seed=g * 7 + i) for i, s in enumerate(seats)]
        step = 0
        while not state.is_over() and step < 2000:
            if step %% 3 == 0:
                out.append(state.rewound(len(state.actions)))
                if len(out) >= POSITIONS:
                    return out
            state.apply(bots[state.current].choose(state))
            step += 1
    return out


results, timing = {}, {}
for game_id in GAME_IDS:
    coach = Coach(GAMES[game_id])
    hints, times, longest = [], [], []
    for state in positions(game_id):
        task = Task(coach.hint_steps(state))
        started = time.perf_counter()
        while not task.step():
            pass
        times.append((time.perf_counter() - started) * 1000)
        longest.append(task.longest * 1000)
        if task.error is not None:
            raise task.error
        h = task.result
        hints.append({"action": h.action, "value": None if h.value is None else repr(h.value),
                      "values": None if h.values is None else
                      [[a, repr(v)] for a, v in h.values]})
    results[game_id] = hints
    timing[game_id] = {"first_ms": times[0], "times_ms": times[1:], "longest_ms": longest}
print("%s" + json.dumps({"results": results, "timing": timing}))
'''


@pytest.fixture(scope="module")
def hint_runs(runs) -> dict:
    """The hints' driver's results, native and in pyodide (run with the games': ``runs``)."""
    return runs["hints"]


def hint_report(result: dict) -> str:
    """The timing table of the hints (shown at the end of a run with -s)."""
    from game.sim import percentile
    lines = [f"\ncoach hints as tasks (6 ms frame budget), {HINT_POSITIONS} positions a game: "
             "the first hint (its tables built) and p50/p99 of the rest (ms); the "
             "longest uninterrupted piece of work; native vs pyodide"]
    for game_id in HINT_GAMES:
        row = []
        for side in ("native", "pyodide"):
            t = result[side]["timing"][game_id]
            row.append(f"{side} first {t['first_ms']:6.1f} ms  p50 "
                       f"{percentile(t['times_ms'], 0.5):5.2f}  p99 "
                       f"{percentile(t['times_ms'], 0.99):6.2f}  longest piece "
                       f"{max(t['longest_ms']):5.2f} ms")
        lines.append(f"  {game_id:12s} " + " | ".join(row))
    return "\n".join(lines)


@pytest.mark.parametrize("game_id", HINT_GAMES)
def test_hints_in_pyodide_equal_native_hints(hint_runs, game_id):
    """Same move, same value and same value of every move, bit for bit (repr of floats)."""
    native = hint_runs["native"]["results"][game_id]
    wasm = hint_runs["pyodide"]["results"][game_id]
    assert len(native) == HINT_POSITIONS and len(wasm) == HINT_POSITIONS
    valued = sum(h["values"] is not None for h in native)
    assert valued >= 5, f"{game_id}: too few priced hints to compare ({valued})"
    for i, (n, w) in enumerate(zip(native, wasm, strict=True)):
        assert w == n, f"{game_id} position {i}: pyodide {w} vs native {n}"


def test_native_hints_match_the_direct_coach(hint_runs, record_property):
    """The driver's hints (the task path) are Coach.hint's in this very process too."""
    record_property(REPORT, hint_report(hint_runs))  # tests/conftest.py prints it under -s
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.coach import Coach
    from game.rules.core import Seat
    for game_id in ("bona_fortuna", "yatzy"):
        info = GAMES[game_id]
        seats = [Seat("P1", "random"), Seat("P2", "random")]
        state = info.new_game(seats, None, seed=200)
        bots = [make_policy(info.bot_module, s.bot, seed=i) for i, s in enumerate(seats)]
        coach = Coach(info)
        for i, expected in enumerate(hint_runs["native"]["results"][game_id][:10]):
            h = coach.hint(state)
            assert h.action == expected["action"], (game_id, i)
            assert (None if h.value is None else repr(h.value)) == expected["value"]
            for _ in range(3):
                if state.is_over():
                    break
                state.apply(bots[state.current].choose(state))
