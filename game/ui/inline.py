"""Words with pictures in them: dice (and Fortune Cards) drawn in a line of text, the
size of the text, wrapping with it.

Texts keep their words: a group of dice is written in brackets, which is also how a log
or the accessible text reads it, and only drawing turns it into pictures:

* ``[6 6 4 1]``: dice with pips;
* ``[3 skulls, 2 coins]`` or ``[skull parrot gold]``: Pirate Fortune's faces (counted in
  words, or named);
* ``[card:captain]``: a card of the game's deck (the rules screens: ``parse`` is given the
  game's ``CardDeck``, game.contract.CardGame; without one it stays words).

The move history writes dice in square brackets (``tables.base.dice_text``); the rules
texts use braces, ``{3 3 3 5 5}``, ``{card:captain}``, so that a bracket in
a sentence stays a bracket. A group that is not dice is left as it was written.

``layout`` breaks the parts into lines of runs (text, dice, card) for a width; ``draw_line``
draws one line. A run of text is drawn with ``draw_text_in`` (so tests see every word and
its box); every die and card drawn is noted with ``probe.shown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.rules.core import CardDeck

from . import probe, theme
from .cards import draw_card
from .dice import FACE_SETS, SKULL_FACE, die_face
from .symbols import draw_symbol
from .text import draw_text_in, ellipsize, fit_text, fits_whole, shorten_names

# Pirate Fortune's faces in words: how a history line counts them ("3 skulls, 2 coins").
FACE_WORDS: dict[str, tuple[str, str]] = {
    "skull": ("skull", "skulls"), "parrot": ("parrot", "parrots"),
    "monkey": ("monkey", "monkeys"), "sword": ("sword", "swords"),
    "gold": ("coin", "coins"), "diamond": ("diamond", "diamonds")}
_WORD_FACE = {word: face for face, words in FACE_WORDS.items() for word in words}
_COUNTED = re.compile(r"(\d+) ([a-z]+)")
GROUPS = {"[": re.compile(r"\[([^\[\]]*)\]"), "{": re.compile(r"\{([^{}]*)\}")}
CARD = "card:"


@dataclass(frozen=True)
class Dice:
    values: tuple
    source: str  # the text it was written as


@dataclass(frozen=True)
class Card:
    name: str  # the card's id in its deck
    source: str
    deck: CardDeck | None = field(default=None, compare=False)  # whose card: how it looks


Part = str | Dice | Card


def faces_of(inner: str) -> tuple | None:
    """The dice a group's words stand for, or None when they are not dice: "6 6 4 1" (pips),
    "skull parrot" (faces named), "3 skulls, 2 coins" (faces counted in words)."""
    words = inner.split()
    if not words or len(words) > 24:
        return None
    if all(w in ("1", "2", "3", "4", "5", "6") for w in words):
        return tuple(int(w) for w in words) if len(words) <= 12 else None
    if all(w in FACE_SETS["pirate"] for w in words):
        return tuple(words) if len(words) <= 12 else None
    faces: list[str] = []
    for item in inner.split(","):
        m = _COUNTED.fullmatch(item.strip())
        if m is None or m.group(2) not in _WORD_FACE or not 0 < int(m.group(1)) <= 8:
            return None
        faces += [_WORD_FACE[m.group(2)]] * int(m.group(1))
    return tuple(faces) if len(faces) <= 12 else None


def parse(text: str, bracket: str = "[", cards: CardDeck | None = None) -> list[Part]:
    """``text`` as parts: its words (str) and the pictures in it (Dice, Card), in order.
    ``bracket``: "[" for texts written by the game (the history), "{" for the rules;
    ``cards``: the game's deck, whose cards a ``card:<id>`` group names (None: no cards)."""
    parts: list[Part] = []
    at = 0
    for m in GROUPS[bracket].finditer(text):
        inner = m.group(1).strip()
        picture: Part | None = None
        if inner.startswith(CARD):
            name = inner[len(CARD):].strip()
            picture = Card(name, m.group(0), cards) if cards is not None and name in cards \
                else None
        else:
            values = faces_of(inner)
            picture = Dice(values, m.group(0)) if values else None
        if picture is None:
            continue
        if m.start() > at:
            parts.append(text[at:m.start()])
        parts.append(picture)
        at = m.end()
    if at < len(text):
        parts.append(text[at:])
    return parts


def has_pictures(text: str, bracket: str = "[") -> bool:
    return any(not isinstance(p, str) for p in parse(text, bracket))


def plain(text: str, bracket: str = "{", cards: CardDeck | None = None) -> str:
    """The words of a text with pictures, for what cannot draw them: dice as "[3 3 5]",
    a card of ``cards`` as its name."""
    out = []
    for part in parse(text, bracket, cards):
        if isinstance(part, Dice):
            out.append("[" + " ".join(str(v) for v in part.values) + "]")
        elif isinstance(part, Card) and part.deck is not None:
            out.append(part.deck.face(part.name).name)
        else:
            out.append(part)
    return "".join(out)


# -- lines --------------------------------------------------------------------------------
@dataclass
class Run:
    kind: str  # text | dice | card
    value: object  # the text, the dice's values, the Card
    x: int = 0  # from the line's left, device pixels
    w: int = 0


@dataclass
class Line:
    runs: list[Run] = field(default_factory=list)
    text: str = ""  # the line in words (dice as written)

    @property
    def width(self) -> int:
        return max((r.x + r.w for r in self.runs), default=0)

    def dice(self) -> list:
        return [v for r in self.runs if r.kind == "dice" for v in r.value]


@dataclass
class Style:
    """How big the pictures are beside text of ``face``: a die a little smaller than the
    line, a card as tall as ``card_h`` (device pixels)."""

    face: pygame.font.Font
    die: int
    gap: int
    card_w: int = 0
    card_h: int = 0

    @property
    def space(self) -> int:
        return self.face.size(" ")[0]


def style_for(face: pygame.font.Font, die: int | None = None) -> Style:
    """Dice as tall as the text's line (less a pixel), a seventh of a die apart."""
    side = die or max(theme.px(12), face.get_height() - theme.px(1))
    return Style(face, side, max(1, side // 7))


_faces: dict[tuple, pygame.Surface] = {}


def small_die(value, side: int) -> pygame.Surface:
    """A die's face for a line of text: pips as on the table; a picture face (Pirate
    Fortune) with its picture filling the face, so that it still reads at text size."""
    if not isinstance(value, str) or side >= 40:
        return die_face(value, side)
    key = (value, side)
    surf = _faces.get(key)
    if surf is None:
        if len(_faces) > 400:
            _faces.clear()
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        radius = max(2, side // 6)
        pygame.draw.rect(surf, theme.DIE_EDGE, surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-2, -3).move(0, -1)
        pygame.draw.rect(surf, SKULL_FACE if value == "skull" else theme.DIE, inner,
                         border_radius=radius)
        draw_symbol(surf, value, inner.inflate(-max(1, side // 12) * 2, -max(1, side // 12) * 2))
        _faces[key] = surf
    return surf


def _width(piece, style: Style) -> int:
    if isinstance(piece, str):
        return style.face.size(piece)[0]
    if isinstance(piece, Card):
        return style.card_w
    n = len(piece.values)
    return n * style.die + (n - 1) * style.gap


def _words(parts: list[Part]) -> tuple[int, list[list]]:
    """(leading spaces, words): a word is a list of pieces written together (text and
    pictures with no space between them, "[1 5]:")."""
    words: list[list] = [[]]
    lead = None
    for part in parts:
        if isinstance(part, str):
            pieces = part.split(" ")
            if lead is None:
                stripped = part.lstrip(" ")
                lead = len(part) - len(stripped)
                pieces = stripped.split(" ") if stripped else [""]
            for k, piece in enumerate(pieces):
                if k:
                    words.append([])
                if piece:
                    words[-1].append(piece)
        else:
            lead = 0 if lead is None else lead
            words[-1].append(part)
    kept: list[list] = []
    for word in words:  # a short word after dice stays with them ("{2 2 2} 200,")
        if (kept and word and isinstance(kept[-1][-1], Dice) and len(word) == 1
                and isinstance(word[0], str) and len(word[0]) <= 6):
            kept[-1].append(" " + word[0])
        elif word:
            kept.append(word)
    return lead or 0, kept


def layout(parts: list[Part], width: int, style: Style, indent: int = 0) -> list[Line]:
    """The parts in lines no wider than ``width``: words whole (a word wider than a line
    alone is broken between its pictures, or ends in "…"), leading spaces kept as an
    indent of the first line; the lines after the first start ``indent`` further in."""
    lead, words = _words(parts)
    first = min(width // 3, lead * style.space)
    rest = min(width // 3, first + indent)
    lines: list[list[tuple[bool, object]]] = [[]]  # (a space before it, the piece)
    used = first

    def fits(w: int, spaced: bool) -> bool:
        return used + (style.space if spaced else 0) + w <= width

    for word in words:
        w = sum(_width(p, style) for p in word) + style.gap * (len(word) - 1)
        spaced = bool(lines[-1])
        if spaced and not fits(w, True):
            lines.append([])
            used, spaced = rest, False
        if fits(w, spaced):
            for k, piece in enumerate(word):
                lines[-1].append((spaced and k == 0, piece))
            used += (style.space if spaced else 0) + w
            continue
        # too wide for a line of its own: its pieces one by one, dice one by one
        for k, piece in enumerate(word):
            singles = [piece] if not isinstance(piece, Dice) else [
                Dice((v,), f"[{v}]") for v in piece.values]
            for j, single in enumerate(singles):
                sep = spaced and k == 0 and j == 0
                sw = _width(single, style)
                before = (style.space if sep else style.gap) if lines[-1] else 0
                if lines[-1] and used + before + sw > width:
                    lines.append([])
                    used, sep, before = rest, False, 0
                if isinstance(single, str) and used + sw > width:
                    single = ellipsize(style.face, single, max(1, width - used))
                    sw = _width(single, style)
                lines[-1].append((sep, single))
                used += before + sw
    return [_runs(pieces, style, first if i == 0 else rest) for i, pieces in enumerate(lines)]


def _runs(pieces: list[tuple[bool, object]], style: Style, x: int) -> Line:
    """Pieces of one line merged into runs (words of text together, the dice of a group
    together) with their places."""
    runs: list[Run] = []
    seps: list[bool] = []
    words: list[str] = []
    for spaced, piece in pieces:
        if isinstance(piece, str):
            if runs and runs[-1].kind == "text":
                runs[-1].value += (" " if spaced else "") + piece
            else:
                runs.append(Run("text", piece))
                seps.append(spaced)
        elif isinstance(piece, Card):
            runs.append(Run("card", piece))
            seps.append(spaced)
        else:
            if runs and runs[-1].kind == "dice" and not spaced:
                runs[-1].value = tuple(runs[-1].value) + tuple(piece.values)
            else:
                runs.append(Run("dice", tuple(piece.values)))
                seps.append(spaced)
        words.append((" " if spaced else "") + (piece if isinstance(piece, str) else
                                                piece.source))
    for run, spaced in zip(runs, seps, strict=True):
        if run is not runs[0] and not (run.kind == "text" and run.value.startswith(" ")):
            x += style.space if spaced else style.gap
        run.x = x
        run.w = _width(run.value if run.kind == "text" else
                       run.value if run.kind == "card" else Dice(run.value, ""),
                       style)
        x += run.w
    return Line(runs, "".join(words))


def draw_line(surface: pygame.Surface, line: Line, x: int, y: int, height: int,
              size: float, colour, style: Style, bold: bool = False, bg=None) -> None:
    """One laid-out line with its left at ``x``, its pictures centred in ``height``
    (``bg``: the line's place is all that colour, ``draw_text_in``)."""
    for run in line.runs:
        left = x + run.x
        if run.kind == "text":
            draw_text_in(surface, run.value, pygame.Rect(left, y, run.w, height), size,
                         colour, bold, "left", min_size=size, bg=bg)
        elif run.kind == "dice":
            top = y + (height - style.die) // 2
            for k, value in enumerate(run.value):
                rect = pygame.Rect(left + k * (style.die + style.gap), top, style.die,
                                   style.die)
                surface.blit(small_die(value, style.die), rect)
                if surface.get_clip().colliderect(rect):
                    probe.shown("die", value, rect)
        else:
            rect = pygame.Rect(left, y + (height - style.card_h) // 2, style.card_w,
                               style.card_h)
            draw_card(surface, rect, run.value.deck, run.value.name, effect=False)


_laid_cache: dict[tuple, tuple] = {}
LAID_LIMIT = 2000  # layouts of texts with pictures kept (a review lays out a few hundred)


def _laid(text: str, box: pygame.Rect, size: float, bold: bool, min_size: float):
    """The size, lines, line height and style ``draw_in`` draws ``text`` (with pictures)
    at in ``box``: the largest size from ``size`` down to ``min_size`` at which it fits.
    Kept, as ``fit_text``'s are: a frame, and a list laid out again (the review's rows
    on each change of tab, hand or window), lay out the same texts (the lines are only
    read)."""
    key = (theme.generation, theme.metrics.scale, theme.metrics.large_text, text, box.w,
           box.h, size, bold, min_size)
    laid = _laid_cache.get(key)
    if laid is None:
        if len(_laid_cache) >= LAID_LIMIT:  # forget the oldest quarter
            for old in list(_laid_cache)[:LAID_LIMIT // 4]:
                del _laid_cache[old]
        laid = _laid_cache[key] = _lay(text, box, size, bold, min_size)
    return laid


def _lay(text: str, box: pygame.Rect, size: float, bold: bool, min_size: float):
    paragraphs = [parse(p) for p in text.split("\n")]  # (a line break starts a new line)
    s = float(size)
    while True:
        face = theme.font(s, bold)
        style = style_for(face)
        height = max(face.get_linesize(), style.die + theme.px(2))
        # (a little slack: a run of words measured whole can be a pixel or two wider than
        # its words measured one by one)
        lines = [line for parts in paragraphs
                 for line in layout(parts, box.w - theme.px(4), style)]
        if len(lines) * height <= box.h or s <= min_size:
            return s, lines, height, style
        s = max(min_size, s - 1)


def height_of(text: str, width: int, size: float, bold: bool = False) -> int:
    """The height (device pixels) ``draw_in`` needs to write all of ``text`` at ``size``
    in a box ``width`` wide, wrapped as it wraps it."""
    if not has_pictures(text):
        return fit_text(text, width, 10**6, size, size, bold, wrap=True).height
    _, lines, height, _ = _laid(text, pygame.Rect(0, 0, width, 10**6), size, bold, size)
    return len(lines) * height


def fits(text: str, box: pygame.Rect, size: float, bold: bool = False,
         min_size: float = 16) -> bool:
    """Whether ``draw_in`` writes all of ``text`` in ``box``, no line left out or cut."""
    if not has_pictures(text):
        return fits_whole(text, box, size, min_size, bold)
    _, lines, height, _ = _laid(text, box, size, bold, min_size)
    return len(lines) * height <= box.h


def draw_in(surface: pygame.Surface, text: str, box: pygame.Rect, size: float, colour,
            bold: bool = False, min_size: float = 16, align: str = "center",
            valign: str = "center", names=(), drops=(), bg=None) -> pygame.Rect:
    """``text`` with its dice drawn as dice, wrapped and placed in ``box`` (centred, or
    ``align`` "left", ``valign`` "top") at the largest size from ``size`` down to
    ``min_size`` (dp) at which it fits; where it does not fit even then, its ``drops`` go
    and the players' ``names`` in it are written shorter (``text.shorten_names``); only then are
    the lines that do not fit left out. Text without dice is simply ``draw_text_in``'s.
    ``bg``: ``box`` is all of that colour (``draw_text_in``). Returns the area drawn."""
    laid = _laid(text, box, size, bold, min_size) if has_pictures(text) else None
    whole = laid is not None and len(laid[1]) * laid[2] <= box.h  # (laid out once, not twice)
    if (names or drops) and not whole:
        shorter = shorten_names(text, names, lambda t: fits(t, box, size, bold, min_size),
                                drops)
        if shorter != text:
            text = shorter
            laid = _laid(text, box, size, bold, min_size) if has_pictures(text) else None
    if laid is None:
        return draw_text_in(surface, text, box, size, colour, bold, align, valign,
                            min_size=min_size, wrap=True, bg=bg)
    s, lines, height, style = laid
    lines = lines[:max(1, box.h // height)]
    top = box.y if valign == "top" else box.centery - len(lines) * height // 2
    y = top
    for line in lines:
        x = box.x if align == "left" else box.centerx - line.width // 2
        draw_line(surface, line, x, y, height, s, colour, style, bold, bg)
        y += height
    return pygame.Rect(box.x, top, box.w, len(lines) * height)
