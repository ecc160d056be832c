"""Drawing a card (Pirate Fortune's Fortune Card; any game.contract.CardGame): one moment
over the darkened table. What the card looks like is the game's (its ``CARD_DECK``), where
the deck lies on the felt its table's (``Table.card_spot``).

The player to act turns over the top card of the deck (a human by click or tap, Space or
Enter; a bot at its pace). The deck is the one on the felt: the overlay lights it where it
lies, so one deck is seen. When it is empty the discards fly back onto it first (the
reshuffle). The card comes off the deck into the middle of the screen, turning over on the
way, and shows its picture, name and effect on its face, large enough to read: the only
place they are written while it is up. Every word of the overlay sits on a plate of its
own, never on the table's words, and never over the top bar. A click or key (or a few
seconds) returns to the table, where the card stays beside the dice for the whole turn.
The table under the card names it (on the felt, in the move history) only once its face is
up, half-way through the turn-over."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App, Scene
from game.scenes.table_layout import card_draw_layout
from game.scenes.table_view import UNDO_GRACE
from game.ui import hands, motion, probe, theme
from game.ui.cards import draw_card, draw_pile, warm_card
from game.ui.text import draw_text_in
from game.ui.widgets import panel
from game.ui.words import Possessive, says

SHUFFLE = 0.9  # seconds: the discards fly back onto the deck
FLIP = 0.6  # seconds: the card travels and turns over
SHOW_HUMAN = 4.0  # seconds before the card closes by itself on a human's turn


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    t = motion.ease_in_out(t)
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


class CardDrawScene(Scene):
    overlay = True
    dim_alpha = 225  # the app darkens the scenes under it: nothing under it reads as words

    def __init__(self, app: App, play):
        super().__init__(app)
        self.play = play
        self.seat = play.state.current
        self.human = play.human_turn
        self.phase = "wait"  # wait -> shuffle (when the pile was empty) -> flip -> show
        self.time = 0.0
        self.card: str | None = None
        self.cards = play.state.CARD_DECK  # how the game's cards look
        self.discards_before = len(play.state.discard)
        self._drawn_phase: str | None = None  # the phase the screen shows

    @property
    def state(self):
        return self.play.state

    def relayout(self) -> None:
        """Where ``card_draw_layout`` puts the deck, the card and its plates."""
        self.play.ensure_layout()
        regions = self.play.regions
        spot = self.play.table.card_spot(regions["tray"]) if "tray" in regions else None
        laid = card_draw_layout(regions, spot)
        self.deck, self.discard, self.card_rect = laid.deck, laid.discard, laid.card
        self.title_box, self.hint_box, self.wait_box = laid.title, laid.hint, laid.wait

    def warm(self) -> bool:
        """While a bot reaches for the deck (frames with nothing to do): the pictures its
        card's turn will show at the card's size, its back and each face, one a frame
        (``cards.warm_card``), not in the frames of the turn."""
        if self.phase != "wait":
            return False
        self.ensure_layout()
        return warm_card(self.cards, *self.card_rect.size)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.hint_box

    def animating(self) -> bool:
        """Moving, or just come to a phase the screen does not show yet (the card face up:
        its name and effect under it)."""
        return self.phase in ("shuffle", "flip") or (self.phase == "wait" and self.human) \
            or self.phase != self._drawn_phase

    # -- what happens --------------------------------------------------------------------
    def draw_card(self) -> None:
        if self.phase != "wait":
            return
        reshuffle = not self.state.deck
        if not self.play.act({"kind": "draw"}):
            self.close()
            return
        self.app.sounds.play("card")
        self.card = self.state.card
        self.phase, self.time = ("shuffle" if reshuffle else "flip"), 0.0

    def undo(self) -> None:
        """Ctrl+Z over the card: what the Undo button says it does (take back the last
        move, the stop that ended the turn before this draw); the card waits for its turn
        again."""
        actions = self.play.state.action_count
        self.play.undo()
        if self.play.state.action_count < actions:
            self.close()

    def close(self) -> None:
        self.play.card_seen()  # (it has turned over by now; a card taken back is no matter)
        if self.app.scene is self:
            self.play.bot_plan = None  # a bot's "draw" is done here, not by the play scene
            self.app.pop()

    def _bot_pace(self) -> float:
        """How long a bot takes to draw: its pace, and longer while the person who just
        moved can still take that move back (as at the table)."""
        if self.play.fast_forward:
            return 0.0
        grace = UNDO_GRACE if self.state.undo_point() is not None else 0.0
        return self.app.settings.bot_delay + grace

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(
                b.rect.collidepoint(event.pos) for b in self.play.top_buttons.buttons):
            # the table's tools stay in reach above the card (Undo, Menu, Skip...)
            actions = self.play.state.action_count
            self.play.top_buttons.handle(event)
            if self.play.state.action_count < actions:
                self.close()
            return
        press = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                                           pygame.K_KP_ENTER))
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.play.open_pause()
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or event.unicode == "?"):
            self.play.open_rules()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            self.play._toggle_skip()
        elif press and self.phase == "wait" and self.human:
            self.draw_card()
        elif press and self.phase == "show":
            self.close()
        elif press and self.phase == "wait":
            self.app.notify(f"{says(self.play.name(self.seat), 'is')} drawing a card")

    def update(self, dt: float) -> None:
        self.time += dt
        if self.phase == "wait":
            if not self.human and self.time >= self._bot_pace():
                self.draw_card()
        elif self.phase == "shuffle" and self.time >= SHUFFLE:
            self.phase, self.time = "flip", 0.0
        elif self.phase == "flip" and self.time >= FLIP:
            self.phase, self.time = "show", 0.0
        elif self.phase == "show":
            linger = SHOW_HUMAN if self.human else max(0.8, 2.5 * self._bot_pace())
            if self.play.fast_forward or self.time >= linger:
                self.close()
        if self.phase == "show" or (self.phase == "flip" and self.time >= FLIP / 2):
            self.play.card_seen()  # its face is up: the table may name it

    # -- drawing -----------------------------------------------------------------------------
    def _plate(self, surface: pygame.Surface, rect: pygame.Rect, text: str, size: float,
               colour, bold: bool = True) -> None:
        """Words on a plate of their own: nothing of the table shows through them."""
        panel(surface, rect, theme.BG_DARK, 12, colour)
        probe.shown("plate", text, rect)
        draw_text_in(surface, text, rect.inflate(-theme.px(20), -theme.px(6)), size, colour,
                     bold, min_size=13, wrap=True)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        self._drawn_phase = self.phase
        for _, _, paint in self._parts():
            paint(surface)

    def overlay_parts(self) -> list[tuple[tuple, pygame.Rect]]:
        """The plates, the piles, the pulse round the deck and the cards, each where it
        paints (see ``_parts``): a frame redraws only those that moved or changed."""
        self.ensure_layout()
        return [(key, rect) for key, rect, _ in self._parts()]

    def _parts(self) -> list[tuple[tuple, pygame.Rect, Callable[[pygame.Surface], None]]]:
        """What the overlay draws now, in order: (key, rectangle, painter) for each part,
        the key saying all its look (the same key and rectangle: the same pixels over the
        same table), the rectangle holding every pixel it paints (a card's shadow, a
        pile's edges)."""
        parts = []

        def part(key, rect, paint, *args, **kwargs):
            parts.append((key, rect, lambda surface: paint(surface, *args, **kwargs)))

        name = self.play.name(self.seat)
        title = (f"{Possessive(name)} {self.cards.title}" if self.human
                 else f"{says(name, 'draws')} a {self.cards.title}")
        colour = theme.player_colour(self.seat)
        part(("plate", title, colour), self.title_box, self._plate, self.title_box, title, 22,
             colour)
        deck = len(self.state.deck)
        DECK, DISCARD, CARD = self.deck, self.discard, self.card_rect
        if self.phase == "shuffle":  # the discards fly back and the pile fills up again
            t = self.time / SHUFFLE
            left = round(self.discards_before * (1 - t))
            count = 0 if t < 1 else deck + 1
            part(("pile", count), _pile_area(DECK, count), draw_pile, DECK, self.cards, count,
                 None, "")
            part(("pile", left), _pile_area(DISCARD, left), draw_pile, DISCARD, self.cards,
                 left, None, "")
            for i in range(4):
                r = _lerp_rect(DISCARD, DECK, t * 1.3 - i * 0.1)
                part(("back",), _card_area(r), draw_card, r, self.cards, None,
                     source=DISCARD.size)
            words = f"Reshuffle: the {self.discards_before} discards become the deck"
            part(("plate", words), self.wait_box, self._plate, self.wait_box, words, 20,
                 theme.TEXT)
            return parts
        part(("pile", deck), _pile_area(DECK, deck), self._deck, deck)
        if self.phase == "wait":
            pulse = theme.px(5 if theme.reduce_motion() else
                             4 + int(3 * abs((self.time * 2) % 2 - 1)))  # (still: no pulse)
            if self.human:
                ring = DECK.inflate(pulse * 2, pulse * 2)
                part(("ring",), ring, self._ring, ring)
                hint = hands.say("Press Space to turn over the top card",
                                 "Click the deck to turn over the top card")
            else:
                hint = f"{says(name, 'reaches')} for the deck…"
            part(("plate", hint), self.wait_box, self._plate, self.wait_box, hint, 20,
                 theme.TEXT)
            return parts
        if self.card:
            t = self.time / FLIP if self.phase == "flip" else 1.0
            rect = CARD if motion.reduced() else _lerp_rect(DECK, CARD, t)  # (or it turns
            flip = min(1.0, t)  # there)
            part(("card", self.card, flip), _card_area(rect), draw_card, rect, self.cards,
                 self.card, flip=flip, source=CARD.size)
            if self.phase == "show" and self.human and self.app.toast is None:
                words = hands.say("Press Space to play", "Click to play")
                part(("plate", words), self.hint_box, self._plate, self.hint_box, words, 16,
                     theme.TEXT_DIM, False)
        return parts

    def _deck(self, surface: pygame.Surface, count: int) -> None:
        draw_pile(surface, self.deck, self.cards, count, None, "")
        probe.shown("deck", count, self.deck)

    def _ring(self, surface: pygame.Surface, ring: pygame.Rect) -> None:
        """The pulse round the deck a player turns over."""
        pygame.draw.rect(surface, theme.TEXT, ring, max(2, theme.px(3)),
                         border_radius=theme.px(14))
        probe.control("deck", self.deck, surface=surface)


def _card_area(rect: pygame.Rect) -> pygame.Rect:
    """Where ``draw_card`` paints a card in ``rect``: the card and its shadow (4 and 5
    pixels down and right), a pixel round for rounding."""
    return rect.union(rect.move(4, 5)).inflate(2, 2)


def _pile_area(rect: pygame.Rect, count: int) -> pygame.Rect:
    """Where ``draw_pile`` paints ``count`` cards in ``rect``: each card 2 pixels up and
    left of the one under it (six at most shown), the top one's shadow."""
    shown = max(0, min(count, 6) - 1)
    return _card_area(rect).union(rect.move(-2 * shown, -2 * shown))
