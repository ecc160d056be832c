"""Makes game/games/grab_it/margins.py: the values behind the hard Grab It! bot.

    .venv/bin/python game/games/grab_it/tools/make_grab_it_table.py [--out PATH]   (about a minute on one core)

For every set of filled boxes (2^12 = 4096) and for 2 and 3 sides it solves the rest of
the game exactly, working back from the full board: each side plays to maximise its
expected final margin, its points minus the mean of the other sides' points (with two
sides simply "mine minus theirs"). A turn is the exact three-roll search of
game.bots.turn_search over ending values ``points + X[board after this box]``, where
``X[board]`` is what the rest of the game is worth, as a margin, to the side that has
just moved. Along the way it keeps, for every board, each side's expected future points
under that play (a vector, since with three sides the sum of margins is not enough to
tell the players apart), and ``X`` is read off those vectors.

It also writes the one-turn numbers the endgame needs: the best chance to make each
fixed-value box in a turn, the best chance of beating or tying a target with Sum of Dice (and of reaching it),
and each box's expected score when a player plays a whole turn for it alone.

The table is shipped as int16 hundredths of a point, zlib-compressed and base64-encoded
(about 20 kB as Python source), and read back with the standard library only.
"""

from __future__ import annotations

import base64
import sys
import time
import zlib
from array import array
from math import fsum
from operator import mul
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # the repository

from game.bots.turn_search import TurnPlan, tables  # noqa: E402
from game.games.grab_it.rules import CATEGORIES, VALUES, score  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "margins.py"
N = len(CATEGORIES)
FULL = (1 << N) - 1
SCALE = 100  # hundredths of a point


def stage(t, obj, vecs, n_sides):
    """One reroll earlier: for each multiset the best keep by ``obj`` (stopping is the
    full keep), with the objective and the expected side vector under that keep."""
    k1 = t.expect(obj)
    best_keep = [max(subs, key=k1.__getitem__) for subs in t.subkeeps]
    chosen = sorted(set(best_keep))
    comps = [t.expect([v[j] for v in vecs], chosen) for j in range(n_sides)]
    new_obj = [k1[k] for k in best_keep]
    new_vecs = [tuple(comps[j][k] for j in range(n_sides)) for k in best_keep]
    return new_obj, new_vecs


def solve(n_sides: int) -> list[float]:
    t = tables(5)
    scores = [[score(c, d) for d in t.dice] for c in CATEGORIES]
    first = t.first_roll_p
    others = n_sides - 1
    U: dict[int, tuple[float, ...]] = {FULL: (0.0,) * n_sides}
    X = [0.0] * (FULL + 1)
    for mask in sorted(range(FULL), key=lambda m: -bin(m).count("1")):
        cand = []
        for i in range(N):
            if not mask >> i & 1:
                u = U[mask | 1 << i]
                cand.append((scores[i], u[-1] - fsum(u[:-1]) / others, u))
        obj, vecs = [], []
        for di in range(len(t.dice)):
            best_v, best = None, None
            for sc, off, u in cand:
                v = sc[di] + off
                if best_v is None or v > best_v + 1e-12:
                    best_v, best = v, (sc[di], u)
            p, u = best
            obj.append(best_v)
            vecs.append((p + u[-1],) + u[:-1])
        obj, vecs = stage(t, obj, vecs, n_sides)  # one reroll left
        obj, vecs = stage(t, obj, vecs, n_sides)  # two rerolls left: right after the first roll
        u = tuple(fsum(map(mul, first, [v[j] for v in vecs])) for j in range(n_sides))
        U[mask] = u
        X[mask] = u[-1] - fsum(u[:-1]) / others
    print(f"{n_sides} sides: expected points from the start {[round(x, 2) for x in U[0]]}, "
          f"first roller's margin {U[0][0] - fsum(U[0][1:]) / others:.2f}", file=sys.stderr)
    return X


def one_turn_numbers():
    t = tables(5)
    p_make = {c: TurnPlan(5, [1.0 if score(c, d) else 0.0 for d in t.dice]).value()
              for c in VALUES}
    # Sum of Dice as the last box: P(win) + P(tie)/2 against a deficit of 5..30
    sum_win = {need: TurnPlan(5, [1.0 if sum(d) > need else 0.5 if sum(d) == need else 0.0
                                  for d in t.dice]).value() for need in range(4, 31)}
    sum_reach = {need: TurnPlan(5, [1.0 if sum(d) >= need else 0.0 for d in t.dice]).value()
                 for need in range(5, 31)}
    alone = {c: TurnPlan(5, [float(score(c, d)) for d in t.dice]).value() for c in CATEGORIES}
    return p_make, sum_win, sum_reach, alone


def pack(values: list[float]) -> str:
    ints = array("h", [round(v * SCALE) for v in values])
    if sys.byteorder == "big":
        ints.byteswap()
    return base64.b64encode(zlib.compress(ints.tobytes(), 9)).decode()


def main(argv: list[str] | None = None) -> int:
    import argparse  # (the command line's only)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT,
                        help="where to write it (game/games/grab_it/margins.py)")
    out = parser.parse_args(argv).out
    started = time.perf_counter()
    tables_out = {}
    for n_sides in (2, 3):
        x = solve(n_sides)
        assert max(abs(v) for v in x) * SCALE < 32767
        tables_out[n_sides] = pack(x)
    p_make, sum_win, sum_reach, alone = one_turn_numbers()

    def fmt(d):
        return "{\n" + "".join(f"    {k!r}: {v:.6f},\n" for k, v in d.items()) + "}"

    lines = [
        '"""Generated by game/games/grab_it/tools/make_grab_it_table.py -- do not edit by hand.',
        "",
        "X_TABLES[sides]: for each set of filled boxes (bit i = CATEGORIES[i]), what the rest",
        "of the game is worth as a margin to the side that has just moved, under margin-",
        "optimal play: int16 hundredths of a point, little-endian, zlib, base64.",
        '"""',
        "",
        f"SCALE = {SCALE}",
        "X_TABLES = {",
    ]
    for n_sides, text in tables_out.items():
        lines.append(f"    {n_sides}: (")
        for i in range(0, len(text), 88):
            lines.append(f'        "{text[i:i + 88]}"')
        lines.append("    ),")
    lines += ["}",
              "# best chance of making each fixed-value box in one turn",
              f"P_MAKE = {fmt(p_make)}",
              "# Sum of Dice as the last box: best P(sum > need) + P(sum == need) / 2",
              f"SUM_WIN = {fmt(sum_win)}",
              "# Sum of Dice as the last box: best P(sum >= need)",
              f"SUM_REACH = {fmt(sum_reach)}",
              "# each box's expected score when a whole turn is played for it alone",
              f"ALONE = {fmt(alone)}", ""]
    out.write_text("\n".join(lines))
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
