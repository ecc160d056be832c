"""Cards drawn in code: a parchment face with the card's picture, name and effect, and a
patterned back. Sizes are free; text is fitted to the card's width. What a card shows is
the game's (game.rules.core.CardDeck, the ``CARD_DECK`` of a game.contract.CardGame, such
as Pirate Fortune's Fortune Cards): this module only draws it."""

from __future__ import annotations

from math import ceil

import pygame

from game import web
from game.rules.core import CardDeck, CardFace

from . import probe, theme
from .symbols import INK, draw_symbol
from .text import draw_text_in, paused, text_width

PARCHMENT = (246, 234, 204)
PARCHMENT_EDGE = (176, 140, 84)
BACK = (128, 36, 40)
BACK_LINE = (214, 170, 80)

_cache: dict[tuple, pygame.Surface] = {}


# A card on the move (turning over, coming off the deck) is scaled each frame: smoothed
# natively, by the nearest pixel in the page, where smoothscale has no SIMD (7-24 ms a frame
# at a phone's CPU, 1-2 by the nearest: a card drawn in Pirate Fortune was ten frames of
# 20-50 ms; at a ratio of 2 or 3 and on the move its steps are not seen); at rest it is its
# picture, never scaled
SMOOTH_MOVING = not web.in_browser()
NAMED = 100  # dp: a card narrower than this shows its picture only (its name is beside it)
EFFECT = 200  # dp: a card at least this wide also writes out its effect


def card_face(deck: CardDeck, card: str, w: int, h: int, effect: bool = True) -> pygame.Surface:
    """The face of ``card`` of ``deck``, ``w`` x ``h`` device pixels: its name over its
    picture where the card is wide enough to write it at a readable size, and its effect on
    a big card."""
    w, h = max(1, w), max(1, h)  # (a card squeezed to nothing is still a picture)
    face = deck.face(card)
    key = _face_key(face, w, h, effect)
    if key in _cache:
        return _cache[key]
    with paused():  # (words on a picture: ``draw_card`` says where they are shown)
        _cache[key] = _card_face(face, w, h, effect)
    return _cache[key]


def _card_face(card: CardFace, w: int, h: int, effect: bool) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = _radius(w)
    edge = max(3, w // 40)
    pygame.draw.rect(surf, PARCHMENT_EDGE, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, PARCHMENT, surf.get_rect().inflate(-2 * edge, -2 * edge),
                     border_radius=radius)
    name = card.short
    wide = theme.dp(w)
    effect = effect and wide >= EFFECT
    pad = max(4, w // 16)
    top = pad
    if wide >= NAMED:
        size = max(theme.FONT_FLOOR, wide / 9)
        name_h = theme.px(size * 1.4)
        two = text_width(name, theme.FONT_FLOOR, True) > w - 2 * pad  # two lines, not "Monk…"
        if two:
            size = theme.FONT_FLOOR
            name_h = 2 * theme.px(size * 1.4)
        draw_text_in(surf, name, pygame.Rect(pad, pad, w - 2 * pad, name_h), size, INK, True,
                     min_size=theme.FONT_FLOOR, wrap=two)
        top = pad + name_h
    art_h = int(h * (0.5 if effect else 0.62)) if wide >= NAMED else h - 2 * top
    art = pygame.Rect(pad, top + pad // 2, w - 2 * pad, art_h)
    symbols = card.picture
    big, count = symbols[0]
    if len(symbols) == 1 and count == 1:
        side = min(art.w, art.h)
        draw_symbol(surf, big, pygame.Rect(art.centerx - side // 2, art.y, side, side))
    elif len(symbols) == 1:  # several of the same: side by side
        side = min(art.w // count, art.h)
        x = art.centerx - side * count // 2
        for i in range(count):
            draw_symbol(surf, big, pygame.Rect(x + i * side, art.y + (art.h - side) // 2,
                                               side, side))
    else:  # two side by side (monkey and parrot), or a main picture with smaller ones under
        second, n = symbols[1]  # it (ship and swords)
        if n == 1:
            side = min(art.w // 2, art.h)
            draw_symbol(surf, big, pygame.Rect(art.centerx - side, art.y, side, side))
            draw_symbol(surf, second, pygame.Rect(art.centerx, art.y, side, side))
        else:
            side = int(art.h * 0.7)
            draw_symbol(surf, big, pygame.Rect(art.centerx - side // 2, art.y, side, side))
            small = min((art.w - 4) // n, art.h - side)
            x = art.centerx - small * n // 2
            for i in range(n):
                draw_symbol(surf, second, pygame.Rect(x + i * small, art.y + side, small, small))
    if effect:
        box = pygame.Rect(pad, art.bottom + pad // 2, w - 2 * pad, h - art.bottom - pad)
        draw_text_in(surf, card.effect, box, max(theme.FONT_FLOOR, wide / 13), INK,
                     min_size=theme.FONT_FLOOR, wrap=True, valign="top")
    return surf


def _face_key(face: CardFace, w: int, h: int, effect: bool) -> tuple:
    """What ``card_face`` keeps a face's picture by (``_cache``)."""
    return ("face", face, w, h, effect, theme.metrics.scale)


def _back_key(deck: CardDeck, w: int, h: int) -> tuple:
    """What ``card_back`` keeps a deck's back by (``_cache``)."""
    return ("back", deck.back_word, deck.back_symbol, w, h, theme.metrics.scale)


def warm_card(deck: CardDeck, w: int, h: int) -> bool:
    """Make the next picture of ``deck`` at ``w`` x ``h`` not made yet: its back, then each
    face (with its effect), as a card turned over there shows them; True when one was
    made, False when all are. A face took 18-24 ms in the page at a phone's CPU, in the
    frame the card turned over."""
    w, h = max(1, w), max(1, h)
    if _back_key(deck, w, h) not in _cache:
        card_back(deck, w, h)
        return True
    for face in deck.faces:
        if _face_key(face, w, h, True) not in _cache:
            card_face(deck, face.id, w, h)
            return True
    return False


def face_words(deck: CardDeck, card: str, w: int, effect: bool = True) -> tuple[str, str]:
    """The words a face ``w`` device pixels wide carries: its name (or "" for a picture
    only) and its effect (or "")."""
    wide = theme.dp(w)
    face = deck.face(card)
    return face.short if wide >= NAMED else "", face.effect if effect and wide >= EFFECT else ""


def card_back(deck: CardDeck, w: int, h: int) -> pygame.Surface:
    """The back every card of ``deck`` shares: its symbol over a pattern, its word under."""
    w, h = max(1, w), max(1, h)
    key = _back_key(deck, w, h)
    if key in _cache:
        return _cache[key]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = _radius(w)
    pygame.draw.rect(surf, BACK_LINE, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-6, -6)
    pygame.draw.rect(surf, BACK, inner, border_radius=radius)
    pygame.draw.rect(surf, BACK_LINE, inner.inflate(-10, -10), 2, border_radius=radius)
    step = max(8, w // 7)
    for x in range(-h, w, step):
        pygame.draw.line(surf, (110, 30, 34), (x, 0), (x + h, h), 2)
    side = min(w, h) // 2
    draw_symbol(surf, deck.back_symbol, pygame.Rect(w // 2 - side // 2, h // 2 - side // 2 - side // 6,
                                           side, side))
    wide = theme.dp(w)
    if wide >= NAMED:
        size = max(theme.FONT_FLOOR, wide / 8)
        box_h = theme.px(size * 1.4)
        draw_text_in(surf, deck.back_word, pygame.Rect(w // 10, h - h // 12 - box_h, w - w // 5,
                                                  box_h), size, BACK_LINE, True,
                     min_size=theme.FONT_FLOOR)
    _cache[key] = surf
    return surf


def draw_card(surface: pygame.Surface, rect: pygame.Rect, deck: CardDeck, card: str | None,
              flip: float = 1.0, effect: bool = True,
              source: tuple[int, int] | None = None) -> None:
    """A card of ``deck`` face up (``card``) or face down (None). ``flip`` 0..1 turns it over: the back
    narrows to an edge, then the face widens (0.5 = on its edge). A card that changes size
    from frame to frame (a card on the move) is drawn once at ``source`` size and scaled,
    so the picture cache does not fill up with one card per frame."""
    w, h = source or rect.size
    if flip < 0.5 or card is None:
        image = card_back(deck, w, h)
        scale = 1 - flip * 2 if flip < 0.5 else 1.0  # (a face down card may turn too)
    else:
        image = card_face(deck, card, w, h, effect)
        scale = flip * 2 - 1
    width = max(2, int(rect.w * scale))
    sw, sh = image.get_size()
    kept = (width, rect.h) == (sw, sh)
    if not kept:
        scaler = pygame.transform.smoothscale if SMOOTH_MOVING else pygame.transform.scale
        image = scaler(image, (width, max(1, rect.h)))
    shadow = pygame.Rect(0, 0, width, rect.h).move(rect.centerx - width // 2 + 4, rect.y + 5)
    pygame.draw.rect(surface, (8, 14, 20), shadow, border_radius=_radius(rect.w))
    probe_card(surface, rect, card if flip >= 0.5 else None)
    if card is not None and flip >= 0.5:
        probe.shown("card words", face_words(deck, card, w, effect), rect)
    corner = _radius(sw)  # (the picture's corners, scaled as the picture is, and a pixel
    blit_card(surface, image, image.get_rect(center=rect.center).topleft,  # or two more for
              (ceil(corner * image.get_width() / sw) + 2,  # the smoothing)
               ceil(corner * image.get_height() / sh) + 2), kept)


def _radius(w: int) -> int:
    """The rounded corners of a card's picture ``w`` pixels wide (face and back)."""
    return max(6, w // 12)


OPAQUE = 250  # (mask threshold: alpha above it) a scaled picture's opaque pixels (blit_card)
_bodies: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}  # a kept picture, and its
# copy without alpha in the format of a surface it is drawn on


def blit_card(surface: pygame.Surface, image: pygame.Surface, topleft: tuple[int, int],
              corner: tuple[int, int], kept: bool) -> None:
    """Blit a card's picture, opaque but for its rounded corners (each within ``corner``,
    width and height, of the picture's own): the four corners blended by their alpha, the
    rest copied as it is, which is what blending it would give (its alpha is 255 there).
    Blending every pixel of a large card was 38 ms at a phone's CPU in the page (pygame's
    blitter without SIMD in WebAssembly), the copy 1 to 3 ms. ``kept``: the picture is a
    kept one (``_cache``), its copy without alpha is kept too; else it is a picture made
    for this blit (scaled), whose alpha is switched off once its corners are drawn.
    smoothscale leaves a scaled picture's alpha at 251 to 254 where the card is opaque:
    there the corners' pixels are copied too (``OPAQUE``), or the table would show a little
    through them beside the copied body (a box of another shade in each corner)."""
    w, h = image.get_size()
    cx, cy = min(corner[0], w // 2), min(corner[1], h // 2)
    x, y = topleft
    corners = ((0, 0), (w - cx, 0), (0, h - cy), (w - cx, h - cy))
    for ax, ay in corners:
        surface.blit(image, (x + ax, y + ay), (ax, ay, cx, cy))
    if kept:
        key = (id(image), surface.get_bitsize(), surface.get_masks())
        if key not in _bodies or _bodies[key][0] is not image:
            _bodies[key] = (image, image.convert(surface))
        body = _bodies[key][1]
    else:
        for ax, ay in corners:  # (their opaque pixels copied over what was blended)
            block = image.subsurface((ax, ay, cx, cy))
            opaque = pygame.mask.from_surface(block, OPAQUE)
            opaque.to_surface(surface, setsurface=block.convert(surface), unsetcolor=None,
                              dest=(x + ax, y + ay))
        body = image
        body.set_alpha(None)
    for area in ((cx, 0, w - 2 * cx, cy), (0, cy, w, h - 2 * cy), (cx, h - cy, w - 2 * cx, cy)):
        if area[2] > 0 and area[3] > 0:
            surface.blit(body, (x + area[0], y + area[1]), area)


def probe_card(surface: pygame.Surface, rect: pygame.Rect, card: str | None) -> None:
    """Tests see which card face is on show (a face down card is None)."""
    probe.shown("card", card, rect)


def draw_pile(surface: pygame.Surface, rect: pygame.Rect, deck: CardDeck, count: int,
              top: str | None, label: str) -> None:
    """A pile of ``count`` cards of ``deck`` (face down when ``top`` is None), with a label
    under it."""
    if count == 0:
        pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=max(6, rect.w // 12))
    for i in range(min(count, 6) - 1, -1, -1):
        r = rect.move(-i * 2, -i * 2)
        if i:
            pygame.draw.rect(surface, PARCHMENT_EDGE if top else BACK_LINE, r,
                             border_radius=max(6, rect.w // 12))
        else:
            draw_card(surface, r, deck, top, effect=False)
    if not label:  # (a pile the table names already)
        return
    draw_text_in(surface, f"{label} ({count})",
                 pygame.Rect(rect.x - theme.px(30), rect.bottom + theme.px(6),
                             rect.w + theme.px(60), theme.px(26)), 16, theme.TEXT_DIM, True,
                 min_size=12)
