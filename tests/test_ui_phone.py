"""Whole games by taps alone on a phone held upright (390x844 CSS px at a device pixel ratio
of 3, a layout meant for touch), one per game, with the same players as the desktop's mouse
games: every tap lands inside the window, on a control that is all on screen and at least
44x44 CSS px (issue 16: "usable ... by touch alone" at every size)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.ui import probe, theme
from tests.ui_driver import frames

PHONE = (390, 844, 3)


@pytest.fixture
def phone():
    pygame.quit()
    app = App(sound=True, seed=2024, window_size=PHONE[:2], dpr=PHONE[2], touch=True)
    app.settings.bot_speed = "fast"
    app.push(MenuScene(app))
    frames(app)
    taps: list[tuple[int, int]] = []
    original = app.handle_global

    def watched(event):
        if event.type == pygame.MOUSEBUTTONDOWN:
            screen = app.screen.get_rect()
            assert screen.collidepoint(event.pos), f"a tap off screen at {event.pos}"
            with probe.record() as controls:
                app.draw()  # what the player sees where the finger lands
            hit = [c for c in controls if (c.shown or c.rect).collidepoint(event.pos)]
            for c in hit:  # a control under the finger: whole on screen, a finger's size
                assert screen.contains(c.shown or c.rect), c
                assert min(c.shown.size) >= theme.px(theme.TOUCH_MIN) - 1, c
            taps.append((event.pos, [c.name for c in hit]))
        return original(event)

    app.handle_global = watched
    app.taps = taps
    yield app
    pygame.quit()


def test_farkle_by_taps(phone):
    from tests.test_ui_farkle import check_result, play_farkle, start_farkle
    start_farkle(phone, "easy", target=2000)
    play_farkle(phone, by_mouse=True)
    check_result(phone)
    assert sum(1 for _, hit in phone.taps if hit) > 10  # taps on controls


def test_yatzy_by_taps(phone):
    from tests.test_ui_yatzy import play_by_mouse
    from tests.ui_driver import button, click
    click(button(phone.scene, "Start").rect.center)
    frames(phone)
    play_by_mouse(phone, aim=False)  # (every frame drawn: more than 30 taps on controls)
    assert isinstance(phone.scene, ResultsScene) and phone.scene.state.is_over()
    assert sum(1 for _, hit in phone.taps if hit) > 30


def test_grab_it_by_taps(phone):
    from tests.test_ui_grab_it import MAX_STEPS, check_game, human_player, start_grab
    from tests.ui_driver import play_until_results
    start_grab(phone, "hard")
    move, skip = human_player(phone, by_mouse=True)
    play_until_results(phone, move, skip, MAX_STEPS, drawn=False, aim=True)
    assert isinstance(phone.scene, ResultsScene)
    check_game(phone.scene.state)


def test_pirate_fortune_by_taps(phone):
    from tests.test_ui_pirates import check_result, play_pirates, start_pirates
    seen = {}
    start_pirates(phone, "easy", target=3000)
    play_pirates(phone, by_mouse=True, seen=seen)
    check_result(phone)
    assert seen["draws"] >= 3


def test_bona_fortuna_by_taps(phone):
    from tests.test_ui_bona_fortuna import check_result, play_game, start
    start(phone, "hard")
    seen = play_game(phone, by_mouse=True)
    check_result(phone)
    assert seen["phases"] == {1, 2}
