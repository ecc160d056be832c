"""Headless simulator: ``python -m game.sim GAME [--players SPEC,...] [--games N] [--seed S] [--json]``.

Plays seeded games between bot policies and reports mean scores, win rates and how long
each decision took. The same seed and players always give the same numbers (timings
aside). Seats rotate from game to game so no policy keeps the first-move advantage; the
figures are reported per entry of --players.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.bots import POLICY_NAMES, make_policy, policy_names_for
from game.catalog import ALL_GAME_IDS, GAMES, get_game
from game.rules.core import Seat

MAX_DECISIONS = 100_000  # a game that needs more is a bug in a rules engine or a bot


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index) % 2**31


def play_game(game_id: str, policies: Sequence[str], seed: int,
              options: dict[str, Any] | None = None, timings: list[list[float]] | None = None):
    """Play one complete game with bots in every seat and return the final state.

    ``timings``, when given, gets one list of decision times (seconds) per seat."""
    info = get_game(game_id)
    seats = [Seat(f"{name.title()} {i + 1}", name) for i, name in enumerate(policies)]
    state = info.new_game(seats, options, seed=seed)
    bots = [make_policy(info.bot_module, name, seed=seed * 31 + i) for i, name in enumerate(policies)]
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            return state
        seat = state.current
        start = time.perf_counter()
        action = bots[seat].choose(state)
        if timings is not None:
            timings[seat].append(time.perf_counter() - start)
        state.apply(action)
    raise RuntimeError(f"{game_id} game with seed {seed} did not end")


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(game_id: str, players: Sequence[str], games: int = 100, seed: int = 1,
        progress: bool = False, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games and summarise them as the API's JSON object."""
    n = len(players)
    scores: list[list[float]] = [[] for _ in players]
    wins = [0.0] * n
    timings: list[list[float]] = [[] for _ in players]
    turns: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        shift = g % n  # seat s plays players[(s + shift) % n]
        seated = [players[(s + shift) % n] for s in range(n)]
        seat_times: list[list[float]] = [[] for _ in players]
        state = play_game(game_id, seated, game_seed(seed, g), options, seat_times)
        final = state.final_scores()
        winners = state.winners()
        for s in range(n):
            p = (s + shift) % n
            scores[p].append(final[s])
            timings[p] += seat_times[s]
            if s in winners:
                wins[p] += 1 / len(winners)
        turns.append(state.turns_played / n)
        if progress:
            done = g + 1
            bar = "#" * (30 * done // games)
            print(f"\r{game_id} [{bar:<30}] {done}/{games}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    rows = []
    for p, name in enumerate(players):
        w = round(wins[p], 3)
        rows.append({
            "seat": p, "policy": name,
            "mean_score": round(statistics.fmean(scores[p]), 2),
            "wins": int(w) if w == int(w) else w,
            "win_rate": round(wins[p] / games, 4),
            "decision_ms_p50": round(percentile(timings[p], 0.50) * 1000, 3),
            "decision_ms_p99": round(percentile(timings[p], 0.99) * 1000, 3),
        })
    return {"game": game_id, "games": games, "seed": seed, "players": rows,
            "mean_turns": round(statistics.fmean(turns), 2),
            "seconds": round(time.perf_counter() - started, 2)}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, as API.md asks
        print(f"game.sim: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(prog="python -m game.sim", description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of: {', '.join(ALL_GAME_IDS)}")
    parser.add_argument("--players", help="comma-separated policies: " + ", ".join(POLICY_NAMES)
                        + " (expert: five-dice yatzy only)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        hint = " (not built yet)" if args.game in ALL_GAME_IDS else ""
        parser.error(f"unknown game {args.game!r}{hint}; available: {', '.join(GAMES)}")
    info = GAMES[args.game]
    if args.players is None:
        args.players = ["normal"] * info.min_players
    else:
        args.players = [p.strip() for p in args.players.split(",")]
        offered = policy_names_for(info)
        for p in args.players:
            if p not in POLICY_NAMES:
                parser.error(f"unknown policy {p!r}; choose from {', '.join(offered)}")
            if p not in offered:
                parser.error(f"{args.game} has no {p!r} bot; choose from {', '.join(offered)}")
    if not info.min_players <= len(args.players) <= info.max_players:
        parser.error(f"{args.game} takes {info.min_players} to {info.max_players} players, "
                     f"got {len(args.players)}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    return args


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{result['game']}: {result['games']} games, seed {result['seed']}, "
             f"{result['mean_turns']} turns per player, {result['seconds']} s",
             f"{'seat':>4}  {'policy':<8} {'mean':>9} {'wins':>8} {'win%':>7} "
             f"{'p50 ms':>8} {'p99 ms':>8}"]
    for r in result["players"]:
        lines.append(f"{r['seat']:>4}  {r['policy']:<8} {r['mean_score']:>9.2f} {r['wins']:>8} "
                     f"{100 * r['win_rate']:>6.1f}% {r['decision_ms_p50']:>8.3f} "
                     f"{r['decision_ms_p99']:>8.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    result = run(args.game, args.players, args.games, args.seed,
                 progress=sys.stderr.isatty())
    print(json.dumps(result) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
