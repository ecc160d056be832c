"""The window sizes the layouts hold, in dp, without pygame: the settings' file checks a
remembered window size with them (game.prefs), and game.ui.layout lays out by them."""

from __future__ import annotations

MIN_WIDTH, MIN_HEIGHT = 320, 360
TWO_COLUMNS = 640  # dp: a landscape window narrower than this is laid out in one column
MIN_PORTRAIT_HEIGHT = 560


def portrait(width: float, height: float) -> bool:
    """Taller than wide, or too narrow for two columns side by side (a phone upright,
    a tablet upright)."""
    return width < height or width < TWO_COLUMNS


def holds(width: float, height: float) -> bool:
    """Whether the layouts hold a window of ``width`` x ``height`` dp."""
    return (width >= MIN_WIDTH and height >= MIN_HEIGHT
            and (not portrait(width, height) or height >= MIN_PORTRAIT_HEIGHT))
