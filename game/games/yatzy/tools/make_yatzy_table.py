"""Make game/games/yatzy/data/yatzy_expert.bin: the exact value of every five-dice Yatzy state.

    .venv/bin/pip install numpy        # this tool only: the game never imports numpy
    nice -n 10 .venv/bin/python game/games/yatzy/tools/make_yatzy_table.py [--out PATH]

Solves solitaire Yatzy (RULES.md section 1, five dice) exactly by dynamic programming over
the states between turns, (open boxes, upper total capped at 63): 2^15 box sets x 64
totals. ``V(nothing open, u)`` is the upper bonus (50 when u >= 63, else 0); a state's value
is the expectation, over an optimally played turn, of the points scored plus the value of
the state left behind. Box sets are solved in order of how many boxes are open, and all 64
upper totals of one box set at once as matrices:

* ``end[d, u]`` -- the best box for final dice ``d``: max over the open boxes of the
  points plus ``V`` of the next state (an upper box also moves ``u``), 252 x 64;
* ``k1 = T @ end`` -- the expected ``end`` for each of the 462 keeps (sub-multisets of
  0..5 dice) when the other dice are rolled once more: ``T`` is the 462 x 252 transition
  matrix of the outcome probabilities;
* ``mid[d] = max(k1[keep] for every keep inside d)`` -- gathered through a 252 x 32 index
  array (keeping all five dice is stopping, so stopping is just one more keep);
* ``k2 = T @ mid``, ``first[d]`` likewise, and ``V = T[no dice kept] @ first``.

That is 32,767 x (two 462x252x64 products + a few gathers): 9 to 12 minutes niced on the
shared 2-core development machine (fewer on an idle one); rerun, it writes the same bytes.
Then it prints the optimal mean ``V(all open, 0)`` (256.4 for these rules), keeps only the
reachable upper totals whose bonus is still undecided (plus one value per box set for the
decided ones: checked here to be exact), quantises to 1/20 point and writes the file in
the layout of game/games/yatzy/expert_table.py, which reads it back here to check the round trip.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement, product
from math import factorial
from pathlib import Path

try:
    import numpy as np
except ImportError:  # only this tool needs numpy (main says so); --help works without it
    np = None

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the repository

from game.games.yatzy.expert_table import (  # noqa: E402
    ALL_OPEN,
    BONUS,
    CATS,
    LOWER_MASKS,
    N_CATS,
    PATH,
    SCALE,
    THRESHOLD,
    UPPER,
    Table,
    columns,
    encode,
    encode_stream,
    in_play_from,
    reachable,
)
from game.games.yatzy.rules import score  # noqa: E402

TOTALS = THRESHOLD + 1  # upper totals 0..63


def dice_tables():
    """The 252 dice multisets, the 462 keeps, T (keep -> outcome probabilities) and for each
    multiset the keeps inside it (padded by repetition to a rectangle for gathering)."""
    dice = list(combinations_with_replacement(range(1, 7), 5))
    index = {d: i for i, d in enumerate(dice)}
    keeps = [k for r in range(6) for k in combinations_with_replacement(range(1, 7), r)]
    keep_index = {k: i for i, k in enumerate(keeps)}
    trans = np.zeros((len(keeps), len(dice)))
    for ki, k in enumerate(keeps):
        r = 5 - len(k)
        for o in combinations_with_replacement(range(1, 7), r):
            ways = factorial(r)
            for c in Counter(o).values():
                ways //= factorial(c)
            trans[ki, index[tuple(sorted(k + o))]] += ways / 6**r
    subs = []
    for d in dice:
        counts = sorted(Counter(d).items())
        s = [keep_index[tuple(v for (v, _), t in zip(counts, take, strict=True) for _ in range(t))]
             for take in product(*(range(c + 1) for _, c in counts))]
        subs.append(s + [s[0]] * (32 - len(s)))
    return dice, trans, np.array(subs), keep_index[()]


def solve(verbose: bool = True) -> np.ndarray:
    """V[mask, u] for every box set and every upper total 0..63 (unreachable ones too)."""
    dice, trans, subs, empty = dice_tables()
    scores = np.array([[score(c, d) for d in dice] for c in CATS], dtype=np.int64)  # 15 x 252
    totals = np.arange(TOTALS)
    # next upper total for an upper box: min(63, u + s), per category, 252 x 64
    next_upper = [np.minimum(THRESHOLD, totals[None, :] + scores[i][:, None]) if c in UPPER else None
                  for i, c in enumerate(CATS)]
    values = np.zeros((ALL_OPEN + 1, TOTALS))
    values[0, THRESHOLD] = BONUS
    first_roll = trans[empty]
    masks = sorted(range(1, ALL_OPEN + 1), key=lambda m: (m.bit_count(), m))
    started = time.perf_counter()
    for done, mask in enumerate(masks, 1):
        end = np.full((len(dice), TOTALS), -np.inf)
        for i in range(N_CATS):
            if not mask >> i & 1:
                continue
            after = values[mask & ~(1 << i)]
            if next_upper[i] is not None:
                cand = scores[i][:, None] + after[next_upper[i]]
            else:
                cand = scores[i][:, None] + after[None, :]
            np.maximum(end, cand, out=end)
        mid = (trans @ end)[subs].max(axis=1)
        first = (trans @ mid)[subs].max(axis=1)
        values[mask] = first_roll @ first
        if verbose and done % 2048 == 0:
            print(f"  {done}/{len(masks)} box sets, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)
    return values


def rows_in_layout(values: np.ndarray, pattern: int) -> list[int]:
    """One pattern's quantised values, row by row, as game/games/yatzy/expert_table.py lays them out."""
    has_base, in_play = columns(pattern)
    totals = reachable(pattern)
    out: list[int] = []
    for lower in range(LOWER_MASKS):
        row = values[(lower << 6) | pattern]
        if has_base:
            decided = [u for u in totals if u not in in_play]
            u = decided[0]
            out.append(round(SCALE * (row[u] - (BONUS if u == THRESHOLD else 0))))
        out.extend(round(SCALE * row[u]) for u in in_play)
    return out


def check_decided_rows(values: np.ndarray) -> None:
    """The layout's premise: where the bonus is decided the upper total does not matter."""
    for mask in range(1, ALL_OPEN + 1):
        pattern = mask & 63
        low = in_play_from(pattern)
        decided = [u for u in reachable(pattern) if u < low]
        base = values[mask, decided[0]] if decided else values[mask, THRESHOLD] - BONUS
        assert np.all(np.abs(values[mask, decided] - base) < 1e-9), mask
        assert abs(values[mask, THRESHOLD] - BONUS - base) < 1e-9, mask


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PATH)
    parser.add_argument("--values", type=Path, help="also save the float values (.npy)")
    args = parser.parse_args(argv)
    if np is None:
        sys.exit("make_yatzy_table: this tool needs numpy (the game never imports it): "
                 ".venv/bin/pip install numpy")
    started = time.perf_counter()
    values = solve()
    solved = time.perf_counter() - started
    print(f"solved in {solved:.0f} s; optimal solitaire mean V(all open, 0) = "
          f"{values[ALL_OPEN, 0]:.4f}")
    if args.values:
        np.save(args.values, values)
    check_decided_rows(values)
    rows = [rows_in_layout(values, p) for p in range(64)]
    blob = encode([encode_stream(r) for r in rows])
    table = Table(blob)  # the round trip, exactly as the game will read it
    for p in range(64):
        assert list(table.pattern_values(p)) == rows[p]
    rng = np.random.default_rng(1)
    for mask in rng.integers(1, ALL_OPEN + 1, 2000):
        for u in reachable(int(mask) & 63):
            assert abs(table.value(int(mask), u) - values[mask, u]) <= 0.5 / SCALE + 1e-9
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(blob)
    count = sum(map(len, rows))
    print(f"{count} values of {(ALL_OPEN + 1) * TOTALS} states ({2 * count} bytes as int16) "
          f"-> {len(blob)} bytes in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
