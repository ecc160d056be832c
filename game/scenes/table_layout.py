"""Where the table's regions go in the window (the table scene's ``relayout``).

A top bar (whose turn, the tools), the felt tray with the dice, the game's buttons, the
status place (what to do now, the coach, the banners and messages), the move history and
the score sheet. On a wide window the sheet stands beside the rest; on a phone held upright
it comes under the dice, the history a button away (``pane``); on a phone on its side two
tabs over the pane choose between them. Sizes are in dp."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import layout, theme
from game.ui.layout import fr


@dataclass
class TableLayout:
    regions: dict[str, pygame.Rect]
    compact_bar: bool  # the top bar has no room for the game's title
    tabs: bool  # the two tabs over the pane (a phone on its side)
    pane_toggle: bool  # one button among the tools (a phone upright)


def table_layout(table, pane: str, status: float, pane_least: float,
                 tools: bool) -> TableLayout:
    """The regions for the window as it is now. ``table``: the game's table (the tray's
    height it wants); ``pane``: "sheet" or "history", what a phone shows under the dice;
    ``status``: the status place's height (dp); ``pane_least``: the least height of a phone's
    pane; ``tools``: a phone upright has a row of tools under the top bar."""
    f = layout.form()
    screen = layout.screen_rect()
    control = layout.touch_size(44)
    tabs = f.portrait or f.short
    r: dict[str, pygame.Rect] = {}
    if f.portrait:  # the tools in a row under the bar (a few: in it), the sheet or history
        if tools:  # under all
            bar, row, body = layout.rows(screen, control + 8, control + 8, fr())
            r["tools"] = layout.inset(row, x=8, bottom=8)
        else:
            bar, body = layout.rows(screen, control + 8, fr())
        r["bar"] = bar
        body = layout.inset(body, x=8, bottom=8)
        tray_h = table.tray_height(theme.dp(body.w))
        r["tray"], r["actions"], r["status"], r["pane"] = layout.rows(
            body, fr(4, min=min(tray_h, 150), max=tray_h), control + 4, status,
            fr(1, min=pane_least), gap=6)
    else:
        bar_h = 48 if f.short else 64
        bar, body = layout.rows(screen, bar_h, fr())
        r["bar"] = bar
        body = layout.inset(body, 8 if f.short else 16)
        left, right = layout.cols(body, fr(1, min=300), fr(1.1 if not f.narrow else 1.05),
                                  gap=10 if f.short else 18)
        if tabs:
            r["tray"], r["actions"], r["status"] = layout.rows(
                left, fr(1, min=110), control + 2, status, gap=6)
            r["tabs"], r["pane"] = layout.rows(right, control, fr(), gap=6)
        else:
            keys = 20 if not f.touch else 0
            parts = layout.rows(left, fr(1, min=200), control + 14,
                                fr(0.42, min=status + 16),
                                fr(0.58, min=90), keys, gap=8)
            r["tray"], r["actions"], r["status"], r["history"], r["keys"] = parts
            r["actions"] = layout.inset(r["actions"], y=4)
            r["sheet"] = right
    if tabs:
        r["sheet" if pane == "sheet" else "history"] = r["pane"]
    return TableLayout(r, f.narrow or f.short or f.portrait, "tabs" in r, f.portrait)


def tab_rects(tabs: pygame.Rect) -> dict[str, pygame.Rect]:
    """The two tabs over a phone's pane, side by side."""
    sheet, history = layout.cols(tabs, fr(), fr(), gap=6)
    return {"sheet": sheet, "history": history}


@dataclass
class CardDrawLayout:
    """Where the card draw (game.scenes.carddraw) puts things, in device pixels."""
    deck: pygame.Rect  # the felt's deck (lit where it lies)
    discard: pygame.Rect  # the discards beside it while they are shuffled back
    card: pygame.Rect  # the card drawn, face up
    title: pygame.Rect  # the plate above it (whose card)
    hint: pygame.Rect  # the plate under it (what to do)
    wait: pygame.Rect  # the plate before the draw


def card_draw_layout(regions: dict[str, pygame.Rect],
                     spot: pygame.Rect | None) -> CardDrawLayout:
    """The card draw over the table laid out in ``regions``: the deck where the felt has it
    (``spot``, the table's ``card_spot``); the card in the middle of the screen under the
    top bar, as large as fits with a plate above it and one under it; the discards beside
    the deck. The table makes the card's pictures at its size before a draw (its warm)."""
    px = theme.px
    bar = regions.get("tools") or regions.get("bar")
    top = (bar.bottom if bar is not None else 0) + px(10)
    screen = layout.screen_rect()
    area = pygame.Rect(screen.x + px(12), top, screen.w - px(24), screen.bottom - top - px(12))
    deck = spot or layout.centred(area, 90, 131)
    discard = deck.move(deck.w + px(18), 0)
    laid = _card_placed(area, deck, discard)
    if laid.title.colliderect(deck.inflate(px(16), px(16))):  # a phone: under it
        laid = _card_placed(pygame.Rect(area.x, deck.bottom + px(14), area.w,
                                        area.bottom - deck.bottom - px(14)), deck, discard)
    return laid


def _card_placed(area: pygame.Rect, deck: pygame.Rect, discard: pygame.Rect
                 ) -> CardDrawLayout:
    """The card and its plates in ``area``."""
    px = theme.px
    plate = px(44)
    gap = px(10)
    room_h = area.h - 2 * (plate + gap)
    card_h = max(px(120), min(room_h, int((area.w - px(8)) * 1.44), px(470)))
    card_w = int(card_h / 1.44)
    card = pygame.Rect(0, 0, card_w, card_h)
    card.center = (area.centerx, area.y + plate + gap + room_h // 2)
    width = min(area.w, max(card_w + px(120), px(320)))
    title = pygame.Rect(0, 0, width, plate)
    title.midbottom = (card.centerx, card.top - gap)
    hint = pygame.Rect(0, 0, width, plate)
    hint.midtop = (card.centerx, card.bottom + gap)
    wait = pygame.Rect(0, 0, width, px(90))  # what to do before the draw
    wait.center = card.center
    return CardDrawLayout(deck, discard, card, title, hint, wait)
