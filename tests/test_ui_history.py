"""The move history (issue 17): it comes back whole when a game is continued or a replay
opens at a move, and it shows dice as small dice, not as "[6 6 4 1]"."""

from __future__ import annotations

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.session import SessionScene
from tests.ui_driver import continue_from_menu, frames, key


def settle(app, play, limit: int = 2000) -> None:
    """Frames until everything of the last move has been shown (dice landed, banners
    gone, the card-draw scene closed)."""
    for _ in range(limit):
        if app.scene is play and not play.busy:
            frames(app, 2)
            if app.scene is play and not play.busy:
                return
        if isinstance(app.scene, CardDrawScene):
            key(pygame.K_RETURN)
        frames(app, 2)
    raise AssertionError("the table never settled")


def drive(app, play: PlayScene, moves: int, seen: dict | None = None) -> None:
    """Play through the real scenes until the game has ``moves`` more moves (or is over):
    the human's moves are chosen by a bot and made through the scene (what its buttons
    do), card draws are made in the card-draw scene by key, the bots play at their own
    pace, skipped ahead with F."""
    seen = {} if seen is None else seen
    policy = make_policy(play.info.bot_module, "easy", seed=3)
    goal = len(play.state.actions) + moves
    for _ in range(20_000):
        scene = app.scene
        state = play.state
        if len(state.actions) >= goal or state.is_over():
            settle(app, play)
            return
        if isinstance(scene, CardDrawScene):
            if scene.phase in ("wait", "show") and scene.human:
                seen["draws"] = seen.get("draws", 0) + 1
                key(pygame.K_SPACE if scene.phase == "wait" else pygame.K_RETURN)
        elif scene is play and not play.busy:
            if play.human_turn:
                action = policy.choose(state)
                if action["kind"] == "draw":
                    play.table.press("draw")  # the card-draw scene comes up
                else:
                    assert play.act(action)
            elif not play.fast_forward:
                key(pygame.K_f)
        frames(app, 2)
    raise AssertionError("the game did not get that far")


def start(app, game_id: str, options: dict | None = None, seed: int = 5) -> PlayScene:
    info = GAMES[game_id]
    state, session = info.start([Seat("You"), Seat("Bot", "easy")], options or {}, seed=seed)
    play = app.show("play", info=info, state=state, session=session)
    frames(app)
    return play


def continued(app) -> PlayScene:
    scene = continue_from_menu(app)
    if not isinstance(scene, PlayScene):  # Pirate Fortune: the card-draw scene over it
        scene = app.scenes[0]
    assert isinstance(scene, PlayScene)
    return scene


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_continue_brings_the_whole_move_history_back(app, game_id):
    play = start(app, game_id)
    seen: dict = {}
    drive(app, play, 25, seen)
    assert not play.state.is_over() and len(play.state.actions) >= 25
    before = list(play.history.entries)
    assert len(before) > 10
    if game_id == "pirates":
        assert seen.get("draws", 0) >= 2
        assert sum(" draw" in text for text, _ in before) >= 4  # the card draws are there
    again = continued(app)
    assert again is not play and again.state.actions == play.state.actions
    assert again.history.entries == before
    # ... and the game goes on from there, the history growing as before
    drive(app, again, 6)
    assert again.history.entries[:len(before)] == before
    assert len(again.history.entries) > len(before)


def test_continue_in_the_second_game_of_a_grab_it_session(app):
    play = start(app, "grab_it", {"session": 1})
    session = play.session
    assert session is not None and session.length == 2
    drive(app, play, 10_000)  # the first game, to its end
    assert play.state.is_over()
    key(pygame.K_RETURN)  # see the results
    frames(app, 2)
    assert isinstance(app.scene, ResultsScene)
    key(pygame.K_RETURN)  # the standings
    frames(app, 2)
    assert isinstance(app.scene, SessionScene)
    key(pygame.K_RETURN)  # the next game
    frames(app, 2)
    second = app.scene
    assert isinstance(second, PlayScene) and second.session is session
    assert len(session.games) == 2
    drive(app, second, 9)
    before = list(second.history.entries)
    assert len(before) > 5
    again = continued(app)
    assert again.session is not None and len(again.session.games) == 2
    assert again.state.actions == second.state.actions
    assert again.history.entries == before


@pytest.mark.parametrize("game_id", ["farkle", "pirates", "bona_fortuna"])
def test_a_replay_opened_at_a_move_starts_with_the_history_of_the_moves_before(app,
                                                                               game_id):
    play = start(app, game_id, seed=8)
    drive(app, play, 18)
    moves = len(play.state.actions)
    before = list(play.history.entries)
    drive(app, play, 10)
    replay = app.show("replay", info=play.info, final=play.state, start=moves)
    frames(app)
    assert replay.history.entries[:-1] == before
    assert replay.history.entries[-1][0].startswith(f"Moves 1 to {moves} were replayed")
