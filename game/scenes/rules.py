"""Rules help, in the project's own words, from the text in the game's folder
(its catalog entry's ``rules_path()``); scrollable with
the wheel, a finger, the arrows and PgUp/PgDn.

The texts show what they describe: ``{3 3 3 5 5}`` is drawn as dice (``{skull parrot}``:
Pirate Fortune's faces), ``{card:captain}`` as the game's card itself (its ``CARD_DECK``,
game.contract.CardGame; game.ui.inline).
Dice stand in the line with the words; the cards a line starts with stand beside its
text (above it where the window is too narrow for both)."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.catalog import GameInfo
from game.lessons import lesson_for
from game.rules.core import CardDeck
from game.ui import hands, inline, layout, theme
from game.ui.cards import draw_card
from game.ui.layout import fr
from game.ui.scroll import ScrollArea
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel, wrap

HEAD, BODY = 24, 17  # dp
CARD_W = 58  # dp: a Fortune Card beside its rule
BULLET = 26  # dp: a bullet's text starts this far in


HANDS = {"@keys ": hands.keyboard, "@pointer ": lambda: not hands.keyboard()}


def for_hand(text: str) -> str:
    """The rules for the hand in use: a line marked "@keys " is for the keyboard, one
    marked "@pointer " for a mouse or a finger (its "click" a "tap" after a touch), so the
    Controls name the keys, the clicks or the taps."""
    out = []
    for line in text.splitlines():
        mark = next((m for m in HANDS if line.startswith(m)), None)
        if mark is None:
            out.append(line)
        elif HANDS[mark]():
            out.append(hands.point(line[len(mark):]))
    return "\n".join(out)


def load_rules(info: GameInfo) -> str:
    """The rules text of a game (a catalog entry: ``rules_path()``), or a line saying it is
    missing."""
    try:
        path = info.rules_path()
        return path.read_text(encoding="utf-8")
    except (OSError, ImportError):
        missing = (info.rules_help or f"{info.id}.txt").rpartition(":")[2]
        return f"# Rules\nThe rules text for this game is missing ({missing})."


class RuleLine(tuple):
    """One line of the rules ready to draw: unpacks as (words, size in dp, bold, colour),
    the words as a screen reader would get them (dice as "[3 3 5]", a card by its name).
    ``layout``: its words and dice (None for a heading); ``x``: where it starts (device
    px from the left of the text); ``bullet``: it starts a bullet point; ``cards``: the
    game's cards drawn with it, (inline.Card, rect from the line's top left); ``h``: the height
    it takes."""

    def __new__(cls, text: str, size: float, bold: bool, colour: tuple, h: int,
                layout: inline.Line | None = None, x: int = 0, bullet: bool = False,
                cards: tuple = ()):
        self = super().__new__(cls, (text, size, bold, colour))
        self.h, self.layout, self.x, self.bullet, self.cards = h, layout, x, bullet, cards
        return self

    def extent(self) -> pygame.Rect:
        """What it covers, from its top left (its cards may reach below its line)."""
        area = pygame.Rect(0, 0, 1, self.h)
        for _, rect in self.cards:
            area.union_ip(rect)
        return area


def body_style(width: int | None = None) -> inline.Style:
    """The body's face with its dice, and its cards (smaller in a narrow text: a phone)."""
    style = inline.style_for(theme.font(BODY))
    narrow = width is not None and theme.dp(width) < 480
    style.card_w = theme.px(CARD_W - 12 if narrow else CARD_W)
    style.card_h = int(style.card_w * 1.46)
    return style


def _block(body: str, width: int, bullet: bool, deck: CardDeck | None) -> list[RuleLine]:
    """A paragraph or a bullet point: its words with their dice in lines, the cards (of
    ``deck``) it starts with beside them (over them when they would leave the words too
    little room)."""
    style = body_style(width)
    lh = line_height(BODY)
    parts = inline.parse(body, "{", deck)
    cards = []
    while parts and (isinstance(parts[0], inline.Card) or
                     (isinstance(parts[0], str) and not parts[0].strip() and len(parts) > 1)):
        part = parts.pop(0)
        if isinstance(part, inline.Card):
            cards.append(part)
    if parts and isinstance(parts[0], str):
        parts[0] = parts[0].lstrip()
    x = theme.px(BULLET) if bullet else 0
    gap = theme.px(8)
    figure_w = len(cards) * style.card_w + max(0, len(cards) - 1) * gap
    beside = cards and figure_w <= (width - x) * 0.45
    placed = tuple((card, pygame.Rect(x + k * (style.card_w + gap), theme.px(4), style.card_w,
                                      style.card_h)) for k, card in enumerate(cards))
    out: list[RuleLine] = []
    if cards and not beside:  # the cards in a row of their own, the words under them
        out.append(RuleLine("", BODY, False, theme.TEXT, style.card_h + theme.px(10),
                            bullet=False, cards=placed))
    text_x = x + figure_w + theme.px(14) if beside else x
    lines = inline.layout(parts, max(theme.px(60), width - text_x), style)
    words = inline.plain(body, "{", deck).strip()
    for i, line in enumerate(lines):
        out.append(RuleLine(words if i == 0 else "", BODY, False, theme.TEXT, lh, line,
                            text_x, bullet and i == 0, placed if beside and i == 0 else ()))
    if beside:  # the lines make room for the cards beside them
        short = style.card_h + theme.px(12) - lh * len(lines)
        if short > 0:
            last = out[-1]
            out[-1] = RuleLine(last[0], BODY, False, theme.TEXT, last.h + short, last.layout,
                               last.x, last.bullet, last.cards)
    return out


def layout_text(text: str, width: int, deck: CardDeck | None = None) -> list[RuleLine]:
    """Lines ready to draw; '# ' heads, '- ' bullets, {dice} and {card:name} (a card of the
    game's ``deck``) drawn as pictures; ``width`` in device pixels."""
    out: list[RuleLine] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            out.append(RuleLine("", 8, False, theme.TEXT, line_height(8)))
        elif line.startswith("# "):
            out += [RuleLine(p, HEAD, True, theme.TEXT, line_height(HEAD))
                    for p in wrap(line[2:], HEAD, width, True)]
        elif line.startswith("- "):
            out += _block(line[2:], width, True, deck)
        else:
            out += _block(line, width, False, deck)
    return out


def line_height(size: float) -> int:
    return theme.px(size * 1.45)


class RulesScene(Scene):
    def __init__(self, app: App, info: GameInfo, learn: bool = True):
        super().__init__(app)
        self.info = info
        self.text = load_rules(info)
        self.area = ScrollArea("rules")
        self.focus = FocusGroup()
        self.back = Button(pygame.Rect(0, 0, 0, 0), "Back", self.app.pop, hotkey="Esc", size=20)
        # Learn to play: the game's lesson (not from inside the lesson itself)
        self.learn = None
        if learn and lesson_for(info.id) is not None:
            self.learn = Button(pygame.Rect(0, 0, 0, 0), "Learn to play", self.start_lesson,
                                hotkey="L", size=16, min_size=13, ident="learn")
        self.focus.set([self.back] + ([self.learn] if self.learn else []))

    def start_lesson(self) -> None:
        """The guided game (a game in progress stays saved: Continue finds it)."""
        self.app.show("learn", info=self.info)

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 24)
        button_h = layout.touch_size(50)
        self.title, box, foot = layout.rows(screen, layout.touch_size(44), fr(), button_h + 8,
                                            gap=10)
        self.box = box if f.portrait else layout.centred(box, 1000, 10**5)
        if self.learn is not None:  # beside the title, over the text's right edge
            row = pygame.Rect(self.box.x, self.title.y, self.box.w, self.title.h)
            self.title, self.learn.rect = layout.cols(row, fr(), 150, gap=10)
        self.back.rect = layout.centred(foot, 200, button_h)
        self.message = layout.cols(foot, fr(), 220, fr(), gap=10)[0]
        viewport = layout.inset(self.box, 16)
        self.lines = layout_text(for_hand(self.text), viewport.w - theme.px(14),
                                 self.info.state_type().CARD_DECK)
        self.area.set(viewport, sum(line.h for line in self.lines))

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN:
            page = self.area.viewport.h - theme.px(40)
            steps = {pygame.K_UP: -theme.px(40), pygame.K_DOWN: theme.px(40),
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_HOME: -10**7,
                     pygame.K_END: 10**7}
            if event.key in steps:
                self.area.scroll(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_RETURN):
                self.app.pop()
            elif event.key == pygame.K_l and self.learn is not None:
                self.start_lesson()
            return
        if self.area.handle(event, lambda e: False):
            return
        self.focus.handle(event)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    @staticmethod
    def _draw_line(surface: pygame.Surface, line: RuleLine, x: int, y: int,
                   style: inline.Style) -> None:
        text, size, bold, colour = line
        h = line_height(size)
        for card, rect in line.cards:
            draw_card(surface, rect.move(x, y), card.deck, card.name, effect=False)
        if line.layout is None:
            if text:
                draw_text(surface, text, (x, y + h // 2), size, colour, bold, "midleft")
            return
        if line.bullet:
            draw_text_in(surface, "•", pygame.Rect(x, y, theme.px(BULLET) - theme.px(4), h),
                         size, colour, align="left", min_size=size)
        inline.draw_line(surface, line.layout, x + line.x, y,
                         max(h, style.face.get_height()), size, colour, style)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, f"How to play {self.info.title}", self.title, 28, theme.TEXT,
                     True, min_size=16, wrap=True)  # (two lines on a phone, not '…')
        panel(surface, self.box, theme.PANEL, 18, theme.LINE)
        with self.area.clip(surface):
            view = self.area.viewport
            y = view.y - self.area.offset
            style = body_style()
            items = []
            for line in self.lines:
                covers = line.extent().move(view.x, y)
                if covers.bottom > view.y and covers.y < view.bottom:
                    self._draw_line(surface, line, view.x, y, style)
                    items.append(covers)
                y += line.h
        self.area.bg = theme.PANEL  # (the fades go into the panel's colour)
        self.area.draw_bar(surface, items)
        if self.area.scrolls and not theme.metrics.touch and not hands.touch() and \
                self.app.toast is None:
            draw_text_in(surface, hands.say("Scroll: arrows, PgUp/PgDn", "Scroll: the wheel"),
                         self.message, 14, theme.TEXT_DIM, align="left", min_size=12)
        self.focus.draw(surface)
