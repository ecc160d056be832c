"""The desktop window (issue 16): it can be resized, it opens next time at the size it was
left at, and it goes full screen and back (F11, or the pause menu's button)."""

from __future__ import annotations

import pygame

from game.app import App
from tests.ui_driver import button, click, frames, key


def resize(w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))


def test_the_window_remembers_its_size_for_the_next_run():
    pygame.quit()
    app = App(sound=False)
    try:
        assert app.window.get_size() == (1280, 720)  # the first run
        app.show("menu")
        frames(app)
        resize(900, 650)
        frames(app)
        assert app.window.get_size() == (900, 650) and app.settings.window == [900, 650]
        start = button(app.scene, "Start").rect
        assert pygame.Rect(0, 0, 900, 650).contains(start)  # laid out for the new size
    finally:
        pygame.quit()
    again = App(sound=False)  # the next run opens as the window was left
    try:
        assert again.window.get_size() == (900, 650)
    finally:
        pygame.quit()


def test_a_demo_or_test_window_is_not_remembered():
    pygame.quit()
    app = App(sound=False, window_size=(800, 600))
    try:
        resize(700, 500)
        app.show("menu")
        frames(app, 2)
        assert app.window.get_size() == (700, 500) and app.settings.window is None
    finally:
        pygame.quit()


def test_f11_and_the_pause_menu_toggle_full_screen_and_back():
    pygame.quit()
    app = App(sound=False)
    try:
        app.show("menu")
        frames(app)
        resize(900, 650)
        frames(app)
        key(pygame.K_F11)
        frames(app)
        assert app.fullscreen and app.window.get_size() != (900, 650)
        assert app.settings.window == [900, 650]  # full screen is not the window's size
        key(pygame.K_F11)
        frames(app)
        assert not app.fullscreen and app.window.get_size() == (900, 650)
        click(button(app.scene, "Start").rect.center)  # a game, paused: the button
        frames(app, 2)
        key(pygame.K_ESCAPE)
        frames(app)
        pause = app.scene
        click(button(pause, "Full screen").rect.center)
        frames(app)
        assert app.fullscreen and app.scene is pause
        assert button(pause, "Leave full screen").rect.colliderect(app.screen.get_rect())
        click(button(pause, "Leave full screen").rect.center)
        frames(app)
        assert not app.fullscreen and app.window.get_size() == (900, 650)
    finally:
        pygame.quit()
