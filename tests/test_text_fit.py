"""Fitting a text to its box (``text.fit_text``) rules out sizes too big for the box from the
text's width on one line at the first size tried (``_too_many_lines``), without measuring
anything at them: in the page the first measure at a size loads its glyphs (a banner that
tried eleven sizes took 10-55 ms at a phone's CPU). The size and lines it finds are the same
as trying every size in full."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.ui import text, theme  # noqa: E402

WORDS = ["Ada", "Lovelace-Byron", "grabs", "Full", "House", "for", "25", "points!", "Øyvind",
         "Αλεξάνδρα", "Παπαδάκη", "MMMMMMMM", "iiii", "a", "雪", "wide-word-without-any-space",
         "\n", "12/63", "Yatzy"]


@pytest.fixture(autouse=True, params=[(1280, 720, 1.0), (1170, 2532, 3.0)],
                ids=["1x", "phone-3x"])
def fonts(request):
    pygame.init()
    saved = theme.metrics.size, theme.metrics.dpr, theme.metrics.touch
    w, h, ratio = request.param
    theme.metrics.configure((w, h), ratio, ratio > 1)
    theme.forget_fonts()
    yield
    theme.metrics.configure(*saved)


def every_size(*args) -> text.Fitted:
    """``_fit`` trying every size in full (nothing ruled out first)."""
    rule = text._too_many_lines
    text._too_many_lines = lambda *a: False
    try:
        return text._fit(*args)
    finally:
        text._too_many_lines = rule


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=30),
       width=st.integers(10, 1200), height=st.integers(8, 400),
       size=st.sampled_from([13, 16, 22, 26, 30]), min_size=st.sampled_from([12, 13, 16]),
       display=st.booleans(), bold=st.booleans())
def test_the_size_found_is_the_one_every_size_tried_finds(words, width, height, size,
                                                            min_size, display, bold):
    words = " ".join(words).strip() or "x"
    args = (words, width, height, max(size, min_size), min_size, bold, True, display)
    found = text._fit(*args)
    assert (found.lines, found.size) == (lambda f: (f.lines, f.size))(every_size(*args))


def test_a_size_too_big_is_ruled_out_without_measuring_at_it(monkeypatch):
    """A long headline in a short box: of the eleven sizes from 26 to 16, one whose lines
    surely do not fit measures nothing (its glyphs are not loaded)."""
    headline = "Ada Lovelace-Byron grabs Full House for 25 points from Bramwell Øyvind " * 2
    measured = []
    own = text.face_for

    class Counted:  # (a face that notes the size of each measure)
        def __init__(self, face, at):
            self.face, self.at = face, at

        def __getattr__(self, name):
            return getattr(self.face, name)

        def size(self, words):
            measured.append(self.at)
            return self.face.size(words)

    def face_for(words, size, *args, **kwargs):
        return Counted(own(words, size, *args, **kwargs), size)
    monkeypatch.setattr(text, "face_for", face_for)
    box = theme.px(700), theme.px(80)
    fitted = text._fit(headline, *box, 26, 16, True, True, False)
    assert fitted.size < 24, fitted.size  # (the case: the big sizes do not fit)
    # (at the first size, the two measures the others are ruled out by; then none at a
    # size ruled out)
    assert measured.count(26) == 2 and 25 not in measured, sorted(measured)
    assert fitted.size in measured and len(set(measured)) <= 26 - fitted.size, \
        sorted(measured)
