"""A tour of every scene of a game, as a player sees them: what each screen draws, in words.

``tour(game_id, names)`` seats the given names (the first two people, the rest bots), plays
a whole game through the real play scene (the people's moves chosen by a bot, every banner
and history line shown), and visits the menu with every option value, the pause menu and
its question, the rules (scrolled through), Pirate Fortune's card draw with every card, the
results, a session's standings, the records, the recent games, the review and a replay.
It returns ``Screens``: for each screen (a name like "menu, Target score: 5000") the texts
drawn there, each whole (as the scene passed it to ``draw_text_in``), and besides them the
words the table produced for every event of the game (banners, history lines, status and
turn lines, the sheet's cells), which a player sees one at a time.

The tests in test_words.py read these texts as a player would."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.app import App
from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.ui import hands, text, theme
from tests.ui_driver import DT, frames, hand_events

# The game is played in frames of 1/10 s: every event, banner and line is still drawn (the
# words are what is read here, not the motion), in a sixth of the frames. (At 1/20 s the
# tours of tests/test_ui_texts.py read no text, screen by screen and hand by hand, that
# they miss at 1/10 s, but for the replay's, which follow the coach's time budget, and the
# dates; they took a quarter more time.)
PLAY_DT = 6 * DT


@dataclass
class Screens:
    game_id: str
    names: list[str]
    shown: dict[str, set[str]] = field(default_factory=dict)  # screen -> texts drawn
    hand: str | None = None  # the hand in use when they were drawn (None: whichever it was)
    by_hand: dict[str, Screens] = field(default_factory=dict)  # the same screens per hand

    def add(self, where: str, texts) -> None:
        self.shown.setdefault(where, set()).update(t for t in texts if t and t.strip())

    def add_all(self, where: str, texts) -> None:
        """Texts that are the same whatever the hand (the move history)."""
        texts = list(texts)
        for screens in [self, *self.by_hand.values()]:
            screens.add(where, texts)

    def all(self) -> list[tuple[str, str]]:
        """(screen, text) for every text of every screen."""
        return [(w, t) for w, texts in self.shown.items() for t in sorted(texts)]


def make_app(size=(1280, 720)) -> App:
    pygame.quit()
    app = App(sound=False, seed=5, window_size=size, dpr=1, touch=False)
    app.settings.bot_speed = "fast"
    return app


def set_hand(app: App, hand: str) -> None:
    """The player has just used ``hand`` ("touch", "keyboard", "mouse"): the app reads an
    input of it that presses nothing (tests.ui_driver.hand_events), as in a frame."""
    for event in hand_events(hand):
        if hands.hands.observe(event, app.typing()):
            app.hand_changed()


def capture(app: App, hand: str | None = None) -> list[str]:
    """Draw the app's scenes now (after an input of ``hand``, when given); the whole texts
    drawn (a wrapped text once)."""
    if hand is not None:
        set_hand(app, hand)
    app.invalidate()
    with text.record() as drawn:
        app.draw()
    wrong = text.not_flat()  # (words written onto a colour that was not all there)
    assert not wrong, "\n".join(wrong)
    seen: list[str] = []
    for d in drawn:
        if d.source not in seen:
            seen.append(d.source)
    toast = app.toast[0] if app.toast else None
    return seen + ([toast] if toast and toast not in seen else [])


def look(app: App, screens: Screens, where: str) -> None:
    """Read the screen now: once as it is, or once for each hand of ``screens.by_hand``
    (after an input of it), into that hand's screens and into ``screens``."""
    if not screens.by_hand:
        screens.add(where, capture(app))
        return
    for hand, theirs in screens.by_hand.items():
        texts = capture(app, hand)
        theirs.add(where, texts)
        screens.add(where, texts)


def seats_for(names: list[str], people: int = 2) -> list[Seat]:
    """The names at the table: the first ``people`` people, the rest bots."""
    return [Seat(n, None if i < people else "normal") for i, n in enumerate(names)]


class Words:
    """Wraps a table's word methods so every text it hands the scene is kept."""

    METHODS = ("describe", "history_line", "status", "turn_info")

    def __init__(self, table, out: set[str], by_hand: dict[str, set[str]] | None = None):
        self.out = out
        self.by_hand = by_hand or {}  # hand -> the texts handed while it was in use
        for name in self.METHODS:
            original = getattr(table, name)
            setattr(table, name, self._wrap(original))
        table.sheet = self._sheet(table.sheet)

    def _add(self, text: str) -> None:
        self.out.add(text)
        if hands.mode() in self.by_hand:
            self.by_hand[hands.mode()].add(text)

    def _keep(self, value) -> None:
        if value is None:
            return
        if isinstance(value, str):
            self._add(value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, str):
                    self._add(v)
                    if value and isinstance(value, tuple):
                        break  # (text, colour)
        elif hasattr(value, "text"):
            self._add(value.text)

    def _wrap(self, method):
        def wrapped(*args, **kwargs):
            value = method(*args, **kwargs)
            self._keep(value)
            return value
        return wrapped

    def _sheet(self, method):
        def wrapped(*args, **kwargs):
            model = method(*args, **kwargs)
            for h in model.headers:
                self._add(h[0])
            for row in model.rows:
                self._add(row.label)
                for c in row.cells:
                    self._add(c.text)
            if model.footer:
                self._add(model.footer)
            return model
        return wrapped


@contextmanager
def drawn_when_changed(app: App, play, shown: dict):
    """A frame of the game (the table, or the card draw over it) drawn only when what it
    shows changed (the table's view_key, the card draw's phase: looked at after the frame's
    update, when it draws), and in the two frames after (a sheet that changed with much
    else is drawn a frame later). The frames between would show the same words: they are
    not drawn (as ui_driver.undrawn), and the first drawn after them is drawn whole."""
    saved = app.draw, app.partial_draw, app._stage_under, app.changed_draw

    def wanted() -> bool:
        if shown.get("frame") != app.frame:
            scene = app.scene
            key = (play.view_key(), type(scene), getattr(scene, "phase", None),
                   id(play.unseen), play._sheet_late)
            if key != shown.get("key"):
                shown["key"], shown["left"] = key, 1
            shown["frame"], shown["draw"] = app.frame, shown["left"] > 0
            shown["left"] = max(0, shown["left"] - 1)
        return shown["draw"]

    def draw(*args, **kwargs):
        if wanted():
            shown["stale"] = False
            saved[0](*args, **kwargs)
        else:
            shown["stale"] = True

    def part(i: int, undrawn_value: bool):
        def call() -> bool:
            if not wanted():
                shown["stale"] = True
                return undrawn_value
            return False if shown.get("stale") else saved[i]()  # (stale: drawn whole)
        return call

    app.draw, app.partial_draw, app._stage_under, app.changed_draw = \
        draw, part(1, True), part(2, False), part(3, False)
    try:
        yield
    finally:
        app.draw, app.partial_draw, app._stage_under, app.changed_draw = saved


def play_through(app: App, info, state, screens: Screens, where: str = "table") -> object:
    """Play ``state`` to its end in the real play scene: people's moves chosen by a bot,
    Pirate Fortune's cards turned over with Space; every few moves the screen is read."""
    from game.scenes.play import PlayScene
    play = app.show("play", info=info, state=state, autosave=False)
    events: set[str] = set()
    their_events: dict[str, set[str]] = {hand: set() for hand in screens.by_hand}
    Words(play.table, events, their_events)
    movers = {i: make_policy(info.bot_module, "normal", seed=40 + i)
              for i, s in enumerate(state.seats) if s.is_human}
    moves = 0
    read = set()  # (card draw, its phase) read: each phase of a draw shows the same words
    shown: dict = {}  # what the table showed at the last frame drawn (drawn_when_changed)
    for _ in range(200_000):
        scene = app.scene
        if isinstance(scene, PlayScene) and scene.finished:
            break
        if not isinstance(scene, PlayScene):  # the card draw over the table
            if moves % 7 == 0 and (scene, getattr(scene, "phase", None)) not in read:
                read.add((scene, getattr(scene, "phase", None)))
                look(app, screens, f"{where}: card draw")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                                 unicode=" ", scancode=0))
        elif scene.human_turn and not scene.busy:
            scene.act(movers[scene.state.current].choose(scene.state))
            moves += 1
            if moves % 5 == 0:
                look(app, screens, where)
        with drawn_when_changed(app, play, shown):
            app.step(PLAY_DT)
    else:
        raise AssertionError("the game did not end")
    look(app, screens, where)
    screens.add(f"{where}: the words of every event", events)
    for hand, theirs in screens.by_hand.items():
        theirs.add(f"{where}: the words of every event", their_events[hand])
    screens.add_all(f"{where}: the move history", [e[0] if isinstance(e, tuple) else
                                                   getattr(e, "text", str(e))
                                                   for e in play.history.entries])
    return play


def tour(game_id: str, names: list[str], options: dict | None = None, seed: int = 3,
         every_option: bool = True, people: int = 2, hands: tuple[str, ...] = ()) -> Screens:
    """``hands``: read every screen after an input of each of these hands too (their texts
    in ``Screens.by_hand``)."""
    info = GAMES[game_id]
    screens = Screens(game_id, list(names))
    screens.by_hand = {hand: Screens(game_id, list(names), hand=hand) for hand in hands}
    app = make_app()
    try:
        seats = seats_for(names, people)
        # The menu, with every value of every option, the coach and the bots' pace.
        menu = app.show("menu", game_id=game_id, seats=seats)
        frames(app)
        look(app, screens, "menu")
        for hand in screens.by_hand or [None]:  # every tooltip (worded for each hand)
            if hand is not None:
                set_hand(app, hand)
                menu.ensure_layout()
            tips = [b.tooltip for b in menu.focus.buttons if b.tooltip]
            screens.add("menu: tooltips", tips)
            if hand is not None:
                screens.by_hand[hand].add("menu: tooltips", tips)
        if every_option:
            for opt in info.options:
                values = [True, False] if opt.kind == "bool" else list(opt.choices)
                for value in values:
                    menu.options[game_id][opt.key] = value
                    menu.rebuild()
                    look(app, screens, f"menu, {opt.label}")
                menu.options[game_id].pop(opt.key, None)
            for _ in range(3):
                menu.cycle_coach()
                look(app, screens, "menu, coach")
                menu.cycle_speed()
                look(app, screens, "menu, bot pace")
            for _ in range(info.max_players):  # one seat too many, then too few
                menu.add_seat()
            look(app, screens, "menu, the most players")
            for _ in range(info.max_players):
                menu.remove_seat(len(menu.seats) - 1)
            look(app, screens, "menu, the fewest players")
            menu.seats = seats_for(names, people)
        menu.options[game_id].update(options or {})
        menu.rebuild()

        # A whole game at the table.
        state = info.new_game(seats, options or {}, seed=seed)
        play = play_through(app, info, state, screens)
        final = play.state
        for tool in ("hint", "odds", "undo", "skip", "pace", "odds", "skip"):
            for b in play.top_buttons.buttons:
                if b.ident == tool and b.enabled:
                    b.action()
                    look(app, screens, f"table: {tool}")
        app.open("pause", play=play)
        look(app, screens, "pause")
        for _ in range(3):
            app.scene.pace()
            look(app, screens, "pause: bot pace")
        app.scene.ask()
        look(app, screens, "pause: quit?")
        settings = app.open("settings")
        for i in range(len(settings.focus.buttons)):  # each setting's tip
            settings.focus.index = i
            look(app, screens, "settings")
        app.pop()
        app.pop()
        rules = app.open("rules", info=info)
        for _ in range(60):
            look(app, screens, "rules")
            offset = rules.area.offset
            rules.area.scroll(theme.px(300))
            if rules.area.offset == offset:  # the end: each look after would read this
                break
        app.pop()
        deck = info.state_type().CARD_DECK
        if deck is not None:  # a game with cards: its card draw
            for seat in range(min(3, len(seats))):  # people and a bot
                draw = app.open("carddraw", play=play)
                draw.seat, draw.human = seat, play.state.seats[seat].is_human
                look(app, screens, "card draw, waiting")
                for face in deck.faces:
                    draw.phase, draw.card, draw.time = "show", face.id, 0.0
                    look(app, screens, "card draw, the card shown")
                app.pop()

        # After the game.
        app.show("results", info=info, state=final,
                 news={0: ["best score yet (was 1,234)", "top of the high scores"]})
        frames(app)
        look(app, screens, "results")
        if any(o.key == "session" for o in info.options):
            from game.rules.session import Session
            session = Session(GAMES[game_id], final.seats, {}, 1, seed=3)
            for _ in range(len(final.sides())):
                while not session.current.is_over():
                    s = session.current
                    s.apply(make_policy(info.bot_module, "easy", seed=1).choose(s))
                app.show("session", info=info, session=session)
                look(app, screens, "session standings")
                if not session.is_over():
                    session.next_game()
        app.record_game(game_id, final)
        records = app.show("records", game_id=game_id)
        for i in range(len(records.game_ids)):
            records.show(i)
            look(app, screens, "records")
        records.show(len(records.game_ids))
        for _ in range(200):
            frames(app)
            if records.recent is not None:
                break
        look(app, screens, "recent games")
        review = app.show("review", info=info, state=final)
        if not review.seats:  # nobody played by hand: the review offers everyone's play
            look(app, screens, "review")
            review.review_everyone()
        for _ in range(20000):
            frames(app)
            if review.review is not None:
                break
        assert review.review is not None
        for tab in range(len(review.seats)):
            review.show_tab(tab)
            for _ in range(40):
                look(app, screens, "review")
                at = (review.cursor, review.top)
                review.move_cursor(6)
                if (review.cursor, review.top) == at:  # the last row: nothing more to read
                    break
        review.show_tab(0)
        if review.rows():
            review.open(0)
            frames(app, 3)
            look(app, screens, "replay")
            replay = app.scene
            for _ in range(40):
                for _ in range(3):
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n,
                                                         mod=0, unicode="", scancode=0))
                frames(app, 2)
                look(app, screens, "replay")
            del replay
        app.show("replay", info=info, final=final)
        frames(app, 3)
        look(app, screens, "replay")
    finally:
        pygame.quit()
    return screens


# -- reading the texts as a player ------------------------------------------------------------
SNAKE = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")  # a key, not a word
CODE = re.compile(r"\bseat \d|\b(?:None|True|False)\b(?! [a-z])|\b\w+(?:Error|Exception)\b|object at|"
                  r"[{}]|\\n")
# a big number without its separators: four digits or more in a row, not a code point
BIG = re.compile(r"(?<![\d,.+\w])(?<!U\+)[-+]?\d{4,}(?:\.\d+)?(?![\d,])")
AFTER_YOU = re.compile(r"\bYou (\w+)")
MINUS_ZERO = re.compile(r"(?<![\d.,])-0(?:\.0+)?(?![\d.,])")  # "-0.0", "-0.0%"
SETTINGS = {  # a setting's label and the values the code keeps (shown by their words)
    "Coach": ("off", "request", "always"),
    "Bot pace": ("slow", "normal", "fast"),
}


def raw_values() -> list[re.Pattern]:
    """"Fortune deck: default", "Coach: request": a setting shown by its coded value."""
    patterns = []
    for info in GAMES.values():
        for opt in info.options:
            for coded, words in opt.names:
                if str(coded) != words:
                    patterns.append(re.compile(rf"\b{re.escape(opt.label)}: "
                                               rf"{re.escape(str(coded))}(?!\w| game)"))
    for label, values in SETTINGS.items():
        patterns.append(re.compile(rf"\b{re.escape(label)}: (?:{'|'.join(values)})\b"))
    return patterns


def you_agrees(text: str) -> list[str]:
    """"You rolls", "You is", "You scratche": a verb after "You" in the wrong form. (Its
    own rule, not game.ui.words': a checker must not share the bug it looks for.)"""
    wrong = []
    for m in AFTER_YOU.finditer(text):
        word = m.group(1)
        third = word in ("is", "has", "was", "does") or (
            word.endswith("s") and not word.endswith("ss") and word not in ("always", "us"))
        cut = word.endswith(("che", "she", "sse", "xe", "zze"))  # an -es verb lost its "s"
        if third or cut:
            wrong.append(m.group(0))
    if re.search(r"\bYou's\b", text):
        wrong.append("You's")
    return wrong


def recased(text: str, names: list[str]) -> list[str]:
    """A name written with other capitals than typed ("Åsa-märta" for "åsa-Märta"). ("You"
    is also a word: "your turn" is not a re-cased name.)"""
    found = []
    lower = text.lower()
    for name in names:
        if name == "You":
            continue
        start = lower.find(name.lower())
        while start >= 0:
            seen = text[start:start + len(name)]
            if seen != name:
                found.append(seen)
            start = lower.find(name.lower(), start + 1)
    return found


def problems(screens: Screens, numbers_in_rules: bool = True) -> list[str]:
    """What a player would find odd in the texts of ``screens``."""
    raw = raw_values()
    out = []
    for where, shown in screens.all():
        said = f"{where}: {shown!r}"
        out += [f"{said} has a code word {m.group(0)!r}" for m in SNAKE.finditer(shown)]
        out += [f"{said} has code {m.group(0)!r}" for m in CODE.finditer(shown)]
        out += [f"{said} shows a setting's coded value" for p in raw if p.search(shown)]
        if numbers_in_rules or not where.startswith("rules"):
            out += [f"{said} writes {m.group(0)} without separators" for m in BIG.finditer(shown)]
        out += [f"{said} writes minus zero" for _ in MINUS_ZERO.finditer(shown)]
        out += [f"{said}: {w!r} does not agree" for w in you_agrees(shown)]
        out += [f"{said} re-cases the name {w!r}" for w in recased(shown, screens.names)]
    return out


# -- the words for the hand in use (game.ui.hands) -----------------------------------------------
# What names a key: "press" (not "press your luck"), a key's name, "A: all", "H for a hint",
# "(H)", "1-5".
KEY_WORDS = re.compile(r"\b(?:[Pp]ress(?:e[sd]|ing)?(?![- ]your[- ]luck)|Space|Enter|Esc|"
                       r"[Aa]rrows?|PgUp|PgDn|Tab|Backspace|F1|F11|Ctrl|Shift|[Kk]eys?)\b|"
                       r"\b[A-HJ-Z]: |\b[B-HJ-Z] (?=[a-z])|\([A-Z](?: / [A-Z])?\)|"
                       r"\b1-[1-8]\b(?! players)|\b1 to [5-8]\b")
CLICKS = re.compile(r"\b[Cc]lick(?:s|ed|ing)?\b")
TAPS = re.compile(r"\b[Tt]ap(?:s|ped|ping)?\b")
ASKED = {"touch": TAPS, "keyboard": re.compile(r"\bPress\b"), "mouse": re.compile(r"\bClick\b")}


def hand_problems(screens: Screens) -> list[str]:
    """What a player with ``screens.hand`` in hand would find worded for another hand:
    after a touch, any key or click; with the keyboard, any click or tap; with a mouse,
    a tap, or keys in a sentence (a key's name under its button stays: it is short).
    And the table must ask for what that hand does ("Tap", "Press", "Click") somewhere."""
    hand, out = screens.hand, []
    for where, shown in screens.all():
        said = f"after a {hand}, {where}: {shown!r}"
        if hand == "touch":
            out += [f"{said} names a key ({m.group(0)!r})" for m in KEY_WORDS.finditer(shown)]
            out += [f"{said} says {m.group(0)!r}" for m in CLICKS.finditer(shown)]
        elif hand == "keyboard":
            out += [f"{said} says {m.group(0)!r}" for m in CLICKS.finditer(shown)]
            out += [f"{said} says {m.group(0)!r}" for m in TAPS.finditer(shown)]
        else:
            out += [f"{said} says {m.group(0)!r}" for m in TAPS.finditer(shown)]
            if len(re.findall(r"\w+", shown)) >= 3:
                out += [f"{said} names a key ({m.group(0)!r})"
                        for m in KEY_WORDS.finditer(shown)]
    table = [t for where, t in screens.all() if where.startswith("table")]
    if not any(ASKED[hand].search(t) for t in table):
        out.append(f"after a {hand}, no prompt on the table says {ASKED[hand].pattern!r}")
    return out
