"""The menu: pick a game, set up the seats (humans and bots), the game's options, start.

Everything here works with mouse/touch alone and with the keyboard alone (Tab or arrows
move the gold focus ring, Enter or Space press)."""

from __future__ import annotations

import pygame

from game import storage
from game.app import App, Scene
from game.bots import policy_names_for, strengths_for
from game.catalog import GAMES, GameInfo, Option
from game.coach import COACH_LABELS
from game.rules.core import NAME_MAX, SaveError, Seat
from game.ui import theme
from game.ui.text import draw_text_in
from game.ui.widgets import Button, FocusGroup, draw_text, panel

BOT_NAMES = ["Ada", "Bram", "Cleo", "Dax", "Edda", "Finn", "Gus", "Hana"]
CARD_W, CARD_H = 232, 128
NAME_LIMIT = NAME_MAX
OPTION_ROW = 46  # one row per option, its sub-option beside it: nothing moves on a toggle
TIP_BOX = pygame.Rect(40, 604, 700, 104)


class CardButton(Button):
    """A game card: title, pitch, player count."""

    info: GameInfo | None = None

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        info = self.info
        fill = theme.PANEL_LIGHT if (self.hovered or focused) else theme.PANEL
        panel(surface, self.rect, fill, 16, theme.ACCENT if self.selected else theme.LINE)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=4, border_radius=16)
        if focused:
            pygame.draw.rect(surface, theme.INFO, self.rect.inflate(8, 8), width=3, border_radius=18)
        inner = self.rect.inflate(-32, -24)
        draw_text_in(surface, info.title, pygame.Rect(inner.x, inner.y, inner.w, 34), 26,
                     theme.ACCENT if self.selected else theme.TEXT, True, "left")
        draw_text_in(surface, info.pitch, pygame.Rect(inner.x, inner.y + 36, inner.w, 46), 17,
                     theme.TEXT_DIM, align="left", valign="top", wrap=True, min_size=13)
        players = (f"{info.min_players} player" if info.min_players == info.max_players
                   else f"{', '.join(map(str, info.player_counts))} players" if info.player_counts
                   else f"{info.min_players}-{info.max_players} players")
        draw_text_in(surface, players, pygame.Rect(inner.x, inner.bottom - 20, inner.w, 22), 15,
                     theme.INFO, True, "right")


class MenuScene(Scene):
    def __init__(self, app: App, game_id: str = "yatzy", seats: list[Seat] | None = None):
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
        self.focus = FocusGroup()
        self.has_save = storage.has_save()
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
        self.app.sounds.play("click")
        self.rebuild()

    def add_seat(self) -> None:
        if len(self.seats) >= self.info.max_players:
            self.app.notify(f"{self.info.title} takes at most {self.info.max_players} players")
            return
        used = {s.name for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(self.seats) + 1}")
        self.seats.append(Seat(name, "normal"))
        self.rebuild()

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
        self.rebuild()

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
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.info))

    def start(self) -> None:
        """Start a new game; over a saved one, ask first (starting replaces the save)."""
        self.typing = None
        for seat in self.seats:
            seat.name = seat.name.strip() or "Player"
        self.remember()
        self.rebuild()
        if storage.has_save():
            from game.scenes.confirm import ConfirmScene
            self.app.push(ConfirmScene(
                self.app, "Replace the saved game?",
                "A game in progress is saved. Starting a new one replaces it; "
                "Continue resumes it instead.", "Yes, start new", self.start_now))
            return
        self.start_now()

    def start_now(self) -> None:
        from game.scenes.play import PlayScene
        try:
            state, session = self.info.start([Seat(s.name, s.bot) for s in self.seats],
                                             dict(self.options[self.game_id]),
                                             seed=self.app.new_seed())
        except ValueError as exc:
            self.app.notify(str(exc), theme.BAD)
            return
        self.app.save_settings()  # these seats and options are remembered for next time
        self.app.replace_all(PlayScene(self.app, self.info, state, session=session))

    def resume(self) -> None:
        from game.scenes.play import PlayScene
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
            from game.scenes.session import SessionScene  # between two games of a session
            self.app.replace_all(SessionScene(self.app, info, session))
            return
        # (a game that ended but was not yet recorded shows its final sheet, then results)
        self.app.replace_all(PlayScene(self.app, info, state, session=session,
                                       hinted="hinted" in marks))

    def show_records(self) -> None:
        from game.scenes.records import RecordsScene
        self.app.push(RecordsScene(self.app, self.game_id))

    # -- layout ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.remember()
        buttons: list[Button] = []
        for i, (gid, info) in enumerate(GAMES.items()):
            rect = pygame.Rect(40 + (i % 3) * (CARD_W + 14), 112 + (i // 3) * (CARD_H + 14),
                               CARD_W, CARD_H)
            card = CardButton(rect, info.title, lambda g=gid: self.choose_game(g),
                              selected=gid == self.game_id)
            card.info = info
            buttons.append(card)
        buttons += self._option_buttons()
        buttons.append(Button(pygame.Rect(740, 30, 130, 42), "Records", self.show_records,
                              size=17, tooltip="Wins, best scores and high scores per game"))
        buttons.append(Button(pygame.Rect(880, 30, 170, 42), "How to play", self.show_rules,
                              size=17, tooltip=f"The rules of {self.info.title} (F1)"))
        buttons.append(Button(pygame.Rect(1060, 30, 180, 42),
                              f"Bot pace: {self.app.settings.bot_speed.title()}",
                              self.cycle_speed, size=17, ident="pace",
                              tooltip="How long bots take over each move (slow, normal, fast); "
                                      "their strength is set per seat."))
        buttons.append(Button(pygame.Rect(800, 566, 250, 42),
                              f"Coach: {COACH_LABELS[self.app.settings.coach]}",
                              self.cycle_coach, size=17, ident="coach",
                              tooltip="Hints from the strongest bot: off, on request (H or the "
                                      "Hint button) or always shown on your turn"))
        for i, seat in enumerate(self.seats):
            ry = 150 + i * 50
            label = seat.name + ("|" if self.typing == i else "")
            buttons.append(Button(pygame.Rect(800, ry, 196, 42), label or " ",
                                  lambda i=i: self.edit_name(i), size=20,
                                  selected=self.typing == i, colour=theme.PANEL_LIGHT,
                                  ident=f"name {i}", wrap=True,
                                  tooltip=f"Click or Enter to type a name (up to {NAME_MAX} letters)"))
            buttons.append(Button(pygame.Rect(1004, ry, 86, 42), "Bot" if seat.bot else "Human",
                                  lambda i=i: self.toggle_kind(i), size=18, ident=f"kind {i}"))
            if seat.bot:
                buttons.append(Button(pygame.Rect(1098, ry, 96, 42), seat.bot.title(),
                                      lambda i=i: self.cycle_strength(i), size=18,
                                      tooltip="This bot's strength: easy, normal or hard"))
            buttons.append(Button(pygame.Rect(1202, ry, 40, 42), "X", lambda i=i: self.remove_seat(i),
                                  size=18, colour=(110, 56, 60),
                                  enabled=len(self.seats) > self.info.min_players))
        buttons.append(Button(pygame.Rect(800, 150 + len(self.seats) * 50, 200, 40), "+ Add player",
                              self.add_seat, size=19,
                              enabled=len(self.seats) < self.info.max_players))
        if self.has_save:
            buttons.append(Button(pygame.Rect(760, 626, 230, 66), "Continue", self.resume, size=26,
                                  hotkey="saved game", colour=(60, 110, 90)))
        buttons.append(Button(pygame.Rect(1010, 626, 230, 66), "Start", self.start, size=30,
                              hotkey=f"{self.info.title}", colour=(40, 130, 90)))
        self.focus.set(buttons)

    def _option_buttons(self) -> list[Button]:
        """One fixed row per main option, its sub-option beside it (greyed while the main
        one is off), two columns: a toggle never moves a button under the pointer."""
        opts = self.info.options
        children = {o.shown_if: o for o in opts if o.shown_if}
        buttons: list[Button] = []
        for slot, opt in enumerate(o for o in opts if not o.shown_if):
            x, y = 40 + (slot % 2) * 360, 452 + (slot // 2) * OPTION_ROW
            child = children.get(opt.key)
            width = 350 if child is None else 170
            buttons.append(self._option_button(opt, pygame.Rect(x, y, width, 40), True))
            if child is not None:
                buttons.append(self._option_button(child, pygame.Rect(x + 176, y, 174, 40),
                                                   bool(self.option_value(opt))))
        return buttons

    def _option_button(self, opt: Option, rect: pygame.Rect, enabled: bool) -> Button:
        value = self.option_value(opt)
        text = ("On" if value else "Off") if opt.kind == "bool" else str(value)
        number = opt.kind != "bool"
        tip = opt.help + (" Left/Right or a click on either half steps it." if number else "")
        return Button(rect, f"{opt.label}: {text}", lambda o=opt: self.change_option(o),
                      size=17, enabled=enabled, selected=not number and bool(value),
                      tooltip=tip.strip(), ident=opt.key, wrap=True,
                      step=(lambda d, o=opt: self.change_option(o, d)) if number else None)

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.typing is not None and self._handle_typing(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_rules()
            return
        self.focus.handle(event)

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
                seat.name = seat.name.strip() or "Player"
                self.typing = None
                if event.key == pygame.K_TAB:
                    self.rebuild()
                    return False
            self.rebuild()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            seat.name = seat.name.strip() or "Player"
            self.typing = None
            self.rebuild()
        return False

    def type_text(self, seat: Seat, text: str) -> None:
        """Add typed letters to a name: only what our fonts draw, up to NAME_MAX letters;
        anything refused says why."""
        refused = [ch for ch in text if not ch.isprintable() or not theme.can_draw(ch)]
        text = "".join(ch for ch in text if ch not in refused)
        room = NAME_MAX - len(seat.name)
        if refused:
            self.app.sounds.play("error")
            self.app.notify(f"{''.join(refused)[:8]!r} cannot be shown: letters of Latin, Greek "
                            "and Cyrillic scripts, digits and punctuation work", theme.BAD)
        if len(text) > room:
            self.app.sounds.play("error")
            self.app.notify(f"Names have at most {NAME_MAX} letters", theme.BAD)
        seat.name += text[:max(0, room)]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Dice Harbor", (40, 50), 56, theme.ACCENT, True, "midleft", display=True)
        draw_text(surface, "Six dice games, strong bots, friends on one screen", (382, 58), 17,
                  theme.TEXT_DIM, False, "midleft")
        draw_text(surface, "Choose a game", (40, 96), 20, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, f"{self.info.title} options", (40, 434), 20, theme.TEXT_DIM, True, "midleft")
        draw_text(surface, "Players", (800, 120), 24, theme.TEXT, True, "midleft")
        draw_text(surface, "click a name to type", (920, 122), 15, theme.TEXT_DIM, False, "midleft")
        sides = (self.info.state_type().sides_for(len(self.seats))
                 if self.info.takes(len(self.seats)) else [])
        side_of = {seat: k for k, side in enumerate(sides) for seat in side}
        for i, _ in enumerate(self.seats):
            pygame.draw.circle(surface, theme.player_colour(side_of.get(i, i)), (784, 171 + i * 50), 8)
        if any(len(side) > 1 for side in sides):  # partnerships: say who plays with whom
            teams = " · ".join("+".join(str(i + 1) for i in side) for side in sides)
            draw_text_in(surface, f"Teams: {teams}",
                         pygame.Rect(1012, 150 + len(self.seats) * 50, 228, 40), 16, theme.INFO,
                         True, "left", min_size=11)
        focused = self.focus.focused
        tip = focused.tooltip if focused and focused.tooltip else ""
        hovered = next((b for b in self.focus.buttons if b.hovered and b.tooltip), None)
        tip = hovered.tooltip if hovered else tip
        if tip:
            draw_text_in(surface, tip, TIP_BOX, 17, theme.INFO, align="left", valign="bottom",
                         wrap=True, min_size=13)
        else:
            draw_text_in(surface, "Tab/arrows move · Enter selects · Left/Right step numbers · "
                         "F1 rules · M sound", TIP_BOX, 15, theme.TEXT_DIM, align="left",
                         valign="bottom", min_size=12)
        self.focus.draw(surface)
