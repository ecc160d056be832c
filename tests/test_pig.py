"""Issue 26's proof: Pig, a game that lives only under tests/ (tests/pig), put on offer
for the test's duration (game.catalog.offered), is played through the real app -- the
menu, the seats, a game against a bot, the coach, the odds, undo, save and Continue, the
results, the review, the replay, the records -- and run by the simulator, with no line of
the shared code naming it (test_contract's parse of the shared modules, extended to it)."""

from __future__ import annotations

import json

import pygame
import pytest

from game import sim, storage
from game.catalog import GAMES
from game.odds import odds
from game.records import load as load_records
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from tests import pig
from tests.pig.bots import roll_value
from tests.test_ui_coach import settle
from tests.test_ui_layout import assert_fits
from tests.test_ui_odds import drawn_texts
from tests.test_ui_odds import shown as odds_shown
from tests.test_ui_review import human_decisions, row_centre, wait_review
from tests.ui_driver import (
    button,
    click,
    continue_from_menu,
    frames,
    key,
    new_app,
    play_until_results,
    wait_for_hint,
)


@pytest.fixture
def pig_app():
    with pig.on_offer():
        app = new_app()
        app.push(MenuScene(app))
        frames(app)
        yield app
        pygame.quit()
    assert "pig" not in GAMES  # withdrawn after the test


def test_pig_is_played_through_the_real_app(pig_app):
    app = pig_app
    menu = app.scene
    click(button(menu, "Pig").rect.center)  # the menu lists it, with its pitch and options
    frames(app)
    assert menu.game_id == "pig"
    menu.seats[0].bot = None
    menu.seats[1].bot = "normal"
    menu.rebuild()
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "pig"
    settle(app, play)
    assert_fits(app, "pig, the human's turn")
    # -- a roll, the odds, the coach
    key(pygame.K_o)
    want = odds(play.state, [])
    got = odds_shown(app, play)
    assert got.chances == want.chances == {"lose_pot": pytest.approx(1 / 6)}
    assert play.odds.lines() == want.lines and want.lines[0] in drawn_texts(app)
    roll_until_pot(app, play)
    pot = play.state.points_at_stake()
    assert 2 <= pot < 20 and button(play, "Hold").enabled
    key(pygame.K_h)
    hint = wait_for_hint(app, play)
    assert hint.label == "hard" and hint.action == {"kind": "roll"}  # under 20: roll on
    assert hint.value == pytest.approx(roll_value(pot, 50 - play.state.scores[0]))
    advice = play.coach.advice(play.state, hint, play.table)
    app.toast = None  # (the odds' "on" message sits where the advice is)
    assert advice.startswith("Coach (hard bot): Roll the die, expected ") and advice in \
        drawn_texts(app)
    assert play.hints_used
    # -- hold, then undo it (it drew nothing), then hold again
    before = play.state.actions
    key(pygame.K_RETURN)
    frames(app)
    assert play.state.actions == before + [{"kind": "hold"}]
    assert play.state.scores[0] == pot
    click(button(play, "Undo").rect.center)
    frames(app)
    assert play.state.actions == before and play.state.scores[0] == 0
    assert play.state.points_at_stake() == pot
    settle(app, play)
    key(pygame.K_RETURN)
    frames(app)
    assert play.state.scores[0] == pot
    settle(app, play)
    # -- the game is saved after every move: quit, and Continue from the menu
    saved = play.state.actions
    key(pygame.K_ESCAPE)
    frames(app)
    click(button(app.scene, "Quit to menu").rect.center)
    frames(app)
    click(button(app.scene, "Yes, quit").rect.center)
    frames(app)
    assert isinstance(app.scene, MenuScene)
    resumed = continue_from_menu(app)
    assert isinstance(resumed, PlayScene) and resumed.info.id == "pig"
    assert resumed.state.actions == saved and resumed.hints_used  # the hint mark kept
    # -- play it out: roll to a pot of 6 or more, then hold
    play_until_results(app, pig_move, lambda scene: key(pygame.K_f), drawn=False)
    results = app.scene
    assert isinstance(results, ResultsScene)
    final = results.state
    assert final.is_over() and max(final.scores) >= 50
    assert_fits(app, "pig results")
    # -- the review of the human's decisions, and a decision replayed
    key(pygame.K_v)
    frames(app)
    review = app.scene
    assert isinstance(review, ReviewScene)
    wait_review(app, review)
    (you,) = review.review.seats
    assert [d.index for d in you.decisions] == human_decisions(final, 0)
    assert all(d.priced for d in you.decisions)  # the hard bot values both moves
    assert_fits(app, "pig review")
    click(row_centre(review, 0))
    frames(app, 3)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    top = review.rows()[0]
    assert replay.state.actions == final.actions[:top.index]
    assert_fits(app, "pig replay")
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is results
    # -- the records: the game counted, listed among the recent games, replayed from there
    key(pygame.K_t)
    frames(app)
    records = app.scene
    assert isinstance(records, RecordsScene) and records.game_id == "pig"
    assert_fits(app, "pig records")
    kept, problem = load_records()
    assert not problem and kept.games["pig"].players["You"].games == 1
    key(pygame.K_g)
    for _ in range(200):
        frames(app)
        if records.recent is not None:
            break
    game = records.recent[0]
    assert game.info.id == "pig" and game.state.to_json() == final.to_json() and game.hinted
    key(pygame.K_r)
    frames(app)
    assert isinstance(app.scene, ReplayScene) and app.scene.state.actions == []
    frames(app, 60)
    assert_fits(app, "pig replay from the start")


def roll_until_pot(app, play) -> None:
    """Roll until the pot holds points (a 1 passes the turn: roll again on the next)."""
    for _ in range(50):
        settle(app, play)
        if play.state.points_at_stake():
            return
        key(pygame.K_SPACE)
        frames(app)
    raise AssertionError("no points in the pot")


def pig_move(scene) -> None:
    key(pygame.K_RETURN if scene.state.points_at_stake() >= 6 else pygame.K_SPACE)


def test_the_simulator_plays_pig(capsys):
    with pig.on_offer():
        assert sim.main(["pig", "--players", "easy,hard", "--games", "40", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        again = sim.run("pig", ["easy", "hard"], games=40)
    assert result["game"] == "pig" and result["games"] == 40
    assert [p["mean_score"] for p in result["players"]] == \
        [p["mean_score"] for p in again["players"]]
    easy, hard = result["players"]
    assert hard["wins"] > easy["wins"]  # holding at 20 beats holding at 8


def test_the_rules_text_is_the_games_own(pig_app):
    pig_app.open("rules", info=GAMES["pig"])
    frames(pig_app)
    assert pig_app.scene.text.startswith("# Pig")


def test_a_pig_game_saved_in_its_first_turn_is_not_called_just_started(pig_app):
    """Whether a game has begun is asked of its dice through the contract (table_dice), not
    read off a ``dice`` attribute Pig does not have: a save after the first roll says the
    scores, and the game continued does not announce the seating again."""
    state = GAMES["pig"].new_game([Seat("You"), Seat("Ada", "normal")], seed=4)
    while not state.points_at_stake():  # (a 1 would end the turn)
        state = GAMES["pig"].new_game(state.seats, seed=state.seed + 1)
        state.apply({"kind": "roll"})
    storage.store("pig", state)
    menu = MenuScene(pig_app)
    pig_app.replace_all(menu)
    frames(pig_app)
    assert "just started" not in menu.saved and "You 0 · Ada 0" in menu.saved
    play = continue_from_menu(pig_app)
    assert isinstance(play, PlayScene) and play.state.actions == state.actions
    lines = [t for t, _ in play.history.lines]
    assert sum(line.startswith("Seating order") for line in lines) == 1
