"""The move history (issue 17): it comes back whole when a game is continued or a replay
opens at a move, and it shows dice as small dice, not as "[6 6 4 1]"."""

from __future__ import annotations

import re

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.session import SessionScene
from game.ui import probe, text, theme
from game.ui.dice import FACE_SETS
from tests.ui_driver import continue_from_menu, frames, key, undrawn


def settle(app, play, limit: int = 2000) -> None:
    """Frames until everything of the last move has been shown (dice landed, banners
    gone, the card-draw scene closed). (The frames are not drawn: what is checked is the
    history the moves leave, not what the frames show.)"""
    for _ in range(limit):
        if app.scene is play and not play.busy:
            with undrawn(app):
                frames(app, 2)
            if app.scene is play and not play.busy:
                return
        if isinstance(app.scene, CardDrawScene):
            key(pygame.K_RETURN)
        with undrawn(app):
            frames(app, 2)
    raise AssertionError("the table never settled")


def drive(app, play: PlayScene, moves: int, seen: dict | None = None) -> None:
    """Play through the real scenes until the game has ``moves`` more moves (or is over):
    the human's moves are chosen by a bot and made through the scene (what its buttons
    do), card draws are made in the card-draw scene by key, the bots play at their own
    pace, skipped ahead with F. (Undrawn frames, as in ``settle``: no input aims at
    anything drawn.)"""
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
        with undrawn(app):
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
    assert replay.history.entries[-1][0] == (f"The game just before move {moves + 1} of "
                                             f"{len(play.state.actions)}")


# -- dice drawn as dice -----------------------------------------------------------------
DICE_TEXT = re.compile(r"\[[^\]]*\]")  # "[6 6 4 1]", "[3 skulls, 2 coins]"
KNOWN = [("Ann rolls [6 6 4 1]", (6, 6, 4, 1)),
         ("   Ann sets aside [1 5]: +150 (turn total 150)", (1, 5)),
         ("   You roll [3 skulls, 2 coins]", ("skull",) * 3 + ("gold",) * 2),
         ("FARKLE! Констанция Щукин scores nothing with [2 3 4 6 6 2], 300 points lost",
          (2, 3, 4, 6, 6, 2)),
         ("   chest: [1 diamond, 2 swords, 1 parrot, 1 monkey, 1 coin, 1 skull, 1 sword]",
          ("diamond", "sword", "sword", "parrot", "monkey", "gold", "skull", "sword")),
         ("Seating order: 1. Ann, 2. Bob [the dealer]", ())]
SCREENS = [(1280, 720, 1, False), (390, 844, 3, True), (360, 640, 2, True),
           (844, 390, 3, True), (1280, 720, 2, False)]


def screen_app(size):
    from tests.test_ui_screens import make_app
    return make_app(size)


def history_shown(app, play):
    """Draw the table with its history in view: (texts drawn in the history, dice drawn
    in it as (value, rect), the history's text box)."""
    if "history" not in play.regions:
        play.show_pane("history")
    frames(app)
    with text.record() as drawn, probe.record_shown() as shown:
        app.draw()
    area = play.history.rect
    words = [d for d in drawn if area.contains(d.box)]
    dice = [(what, rect) for kind, what, rect in shown if kind == "die" and area.colliderect(rect)]
    return words, dice, play.history.text_box


@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}r{d}" for w, h, d, _ in SCREENS])
def test_the_history_draws_dice_as_dice_in_reading_order(size):
    app = screen_app(size)
    try:
        info = GAMES["farkle"]
        state = info.new_game([Seat("Ann"), Seat("Bob", "easy")], seed=1)
        play = app.show("play", info=info, state=state, autosave=False)
        frames(app)
        play.banner = None
        lines = 0
        for entry, values in KNOWN:  # each alone in the history
            play.history.clear()
            play.history.add(entry)
            words, dice, box = history_shown(app, play)
            assert tuple(v for v, _ in dice) == values, entry  # every die, in reading order
            for v, r in dice:
                assert box.contains(r), f"die {v} at {tuple(r)} outside the history {tuple(box)}"
                assert play.history.line_h * 0.6 <= r.h <= play.history.line_h
            on_screen = " ".join(d.text for d in words)
            assert not DICE_TEXT.search(on_screen.replace("[the dealer]", "")), on_screen
            assert not text.overflows(words) and not text.broken_words(words)
            for d in words:  # words and dice never overlap, and the words stay in the box
                assert box.contains(d.ink), f"{d.text!r} leaves the history"
                assert not any(d.ink.colliderect(r) for _, r in dice), f"a die over {d.text!r}"
            for i, (_, a) in enumerate(dice):
                assert not any(a.colliderect(b) for _, b in dice[i + 1:])
            assert play.history.entries == [(entry, theme.TEXT)]  # its words are kept
            lines += len(play.history.lines)
            if entry.startswith("Ann rolls"):
                assert "Ann rolls" in on_screen
            if "+150" in entry:
                assert "+150 (turn total 150)" in on_screen
                indent = min(d.ink.x for d in words) - box.x
                assert indent >= theme.px(6)  # its leading spaces: an indent
            if "dealer" in entry:
                assert "[the dealer]" in on_screen  # brackets that are not dice stay words
        if size[0] < 500:
            assert lines > len(KNOWN)  # on a phone the long ones wrap, dice and all
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("size", SCREENS[:3], ids=[f"{w}x{h}r{d}" for w, h, d, _ in SCREENS[:3]])
def test_a_real_history_shows_its_dice_in_play_and_in_a_replay(game_id, size):
    from tests.test_ui_screens import load, positions
    info = GAMES[game_id]
    mid, final = positions(game_id)
    app = screen_app(size)
    try:
        state = load(info, mid)
        play = app.show("play", info=info, state=state, autosave=False)
        frames(app, 3)
        play.banner = None
        for k in range(2):
            if k:  # the same moment in a replay opened there
                scene = app.show("replay", info=info, final=load(info, final),
                                 start=len(state.actions))
                frames(app)
            else:
                scene = play
            scene.banner = None
            words, dice, box = history_shown(app, scene)
            assert len(dice) >= 4, f"{game_id}: no dice drawn in the history"
            faces = {v for v, _ in dice}
            assert faces <= set(FACE_SETS["pirate" if game_id == "pirates" else "pips"])
            on_screen = " ".join(d.text for d in words)
            assert not DICE_TEXT.search(on_screen), on_screen
            assert not text.overflows(words) and not text.under_floor(words)
            assert all(box.contains(r) for _, r in dice)
    finally:
        pygame.quit()
