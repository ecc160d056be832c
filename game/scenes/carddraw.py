"""Drawing a Fortune Card: an overlay over the play scene with the deck and the discard pile.

The player to act turns over the top card (a human by click or tap, Space or Enter; a bot
at its pace). When the pile is empty the discards fly back onto it first (the reshuffle).
The card travels to the middle while it turns over, then shows its picture, name and
effect large enough to read; a click or key (or a few seconds) returns to the table, where
the card stays beside the dice for the whole turn."""

from __future__ import annotations

import pygame

from game.app import App, Scene
from game.rules.pirates import CARD_EFFECTS, CARD_NAMES
from game.ui import theme
from game.ui.cards import draw_card, draw_pile
from game.ui.text import draw_text_in
from game.ui.widgets import dim
from game.ui.words import possessive, says

DECK = pygame.Rect(250, 250, 130, 190)
DISCARD = pygame.Rect(900, 250, 130, 190)
CARD = pygame.Rect(0, 0, 250, 360)
CARD.center = (640, 350)
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

    def __init__(self, app: App, play):
        super().__init__(app)
        self.play = play
        self.seat = play.state.current
        self.human = play.human_turn
        self.phase = "wait"  # wait -> shuffle (when the pile was empty) -> flip -> show
        self.time = 0.0
        self.card: str | None = None
        self.discards_before = len(play.state.discard)

    @property
    def state(self):
        return self.play.state

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

    def close(self) -> None:
        if self.app.scene is self:
            self.play.bot_plan = None  # a bot's "draw" is done here, not by the play scene
            self.app.pop()

    def _bot_pace(self) -> float:
        return 0.0 if self.play.fast_forward else self.app.settings.bot_delay

    def handle(self, event: pygame.event.Event) -> None:
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
            self.app.notify(f"{self.play.name(self.seat)} is drawing a card")

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

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        name = self.play.name(self.seat)
        title = (f"{possessive(name).capitalize()} Fortune Card" if self.human
                 else f"{says(name, 'draws')} a Fortune Card")
        draw_text_in(surface, title, pygame.Rect(140, 40, 1000, 60), 34,
                     theme.player_colour(self.seat), True, min_size=16, display=True)
        deck, discard = len(self.state.deck), len(self.state.discard)
        if self.phase == "shuffle":  # the discards fly back and the pile fills up again
            t = self.time / SHUFFLE
            left = round(self.discards_before * (1 - t))
            draw_pile(surface, DECK, 0 if t < 1 else deck + 1, None, "Deck")
            draw_pile(surface, DISCARD, left, None, "Discards")
            for i in range(4):
                r = _lerp_rect(DISCARD, DECK, t * 1.3 - i * 0.1)
                draw_card(surface, r, None, source=DISCARD.size)
            draw_text_in(surface, f"Reshuffle: the {self.discards_before} discards become the "
                         "deck", pygame.Rect(140, 540, 1000, 40), 24, theme.ACCENT, True,
                         min_size=14)
            return
        drawn = self.phase in ("flip", "show")
        draw_pile(surface, DECK, deck, None, "Deck")
        draw_pile(surface, DISCARD, discard, self.state.discard[-1] if discard else None,
                  "Discards")
        if self.phase == "wait":
            pulse = 4 + int(3 * abs((self.time * 2) % 2 - 1))
            if self.human:
                pygame.draw.rect(surface, theme.ACCENT, DECK.inflate(pulse * 2, pulse * 2), 3,
                                 border_radius=14)
                hint = "Click or press Space to turn over the top card"
            else:
                hint = f"{name} reaches for the deck…"
            draw_text_in(surface, hint, pygame.Rect(140, 580, 1000, 40), 24, theme.TEXT, True,
                         min_size=14)
            return
        if drawn and self.card:
            t = self.time / FLIP if self.phase == "flip" else 1.0
            rect = _lerp_rect(DECK, CARD, t)
            draw_card(surface, rect, self.card, flip=min(1.0, t), source=CARD.size)
            if self.phase == "show":
                draw_text_in(surface, CARD_NAMES[self.card],
                             pygame.Rect(140, CARD.bottom + 14, 1000, 40), 30, theme.ACCENT, True,
                             min_size=16)
                draw_text_in(surface, CARD_EFFECTS[self.card],
                             pygame.Rect(140, CARD.bottom + 56, 1000, 64), 24, theme.TEXT,
                             min_size=14, wrap=True, valign="top")
                if self.human:
                    draw_text_in(surface, "Click or press Space to play",
                                 pygame.Rect(140, 688, 1000, 26), 18, theme.TEXT_DIM,
                                 min_size=12)
