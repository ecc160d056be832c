"""Words written onto a colour the caller knows (``draw_text_in``'s ``bg``): copied, not
blended, where the place is all that colour; blended where the picture would leave it; and
while tests record, a place that is not all that colour is reported (``text.not_flat``),
which the tours of every screen (tests/scene_tour.py, test_any_window's ``drawn``) assert."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import text, theme  # noqa: E402

GROUND = (30, 40, 60)
INK = (230, 230, 230)


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    saved = theme.metrics.size, theme.metrics.dpr, theme.metrics.touch
    theme.metrics.configure((1280, 720))
    theme.forget_fonts()
    yield
    theme.metrics.configure(*saved)


def ground(size=(400, 80)) -> pygame.Surface:
    surface = pygame.Surface(size).convert(pygame.Surface(size, 0, 32))
    surface.fill(GROUND)
    return surface


def colours(surface: pygame.Surface, rect: pygame.Rect) -> set:
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.x, rect.right)
            for y in range(rect.y, rect.bottom)}


def test_words_onto_their_ground_look_as_blended_and_are_copied():
    box = pygame.Rect(10, 10, 380, 60)
    blended, copied = ground(), ground()
    text.draw_text_in(blended, "Bram scored 25", box, 22, INK)
    text.draw_text_in(copied, "Bram scored 25", box, 22, INK, bg=GROUND)
    diff = [abs(a - b) for x in range(400) for y in range(80)
            for a, b in zip(blended.get_at((x, y)), copied.get_at((x, y)), strict=True)]
    assert max(diff) <= 2  # (the same picture, to a step of rounding)
    assert sum(d > 0 for d in diff) < 0.05 * len(diff)
    # copied, not blended: written onto another colour than the surface's, that colour shows
    other = ground()
    drawn = text.draw_text_in(other, "Bram scored 25", box, 22, INK, bg=(200, 0, 0))
    assert (200, 0, 0) in colours(other, drawn)


def test_a_picture_that_would_leave_the_place_is_blended():
    box = pygame.Rect(10, 10, 380, 60)
    flat = pygame.Rect(10, 30, 380, 10)  # (lower than the line's picture)
    surface = ground()
    drawn = text.draw_text_in(surface, "Bram scored 25", box, 22, INK, bg=(200, 0, 0),
                              flat=flat)
    assert (200, 0, 0) not in colours(surface, drawn)
    surface = ground()  # and a box too small for the picture
    drawn = text.draw_text_in(surface, "Bram", pygame.Rect(10, 10, 200, 8), 22, INK,
                              bg=(200, 0, 0), min_size=22)
    assert (200, 0, 0) not in colours(surface, drawn.clip(surface.get_rect()))


def test_tests_hear_of_words_written_onto_a_colour_that_is_not_there():
    box = pygame.Rect(10, 10, 380, 60)
    surface = ground()
    with text.record() as lines:
        text.draw_text_in(surface, "Bram scored 25", box, 22, INK, bg=GROUND)
    assert [d.text for d in lines] == ["Bram scored 25"]
    assert lines[0].ink.w < box.w  # (its ink, not its whole picture: the words' extent)
    assert text.not_flat() == []
    surface = ground()
    pygame.draw.circle(surface, (250, 200, 0), (200, 40), 6)  # (something under the words)
    with text.record():
        text.draw_text_in(surface, "Bram scored 25", box, 22, INK, bg=GROUND)
    found = text.not_flat()
    assert len(found) == 1 and "'Bram scored 25'" in found[0]
    assert text.not_flat() == []  # (read once)
    with text.record():  # the wrong colour said
        text.draw_text_in(ground(), "Bram", box, 22, INK, bg=(31, 40, 60))
    assert len(text.not_flat()) == 1


def test_a_picture_that_leaves_the_place_is_not_reported():
    """Blended where it would leave the place (the fallback), a line is no wrong colour."""
    surface = ground()
    pygame.draw.rect(surface, (250, 200, 0), (10, 45, 380, 2))  # (under the line, out of flat)
    with text.record():
        text.draw_text_in(surface, "Bram scored 25", pygame.Rect(10, 10, 380, 60), 22, INK,
                          bg=GROUND, flat=pygame.Rect(10, 30, 380, 10))
    assert text.not_flat() == []


@pytest.mark.parametrize("ratio", [1, 2, 3])
def test_a_total_counting_writes_onto_its_chip_inside_its_border(ratio):
    """A total counting up (moments.CountUp) writes its number onto the chip's colour, inside
    the chip's border and round corners, at every ratio."""
    from game.ui.moments import CountUp
    theme.metrics.configure((390, 844), ratio, True)
    theme.forget_fonts()
    surface = ground((300 * ratio, 80 * ratio))
    for h in (22, 28, 36):
        count = CountUp(duration=1.0, rect=pygame.Rect(10, 10, 60 * ratio, h * ratio), start=0,
                        end=250, colour=(240, 200, 60))
        count.time = 0.5
        with text.record() as lines:
            count.draw(surface)
        assert lines and text.not_flat() == []
