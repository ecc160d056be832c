"""The Fortune Card draw is one clear moment, at a desktop window, a phone held upright and
a 4K monitor: the card comes off the one deck (the felt's), turns over, and its name and
effect are written once, on its face; every word the overlay writes sits on a plate of its
own, so no text is drawn over the table's text, none over the top bar, and no plate over
the card or the deck. Frame by frame through a person's draw, with the real scenes."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GAMES
from game.games.pirates.rules import CARD_EFFECTS, CARD_NAMES
from game.games.pirates.table import zones
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.ui import probe, text, theme
from tests.test_ui_screens import make_app
from tests.ui_driver import frames, key

SIZES = [(1280, 720, 1, False), (390, 844, 3, True), (2560, 1440, 1, False)]
IDS = ["1280x720", "390x844r3-touch", "2560x1440"]


def a_persons_draw(app):
    """A Pirate Fortune game whose first player, a person, has the card draw up."""
    info = GAMES["pirates"]
    for seed in range(40):
        state = info.new_game([Seat("Åsa-Märta Lindqvist"), Seat("Bram", "easy")], seed=seed)
        if state.current == 0:
            break
    play = app.show("play", info=info, state=state, autosave=False)
    for _ in range(600):
        frames(app)
        if isinstance(app.scene, CardDrawScene) and app.scene.human:
            return play, app.scene
    raise AssertionError("the person's card draw never came up")


def drawn(scene, surface):
    """The texts a scene draws and what it shows (plates, cards, decks) in one draw."""
    with text.record() as texts, probe.record_shown() as shown:
        scene.draw(surface)
    return list(texts), list(shown)


def check_frame(app, play, card: CardDrawScene, phase_seen: set[str]) -> None:
    canvas = app.screen.copy()
    table_texts, table_shown = drawn(play, canvas)
    texts, shown = drawn(card, canvas)
    phase_seen.add(card.phase)
    plates = [r for kind, _, r in shown if kind == "plate"]
    assert plates, "whose card it is: on a plate"
    for t in texts:  # every word of the overlay on a plate of its own
        assert any(p.contains(t.ink) for p in plates), f"{t.text!r} is not on a plate"
    top = play.regions["bar"].union(play.regions.get("tools", play.regions["bar"]))
    decks = [r for kind, _, r in shown if kind == "deck"]
    for p in plates:
        assert not p.colliderect(top), "a plate over the top bar"
        for other in plates:
            assert other is p or not p.colliderect(other), "plates over each other"
        for r in decks:
            assert not p.colliderect(r), "a plate over the deck"
    if card.phase == "show":
        for p in plates:
            assert not p.colliderect(card.card_rect), "a plate over the card"
    # One deck: the overlay's is the felt's, where the table draws its card.
    felt = zones(play.regions["tray"])["card"]
    assert decks == [felt] or card.phase == "shuffle"
    # The name and the effect: written once, on the face of the card in the middle.
    all_texts = [t.source for t in table_texts + texts]
    if card.card is not None:
        name, effect = CARD_NAMES[card.card], CARD_EFFECTS[card.card]
        for t in all_texts:
            assert effect not in t and t != name and not t.startswith(f"{name}:"), \
                f"{t!r} written beside the card"
    words = [(what, r) for kind, what, r in shown if kind == "card words"]
    if card.phase == "show":
        assert len(words) == 1
        (name, effect), where = words[0]
        assert effect == CARD_EFFECTS[card.card] and name, "the face reads whole"
        assert where == card.card_rect
    table_words = [(what, r) for kind, what, r in table_shown if kind == "card words"]
    for (_, effect), where in table_words:  # the felt's card: under the deck
        assert where == felt and not effect


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_card_draw_is_one_moment_with_every_word_once_and_on_its_own(size):
    app = make_app(size)
    try:
        play, card = a_persons_draw(app)
        seen: set[str] = set()
        check_frame(app, play, card, seen)  # waiting for the person
        key(pygame.K_SPACE)
        for _ in range(200):
            frames(app)
            if app.scene is not card:
                break
            check_frame(app, play, card, seen)
            if card.phase == "show" and card.time > 0.5:
                key(pygame.K_SPACE)  # read: on to the table
        assert {"wait", "flip", "show"} <= seen
        assert app.scene is play
        # Back at the table, the card beside the dice names itself and says its effect once.
        with text.record() as texts:
            app.draw()
        said = {t.source for t in texts if CARD_EFFECTS[play.state.card] in t.source}
        assert len(said) == 1, said
    finally:
        pygame.quit()


@pytest.mark.parametrize("smooth", [True, False], ids=["native", "page"])
def test_a_card_is_drawn_as_blending_its_whole_picture_would(smooth, monkeypatch):
    """``draw_card`` copies a card's picture but for its rounded corners (blending every
    pixel of it was the slowest part of a frame under a card in the page): over a table of
    every colour, each card, face up and down, whole, turning, scaled down from a larger
    picture, odd sizes and a sliver, must be what blending its whole picture gives, corners
    and shadow included: pixel for pixel where the picture is drawn at its own size, and
    within four steps of a colour where it is scaled (smoothscale's rounding leaves a
    scaled picture's alpha at 251 to 254 where it is opaque, which blending took as up to
    four 255ths of the table under it: the copy is the card's own colour). A band of the
    picture left out or a corner misplaced leaves the table's colours there. So too where a
    card on the move is scaled by the nearest pixel (``cards.SMOOTH_MOVING``: the page)."""
    import random

    from game.ui import cards
    monkeypatch.setattr(cards, "SMOOTH_MOVING", smooth)
    app = make_app((390, 844, 2, True))
    try:
        deck = GAMES["pirates"].state_type().CARD_DECK
        rng = random.Random(1)
        table = pygame.Surface((520, 700)).convert(app.screen)
        for x in range(0, 520, 4):
            for y in range(0, 700, 4):
                table.fill([rng.randrange(256) for _ in range(3)], (x, y, 4, 4))

        def blended(surface, image, topleft, corner, kept):
            surface.blit(image, topleft)

        names = sorted(set(CARD_NAMES))[:4]
        exact = near = 0
        for size, source in [((180, 262), None), ((181, 263), None), ((90, 131), None),
                             ((310, 450), (420, 605)), ((233, 335), (420, 605))]:
            for card in [None, *names]:
                for flip in (0.0, 0.2, 0.49, 0.5, 0.51, 0.8, 1.0):
                    rect = pygame.Rect((37, 55), size)
                    fast, slow = table.copy(), table.copy()
                    cards.draw_card(fast, rect, deck, card, flip=flip, source=source)
                    real = cards.blit_card
                    cards.blit_card = blended
                    try:
                        cards.draw_card(slow, rect, deck, card, flip=flip, source=source)
                    finally:
                        cards.blit_card = real
                    where = (size, source, card, flip)
                    if source is None and flip in (0.0, 1.0) and (card or not flip):
                        assert pygame.image.tobytes(fast, "RGB") == \
                            pygame.image.tobytes(slow, "RGB"), where
                        exact += 1
                    else:
                        alike = pygame.mask.from_threshold(fast, (0, 0, 0), (5, 5, 5, 255),
                                                           slow)
                        assert alike.count() == 520 * 700, where
                        near += 1
        assert exact > 20 and near > 100, (exact, near)
    finally:
        pygame.quit()


@pytest.mark.parametrize("smooth", [True, False], ids=["native", "page"])
def test_nothing_of_the_table_shows_through_a_card(smooth, monkeypatch):
    """A card is opaque inside its rounded edge, whatever it is drawn over, at its own size,
    turning and scaled down: smoothscale leaves a scaled picture's alpha at 251-254 where
    the card is opaque, and the corners (blended) must not let the table through there
    beside the copied body (a seam: a box of another shade in each corner). So too scaled
    by the nearest pixel (the page's card on the move)."""
    from game.ui import cards
    monkeypatch.setattr(cards, "SMOOTH_MOVING", smooth)
    app = make_app((390, 844, 2, True))
    try:
        deck = GAMES["pirates"].state_type().CARD_DECK
        name = sorted(CARD_NAMES)[0]
        checked = 0
        for card, flip, source, size in [(name, 1.0, None, (300, 432)),
                                         (None, 0.0, None, (300, 432)),
                                         (name, 0.9, (420, 605), (310, 450)),
                                         (None, 0.2, (420, 605), (310, 450)),
                                         (name, 0.6, (600, 864), (500, 720)),
                                         (name, 0.8, (600, 864), (560, 800)),
                                         (name, 0.95, (600, 864), (590, 850))]:
            seen = []
            for colour in [(0, 0, 0), (255, 255, 255), (30, 200, 90)]:
                table = pygame.Surface((700, 900)).convert(app.screen)
                table.fill(colour)
                cards.draw_card(table, pygame.Rect((40, 40), size), deck, card, flip=flip,
                                source=source)
                seen.append(table)
            scale = 1 - flip * 2 if flip < 0.5 else flip * 2 - 1
            width = max(2, int(size[0] * scale))
            inside = pygame.Rect(40 + size[0] // 2 - width // 2, 40, width, size[1])
            inside = inside.inflate(-28, -28)  # (clear of the rounded edge)
            shown = {pygame.image.tobytes(s.subsurface(inside), "RGB") for s in seen}
            assert len(shown) == 1, (card, flip, source, size)
            checked += 1
        assert checked == 7
    finally:
        pygame.quit()


@pytest.mark.parametrize("smooth", [True, False], ids=["native", "page"])
def test_a_card_on_the_move_is_scaled_as_the_place_says_and_at_rest_not_at_all(smooth,
                                                                               monkeypatch):
    """A card turning over or coming off the deck is scaled each frame: smoothed natively, by
    the nearest pixel in the page (``cards.SMOOTH_MOVING``: smoothscale there has no SIMD,
    7-24 ms a frame at a phone's CPU); a card at rest at its picture's size is not scaled."""
    from game.ui import cards
    monkeypatch.setattr(cards, "SMOOTH_MOVING", smooth)
    used = []
    for name in ("smoothscale", "scale"):
        own = getattr(pygame.transform, name)
        monkeypatch.setattr(pygame.transform, name,
                            lambda *a, own=own, name=name: used.append(name) or own(*a))
    app = make_app((390, 844, 2, True))
    try:
        deck = GAMES["pirates"].state_type().CARD_DECK
        card = sorted(CARD_NAMES)[0]
        surface = pygame.Surface((700, 900)).convert(app.screen)
        for flip, source in ((0.3, None), (0.8, None), (1.0, (420, 605))):
            used.clear()
            cards.draw_card(surface, pygame.Rect(40, 40, 310, 450), deck, card, flip=flip,
                            source=source)
            assert used == ["smoothscale" if smooth else "scale"], (flip, source, used)
        used.clear()
        cards.draw_card(surface, pygame.Rect(40, 40, 310, 450), deck, card)  # (at rest)
        assert used == []
    finally:
        pygame.quit()


def test_a_bots_card_turns_over_without_making_its_pictures():
    """A card's face took 18-24 ms in the page at a phone's CPU, made in the frame the
    card turned over (its back too, the first time). While a bot reaches for the deck (frames
    with nothing to do) the card draw makes them, the back and every face at the card's
    size, one a frame (``CardDrawScene.warm``): the turn then makes none."""
    from game.ui import cards
    app = make_app((390, 844, 3, True))
    try:
        info = GAMES["pirates"]
        play = app.show("play", info=info, state=info.new_game(
            [Seat("Ada", "easy"), Seat("Bram", "easy")], seed=3), autosave=False)
        app.settings.bot_speed = "normal"
        cards._cache.clear()  # (made by other tests)
        made, own_face, own_back = [], cards._card_face, cards.card_back

        def face(card, w, h, effect):
            made.append(("face", card.id, (w, h), app.frame))
            return own_face(card, w, h, effect)

        def back(deck, w, h):
            key = ("back", deck.back_word, deck.back_symbol, max(1, w), max(1, h),
                   theme.metrics.scale)
            if key not in cards._cache:
                made.append(("back", (w, h), app.frame))
            return own_back(deck, w, h)
        cards._card_face, cards.card_back = face, back
        try:
            for _ in range(600):
                frames(app)
                if isinstance(app.scene, CardDrawScene):
                    break
            draw = app.scene
            assert isinstance(draw, CardDrawScene) and not draw.human
            for _ in range(600):  # (its wait, then the turn, until it shows)
                if draw.phase in ("flip", "show"):
                    break
                frames(app)
            turned = app.frame
            size = draw.card_rect.size
            for _ in range(120):
                frames(app)
                if draw.phase == "show" or app.scene is not draw:
                    break
            at_size = [m for m in made if m[0] == "back" and m[1] == size]
            assert at_size and all(at < turned for *_, at in at_size), made
            faces = {m[1] for m in made if m[0] == "face" and m[2] == size}
            assert faces == {f.id for f in play.state.CARD_DECK.faces}, faces  # (each)
            late = [m for m in made if m[-1] >= turned]
            assert not late, f"made as the card turned: {late}"
        finally:
            cards._card_face, cards.card_back = own_face, own_back
    finally:
        pygame.quit()


def test_the_table_makes_the_cards_pictures_while_a_person_plays():
    """A person's card draw pulses the deck until they turn the card over: no frame with
    nothing to do there. The table makes the pictures a draw will show, the back and each
    face at the card draw's size (``card_draw_layout``) and at the felt's card spot, in
    its own such frames, while a person plays their turn (``TableScene.warm``)."""
    from game.scenes.table_layout import card_draw_layout
    from game.ui import cards
    app = make_app((390, 844, 3, True))
    try:
        play, draw = a_persons_draw(app)
        frames(app, 20)
        key(pygame.K_SPACE)  # (turned over)
        for _ in range(600):
            frames(app)
            if app.scene is play:
                break
        assert app.scene is play, "the card draw did not close"
        cards._cache.clear()  # (made by the draw, or other tests)
        frames(app, 400)  # (the person looks at the dice)
        deck = play.state.CARD_DECK
        spot = play.table.card_spot(play.regions["tray"])
        for size in {card_draw_layout(play.regions, spot).card.size, spot.size}:
            missing = [f.id for f in deck.faces if ("face", f, *size, True,
                                                    theme.metrics.scale) not in cards._cache]
            assert not missing, (size, missing)
            assert ("back", deck.back_word, deck.back_symbol, *size,
                    theme.metrics.scale) in cards._cache, size
        assert card_draw_layout(play.regions, spot).card.size == draw.card_rect.size
    finally:
        pygame.quit()
