"""Words with pictures (game.ui.inline): what is read as dice or a card, and what stays
words; how a line of them wraps."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.games.pirates.rules import PirateState  # noqa: E402
from game.ui import inline, theme  # noqa: E402


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    saved = theme.metrics.size, theme.metrics.dpr, theme.metrics.touch
    theme.metrics.configure((1280, 720))  # the design size, whatever ran before
    theme.forget_fonts()  # (faces of an earlier test's pygame are gone)
    yield
    theme.metrics.configure(*saved)


CARDS = PirateState.CARD_DECK  # the game's cards: a rules text names them


def pictures(text: str, bracket: str = "[") -> list:
    return [p.values if isinstance(p, inline.Dice) else p.name
            for p in inline.parse(text, bracket, CARDS) if not isinstance(p, str)]


def test_what_is_read_as_dice():
    assert pictures("Ann rolls [6 6 4 1]") == [(6, 6, 4, 1)]
    assert pictures("You roll [3 skulls, 1 coin]") == [("skull",) * 3 + ("gold",)]
    assert pictures("[skull parrot]") == [("skull", "parrot")]
    assert pictures("{3 3 3 5 5} and {card:captain}", "{") == [(3, 3, 3, 5, 5), "captain"]
    # not dice: they stay words, brackets and all
    for words in ("[1 7]", "[the dealer]", "[]", "[0 1]", "[3 dragons]", "[9 skulls]",
                  "{card:joker}", "[1 2 3 4 5 6 1 2 3 4 5 6 1]"):
        assert pictures(words, "{" if words.startswith("{") else "[") == [], words
        assert "".join(p for p in inline.parse(words, words[0], CARDS)) == words
    assert pictures("{1 2}") == []  # the history reads square brackets only
    assert inline.plain("Full House: {3 3 3 5 5}, {card:captain}", "{", CARDS) == \
        "Full House: [3 3 3 5 5], Captain"
    # a game without cards (no deck given): a card group stays words
    assert [p for p in inline.parse("{card:captain}", "{") if not isinstance(p, str)] == []


def test_lines_wrap_words_and_dice_within_their_width():
    style = inline.style_for(theme.font(15))
    text = "   Ann sets aside [1 1 5 5 2 2]: +1500 (turn 1500), a very long line indeed"
    for width in (110, 160, 200, 400, 2000):
        lines = inline.layout(inline.parse(text), width, style, indent=10)
        assert all(line.width <= width + 2 for line in lines), width
        assert [v for line in lines for v in line.dice()] == [1, 1, 5, 5, 2, 2]
        words = " ".join(line.text for line in lines).split()
        assert words[:3] == ["Ann", "sets", "aside"] and words[-1] == "indeed"
        assert lines[0].runs[0].x == 3 * style.space or width < 3 * 3 * style.space
        if len(lines) > 1:
            assert all(line.runs[0].x >= lines[0].runs[0].x for line in lines[1:])
    one = inline.layout(inline.parse(text), 2000, style)
    assert len(one) == 1 and [r.kind for r in one[0].runs] == ["text", "dice", "text"]


def test_a_text_with_dice_fits_its_box_with_its_dice_drawn():
    """The banner beside the dice ("FARKLE! ... with [2 6]") draws its dice as dice, in its
    box, at one size no smaller than the floor it is given, brackets never shown."""
    from game.ui import probe, text
    surface = pygame.Surface((600, 300))
    for width in (520, 300, 180):
        box = pygame.Rect(20, 20, width, 110)
        with text.record() as words, probe.record_shown() as shown:
            inline.draw_in(surface, "FARKLE! Ada scores nothing with [2 6], 350 points lost",
                           box, 24, (255, 255, 255), True, 16)
        dice = [what for kind, what, rect in shown if kind == "die" and box.contains(rect)]
        assert dice == [2, 6], width
        assert words and not text.overflows(words) and all(box.contains(d.ink) for d in words)
        assert not any("[" in d.text or "]" in d.text for d in words)
        assert len({d.size for d in words}) == 1 and min(d.size for d in words) >= 16
