"""Farkle through the real scenes with real input: a whole human-vs-bot game by keyboard and
one by mouse, the selection feedback, and the option toggles in the menu."""

import pygame
import pytest

from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from tests.ui_driver import button, click, frames, key, play_until_results

MAX_STEPS = 40_000


def start_farkle(app, strength="normal", **options):
    menu = app.scene
    click(button(menu, "Farkle").rect.center)
    frames(app)
    menu.seats[1].bot = strength
    menu.options["farkle"].update(options)
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "farkle"
    return play


def wants_bank(state, table) -> bool:
    sel = table.selection()
    total = state.turn_total + sel.points
    left = len(state.dice) - len(table.chosen)
    return sel.ok and total >= max(state.bank_minimum(), 300) and left in (1, 2, 3)


def play_farkle(app, by_mouse: bool) -> None:
    """Our player: set aside the most scoring dice, bank once the turn is worth 300+ with
    few dice left, else roll on; by mouse (clicks, Skip button) or keyboard (1-6, B, Space, F)."""
    def move(scene):
        state, table = scene.state, scene.table
        if not state.rolled:
            if by_mouse:
                frames(app)
                click(button(scene, "Roll").rect.center)
            else:
                key(pygame.K_SPACE)
            return
        option = max(state.scoring_options(), key=lambda o: len(o["dice"]))
        for p in option["positions"]:
            click(scene.die_rects[p].center) if by_mouse else key(pygame.K_1 + p)
        frames(app)
        assert table.chosen == set(option["positions"])
        bank = wants_bank(state, table)
        if by_mouse:
            frames(app)
            label = "Bank" if bank else ("Roll" if len(state.dice) > len(table.chosen)
                                         else "Hot dice")
            click(button(scene, label).rect.center)
        else:
            key(pygame.K_b if bank else pygame.K_SPACE)

    def skip(scene):
        if by_mouse:
            click(button(scene, "Skip").rect.center)
        else:
            key(pygame.K_f)

    play_until_results(app, move, skip, MAX_STEPS, drawn=by_mouse)


def check_result(app):
    results = app.scene
    assert isinstance(results, ResultsScene)
    state = results.state
    assert state.is_over()
    assert max(state.totals) >= state.options["target"]
    assert results.ranking[0]["score"] == max(state.totals)
    for seat in range(2):  # every bank is accounted for in the history
        assert sum(h["points"] for h in state.history[seat]) == state.totals[seat]


def test_keyboard_game_against_hard(app):
    start_farkle(app, "hard", target=3000)
    play_farkle(app, by_mouse=False)
    check_result(app)


def test_mouse_game_against_easy_with_house_rules(app):
    start_farkle(app, "easy", target=2000, three_farkles=True, piggyback=True, vant_hof=True,
                 min_bank=True)
    play_farkle(app, by_mouse=True)
    check_result(app)


def test_selection_feedback_and_illegal_clicks(app):
    play = start_farkle(app)
    play.state.order = [0, 1]
    play.table.new_turn()
    key(pygame.K_b)
    frames(app)
    assert "Roll first" in app.toast[0]
    key(pygame.K_SPACE)
    frames(app, 60)
    state = play.state
    assert state.rolled, "with this seed the first roll scores"
    state.dice = [1, 3, 4, 6, 2, 2]
    play.table.chosen = {1}
    assert "the 3 does not score" in play.table.status()[0]
    frames(app)
    assert not button(play, "Roll").enabled
    key(pygame.K_SPACE)
    frames(app)
    assert app.toast and "score" in app.toast[0]  # the engine's reason reaches the player
    play.table.chosen = {0}
    frames(app)
    assert button(play, "Roll").enabled
    assert not button(play, "Bank").enabled  # 100 is not enough to get on the board
    assert "on the board" in " ".join(play.table.status())


def test_farkle_options_are_in_the_menu(app):
    menu = app.scene
    click(button(menu, "Farkle").rect.center)
    frames(app)
    labels = [b.label for b in menu.focus.buttons]
    for text in ("Target score: 10,000", "On the board: On", "First bank at least: 500",
                 "Minimum to stop: Off", "Three farkles", "Van't Hof 6: Off", "Piggybacking: Off"):
        assert any(label.startswith(text) for label in labels), text
    click(button(menu, "Piggybacking").rect.center)
    frames(app)
    assert any(b.label.startswith("Farkled piggyback pays back") for b in menu.focus.buttons)
    click(button(menu, "No thanks").rect.center)  # (the lesson, proposed the first time
    frames(app)                                   # Farkle is chosen: the menu scrolls then)
    for _ in range(8):
        click(button(menu, "+ Add player").rect.center)
        frames(app)
    assert len(menu.seats) == 8
    for b in menu.focus.buttons:  # nothing spills off the 1280x720 canvas
        assert pygame.Rect(0, 0, 1280, 720).contains(b.rect), b.label


@pytest.mark.parametrize("size", [(360, 640, 2, True), (390, 844, 3, True), (768, 1024, 2, True),
                                  (844, 390, 3, True), (1280, 720, 1, False)],
                         ids=["360x640r2t", "390x844r3t", "768x1024r2t", "844x390r3t",
                              "1280x720"])
def test_the_hot_dice_button_says_all_its_words(size):
    """Every die scored: the roll button says 'Hot dice: roll 6', on two lines where one is
    too narrow (on a 360x640 phone it read 'Hot dice: ro…')."""
    from game.rules.core import Seat
    from game.ui import text
    from tests.test_ui_moments import press, start
    from tests.test_ui_screens import make_app
    app = make_app(size)
    try:
        play = start(app, "farkle", [Seat("Ann"), Seat("Bot", "easy")])
        press(app, play, pygame.K_SPACE, [1, 1, 1, 5, 5, 5])
        key(pygame.K_a)  # pick all: every die scores
        frames(app)
        hot = button(play, "Hot dice")
        assert hot.label == "Hot dice: roll 6" and hot.enabled
        app.invalidate()
        with text.record() as drawn:
            app.draw()
        words = [d for d in drawn if hot.rect.contains(d.box) and d.source == hot.label]
        assert words and not any("…" in d.text for d in words), [d.text for d in words]
        assert " ".join(d.text for d in words).split() == hot.label.split()
        assert min(d.size for d in words) >= 14
    finally:
        pygame.quit()
