"""The end of a daily challenge: the score, the strongest bot's on the same dice, the points
the coach says the decisions lost, the streak, and Share: a short text for a chat (the
score, a line of squares that tells nothing of the dice, and a link that opens the game
as a replay and offers the day's challenge), with Copy, and Share on phones over https.

The bot's game and the review are worked out here, a little each frame (game.tasks), and
kept with the try once known."""

from __future__ import annotations

import datetime as dt

import pygame

from game import daily, dailyplay, linkplay, links, page
from game.app import App
from game.catalog import GameInfo
from game.coach import strongest
from game.review import review_steps
from game.rules.core import GameState
from game.scenes.game_screen import GameScreen
from game.tasks import Task
from game.ui import layout, theme
from game.ui.code_text import draw_code
from game.ui.layout import fr
from game.ui.text import draw_names_shorter, draw_text_in, face_for
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import count

FIELD = "dh-share"
# the squares of the share text as a chat shows them (the game's fonts have no emoji)
# (green and red as the palette in use gives a gain and a loss)
SQUARE_COLOURS = {"🟩": "GOOD", "🟨": (230, 190, 40), "🟥": "BAD"}


class DailyResultScene(GameScreen):
    def __init__(self, app: App, info: GameInfo, day: dt.date, state: GameState,
                 counted: bool = True, news=None):
        super().__init__(app)
        self.info, self.day, self.state, self.counted = info, day, state, counted
        self.news = news or {}
        self.mine = daily.measure(state)
        entry = daily.get(info, day) if counted else None
        self.spoiled = bool(entry and entry.spoiled)
        self.bot = entry.bot if entry else None
        self.lost: float | None = entry.lost if entry else None
        self.review = None
        self.bot_task = None if self.bot else Task(daily.bot_steps(info, day))
        self.review_task = Task(review_steps(info, state, seats=[0]))
        self.streak = daily.streak(info) if counted else 0
        self.text = ""  # the share text, once the link is made
        self.making = None  # the link to the game (a task, after the bot and the review)
        self.code = ""
        self.copying = page.Copying()
        self.in_page = False
        self.focus = FocusGroup()
        nothing = pygame.Rect(0, 0, 0, 0)
        buttons = []
        if counted and not self.spoiled:
            if page.can_share():
                buttons.append(Button(nothing, "Share", self.share, size=18, ident="share",
                                      colour=(40, 130, 90)))
            buttons.append(Button(nothing, "Copy", self.copy, hotkey="C", size=18,
                                  ident="copy", colour=(40, 130, 90)))
        buttons += [Button(nothing, "Review", self.show_review, hotkey="V", size=18),
                    Button(nothing, "Replay", self.replay, hotkey="R", size=18),
                    Button(nothing, "Practice", self.practice, hotkey="P", size=18,
                           tooltip="Play the same dice again: it does not count"),
                    Button(nothing, "Daily", self.to_daily, hotkey="D", size=18),
                    Button(nothing, "Menu", self.to_menu, hotkey="Esc", size=18)]
        self.focus.set(buttons)
        self.focus.move(1)
        app.sounds.play("win")

    # -- what there is to show ---------------------------------------------------------------
    def ready(self) -> bool:
        return self.bot is not None and self.review is not None and (
            bool(self.code) or not (self.counted and not self.spoiled))

    def update(self, dt_: float) -> None:
        changed = False
        if self.bot_task is not None and self.bot_task.step():
            self.bot = self.bot_task.result if self.bot_task.error is None else None
            self.bot_task = None
            changed = True
            if self.counted and self.bot is not None:
                daily.note(self.info, self.day, bot=self.bot)
        elif self.bot_task is None and self.review_task is not None and self.review_task.step():
            if self.review_task.error is None:
                self.review = self.review_task.result.seats[0]
                self.lost = self.review.total_loss + 100 * self.review.total_win_loss
                if self.counted:
                    daily.note(self.info, self.day, lost=self.lost)
            self.review_task = None
            changed = True
            if self.counted and not self.spoiled:
                self.making = Task(links.encode_steps(self.info, self.state,
                                                      day=self.day.isoformat()))
        elif self.making is not None and self.making.step():
            self.code = self.making.result if self.making.error is None else ""
            self.making = None
            changed = True
        if changed:
            self.text = ""
            self._layout_key = None
            self.app.invalidate()
        told = self.copying.told()
        if told:
            self.app.notify(told[0], theme.GOOD if told[1] else theme.BAD, 4)

    def animating(self) -> bool:
        return self.bot_task is not None or self.review_task is not None or \
            self.making is not None

    def share_text(self) -> str:
        if not self.text and self.ready() and self.code:
            link = links.link_text(self.code, linkplay.site_for())
            self.text = daily.share_text(self.info, self.day, self.mine, self.bot,
                                         daily.strip(self.review), self.streak, link)
        return self.text

    def headline(self) -> str:
        if self.mine.turns:
            return f"{self.state.seats[0].name}: {self.mine.text()} to the target"
        return f"{self.state.seats[0].name}: {self.mine.text()}"

    def lines(self) -> list[str]:
        out = []
        if self.bot is None:
            out.append(f"The {strongest(self.info)} bot is playing the same dice…")
        else:
            verdict = ("you beat it!" if self.mine.better_than(self.bot) else
                       "a tie" if self.mine == self.bot else "")
            out.append(f"The {strongest(self.info)} bot on the same dice: {self.bot.text()}"
                       + (f": {verdict}" if verdict else ""))
        if self.review is None:
            out.append("The coach is reviewing your decisions…")
        else:
            acc = self.review.accuracy
            out.append(f"The coach says your decisions lost {self.lost:,.1f} points"
                       + (f" (best moves {acc:.0%})" if acc is not None else ""))
        if not self.counted:
            out.append("A practice try: it does not count.")
        elif self.spoiled:
            out.append("This try does not count: a shared game of this day was watched first.")
        elif self.streak:
            out.append(f"Streak: {count(self.streak, 'day')} in a row")
        return out

    # -- layout ------------------------------------------------------------------------------
    def relayout(self) -> None:
        f = layout.form()
        screen = layout.inset(layout.screen_rect(), 10 if f.portrait or f.short else 28)
        area = screen if f.portrait else layout.centred(screen, 980, theme.dp(screen.h))
        control = layout.touch_size(48)
        widths = [120] * len(self.focus.buttons)
        foot_h = layout.flow_height(area.w, widths, control, gap=8)
        shares = self.counted and not self.spoiled
        (_, self.title_box, self.headline_box, self.lines_box, self.share_box, self.message,
         _, foot, _) = layout.rows(area, 0 if f.portrait else fr(0.5), 30,
                                   52 if not f.short else 40, fr(1, min=66, max=110),
                                   fr(4, min=80, max=190) if shares else 0, 40, fr(1),
                                   foot_h, 0 if f.portrait else fr(0.5), gap=6)
        for b, r in zip(self.focus.buttons, layout.flow(foot, widths, control, gap=8,
                                                        align="center"), strict=True):
            b.rect = r
        self.in_page = False
        if shares and self.share_text():
            self.in_page = page.field(FIELD, self.share_box, self.share_text(), True, True, 14)

    def leave(self) -> None:
        page.remove_field(FIELD)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.message

    # -- actions -----------------------------------------------------------------------------
    def copy(self) -> None:
        if not self.share_text():
            self.app.notify("A moment: the coach is still working it out")
            return
        self.copying.start(self.share_text(), "Copied: paste it in a chat")
        self.update(0.0)

    def share(self) -> None:
        if not self.share_text():
            self.app.notify("A moment: the coach is still working it out")
            return
        if not page.share(self.share_text()):
            self.app.notify("Sharing is not possible here: copy the text instead", theme.BAD)

    def show_review(self) -> None:
        page.remove_field(FIELD)  # (the page's field would stay over the scene opened here)
        self.app.open("review", info=self.info, state=self.state)

    def replay(self) -> None:
        page.remove_field(FIELD)
        self.app.open("replay", info=self.info, final=self.state, pushed=True)

    def on_resume(self) -> None:
        self._layout_key = None  # laid out again: the share text's field comes back

    def practice(self) -> None:
        dailyplay.play_day(self.app, self.info, self.day, practice=True)

    def to_daily(self) -> None:
        self.app.show("daily", game_id=self.info.id)

    def keys(self, event: pygame.event.Event) -> dict:
        keys = {pygame.K_v: self.show_review, pygame.K_r: self.replay,
                pygame.K_p: self.practice, pygame.K_d: self.to_daily}
        if self.counted and not self.spoiled:
            keys[pygame.K_c] = self.copy
        return keys

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        surface.fill(theme.BG)
        title = f"{self.info.title} daily challenge · {daily.long_day(self.day)}"
        draw_text_in(surface, title, self.title_box, 18, theme.TEXT_DIM, True, min_size=13)
        draw_names_shorter(surface, self.headline(), [self.state.seats[0].name],
                           self.headline_box, 40, theme.BEST, True, 20, display=True)
        draw_text_in(surface, "\n".join(self.lines()), self.lines_box, 18, theme.TEXT,
                     min_size=13, wrap=True)
        if self.share_box.h and not self.in_page:
            panel(surface, self.share_box, theme.BG_DARK, 12, theme.LINE)
            if self.share_text():
                draw_share(surface, self.share_text(), layout.inset(self.share_box, x=12, y=8))
            else:
                draw_text_in(surface, "The text to share comes once the coach is done…",
                             layout.inset(self.share_box, 12), 15, theme.TEXT_DIM,
                             min_size=13, wrap=True)
        self.focus.draw(surface)


def draw_share(surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
    """The share text as the chat will show it: its lines, the squares drawn as squares
    (the game's fonts have no emoji), the link cut to fit."""
    lines = text.split("\n")
    face = face_for(lines[0], 15)
    lh = face.get_height()
    y = box.y
    for line in lines:
        if y + lh > box.bottom:
            break
        if line and all(ch in SQUARE_COLOURS for ch in line):
            side = lh - theme.px(4)
            for k, ch in enumerate(line):
                colour = SQUARE_COLOURS[ch]
                pygame.draw.rect(surface, getattr(theme, colour) if isinstance(colour, str)
                                 else colour,
                                 pygame.Rect(box.x + k * (side + theme.px(3)), y + theme.px(2),
                                             side, side), border_radius=theme.px(3))
            y += lh
            continue
        if line is lines[-1]:
            draw_code(surface, line, pygame.Rect(box.x, y, box.w, box.bottom - y))
            break
        draw_text_in(surface, line, pygame.Rect(box.x, y, box.w, lh), 15, theme.TEXT,
                     align="left", min_size=12)
        y += lh
