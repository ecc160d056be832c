"""Text that always fits its box: the one helper every widget and scene draws words with.

``fit_text`` picks the largest size from ``size`` down to ``min_size`` at which the text
fits the box (on one line, or wrapped at word boundaries when ``wrap``); when even the
smallest size does not fit, it keeps as many lines as the box holds and ends the last one
with an ellipsis. A word is never cut in two (a name stays whole or ends in "…"). Names of
any length and script, scores of eight players and long messages all go through it, so
nothing runs into its neighbours.

Sizes are in design pixels (dp, see ``theme.Metrics``); boxes are in device pixels. No size
goes under ``theme.FONT_FLOOR``: a layout too small for its words picks a compact form
instead (the screens test checks both).

Tests switch on ``record()``: every draw then notes (text, ink rect, box) -- plus the size
in dp and the whole text the line came from -- so a test can render a whole scene and check
that no text left its box, none is under the floor and no word was broken.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from . import theme

ELLIPSIS = "…"
_recorded: list[Drawn] | None = None


class Drawn(tuple):
    """One drawn line: unpacks as (text, ink, box); ``size`` (dp) and ``source`` (the whole
    text it came from) ride along for the floor and word checks, and ``whole`` (its ink
    before a clip cut it: a scrolling view's edge) for the check that nothing is cut off
    without a sign."""

    def __new__(cls, text: str, ink: pygame.Rect, box: pygame.Rect, size: float = 0,
                source: str = "", whole: pygame.Rect | None = None):
        self = super().__new__(cls, (text, ink, box))
        self.size = size
        self.source = source or text
        self.whole = ink if whole is None else whole
        return self

    @property
    def cut(self) -> bool:
        """A clip (a scrolling view's edge) cut part of it off."""
        return self.whole != self.ink

    @property
    def text(self) -> str:
        return self[0]

    @property
    def ink(self) -> pygame.Rect:
        return self[1]

    @property
    def box(self) -> pygame.Rect:
        return self[2]


@dataclass(frozen=True)
class Fitted:
    """A text laid out in a box: its lines at a size and face."""
    lines: tuple[str, ...]
    size: int
    face: pygame.font.Font
    line_height: int

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)

    @property
    def width(self) -> int:
        return max((self.face.size(line)[0] for line in self.lines), default=0)


def face_for(text: str, size: int, bold: bool = False, display: bool = False,
             larger: bool | None = None) -> pygame.font.Font:
    """The face to draw ``text`` with: the display face only when it has every glyph."""
    if display and theme.display_covers(text):
        return theme.display_font(size, larger)
    return theme.font(size, bold or display, larger)


def _line_height(face: pygame.font.Font, size: int) -> int:
    # The rendered line's height (ascent + descent): every glyph's ink lies inside it.
    return face.get_height()


def wrap_lines(face: pygame.font.Font, text: str, width: int) -> list[str]:
    """Greedy word wrap; explicit newlines are kept; a word is never cut: one wider than
    the box gets a line of its own, shortened with an ellipsis."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if face.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word if face.size(word)[0] <= width else ellipsize(face, word, width)
        lines.append(line)
    return lines


_widths: dict[tuple, int] = {}


def text_width(text: str, size: float, bold: bool = False) -> int:
    """The width in device pixels of ``text`` in the UI face at ``size`` dp (remembered:
    tables measure the same numbers every frame)."""
    key = (text, theme.metrics.px(size), bold, theme.generation)
    width = _widths.get(key)
    if width is None:
        if len(_widths) > 20000:
            _widths.clear()
        width = _widths[key] = theme.font(size, bold).size(text)[0]
    return width


def ellipsize(face: pygame.font.Font, text: str, width: int) -> str:
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text.rstrip() + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text else ""


def initials(name: str) -> str:
    """"Ada Lovelace" -> "AL", "Констанция Щукин" -> "КЩ", "Bram" -> "Br"; the letters
    as the name has them ("åsa märta" -> "åm"): a name is never re-cased."""
    words = [w for w in name.replace("(", " ").replace(")", " ").split() if w[0].isalnum()]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return words[0][0] + words[1][0] if words[1][0].isalpha() else words[0][:2]


def shorten_names(text: str, names, fits, drops=()) -> str:
    """``text`` as it is when ``fits(text)``, else without its ``drops`` one after the
    other until it fits (details it can do without, such as a score's breakdown; a pair
    ``(words, shorter)`` puts a compact form of some words in their place), else also
    with the longest of ``names`` written shorter ("Séñôrå Ŵøłłęšŧåd" → "Séñôrå Ŵø…") a
    step at a time until it fits: a message
    that does not fit its box loses its details and letters of names before it loses its
    own words. Last, each name becomes its initials ("Séñôrå Ŵøłłęšŧåd" → "SŴ", as the
    sheet's columns name the players), where even three letters of each are too long."""
    if fits(text):
        return text
    for detail in drops:  # a detail left out, or (words, their shorter form) put in, in
        if isinstance(detail, tuple):  # order, until the text fits
            shorter = text.replace(*detail)
        else:
            shorter = text.replace(detail, "") if detail else text
        if shorter != text:
            text = shorter
            if fits(text):
                return text
    long = sorted({n for n in names if n and n in text}, key=len, reverse=True)
    short = text
    for keep in (12, 9, 6, 3):
        short = text
        for name in long:
            if len(name) > keep + 1:
                short = short.replace(name, name[:keep].rstrip() + ELLIPSIS)
        if fits(short):
            return short
    initial = text
    for name in long:
        if len(initials(name)) < len(name):
            initial = initial.replace(name, initials(name))
    return initial if fits(initial) else short


def fewer_to_fit(form, most: int, names, fits) -> str:
    """The largest ``form(k)`` (k from ``most`` down to 1: a list of players or records
    whose ``k`` first are said, with how many more) that ``fits`` once its ``names`` are
    written shorter (``shorten_names``); the shortest tried when none does."""
    said = ""
    for k in range(most, 0, -1):
        said = shorten_names(form(k), names, fits)
        if fits(said):
            break
    return said


def draw_names_shorter(surface: pygame.Surface, text: str, names, box: pygame.Rect,
                       size: float, colour, bold: bool = False, min_size: float = 16,
                       display: bool = False) -> pygame.Rect:
    """``text`` wrapped in ``box`` (``draw_text_in``), its ``names`` written shorter first
    where it does not hold whole (a headline of long names keeps its words)."""
    said = shorten_names(text, names, lambda t: fits_whole(t, box, size, min_size, bold,
                                                           display=display))
    return draw_text_in(surface, said, box, size, colour, bold, min_size=min_size, wrap=True,
                        display=display)


def fits_whole(text: str, box: pygame.Rect, size: float, min_size: float, bold: bool = False,
               display: bool = False) -> bool:
    """Whether ``draw_text_in`` (wrapping) writes all of ``text`` in ``box``, nothing cut."""
    fitted = fit_text(text, box.w, box.h, size, min_size, bold, True, display)
    return "".join("".join(fitted.lines).split()) == "".join(text.split())


_fit_cache: dict[tuple, Fitted] = {}
_image_cache: dict[tuple, pygame.Surface] = {}
# A frame draws a few hundred texts; images cost memory (a line is ~10 KB), layouts little.
LIMITS = {id(_fit_cache): 4000, id(_image_cache): 1000}


def _remember(cache: dict, key: tuple, value):
    limit = LIMITS[id(cache)]
    if len(cache) >= limit:  # forget the oldest quarter (dicts keep insertion order)
        for old in list(cache)[:limit // 4]:
            del cache[old]
    cache[key] = value
    return value


def fit_text(text: str, width: int, height: int, size: float = 22, min_size: float = 12,
             bold: bool = False, wrap: bool = False, display: bool = False) -> Fitted:
    """The biggest size (dp, down to ``min_size``, never under the floor) at which
    ``text`` fits ``width`` x ``height`` device pixels; at the smallest size, wrapped lines
    are cut to the box and the last one ends with an ellipsis. Layouts are cached: a frame
    redraws the same texts."""
    size, min_size = _floored(size, min_size)
    key = _fit_key(text, width, height, size, min_size, bold, wrap, display)
    cached = _fit_cache.get(key)
    if cached is None:
        cached = _remember(_fit_cache, key,
                           _fit(text, width, height, size, min_size, bold, wrap, display))
    return cached


def _floored(size: float, min_size: float) -> tuple[float, float]:
    """``fit_text``'s size and least size, never under the floor (``theme.FONT_FLOOR``)."""
    min_size = max(min_size, theme.FONT_FLOOR)
    return max(size, min_size), min_size


def _fit_key(text: str, width: int, height: int, size: float, min_size: float, bold: bool,
             wrap: bool, display: bool) -> tuple:
    """What a layout is kept by (``fit_text``, its sizes already ``_floored``)."""
    return (theme.generation, theme.metrics.scale, text, width, height, size, min_size, bold,
            wrap, display)


def _sizes(size: float, min_size: float) -> list[float]:
    """The sizes tried, biggest first: whole dp steps from ``size`` down to ``min_size``."""
    out, s = [], size
    while s > min_size:
        out.append(s)
        s -= 1
    return out + [min_size]


def _fit(text: str, width: int, height: int, size: float, min_size: float, bold: bool,
         wrap: bool, display: bool) -> Fitted:
    """(With larger text on, a box too small for the larger sizes takes the text at the
    standard ones: larger text never makes a layout overflow that fits without it.)"""
    width = max(1, width)
    measured: dict = {}  # (the text on one line and a space, at the first size tried)
    tries = [(s, None) for s in _sizes(size, min_size)]
    if theme.metrics.large_text:
        tries += [(s, False) for s in _sizes(size, min_size)]
    for s, larger in tries:
        face = face_for(text, s, bold, display, larger)
        lh = _line_height(face, s)
        if lh > height:
            continue
        if not wrap:
            one = text.replace("\n", " ")
            if face.size(one)[0] <= width:
                return Fitted((one,), s, face, lh)
        else:
            last = (s, larger) == tries[-1]  # (only the last try may cut a word)
            if not last:
                known = measured.get(larger)
                if known is None:
                    known = measured[larger] = (s, face.size(" ".join(text.split()))[0],
                                                face.size(" ")[0])
                if _too_many_lines(known, s, width, height // lh):
                    continue
            words_fit = last or all(face.size(w)[0] <= width for w in text.split())
            lines = wrap_lines(face, text, width)
            if words_fit and len(lines) * lh <= height:  # shrink before cutting a word
                return Fitted(tuple(lines), s, face, lh)
    face = face_for(text, min_size, bold, display, tries[-1][1])
    lh = _line_height(face, min_size)
    if not wrap:
        return Fitted((ellipsize(face, text.replace("\n", " "), width),), min_size, face, lh)
    lines = wrap_lines(face, text, width)
    keep = max(1, height // lh)
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = ellipsize(face, lines[-1] + " " + ELLIPSIS, width)
    return Fitted(tuple(lines), min_size, face, lh)


def _too_many_lines(measured: tuple, size: float, width: int, most: int) -> bool:
    """Whether the text wrapped to ``width`` at ``size`` surely takes more than ``most``
    lines, from its width on one line and a space's at another size (``measured``: that
    size and the two; a text's width grows with its size, give or take the rounding of
    each glyph's, less than 15%): the lines and the spaces between them are that width,
    give or take the rounding of each line's. A size too big for its box is ruled out
    without measuring anything at it: the first measure at a size loads its glyphs, 0.6-1
    ms natively a size, more than ten times that in the page at a phone's CPU (a banner
    that tried eleven sizes took 10-55 ms)."""
    at, whole, space = measured
    ratio = size / at
    whole, space = whole * ratio * 0.85, space * ratio * 1.15 + 1
    # (n lines: whole <= n * width + (n - 1) * space + 2 * n)
    return (whole + space) / (width + space + 2) > most


def draw_text_in(surface: pygame.Surface, text: str, box: pygame.Rect, size: int = 22,
                 colour=theme.TEXT, bold: bool = False, align: str = "center",
                 valign: str = "center", min_size: int = 12, wrap: bool = False,
                 display: bool = False, bg=None, flat: pygame.Rect | None = None
                 ) -> pygame.Rect:
    """Draw ``text`` inside ``box`` (align left/center/right, valign top/center/bottom),
    shrunk, wrapped and shortened as ``fit_text`` decides. Returns the area drawn.
    ``bg``: the caller knows ``box`` (or ``flat``) is all of that one colour (a button, a
    bar, the status's place): a line whose picture lies inside it is written onto that
    colour and copied, not blended (``_opaque``)."""
    box = pygame.Rect(box)
    if not text:
        return pygame.Rect(box.x, box.y, 0, 0)
    fitted = fit_text(text, box.w, box.h, size, min_size, bold, wrap, display)
    total = fitted.height
    if valign == "top":
        y = box.y
    elif valign == "bottom":
        y = box.bottom - total
    else:
        y = box.centery - total // 2
    drawn = pygame.Rect(box.x, y, 0, 0)
    for line in fitted.lines:
        opaque = _opaque(line, fitted.face, colour, bg, surface) if bg is not None else None
        image = opaque if opaque is not None else _line_image(line, fitted.face, colour)
        rect = image.get_rect()
        rect.centery = y + fitted.line_height // 2
        if align == "left":
            rect.left = box.x
        elif align == "right":
            rect.right = box.right
        else:
            rect.centerx = box.centerx
        if opaque is not None and not (box if flat is None else flat).contains(rect):
            # (its picture would paint outside the place of that colour)
            image, opaque = _line_image(line, fitted.face, colour), None
        if opaque is not None and _recorded is not None:  # (tests: is it as said?)
            _check_flat(surface, rect, bg, line)
            image = _line_image(line, fitted.face, colour)  # (its ink, for ``_note``)
        surface.blit(opaque if opaque is not None else image, rect)
        _note(line, image, rect, box, fitted.size, text, surface)
        drawn = drawn.union(rect) if drawn.w else rect
        y += fitted.line_height
    return drawn


def warm(text: str, box: pygame.Rect, size: float = 22, colour=theme.TEXT,
         bold: bool = False, min_size: float = 12, wrap: bool = False) -> bool:
    """Lay out ``text`` in ``box`` and make its lines' pictures as ``draw_text_in`` (with no
    ``bg``) would, drawing nothing: True when some were not made yet. A table makes them in
    a frame with nothing else to do (the first layout at a size loads its face and glyphs:
    a held die's word took 14 ms in the page at a phone's CPU, in the frame it first showed)."""
    made = _fit_key(text, box.w, box.h, *_floored(size, min_size), bold, wrap, False) \
        not in _fit_cache
    fitted = fit_text(text, box.w, box.h, size, min_size, bold, wrap)
    for line in fitted.lines:
        if _image_key(line, fitted.face, colour) not in _image_cache:
            _line_image(line, fitted.face, colour)
            made = True
    return made


def _image_key(line: str, face: pygame.font.Font, colour) -> tuple:
    """What ``_line_image`` keeps a line's picture by."""
    return (theme.generation, line, id(face), tuple(colour))


def _line_image(line: str, face: pygame.font.Font, colour) -> pygame.Surface:
    """``line`` in ``colour``, its pixels' alpha its ink (blended where it is blitted)."""
    key = _image_key(line, face, colour)
    image = _image_cache.get(key)
    if image is None:
        image = _remember(_image_cache, key, face.render(line, True, colour))
    return image


def _opaque(line: str, face: pygame.font.Font, colour, bg,
            surface: pygame.Surface) -> pygame.Surface | None:
    """``line`` in ``colour`` written onto ``bg``, opaque, in ``surface``'s format: where
    the place it is blitted to is all ``bg``, copying it paints what blending the line's
    picture would (to a step of rounding). In the page pygame's blitter has no SIMD: a
    status line of 754x50 pixels took 2.4-3.4 ms to blend at a phone's CPU (4x), 0.04 ms to
    copy. None for a surface without 24 or 32 bits a pixel (keep blending there)."""
    if surface.get_bitsize() < 24:
        return None
    key = (theme.generation, line, id(face), tuple(colour), tuple(bg), surface.get_bitsize(),
           surface.get_masks())
    image = _image_cache.get(key)
    if image is None:
        image = _remember(_image_cache, key, face.render(line, True, colour, bg).convert(surface))
    return image


def _check_flat(surface: pygame.Surface, rect: pygame.Rect, bg, line: str) -> None:
    """While tests record what is drawn: a line written onto ``bg`` must be blitted where
    the surface is all ``bg`` (else its box paints over what is there: ``not_flat``)."""
    part = rect.clip(surface.get_clip())
    if not part.w or not part.h:
        return
    colour = surface.unmap_rgb(surface.map_rgb(bg))
    same = pygame.mask.from_threshold(surface.subsurface(part), colour, (1, 1, 1, 255))
    if same.count() != part.w * part.h:
        where = part.move(surface.get_abs_offset()) if surface.get_parent() else part
        _not_flat.append(f"{line!r} written onto {tuple(bg)} at {tuple(where)}, where "
                         f"{part.w * part.h - same.count()} pixels are of other colours")


_not_flat: list[str] = []


def not_flat() -> list[str]:
    """The lines written onto a colour (``draw_text_in``'s ``bg``) where the surface under
    them was not all that colour, since the last call (only while ``record`` records)."""
    found = list(_not_flat)
    _not_flat.clear()
    return found


def _note(text: str, image: pygame.Surface, rect: pygame.Rect, box: pygame.Rect,
          size: float = 0, source: str = "", surface: pygame.Surface | None = None) -> None:
    if _recorded is not None and text.strip():
        ink = image.get_bounding_rect().move(rect.topleft)
        whole = ink
        box = pygame.Rect(box)
        if surface is not None:
            clipped = ink.clip(surface.get_clip())  # what a scrolling view lets through
            if not clipped.w:
                return
            ink = clipped if clipped != ink else ink
            if surface.get_parent() is not None:  # a subsurface: where it lands on screen
                offset = surface.get_abs_offset()
                ink, box, whole = ink.move(offset), box.move(offset), whole.move(offset)
        _recorded.append(Drawn(text, ink, box, size, source, whole))


def note_free_text(text: str, image: pygame.Surface, rect: pygame.Rect,
                   surface: pygame.Surface, size: float = 0) -> None:
    """Text drawn at a point (fixed labels): its box is the surface it is drawn on."""
    _note(text, image, rect, surface.get_rect(), size, text, surface)


@contextmanager
def record() -> Iterator[list[Drawn]]:
    """Collect (text, ink rect, box) for every text drawn inside the ``with`` block."""
    global _recorded
    saved, _recorded = _recorded, []
    _not_flat.clear()
    try:
        yield _recorded
    finally:
        _recorded = saved


@contextmanager
def paused() -> Iterator[None]:
    """Draws inside this block are not recorded (text drawn onto a cached picture, which
    is checked where the picture is made)."""
    global _recorded
    saved, _recorded = _recorded, None
    try:
        yield
    finally:
        _recorded = saved


def overflows(records) -> list[str]:
    """Human-readable list of the texts whose ink leaves their box."""
    return [f"{text!r}: ink {tuple(ink)} outside box {tuple(box)}"
            for text, ink, box in records if ink.w and not box.contains(ink)]


def under_floor(records, floor: float = theme.FONT_FLOOR) -> list[str]:
    """The texts drawn smaller than ``floor`` dp."""
    return [f"{d.text!r} at {d.size:g} dp" for d in records
            if d.size and d.size < floor - 1e-6]


def broken_words(records) -> list[str]:
    """Lines that cut a word of their text in two (a name is shortened with "…" or kept
    whole, never split over two lines)."""
    bad = []
    for d in records:
        words = set(d.source.split())
        for word in d.text.split():
            if word.endswith(ELLIPSIS) or word in words:
                continue
            bad.append(f"{d.text!r} cuts {word!r} out of {d.source!r}")
    return bad
