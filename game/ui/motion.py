"""How things move at the table, in one place: a few durations, a few easings, and the rules
every animation follows.

- Durations come from a short scale (FEEL.md): ``PRESS`` for a hover or a press, ``MOVE``
  for something moving across the table, ``MOMENT`` for a moment (a score landing, a
  farkle, a card turning over). A moment never lasts longer than it must: the bots' faster
  paces shorten it (``pace``), skipping ahead (F) drops it, and the next key, click or tap
  finishes every animation on screen at once (``Effects.finish``).
- "Reduce motion" (``Settings.reduce_motion``): nothing travels, shakes or falls; what
  would travel fades out where it was and in where it goes (``fade``), dice land without
  tumbling, no sparks or confetti.
"""

from __future__ import annotations

from . import theme

PRESS = 0.12  # seconds: a hover, a press
MOVE = 0.25  # a move across the table (a die to the chest, skulls to their zone)
MOMENT = 0.55  # a moment: a score landing in its box, a farkle, a bank (400-700 ms)
TRAVEL = 0.45  # dice (or points) flying from the felt to the score sheet
SEEN = 0.6  # at least this long (at the normal pace) the dice of a score stay in view
COUNT = 0.5  # a total counting up to its new value
LIT = 0.9  # a box just filled stays lit this long (it does not hold anything up)

# The bot pace scales every moment (a human's moves are shown at the normal pace's length
# unless the player chose another pace: it is one setting, "how fast the table moves").
PACE = {"slow": 1.2, "normal": 1.0, "fast": 0.6}


def pace(settings) -> float:
    """How much the table's moments are stretched (>1) or shortened (<1) now."""
    return PACE.get(settings.bot_speed, 1.0)


def reduced(settings=None) -> bool:
    """The player asked for less motion (travel becomes a fade; no shakes, no confetti):
    the setting in force (``theme.reduce_motion``, put there by ``App.apply_looks``), or
    ``settings`` saying so."""
    return theme.reduce_motion() or (settings is not None and bool(settings.reduce_motion))


# -- easings: t from 0 to 1 ------------------------------------------------------------------
def clamp(t: float) -> float:
    return 0.0 if t <= 0 else 1.0 if t >= 1 else t


def ease_out(t: float) -> float:
    """Fast at first, settling (things arriving)."""
    t = clamp(t)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow, fast, slow (things that leave and arrive)."""
    t = clamp(t)
    return t * t * (3 - 2 * t)


def ease_back(t: float) -> float:
    """Arrives a little past and settles back (a marker dropping into place)."""
    t = clamp(t)
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def fade(t: float) -> tuple[float, float]:
    """Reduce motion's travel: how opaque the thing is where it was and where it goes."""
    t = clamp(t)
    return 1 - t, t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t
