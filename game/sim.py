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

from game.bots import POLICY_NAMES, STRENGTHS, make_policy, policy_names_for, strengths_for
from game.catalog import GAMES, get_game
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


class Progress:
    """A one-line bar on a terminal, redrawn at most ten times a second so that a million
    games cost nothing extra; it shows the games done, the rate and the time left."""

    def __init__(self, label: str, total: int, stream=None):
        self.label, self.total = label, total
        self.stream = stream if stream is not None else sys.stderr
        self.started = self.last = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        rate = done / max(now - self.started, 1e-9)
        left = (self.total - done) / rate if rate else 0
        bar = "#" * (30 * done // self.total)
        print(f"\r{self.label} [{bar:<30}] {done}/{self.total}  {rate:,.0f} games/s  "
              f"{left:,.0f} s left ", end="", file=self.stream, flush=True)

    def close(self) -> None:
        print(file=self.stream, flush=True)


def run(game_id: str, players: Sequence[str], games: int = 100, seed: int = 1,
        progress: bool = False, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games and summarise them as the API's JSON object.

    Ctrl-C stops early: the games finished so far are summarised, with
    ``"interrupted": true`` and ``games`` counting only those."""
    n = len(players)
    scores: list[list[float]] = [[] for _ in players]
    wins = [0.0] * n
    timings: list[list[float]] = [[] for _ in players]
    turns: list[float] = []
    sides = Sides(n)
    started = time.perf_counter()
    bar = Progress(game_id, games) if progress else None
    played = 0
    try:
        played = _play_all(game_id, players, games, seed, options, scores, wins, timings, turns,
                           bar, sides)
    except KeyboardInterrupt:
        played = len(turns)  # a game cut short counts for nothing
        for seat_scores in scores:
            del seat_scores[played:]
    finally:
        if bar:
            bar.close()
    if played == 0:
        raise KeyboardInterrupt
    result = _summary(game_id, players, played, seed, scores, wins, timings, turns, started,
                      interrupted=played < games)
    sides.report(result, players, played)
    return result


class Sides:
    """Figures for games with several sides: each entry's margin (its side's score minus
    the best other side's), in all games and in those where it moved first, and with
    partnerships each team's mean score and wins."""

    def __init__(self, n: int):
        self.margins: list[list[float]] = [[] for _ in range(n)]
        self.first: list[list[float]] = [[] for _ in range(n)]
        self.teams: dict[tuple[int, ...], dict[str, Any]] = {}  # entries -> scores, wins

    def add(self, state, shift: int) -> None:
        """One finished game (a game cut short by Ctrl-C never gets here)."""
        n = len(state.seats)
        sides, scores, winners = state.sides(), state.side_scores(), state.winning_sides()
        if len(sides) > 1:
            for s in range(n):
                side = state.side_of(s)
                margin = scores[side] - max(v for k, v in enumerate(scores) if k != side)
                self.margins[(s + shift) % n].append(margin)
                if state.order[0] == s:
                    self.first[(s + shift) % n].append(margin)
        if any(len(side) > 1 for side in sides):
            for k, side in enumerate(sides):
                team = self.teams.setdefault(tuple(sorted((s + shift) % n for s in side)),
                                             {"scores": [], "wins": 0.0})
                team["scores"].append(scores[k])
                if k in winners:
                    team["wins"] += 1 / len(winners)

    def report(self, result: dict[str, Any], players: Sequence[str], games: int) -> None:
        for row, margins, first in zip(result["players"], self.margins, self.first, strict=True):
            if not margins:
                continue
            later = len(margins) - len(first)
            row["mean_margin"] = round(statistics.fmean(margins), 2)
            row["games_first"] = len(first)
            if first:
                row["mean_margin_first"] = round(statistics.fmean(first), 2)
            if later:
                row["mean_margin_later"] = round((sum(margins) - sum(first)) / later, 2)
        teams = []
        for key, team in sorted(self.teams.items()):
            w = round(team["wins"], 3)
            teams.append({"team": len(teams), "players": list(key),
                          "policies": [players[p] for p in key],
                          "mean_score": round(statistics.fmean(team["scores"]), 2),
                          "wins": int(w) if w == int(w) else w,
                          "win_rate": round(team["wins"] / games, 4)})
        if teams:
            result["teams"] = teams


def _play_all(game_id, players, games, seed, options, scores, wins, timings, turns, bar,
              sides: Sides | None = None) -> int:
    n = len(players)
    for g in range(games):
        shift = g % n  # seat s plays players[(s + shift) % n]
        seated = [players[(s + shift) % n] for s in range(n)]
        seat_times: list[list[float]] = [[] for _ in players]
        state = play_game(game_id, seated, game_seed(seed, g), options, seat_times)
        final = state.final_scores()
        win_sides = state.winning_sides()
        for s in range(n):
            p = (s + shift) % n
            scores[p].append(final[s])
            timings[p] += seat_times[s]
            if state.side_of(s) in win_sides:  # a shared win counts 1/k to each of k sides
                wins[p] += 1 / len(win_sides)
        if sides is not None:
            sides.add(state, shift)
        turns.append(state.turns_played / n)
        if bar:
            bar.update(g + 1)
    return games


def _summary(game_id, players, games, seed, scores, wins, timings, turns, started,
             interrupted=False) -> dict[str, Any]:
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
    result = {"game": game_id, "games": games, "seed": seed, "players": rows,
              "mean_turns": round(statistics.fmean(turns), 2),
              "seconds": round(time.perf_counter() - started, 2)}
    if interrupted:
        result["interrupted"] = True
    return result


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, as API.md asks
        print(f"game.sim: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def strengths_note() -> str:
    """The strengths only some games have, and which: " (expert: yatzy only)"."""
    only: dict[str, list[str]] = {}
    for info in GAMES.values():
        for name in strengths_for(info):
            if name not in STRENGTHS:
                only.setdefault(name, []).append(info.id)
    return "".join(f" ({name}: {', '.join(ids)} only)" for name, ids in only.items())


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(prog="python -m game.sim", description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    parser.add_argument("--players", help="comma-separated policies: " + ", ".join(POLICY_NAMES)
                        + strengths_note())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}; available: {', '.join(GAMES)}")
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
    if not info.takes(len(args.players)):
        parser.error(f"{args.game} takes {info.players_text()} players, "
                     f"got {len(args.players)}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.seed < 0:
        parser.error(f"--seed must be 0 or more, got {args.seed}")
    return args


def format_table(result: dict[str, Any]) -> str:
    """The table for people. A solo run has nobody to beat: no wins or win rate columns
    (the JSON keeps the API's fields)."""
    solo = len(result["players"]) == 1
    head = f"{result['game']}: {result['games']} games, seed {result['seed']}, "
    if result.get("interrupted"):
        head = "interrupted (Ctrl-C): results of the " + head
    lines = [head + f"{result['mean_turns']} turns per player, {result['seconds']} s",
             f"{'seat':>4}  {'policy':<8} {'mean':>9} "
             + ("" if solo else f"{'wins':>8} {'win%':>7} ") + f"{'p50 ms':>8} {'p99 ms':>8}"]
    for r in result["players"]:
        wins = "" if solo else f"{r['wins']:>8} {100 * r['win_rate']:>6.1f}% "
        lines.append(f"{r['seat']:>4}  {r['policy']:<8} {r['mean_score']:>9.2f} {wins}"
                     f"{r['decision_ms_p50']:>8.3f} {r['decision_ms_p99']:>8.3f}")
    if any("mean_margin" in r for r in result["players"]):
        lines.append("margin = my side's score minus the best other side's "
                     "(all games / moving first / not first)")
        for r in result["players"]:
            lines.append(f"{r['seat']:>4}  {r['policy']:<8} {r['mean_margin']:>+9.2f} "
                         f"{r.get('mean_margin_first', 0):>+9.2f} "
                         f"{r.get('mean_margin_later', 0):>+9.2f}  "
                         f"(first in {r['games_first']} games)")
    for t in result.get("teams", []):
        lines.append(f"team {t['team']}: players {' + '.join(map(str, t['players']))} "
                     f"({' + '.join(t['policies'])}) mean {t['mean_score']:.2f}, "
                     f"wins {t['wins']} ({100 * t['win_rate']:.1f}%)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        result = run(args.game, args.players, args.games, args.seed,
                     progress=sys.stderr.isatty())
    except KeyboardInterrupt:
        print("interrupted (Ctrl-C) before the first game finished", file=sys.stderr)
        return 130
    print(json.dumps(result) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
