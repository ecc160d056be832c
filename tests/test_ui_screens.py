"""Every scene of every game, at the most players and the longest names, on every kind of
screen: desktop windows, a HiDPI monitor, tablets and phones held either way.

For each size it renders the real scenes through the real app (menu, the table at several
moments, the pause menu and its question, the rules, the card draw, the results, the
session standings, the records, the review, a replay) and fails when

* a text leaves its box, is drawn smaller than 12 CSS px (the prompt and the sheet's numbers
  smaller than 16), or cuts a word (a name is shortened with "…", never split);
* anything is drawn outside the window;
* two controls overlap, or a control on a layout meant for touch is smaller than 44x44 CSS
  px;
* the place for messages covers a control;
* something is hidden without a sign (``hidden_problems``): a text cut off at the edge of a
  view that does not say it continues that way, a scrolling region whose content fits but
  that draws a sign, a score sheet that leaves rows out without saying how many, or a
  player's score out of view (in their column or on the line of the players paged out).

Sizes are CSS pixels with a device pixel ratio, as a browser reports them; the window is
drawn at the device size (``--window W×H --dpr N`` in the demo shows any of them)."""

from __future__ import annotations

import functools

import pygame
import pytest

from game.app import App
from game.bots import make_policy
from game.catalog import GAMES
from game.launcher import LONG_NAMES
from game.rules.core import Seat
from game.tasks import Task
from game.ui import probe, text, theme
from tests.ui_driver import frames, undrawn

# (CSS width, CSS height, device pixel ratio, laid out for touch)
SIZES = [(1280, 720, 1, False), (1920, 1080, 1, False), (1280, 720, 2, False),
         (1000, 700, 1, False), (800, 600, 1, False), (1024, 768, 2, True),
         (768, 1024, 2, True), (844, 390, 3, True), (390, 844, 3, True), (360, 640, 2, True)]
SIZE_IDS = [f"{w}x{h}r{d}{'-touch' if t else ''}" for w, h, d, t in SIZES]
PROMPT_MIN = 16  # dp: the prompt, your own sheet's numbers, the scores


def long_seats(n: int, humans: int = 1) -> list[Seat]:
    return [Seat(LONG_NAMES[i % len(LONG_NAMES)],
                 None if i < humans else ("easy", "normal", "hard")[i % 3]) for i in range(n)]


def players_for(info) -> int:
    return info.max_players


@functools.cache
def positions(game_id: str):
    """(a position where the human in seat 0 has rolled and must choose, the finished game),
    at the most players with the longest names, played by bots from a fixed seed."""
    info = GAMES[game_id]
    n = players_for(info)
    options = {"target": 2000} if game_id in ("farkle", "pirates") else {}
    seats = long_seats(n)
    state = info.new_game(seats, options, seed=11)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
    mid = None
    for _ in range(20_000):
        if state.is_over():
            break
        if (mid is None and state.current == 0 and state.turns_played >= n
                and getattr(state, "rolls", None) not in (None, 0)
                and getattr(state, "dice", None)):
            mid = state.save()
        state.apply(bots[state.current].choose(state))
    assert state.is_over()
    if mid is None:  # a game without "rolls" (Farkle, Pirate Fortune): a rolled position
        replay = info.new_game(seats, options, seed=11)
        for action in state.actions:
            if replay.current == 0 and replay.turns_played >= n and \
                    (getattr(replay, "rolled", False)):
                break
            replay.apply(action)
        mid = replay.save()
    return mid, state.save()


# game id -> the review of ``positions``' finished game, as the review scene made it: each
# size's case shows it (made anew it took the most CPU of a case: the coach prices every
# move of every seat). One for touch and mouse layouts alike: the review's work
# (game.review.review_steps) takes the game and the seats, nothing of the layout.
REVIEWS: dict = {}
# game id -> the coach's hint for ``positions``' position, as the table's task made it: the
# same at every size (Farkle's took 50 frames, each drawing the whole table, at each size)
HINTS: dict = {}


def at_once(result):
    """A task's job that is done at once, with ``result``."""
    return result
    yield  # (a generator)


def load(info, save):
    return info.state_type().load(save)


def make_app(size) -> App:
    w, h, dpr, touch = size
    pygame.quit()
    app = App(sound=False, seed=5, window_size=(w, h), dpr=dpr, touch=touch)
    app.settings.bot_speed = "fast"
    return app


class Screen:
    """One rendering of the app's scenes, checked."""

    def __init__(self, app: App, size, what: str):
        self.app, self.size, self.what = app, size, what
        with text.record() as drawn, probe.record() as controls, \
                probe.record_scrollers() as scrollers, probe.record_shown() as shown:
            app.draw()
        self.drawn, self.controls = drawn, controls
        self.scrollers, self.shown = scrollers, shown

    def check(self, touch_targets: bool = True) -> Screen:
        where = f"{self.what} at {SIZE_IDS[SIZES.index(self.size)]}"
        assert self.drawn, f"{where}: nothing was drawn"
        window = pygame.Rect((0, 0), self.app.screen.get_size())
        problems = text.overflows(self.drawn)
        problems += text.under_floor(self.drawn)
        problems += text.broken_words(self.drawn)
        problems += [f"{d.text!r} drawn outside the window at {tuple(d.ink)}"
                     for d in self.drawn if d.ink.w and not window.contains(d.ink)]
        shown = [c for c in self.controls]
        problems += [f"control {c.name!r} outside the window at {tuple(c.shown)}"
                     for c in shown if not window.contains(c.shown)]
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                if a.shown.colliderect(b.shown) and not (a.region and b.region and
                                                         a.group == b.group):
                    problems.append(f"controls {a.name!r} {tuple(a.shown)} and {b.name!r} "
                                    f"{tuple(b.shown)} overlap")
        if self.size[3] and touch_targets:
            least = theme.px(theme.TOUCH_MIN) - 1
            problems += [f"touch target {c.name!r} is {c.rect.w}x{c.rect.h} device px, under "
                         f"{theme.TOUCH_MIN} CSS px" for c in shown
                         if not c.region and (c.rect.w < least or c.rect.h < least)]
        message = self.app.scene.message_rect()
        problems += [f"the message place {tuple(message)} covers {c.name!r}"
                     for c in shown if message.colliderect(c.shown)]
        problems += hidden_problems(self)
        assert not problems, f"{where}: " + "\n  ".join(problems[:12])
        return self

    def sizes_of(self, predicate) -> list[float]:
        return [d.size for d in self.drawn if predicate(d)]


def sign_problems(scrollers, drawn) -> list[str]:
    """Nothing cut off without a sign: a scrolling region signs exactly the edges it has
    more beyond (none when its content fits), each row it drew is whole or cut only at a
    signed edge, and every text cut off by a clip lies in such a region and at such an
    edge."""
    out = []
    for s in scrollers:
        more = tuple(side for side, beyond in (("above", s.offset > 0),
                                               ("below", s.offset + s.viewport.h < s.content_h))
                     if beyond)
        if s.signs != more:
            out.append(f"the {s.name} region signs {s.signs}, has more {more}")
        for item in s.items:
            if item.top < s.clip.top and "above" not in s.signs or \
                    item.bottom > s.clip.bottom and "below" not in s.signs:
                out.append(f"a row of {s.name} {tuple(item)} cut by {tuple(s.clip)} "
                           f"without a sign ({s.signs})")
    for d in drawn:
        if not d.cut:
            continue
        cut_top, cut_bottom = d.whole.top < d.ink.top, d.whole.bottom > d.ink.bottom
        region = next((s for s in scrollers if s.viewport.contains(d.ink)), None)
        if region is None or (cut_top and "above" not in region.signs) or \
                (cut_bottom and "below" not in region.signs) or \
                d.whole.left < d.ink.left or d.whole.right > d.ink.right:
            out.append(f"{d.text!r} is cut off {tuple(d.whole)} -> {tuple(d.ink)} without a "
                       f"sign")
    return out


def sheet_problems(screen: Screen) -> list[str]:
    """On a screen with a score sheet: every row of it drawn whole or counted in the
    "N more" under the rows, every player's score in view (in their column, or with the
    players paged out), no label cut with "…" where it has a short form and no odds cut."""
    scene = screen.app.scene
    sheet = getattr(scene, "sheet", None)
    if sheet is None or getattr(scene, "regions", {"sheet": 1}).get("sheet") is None:
        return []
    model = scene._sheet_model() if hasattr(scene, "_sheet_model") else scene.table.sheet()
    inside = [d for d in screen.drawn if sheet.rect.contains(d.box)]
    out = []
    # every row drawn whole, or counted as out of view
    labels = {}
    for d in inside:
        labels.setdefault(d.source, []).append(d)
    view = next((s for s in screen.scrollers if s.name == "sheet"
                 and sheet.rect.contains(s.viewport)), None)

    def whole(d) -> bool:  # its label drawn uncut, and its row not cut by the view's edge
        return not d.cut and (view is None or not view.viewport.colliderect(d.ink)
                              or view.clip.contains(d.box))
    unseen = [r for r in model.rows
              if not any(whole(d) for d in labels.get(r.label, []) + labels.get(r.short, [])
                         if r.label or r.short)]
    counted = sum(int(d.text.split()[0]) for d in inside
                  if d.text.endswith(" more") and d.text.split()[0].isdigit())
    if len(unseen) != counted:
        out.append(f"{len(unseen)} rows out of view ({[r.label for r in unseen][:6]}), "
                   f"{counted} said to be")
    # every player's score
    total = next((r for r in reversed(model.rows) if r.kind == "total"), None)
    if total is not None:
        scores = {what for kind, what, _ in screen.shown if kind == "score"}
        for c, header in enumerate(model.headers):
            if c in model.keep or c >= len(total.cells) or not total.cells[c].text:
                continue
            if (header[0], total.cells[c].text) not in scores:
                out.append(f"{header[0]}'s score {total.cells[c].text} is not in view")
        for kind, what, rect in screen.shown:
            if kind == "score" and not any(d.text.split()[-1:] == [what[1]]
                                           and rect.contains(d.ink) and not d.cut
                                           for d in inside):
                out.append(f"the score {what} is not drawn whole where it is said to be")
    # labels: the short form before "…"; the odds beside them whole
    for r in model.rows:
        if r.note and r.note != "…" and any(d.text != r.note for d in labels.get(r.note, [])):
            out.append(f"the odds {r.note!r} beside {r.label!r} are cut")
        for d in labels.get(r.label, []) + (labels.get(r.short, []) if r.short else []):
            if d.text.endswith("…") and r.short:
                out.append(f"the label {r.label!r} is cut to {d.text!r} though it has the "
                           f"short form {r.short!r}")
    return out


def hidden_problems(screen: Screen) -> list[str]:
    return sign_problems(screen.scrollers, screen.drawn) + sheet_problems(screen) + \
        cut_problems(screen.drawn)


def name_cut(text_: str, source: str, names) -> bool:
    """Whether ``text_`` (drawn for ``source``, or a line of it) ends in '…' inside a
    player's name: the one thing a text may write shorter with '…'."""
    kept = text_[:-1].rstrip()
    at = source.find(kept)
    if at < 0:
        return False
    cut = at + len(kept)
    for name in names:
        start = source.find(name)
        while start >= 0:
            if start < cut < start + len(name):
                return True
            start = source.find(name, start + 1)
    return False


def cut_problems(drawn) -> list[str]:
    """Words cut with '…' (a crowded place takes a compact form, shorter words or two lines
    first); a player's name written shorter is not a problem."""
    names = list(LONG_NAMES) + ["Ada", "Bram", "Cleo", "Dev"]
    return [f"{d.source[:60]!r} cut to {d.text!r}" for d in drawn
            if d.text.endswith("…") and "…" not in d.source
            and not name_cut(d.text, d.source, names)]


def render(app: App, size, what: str, touch_targets: bool = True) -> Screen:
    return Screen(app, size, what).check(touch_targets)


def settle(app: App, n: int = 3) -> None:
    """``n`` frames, the last one drawn (every control in its place for what follows): what
    moves meanwhile runs its course undrawn, as every screen checked here is drawn afresh
    (``render``), not as the loop drew it."""
    if n > 1:
        with undrawn(app):
            frames(app, n - 1)
    frames(app)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_scene_fits_every_screen(game_id, size):
    sweep(game_id, size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_scene_fits_every_screen_with_larger_text(game_id, size):
    """The same with "larger text" on (every text a step up the type scale), and the
    colour-blind palette: the menu, the table at its moments, the pause menu, the
    settings, the rules, the card draw, the results and the standings (the review, the
    records and a replay, drawn with the same widgets, only in the sweep above)."""
    sweep(game_id, size, large=True)


def sweep(game_id: str, size, large: bool = False) -> None:
    info = GAMES[game_id]
    n = players_for(info)
    mid, final_save = positions(game_id)
    final = load(info, final_save)
    app = make_app(size)
    if large:
        app.settings.large_text = app.settings.colour_blind = True
        app.apply_looks()
        assert theme.text_size(16) > 16
    try:
        # The menu: this game chosen, the most seats, every option on (every sub-option).
        app.show("menu", game_id=game_id, seats=long_seats(n))
        menu = app.scene
        for opt in info.options:
            if opt.kind == "bool":
                menu.options[game_id][opt.key] = True
        menu.rebuild()
        settle(app)
        render(app, size, "menu")
        menu.body.scroll(10**6)  # the bottom of a menu that scrolls
        menu._place()
        render(app, size, "menu scrolled down")
        menu.typing = 0
        menu.rebuild()
        render(app, size, "menu while typing a name")
        menu.typing = None
        app.notify("Some settings were damaged and are back to their defaults. " * 2)
        render(app, size, "menu with a message")
        app.toast = None

        # The table: the human to choose, odds on, a hint shown, a banner, the final sheet.
        state = load(info, mid)
        play = app.show("play", info=info, state=state, autosave=False)
        settle(app, 40)
        play.banner = None
        screen = render(app, size, "the table, your turn")
        prompt = play.regions["status"]
        sizes = screen.sizes_of(lambda d: prompt.contains(d.box))
        assert sizes and min(sizes) >= PROMPT_MIN, f"prompt sizes {sizes}"
        sheet = play.regions.get("sheet")
        if sheet is not None:
            numbers = screen.sizes_of(lambda d: sheet.contains(d.box)
                                      and d.text.lstrip("+-").replace(",", "").isdigit())
            assert numbers and min(numbers) >= PROMPT_MIN, f"sheet number sizes {numbers}"
        app.settings.odds = True
        with undrawn(app):  # (the frames waited through: drawn afresh by render)
            for _ in range(200):
                frames(app)
                if play.odds.current() is not None:
                    break
        render(app, size, "the table with the odds")
        play.request_hint()
        made = HINTS.get(game_id)
        if made is not None and play.hint_task is not None:
            # the hint made at another size (over frames, by the table's own task): only its
            # screens differ
            position, _ = play.hint_task
            play.hint_task = (position, Task(at_once(made)))
        with undrawn(app):
            for _ in range(600):
                frames(app)
                if play.current_hint() is not None:
                    break
        assert play.current_hint() is not None
        HINTS.setdefault(game_id, play.current_hint())
        render(app, size, "the table with a hint")
        app.notify("Wait: it is Констанция Щукин's turn (F skips ahead)")
        render(app, size, "the table with a message")
        app.toast = None
        from game.scenes.tables.base import Banner
        everyone = ", ".join(s.name for s in state.seats)
        play.banner = (Banner(f"LAST ROUND! {state.seats[0].name} reached 10,000. Still to "
                              f"play: {everyone}", theme.BEST, big=True), 1.0)
        render(app, size, "the table with the longest banner")
        app.notify("Undone")
        render(app, size, "a banner and a message")
        app.toast, play.banner = None, None
        if "sheet" not in play.regions:
            play.show_pane("history")
            settle(app)
            render(app, size, "the move history tab")
            play.show_pane("sheet")
        app.open("pause", play=play)
        render(app, size, "pause")
        app.scene.settings()
        settings = app.scene
        settings.focus.index = 3  # (the volume: a number, with its arrows)
        render(app, size, "settings")
        app.pop()
        app.scene.ask()
        render(app, size, "quit? question")
        app.pop()
        app.open("rules", info=info)
        app.scene.area.scroll(theme.px(600))
        render(app, size, "rules")
        app.pop()
        if game_id == "pirates":
            draw = app.open("carddraw", play=play)
            render(app, size, "card draw, waiting")
            draw.phase, draw.card, draw.time = "show", "sea_battle_4", 0.0
            render(app, size, "card draw, the card shown")
            app.pop()

        # The finished game.
        play = app.show("play", info=info, state=final, autosave=False)
        settle(app, 5)
        play.banner, play.pending = None, []
        render(app, size, "the final sheet")
        app.show("results", info=info, state=final,
                 news={0: ["best score yet (was 1,234)", "top of the high scores"]})
        settle(app)
        render(app, size, "results")
        app.scene.time = 100  # the confetti has fallen
        if any(o.key == "session" for o in info.options):
            from game.rules.session import Session
            session = Session(GAMES[game_id], final.seats, {}, 2, seed=3)
            while not session.current.is_over():
                state = session.current
                state.apply(make_policy(info.bot_module, "easy", seed=1).choose(state))
            app.show("session", info=info, session=session)
            render(app, size, "session standings")
        if large:
            return
        app.show("confirm", title="Replace the saved game?", text="x " * 60, yes="Yes",
                 on_yes=lambda: None)
        render(app, size, "a question")
        for seat in final.seats:  # the long names in the records and high scores
            seat.bot = None
        app.record_game(game_id, final)
        app.show("records", game_id=game_id)
        render(app, size, "records")
        app.scene.show(len(app.scene.game_ids))
        with undrawn(app):
            for _ in range(100):
                frames(app)
                if app.scene.recent is not None:
                    break
        render(app, size, "recent games")
        review = app.show("review", info=info, state=final, seats=list(range(n)))
        render(app, size, "review in progress")
        made = REVIEWS.get(game_id)
        if made is not None:  # the same game's review, made at another size: only its
            review.task = Task(at_once(made))  # screens differ (and the first size's
            # review was made over frames by the scene's own task, as here)
        with undrawn(app):
            for _ in range(5000):
                frames(app)
                if review.review is not None:
                    break
        assert review.review is not None
        REVIEWS.setdefault(game_id, review.review)
        render(app, size, "review")
        review.show_tab(n - 1)
        review.move_cursor(10**6)
        render(app, size, "review, the last page")
        review.show_tab(0)
        if review.rows():
            review.open(0)
            settle(app)
            render(app, size, "replay at a reviewed moment")
    finally:
        pygame.quit()
        theme.use_palette("standard")
        theme.set_large_text(False)


@functools.cache
def two_player_positions(game_id: str):
    """(a position where the human in seat 0 has rolled, the finished game) of two
    players with long names, played by bots from a fixed seed."""
    info = GAMES[game_id]
    seats = long_seats(2)
    options = {"target": 2000} if game_id in ("farkle", "pirates") else {}
    state = info.new_game(seats, options, seed=12)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(2)}
    mid = None
    while not state.is_over():
        if mid is None and state.current == 0 and state.turns_played >= 2 and (
                getattr(state, "rolls", 0) or getattr(state, "rolled", False)):
            mid = state.save()
        state.apply(bots[state.current].choose(state))
    return mid, state.save()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_two_players_sheets_fit_every_screen(game_id, size):
    """The sheets of two players (the table with the odds on, the final sheet, the
    results): the same checks, nothing hidden without a sign included."""
    info = GAMES[game_id]
    mid, final = two_player_positions(game_id)
    app = make_app(size)
    try:
        app.settings.odds = True
        play = app.show("play", info=info, state=load(info, mid), autosave=False)
        with undrawn(app):
            for _ in range(240):
                frames(app)
                if play.odds.current() is not None and not play.busy:
                    break
        play.banner = None
        render(app, size, "two players: the table with the odds")
        play = app.show("play", info=info, state=load(info, final), autosave=False)
        settle(app, 5)
        play.banner, play.pending = None, []
        render(app, size, "two players: the final sheet")
        app.show("results", info=info, state=load(info, final))
        settle(app)
        app.scene.time = 100
        render(app, size, "two players: results")
    finally:
        pygame.quit()
