"""Drawing the table at the real size costs pixels: what the frame does not fill twice must
still be drawn whole. The background is filled around the score sheet's band (the sheet
paints every pixel between its rounded corners): a table drawn over a screen of garbage
leaves none of it, at every size, with the odds beside the sheet and without."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.ui import hands
from tests.frame_sampling import Sampled, same_pixels
from tests.test_ui_screens import SIZE_IDS, SIZES, long_seats, make_app

GARBAGE = (1, 254, 3)  # a colour the game never draws


@contextmanager
def drawn_afresh(table) -> Iterator[None]:
    """Draws inside are whole and afresh (as when a test reads what is drawn: nothing kept
    or left late), and leave the table's record of what the screen shows as it was: the
    game goes on from its own pixels. (Any recording makes the draw afresh; the controls'
    is the cheapest: the texts' would measure every text's ink, which no check here reads.)"""
    from game.ui import probe
    own = (table._screen_mine, table._drawn_view, table._sheet_shown, table._sheet_late)
    try:
        with probe.record():
            yield
    finally:
        table._screen_mine, table._drawn_view, table._sheet_shown, table._sheet_late = own


def stale_parts(table, screen: pygame.Surface) -> list[pygame.Rect]:
    """Where the parts a frame left owed to the next (``Frames._parts_late``, SPREAD) were
    and are: the screen may show them as they were until the next frame."""
    frames = table.frames
    if not frames._parts_late:
        return []
    now, shown = frames.parts(screen), frames._parts_shown
    return [area for name in now if now[name] != shown[name]
            for area in (now[name][1], shown[name][1])]


def table_redrawn(table, screen: pygame.Surface, into: pygame.Surface | None = None
                  ) -> pygame.Surface:
    """What a whole redraw of the table gives, on a copy of ``screen`` (made on ``into``,
    a surface of its size and format that an earlier call returned, when given: a frame's
    copy without a new surface each frame)."""
    if into is None or into.get_size() != screen.get_size():
        fresh = screen.copy()
    else:
        fresh = into
        fresh.blit(screen, (0, 0))
    with drawn_afresh(table):
        table.draw(fresh)
    return fresh


def changes(app, play) -> tuple:
    """What changed from one frame to the next, in short (``Sampled``'s key): what the table
    shows (the game, a scroll, a page, the hand...), the window, and the moments that
    start or end."""
    effects = play.effects
    return (play._view_key, app.screen.get_size(), hands.mode(), len(app.visible_scenes()),
            app.toast is not None,
            tuple(e.name or type(e).__name__ for e in effects.items), tuple(effects.started),
            play.animator.busy, play.burst.busy, play.flourish.busy, bool(play.slides),
            play.card_flip > 0, play.table.animating(), play.tray.stale)


def garbage_left(app) -> int:
    screen = app.screen
    app.scene.sheet._picture_key = None  # drawn afresh (as when it changed), not its picture
    screen.fill(GARBAGE)
    app.scene.draw(screen)
    mask = pygame.mask.from_threshold(screen, GARBAGE, (1, 1, 1, 255))
    return mask.count()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_table_leaves_nothing_of_the_last_frame(game_id, size):
    app = make_app(size)
    try:
        info = GAMES[game_id]
        seats = long_seats(min(4, info.max_players) if info.takes(4) else 2)
        state = info.new_game(seats, seed=7)
        bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(len(seats))}
        for _ in range(8):
            state.apply(bots[state.current].choose(state))
        play = app.show("play", info=info, state=state, autosave=False)
        for _ in range(5):
            app.step(1 / 60)
        assert garbage_left(app) == 0
        play.odds.toggle()  # the odds beside the sheet (where the game has them)
        for _ in range(5):
            app.step(1 / 60)
        assert garbage_left(app) == 0
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720, 1, False), (390, 844, 2, True)],
                         ids=["1280x720", "390x844r2-touch"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_sheet_and_a_frame_of_the_tray_alone_are_a_whole_redraw(game_id, size):
    """Bots play a whole game at the fast pace (the most changes a second), the sheet
    scrolls and pages as play does; every frame the loop draws is checked against what a
    whole redraw gives (one redraw for both checks):

    * **The score sheet.** A frame that changes much leaves the sheet to the next one, and
      a frame that does not change it keeps what the screen shows: the sheet on screen
      must be the sheet a whole redraw gives, or, in the one frame it is late, the next
      frame must bring it.
    * **A frame that draws only the tray, or only what changed.** While dice tumble the
      loop draws the tray alone (its empty felt copied from a picture, the dice over it,
      all cut at the tray's edge), and after a move only the parts that changed
      (``draw_changed``): after every such frame the whole screen must be what a whole
      redraw gives (no corner of a turned die left outside the tray, no felt of another
      size, no part left as it was before the move; a sheet such a frame leaves late is
      the sheet's check, above). As in the page (``App.spread_parts``), a frame after a
      move draws the tray and one more part, the others owed to the next frames (at most
      two running), then the sheet: where owed parts are is looked at once they come.

    (A whole redraw costs: the frames looked at are those that change something, the two
    after, and every fourth: what a frame leaves stale stays until a whole redraw.) The
    two checks shared one play-through since the tray's had a game of its own (two bots,
    600 frames): the tray's frames are now those of the sheet's game, four players where
    the game takes four."""
    app = make_app(size)
    try:
        info = GAMES[game_id]
        n = 4 if info.takes(4) else 2
        seats = [s.__class__(s.name, "normal") for s in long_seats(n)]
        play = app.show("play", info=info, state=info.new_game(seats, seed=5), autosave=False)
        app.settings.bot_speed = "fast"
        app.spread_parts = True  # (as in the page: parts after a change owed to the next frames)
        late = kept = partial = owed = 0
        late_at = None  # (the frame drawn last with the sheet late)
        owed_at, owed_run = None, 0  # (the frame drawn last with parts owed; how many running)
        look = Sampled()
        fresh = None  # (the last redraw's surface: the next is made on it)
        for _ in range(1500):
            before, partial_before = app.drawn_frames, app.partial_frames
            app.step(1 / 60)
            if app.scene is not play or len(app.visible_scenes()) != 1 or play.state.is_over():
                if play.state.is_over():
                    break
                continue
            if app.drawn_frames == before:
                continue
            tray_alone = app.partial_frames != partial_before
            partial += tray_alone
            sheet, late_now = "sheet" in play.regions, play._sheet_late
            owing = play.frames._parts_late
            if owing:  # parts owed (table_frames.PARTS_A_FRAME): the next frames bring them
                owed += 1
                owed_run = owed_run + 1 if owed_at == app.drawn_frames - 1 else 1
                owed_at = app.drawn_frames
                assert owed_run <= 2, f"frame {app.frame}: parts owed {owed_run} frames running"
            if sheet and late_now:
                # (late two frames running only after parts were owed: they come first; or
                # when the first painted part of it: the sheet's ``spread``,
                # test_a_sheet_painted_over_two_frames_is_whole_after_them)
                assert late_at != app.drawn_frames - 1 or owed_at in (
                    app.drawn_frames, app.drawn_frames - 1) or play.sheet.unfinished, \
                    f"frame {app.frame}: the sheet late two frames running"
                late += 1
                late_at = app.drawn_frames
                if not tray_alone:
                    continue  # (the next frame draws it)
            elif not (sheet or tray_alone):
                continue
            elif sheet and play._screen_mine == app.drawn_frames - 1 and \
                    play._sheet_shown is not None:
                kept += 1
            if not look(changes(app, play)):
                continue
            fresh = table_redrawn(play, app.screen, fresh)
            if tray_alone:
                shown = app.screen
                if late_now or owing:  # (the sheet or parts left to the next frames: their
                    # checks, above)
                    shown = shown.copy()
                    stale = ([play.sheet.rect] if late_now else []) + \
                        stale_parts(play, app.screen)
                    for picture in (shown, fresh):
                        for area in stale:
                            picture.fill(GARBAGE, area)
                assert same_pixels(shown, fresh), \
                    f"frame {app.frame}: the tray drawn alone is not the whole frame"
            else:
                area = play.sheet.rect.clip(app.screen.get_rect())
                assert same_pixels(app.screen, fresh, area), \
                    f"frame {app.frame}: a stale sheet"
        assert late > 0 and kept > 0 and partial > 100 and owed > 0, (late, kept, partial, owed)
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", ["yatzy", "grab_it"])
def test_a_sheet_painted_over_frames_is_whole_after_them(game_id):
    """On a phone, a sheet left late after a move that changes much of it (the turn
    passing lights one column and unlights another) is painted over a few frames
    (``ScoreSheet.draw``'s ``spread``), ``SPREAD_A_DRAW`` changed elements in each, top
    first: each leaves fewer for the next, none is skipped (a frame that draws other parts
    that changed may leave it once), and once it is not late the sheet is what a whole
    redraw gives, and so is every other frame's sheet that is not late (those are sampled).
    As in the page, the other parts after a change come first (``App.spread_parts``)."""
    app = make_app((390, 844, 2, True))
    try:
        info = GAMES[game_id]
        seats = [s.__class__(s.name, "normal") for s in long_seats(2)]
        play = app.show("play", info=info, state=info.new_game(seats, seed=2), autosave=False)
        app.settings.bot_speed = "normal"
        app.spread_parts = True  # (as in the page: the parts after a change come first)
        spread = checked = longest = 0
        serial, spread_at, after_spread = play.sheet._serial, None, False
        left = run = 0  # (elements left by the last draw in part; such draws in a row)
        look = Sampled()
        fresh = None
        for _ in range(2400):
            before = app.drawn_frames
            app.step(1 / 60)
            if app.scene is not play or play.state.is_over():
                break
            if app.drawn_frames == before or len(app.visible_scenes()) != 1:
                continue
            key = changes(app, play)
            if play.sheet._serial != serial:  # (painted in part in this frame)
                serial = play.sheet._serial
                assert play._sheet_late, f"frame {app.frame}: painted in part, not late"
                now = len(play.sheet._deferred)
                if spread_at is not None and app.drawn_frames - spread_at <= 2 and left:
                    # (the same sheet's next draw: fewer left; SPREAD_A_DRAW fewer, but
                    # where a column widened, what lies where cells were goes with its row)
                    assert now < left, f"frame {app.frame}: {now} left of {left}"
                    run += 1
                else:
                    run = 1
                longest = max(longest, run)
                spread_at, after_spread, left = app.drawn_frames, True, now
                spread += 1
                look(key)
                continue
            if play._sheet_late:
                # (painted in part: the rest comes alone the next frame, or the one after
                # when the next draws other parts that changed: ``sheet_mode``)
                assert not play.sheet.unfinished or app.drawn_frames - spread_at <= 2, \
                    f"frame {app.frame}: a sheet painted in part left late too long"
                look(key)
                continue
            left = 0
            if not look(key) and not after_spread:
                continue
            fresh = table_redrawn(play, app.screen, fresh)
            area = play.sheet.rect.clip(app.screen.get_rect())
            assert same_pixels(app.screen, fresh, area), f"frame {app.frame}: a stale sheet"
            checked += after_spread
            after_spread = False
        # (the turn passing changes 15-30 elements: three draws or more)
        assert spread >= 4 and longest >= 3 and checked >= 2, (spread, longest, checked)
    finally:
        pygame.quit()
