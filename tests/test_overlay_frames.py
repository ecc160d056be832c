"""Frames under an overlay that moves (a Fortune Card turning over).

When the table under the card changes (the turn passed, the card was drawn, its face came
up), a whole frame would draw the table, darken all of it and draw the card: at 2560x1440
the slowest frames of a game. The app spreads that over frames instead: one draws the table
into the picture kept of it, the next darkens that picture, the next shows it with the card
over it; meanwhile the screen holds its last picture. These tests play Pirate Fortune with
bots and check every frame the loop shows against a whole redraw, that the work is spread,
and that a card face up is drawn with its name and effect without waiting for input."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.catalog import GAMES
from game.games.pirates.rules import CARD_EFFECTS
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.ui import probe, text, widgets
from tests.frame_sampling import same_pixels
from tests.test_redraw import drawn_afresh
from tests.test_ui_screens import long_seats, make_app
from tests.ui_driver import use_hand

SIZES = [(1280, 720, 1, False), (390, 844, 2, True)]
IDS = ["1280x720", "390x844r2-touch"]


def bots_game(app, seed=3):
    info = GAMES["pirates"]
    seats = [Seat(s.name, "normal") for s in long_seats(3)]
    return app.show("play", info=info, state=info.new_game(seats, seed=seed), autosave=False)


def whole_redraw(app) -> pygame.Surface:
    """What a whole frame shows now (every scene drawn afresh), on a surface of its own;
    the app's screen and counters are left as they were."""
    screen, frames = app.screen, app.drawn_frames
    fresh = screen.copy()
    app.screen = fresh
    try:
        with drawn_afresh(app.scenes[0]):  # (nothing is kept, spread or staged)
            app.draw()
    finally:
        app.screen, app.drawn_frames = screen, frames
    return fresh


@contextmanager
def draws_counted() -> Iterator[dict[str, int]]:
    """Counts, in the dict it gives, the table's draws, the darkenings and the card's draws
    (each a pass over every pixel of the window)."""
    done = {"table": 0, "dim": 0, "card": 0}

    def counting(name, f):
        def call(*args, **kwargs):
            done[name] += 1
            return f(*args, **kwargs)
        return call

    patches = [(PlayScene, "draw"), (CardDrawScene, "draw"), (widgets, "dim")]
    saved = [getattr(owner, name) for owner, name in patches]
    PlayScene.draw = counting("table", saved[0])
    CardDrawScene.draw = counting("card", saved[1])
    widgets.dim = counting("dim", saved[2])
    try:
        yield done
    finally:
        for (owner, name), f in zip(patches, saved, strict=True):
            setattr(owner, name, f)


@contextmanager
def presented(app) -> Iterator[dict]:
    """What the window shows, in the dict it gives: ``"picture"``, a copy of the screen
    made of only what the app presented (the rectangles it named, all of it when none),
    and ``"cut"``, the frames that presented less than the whole window."""
    seen = {"picture": app.screen.copy(), "cut": 0}
    present, screen = app.present, app.screen

    def mirrored(rects=None):
        picture = seen["picture"]
        if app.screen is not screen:  # (a whole redraw made apart, on a surface of its own)
            pass
        elif rects is None:
            picture.blit(app.screen, (0, 0))
        else:
            seen["cut"] += 1
            for rect in rects:
                picture.blit(app.screen, rect, rect)
        return present(rects)

    app.present = mirrored
    try:
        yield seen
    finally:
        del app.present


def check_shown(app, seen, frame: int) -> None:
    """The window shows what the screen holds, and that is what a whole frame draws."""
    assert same_pixels(seen["picture"], app.screen), \
        f"frame {frame}: the window does not show what was drawn (a rectangle not presented)"
    assert same_pixels(app.screen, whole_redraw(app)), \
        f"frame {frame}: the screen is not what a whole frame draws"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_frame_shown_under_a_card_is_a_whole_redraw(size):
    """Every frame the loop shows under a card is what a whole frame draws, and the work of
    a frame under the card is spread: no frame draws the table under the card and also
    darkens it, and no frame that darkens it draws the card. (The spreading is the same at
    every size, app._stage_under: it shared this play-through since it had a game of its
    own at 1280x720 at 2 device pixels a CSS pixel; the phone's size here has 2 too.)

    While the card moves and the table under it stays the same, a frame restores from the
    picture kept of the table, draws and presents only where the card, the piles and the
    plates came, went or changed (App._redraw_over): what the window shows (the rectangles
    presented) must be the screen, and that a whole redraw, after every frame."""
    app = make_app(size)
    try:
        play = bots_game(app)
        shown = held = 0
        waiting = None  # frames since the table under the card was drawn alone
        counted = []
        cuts = 0  # frames under the card that presented only a part of the window
        with draws_counted() as done, presented(app) as seen:
            for _ in range(2500):
                before, cut = app.drawn_frames, seen["cut"]
                for k in done:
                    done[k] = 0
                app.step(1 / 60)
                if play.state.is_over():
                    break
                if not isinstance(app.scene, CardDrawScene):
                    continue
                counted.append(dict(done))  # (the loop's frame: before the whole redraw)
                assert not (done["table"] and done["dim"]), done
                assert not (done["dim"] and done["card"]), done
                if app._under_stage is not None:
                    waiting = 0 if waiting is None else waiting + 1
                    assert app.drawn_frames == before, "a frame between was shown"
                    held += 1
                    continue
                if app.drawn_frames == before:
                    continue
                if waiting is not None:
                    assert waiting == 1, "the card came back two frames after the table changed"
                    waiting = None
                shown += 1
                cuts += seen["cut"] > cut
                check_shown(app, seen, app.frame)
        assert shown > 50 and held > 10
        assert cuts > shown // 2, f"{cuts} of {shown} frames under the card drawn in part"
        assert sum(1 for d in counted if d["table"]) > 5
        assert sum(1 for d in counted if d["dim"]) > 5
    finally:
        pygame.quit()


def steps_until_face_up(app, card: CardDrawScene) -> set[str]:
    """The texts drawn by the frame that turns the card face up and the two after it (the
    words on the card's face among them)."""
    said: set[str] = set()
    while card.phase != "show" or not said:
        with text.record() as drawn, probe.record_shown() as shown:
            app.step(1 / 60)
        if card.phase == "show":
            said |= {d.text for d in drawn} | {"(a frame)"} | face_words(shown)
    for _ in range(2):
        with text.record() as drawn, probe.record_shown() as shown:
            app.step(1 / 60)
        said |= {d.text for d in drawn} | face_words(shown)
    assert app.scene is card, "the card closed before it was read"
    return said


def face_words(shown) -> set[str]:
    """The name and effect written on the card faces shown."""
    return {w for kind, words, _ in shown if kind == "card words" for w in words if w}


def test_a_card_face_up_shows_its_name_and_effect_without_input():
    app = make_app((1280, 720, 1, False))
    try:
        bots_game(app, seed=5)
        for _ in range(2000):
            app.step(1 / 60)
            if isinstance(app.scene, CardDrawScene):
                break
        card = app.scene
        assert isinstance(card, CardDrawScene) and not card.human
        said = steps_until_face_up(app, card)
        assert CARD_EFFECTS[card.card] in said
    finally:
        pygame.quit()


def a_players_card(app) -> tuple[PlayScene, CardDrawScene]:
    """A game of a person and a bot, stepped until the person's card waits to be drawn."""
    info = GAMES["pirates"]
    seats = [Seat("Ada"), Seat("Bram", "normal")]
    play = app.show("play", info=info, state=info.new_game(seats, seed=2), autosave=False)
    for _ in range(3000):
        app.step(1 / 60)
        if isinstance(app.scene, CardDrawScene) and app.scene.human:
            break
    card = app.scene
    assert isinstance(card, CardDrawScene) and card.human
    return play, card


def test_a_players_card_face_up_says_how_to_go_on_without_input():
    app = make_app((1280, 720, 1, False))
    try:
        _, card = a_players_card(app)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                             unicode=" "))
        said = steps_until_face_up(app, card)
        assert "Press Space to play" in said  # (Space was the last input: its words)
        assert CARD_EFFECTS[card.card] in said
    finally:
        pygame.quit()


def table_at_rest(app, hand: str = "keyboard"):
    """A Yatzy table waiting for its human player, nothing moving, the player's ``hand``
    in use (the keyboard: Escape does not change the table's words)."""
    use_hand(hand)
    info = GAMES["yatzy"]
    seats = [Seat("Ada"), Seat("Bram", "normal")]
    play = app.show("play", info=info, state=info.new_game(seats, seed=2), autosave=False)
    for _ in range(3000):
        app.step(1 / 60)
        if play.human_turn and app.idle and app.scene is play:
            break
    assert play.human_turn and app.idle
    for _ in range(3):
        app.step(1 / 60)
    return play


def count_table_draws(play):
    drawn = []
    draw = play.draw

    def counting(surface):
        drawn.append(surface)
        return draw(surface)
    play.draw = counting
    return drawn


def press_escape():
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b"))


def test_the_pause_over_a_table_at_rest_darkens_the_picture_on_screen():
    """Nothing of the table changed since the screen showed it: the frame that opens the
    pause darkens that picture rather than draw the table again, and shows the pause at
    once."""
    app = make_app((1280, 720, 2, False))
    try:
        play = table_at_rest(app)
        drawn = count_table_draws(play)
        press_escape()
        assert app.step(1 / 60), "the pause waits for a frame"
        assert app.scene.__class__.__name__ == "PauseScene"
        assert drawn == []
        assert pygame.image.tobytes(app.screen, "RGB") == \
            pygame.image.tobytes(whole_redraw(app), "RGB")
    finally:
        pygame.quit()


@pytest.mark.parametrize("change", ["pointer", "odds", "game", "hand"])
def test_a_table_changed_in_the_frame_the_pause_opens_is_drawn_again(change):
    """(``hand``: the table was at rest with a mouse's words; Escape takes the keyboard,
    whose words the table under the pause shows.)"""
    app = make_app((1280, 720, 1, False))
    try:
        play = table_at_rest(app, "mouse" if change == "hand" else "keyboard")
        drawn = count_table_draws(play)
        if change == "pointer":  # over a die: it is lit
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=play.die_rects[0].center,
                                                 rel=(1, 1), buttons=(0, 0, 0)))
        elif change == "odds":  # the odds beside the sheet
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0,
                                                 unicode="o"))
        elif change == "game":
            play.act({"kind": "roll"})
            play.animator.finish()
            play._pump()
        press_escape()
        for _ in range(3):
            app.step(1 / 60)
        assert app.scene.__class__.__name__ == "PauseScene"
        assert drawn, "the table under the pause is the picture from before the change"
        assert pygame.image.tobytes(app.screen, "RGB") == \
            pygame.image.tobytes(whole_redraw(app), "RGB")
    finally:
        pygame.quit()


def test_a_players_card_is_redrawn_only_where_it_changed():
    """A player's card at a phone's size, the deck empty: the ring round the deck pulses
    while it waits, the discards fly back onto the deck, the card comes off it turning
    over, its words to go on come up, and it closes. Where a frame draws only what
    changed, the ring that shrank, the cards that flew on, the plate that went must be
    restored from the table's picture and presented: after every frame the window shows
    the screen, and the screen a whole redraw."""
    app = make_app((390, 844, 2, True))
    try:
        play, card = a_players_card(app)
        state = play.state  # (the discards to shuffle back: every card but the one left)
        state.discard.extend(state.deck[1:])
        del state.deck[:]
        card.discards_before = len(state.discard)
        app.invalidate()
        phases: dict[str, int] = {}
        with presented(app) as seen:
            for i in range(400):
                if i == 90:  # the ring pulsed a while: turn the card over
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE,
                                                         mod=0, unicode=" "))
                if card.phase == "show" and card.time > 0.5:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE,
                                                         mod=0, unicode=" "))
                before, cut = app.drawn_frames, seen["cut"]
                app.step(1 / 60)
                if app.scene is not card:
                    break
                if app.drawn_frames > before:
                    phases[card.phase] = phases.get(card.phase, 0) + (seen["cut"] > cut)
                    check_shown(app, seen, app.frame)
        assert app.scene is play, "the card did not close"
        assert min(phases.get(p, 0) for p in ("wait", "shuffle", "flip", "show")) > 0, phases
        assert phases["wait"] > 3 and phases["shuffle"] > 20, phases
    finally:
        pygame.quit()


@pytest.mark.parametrize("alpha", [170, 225])
def test_the_shade_under_an_overlay_darkens_as_blending_its_colour_would(alpha):
    """widgets.dim lays one colour over the window by a surface alpha (a shade with an
    alpha in every pixel was 80 ms a frame in the page at a phone's CPU): every pixel of a
    table of every colour must come out as blending that colour at ``alpha`` gives, within
    one step of a colour."""
    import random
    app = make_app((390, 844, 2, True))
    try:
        rng = random.Random(alpha)
        table = app.screen.copy()
        for x in range(0, table.get_width(), 6):
            for y in range(0, table.get_height(), 6):
                table.fill([rng.randrange(256) for _ in range(3)], (x, y, 6, 6))
        dimmed, blended = table.copy(), table.copy()
        widgets.dim(dimmed, alpha)
        shade = pygame.Surface(table.get_size(), pygame.SRCALPHA)
        shade.fill((5, 10, 16, alpha))
        blended.blit(shade, (0, 0))
        alike = pygame.mask.from_threshold(dimmed, (0, 0, 0), (2, 2, 2, 255), blended)
        assert alike.count() == table.get_width() * table.get_height()
    finally:
        pygame.quit()
