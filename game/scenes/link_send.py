"""The link to send: "Send this link to Ada", with Copy, Share (on phones, where the page
is served over https) and the link itself, which can be selected (in the browser a real
text field over the canvas; natively a click on it copies it too).

Shown when the turn of a game by link passes to another person, when a game by link ends
on this device (the final link, for the others' results), and when a game whose turn is
someone else's is opened again here (the link can be sent again, or the person whose turn
it is may play it on this device)."""

from __future__ import annotations

import pygame

from game import linkplay, links, page
from game.app import App
from game.catalog import GameInfo
from game.rules.core import GameState
from game.scenes.game_screen import GameScreen
from game.tasks import Task
from game.ui import layout, theme
from game.ui.code_text import draw_code
from game.ui.layout import fr
from game.ui.text import draw_text_in, fewer_to_fit, fits_whole
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import Possessive, number, possessive

FIELD = "dh-link"  # the page's text field holding the link


def names_text(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class LinkSendScene(GameScreen):
    def __init__(self, app: App, info: GameInfo, state: GameState, site: str = "",
                 final: bool = False, news=None, hinted: bool = False):
        super().__init__(app)
        self.info, self.state, self.site, self.final = info, state, site, final
        self.news = news or {}
        self.hinted = hinted
        self.making = Task(links.encode_steps(info, state))  # the link, a little a frame
        self.code = self.link = ""
        people = [s.name for s in state.seats if s.is_human]
        if final:
            self.to = ([n for n in people if n != self.last_person()] or people
                       or [s.name for s in state.seats])  # (a game of bots alone: anyone)
        else:
            self.to = [state.seats[state.current].name]
        self.copying = page.Copying()
        self.in_page = False  # the link is in a text field of the page (the browser)
        self.focus = FocusGroup()
        nothing = pygame.Rect(0, 0, 0, 0)
        buttons = [Button(nothing, "Copy", self.copy, hotkey="C", size=20,
                          colour=(40, 130, 90), ident="copy")]
        if page.can_share():
            buttons.append(Button(nothing, "Share", self.share, size=20, ident="share"))
        if final:
            buttons.append(Button(nothing, "Results", self.results, hotkey="Enter", size=20,
                                  ident="results"))
        else:
            who = state.seats[state.current].name
            buttons.append(Button(nothing, f"Play {possessive(who)} turn here", self.play_here,
                                  size=16, wrap=True, min_size=13, ident="here",
                                  tooltip="Pass this device to them instead of sending the link"))
        buttons.append(Button(nothing, "Menu", self.to_menu, hotkey="Esc", size=20,
                              ident="menu"))
        self.focus.set(buttons)
        self.focus.move(1)  # the gold ring starts on Copy
        app.sounds.play("your_turn" if not final else "win")

    def last_person(self) -> str:
        """The person who made the last move of a person (whose device shows this)."""
        for seat in reversed(self.state._actors):
            if self.state.seats[seat].is_human:
                return self.state.seats[seat].name
        return ""

    # -- words -------------------------------------------------------------------------------
    def title(self) -> str:
        if self.final:
            return f"Game over: send the final link to {names_text(self.to)}"
        return f"Send this link to {self.to[0]}"

    def situation(self, first: int | None = None) -> str:
        """The game in a line: what, how far, the scores so far (with ``first``, only so
        many of them and how many more there are)."""
        s = self.state
        scores = s.final_scores()
        parts = [f"{self.info.title}, move {number(s.action_count)}"]
        if not self.final:
            parts.append(f"{Possessive(s.seats[s.current].name)} turn")
        if scores:
            pairs = list(zip(s.seats, scores, strict=False))
            shown = pairs if first is None else pairs[:first]
            parts.append(" · ".join(f"{seat.name} {number(score)}" for seat, score in shown))
            if len(shown) < len(pairs):
                parts.append(f"{len(pairs) - len(shown)} more")
        return " · ".join(parts)

    def situation_fitted(self) -> str:
        """The situation as it holds whole in its place: the names shorter, then fewer of
        the scores ("· 5 more")."""
        names = [seat.name for seat in self.state.seats]

        return fewer_to_fit(self.situation, len(names), names,
                            lambda t: fits_whole(t, self.line_box, 17, 13))

    def help_text(self) -> str:
        where = ("it opens the game in a browser." if self.site else
                 "they open it with Open a link in the menu (or main.py --open).")
        return (f"Paste it in a message: {where} The game stays on this device too: the "
                "menu lists it under Games by link.")

    # -- layout ------------------------------------------------------------------------------
    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 12 if f.portrait or f.short else 28)
        control = layout.touch_size(52)
        area = screen if f.portrait else layout.centred(screen, 880, theme.dp(screen.h))
        widths = [150] * len(self.focus.buttons)
        foot_h = layout.flow_height(area.w, widths, control, gap=10)
        link_h = 110 if f.short else 150
        # (on a phone the buttons at the foot, in reach of a thumb; else all in the middle)
        (_, self.title_box, self.line_box, self.link_box, self.help_box, self.message, _,
         foot, _) = layout.rows(area, 0 if f.portrait else fr(1), 56 if not f.short else 40, 44,
                                fr(1, min=70, max=link_h), fr(0.6, min=40, max=64), 44,
                                fr(1), foot_h, 0 if f.portrait else fr(1), gap=8)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=10,
                                                        align="center"), strict=True):
            b.rect = r
        self.in_page = bool(self.link) and page.field(
            FIELD, self.link_box, self.link, True, True,
            max(13, min(16, theme.dp(self.link_box.h) / 6)))

    def leave(self) -> None:
        page.remove_field(FIELD)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    # -- actions -----------------------------------------------------------------------------
    def copy(self) -> None:
        if not self.link:
            self.app.notify("A moment: the link is being made")
            return
        self.copying.start(self.link, f"Copied: paste it in a message to "
                                      f"{names_text(self.to)}", "link")
        self.update(0.0)

    def share(self) -> None:
        if not self.link:
            self.app.notify("A moment: the link is being made")
            return
        text = f"Your turn in our {self.info.title} game on Dice Harbor"
        if not page.share(text, self.link):
            self.app.notify("Sharing is not possible here: copy the link instead", theme.BAD)

    def results(self) -> None:
        self.app.show("results", info=self.info, state=self.state, news=self.news,
                      hinted=self.hinted)

    def play_here(self) -> None:
        linkplay.play_here(self.app, self.info, self.state, self.site)

    def animating(self) -> bool:
        return self.making is not None

    def update(self, dt: float) -> None:
        if self.making is not None and self.making.step():
            if self.making.error is not None:
                self.app.notify(f"The link could not be made ({self.making.error})", theme.BAD)
            else:
                self.code = self.making.result
                self.link = links.link_text(self.code, self.site)
            self.making = None
            self._layout_key = None  # (the page's field takes the link)
            self.app.invalidate()
        told = self.copying.told()
        if told:
            self.app.notify(told[0], theme.GOOD if told[1] else theme.BAD, 4)

    def keys(self, event: pygame.event.Event) -> dict:
        return {pygame.K_c: self.copy}

    def pointer(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.link_box.collidepoint(event.pos) and not self.in_page):
            self.copy()  # natively the link's box is the link: a click copies it
            return True
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, self.title(), self.title_box, 34, theme.TEXT, True,
                     min_size=18, display=True, wrap=True)
        draw_text_in(surface, self.situation_fitted(), self.line_box, 17, theme.TEXT_DIM,
                     min_size=13, wrap=True)
        if not self.in_page:
            panel(surface, self.link_box, theme.BG_DARK, 12, theme.LINE)
            if self.link:
                draw_code(surface, self.link, layout.inset(self.link_box, x=12, y=8))
            else:
                draw_text_in(surface, "Making the link…", layout.inset(self.link_box, 12), 15,
                             theme.TEXT_DIM, min_size=13)
        draw_text_in(surface, self.help_text(), self.help_box, 15, theme.TEXT_DIM,
                     min_size=13, wrap=True)
        self.focus.draw(surface)
