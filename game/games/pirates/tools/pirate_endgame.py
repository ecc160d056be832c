"""Measure the Pirate Fortune hard bot's endgame against the bot it was before.

    .venv/bin/python game/games/pirates/tools/pirate_endgame.py [--against old|normal|hard] [--games N] [--seed S]
                                   [--players 2] [--same N] [--first hard|old]

Plays seeded games (``game.sim.run``: seats rotate, the same seed gives the same games)
between ``hard`` (or ``--first``) and ``--against`` (``old`` is ``OldHardPolicy``: the hard bot before its
endgame, a crude rule there) and prints the simulator's JSON: win rates, and decision
times p50/p99 per entry. ``--same N`` first replays N seeded games of hard against old
hard move by move and checks that the new bot moves exactly like the old one until the
first position where it plays for the win (``HardPolicy.goal``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the repository

from game import sim  # noqa: E402
from game.games.pirates import bot as pirates  # noqa: E402
from game.games.pirates.rules import PirateState  # noqa: E402
from game.rules.core import Seat  # noqa: E402

pirates.POLICIES.setdefault("old", pirates.OldHardPolicy)


def same_until_endgame(seed: int, players: int = 2) -> tuple[int, bool]:
    """Play a game of new hard bots, asking an old hard bot at every decision of it too:
    (decisions compared, whether they all agreed) up to the first endgame position."""
    state = PirateState([Seat(f"P{i}", "hard") for i in range(players)], {}, seed=seed)
    new = [pirates.HardPolicy(random.Random(seed + i)) for i in range(players)]
    old = pirates.OldHardPolicy(random.Random(0))
    compared = 0
    while not state.is_over():
        bot = new[state.current]
        action = bot.choose(state)
        if bot.goal(state) is not None:
            return compared, True
        if old.choose(state) != action:
            return compared, False
        compared += 1
        state.apply(action)
    return compared, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="old")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--same", type=int, default=0)
    parser.add_argument("--first", default="hard")
    args = parser.parse_args()
    if args.same:
        checked = [same_until_endgame(args.seed * 1000 + g, args.players)
                   for g in range(args.same)]
        bad = sum(1 for _, ok in checked if not ok)
        print(f"before the endgame: {sum(n for n, _ in checked)} decisions in {args.same} "
              f"games compared, {bad} games where new and old hard differ", file=sys.stderr)
    players = [args.first] + [args.against] * (args.players - 1)
    result = sim.run("pirates", players, args.games, seed=args.seed)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
