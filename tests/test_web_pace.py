"""The browser's frame pace (``web.next_frame``), on a clock of our own: the browser's
timers wake late, and the game's frames must not all be late by as much."""

from __future__ import annotations

import asyncio
import time

import pytest

from game import web


class Clock:
    """Time that passes only when told: a step of the game takes ``work`` seconds, and a
    sleep wakes ``late`` seconds after it was asked to (at least ``floor``: a browser's
    timer does not fire sooner than about 4 ms once timers are nested)."""

    def __init__(self, work: float, late: float, floor: float = 0.004):
        self.now, self.work, self.late, self.floor = 100.0, work, late, floor

    def perf_counter(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, self.floor) + self.late


@pytest.fixture
def clock(monkeypatch):
    def make(work: float, late: float) -> Clock:
        c = Clock(work, late)
        monkeypatch.setattr(time, "perf_counter", c.perf_counter)
        monkeypatch.setattr(asyncio, "sleep", c.sleep)
        monkeypatch.setattr(web, "_due", 0.0)
        monkeypatch.setattr(web, "_frame_at", 0.0)
        return c
    return make


def frames(c: Clock, n: int, idle: bool = False, work: float | None = None) -> list[float]:
    async def run():
        gaps = []
        for _ in range(n):
            gaps.append(await web.next_frame(idle))
            c.now += c.work if work is None else work
        return gaps
    return _drive(run())


def _drive(coroutine):
    """Run a coroutine whose awaits never block (the fake sleep returns at once)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the pace waited on something else than its sleep")


def test_late_timers_do_not_make_every_frame_late(clock):
    c = clock(work=0.009, late=0.0009)  # a phone's frame of a throw; timers 0.9 ms late
    gaps = frames(c, 240)[2:]
    assert abs(sum(gaps) / len(gaps) - web.FRAME) < 0.0002  # 60 frames a second
    assert max(gaps) < web.FRAME + 0.002


def test_a_slow_frame_is_not_made_up_by_a_burst_of_frames(clock):
    c = clock(work=0.002, late=0.0)
    frames(c, 10)
    c.now += 0.2  # a frame that took 200 ms (a bot thinking)
    gaps = frames(c, 6)
    assert min(gaps[1:]) >= web.FRAME * 0.7, gaps  # no frames squeezed in to catch up


def test_a_game_at_rest_waits_longer(clock):
    c = clock(work=0.001, late=0.0)
    frames(c, 5)
    gaps = frames(c, 20, idle=True)[2:]
    assert all(abs(g - web.IDLE_WAIT) < 0.0005 for g in gaps), gaps


def test_the_render_ratio_is_the_screens_up_to_two_unless_the_sharpest_is_asked_for():
    assert web.render_ratio(3) == 2 and web.render_ratio(2.625) == 2
    assert web.render_ratio(1.5) == 1.5 and web.render_ratio(1) == 1
    assert web.render_ratio(3, sharpest=True) == 3 and web.render_ratio(1.5, True) == 1.5


def test_natively_nothing_is_presented_by_the_page():
    """Natively (and on a page without its own present) the app presents with SDL."""
    import pygame
    surface = pygame.Surface((8, 8))
    assert web.present(surface) is False and web.present(surface, [pygame.Rect(0, 0, 2, 2)]) is False


class Page:
    """A page as game/web.py sees it (``js.window``): its size and ratio, each read of
    which is counted, and, as the pyodide page keeps it, a count of its resizes."""

    def __init__(self, counted: bool):
        self.width, self.height, self.ratio, self.reads = 390.0, 844.0, 3.0, 0
        if counted:
            self.diceHarbor = type("State", (), {})()
            self.diceHarbor.resized = 0

    def __getattr__(self, name):  # (only what is not set: the metrics)
        metrics = {"innerWidth": "width", "innerHeight": "height", "devicePixelRatio": "ratio"}
        if name not in metrics:
            raise AttributeError(name)
        self.reads += 1
        return self.__dict__[metrics[name]]

    def resize(self, width: float, height: float, event: bool = True) -> None:
        self.width, self.height = width, height
        if event and "diceHarbor" in self.__dict__:
            self.diceHarbor.resized += 1  # (what its resize listener does)


@pytest.fixture
def page(monkeypatch):
    def make(counted: bool) -> Page:
        p = Page(counted)
        monkeypatch.setattr(web, "in_browser", lambda: True)
        monkeypatch.setattr(web, "_window", lambda: p)
        for name, value in (("_last", None), ("_counted", None), ("_count", None), ("_asked", 0)):
            monkeypatch.setattr(web, name, value)
        return p
    return make


def test_each_frame_reads_the_pages_count_of_resizes_not_its_metrics(page):
    """Issue 24: the app asks every frame whether the page changed, and reading the page's
    size and ratio cost 0.1-3 ms a frame at a phone's CPU. The pyodide page counts its
    resizes: a frame reads the metrics only when the count moved (and once every
    PAGE_CHECK frames), and a resize is seen in the frame after its event."""
    p = page(counted=True)
    assert web.page_changed() is None  # (the first call remembers them)
    p.reads = 0
    for _ in range(3 * web.PAGE_CHECK):
        assert web.page_changed() is None
    assert p.reads <= 3 * 3  # (three metrics, once every PAGE_CHECK frames)
    p.resize(844, 390)  # turned
    assert web.page_changed() == (844.0, 390.0, 3.0)
    assert web.page_changed() is None
    p.ratio = 2.0  # (the page's listener of the ratio's media query bumps the count too)
    p.diceHarbor.resized += 1
    assert web.page_changed() == (844.0, 390.0, 2.0)


def test_a_page_without_the_count_is_polled_every_few_frames(page):
    """pygbag's page keeps no count: its metrics are read every PAGE_POLL frames, so a
    rotation is seen within a tenth of a second, and most frames read nothing."""
    p = page(counted=False)
    assert web.page_changed() is None
    p.reads = 0
    for _ in range(10 * web.PAGE_POLL):
        assert web.page_changed() is None
    assert p.reads == 3 * 10
    p.resize(844, 390)
    seen = next(i for i in range(1, web.PAGE_POLL + 1) if web.page_changed() is not None)
    assert seen <= web.PAGE_POLL and web.PAGE_POLL <= 6


def test_rectangles_put_on_the_canvas_are_merged_where_one_put_costs_less():
    """A late sheet painted 30 cells: put apart, 30 puts took 5.1 ms at a phone's CPU, their
    union 2.2 ms. Neighbours are put as their union where that costs less (web.PUT_PIXELS
    a put); rectangles far apart stay apart; every pixel asked for is put."""
    import pygame

    from game import web
    cells = [pygame.Rect(100 + (i % 3) * 160, 800 + (i // 3) * 52, 150, 50) for i in range(30)]
    out = web.merged(cells)
    assert len(out) == 1 and out[0] == cells[0].unionall(cells[1:])
    apart = [pygame.Rect(0, 0, 100, 100), pygame.Rect(600, 1500, 100, 100)]
    assert web.merged(apart) == apart  # (their union: 1.1 million pixels for 20,000)
    assert web.merged([pygame.Rect(0, 0, 0, 10), pygame.Rect(5, 5, 10, 10)]) == \
        [pygame.Rect(5, 5, 10, 10)]  # (an empty one: none)
    mixed = cells[:4] + apart + [pygame.Rect(650, 1550, 80, 30)]
    out = web.merged(mixed)
    assert len(out) < len(mixed)
    for r in mixed:  # (every pixel put)
        assert any(o.contains(r) for o in out), r
    assert sum(o.w * o.h for o in out) <= sum(r.w * r.h for r in mixed) + \
        web.PUT_PIXELS * (len(mixed) - len(out))
