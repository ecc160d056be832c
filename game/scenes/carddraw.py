"""Drawing a Fortune Card: an overlay over the play scene with the deck and the discard pile.

The player to act turns over the top card (a human by click or tap, Space or Enter; a bot
at its pace). When the pile is empty the discards fly back onto it first (the reshuffle).
The card travels to the middle while it turns over, then shows its picture, name and
effect large enough to read; a click or key (or a few seconds) returns to the table, where
the card stays beside the dice for the whole turn. The table under the card names it (on
the felt, in the move history) only once its face is up, half-way through the turn-over."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.rules.pirates import CARD_EFFECTS, CARD_NAMES
from game.scenes.table_view import UNDO_GRACE
from game.ui import hands, layout, probe, theme
from game.ui.cards import draw_card, draw_pile
from game.ui.layout import fr
from game.ui.text import draw_text_in
from game.ui.words import Possessive, says

SHUFFLE = 0.9  # seconds: the discards fly back onto the deck
FLIP = 0.6  # seconds: the card travels and turns over
SHOW_HUMAN = 4.0  # seconds before the card closes by itself on a human's turn


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    t = max(0.0, min(1.0, t))
    t = t * t * (3 - 2 * t)  # ease in and out
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


class CardDrawScene(Scene):
    overlay = True
    dim_alpha = 200  # the app darkens the scenes under it

    def __init__(self, app: App, play):
        super().__init__(app)
        self.play = play
        self.seat = play.state.current
        self.human = play.human_turn
        self.phase = "wait"  # wait -> shuffle (when the pile was empty) -> flip -> show
        self.time = 0.0
        self.card: str | None = None
        self.discards_before = len(play.state.discard)
        self._drawn_phase: str | None = None  # the phase the screen shows

    @property
    def state(self):
        return self.play.state

    def relayout(self) -> None:
        """The title at the top; the deck and the discards either side (above the card on a
        phone held upright); the card in the middle, turned over large enough to read; its
        name and effect under it."""
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 12)
        self.title_box, middle, self.name_box, self.effect_box, self.hint_box = layout.rows(
            screen, 52, fr(), 40, 64, 34, gap=6)
        px = theme.px
        if f.portrait:
            piles, card_area = layout.rows(middle, fr(0.36), fr(0.64), gap=30)
            pile_h = piles.h - px(34)
            pile_w = int(pile_h / 1.46)
            left, right = layout.cols(piles, fr(), fr(), gap=20)
            self.deck = layout.centred(left, theme.dp(pile_w), theme.dp(pile_h))
            self.discard = layout.centred(right, theme.dp(pile_w), theme.dp(pile_h))
        else:
            left, card_area, right = layout.cols(middle, fr(1), fr(1.3), fr(1), gap=20)
            pile_h = min(px(190), left.h - px(40))
            pile_w = min(int(pile_h / 1.46), left.w - px(60))
            pile_h = int(pile_w * 1.46)
            self.deck = layout.centred(left, theme.dp(pile_w), theme.dp(pile_h))
            self.discard = layout.centred(right, theme.dp(pile_w), theme.dp(pile_h))
        card_h = min(card_area.h, int(card_area.w * 1.44), px(400))
        self.card_rect = layout.centred(card_area, theme.dp(card_h / 1.44), theme.dp(card_h))

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
        actions = len(self.play.state.actions)
        self.play.undo()
        if len(self.play.state.actions) < actions:
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
            actions = len(self.play.state.actions)
            self.play.top_buttons.handle(event)
            if len(self.play.state.actions) < actions:
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
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        self._drawn_phase = self.phase
        name = self.play.name(self.seat)
        title = (f"{Possessive(name)} Fortune Card" if self.human
                 else f"{says(name, 'draws')} a Fortune Card")
        draw_text_in(surface, title, self.title_box, 30, theme.player_colour(self.seat), True,
                     min_size=18, display=True)
        deck, discard = len(self.state.deck), len(self.state.discard)
        DECK, DISCARD, CARD = self.deck, self.discard, self.card_rect
        if self.phase == "shuffle":  # the discards fly back and the pile fills up again
            t = self.time / SHUFFLE
            left = round(self.discards_before * (1 - t))
            draw_pile(surface, DECK, 0 if t < 1 else deck + 1, None, "Deck")
            draw_pile(surface, DISCARD, left, None, "Discards")
            for i in range(4):
                r = _lerp_rect(DISCARD, DECK, t * 1.3 - i * 0.1)
                draw_card(surface, r, None, source=DISCARD.size)
            draw_text_in(surface, f"Reshuffle: the {self.discards_before} discards become the "
                         "deck", self.name_box, 22, theme.TEXT, True, min_size=16, wrap=True)
            return
        drawn = self.phase in ("flip", "show")
        draw_pile(surface, DECK, deck, None, "Deck")
        draw_pile(surface, DISCARD, discard, self.state.discard[-1] if discard else None,
                  "Discards")
        if self.phase == "wait":
            pulse = theme.px(5 if theme.reduce_motion() else
                             4 + int(3 * abs((self.time * 2) % 2 - 1)))  # (still: no pulse)
            if self.human:
                pygame.draw.rect(surface, theme.TEXT, DECK.inflate(pulse * 2, pulse * 2),
                                 max(2, theme.px(3)), border_radius=theme.px(14))
                probe.control("deck", DECK, surface=surface)
                hint = hands.say("Press Space to turn over the top card",
                                 "Click the deck to turn over the top card")
            else:
                hint = f"{says(name, 'reaches')} for the deck…"
            draw_text_in(surface, hint, self.name_box, 20, theme.TEXT, True, min_size=16,
                         wrap=True)
            return
        if drawn and self.card:
            t = self.time / FLIP if self.phase == "flip" else 1.0
            rect = _lerp_rect(DECK, CARD, t)
            draw_card(surface, rect, self.card, flip=min(1.0, t), source=CARD.size)
            if self.phase == "show":
                draw_text_in(surface, CARD_NAMES[self.card], self.name_box, 26, theme.TEXT,
                             True, min_size=18)
                draw_text_in(surface, CARD_EFFECTS[self.card], self.effect_box, 19, theme.TEXT,
                             min_size=15, wrap=True, valign="top")
                if self.human and self.app.toast is None:
                    draw_text_in(surface, hands.say("Press Space to play", "Click to play"),
                                 self.hint_box, 16,
                                 theme.TEXT_DIM, min_size=13)
