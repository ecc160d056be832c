"""Tests that notice a dead key or a wrong turn: each fails when the feature it names is
broken (a shortcut doing nothing, arrows reversed, input taken during a bot's turn, the
upper bonus announced twice, a Maxi Yatzy save coming back as Yatzy)."""

import pygame
import pytest

from game import storage
from game.catalog import GAMES
from game.games.farkle.rules import FarkleState
from game.games.yatzy.rules import YatzyState
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from tests.ui_driver import button, click, frames, key


def settle(app, play, limit=600):
    """Frames until nothing is being shown (dice landed, banners gone)."""
    for _ in range(limit):
        if not play.busy:
            return
        frames(app)
    raise AssertionError("the play scene stayed busy")


def start(app, game_id="yatzy", seats=None, human_first=True, **options):
    menu = app.scene
    menu.game_id = game_id
    menu.seats = seats or [Seat("You"), Seat("Ada", "normal")]
    menu.options[game_id].update(options)
    menu.start_now()
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene)
    if human_first is not None:
        play.state.order = [0, 1] if human_first else [1, 0]
        play.shown_seat = play.state.current
        play.table.new_turn()
    play.banner = None
    settle(app, play)
    return play


# -- engine and saves ----------------------------------------------------------------------
def test_upper_bonus_is_announced_once_only():
    state = YatzyState([Seat("A")], seed=3)
    bonus_events = 0
    plan = ["sixes", "fives", "fours", "threes", "twos", "ones"]
    dice_for = {"sixes": [6] * 5, "fives": [5] * 5, "fours": [4] * 5, "threes": [3] * 5,
                "twos": [2, 2, 2, 1, 1], "ones": [1, 1, 1, 2, 2]}
    for box in plan + ["chance", "one_pair", "yatzy"]:
        state.apply({"kind": "roll", "hold": []})
        state.dice = dice_for.get(box, [6, 6, 5, 5, 4])
        events = state.apply({"kind": "score", "category": box})
        bonus_events += sum(e["type"] == "bonus" for e in events)
        if box == "sixes":
            assert bonus_events == 0
    assert state.totals(0)["bonus"] == 50
    assert bonus_events == 1  # on the turn the bonus was reached, never again


def test_a_maxi_yatzy_save_resumes_as_maxi_yatzy(app):
    info = GAMES["maxi_yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "hard")], seed=9)
    state.apply({"kind": "roll", "hold": []})
    storage.store("maxi_yatzy", state)
    loaded_info, loaded = storage.load()
    assert loaded_info.id == "maxi_yatzy"
    assert loaded.n_dice == 6 and len(loaded.categories) == 20 and len(loaded.dice) == 6
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(button(menu, "Continue").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "maxi_yatzy"
    assert play.state.n_dice == 6 and len(play.table.dice()) == 6


# -- shortcuts ----------------------------------------------------------------------------
def test_m_mutes_and_unmutes(app):
    assert not app.sounds.muted
    key(pygame.K_m, "m")
    frames(app)
    assert app.sounds.muted and app.settings.muted
    key(pygame.K_m, "m")
    frames(app)
    assert not app.sounds.muted


def test_typing_m_in_the_first_name_types_it_and_keeps_the_sound(app):
    menu = app.scene
    click(button(menu, "You").rect.center)
    frames(app)
    assert menu.typing == 0
    key(pygame.K_m, "m")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    frames(app)
    assert not app.sounds.muted
    assert menu.seats[0].name == "Youm"


def test_f_skips_bot_turns(app):
    play = start(app, human_first=False)
    assert not play.human_turn
    key(pygame.K_f, "f")
    frames(app)
    assert play.fast_forward
    for _ in range(300):
        frames(app)
        if play.human_turn:
            break
    assert play.human_turn and play.state.turns_played == 1
    frames(app)
    assert not play.fast_forward  # skipping stops at the human's turn


def test_keypad_digits_hold_dice(app):
    play = start(app)
    key(pygame.K_SPACE, " ")
    frames(app)
    settle(app, play)
    key(pygame.K_KP1)
    key(pygame.K_KP3)
    frames(app)
    assert play.table.held == {0, 2}


def test_up_and_down_move_the_box_cursor_the_right_way(app):
    play = start(app)
    key(pygame.K_SPACE, " ")
    frames(app)
    settle(app, play)
    key(pygame.K_DOWN)
    frames(app)
    assert play.table.cursor == "ones"
    key(pygame.K_DOWN)
    frames(app)
    assert play.table.cursor == "twos"
    key(pygame.K_UP)
    frames(app)
    assert play.table.cursor == "ones"


def test_p_piggybacks_and_a_picks_all(app):
    play = start(app, "farkle", piggyback=True)
    state: FarkleState = play.state
    state.piggy = {"seat": 1, "dice": 3, "points": 450}
    frames(app)
    key(pygame.K_p, "p")
    frames(app)
    assert state.carried == 450 and state.rolled or state.farkles_in_row[0] == 1
    settle(app, play)
    for _ in range(20):  # the piggyback farkled (and bots played): roll on our next turn
        if state.rolled and play.human_turn:
            break
        play.fast_forward = not play.human_turn
        key(pygame.K_SPACE, " ")
        frames(app, 5)
        settle(app, play)
    assert state.rolled and play.human_turn
    best = max(state.scoring_options(), key=lambda o: (len(o["dice"]), o["points"]))
    key(pygame.K_a, "a")
    frames(app)
    assert play.table.chosen == set(best["positions"]) and play.table.chosen


def test_number_options_step_both_ways_by_arrows_and_half_clicks(app):
    menu = app.scene
    click(button(menu, "Farkle").rect.center)
    frames(app)
    target = button(menu, "Target score")
    click((target.rect.right - 10, target.rect.centery))
    frames(app)
    assert menu.options["farkle"]["target"] == 15000
    target = button(menu, "Target score")
    click((target.rect.left + 10, target.rect.centery))
    click((target.rect.left + 10, target.rect.centery))
    frames(app)
    assert menu.options["farkle"]["target"] == 5000
    # keyboard: focus it, Right steps up, Left steps down
    while not (menu.focus.focused and menu.focus.focused.label.startswith("Target")):
        key(pygame.K_TAB)
        frames(app)
    key(pygame.K_RIGHT)
    frames(app)
    assert menu.options["farkle"]["target"] == 10000
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    frames(app)
    assert menu.options["farkle"]["target"] == 2000
    assert menu.focus.focused.label.startswith("Target")  # focus stays on the number


def test_toggling_an_option_moves_no_button_and_sub_options_sit_beside(app):
    menu = app.scene
    click(button(menu, "Farkle").rect.center)
    frames(app)
    before = {b.ident or b.label: b.rect.copy() for b in menu.focus.buttons}
    for label in ("Piggybacking", "Minimum to stop", "On the board"):
        click(button(menu, label).rect.center)
        frames(app)
        after = {b.ident or b.label: b.rect.copy() for b in menu.focus.buttons}
        assert after == before, label
    rects = {b.ident: b for b in menu.focus.buttons if b.ident}
    for parent, child in (("piggyback", "piggyback_credit"), ("on_board", "on_board_min"),
                          ("min_bank", "min_bank_points")):
        p, c = rects[parent].rect, rects[child].rect
        assert p.centery == c.centery and c.left > p.right
    assert not rects["on_board_min"].enabled  # On the board was switched off: greyed
    assert button(menu, "Bot pace: ")


# -- no input taken during a bot's turn ----------------------------------------------------
@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_clicks_on_dice_and_sheet_during_a_bot_turn_are_refused(app, game_id):
    app.settings.bot_speed = "slow"
    play = start(app, game_id, human_first=False)
    for _ in range(400):  # wait for the bot's first roll to land
        frames(app)
        if getattr(play.state, "dice", None) and not play.busy and play.bot_plan:
            break
    assert not play.human_turn and play.state.dice and play.bot_plan
    before = play.state.to_json()
    chosen = (set(play.table.held) if game_id == "yatzy" else set(play.table.chosen))
    click(play.die_rects[0].center)
    frames(app)
    row = next(iter(play.sheet.row_rects.values()), None)
    if row is not None:
        click(row.center)
        frames(app)
    assert play.state.to_json() == before
    now = set(play.table.held) if game_id == "yatzy" else set(play.table.chosen)
    assert now == chosen
    assert "Ada" in app.toast[0] and "turn" in app.toast[0]


def test_a_bot_builds_its_tables_over_frames_before_it_moves(app):
    """A bot whose policy has ``warm_steps`` (tables to build, a Pirate endgame to solve)
    builds them as a task, a frame's budget at a time, and decides only when they are
    built: its first decision never holds one long frame."""
    import time
    play = start(app, "yatzy", human_first=False)
    seat = play.state.current
    real = play.bots[seat]
    log = []

    class SlowToWarm:
        def warm_steps(self, state):
            for i in range(4):
                time.sleep(0.004)  # a piece of table building; four of them exceed a frame
                log.append(("piece", i))
                yield
        def choose(self, state):
            log.append("choose")
            return real.choose(state)

    play.bots[seat] = SlowToWarm()
    play.bot_plan = None
    for _ in range(100):  # (until the table is free for the bot)
        frames(app)
        if log:
            break
    assert "choose" not in log and 1 <= len(log) < 4  # worked one frame's budget, no more
    for _ in range(10):
        frames(app)
        if "choose" in log:
            break
    assert log[:4] == [("piece", i) for i in range(4)] and log[4] == "choose"
    assert log.count("choose") == 1


@pytest.mark.parametrize("game_id", ["farkle", "pirates"])
def test_the_turn_line_says_when_the_last_round_is_on(app, game_id):
    play = start(app, game_id)
    if game_id == "pirates":
        play.state.card = "gold"
    assert play.table.turn_info() and "LAST ROUND" not in play.table.turn_info()
    play.state.last_round = True
    assert play.table.turn_info().endswith(" · LAST ROUND")
