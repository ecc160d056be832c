"""Nothing hidden without a sign: every scrollable region of every scene -- the score sheet
at the table, in a replay and on the results, the move history, the rules, the menu, the
records (players, high scores, recent games) and the review -- moves by the wheel, by keys
and by a drag (a finger), and every row of it can be brought into view; a drag chooses
nothing. What each region draws is read from ``probe.record_scrollers`` (its view, its
content's height, how far it is scrolled, the rows it drew), as the screens test reads its
signs at every size (tests/test_ui_screens.py)."""

from __future__ import annotations

import functools

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.ui import probe, text
from tests import test_ui_screens as screens
from tests.ui_driver import frames, key

DESKTOP = (1280, 720, 1, False)
PHONE = (390, 844, 3, True)


def regions(app) -> dict:
    """The scrolling regions the app draws now, by name."""
    app.invalidate()
    with probe.record_scrollers() as found, text.record():
        app.draw()
    return {s.name: s for s in found}


def region(app, name: str):
    found = regions(app)
    assert name in found, f"no {name!r} region drawn: {sorted(found)}"
    return found[name]


def post(*events) -> None:
    for event in events:
        pygame.event.post(event)


def wheel(app, pos, dy: int) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False))
    frames(app, 2)


def drag(app, start, end) -> None:
    """A finger put down at ``start``, moved to ``end`` in steps, lifted there."""
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    steps = 6
    for k in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * k // steps,
               start[1] + (end[1] - start[1]) * k // steps)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def check_region(app, name: str, reset, step_key: int, down: int = 1, untouched=None) -> None:
    """``name`` scrolls: the wheel, ``step_key`` and a drag each move it from where
    ``reset`` puts it (``down`` -1: a region whose start is its bottom, the history), a drag
    leaves ``untouched()`` as it was, and the wheel, a notch at a time from the start,
    brings every row of it whole into view (its rows' spans, in the content's own
    coordinates, cover it all) and reaches its end."""
    reset()
    start = region(app, name)
    assert start.scrolls, f"the {name} region fits: nothing to check here"
    centre = start.viewport.center
    wheel(app, centre, -down)
    assert region(app, name).offset != start.offset, f"the wheel does not move the {name}"
    reset()
    key(step_key)
    frames(app, 2)
    assert region(app, name).offset != start.offset, f"the key does not move the {name}"
    if untouched and step_key in (pygame.K_END, pygame.K_DOWN):
        key(pygame.K_HOME)
        frames(app, 2)
        assert region(app, name).offset == 0, f"Home does not take the {name} back"
    reset()
    before = untouched() if untouched else None
    lift = start.viewport.h // 3
    drag(app, (centre[0], centre[1] + down * lift // 2), (centre[0], centre[1] - down * lift // 2))
    assert region(app, name).offset != start.offset, f"a drag does not move the {name}"
    if untouched:
        assert untouched() == before, f"a drag of the {name} chose something"
    reset()
    seen, whole, offsets = set(), set(), []
    for _ in range(400):
        now = region(app, name)
        for r in now.items:
            span = (r.top - now.viewport.y + now.offset, r.bottom - now.viewport.y + now.offset)
            seen.add(span)
            if now.clip.contains(r):
                whole.add(span)
        if offsets and offsets[-1] == now.offset:
            break
        if offsets:
            assert abs(now.offset - offsets[-1]) < now.clip.h, \
                f"a notch of the wheel skipped rows of the {name}"
        offsets.append(now.offset)
        wheel(app, now.viewport.center, -down)
    last = region(app, name)
    assert seen - whole == set(), \
        f"rows of the {name} never came whole into view: {sorted(seen - whole)[:6]}"
    assert offsets[0] == start.offset and len(offsets) > 1
    if down > 0:
        assert last.offset + last.viewport.h >= last.content_h, \
            f"the {name} stops before its end"
        assert last.signs == ("above",), f"at its end the {name} signs {last.signs}"
    else:
        assert last.offset == 0 and last.signs == ("below",), \
            f"the {name} stops before its start"


def make(size):
    return screens.make_app(size)


@functools.cache
def long_race(game_id: str) -> dict:
    """A whole race game at its own target (10,000 in Farkle) with the most players and
    the longest names, played by bots: many turns on its sheet."""
    info = GAMES[game_id]
    n = info.max_players
    state = info.new_game(screens.long_seats(n, humans=0), {}, seed=5)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(n)}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    return state.save()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_sheet_at_the_table_scrolls_by_wheel_keys_and_a_finger(game_id):
    """On a phone, at the human's turn (a drag over the boxes fills none), or for the two
    race games the final sheet with every turn of the game (Farkle's turns 1-12 were out of
    reach): End, the wheel and a drag move the rows, Home takes them back."""
    info = GAMES[game_id]
    mid, final = screens.positions(game_id)
    race = game_id in ("farkle", "pirates")
    app = make(PHONE)
    try:
        state = screens.load(info, long_race(game_id) if race else mid)
        play = app.show("play", info=info, state=state, autosave=False)
        frames(app, 40)
        play.banner, play.pending = None, []
        play.show_pane("sheet")
        moves = len(play.state.actions)

        def reset():
            play.sheet.scroll.offset = 0
            frames(app)

        check_region(app, "sheet", reset, pygame.K_END,
                     untouched=lambda: (len(play.state.actions), app.scene is play))
        assert len(play.state.actions) == moves
        reset()
        key(pygame.K_END)
        frames(app, 2)
        assert region(app, "sheet").signs == ("above",)
        key(pygame.K_HOME)
        frames(app, 2)
        assert region(app, "sheet").offset == 0
    finally:
        pygame.quit()


def test_farkle_shows_every_turn_of_the_game():
    """Every turn is on the sheet (not the last nine), the newest first."""
    info = GAMES["farkle"]
    final = screens.load(info, long_race("farkle"))
    app = make(DESKTOP)
    try:
        play = app.show("play", info=info, state=final, autosave=False)
        frames(app, 5)
        labels = [r.label for r in play.table.sheet().rows if r.label.startswith("Turn ")]
        played = max(final.turns_taken(i) for i in range(len(final.seats)))
        assert played > 9 and labels == [f"Turn {t}" for t in range(played, 0, -1)]
    finally:
        pygame.quit()


def test_the_results_sheet_and_a_replay_sheet_scroll():
    info = GAMES["yatzy"]
    final = screens.load(info, screens.positions("yatzy")[1])
    app = make(DESKTOP)
    try:
        results = app.show("results", info=info, state=final)
        frames(app)

        def reset():
            results.sheet.scroll.offset = 0
            frames(app)
        check_region(app, "sheet", reset, pygame.K_PAGEDOWN,
                     untouched=lambda: app.scene is results)
        pygame.quit()
        app = make(PHONE)
        replay = app.show("replay", info=info, final=final)
        replay.paused = True
        frames(app, 5)

        def reset_replay():
            replay.sheet.scroll.offset = 0
            frames(app)
        check_region(app, "sheet", reset_replay, pygame.K_DOWN,
                     untouched=lambda: (replay.step_index, app.scene is replay))
    finally:
        pygame.quit()


def test_the_move_history_scrolls():
    info = GAMES["farkle"]
    final = screens.load(info, screens.positions("farkle")[1])
    app = make(DESKTOP)
    try:
        play = app.show("play", info=info, state=final, autosave=False)
        frames(app, 5)

        def reset():
            play.history.offset = 0  # the newest lines: it starts at its bottom
            frames(app)
        check_region(app, "history", reset, pygame.K_PAGEUP, down=-1,
                     untouched=lambda: len(play.state.actions))
    finally:
        pygame.quit()


def test_the_rules_and_the_menu_scroll():
    app = make(PHONE)
    try:
        menu = app.show("menu", game_id="farkle", seats=screens.long_seats(8))
        frames(app, 2)

        def reset_menu():
            menu.body.offset = 0
            menu._place()
            frames(app)
        check_region(app, "menu", reset_menu, pygame.K_PAGEDOWN,
                     untouched=lambda: (app.scene is menu, len(menu.seats)))
        rules = app.open("rules", info=GAMES["pirates"])
        frames(app, 2)

        def reset_rules():
            rules.area.offset = 0
            frames(app)
        check_region(app, "rules", reset_rules, pygame.K_DOWN)
    finally:
        pygame.quit()


def test_the_records_lists_scroll():
    """Sixteen players and ten high scores on a phone: both lists scroll (none is cut to
    "and 4 more"); ten recent games too, their Review buttons pressed only by a tap."""
    info = GAMES["yatzy"]
    app = make(PHONE)
    try:
        for k in range(3):
            final = screens.load(info, screens.positions("yatzy")[1])
            for i in range(len(final.seats)):
                final.seats[i] = Seat(f"Player {k * 6 + i + 1}", None)
            app.record_game("yatzy", final)
        for _ in range(7):
            app.record_game("yatzy", final)
        records = app.show("records", game_id="yatzy")
        frames(app, 2)
        assert len(records.records.table("yatzy")) == 18

        for name in ("players", "high scores"):
            def reset(name=name):
                records.areas[name].offset = 0
                frames(app)
            check_region(app, name, reset, pygame.K_PAGEDOWN,
                         untouched=lambda: app.scene is records)
        records.show(len(records.game_ids))
        for _ in range(200):
            frames(app)
            if records.recent is not None:
                break
        assert len(records.recent) == 10

        def reset_recent():
            records.areas["recent"].offset = 0
            records._place()
            frames(app)
        check_region(app, "recent", reset_recent, pygame.K_PAGEDOWN,
                     untouched=lambda: app.scene is records)
        # the last game's Review, reached by scrolling, opens its review with a tap
        key(pygame.K_END)
        frames(app, 2)
        review = next(b for b in records.focus.buttons if b.ident == "review9")
        assert records.areas["recent"].viewport.contains(review.rect)
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=review.rect.center, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=review.rect.center, button=1))
        frames(app, 2)
        assert type(app.scene).__name__ == "ReviewScene"
    finally:
        pygame.quit()


def test_the_review_list_scrolls():
    info = GAMES["yatzy"]
    final = screens.load(info, screens.positions("yatzy")[1])
    app = make(DESKTOP)
    try:
        review = app.show("review", info=info, state=final, seats=[0])
        for _ in range(5000):
            frames(app)
            if review.review is not None:
                break

        def reset():
            review.top = review.cursor = 0
            frames(app)
        check_region(app, "review", reset, pygame.K_PAGEDOWN,
                     untouched=lambda: app.scene is review)
    finally:
        pygame.quit()
