"""The table blits a die as a keyed sprite (opaque, its corners marked by a colour key)
rather than as a picture with an alpha channel: the browser's pygame blits it several
times faster. It must look exactly the same: every face, every size, turned any way,
on the felt and on a die's glow."""

from __future__ import annotations

import pygame
import pytest

from game.ui import dice, theme
from game.ui.dice import ASIDE, FACE_SETS, _keyed, die_face, die_sprite

VALUES = sorted({v for faces in FACE_SETS.values() for v in faces}, key=str)


@pytest.fixture
def window():
    pygame.init()
    screen = pygame.display.set_mode((400, 400))
    yield screen
    pygame.quit()


def blit_both(window, picture, sprite, rotation, ground):
    a = pygame.Surface((400, 400), 0, window)
    b = pygame.Surface((400, 400), 0, window)
    for surface, image in ((a, picture), (b, sprite)):
        surface.fill(ground)
        if rotation:
            image = pygame.transform.rotate(image, rotation)
        surface.blit(image, image.get_rect(center=(200, 200)))
    return pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("size", [18, 37, 84, 150, 252])
def test_a_sprite_looks_like_the_face(window, size):
    for value in VALUES:
        for colour in (theme.DIE, ASIDE):
            picture = die_face(value, size, face=colour)
            for rotation in (0, 7.5, 33, 90, 211.25, -47):
                sprite = die_sprite(value, size, face=colour, turning=bool(rotation))
                assert sprite.get_colorkey() is not None, "no key: the slow blit"
                assert not sprite.get_flags() & pygame.SRCALPHA
                for ground in (theme.FELT, theme.HELD, (255, 0, 255)):
                    old, new = blit_both(window, picture, sprite, rotation, ground)
                    assert old == new, (value, size, colour, rotation, ground)


def test_the_sprite_to_blit_is_encoded_when_it_is_made(window):
    """Run-length encoding a sprite at its first blit cost 1-2 ms a face in the page at a
    phone's CPU, in the frame the dice landed: it is encoded when made (in a frame with
    nothing else to do, ``Scene.warm``)."""
    dice._sprites.clear()
    still = die_sprite(3, 91)
    assert still.get_flags() & pygame.RLEACCEL


def test_the_sprite_to_turn_is_not_run_length_encoded(window):
    still = die_sprite(4, 84)
    turning = die_sprite(4, 84, turning=True)
    window.blit(still, (0, 0))  # (encoded at its first blit)
    window.blit(pygame.transform.rotate(turning, 30), (0, 0))
    assert still.get_flags() & pygame.RLEACCEL
    assert not turning.get_flags() & pygame.RLEACCEL
    assert still is die_sprite(4, 84) and turning is die_sprite(4, 84, turning=True)


def test_a_pip_die_to_turn_has_a_byte_a_pixel_and_a_face_of_other_colours_keeps_four(window):
    """The copy of a die that is turned every frame of a throw is paletted where the face's
    colours are the die's few (in the page a quarter of the time to turn and blit); a face
    drawn with other colours (a Pirate Fortune symbol) keeps four bytes a pixel, the same
    pixels either way (test_a_sprite_looks_like_the_face)."""
    for value in (1, 4, 6):
        for colour in (theme.DIE, ASIDE, dice.DEAD):
            turning = die_sprite(value, 84, face=colour, turning=True)
            assert turning.get_bitsize() == 8, (value, colour)
            assert die_sprite(value, 84, face=colour).get_bitsize() == 32  # (the still one)
    keyed = _keyed(die_face(5, 60), window)
    pygame.draw.circle(keyed, (10, 200, 10), (30, 30), 4)  # (a colour not in the palette)
    assert dice._paletted(keyed, (keyed.get_colorkey(), theme.DIE_EDGE, theme.DIE,
                                  theme.PIP)) is None
    assert dice._paletted(keyed, (keyed.get_colorkey(), theme.DIE_EDGE, theme.DIE, theme.PIP,
                                  (10, 200, 10))) is not None


def test_a_key_colour_found_in_the_face_is_not_used(window):
    picture = pygame.Surface((20, 20), pygame.SRCALPHA)
    pygame.draw.rect(picture, dice.KEYS[0], (4, 4, 12, 12))  # the first key, in the face
    keyed = _keyed(picture, window)
    assert keyed is not None and keyed.get_colorkey()[:3] == dice.KEYS[1]
    old, new = blit_both(window, picture, keyed, 0, theme.FELT)
    assert old == new


def test_a_face_with_half_transparent_pixels_keeps_its_alpha(window):
    picture = pygame.Surface((20, 20), pygame.SRCALPHA)
    pygame.draw.rect(picture, (200, 200, 200, 128), (4, 4, 12, 12))
    assert _keyed(picture, window) is None
    every = pygame.Surface((len(dice.KEYS), 1), pygame.SRCALPHA)
    for i, colour in enumerate(dice.KEYS):
        every.set_at((i, 0), colour)
    assert _keyed(every, window) is None  # every key colour is in it


@pytest.mark.parametrize("game_id", ["yatzy", "pirates"])
def test_a_tables_dice_are_made_in_idle_frames_before_the_first_throw(app, game_id):
    """In the page a die's sprite takes 5-6 ms to make at a phone's CPU: the frames of a
    first throw, which show each face for the first time, made six in one frame (34 ms), and
    a score's dice flying to their box one at each side they shrink through. The table makes
    them in frames with nothing else to do (``Scene.warm``), one piece a frame (a face's
    sprite to blit; at the felt's size, in another frame, its sprite to turn): the throw
    then makes none."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    from game.ui.moments import travel_sizes
    from tests.ui_driver import frames, key
    info = GAMES[game_id]
    play = app.show("play", info=info, state=info.new_game([Seat("Ann"), Seat("Bob", "easy")],
                                                          seed=9), autosave=False)
    frames(app)
    play.banner = None
    frames(app, 3)
    if game_id == "pirates":  # (a turn begins with a Fortune Card: then the dice can roll)
        key(pygame.K_SPACE)
        for _ in range(300):
            frames(app)
            if app.scene is play and not play.busy and play.card_flip <= 0:
                break
        assert any(play.state.roll_spec(a) for a in play.state.legal_actions())
    dice._sprites.clear()  # (made by other tests or the first frames)
    play._warmed = None
    made, turned = [], []  # (each face's sprite to blit; its sprite to turn)
    own, own_paletted = dice._keyed, dice._paletted

    def keyed(picture, window):
        made.append(picture.get_size())
        return own(picture, window)

    def paletted(picture, colours):
        turned.append(picture.get_size())
        return own_paletted(picture, colours)
    dice._keyed, dice._paletted = keyed, paletted
    try:
        pieces = []
        for _ in range(150):
            frames(app)
            pieces.append(len(made) + len(turned))
        assert all(b - a <= 1 for a, b in zip(pieces, pieces[1:], strict=False)), \
            "two pieces in a frame"
        felt = {r.w for r in play.tray.die_rects}
        sizes = felt | {side for size in felt for side in travel_sizes(size)}  # (on their way)
        faces = set(FACE_SETS["pirate" if game_id == "pirates" else "pips"])
        assert len(made) == len(faces) * len(sizes), (made, sizes)  # one a frame, each once
        # (those to turn at the felt's sizes only: a die flying to its box does not turn)
        assert sorted(turned) == sorted((w, w) for w in felt for _ in faces), turned
        made.clear()
        turned.clear()
        key(pygame.K_SPACE)
        for _ in range(60):
            frames(app)
            if not play.animator.busy and play.landing is None:
                break
        assert play.tray.thrown_at is not None
        assert made == [] and turned == [], f"a throw made {len(made) + len(turned)} sprites"
    finally:
        dice._keyed, dice._paletted = own, own_paletted


def test_dice_set_aside_are_made_before_the_throw_that_sets_them_aside():
    """In Farkle a roll that sets dice aside throws fewer, larger dice, and the ones set aside
    fly to their row and rest there in their own colour: the faces at those sizes were made
    in the frame of that throw (six, 30-60 ms in the page at a phone's CPU). The idle frames
    before it make them (``TableScene.warm``): the throw makes none. On a phone, where the
    felt's dice are as large as their number lets them be."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    from game.scenes.table_tray import ASIDE_DP
    from tests.test_ui_screens import make_app
    from tests.ui_driver import frames, key
    app = make_app((390, 844, 3, True))
    info = GAMES["farkle"]
    play = app.show("play", info=info, state=info.new_game([Seat("Ann"), Seat("Bob", "easy")],
                                                          seed=9), autosave=False)
    frames(app)
    play.banner = None
    frames(app, 3)
    key(pygame.K_SPACE)  # (the first roll: all six dice)
    for _ in range(120):
        frames(app)
        if not play.animator.busy and play.landing is None and not play.busy:
            break
    aside = max((a for a in play.state.legal_actions()  # (the fewest set aside)
                 if a.get("kind") == "roll" and a.get("set_aside")),
                key=lambda a: len(play.state.roll_spec(a).rolled))
    n = len(play.state.roll_spec(aside).rolled)
    sides = {r.w for r in play.tray.placed(play.regions["tray"], n, True)}
    # (the case: larger dice than now, and than those of a roll that sets more aside)
    assert min(sides) > max(r.w for r in play.tray.die_rects)
    assert all(min(sides) < r.w for a in play.state.legal_actions() if a.get("set_aside")
               and len(a["set_aside"]) > 6 - n
               for r in play.tray.placed(play.regions["tray"],
                                         len(play.state.roll_spec(a).rolled), True))
    made = []
    own = dice._keyed

    def keyed(picture, window):
        made.append(picture.get_size())
        return own(picture, window)
    dice._keyed = keyed
    try:
        frames(app, 400)
        window = pygame.display.get_surface()
        for side in sides:
            for value in range(1, 7):  # (made to blit and to turn)
                assert dice._sprites[dice._sprite_key(value, side, theme.DIE, window)][2] \
                    is None, (value, side)
        for colour in (theme.DIE, ASIDE):  # (flying to their row, then at rest there)
            assert all(dice._sprite_key(v, theme.px(ASIDE_DP), colour, window)
                       in dice._sprites for v in range(1, 7)), colour
        made.clear()
        assert play.act(aside)
        for _ in range(90):
            frames(app)
            if not play.animator.busy and play.landing is None:
                break
        assert play.tray.thrown_at is not None
        assert made == [], f"the throw made {len(made)} sprites: {made}"
    finally:
        dice._keyed = own
        pygame.quit()


@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_the_words_under_dice_and_the_felt_are_made_before_they_show(game_id):
    """The first die held showed its word ("HELD", Farkle's "CHOSEN") laid out and drawn in
    that frame (14 ms in the page at a phone's CPU: its size's face and glyphs), and a
    frame that drew the tray alone made the felt's picture (11 ms). The idle frames before
    make them (``TableScene.warm``: the table's ``die_labels``, ``Tray.warm_felt``): no frame
    that draws makes the felt, or lays out or renders those words, from the game's start
    to a die held after the first roll (the words at the size the dice have then)."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    from game.ui import text
    from tests.test_ui_screens import make_app
    from tests.ui_driver import DT, key
    app = make_app((390, 844, 3, True))
    info = GAMES[game_id]
    play = app.show("play", info=info, state=info.new_game([Seat("Ann"), Seat("Bob", "easy")],
                                                          seed=9), autosave=False)
    words = {label for label, _ in play.table.die_labels}
    assert words == {"yatzy": {"HELD"}, "farkle": {"CHOSEN"}}[game_id], words
    text._fit_cache.clear()  # (laid out by other tests)
    text._image_cache.clear()
    made = []  # (what was made: the felt, a word laid out or rendered; in which frame)
    own_felt, own_fit, own_remember = play.tray.felt, text._fit, text._remember

    def felt(surface, area, tray):
        before = play.tray._felt_picture
        picture = own_felt(surface, area, tray)
        if before is None or before[1] is not picture:
            made.append(("felt", app.frame))
        return picture

    def fit(said, *args):
        made.append((said, app.frame))
        return own_fit(said, *args)

    def remember(cache, key, value):
        if cache is text._image_cache:
            made.append((key[1], app.frame))
        return own_remember(cache, key, value)
    drawn_at = set()

    def frames(n=1):
        for _ in range(n):
            if app.step(DT):
                drawn_at.add(app.frame - 1)
    play.tray.felt, text._fit, text._remember = felt, fit, remember
    try:
        frames(200)  # (the banner, then idle frames: the table warms)
        key(pygame.K_SPACE)  # (the first roll)
        for _ in range(120):
            frames()
            if not play.animator.busy and play.landing is None and not play.busy:
                break
        assert play.tray.thrown_at is not None
        frames(30)  # (half a second: the player looks at the roll)
        pick = next(i for i, v in enumerate(play.state.dice)
                    if game_id == "yatzy" or v in (1, 5))
        key(pygame.K_1 + pick)
        frames(3)
        spec = play.table.dice()[pick]
        assert spec.label in words and spec.mode in ("held", "chosen"), spec  # (shown)
        felts = [at for what, at in made if what == "felt"]
        assert len(felts) == 1, made  # (the felt: once)
        assert {what for what, _ in made} >= words, made  # (the words: made)
        late = [(what, at) for what, at in made if at in drawn_at and what in words | {"felt"}]
        assert not late, f"made in frames that drew: {late}"
    finally:
        play.tray.felt, text._fit, text._remember = own_felt, own_fit, own_remember
        pygame.quit()
