"""Remembered settings (issue 22): what the game writes, it reads back. Each setting is
defined once (game.prefs.TABLE: default, range or choices); the file is read and written by
that definition, and the app keeps only values inside it (a window the layouts do not hold
is not remembered), so no start ever finds the game's own settings "damaged"."""

from __future__ import annotations

import json

import pygame
import pytest

from game import prefs, storage
from game.app import App, Settings
from game.catalog import GAMES
from game.rules.core import NAME_MAX
from game.ui import layout
from tests.ui_driver import frames

W = prefs.WINDOW_MAX
S, H, P = layout.MIN_WIDTH, layout.MIN_HEIGHT, layout.MIN_PORTRAIT_HEIGHT


def seats_for(game_id: str, n: int, name: str = "Zoë") -> list[dict]:
    return [{"name": name, "bot": None if i == 0 else "easy"} for i in range(n)]


def edges(setting: prefs.Setting) -> tuple[list, list]:
    """(values at the edges of what ``setting`` may be, values just outside them)."""
    kind = setting.kind
    if isinstance(kind, prefs.Flag):
        return [True, False], [None, 0, 1, "true"]
    if isinstance(kind, prefs.Choice):
        choices = kind.choices() if callable(kind.choices) else kind.choices
        return list(choices), [None, True, "", choices[0].upper() + "!", 0]
    if isinstance(kind, prefs.Whole):
        return [kind.low, kind.high], [kind.low - 1, kind.high + 1, True, float(kind.low),
                                       str(kind.low)]
    if isinstance(kind, prefs.WindowSize):
        inside = [None, [S, P], [639, P], [640, H], [S, W], [W, H], [W, W]]
        outside = [[S - 1, P], [S, P - 1], [639, P - 1], [640, H - 1], [W + 1, 720],
                   [1280, W + 1], [300, 900], [1, 1], [0, 0], [-1280, 720], [True, 720],
                   [1280.0, 720], [1280], [1280, 720, 1], "1280x720", {}]
        return inside, outside
    if isinstance(kind, prefs.PerGame) and setting.key == "seats":
        inside = [{}]
        outside = [[], {"yatzy": []}]
        for gid, info in GAMES.items():
            inside += [{gid: seats_for(gid, info.min_players, "x")},
                       {gid: seats_for(gid, info.max_players, "y" * NAME_MAX)}]
            outside += [{gid: seats_for(gid, info.max_players + 1)},
                        {gid: seats_for(gid, info.min_players, "y" * (NAME_MAX + 1))},
                        {gid: seats_for(gid, info.min_players, "")}]
        return inside, outside
    if isinstance(kind, prefs.PerGame) and setting.key == "options":
        # (every value of every option: test_records' round trip; here the ends)
        inside, outside = [{}], [[], {"farkle": []}]
        for gid, info in GAMES.items():
            for opt in info.options:
                if opt.kind == "bool":
                    continue
                inside += [{gid: {opt.key: opt.choices[0]}}, {gid: {opt.key: opt.choices[-1]}}]
            ranges = info.state_type().OPTION_RANGES
            for key, (low, high) in ranges.items():
                if key in {o.key for o in info.options}:
                    outside += [{gid: {key: low - 1}}, {gid: {key: high + 1}}]
        return inside, outside
    if isinstance(kind, prefs.PerGame) and setting.key == "lessons":
        inside = [{}] + [{gid: value} for gid in GAMES for value in (True, False)]
        outside = [[], {"yatzy": 1}, {"farkle": "yes"}, {"pirates": None}]
        return inside, outside
    raise AssertionError(f"{setting.key}: a new kind of setting needs its edges here")


def damaged_file() -> bool:
    return storage.path_of(storage.SETTINGS).with_name("settings.damaged.json").exists()


@pytest.mark.parametrize("setting", prefs.TABLE, ids=[s.key for s in prefs.TABLE])
def test_every_setting_at_its_edges_is_read_back_and_just_outside_is_never_written(setting):
    inside, outside = edges(setting)
    assert len(outside) >= 2
    for value in inside:
        chosen = Settings()
        setattr(chosen, setting.key, value)
        assert prefs.save_from(chosen)
        back = Settings()
        assert prefs.load_into(back) == "", (setting.key, value)
        assert getattr(back, setting.key) == value, (setting.key, value)
        assert not damaged_file()
    for value in outside:
        # The game holding a value out of range does not write it: the next start gets
        # the default back, without a word.
        chosen = Settings()
        setattr(chosen, setting.key, value)
        assert prefs.save_from(chosen)
        stored = json.loads(storage.read_text(storage.SETTINGS))
        assert stored.get(setting.key, setting.default) == setting.default, value
        back = Settings()
        assert prefs.load_into(back) == "" and not damaged_file()
        assert getattr(back, setting.key) == setting.default, (setting.key, value)
        # A file that holds it (damaged by hand) is refused, named, and set aside.
        storage.write_text(storage.SETTINGS, json.dumps({"format": prefs.FORMAT,
                                                         setting.key: value}))
        good, bad = prefs.decode(json.loads(storage.read_text(storage.SETTINGS)))
        assert bad and all(b.startswith(setting.name) for b in bad), (setting.key, value)
        assert getattr(Settings(), setting.key) == setting.default
        assert "damaged" in prefs.load_into(Settings()) and damaged_file()
        storage.path_of(storage.SETTINGS).with_name("settings.damaged.json").unlink()


def test_a_new_setting_is_one_line_in_the_table(monkeypatch):
    """Adding a setting is an entry in prefs.TABLE: the app's Settings have it at its
    default, the file keeps it within its range, and ``fit`` brings a value into it."""
    volume = prefs.Setting("effects_volume", "effects volume", 100, prefs.Whole(0, 100))
    monkeypatch.setattr(prefs, "TABLE", (*prefs.TABLE, volume))
    assert Settings().effects_volume == 100
    chosen = Settings()
    chosen.effects_volume = volume.kind.fit(140)
    assert chosen.effects_volume == 100 and volume.kind.fit(-3) == 0
    chosen.effects_volume = 0
    assert prefs.save_from(chosen)
    back = Settings()
    assert prefs.load_into(back) == "" and back.effects_volume == 0
    inside, outside = edges(volume)
    assert inside == [0, 100] and 101 in outside and -1 in outside


def resize(w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))


def test_a_window_the_layouts_do_not_hold_is_not_remembered_and_wipes_nothing():
    """Issue 22: the menu resized to 300x900, then quit: the next start said "Some settings
    were damaged" and moved settings.json aside (the size was written without the bounds
    the loader applies). Now a size the layouts hold is remembered, one they do not is
    not (the next run opens at the last one that was), and nothing is wiped."""
    pygame.quit()
    app = App(sound=False)
    try:
        app.show("menu")
        frames(app)
        app.settings.bot_speed = "slow"
        resize(S, P)  # the smallest the layouts hold: remembered
        frames(app)
        assert app.settings.window == [S, P]
        for w, h in ((300, 900), (S - 1, 900), (S, P - 1), (640, H - 1), (1, 1)):
            resize(w, h)
            frames(app)
            assert app.window.get_size() == (w, h) and app.settings.window == [S, P]
    finally:
        pygame.quit()
    again = App(sound=False)
    try:
        assert again.toast is None and not damaged_file()
        assert again.window.get_size() == (S, P) and again.settings.bot_speed == "slow"
    finally:
        pygame.quit()
