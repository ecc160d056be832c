"""p50/p99 of one hint (one decision of the strongest policy, with its move values) per
game, over states of seeded games: python tools/hint_timings.py [games]"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, ".")

from game.catalog import GAMES  # noqa: E402
from game.coach import Coach  # noqa: E402
from game.sim import percentile  # noqa: E402
from tests.test_coach import GAME_IDS, sampled_states  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for game_id in GAME_IDS:
        states = [s.rewound(len(s.actions)) for s in sampled_states(game_id, games=games)]
        start = time.perf_counter()
        warm = Coach(GAMES[game_id])
        for state in states:  # the tables every game builds or loads once, on first use
            warm.hint(state)
        first = (time.perf_counter() - start) * 1000
        coach = Coach(GAMES[game_id])  # a fresh coach: its policy's own caches are empty
        times = []
        for state in states:
            start = time.perf_counter()
            coach.hint(state)
            times.append((time.perf_counter() - start) * 1000)
        print(f"{game_id:13s} hints {len(times):5d}  p50 {percentile(times, 0.5):6.2f} ms  "
              f"p99 {percentile(times, 0.99):6.2f} ms  max {max(times):6.2f} ms  "
              f"(first pass with table loads {first:.0f} ms)")


if __name__ == "__main__":
    main()
