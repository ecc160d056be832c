"""Farkle's feedback at the table, through the real play scene with real clicks and keys:
a die that cannot score is refused and nothing changes (no lift, no selection, the same
buttons) while the message says why; the dice that can score are marked once they have
landed; the dice set aside earlier are labelled and drawn apart from the dice chosen now;
a disabled Roll or Bank has its reason on screen."""

import pygame

from game.catalog import GAMES
from game.games.farkle.table import SCORING_MARK
from game.rules.core import Seat
from game.ui import theme
from game.ui.text import record
from tests.forced import land, loaded_dice, settle
from tests.ui_driver import button, click, frames, key


def start(app, **options):
    info = GAMES["farkle"]
    state = info.new_game([Seat("Ann"), Seat("Bot", "normal")], options=options, seed=5)
    state.order = [0, 1]  # Ann plays first
    play = app.show("play", info=info, state=state, autosave=False)
    frames(app)
    play.banner = None  # the seating order was seen
    settle(app, play)
    return play


def roll(app, play, faces, action=None):
    """Ann presses Space; the dice show ``faces``; frames until they have landed."""
    state = play.state
    action = action or play.table.roll_action()
    with loaded_dice(state, action, faces):
        key(pygame.K_SPACE)
        frames(app)
    land(app, play)
    frames(app)


def table_look(play):
    """What a player sees of the choice: the selection, every die's look and label, the
    buttons and whether they work."""
    return (set(play.table.chosen),
            [(d.value, d.mode, d.label) for d in play.table.dice()],
            [(b.label, b.enabled) for b in play.table_buttons.buttons])


def drawn_texts(app):
    with record() as drawn:
        app.draw()
    return " | ".join(text for text, _, _ in drawn)


def test_a_die_that_cannot_score_is_refused_and_nothing_changes(app):
    play = start(app)
    roll(app, play, [1, 3, 4, 6, 2, 2])
    before = table_look(play)
    assert not button(play, "Roll").enabled and not button(play, "Bank").enabled
    played = len(app.sounds.played)
    click(play.die_rects[1].center)  # the 3
    frames(app)
    assert table_look(play) == before  # not lifted, not chosen, the same buttons
    assert play.table.dice()[1].mode == "free" and play.table.dice()[1].label == ""
    assert app.toast and "A 3 scores nothing on its own" in app.toast[0]
    assert "1s, 5s or a scoring group" in app.toast[0]
    assert app.sounds.played[played:] == ["error"]
    assert len(play.state.actions) == 1  # only the roll: nothing was sent to the rules

    click(play.die_rects[0].center)  # the 1 may be chosen
    frames(app)
    assert play.table.chosen == {0} and play.table.dice()[0].mode == "chosen"
    chosen = table_look(play)
    assert button(play, "Roll").enabled
    for refused in (pygame.K_2, pygame.K_3, pygame.K_4):  # the 3, 4 and 6 by keyboard
        key(refused)
        frames(app)
        assert table_look(play) == chosen
    assert "A 6 scores nothing on its own" in app.toast[0]
    key(pygame.K_1)  # a chosen die is put back down as before
    frames(app)
    assert play.table.chosen == set()


def test_dice_of_a_group_may_be_picked_one_by_one_and_the_status_says_what_is_missing(app):
    play = start(app)
    roll(app, play, [2, 3, 2, 4, 2, 6])
    for i in (1, 3, 5):  # 3, 4, 6: refused
        click(play.die_rects[i].center)
        frames(app)
        assert play.table.chosen == set()
    click(play.die_rects[0].center)  # one 2 of three: allowed, the rest of the group awaited
    frames(app)
    assert play.table.chosen == {0}
    assert not button(play, "Roll").enabled and not button(play, "Bank").enabled
    assert "Roll and Bank wait: [2] scores only as part of a group" in play.table.status()[0]
    app.toast = None
    assert "Roll and Bank wait" in drawn_texts(app)  # on screen, not only in the model
    click(play.die_rects[2].center)
    click(play.die_rects[4].center)
    frames(app)
    assert play.table.chosen == {0, 2, 4}
    assert button(play, "Roll").enabled


def test_disabled_roll_and_bank_say_why_on_screen(app):
    play = start(app)
    roll(app, play, [1, 3, 4, 6, 2, 2])
    app.toast = None
    assert not button(play, "Roll").enabled and not button(play, "Bank").enabled
    status = " ".join(play.table.status())
    assert "Roll and Bank wait until you pick scoring dice" in status
    assert "Roll and Bank wait until you pick scoring dice" in drawn_texts(app)
    key(pygame.K_1)  # 100: Roll on, Bank off (500 to get on the board)
    frames(app)
    assert button(play, "Roll").enabled and not button(play, "Bank").enabled
    line = play.table.status()[0]
    assert "Bank is off: 500 needed to get on the board" in line
    assert "turn total 100" in line
    assert "Bank is off" in drawn_texts(app)


def test_the_dice_that_score_are_marked_once_landed(app):
    play = start(app)
    state = play.state
    with loaded_dice(state, {"kind": "roll"}, [5, 3, 4, 6, 3, 1]):
        key(pygame.K_SPACE)
        frames(app)
    assert play.animator.busy
    assert play.table.scoring_marks() == set()  # nothing marked while the dice tumble
    land(app, play)
    assert play.table.scoring_marks() == {0, 5}  # the 5 and the 1
    app.toast = None
    app.draw()
    for i, rect in enumerate(play.die_rects):  # a gold mark under each scoring die only
        under = (rect.centerx, rect.bottom + theme.px(9))
        colour = tuple(app.screen.get_at(under))[:3]
        assert (colour == SCORING_MARK) == (i in (0, 5)), (i, colour)
    key(pygame.K_1)  # a chosen die is lifted and labelled: its mark gives way
    frames(app)
    app.draw()
    rect = play.die_rects[0]
    assert tuple(app.screen.get_at((rect.centerx, rect.bottom + theme.px(9))))[:3] != \
        SCORING_MARK


def test_dice_out_of_play_are_worded_and_drawn_apart_from_the_choice(app):
    play = start(app)
    roll(app, play, [1, 3, 4, 6, 2, 2])
    key(pygame.K_1)
    frames(app)
    assert [d.label for d in play.table.dice()] == ["CHOSEN", "", "", "", "", ""]
    with loaded_dice(play.state, play.table.roll_action(), [5, 5, 3, 4, 6]):
        key(pygame.K_SPACE)
        frames(app)
    land(app, play)
    settle(app, play)
    assert play.table.aside_dice() == [[1]]
    label = play.table.aside_label()
    assert label.startswith("Out of play") and "+100" in label
    key(pygame.K_1)
    frames(app)
    app.toast = None
    texts = drawn_texts(app)
    assert "CHOSEN" in texts and label in texts
    assert "SET ASIDE" not in texts and "set aside earlier" not in texts.lower()
    chosen = play.die_rects[0]  # the dice in play stand clear of the strip of earlier ones
    tray = play.regions["tray"]
    strip_top = tray.bottom - theme.px(68)
    assert chosen.bottom + theme.px(3) + theme.px(18) <= strip_top + theme.px(2)
