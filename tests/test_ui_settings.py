"""The settings a player expects (issue 23): colours for colour-blind players, reduce motion,
larger text, the sound effects' volume. Reached from the menu and from the pause menu, by
mouse, keyboard and touch; in force at once; remembered and read back by the next run."""

from __future__ import annotations

import json

import pygame
import pytest

from game import storage
from game.app import App
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.ui import theme
from game.ui.celebrate import Burst
from game.ui.dice import DiceAnimator
from tests.ui_driver import button, click, frames, key


def plain_looks() -> None:
    """The looks' defaults back for the tests that follow (the theme is the process's)."""
    theme.use_palette("standard")
    theme.set_large_text(False)
    theme.set_reduce_motion(False)


@pytest.fixture(autouse=True)
def looks_reset_after():
    yield
    plain_looks()


def stored() -> dict:
    return json.loads(storage.path_of(storage.SETTINGS).read_text())


def open_from_menu(app: App, by: str) -> SettingsScene:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    target = next(b for b in menu.focus.buttons if b.ident == "settings")
    if by == "keyboard":  # (the first key takes the keyboard: the menu is worded anew)
        for _ in range(len(menu.focus.buttons)):
            if getattr(menu.focus.focused, "ident", None) == "settings":
                break
            key(pygame.K_TAB)
            frames(app)
        assert menu.focus.focused.ident == "settings"
        key(pygame.K_RETURN)
    else:
        click(target.rect.center)
    frames(app, 2)
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def press(app: App, scene: SettingsScene, ident: str, by: str) -> None:
    """Press the setting ``ident`` as a player would: a click (a tap), or Tab to it and
    Enter."""
    target = next(b for b in scene.focus.buttons if b.ident == ident)
    if by == "keyboard":
        for _ in range(len(scene.focus.buttons) + 1):
            if scene.focus.focused is not None and scene.focus.focused.ident == ident:
                break
            key(pygame.K_TAB)
            frames(app)
        key(pygame.K_RETURN)
    else:
        click(target.rect.center)
    frames(app, 2)


@pytest.mark.parametrize("by", ["mouse", "keyboard", "touch"])
def test_each_setting_from_the_menu_is_in_force_at_once_and_read_back(by):
    pygame.quit()
    touch = by == "touch"
    app = App(sound=False, seed=3, window_size=(390, 844) if touch else None,
              dpr=3 if touch else None, touch=touch)
    app.push(MenuScene(app))
    frames(app)
    assert theme.palette.name == "standard" and not theme.metrics.large_text
    settings = open_from_menu(app, "keyboard" if by == "keyboard" else "mouse")
    before = theme.player_colour(1)
    press(app, settings, "colours", by)
    assert app.settings.colour_blind and theme.palette.name == "colour_blind"
    assert theme.player_colour(1) != before
    press(app, settings, "motion", by)
    assert app.settings.reduce_motion and theme.reduce_motion()
    size = theme.font(16).get_height()
    press(app, settings, "text", by)
    assert app.settings.large_text and theme.font(16).get_height() > size
    volume = next(b for b in settings.focus.buttons if b.ident == "volume")
    if by == "keyboard":
        key(pygame.K_TAB)  # (from Larger text to the volume)
        frames(app)
        assert settings.focus.focused.ident == "volume"
        for _ in range(3):
            key(pygame.K_LEFT)
            frames(app)
    else:  # a click (a tap) on the left half steps it down
        for _ in range(3):
            click((volume.rect.x + 4, volume.rect.centery))
            frames(app)
    assert app.settings.effects_volume == 70 and app.sounds.volume == 70
    assert volume.label.endswith("70%") or settings.focus.buttons[3].label.endswith("70%")
    press(app, settings, "sound", by)
    assert app.sounds.muted
    data = stored()  # remembered as soon as changed
    assert data["colour_blind"] is True and data["reduce_motion"] is True
    assert data["large_text"] is True and data["effects_volume"] == 70 and data["muted"] is True
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.scene, MenuScene)
    # The next run: everything back, and in force before the first frame.
    pygame.quit()
    again = App(sound=False, seed=3)
    try:
        s = again.settings
        assert (s.colour_blind, s.reduce_motion, s.large_text, s.effects_volume) == (
            True, True, True, 70)
        assert theme.palette.name == "colour_blind" and theme.metrics.large_text
        assert theme.reduce_motion() and again.sounds.volume == 70 and again.sounds.muted
    finally:
        pygame.quit()
        plain_looks()


def test_settings_from_the_pause_menu_by_keyboard_and_back():
    pygame.quit()
    app = App(sound=False, seed=4)
    app.settings.bot_speed = "fast"
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "easy")], seed=4)
    play = app.show("play", info=info, state=state, autosave=False)
    frames(app, 5)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    pause = app.scene
    assert type(pause).__name__ == "PauseScene"
    for _ in range(len(pause.focus.buttons)):
        if pause.focus.focused.label == "Settings":
            break
        key(pygame.K_DOWN)
        frames(app)
    key(pygame.K_RETURN)
    frames(app, 2)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    press(app, settings, "text", "keyboard")
    assert app.settings.large_text
    frames(app, 2)  # the table under it is laid out again for the larger text
    assert play._layout_key == theme.metrics.key
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.scene is pause
    click(button(pause, "Settings").rect.center)
    frames(app, 2)
    assert isinstance(app.scene, SettingsScene)
    pygame.quit()
    plain_looks()


def test_the_audio_device_opens_once_the_first_frame_is_up():
    """App() starts pygame but its mixer, and the first frame is drawn without an audio
    device (opening it was 0.29 s of a phone's start); the frame after opens it, and so does
    a sound played before that. Without a device, no sound plays and nothing fails."""
    from game.ui.sound import Sounds
    pygame.quit()
    app = App(sound=True, window_size=(800, 600))
    assert pygame.display.get_init() and pygame.font.get_init()
    assert pygame.mixer.get_init() is None and app.sounds.closed
    app.show("menu")
    app.step(1 / 60)
    assert app.drawn_frames == 1 and pygame.mixer.get_init() is None
    app.step(1 / 60)
    assert pygame.mixer.get_init() is not None and not app.sounds.closed
    assert app.sounds.available
    pygame.quit()
    sounds = Sounds(True)
    assert pygame.mixer.get_init() is None
    sounds.play("click")
    assert pygame.mixer.get_init() is not None and sounds.played == ["click"]
    pygame.quit()
    quiet = Sounds(False)  # (App(sound=False): never opened)
    quiet.play("click")
    assert pygame.mixer.get_init() is None and quiet.played == ["click"]


def test_the_effects_volume_is_the_volume_each_sound_plays_at():
    from game.ui.sound import Sounds

    class Sample:
        def __init__(self):
            self.volumes, self.plays = [], 0

        def set_volume(self, v):
            self.volumes.append(v)

        def play(self):
            self.plays += 1

    sounds = Sounds(enabled=False)
    sounds.available = True
    sample = sounds._cache["click"] = Sample()
    sounds.volume = 40
    sounds.play("click")
    assert sample.volumes == [0.4] and sample.plays == 1
    sounds.volume = 100
    sounds.play("click")
    assert sample.volumes[-1] == 1.0 and sample.plays == 2
    sounds.volume = 0  # silent: nothing plays (and the game still notes what it would)
    sounds.play("click")
    assert sample.plays == 2 and sounds.played[-1] == "click"


# -- reduce motion ---------------------------------------------------------------------------
def throw(still: bool | None) -> list[tuple]:
    """Where each of three thrown dice is drawn, frame by frame, and what it shows."""
    animator = DiceAnimator(seed=1)
    animator.start([0, 1, 2], faces=(1, 2, 3, 4, 5, 6), duration=0.7, still=still)
    rests = [pygame.Rect(100 + 90 * i, 200, 64, 64) for i in range(3)]
    area = pygame.Rect(0, 0, 500, 400)
    seen = []
    while animator.busy:
        for i, rest in enumerate(rests):
            spot, turn, rise = animator.place(i, rest, area)
            seen.append((spot == rest, turn, rise, animator.shown(i, 5)))
        animator.update(1 / 60)
    assert animator.shown(0, 5) == 5 and animator.place(0, rests[0], area)[0] == rests[0]
    return seen


def test_with_reduce_motion_the_dice_land_without_tumbling():
    moving = throw(still=False)
    assert any(not at_rest for at_rest, *_ in moving)  # (they fly in,
    assert any(turn for _, turn, _, _ in moving) and any(rise for _, _, rise, _ in moving)
    assert len({shown for *_, shown in moving}) > 2  # spinning through faces)
    still = throw(still=True)
    assert all(at_rest and turn == 0 and rise == 0 for at_rest, turn, rise, _ in still)
    assert {shown for *_, shown in still} == {None}  # no face flickers by before the landing
    assert len(still) <= 3 * (DiceAnimator.STILL * 60 + 1)  # and it is short
    theme.set_reduce_motion(True)
    try:
        assert all(at_rest for at_rest, *_ in throw(still=None))  # the setting decides
    finally:
        theme.set_reduce_motion(False)


def test_with_reduce_motion_no_sparks_confetti_or_sweep():
    pygame.init()
    theme.metrics.configure((800, 600))
    burst = Burst()
    burst.start([(0.5, 0.5)], "gold")
    assert burst.busy
    theme.set_reduce_motion(True)
    try:
        burst.start([(0.5, 0.5)], "gold")
        assert not burst.busy and not burst.sparks
        pygame.quit()
        app = App(sound=False, seed=6)
        app.settings.reduce_motion = True
        app.apply_looks()
        info = GAMES["farkle"]
        from game.bots import make_policy
        state = info.new_game([Seat("You"), Seat("Bo")], {"target": 1000}, seed=6)  # (people)
        bots = [make_policy(info.bot_module, "easy", seed=i) for i in range(2)]
        while not state.is_over():
            state.apply(bots[state.current].choose(state))
        results = app.show("results", info=info, state=state)
        results.time = 0.5  # (confetti would be falling now)
        assert results.confetti_rects(app.screen.get_size()) == []
        app.settings.reduce_motion = False  # (without it, a person's win has its confetti)
        app.apply_looks()
        assert results.confetti_rects(app.screen.get_size())
    finally:
        theme.set_reduce_motion(False)
        pygame.quit()
