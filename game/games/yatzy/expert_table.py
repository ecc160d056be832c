"""The exact value of every five-dice Yatzy solitaire state, for the ``expert`` bot.

A state between turns is (the open boxes, the upper-section total capped at 63); its value
is the expected number of points still to come under optimal play, the upper bonus
included (it is counted when the sheet is full, so ``V(nothing open, u) = 50 if u >= 63``).
``V(every box open, 0)`` is the mean of the optimal solitaire strategy, about 256.4.

The table is made by ``game/games/yatzy/tools/make_yatzy_table.py`` (numpy, a few minutes) and shipped as
``data/yatzy_expert.bin``. It is loaded on first use with the standard library only
(``zlib`` and ``array``; not ``lzma``, which pyodide only has as a separately loaded
package), so nothing is read until an expert bot (or a hint) first needs it.

Layout, shared with the tool (which imports it from here)
---------------------------------------------------------
* A set of open boxes is a 15-bit mask, bit ``i`` set when ``CATEGORIES[5][i]`` is open.
  Its low 6 bits are the open upper boxes (the "pattern"), the high 9 bits the open lower
  boxes (the "lower mask").
* Unreachable states are left out: with the upper boxes of faces F filled the total is a
  sum of ``f * k`` (``f`` in F, ``k`` 0..5), capped at 63 -- ``reachable(pattern)``.
* Neither are states whose bonus is already decided: once the bonus is won (63) or out of
  reach (below ``63 - 5 * (sum of the open faces)``) the upper total no longer matters, so
  ``V(m, u) = base(m)`` below that line and ``base(m) + 50`` at 63, exactly. A row (one
  mask) is ``base`` (when some reachable total is decided) and then ``V`` for each
  reachable total still in play, ascending: ``columns(pattern)``. That leaves 947,712
  values of the 2,097,152 states.
* Values are ``round(V * SCALE)`` (1/20 point: the error is at most 0.025 points, far below
  what separates two moves that matter). Each pattern's rows (lower masks 0..511) are one
  zlib stream of the differences between consecutive values as int16, low bytes first and
  then high bytes (the values rise slowly with the upper total, so the differences are
  small and the high bytes nearly all 0 or 255): 64 streams, each unpacked the first time
  a state of its pattern is looked up, so the cost of loading is spread over the game.
* On disk: ``MAGIC``, then per pattern the stream's length (64 x uint32, little-endian),
  then the streams.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterable
from itertools import accumulate, islice
from pathlib import Path

from game import web
from game.games.yatzy.rules import CATEGORIES, UPPER, UPPER_BONUS
from game.tasks import run_now

CATS = CATEGORIES[5]
N_CATS = len(CATS)  # 15
ALL_OPEN = (1 << N_CATS) - 1
LOWER_MASKS = 1 << (N_CATS - 6)  # 512
THRESHOLD, BONUS = UPPER_BONUS[5]  # 63, 50
SCALE = 20  # values are stored in twentieths of a point
MAGIC = b"DHYX3\n"
PATH = Path(__file__).resolve().parent / "data" / "yatzy_expert.bin"
BIT = {c: 1 << i for i, c in enumerate(CATS)}


def reachable(pattern: int) -> list[int]:
    """Upper totals (capped at 63) possible when the upper boxes not in ``pattern`` (the
    open ones) are filled, ascending."""
    totals = {0}
    for face in range(1, 7):
        if not pattern >> (face - 1) & 1:
            totals = {min(THRESHOLD, t + face * k) for t in totals for k in range(6)}
    return sorted(totals)


def in_play_from(pattern: int) -> int:
    """The lowest upper total from which the open upper boxes can still reach 63."""
    return THRESHOLD - 5 * sum(f for f in range(1, 7) if pattern >> (f - 1) & 1)


def columns(pattern: int) -> tuple[bool, list[int]]:
    """What a row of this pattern stores: whether it starts with ``base`` (some reachable
    total has its bonus decided), then the reachable totals still in play."""
    totals = reachable(pattern)
    low = in_play_from(pattern)
    in_play = [u for u in totals if low <= u < THRESHOLD]
    return len(in_play) < len(totals), in_play


def encode_stream(values: Iterable[int]) -> bytes:
    """One pattern's stream for its quantised values (rows in order)."""
    values = list(values)
    deltas = array("h", (b - a for a, b in zip([0] + values[:-1], values, strict=True)))
    if sys.byteorder == "big":
        deltas.byteswap()
    raw = deltas.tobytes()
    return zlib.compress(raw[0::2] + raw[1::2], 9)


CHUNK = 8192  # bytes of a stream unpacked between two yields (well under a millisecond)


def decode_stream(blob: bytes, count: int) -> array:
    """The quantised values (array of 'i') of one stream; ValueError if damaged."""
    return run_now(decode_stream_steps(blob, count))


def decode_stream_steps(blob: bytes, count: int):
    """``decode_stream`` as a generator job: unpacks ``CHUNK`` bytes at a time."""
    unpack = zlib.decompressobj()
    parts = []
    try:
        data = blob
        while True:
            parts.append(unpack.decompress(data, CHUNK))
            data = unpack.unconsumed_tail
            if not data:
                break
            yield
        parts.append(unpack.flush())
    except zlib.error as exc:
        raise ValueError(f"damaged Yatzy table stream: {exc}") from None
    if not unpack.eof:
        raise ValueError("damaged Yatzy table stream: it ends too early")
    yield
    planes = b"".join(parts)
    if len(planes) != 2 * count:
        raise ValueError(f"a table stream holds {len(planes) // 2} values, not {count}")
    raw = bytearray(2 * count)
    raw[0::2] = planes[:count]
    raw[1::2] = planes[count:]
    deltas = array("h")
    deltas.frombytes(bytes(raw))
    if sys.byteorder == "big":
        deltas.byteswap()
    values = array("i")
    total = 0
    for start in range(0, count, CHUNK):  # the running sum, a slice at a time
        yield
        values.extend(islice(accumulate(deltas[start:start + CHUNK], initial=total), 1, None))
        total = values[-1]
    return values


def encode(streams: list[bytes]) -> bytes:
    """The file's bytes for the 64 patterns' streams."""
    assert len(streams) == 64
    return MAGIC + struct.pack("<64I", *map(len, streams)) + b"".join(streams)


class Table:
    """``value(mask, upper)``: the expected points still to come from this state."""

    def __init__(self, blob: bytes):
        run_now(self.build_steps(blob))

    def build_steps(self, blob: bytes):
        """Read the header and work out each pattern's row layout, a few patterns at a
        time (a generator job); the values stay packed until looked up."""
        if not blob.startswith(MAGIC) or len(blob) < len(MAGIC) + 256:
            raise ValueError("not a Dice Harbor Yatzy table")
        lengths = struct.unpack_from("<64I", blob, len(MAGIC))
        if len(MAGIC) + 256 + sum(lengths) != len(blob):
            raise ValueError("the Yatzy table's size does not match its header")
        self.blob = blob
        self.offsets = list(accumulate(lengths, initial=len(MAGIC) + 256))
        self.rows: list[array | None] = [None] * 64
        self.width: list[int] = []
        self.rank: list[list[int]] = []  # per pattern, total 0..63 -> place in a row
        for pattern in range(64):
            if pattern % 2 == 1:
                yield
            has_base, in_play = columns(pattern)
            rank = [-1] * (THRESHOLD + 1)
            if has_base:
                for u in reachable(pattern):
                    rank[u] = 0
            for i, u in enumerate(in_play, start=int(has_base)):
                rank[u] = i
            self.width.append(int(has_base) + len(in_play))
            self.rank.append(rank)

    def pattern_values(self, pattern: int) -> array:
        """Every stored value of one pattern, unpacked on first use."""
        values = self.rows[pattern]
        if values is None:
            values = run_now(self.pattern_steps(pattern))
        return values

    def pattern_steps(self, pattern: int):
        """``pattern_values`` as a generator job: unpacked in pieces if not yet done."""
        values = self.rows[pattern]
        if values is None:
            blob = self.blob[self.offsets[pattern]:self.offsets[pattern + 1]]
            values = yield from decode_stream_steps(blob, self.width[pattern] * LOWER_MASKS)
            if self.rows[pattern] is None:
                self.rows[pattern] = values
            values = self.rows[pattern]
        return values

    def value(self, mask: int, upper: int) -> float:
        """The value (to 1/SCALE) of the state with open boxes ``mask`` and upper total
        ``upper`` (any total; capped at 63 here). KeyError for an unreachable total."""
        upper = min(upper, THRESHOLD)
        if not mask:
            return float(BONUS) if upper >= THRESHOLD else 0.0
        pattern = mask & 63
        rank = self.rank[pattern][upper]
        if rank < 0:
            raise KeyError(f"upper total {upper} cannot happen with open boxes {mask:#x}")
        q = self.pattern_values(pattern)[(mask >> 6) * self.width[pattern] + rank]
        return (q / SCALE + BONUS) if upper == THRESHOLD else q / SCALE

    def load_all(self) -> None:
        for pattern in range(64):
            self.pattern_values(pattern)


def mask_of(open_categories: Iterable[str]) -> int:
    """The mask of these open five-dice categories."""
    m = 0
    for c in open_categories:
        m |= BIT[c]
    return m


_TABLE: Table | None = None


def table() -> Table:
    """The table: the file is read on the first call (a few milliseconds), each pattern's
    values unpacked when first looked up."""
    if _TABLE is None:
        web.fetch_now(PATH)  # (in the browser's page the file comes when first needed)
    return _TABLE if _TABLE is not None else run_now(table_steps())


def table_steps():
    """``table()`` as a generator job: the file read (in the browser's page fetched first,
    the job waiting for it over frames), then its layout worked out in pieces (the coach's
    first Yatzy hint runs it over frames)."""
    global _TABLE
    if _TABLE is None:
        yield from web.fetch_steps(PATH)
        yield
        blob = PATH.read_bytes()
        yield
        made = Table.__new__(Table)
        yield from made.build_steps(blob)
        if _TABLE is None:
            _TABLE = made
    return _TABLE


def value(open_categories: Iterable[str], upper: int) -> float:
    """Expected points still to come, optimal play, from the state between turns with these
    open boxes and this upper-section total."""
    return table().value(mask_of(open_categories), upper)


__all__ = ["BIT", "CATS", "PATH", "SCALE", "Table", "UPPER", "columns", "decode_stream",
           "decode_stream_steps", "encode", "encode_stream", "in_play_from", "mask_of",
           "reachable", "table", "table_steps", "value"]
