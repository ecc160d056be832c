"""The browser, seen from the game: the page's size and pixel ratio, its pace, how a frame
reaches the canvas, and the game's files fetched when first needed.

Natively every function here answers "not in a browser" at once, so the app can call them
every frame. In the browser (pygbag, or pyodide with pygbag's pygame-ce build) the page is
reached through the ``js`` module."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.tasks import WAIT


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
# The app asks every frame whether the page changed. Reading the page's three metrics
# costs 0.1-3 ms a frame at a phone's CPU (once 37 ms): the pyodide page counts its own
# resizes, rotations and changes of pixel ratio (web/pyodide.tmpl: ``resized``), so a
# frame reads that one number and the metrics only when it moved (and every
# ``PAGE_CHECK`` frames all the same, for a change no event told); a page without the
# count (pygbag's) has its metrics read every ``PAGE_POLL`` frames.
PAGE_POLL = 6  # frames: a tenth of a second
PAGE_CHECK = 60
_counted = None  # the page's object with the count (window.diceHarbor), False: none
_count = None  # the count when the metrics were last read
_asked = 0  # calls since the metrics were last read


def _resize_count():
    """The page's count of its resizes, or None when it keeps none."""
    global _counted
    if _counted is None:
        state = _page_state("resized")  # (none: the metrics polled)
        _counted = state if state is not None else False
    if _counted is False:
        return None
    try:
        return _counted.resized
    except Exception:  # noqa: BLE001
        return None


def page_changed() -> tuple[float, float, float] | None:
    """The page's new metrics when it was resized or rotated since the last call, else None.
    (The first call only remembers them.)"""
    global _last, _count, _asked
    if not in_browser():
        return None
    _asked += 1
    count = _resize_count()
    if _last is not None and _asked < PAGE_CHECK and (
            count == _count if count is not None else _asked < PAGE_POLL):
        return None  # (nothing told of a change: the metrics not read)
    _count, _asked = count, 0
    now = page_metrics()
    if now is None or now == _last:
        return None
    first, _last = _last is None, now
    return None if first else now


# The device pixel ratio the game draws at, at most. Measured at 390x844 with the phone's
# ratio 3 and the page's CPU slowed four times (tools/browser_bench.py --throttle 4
# --sharpest, DEVELOPING.md "A phone's CPU"), the two taking turns: at ratio 2 (780x1688,
# 44% of the pixels) the dice tumbled at 43 frames a second with App.step p50 8.2 ms, at
# ratio 3 (1170x2532) at 30 with p50 12.5 ms; every whole frame has 2.25 times the pixels
# to draw and show at 3. At 2, text at its 12 CSS px floor is still 24 pixels high, sharp
# when the browser scales the canvas up by half to the screen. The player can ask for the
# screen's own ratio ("Sharpest picture" in Settings).
RENDER_RATIO_CAP = 2.0


def render_ratio(device_ratio: float, sharpest: bool = False) -> float:
    """The pixel ratio the game draws at on a screen of ``device_ratio``: that ratio up
    to ``RENDER_RATIO_CAP``, or the screen's own when the player wants the sharpest
    picture."""
    ratio = float(device_ratio)
    return ratio if sharpest else min(ratio, RENDER_RATIO_CAP)


def first_frame() -> None:
    """Tell the page that the first frame is on the canvas: the load time is measured and
    the loading screen goes (web/pyodide.tmpl: ``shown``)."""
    win = _window() if in_browser() else None
    if win is None:
        return
    try:
        state = getattr(win, "diceHarbor", None)
        if state is None:
            return
        if getattr(state, "shown", None) is not None and not missing(state.shown):
            state.shown()
        else:
            state.firstFrame = win.performance.now()
    except Exception:  # noqa: BLE001 - a page without it: nothing to tell
        pass


_present = None  # the page's present(address, width, height, x, y, w, h), False: none


def _page_state(member: str):
    """The page's own object (``window.diceHarbor``, the pyodide page's) when it has
    ``member``; else None (natively, pygbag's page)."""
    win = _window() if in_browser() else None
    try:
        state = getattr(win, "diceHarbor", None) if win is not None else None
        if state is not None and not missing(state) and \
                not missing(getattr(state, member, None)):
            return state
    except Exception:  # noqa: BLE001 - a page without it
        pass
    return None


def _presenter():
    global _present
    if _present is None:
        state = _page_state("present")  # (none: SDL presents)
        _present = state.present if state is not None else False
    return _present


def present(surface, rects=None) -> bool:
    """Put the pixels of ``surface`` inside ``rects`` (all of it when None) on the page's
    canvas, and True; False when the page cannot (natively, pygbag's page, a surface not
    laid out as the page reads it): then the caller presents with SDL.

    pygbag's pygame-ce ignores the rectangles ``pygame.display.update`` is given and copies
    every pixel of the window to the canvas, a loop in JavaScript (15-22 ms a frame at
    1170x2532 with a phone's CPU); the pyodide page instead puts each rectangle on the
    canvas straight from the surface's memory (web/pyodide.tmpl: ``present``)."""
    show = _presenter()
    if not show:
        return False
    width, height = surface.get_size()
    if surface.get_bytesize() != 4 or surface.get_pitch() != 4 * width or \
            surface.get_masks()[:3] != (0xFF, 0xFF00, 0xFF0000):
        return False  # (the page reads bytes R, G, B, X in rows without padding)
    address = surface._pixels_address
    if rects is None:
        show(address, width, height, 0, 0, width, height)
        return True
    bounds = surface.get_rect()
    for part in merged([bounds.clip(rect) for rect in rects]):
        show(address, width, height, part.x, part.y, part.width, part.height)
    return True


# What putting one more rectangle on the canvas costs, in the pixels that time would copy:
# in the page at a phone's CPU (4x) a put is about 0.12 ms and a pixel 6 ns (30 rectangles
# of a sheet's cells, 225,000 pixels, took 5.1 ms put apart and 2.2 ms as their union of
# 324,500).
PUT_PIXELS = 19_000


def merged(rects: list) -> list:
    """``rects`` (empty ones left out) with neighbours put together where their union costs
    less to put than the two apart (``PUT_PIXELS``): each is merged, in the order of their
    tops, with the last one kept when that pays. Every pixel of ``rects`` is in one of them."""
    out: list = []
    for rect in sorted((r for r in rects if r.width and r.height), key=lambda r: (r.y, r.x)):
        if out:
            last = out[-1]
            union = last.union(rect)
            if union.w * union.h <= last.w * last.h + rect.w * rect.h + PUT_PIXELS:
                out[-1] = union
                continue
        out.append(rect.copy())
    return out


# -- sounds decoded by the page -------------------------------------------------------------
_decoder = None  # the page's object that decodes sounds (window.diceHarbor), False: none


def _sound_decoder():
    global _decoder
    if _decoder is None:
        state = _page_state("decodeSound")  # (none: the game decodes)
        _decoder = state if state is not None else False
    return _decoder


def decode_sounds(paths: dict[str, Path], mixer: tuple[int, int, int]) -> bool:
    """Ask the page to decode the .ogg files ``paths`` (by name) with the browser's own
    decoder, off the game's frames, into samples of the mixer's ``(frequency, size,
    channels)`` (``pygame.mixer.get_init()``); they come back in later frames
    (``decoded_sound``). False when the page cannot (natively, pygbag's page): then the
    game decodes them itself."""
    page = _sound_decoder()
    if not page:
        return False
    frequency, size, channels = mixer
    for name, path in paths.items():
        page.decodeSound(name, str(Path(path).resolve()), frequency, channels, size)
    return True


def decoded_sound() -> tuple[str, bytes | None] | None:
    """The next sound the page has decoded: its name and its samples (the bytes of a
    ``pygame.mixer.Sound(buffer=...)``), or None for the samples when the page could not
    decode it; None when none is ready."""
    page = _sound_decoder()
    ready = page.soundDecoded() if page else None
    if missing(ready):
        return None
    # (its error asked, not its samples: ``missing`` of a typed array would write out
    # every sample in words, up to 170 ms at a phone's CPU)
    failed = not missing(ready.error)
    return str(ready.name), None if failed else ready.samples.to_bytes()


# -- the game's files, fetched when first needed ---------------------------------------------
# The pyodide page leaves large data (the expert Yatzy table) out of the archive it loads
# before the first frame (web/build.py: LATER) and puts it on the site at the same path,
# relative to the game's folder (the page's working directory).
def _url_of(path: Path) -> str:
    return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()


def fetch_steps(path: Path):
    """A generator job that makes sure the game's file ``path`` is there: at once when it
    is (natively it always is); in the page, fetched from the site while the job yields
    ``tasks.WAIT`` (the frame goes on), then written where the game reads it. OSError when
    it cannot be had."""
    path = Path(path)
    if path.exists() or not in_browser():
        return path
    import asyncio  # (its imports cost ~25 ms: the pure modules that import this need none)
    fetching = asyncio.ensure_future(_download(_url_of(path), path))
    while not fetching.done():
        yield WAIT
    fetching.result()  # (its error, if it failed)
    return path


async def _download(url: str, path: Path) -> None:
    from pyodide.http import pyfetch  # (the pyodide page: pygbag's keeps every file)
    answer = await pyfetch(url)
    if not answer.ok:
        raise OSError(f"{url}: {answer.status} {answer.status_text}")
    data = await answer.bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    part.replace(path)


def fetch_now(path: Path) -> Path:
    """``fetch_steps`` for code that cannot wait for a frame (a bot deciding at once): the
    file fetched before returning (a synchronous request, rare: the play scene builds what
    a bot needs as a task first). OSError when it cannot be had."""
    path = Path(path)
    if path.exists() or not in_browser():
        return path
    import js  # (the page's only)
    request = js.XMLHttpRequest.new()
    url = _url_of(path)
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")  # bytes as U+F7xx / ASCII
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: {request.status} {request.statusText}")
    data = str(request.responseText).encode("utf-16-le")[0::2]  # each byte, as it came
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


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
    import asyncio  # (see fetch_steps; the game's loop has it already)
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
