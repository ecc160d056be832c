"""Make game/games/pirates/reach_values.py: how likely a fresh Pirate Fortune turn reaches a score.

    .venv/bin/python game/games/pirates/tools/make_pirate_reach.py [--out PATH]

For every need of 100, 200, ... ``MAX_NEED`` points it solves, card by card, the turn
played to reach that need (game.games.pirates.reach: the exact threshold turn) and stores
the chance from the first roll, averaged over the deck (``default`` and ``classic``). The
hard bot reads it as the chance that an opponent with one turn left passes a total. About
20 s natively.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the repository

from game.games.pirates.reach import MAX_NEED, deck_reach_steps  # noqa: E402
from game.games.pirates.rules import DECKS  # noqa: E402
from game.tasks import run_now  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "reach_values.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    started = time.perf_counter()
    lines = ['"""Made by game/games/pirates/tools/make_pirate_reach.py: DECK_REACH[deck][i] is the chance that a fresh',
             "turn, played to reach (i + 1) * 100 points, does (averaged over the deck's cards).",
             '"""', "", "DECK_REACH = {"]
    for deck in DECKS:
        chances = [run_now(deck_reach_steps(need, deck)) for need in range(100, MAX_NEED + 1, 100)]
        lines.append(f"    {deck!r}: (")
        for i in range(0, len(chances), 6):
            lines.append("        " + " ".join(f"{c:.9f}," for c in chances[i:i + 6]))
        lines.append("    ),")
        print(f"{deck}: 100 -> {chances[0]:.4f}, 1000 -> {chances[9]:.4f}, "
              f"{MAX_NEED} -> {chances[-1]:.6f}")
    lines.append("}")
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
