"""The pieces of the bots' decisions (issue 24: a frame of a phone's page holds the piece of
a bot's thinking its task was in when its budget ran out): every game's bots, each strength
against another, play seeded games through ``bot_steps`` as the play scene asks them, in a
fresh process (their tables built cold, as at a game's start), and each piece between two
yields is timed natively (CPU time). It prints, per game, the pieces over ``--limit`` ms
with the decision they were in and where the job stopped before and after them.

    .venv/bin/python tools/bot_pieces.py [--game yatzy] [--limit 0.8] [--games 2]

A native millisecond is about 12 of the page at 4x CPU throttling (tools/frame_probe.py):
a piece over about 1 ms natively makes a frame late by itself. Figures, not pass/fail
(tests/test_bot_steps.py counts the pieces' work instead).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def where(job) -> str:
    """Where a generator job is paused: its innermost three generators' lines."""
    chain = []
    while job is not None and getattr(job, "gi_frame", None) is not None:
        chain.append(f"{job.gi_frame.f_code.co_name}:{job.gi_frame.f_lineno}")
        job = getattr(job, "gi_yieldfrom", None)
    return ">".join(chain[-3:]) or "-"


def pieces(game_id: str, limit: float, games: int) -> tuple[int, list]:
    """(pieces run, [(ms, strength, decision, from, to)] over ``limit``) for one game."""
    from game.bots import make_policy, strengths_for
    from game.catalog import get_game
    from game.rules.core import Seat
    from game.scenes.play import bot_steps
    info = get_game(game_id)
    count, slow = 0, []
    for g in range(games):
        for strength in strengths_for(info):
            names = [strength, "hard" if strength != "hard" else "normal"]
            state = info.new_game([Seat(f"{n} {i}", n) for i, n in enumerate(names)],
                                  seed=100 + g)
            bots = [make_policy(info.bot_module, n, seed=7 + i) for i, n in enumerate(names)]
            decision = 0
            while not state.is_over():
                seat, job, action = state.current, bot_steps(bots[state.current], state), None
                while action is None:
                    before, start = where(job), time.thread_time()
                    try:
                        next(job)
                    except StopIteration as stop:
                        action = stop.value
                    ms = (time.thread_time() - start) * 1000
                    count += 1
                    if ms > limit:
                        slow.append((round(ms, 2), names[seat], decision, before, where(job)))
                decision += 1
                state.apply(action)
    return count, sorted(slow, reverse=True)


def main(argv=None) -> int:
    from game.catalog import GAMES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), help="one game (default: each)")
    parser.add_argument("--limit", type=float, default=0.8, help="ms: pieces listed over it")
    parser.add_argument("--games", type=int, default=2, help="games per strength")
    args = parser.parse_args(argv)
    if args.games < 1 or args.limit < 0:
        parser.error("--games must be positive and --limit not negative")
    if args.game is None:  # (each game in a process of its own: its tables cold)
        for game_id in GAMES:
            done = subprocess.run([sys.executable, __file__, "--game", game_id, "--limit",
                                   str(args.limit), "--games", str(args.games)])
            if done.returncode:
                return done.returncode
        return 0
    count, slow = pieces(args.game, args.limit, args.games)
    print(f"{args.game}: {count} pieces, {len(slow)} over {args.limit} ms")
    for ms, strength, decision, before, after in slow[:12]:
        print(f"  {ms:6.2f} ms  {strength:<7} decision {decision:<4} {before} -> {after}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
