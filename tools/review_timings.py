"""How long the post-game review takes: per game, a whole seeded game (seat 0 a ``normal``
bot reviewed as if human, against the strongest bot) reviewed through game.tasks.Task as
the review scene runs it: the total time, the longest single step between two yields (what
one frame can cost at worst), and the frames it spreads over at the 6 ms budget. "cold":
the first review in a fresh process of a game where only ``normal`` bots played, so the
coach's first hint loads the strongest bot's tables inside the review.

    .venv/bin/python tools/review_timings.py [games per game id, default 5] [players, default 2]
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, ".")

from game.catalog import ALL_GAME_IDS, GAMES  # noqa: E402
from game.coach import strongest  # noqa: E402
from game.review import review_steps  # noqa: E402
from game.sim import play_game  # noqa: E402
from game.tasks import Task  # noqa: E402


def timed(info, state) -> tuple[float, float, int, int]:
    """(total ms, longest step ms, frames, decisions) of one review run as a Task."""
    task = Task(review_steps(info, state, [0]))
    start = time.perf_counter()
    while not task.step():
        pass
    total = (time.perf_counter() - start) * 1000
    if task.error is not None:
        raise task.error
    return total, task.longest * 1000, task.slices, len(task.result.seats[0].decisions)


def cold(game_id: str) -> None:
    info = GAMES[game_id]
    state = play_game(game_id, ["normal", "normal"], 1)
    total, longest, frames, decisions = timed(info, state)
    print(f"{total:.1f} {longest:.1f}")


def main() -> None:
    if sys.argv[1:2] == ["cold"]:  # one cold review, in its own process
        cold(sys.argv[2])
        return
    import argparse
    import subprocess
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=5,
                        help="seeded games per game id (default 5)")
    parser.add_argument("players", nargs="?", type=int, default=2,
                        help="players per game (default 2)")
    args = parser.parse_args()
    games, players = args.games, args.players
    for game_id in ALL_GAME_IDS:
        info = GAMES[game_id]
        n = max(info.min_players, min(players, info.max_players))
        if not info.takes(n):
            n = next(k for k in range(n, info.max_players + 1) if info.takes(k))
        policies = ["normal"] + [strongest(info)] * (n - 1)
        states = [play_game(game_id, policies, seed) for seed in range(1, games + 1)]
        out = subprocess.run([sys.executable, __file__, "cold", game_id], capture_output=True,
                             text=True, check=True).stdout.split()
        first = (float(out[0]), float(out[1]))
        runs = [timed(info, s) for s in states]
        totals = sorted(r[0] for r in runs)
        print(f"{game_id:13s} {n}p  decisions/game {sum(r[3] for r in runs) / games:5.1f}  "
              f"review total median {totals[len(totals) // 2]:7.1f} ms  max {totals[-1]:7.1f} ms"
              f"  longest step {max(r[1] for r in runs):6.2f} ms  "
              f"frames median {sorted(r[2] for r in runs)[games // 2]:3d}  "
              f"(cold: total {first[0]:.0f} ms, longest step {first[1]:.1f} ms)")


if __name__ == "__main__":
    main()
