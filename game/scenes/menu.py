"""The menu: pick a game, set up the seats (humans and bots), the game's options, start.

Everything here works with mouse/touch alone and with the keyboard alone (Tab or arrows
move the focus ring, Enter or Space press).

Laid out for the window: on a desktop the games and their options on the left, the players
on the right; on a phone held upright one column. What does not fit scrolls under a fixed
footer (Continue, Start), and the tips and messages have a place of their own above it."""

from __future__ import annotations

import pygame

from game import storage
from game.app import App, Scene
from game.bots import policy_names_for, strengths_for
from game.catalog import GAMES, GameInfo, Option
from game.coach import COACH_LABELS
from game.rules.core import NAME_MAX, SaveError, Seat
from game.scenes.tables import announces_seating, progress_text
from game.ui import hands, layout, marks, probe, theme
from game.ui.layout import fr
from game.ui.marks import focus_ring
from game.ui.scroll import GUTTER, ScrollArea
from game.ui.text import ELLIPSIS, draw_text_in, face_for, fits_whole, shorten_names
from game.ui.widgets import Button, FocusGroup, panel
from game.ui.words import character_name, count, name_key

BOT_NAMES = ["Ada", "Bram", "Cleo", "Dax", "Edda", "Finn", "Gus", "Hana"]
NAME_LIMIT = NAME_MAX
GAP = 12  # dp between controls


class CardButton(Button):
    """A game card: title, pitch, player count."""

    info: GameInfo | None = None

    compact = False  # title and players only (the pitch is shown under the cards)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        probe.control(self.ident, self.rect, surface=surface)
        info = self.info
        fill = theme.PANEL_LIGHT if (self.hovered or focused) else theme.PANEL
        if self.selected:  # the game chosen: lit, a thick light frame
            fill = theme.PANEL_LIGHT
        panel(surface, self.rect, fill, 16, theme.TEXT if self.selected else theme.LINE)
        if self.selected:
            pygame.draw.rect(surface, theme.TEXT, self.rect, width=theme.px(4),
                             border_radius=theme.px(16))
        if focused:
            focus_ring(surface, self.rect.inflate(theme.px(2), theme.px(2)), 18)
        inner = layout.inset(self.rect, x=14, y=8)
        players = players_text(info)
        colour = theme.TEXT
        if self.compact:
            title, foot = layout.rows(inner, fr(), 18)
            draw_text_in(surface, info.title, title, 20, colour, True, "left", min_size=15)
            draw_text_in(surface, players, foot, 13, theme.TEXT_DIM, True, "left", min_size=12)
            return
        title, pitch, foot = layout.rows(inner, 30, fr(), 20, gap=2)
        draw_text_in(surface, info.title, title, 24, colour, True, "left", min_size=16)
        draw_text_in(surface, info.pitch, pitch, 15, theme.TEXT_DIM, align="left",
                     valign="top", wrap=True, min_size=13)
        draw_text_in(surface, players, foot, 14, theme.TEXT_DIM, True, "right", min_size=12)


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} player"
    if info.player_counts:
        return f"{', '.join(map(str, info.player_counts))} players"
    return f"{info.min_players}-{info.max_players} players"


class NameButton(Button):
    """A seat's name: while it is being typed, the end of it shows (with the caret), so
    the letters being typed are always in view."""

    typing = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.typing:
            super().draw(surface, focused)
            return
        face = face_for(self.label, self.size, True)
        room = self.rect.w - theme.px(20)
        label = self.label
        while len(label) > 1 and face.size(label)[0] > room:
            label = label[1:]
        if label != self.label:
            label = ELLIPSIS + label[1:]
        full, self.label = self.label, label
        try:
            super().draw(surface, focused)
        finally:
            self.label = full


class MenuScene(Scene):
    def __init__(self, app: App, game_id: str = "", seats: list[Seat] | None = None):
        super().__init__(app)
        self.game_id = game_id if game_id in GAMES else next(iter(GAMES))
        remembered = self._remembered_seats(self.game_id)
        self.seats = [Seat(s.name, s.bot) for s in seats] if seats else remembered or [
            Seat("You"), Seat("Ada", "normal")]
        # The options dicts are the app's settings themselves: every change is remembered.
        self.options: dict[str, dict] = app.settings.options
        for gid in GAMES:
            self.options.setdefault(gid, {})
        self.typing: int | None = None
        self.name_before = ""  # the name of the seat being typed before the typing began
        self.focus = FocusGroup()
        self.body = ScrollArea("menu")
        self.content: dict[int, pygame.Rect] = {}  # id(button) -> its rect in the body
        self.labels: list[tuple[str, pygame.Rect, float, tuple]] = []  # headings in the body
        problem = storage.repair_autosave()  # (a folder where the save should be)
        if problem:
            app.notify(problem, theme.BAD, 6)
        self.has_save = storage.has_save()
        self.offers: list[pygame.Rect] = []  # the lesson's proposal, in the body
        self.offer = self.game_id if self._unoffered(self.game_id) else None
        # the saved game in words: under Continue, and whole in the place for tips
        _, self.saved_whole, self.saved = self.saved_game_words() if self.has_save else \
            ("", "", "")
        found, problem = [], ""  # the games by link on this device
        if storage.stored(storage.LINKS):
            from game import links  # (games by link: not before the first frame when none)
            found, problem = links.entries()
        self.link_games = [e for e in found if not e.over]
        if problem:
            app.notify(problem, theme.BAD, 6)
        self.fit_strengths()
        self.rebuild()

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game_id]

    # -- memory: the last seats and options per game live in app.settings -----------------
    def _remembered_seats(self, game_id: str) -> list[Seat]:
        info = GAMES[game_id]
        saved = self.app.settings.seats.get(game_id) or []
        seats = [Seat(str(s.get("name", ""))[:NAME_MAX] or "Player",
                      s.get("bot") if s.get("bot") in policy_names_for(info) else None)
                 for s in saved if isinstance(s, dict)]
        return seats if info.min_players <= len(seats) <= info.max_players else []

    def remember(self) -> None:
        self.app.settings.seats[self.game_id] = [{"name": s.name, "bot": s.bot}
                                                 for s in self.seats]

    # -- actions ---------------------------------------------------------------------------
    def choose_game(self, game_id: str) -> None:
        self.remember()
        self.game_id = game_id
        self.seats = self._remembered_seats(game_id) or self.seats
        info = self.info
        while len(self.seats) > info.max_players:
            self.seats.pop()
        while len(self.seats) < info.min_players:
            self.add_seat()
        self.fit_strengths()
        self.offer = game_id if self._unoffered(game_id) else None
        self.app.sounds.play("click")
        self.rebuild()

    # -- Learn to play: each game's lesson, proposed the first time the game is chosen ------
    def _unoffered(self, game_id: str) -> bool:
        # (the catalog names the lesson: its script, game.lessons and its dataclasses are
        # imported when it is played, not before the menu's first frame)
        return bool(GAMES[game_id].lesson) and not self.app.settings.lessons.get(game_id)

    def learn(self) -> None:
        """The guided game of the chosen game (game.scenes.learn)."""
        if not self.finish_name(keep_typing=False):
            self.rebuild()
        self.remember()
        self.app.save_settings()
        self.app.show("learn", info=self.info)

    def decline_lesson(self) -> None:
        self.offer = None
        self.rebuild()

    def add_seat(self) -> None:
        if len(self.seats) >= self.info.max_players:
            self.app.notify(f"{self.info.title} takes at most {self.info.max_players} players")
            return
        self.seats.append(Seat(self.free_name(BOT_NAMES, "Bot"), "normal"))
        self.rebuild()

    def free_name(self, names: list[str], fallback: str, seat: int | None = None) -> str:
        """The first of ``names`` no other seat has (capitals and spaces aside), else
        ``fallback`` with the lowest free number: a new seat never takes a name that is
        already at the table."""
        used = {name_key(s.name) for i, s in enumerate(self.seats) if i != seat}
        for name in names:
            if name_key(name) not in used:
                return name
        k = 2  # ("Player", then "Player 2")
        while name_key(f"{fallback} {k}") in used:
            k += 1
        return f"{fallback} {k}"

    def clash(self, index: int) -> str | None:
        """The name of another seat that seat ``index`` shares its name with, if any."""
        key = name_key(self.seats[index].name)
        return next((s.name for i, s in enumerate(self.seats) if i != index
                     and name_key(s.name) == key), None)

    def refuse_clash(self, taken: str) -> None:
        self.app.sounds.play("error")
        self.app.notify(f"{taken} is already at the table: two players cannot share a name "
                        "(the records are kept per name)", theme.BAD, 4)

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= self.info.min_players:
            self.app.notify(f"{self.info.title} needs at least {self.info.min_players} "
                            f"player{'s' if self.info.min_players > 1 else ''}")
            return
        self.seats.pop(index)
        self.typing = None
        self.rebuild()

    def toggle_kind(self, index: int) -> None:
        seat = self.seats[index]
        seat.bot = None if seat.bot else "normal"
        self.rebuild()

    def cycle_strength(self, index: int) -> None:
        seat = self.seats[index]
        if seat.bot:
            offered = strengths_for(self.info)  # expert only where the game has one
            at = offered.index(seat.bot) if seat.bot in offered else -1
            seat.bot = offered[(at + 1) % len(offered)]
        self.rebuild()

    def fit_strengths(self) -> None:
        """Bots of a strength this game lacks (expert, coming from Yatzy) play its best."""
        offered = strengths_for(self.info)
        for seat in self.seats:
            if seat.bot and seat.bot not in offered and seat.bot != "random":
                seat.bot = offered[-1]

    def edit_name(self, index: int) -> None:
        self.typing = None if self.typing == index else index
        if self.typing is not None:
            self.name_before = self.seats[index].name  # put back if the new name clashes
        self.rebuild()

    def finish_name(self, keep_typing: bool) -> bool:
        """Leave the name being typed. An empty name becomes "Player" (or "Player 2"...);
        a name another seat has is refused: with ``keep_typing`` the field stays open to
        change it, else the name it had comes back. False when the name was refused."""
        index = self.typing
        if index is None:
            return True
        seat = self.seats[index]
        seat.name = seat.name.strip() or self.free_name(["Player"], "Player", index)
        taken = self.clash(index)
        if taken is None:
            self.typing = None
            return True
        self.refuse_clash(taken)
        if not keep_typing:
            seat.name = self.name_before
            if not seat.name.strip() or self.clash(index) is not None:
                seat.name = self.free_name(["Player"], "Player", index)
            self.typing = None
        return False

    def option_value(self, opt: Option):
        return self.options[self.game_id].get(opt.key, self.info.default_options()[opt.key])

    def change_option(self, opt: Option, step: int = 1) -> None:
        """A switch flips; a number steps down or up through its choices (stopping at the
        ends, so a click on the left half never jumps from the smallest to the largest)."""
        value = self.option_value(opt)
        if opt.kind == "bool":
            value = not value
        else:
            choices = list(opt.choices)
            if value in choices:
                value = choices[max(0, min(len(choices) - 1, choices.index(value) + step))]
            else:
                value = choices[0]
        self.options[self.game_id][opt.key] = value
        self.app.sounds.play("click")
        self.rebuild()

    def cycle_speed(self) -> None:
        self.app.settings.next_speed()
        self.app.save_settings()
        self.rebuild()

    def cycle_coach(self) -> None:
        mode = self.app.settings.next_coach()
        self.app.save_settings()
        self.app.notify(f"Coach: {COACH_LABELS[mode]}")
        self.rebuild()

    def show_rules(self) -> None:
        self.app.open("rules", info=self.info)

    def start(self) -> None:
        """Start a new game; over a saved one, ask first (starting replaces the save)."""
        if not self.ready():
            return
        if storage.has_save():
            title, saved, _ = self.saved_game_words()
            self.app.open("confirm", title=f"Replace the saved {title}?",
                          text=f"{saved} is saved. Starting a new {self.info.title} game "
                               "replaces it; Continue resumes it instead.",
                          yes="Yes, start new", no="No, keep it", on_yes=self.start_now)
            return
        self.start_now()

    def start_by_link(self) -> None:
        """Play by link: these seats, each person on their own device, the game passed on
        as a link; said first what it is (and that it is for friends, not for stakes)."""
        if not self.ready():
            return
        if sum(1 for s in self.seats if s.is_human) < 2:
            self.app.sounds.play("error")
            self.app.notify("Play by link needs two people or more: make a seat Human (bots "
                            "move on whichever device has the game)", theme.BAD, 5)
            return
        one = (" It is one game (sessions are played at one screen)."
               if self.info.session_rounds(self.options[self.game_id]) else "")
        from game import linkplay  # (games by link: not before the menu's first frame)
        self.app.open("confirm", title="Play by link",
                      text="Each person plays their turn on their own device and sends the "
                           "game on as a link; bots move on whichever device has it. "
                           + linkplay.TRUST + one,
                      yes="Start by link", no="Back", on_yes=self.start_link_now)

    def start_link_now(self) -> None:
        self.app.save_settings()
        from game import linkplay  # (see start_by_link)
        try:
            linkplay.start(self.app, self.info, self.seats, dict(self.options[self.game_id]),
                           self.app.new_seed())
        except ValueError as exc:
            self.app.notify(str(exc), theme.BAD)

    def ready(self) -> bool:
        """The seats can start a game: names finished, none shared, a number of players the
        game takes; else the reason is told and False."""
        if not self.finish_name(keep_typing=True):
            self.rebuild()
            return False
        for i, seat in enumerate(self.seats):
            seat.name = seat.name.strip() or self.free_name(["Player"], "Player", i)
        self.remember()
        self.rebuild()
        taken = next((self.clash(i) for i in range(len(self.seats))
                      if self.clash(i) is not None), None)
        if taken is not None:  # (seats remembered from an older version, say)
            self.refuse_clash(taken)
            return False
        if not self.info.takes(len(self.seats)):  # (Grab It!: not with five)
            sides_for = self.info.state_type().sides_for
            teams = [str(n) for n in self.info.player_counts
                     if any(len(side) > 1 for side in sides_for(n))]
            also = f" ({' and '.join(teams)} play in teams of two)" if teams else ""
            self.app.sounds.play("error")
            self.app.notify(f"{self.info.title} takes {self.info.players_text()} players{also}",
                            theme.BAD)
            return False
        return True

    @staticmethod
    def saved_game_words() -> tuple[str, str, str]:
        """The saved game in words: for the question before it is replaced ("Farkle game",
        "The Farkle game of You, Ada and Bram (You 350 · Ada 1,200 · Bram 0)"), and under
        Continue ("Farkle: You 350 · Ada 1,200 · Bram 0", "Yatzy: You, Ada · turn 2 of
        15"). Where it stands is said as its table says it in play."""
        try:
            info, state, session, _ = storage.load_marks()
        except SaveError:
            return "game", "A game that cannot be continued", "a game that cannot be continued"
        names = [s.name for s in state.seats]
        players = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if state.is_over():
            progress = "finished, its results not seen yet"
        elif announces_seating(state):
            progress = "just started"
        else:
            progress = progress_text(info, state)
        short = f"{info.title}: {progress}" if all(n in progress for n in names) else \
            f"{info.title}: {', '.join(names)} · {progress}"  # (a race's scores name them)
        if session is not None:
            return (f"{info.title} session", f"The {info.title} session of {players} (game "
                    f"{len(session.games)} of {session.length}, {progress})",
                    f"{short} (game {len(session.games)} of {session.length})")
        return f"{info.title} game", f"The {info.title} game of {players} ({progress})", short

    def start_now(self) -> None:
        try:
            state, session = self.info.start([Seat(s.name, s.bot) for s in self.seats],
                                             dict(self.options[self.game_id]),
                                             seed=self.app.new_seed())
        except ValueError as exc:
            self.app.notify(str(exc), theme.BAD)
            return
        self.app.save_settings()  # these seats and options are remembered for next time
        self.app.show("play", info=self.info, state=state, session=session)

    def resume(self) -> None:
        try:
            info, state, session, marks = storage.load_marks()
        except SaveError as exc:
            storage.set_aside(storage.AUTOSAVE)
            self.has_save = False
            self.rebuild()
            self.app.notify(f"The saved game cannot be continued: {exc}. It was set aside.",
                            theme.BAD, 6)
            return
        if session is not None and state.is_over() and "recorded" in marks:
            self.app.show("session", info=info, session=session)  # between two games
            return
        # (a game that ended but was not yet recorded shows its final sheet, then results)
        self.app.show("play", info=info, state=state, session=session,
                      hinted="hinted" in marks)

    def show_settings(self) -> None:
        self.app.open("settings")

    def show_records(self) -> None:
        self.app.open("records", game_id=self.game_id)

    def show_daily(self) -> None:
        self.app.show("daily", game_id=self.game_id)

    def open_link(self) -> None:
        self.app.show("link_open", game_id=self.game_id)

    # -- layout ----------------------------------------------------------------------------
    def relayout(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Lay the menu out for the window and make its buttons (after every change: the
        seats, the options and the labels change with what was chosen)."""
        self.remember()
        self._layout_key = theme.metrics.key
        f = layout.form()
        screen = layout.screen_rect()
        control_h = layout.touch_size(40)
        margin = 12 if f.portrait or f.short else 24
        area = layout.inset(screen, margin)
        one_column = f.portrait or area.w < theme.px(720)
        # The footer: Continue and Start, and above or beside them the place for messages.
        if one_column:
            foot_h = control_h + 12
            body, self.tip_box, foot = layout.rows(area, fr(), 48, foot_h, gap=8)
        else:
            body, foot = layout.rows(area, fr(), 64, gap=10)
            self.tip_box, foot = layout.cols(foot, fr(), min(theme.dp(foot.w) * 0.5, 500),
                                             gap=16)
        foot_buttons = []
        if self.has_save:
            foot_buttons.append(Button(pygame.Rect(0, 0, 0, 0), "Continue", self.resume,
                                       size=22, note=self.saved, colour=(60, 110, 90),
                                       tooltip=f"{self.saved_whole}."))
        foot_buttons.append(Button(pygame.Rect(0, 0, 0, 0), "Play by link", self.start_by_link,
                                   size=20, ident="by link", tooltip="Each person on their own "
                                   "device: the game goes back and forth as a link"))
        foot_buttons.append(Button(pygame.Rect(0, 0, 0, 0), "Start", self.start, size=24,
                                   note=f"a new {self.info.title} game",
                                   colour=(40, 130, 90)))
        for b, r in zip(foot_buttons, layout.cols(foot, *([fr()] * len(foot_buttons)), gap=12),
                        strict=True):
            b.rect = r
        # The body: two columns on a wide window, one on a narrow one; it scrolls when it is
        # taller than its place.
        self.labels = []
        self.offers = []
        self.content = {}
        body_buttons: list[Button] = []
        width = body.w - theme.px(GUTTER)  # room for the scroll's sign
        if one_column:
            y = self._header(body_buttons, 0, width, True)
            y = self._games(body_buttons, y, width, True)
            y = self._options(body_buttons, y, width, control_h)
            y = self._players(body_buttons, y, width, control_h)
            y = self._link_games(body_buttons, y, width, control_h)
            height = y
        else:
            left_w = int((width - theme.px(28)) * 0.58)
            right_x = left_w + theme.px(28)
            right_w = width - right_x
            y = self._header(body_buttons, 0, width, False)
            y_left = self._games(body_buttons, y, left_w, False)
            y_left = self._options(body_buttons, y_left, left_w, control_h)
            y_right = y
            if self.offer == self.game_id:
                y_right = self._proposal(body_buttons, y, right_w, x=right_x)
            y_right = self._players(body_buttons, y_right, right_w, control_h, x=right_x)
            y_right = self._link_games(body_buttons, y_right, right_w, control_h, x=right_x)
            height = max(y_left, y_right)
        self.body.set(body, height)
        self.foot_buttons = foot_buttons
        self.body_buttons = body_buttons
        self._place()
        self.focus.set(body_buttons + foot_buttons)

    def _add(self, buttons: list[Button], button: Button, rect: pygame.Rect) -> Button:
        self.content[id(button)] = rect
        button.rect = pygame.Rect(rect)
        buttons.append(button)
        return button

    def _label(self, text: str, rect: pygame.Rect, size: float, colour=theme.TEXT_DIM) -> None:
        self.labels.append((text, rect, size, colour))

    def _header(self, buttons: list[Button], y: int, width: int, narrow: bool) -> int:
        """The title and the buttons that lead elsewhere (records, rules, settings, bot
        pace)."""
        px = theme.px
        specs = [("Records", self.show_records, "Wins, best scores and high scores per game",
                  "records", 120),
                 ("How to play", self.show_rules, hands.keyed(f"The rules of {self.info.title}",
                                                              "F1"),
                  "rules", 150),
                 ("Learn to play", self.learn, f"A short guided game of {self.info.title}: "
                  "the table shows you every move", "learn", 150),
                 ("Settings", self.show_settings, "Colours for colour-blind players, reduce "
                  "motion, larger text, sound", "settings", 120),
                 (f"Bot pace: {self.app.settings.bot_speed.title()}", self.cycle_speed,
                  "How long bots take over each move (slow, normal, fast); their strength "
                  "is set per seat.", "pace", 170),
                 ("Daily challenge", self.show_daily, "The same dice for everyone today: one "
                  "try counts, the coach's best on the same dice to beat", "daily", 160),
                 ("Open a link", self.open_link, "A game by link, or a daily challenge "
                  "someone shared", "open link", 140)]
        h = layout.touch_size(40)
        title = pygame.Rect(0, y, width, px(56))
        subtitle = pygame.Rect(0, y + px(54), width, px(24))
        self._label("Dice Harbor", title, 48, theme.BRAND)
        self._label("Six dice games, strong bots, friends on one screen", subtitle, 16)
        row_w = sum(w for *_, w in specs) + GAP * 2
        if narrow or theme.dp(width) < row_w + 420:
            top = y + px(86)
            rects = layout.flow(pygame.Rect(0, top, width, px(400)), [w for *_, w in specs], h,
                                gap=8, align="left")
            bottom = rects[-1].bottom
        else:
            rects = layout.flow(pygame.Rect(0, y + px(8), width, px(h)),
                                [w for *_, w in specs], h, gap=GAP, align="right")
            title.w = subtitle.w = rects[0].left - px(16)
            bottom = y + px(80)
        for (label, action, tip, ident, _), rect in zip(specs, rects, strict=True):
            self._add(buttons, Button(rect, label, action, size=16, tooltip=tip, ident=ident),
                      rect)
        return bottom + px(14)

    def _games(self, buttons: list[Button], y: int, width: int, compact: bool) -> int:
        """The game cards, three a row where they fit (two on a phone, title and players
        only, with the chosen game's pitch under them)."""
        px = theme.px
        self._label("Choose a game", pygame.Rect(0, y, width, px(24)), 18)
        y += px(30)
        columns = 3 if theme.dp(width) >= 3 * 190 + 2 * GAP else 2
        one_column, compact = compact, compact or theme.dp(width) < 2 * 190 + GAP
        cell_h = layout.touch_size(58) if compact else 124
        cells = layout.grid(pygame.Rect(0, y, width, 0), len(GAMES), columns, cell_h, gap=GAP)
        for (gid, info), rect in zip(GAMES.items(), cells, strict=True):
            card = CardButton(rect, info.title, lambda g=gid: self.choose_game(g),
                              selected=gid == self.game_id, ident=f"game {gid}")
            card.info = info
            card.compact = compact
            self._add(buttons, card, rect)
        y = cells[-1].bottom + px(GAP)
        if compact:
            pitch = pygame.Rect(0, y, width, px(44))
            self._label(self.info.pitch, pitch, 15, theme.TEXT)
            y = pitch.bottom + px(8)
        if self.offer == self.game_id and one_column:  # (two: over the players)
            y = self._proposal(buttons, y, width)
        return y + px(8)

    def _proposal(self, buttons: list[Button], y: int, width: int, x: int = 0) -> int:
        """The first time a game is chosen: its lesson, proposed once (remembered at once,
        so never again unless asked: Learn to play, here or on the rules page). Under the
        cards in one column; over the players in two (the game's options stay in view)."""
        px = theme.px
        h = layout.touch_size(40)
        text = f"New to {self.info.title}? A short guided game shows you how to play."
        if theme.dp(width) >= 440:  # the words, then both answers, on one line
            box = pygame.Rect(x, y, width, px(h + 20))
            words, yes, no = layout.cols(layout.inset(box, x=14, y=10), fr(), 116, 110, gap=10)
        else:  # the words over the answers
            box = pygame.Rect(x, y, width, px(h + 70))
            words, answers = layout.rows(layout.inset(box, x=12, y=8), 44, h, gap=6)
            yes, no = layout.cols(answers, fr(), fr(), gap=10)
        self.offers.append(box)
        self._label(text, words, 16, theme.TEXT)
        self._add(buttons, Button(yes, "Teach me", self.learn, size=16, ident="teach me",
                                  colour=(40, 130, 90), tooltip="Play a short guided game"), yes)
        self._add(buttons, Button(no, "No thanks", self.decline_lesson, size=16,
                                  ident="no thanks", tooltip="Learn to play stays in the menu "
                                  "and on the rules page"), no)
        if not self.app.settings.lessons.get(self.game_id):
            self.app.settings.lessons[self.game_id] = True  # proposed: never again unasked
            self.app.save_settings()
        return box.bottom + px(GAP)

    def _options(self, buttons: list[Button], y: int, width: int, control_h: float) -> int:
        """One fixed row per main option, its sub-option beside it (greyed while the main one
        is off), two columns where they fit: a toggle never moves a button under the
        pointer."""
        px = theme.px
        opts = self.info.options
        if not opts:
            return y
        self._label(f"{self.info.title} options", pygame.Rect(0, y, width, px(24)), 18)
        y += px(30)
        children = {o.shown_if: o for o in opts if o.shown_if}
        mains = [o for o in opts if not o.shown_if]
        columns = 2 if theme.dp(width) >= 2 * 300 + GAP else 1
        cells = layout.grid(pygame.Rect(0, y, width, 0), len(mains), columns, control_h, gap=8)
        for opt, cell in zip(mains, cells, strict=True):
            child = children.get(opt.key)
            if child is None:
                self._add(buttons, self._option_button(opt, cell, True), cell)
            else:
                main, sub = layout.cols(cell, fr(), fr(), gap=6)
                self._add(buttons, self._option_button(opt, main, True), main)
                self._add(buttons, self._option_button(child, sub, bool(self.option_value(opt))),
                          sub)
        return cells[-1].bottom + px(18)

    def _players(self, buttons: list[Button], y: int, width: int, control_h: float,
                 x: int = 0) -> int:
        """A row per seat: the name, human or bot, the bot's strength, remove; then Add and
        the teams, then the coach."""
        px = theme.px
        head = pygame.Rect(x, y, width, px(28))
        self._label("Players", head, 22, theme.TEXT)
        self._label(hands.say("Enter on a name to type", "click a name to type"), pygame.Rect(x + px(110), y + px(4), width - px(110),
                                                        px(24)), 14)
        y += px(36)
        sides = (self.info.state_type().sides_for(len(self.seats))
                 if self.info.takes(len(self.seats)) else [])
        self.side_of = {seat: k for k, side in enumerate(sides) for seat in side}
        self.seat_dots: list[tuple[tuple[int, int], int]] = []
        row_gap = 6
        two_lines = theme.dp(width) < 18 + 150 + 80 + 86 + layout.touch_size(40) + 24
        for i, seat in enumerate(self.seats):
            row = pygame.Rect(x, y, width, px(control_h))
            if two_lines:  # a narrow column: the name over its buttons
                top = row
                row = pygame.Rect(x, top.bottom + px(4), width, px(control_h))
                dot, name = layout.cols(top, 18, fr(), gap=6)
                _, kind, strength, remove = layout.cols(row, 18, fr(), fr(),
                                                        layout.touch_size(40), gap=6)
            else:
                dot, name, kind, strength, remove = layout.cols(
                    row, 18, fr(min=100), 80, 86, layout.touch_size(40), gap=6)
            self.seat_dots.append((dot.center, self.side_of.get(i, i)))
            typing = self.typing == i
            label = seat.name + ("|" if typing else "")
            nb = NameButton(name, label or " ", lambda i=i: self.edit_name(i), size=17,
                            selected=typing, colour=theme.PANEL_LIGHT, ident=f"name {i}",
                            tooltip=hands.say("Enter: type a name", "Click to type a name") +
                            f" (up to {NAME_MAX} letters)")
            nb.typing = typing
            self._add(buttons, nb, name)
            self._add(buttons, Button(kind, "Bot" if seat.bot else "Human",
                                      lambda i=i: self.toggle_kind(i), size=16,
                                      ident=f"kind {i}"), kind)
            if seat.bot:
                self._add(buttons, Button(strength, seat.bot.title(),
                                          lambda i=i: self.cycle_strength(i), size=16,
                                          ident=f"strength {i}",
                                          tooltip=self.strengths_tip()),
                          strength)
            self._add(buttons, Button(remove, "X", lambda i=i: self.remove_seat(i), size=16,
                                      colour=(110, 56, 60), ident=f"remove {i}",
                                      tooltip=f"Remove {seat.name or 'this seat'}",
                                      enabled=len(self.seats) > self.info.min_players), remove)
            y = row.bottom + px(row_gap)
        add_row = pygame.Rect(x, y + px(2), width, px(control_h))
        add, teams = layout.cols(add_row, 170, fr(), gap=12)
        self._add(buttons, Button(add, "+ Add player", self.add_seat, size=17, ident="add",
                                  enabled=len(self.seats) < self.info.max_players), add)
        if any(len(side) > 1 for side in sides):  # partnerships: say who plays with whom
            names = " · ".join(" + ".join(self.seats[i].name for i in side) for side in sides)
            def fits(t: str) -> bool:
                return fits_whole(t, teams, 15, 13)
            # the names (written shorter where they must be), else the rule in fewer words
            forms = [shorten_names(f"Teams: {names}", [seat.name for seat in self.seats], fits),
                     "Teams: partners have the same colour and mark",
                     "Partners: one colour and mark"]
            label = next((form for form in forms if fits(form)), forms[-1])
            self._label(label, teams, 15, theme.INFO)
        y = add_row.bottom + px(16)
        coach = pygame.Rect(x, y, min(width, px(300)), px(control_h))
        self._add(buttons, Button(coach, f"Coach: {COACH_LABELS[self.app.settings.coach]}",
                                  self.cycle_coach, size=16, ident="coach",
                                  tooltip="Hints from the strongest bot: off, on request (" +
                                  hands.say("H", "the Hint button") + ") or always shown on "
                                  "your turn"),
                  coach)
        return coach.bottom + px(12)

    def _link_games(self, buttons: list[Button], y: int, width: int, control_h: float,
                    x: int = 0) -> int:
        """The games by link in progress on this device, with whose turn it is."""
        if not self.link_games:
            return y
        from game import linkplay  # (only with games by link: see __init__)
        px = theme.px
        self._label("Games by link", pygame.Rect(x, y, width, px(28)), 20, theme.TEXT)
        y += px(34)
        for entry in self.link_games:
            row = pygame.Rect(x, y, width, px(control_h))
            inner = row.inflate(-px(12), -px(4))  # (the names shorter before words go)
            line = shorten_names(linkplay.menu_line(entry), entry.names,
                                 lambda t, inner=inner: fits_whole(t, inner, 16, 13, True))
            self._add(buttons, Button(row, line,
                                      lambda g=entry.id: linkplay.resume(self.app, g), size=16,
                                      min_size=13, ident=f"link {entry.id}", wrap=True,
                                      colour=(60, 110, 90) if entry.turn in entry.mine
                                      else theme.BUTTON), row)
            y = row.bottom + px(6)
        return y + px(10)

    def strengths_tip(self) -> str:
        """"This bot's strength: easy, normal, hard or expert" (the strengths this game has)."""
        offered = list(strengths_for(self.info))
        listed = offered[0] if len(offered) == 1 else ", ".join(offered[:-1]) + " or " + offered[-1]
        return f"This bot's strength: {listed} " + hands.say("(Enter steps it)",
                                                             "(a click steps it)")

    def _option_button(self, opt: Option, rect: pygame.Rect, enabled: bool) -> Button:
        value = self.option_value(opt)
        text = opt.text(value)
        number = opt.kind != "bool"
        tip = opt.help + (hands.say(" Left/Right steps it.", " A click on either half steps "
                                    "it.") if number else "")
        return Button(rect, f"{opt.label}: {text}", lambda o=opt: self.change_option(o),
                      size=16, enabled=enabled, selected=not number and bool(value),
                      tooltip=tip.strip(), ident=opt.key, wrap=True, min_size=13,
                      step=(lambda d, o=opt: self.change_option(o, d)) if number else None)

    def _place(self) -> None:
        """Put the body's buttons where the scroll shows them."""
        for b in self.body_buttons:
            b.rect = self.body.to_screen(self.content[id(b)])

    def _scroll_to_focus(self) -> None:
        focused = self.focus.focused
        if focused is not None and id(focused) in self.content:
            self.body.scroll_to(self.content[id(focused)])
            self._place()

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.ensure_layout()
        if self.typing is not None and self._handle_typing(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_rules()
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
                self.body.key(event)  # the body scrolls (the focus stays where it is)
                self._place()
                return
            self.focus.handle(event)
            self._scroll_to_focus()
            return
        if event.type == pygame.MOUSEMOTION:
            if self.body.handle(event, self._click):
                self._place()
            self.focus.handle(event)
            return
        if hasattr(event, "pos") and not self.body.viewport.collidepoint(event.pos) \
                and event.type == pygame.MOUSEBUTTONDOWN:
            self._click_foot(event)
            return
        if self.body.handle(event, self._click):
            self._place()

    def _click(self, event: pygame.event.Event) -> bool:
        """A click in the body (released without a drag): the body's button under it."""
        if not self.body.viewport.collidepoint(event.pos):
            return False
        return self._press(self.body_buttons, event)

    def _click_foot(self, event: pygame.event.Event) -> None:
        """A click outside the body: only the footer's buttons are there (the body's, scrolled
        under the footer, are not)."""
        self._press(self.foot_buttons, event)

    def _press(self, buttons: list[Button], event: pygame.event.Event) -> bool:
        for b in buttons:
            if b.rect.collidepoint(event.pos):
                b.click(event.pos)
                return True
        return False

    def _handle_typing(self, event: pygame.event.Event) -> bool:
        seat = self.seats[self.typing]
        if event.type == pygame.TEXTINPUT:
            self.type_text(seat, event.text)
            self.rebuild()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                seat.name = seat.name[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                done = self.finish_name(keep_typing=event.key != pygame.K_ESCAPE)
                if event.key == pygame.K_TAB and done:
                    self.rebuild()
                    return False  # Tab moves on to the next control
            self.rebuild()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            taken = not self.finish_name(keep_typing=False)
            self.rebuild()
            return taken  # a refused name is put back; the click does nothing else then
        return False

    def type_text(self, seat: Seat, text: str) -> None:
        """Add typed letters to a name: only what our fonts draw, up to NAME_MAX letters;
        anything refused says why."""
        refused = [ch for ch in text if not ch.isprintable() or not theme.can_draw(ch)]
        text = "".join(ch for ch in text if ch not in refused)
        room = NAME_MAX - len(seat.name)
        if refused:  # named in words: the fonts cannot draw the character itself
            what = character_name(refused[0])
            more = len(set(refused)) - 1
            also = f" (and {count(more, 'other character')})" if more else ""
            self.app.sounds.play("error")
            self.app.notify(f"{what[:1].upper()}{what[1:]}{also} cannot be shown: use Latin, "
                            "Greek or Cyrillic letters, digits, punctuation",
                            theme.BAD, 4)
        if len(text) > room:
            self.app.sounds.play("error")
            self.app.notify(f"Names have at most {NAME_MAX} letters", theme.BAD)
        seat.name += text[:max(0, room)]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        self._place()
        surface.fill(theme.BG)
        with self.body.clip(surface):
            for rect in self.offers:
                panel(surface, self.body.to_screen(rect), theme.PANEL, 14, theme.INFO)
            for text, rect, size, colour in self.labels:
                shown = self.body.to_screen(rect)
                if not shown.colliderect(self.body.viewport):
                    continue
                if text == "Dice Harbor":
                    draw_text_in(surface, text, shown, size, colour, True, "left",
                                 min_size=28, display=True)
                else:
                    big = size >= 18
                    draw_text_in(surface, text, shown, size, colour, big, "left",
                                 min_size=min(size, 13), wrap=not big)
            for centre, side in self.seat_dots:  # each seat's marker: its colour and shape
                pos = self.body.to_screen(pygame.Rect(centre, (0, 0))).topleft
                marks.seat(surface, side, pos, theme.px(7))
            for b in self.body_buttons:
                if b.rect.colliderect(self.body.viewport):
                    b.draw(surface, focused=b is self.focus.focused)
        self.body.draw_bar(surface, [b.rect for b in self.body_buttons
                                     if b.rect.colliderect(self.body.viewport)])
        for b in self.foot_buttons:
            b.draw(surface, focused=b is self.focus.focused)
        if self.app.toast is None:
            self._draw_tip(surface)

    def _draw_tip(self, surface: pygame.Surface) -> None:
        focused = self.focus.focused
        tip = focused.tooltip if focused and focused.tooltip else ""
        hovered = next((b for b in self.focus.buttons if b.hovered and b.tooltip), None)
        tip = hovered.tooltip if hovered else tip
        if tip:
            draw_text_in(surface, tip, self.tip_box, 15, theme.INFO, align="left",
                         valign="center", wrap=True, min_size=13)
        elif self.has_save and not hands.keyboard():  # the saved game, whole
            draw_text_in(surface, f"Continue: {self.saved_whole}", self.tip_box, 15,
                         theme.TEXT_DIM, align="left", valign="center", wrap=True, min_size=13)
        elif not theme.metrics.touch and not hands.touch():
            draw_text_in(surface, hands.say("Tab/arrows move · Enter selects · Left/Right step "
                                            "numbers · F1 rules · M sound · F11 fullscreen",
                                            "Point at a button to see what it does"),
                         self.tip_box, 14, theme.TEXT_DIM, align="left", valign="center",
                         wrap=True, min_size=12)

    def message_rect(self) -> pygame.Rect:
        self.ensure_layout()
        return self.tip_box
