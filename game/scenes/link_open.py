"""Open a link: a field that takes a pasted link (a game by link, or a daily challenge
someone shared) and opens it, or says in one sentence why it cannot.

In the browser the field is a real text field of the page (paste as anywhere, a long
press on a phone); natively it is drawn here and takes typing, Ctrl+V and the Paste
button. (In the browser a link also opens from the page's address.)"""

from __future__ import annotations

import pygame

from game import linkplay, page, web
from game.app import App, Scene
from game.links import MAX_TEXT
from game.ui import hands, layout, theme
from game.ui.layout import fr
from game.ui.text import ELLIPSIS, draw_text_in, face_for
from game.ui.widgets import Button, FocusGroup, panel

FIELD = "dh-open"


class LinkOpenScene(Scene):
    def __init__(self, app: App, game_id: str | None = None):
        super().__init__(app)
        self.game_id = game_id
        self.text = ""
        self.typing: int | None = 0  # (the app's shortcuts keep off while a field has keys)
        self.in_page = False
        self.focus = FocusGroup()
        nothing = pygame.Rect(0, 0, 0, 0)
        buttons = []
        if not web.in_browser():
            buttons.append(Button(nothing, "Paste", self.paste, hotkey="Ctrl+V", size=20,
                                  ident="paste"))
        buttons += [Button(nothing, "Open", self.open, hotkey="Enter", size=20,
                           colour=(40, 130, 90), ident="open"),
                    Button(nothing, "Back", self.back, hotkey="Esc", size=20, ident="back")]
        self.focus.set(buttons)

    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 12 if f.portrait or f.short else 28)
        area = screen if f.portrait else layout.centred(screen, 820, min(theme.dp(screen.h),
                                                                         520))
        control = layout.touch_size(52)
        widths = [150] * len(self.focus.buttons)
        (_, self.title_box, self.text_box, self.field_box, self.message, foot,
         _) = layout.rows(area, fr(1), 54, fr(1, min=44, max=90), control + 8, 48,
                          layout.flow_height(area.w, widths, control, gap=10), fr(1.5),
                          gap=10)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=10,
                                                        align="center"), strict=True):
            b.rect = r
        self.in_page = page.field(FIELD, self.field_box, "", False, False, 16)

    def leave(self) -> None:
        page.remove_field(FIELD)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    # -- actions -----------------------------------------------------------------------------
    def value(self) -> str:
        if self.in_page:
            return page.field_value(FIELD) or ""
        return self.text

    def paste(self) -> None:
        pasted = page.paste().strip()
        if not pasted:
            self.app.notify("There is no text to paste: copy the link first", theme.BAD)
            return
        self.text = pasted[:page_limit()]

    def open(self) -> None:
        text = self.value().strip()
        if not text:
            self.app.sounds.play("error")
            self.app.notify("Paste the link first", theme.BAD)
            return
        linkplay.open_text(self.app, text)

    def back(self) -> None:
        self.app.to_menu(self.game_id)

    def update(self, dt: float) -> None:
        if self.in_page and page.submitted(FIELD):
            self.open()

    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if event.type == pygame.TEXTINPUT and not self.in_page:
            self.text = (self.text + event.text)[:page_limit()]
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key == pygame.K_v and ctrl:
                self.paste()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                    self.focus.focused is None or self.focus.focused.ident == "open"):
                self.open()
                return
            if event.key == pygame.K_BACKSPACE and not self.in_page:
                self.text = "" if ctrl else self.text[:-1]
                return
        self.focus.handle(event)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        draw_text_in(surface, "Open a link", self.title_box, 36, theme.TEXT, True,
                     min_size=20, display=True)
        draw_text_in(surface, "Paste a link a friend sent you: a game by link for your turn, "
                     "or a daily challenge they shared.", self.text_box, 17, theme.TEXT,
                     wrap=True, min_size=13)
        if not self.in_page:
            panel(surface, self.field_box, theme.BG_DARK, 12, theme.FOCUS)
            inner = layout.inset(self.field_box, x=12, y=4)
            shown = self.text + "|"
            face = face_for(shown, 16)
            while len(shown) > 2 and face.size(shown)[0] > inner.w:
                shown = shown[1:]
            if shown != self.text + "|":
                shown = ELLIPSIS + shown[1:]
            placeholder = not self.text
            draw_text_in(surface, hands.keyed("Paste the link here", "Ctrl+V") if placeholder
                         else shown,
                         inner, 16, theme.TEXT_DIM if placeholder else theme.TEXT,
                         align="left", min_size=12)
        self.focus.draw(surface)


def page_limit() -> int:
    return MAX_TEXT
