"""Make game/bots/pirates_values.json: the exact single-turn tables of the Pirate Fortune bots.

    python tools/make_pirate_tables.py [--out PATH]

For every Fortune Card (Captain shares the plain table, Storm is solved on the spot) it runs
the value iteration of game.bots.pirates_solver and stores W -- the expected points of each
keep -- in tenths of a point, in the order ``w_keys(card)`` gives. About 16 s natively.
It also prints each card's expected turn and the deck averages (default 636.7 points).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.pirates_solver import (  # noqa: E402
    TABLE_CARDS,
    deck_average,
    first_roll_value,
    rules_card,
    solve,
    w_keys,
)

OUT = Path(__file__).resolve().parent.parent / "game" / "bots" / "pirates_values.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    started = time.perf_counter()
    tables, data = {}, {}
    for card in TABLE_CARDS:
        w = solve(card)
        tables[card] = w
        data[card] = [round(w[key] * 10) for key in w_keys(card)]
        turn = first_roll_value(rules_card(card) or "captain", w)
        name = "captain (x2)" if card == "plain" else card
        print(f"{name:16} {len(w):5} keeps, turn worth {turn:8.1f}")
    print(f"deck average: default {deck_average(tables):.1f}, "
          f"classic {deck_average(tables, 'classic'):.1f} points per turn")
    blob = {"format": 1, "unit": 0.1, "tables": data}
    args.out.write_text(json.dumps(blob, separators=(",", ":")) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes) in "
          f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
