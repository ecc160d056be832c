"""Games by link played to the end: two devices (two app instances, each with storage of
its own, made afresh for every link as a player opening it would), the link passed from
one to the other after every turn, through the real scenes: the menu's Play by link, the
moves since the player's last turn shown, the send screen, the final link, the results,
the records and recent games of both devices, the menu's list of games by link."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import linkplay, links, recent, records
from game.app import App
from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from tests.ui_driver import PLAY_DT, button, click, frames, key, undrawn

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"farkle": {"target": 2000}, "pirates": {"target": 3000}}


class Device:
    """One player's device: its own storage folder; ``app()`` starts the game afresh."""

    def __init__(self, home: Path):
        self.home = home
        self.current: App | None = None

    def app(self) -> App:
        os.environ["DICE_HARBOR_HOME"] = str(self.home)
        pygame.quit()
        app = App(sound=False, seed=3, window_size=(800, 600))
        app.settings.bot_speed = "fast"
        app.show("menu")
        frames(app)
        self.current = app
        return app


def drive(app: App, bot, limit: int = 60_000):
    """Play on this device until the link is to be sent, or the results are up: the people's
    moves are a bot's choices made through the table, everything else skipped ahead."""
    for _ in range(limit):
        scene = app.scene
        name = type(scene).__name__
        if name == "ResultsScene" or name == "LinkSendScene" and scene.link:
            return scene  # (the link is made a little a frame)
        if name == "PlayScene":
            if scene.finished:
                key(pygame.K_RETURN)  # the final sheet, seen
            elif scene.human_turn and not scene.busy:
                assert scene.flow.viewer == scene.state.current  # only this device's person
                scene.fast_forward = True  # (the test does not wait for the dice to land)
                scene.act(bot.choose(scene.state))
            elif not scene.human_turn:
                scene.fast_forward = True
        elif name == "CardDrawScene":
            key(pygame.K_SPACE)
        with undrawn(app):  # (the link's flow is checked, not what a frame shows)
            app.step(PLAY_DT)  # (and frames of a slow phone)
    raise AssertionError(f"stuck on {type(app.scene).__name__}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_by_link_is_played_to_the_end_between_two_devices(game_id, tmp_path):
    info = GAMES[game_id]
    devices = {"Ann": Device(tmp_path / "ann"), "Ben": Device(tmp_path / "ben")}
    bot = make_policy(info.bot_module, "normal", seed=5)
    app = devices["Ann"].app()
    menu = app.scene
    button(menu, GAMES[game_id].title).press()  # (its card: it may be scrolled out of view)
    frames(app)
    assert menu.game_id == game_id
    menu.seats[:] = [Seat("Ann"), Seat("Ben")]
    menu.options[game_id].update(OPTIONS.get(game_id, {}))
    menu.rebuild()
    click(button(menu, "Play by link").rect.center)
    frames(app)
    assert app.scene.title == "Play by link" and linkplay.TRUST in app.scene.text
    click(app.scene.yes.rect.center)
    frames(app)
    assert type(app.scene).__name__ in ("PlayScene", "LinkSendScene")
    holder, hops = "Ann", 0
    while True:
        scene = drive(app, bot)
        if type(scene).__name__ == "ResultsScene":
            break
        assert scene.link.startswith("dh1.") and len(scene.link) < 1200
        to = scene.to[0] if not scene.final else [n for n in devices if n != holder][0]
        if not scene.final:
            assert scene.title() == f"Send this link to {to}" and to != holder
            # the device's menu lists the game, with whose turn it is
            menu = app.scene.app.make("menu")
            assert any(f"{to}'s turn" in linkplay.menu_line(e) for e in menu.link_games)
        final, link, state = scene.final, scene.link, scene.state
        holder = to
        app = devices[holder].app()  # the other device, started afresh, opens the link
        assert linkplay.open_text(app, link)
        opened = app.scene
        if final:
            assert type(opened).__name__ in ("PlayScene", "ResultsScene")
        else:
            assert type(opened).__name__ == "PlayScene" and opened.flow.viewer == state.current
            # the moves since this player's last turn are shown, then the position is the link's
            shown = len(opened.flow.remaining(opened.state))
            assert len(opened.state.actions) + shown == len(state.actions)
            assert shown > 0 or hops == 0
        hops += 1
        if final:
            drive(app, bot)
            break
    assert hops >= 4
    finals = []
    for name, device in devices.items():
        os.environ["DICE_HARBOR_HOME"] = str(device.home)
        found = [e for e in links.entries()[0] if e.game_id == game_id]
        assert len(found) == 1 and found[0].over and found[0].recorded, name
        _, game = links.load(found[0])
        finals.append((game.digest(), game.final_scores()))
        kept, problem = records.load()
        assert not problem and {n for n, _ in kept.table(game_id)} == {"Ann", "Ben"}, name
        games, problem = recent.load()
        assert not problem and [g.state.digest() for g in games] == [game.digest()], name
    assert finals[0] == finals[1]
    pygame.quit()


def test_a_link_opened_again_on_the_device_that_sent_it_offers_it_again(tmp_path):
    device = Device(tmp_path / "ann")
    app = device.app()
    info = GAMES["yatzy"]
    linkplay.start(app, info, [Seat("Ann"), Seat("Ben")], {}, 7)
    bot = make_policy(GAMES["yatzy"].bot_module, "normal", seed=1)
    scene = drive(app, bot)
    assert scene.title() == "Send this link to Ben"
    link = scene.link
    key(pygame.K_c)  # Copy: the link on the clipboard, and said so
    frames(app)
    assert pygame.scrap.get_text() == link
    assert app.toast[0] == "Copied: paste it in a message to Ben"
    app = device.app()
    linkplay.open_text(app, link)
    assert type(app.scene).__name__ == "LinkSendScene"  # still Ben's turn: send it again
    click(button(app.scene, "Play Ben's turn here").rect.center)  # ...or pass the device
    frames(app)
    assert type(app.scene).__name__ == "PlayScene" and app.scene.human_turn
    assert app.scene.state.seats[app.scene.state.current].name == "Ben"
    # the menu offers the game too
    app = device.app()
    entry = app.scene.link_games[0]
    assert linkplay.menu_line(entry) == "Yatzy with Ann and Ben: your turn"
    pygame.quit()


@pytest.mark.parametrize("damage", ["not json", "a folder"])
def test_a_damaged_store_of_games_by_link_is_told_on_the_menu(damage, tmp_path):
    """The menu reads the games by link only when something is stored under their name
    (storage.stored: game.links is not imported before the first frame otherwise); a
    damaged store is something: it is set aside and said, as before."""
    from game import storage
    os.environ["DICE_HARBOR_HOME"] = str(tmp_path)
    assert not storage.stored(storage.LINKS)
    path = storage.path_of(storage.LINKS)
    if damage == "a folder":
        path.mkdir(parents=True)
    else:
        path.write_text("{not json", encoding="utf-8")
    assert storage.stored(storage.LINKS)
    app = Device(tmp_path).app()
    assert app.scene.link_games == [] and "games by link could not be read" in app.toast[0]


def test_play_by_link_needs_two_people(app):
    menu = app.scene
    menu.seats[:] = [Seat("Ann"), Seat("Bot", "normal")]
    menu.rebuild()
    click(button(menu, "Play by link").rect.center)
    frames(app)
    assert app.scene is menu and "two people" in app.toast[0]


def test_main_open_takes_a_link_and_refuses_a_damaged_one_in_one_line(tmp_path):
    info = GAMES["grab_it"]
    state = info.new_game([Seat("Ann"), Seat("Ben")], seed=4)
    code = links.encode(info, state)
    env = {**os.environ, "DICE_HARBOR_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "--open", code[:-9]],
                         capture_output=True, text=True, env=env, timeout=120)
    lines = bad.stderr.strip().splitlines()
    assert bad.returncode == 2 and len(lines) == 1 and "damaged" in lines[0], bad.stderr
    from game.launcher import parse_args
    assert parse_args(["--open", "https://example.org/#" + code]).open.endswith(code)
    with pytest.raises(SystemExit):
        parse_args(["--open", code, "--demo", "yatzy"])
