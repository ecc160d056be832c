"""Bona Fortuna: a person's own sheet stays shown while the bots play (it used to follow
the player to act), Tab or a click on a name shows another player's sheet at any time,
also during the bots' turns, and a person's turn brings their own sheet back. Through the
real play scene, with real keys and clicks."""

import pygame

from game.catalog import GAMES
from game.rules.core import Seat
from tests.forced import arrive, settle
from tests.ui_driver import click, frames, key, sheet_spot


def start(app, seats):
    info = GAMES["bona_fortuna"]
    state = info.new_game(seats, seed=4)
    state.order = list(range(len(seats)))  # seated in the order given
    play = app.show("play", info=info, state=state, autosave=False)
    frames(app)
    play.banner = None
    settle(app, play)
    return play


def take_turn(app, play) -> None:
    """The person to act rolls once and fills the first open box (confirming a 0)."""
    who = play.state.current
    key(pygame.K_SPACE)
    frames(app)
    settle(app, play)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    frames(app)
    if play.table.pending_zero:
        key(pygame.K_RETURN)
        frames(app)
    if play.table.asking:
        key(pygame.K_t)
        frames(app)
    assert play.state.current != who, "the turn went on"
    arrive(app, play)  # (its dice are seen going to the box first)


def until(app, play, test, limit=3000):
    for _ in range(limit):
        if test():
            return
        frames(app)
    raise AssertionError("never happened")


def shown(play) -> str:
    return play.table.sheet().corner  # the name over the sheet shown in full


def test_your_sheet_stays_while_bots_play_and_tab_looks_at_others(app):
    play = start(app, [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")])
    state = play.state
    assert shown(play) == "Ann"
    take_turn(app, play)
    assert state.current == 1 and not play.human_turn
    frames(app, 3)
    assert play.table.focus == 0 and shown(play) == "Ann"  # not Bo's: Bo is a bot
    until(app, play, lambda: state.current == 2)  # Bo has played; Cy's turn
    assert shown(play) == "Ann"
    app.toast = None
    key(pygame.K_TAB)  # during a bot's turn: another player's sheet
    frames(app)
    assert shown(play) == "Bo"
    assert app.toast is None  # no "Wait: it is Cy's turn"
    key(pygame.K_TAB)
    frames(app)
    assert shown(play) == "Cy"
    until(app, play, lambda: play.human_turn)  # back to Ann (on screen): her own sheet again
    assert shown(play) == "Ann" and play.table.viewing is None
    take_turn(app, play)
    frames(app)
    spot = sheet_spot(app, play, "seat:2")  # a click on Cy's column, on Bo's turn
    assert not play.human_turn
    click(spot)
    frames(app)
    assert shown(play) == "Cy"
    until(app, play, lambda: state.current == 2)
    assert shown(play) == "Cy"  # the chosen view stays while the bots play


def test_hot_seat_shows_each_person_their_own_sheet(app):
    play = start(app, [Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")])
    state = play.state
    assert shown(play) == "Ann"
    take_turn(app, play)
    settle(app, play)
    assert state.current == 1 and shown(play) == "Bob"
    take_turn(app, play)
    frames(app, 3)
    assert state.current == 2 and shown(play) == "Bob"  # the last person who played
