"""The exact odds on the play scene, through the real scenes and real input events: O and
the Odds button switch them on (remembered), the numbers shown are game.odds' for the
position and follow the player's hold / selection, they are hidden on bots' turns and in
replays, and every text fits with the most players and the longest names."""

import pygame
import pytest

from game import prefs
from game.app import Settings
from game.bots import make_policy
from game.catalog import GAMES
from game.odds import odds, percent
from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.scenes.replay import ReplayScene
from game.ui import text
from tests.test_ui_layout import assert_fits, long_seats
from tests.ui_driver import button, click, frames, key


def start(app, title: str, game_id: str) -> PlayScene:
    menu = app.scene
    click(button(menu, title).rect.center)
    frames(app)
    menu.seats[0].bot = None
    menu.seats[1].bot = "normal"
    menu.rebuild()
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scenes[0]
    assert isinstance(play, PlayScene) and play.info.id == game_id
    return play


def to_human(app, play, limit: int = 4000) -> None:
    """Frames (skipping bots, drawing the human's card) until the human may act."""
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, CardDrawScene):
            if scene.human and scene.phase == "wait":
                key(pygame.K_SPACE)
        elif play.human_turn and not play.busy:
            return
        elif not play.human_turn and not play.fast_forward:
            key(pygame.K_f)
        frames(app)
    raise AssertionError("the human's turn did not come")


def shown(app, play, limit: int = 300):
    """Frames until the odds of the position on the table are worked out; what is shown."""
    for _ in range(limit):
        current = play.odds.current()
        if current is not None:
            return current
        frames(app)
    raise AssertionError("the odds never came")


def drawn_texts(app) -> set[str]:
    with text.record() as drawn:
        app.draw()
    return {t for t, _, _ in drawn}


def notes(play) -> dict[str, str]:
    model = play.odds.decorate(play.table.sheet())
    return {(r.box or r.key): r.note for r in model.rows if r.note}


def test_o_in_yatzy_puts_each_boxs_odds_on_the_sheet_and_they_follow_the_hold(app):
    play = start(app, "Yatzy", "yatzy")
    to_human(app, play)
    assert not app.settings.odds and play.odds.lines() == [] and notes(play) == {}
    key(pygame.K_o)
    frames(app)
    assert app.settings.odds and button(play, "Odds").selected
    got = shown(app, play)
    want = odds(play.state)
    assert got.boxes == want.boxes and len(want.boxes) == 15
    assert notes(play) == {b: percent(p) for b, p in want.boxes.items()}
    texts = drawn_texts(app)
    assert percent(want.boxes["yatzy"]) in texts and want.lines[0] in texts
    assert_fits(app, "yatzy odds before the roll")
    key(pygame.K_SPACE)  # roll
    frames(app)
    to_human(app, play)
    got = shown(app, play)
    assert got.boxes == odds(play.state, []).boxes
    before = notes(play)
    assert before == {b: percent(p) for b, p in odds(play.state, []).boxes.items()}
    key(pygame.K_1)  # hold the first die
    key(pygame.K_2)  # and the second
    frames(app)
    assert play.table.held == {0, 1}
    got = shown(app, play)
    want = odds(play.state, [0, 1])
    assert got.boxes == want.boxes and got.dice == 3
    after = notes(play)
    assert after == {b: percent(p) for b, p in want.boxes.items()}
    assert after != before  # the numbers moved with the hold
    assert want.lines[0] in drawn_texts(app) and "3 dice" in want.lines[0]
    assert_fits(app, "yatzy odds with a hold")
    key(pygame.K_o)  # and off again
    frames(app)
    assert not app.settings.odds and notes(play) == {} and play.odds.lines() == []


def test_odds_button_in_farkle_shows_farkle_and_hot_dice_for_the_selection(app):
    play = start(app, "Farkle", "farkle")
    to_human(app, play)
    click(button(play, "Odds").rect.center)
    frames(app)
    assert app.settings.odds
    got = shown(app, play)
    want = odds(play.state)
    assert got.chances == want.chances and want.lines[0].startswith("Next roll of 6 dice")
    assert play.odds.lines() == want.lines and want.lines[0] in drawn_texts(app)
    key(pygame.K_SPACE)  # roll six dice
    frames(app)
    to_human(app, play)
    state = play.state
    got = shown(app, play)
    assert got.chances == odds(state, []).chances and "farkle_3" in got.chances
    single = next(o for o in state.scoring_options() if len(o["positions"]) == 1)
    key(pygame.K_1 + single["positions"][0])  # set one scoring die aside
    frames(app)
    assert play.table.chosen == set(single["positions"])
    got = shown(app, play)
    want = odds(state, single["positions"])
    assert got.chances == want.chances and got.dice == 5
    assert play.odds.lines() == want.lines and want.lines[0].startswith("Next roll of 5 dice")
    assert want.lines[0] in drawn_texts(app)
    assert_fits(app, "farkle odds")


def test_pirates_odds_follow_the_dice_chosen_to_reroll(app):
    play = start(app, "Pirate Fortune", "pirates")
    to_human(app, play)
    key(pygame.K_o)
    frames(app)
    for _ in range(200):  # roll; a turn with no reroll to choose is stopped (Enter)
        to_human(app, play)
        state = play.state
        if state.rolled and state.can_reroll() and len(state.free_positions()) >= 3:
            break
        key(pygame.K_RETURN if state.rolled else pygame.K_SPACE)
        frames(app)
    state = play.state
    assert state.rolled and state.can_reroll()
    got = shown(app, play)
    free = state.free_positions()
    want = odds(state, [])
    assert got.chances == want.chances and f"Reroll all {len(free)} free dice" in want.lines[0]
    key(pygame.K_1 + free[0])
    key(pygame.K_1 + free[1])
    frames(app)
    assert play.table.chosen == {free[0], free[1]}
    got = shown(app, play)
    want = odds(state, free[:2])
    assert got.chances == want.chances and want.lines[0].startswith("Reroll the 2 chosen dice")
    assert got.chances["disqualified"] == pytest.approx(state.disqualify_chance(free[:2]))
    assert play.odds.lines() == want.lines and want.lines[0] in drawn_texts(app)
    assert_fits(app, "pirates odds")


def test_hidden_on_bots_turns_and_in_replays_and_remembered(app):
    play = start(app, "Yatzy", "yatzy")
    to_human(app, play)
    key(pygame.K_o)
    frames(app)
    shown(app, play)
    key(pygame.K_SPACE)
    frames(app)
    to_human(app, play)
    play.act({"kind": "score", "category": play.state.open_categories()[0]})
    for _ in range(200):  # the bot's turn, at its pace
        frames(app)
        if not play.human_turn and not play.busy:
            break
    assert not play.human_turn
    assert play.odds.lines() == [] and notes(play) == {} and play.odds.current() is None
    replay = ReplayScene(app, play.info, play.state)
    app.push(replay)
    frames(app, 5)
    assert replay.odds.lines() == [] and replay.odds.current() is None
    app.pop()
    # remembered: a new app reads the setting back
    fresh = Settings()
    assert not fresh.odds
    prefs.load_into(fresh)
    assert fresh.odds is True
    good, bad = prefs.decode({"format": prefs.FORMAT, "odds": "yes"})
    assert "odds" in bad and "odds" not in good


@pytest.mark.parametrize("game_id", list(GAMES))
def test_odds_fit_with_the_most_players_and_the_longest_names(app, game_id):
    """Seat 0 (human) plays a few turns with the odds on, bots fill the other seats: every
    text fits while the odds are worked out, after rolls and with a selection."""
    info = GAMES[game_id]
    n = info.max_players
    seats = long_seats(n)
    state = info.new_game(seats, {"target": 2000} if game_id == "farkle" else {}, seed=5)
    play = PlayScene(app, info, state, autosave=False)
    app.replace_all(play)
    app.settings.odds = True
    bot = make_policy(info.bot_module, "hard", seed=1)
    checked = 0
    for _ in range(40):
        to_human(app, play)
        frames(app)
        assert_fits(app, f"{game_id}: odds working")
        got = shown(app, play)
        assert got.lines and play.odds.lines() == got.lines
        assert_fits(app, f"{game_id}: odds shown")
        action = bot.choose(play.state)
        for i in (action.get("hold") or action.get("set_aside") or action.get("dice") or []):
            key(pygame.K_1 + i)  # the bot's selection, by key
        frames(app)
        shown(app, play)
        assert_fits(app, f"{game_id}: odds for a selection")
        play.act(action)
        checked += 1
        if checked >= 6 or play.state.is_over():
            break
    assert checked >= 3
