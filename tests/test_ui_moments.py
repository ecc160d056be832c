"""Moments celebrated at the table, through the real play scene from forced rolls (the
engine's chance model): a Yatzy (six of a kind in Maxi Yatzy, Bona Fortuna's 5 of a Kind),
Farkle's hot dice, Pirate Fortune's full chest and the Island of Skulls, a Grab It! box
grabbed from under an opponent. A celebration is a big banner, its sound and a burst of
sparks on the tray for about a second, drawn inside the tray only, that stops costing
frames once done; ordinary rolls and moves celebrate nothing. And the start of a person's
turn after someone else's: "Your turn, Ann!" over the top bar with a sound, never holding
up the player."""

import pygame
import pytest

from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.ui.text import record
from tests.forced import arrive, land, loaded_dice, settle
from tests.ui_driver import button, click, frames, key, sheet_spot

CELEBRATION_SOUNDS = {"celebrate", "hot_dice", "island"}


def start(app, game_id, seats, order=None, **options):
    info = GAMES[game_id]
    state = info.new_game(seats, options=options, seed=9)
    state.order = list(order or range(len(seats)))
    play = app.show("play", info=info, state=state, autosave=False)
    frames(app)
    play.banner = None  # the seating order was seen
    settle(app, play)
    return play


def press(app, play, k, faces=None, action=None):
    """A key of the person to act; with ``faces``, the roll it makes shows them. Frames
    until the dice have landed."""
    if faces is None:
        key(k)
        frames(app)
    else:
        with loaded_dice(play.state, action or play.table.roll_action(), faces):
            key(k)
            frames(app)
    land(app, play)


class Watch:
    """What a scene celebrated since it was made: bursts started, sounds played."""

    def __init__(self, app, play):
        self.app, self.play = app, play
        self.bursts = play.burst.starts
        self.sounds = len(app.sounds.played)

    def sounds_played(self) -> list[str]:
        return self.app.sounds.played[self.sounds:]

    def celebrated(self) -> int:
        return self.play.burst.starts - self.bursts

    def nothing(self) -> None:
        """Nothing was celebrated: no burst, no celebration's sound, no big banner."""
        assert self.celebrated() == 0
        assert not CELEBRATION_SOUNDS & set(self.sounds_played()), self.sounds_played()
        assert self.play.banner is None or not self.play.banner[0].celebrate


def celebration(play, watch, words, sound="celebrate", style="gold"):
    """The banner up now is a celebration saying ``words``, with its sound and sparks."""
    assert play.banner is not None, "no banner"
    banner = play.banner[0]
    assert banner.big and banner.celebrate == style
    assert banner.text.startswith(words), banner.text
    assert sound in watch.sounds_played()
    assert watch.celebrated() == 1
    assert play.burst.busy and play.burst.style == style
    assert play.animating()
    return banner


# -- Yatzy, Maxi Yatzy, Bona Fortuna: every die the same -----------------------------------

def test_a_yatzy_is_celebrated_an_ordinary_roll_is_not(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bot", "easy")])
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [1, 2, 3, 4, 6])
    settle(app, play)
    watch.nothing()
    press(app, play, pygame.K_SPACE, [6, 6, 6, 6, 6])
    banner = celebration(play, watch, "YATZY! Ann rolls [6 6 6 6 6]")
    assert any(text == banner.text for text, _ in play.history.lines)


def test_maxi_yatzy_wants_all_six(app):
    play = start(app, "maxi_yatzy", [Seat("Ann"), Seat("Bot", "easy")])
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [2, 2, 2, 2, 2, 3])  # five of six: not a Maxi Yatzy
    settle(app, play)
    watch.nothing()
    press(app, play, pygame.K_SPACE, [2, 2, 2, 2, 2, 2])
    celebration(play, watch, "MAXI YATZY! Ann rolls [2 2 2 2 2 2]")


def test_bona_fortunas_five_of_a_kind_is_celebrated(app):
    play = start(app, "bona_fortuna", [Seat("Ann"), Seat("Bot", "easy")])
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [4, 4, 4, 4, 1])
    settle(app, play)
    watch.nothing()
    key(pygame.K_1)  # hold the four 4s, roll the last die
    key(pygame.K_2)
    key(pygame.K_3)
    key(pygame.K_4)
    frames(app)
    assert play.table.held == {0, 1, 2, 3}
    press(app, play, pygame.K_SPACE, [4])
    celebration(play, watch, "5 OF A KIND! Ann rolls [4 4 4 4 4]")


# -- Farkle: hot dice -------------------------------------------------------------------------

def test_farkle_hot_dice_are_celebrated_an_ordinary_set_aside_is_not(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bot", "easy")])
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [1, 3, 4, 6, 2, 2])
    key(pygame.K_1)
    frames(app)
    press(app, play, pygame.K_SPACE, [1, 1, 5, 5, 5])  # set the 1 aside and roll on
    settle(app, play)
    watch.nothing()
    key(pygame.K_a)  # every die scores: pick all, roll all six again
    frames(app)
    assert button(play, "Hot dice").enabled
    with loaded_dice(play.state, play.table.roll_action(), [2, 3, 4, 6, 1, 2]):
        key(pygame.K_SPACE)
        frames(app)
    celebration(play, watch, "HOT DICE!", sound="hot_dice")


# -- Pirate Fortune: the full chest, the Island of Skulls ------------------------------------

def pirates_with(app, card):
    """Ann's turn at Pirate Fortune with ``card`` on top of the deck, drawn in the card
    scene as a player does."""
    return with_card(app, start(app, "pirates", [Seat("Ann"), Seat("Bot", "easy")]), card)


def with_card(app, play, card):
    """``card`` put on top of the deck of a Pirate Fortune game at Ann's turn and drawn in
    the card scene as a player does; the table settled after it."""
    deck = play.state.deck
    i = deck.index(card)
    deck[i], deck[-1] = deck[-1], deck[i]
    for _ in range(600):
        scene = app.scene
        if isinstance(scene, PlayScene) and play.state.drawn:
            break
        if isinstance(scene, CardDrawScene) and scene.phase in ("wait", "show"):
            key(pygame.K_SPACE)
        frames(app)
    assert play.state.card == card and app.scene is play
    settle(app, play)
    return play


def test_pirates_full_chest_is_celebrated(app):
    play = pirates_with(app, "gold")
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, ["parrot", "parrot", "parrot", "monkey", "monkey",
                                      "monkey", "gold", "gold"], action={"kind": "roll"})
    settle(app, play)
    watch.nothing()  # a roll is not yet a score
    key(pygame.K_RETURN)  # stop: every die counts
    frames(app)
    arrive(app, play)
    banner = celebration(play, watch, "FULL CHEST!")
    assert "+500" in banner.text


def test_pirates_ordinary_score_is_not_celebrated(app):
    play = pirates_with(app, "gold")
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, ["parrot", "parrot", "parrot", "monkey", "monkey",
                                      "sword", "gold", "diamond"], action={"kind": "roll"})
    key(pygame.K_RETURN)
    frames(app)
    settle(app, play)
    watch.nothing()
    assert "score" in watch.sounds_played()


def test_pirates_island_of_skulls_is_a_dark_celebration(app):
    play = pirates_with(app, "gold")
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, ["skull", "skull", "skull", "skull", "parrot",
                                      "monkey", "sword", "gold"], action={"kind": "roll"})
    celebration(play, watch, "ISLAND OF SKULLS! 4 skulls", sound="island", style="skulls")


# -- Grab It!: a box snatched from under an opponent -----------------------------------------

def test_grab_it_snatching_the_next_players_best_box_is_celebrated(app):
    play = start(app, "grab_it", [Seat("Ann"), Seat("Bob", "easy")], first=0)
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [1, 2, 3, 4, 6])
    click(sheet_spot(app, play, "small_straight"))  # the box Bob was likeliest to score
    frames(app)
    arrive(app, play)
    assert play.state.board["small_straight"] == [0, 40]
    celebration(play, watch, "SNATCHED! Ann grabs Small Straight (+40) from under Bob's nose")
    assert "score" not in watch.sounds_played()  # one banner, one sound: the moment's


def test_grab_it_an_ordinary_grab_is_not_celebrated(app):
    play = start(app, "grab_it", [Seat("Ann"), Seat("Bob", "easy")], first=0)
    watch = Watch(app, play)
    press(app, play, pygame.K_SPACE, [2, 2, 3, 3, 6])
    click(sheet_spot(app, play, "two_pair"))  # worth less to Bob than Small Straight
    frames(app)
    assert play.state.board["two_pair"] == [0, 20]
    settle(app, play)
    watch.nothing()
    assert "score" in watch.sounds_played()


# -- the effect: on the tray only, for about a second, then free -----------------------------

def test_the_sparks_stay_on_the_tray_and_stop_costing_frames(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bot", "easy")])
    press(app, play, pygame.K_SPACE, [5, 5, 5, 5, 5])
    assert play.burst.busy
    frames(app, 15)  # sparks in flight
    assert play.burst.busy
    app.draw()
    with_sparks = app.screen.copy()
    left = play.burst.time_left
    play.burst.time_left = 0  # the same frame without them
    app.draw()
    without = app.screen.copy()
    play.burst.time_left = left
    tray = play.regions["tray"]
    changed = [(x, y) for x in range(0, app.screen.get_width(), 3)
               for y in range(0, app.screen.get_height(), 3)
               if with_sparks.get_at((x, y)) != without.get_at((x, y))]
    assert changed, "the sparks are drawn"
    assert all(tray.collidepoint(p) for p in changed)  # never on buttons, sheet, history
    for _ in range(120):  # about a second, then done
        if not play.burst.busy:
            break
        frames(app)
    assert not play.burst.busy
    play.banner = None
    settle(app, play)
    frames(app, 2)
    assert not play.animating()
    drawn = app.drawn_frames
    frames(app, 90)
    assert app.drawn_frames == drawn  # an idle table draws nothing


def test_skipping_ahead_shows_no_sparks(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bot", "easy")])
    play.fast_forward = True
    with loaded_dice(play.state, play.table.roll_action(), [3, 3, 3, 3, 3]):
        key(pygame.K_SPACE)
        frames(app)
    assert not play.burst.busy


# -- whose turn: "Your turn, Ann!" ----------------------------------------------------------

def drawn_texts(app) -> str:
    with record() as drawn:
        app.draw()
    return " | ".join(text for text, _, _ in drawn)


def test_hot_seat_turn_start_is_unmistakable_and_does_not_block(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob")])
    watch = Watch(app, play)
    assert play.flourish.busy and play.flourish.text == "Your turn, Ann!"  # who starts
    for _ in range(200):
        if not play.flourish.busy:
            break
        frames(app)
    press(app, play, pygame.K_SPACE, [2, 3, 4, 6, 2, 3])  # Ann farkles
    assert play.banner and play.banner[0].text.startswith("FARKLE")
    assert not play.flourish.busy  # Bob's turn is not on screen yet
    for _ in range(600):
        if play.shown_seat == 1:
            break
        frames(app)
    frames(app)
    assert play.flourish.busy and play.flourish.text == "Your turn, Bob!"
    assert "your_turn" in watch.sounds_played()
    assert "Your turn, Bob!" in drawn_texts(app)
    assert play.animating()
    assert play.human_turn and not play.busy  # nothing to wait for
    assert button(play, "Roll").enabled
    with loaded_dice(play.state, {"kind": "roll"}, [1, 3, 4, 6, 2, 2]):
        key(pygame.K_SPACE)  # Bob rolls at once, during the flourish
        frames(app)
    assert play.state.rolled and play.state.current == 1
    for _ in range(200):
        if not play.flourish.busy:
            break
        frames(app)
    assert not play.flourish.busy
    assert watch.sounds_played().count("your_turn") == 1
    assert "Your turn, Bob!" not in drawn_texts(app)


def test_against_bots_only_the_person_s_turn_is_announced(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bot", "easy")])
    watch = Watch(app, play)
    assert not play.flourish.busy  # alone against bots: the first turn needs no flourish
    press(app, play, pygame.K_SPACE, [2, 3, 4, 6, 2, 3])  # Ann farkles: the bot's turn
    for _ in range(600):
        if play.shown_seat == 1:
            break
        frames(app)
    frames(app, 2)
    assert not play.flourish.busy and "your_turn" not in watch.sounds_played()
    for _ in range(6000):  # the bot plays its turn, then it is Ann's again
        if play.shown_seat == 0 and play.state.current == 0:
            break
        frames(app)
    frames(app)
    assert play.flourish.busy and play.flourish.text == "Your turn, Ann!"
    assert watch.sounds_played().count("your_turn") == 1


@pytest.mark.parametrize("game_id", ["yatzy", "bona_fortuna", "grab_it"])
def test_seeded_ordinary_rolls_celebrate_nothing(app, game_id):
    """Ten seeded rolls of the person (no two alike, none all the same) through the real
    scene: not one celebration."""
    options = {"first": 0} if game_id == "grab_it" else {}
    play = start(app, game_id, [Seat("Ann"), Seat("Bob", "easy")], **options)
    watch = Watch(app, play)
    rolls = 0
    while rolls < 10:
        if not play.human_turn:
            if not play.fast_forward:
                key(pygame.K_f)
            frames(app, 5)
            continue
        state = play.state
        if state.rolls >= state.ROLLS_PER_TURN:
            key(pygame.K_DOWN)
            key(pygame.K_RETURN)
            frames(app)
            if play.table.pending_zero or getattr(play.table, "asking", None):
                key(pygame.K_RETURN if play.table.pending_zero else pygame.K_t)
                frames(app)
            settle(app, play)
            continue
        key(pygame.K_SPACE)
        frames(app)
        land(app, play)
        rolls += 1
        assert len(set(state.dice)) > 1, "a seed whose rolls are ordinary"
        settle(app, play)
    watch.nothing()


def test_a_farkle_banner_shows_its_dice_as_dice(app):
    """The banner beside the dice writes its dice as the history does: drawn as dice, no
    "[2 3 4 6 2 3]" in words."""
    from game.ui import probe, text
    play = start(app, "farkle", [Seat("Ann"), Seat("Bot", "easy")])
    press(app, play, pygame.K_SPACE, [2, 3, 4, 6, 2, 3])  # Ann farkles
    for _ in range(30):
        if play.banner is not None:
            break
        frames(app)
    assert play.banner is not None and "[2 3 4 6 2 3]" in play.banner[0].text
    status = play.regions["status"]
    with text.record() as words, probe.record_shown() as shown:
        app.invalidate()
        frames(app)
    assert [w for kind, w, r in shown if kind == "die" and status.contains(r)] == \
        [2, 3, 4, 6, 2, 3]
    assert not any("[" in d.text for d in words if status.contains(d.box))
