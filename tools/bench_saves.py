"""How big saves are and how long loading (replaying) them takes.

    .venv/bin/python tools/bench_saves.py [--games N] [--seed S]

Plays N seeded bot games of every game (bots of every strength, the largest table the
game allows and the smallest), keeps the longest of each, and prints as JSON: the median
size of a whole game's save (the autosave only grows during a game, so this is its size
at the end of a typical game), the longest, and how long loading the longest takes
(median of 5 loads, milliseconds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import storage  # noqa: E402
from game.catalog import GAMES  # noqa: E402
from game.sim import play_game  # noqa: E402

BOTS = ("easy", "normal", "hard")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {}
    for game_id, info in GAMES.items():
        longest, sizes = None, []
        for g in range(args.games):
            for n in sorted({info.min_players, max(2, info.min_players), info.max_players}):
                state = play_game(game_id, [BOTS[(g + i) % 3] for i in range(n)], args.seed + g)
                text = json.dumps({"game_id": game_id, "save": state.save()})
                sizes.append(len(text))
                if longest is None or len(state.actions) > len(longest[1].actions):
                    longest = (text, state)
        text, state = longest
        times = []
        for _ in range(5):
            start = time.perf_counter()
            storage.decode_game(json.loads(text))
            times.append((time.perf_counter() - start) * 1000)
        report[game_id] = {"median_game_save_bytes": int(statistics.median(sizes)),
                           "longest_moves": len(state.actions),
                           "longest_save_bytes": len(text),
                           "longest_load_ms": round(statistics.median(times), 1)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
