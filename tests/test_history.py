"""Undo and replays (issue 6): both are the game's own moves replayed from its seed."""

from __future__ import annotations

import random

import pygame
import pytest

from game import storage
from game.bots import RandomPolicy
from game.catalog import GAMES
from game.games.farkle.rules import FarkleState
from game.games.yatzy.rules import YatzyState
from game.rules.core import Seat
from game.scenes.play import UNDO_GRACE, PlayScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.sim import play_game
from tests.ui_driver import button, click, frames, key, play_until_results


def ctrl_z() -> None:
    key(pygame.K_z, mod=pygame.KMOD_CTRL)


# -- the rules side -------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_is_allowed_exactly_for_decisions_that_drew_nothing(game_id):
    info = GAMES[game_id]
    for seed in range(3):
        state = info.new_game([Seat("A"), Seat("B")], seed=seed)
        # the project's random player (a kind of action, then one of that kind): uniform over
        # all of Pirate Fortune's hundreds of rerolls it would hardly ever stop, never finish
        player = RandomPolicy(random.Random(seed))
        allowed = refused = 0
        while not state.is_over():
            before = state.to_json()
            draws, actor = state.rng.draws, state.current
            state.apply(player.choose(state))
            if state.rng.draws != draws:
                assert "roll" in state.undo_refusal() and state.undo_point() is None
                refused += 1
            elif not state.is_over() and state.current != actor:
                # two people at one screen: the other one is to move now
                assert f"only {state.seats[actor].name} could" in state.undo_refusal()
                refused += 1
            else:
                assert state.undo_refusal() == ""
                back = state.rewound(state.undo_point())
                assert back.to_json() == before
                assert back.actions == state.actions[:-1]
                # (counted without copying them, as the table asks in every frame)
                assert back.action_count == state.action_count - 1 == len(back.actions)
                allowed += 1
        assert allowed and refused


def test_undo_refuses_a_bots_move_and_an_empty_game():
    state = YatzyState([Seat("Bot", "easy")], seed=1)
    assert "nothing to undo" in state.undo_refusal()
    state.apply({"kind": "roll", "hold": []})
    state.apply({"kind": "score", "category": "chance"})
    assert "Bot's" in state.undo_refusal()


def test_undoing_a_score_gives_back_the_same_dice_and_nothing_more():
    state = YatzyState([Seat("You")], seed=4)
    state.apply({"kind": "roll", "hold": []})
    dice = list(state.dice)
    state.apply({"kind": "score", "category": "chance"})
    back = state.rewound(state.undo_point())
    assert back.dice == dice and back.rolls == 1 and "chance" not in back.sheets[0]
    assert "roll" in back.undo_refusal()  # the roll itself cannot be taken back
    # Scoring another box after the undo goes on from the same generator state.
    back.apply({"kind": "score", "category": "ones"})
    back.apply({"kind": "roll", "hold": []})
    state2 = YatzyState([Seat("You")], seed=4)
    for a in back.actions:
        state2.apply(a)
    assert state2.to_json() == back.to_json()


def test_farkle_bank_can_be_undone_but_not_a_roll_on():
    seats = [Seat("A"), Seat("B", "easy")]
    state = FarkleState(seats, {"on_board": False}, seed=2)
    if state.seats[state.current].bot:  # the person first (the bot is next: undo allowed)
        state = FarkleState(seats[::-1], {"on_board": False}, seed=2)
    state.apply({"kind": "roll"})
    option = state.scoring_options()[0]
    state.apply({"kind": "bank", "set_aside": option["positions"]})
    assert state.current != state.rewound(state.undo_point()).current
    back = state.rewound(state.undo_point())
    assert back.rolled and back.totals == [0, 0]
    back.apply({"kind": "roll", "set_aside": option["positions"]})
    assert "roll" in back.undo_refusal()


# -- through the real scenes ----------------------------------------------------------------
def start_solo(app) -> PlayScene:
    menu = app.scene
    menu.remove_seat(1)
    click(button(menu, "Start").rect.center)
    frames(app, 2)
    assert isinstance(app.scene, PlayScene)
    return app.scene


def roll_and_score_first_box(app, play) -> list[int]:
    key(pygame.K_SPACE)
    frames(app, 45)
    dice = list(play.state.dice)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    key(pygame.K_RETURN)  # a zero box asks twice
    frames(app, 2)
    assert play.state.sheets[0] and play.state.rolls == 0
    return dice


def test_ctrl_z_and_the_undo_button_take_back_a_box_but_never_a_roll(app):
    play = start_solo(app)
    dice = roll_and_score_first_box(app, play)
    filled = dict(app.scene.state.sheets[0])
    ctrl_z()
    frames(app, 2)
    play = app.scene
    assert play.state.sheets[0] == {} and play.state.dice == dice and play.state.rolls == 1
    _, saved = storage.load()
    assert saved.to_json() == play.state.to_json()  # the autosave follows the undo
    ctrl_z()  # the roll itself stays
    frames(app, 2)
    assert "roll" in app.toast[0] and play.state.dice == dice and play.state.rolls == 1
    undo = button(play, "Undo")
    assert not undo.enabled
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert play.state.sheets[0] == filled
    click(button(play, "Undo").rect.center)
    frames(app, 2)
    assert play.state.sheets[0] == {} and play.state.dice == dice


def test_a_bot_waits_so_the_human_can_still_undo(app):
    click(button(app.scene, "Start").rect.center)
    frames(app, 2)
    play = app.scene
    while not play.human_turn:  # let the bot play its turn first if it sits first
        key(pygame.K_f)
        frames(app, 20)
    roll_and_score_first_box(app, play)
    moves = len(play.state.actions)
    frames(app, int(60 * UNDO_GRACE * 0.8))
    assert len(play.state.actions) == moves  # the bot has not answered yet
    ctrl_z()
    frames(app, 2)
    assert play.human_turn and play.state.rolls == 1 and len(play.state.actions) == moves - 1


def test_replay_from_the_results_plays_the_same_game_and_records_it_once(app):
    start_solo(app)

    def move(scene):
        key(pygame.K_SPACE) if scene.state.rolls == 0 else (key(pygame.K_DOWN),
                                                           key(pygame.K_RETURN),
                                                           key(pygame.K_RETURN))

    play_until_results(app, move, lambda scene: key(pygame.K_f), drawn=False)
    results = app.scene
    final = results.state.to_json()
    assert app.load_records().table("yatzy")[0][1].games == 1
    key(pygame.K_r)
    frames(app, 2)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.state.actions == []
    for _ in range(4):
        key(pygame.K_PLUS)
    frames(app)
    seen = 0
    for _ in range(20_000):
        frames(app)
        if isinstance(app.scene, ResultsScene):
            break
        seen = max(seen, len(replay.state.actions))
    assert isinstance(app.scene, ResultsScene)
    assert replay.state.to_json() == final and seen == len(replay.script)
    assert app.load_records().table("yatzy")[0][1].games == 1  # watching is not playing


def test_replay_controls_pause_and_speed(app):
    state = play_game("farkle", ["easy", "easy"], seed=3)
    from game.catalog import GAMES as G
    app.replace_all(ReplayScene(app, G["farkle"], state))
    frames(app)
    replay = app.scene
    key(pygame.K_SPACE)  # pause
    frames(app, 200)
    assert replay.paused and replay.state.actions == []
    key(pygame.K_SPACE)
    key(pygame.K_MINUS)
    frames(app, 400)
    slow = len(replay.state.actions)
    assert slow >= 1
    for _ in range(5):
        key(pygame.K_PLUS)
    frames(app, 400)
    assert len(replay.state.actions) - slow > 3 * slow
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.scene, ResultsScene) and app.scene.state is state


def test_in_a_hot_seat_only_the_player_who_moved_takes_it_back(app):
    """Issue 17: with two people at one screen, the second could press Ctrl+Z on their turn
    and take back the first player's scored box. Now the Undo button is off and Ctrl+Z says
    why; while a bot is to move, a person's own last move can still be taken back."""
    from game.catalog import GAMES
    from tests.ui_driver import button, frames, key
    state = GAMES["yatzy"].new_game([Seat("Ann"), Seat("Bo")], seed=4)
    first = state.current
    play = app.show("play", info=GAMES["yatzy"], state=state, autosave=False)
    play.banner = None
    frames(app, 2)
    play.act({"kind": "roll", "hold": []})
    frames(app, 60)
    play.act({"kind": "score", "category": "chance"})
    frames(app, 60)
    assert state.current != first and not button(play, "Undo").enabled
    key(pygame.K_z, mod=pygame.KMOD_CTRL)
    frames(app)
    assert "chance" in play.state.sheets[first]  # still scored
    assert app.toast and "only" in app.toast[0] and state.seats[first].name in app.toast[0]
    with_bot = GAMES["yatzy"].new_game([Seat("Ann"), Seat("Bot", "easy")], seed=4)
    if with_bot.seats[with_bot.current].bot:
        with_bot.apply({"kind": "roll", "hold": []})
        with_bot.apply({"kind": "score", "category": "chance"})
    with_bot.apply({"kind": "roll", "hold": []})
    with_bot.apply({"kind": "score", "category": "yatzy"})
    assert with_bot.seats[with_bot.current].bot and with_bot.undo_refusal() == ""
