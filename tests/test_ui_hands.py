"""Words for the hand that plays (issue 23): the last input decides how prompts speak --
"tap" after a touch, the keys with a keyboard, "click" with a mouse -- on a desktop layout
and a phone's alike, and they change at once when the player changes hands."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.play import PlayScene
from game.ui import hands
from tests.scene_tour import KEY_WORDS, Screens, capture, hand_problems
from tests.ui_driver import button, click, frames, key, new_app, tap, type_text, use_hand


def yatzy_rolled(app: App) -> PlayScene:
    """A game of Yatzy at the table, the person (first) has rolled once."""
    info = GAMES["yatzy"]
    for seed in range(50):
        state = info.new_game([Seat("You"), Seat("Ada", "normal")], {}, seed=seed)
        if state.current == 0:
            break
    play = app.show("play", info=info, state=state, autosave=False)
    play.banner = None
    play.act({"kind": "roll", "hold": []})
    for _ in range(300):
        frames(app)
        if not play.busy:
            break
    assert play.human_turn and not play.busy and play.state.rolls == 1
    return play


def status(app: App, play: PlayScene) -> str:
    text = "\n".join(play.table.status())
    assert text in capture(app), "the status is not on screen"
    return text


def test_the_last_input_decides_and_the_words_change_at_once(app):
    """A desktop window starts with a mouse's words; a key, a tap and a click each take
    over from the next frame, on the table, its sheet's footer and its keys line."""
    play = yatzy_rolled(app)
    assert hands.mode() == "mouse" and "Click dice to hold them" in status(app, play)
    key(pygame.K_LSHIFT)
    frames(app)
    said = status(app, play)
    assert hands.mode() == "keyboard"
    assert said.startswith("2 rolls left. Press 1-5 to hold dice, or the arrows and Enter")
    assert any(t.startswith("Esc menu · F1 rules") for t in capture(app))
    footer = play.table.sheet().footer
    assert "Enter twice on a 0" in footer and "(H for a hint)" in footer
    tap(play.regions["history"].center)  # (a place that presses nothing)
    frames(app)
    said = status(app, play)
    assert hands.mode() == "touch" and "Tap dice to hold them, or tap a box" in said
    texts = capture(app)
    assert not [t for t in texts if KEY_WORDS.search(t)], texts
    assert "a 0 needs a second tap" in play.table.sheet().footer
    pygame.time.wait(hands.ECHO_MS + 50)  # (a click right after a touch is the touch's echo)
    click(play.regions["history"].center)
    frames(app)
    assert hands.mode() == "mouse" and "Click dice to hold them" in status(app, play)


def test_a_touch_page_starts_with_taps_and_a_keyboard_takes_over():
    pygame.quit()
    app = App(sound=False, seed=5, window_size=(390, 844), dpr=3, touch=True)
    try:
        app.settings.bot_speed = "fast"
        play = yatzy_rolled(app)
        assert hands.mode() == "touch" and "Tap dice" in status(app, play)
        key(pygame.K_LSHIFT)  # a keyboard on a tablet
        frames(app)
        assert "Press 1-5 to hold dice" in status(app, play)
    finally:
        pygame.quit()


def test_what_is_not_the_player_changing_hands_changes_nothing(app):
    """The mouse events a browser makes of a touch, the touches SDL makes of a mouse, a
    mouse that only moves and a name typed on a phone's keyboard keep the hand as it was."""
    hands.hands.start(touch=False)
    tap((5, 5))
    frames(app)
    assert hands.mode() == "touch"
    click((5, 5))  # at once: the browser's echo of the touch
    frames(app)
    assert hands.mode() == "touch"
    use_hand("keyboard")
    frames(app)
    for event in (pygame.event.Event(pygame.FINGERDOWN, touch_id=-1, finger_id=0, x=0.1,
                                     y=0.1, dx=0.0, dy=0.0, pressure=1.0),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(9, 9), rel=(1, 1),
                                     buttons=(0, 0, 0))):
        pygame.event.post(event)
    frames(app)
    assert hands.mode() == "keyboard"
    use_hand("touch")
    frames(app)
    menu = app.scene
    menu.edit_name(0)  # (the tap on the name: its field has the keyboard)
    type_text("x")
    key(pygame.K_BACKSPACE)
    frames(app)
    assert menu.typing == 0 and hands.mode() == "touch"


def test_a_message_is_worded_again_when_the_hand_changes(app):
    """A refusal up when the player changes hands says it the new hand's way."""
    info = GAMES["pirates"]
    play = app.show("play", info=info, state=info.new_game([Seat("You"), Seat("Ada")], {},
                                                           seed=1), autosave=False)
    frames(app)
    use_hand("keyboard")
    frames(app)
    play.table.click_die(0)  # no card drawn yet
    assert app.toast[0] == "Draw a Fortune Card first (Space)"
    use_hand("touch")
    frames(app)
    assert app.toast[0] == "Draw a Fortune Card first"


def test_the_rules_and_the_menu_follow_the_hand(app):
    """The rules' Controls name the keys, the clicks or the taps; the menu's tips too."""
    menu = app.scene
    rules = app.open("rules", info=GAMES["farkle"])
    for hand, said, unsaid in (("keyboard", "B or Enter: bank", "Click"),
                               ("touch", "Tap a scoring die to set it aside", "Enter"),
                               ("mouse", "Click a scoring die to set it aside", "Space")):
        use_hand(hand)
        frames(app)
        words = [line[0] for line in rules.lines]
        assert any(said in w for w in words), (hand, words[-8:])
        controls = words[next(i for i, w in enumerate(words) if w == "Controls"):]
        assert not any(unsaid in w for w in controls), (hand, controls)
    app.pop()
    use_hand("touch")
    frames(app)
    tips = {b.tooltip for b in menu.focus.buttons if b.tooltip}
    assert "Tap to type a name (up to 16 letters)" in tips
    assert not any(KEY_WORDS.search(t) for t in tips), tips
    use_hand("keyboard")
    frames(app)
    assert "Enter: type a name (up to 16 letters)" in {b.tooltip for b in menu.focus.buttons}


def test_the_buttons_keys_go_after_a_touch(app):
    play = yatzy_rolled(app)
    roll = button(play, "Roll again")
    assert roll.show_hotkey()  # a desktop window with a mouse: the key is under the label
    use_hand("touch")
    frames(app)
    assert not roll.show_hotkey() and "Space" not in capture(app)


def test_the_hand_checks_find_what_they_look_for():
    """The tour's reading of the words for a hand (used by test_ui_texts on every screen
    of every game) finds each kind of slip, and lets the right words through."""
    cases = {
        "touch": (["Press Space or click Roll to throw the dice.", "H for a hint",
                   "Roll and Bank wait until you pick scoring dice (gold marks; A: all).",
                   "pick a box on the sheet (arrows + Enter)", "Click dice or press 1-5",
                   "Three skulls: the Sorceress may reroll one (X)", "Esc"],
                  ["Tap Roll to throw the dice.", "Six dice, press your luck: bank it or risk "
                   "it all.", "1-8 players", "Phase I: two columns", "Captain (4): double"]),
        "keyboard": (["Click dice to hold them", "Tap a box to score it"],
                     ["Press Space to roll the dice.", "Enter twice on a 0 crosses it out"]),
        "mouse": (["Tap dice to hold them", "Press Space to roll the dice.",
                   "No rolls left: choose a box with the arrows and press Enter"],
                  ["Click Roll to throw the dice.", "Space", "B / Enter"]),
    }
    asked = {"touch": "Tap Roll to throw the dice.", "keyboard": "Press Space to roll.",
             "mouse": "Click Roll to throw the dice."}
    for hand, (bad, good) in cases.items():
        screens = Screens("yatzy", ["You"], hand=hand)
        for text in bad:
            screens.shown = {"table": {text, asked[hand]}}
            assert hand_problems(screens), f"{text!r} was let through after a {hand}"
        for text in good:
            screens.shown = {"table": {text, asked[hand]}}
            assert not hand_problems(screens), hand_problems(screens)
        screens.shown = {"table": {"Ada is thinking…"}}  # the table never asks the hand
        assert hand_problems(screens)


@pytest.mark.parametrize("hand", ["touch", "keyboard", "mouse"])
def test_new_app_starts_each_test_afresh(hand):
    """(The hand is the app's: a new app starts from its page, whatever came before.)"""
    hands.hands.use(hand)
    new_app()
    try:
        assert hands.mode() == "mouse"
    finally:
        pygame.quit()
