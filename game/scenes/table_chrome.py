"""The table scene's words and chrome round the dice: the top bar (the game's title, whose
turn it is in a band of the player's colour with the seat's marker, the turn's information,
the tools), the status place under the dice (what to do now, the coach's advice), the
banners that announce a moment there (beside the dice, never over them) and the two tabs
over a phone's pane."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

import pygame

from game.catalog import GameInfo
from game.scenes.tables.base import Banner, Table
from game.ui import hands, inline, layout, marks, probe, theme
from game.ui.celebrate import TurnFlourish
from game.ui.layout import fr
from game.ui.text import (
    draw_names_shorter,
    draw_text_in,
    ellipsize,
    text_width,
)
from game.ui.widgets import FocusGroup
from game.ui.words import says, turn_of


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    coach: Any
    compact_bar: bool
    flourish: TurnFlourish
    handing_over: bool
    info: GameInfo
    pane: str
    regions: dict[str, pygame.Rect]
    shown_seat: int | None
    state: Any
    table: Table
    top_buttons: FocusGroup
    view_state: Any

    def coach_thinking(self) -> bool: ...

    def current_hint(self) -> Any: ...

    def name(self, seat: int) -> str: ...

    def seat_names(self) -> list[str]: ...

    def tab_rects(self) -> dict[str, pygame.Rect]: ...


class Chrome:
    def __init__(self, scene: Host):
        self.scene = scene
        # The top bar's picture as last drawn, and what it showed (``_top_key``): a whole
        # frame after a move blits it rather than draw the title, the turn and seven
        # buttons again (a third of such a frame at 780x1688)
        self._top_picture: pygame.Surface | None = None
        self._top_kept: tuple | None = None

    def turn_text(self, width: int | None = None, size: float = 20) -> tuple[str, tuple]:
        """Whose turn it is, in words; given a width (device px), a name too long for it is
        shortened with "…" so that "'s turn" / "is playing" stays."""
        scene = self.scene
        seat = scene.shown_seat
        if seat is None:
            return "Game over", theme.TEXT
        who = scene.name(seat)
        text = turn_of(who) if scene.state.seats[seat].is_human else f"{says(who, 'is')} playing"
        if width is not None and who in text and text_width(text, size, True) > width:
            rest = text.replace(who, "", 1)
            room = max(theme.px(30), width - text_width(rest, size, True))
            short = ellipsize(theme.font(size, True), who, room)
            text = text.replace(who, short, 1)
        return text, scene.table.seat_colour(seat)

    def _top_area(self, surface: pygame.Surface) -> pygame.Rect | None:
        """What ``top`` paints, its buttons' shadows included (None: it reaches the sheet,
        whose pixels a frame may keep: no picture of it is kept)."""
        scene = self.scene
        bar = scene.regions["bar"]
        area = bar.copy()
        if "tools" in scene.regions:
            area.union_ip((0, bar.bottom, bar.w, scene.regions["tools"].bottom + 6 - bar.bottom))
        focused = scene.top_buttons.focused
        for b in scene.top_buttons.buttons:
            area.union_ip(b.area(b is focused))
        area = area.clip(surface.get_rect())
        if not area.w or not area.h or ("sheet" in scene.regions
                                        and area.colliderect(scene.sheet.rect)):
            return None
        return area

    def _top_key(self, surface: pygame.Surface) -> tuple | None:
        """Everything the top bar's picture depends on; None when it is to be drawn
        afresh (a test reads what is drawn, the turn's flourish plays in it)."""
        scene = self.scene
        if probe.recording() or scene.flourish.busy:
            return None
        seat = scene.shown_seat
        view = scene.view_state
        focused = scene.top_buttons.focused
        buttons = tuple(b.look(b is focused) for b in scene.top_buttons.buttons)
        who = None
        if seat is not None:
            who = (seat, scene.name(seat), scene.state.seats[seat].is_human,
                   tuple(scene.table.seat_colour(seat)), view.side_of(seat),
                   scene.table.turn_info() if seat == view.current else "")
        regions = scene.regions
        return (who, buttons, tuple(regions["bar"]), tuple(regions.get("tools") or ()),
                scene.compact_bar, scene.info.title, hands.mode(), theme.metrics.touch,
                theme.metrics.key, theme.generation, surface.get_size(), id(surface))

    def top(self, surface: pygame.Surface) -> None:
        """The top bar: the game's title, whose turn it is, the turn's information and the
        tools; the picture kept of it when it shows the same as when it was drawn."""
        key = self._top_key(surface)
        area = self._top_area(surface) if key is not None else None
        if area is None:  # (the picture kept stays what it is, for its key)
            self._draw_top(surface)
            return
        key += (tuple(area),)
        if key == self._top_kept and self._top_picture is not None:
            surface.blit(self._top_picture, area)
            return
        if self._top_picture is not None and self._top_kept is not None \
                and key[1:] == self._top_kept[1:]:
            # Only whose turn it is changed (a score arriving passes the turn): the picture,
            # with the turn's place painted again (not the title and the seven tools)
            band = self._turn_area()
            focused = self.scene.top_buttons.focused
            if area.contains(band) and not any(b.area(b is focused).colliderect(band)
                                               for b in self.scene.top_buttons.buttons):
                surface.blit(self._top_picture, area)
                pygame.draw.rect(surface, theme.BG_DARK, band)
                self._draw_turn(surface, band)
                self._top_picture.blit(surface, band.move(-area.x, -area.y), band)
                self._top_kept = key
                return
        self._draw_top(surface)
        if self._top_picture is None or self._top_picture.get_size() != area.size:
            self._top_picture = pygame.Surface(area.size, 0, surface)
        self._top_picture.blit(surface, (0, 0), area)
        self._top_kept = key

    def _bar_areas(self) -> tuple[pygame.Rect | None, pygame.Rect]:
        """Where the top bar writes the game's title (None: a compact bar has none) and
        whose turn it is."""
        scene = self.scene
        bar = scene.regions["bar"]
        right = min((b.rect.left for b in scene.top_buttons.buttons
                     if b.rect.colliderect(bar)), default=bar.right) - theme.px(10)
        area = pygame.Rect(bar.x + theme.px(12), bar.y, right - bar.x - theme.px(12), bar.h)
        if scene.compact_bar:
            return None, area
        title = pygame.Rect(area.x, area.y, min(theme.px(230), area.w // 3), area.h)
        return title, pygame.Rect(title.right + theme.px(16), area.y,
                                  area.right - title.right - theme.px(16), area.h)

    def _turn_area(self) -> pygame.Rect:
        return self._bar_areas()[1]

    def _draw_top(self, surface: pygame.Surface) -> None:
        scene = self.scene
        bar = scene.regions["bar"]
        pygame.draw.rect(surface, theme.BG_DARK, bar)
        if "tools" in scene.regions:
            tools = scene.regions["tools"]
            pygame.draw.rect(surface, theme.BG_DARK, (0, bar.bottom, bar.w, tools.bottom + 6 -
                                                      bar.bottom))
        title, area = self._bar_areas()
        if title is not None:
            draw_text_in(surface, scene.info.title, title, 28, theme.TEXT, True, "left",
                         min_size=18, display=True, bg=theme.BG_DARK, flat=bar)
        self._draw_turn(surface, area)
        scene.top_buttons.draw(surface)

    def _draw_turn(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Whose turn it is (their marker, in their colour; lit on your turn) and the
        turn's information, in ``area`` of the top bar."""
        scene = self.scene
        text, colour = self.turn_text(area.w - theme.px(40), 20)
        seat = scene.shown_seat
        info = scene.table.turn_info() if seat == scene.view_state.current else ""
        mine = seat is not None and scene.state.seats[seat].is_human
        dot = theme.px(9)
        # what the words are written onto: the bar, or inside the band's border and corners
        under, flat = theme.BG_DARK, area
        if mine:  # your turn: unmistakable, a lit band in your colour
            band = area.inflate(0, -theme.px(14))
            under, flat = theme.mix(colour, theme.BG_DARK, 0.2), \
                band.inflate(-2 * theme.px(10), -2 * theme.px(3))
            pygame.draw.rect(surface, under, band, border_radius=theme.px(10))
            pygame.draw.rect(surface, colour, band, width=max(1, theme.px(2)),
                             border_radius=theme.px(10))
            if scene.flourish.busy and scene.flourish.seat == seat:
                scene.flourish.draw(surface, band, colour)
                text, under = scene.flourish.text, None
        if seat is not None:  # the seat's marker: its shape says whose turn without colour
            side = scene.view_state.side_of(seat)  # (partners': one)
            marks.seat(surface, side, (area.x + dot + theme.px(6), area.centery), dot, colour)
        words = pygame.Rect(area.x + 2 * dot + theme.px(14), area.y,
                            area.w - 2 * dot - theme.px(20), area.h)
        drawn = draw_text_in(surface, text, words, 20, theme.TEXT, True, "left", min_size=16,
                             bg=under, flat=flat)
        rest = pygame.Rect(drawn.right + theme.px(14), area.y, words.right - drawn.right -
                           theme.px(14), area.h)
        if info and rest.w > theme.px(60):
            face = theme.font(15)
            if face.size(info)[0] <= rest.w:
                draw_text_in(surface, info, rest, 15, theme.TEXT_DIM, align="left",
                             min_size=15, bg=under, flat=flat)

    def status(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.handing_over:
            return  # (the status is the next player's: the top bar does not name them yet)
        text = "\n".join(scene.table.status())
        hint = scene.current_hint()
        area = scene.regions["status"].inflate(-theme.px(8), 0)
        if hint is not None or scene.coach_thinking():
            if hint is None:
                advice = "Coach is thinking…"
            else:
                advice = scene.coach.advice(scene.state, hint, scene.table) if scene.coach else ""
            top, bottom = layout.rows(area, fr(1), fr(1.3), gap=2)
            inline.draw_in(surface, text, top, 16, theme.TEXT, min_size=16, align="left",
                           valign="top", names=scene.seat_names(),
                           drops=scene.table.status_details(), bg=theme.BG)
            inline.draw_in(surface, advice, bottom, 15, theme.COACH, min_size=13,
                           align="left", valign="top",  # (its dice drawn as dice)
                           names=scene.seat_names(), bg=theme.BG)
        else:
            inline.draw_in(surface, text, area, 18, theme.TEXT, min_size=16, align="left",
                           valign="top", names=scene.seat_names(),
                           drops=scene.table.status_details(), bg=theme.BG)

    def banner(self, surface: pygame.Surface, banner: Banner, left: float) -> None:
        """An announcement in the status area, beside the dice and never over them."""
        scene = self.scene
        rect = scene.regions["status"]
        banner = dataclasses.replace(banner, colour=theme.live(banner.colour))  # (the palette
        # in use: a banner raised before the palette changed)
        if scene.app.toast and scene.app.scene is scene:
            rect = layout.rows(rect, fr(), fr(), gap=4)[0]
        if banner.celebrate:  # a moment: a tinted card, a double frame, stars, display type
            tint = tuple(int(d * 0.7 + c * 0.3)
                         for d, c in zip(theme.BG_DARK[:3], banner.colour[:3], strict=True))
            pygame.draw.rect(surface, tint, rect, border_radius=theme.px(18))
            pygame.draw.rect(surface, banner.colour, rect, width=max(2, theme.px(4)),
                             border_radius=theme.px(18))
            pygame.draw.rect(surface, banner.colour, rect.inflate(-theme.px(10), -theme.px(10)),
                             width=max(1, theme.px(1)), border_radius=theme.px(14))
            for x in (rect.x + theme.px(24), rect.right - theme.px(24)):
                r = theme.px(7)
                y = rect.centery
                pygame.draw.polygon(surface, banner.colour, [
                    (x, y - 2 * r), (x + r // 2, y - r // 2), (x + 2 * r, y),
                    (x + r // 2, y + r // 2), (x, y + 2 * r), (x - r // 2, y + r // 2),
                    (x - 2 * r, y), (x - r // 2, y - r // 2)])
            words = layout.inset(rect, x=44, y=6)
            if inline.has_pictures(banner.text):  # its dice drawn as dice
                inline.draw_in(surface, banner.text, words, 26, banner.colour, True, 16,
                               names=scene.seat_names())
            else:  # (too long for its box: the names shorter, not the words)
                draw_names_shorter(surface, banner.text, scene.seat_names(), words, 26,
                                   banner.colour, True, 16, display=True)
            return
        pygame.draw.rect(surface, theme.BG_DARK, rect, border_radius=theme.px(18))
        pygame.draw.rect(surface, banner.colour, rect, width=max(2, theme.px(3)),
                         border_radius=theme.px(18))
        inline.draw_in(surface, banner.text, layout.inset(rect, x=14, y=4), 24, banner.colour,
                       True, min_size=16, names=scene.seat_names())

    def tabs(self, surface: pygame.Surface) -> None:
        scene = self.scene
        for name, rect in scene.tab_rects().items():
            on = scene.pane == name
            pygame.draw.rect(surface, theme.PANEL_LIGHT if on else theme.PANEL, rect,
                             border_radius=theme.px(10))
            if on:  # the pane shown: a light frame (and its fill)
                pygame.draw.rect(surface, theme.TEXT, rect, width=max(1, theme.px(2)),
                                 border_radius=theme.px(10))
            label = "Score sheet" if name == "sheet" else "Move history"
            draw_text_in(surface, label, rect.inflate(-theme.px(10), 0), 16,
                         theme.TEXT if on else theme.TEXT_DIM, True, min_size=13)
            probe.control(f"tab {name}", rect, surface=surface)
