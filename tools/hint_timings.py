"""How long a hint takes, per game: .venv/bin/python tools/hint_timings.py [games] [game ids...]

Two measures for each game:

* cold: the first hint of a fresh process (each game in its own subprocess, nothing loaded
  but the rules, the scenes' modules and the bot's module, as in a game with a bot
  opponent; the import itself is timed apart: a game of humans only pays it in the
  coach's first piece of work), once straight through as ``Coach.hint`` does it
  (what froze a frame before hints ran as tasks) and once as the play scene runs it, a
  game.tasks.Task given the 6 ms frame budget: the frames it takes, and the longest single
  uninterrupted piece of work (which is what can still stretch a frame);
* warm: over every human decision of ``games`` seeded games (tests.test_coach.sampled_states),
  p50/p99/max of one hint (``Coach.hint``, tables loaded), and p99/max of the longest piece
  of the same hint run as a task.

The cold position is the first decision after a roll of a game between two random players
(so no bot has built any table yet), seed 7.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.catalog import GAMES  # noqa: E402  (the catalog alone: no rules, no bots)

GAME_IDS = list(GAMES)


def cold_position(game_id: str):
    """A position early in a game of two random players: nothing has built tables."""
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.rules.core import Seat
    info = GAMES[game_id]
    seats = [Seat("P1", "random"), Seat("P2", "random")]
    state = info.new_game(seats, None, seed=7)
    bots = [make_policy(info.bot_module, "random", seed=i) for i in range(2)]
    for _ in range(500):
        rolled = getattr(state, "rolls", None) or getattr(state, "rolled", None)
        if rolled and state.legal_actions() and len(state.legal_actions()) > 1:
            return state
        state.apply(bots[state.current].choose(state))
    raise RuntimeError(f"no cold position found for {game_id}")


def play_scene_steps(info, state):
    """What the play scene's task runs: make the coach (importing the bot), then hint."""
    from game.coach import Coach
    yield
    coach = Coach(info, seed=state.seed)
    return (yield from coach.hint_steps(state))


def cold(game_id: str, mode: str) -> dict:
    """One cold hint in this (fresh) process; mode "direct" or "task"."""
    import game.scenes.play  # noqa: F401 - what the play scene has loaded anyway
    from game.bots import bot_module
    from game.catalog import GAMES
    from game.coach import Coach
    from game.tasks import Task
    info = GAMES[game_id]
    state = cold_position(game_id)
    start = time.perf_counter()
    bot_module(info)  # (the opponent bot imported it)
    imported = (time.perf_counter() - start) * 1000
    if mode == "import":
        return {"ms": imported}
    if mode == "direct":
        start = time.perf_counter()
        hint = Coach(info, seed=state.seed).hint(state)
        ms = (time.perf_counter() - start) * 1000
        return {"ms": ms, "longest": ms, "frames": 1, "action": hint.action}
    task = Task(play_scene_steps(info, state))
    start = time.perf_counter()
    while not task.step():
        pass
    ms = (time.perf_counter() - start) * 1000
    if task.error is not None:
        raise task.error
    return {"ms": ms, "longest": task.longest * 1000, "frames": task.slices,
            "action": task.result.action}


def run_cold(game_id: str, mode: str) -> dict:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, __file__, "--cold", game_id, mode], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def warm(game_id: str, games: int) -> str:
    from game.catalog import GAMES
    from game.coach import Coach
    from game.sim import percentile
    from game.tasks import Task
    from tests.test_coach import sampled_states
    states = [s.rewound(len(s.actions)) for s in sampled_states(game_id, games=games)]
    warm_up = Coach(GAMES[game_id])
    for state in states:
        warm_up.hint(state)
    coach, stepped = Coach(GAMES[game_id]), Coach(GAMES[game_id])
    times, longest = [], []
    for state in states:
        start = time.perf_counter()
        coach.hint(state)
        times.append((time.perf_counter() - start) * 1000)
        task = Task(stepped.hint_steps(state))
        while not task.step():
            pass
        longest.append(task.longest * 1000)
    return (f"warm hints {len(times):4d}: p50 {percentile(times, 0.5):5.2f} ms  "
            f"p99 {percentile(times, 0.99):5.2f} ms  max {max(times):5.2f} ms; "
            f"task's longest piece p99 {percentile(longest, 0.99):5.2f} ms  "
            f"max {max(longest):5.2f} ms")


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     usage="%(prog)s [games] [GAME ...]")
    parser.add_argument("games", nargs="*", metavar="games GAME",
                        help="seeded games per game for the warm figures (default 10), then "
                        f"only these games ({', '.join(GAME_IDS)}; default all)")
    parser.add_argument("--cold", nargs=2, metavar=("GAME", "MODE"),
                        help=argparse.SUPPRESS)  # one cold measure, in its own process
    args = parser.parse_args()
    if args.cold:
        print(json.dumps(cold(*args.cold)))
        return
    rest = list(args.games)
    games = int(rest.pop(0)) if rest and rest[0].isdigit() else 10
    unknown = [g for g in rest if g not in GAME_IDS]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAME_IDS)}")
    for game_id in rest or GAME_IDS:
        direct = run_cold(game_id, "direct")
        task = run_cold(game_id, "task")
        imported = run_cold(game_id, "import")
        assert direct["action"] == task["action"], (direct, task)
        print(f"{game_id:13s} cold first hint: straight through {direct['ms']:6.1f} ms; as a "
              f"task {task['ms']:6.1f} ms over {task['frames']:3d} frames, longest piece "
              f"{task['longest']:5.2f} ms (the bot's import before it: {imported['ms']:.1f} ms)")
        print(f"{'':13s} {warm(game_id, games)}")


if __name__ == "__main__":
    main()
