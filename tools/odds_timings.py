"""p50/p99 of one odds computation (game.odds, run to its end) per game, over the positions
of seeded bot games, with the player's selection the bot's own (what it holds / sets aside
/ rerolls); and the longest single piece of work between two yields, which is what a
browser frame waits for when the odds run through game.tasks.

    .venv/bin/python tools/odds_timings.py [games]

"cold" is the first pass, which builds the box tables and the Sea Battle solution once;
"warm" is every later computation (what a player sees turn after turn)."""

from __future__ import annotations

import gc
import sys
import time

sys.path.insert(0, ".")

from game.bots import make_policy, turn_search  # noqa: E402
from game.catalog import GAMES  # noqa: E402
from game.odds import odds_steps  # noqa: E402
from game.rules.core import Seat  # noqa: E402
from game.sim import percentile  # noqa: E402

GAME_IDS = tuple(GAMES)


def positions(game_id: str, games: int):
    """(state, selection) at every decision of seeded games between two hard bots."""
    info = GAMES[game_id]
    out = []
    for g in range(games):
        players = max(2, info.min_players)
        seats = [Seat(f"P{i}", "hard") for i in range(players)]
        state = info.new_game(seats, {}, seed=500 + g)
        bots = [make_policy(info.bot_module, "hard", seed=g * 3 + i) for i in range(players)]
        steps = 0
        while not state.is_over() and steps < 3000:
            action = bots[state.current].choose(state)
            selection = action.get("hold") or action.get("set_aside") or action.get("dice") or []
            out.append((state.rewound(len(state.actions)), list(selection)))
            state.apply(action)
            steps += 1
    return out


def timed(steps) -> tuple[float, float]:
    """(total ms, longest piece between two yields in ms) of running a job to its end."""
    longest = 0.0
    start = time.perf_counter()
    while True:
        before = time.perf_counter()
        try:
            next(steps)
        except StopIteration:
            longest = max(longest, time.perf_counter() - before)
            break
        longest = max(longest, time.perf_counter() - before)
    return (time.perf_counter() - start) * 1000, longest * 1000


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=3,
                        help="seeded games per game (default 3)")
    games = parser.parse_args().games
    for game_id in GAME_IDS:
        cases = positions(game_id, games)
        turn_search._TABLES.cache_clear()  # cold: the dice tables too, as on a first turn
        gc.collect()  # the positions kept here make a big heap: collect it before timing
        first, first_pieces = [], []
        for state, selection in cases:  # the first pass builds every table it needs
            total, piece = timed(odds_steps(state, selection))
            first.append(total)
            first_pieces.append(piece)
        times, pieces = [], []
        gc.collect()
        for state, selection in cases:
            total, piece = timed(odds_steps(state, selection))
            times.append(total)
            pieces.append(piece)
        print(f"{game_id:13s} odds {len(times):5d}  p50 {percentile(times, 0.5):6.2f} ms  "
              f"p99 {percentile(times, 0.99):6.2f} ms  max {max(times):6.2f} ms  "
              f"longest piece {max(pieces):5.2f} ms | first pass (tables built): "
              f"max {max(first):6.1f} ms, longest piece {max(first_pieces):5.1f} ms")


if __name__ == "__main__":
    main()
