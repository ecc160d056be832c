"""The browser, seen from the game: the page's size and pixel ratio, its pace.

Natively every function here answers "not in a browser" at once, so the app can call them
every frame. In the browser (pygbag, or pyodide with pygbag's pygame-ce build) the page is
reached through the ``js`` module."""

from __future__ import annotations

import sys


def in_browser() -> bool:
    return sys.platform == "emscripten"


def _window():
    try:
        import js  # the page (pyodide, pygbag)
    except ImportError:
        return None
    return js.window if hasattr(js, "window") else js


def page_metrics() -> tuple[float, float, float] | None:
    """(width, height) of the page in CSS pixels and its ``devicePixelRatio``; None natively."""
    if not in_browser():
        return None
    win = _window()
    if win is None:
        return None
    try:
        return (float(win.innerWidth), float(win.innerHeight),
                float(getattr(win, "devicePixelRatio", 1.0) or 1.0))
    except Exception:  # noqa: BLE001 - a page without these: no page metrics
        return None


def coarse_pointer() -> bool:
    """The page is used with fingers (a phone, a tablet): layouts for touch."""
    win = _window() if in_browser() else None
    if win is None:
        return False
    try:
        return bool(win.matchMedia("(pointer: coarse)").matches)
    except Exception:  # noqa: BLE001
        return False


_last: tuple[float, float, float] | None = None


def page_changed() -> tuple[float, float, float] | None:
    """The page's new metrics when it was resized or rotated since the last call, else None.
    (The first call only remembers them.)"""
    global _last
    if not in_browser():
        return None
    now = page_metrics()
    if now is None or now == _last:
        return None
    first, _last = _last is None, now
    return None if first else now


def first_frame() -> None:
    """Tell the page that the first frame is on the canvas (the load time is measured)."""
    win = _window() if in_browser() else None
    if win is None:
        return
    try:
        state = getattr(win, "diceHarbor", None)
        if state is not None:
            state.firstFrame = win.performance.now()
    except Exception:  # noqa: BLE001 - a page without it: nothing to tell
        pass


def missing(value) -> bool:
    """A value the page has not got: None, or JavaScript's null/undefined as pyodide hands
    them over (``jsnull``)."""
    if value is None:
        return True
    kind = type(value).__name__
    return kind in ("JsNull", "JsUndefined") or repr(value) in ("jsnull", "undefined")


def toggle_fullscreen() -> None:
    win = _window() if in_browser() else None
    if win is None:
        return
    try:
        doc = win.document
        if doc.fullscreenElement:
            doc.exitFullscreen()
        else:
            doc.documentElement.requestFullscreen()
    except Exception:  # noqa: BLE001 - not allowed here (no user gesture): nothing happens
        pass


async def next_frame(idle: bool = False) -> float:
    """Wait for the browser's next frame (a longer while when nothing moves, so an idle game
    costs nothing); the seconds since the last frame. Frames keep to a schedule, each due
    one frame after the last was due, so that a timer that wakes a little late (the
    browser's do, by a millisecond or so) makes the next wait shorter rather than every
    frame longer; a frame more than a frame late starts the schedule again from now."""
    import asyncio
    import time
    global _frame_at, _due
    now = time.perf_counter()
    due = _due + (IDLE_WAIT if idle else FRAME)
    if due < now - FRAME:
        due = now  # (far behind: no hurry to catch up)
    await asyncio.sleep(max(0.0, due - now))
    _due = due
    before, _frame_at = _frame_at, time.perf_counter()
    return _frame_at - before


FRAME = 1 / 60
IDLE_WAIT = 1 / 20
_frame_at = 0.0
_due = 0.0  # when the last frame was due (time.perf_counter)
