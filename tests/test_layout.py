"""The layout module: tracks with fixed sizes and weights, minimums and maximums resolved as
CSS flexbox does, flowing lines of buttons, breakpoints, pointer input routed by region, and
a scrolling view whose drags never press a button."""

from __future__ import annotations

import pygame
import pytest

from game.ui import layout, theme
from game.ui.layout import Sections, fr
from game.ui.scroll import ScrollArea


@pytest.fixture(autouse=True)
def unit_scale():
    theme.metrics.configure((1000, 1000))  # 1 dp = 1 device pixel
    yield
    theme.metrics.configure((theme.BASE_W, theme.BASE_H))


def heights(*tracks, length=520, gap=0):
    return [r.h for r in layout.rows(pygame.Rect(0, 0, 100, length), *tracks, gap=gap)]


def test_fixed_tracks_and_weights_share_what_is_left():
    assert heights(100, fr(), fr(3), length=500) == [100, 100, 300]
    assert heights(100, fr(), 100, length=500, gap=10) == [100, 280, 100]
    rows = layout.rows(pygame.Rect(0, 50, 100, 500), 100, fr(), 100, gap=10)
    assert [r.y for r in rows] == [50, 160, 450] and rows[-1].bottom == 550


def test_minimums_and_maximums_are_resolved_together():
    # A track held at its maximum gives the rest to the others, which keep their minimum.
    assert heights(fr(4, min=150, max=271), 48, 64, fr(1, min=150), length=520, gap=6) == \
        [240, 48, 64, 150]
    assert heights(fr(1, max=100), fr(1), length=1000) == [100, 900]
    assert heights(fr(1, min=200), fr(1, min=50), length=300) == [200, 100]
    # Every pixel is handed out: the sum is the length whatever the rounding.
    assert sum(heights(fr(1), fr(1), fr(1), length=100)) == 100


def test_scale_turns_design_pixels_into_device_pixels():
    theme.metrics.configure((2560, 1440), dpr=2)
    assert theme.metrics.scale == 2 and theme.px(44) == 88
    assert theme.metrics.width == 1280
    theme.metrics.configure((1920, 1080), dpr=1)  # bigger than the design: zoomed, sharp
    assert theme.metrics.zoom == 1.5 and theme.px(16) == 24
    theme.metrics.configure((1000, 700), dpr=1)  # smaller: never shrunk, laid out anew
    assert theme.metrics.scale == 1


def test_flow_wraps_lines_and_aligns_them():
    area = pygame.Rect(0, 0, 300, 500)
    boxes = layout.flow(area, [100, 100, 100], 40, gap=10)
    assert [b.y for b in boxes] == [0, 0, 50]  # the third does not fit the first line
    assert boxes[0].x == (300 - 210) // 2
    right = layout.flow(area, [100], 40, gap=10, align="right")
    assert right[0].right == 300
    assert layout.flow_height(300, [100, 100, 100], 40, gap=10) == 90


@pytest.mark.parametrize("size,name", [((1280, 720), "wide"), ((1000, 700), "narrow"),
                                       ((844, 390), "short"), ((390, 844), "portrait"),
                                       ((600, 600), "portrait")])
def test_breakpoints(size, name):
    theme.metrics.configure(size)
    assert layout.form().name == name


def test_sections_route_a_click_to_the_region_under_it():
    got = []
    sections = Sections()
    sections.add("left", pygame.Rect(0, 0, 50, 50), lambda e: got.append("left") or True)
    sections.add("over", pygame.Rect(40, 0, 50, 50), lambda e: got.append("over") or True)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(45, 10), button=1)
    assert sections.route(click) and got == ["over"]  # the topmost takes it
    assert not sections.route(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 200),
                                                 button=1))
    assert sections.at((10, 10)) == "left"


def test_a_drag_scrolls_and_presses_nothing_a_tap_presses():
    area = ScrollArea()
    area.set(pygame.Rect(0, 0, 100, 100), 400)
    pressed = []

    def click(event):
        pressed.append(event.pos)
        return True

    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 80), button=1)
    area.handle(down, click)
    area.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 20), rel=(0, -60),
                                   buttons=(1, 0, 0)), click)
    area.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(50, 20), button=1), click)
    assert area.offset == 60 and pressed == []
    area.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1), click)
    area.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(50, 50), button=1), click)
    assert pressed == [(50, 50)] and area.offset == 60
    area.scroll_to(pygame.Rect(0, 0, 10, 10))  # a focused control above the view comes in
    assert area.offset == 0
    area.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False), click)
    assert area.offset == area.max_offset == 300
