"""The flow a player sees: events after the dice land, banners beside them, the next player
after the banner, a move history, a final sheet that waits, results with every sheet, a
menu that remembers and asks before replacing a save, honest words and numbers."""

import pygame

from game import storage
from game.bots import make_policy
from game.catalog import GAMES
from game.games.farkle.rules import FarkleState
from game.rules.core import Seat
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from tests.test_ui_keys import settle, start
from tests.ui_driver import button, click, frames, key, type_text, wait_for_hint


def test_a_bot_farkle_is_announced_after_the_dice_land_and_the_next_player_waits(app):
    app.settings.bot_speed = "normal"
    play = start(app, "farkle", human_first=False)
    state: FarkleState = play.state

    faces = [2, 3, 4, 6, 2, 3]  # the bot's next dice: nothing scores

    def farkling(a, b):
        state.rng.draws += 1
        faces.append(faces.pop(0))
        return faces[-1]

    play.autosave = False
    state.rng.randint = farkling
    for _ in range(200):
        frames(app)
        if any(e["type"] == "farkle" for e in play.pending):
            break
    else:
        raise AssertionError("the bot never rolled")
    del state.rng.randint
    assert play.animator.busy  # the dice tumble...
    assert play.banner is None  # ...and nothing is announced yet
    assert play.shown_seat == 1  # still the bot's turn on screen, though the engine moved on
    assert play.frozen_sheet is not None  # the board shows no farkle entry yet
    while play.animator.busy:
        frames(app)
    frames(app)
    assert play.banner is not None and "FARKLE" in play.banner[0].text
    assert play.banner[0].text.startswith("FARKLE! Ada scores nothing")
    assert play.shown_seat == 1 and play.busy  # the next player waits for the banner
    while play.banner is not None:
        frames(app)
    frames(app)
    assert play.shown_seat == state.current
    assert "Ada farkled" in " ".join(play.table.status())  # not worded as the human's farkle
    assert "Your turn" in " ".join(play.table.status())


def test_history_lists_every_turn_with_dice_and_scrolls(app):
    play = start(app, "farkle", human_first=False)
    play.fast_forward = True
    for _ in range(400):
        frames(app)
        if play.human_turn:
            break
    text = "\n".join(t for t, _ in play.history.lines)
    assert "Ada rolls [" in text
    assert "Ada banks" in text or "FARKLE! Ada" in text
    for _ in range(30):  # enough lines to scroll
        play.history.add("filler line")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    frames(app)
    assert play.history.offset == 2
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert play.history.offset == 0
    click(play.history.up.center)
    frames(app)
    assert play.history.offset == 3


def test_the_final_sheet_stays_until_the_player_moves_on_and_results_show_sheets(app):
    play = start(app, "yatzy", seats=[Seat("You", "hard"), Seat("Ada", "easy")], human_first=None)
    play.fast_forward = True
    for _ in range(20000):
        frames(app)
        if play.finished:
            break
    assert play.finished
    frames(app, 600)  # ten seconds later, still the final sheet
    assert app.scene is play
    assert button(play, "See the results").enabled
    key(pygame.K_RETURN)
    frames(app)
    results = app.scene
    assert isinstance(results, ResultsScene)
    model = results.table.sheet()
    assert len(model.headers) == 2 and any(r.key == "sixes" for r in model.rows)
    assert any(r.label == "Bonus" for r in model.rows)  # the breakdown, not only totals
    assert results.headline() in ("You win!", "Ada wins!", "A tie! You & Ada share the win",
                                  "A tie! Ada & You share the win")


def test_words_for_you_and_one_die(app):
    play = start(app, "farkle")
    play.draw(app.screen)
    assert play.shown_seat == 0
    from game.ui import text
    with text.record() as drawn:
        play.draw(app.screen)
    with_text = [t for t, _, _ in drawn]
    assert "Your turn" in with_text
    state = play.state
    state.dice_left = 1
    frames(app)
    assert button(play, "Roll").label == "Roll 1 die"
    state.totals = [500, 100]
    results = ResultsScene(app, GAMES["farkle"], state)
    assert results.headline() == "You win!"


def test_the_bank_button_takes_vant_hof_from_the_engine(app):
    play = start(app, "farkle", vant_hof=True, on_board_min=1000)
    state: FarkleState = play.state
    # Five 1s already set aside this turn (500); the roll shows the sixth.
    state.groups = [{"dice": [1, 1, 1], "points": 300}, {"dice": [1], "points": 100},
                    {"dice": [1], "points": 100}]
    state.turn_total, state.ones, state.ones_points = 500, 5, 500
    state.dice, state.dice_left = [1], 1
    play.table.chosen = {0}
    frames(app)
    preview = state.set_aside_preview([0])
    assert preview["turn_total"] == 3000 and preview["can_bank"]
    bank = button(play, "Bank")
    assert bank.label == "Bank 3,000" and bank.enabled
    click(bank.rect.center)
    frames(app)
    assert state.totals[0] == 3000


def test_the_gold_box_is_the_coachs_box_and_only_on_a_hint(app):
    """One adviser: no gold box until the coach is asked, then the hint's box, not the
    box that scores most now (Chance) nor another bot's."""
    play = start(app, "yatzy")
    key(pygame.K_SPACE, " ")
    frames(app)
    settle(app, play)
    state = play.state
    state.dice, state.rolls = [1, 1, 1, 2, 3], 3  # the most points now is Chance (8)
    frames(app)

    def gold(model):
        return [r.key for r in model.rows if r.cells and r.cells[0].fill is not None]

    model = play.table.sheet()
    assert gold(model) == [] and "coach" in model.footer  # no advice until asked
    want = make_policy(GAMES["yatzy"].bot_module, "expert", seed=1).choose(state)["category"]
    key(pygame.K_h)
    wait_for_hint(app, play)
    assert gold(play.table.sheet()) == [want] and want != "chance"
    app.settings.coach = "off"  # the coach switched off: its mark goes
    assert gold(play.table.sheet()) == []


def test_quitting_to_the_menu_keeps_seats_names_and_options(app):
    menu = app.scene
    click(button(menu, "Farkle").rect.center)
    frames(app)
    click(button(menu, "You").rect.center)
    frames(app)
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    type_text("Mia")
    key(pygame.K_RETURN)
    click(button(menu, "+ Add player").rect.center)
    click(button(menu, "Van't Hof 6").rect.center)
    frames(app)
    seats = [(s.name, s.bot) for s in menu.seats]
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.state.options["vant_hof"]
    app.push(PauseScene(app, play))
    pause = app.scene
    click(button(pause, "Quit to menu").rect.center)
    frames(app)
    click(button(pause, "Yes, quit").rect.center)
    frames(app)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.game_id == "farkle"
    assert [(s.name, s.bot) for s in menu.seats] == seats and seats[0][0] == "Mia"
    assert menu.option_value(next(o for o in GAMES["farkle"].options if o.key == "vant_hof"))
    assert app.settings.seats["farkle"][0] == {"name": "Mia", "bot": None}
    assert app.settings.options["farkle"]["vant_hof"] is True


def test_starting_over_a_saved_game_asks_first_and_shows_the_seating(app):
    menu = app.scene
    menu.start()
    frames(app)
    play = app.scene
    assert play.banner is not None and play.banner[0].text.startswith("Seating order: 1.")
    assert all(s.name in play.banner[0].text for s in play.state.seats)
    key(pygame.K_SPACE, " ")  # the human's key: banner seen
    frames(app, 60)
    play.state.order = [0, 1]
    storage.store("yatzy", play.state)
    app.replace_all(MenuScene(app))
    frames(app)
    menu = app.scene
    click(button(menu, "Start").rect.center)
    frames(app)
    assert isinstance(app.scene, ConfirmScene)
    key(pygame.K_RETURN)  # "No" is focused: Enter alone never throws the save away
    frames(app)
    assert app.scene is menu and storage.has_save()
    click(button(menu, "Start").rect.center)
    frames(app)
    click(button(app.scene, "Yes, start new").rect.center)
    frames(app)
    assert isinstance(app.scene, PlayScene)
