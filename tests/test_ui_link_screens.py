"""The screens of games by link and of the daily challenge fit every screen of the matrix:
no text out of its box or under the floor, no word cut, no control outside the window or
over another, touch targets large enough, messages in a place of their own; long names."""

from __future__ import annotations

import datetime as dt
import functools

import pytest

from game import daily, links
from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from tests.test_ui_screens import SIZE_IDS, SIZES, make_app, render, settle

DAY = dt.date(2026, 11, 27)
NAMES = ["WWWWWWWWWWWWWWWW", "Αλεξάνδρα Παπαδά", "Констанция Щукин"]


@functools.cache
def link_game():
    info = GAMES["farkle"]
    state = info.new_game([Seat(NAMES[0]), Seat(NAMES[1]), Seat(NAMES[2], "hard")],
                          {"target": 2000}, seed=5)
    bot = make_policy(GAMES["farkle"].bot_module, "normal", seed=2)
    while not state.is_over():
        state.apply(bot.choose(state))
    return info, state


@functools.cache
def daily_game():
    info = GAMES["pirates"]
    state = daily.new_game(info, DAY, NAMES[1])
    bot = make_policy(GAMES["pirates"].bot_module, "normal", seed=2)
    while not state.is_over():
        state.apply(bot.choose(state))
    return info, state


def link_made(app) -> None:
    for _ in range(600):
        settle(app, 1)
        if app.scene.link:
            settle(app, 1)
            return
    raise AssertionError("the link was not made")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_link_and_daily_screens_fit_every_screen(size, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    app = make_app(size)
    info, final = link_game()
    middle = final.rewound(len(final.actions) // 2)
    while not middle.seats[middle.current].is_human:
        middle = final.rewound(len(middle.actions) + 1)
    for k in range(3):  # three games by link in progress, listed in the menu
        state = info.new_game(middle.seats, middle.options, seed=middle.seed + k)
        links.keep(info, state.rewound(0) if k else middle, mine=[0])
    app.replace_all(MenuScene(app, "farkle"))
    settle(app)
    assert len(app.scene.link_games) == 3
    render(app, size, "menu with games by link")
    app.scene.body.scroll_to(app.scene.content[id(app.scene.body_buttons[-1])])
    app.scene._place()
    render(app, size, "menu scrolled to the games by link")
    menu = app.scene
    menu.seats[:] = [Seat(NAMES[0]), Seat(NAMES[1])]
    menu.rebuild()
    menu.start_by_link()
    settle(app)
    assert type(app.scene).__name__ == "ConfirmScene" and "not for stakes" in app.scene.text
    render(app, size, "play by link: what it is, and the trust sentence")
    app.show("link_send", info=info, state=middle, site="https://example.org/dice-harbor/")
    settle(app, 1)
    render(app, size, "send this link, while it is made")
    link_made(app)
    render(app, size, "send this link")
    app.show("link_send", info=info, state=final, final=True)
    link_made(app)
    render(app, size, "the final link")
    app.show("link_open", game_id="farkle")
    settle(app)
    app.scene.text = "https://example.org/#" + links.encode(info, final)
    render(app, size, "open a link")
    app.show("daily", game_id="pirates")
    settle(app)
    render(app, size, "the daily challenge")
    dinfo, dstate = daily_game()
    daily.finish(dinfo, DAY, dstate)
    app.show("daily_result", info=dinfo, day=DAY, state=dstate)
    scene = app.scene
    for _ in range(4000):
        settle(app, 1)
        if scene.ready():
            break
    assert scene.ready()
    scene._layout_key = None
    render(app, size, "the daily result with its share text")
    app.show("daily_result", info=dinfo, day=DAY, state=dstate, counted=False)
    settle(app)
    render(app, size, "a practice result, still working")
    app.show("daily_shared", info=dinfo, day=DAY, state=dstate)
    settle(app)
    render(app, size, "a shared daily challenge")
    app.show("daily", game_id="pirates")
    settle(app)
    render(app, size, "the daily challenge with a result")
