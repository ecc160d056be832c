"""Measure the Bona Fortuna bots' calibration tables from self-play, and Phase I means.

    .venv/bin/python game/games/bona_fortuna/tools/calibrate_bona.py [--games N] [--seed S]        # E, Q, COUNTS for hard
    .venv/bin/python game/games/bona_fortuna/tools/calibrate_bona.py --phase1 [--games N]           # mean Phase I total per bot

Self-play of ``hard`` (two players). For every box of every column it records when it
was filled (the player's Phase I turns left after that turn) and the undoubled points;
``E[column][box][stage]`` is the mean over boxes filled at that stage or later (a box
still open at that stage), ``Q`` the share of those above 0, ``COUNTS`` how many dice of
its face a number box ends with. Paste the printed tables into game/games/bona_fortuna/bot.py
and run again until they settle (two or three rounds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the repository

from game.games.bona_fortuna.bot import STAGE_EDGES, stage  # noqa: E402
from game.games.bona_fortuna.rules import BOXES, COLUMNS, MULTIPLIER, NUMBER_FACES  # noqa: E402
from game.sim import game_seed, play_game  # noqa: E402


def record(state, log):
    """Replay the game's events to know when each box was filled."""
    from game.games.bona_fortuna.rules import BonaFortunaState  # (only this tool's replays)
    replay = BonaFortunaState(state.seats, state.options, state.seed)
    for action in state.actions:
        seat = replay.current
        left = replay.phase1_turns_left(seat) - 1 if replay.phase == 1 else None
        for e in replay.apply(action):
            if e["type"] == "scored" and e["phase"] == 1:
                pts = e["points"] // MULTIPLIER[e["column"]]
                log.append((e["column"], e["box"], stage(left), pts))


def calibrate(games: int, seed: int) -> dict:
    log: list[tuple[str, str, int, int]] = []
    for g in range(games):
        state = play_game("bona_fortuna", ["hard", "hard"], game_seed(seed, g))
        record(state, log)
    n_stages = len(STAGE_EDGES) + 1
    E, Q = {}, {}
    counts = {c: [0] * 6 for c in COLUMNS}
    for column in COLUMNS:
        E[column], Q[column] = {}, {}
        for box in BOXES:
            e_row, q_row = [], []
            for st in range(n_stages):
                pts = [p for c, b, s, p in log if c == column and b == box and s <= st]
                if len(pts) < 30:  # too few late fills: use the next stage's figure
                    e_row.append(None)
                    q_row.append(None)
                    continue
                e_row.append(round(statistics.fmean(pts), 2))
                q_row.append(round(sum(1 for p in pts if p > 0) / len(pts), 3))
            for row in (e_row, q_row):
                for i in range(n_stages - 1, -1, -1):
                    if row[i] is None:
                        row[i] = row[i + 1] if i + 1 < n_stages else 0.0
            E[column][box], Q[column][box] = e_row, q_row
            if box in NUMBER_FACES:
                for c, b, _, p in log:
                    if c == column and b == box:
                        counts[column][p // NUMBER_FACES[box]] += 1
    total = {c: sum(v) for c, v in counts.items()}
    COUNTS = {c: [round(k / total[c], 3) for k in v] for c, v in counts.items()}
    return {"E": E, "Q": Q, "COUNTS": COUNTS}


def phase1_means(games: int, seed: int) -> dict:
    out = {}
    for policy in ("easy", "normal", "hard"):
        totals = []
        for g in range(games):
            state = play_game("bona_fortuna", [policy, policy], game_seed(seed, g))
            totals += state.phase1_totals
        out[policy] = {"games": games, "players": len(totals),
                       "mean_phase1": round(statistics.fmean(totals), 2),
                       "stdev": round(statistics.pstdev(totals), 1)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--phase1", action="store_true")
    args = parser.parse_args()
    if args.phase1:
        print(json.dumps(phase1_means(args.games, args.seed), indent=1))
        return
    tables = calibrate(args.games, args.seed)
    for name in ("E", "Q"):
        print(f"{name} = {{")
        for column in COLUMNS:
            print(f'    "{column}": {{')
            for box in BOXES:
                print(f'        "{box}": {tables[name][column][box]},')
            print("    },")
        print("}")
    print("COUNTS =", json.dumps(tables["COUNTS"]))


if __name__ == "__main__":
    main()
